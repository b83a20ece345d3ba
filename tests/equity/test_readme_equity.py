"""Every ``hilo equity`` example of the README runs as written (issue 31): each command line of a
console or sh block, through a real shell (so quoting counts: a ``$ds`` in double quotes would be
expanded), with the installed ``hilo``, exits 0 and prints a table. The console blocks' outputs are
compared byte for byte by tests/project/test_readme.py."""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from conftest import ROOT, hilo

README = ROOT / "README.md"
BLOCK = re.compile(r"^```(?:console|sh)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def commands() -> list[str]:
    found = []
    for block in BLOCK.findall(README.read_text(encoding="utf-8") if README.is_file() else ""):
        lines = iter(block.splitlines())
        for line in lines:
            text = line.removeprefix("$ ").strip()
            if not text.startswith("hilo equity"):
                continue
            while text.endswith("\\"):
                text = text[:-1] + " " + next(lines, "").strip()
            found.append(text)
    return found


COMMANDS = commands()


def test_the_readme_has_equity_examples_with_ranges() -> None:
    assert len(COMMANDS) >= 8
    assert sum("%" in c or "**" in c for c in COMMANDS) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS, ids=[c[:70] for c in COMMANDS])
def test_a_readme_equity_example_runs_as_written(command: str) -> None:
    binary = hilo()
    env = {**os.environ, "PATH": f"{os.path.dirname(binary)}{os.pathsep}{os.environ['PATH']}"}
    run = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600
    )
    assert run.returncode == 0, (command, run.stderr)
    assert run.stdout.splitlines()[0].startswith(("Omaha", "Big O", "Seven-card", "{")), run.stdout
