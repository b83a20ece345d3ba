"""``hilo check`` on a generated Bovada / Ignition history: the project's own Bovada hands repeated.

    python benchmarks/site_bovada.py [--hands 20000] [--jobs 1 2] [--seed 1] [--keep FILE]

The hands are tests/data/bovada/ (bad-input left out): a split pot, a quartered low, a side pot whose
rake is derived, a hand without a showdown, stud hi/lo, hold'em (not checkable) and three tampered
payouts, each copy with a new hand number and its suits renamed (the same renaming through the hand, so
it keeps its verdict; the file exits 1). ``write`` makes the file, for ``benchmarks/readers.py`` too.
Nothing asserts a time; it prints figures: the reader alone in-process (no replay), then
``hilo check --format json`` per ``--jobs``, with the CPU seconds of hilo and its workers.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from site_common import repeat, report

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "bovada"
_START = re.compile(r"^(?=Bovada Hand #)", re.MULTILINE)
_NUMBER = re.compile(r"^(Bovada Hand #)\d+", re.MULTILINE)


def templates() -> list[str]:
    """Every hand of the own files but bad-input, each as one text."""
    hands: list[str] = []
    for path in sorted(DATA.glob("*.txt")):
        if path.name != "bad-input.txt":
            hands += [
                h.strip() + "\n"
                for h in _START.split(path.read_text(encoding="utf-8"))
                if h.strip()
            ]
    return hands


def write(path: Path, count: int, seed: int) -> int:
    """Write ``count`` hands to ``path``; returns the number of bytes written."""
    return repeat(
        path,
        templates(),
        count,
        seed,
        lambda hand, n: _NUMBER.sub(rf"\g<1>{400000000 + n}", hand, 1),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="write the generated file here and keep it")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    report("bovada", write, len(templates()), args.hands, args.jobs, args.seed, args.keep)


if __name__ == "__main__":
    main()
