"""The README's examples run, so they cannot drift from what hilo prints.

Convention: shell examples sit in ```console blocks as lines ``$ hilo ...`` followed by the output,
up to the next ``$`` line or the end of the block. A command may go on over lines ending in ``\\``.
Each ``$ hilo`` command is run through CliRunner from the repository root, and what it prints must be
the block's output (trailing spaces and trailing blank lines aside); one that reads only the example
files runs the same in an empty folder after ``hilo examples --copy``, as on a fresh install. Other
``$`` commands (``pip``, ``python``...) are not run. Also: ``.ci/run`` runs the README's test command
exactly as written, and every link of the README holds wherever it is read: a file of this tree
(relative, so it opens in a checkout, on a forge and in the unpacked sdist) or a heading of the README
(``#anchor``, as GitHub and the package index's renderer name headings).
"""

from __future__ import annotations

import re
import shlex
import unicodedata
from pathlib import Path

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


READS_A_CHECKOUT = ("tests/",)  # the examples that read the test data (a checkout, the sdist)


@pytest.mark.parametrize(
    ("command", "expected"),
    [(c, e) for c, e in EXAMPLES if not any(p in c for p in READS_A_CHECKOUT)],
    ids=[c[:60] for c, _ in EXAMPLES if not any(p in c for p in READS_A_CHECKOUT)],
)
def test_readme_example_runs_after_hilo_examples_copy(
    command: str, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no checkout here: only what hilo examples --copy writes
    assert CliRunner().invoke(main, ["examples", "--copy"]).exit_code == 0
    result = CliRunner().invoke(main, shlex.split(command)[1:])
    assert normalise(expected) in (normalise(result.stdout), normalise(result.output)), (
        f"$ {command}\n--- README\n{expected}\n--- hilo (exit {result.exit_code})\n{result.output}"
    )


def test_the_examples_that_read_a_checkout_read_files_the_sdist_ships() -> None:
    reading = [c for c, _ in EXAMPLES if any(p in c for p in READS_A_CHECKOUT)]
    named = [w for c in reading for w in shlex.split(c) if w.startswith(READS_A_CHECKOUT)]
    assert len(named) == len(reading)
    assert not [n for n in named if not (ROOT / n).is_file()]
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "graft tests" in manifest  # tests/project/test_packaging.py checks the sdist holds them


def slug(heading: str) -> str:
    """A heading's anchor as GitHub writes it (and comrak, the package index's renderer): lower case,
    punctuation dropped (hyphens and underscores kept), each space a hyphen."""
    kept = "".join(
        c for c in heading.strip().lower() if c in "-_ " or unicodedata.category(c)[0] in "LN"
    )
    return kept.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor; a repeated one gets -1, -2 ... as GitHub numbers them."""
    seen: dict[str, int] = {}
    found = set()
    outside_code = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    for heading in re.findall(r"^#{1,6} (.+)$", outside_code, re.MULTILINE):
        name = slug(heading)
        count = seen.get(name, 0)
        seen[name] = count + 1
        found.add(name if count == 0 else f"{name}-{count}")
    return found


def test_slug_writes_anchors_as_github_does() -> None:
    assert slug("Settling many: `hilo batch`") == "settling-many-hilo-batch"
    assert (
        slug("All-in equity: how much of a result was the cards (`hilo check --all-in`)")
        == "all-in-equity-how-much-of-a-result-was-the-cards-hilo-check---all-in"
    )
    assert slug("Equity: each player's share") == "equity-each-players-share"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n") == {"a", "a-1"}


def test_every_readme_link_holds_wherever_the_readme_is_read() -> None:
    text = readme_text()
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    assert targets
    absolute = [t for t in targets if re.match(r"[a-z]+:", t)]
    assert not absolute, f"links to places outside this tree, which may not exist: {absolute}"
    headings = anchors(text)
    missing = [t for t in targets if t.startswith("#") and t[1:] not in headings]
    assert not missing, f"anchors that name no heading of the README: {missing}"
    files = [t.split("#")[0] for t in targets if not t.startswith("#")]
    assert files and not [f for f in files if not (ROOT / f).is_file()], files


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
