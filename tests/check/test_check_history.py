"""``hilo_cli.check_history`` on a folder (issue 30, "For scripts and data tools"): the very objects
``hilo check --format json FOLDER`` prints, read by the same walking of files, folders and archives,
and then its ``summary``: each verdict counted in all and per site, and with ``all_in`` the all-in
summary ``hilo check --all-in`` prints last.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import TEST_DATA
from test_folders import build

import hilo_cli
from hilo_cli.cli import main
from hilo_cli.histories import PLUGINS

VERDICTS = {"OK": "ok", "MISMATCH": "mismatch", "NOT CHECKABLE": "not_checkable"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("api")
    build(root)
    return root


def _printed(*args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(main, ["check", "--format", "json", *args])
    assert "Traceback" not in result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def _status(record: dict[str, Any]) -> str:
    return VERDICTS[record["check"]["verdict"]] if "check" in record else "error"


def test_a_folder_all_in_gives_what_hilo_check_all_in_prints(folder: Path) -> None:
    *printed, last = _printed("--all-in", str(folder))
    checked = hilo_cli.check_history(folder, all_in=True)
    assert list(checked) == printed
    summary = checked.summary
    assert summary["all_in"] == last["all_in_summary"]
    counts = Counter(_status(r) for r in printed)
    assert {k: summary[k] for k in ("ok", "mismatch", "not_checkable", "error")} == {
        k: counts[k] for k in ("ok", "mismatch", "not_checkable", "error")
    }
    assert summary["hands"] == len(printed) == sum(s["hands"] for s in summary["by_site"])
    titles = [s["title"] for s in summary["by_site"]]
    known = [plugin.title for plugin in PLUGINS]
    assert titles == [t for t in known if t in titles] + ["no reader"] * ("no reader" in titles)
    assert set(titles) >= set(known)  # every site's files are in the folder
    files = sum(1 for p in folder.rglob("*") if p.is_file() and p.suffix in (".zip", ".gz"))
    assert summary["files"] > files  # the archives count one each, beside the plain files


def test_the_summary_asked_first_checks_every_hand(folder: Path) -> None:
    checked = hilo_cli.check_history(str(folder))
    first = next(checked)
    summary = checked.summary
    assert summary["hands"] == len(_printed(str(folder)))
    assert "all_in" not in summary
    assert list(checked) == []  # the rest were checked for the summary, and not kept
    assert first == _printed(str(folder))[0]


def test_not_recursive_and_an_archive_alone(folder: Path) -> None:
    assert list(hilo_cli.check_history(folder, recursive=False)) == _printed(
        "--no-recursive", str(folder)
    )
    zipped = hilo_cli.check_history(folder / "export.zip")
    assert list(zipped) == _printed(str(folder / "export.zip"))
    assert zipped.summary["files"] == 1
    assert {s["site"] for s in zipped.summary["by_site"]} == {"cake", "merge", "winning"}


def test_a_text_or_a_file_has_a_summary_too(tmp_path: Path) -> None:
    path = tmp_path / "changed.phh"
    shutil.copyfile(TEST_DATA / "phh" / "changed.phh", path)
    checked = hilo_cli.check_history(path)
    assert [h["check"]["verdict"] for h in checked] == ["MISMATCH"]
    assert checked.summary == {
        "hands": 1,
        "ok": 0,
        "mismatch": 1,
        "not_checkable": 0,
        "error": 0,
        "kinds": {"odd_chips": 0, "payout": 1, "site": 0, "house": 0},  # issue 28
        "by_site": [
            {
                "site": "phh",
                "title": "PHH",
                "hands": 1,
                "ok": 0,
                "mismatch": 1,
                "not_checkable": 0,
                "error": 0,
                "kinds": {"odd_chips": 0, "payout": 1, "site": 0, "house": 0},
            }
        ],
        "files": 1,
    }
    text = hilo_cli.check_history(path.read_text(), all_in=True)
    assert [h["check"]["verdict"] for h in text] == ["MISMATCH"]
    assert text.summary["all_in"]["hands"] == 1


def test_a_path_that_is_not_there_raises(tmp_path: Path) -> None:
    with pytest.raises(hilo_cli.HiloError, match="cannot read: No such file"):
        hilo_cli.check_history(tmp_path / "missing")
