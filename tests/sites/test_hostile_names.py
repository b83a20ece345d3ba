"""No name from a history reaches a terminal or a spreadsheet raw, whatever the site: each reader's own
files with a player renamed to hold an escape sequence and a right-to-left override, checked in text and
CSV (JSON escapes them itself). Every hand still ends as a record or an error, in order."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import TEST_DATA

from hilo_cli import histories
from hilo_cli.cli import main

DATA = TEST_DATA
HOSTILE = "\x1b[2J\u202e"
RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _files() -> list[Path]:
    found = []
    for plugin in histories.PLUGINS:
        name, reader = plugin.name, plugin
        folder = DATA / name
        if folder.is_dir():
            found += [p for p in sorted(folder.iterdir()) if p.suffix in reader.suffixes]
    return found


def _check(path: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", *args, str(path)])
    return result.exit_code, result.stdout, result.stderr


def _named() -> list[tuple[Path, str]]:
    """Each file with the longest plain name among the players its records name (files of bad hands
    only name none: they are left out)."""
    found = []
    for path in _files():
        _, out, _ = _check(path, "--format", "json")
        names = {
            p["name"] for line in out.splitlines() for p in json.loads(line).get("players", [])
        }
        names = {n for n in names if len(n) > 2 and n.isascii() and n.isprintable()}
        if names:
            found.append((path, max(sorted(names), key=len)))
    return found


NAMED = _named()


def test_every_reader_has_a_file_to_rename_in() -> None:
    assert {p.parent.name for p, _ in NAMED} == {p.parent.name for p in _files()}


@pytest.mark.parametrize(
    ("path", "name"), NAMED, ids=[f"{p.parent.name}/{p.name}" for p, _ in NAMED]
)
def test_a_hostile_name_is_escaped_in_text_and_csv(path: Path, name: str, tmp_path: Path) -> None:
    raw = path.read_bytes()
    encoding = "utf-16" if raw.startswith((b"\xff\xfe", b"\xfe\xff")) else "utf-8"
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        text, encoding = raw.decode("cp1252"), "utf-8"  # iPoker's own bytes: written back as UTF-8
    renamed = re.sub(rf"(?<![\w]){re.escape(name)}(?![\w])", name + HOSTILE, text)
    assert renamed != text
    hostile = tmp_path / path.name
    hostile.write_bytes(renamed.encode(encoding))
    for fmt in ("text", "csv"):
        code, out, err = _check(hostile, "--format", fmt)
        assert code in (0, 1, 2), err
        assert "Traceback" not in err
        assert not RAW.search(out), (fmt, RAW.findall(out)[:3])
        assert not RAW.search(err), (fmt, RAW.findall(err)[:3])
    # Every hand still a record or an error, in file order.
    code, out, err = _check(hostile, "--format", "json")
    lines = [json.loads(line) for line in out.splitlines()]
    _, plain, _ = _check(path, "--format", "json")
    assert len(lines) == len(plain.splitlines())
    places = [r["line"] or 0 for r in lines]
    assert places == sorted(places)
