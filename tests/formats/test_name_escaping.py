"""Names are data, not terminal commands (issue 8 item 11): in ``hilo showdown``'s text a name is
escaped (an escape sequence, a newline or a bidi override adds no line and moves no cursor), a CSV cell
is never a formula, JSON keeps the name exactly, and an error line escapes it too.

What a history's names do in ``hilo check`` is in tests/check/test_forged_lines.py, for every reader
in tests/sites/test_hostile_names.py.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import A_HOLE, B_HOLE, BOARD, one_error_line, run

HOSTILE = [
    "Eve\x1b[2J\x1b[31m",
    "Mal\nB wins 1200",
    '=HYPERLINK("http://x")',
    "+1",
    "-2",
    "@me",
    "r\u202eevil",
]


@pytest.mark.parametrize("name", HOSTILE)
def test_item11_names_are_escaped_in_text_output(name: str) -> None:
    result = run(
        ["showdown", "--board", BOARD, "--pot", "1200", "--", f"{name}={A_HOLE}", f"B={B_HOLE}"]
    )
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert len(result.stdout.splitlines()) == 8  # a newline in a name adds no line
    assert "B wins 900" in result.stdout.splitlines()[-1]


@pytest.mark.parametrize("name", HOSTILE)
def test_item11_csv_cells_are_never_formulas_or_controls(name: str) -> None:
    result = run(
        [
            "showdown",
            "--board",
            BOARD,
            "--pot",
            "1200",
            "--format",
            "csv",
            "--",
            f"{name}={A_HOLE}",
            f"B={B_HOLE}",
        ]
    )
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert len(rows) == 3
    cell = rows[1][4]
    assert not cell.startswith(("=", "+", "-", "@")) and "\x1b" not in cell and "\n" not in cell
    assert (
        cell.lstrip("'").replace("\\n", "\n").replace("\\x1b", "\x1b").replace("\\u202e", "\u202e")
        == name
    )


def test_item11_json_keeps_names_exactly() -> None:
    name = HOSTILE[0]
    args = ["showdown", "--board", BOARD, f"{name}={A_HOLE}", f"B={B_HOLE}", "--pot", "1200"]
    result = run([*args, "--format", "json"])
    assert json.loads(result.stdout)["players"][0]["name"] == name


def test_item11_error_lines_escape_names_too() -> None:
    line = one_error_line(
        run(["batch", "-"], stdin=f"{BOARD} | E\x1b[31mve: {A_HOLE} | B: {A_HOLE} | pot 10\n")
    )
    assert "\x1b" not in line
