"""The several-boards README section (docs/readme/multiboard.md) runs as written, like README.md's."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_readme import console_examples, normalise

from hilo_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = console_examples((ROOT / "docs" / "readme" / "multiboard.md").read_text(encoding="utf-8"))


def test_the_section_has_its_examples():
    assert len(EXAMPLES) == 4


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c[:60] for c, _ in EXAMPLES])
def test_each_example_prints_what_the_section_shows(command, expected, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, shlex.split(command)[1:])
    assert result.exit_code == 0, result.output
    assert normalise(result.stdout) == normalise(expected)
