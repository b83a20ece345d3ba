"""Ctrl-C at any moment (issue 29 item 8): ``hilo check --jobs 2`` interrupted at random moments on a
loaded machine must end every time, soon, with exit 130 and one line on stderr.

    python benchmarks/interrupt.py [--runs 100] [--busy 8] [--jobs 2] [--earliest 0.05] [--latest 5]

The input is built in a temporary folder from the PokerStars files of tests/data (good hands only,
concatenated until the check runs for longer than ``--latest``); ``--busy`` CPU-bound processes
(``yes > /dev/null``, each in a session of its own) run beside it and are killed at the end. Each run
starts ``hilo check`` in a session of its own, waits a random time, sends SIGINT to its whole process
group (as a terminal's Ctrl-C does: the workers get it too) and waits for it to end. A run still going
after ``--give-up`` seconds is dumped with py-spy (if it is installed: ``pip install py-spy``) and
killed; it counts as a hang. The figures: runs, the exit statuses, the longest time from the SIGINT to
the end, the stderr lines. Nothing here asserts a time; it prints figures (and exits 1 if a run missed
the mark, so a script can tell).

No program sees a Ctrl-C that comes before its first line runs. Python's own start (the interpreter,
``site`` with whatever the installed .pth files import: an editable install's finder imports pathlib,
re and urllib; then the console script's ``import re`` and the ``hilo_cli`` package) is Python's: a
SIGINT then kills the process before Python handles it, or is Python's "Fatal Python error:
init_import_site", or a KeyboardInterrupt traceback with no ``run`` of hilo_cli/__main__.py on it. On a
loaded machine that start takes tens or hundreds of milliseconds, so the earliest interrupts can land
there: such runs are counted apart ("before hilo's first line"), and the time that start takes under
the same load is measured (``python -c "import re, hilo_cli.__main__"``, to that moment) and printed.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HILO = str(Path(sys.executable).parent / "hilo")
# Hands that check without an error line on stderr (OK, MISMATCH, NOT CHECKABLE).
FILES = [
    "side-pots-rake.txt",
    "odd-cent.txt",
    "quartered.txt",
    "run-twice.txt",
    "stud-hilo.txt",
    "tampered.txt",
    "courchevel-run-twice.txt",
    "no-showdown.txt",
]


def build_input(folder: Path, copies: int) -> Path:
    data = ROOT / "tests" / "data" / "pokerstars"
    once = "".join((data / name).read_text(encoding="utf-8") + "\n\n" for name in FILES)
    path = folder / "many.txt"
    with path.open("w", encoding="utf-8") as f:
        for _ in range(copies):
            f.write(once)
    return path


def before_hilo(status: int | None, err: str) -> bool:
    """Whether the run ended as Python's own start ends on SIGINT, before ``hilo_cli.__main__.run`` was
    running (see the module's docstring)."""
    if status == -signal.SIGINT and not err.strip():
        return True  # killed before Python installed its handler
    if "init_import_site" in err:
        return True
    frames = re.findall(r'File "([^"]+)", line \d+, in (\S+)', err)
    return bool(frames) and not any(
        path.endswith("__main__.py") and name == "run" for path, name in frames
    )


def python_start(runs: int) -> list[float]:
    """How long Python's own start takes, up to where hilo's first line would run (the console script's
    imports), ``runs`` times: from before the process is started to the moment that line runs (the end
    of the process, which a loaded machine slows far more, is left out)."""
    times = []
    code = "import re, time, hilo_cli.__main__; print(time.time())"
    for _ in range(runs):
        start = time.time()
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            start_new_session=True,  # as hilo's runs and the busy processes are
        )
        times.append(float(done.stdout) - start)
    return times


