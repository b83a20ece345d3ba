"""Soak run: a great many random deals through ``hilo batch``, every chip accounted for (issue 8).

Each deal is random in every way the engine cares about: any game of ``hilo_cli.games.GAMES``, 2 players up
to what the deck allows, seats and button anywhere, folded players (with or without their cards), side
pots and uncalled bets from random contributions or one pot, chip units of 1, 5, 25 and 100, both
odd-chip rules and the game's own, qualifiers 8, 9 and none, and often hands of the same ranks in other
suits so that tied halves and odd chips are common. The deals are written as JSON Lines and settled by
``hilo batch --format json`` in a subprocess, once with ``--jobs 1`` and once with ``--jobs 2`` (``--runs``
chooses; ``--runs 1,1,2`` adds a second ``--jobs 1`` run).

Checked on every deal (RULES §4.7, §5): no error; the chips won add up to the chips put in (the pot, or
every contribution); every player's winnings and every pot are whole chip units; each pot's shares add
up to the pot, paid only to its eligible players; folded players win nothing but returned chips. Checked
on the runs: their outputs are byte for byte the same (by SHA-256, the output is never kept). Measured:
deals per second, and the resident memory of hilo and its workers sampled from ``/proc`` during each run.
The memory is flat when the last quarter of a run peaks at most 10 % (+ 4 MiB) above its first quarter;
the peak after each tenth of the deals is printed too, to show how any growth goes.

    python benchmarks/soak.py                  # 1,000,000 deals (several minutes)
    python benchmarks/soak.py --count 20000    # a shorter run

Prints the figures and a verdict; exits 0 on PASS and 1 on FAIL. ``tests/showdown/test_soak.py`` runs the same
checks on a few thousand deals.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple

from hilo_cli.games import GAMES

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
UNITS = (1, 1, 5, 25, 100)


class Expect(NamedTuple):
    """What a deal's result must satisfy: its id, the chips put in, the chip unit, who folded."""

    id: str
    total: int
    unit: int
    folded: frozenset[str]


def _holes(
    rng: random.Random, deck: list[str], used: set[str], size: int, n: int, mirror: bool
) -> list[list[str]]:
    fresh = iter(deck)
    holes: list[list[str]] = []
    for i in range(n):
        hole = None
        if mirror and holes and rng.random() < 0.6:
            # The first player's ranks in other suits: tied halves and odd chips.
            copy = [c[0] + SUITS[(SUITS.index(c[1]) + i) % 4] for c in holes[0]]
            hole = None if used.intersection(copy) else copy
        if hole is None:
            hole = []
            for c in fresh:
                if c not in used:
                    hole.append(c)
                    if len(hole) == size:
                        break
        used.update(hole)
        holes.append(hole)
    return holes


def expect(record: dict[str, Any]) -> Expect:
    """What the result of a record made by ``deal`` must satisfy, read from the record itself."""
    players = record["players"]
    total = record["pot"] if "pot" in record else sum(p["contributed"] for p in players)
    return Expect(
        record["id"],
        total,
        record["chip_unit"],
        frozenset(p["name"] for p in players if p.get("folded")),
    )


