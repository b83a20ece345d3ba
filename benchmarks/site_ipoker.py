"""``hilo check`` of iPoker sessions of N hands: hands per CPU-second (issue 17), as benchmarks/readers.py
measures every reader (its ``measure``: one ``hilo check FILE --format json --jobs J`` subprocess per row).

    python benchmarks/site_ipoker.py [--hands 1000 10000] [--jobs 1 2] [--seed 1]

The file: one cp1252 Omaha Hi-Lo session of the project's own iPoker games (tests/data/ipoker/: a split
pot, a quartered pot, side pots, a hand without a showdown, two tampered payouts), repeated with new game
codes and each copy's suits renamed (so each keeps its verdict; exit 1: the tampered hands). Nothing
asserts a time: the script prints figures.
"""

from __future__ import annotations

import argparse
import random
import re
from functools import partial
from pathlib import Path

import readers

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "ipoker"
_GAME = re.compile(r"\t\t<game gamecode=.*?(?=\t\t</game>)", re.DOTALL)
_CARDS = re.compile(r"(<cards [^>]*>)([^<]*)(</cards>)")
_CARD = re.compile(r"\b([CDHS])(10|[2-9JQKA])\b")


def _renamed(suits: dict[str, str], m: re.Match[str]) -> str:
    cards = _CARD.sub(lambda c: suits[c.group(1)] + c.group(2), m.group(2))
    return m.group(1) + cards + m.group(3)


def write(path: Path, count: int, seed: int) -> int:
    """A session of ``count`` games (the own games in turn, renumbered, suits renamed); its bytes."""
    rng = random.Random(seed)
    files = [
        (DATA / f"{name}.xml").read_bytes().decode("cp1252")
        for name in ("split", "quartered", "side-pot", "no-showdown", "tampered")
    ]
    apart = [text.replace("\t\t</game>\t\t<game", "\t\t</game>\r\n\t\t<game") for text in files]
    games = [g for text in apart for g in _GAME.findall(text)]
    head = files[0][: files[0].index("\t\t<game ")]
    with path.open("wb") as out:
        out.write(head.encode("cp1252"))
        for n in range(count):
            suits = dict(zip("CDHS", rng.sample("CDHS", 4), strict=True))
            game = re.sub(
                r'gamecode="\d+"', f'gamecode="{8_000_000 + n}"', games[n % len(games)], count=1
            )
            game = _CARDS.sub(partial(_renamed, suits), game)
            out.write((game.rstrip() + "\r\n\t\t</game>\r\n").encode("cp1252"))
        out.write(b"</session>\r\n")
    return path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--limit", type=float, default=600.0, help="stop a run after this many seconds"
    )
    args = parser.parse_args()
    readers.WRITERS["ipoker"] = (write, ".xml")
    print(readers.HEADER, flush=True)
    for hands in args.hands:
        readers.measure("ipoker", hands, args.jobs, args.seed, args.limit, None)


if __name__ == "__main__":
    main()
