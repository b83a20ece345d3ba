"""Shell completion completes file names for the FILE arguments (issue 21): ``hilo batch``, ``hilo check``
and ``hilo limits`` take files, so the shell is told to complete paths there (Click's ``file`` type)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from hilo_cli.cli import main


def completions(words: str, shell: str = "bash") -> list[str]:
    env = {
        "_HILO_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - 1),
    }
    result = CliRunner().invoke(main, [], env=env, prog_name="hilo")
    return result.stdout.splitlines()


@pytest.mark.parametrize(
    "words",
    [
        "hilo batch examples/h",
        "hilo batch --format json examples/s",
        "hilo check tests/data/p",
        "hilo limits tests/data/phh/to",
    ],
)
def test_a_file_argument_completes_as_a_path(words: str) -> None:
    assert completions(words) == [f"file,{words.split()[-1]}"]


def test_options_still_complete_as_before() -> None:
    assert "plain,--format" in completions("hilo batch --for")
    assert completions("hilo sch") == ["plain,schema"]


def test_the_copy_folder_completes_as_a_folder() -> None:
    assert completions("hilo examples --copy ex") == ["dir,ex"]
