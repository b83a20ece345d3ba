"""What the user reads is worded for the user: one prefix for an input a command cannot use, whatever
the command; counts in the singular when there is one; usage lines that show what is optional; no
wording from inside the project (the founding text, a field name where the user gave an option)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BOARD, one_error_line, run

from hilo_cli.cli import COMMANDS


@pytest.mark.parametrize("command", ["batch", "check", "limits"])
def test_a_missing_file_is_the_same_error_line_in_every_command(
    command: str, tmp_path: Path
) -> None:
    missing = str(tmp_path / "missing.phh")
    line = one_error_line(run([command, missing]))
    assert line == f"hilo: error: {missing}: cannot read: No such file or directory"


def test_a_folder_with_no_histories_has_the_prefix_too(tmp_path: Path) -> None:
    assert one_error_line(run(["check", str(tmp_path)])).startswith(f"hilo: error: {tmp_path}: ")


def test_a_bad_record_keeps_its_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(f"{BOARD} | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200\nAc | A: 2c\n")
    result = run(["batch", str(bad)])
    assert one_error_line(result).startswith(f"{bad}:2: ")


@pytest.mark.parametrize(
    ("hole", "said"), [("2c", "has 1 hole card;"), ("2c 4d", "has 2 hole cards;")]
)
def test_hole_cards_are_counted_in_the_singular_and_the_plural(hole: str, said: str) -> None:
    line = one_error_line(run(["showdown", "--board", BOARD, f"A={hole}", "B=Kh Kc 2h 4s"]))
    assert f"player A {said} " in line and line.endswith(" deals 4"), line


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["A=2c 4d Qc Jd@600", "B=Kh Kc 2h 4s@600", "--pot", "1200"],
            "the pot or what each player put in",
        ),
        (["A=2c 4d Qc Jd", "B=Kh Kc 2h 4s"], "give the pot, or what each player put in"),
        (["A=2c 4d Qc Jd@600", "B=Kh Kc 2h 4s"], "what B put in is not given"),
    ],
)
def test_money_errors_say_what_the_user_gives(args: list[str], words: str) -> None:
    line = one_error_line(run(["showdown", "--board", BOARD, *args]))
    assert words in line and "contributed" not in line, line


def test_the_schema_usage_shows_kind_as_optional() -> None:
    usage = run(["schema", "--help"]).stdout.splitlines()[0]
    assert usage.endswith(" schema [OPTIONS] [KIND]"), usage  # CliRunner names the program main
    assert "for 'KIND':" in one_error_line(run(["schema", "nothing"]))
    assert run(["schema"]).exit_code == 0  # no KIND: the list


def test_no_help_text_speaks_of_the_project_s_own_documents() -> None:
    for command in ["", *COMMANDS]:
        text = run([*([command] if command else []), "--help"]).stdout.lower()
        assert "founding" not in text and "issue " not in text, command
