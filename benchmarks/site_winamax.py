"""Winamax hands per second: the reader alone, and read + replay + settle + compare (``hilo check``'s
work per hand), in-process, on a generated file of the project's own Winamax hands.

    python benchmarks/site_winamax.py [--hands 20000] [--seed 1]

The hands are tests/data/winamax/ (bad-input left out) repeated with new hand numbers and each copy's
suits renamed at random (the same renaming through a whole hand: the same verdict). Nothing asserts a
time; it prints figures. Run it ``nice``d on a shared machine.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT / "tests" / "data" / "winamax"
_HAND_NUMBER = re.compile(r"(HandId: #)[\d-]+")
_CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")


def generated(count: int, seed: int) -> bytes:
    """``count`` hands, the own files' hands in turn, suits renamed, numbered anew."""
    rng = random.Random(seed)
    hands: list[str] = []
    for path in sorted(DATA.glob("*.txt")):
        if path.name != "bad-input.txt":
            text = path.read_text(encoding="utf-8")
            hands += [h.strip() + "\n" for h in re.split(r"\n\s*\n", text) if h.strip()]
    out: list[str] = []
    for n in range(count):
        suits = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
        hand = _CARD.sub(
            partial(lambda s, m: m.group(1) + s[m.group(2)], suits), hands[n % len(hands)]
        )
        out.append(_HAND_NUMBER.sub(rf"\g<1>900-{n}-1700000000", hand, count=1))
    return "\n".join(out).encode("utf-8")


def main() -> None:
    from hilo_cli import histories
    from hilo_cli.checking import check
    from hilo_cli.errors import HiloError

    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data = generated(args.hands, args.seed)
    start = time.perf_counter()
    records = [
        histories.read_text(p) if isinstance(p, histories.HandText) else p
        for p in histories.hands("bench.txt", io.BytesIO(data))
    ]
    read = time.perf_counter() - start
    start = time.perf_counter()
    statuses: dict[str, int] = {}
    for record in records:
        try:
            status = check(record)[1].status
        except HiloError:
            status = "error"
        statuses[status] = statuses.get(status, 0) + 1
    checked = time.perf_counter() - start
    print(
        f"winamax: {len(records):,} hands, {len(data) / 1e6:.1f} MB, load {os.getloadavg()[0]:.2f}"
    )
    print(f"  reader alone       {len(records) / read:10,.0f} hands/s")
    print(f"  read and check     {len(records) / (read + checked):10,.0f} hands/s   {statuses}")


if __name__ == "__main__":
    main()
