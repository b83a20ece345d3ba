"""Every CSV row has the header's cells, in every command (issue 29 item 4, issue 30).

Before: a hand run twice wrote 28 cells under ``hilo check``'s 21-cell header (its ``verdict`` column
held a board), and ``hilo batch`` wrote a later run-twice deal's 26 cells under a 19-cell header. Now the
columns are fixed (``csv_out.HEADER``, ``check_out.CSV_COLUMNS``): the board columns are always there,
empty for a deal on one board, because a writer that streams cannot know whether a later record is run
twice.

Each output is read as data tools read it: ``csv.DictReader`` (no row longer or shorter than the
header, the verdict column holding a verdict) and DuckDB's ``read_csv`` with its own detection of the
dialect and the header, as a user calls it (before the fix it took the first data row of a run-twice
check for the header, silently). Every file of tests/data and of ../shared/handhistories is checked,
every example and shared vector is settled, and showdown's and equity's CSV are read the same way.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import duckdb
import pytest
from conftest import RECORD, ROOT, SHARED_DIR, TEST_DATA, run

from hilo_cli.formats import csv_out
from hilo_cli.formats.check_out import CSV_COLUMNS, VERDICTS, currency_name
from hilo_cli.histories.base import Currency

OWN = sorted(str(p.relative_to(ROOT)) for p in TEST_DATA.rglob("*") if p.is_file())
SHARED_HISTORIES = SHARED_DIR / "handhistories"
EXAMPLES = sorted(p.name for p in (ROOT / "examples").iterdir() if p.is_file())
# The check's columns as they were before currency and the board columns: they keep their places.
BEFORE = (*csv_out.COLUMNS, "verdict", "why")


def table(text: str, columns: Iterable[str], what: str) -> list[dict[str, str]]:
    """The rows of a CSV output, read by ``csv.DictReader``, each with exactly the header's cells."""
    reader = csv.DictReader(io.StringIO(text))
    rows = list(reader)
    assert reader.fieldnames == list(columns), f"{what}: the header"
    for number, row in enumerate(rows, 2):
        assert None not in row, f"{what} row {number}: cells past the header: {row[None]}"
        short = [name for name, cell in row.items() if cell is None]
        assert not short, f"{what} row {number}: no cells for {short}"
    return rows


def duckdb_reads(text: str, rows: list[dict[str, str]], folder: Path, what: str) -> None:
    """DuckDB's ``read_csv``, left to detect the dialect, the header and the types as a user leaves it,
    finds the header's columns, every row, and (every cell as text) the cells ``csv`` reads."""
    path = folder / "out.csv"
    path.write_text(text, encoding="utf-8")
    columns = next(csv.reader(io.StringIO(text)))
    typed = duckdb.read_csv(str(path))
    assert typed.columns == columns, f"{what}: DuckDB's columns"
    assert len(typed.fetchall()) == len(rows), f"{what}: DuckDB's rows"
    cells = duckdb.read_csv(str(path), all_varchar=True).fetchall()
    assert [[cell or "" for cell in row] for row in cells] == [list(r.values()) for r in rows], what


@cache
def checked(path: str) -> str:
    """``hilo check --format csv PATH``'s output (run from the repository)."""
    result = run(["check", "--format", "csv", str(ROOT / path) if path in OWN else path])
    assert result.exit_code in (0, 1, 2) and "Traceback" not in result.output, result.output
    return result.stdout.replace(str(ROOT) + "/", "")


def check_rows(path: str, folder: Path) -> list[dict[str, str]]:
    text = checked(path)
    rows = table(text, CSV_COLUMNS, f"hilo check --format csv {path}")
    assert rows, path
    for row in rows:
        assert row["verdict"] in VERDICTS.values(), (path, row["verdict"])
    duckdb_reads(text, rows, folder, path)
    return rows


@pytest.mark.parametrize("path", OWN)
def test_every_check_row_of_every_test_history_has_the_header_s_cells(
    path: str, tmp_path: Path
) -> None:
    check_rows(path, tmp_path)


