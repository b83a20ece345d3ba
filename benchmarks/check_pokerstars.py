"""``hilo check`` on a year of PokerStars hands: a generated file of ~100,000 hands, timed end to end.

    python benchmarks/check_pokerstars.py [--hands 100000] [--jobs 1 2] [--seed 1] [--keep FILE]

The hands are the project's own PokerStars files (tests/data/pokerstars/, the bad-input file left out),
repeated with new hand numbers and each copy's suits renamed at random (the same renaming through a whole
hand, so every hand stays the hand it was: same ranks, same flushes, same verdict). The mix is that of the
files: side pots with rake, a quartered pot, odd cents, a hand without a showdown, a hand run twice, stud
hi/lo, a mixed-game table whose hold'em, razz and draw hands are not checkable, a cancelled hand and two
tampered payouts (so ``hilo check`` exits 1). Nothing asserts a time; it prints figures: the cutting of
the file into hands alone (all the parent does with ``--jobs`` 2 or more, besides writing), the reader
alone in-process, then ``hilo check --format json`` per ``--jobs`` (the workers read, replay, settle and
render). Run it ``nice``d on a shared machine, and read the figures with its load (printed).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "pokerstars"
HILO = str(Path(sys.executable).parent / "hilo")
_HAND_NUMBER = re.compile(r"(PokerStars (?:Hand|Game) #)\d+")
_CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")


def templates() -> list[str]:
    """Every hand of the own files but bad-input, each as one text."""
    hands: list[str] = []
    for path in sorted(DATA.glob("*.txt")):
        if path.name == "bad-input.txt":
            continue
        text = path.read_text(encoding="utf-8")
        hands += [h.strip() + "\n" for h in re.split(r"\n\s*\n", text) if h.strip()]
    return hands


def _rename(suits: dict[str, str], m: re.Match[str]) -> str:
    return m.group(1) + suits[m.group(2)]


def write(path: Path, count: int, seed: int) -> int:
    """Write ``count`` hands to ``path``; returns the number of bytes written."""
    rng = random.Random(seed)
    hands = templates()
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            hand = hands[n % len(hands)]
            suits = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
            hand = _CARD.sub(partial(_rename, suits), hand)
            hand = _HAND_NUMBER.sub(rf"\g<1>{300000000000 + n}", hand, count=1)
            out.write(hand + "\n\n")
    return path.stat().st_size


def split_only(path: Path) -> tuple[float, int]:
    """Seconds to cut the file into hands (``histories.split``: no hand read), and the count."""
    sys.path.insert(0, str(ROOT))
    from hilo_cli.histories import split

    text = path.read_text(encoding="utf-8")
    start = time.perf_counter()
    count = sum(1 for _ in split(str(path), text))
    return time.perf_counter() - start, count


def reader_only(path: Path) -> tuple[float, int]:
    """Seconds to read every hand into records in-process (no replay, no settling), and the count."""
    sys.path.insert(0, str(ROOT))
    from hilo_cli.histories.pokerstars import read

    text = path.read_text(encoding="utf-8")
    start = time.perf_counter()
    count = sum(1 for _ in read(str(path), text))
    return time.perf_counter() - start, count


def machine_speed() -> float:
    """Seconds for a fixed pure-Python loop: the machine's speed at the moment, to read the figures by
    (about 0.1 s on an idle laptop core of 2024; more when the machine is shared)."""
    start = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="write the generated file here and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.keep or Path(tmp) / "year.txt"
        size = write(path, args.hands, args.seed)
        print(
            f"{args.hands} hands, {size / 1e6:.1f} MB, {len(templates())} different hands with suits renamed",
            flush=True,
        )
        print(
            f"machine: a 3,000,000-step Python loop takes {machine_speed():.2f} s; load average "
            f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
            flush=True,
        )
        seconds, count = split_only(path)
        print(
            f"cutting into hands alone (the parent's part): {seconds:.2f} s, {count / seconds:,.0f} hands/s",
            flush=True,
        )
        seconds, count = reader_only(path)
        print(
            f"reader alone (in-process): {seconds:.2f} s, {count / seconds:,.0f} hands/s",
            flush=True,
        )
        for jobs in args.jobs:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            with open(os.devnull, "wb") as sink:
                done = subprocess.run(
                    [HILO, "check", str(path), "--format", "json", "--jobs", str(jobs)],
                    stdout=sink,
                    stderr=subprocess.PIPE,
                    check=False,
                )
            elapsed = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            # CPU of hilo and its workers: on a loaded machine the wall time shows the load, this the work.
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            print(
                f"hilo check --jobs {jobs}: {elapsed:.2f} s, {args.hands / elapsed:,.0f} hands/s, "
                f"exit {done.returncode}; {cpu:.2f} s of CPU in all (load average {os.getloadavg()[0]:.1f})",
                flush=True,
            )


if __name__ == "__main__":
    main()
