"""``hilo equity`` beside the ``poker-equity`` package, spot by spot, in one run (issue 31).

    .venv/bin/pip install poker-equity==0.1.1    # the bench extra: never a runtime dependency
    .venv/bin/python benchmarks/equity_peer.py [--repeat N] [--only TEXT]

Both run as whole processes, as a user runs them: ``hilo equity ... --format json`` against
``python -c`` calling ``poker_equity.exact_from_text`` (start-up and import included for both), run
alternately ``--repeat`` times so that the machine's load falls on both alike. The figures are CPU
seconds of the child (user + system: poker-equity's threads are summed), the least and the median of
the repeats; ``ratio`` is hilo's least over the peer's least. ``agree`` is the greatest difference of a
player's equity between the two (an exact run of each: 0 up to float rounding). Then the same spots in
one process with both libraries imported: ``hilo_cli.equity.equity`` against ``exact_from_text``, the
first call and the least of the others (CPU of the process). The floor at the end is what a process
pays before any equity: Python itself, click's import, a whole ``hilo showdown``.

Then the range spots (issue 31: ``A2**`` against a hand on the flop, ``15%`` against ``15%``
preflop, three ranges on the flop), which poker-equity cannot run (its ranges are for two-card
hands): hilo's CPU and the standard error it reached. ProPokerTools publishes no speed figure that
could be set beside them. Prints the machine's load average before and after; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

HILO = str(Path(sys.executable).parent / "hilo")
HEADS_UP = ["As 2s 3d Kh", "Kd Kc Qs Jh"]
THREE = [*HEADS_UP, "Ad 4c 5h 6s"]
SIX = [*THREE, "7c 8c 9d Td", "Jc Qc 2d 3h", "4s 5s 6d 7h"]
BIG_O4 = ["As 2s 3d Kh Qc", "Kd Kc Qs Jh Td", "Ad 4c 5h 6s 7d", "7c 8c 9d Tc 2h"]
POT = ["--pot", "10"]
STUD3 = ["As 2s 3d 4c 9h Kd", "Jc 7c 7d 7h Qs Ts", "Ah 5d 6h 8c 9c Td"]


class Spot(NamedTuple):
    label: str
    game: str  # hilo's
    variant: str  # poker-equity's
    hands: list[str]
    boards: list[str]  # one, or two under --multi-board each
    dead: str = ""


SPOTS = [
    Spot(
        "stud8, 3 players, sixth street (29,760 runouts)",
        "stud8",
        "stud_hi_lo",
        STUD3,
        [""],
        "5c 2h",
    ),
    Spot(
        "omaha8-5 (Big O), 4 players, flop (406)",
        "omaha8-5",
        "omaha_five_hi_lo",
        BIG_O4,
        ["Ah 8h 9s"],
    ),
    Spot("omaha8, 6 players, turn (24)", "omaha8", "omaha_hi_lo", SIX, ["Ah 8h 9s Tc"]),
    Spot(
        "omaha8, 3 players, two boards from the flop, each",
        "omaha8",
        "omaha_hi_lo",
        THREE,
        ["Ah 8h 9s", "2d 3h Ts"],
    ),
    Spot("omaha8, 2 players, preflop (1,086,008)", "omaha8", "omaha_hi_lo", HEADS_UP, [""]),
    Spot("omaha8, 3 players, preflop (658,008)", "omaha8", "omaha_hi_lo", THREE, [""]),
]

RANGE_SPOTS = [
    ("A2** against a hand, flop", ["--board", "Ah 7c 8d", "A=A2**", "B=Kc Qs Jh 9d"]),
    ("15% against 15%, preflop", ["A=15%", "B=15%"]),
    (
        "three ranges, flop",
        ["--board", "7h 8h 2c", "A=10%", "B=A2**, A3**", "C=T9**$ds, 98**$ds"],
    ),
]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _timed(command: list[str]) -> tuple[float, str]:
    before = _children_cpu()
    run = subprocess.run(command, check=True, capture_output=True, text=True)
    return _children_cpu() - before, run.stdout


def _hilo_command(spot: Spot) -> list[str]:
    args = [HILO, "equity", "--game", spot.game, "--format", "json"]
    for board in spot.boards:
        if board or len(spot.boards) > 1:
            args += ["--board", board]
    if spot.dead:
        args += ["--dead", spot.dead]
    return args + [f"P{i}={h}" for i, h in enumerate(spot.hands)]


def _peer_command(spot: Spot) -> list[str]:
    """One exact run per board (the other boards' known cards dead): under each, a board's share of
    the pot is that board's run alone (RULES §12.2), so the whole is their mean."""
    runs = []
    for b, board in enumerate(spot.boards):
        others = " ".join(x for i, x in enumerate(spot.boards) if i != b)
        runs.append(
            (
                spot.variant,
                [h.replace(" ", "") for h in spot.hands],
                board,
                f"{spot.dead} {others}".strip(),
            )
        )
    code = (
        "import json, poker_equity as pe\n"
        f"runs = {runs!r}\n"
        "out = []\n"
        "for v, hands, board, dead in runs:\n"
        "    r = pe.exact_from_text(v, hands, board.replace(' ', ''), dead.replace(' ', ''))\n"
        "    out.append([p['equity'] for p in r['players']])\n"
        "print(json.dumps([sum(x) / len(x) for x in zip(*out)]))\n"
    )
    return [sys.executable, "-c", code]


LIBRARY = """
import json, sys, time
import poker_equity as pe
from hilo_cli.equity import equity
from hilo_cli.formats.records import deal_from_record
from hilo_cli.cards import parse_cards
spot = json.loads(sys.argv[1])
record = {"game": spot["game"], "players": [{"name": f"P{i}", "hole": h} for i, h in enumerate(spot["hands"])]}
if len(spot["boards"]) > 1:
    record["boards"] = spot["boards"]
else:
    record["board"] = spot["boards"][0]
deal = deal_from_record(record)
dead = parse_cards(spot["dead"])
def ours():
    return equity(deal, dead)
def theirs():
    for b, board in enumerate(spot["boards"]):
        others = "".join(x.replace(" ", "") for i, x in enumerate(spot["boards"]) if i != b)
        pe.exact_from_text(spot["variant"], [h.replace(" ", "") for h in spot["hands"]],
                           board.replace(" ", ""), spot["dead"].replace(" ", "") + others)
out = {}
for name, run in (("hilo", ours), ("peer", theirs)):
    times = []
    for _ in range(int(sys.argv[2])):
        t = time.process_time(); run(); times.append(time.process_time() - t)
    out[name] = times
print(json.dumps(out))
"""


def _library(spot: Spot, repeat: int) -> tuple[list[float], list[float]]:
    """Both libraries in one process, imports done: each call's CPU (the first call pays hilo's
    tables and numpy's import where its path needs them)."""
    fields = json.dumps(spot._asdict())
    run = subprocess.run(
        [sys.executable, "-c", LIBRARY, fields, str(repeat)], check=True, capture_output=True
    )
    found = json.loads(run.stdout)
    return found["hilo"], found["peer"]


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    print(f"load average before: {_load()} ({os.cpu_count()} cores)")
    print(f"{'spot':52} {'hilo CPU s':>15} {'peer CPU s':>15} {'ratio':>6} {'agree':>8}")
    for spot in SPOTS:
        if args.only not in spot.label:
            continue
        ours, theirs = [], []
        mine = peer = None
        for _ in range(args.repeat):
            t, out = _timed(_hilo_command(spot))
            ours.append(t)
            mine = [p["equity"] for p in json.loads(out)["players"]]
            t, out = _timed(_peer_command(spot))
            theirs.append(t)
            peer = json.loads(out)
        assert mine is not None and peer is not None
        agree = max(abs(a - b) for a, b in zip(mine, peer, strict=True))
        a, b = min(ours), min(theirs)
        print(
            f"{spot.label:52} {a:6.3f} /{statistics.median(ours):6.3f}  {b:6.3f} /"
            f"{statistics.median(theirs):6.3f} {a / b:6.2f} {agree:8.1e}"
        )
    print("\nin one process, imports done: each library's call (first call / least of the rest)")
    print(f"{'spot':52} {'hilo CPU s':>15} {'peer CPU s':>15} {'ratio':>6}")
    for spot in SPOTS:
        if args.only not in spot.label:
            continue
        ours, theirs = _library(spot, args.repeat)
        a, b = min(ours[1:] or ours), min(theirs[1:] or theirs)
        print(
            f"{spot.label:52} {ours[0]:6.3f} /{a:6.3f}  {theirs[0]:6.3f} /{b:6.3f} "
            f"{a / b if b else float('inf'):6.2f}"
        )
    print("\nranges (no peer: poker-equity's ranges are for two-card hands)")
    print(f"{'spot':52} {'hilo CPU s':>15} {'deals':>10} {'largest se':>11}")
    for label, spot_args in RANGE_SPOTS:
        if args.only not in label:
            continue
        times = []
        for _ in range(max(1, args.repeat // 2)):
            t, out = _timed([HILO, "equity", *spot_args, "--format", "json"])
            times.append(t)
        found = json.loads(out)
        se = max((p.get("se") or {}).get("equity", 0.0) for p in found["players"])
        how = f"{found['runouts']:,}" + ("" if found["exact"] else " s")
        print(f"{label:52} {min(times):6.3f} /{statistics.median(times):6.3f} {how:>10} {se:11.5f}")
    print("\nthe floor: what a whole process costs before any equity (least / median)")
    floors = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("python -c 'import click'", [sys.executable, "-c", "import click"]),
        ("python -c 'import poker_equity'", [sys.executable, "-c", "import poker_equity"]),
        ("python -c 'import numpy'", [sys.executable, "-c", "import numpy"]),
        (
            "hilo showdown (a river, two hands)",
            [HILO, "showdown", "--board", "Ah 8h 9s Tc 2d", "A=As 2s 3d Kh", "B=Kd Kc Qs Jh", *POT],
        ),
    ]
    for label, command in floors:
        times = [_timed(command)[0] for _ in range(args.repeat)]
        print(f"{label:52} {min(times):6.3f} /{statistics.median(times):6.3f}")
    print(f"load average after: {_load()}")


if __name__ == "__main__":
    main()
