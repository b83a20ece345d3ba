"""``hilo check`` of one closed site's XML reader (Merge, Boss Media, Microgaming: issue 18) on a generated
file: hands per CPU-second.

The file is the site's own test hands (tests/data/<site>/*.xml, the bad-input, billion-laughs and
mixed-games files left out) repeated with new hand numbers, each hand its own element, in one file as the
site writes a session (Merge: one ``<description>`` first; Boss Media: one ``<ROOT>`` around them). Each
row is one ``hilo check FILE --format json --jobs J`` subprocess (``readers.run_check``: wall and CPU
seconds, peak memory, records written). Nothing asserts a time: the script prints figures. Used by
``site_merge.py``, ``site_boss.py`` and ``site_microgaming.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from pathlib import Path

from check_pokerstars import machine_speed
from readers import HEADER, Row, _line, run_check

ROOT = Path(__file__).resolve().parents[1]
LEFT_OUT = {"bad-input.xml", "billion-laughs.xml", "mixed-games.xml"}


class Format:
    """How a site's file holds its hands: the hand element (``hand``), its number (``number``, group 1), and
    what stands before and after the hands."""

    def __init__(self, hand: str, number: str, head: str = "", tail: str = "") -> None:
        self.hand, self.number = re.compile(hand, re.DOTALL), re.compile(number)
        self.head, self.tail = head, tail


def write(site: str, form: Format, path: Path, count: int) -> int:
    """``count`` hands of ``site`` into ``path``: its own test hands in turn, renumbered; the size in bytes."""
    hands: list[str] = []
    for p in sorted((ROOT / "tests" / "data" / site).glob("*.xml")):
        if p.name not in LEFT_OUT:
            hands += form.hand.findall(p.read_text(encoding="utf-8"))
    with path.open("w", encoding="utf-8") as out:
        out.write(form.head)
        for n in range(count):
            hand = hands[n % len(hands)]
            found = form.number.search(hand)
            if found is not None:
                old = found.group(1)  # a Merge number keeps its table part: "40231841-160"
                new = f"{9_000_000 + n}" + (old[old.index("-") :] if "-" in old else "")
                hand = hand[: found.start(1)] + new + hand[found.end(1) :]
            out.write(hand + "\n")
        out.write(form.tail)
    return path.stat().st_size


def main(site: str, form: Format) -> None:
    parser = argparse.ArgumentParser(
        description=f"hilo check of the {site} reader: hands per CPU-second"
    )
    parser.add_argument("--hands", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument(
        "--limit", type=float, default=600.0, help="stop a run after this many seconds"
    )
    args = parser.parse_args()
    print(
        f"machine: a 3,000,000-step Python loop takes {machine_speed():.2f} s; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        flush=True,
    )
    print(HEADER, flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for hands in args.hands:
            path = Path(tmp) / f"{site}-{hands}.xml"
            size = write(site, form, path, hands) / 1e6
            for jobs in args.jobs:
                wall, cpu, rss, records, status = run_check(path, jobs, args.limit)
                print(
                    _line(Row(site, hands, size, jobs, wall, cpu, rss, records, status)), flush=True
                )
