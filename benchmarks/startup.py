"""Start-up of ``hilo showdown`` as a whole process, against ``python -c "import click"`` (issue 22),
and of ``hilo check`` on one small PokerStars file against the showdown (issue 27: it loads the one
reader the file needs).

    python benchmarks/startup.py [--runs 30]

The commands run alternately (interleaved, so that drift in the machine's load falls on all alike),
stdout piped as a script would; the figures are the medians, and the ratios are hilo's median over
click's (the goal: at most 1.3x) and the check's over the showdown's. Then one
``python -X importtime`` run of the showdown lists the hilo modules it imports with their own import
times, and names any module a piped showdown never uses (terminal handling, colour, history readers,
equity, numpy, formats it does not write) that it imported all the same. Nothing here asserts a time; it prints figures.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import hilo_cli

HILO = str(Path(sys.executable).parent / "hilo")
SHOWDOWN = [
    "showdown",
    "--board",
    "Ac 3d 6h Ks Kd",
    "A=2c 4d Qc Jd",
    "B=Kh Kc 2h 4s",
    "--pot",
    "1200",
]
CLICK = [sys.executable, "-c", "import click"]
SMALL = Path(__file__).resolve().parents[1] / "tests" / "data" / "pokerstars" / "no-showdown.txt"
GOAL = 1.3
# What a piped text showdown has no use for: it should never import these (whether stdout is a terminal,
# to choose the look, it asks ``cli.look``, not ``cli.terminal``; ``signal`` is for the output loop of
# batch and check).
UNUSED = re.compile(
    r"hilo_cli\.(formats\.colour|histories|equity|formats\.(json_out|csv_out|jsonlib|"
    r"check_out|equity_out|text_in)|checking|batch|pool|cli\.(output|terminal))\b|numpy|orjson|signal\b"
)


def once(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def imports(command: list[str]) -> list[tuple[str, int]]:
    """The modules ``command`` (a Python script and its arguments) imports under ``-X importtime``, each
    with its own time in microseconds."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", *command], capture_output=True, text=True
    )
    found = []
    for line in run.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+\d+ \|( *)(\S+)", line)
        if m:
            found.append((m[3], int(m[1])))
    return found


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--runs", type=int, default=30, help="runs of each command (default 30)")
    args = p.parse_args()
    # An editable install under PYTHONDONTWRITEBYTECODE=1 would compile hilo's sources on every start, while
    # click's bytecode is compiled at install: compile hilo's once, as pip does.
    compileall.compile_dir(str(Path(hilo_cli.__file__).parent), quiet=1)
    show = [HILO, *SHOWDOWN]
    check = [HILO, "check", str(SMALL)]
    once(show), once(CLICK), once(check)  # warm the file cache
    t_show, t_click, t_check = [], [], []
    for _ in range(args.runs):
        t_show.append(once(show))
        t_click.append(once(CLICK))
        t_check.append(once(check))
    hilo_ms, click_ms = statistics.median(t_show) * 1000, statistics.median(t_click) * 1000
    check_ms = statistics.median(t_check) * 1000
    print(f"start-up, medians of {args.runs} interleaved runs each (stdout piped)")
    print(f"  hilo {' '.join(SHOWDOWN[:1])} (the README's first example): {hilo_ms:.1f} ms")
    print(f'  python -c "import click":                     {click_ms:.1f} ms')
    print(f"  ratio: {hilo_ms / click_ms:.2f}x (goal: at most {GOAL}x)")
    print(f"  hilo check {SMALL.name} (one small PokerStars file): {check_ms:.1f} ms")
    print(f"  ratio to the showdown: {check_ms / hilo_ms:.2f}x")
    found = imports(show)
    clicks = {name for name, _ in imports(CLICK[1:])}
    more = sorted(((us, name) for name, us in found if name not in clicks), reverse=True)
    print(
        f"\nmodules the showdown imports beyond click's ({len(more)}; own import time, one -X importtime run):"
    )
    for us, name in more:
        print(f"  {us / 1000:6.2f} ms  {name}")
    unused = [name for name, _ in found if UNUSED.match(name)]
    print(
        f"\nmodules a piped showdown never uses, imported all the same: {', '.join(unused) or 'none'}"
    )


if __name__ == "__main__":
    os.environ.pop("NO_COLOR", None)
    main()
