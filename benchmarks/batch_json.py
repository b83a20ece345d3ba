"""``hilo batch --format json`` on the three JSON inputs it reads, small and large: the time per record
should be the same at 1,000 and at 40,000 records (issue 16, defect 6: a JSON array or a ``jq .`` stream
of 40,000 records took 160-240 s, against 6.6 s as JSON Lines).

    python benchmarks/batch_json.py [--counts 1000 40000] [--players 6] [--seed 1] [--jobs 1]

The records are the seeded deals of ``benchmarks/deals.py``, written three ways: JSON Lines (one object
a line), one JSON array pretty-printed (two-space indent, as ``jq .`` prints an array) and a ``jq .``
stream (each object pretty-printed, one after another). For each it prints the reading alone
(``batch_in.read_records``, in-process: where the line numbers are counted) and the whole command, end to
end, in records per second, seconds and microseconds per record. Nothing asserts a time; on a shared
machine read the figures with its load (printed).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deals import generate, record

from hilo_cli.formats.batch_in import read_records

HILO = str(Path(sys.executable).parent / "hilo")


def _json_lines(records: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def _array(records: list[dict[str, Any]]) -> str:
    return json.dumps(records, indent=2) + "\n"


def _jq_stream(records: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, indent=2) + "\n" for r in records)


FORMS: dict[str, Callable[[list[dict[str, Any]]], str]] = {
    "JSON Lines": _json_lines,
    "JSON array": _array,
    "jq . stream": _jq_stream,
}


def _read(path: Path) -> tuple[float, int]:
    start = time.perf_counter()
    with path.open("rb") as stream:
        count = sum(1 for raw in read_records(str(path), stream) if raw.kind != "error")
    return time.perf_counter() - start, count


def _command(path: Path, jobs: int) -> float:
    start = time.perf_counter()
    run = subprocess.run(
        [HILO, "batch", "--format", "json", "--jobs", str(jobs), str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    elapsed = time.perf_counter() - start
    if run.returncode != 0:
        raise SystemExit(f"hilo batch failed on {path}: {run.stderr.decode()[-500:]}")
    return elapsed


def _row(form: str, count: int, what: str, seconds: float) -> None:
    print(
        f"{form:<12} {count:>8,} records  {what:<9} {count / seconds:>10,.0f} records/s  {seconds:>8.2f} s  "
        f"{seconds / count * 1e6:>8.1f} us/record"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[1000, 40_000])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; hilo batch --jobs {args.jobs}"
    )
    with tempfile.TemporaryDirectory() as folder:
        one = Path(folder) / "one.jsonl"
        one.write_text(_json_lines([record(d) for d in generate(1, args.players, args.seed)]))
        startup = min(_command(one, args.jobs) for _ in range(3))
        print(
            f"start-up (one record, fastest of 3): {startup:.2f} s, in every 'command' figure below"
        )
        for form, write in FORMS.items():
            for count in args.counts:
                records = [record(d) for d in generate(count, args.players, args.seed)]
                path = Path(folder) / f"deals-{count}.json"
                path.write_text(write(records))
                seconds, read = _read(path)
                if read != count:
                    raise SystemExit(f"{form}: {read} records read of {count}")
                _row(form, count, "reading", seconds)
                _row(form, count, "command", _command(path, args.jobs))


if __name__ == "__main__":
    main()
