"""``hilo check`` on the same hands kept four ways (issue 30): one file, the file gzipped, the file in a
zip, and a folder of many files in nested subfolders; timed end to end, with each run's peak memory.

    python benchmarks/check_archives.py [--hands 100000] [--files 2000] [--seed 1]

The hands are check_pokerstars.py's (the project's own PokerStars hands, repeated with new numbers and
suits renamed). The folder holds the same hands cut into ``--files`` files, ten to a subfolder, ten
subfolders to a folder above. Every way gives the same records (but their names), so the figures say
what reading an archive or walking a folder costs beside reading one file. Nothing asserts a time; it
prints figures: wall time, CPU of hilo, and its peak resident memory. Run it ``nice``d on a shared
machine, and read the figures with its load (printed).
"""

from __future__ import annotations

import argparse
import gzip
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from check_pokerstars import machine_speed, write

HILO = str(Path(sys.executable).parent / "hilo")

# Runs hilo and reports, from its own process, what the child used: the peak memory of one run alone.
MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(time.perf_counter() - start, used.ru_utime + used.ru_stime, used.ru_maxrss, done.returncode)
"""


def folder_of(path: Path, root: Path, files: int) -> int:
    """The hands of ``path`` cut into ``files`` files under ``root`` (ten to a folder, ten folders to a
    folder above); returns the number of files written."""
    hands = path.read_text(encoding="utf-8").split("\n\n\n")
    per = max(1, -(-len(hands) // files))
    written = 0
    for start in range(0, len(hands), per):
        n = start // per
        where = root / f"{n // 100:03d}" / f"{n // 10 % 10:02d}"
        where.mkdir(parents=True, exist_ok=True)
        (where / f"hands-{n:05d}.txt").write_text("\n\n\n".join(hands[start : start + per]) + "\n")
        written += 1
    return written


def measure(target: Path, hands: int) -> str:
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, HILO, "check", "--format", "json", str(target)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    wall, cpu, peak, status = float(out[0]), float(out[1]), int(out[2]), out[3]
    return (
        f"{wall:6.2f} s, {hands / wall:7,.0f} hands/s, {cpu:6.2f} s CPU, peak {peak / 1024:5.0f} MB, "
        f"exit {status}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--files", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        plain = root / "year.txt"
        size = write(plain, args.hands, args.seed)
        packed = root / "year.txt.gz"
        packed.write_bytes(gzip.compress(plain.read_bytes(), 6))
        zipped = root / "year.zip"
        with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(plain, "2024/year.txt")
        files = folder_of(plain, root / "folder", args.files)
        print(
            f"{args.hands:,} hands, {size / 1e6:.1f} MB; .gz {packed.stat().st_size / 1e6:.1f} MB, "
            f".zip {zipped.stat().st_size / 1e6:.1f} MB; the folder {files:,} files",
            flush=True,
        )
        print(
            f"machine: a 3,000,000-step Python loop takes {machine_speed():.2f} s; load average "
            f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
            flush=True,
        )
        for label, target in (
            ("one file", plain),
            ("gzipped", packed),
            ("zipped", zipped),
            (f"{files:,} files", root / "folder"),
        ):
            print(f"hilo check, {label:>12}: {measure(target, args.hands)}", flush=True)


if __name__ == "__main__":
    main()
