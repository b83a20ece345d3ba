"""Speed of ``hilo equity`` against issue 12's targets: prints figures, asserts nothing.

    .venv/bin/python benchmarks/equity.py [--repeat N]

Whole-command figures run the installed ``hilo`` in a subprocess (start-up, numpy's import and output
included); "after start-up" figures time ``hilo_cli.equity.equity`` in this process once its tables
are warm. Each figure is the best of ``--repeat`` runs (default 3), since other work on the machine only
ever makes a run slower.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HILO = str(Path(sys.executable).parent / "hilo")

HEADS_UP = ["A=As 2s 3d Kh", "B=Kd Kc Qs Jh"]
THREE = [*HEADS_UP, "C=Ad 4c 5h 6s"]
SIX = ["A=As 2s 3d Kh", "B=Kd Kc Qs Jh", "C=Ad 4c 5h 6s", "D=7c 8c 9d Td", "E=Jc Qc 2d 3h", "F=4s 5s 6d 7h"]
FLOP = "Ah 8h 9s"


def _best(repeat: int, run: Callable[[], object]) -> tuple[float, float]:
    """The best wall time and the best CPU time (this process and its children: a busy machine stretches
    the first far more than the second)."""
    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), _cpu()
        run()
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu() - cpu)
    return min(walls), min(cpus)


def _cpu() -> float:
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _command(args: list[str]) -> Callable[[], object]:
    def run() -> object:
        return subprocess.run([HILO, "equity", *args], check=True, capture_output=True)
    return run


def _library(players: list[str], board: str, samples: int | None = None,
             method: str | None = None) -> Callable[[], object]:
    from hilo_cli.equity import equity
    from hilo_cli.formats.records import deal_from_record

    record = {"board": board, "pot": 100,
              "players": [{"name": p.split("=")[0], "hole": p.split("=")[1]} for p in players]}
    deal = deal_from_record(record)
    return lambda: equity(deal, samples=samples, method=method)


_COLD = """import time
from hilo_cli.equity import equity, vector
from hilo_cli.formats.records import deal_from_record
deal = deal_from_record({record!r})
start = time.perf_counter()
equity(deal)
print(time.perf_counter() - start)
"""


def _cold(players: list[str], board: str) -> float:
    """Seconds for the first run in a fresh process once hilo and numpy are imported: the tables are
    built as part of it (what "after start-up" means for one command)."""
    record = {"board": board, "pot": 100,
              "players": [{"name": p.split("=")[0], "hole": p.split("=")[1]} for p in players]}
    run = subprocess.run([sys.executable, "-c", _COLD.format(record=record)], check=True, capture_output=True,
                         text=True)
    return float(run.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    print(f"best of {repeat}; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    rows = [
        ("heads-up preflop, exact (1,086,008 runouts), whole command", 0.9,
         _command([*HEADS_UP, "--pot", "100"])),
        ("heads-up on a flop, exact (820 runouts), whole command (no numpy: each runout settled)", None,
         _command([*HEADS_UP, "--board", FLOP, "--pot", "100"])),
        ("six players on a flop, exact (300 runouts), whole command", 0.5,
         _command([*SIX, "--board", FLOP, "--pot", "100"])),
        ("three players preflop, 100,000 sampled, whole command", 1.0,
         _command([*THREE, "--pot", "100", "--samples", "100000"])),
        ("start-up: hilo equity --help", None, lambda: subprocess.run([HILO, "equity", "--help"], check=True,
                                                                       capture_output=True)),
    ]
    library = [
        ("heads-up on a flop, exact (820 runouts), after start-up", 0.05, _library(HEADS_UP, FLOP)),
        ("heads-up on a flop, exact, after start-up, vectorised (numpy imported)", None,
         _library(HEADS_UP, FLOP, method="vector")),
        ("six players on a flop, exact, after start-up", None, _library(SIX, FLOP)),
        ("heads-up preflop, exact, after start-up", None, _library(HEADS_UP, "")),
        ("three players preflop, 100,000 sampled, after start-up", None, _library(THREE, "", 100_000)),
    ]
    for label, target, players, board in [
        ("heads-up on a flop, exact, first run after imports (tables built)", 0.05, HEADS_UP, FLOP),
        ("six players on a flop, exact, first run after imports", None, SIX, FLOP),
        ("heads-up preflop, exact, first run after imports", None, HEADS_UP, ""),
    ]:
        seconds = min(_cold(players, board) for _ in range(repeat))
        verdict = "" if target is None else f"  target {target:.2f} s: {'met' if seconds < target else 'MISSED'}"
        print(f"{seconds:8.3f} s wall                {label}{verdict}")
    for label, target, run in rows + library:
        if "after start-up" in label:
            run()  # warm: numpy imported, tables loaded
        seconds, cpu = _best(repeat, run)
        verdict = "" if target is None else f"  target {target:.2f} s: {'met' if seconds < target else 'MISSED'}"
        print(f"{seconds:8.3f} s wall {cpu:7.3f} s CPU  {label}{verdict}")


if __name__ == "__main__":
    main()
