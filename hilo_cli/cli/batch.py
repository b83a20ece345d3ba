"""``hilo batch``: every deal in files or stdin, settled in input order."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from typing import IO, TYPE_CHECKING

import click

from hilo_cli.cli.common import (
    Common,
    input_format_option,
    jobs_option,
    settling_options,
    stdin_bytes,
    stdout_bytes,
)
from hilo_cli.cli.terminal import is_terminal, summary_option

if TYPE_CHECKING:
    from hilo_cli.batch import Outcome
    from hilo_cli.cli.terminal import InFlight, Progress
    from hilo_cli.formats.batch_in import Raw

HELP = """Settle every deal in FILEs (JSON, JSON Lines or text lines), or stdin (- or no FILE).

\b
Text lines: one deal a line, fields between |, a line starting # is a comment.
  Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200
  4h 5h 9h Kc 2d | A: Ah Th Qs Qd @20 | B: Kd Ks 6h 7h @60 | C: fold @10
A player is NAME: CARDS, listed clockwise, then @CHIPS put in, seat N, fold.
Other fields are KEY VALUE: board, pot, game, button, chip-unit, qualifier,
odd-chip, id, expect NAME=CHIPS ... (cards alone are the board).

\b
JSON: one object, an array of them, or one object a line (JSON Lines).
  {"id": "r1", "board": "Ac 3d 6h Ks Kd", "pot": 1200,
   "players": [{"name": "A", "hole": "2c 4d Qc Jd"},
               {"name": "B", "hole": "Kh Kc 2h 4s"}],
   "expected": {"A": 300, "B": 900}}
Give pot, or each player's "contributed"; "seat", "folded", "button", "game",
"qualifier", "chip_unit" and "odd_chip" are optional.

Records that carry expected amounts are checked; a player they leave out was paid 0. A board still
to come (with two or more live hands) gives each player's equity instead. At a terminal, a long run
shows progress on stderr, then a summary (--summary: also when stderr is a log).

\b
Exit status (after every record, unless --fail-fast):
  0    every record settled, and every check agrees
  1    a check differs from what was paid
  2    a record is bad (FILE:LINE: message on stderr), or bad usage
  130  interrupted (Ctrl-C)

\b
Examples ('hilo examples --copy' writes the examples/ folder they read):
  hilo batch examples/hands.txt
  hilo batch --format json examples/side-pots.jsonl
  cat examples/side-pots.jsonl | hilo batch --jobs 2 --format json - > out.jsonl
"""


@click.command(help=HELP)
@click.argument("files", nargs=-1, metavar="[FILE ...]", type=click.Path(readable=False))
@input_format_option(
    ["json", "jsonl", "text"],
    "How to read the input: detected from the content by default; json is one document, "
    "an array or objects one after another, jsonl one object per line.",
)
@click.option("--fail-fast", is_flag=True, help="Stop at the first record that cannot be settled.")
@jobs_option
@settling_options
@summary_option
def batch(
    files: tuple[str, ...],
    input_format: str,
    fail_fast: bool,
    jobs: int,
    common: Common,
    summary: bool,
) -> None:
    """Settle every deal in FILEs, in input order (the help is ``HELP``)."""
    from hilo_cli.batch import run
    from hilo_cli.cli.output import input_names, write_outcomes
    from hilo_cli.cli.terminal import InFlight, Progress, report_style
    from hilo_cli.formats import csv_out
    from hilo_cli.formats.styled import PLAIN

    out = stdout_bytes()  # outcomes are UTF-8 already
    names = input_names(files, "hilo batch")
    progress = Progress("hilo batch")
    # Counting costs a little per record: done only when progress or the summary will be shown.
    flight = InFlight() if progress.show or summary else None
    raws = _all_records(names, input_format.lower(), progress)
    if flight is not None:
        raws = flight.feed(raws, key=_head)
    look = report_style(common.fmt, common.color, common.suits) or PLAIN
    ended = write_outcomes(
        run(raws, common.defaults, common.fmt, jobs, look),
        out,
        progress,
        _written,
        partial(_counted, progress, flight),
        # CSV's columns are fixed (csv_out.HEADER): the header needs no record to decide it.
        start=csv_out.header().encode() if common.fmt == "csv" else b"",
        stop=fail_fast,
    )
    if flight is not None and not ended.piped_away:
        if ended.whole:
            progress.advance(flight.read - progress.done)  # the rest of the last run of records
        progress.finish(force=summary)
    sys.exit(ended.status)


def _written(outcome: Outcome) -> bytes:
    """What is written of a settled record: its output as it was rendered."""
    return outcome.output


def _counted(progress: Progress, flight: InFlight | None, outcome: Outcome) -> None:
    """Count ``outcome`` (a run of records, with workers) as done, where progress is counted."""
    if flight is not None:
        progress.advance(
            max(flight.reached(_head(outcome)) - progress.done, 0),
            errors=outcome.error is not None,
            differences=outcome.differs,
        )


def _head(record: Raw | Outcome) -> tuple[str, int]:
    """Where a record, or the first record of an outcome, was read."""
    return record.source, record.line


def _all_records(files: tuple[str, ...], input_format: str, progress: Progress) -> Iterator[Raw]:
    from hilo_cli.cli.terminal import read_typed
    from hilo_cli.formats.batch_in import Raw, read_records

    for name in files:
        if name == "-":
            typed = stdin_bytes()
            if typed is None:
                yield Raw("<stdin>", 0, "error", "standard input is closed: no deals to read")
                continue
            if is_terminal(sys.stdin):
                # Read whole (one Ctrl-D ends it); the run's clock starts once it is in, so that the time
                # spent typing neither shows the progress line at once nor counts in the rate.
                typed = read_typed(typed, progress)
            yield from read_records("<stdin>", typed, input_format)
            continue
        try:
            stream: IO[bytes] = open(name, "rb")
        except OSError as e:
            yield Raw(name, 0, "error", f"cannot read: {e.strerror}")
            continue
        with stream:
            yield from read_records(name, stream, input_format)
