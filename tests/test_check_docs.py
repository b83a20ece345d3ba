"""The README text for hilo check and hilo limits (docs/readme/check-phh.md, limits-history.md) runs as
written until it is pasted into README.md, whose examples tests/test_readme.py runs."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_readme import console_examples, normalise

from hilo_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "docs" / "readme" / name for name in ("check-phh.md", "limits-history.md")]
EXAMPLES = [(command, expected) for doc in DOCS if doc.is_file()
            for command, expected in console_examples(doc.read_text(encoding="utf-8"))]


@pytest.mark.skipif(not EXAMPLES, reason="the sections have been pasted into README.md")
@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c[:60] for c, _ in EXAMPLES])
def test_each_example_prints_what_the_section_shows(command: str, expected: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, shlex.split(command)[1:])
    assert result.exit_code in (0, 1), result.output  # 1: the MISMATCH example
    assert normalise(result.stdout) == normalise(expected)
