"""A worker lost in the middle of a run (issue 32): its partitions run again on a worker that lives, so
no record is lost or doubled. A ``LocalCluster`` of two workers under nannies checks every file a few
times over; once some files are done and a worker is busy with others, its process is killed
(SIGKILL: no goodbye to the scheduler), and the records, put together in partition order, are still
``hilo check --format json``'s on the same files, line for line."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from dask_helpers import archives, cluster, command, data_files, needs_dask, shared_files, written

pytestmark = pytest.mark.slow  # a cluster's start, and a worker's death and restart: many seconds


def test_a_worker_killed_mid_run_loses_and_doubles_no_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    needs_dask()
    import dask
    from distributed import wait

    from hilo_cli.dask import check_bag

    monkeypatch.chdir(ROOT)
    files = [*data_files(), *archives(tmp_path), *shared_files()] * 3  # long enough to kill mid-run
    printed, _ = command(files)
    # The scheduler's log keeps every transition of the run, to count how often each task was sent.
    with dask.config.set({"distributed.admin.low-level-log-length": 10**6}), cluster() as client:
        parts = check_bag(files).to_delayed()
        futures = client.compute(parts)
        victim, busy, done = _kill_a_busy_worker(client, futures)
        wait(futures)
        records = [r for part in client.gather(futures) for r in part]
        workers = client.scheduler_info()["workers"]
        story = client.run_on_scheduler(_runs, busy)
    assert busy, "the worker killed had no partition in hand"
    assert 0 < done < len(futures), "the kill came before or after the run, not during it"
    assert victim not in workers  # the scheduler lost it (its nanny started another)
    assert story and max(story.values()) >= 2, story  # what it held was sent again, to another
    assert written(records) == printed


def _kill_a_busy_worker(client: Any, futures: list[Any]) -> tuple[str, list[str], int]:
    """Once a partition is done, kill (SIGKILL) the process of a worker with partitions in hand: its
    address, what it had in hand, and how many partitions were done by then."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        done = sum(f.done() for f in futures)
        held = {w: list(keys) for w, keys in client.processing().items() if keys}
        if done and held:
            victim = next(iter(held))
            pid = client.run(os.getpid, workers=[victim])[victim]
            os.kill(pid, signal.SIGKILL)
            return victim, held[victim], done
        time.sleep(0.01)
    raise AssertionError("no partition finished in two minutes")


def _runs(keys: list[Any], dask_scheduler: Any) -> dict[str, int]:
    """How many times the scheduler sent each of ``keys`` to a worker to run (run on the scheduler,
    from its log of transitions)."""
    wanted = {str(k): 0 for k in keys}
    for key, _start, finish, *_ in dask_scheduler.transition_log:
        if finish == "processing" and str(key) in wanted:
            wanted[str(key)] += 1
    return wanted
