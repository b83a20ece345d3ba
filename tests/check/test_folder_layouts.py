"""Wherever a file sits, its hands are the same (issue 30): hypothesis lays files of tests/data out in
random folders, a ``.zip`` (at any depth, its members in folders of their own) or a ``.gz``, and
``hilo check`` on the top folder gives each file's records exactly as checking it alone does, renamed to
where it sits, in the order of the paths sorted part by part; and ``formats.files.Sources`` says it
read every byte of every file.
"""

from __future__ import annotations

import gzip
import json
import tempfile
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from conftest import TEST_DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hilo_cli.cli import main
from hilo_cli.formats.files import Sources

FILES = sorted(
    p.relative_to(TEST_DATA).as_posix()
    for p in TEST_DATA.rglob("*")
    if p.is_file() and p.suffix in (".txt", ".xml", ".phh", ".phhs")
)
FOLDER = st.sampled_from(["a", "B", "a b", "z", "é", "a.txt", "01"])  # names that sort unlike paths
PLACE = st.tuples(
    st.sampled_from(FILES),
    st.lists(FOLDER, max_size=2),  # folders above it
    st.sampled_from(["plain", "gz", "zip"]),
    st.lists(FOLDER, max_size=2),  # folders inside the zip
)


@cache
def alone(original: str) -> tuple[dict[str, Any], ...]:
    result = CliRunner().invoke(main, ["check", "--format", "json", str(TEST_DATA / original)])
    return tuple(json.loads(line) for line in result.stdout.splitlines() if line.strip())


def _renamed(record: dict[str, Any], source: str) -> dict[str, Any]:
    renamed = {**record, "source": source}
    if "where" in record:
        renamed["where"] = f"{source}:{record['line']}" if record["line"] else source
    return renamed


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PLACE, min_size=1, max_size=6))
def test_a_file_s_hands_are_the_same_wherever_it_sits(
    places: list[tuple[str, list[str], str, list[str]]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        expected: dict[tuple[str, ...], tuple[str, str]] = {}  # path parts -> (source, original)
        archives: dict[Path, list[tuple[str, str]]] = {}
        for original, above, kind, inside in places:
            name = original.replace("/", "-")
            where = root.joinpath(*above)
            member = "/".join([*inside, name])
            if kind == "zip":
                parts = (*above, "x.zip", *inside, name)
                source = f"{where / 'x.zip'}:{member}"
            elif kind == "gz":
                parts, source = (*above, name + ".gz"), f"{where / (name + '.gz')}:{name}"
            else:
                parts, source = (*above, name), str(where / name)
            if any(parts[: len(p)] == p or p[: len(parts)] == parts for p in expected):
                continue  # a file where a folder is, or twice in one place: drawn again elsewhere
            expected[parts] = (source, original)
            if kind == "zip":
                archives.setdefault(where / "x.zip", []).append((member, original))
                continue
            where.mkdir(parents=True, exist_ok=True)
            data = (TEST_DATA / original).read_bytes()
            (where / parts[-1]).write_bytes(gzip.compress(data) if kind == "gz" else data)
        for path, members in archives.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
                for member, original in members:
                    archive.write(TEST_DATA / original, member)
        result = CliRunner().invoke(main, ["check", "--format", "json", str(root)])
        got = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
        want = [
            _renamed(r, source)
            for _, (source, original) in sorted(expected.items())
            for r in alone(original)
        ]
        assert got == want
        sources = Sources([str(root)])
        list(sources)
        on_disk = sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
        assert sources.size == sources.position()[1] == on_disk
