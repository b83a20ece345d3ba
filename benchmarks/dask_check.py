"""``hilo check`` on Dask (issue 32) against ``hilo check --jobs``: the same files, hands per second.

    python benchmarks/dask_check.py [--hands 20000] [--files 20] [--small 400] [--repeat 2] [--seed 1]

The hands are check_pokerstars.py's (the project's own PokerStars hands, repeated with new numbers and
suits renamed), cut into ``--files`` files. Timed on them, each run end to end on warm workers:

* ``hilo check --format json --jobs 1`` and ``--jobs 2`` on the files (a subprocess, its output thrown
  away; the start of the process counts, about 0.1 s);
* ``check_summary(check_bag(files))`` on a ``LocalCluster`` of 1 worker, then of 2 (one thread each):
  every file checked on the workers, only the summary sent back (the cluster's start does not count;
  its workers have imported hilo on a first file before the clock starts);
* the same 2 workers collecting every record to the client (``check_bag(files).compute()``): what
  sending the records costs beside checking them;
* the cost of a partition: the same hands cut into ``--small`` files, summed on 1 worker; the time
  beyond the ``--files`` run, over the partitions added.

Each figure is the fastest of ``--repeat`` runs, its wall time and the CPU time of all its processes
(hilo's and its ``--jobs`` workers'; Dask's workers', and this process's, where a LocalCluster's
scheduler and the client run): on a shared machine the CPU says what the work costs, the wall time
what the load left of it. Nothing asserts a time; it prints figures, with the
load average before each (the machine may be shared: read the figures with it).
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from check_pokerstars import machine_speed, write

HILO = str(Path(sys.executable).parent / "hilo")


def cut(path: Path, folder: Path, files: int) -> list[str]:
    """The hands of ``path`` cut into ``files`` files in ``folder`` (names in order)."""
    hands = path.read_text(encoding="utf-8").strip("\n").split("\n\n\n")
    per = max(1, -(-len(hands) // files))
    folder.mkdir()
    names = []
    for n, start in enumerate(range(0, len(hands), per)):
        name = folder / f"hands-{n:05d}.txt"
        name.write_text("\n\n\n".join(hands[start : start + per]) + "\n", encoding="utf-8")
        names.append(str(name))
    return names


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}"


class Run(NamedTuple):
    """One run's wall seconds and CPU seconds (every process of it: hilo and its workers; or the
    workers, the scheduler and the client)."""

    wall: float
    cpu: float


def command(files: list[str], jobs: int, repeat: int) -> Run:
    """``hilo check --format json --jobs JOBS FILES``, output thrown away (the fastest of ``repeat``)."""
    runs = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        with open(os.devnull, "wb") as sink:
            subprocess.run(
                [HILO, "check", "--format", "json", "--jobs", str(jobs), *files],
                stdout=sink,
                stderr=subprocess.DEVNULL,
                check=False,
            )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        runs.append(Run(wall, _cpu(after) - _cpu(before)))
    return min(runs)


def _cpu(used: resource.struct_rusage) -> float:
    return used.ru_utime + used.ru_stime


def _worker_cpu() -> float:
    """A worker's own CPU seconds so far (run on each worker)."""
    import psutil

    times = psutil.Process().cpu_times()
    return float(times.user + times.system)


def on_dask(files: list[str], workers: int, repeat: int, collect: bool = False) -> Run:
    """The files' summary (or, ``collect``, every record to the client) on a new cluster of
    ``workers`` (the fastest of ``repeat`` runs)."""
    from distributed import Client, LocalCluster

    from hilo_cli.dask import check_bag, check_summary

    runs = []
    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        check_summary(check_bag(files[:1])).compute()  # every worker imports hilo before the clock
        client.run(_worker_cpu)
        for _ in range(repeat):
            before = sum(client.run(_worker_cpu).values()) + _cpu(resource.getrusage(SELF))
            start = time.perf_counter()
            bag = check_bag(files)
            found = len(bag.compute()) if collect else check_summary(bag).compute()["hands"]
            wall = time.perf_counter() - start
            after = sum(client.run(_worker_cpu).values()) + _cpu(resource.getrusage(SELF))
            assert found > 0
            runs.append(Run(wall, after - before))
    return min(runs)


SELF = resource.RUSAGE_SELF  # the client, and the scheduler of a LocalCluster, in this process


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--small", type=int, default=400, help="files for the cost of a partition")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each, the fastest counts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        whole = Path(tmp) / "year.txt"
        size = write(whole, args.hands, args.seed)
        files = cut(whole, Path(tmp) / "files", args.files)
        print(
            f"{args.hands:,} hands, {size / 1e6:.1f} MB, in {len(files)} files; machine: a "
            f"3,000,000-step Python loop takes {machine_speed():.2f} s on {os.cpu_count()} cores",
            flush=True,
        )

        def report(what: str, run: Run, before: str) -> None:
            print(
                f"{what}: {run.wall:.2f} s, {args.hands / run.wall:,.0f} hands/s; "
                f"{run.cpu:.2f} s of CPU, {args.hands / run.cpu:,.0f} hands a CPU-second ({before})",
                flush=True,
            )

        for jobs in (1, 2):
            before = load()
            report(f"hilo check --jobs {jobs}", command(files, jobs, args.repeat), before)
        for workers in (1, 2):
            before = load()
            run = on_dask(files, workers, args.repeat)
            report(f"Dask, {workers} worker{'s' * (workers > 1)}, summary", run, before)
        before = load()
        run = on_dask(files, 2, args.repeat, collect=True)
        report("Dask, 2 workers, every record to the client", run, before)
        small = cut(whole, Path(tmp) / "small", args.small)
        before = load()
        many = on_dask(small, 1, args.repeat)
        few = on_dask(files, 1, args.repeat)
        report(f"Dask, 1 worker, {len(small)} files", many, before)
        added = len(small) - len(files)
        print(
            f"a partition costs {(many.wall - few.wall) / added * 1000:.1f} ms of wall time and "
            f"{(many.cpu - few.cpu) / added * 1000:.1f} ms of CPU beyond its hands ({len(small)} "
            f"files against {len(files)}, 1 worker; {load()})",
            flush=True,
        )


if __name__ == "__main__":
    main()
