"""A hand with one long line of words in it, at every text reader: time against the line's length
(issue 29, item 5: PokerStars took 9 s on 400 KB and 32 s on 800 KB, the time growing with the square).

    python benchmarks/long_line.py [--sizes 100 200 400 800] [--words word wins "split the" "a:"]
                                   [--readers pokerstars fulltilt ...]

For each reader, its smallest test file (tests/data/<reader>) with a line of the word repeated, space
after space, to the size in KB, put in the middle of its first hand; each row the seconds that reading
the file took (``histories.read``, in this process) and the first 50 characters of its first record's
error. The last column is the time at the largest size over the time at the smallest: about the ratio
of the sizes when time grows linearly, its square when it grows with the square. Nothing asserts a
time: the script prints figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hilo_cli import histories  # noqa: E402

TEXT_READERS = [
    p.name for p in histories.PLUGINS if p.name not in ("phh", "merge", "boss", "microgaming")
]


def smallest(reader: str) -> str:
    files = sorted((ROOT / "tests" / "data" / reader).glob("*.txt"), key=lambda p: p.stat().st_size)
    files += sorted(
        (ROOT / "tests" / "data" / reader).glob("*.xml"), key=lambda p: p.stat().st_size
    )
    return files[0].read_bytes().decode("utf-8", "replace").replace("\r\n", "\n")


def seconds(reader: str, text: str, word: str, kb: int) -> tuple[float, str]:
    lines = text.split("\n")
    at = max(2, len(lines) // 4)
    line = (word + " ") * (kb * 1024 // (len(word) + 1))
    glued = "\n".join([*lines[:at], line, *lines[at:]])
    start = time.perf_counter()
    records = list(histories.read("long-line", glued, reader))
    return time.perf_counter() - start, (records[0].error or "")[:50]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 400, 800])
    parser.add_argument("--words", nargs="+", default=["word", "wins", "split the", "a:"])
    parser.add_argument("--readers", nargs="+", default=TEXT_READERS)
    args = parser.parse_args()
    print(
        f"{'reader':<12} {'word':<10} "
        + " ".join(f"{kb:>6} KB" for kb in args.sizes)
        + f"  {'ratio':>6}  first error"
    )
    for reader in args.readers:
        text = smallest(reader)
        for word in args.words:
            timed = [seconds(reader, text, word, kb) for kb in args.sizes]
            ratio = timed[-1][0] / max(timed[0][0], 1e-6)
            print(
                f"{reader:<12} {word!r:<10} "
                + " ".join(f"{t:>7.3f}s" for t, _ in timed)
                + f"  {ratio:>6.1f}  {timed[-1][1]!r}"
            )


if __name__ == "__main__":
    main()
