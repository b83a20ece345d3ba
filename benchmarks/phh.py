"""The PHH reader at size: time per hand for collections of 1,000, 16,000 and 100,000 hands, time per action
for one hand of 30,000 and of 300,000 actions, per player for one hand of 1,000 and of 100,000 players, and
peak memory reading 1,000 vs 100,000 hands.

    python benchmarks/phh.py [--hands 1000 16000 100000] [--actions 30000 300000] [--check 1000 16000]
                             [--players 1000 100000] [--memory 1000 100000] [--seed 1]

The collections are the project's own PHH hands (tests/data/phh: the .phh files and every table of
illegal.phhs), repeated as the tables of one ``.phhs`` file, each copy's table named anew: OK hands, a
MISMATCH, hands not checkable, and hands that break a rule (bad input), in the files' mix. The long hand is
no-limit Omaha hi/lo of three players raising each other by the smallest raise before the flop, then
called, checked down and shown (its finishing stacks from hilo's own settlement, so it checks OK). The hand
of many players folds round to the big blind (each action used to walk the whole table: cubic).

Printed: the reader alone (``phh.read``, every record), the reader and the check in-process (replay, settle,
render JSON, as ``hilo check --format json --jobs 1`` does per hand) for the ``--check`` sizes, the long
hand's read and check, and the peak resident memory of a fresh process holding each ``--memory`` size's
text, then after reading and checking every hand (what the reader adds), and of ``hilo check --format json``
on the file (which today holds the file's bytes, its text and a copy with CRLF made LF). Linear work shows
as the same time per hand (or per action) at each size. Nothing asserts a time; run it ``nice``d on a
shared machine and read the figures with its load.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "phh"
HILO = str(Path(sys.executable).parent / "hilo")


def templates() -> list[str]:
    """The body of every own PHH hand (its keys, no table header)."""
    bodies = [path.read_text() for path in sorted(DATA.glob("*.phh"))]
    collection = (DATA / "illegal.phhs").read_text()
    bodies += [block.partition("\n")[2] for block in re.split(r"\n(?=\[)", collection)[1:]]
    return bodies


def collection(hands: int, seed: int) -> str:
    """A ``.phhs`` collection of ``hands`` tables drawn from ``templates()``."""
    rng = random.Random(seed)
    bodies = templates()
    return "".join(f"[h{i}]\n{rng.choice(bodies).rstrip()}\n\n" for i in range(hands))


def long_hand(actions: int) -> str:
    """A no-limit Omaha hi/lo hand of about ``actions`` actions: a raising war before the flop, by the
    smallest raise (100) each, then called and checked down to a showdown. Its result is settled by hilo
    itself, so the hand checks OK."""
    from hilo_cli.betting import replay
    from hilo_cli.checking import settle_replayed
    from hilo_cli.histories.phh import read

    raises = max(actions - 19, 1)
    players = ["p3", "p1", "p2"]
    written = ["d dh p1 Ac2hKcQc", "d dh p2 As2d9c9h", "d dh p3 QhQdJcTc"]
    written += [f"{players[i % 3]} cbr {200 + 100 * i}" for i in range(raises)]
    last = (raises - 1) % 3
    written += [f"{players[(last + k) % 3]} cc" for k in (1, 2)]
    for board in ("3c5d7h", "Kd", "Ks"):
        written += [f"d db {board}", "p1 cc", "p2 cc", "p3 cc"]
    written += ["p1 sm Ac2hKcQc", "p2 sm As2d9c9h", "p3 sm QhQdJcTc"]
    stack = 10**12
    text = (
        "variant = 'NO/8'\nantes = [0, 0, 0]\nblinds_or_straddles = [50, 100, 0]\nmin_bet = 100\n"
        f"starting_stacks = [{stack}, {stack}, {stack}]\nactions = [\n"
        + "".join(f"  '{a}',\n" for a in written)
        + "]\n"
    )
    (record,) = read("long.phh", text)
    assert record.hand is not None, record.error
    replayed = replay(record.hand)
    won = {p.name: p.won for p in settle_replayed(replayed).players}
    finishing = [replayed.stacks[n] + won[n] for n in record.hand.players]
    return text + f"finishing_stacks = {finishing}\n"


def _per(seconds: float, count: int, unit: str) -> str:
    return f"{seconds:8.2f} s  {seconds / count * 1e6:9.1f} us per {unit}"


def time_reader(text: str, count: int, unit: str) -> None:
    from hilo_cli.histories.phh import read

    start = time.perf_counter()
    records = sum(1 for _ in read("bench.phhs", text))
    print(
        f"  read only       {records:>7,} records  {_per(time.perf_counter() - start, count, unit)}"
    )


def time_check(text: str, count: int, unit: str) -> None:
    from hilo_cli.checking import process
    from hilo_cli.histories.phh import read

    start = time.perf_counter()
    statuses: dict[str, int] = {}
    for record in read("bench.phhs", text):
        status = process(record, "json").status
        statuses[status] = statuses.get(status, 0) + 1
    mix = ", ".join(f"{k} {v:,}" for k, v in sorted(statuses.items()))
    print(
        f"  read and check  {sum(statuses.values()):>7,} records  {_per(time.perf_counter() - start, count, unit)}"
        f"  ({mix})"
    )


def peak_memory(path: str) -> tuple[float, float, float]:
    """Peak resident memory (MB) of a fresh process holding ``path``'s text, then after reading and checking
    every hand in-process (``phh.read``, ``process``: what it adds is the reader's own), and of ``hilo check
    --format json --jobs 1`` on it (measured by a fresh parent of its own)."""
    # VmHWM: a process's own peak since exec (Linux's ru_maxrss of a child keeps the peak of the process it
    # was forked from: this one, which holds the big texts).
    reader = (
        "import re, sys\nfrom hilo_cli.checking import process\nfrom hilo_cli.histories.phh import read\n"
        "def peak(): return re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1)\n"
        "text = open(sys.argv[1], encoding='utf-8').read()\n"
        "before = peak()\n"
        "for record in read(sys.argv[1], text):\n"
        "    process(record, 'json')\n"
        "print(before, peak())\n"
    )
    check = (
        "import sys, resource, subprocess\n"
        "subprocess.run([sys.argv[2], 'check', '--format', 'json', '--jobs', '1', sys.argv[1]],\n"
        "               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    figures = [
        subprocess.run(
            [sys.executable, "-c", script, path, HILO], capture_output=True, text=True, check=True
        ).stdout.split()
        for script in (reader, check)
    ]
    return int(figures[0][0]) / 1024, int(figures[0][1]) / 1024, int(figures[1][0]) / 1024


def many_players(players: int) -> str:
    """A no-limit Omaha hi/lo hand of ``players`` players in which all but the big blind fold."""
    blinds = [50, 100, *[0] * (players - 2)]
    actions = [f"p{i} f" for i in range(3, players + 1)] + ["p1 f"]
    return (
        f"variant = 'NO/8'\nantes = {[0] * players}\nblinds_or_straddles = {blinds}\nmin_bet = 100\n"
        f"starting_stacks = {[1000] * players}\nactions = {actions}\n"
        f"finishing_stacks = {[950, 1050, *[1000] * (players - 2)]}\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, nargs="*", default=[1000, 16000, 100000])
    parser.add_argument(
        "--check",
        type=int,
        nargs="*",
        default=[1000, 16000],
        help="collection sizes also checked in-process (replay, settle, JSON)",
    )
    parser.add_argument("--actions", type=int, nargs="*", default=[30000, 300000])
    parser.add_argument("--players", type=int, nargs="*", default=[1000, 100000])
    parser.add_argument("--memory", type=int, nargs="*", default=[1000, 100000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    from hilo_cli.checking import process
    from hilo_cli.histories.phh import read

    for record in read(
        "warm-up.phhs", collection(50, args.seed)
    ):  # imports and first-use tables, untimed
        process(record, "json")
    for hands in args.hands:
        text = collection(hands, args.seed)
        print(f"collection of {hands:,} hands ({len(text) / 1e6:.1f} MB)")
        time_reader(text, hands, "hand")
        if hands in args.check:
            time_check(text, hands, "hand")
    for actions in args.actions:
        text = long_hand(actions)
        print(f"one hand of {actions:,} actions ({len(text) / 1e6:.1f} MB)")
        time_reader(text, actions, "action")
        time_check(text, actions, "action")
    for players in args.players:
        text = many_players(players)
        print(
            f"one hand of {players:,} players, all but the big blind folding ({len(text) / 1e6:.1f} MB)"
        )
        time_reader(text, players, "player")
        time_check(text, players, "player")
    for hands in sorted(args.memory):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "bench.phhs")
            Path(path).write_text(collection(hands, args.seed), encoding="utf-8")
            text, read, check = peak_memory(path)
        print(
            f"peak memory, {hands:,} hands: the text held {text:.1f} MB, then every hand read and checked "
            f"{read:.1f} MB; hilo check --format json {check:.1f} MB"
        )


if __name__ == "__main__":
    main()
