"""The registry of readers (issue 27): a file's site is found without importing the readers, and
``hilo check`` on one site's file loads that site's reader and no other.

Each check runs in a fresh interpreter (``-S``, the repository and click on its path, as
tests/cli/test_start_up.py runs the showdown), which lists the modules it has loaded at the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest
from conftest import ROOT, TEST_DATA

from hilo_cli import histories

SCRIPT = """
import sys
sys.path[:0] = {paths!r}
from hilo_cli.cli import main
try:
    main({args!r})
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""
READERS = {f"hilo_cli.histories.{plugin.module}": plugin.name for plugin in histories.PLUGINS}


def loaded(args: list[str]) -> tuple[str, set[str]]:
    """What ``hilo ARGS`` wrote on stdout, and the modules it had loaded when it ended."""
    paths = [str(ROOT), str(Path(click.__file__).resolve().parent.parent)]
    done = subprocess.run(
        [sys.executable, "-S", "-c", SCRIPT.format(paths=paths, args=args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )  # the timeout only guards against a hang
    return done.stdout, set(done.stderr.split()[-1000:] if done.stderr else ())


def first_file(site: str) -> Path:
    """A small file of the site's own, from the repository's test data."""
    folder = TEST_DATA / site
    return min(
        (p for p in folder.iterdir() if p.suffix in (".txt", ".xml", ".phh")),
        key=lambda p: (p.stat().st_size, p.name),
    )


def test_a_pokerstars_file_loads_no_other_sites_reader() -> None:
    out, modules = loaded(
        ["check", "--format", "json", str(TEST_DATA / "pokerstars" / "no-showdown.txt")]
    )
    assert '"verdict":"OK"' in out
    assert {READERS[m] for m in modules if m in READERS} == {"pokerstars"}


def test_a_plain_check_loads_no_all_in_figures_and_no_worker_pool() -> None:
    """``--jobs 1`` without ``--all-in`` needs neither: they are imported when asked for (start-up)."""
    path = str(TEST_DATA / "pokerstars" / "no-showdown.txt")
    out, modules = loaded(["check", "--format", "json", path])
    assert '"verdict":"OK"' in out
    unwanted = {"hilo_cli.allin", "hilo_cli.pool", "hilo_cli.equity", "multiprocessing", "numpy"}
    assert modules & unwanted == set()
    out, modules = loaded(["check", "--format", "json", "--all-in", "--jobs", "2", path])
    assert '"verdict":"OK"' in out
    assert {"hilo_cli.allin", "hilo_cli.pool", "multiprocessing"} <= modules


@pytest.mark.parametrize("plugin", histories.PLUGINS, ids=lambda p: p.name)
def test_each_sites_file_loads_its_reader_alone(plugin: histories.Plugin) -> None:
    path = first_file(plugin.name)
    out, modules = loaded(["check", "--format", "json", str(path)])
    assert out.startswith("{"), (path, out[:300])
    assert {READERS[m] for m in modules if m in READERS} == {plugin.name}, path


def test_every_plugin_has_its_own_test_data_and_module() -> None:
    names = [plugin.name for plugin in histories.PLUGINS]
    assert len(set(names)) == len(names)
    assert sorted(names) == histories.input_formats()
    for plugin in histories.PLUGINS:
        assert (TEST_DATA / plugin.name).is_dir(), plugin.name
        reader = histories.reader(plugin.name)
        assert (reader.name, reader.title, reader.suffixes) == (
            plugin.name,
            plugin.title,
            plugin.suffixes,
        )


@pytest.mark.parametrize("plugin", histories.PLUGINS, ids=lambda p: p.name)
def test_detection_finds_each_sites_own_files(plugin: histories.Plugin) -> None:
    for path in sorted((TEST_DATA / plugin.name).iterdir()):
        if path.name.startswith("billion") or path.suffix not in plugin.suffixes:
            continue
        data = path.read_bytes()
        text = (
            data.decode("utf-16")
            if data.startswith(b"\xff\xfe")
            else data.decode("utf-8", "replace")
        )
        assert histories.detect(text[:65536].replace("\r\n", "\n")) == plugin.name, path


def test_a_line_that_opens_a_hand_of_either_winning_format_reads_as_a_first_line() -> None:
    # The older format's first line holds no "Game ID:" (the line after it does): before, it read as no
    # site's, and a file of it glued after a hand hilo does not check (888's hold'em) was taken as that
    # hand's own lines, with no error (a reader fuzz mutant found it).
    assert histories.header_of("Game started at: 2024/5/1 10:00:00") == "Winning Poker Network"
    assert (
        histories.header_of("Hand #1 - Omaha HiLow($0.50/$1.00) - 2024/05/01 10:00:00")
        == "Winning Poker Network"
    )
    assert histories.header_of("Game ID: 900000011 0.50/1.00 (CAP) Testtable (Omaha HiLow)") is None
    text = (TEST_DATA / "pacific888" / "holdem.txt").read_text(encoding="utf-8")
    glued = text + "\nGame started at: 2024/5/1 10:00:00\nGame ID: 900000011 0.50/1.00 (CAP) T\n"
    last = list(histories.read("t.txt", glued))[-1]
    assert last.error is not None
    assert "it reads as a Winning Poker Network hand's first line" in last.error, last.error


def _header_of_site_by_site(line: str) -> str | None:
    """``header_of`` as it is defined: the first site whose own test takes ``line`` for a hand's first."""
    lead = len(line) - len(line.lstrip(" \t"))
    for plugin in histories.PLUGINS:
        if plugin.first(line) == lead if plugin.starts is None else plugin.starts(line):
            return plugin.title
    return None


def _lines_of_the_test_data() -> list[str]:
    lines = []
    for path in sorted(TEST_DATA.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            utf16 = data[:2] in (b"\xff\xfe", b"\xfe\xff")
            lines += data.decode("utf-16" if utf16 else "utf-8", "replace").splitlines()
    return lines


def test_the_quick_test_of_every_sites_first_line_passes_every_first_line() -> None:
    """``Plugin.opens`` is looser than each site's own test: on every line of the test data (every
    site's headers in every form, and their lines), and the same lines after spaces or a tab,
    ``header_of`` says what asking each site says."""
    lines = _lines_of_the_test_data()
    headers = 0
    for line in [*lines, *(" " + line for line in lines), *("\t" + line for line in lines)]:
        found = _header_of_site_by_site(line)
        assert histories.header_of(line) == found, line[:120]
        headers += found is not None
    titles = {_header_of_site_by_site(line) for line in lines} - {None}
    # Every site's headers were asked, but PKR's: its test needs the line after its first (``Starting
    # Hand #N``), so no one line is PKR's.
    assert titles == {plugin.title for plugin in histories.PLUGINS} - {"PKR"}
    assert headers > 900  # 303 header lines, each three ways
