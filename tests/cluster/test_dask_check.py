"""``hilo_cli.dask`` (issue 32): the records of ``check_bag`` are ``hilo check --format json``'s, byte
for byte once written with orjson, and ``check_summary`` is the command's closing summary and all-in
summary, on a ``LocalCluster`` of two workers (slow: a cluster takes seconds to start) and, for the
quick loop, with Dask's synchronous scheduler.

The files: every file of tests/data, archives of them, a file that is not there, and where present
every file of ../shared/handhistories (its notes too: the command makes each an error record)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from conftest import ROOT, TEST_DATA
from dask_helpers import (
    archives,
    as_printed,
    cluster,
    command,
    data_files,
    needs_dask,
    printed_summary,
    shared_files,
    written,
)


def _files(tmp_path: Path) -> list[str]:
    return [*data_files(), *archives(tmp_path), str(tmp_path / "missing.txt"), *shared_files()]


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    needs_dask()
    monkeypatch.chdir(ROOT)  # the files are named as a run from the repository names them


@pytest.mark.slow
def test_the_records_on_a_cluster_are_what_hilo_check_writes(tmp_path: Path) -> None:
    import dask

    from hilo_cli.dask import check_bag

    files = _files(tmp_path)
    printed, _ = command(files)
    with cluster() as client:
        bag = check_bag(files)
        assert bag.npartitions == len(files)  # one partition a file
        (records,) = dask.compute(bag, scheduler=client)
        where = client.run(lambda: __import__("os").getpid())
    assert len(set(where.values())) == 2  # two worker processes did it
    assert written(records) == printed
    sources = {r["source"] for r in records}
    assert f"{tmp_path}/export.zip:2024/quartered.txt" in sources
    assert f"{tmp_path}/run-twice.txt.gz:run-twice.txt" in sources
    assert str(tmp_path / "missing.txt") in sources


@pytest.mark.slow
def test_the_summary_on_a_cluster_is_the_closing_summary_of_hilo_check(tmp_path: Path) -> None:
    import dask

    from hilo_cli.dask import check_bag, check_summary

    files = _files(tmp_path)
    printed, stderr = command(files, "--all-in")
    with cluster() as client:
        bag = check_bag(files, all_in=True)
        records, summary = dask.compute(bag, check_summary(bag), scheduler=client)
    assert written(records) == printed[:-1]  # the command's last line is the all-in summary
    assert as_printed(summary) == printed_summary(stderr)
    assert summary["all_in"] == orjson.loads(printed[-1])["all_in_summary"]
    assert summary["hands"] == len(records) and summary["files"] == len(files)


def test_the_records_are_what_hilo_check_writes(tmp_path: Path) -> None:
    """The quick loop's case: the same, on Dask's synchronous scheduler (every partition in this
    process, pickled by nothing); the players' all-in summary named."""
    import dask

    from hilo_cli.dask import check_bag, check_summary

    files = [*data_files(), *archives(tmp_path), str(tmp_path / "missing.txt")]
    printed, stderr = command(files, "--player", "Eve", "--player", "Hero")
    bag = check_bag(files, players=["Eve", "Hero"])
    records, summary = dask.compute(bag, check_summary(bag), scheduler="sync")
    assert written(records) == printed[:-1]
    assert as_printed(summary) == printed_summary(stderr)
    assert summary["all_in"] == orjson.loads(printed[-1])["all_in_summary"]
    assert {p["name"] for p in summary["all_in"]["players"]} == {"Eve", "Hero"}


def test_a_folder_is_read_as_hilo_check_reads_it(tmp_path: Path) -> None:
    """``check_bag(FOLDER)``: its history files, subfolders in their place, hidden names skipped."""
    import dask

    from hilo_cli.dask import check_bag, history_files

    folder = tmp_path / "archive"
    for site in ("pokerstars", "phh", "ipoker"):
        (folder / site).mkdir(parents=True)
        for path in sorted((TEST_DATA / site).iterdir())[:3]:
            (folder / site / path.name).write_bytes(path.read_bytes())
    (folder / "notes.md").write_text("not a history\n")  # a name no reader claims: not read
    (folder / ".hidden.txt").write_bytes((TEST_DATA / "pokerstars" / "quartered.txt").read_bytes())
    (folder / "phh" / "sub").mkdir()
    (folder / "phh" / "sub" / "a.phh").write_bytes(
        next((TEST_DATA / "phh").glob("*.phh")).read_bytes()
    )
    printed, _ = command([str(folder)])
    (records,) = dask.compute(check_bag(str(folder)), scheduler="sync")
    assert written(records) == printed
    names = [f.source for f in history_files(folder)]
    assert not any(".hidden" in n or n.endswith(".md") for n in names)
    assert str(folder / "phh" / "sub" / "a.phh") in names
    flat = [f.source for f in history_files(folder / "phh", recursive=False)]
    assert str(folder / "phh" / "sub" / "a.phh") not in flat and flat


def test_a_url_is_read_through_fsspec(tmp_path: Path) -> None:
    """A ``file://`` URL (any protocol fsspec knows reads the same way): records named by the URL, and
    otherwise the command's for the file."""
    import dask

    from hilo_cli.dask import check_bag

    path = TEST_DATA / "pokerstars" / "quartered.txt"
    url = f"file://{path}"
    printed, _ = command([str(path)])
    (records,) = dask.compute(check_bag([url]), scheduler="sync")
    assert [
        {**r, "source": str(path), "where": r["where"].replace(url, str(path))} for r in records
    ] == [orjson.loads(line) for line in printed]
    assert {r["source"] for r in records} == {url}
    glob = f"file://{TEST_DATA}/pokerstars/*.txt"
    (found,) = dask.compute(check_bag(glob), scheduler="sync")
    assert {r["source"] for r in found} == {
        f"file://{p}" for p in sorted((TEST_DATA / "pokerstars").glob("*.txt"))
    }


def test_nothing_to_check_is_an_error(tmp_path: Path) -> None:
    from hilo_cli import HiloError
    from hilo_cli.dask import check_bag

    with pytest.raises(HiloError, match="no files match"):
        check_bag(str(tmp_path / "*.txt"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(HiloError, match="no hand history files"):
        check_bag(tmp_path / "empty")
    with pytest.raises(HiloError, match="no files to check"):
        check_bag([])


def test_the_summary_needs_the_bag_check_bag_returns() -> None:
    from hilo_cli.dask import check_bag, check_summary

    bag = check_bag([str(TEST_DATA / "pokerstars" / "quartered.txt")])
    with pytest.raises(TypeError, match="the bag check_bag returns"):
        check_summary(bag.map(dict)).compute(scheduler="sync")
