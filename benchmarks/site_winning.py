"""``hilo check`` on a generated Winning Poker Network history (the current format): the project's own
Winning hands repeated.

    python benchmarks/site_winning.py [--hands 20000] [--jobs 1 2] [--seed 1] [--keep FILE]

The hands are tests/data/winning/ (bad-input and the UTF-16 old format left out) repeated with new hand
numbers and each copy's suits renamed at random (the same renaming through a whole hand: the same
verdict). Nothing asserts a time; it prints figures: the reader alone in-process (no replay), then
``hilo check --format json`` per ``--jobs`` (``site_common.report``). Run it ``nice``d on a shared
machine.
"""

from __future__ import annotations

import re
from pathlib import Path

from site_common import own_hands, repeat, site_main

_START = re.compile(r"^(?=(?:Game )?Hand #\d+ - )", re.MULTILINE)
_NUMBER = re.compile(r"^((?:Game )?Hand #)\d+", re.MULTILINE)


def templates() -> list[str]:
    return own_hands("winning", _START, ("bad-input.txt", "old-format.txt"))


def write(path: Path, count: int, seed: int) -> int:
    """Write ``count`` hands to ``path``; returns the number of bytes written."""
    return repeat(
        path, templates(), count, seed, lambda h, n: _NUMBER.sub(rf"\g<1>{900000000 + n}", h, 1)
    )


if __name__ == "__main__":
    site_main("winning", __doc__ or "", templates, write)
