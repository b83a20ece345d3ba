"""Two hot paths of the library, this tree against a git revision, in one process (issue 22).

    python benchmarks/hot_paths.py [--against REV] [--rounds 21] [--hands 3000] [--copies 400]

* ``evaluate.fast.omaha_hands`` (each hand's best high and low with their cards, as every report asks):
  seeded six-handed deals with 4, 5 and 6 hole cards, qualifier 8 and none, the board prepared each time.
* ``histories.reading.cut`` (a file's lines into hands, once per line of every history): the project's
  PokerStars hands and its iPoker sessions (a reader with a session header, ``Reader.session``), each
  repeated ``--copies`` times, cut from bytes already in memory.

The module as it was at ``--against`` (default ``HEAD``) is loaded from git beside the one in the working
tree; both run on the same data, alternately, and the best of ``--rounds`` counts. Times are CPU time of
this process (``time.process_time``), so that a busy machine inflates them less; still, figures move by a
few percent from run to run on a shared machine. Both versions' answers are compared first. Nothing
asserts a time: the script prints figures.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hilo_cli.evaluate import fast  # noqa: E402
from hilo_cli.histories import ipoker, pokerstars, reading  # noqa: E402


def at_revision(module: types.ModuleType, rev: str) -> types.ModuleType:
    """``module`` as its file was at ``rev``, loaded under a name of its own."""
    path = Path(str(module.__file__)).resolve().relative_to(ROOT)
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:{path.as_posix()}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    old = types.ModuleType(f"{module.__name__}_at_{rev}")
    exec(compile(text, f"{path} at {rev}", "exec"), old.__dict__)
    return old


def best_of(rounds: int, runs: dict[str, Callable[[], object]]) -> dict[str, float]:
    """The least CPU time of each run over ``rounds``, the order of the runs alternating."""
    best = dict.fromkeys(runs, float("inf"))
    names = list(runs)
    for r in range(rounds):
        for name in names if r % 2 else names[::-1]:
            t = time.process_time()
            runs[name]()
            best[name] = min(best[name], time.process_time() - t)
    return best


def _hands_key(hands: list[Any]) -> list[object]:
    return [
        (h.high.value, h.high.cards, h.low and (h.low.value, h.low.cards), h.no_low) for h in hands
    ]


def bench_hands(old: types.ModuleType, rev: str, rounds: int, count: int) -> None:
    rng = random.Random(1)
    for hole in (4, 5, 6):
        deals = []
        for _ in range(count):
            cards = rng.sample(range(52), 5 + 6 * hole)
            holes = [tuple(cards[5 + hole * i : 5 + hole * (i + 1)]) for i in range(6)]
            deals.append((holes, cards[:5]))
        for q in (8, None):

            def run(mod: types.ModuleType, q: int | None = q, deals: list[Any] = deals) -> object:
                return [mod.omaha_hands(h, mod.prepare_board(b, q), q) for h, b in deals]

            mine, theirs = run(fast), run(old)
            assert [_hands_key(x) for x in mine] == [_hands_key(x) for x in theirs]
            best = best_of(rounds, {"old": lambda: run(old), "new": lambda: run(fast)})
            per = 1e6 / (count * 6)
            print(
                f"omaha_hands, {hole} hole cards, qualifier {q}: {rev} {best['old'] * per:.3f} us/hand, "
                f"this tree {best['new'] * per:.3f} us/hand ({best['new'] / best['old']:.3f}x)"
            )


def bench_cut(old: types.ModuleType, rev: str, rounds: int, copies: int) -> None:
    for reader, folder in ((pokerstars.READER, "pokerstars"), (ipoker.READER, "ipoker")):
        files = sorted((ROOT / "tests" / "data" / folder).iterdir())
        data = b"\n".join(f.read_bytes() for f in files if "bad" not in f.name) * copies
        lines = data.splitlines()

        def run(mod: types.ModuleType, lines: list[bytes] = lines, reader: Any = reader) -> object:
            return list(mod.cut("bench", iter(lines), reader))

        assert run(reading) == run(old)
        best = best_of(rounds, {"old": lambda: run(old), "new": lambda: run(reading)})
        per = 1e6 / len(lines)
        print(
            f"cut, {reader.name} ({len(lines):,} lines): {rev} {best['old'] * per:.3f} us/line, "
            f"this tree {best['new'] * per:.3f} us/line ({best['new'] / best['old']:.3f}x)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="HEAD", help="the git revision to compare with")
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument(
        "--hands", type=int, default=3000, help="deals for omaha_hands, six hands each"
    )
    parser.add_argument("--copies", type=int, default=400, help="copies of the histories for cut")
    args = parser.parse_args()
    bench_hands(at_revision(fast, args.against), args.against, args.rounds, args.hands)
    bench_cut(at_revision(reading, args.against), args.against, args.rounds, args.copies)


if __name__ == "__main__":
    main()
