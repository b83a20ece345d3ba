"""Speed of ``hilo equity`` over a table of spots (issue 19): prints figures, asserts nothing.

    .venv/bin/python benchmarks/equity.py [--repeat N] [--reference-runouts N] [--only TEXT]

Each row is one spot (game, options, players, board cards known). Figures are CPU seconds, not wall
time: the machine is shared, and a loaded machine stretches wall time but hardly the CPU a run takes.

* ``command CPU``: the whole ``hilo equity`` command in a subprocess (start-up, numpy's import, output),
  its CPU time (user + system of the child), best of ``--repeat``;
* ``library CPU``: ``hilo_cli.equity.equity`` in this process once warm (tables built), best of
  ``--repeat``; ``runouts/s`` is the runouts it dealt over that;
* ``reference runouts/s``: the pure-Python path (``method="plain"``: ``settle()`` on every runout, one at
  a time) on ``--reference-runouts`` sampled runouts of the same spot;
* ``how``: exact or sampled, as the command decides (from counts, issue 19 item 1).
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

HILO = str(Path(sys.executable).parent / "hilo")


class Spot(NamedTuple):
    label: str
    args: list[str]


SAME_RANKS = ["A=As 2s 3s Ks", "B=Ah 2h 3h Kh", "C=Ad 2d 3d Kd"]
HEADS_UP = ["A=As 2s 3d Kh", "B=Kd Kc Qs Jh"]
THREE = [*HEADS_UP, "C=Ad 4c 5h 6s"]
SIX = [*THREE, "D=7c 8c 9d Td", "E=Jc Qc 2d 3h", "F=4s 5s 6d 7h"]
BIG_O4 = ["A=As 2s 3d Kh Qc", "B=Kd Kc Qs Jh Td", "C=Ad 4c 5h 6s 7d", "D=7c 8c 9d Tc 2h"]
# Six-card hands of the same ranks in different suits: most halves tie, so the suit rule has work.
SIX_CARD5 = [
    "A=As 2s 3s 4s Ks Qs",
    "B=Ah 2h 3h 4h Kh Qh",
    "C=Ad 2d 3d 4d Kd Qd",
    "D=Jc Tc 9c 8c 7c 6c",
    "E=Js Th 9h 8d 7s 6h",
]

EITHER = ["--multi-board", "either"]
SUIT = ["--pot", "101", *EITHER, "--odd-chip", "suit"]

SPOTS = [
    Spot("omaha8, 2 players, no board", [*HEADS_UP, "--pot", "100"]),
    Spot("omaha8, 2 players, flop", [*HEADS_UP, "--board", "Ah 8h 9s", "--pot", "100"]),
    Spot("omaha8, 6 players, flop", [*SIX, "--board", "Ah 8h 9s", "--pot", "100"]),
    Spot("omaha8, 6 players, no board", [*SIX, "--pot", "100"]),
    Spot(
        "omaha8, 3 players, no board, --samples 100000",
        [*THREE, "--pot", "100", "--samples", "100000"],
    ),
    Spot(
        "omaha8, 3 players, no board, --qualifier none",
        [*THREE, "--pot", "101", "--qualifier", "none"],
    ),
    Spot(
        "omaha8, 3 players, no board, --odd-chip suit, pot 101",
        [*THREE, "--pot", "101", "--odd-chip", "suit"],
    ),
    Spot(
        "omaha8, 3 same ranks, no board, --odd-chip suit, pot 101 (issue 19)",
        [*SAME_RANKS, "--pot", "101", "--odd-chip", "suit"],
    ),
    Spot(
        "omaha8, 3 same ranks, no board, --odd-chip button, pot 101", [*SAME_RANKS, "--pot", "101"]
    ),
    Spot(
        "omaha8-5, 4 players, flop, --odd-chip suit --qualifier none (issue 19)",
        [
            "--game",
            "omaha8-5",
            *BIG_O4,
            "--board",
            "Ah 8h 9s",
            "--pot",
            "101",
            "--odd-chip",
            "suit",
            "--qualifier",
            "none",
        ],
    ),
    Spot(
        "omaha8-6, 5 players, 1 board card, --odd-chip suit (issue 19)",
        ["--game", "omaha8-6", *SIX_CARD5, "--board", "5c", "--pot", "103", "--odd-chip", "suit"],
    ),
    Spot("omaha8-6, 2 players, no board", ["--game", "omaha8-6", *SIX_CARD5[:2], "--pot", "100"]),
    Spot(
        "omaha-5, 4 players, no board (high only)", ["--game", "omaha-5", *BIG_O4, "--pot", "100"]
    ),
    Spot(
        "courchevel8, 4 players, first card",
        ["--game", "courchevel8", *BIG_O4, "--board", "Ah", "--pot", "100"],
    ),
    Spot(
        "omaha8, 3 players, 2 boards from the flop",
        [*THREE, "--board", "Ah 8h 9s", "--board", "Ah 8h 9s", "--pot", "100"],
    ),
    Spot(
        "omaha8, 3 players, 2 boards from the flop, --multi-board either",
        [*THREE, "--board", "Ah 8h 9s", "--board", "Ah 8h 9s", *["--pot", "100"], *EITHER],
    ),
    Spot(
        "omaha8-5, 3 players, 2 boards, 3 cards each, --multi-board either --odd-chip suit",
        ["--game", "omaha8-5", *BIG_O4[:3], "--board", "Ah 8h 9s", "--board", "2d 3h Ts", *SUIT],
    ),
    Spot(
        "omaha8, 2 players, one hand ?? ??, turn",
        ["A=As 2s 3d Kh", "B=Kd Kc ?? ??", "--board", "Ah 8h 9s Tc", "--pot", "100"],
    ),
    Spot(
        "stud8, 2 players, sixth street",
        ["--game", "stud8", "A=As 2s 3d 4c 9h Kd", "B=Jc 7c 7d 7h Qs Ts", "--pot", "120"],
    ),
]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _command(args: list[str], repeat: int) -> tuple[float, str]:
    best, how = float("inf"), ""
    for _ in range(repeat):
        before = _children_cpu()
        run = subprocess.run(
            [HILO, "equity", *args, "--format", "json"], check=True, capture_output=True
        )
        best = min(best, _children_cpu() - before)
        import json

        out = json.loads(run.stdout)
        how = f"exact {out['runouts']:,}" if out["exact"] else f"sampled {out['runouts']:,}"
    return best, how


def _deal(args: list[str]) -> tuple[object, tuple[object, ...], int | None]:
    """The deal, dead cards and samples of a command line, as ``hilo equity`` builds them."""
    from click.testing import CliRunner

    from hilo_cli.cli import equity as command

    found: dict[str, object] = {}

    def capture(
        deal: object, dead: object = (), samples: int | None = None, *rest: object, **kw: object
    ) -> object:
        found.update(deal=deal, dead=dead, samples=samples)
        raise SystemExit(0)

    import hilo_cli.equity as library

    original = library.equity
    library.equity = capture  # type: ignore[assignment]
    try:
        CliRunner().invoke(command.equity, args)
    finally:
        library.equity = original
    return found["deal"], tuple(found["dead"]), found["samples"]  # type: ignore[arg-type]


def _best(repeat: int, run: Callable[[], object]) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        out = run()
        best = min(best, time.process_time() - start)
    return best, out


def _reference(deal: object, dead: tuple[object, ...], n: int) -> Callable[[], object]:
    """The pure-Python path on ``n`` sampled runouts: ``settle()`` on each, one at a time (under
    --multi-board either, whose runs never take that path, ``n`` joint runouts settled directly)."""
    from hilo_cli.equity import equity

    if getattr(deal, "multi_board", "each") != "either" or not getattr(deal, "boards", ()):
        return functools.partial(equity, deal, dead, n, 0, method="plain")
    import random

    from hilo_cli.equity.either import joint
    from hilo_cli.showdown import settle

    setup = joint(deal, dead)  # type: ignore[arg-type]
    rng = random.Random(0)

    def run() -> None:
        for _ in range(n):
            settle(setup.full(tuple(rng.sample(setup.unknown, setup.to_come))))

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--reference-runouts", type=int, default=1000)
    parser.add_argument("--only", default="")
    options = parser.parse_args()
    from hilo_cli.equity import equity

    print(
        f"CPU seconds, best of {options.repeat}; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    )
    print(
        "| spot | how | command CPU | library CPU | runouts/s | reference runouts/s | x reference |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for spot in SPOTS:
        if options.only not in spot.label:
            continue
        command, how = _command(spot.args, options.repeat)
        deal, dead, samples = _deal(spot.args)
        run = functools.partial(equity, deal, dead, samples)
        run()  # warm: tables built
        cpu, result = _best(options.repeat, run)
        runouts = result.runouts  # type: ignore[attr-defined]
        n = options.reference_runouts
        ref_cpu, _ = _best(1, _reference(deal, dead, n))
        rate, ref_rate = runouts / max(cpu, 1e-9), n / max(ref_cpu, 1e-9)
        # A run that settles every runout itself (a small exact run, several boards of them, stud and
        # hidden hands) is the pure-Python path: nothing to compare it with.
        versus = "(this is it)" if result.method == "plain" else f"{rate / ref_rate:,.0f}x"  # type: ignore[attr-defined]
        reference = "" if result.method == "plain" else f"{ref_rate:,.0f}"  # type: ignore[attr-defined]
        print(
            f"| {spot.label} | {how} | {command:.2f} s | {cpu:.3f} s | {rate:,.0f} | {reference} | {versus} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
