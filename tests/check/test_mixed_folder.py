"""``hilo check FOLDER`` on a folder that mixes every site's files (issue 18, "Done when"): each file is
read with its own reader, whatever the other files around it are.

The folder is built in tmp_path from the project's own files (tests/data/<site>/, one folder per reader,
PHH and PokerStars included), each copied under the name ``<site>-<file>``, so that a reader whose
``detect`` claims another site's file, or a file no reader claims, shows up as records that differ from
reading the same file with ``--input-format <site>``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import TEST_DATA

from hilo_cli.cli import main
from hilo_cli.histories import HandText, hands, input_formats, suffixes

DATA = TEST_DATA


def _site_files() -> dict[str, list[Path]]:
    known = suffixes()
    return {
        site: sorted(p for p in (DATA / site).iterdir() if p.name.lower().endswith(known))
        for site in input_formats()
        if (DATA / site).is_dir()
    }


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[Path, str]]:
    """The mixed folder and the site of each of its files."""
    root = tmp_path_factory.mktemp("mixed")
    site_of: dict[Path, str] = {}
    for site, files in _site_files().items():
        for p in files:
            copy = root / f"{site}-{p.name}"
            shutil.copyfile(p, copy)
            site_of[copy] = site
    return root, site_of


def _by_source(output: str) -> dict[str, list[dict[str, object]]]:
    found: dict[str, list[dict[str, object]]] = {}
    for line in output.splitlines():
        if line.strip():
            record = json.loads(line)
            found.setdefault(str(record["source"]), []).append(record)
    return found


def test_every_reader_has_files_of_its_own_in_the_folder() -> None:
    files = _site_files()
    assert set(files) == set(input_formats()) and all(files.values())


def test_each_file_is_detected_as_its_own_site(folder: tuple[Path, dict[Path, str]]) -> None:
    _, site_of = folder
    for path, site in site_of.items():
        with path.open("rb") as stream:
            found = {
                piece.reader if isinstance(piece, HandText) else None
                for piece in hands(str(path), stream)
            }
        assert found - {None} == {site}, (
            path.name
        )  # None: a hand that is an error before it is read


def test_the_folder_reads_each_file_as_its_own_reader_does(
    folder: tuple[Path, dict[Path, str]],
) -> None:
    root, site_of = folder
    runner = CliRunner()
    mixed = runner.invoke(main, ["check", "--format", "json", str(root)])
    assert (
        mixed.exit_code == 2
    )  # the bad-input files: errors (2 before a MISMATCH's 1), and no traceback
    together = _by_source(mixed.stdout)
    assert set(together) == {str(p) for p in site_of}  # every file gave records, nothing else did
    for path, site in sorted(site_of.items()):
        alone = runner.invoke(
            main, ["check", "--format", "json", "--input-format", site, str(path)]
        )
        assert together[str(path)] == _by_source(alone.stdout)[str(path)], path.name
