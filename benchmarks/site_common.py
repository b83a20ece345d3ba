"""What the site benchmarks share: a file of a site's own hands repeated, and the figures printed."""

from __future__ import annotations

import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from check_pokerstars import machine_speed

HILO = str(Path(sys.executable).parent / "hilo")
_CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")


def _rename(suits: dict[str, str], m: re.Match[str]) -> str:
    return m.group(1) + suits[m.group(2)]


def repeat(
    path: Path, hands: list[str], count: int, seed: int, numbered: Callable[[str, int], str]
) -> int:
    """Write ``count`` hands to ``path``, the ``hands`` in turn, each copy numbered anew by ``numbered`` and
    its suits renamed the same way through the hand; returns the number of bytes written."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            suits = dict(zip("cdhs", rng.sample("cdhs", 4), strict=True))
            out.write(
                numbered(_CARD.sub(partial(_rename, suits), hands[n % len(hands)]), n) + "\n\n"
            )
    return path.stat().st_size


def reader_only(path: Path, reader: str) -> tuple[float, int]:
    """Seconds to read every hand into records in-process (no replay, no settling), and the count."""
    from hilo_cli.histories import read

    text = path.read_text(encoding="utf-8")
    start = time.perf_counter()
    count = sum(1 for _ in read(str(path), text, reader))
    return time.perf_counter() - start, count


def report(
    reader: str,
    write: Callable[[Path, int, int], int],
    kinds: int,
    hands: int,
    jobs: list[int],
    seed: int,
    keep: Path | None,
) -> None:
    """Write the file and print the figures: the reader alone, then ``hilo check`` per ``--jobs``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = keep or Path(tmp) / f"{reader}.txt"
        size = write(path, hands, seed)
        print(
            f"{reader}: {hands} hands, {size / 1e6:.1f} MB, {kinds} different hands with suits renamed",
            flush=True,
        )
        print(
            f"machine: a 3,000,000-step Python loop takes {machine_speed():.2f} s; load average "
            f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
            flush=True,
        )
        seconds, count = reader_only(path, reader)
        print(
            f"reader alone (in-process): {seconds:.2f} s, {count / seconds:,.0f} hands/s ({count} records)",
            flush=True,
        )
        for j in jobs:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            with open(os.devnull, "wb") as sink:
                done = subprocess.run(
                    [HILO, "check", str(path), "--format", "json", "--jobs", str(j)],
                    stdout=sink,
                    stderr=subprocess.PIPE,
                    check=False,
                )
            elapsed = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            print(
                f"hilo check --jobs {j}: {elapsed:.2f} s, {hands / elapsed:,.0f} hands/s, exit {done.returncode}; "
                f"{cpu:.2f} s of CPU in all, {hands / cpu:,.0f} hands per CPU-second "
                f"(load average {os.getloadavg()[0]:.1f})",
                flush=True,
            )


def own_hands(
    site: str, start: re.Pattern[str], skip: tuple[str, ...] = ("bad-input.txt",)
) -> list[str]:
    """Every hand of tests/data/<site>/*.txt but the ``skip`` files, each as one text, the files cut
    where ``start`` matches (a zero-width pattern before each hand's first line)."""
    data = Path(__file__).resolve().parents[1] / "tests" / "data" / site
    hands: list[str] = []
    for path in sorted(data.glob("*.txt")):
        if path.name not in skip:
            text = path.read_text(encoding="utf-8")
            hands += [h.strip() + "\n" for h in start.split(text) if h.strip()]
    return hands


def site_main(
    reader: str,
    doc: str,
    templates: Callable[[], list[str]],
    write: Callable[[Path, int, int], int],
) -> None:
    """The command line every site benchmark takes (``--hands``, ``--jobs``, ``--seed``, ``--keep``),
    then ``report``."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="write the generated file here and keep it")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    report(reader, write, len(templates()), args.hands, args.jobs, args.seed, args.keep)
