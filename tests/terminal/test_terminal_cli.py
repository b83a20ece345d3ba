"""The terminal options through CliRunner (issue 13): ``--color``, ``--suits``, ``--summary``, help that
teaches the input formats, and shell completion. CliRunner's streams are not terminals, so everything
here is what a pipe receives unless an option asks otherwise; a real terminal is in test_terminal_pty.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import ROOT, SHOWDOWN, run

from hilo_cli.cli import main
from hilo_cli.formats.styled import BOLD_RED, RED, RESET, strip_colour

FILES = ["examples/hands.txt", "examples/disputed.jsonl"]
SUMMARY = re.compile(
    r"hilo batch: 8 records in \d+\.\d\d s: 8 settled, 1 check differs, 0 bad records\n"
)


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("NO_COLOR", raising=False)


def hilo(*args: str, env: dict[str, str] | None = None) -> Result:
    return run(list(args), env=env)


@pytest.mark.parametrize("args", [SHOWDOWN, ["batch", *FILES]], ids=["showdown", "batch"])
def test_output_that_is_not_a_terminal_is_plain(args: list[str]) -> None:
    default = hilo(*args)
    assert "\x1b" not in default.output
    for extra in (["--color", "auto"], ["--color", "never"], ["--suits", "two-colour"]):
        assert hilo(*args, *extra).stdout_bytes == default.stdout_bytes, extra


@pytest.mark.parametrize("args", [SHOWDOWN, ["batch", *FILES]], ids=["showdown", "batch"])
def test_color_always_colours_the_same_text(args: list[str]) -> None:
    default = hilo(*args)
    shown = hilo(*args, "--color", "always")
    assert shown.exit_code == default.exit_code
    assert f"{RED}6h{RESET}" in shown.stdout
    assert strip_colour(shown.stdout) == default.stdout
    # an explicit --color always wins over NO_COLOR; auto gives way to it
    assert hilo(*args, "--color", "always", env={"NO_COLOR": "1"}).stdout == shown.stdout
    assert hilo(*args, "--colour", "always").stdout == shown.stdout


def test_a_difference_is_red_in_batch() -> None:
    shown = hilo("batch", "--color", "always", *FILES)
    assert shown.exit_code == 1
    assert f"check: {BOLD_RED}DIFFERENCE{RESET} A was paid 34, should win 33" in shown.stdout


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("args", [SHOWDOWN, ["batch", *FILES]], ids=["showdown", "batch"])
def test_json_and_csv_are_never_coloured_nor_given_symbols(args: list[str], fmt: str) -> None:
    plain = hilo(*args, "--format", fmt)
    for extra in (
        ["--color", "always"],
        ["--suits", "symbols"],
        ["--color", "always", "--suits", "symbols"],
    ):
        assert hilo(*args, "--format", fmt, *extra).stdout_bytes == plain.stdout_bytes, extra


def test_symbols_when_asked_even_without_colour() -> None:
    shown = hilo(*SHOWDOWN, "--suits", "symbols")
    assert shown.exit_code == 0 and "\x1b" not in shown.stdout
    assert (
        shown.stdout.splitlines()[0] == "Omaha Hi/Lo 8 or better   board A♣ 3♦ 6♥ K♠ K♦   pot 1200"
    )
    back = shown.stdout.translate(str.maketrans("♠♥♦♣", "shdc"))
    assert back == hilo(*SHOWDOWN).stdout


def test_two_colour_deck_on_the_command_line() -> None:
    shown = hilo(*SHOWDOWN, "--color", "always", "--suits", "two-colour")
    assert f"{RED}3d{RESET}" in shown.stdout and f"{RED}6h{RESET}" in shown.stdout
    assert "\x1b[32m" not in shown.stdout.splitlines()[0]  # clubs are not green in two colours


@pytest.mark.parametrize(
    "bad",
    [
        ["--color", "sometimes"],
        ["--suits", "six-colour"],
        ["--color", "always", "--color", "never"],
    ],
)
def test_bad_terminal_options_are_one_line_and_exit_2(bad: list[str]) -> None:
    result = hilo(*SHOWDOWN, *bad)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("hilo: error: ")


def test_the_summary_is_on_stderr_only_when_asked_and_changes_nothing_else() -> None:
    quiet = hilo("batch", *FILES)
    asked = hilo("batch", "--summary", *FILES)
    assert quiet.exit_code == asked.exit_code == 1
    assert quiet.stdout_bytes == asked.stdout_bytes
    assert quiet.stderr == ""
    assert SUMMARY.fullmatch(asked.stderr), asked.stderr


def test_the_summary_counts_bad_records(tmp_path: Path) -> None:
    deals = tmp_path / "deals.txt"
    deals.write_text(
        "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200\n"
        "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot lots\n"
        "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200 | expect A=600 B=600\n"
    )
    for jobs in ("1", "2"):
        result = hilo("batch", "--summary", "--jobs", jobs, str(deals))
        assert result.exit_code == 2
        last = result.stderr.splitlines()[-1]
        assert re.fullmatch(
            r"hilo batch: 3 records in \d+\.\d\d s: 2 settled, 1 check differs, 1 bad record", last
        )


def test_batch_help_teaches_the_formats_and_exit_statuses() -> None:
    text = hilo("batch", "--help").stdout
    assert "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200" in text  # a text line
    assert '"players": [{"name": "A", "hole": "2c 4d Qc Jd"}' in text  # a JSON record
    for status in ("0 ", "1 ", "2 ", "130 "):
        assert re.search(rf"^\s+{status}", text, re.MULTILINE), status
    assert "--color" in text and "--suits" in text and "--summary" in text


def test_showdown_help_teaches_cards_and_expect() -> None:
    text = hilo("showdown", "--help").stdout
    assert "♠ ♥ ♦ ♣" in text and "T (or 10)" in text and "Ac3d6h" in text
    assert re.search(r"leaves\s+out\s+was\s+paid\s+0", text)


def test_hilo_help_gives_each_command_an_example() -> None:
    from hilo_cli.cli import COMMANDS

    text = hilo("--help").stdout
    for name in COMMANDS:
        assert re.search(rf"^\s+(?:[^|\n]+\| )?hilo {name}\b", text, re.MULTILINE), name


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_scripts(shell: str) -> None:
    script = CliRunner().invoke(
        main, [], prog_name="hilo", env={"_HILO_COMPLETE": f"{shell}_source"}
    )
    assert script.exit_code == 0
    assert "_HILO_COMPLETE" in script.stdout and f"{shell}_complete" in script.stdout


def test_completion_offers_commands_and_choices() -> None:
    def complete(words: str) -> list[str]:
        env = {
            "_HILO_COMPLETE": "bash_complete",
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split())),
        }
        result = CliRunner().invoke(main, [], prog_name="hilo", env=env)
        return [line.split(",", 1)[1] for line in result.stdout.splitlines()]

    assert {"showdown", "batch"} <= set(complete("hilo "))
    assert complete("hilo batch --color ") == ["auto", "always", "never"]
    assert complete("hilo showdown --suits ") == ["four-colour", "two-colour", "symbols"]
