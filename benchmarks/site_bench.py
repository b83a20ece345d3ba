"""``hilo check`` of one closed site's reader (issue 18) on a generated file: hands per CPU-second.

The file is the site's own test hands (tests/data/<site>/, the bad-input file left out) repeated with new
hand numbers and each copy's suits renamed, so that every copy keeps its verdict. Each row is one
``hilo check FILE --format json --jobs J`` subprocess (``readers.run_check``: wall and CPU seconds, peak
memory, records written). Nothing asserts a time: the script prints figures. Used by ``site_fulltilt.py``,
``site_everleaf.py``, ``site_cake.py``, ``site_entraction.py`` and ``site_kingsclub.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import tempfile
from functools import partial
from pathlib import Path

from check_pokerstars import machine_speed
from readers import HEADER, Row, _line, run_check

ROOT = Path(__file__).resolve().parents[1]
_CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")


def _rename(suits: dict[str, str], m: re.Match[str]) -> str:
    return m.group(1) + suits[m.group(2)]


def _renumber(number: str, m: re.Match[str]) -> str:
    return m.group(0).replace(m.group(1), number)


def _pieces(text: str, start: re.Pattern[str] | None) -> list[str]:
    """A file's hands: cut at blank lines, or where ``start`` (a line that starts a hand) says, for a site
    whose hands hold blank lines or follow each other without one (Entraction, KingsClub)."""
    if start is None:
        return re.split(r"\n\s*\n(?=\S)", text)
    at = [m.start() for m in start.finditer(text)]
    return [text[i:j] for i, j in zip(at, [*at[1:], len(text)], strict=True)]


def write(
    site: str,
    number: re.Pattern[str],
    path: Path,
    count: int,
    seed: int,
    start: re.Pattern[str] | None = None,
) -> int:
    """``count`` hands of ``site`` into ``path``: its own test hands in turn, renumbered (``number``'s
    group 1 is a hand number), suits renamed; the file's size in bytes."""
    rng = random.Random(seed)
    hands: list[str] = []
    for p in sorted((ROOT / "tests" / "data" / site).glob("*.txt")):
        if p.name != "bad-input.txt":
            hands += [h for h in _pieces(p.read_text(encoding="utf-8"), start) if number.search(h)]
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            suits = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
            hand = _CARD.sub(partial(_rename, suits), hands[n % len(hands)])
            hand = number.sub(partial(_renumber, f"{9_000_000 + n}"), hand)
            out.write(hand.rstrip("\n") + "\n\n\n")
    return path.stat().st_size


def main(site: str, number: re.Pattern[str], start: re.Pattern[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=f"hilo check of the {site} reader: hands per CPU-second"
    )
    parser.add_argument("--hands", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
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
            path = Path(tmp) / f"{site}-{hands}.txt"
            size = write(site, number, path, hands, args.seed, start) / 1e6
            for jobs in args.jobs:
                wall, cpu, rss, records, status = run_check(path, jobs, args.limit)
                print(
                    _line(Row(site, hands, size, jobs, wall, cpu, rss, records, status)), flush=True
                )
