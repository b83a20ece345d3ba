"""``hilo check --all-in`` against the plain check (issues 20 and 31): time and peak memory.

    python benchmarks/allin.py [--hands 100000] [--share 0.03] [--jobs 1] [--seed 1] [--keep FILE]
    python benchmarks/allin.py --from ../shared/handhistories/pokerstars [--hands 100000]
    python benchmarks/allin.py --plot ...            # a third run, --all-in --plot x.png

The input holds ``--hands`` hands. Generated (the default): a ``--share`` of them all in with cards to
come (random spots of tests/equity/test_allin.py: 2-6 players, side pots, folded money, rake; preflop,
flop and turn alike), the rest the project's own PokerStars hands that are not (check_pokerstars.py's
templates, suits renamed). ``--from FOLDER``: that folder's history files, copied until there are
``--hands`` hands (issue 31's input is ../shared's 96 PokerStars hands, 1,042 copies: 100,032 hands),
each copy's suits renamed at random (one renaming through a whole copy keeps every hand the hand it was),
so no two copies of an all-in spot are the same cards.

It prints the cost per all-in hand by street (in-process), then for ``hilo check --format json``, ``hilo
check --all-in --format json`` on a tenth of the hands and on all of them (and ``--plot``) the seconds
and the peak memory (the process's maximum resident set): the all-in runs' peaks are the same at a tenth
and at all the hands when memory does not grow with the history. Nothing asserts a time; run it
``nice``d on a shared machine and read the figures with its load (printed).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "tests" / "equity"),
    str(ROOT / "benchmarks"),
]

from check_pokerstars import templates  # noqa: E402
from test_allin import make_spot, pokerstars  # noqa: E402

from hilo_cli.checking import process  # noqa: E402
from hilo_cli.histories import read_text, split  # noqa: E402

HILO = str(Path(sys.executable).parent / "hilo")
HAND_NUMBER = re.compile(r"(PokerStars (?:Hand|Game) #)\d+")
CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")


def renamed(suits: dict[str, str], m: re.Match[str]) -> str:
    """A card with its suit renamed (the same renaming through a hand keeps it the hand it was)."""
    return m.group(1) + suits[m.group(2)]


def _records(text: str) -> list[object]:
    return [read_text(p) if not hasattr(p, "hand") else p for p in split("bench.txt", text)]


def plain_templates() -> list[str]:
    """The own hands that are not all in with cards to come."""
    out = []
    for hand in templates():
        records = _records(hand)
        luck = [process(r, "json", all_in=True).luck for r in records]  # type: ignore[arg-type]
        if all(x is None or x.all_in is None for x in luck):
            out.append(hand)
    return out


def write(path: Path, count: int, share: float, seed: int) -> tuple[int, dict[str, int]]:
    """Write the file; the number of all-in hands by street."""
    rng = random.Random(seed)
    plain = plain_templates()
    streets: dict[str, int] = {}
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            if rng.random() < share:
                street = rng.choice([0, 3, 4])
                streets[str(street)] = streets.get(str(street), 0) + 1
                out.write(pokerstars(make_spot(rng, street=street), n).strip() + "\n\n\n")
                continue
            suits = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
            hand = CARD.sub(partial(renamed, suits), plain[n % len(plain)])
            hand = HAND_NUMBER.sub(rf"\g<1>{300000000000 + n}", hand, count=1)
            out.write(hand + "\n\n")
    return path.stat().st_size, streets


def replicate(folder: Path, dest: Path, hands: int, seed: int) -> int:
    """Copy every history file of ``folder`` into ``dest`` (one file each, the copies one after the
    other) until there are at least ``hands`` hands, each copy's suits renamed; the hands written."""
    from hilo_cli.histories import hands as cut

    files = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.endswith(".md"))
    texts = {p: p.read_bytes().decode("utf-8-sig") for p in files}
    each = 0
    for p in files:
        with p.open("rb") as stream:
            each += sum(1 for _ in cut(str(p), stream, "auto"))
    copies = -(-hands // max(each, 1))
    rng = random.Random(seed)
    outs = {p: (dest / p.name).open("w", encoding="utf-8", newline="") for p in files}
    try:
        for _ in range(copies):
            suits = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
            for p, text in texts.items():
                end = "\r\n" if "\r\n" in text else "\n"
                outs[p].write(CARD.sub(partial(renamed, suits), text.rstrip()) + end * 3)
    finally:
        for out in outs.values():
            out.close()
    return copies * each


# A small process between this one and hilo (as /usr/bin/time is): Linux counts in a child's peak the
# memory of the process it was forked from, and this one holds numpy and the generated hands.
_MEASURE = """
import os, sys
pid = os.fork()
if pid == 0:
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss)
"""


def timed(args: list[str]) -> tuple[float, float]:
    """Seconds and peak memory (MB, the maximum resident set) of ``hilo ARGS``."""
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-S", "-c", _MEASURE, HILO, *args],
        stdout=subprocess.PIPE,
        check=True,
    )
    return time.perf_counter() - start, int(run.stdout) / 1024


