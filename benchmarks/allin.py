"""``hilo check --all-in`` against the plain check (issue 20), on a generated PokerStars file.

    python benchmarks/allin.py [--hands 100000] [--share 0.03] [--jobs 1] [--seed 1] [--keep FILE]

The file holds ``--hands`` hands: a ``--share`` of them all in with cards to come (random spots of
tests/equity/test_allin.py: 2-6 players, side pots, folded money, rake; preflop, flop and turn alike), the rest
the project's own PokerStars hands that are not (check_pokerstars.py's templates, suits renamed). It prints
the seconds of ``hilo check --format json`` and of ``hilo check --all-in --format json`` on it, the ratio,
and the cost per all-in hand by street (in-process). Nothing asserts a time; run it ``nice``d on a shared
machine and read the figures with its load (printed).
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
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "tests" / "equity"),
    str(ROOT / "benchmarks"),
]

from check_pokerstars import templates  # noqa: E402
from test_allin import make_spot, pokerstars  # noqa: E402

from hilo_cli.checking import process  # noqa: E402
from hilo_cli.histories import read_text, split  # noqa: E402

HILO = str(Path(sys.executable).parent / "hilo")
HAND_NUMBER = re.compile(r"(PokerStars (?:Hand|Game) #)\d+")
CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")


def renamed(suits: dict[str, str], m: re.Match[str]) -> str:
    """A card with its suit renamed (the same renaming through a hand keeps it the hand it was)."""
    return m.group(1) + suits[m.group(2)]


def _records(text: str) -> list[object]:
    return [read_text(p) if not hasattr(p, "hand") else p for p in split("bench.txt", text)]


def plain_templates() -> list[str]:
    """The own hands that are not all in with cards to come."""
    out = []
    for hand in templates():
        records = _records(hand)
        luck = [process(r, "json", all_in=True).luck for r in records]  # type: ignore[arg-type]
        if all(x is None or x.all_in is None for x in luck):
            out.append(hand)
    return out


def write(path: Path, count: int, share: float, seed: int) -> tuple[int, dict[str, int]]:
    """Write the file; the number of all-in hands by street."""
    rng = random.Random(seed)
    plain = plain_templates()
    streets: dict[str, int] = {}
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            if rng.random() < share:
                street = rng.choice([0, 3, 4])
                streets[str(street)] = streets.get(str(street), 0) + 1
                out.write(pokerstars(make_spot(rng, street=street), n).strip() + "\n\n\n")
                continue
            suits = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
            hand = CARD.sub(partial(renamed, suits), plain[n % len(plain)])
            hand = HAND_NUMBER.sub(rf"\g<1>{300000000000 + n}", hand, count=1)
            out.write(hand + "\n\n")
    return path.stat().st_size, streets


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([HILO, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def per_street(seed: int, each: int = 12) -> dict[str, float]:
    """Milliseconds per all-in hand by street, in-process (numpy already imported)."""
    rng = random.Random(seed)
    process(_records(pokerstars(make_spot(rng, street=0)))[0], "json", all_in=True)  # type: ignore[arg-type]
    out = {}
    for street, name in ((0, "preflop"), (3, "flop"), (4, "turn")):
        records = [_records(pokerstars(make_spot(rng, street=street)))[0] for _ in range(each)]
        start = time.perf_counter()
        for r in records:
            process(r, "json", all_in=True)  # type: ignore[arg-type]
        out[name] = (time.perf_counter() - start) / each * 1000
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--share", type=float, default=0.03)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path)
    a = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for street, ms in per_street(a.seed).items():
        print(f"  all in {street:8s} {ms:8.1f} ms per hand (in-process)")
    with tempfile.TemporaryDirectory() as tmp:
        path = a.keep or Path(tmp) / "hands.txt"
        size, streets = write(path, a.hands, a.share, a.seed)
        total = sum(streets.values())
        print(
            f"{a.hands:,} hands, {size / 1e6:.1f} MB, {total:,} all in with cards to come "
            f"(preflop {streets.get('0', 0):,}, flop {streets.get('3', 0):,}, turn {streets.get('4', 0):,})"
        )
        jobs = ["--jobs", str(a.jobs)]
        plain = timed(["check", "--format", "json", *jobs, str(path)])
        added = timed(["check", "--all-in", "--format", "json", *jobs, str(path)])
        print(f"hilo check          {plain:8.1f} s  ({a.hands / plain:,.0f} hands/s)")
        print(
            f"hilo check --all-in {added:8.1f} s  ({added / plain:.2f} × the plain check; "
            f"{(added - plain) / max(total, 1) * 1000:.1f} ms more per all-in hand)"
        )


if __name__ == "__main__":
    main()
