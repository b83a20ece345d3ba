"""CSV of several-board deals (issue 9): the per-board columns in the header whenever rows carry them."""

from __future__ import annotations

import csv
import io
import json

from click.testing import CliRunner

from hilo_cli.cli import main
from hilo_cli.formats.csv_out import BOARD_COLUMNS, COLUMNS

TWICE = {"boards": ["7h 5d 3s 7s Ts", "7h 5d 3s 2s 4h"], "game": "courchevel8", "pot": 16300,
         "players": [{"name": "A", "hole": "As 4c 2d Kd Jh"}, {"name": "B", "hole": "Ad 7c 7d 6s 3c"}]}
ONCE = {"board": "Ac 3d 6h Ks Kd", "pot": 1200, "expected": {"A": 400, "B": 800},
        "players": [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}]}


def rows(*records: dict[str, object], jobs: str = "1") -> list[dict[str, str]]:
    stdin = "".join(json.dumps(r) + "\n" for r in records)
    result = CliRunner().invoke(main, ["batch", "--format", "csv", "--jobs", jobs, "-"], input=stdin)
    table = list(csv.reader(io.StringIO(result.stdout)))
    assert all(len(row) == len(table[0]) for row in table), "every row has the header's columns"
    return [dict(zip(table[0], row, strict=True)) for row in table[1:]]


def test_a_batch_whose_first_deal_has_two_boards_has_the_board_columns_on_every_row() -> None:
    got = rows(TWICE, ONCE)
    assert list(got[0]) == [*COLUMNS, *BOARD_COLUMNS]
    assert [r["board_won"] for r in got] == ["4075 | 2038", "4075 | 6112", "", ""]
    assert [r["difference"] for r in got[2:]] == ["-100", "100"]  # numbers stay numbers when widened


def test_jobs_2_widens_the_same_way() -> None:
    assert rows(TWICE, ONCE, ONCE, jobs="2") == rows(TWICE, ONCE, ONCE)


def test_a_single_board_batch_keeps_todays_columns() -> None:
    assert list(rows(ONCE)[0]) == list(COLUMNS)


def test_showdown_csv_with_two_boards() -> None:
    result = CliRunner().invoke(main, ["showdown", "--board", "7h 5d 3s 7s Ts", "--board", "7h 5d 3s 2s 4h",
                                       "--game", "courchevel8", "A=As 4c 2d Kd Jh", "B=Ad 7c 7d 6s 3c",
                                       "--pot", "16300", "--format", "csv"])
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["name"], r["won"], r["board_won"]) for r in table] == [("A", "6113", "4075 | 2038"),
                                                                       ("B", "10187", "4075 | 6112")]
