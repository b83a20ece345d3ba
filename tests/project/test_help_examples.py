"""Every example in every command's ``--help`` runs as written on a fresh install: in an empty folder,
after ``hilo examples --copy``, each example line is run by bash with the installed ``hilo`` on PATH
(pipes, redirections and ``eval`` included), and must exit 0 with nothing on stderr but what the
command says on purpose.

An example is a line of the help indented as Click indents a block of examples (four spaces or more:
prose has two) that starts with ``hilo``, ``cat`` or ``eval``; a line ending in ``\\`` goes on on the
next. The shipped hand histories are checked hand by hand in test_examples.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import hilo

from hilo_cli.cli import COMMANDS

STARTS = ("hilo ", "cat ", "eval ")


def help_text(command: str) -> str:
    """``hilo [COMMAND] --help`` as the installed command prints it, 80 columns wide."""
    args = [hilo(), *([command] if command else []), "--help"]
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1"}
    run = subprocess.run(args, capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode == 0, run.stderr
    return run.stdout


def examples_in(text: str) -> list[str]:
    """Each example command of a help text, continuation lines joined."""
    found: list[str] = []
    lines = iter(text.splitlines())
    for line in lines:
        command = line.strip()
        if not command.startswith(STARTS) or not line.startswith("    "):
            continue
        while command.endswith("\\"):
            command = command[:-1].rstrip() + " " + next(lines, "").strip()
        found.append(command)
    return found


def test_examples_in_reads_commands_and_their_continuations() -> None:
    text = "\n".join(
        [
            "  Examples:",
            "    hilo showdown --board X \\",
            "                  A=1 B=2",
            "    cat a.txt | hilo check",
            "  hilo reads files: prose, indented as prose is",
            "    Other text: hilo batch in the middle of a line",
            '      eval "$(hilo x)"',
        ]
    )
    assert examples_in(text) == [
        "hilo showdown --board X A=1 B=2",
        "cat a.txt | hilo check",
        'eval "$(hilo x)"',
    ]


def run_in(folder: Path, command: str) -> subprocess.CompletedProcess[str]:
    """``command`` run by bash in ``folder``, the installed ``hilo`` first on PATH."""
    bash = shutil.which("bash")
    assert bash, "the help examples are shell lines: bash runs them"
    env = {
        **os.environ,
        "PATH": f"{Path(hilo()).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "COLUMNS": "80",
        "NO_COLOR": "1",
    }
    return subprocess.run(
        [bash, "-o", "pipefail", "-c", command],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )


@pytest.mark.parametrize("command", ["", *COMMANDS], ids=lambda c: c or "hilo")
def test_every_help_example_runs_after_hilo_examples_copy(command: str, tmp_path: Path) -> None:
    examples = examples_in(help_text(command))
    assert examples, f"'hilo {command} --help' shows no example"
    copied = run_in(tmp_path, "hilo examples --copy")
    assert copied.returncode == 0, copied.stderr
    before = {p.name for p in tmp_path.iterdir()}
    for example in examples:
        result = run_in(tmp_path, example)
        assert result.returncode == 0, f"$ {example}\n(exit {result.returncode})\n{result.stderr}"
        said = [line for line in result.stderr.splitlines() if line.strip()]
        # What a command says on stderr on purpose: the copy's one line, an equity run's note.
        assert all(
            " examples copied into " in line or line.startswith("hilo: ") for line in said
        ), f"$ {example}\n{result.stderr}"
        assert "error" not in result.stderr, f"$ {example}\n{result.stderr}"
        if ">" not in example:
            assert result.stdout.strip() or example.startswith("eval "), (
                f"$ {example} printed nothing"
            )
    for written in sorted({p.name for p in tmp_path.iterdir()} - before):
        lines = (tmp_path / written).read_text(encoding="utf-8").splitlines()
        assert lines, f"{written} is empty"
        if written.endswith((".json", ".jsonl")):
            for line in lines if written.endswith(".jsonl") else ["\n".join(lines)]:
                json.loads(line)


def test_the_help_examples_name_only_files_that_hilo_examples_copies(tmp_path: Path) -> None:
    """A file an example reads is in examples/ after the copy: no example names a file of a checkout."""
    assert run_in(tmp_path, "hilo examples --copy").returncode == 0
    copied = {p.relative_to(tmp_path).as_posix() for p in (tmp_path / "examples").rglob("*")}
    named = [
        word.rstrip("/")
        for command in ["", *COMMANDS]
        for example in examples_in(help_text(command))
        for word in example.split()
        if word.startswith("examples/")
    ]
    assert named
    assert not [n for n in named if n not in copied], copied
