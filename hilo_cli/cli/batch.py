"""``hilo batch``: every deal in files or stdin, settled in input order."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING

import click

from hilo_cli.cli.common import OutputFormat, WholeRecords, common_options, defaults, interrupted, once, stdout_bytes
from hilo_cli.errors import ExitStatus

if TYPE_CHECKING:
    from hilo_cli.batch import Raw

@click.command()
@click.argument("files", nargs=-1, metavar="[FILE ...]")
@once("--input-format", type=click.Choice(["auto", "json", "jsonl", "text"], case_sensitive=False), default="auto",
      show="auto", help="How to read the input: detected from the content by default; json is one document, "
                        "an array or objects one after another, jsonl one object per line.")
@click.option("--fail-fast", is_flag=True, help="Stop at the first record that cannot be settled.")
@once("--jobs", type=click.IntRange(min=1), default=1, show="1", help="Worker processes; output stays in input order.")
@common_options
def batch(files: tuple[str, ...], input_format: str, fail_fast: bool, jobs: int, game: str, qualifier: str,
          chip_unit: int, odd_chip: str | None, fmt: OutputFormat) -> None:
    """Settle every deal in FILEs (JSON, JSON Lines or text lines), or stdin (- or no FILE).

    Records that carry `expected` amounts are checked; exit 1 if any differs, 2 if any record is bad
    (after every record has been processed, unless --fail-fast).

    \b
    Examples:
      hilo batch examples/hands.txt
      hilo batch --format json examples/side-pots.jsonl
      cat hands.jsonl | hilo batch --jobs 2 --format json - > results.jsonl
    """
    from hilo_cli.batch import run
    from hilo_cli.formats import csv_out
    from hilo_cli.formats.safe import shown

    record_defaults = defaults(game, qualifier, chip_unit, odd_chip)
    out = stdout_bytes()  # outcomes are UTF-8 already
    bad = differs = False
    outcomes = run(_all_records(files or ("-",), input_format.lower()), record_defaults, fmt, jobs)
    try:
        with WholeRecords() as interrupts:
            wide: bool | None = None  # CSV: the per-board columns, decided by the first record
            for outcome in outcomes:
                with interrupts.writing():
                    output = outcome.output
                    if fmt == "csv":
                        if wide is None:
                            wide = csv_out.has_board_cells(output)
                            out.write(csv_out.header(boards=wide).encode())
                        if wide:
                            output = csv_out.widen(output)
                    out.write(output)
                    if outcome.error is not None:
                        bad = True
                        out.flush()
                        where = f"{outcome.source}:{outcome.line}" if outcome.line else outcome.source
                        click.echo(shown(f"{where}: {outcome.error}"), err=True)
                if outcome.error is not None and fail_fast:
                    break
                differs = differs or outcome.differs
            if fmt == "csv" and wide is None:
                out.write(csv_out.header().encode())
            out.flush()
    except BrokenPipeError:
        # The reader went away (`hilo batch ... | head`): stop quietly, as a pipeline expects.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except KeyboardInterrupt:
        outcomes.close()  # ends the worker processes, if any
        interrupted()
    finally:
        outcomes.close()
    sys.exit(ExitStatus.BAD_INPUT if bad else ExitStatus.DIFFERENCE if differs else ExitStatus.OK)


def _all_records(files: tuple[str, ...], input_format: str) -> Iterator[Raw]:
    from hilo_cli.batch import Raw, read_records

    for name in files:
        if name == "-":
            stdin = sys.stdin
            if stdin is None or getattr(stdin, "closed", False) or not hasattr(stdin, "buffer"):
                yield Raw("<stdin>", 0, "error", "standard input is closed: no deals to read")
                continue
            yield from read_records("<stdin>", stdin.buffer, input_format)
            continue
        try:
            stream: IO[bytes] = open(name, "rb")
        except OSError as e:
            yield Raw(name, 0, "error", f"cannot read: {e.strerror}")
            continue
        with stream:
            yield from read_records(name, stream, input_format)
