"""What ``hilo_cli.dask`` stands on, without dask (these run where it is not installed): a file's bytes
checked by ``check_history`` are the command's records for that file; each file's ``Tally`` and
``Luck``, merged in file order, are the command's closing summary over all of them; and neither
``import hilo_cli`` nor ``hilo check`` imports dask."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from conftest import ROOT, TEST_DATA
from dask_helpers import archives, as_printed, command, data_files, printed_summary, written

from hilo_cli import check_history
from hilo_cli.allin import Luck
from hilo_cli.formats.allin_out import summary_dict
from hilo_cli.formats.verdicts import Tally


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_a_files_bytes_are_checked_as_the_file(tmp_path: Path) -> None:
    """Bytes, or an open binary file, named ``source``: the records ``hilo check`` writes for the file
    of that name (archives read as archives), whatever the file's encoding."""
    for name in [*data_files(), *archives(tmp_path)]:
        printed, _ = command([name])
        raw = Path(name).read_bytes()
        assert written(list(check_history(raw, source=name))) == printed, name
        assert written(list(check_history(io.BytesIO(raw), source=name))) == printed, name


def test_bytes_with_no_name_are_named_so() -> None:
    raw = (TEST_DATA / "pokerstars" / "quartered.txt").read_bytes()
    assert {r["source"] for r in check_history(raw)} == {"<bytes>"}


@pytest.mark.parametrize("players", [(), pytest.param(("Eve", "Hero"), marks=pytest.mark.slow)])
def test_each_files_counts_merged_in_order_are_the_closing_summary(
    tmp_path: Path, players: tuple[str, ...]
) -> None:
    files = [*data_files(), *archives(tmp_path)]
    printed, stderr = command(files, "--all-in", *(f"--player={p}" for p in players))
    tally, luck, count = Tally(), Luck(players), 0
    for name in files:
        checked = check_history(name, all_in=True, players=players)
        for _ in checked:
            pass
        assert checked.luck is not None
        tally.merge(checked.tally)
        luck.merge(checked.luck)
        count += checked.files
    summary = {**tally.as_dict(), "files": count}
    assert as_printed(summary) == printed_summary(stderr)
    assert summary_dict(luck) == orjson.loads(printed[-1])["all_in_summary"]


def test_check_history_sums_chips_by_the_site_that_wrote_them() -> None:
    """The all-in summary of ``check_history`` is the command's, chips told apart by their site (a
    row's ``site``): PHH's chips are PHH's."""
    name = "tests/data/phh"
    printed, _ = command([name], "--all-in")
    found = check_history(name, all_in=True).summary["all_in"]
    assert found == orjson.loads(printed[-1])["all_in_summary"]
    assert {row["site"] for row in found["players"]} == {"phh"}


def test_merging_the_summaries_of_other_players_or_a_plot_is_refused() -> None:
    with pytest.raises(ValueError, match="different players"):
        Luck(["Eve"]).merge(Luck())
    plotted = Luck(plot=True)
    with pytest.raises(ValueError, match="plot"):
        Luck().merge(plotted)
    plotted.close()


def test_hilo_and_hilo_check_do_not_import_dask() -> None:
    """``import hilo_cli``, and a whole ``hilo check`` run, load no dask, distributed or fsspec."""
    code = (
        "import sys, hilo_cli\n"
        "from hilo_cli.cli import main\n"
        "try:\n"
        "    main(['check', '--format', 'json', '--all-in', 'tests/data/pokerstars'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed', 'fsspec'}),"
        " file=sys.stderr)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.stdout.count("\n") > 10  # the check ran
    assert run.stderr.strip().splitlines()[-1] == "[]", run.stderr
