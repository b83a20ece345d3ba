"""``hilo check`` at a terminal (issue 13): colour, the closing summary; nothing of either when piped."""

from __future__ import annotations

from click.testing import CliRunner
from conftest import TEST_DATA
from conftest import run as run_hilo

from hilo_cli.cli import main

DATA = TEST_DATA / "phh"


def run(*args: str) -> tuple[int, str, str]:
    result = run_hilo(["check", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_mismatch_is_red_when_colour_is_asked_for() -> None:
    code, out, _ = run(str(DATA / "changed.phh"), "--color", "always")
    assert code == 1
    assert out.startswith("\x1b[1;31mMISMATCH\x1b[0m")


def test_piped_output_is_plain_and_the_same_as_never() -> None:
    plain = run(str(DATA / "changed.phh"))
    never = run(str(DATA / "changed.phh"), "--color", "never")
    assert "\x1b" not in plain[1] and plain == never


def test_summary_on_request() -> None:
    code, out, err = run(str(DATA / "quartered.phh"), "--summary")
    assert code == 0 and "\x1b" not in out
    first, heading, phh = err.strip("\n").splitlines()
    assert first.startswith("hilo check: 1 hand from 1 file in ")
    assert first.endswith(": 1 OK, 0 MISMATCH, 0 NOT CHECKABLE, 0 bad")
    assert heading == "  by site  OK  MISMATCH  NOT CHECKABLE  bad"
    assert phh == "  PHH       1         0              0    0"


def test_equity_colours_its_board_only_when_asked() -> None:
    args = ["equity", "A=As 2s 3d Kh", "B=Kd Kc Qs Jh", "--board", "Ac 7d 8h", "--pot", "100"]
    coloured = CliRunner().invoke(main, [*args, "--color", "always"]).stdout
    plain = CliRunner().invoke(main, args).stdout
    assert "\x1b[32mAc\x1b[0m" in coloured and "\x1b" not in plain
