"""``hilo check`` of 888 / Pacific files of N hands: hands per CPU-second (issue 17), as benchmarks/readers.py
measures every reader (its ``measure``: one ``hilo check FILE --format json --jobs J`` subprocess per row).

    python benchmarks/site_pacific888.py [--hands 1000 10000] [--jobs 1 2] [--seed 1]

The file: the project's own 888 hands (tests/data/pacific888/, the bad-input file left out: a split pot
with derived rake, a quartered practice-money pot, side pots, a tournament hand without a showdown, a
hold'em hand, two tampered payouts), repeated with new hand numbers and each copy's suits renamed (the
same renaming through a hand, so each keeps its verdict; exit 1: the tampered hands). Nothing asserts a
time: the script prints figures.
"""

from __future__ import annotations

import argparse
import random
import re
from functools import partial
from pathlib import Path

import readers

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "pacific888"
_CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")
_NUMBER = re.compile(r"(#Game No : |Hand History for Game )\d+")


def _numbered(number: int, m: re.Match[str]) -> str:
    return f"{m.group(1)}{number}"


def _renamed(suits: dict[str, str], m: re.Match[str]) -> str:
    return m.group(1) + suits[m.group(2)]


def write(path: Path, count: int, seed: int) -> int:
    """A file of ``count`` hands (the own hands in turn, renumbered, suits renamed); its bytes."""
    rng = random.Random(seed)
    hands = [
        h
        for p in sorted(DATA.glob("*.txt"))
        if p.name != "bad-input.txt"
        for h in p.read_text(encoding="utf-8").split("\n\n")
        if h.strip()
    ]
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            suits = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
            hand = _NUMBER.sub(partial(_numbered, 7_000_000 + n), hands[n % len(hands)])
            out.write(_CARD.sub(partial(_renamed, suits), hand).strip() + "\n\n")
    return path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--limit", type=float, default=600.0, help="stop a run after this many seconds"
    )
    args = parser.parse_args()
    readers.WRITERS["pacific888"] = (write, ".txt")
    print(readers.HEADER, flush=True)
    for hands in args.hands:
        readers.measure("pacific888", hands, args.jobs, args.seed, args.limit, None)


if __name__ == "__main__":
    main()
