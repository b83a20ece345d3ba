"""Peak memory of ``hilo batch --format json`` on the same deals written as JSON Lines and as one JSON
document (issue 30: a 5.2 MB JSON array cost 80 MB, read whole, against 21 MB as JSON Lines).

    python benchmarks/batch_memory.py [--counts 17000 170000] [--players 6] [--seed 1]

The records are the seeded deals of ``benchmarks/deals.py``, written five ways: JSON Lines, an array with
one record a line, an array pretty-printed (two-space indent, as ``jq .`` prints one), an array on one
line (``json.dumps``), and a ``jq .`` stream (each object pretty-printed, one after another). For each it
prints the file's size, the command's peak resident memory (``ru_maxrss`` of a child process that runs
only it: the interpreter, the imports and the work), and the peak of what reading alone allocates
(``batch_in.read_records`` in this process, ``tracemalloc``). Nothing asserts a figure; a streamed
reader shows the same peak at ten times the records.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deals import records

from hilo_cli.formats.batch_in import read_records

HILO = str(Path(sys.executable).parent / "hilo")
# Run in a child of its own, so that ru_maxrss of its children is the command's alone.
MEASURE = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
if done.returncode != 0:
    sys.exit(done.stderr.decode()[-500:])
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _lines(rs: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r) + "\n" for r in rs)


FORMS: dict[str, Callable[[list[dict[str, Any]]], str]] = {
    "JSON Lines": _lines,
    "array, a line each": lambda rs: "[\n" + ",\n".join(map(json.dumps, rs)) + "\n]\n",
    "array, jq .": lambda rs: json.dumps(rs, indent=2) + "\n",
    "array, one line": lambda rs: json.dumps(rs) + "\n",
    "jq . stream": lambda rs: "".join(json.dumps(r, indent=2) + "\n" for r in rs),
}


def command_peak(path: Path) -> float:
    """The peak resident memory of ``hilo batch --format json PATH``, in MB."""
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, HILO, "batch", "--format", "json", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(out.stdout) / 1024


def reading_peak(path: Path, count: int) -> float:
    """The peak of what reading ``path``'s records allocates (each record dropped once read), in MB."""
    tracemalloc.start()
    with path.open("rb") as stream:
        read = sum(1 for raw in read_records(str(path), stream) if raw.kind != "error")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    if read != count:
        raise SystemExit(f"{path}: {read} records read of {count}")
    return peak / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[17_000, 170_000])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{'form':<20} {'records':>8} {'file MB':>8} {'command peak MB':>16} {'reading peak MB':>16}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for count in args.counts:
            deals = list(records(count, args.players, args.seed))
            for form, write in FORMS.items():
                path = Path(folder) / "deals.json"
                path.write_text(write(deals))
                size = path.stat().st_size / 1e6
                command, reading = command_peak(path), reading_peak(path, count)
                print(f"{form:<20} {count:>8,} {size:>8.1f} {command:>16.1f} {reading:>16.2f}")


if __name__ == "__main__":
    main()
