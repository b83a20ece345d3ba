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
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("hilo check: by site: ")
    for name in sites:
        assert f"{histories.reader(name).title} " in last
    # The counts per site add up to the records written.
    counted = sum(
        int(n.replace(",", ""))
        for n in re.findall(r"(\d[\d,]*) (?:OK|MISMATCH|NOT CHECKABLE|bad)", last)
    )
    assert counted == len(rows)
