"""``hilo check`` of each reader on generated files of N hands: time, CPU and peak memory (issue 16).

    python benchmarks/readers.py [--hands 1000 10000 100000] [--readers pokerstars phh] [--jobs 1 2]
                                 [--seed 1] [--limit 600] [--keep DIR]

The files: PokerStars from ``check_pokerstars.write`` (the project's own PokerStars hands, the bad-input
file left out, repeated with new hand numbers and each copy's suits renamed: side pots with rake, a
quartered pot, odd cents, no showdown, a hand run twice, stud hi/lo, a mixed-game table, a cancelled hand
and two tampered payouts); PHH a ``.phhs`` collection of the project's own ``.phh`` hands (hi/lo halves, a
quartered pot, side pots with a returned bet, a mucked dead hand, a changed payout), each copy a
``[table]`` of its own with its suits renamed the same way. Every hand keeps its verdict, so the files
check as the originals do (exit 1: the tampered and changed hands).

Each row is one ``hilo check FILE --format json --jobs J`` run as a subprocess, its output counted and
thrown away: wall seconds; CPU seconds of hilo and its workers (user + sys, from ``os.wait4``: the work,
whatever the load of a shared machine); hands per CPU-second (the issue's goal: 2,500 per core for
PokerStars and PHH); peak resident memory of the largest of those processes (``ru_maxrss``; goal under
200 MB and flat as the file grows); and the records written (one per hand). A run longer than
``--limit`` seconds is stopped and shown as such. Nothing asserts a time: the script prints figures.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import NamedTuple

from check_pokerstars import machine_speed
from check_pokerstars import write as write_pokerstars

ROOT = Path(__file__).resolve().parents[1]
PHH = ROOT / "tests" / "data" / "phh"
HILO = str(Path(sys.executable).parent / "hilo")
_CARD = re.compile(r"([2-9TJQKA])([cdhs])")


def _rename(suits: dict[str, str], m: re.Match[str]) -> str:
    return m.group(1) + suits[m.group(2)]


def write_phh(path: Path, count: int, seed: int) -> int:
    """A ``.phhs`` collection of ``count`` hands (the own ``.phh`` files in turn, suits renamed); bytes."""
    rng = random.Random(seed)
    hands = [p.read_text(encoding="utf-8") for p in sorted(PHH.glob("*.phh"))]
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            suits = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
            head, actions, tail = hands[n % len(hands)].partition("actions =")
            out.write(
                f"[hand-{n + 1}]\n{head}{actions}{_CARD.sub(partial(_rename, suits), tail)}\n"
            )
    return path.stat().st_size


WRITERS = {"pokerstars": (write_pokerstars, ".txt"), "phh": (write_phh, ".phhs")}


class Row(NamedTuple):
    reader: str
    hands: int
    mb: float
    jobs: int
    wall: float
    cpu: float
    rss_mb: float
    records: int
    status: str


def run_check(path: Path, jobs: int, limit: float) -> tuple[float, float, float, int, str]:
    """One ``hilo check`` run: wall s, CPU s (hilo and its workers), peak RSS MB, records, exit status."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            [HILO, "check", str(path), "--format", "json", "--jobs", str(jobs)],
            stdout=subprocess.PIPE,
            stderr=err,
            start_new_session=True,
        )
        assert proc.stdout is not None
        stopped: list[bool] = []

        def stop() -> None:  # the run's own process group: hilo and its workers
            stopped.append(True)
            os.killpg(proc.pid, signal.SIGKILL)

        timer = threading.Timer(limit, stop)
        timer.start()
        records = 0
        while chunk := proc.stdout.read(1 << 20):
            records += chunk.count(b"\n")
        _, status, usage = os.wait4(proc.pid, 0)
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    shown = f"stopped after {limit:.0f} s" if stopped else f"exit {proc.returncode}"
    return wall, cpu, usage.ru_maxrss / 1024, records, shown


def measure(
    reader: str, hands: int, jobs_list: list[int], seed: int, limit: float, keep: Path | None
) -> list[Row]:
    write, suffix = WRITERS[reader]
    with tempfile.TemporaryDirectory() as tmp:
        path = (keep or Path(tmp)) / f"{reader}-{hands}{suffix}"
        size = write(path, hands, seed) / 1e6
        rows = []
        for jobs in jobs_list:
            wall, cpu, rss, records, status = run_check(path, jobs, limit)
            rows.append(Row(reader, hands, size, jobs, wall, cpu, rss, records, status))
            print(_line(rows[-1]), flush=True)
        return rows


HEADER = (
    f"{'reader':<11} {'hands':>8} {'file MB':>8} {'jobs':>4} {'wall s':>8} {'CPU s':>8} "
    f"{'hands/CPU-s':>11} {'peak RSS MB':>11} {'records':>8}  status"
)


def _line(row: Row) -> str:
    rate = row.records / row.cpu if row.cpu else 0.0
    return (
        f"{row.reader:<11} {row.hands:>8,} {row.mb:>8.1f} {row.jobs:>4} {row.wall:>8.2f} {row.cpu:>8.2f} "
        f"{rate:>11,.0f} {row.rss_mb:>11.1f} {row.records:>8,}  {row.status}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--readers", nargs="+", choices=list(WRITERS), default=list(WRITERS))
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--limit", type=float, default=600.0, help="stop a run after this many seconds"
    )
    parser.add_argument(
        "--keep", type=Path, help="write the generated files into this folder and keep them"
    )
    args = parser.parse_args()
    print(
        f"machine: a 3,000,000-step Python loop takes {machine_speed():.2f} s; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        flush=True,
    )
    print(HEADER, flush=True)
    rows = [
        row
        for reader in args.readers
        for hands in args.hands
        for row in measure(reader, hands, args.jobs, args.seed, args.limit, args.keep)
    ]
    print(
        f"\nload average {os.getloadavg()[0]:.1f} at the end; hands/CPU-s counts the records written "
        "(a stopped run: those so far)\n"
    )
    print(HEADER)
    for row in rows:
        print(_line(row))


if __name__ == "__main__":
    main()