def dump(pid: int) -> str:
    """py-spy's dump of the process and its children, or why there is none."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    if not Path(spy).exists():
        return "(py-spy is not installed: no dump)"
    run = subprocess.run(
        [spy, "dump", "--subprocesses", "--pid", str(pid)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    return run.stdout + run.stderr


def one_run(command: list[str], wait: float, give_up: float) -> tuple[int | None, float, str, str]:
    """Start ``command``, SIGINT its group after ``wait`` seconds: (exit status or None for a hang,
    seconds from the SIGINT to the end, stderr, a py-spy dump if it hung)."""
    process = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    time.sleep(wait)
    sent = time.monotonic()
    try:
        os.killpg(process.pid, signal.SIGINT)
    except ProcessLookupError:
        pass
    try:
        _, err = process.communicate(timeout=give_up)
    except subprocess.TimeoutExpired:
        spied = dump(process.pid)
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
        return None, time.monotonic() - sent, err.decode(errors="replace"), spied
    ended = time.monotonic() - sent
    return process.returncode, ended, err.decode(errors="replace"), ""


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--runs", type=int, default=100)
    p.add_argument("--busy", type=int, default=8, help="CPU-bound processes beside it (default 8)")
    p.add_argument("--jobs", default="2")
    p.add_argument("--earliest", type=float, default=0.05, help="earliest SIGINT, seconds")
    p.add_argument("--latest", type=float, default=5.0, help="latest SIGINT, seconds")
    p.add_argument("--within", type=float, default=2.0, help="the mark: ended within (default 2 s)")
    p.add_argument("--give-up", type=float, default=20.0, help="a hang after this many seconds")
    p.add_argument("--copies", type=int, default=1500, help="copies of the hands in the input")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--verbose", action="store_true", help="print each run")
    p.add_argument("--hilo", default=HILO, help="the hilo to run (default: the one beside Python)")
    args = p.parse_args()
    rng = random.Random(args.seed)
    busy: list[subprocess.Popen[bytes]] = []
    folder = Path(tempfile.mkdtemp(prefix="hilo-interrupt-"))
    try:
        path = build_input(folder, args.copies)
        command = [args.hilo, "check", "--jobs", args.jobs, str(path)]
        for _ in range(args.busy):
            # Each in a session of its own, as hilo is: with the kernel's autogroup scheduling (on by
            # default), CPU time is shared between sessions first, and eight busy processes of the
            # benchmark's own session would load the benchmark, not hilo.
            busy.append(
                subprocess.Popen(["yes"], stdout=subprocess.DEVNULL, start_new_session=True)
            )
        statuses: collections.Counter[str] = collections.Counter()
        lines: collections.Counter[int] = collections.Counter()
        worst = 0.0
        missed: list[int] = []
        early: list[int] = []
        for n in range(args.runs):
            wait = rng.uniform(args.earliest, args.latest)
            status, ended, err, spied = one_run(command, wait, args.give_up)
            statuses["hang" if status is None else str(status)] += 1
            count = len(err.splitlines())
            lines[count] += 1
            worst = max(worst, ended)
            good = status == 130 and count == 1 and ended <= args.within
            if args.verbose or not good:
                print(
                    f"run {n}: SIGINT at {wait:.3f} s, status {status}, ended {ended:.3f} s later"
                )
            if not good:
                if before_hilo(status, err):
                    early.append(n)
                    print("(interrupted before hilo's first line)")
                else:
                    missed.append(n)
                print(err.rstrip()[-3000:])
                if spied:
                    print(spied)
        start_times = python_start(20)  # after the runs: processes just started get a head start
        print(f"hilo check --jobs {args.jobs}, {args.busy} busy processes beside it, SIGINT to the")
        print(f"group at {args.earliest}-{args.latest} s, {path.stat().st_size:,} bytes of input")
        print(f"runs: {args.runs}")
        print("exit statuses: " + ", ".join(f"{k} x{v}" for k, v in sorted(statuses.items())))
        print("stderr lines: " + ", ".join(f"{k} x{v}" for k, v in sorted(lines.items())))
        print(f"longest from SIGINT to the end: {worst:.3f} s (the mark: {args.within} s)")
        print(
            f"Python's own start before hilo's first line, {len(start_times)} runs beside the same"
            f" load: median {statistics.median(start_times) * 1000:.0f} ms,"
            f" longest {max(start_times) * 1000:.0f} ms"
        )
        print(
            f"interrupted before hilo's first line: {len(early)} {early if early else ''}".rstrip()
        )
        print(f"missed the mark otherwise: {len(missed)} {missed if missed else ''}".rstrip())
    finally:
        for b in busy:
            b.kill()
            b.wait()
        shutil.rmtree(folder, ignore_errors=True)
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
