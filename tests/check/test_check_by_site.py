"""``hilo check FOLDER`` on a folder mixing every site's files: each file read by its own reader, and the
closing summary (``--summary``) counts the verdicts per site (issue 18). The project's own files only."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

from click.testing import CliRunner
from conftest import TEST_DATA

from hilo_cli import histories
from hilo_cli.cli import main

DATA = TEST_DATA


def test_a_folder_of_every_site_is_read_file_by_file_and_summed_per_site(tmp_path: Path) -> None:
    sites = {name: DATA / name for name in histories.input_formats() if (DATA / name).is_dir()}
    assert {"pokerstars", "phh", "winamax", "bovada"} <= set(sites)
    expected: Counter[str] = Counter()
    for name, folder in sites.items():
        for path in sorted(folder.iterdir()):
            if path.suffix in histories.reader(name).suffixes:
                shutil.copy(path, tmp_path / f"{name}-{path.name}")
                expected[name] += 1
    result = CliRunner().invoke(main, ["check", "--format", "json", "--summary", str(tmp_path)])
    assert result.exit_code in (1, 2), result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    # Every file was read by its own site's reader: its hands come out under its name.
    read_by = {row["source"].rsplit("/", 1)[1].split("-", 1)[0] for row in rows}
    assert read_by == set(sites)
    assert "not a hand history hilo reads" not in result.stderr
    # The closing summary: each verdict's count, then a table of them per site (issue 30), which is
    # what the JSON rows say, file by file (a file's name starts with its site).
    table, kinds = summary_table(result.stderr)
    titles = {name: histories.reader(name).title for name in sites}
    found: dict[str, Counter[str]] = {}
    kinds_found: dict[str, Counter[str]] = {}
    for row in rows:
        title = titles[row["source"].rsplit("/", 1)[1].split("-", 1)[0]]
        if "error" in row and row["line"] == 0:
            title = "no reader"  # the file as a whole: no reader read it
        verdict = row["check"]["verdict"] if "check" in row else "bad"
        found.setdefault(title, Counter())[verdict] += 1
        kind = row["check"]["kind"] if "check" in row else None
        kinds_found.setdefault(title, Counter())[kind] += 1
    assert table == {t: {w: c[w] for w in WORDS} for t, c in found.items()}
    assert set(table) >= set(titles.values())
    # Issue 28: each kind of difference counted apart, per site, as the JSON rows' check.kind says.
    assert kinds == {t: {k: c[k] for k in KINDS} for t, c in kinds_found.items()}
    assert sum(kinds[t]["payout"] for t in kinds) > 0 and sum(kinds[t]["site"] for t in kinds) > 0
    first = next(line for line in result.stderr.splitlines() if line.startswith("hilo check: "))
    files = sum(expected.values())
    assert first.startswith(f"hilo check: {len(rows):,} hands from {files} files in "), first
    totals = ", ".join(f"{sum(c[w] for c in found.values()):,} {w}" for w in WORDS)
    assert first.endswith(totals), first


WORDS = ("OK", "MISMATCH", "NOT CHECKABLE", "bad")
KINDS = ("odd-chips", "payout", "site")


def summary_table(stderr: str) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
    """The closing summary's table: each site's title and its count of each verdict; and its last lines
    (issue 28), each kind of difference counted for each site where anything differed."""
    lines = stderr.rstrip("\n").splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("  by site "))
    assert re.fullmatch(r"  by site +OK +MISMATCH +NOT CHECKABLE +bad", lines[heading])
    table: dict[str, dict[str, int]] = {}
    at = heading + 1
    while at < len(lines) and not lines[at].startswith("  differing from RULES.md: "):
        found = re.fullmatch(r"  (\S.*?) +([\d,]+) +([\d,]+) +([\d,]+) +([\d,]+)", lines[at])
        assert found, lines[at]
        counts = [int(n.replace(",", "")) for n in found.groups()[1:]]
        table[found.group(1)] = dict(zip(WORDS, counts, strict=True))
        at += 1
    kinds = {title: dict.fromkeys(KINDS, 0) for title in table}
    for line in lines[at + 1 :]:
        found = re.fullmatch(
            r"    (\S.*?)  +(\d.*?)( \(\d+ OK: a site's own odd-chip practice\))?", line
        )
        assert found, line
        for part in found.group(2).split(", "):
            number, words = part.split(" ", 1)
            kinds[found.group(1)][WORDS_KINDS[words]] = int(number.replace(",", ""))
    return table, kinds


WORDS_KINDS = {"odd chips only": "odd-chips", "payout": "payout", "site's own lines": "site"}
