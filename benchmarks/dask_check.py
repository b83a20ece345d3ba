"""``hilo check`` on Dask (issue 32) against ``hilo check --jobs``: the same files, hands per second.

    python benchmarks/dask_check.py [--hands 20000] [--files 20] [--small 400] [--seed 1]

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

Nothing asserts a time; it prints figures, with the load average before each run (the machine may be
shared: read the figures with it).
"""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def command(files: list[str], jobs: int) -> float:
    """Seconds for ``hilo check --format json --jobs JOBS FILES``, output thrown away."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        subprocess.run(
            [HILO, "check", "--format", "json", "--jobs", str(jobs), *files],
            stdout=sink,
            stderr=subprocess.DEVNULL,
            check=False,
        )
    return time.perf_counter() - start


def on_dask(files: list[str], workers: int, collect: bool = False) -> float:
    """Seconds for the files' summary (or, ``collect``, every record) on a new cluster of ``workers``."""
    from distributed import Client, LocalCluster

    from hilo_cli.dask import check_bag, check_summary

    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        client.run(
            lambda: __import__("hilo_cli.dask")
        )  # every worker imports hilo before the clock
        check_summary(check_bag(files[:1])).compute()
        start = time.perf_counter()
        bag = check_bag(files)
        found = len(bag.compute()) if collect else check_summary(bag).compute()["hands"]
        seconds = time.perf_counter() - start
    assert found > 0
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--small", type=int, default=400, help="files for the cost of a partition")
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

        def report(what: str, seconds: float) -> None:
            print(f"{what}: {seconds:.2f} s, {args.hands / seconds:,.0f} hands/s", flush=True)

        for jobs in (1, 2):
            before = load()
            report(f"hilo check --jobs {jobs} ({before})", command(files, jobs))
        for workers in (1, 2):
            before = load()
            report(
                f"Dask, {workers} worker{'s' * (workers > 1)}, summary ({before})",
                on_dask(files, workers),
            )
        before = load()
        report(
            f"Dask, 2 workers, every record to the client ({before})",
            on_dask(files, 2, collect=True),
        )
        small = cut(whole, Path(tmp) / "small", args.small)
        before = load()
        many = on_dask(small, 1)
        few = on_dask(files, 1)
        report(f"Dask, 1 worker, {len(small)} files ({before})", many)
        per = (many - few) / (len(small) - len(files))
        print(
            f"a partition costs {per * 1000:.1f} ms beyond its hands "
            f"({len(small)} files {many:.2f} s against {len(files)} files {few:.2f} s, 1 worker; {load()})",
            flush=True,
        )


if __name__ == "__main__":
    main()
