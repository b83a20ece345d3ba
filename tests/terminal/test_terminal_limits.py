"""``hilo limits --color`` (issue 21): like every other command, colour at a terminal (the player to act
and the amounts in bold), never in a pipe, a file or JSON, and the plain text underneath unchanged."""

from __future__ import annotations

import pytest
from conftest import ROOT
from conftest import run as run_hilo

from hilo_cli.formats.styled import strip_colour

FIGURES = [
    "limits",
    "--structure",
    "pot",
    "--blinds",
    "5/10",
    "--pot",
    "100",
    "--bet",
    "100",
    "--bet",
    "400",
]
BOLD = "\x1b[1m"


def run(*args: str, env: dict[str, str] | None = None) -> str:
    result = run_hilo(list(args), env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_always_puts_the_amounts_in_bold_over_the_same_text() -> None:
    plain = run(*FIGURES)
    coloured = run(*FIGURES, "--color", "always")
    assert coloured != plain and strip_colour(coloured) == plain
    assert (
        f"call {BOLD}400" in coloured
        and f"at least {BOLD}700" in coloured
        and f"at most {BOLD}1400" in coloured
    )
    assert "§" not in plain and "(pot limit)" in coloured  # words stay as they are


def test_a_rule_number_is_not_an_amount() -> None:
    coloured = run(
        "limits",
        "--structure",
        "no",
        "--blinds",
        "50/100",
        "--bet",
        "100",
        "--bet",
        "150",
        "--stack",
        "200",
        "--color",
        "always",
    )
    assert "RULES §14.5" in coloured, coloured


def test_the_player_to_act_is_bold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    coloured = run("limits", "tests/data/phh/to-act.phh", "--colour", "always")
    assert coloured.startswith(f"{BOLD}Bob\x1b[0m to act: ")
    assert strip_colour(coloured) == run("limits", "tests/data/phh/to-act.phh")


@pytest.mark.parametrize("args", [["--color", "never"], ["--color", "auto"], []])
def test_no_colour_unless_asked_at_a_terminal(args: list[str]) -> None:
    assert "\x1b[" not in run(*FIGURES, *args)  # CliRunner's stdout is not a terminal


def test_json_is_never_coloured() -> None:
    assert "\x1b[" not in run(*FIGURES, "--format", "json", "--color", "always")


def test_no_color_is_respected_by_auto_and_overruled_by_always() -> None:
    assert "\x1b[" not in run(*FIGURES, "--color", "auto", env={"NO_COLOR": "1"})
    assert BOLD in run(*FIGURES, "--color", "always", env={"NO_COLOR": "1"})
