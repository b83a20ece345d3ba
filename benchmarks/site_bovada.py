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

import re
from pathlib import Path

from site_common import own_hands, repeat, site_main

_START = re.compile(r"^(?=Bovada Hand #)", re.MULTILINE)
_NUMBER = re.compile(r"^(Bovada Hand #)\d+", re.MULTILINE)


def templates() -> list[str]:
    """Every hand of the own files but bad-input, each as one text."""
    return own_hands("bovada", _START)


def write(path: Path, count: int, seed: int) -> int:
    """Write ``count`` hands to ``path``; returns the number of bytes written."""
    return repeat(
        path,
        templates(),
        count,
        seed,
        lambda hand, n: _NUMBER.sub(rf"\g<1>{400000000 + n}", hand, 1),
    )


if __name__ == "__main__":
    site_main("bovada", __doc__ or "", templates, write)
