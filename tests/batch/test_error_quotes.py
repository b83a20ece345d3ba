"""An error line quotes a couple of hundred characters of the input, never the whole of it (issue 16,
defect 9).

A bad line of 20,000 characters, or a JSON field of a megabyte, was echoed whole on stderr and in the
JSON and CSV error records. Each reader quotes with ``bounds.short``; under them all, every error message
hilo writes (check, batch, the top-level handler, JSON and CSV error records) is cut to a few hundred
characters with the cut marked (``safe.error_line``, ``safe.capped``). A huge name that is not an error
is data: it is written whole, and reading hilo's own CSV back never fails on it.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from conftest import TEST_DATA, run

from hilo_cli.formats import safe

DATA = TEST_DATA
LONGEST = 1_000  # no line of stderr, and no error record, is longer


def longest(text: str) -> int:
    return max((len(line) for line in text.split("\n")), default=0)


def bad_inputs(tmp_path: Path) -> dict[str, tuple[str, Path]]:
    """Each kind of input with one huge bad line or field: the command that reads it, and the file."""
    batch_text = tmp_path / "deals.txt"
    batch_text.write_text(
        "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200 | " + "x" * 20_000 + "\n"
    )
    batch_json = tmp_path / "deals.jsonl"
    batch_json.write_text(
        json.dumps(
            {
                "id": "r1",
                "board": "Ac 3d 6h Ks Kd " + "Z" * 1_000_000,
                "pot": 1200,
                "players": [
                    {"name": "A", "hole": "2c 4d Qc Jd"},
                    {"name": "B", "hole": "Kh Kc 2h 4s"},
                ],
            }
        )
        + "\n"
    )
    stars = tmp_path / "stars.txt"
    stars.write_text(
        (DATA / "pokerstars" / "quartered.txt")
        .read_text()
        # An amount in it ("$5"), so that the line hilo does not know is an error (issue 28).
        .replace("Ben: folds", "Ben: folds $5 " + "y" * 20_000)
    )
    phh = tmp_path / "hand.phh"
    phh.write_text(
        (DATA / "phh" / "quartered.phh")
        .read_text()
        .replace("'p3 cc', 'p1 cc', 'p2 cc',", "'p3 cc', 'p1 cc', 'p2 cc" + "w" * 20_000 + "',", 1)
    )
    return {
        "batch text": ("batch", batch_text),
        "batch json": ("batch", batch_json),
        "pokerstars": ("check", stars),
        "phh": ("check", phh),
    }


KINDS = ["batch text", "batch json", "pokerstars", "phh"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_an_error_line_quotes_a_few_hundred_characters_marked_as_cut(
    tmp_path: Path, kind: str, fmt: str
) -> None:
    command, path = bad_inputs(tmp_path)[kind]
    result = run([command, "--format", fmt, str(path)])
    assert result.exit_code == 2, result.stderr[:2_000]
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"{path}:") and "cut" in line
    assert len(line) < LONGEST and longest(result.stdout) < LONGEST
    if fmt == "json":
        (record,) = [json.loads(x) for x in result.stdout.splitlines() if '"error"' in x]
        assert "cut" in record["error"] and len(record["error"]) <= safe.ERROR_LIMIT + 40
    if fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(result.stdout)))
        assert any("cut" in row["error"] for row in rows)


def test_the_top_level_error_line_is_cut(tmp_path: Path) -> None:
    huge = "Ac 7d Q" + "x" * 20_000
    for args in (
        [
            "equity",
            "A=As 2s 3d Kh",
            "B=Kd Kc Qs Jh",
            "--pot",
            "100",
            "--board",
            "Ac",
            "--board",
            huge,
        ],
        ["showdown", "--board", huge, "A=2c 4d Qc Jd", "B=Kh Kc 2h 4s", "--pot", "1200"],
    ):
        result = run(list(args))
        assert result.exit_code == 2
        (line,) = result.stderr.splitlines()
        assert line.startswith("hilo: error: ") and "cut" in line and len(line) < LONGEST, line[
            :300
        ]


def test_a_huge_record_id_is_quoted_short_in_an_error_record(tmp_path: Path) -> None:
    deals = tmp_path / "deals.jsonl"
    deals.write_text(
        json.dumps(
            {
                "id": "i" * 1_000_000,
                "board": "Ac 3d 6h Ks Kd",
                "pot": -5,
                "players": [{"name": "A", "hole": "2c 4d Qc Jd"}],
            }
        )
        + "\n"
    )
    for fmt in ("json", "csv"):
        result = run(["batch", "--format", fmt, str(deals)])
        assert (
            result.exit_code == 2
            and longest(result.stdout) < LONGEST
            and longest(result.stderr) < LONGEST
        )


@pytest.mark.parametrize("message", ["x" * 20_000, "\u202e" * 20_000, "a\n" * 10_000, "ok" * 100])
def test_error_line_is_escaped_and_at_most_the_limit_before_the_mark(message: str) -> None:
    line = safe.error_line(message)
    kept, _, mark = line.partition("... [cut: ")
    assert "\n" not in line and "\u202e" not in line
    if len(message) <= 200:
        assert line == message
    else:
        assert mark == f"{len(message):,} characters]" and 0 < len(kept) <= safe.ERROR_LIMIT


def test_a_huge_name_is_data_written_whole_in_csv(tmp_path: Path) -> None:
    """More than the csv module reads in one field by default (128 KiB): hilo reads its own rows back."""
    name = "N" * 200_000
    deals = tmp_path / "deals.jsonl"
    deals.write_text(
        json.dumps(
            {
                "board": "Ac 3d 6h Ks Kd",
                "pot": 1200,
                "players": [
                    {"name": name, "hole": "2c 4d Qc Jd"},
                    {"name": "B", "hole": "Kh Kc 2h 4s"},
                ],
            }
        )
        + "\n"
    )
    hand = tmp_path / "hand.phh"
    hand.write_text((DATA / "phh" / "quartered.phh").read_text().replace("'Ann'", f"'{name}'"))
    for command, path in (("batch", deals), ("check", hand)):
        result = run([command, "--format", "csv", str(path)])
        assert result.exit_code == 0, result.output[-2_000:]
        header, *rows = result.stdout.splitlines()
        assert header.startswith("source,id,") and len(rows) == 3 - (command == "batch")
        assert [row.split(",")[4] for row in rows][:1] == [name]
