"""``hilo check`` on a generated PartyPoker history: the project's own PartyPoker hands repeated.

    python benchmarks/site_partypoker.py [--hands 20000] [--jobs 1 2] [--seed 1] [--keep FILE]

The hands are tests/data/partypoker/ (bad-input left out): a split pot under a buy-in header, a quartered
low, side pots with a bet returned as a "side pot", a hand without a showdown, stud hi/lo, a tournament,
hold'em (not checkable) and three tampered payouts; no rake is printed, so every check derives it. Each
copy has a new game number and its suits renamed (the same renaming through the hand, so it keeps its
verdict; the file exits 1). ``write`` makes the file, for ``benchmarks/readers.py`` too. Nothing asserts a
time; it prints figures: the reader alone in-process (no replay), then ``hilo check --format json`` per
``--jobs``, with the CPU seconds of hilo and its workers.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from site_common import repeat, report

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "partypoker"
_START = re.compile(r"^(?=\*{5} Hand History for Game )", re.MULTILINE)
_NOISE = re.compile(r"^(?:Game #\d+ starts\.|#Game No : \d+)\n", re.MULTILINE)
_NUMBER = re.compile(r"(Hand History for Game )\d+")


def templates() -> list[str]:
    """Every hand of the own files but bad-input, each as one text (the lines around the header left out)."""
    hands: list[str] = []
    for path in sorted(DATA.glob("*.txt")):
        if path.name != "bad-input.txt":
            text = _NOISE.sub("", path.read_text(encoding="utf-8"))
            hands += [h.strip() + "\n" for h in _START.split(text) if h.strip()]
    return hands


def _numbered(hand: str, n: int) -> str:
    number = 500000000 + n
    return f"Game #{number} starts.\n\n#Game No : {number}\n" + _NUMBER.sub(
        rf"\g<1>{number}", hand, 1
    )


def write(path: Path, count: int, seed: int) -> int:
    """Write ``count`` hands to ``path``; returns the number of bytes written."""
    return repeat(path, templates(), count, seed, _numbered)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="write the generated file here and keep it")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    report("partypoker", write, len(templates()), args.hands, args.jobs, args.seed, args.keep)


if __name__ == "__main__":
    main()