def test_the_test_histories_give_every_kind_of_check_row(tmp_path: Path) -> None:
    """The test above sees every kind of row: each verdict, an error, and a hand run twice."""
    rows = [row for path in OWN for row in table(checked(path), CSV_COLUMNS, path)]
    assert {row["verdict"] for row in rows} == set(VERDICTS.values())
    assert all(row["error"] for row in rows if row["verdict"] == "ERROR")
    twice = [row for row in rows if row["boards"]]
    assert twice and all(row["boards"].count(" | ") == 1 for row in twice)
    assert all(row["board_won"].count(" | ") == 1 for row in twice if row["name"])


@pytest.mark.skipif(not SHARED_HISTORIES.is_dir(), reason="../shared/handhistories is not here")
def test_every_check_row_of_the_shared_histories_has_the_header_s_cells(tmp_path: Path) -> None:
    files = sorted(str(p) for p in SHARED_HISTORIES.rglob("*") if p.is_file())
    assert files
    verdicts = {row["verdict"] for path in files for row in check_rows(path, tmp_path)}
    assert {"OK", "ERROR"} <= verdicts


def test_the_check_columns_keep_their_places_and_add_at_the_end() -> None:
    assert CSV_COLUMNS[: len(BEFORE)] == BEFORE
    assert CSV_COLUMNS[len(BEFORE) :] == ("currency", *csv_out.BOARD_COLUMNS, "kind")  # issue 28
    assert csv_out.HEADER == (*csv_out.COLUMNS, *csv_out.BOARD_COLUMNS)


def test_the_run_twice_hand_of_issue_29_has_its_verdict_under_verdict(tmp_path: Path) -> None:
    rows = check_rows("tests/data/winning/run-twice.txt", tmp_path)
    assert [row["verdict"] for row in rows] == ["OK"] * len(rows)
    assert all(row["boards"] == "Kd 7s 3h 4d Tc | 5c 5d 3s 2d Jd" for row in rows)


# -- the currency column ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("currency", "name"),
    [
        (Currency("$", "", 100, "USD"), "USD"),
        (Currency("", "€", 100, "EUR"), "EUR"),
        (Currency("$", "", 100), "$"),
        (Currency("", " €", 100), "€"),
        (Currency(), "chips"),
        (None, "chips"),
        (Currency("", "", 100), "hundredths"),
    ],
)
def test_the_currency_is_its_code_else_its_sign_else_chips(
    currency: Currency | None, name: str
) -> None:
    assert currency_name(currency) == name


def test_the_check_csv_names_the_unit_of_its_amounts(tmp_path: Path) -> None:
    """``won`` 199 means $1.99 at a site that names dollars: the row says so. A row with no amounts (a
    hand that could not be read or settled) names no unit."""
    euros = check_rows("tests/data/winamax/split.txt", tmp_path)
    assert {row["currency"] for row in euros} == {"EUR"}
    chips = check_rows("tests/data/phh/quartered.phh", tmp_path)
    assert {row["currency"] for row in chips} == {"chips"}
    bad = check_rows("tests/data/winamax/bad-input.txt", tmp_path)
    assert all(row["currency"] == "" for row in bad if row["verdict"] == "ERROR")
    assert {row["currency"] for row in bad if row["verdict"] != "ERROR"} == {"EUR"}


# -- batch and showdown -------------------------------------------------------------------------------------

TWICE = {
    "id": "twice",
    "boards": ["7h 5d 3s 7s Ts", "7h 5d 3s 2s 4h"],
    "game": "courchevel8",
    "pot": 16300,
    "players": [{"name": "A", "hole": "As 4c 2d Kd Jh"}, {"name": "B", "hole": "Ad 7c 7d 6s 3c"}],
}
CHECKED = {**RECORD, "id": "checked", "expected": {"A": 400, "B": 800}}
BAD = {**RECORD, "id": "bad", "pot": "lots"}
EQUITY = {**RECORD, "id": "equity", "board": "Ac 3d 6h"}  # an error row in a batch's CSV
MIXED = [RECORD, TWICE, BAD, CHECKED, EQUITY, TWICE, RECORD]


