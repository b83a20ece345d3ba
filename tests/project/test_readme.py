"""The README's examples run, so they cannot drift from what hilo prints.

Convention: shell examples sit in ```console blocks as lines ``$ hilo ...`` followed by the output,
up to the next ``$`` line or the end of the block. A command may go on over lines ending in ``\\``.
Each ``$ hilo`` command is run through CliRunner from the repository root, and what it prints must be
the block's output (trailing spaces and trailing blank lines aside). Other ``$`` commands (``pip``,
``python``...) are not run. Also: ``.ci/run`` runs the README's test command exactly as written.
"""

from __future__ import annotations

import re
import shlex

import pytest
from click.testing import CliRunner
from conftest import ROOT

from hilo_cli.cli import main

README = ROOT / "README.md"
TEST_COMMAND = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]'"
BLOCK = re.compile(r"^```console[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def console_examples(text: str) -> list[tuple[str, str]]:
    """(command, expected output) for every ``$ hilo`` line of every console block."""
    examples: list[tuple[str, str]] = []
    for block in BLOCK.findall(text):
        command: str | None = None
        output: list[str] = []
        lines = iter(block.splitlines())
        for line in lines:
            if line.startswith("$"):
                if command is not None and command.startswith("hilo "):
                    examples.append((command, "\n".join(output)))
                command, output = line[1:].strip(), []
                while command.endswith("\\"):
                    command = command[:-1] + " " + next(lines, "").strip()
            elif command is not None:
                output.append(line)
        if command is not None and command.startswith("hilo "):
            examples.append((command, "\n".join(output)))
    return examples


def normalise(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.splitlines()).rstrip("\n")


def readme_text() -> str:
    return README.read_text(encoding="utf-8") if README.is_file() else ""


EXAMPLES = console_examples(readme_text())


def test_the_readme_has_console_examples() -> None:
    assert README.is_file(), "README.md is missing"
    assert EXAMPLES, "README.md has no ```console block with a `$ hilo ...` line"
    assert any(command.startswith("hilo showdown") for command, _ in EXAMPLES)
    assert any(command.startswith("hilo batch") for command, _ in EXAMPLES)


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c[:60] for c, _ in EXAMPLES])
def test_readme_example(command: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, shlex.split(command)[1:])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    # The block shows what a terminal shows: stdout, or stdout and stderr together for an error.
    assert normalise(expected) in (normalise(result.stdout), normalise(result.output)), (
        f"$ {command}\n--- README\n{expected}\n--- hilo (exit {result.exit_code})\n{result.output}"
    )


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    commands = [line.strip().removeprefix("$").strip() for line in readme_text().splitlines()]
    found = [line for line in commands if line.startswith(TEST_COMMAND)]
    assert len(found) == 1, (
        f"the README should give one test command starting {TEST_COMMAND!r}: {found}"
    )
    ci = ROOT / ".ci" / "run"
    assert ci.is_file(), ".ci/run is missing"
    assert found[0] in ci.read_text(encoding="utf-8"), f".ci/run does not run {found[0]!r}"


def test_the_parser_reads_the_convention() -> None:
    text = "\n".join(
        [
            "```console",
            "$ pip install hilo",
            "Installed.",
            "$ hilo showdown a \\",
            "    b",
            "line 1",
            "",
            "line 3",
            "$ hilo batch x",
            "out",
            "```",
            "$ hilo not-in-a-block",
            "```sh",
            "$ hilo no",
            "```",
        ]
    )
    assert console_examples(text) == [
        ("hilo showdown a  b", "line 1\n\nline 3"),
        ("hilo batch x", "out"),
    ]