def per_street(seed: int, each: int = 12) -> dict[str, float]:
    """Milliseconds per all-in hand by street, in-process (numpy already imported)."""
    rng = random.Random(seed)
    process(_records(pokerstars(make_spot(rng, street=0)))[0], "json", all_in=True)  # type: ignore[arg-type]
    out = {}
    for street, name in ((0, "preflop"), (3, "flop"), (4, "turn")):
        records = [_records(pokerstars(make_spot(rng, street=street)))[0] for _ in range(each)]
        start = time.perf_counter()
        for r in records:
            process(r, "json", all_in=True)  # type: ignore[arg-type]
        out[name] = (time.perf_counter() - start) / each * 1000
    return out


def inputs(a: argparse.Namespace, tmp: Path) -> tuple[Path, Path, str]:
    """The input at a tenth of the hands and at all of them, and what it holds."""
    sizes = []
    for name, count in (("tenth", max(a.hands // 10, 1)), ("all", a.hands)):
        if a.source is not None:
            folder = tmp / name
            folder.mkdir()
            written = replicate(a.source, folder, count, a.seed)
            sizes.append((folder, f"{written:,} hands, copies of {a.source}"))
            continue
        path = a.keep if a.keep is not None and name == "all" else tmp / f"{name}.txt"
        size, streets = write(path, count, a.share, a.seed)
        total = sum(streets.values())
        sizes.append(
            (
                path,
                f"{count:,} hands, {size / 1e6:.1f} MB, {total:,} all in with cards to come "
                f"(preflop {streets.get('0', 0):,}, flop {streets.get('3', 0):,}, "
                f"turn {streets.get('4', 0):,})",
            )
        )
    (tenth, _), (whole, what) = sizes
    return tenth, whole, what


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--share", type=float, default=0.03)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="write the generated input here, and keep it")
    parser.add_argument("--from", dest="source", type=Path, help="copy this folder's histories")
    parser.add_argument("--plot", action="store_true", help="also time --all-in --plot x.png")
    a = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for street, ms in per_street(a.seed).items():
        print(f"  all in {street:8s} {ms:8.1f} ms per hand (in-process)")
    with tempfile.TemporaryDirectory() as tmp:
        tenth, whole, what = inputs(a, Path(tmp))
        print(what)
        jobs = ["--jobs", str(a.jobs), "--format", "json"]
        plain, plain_mb = timed(["check", *jobs, str(whole)])
        _, tenth_mb = timed(["check", "--all-in", *jobs, str(tenth)])
        added, added_mb = timed(["check", "--all-in", *jobs, str(whole)])
        print(f"hilo check                  {plain:8.1f} s  {plain_mb:6.1f} MB peak")
        print(f"hilo check --all-in         {added:8.1f} s  {added_mb:6.1f} MB peak ", end="")
        print(f"({tenth_mb:.1f} MB at a tenth of the hands; {added / plain:.2f} x the plain time)")
        if a.plot:
            drawn, drawn_mb = timed(
                ["check", "--plot", str(Path(tmp) / "x.png"), *jobs, str(whole)]
            )
            print(f"hilo check --all-in --plot  {drawn:8.1f} s  {drawn_mb:6.1f} MB peak")


if __name__ == "__main__":
    main()
