"""``hilo check`` of the IGT reader on one generated JSON document of many hands: hands per CPU-second
and peak memory.

    python benchmarks/site_igt.py [--hands 1000 10000] [--jobs 1 2] [--seed 1] [--limit 600] [--keep DIR]

The document is ``{"history": [...]}`` on one line, as IGT writes it, its hands the project's own
(tests/data/igt/: split, scoop, no-showdown, side-pot, dead-blind, tournament) repeated with new hand
ids and each copy's suits renamed, so that every copy keeps its verdict: 10,000 hands are some 30 MB.
Each row is one ``hilo check FILE --format json --jobs J`` subprocess (``readers.run_check``: wall and
CPU seconds, peak memory of hilo or its largest worker, records written). ``--keep DIR`` leaves the
files there (to time them by hand, ``/usr/bin/time -f %M``). Nothing asserts a time: the script prints
figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any

from check_pokerstars import machine_speed
from readers import HEADER, Row, _line, run_check

ROOT = Path(__file__).resolve().parents[1]
OWN = ("split", "scoop", "no-showdown", "side-pot", "dead-blind", "tournament")


def _hands() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for name in OWN:
        text = (ROOT / "tests" / "data" / "igt" / f"{name}.txt").read_text(encoding="utf-8-sig")
        found.extend(json.loads(text)["history"])
    return found


def _renamed(value: Any, suits: list[int]) -> Any:
    """``value`` with each card number's suit renamed (``n // 13``: clubs, diamonds, hearts, spades)."""
    if isinstance(value, dict):
        link = str(value.get("link", ""))
        if set(value) == {"link"} and link.isdigit() and int(link) < 52:
            n = int(link)
            return {"link": str(suits[n // 13] * 13 + n % 13)}
        return {key: _renamed(item, suits) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, suits) for item in value]
    return value


def write(path: Path, count: int, seed: int) -> int:
    """One document of ``count`` hands at ``path`` (a byte-order mark first, as IGT writes it); its size."""
    rng = random.Random(seed)
    hands = _hands()
    with path.open("w", encoding="utf-8") as out:
        out.write('\ufeff{"history":[')
        for n in range(count):
            hand = _renamed(hands[n % len(hands)], rng.sample(range(4), 4))
            hand["handId"] = f"{9_000_000 + n}.hand.1"
            out.write(("," if n else "") + json.dumps(hand, separators=(",", ":")))
        out.write("]}\n")
    return path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(
        description="hilo check of the IGT reader: hands per CPU-second"
    )
    parser.add_argument("--hands", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--limit", type=float, default=600.0, help="stop a run after this many seconds"
    )
    parser.add_argument("--keep", type=Path, help="write the files here and leave them")
    args = parser.parse_args()
    print(
        f"machine: a 3,000,000-step Python loop takes {machine_speed():.2f} s; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        flush=True,
    )
    print(HEADER, flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for hands in args.hands:
            path = (args.keep or Path(tmp)) / f"igt-{hands}.txt"
            size = write(path, hands, args.seed) / 1e6
            for jobs in args.jobs:
                wall, cpu, rss, records, status = run_check(path, jobs, args.limit)
                print(
                    _line(Row("igt", hands, size, jobs, wall, cpu, rss, records, status)),
                    flush=True,
                )


if __name__ == "__main__":
    main()