def deal(rng: random.Random, number: int) -> dict[str, Any]:
    """One random deal as a ``hilo batch`` JSON record."""
    g = GAMES[rng.choice(list(GAMES))]
    n = rng.randint(2, min(9, (52 - g.board_cards) // g.hole_cards))
    deck = DECK[:]
    rng.shuffle(deck)
    board = deck[: g.board_cards]
    holes = _holes(rng, deck, set(board), g.hole_cards, n, mirror=rng.random() < 0.4)
    seats = sorted(rng.sample(range(1, 11), n))
    unit = rng.choice(UNITS)
    folded = [rng.random() < 0.25 for _ in range(n)]
    if all(folded):
        folded[rng.randrange(n)] = False
    by_pot = rng.random() < 0.3
    amounts = [unit * rng.randint(0, 200) for _ in range(n)]
    deepest = max(a for a, f in zip(amounts, folded, strict=True) if not f)
    # No betting round leaves chips that only folded players could win.
    amounts = [min(a, deepest) if f else a for a, f in zip(amounts, folded, strict=True)]
    names = [f"P{i}" for i in range(1, n + 1)]
    players: list[dict[str, Any]] = []
    for i in range(n):
        p: dict[str, Any] = {"name": names[i], "seat": seats[i]}
        if not (folded[i] and rng.random() < 0.5):
            p["hole"] = " ".join(holes[i])
        if folded[i]:
            p["folded"] = True
        if not by_pot:
            p["contributed"] = amounts[i]
        players.append(p)
    record: dict[str, Any] = {
        "id": f"s{number}",
        "game": g.name,
        "players": players,
        "button": rng.choice(seats),
        "chip_unit": unit,
    }
    if board:
        record["board"] = " ".join(board)
    total = unit * rng.randint(0, 400) if by_pot else sum(amounts)
    if by_pot:
        record["pot"] = total
    # The suit rule and the no-qualifier low make hilo try every five-card selection, several times the
    # cost of the tables; a fifth of the deals each keeps them well tested and the run a few minutes long.
    odd = rng.choice([None, None, "button", "button", "suit"])
    if odd:
        record["odd_chip"] = odd
    qualifier = rng.choice([8, 8, 8, 8, 8, 8, 9, 9, None, "none"])
    if qualifier != 8:
        record["qualifier"] = qualifier
    return record


def deals(count: int, seed: int = 1) -> Iterator[dict[str, Any]]:
    """``count`` random deals; the sequence depends only on the seed (the first N of a longer run are the
    same N deals)."""
    rng = random.Random(seed)
    for number in range(1, count + 1):
        yield deal(rng, number)


def write_deals(out: IO[str], count: int, seed: int = 1) -> None:
    batch: list[str] = []
    for record in deals(count, seed):
        batch.append(json.dumps(record, separators=(",", ":")))
        if len(batch) >= 4096:
            out.write("\n".join(batch) + "\n")
            batch.clear()
    if batch:
        out.write("\n".join(batch) + "\n")


def problems(line: bytes | str, expect: Expect) -> list[str]:
    """What is wrong with one output line of ``hilo batch --format json`` for this deal (nothing: [])."""
    result = json.loads(line)
    where = f"deal {expect.id}"
    if result.get("id") != expect.id:
        return [f"{where}: output for {result.get('id')!r} in its place (input order lost)"]
    if "error" in result:
        return [f"{where}: error {result['error']!r}"]
    found = []
    won = {p["name"]: p["won"] for p in result["players"]}
    if sum(won.values()) != expect.total:
        found.append(f"{where}: {sum(won.values())} won, {expect.total} put in")
    for name, chips in won.items():
        if chips < 0 or chips % expect.unit:
            found.append(f"{where}: {name} won {chips}, not whole units of {expect.unit}")
    returned = result["returned"]
    for name in expect.folded:
        if won[name] != returned.get(name, 0):
            found.append(f"{where}: folded {name} won {won[name]}")
    for pot in result["pots"]:
        if sum(pot["shares"].values()) != pot["amount"]:
            found.append(
                f"{where}: {pot['name']} of {pot['amount']} paid {sum(pot['shares'].values())}"
            )
        if pot["amount"] % expect.unit:
            found.append(
                f"{where}: {pot['name']} of {pot['amount']} is not whole units of {expect.unit}"
            )
        if not set(pot["shares"]) <= set(pot["eligible"]):
            found.append(
                f"{where}: {pot['name']} paid {sorted(pot['shares'])}, eligible {pot['eligible']}"
            )
    return found


def _descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (hilo and its workers), from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    stat = f.read()
            except OSError:
                continue
            parents[int(entry)] = int(stat[stat.rindex(b")") + 2 :].split()[1])
    family, grew = {pid}, True
    while grew:
        more = {child for child, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    return sorted(family)


def _rss_kib(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                total += next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0)
        except OSError:
            pass
    return total


class Run(NamedTuple):
    jobs: int
    deals: int
    seconds: float
    digest: str
    problems: list[str]
    samples: list[tuple[int, int]]  # (deals written so far, resident KiB of hilo and its workers)
    exit_status: int


def run_batch(path: Path, jobs: int, count: int, check: bool, interval: float = 0.5) -> Run:
    """``hilo batch --format json --jobs N path`` in a subprocess: the SHA-256 of its output, its memory
    sampled every ``interval`` seconds, and (with ``check``) every deal's result checked against its
    record in ``path``."""
    command = [
        sys.executable,
        "-c",
        "from hilo_cli.cli import main; main()",
        "batch",
        "--format",
        "json",
        "--jobs",
        str(jobs),
        str(path),
    ]
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE)
    assert child.stdout is not None
    done = 0
    samples: list[tuple[int, int]] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(interval):
            rss = _rss_kib(_descendants(child.pid))
            if rss:
                samples.append((done, rss))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    digest = hashlib.sha256()
    found: list[str] = []
    with open(path, "rb") as records:
        for line in child.stdout:
            digest.update(line)
            done += 1
            if check and len(found) < 20:
                record = records.readline()
                found += (
                    problems(line, expect(json.loads(record)))
                    if record
                    else [f"output line {done}: more lines than deals"]
                )
    status = child.wait()
    seconds = time.perf_counter() - start
    stop.set()
    sampler.join()
    if done != count:
        found.append(f"{done} output lines for {count} deals")
    if status != 0:
        found.append(f"hilo batch --jobs {jobs} exited {status}")
    return Run(jobs, done, seconds, digest.hexdigest(), found, samples, status)


def flat(samples: list[tuple[int, int]], count: int) -> tuple[bool, int, int]:
    """Memory flat: the last quarter of the run peaks at most 10 % + 4 MiB above the first quarter.
    Returns the verdict and the two peaks (KiB)."""
    first = [rss for d, rss in samples if d <= count // 4]
    last = [rss for d, rss in samples if d >= count - count // 4]
    if not first or not last:
        return True, max(first, default=0), max(last, default=0)
    return max(last) <= max(first) * 1.10 + 4096, max(first), max(last)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Settle many random deals with hilo batch and check every chip."
    )
    parser.add_argument(
        "--count", type=int, default=1_000_000, help="number of deals (default 1,000,000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--deals", default=None, help="settle this file of deals instead of writing new ones"
    )
    parser.add_argument(
        "--interval", type=float, default=0.5, help="seconds between memory samples"
    )
    parser.add_argument(
        "--runs",
        type=lambda t: [int(j) for j in t.split(",")],
        default=[1, 2],
        help="--jobs of each run, compared byte for byte (default 1,2; the first run's deals "
        "are each checked)",
    )
    args = parser.parse_args(argv)
    count = args.count
    with tempfile.TemporaryDirectory(prefix="hilo-soak-") as tmp:
        if args.deals:
            # Deals written by an earlier run (e.g. to run --jobs 2 beside a --jobs 1 run on the same file).
            path = Path(args.deals)
            with open(path, "rb") as f:
                count = sum(1 for _ in f)
            print(f"{count:,} deals read from {path}", flush=True)
        else:
            path = Path(tmp) / "deals.jsonl"
            start = time.perf_counter()
            with open(path, "w", encoding="utf-8") as out:
                write_deals(out, count, args.seed)
            print(
                f"{count:,} deals written in {time.perf_counter() - start:.1f} s "
                f"({path.stat().st_size / 2**20:.0f} MiB of JSON Lines, seed {args.seed})",
                flush=True,
            )
        runs = []
        for i, jobs in enumerate(args.runs):
            check = i == 0
            r = run_batch(path, jobs, count, check, args.interval)
            runs.append(r)
            ok, first, last = flat(r.samples, count)
            peak = max((rss for _, rss in r.samples), default=0)
            print(
                f"--jobs {jobs}: {r.deals:,} deals in {r.seconds:.1f} s ({r.deals / r.seconds:,.0f} deals/s); "
                f"resident memory of hilo{' and its workers' if jobs > 1 else ''}: peak {peak / 1024:.1f} MiB, "
                f"first quarter {first / 1024:.1f} MiB, last quarter {last / 1024:.1f} MiB "
                f"({len(r.samples)} samples) -> {'flat' if ok else 'GROWING'}; "
                f"sha256 {r.digest[:16]}{'; every deal checked' if check else ''}",
                flush=True,
            )
            tenths = [
                max((rss for d, rss in r.samples if d <= count * k // 10), default=0)
                for k in range(1, 11)
            ]
            print(
                "  peak resident memory after each tenth of the deals (MiB): "
                + " ".join(f"{kib / 1024:.1f}" for kib in tenths),
                flush=True,
            )
            for problem in r.problems:
                print(f"  PROBLEM {problem}")
    same = len({r.digest for r in runs}) == 1
    print(
        f"output byte-identical over the {len(runs)} runs (--jobs {', '.join(str(r.jobs) for r in runs)}): "
        f"{'yes' if same else 'NO'}"
    )
    failed = (
        not same
        or any(r.problems for r in runs)
        or not all(flat(r.samples, count)[0] for r in runs)
    )
    print(
        f"chips conserved on every deal, whole units, every pot paid in full: "
        f"{'yes' if not runs[0].problems else 'NO'}"
    )
    print("VERDICT:", "FAIL" if failed else "PASS")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