def batch_rows(stdin: str, folder: Path, *args: str) -> list[dict[str, str]]:
    result = run(["batch", "--format", "csv", *args, "-"], stdin=stdin)
    assert "Traceback" not in result.output, result.output
    rows = table(result.stdout, csv_out.HEADER, f"hilo batch {args}")
    duckdb_reads(result.stdout, rows, folder, f"hilo batch {args}")
    return rows


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_batch_mixing_every_kind_of_record_has_the_header_s_cells(
    jobs: str, tmp_path: Path
) -> None:
    rows = batch_rows("".join(json.dumps(r) + "\n" for r in MIXED), tmp_path, "--jobs", jobs)
    assert [row["id"] or row["error"][:20] for row in rows] == [
        *["", ""],
        *["twice", "twice"],
        "bad",
        *["checked", "checked"],
        "equity",
        *["twice", "twice"],
        *["", ""],
    ]
    assert [bool(row["boards"]) for row in rows] == [r["id"] == "twice" for r in rows]
    assert [row["difference"] for row in rows if row["id"] == "checked"] == ["-100", "100"]
    assert all(row["error"] for row in rows if row["id"] in ("bad", "equity"))


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_s_batch_csv_has_the_header_s_cells(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    result = run(["batch", "--format", "csv", f"examples/{name}"])
    rows = table(result.stdout, csv_out.HEADER, name)
    assert rows
    duckdb_reads(result.stdout, rows, tmp_path, name)


@pytest.mark.skipif(
    not (SHARED_DIR / "vectors.json").is_file(), reason="../shared/vectors.json is not here"
)
def test_the_shared_vectors_batch_csv_has_the_header_s_cells(tmp_path: Path) -> None:
    vectors = json.loads((SHARED_DIR / "vectors.json").read_text(encoding="utf-8"))
    rows = batch_rows("".join(json.dumps(v) + "\n" for v in vectors), tmp_path)
    assert {row["id"] for row in rows} == {str(v["id"]) for v in vectors}


def test_a_batch_with_no_record_is_the_header_alone() -> None:
    result = run(["batch", "--format", "csv", "-"], stdin="")
    assert table(result.stdout, csv_out.HEADER, "an empty batch") == [
        dict.fromkeys(csv_out.HEADER, "")
        | {"source": "<stdin>:1", "error": "empty input: no deals"}
    ]


@pytest.mark.parametrize("boards", [TWICE["boards"][:1], TWICE["boards"]], ids=["one", "two"])
def test_showdown_csv_has_the_same_columns_on_one_board_or_two(
    boards: list[str], tmp_path: Path
) -> None:
    args = ["showdown", "--game", "courchevel8", "A=As 4c 2d Kd Jh", "B=Ad 7c 7d 6s 3c"]
    for board in boards:
        args += ["--board", board]
    result = run([*args, "--pot", "16300", "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = table(result.stdout, csv_out.HEADER, f"showdown on {len(boards)} boards")
    assert len(rows) == 2 and all(bool(row["boards"]) == (len(boards) > 1) for row in rows)
    duckdb_reads(result.stdout, rows, tmp_path, "showdown")


@pytest.mark.parametrize(
    "args",
    [
        ["--board", "Ah 7c 8d Ks", "A=As 2s Kd Qh", "B=Ac 3c Th Td", "--pot", "101"],
        [
            "--board",
            "Ah 7c 8d",
            "A=As 2s Kd Qh",
            "B=Ac 3c Th Td",
            "--samples",
            "200",
            "--seed",
            "1",
        ],
        ["--board", "Ah 7c 8d", "--board", "Ah 7c 2h", "A=As 2s Kd Qh", "B=Ac 3c Th Td"],
    ],
    ids=["exact", "sampled", "two boards"],
)
def test_equity_csv_has_the_header_s_cells(args: list[str], tmp_path: Path) -> None:
    from hilo_cli.formats.equity_out import CSV_COLUMNS as EQUITY_COLUMNS

    result = run(["equity", *args, "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = table(result.stdout, EQUITY_COLUMNS, f"hilo equity {args}")
    assert len(rows) == 2
    duckdb_reads(result.stdout, rows, tmp_path, "equity")
