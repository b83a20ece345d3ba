"""``hilo check``: replay recorded hands, settle them, and compare with what the history recorded."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

from hilo_cli.cli.common import OutputFormat, WholeRecords, interrupted, once, stdout_bytes
from hilo_cli.cli.terminal import summary_option, terminal_options
from hilo_cli.errors import ExitStatus

if TYPE_CHECKING:
    from hilo_cli.histories import HandRecord, HandText


@click.command()
@click.argument("files", nargs=-1, metavar="[FILE|FOLDER ...]", type=click.Path(readable=False))
@once("--input-format", type=click.Choice(["auto", "phh", "pokerstars"], case_sensitive=False), default="auto",
      show="auto", help="The hand-history format: detected from the content by default.")
@once("--jobs", type=click.IntRange(min=1), default=1, show="1", help="Worker processes; output stays in input order.")
@once("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text", show="text",
      help="Output: a floor decision per hand, JSON Lines, or CSV.")
@terminal_options
@summary_option
def check(files: tuple[str, ...], input_format: str, jobs: int, fmt: OutputFormat, color: str, suits: str,
          summary: bool) -> None:
    """Check every hand in FILEs (PHH .phh/.phhs, PokerStars text; a FOLDER: its .phh, .phhs and .txt
    files), or stdin (- or no FILE): replay the actions under the betting rules, settle the showdown,
    and compare with the recorded result.

    Each hand is OK, MISMATCH (who differs, by how much, each pot paid differently, the likely reason;
    or the history's own lines disagree) or NOT CHECKABLE (why).
    Exit 0 when every checkable hand is OK, 1 when any mismatches, 2 when any hand is bad input (after
    every hand has been checked).

    \b
    Examples:
      hilo check hand.phh
      hilo check --format json histories/ > verdicts.jsonl
    """
    from hilo_cli.checking import csv_header, run
    from hilo_cli.cli.terminal import Progress, report_style, stdin_hint
    from hilo_cli.formats.safe import shown

    out = stdout_bytes()
    bad = differs = piped_away = False
    names = files or ("-",)
    if "-" in names:
        stdin_hint("hilo check")
    look = report_style(fmt, color, suits)
    progress = Progress("hilo check")
    outcomes = run(_all_pieces(names, input_format.lower()), fmt, jobs)
    try:
        with WholeRecords() as interrupts:
            if fmt == "csv":
                out.write(csv_header())
            for outcome in outcomes:
                with interrupts.writing():
                    output = outcome.output
                    if look is not None and output:
                        output = look.render(output.decode("utf-8")).encode("utf-8")
                    progress.before_output()
                    out.write(output)
                    if outcome.error is not None:
                        bad = True
                        out.flush()
                        progress.clear()
                        where = f"{outcome.source}:{outcome.line}" if outcome.line else outcome.source
                        click.echo(shown(f"{where}: {outcome.error}"), err=True)
                differs = differs or outcome.status == "mismatch"
                progress.advance(errors=outcome.error is not None, differences=outcome.status == "mismatch")
            out.flush()
    except BrokenPipeError:
        piped_away = True  # no summary: a count cut short would mislead
        progress.clear()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except KeyboardInterrupt:
        progress.clear()
        outcomes.close()
        interrupted()
    finally:
        outcomes.close()
    if not piped_away:
        progress.finish(force=summary)
    sys.exit(ExitStatus.BAD_INPUT if bad else ExitStatus.DIFFERENCE if differs else ExitStatus.OK)


def _all_hands(files: tuple[str, ...], input_format: str) -> Iterator[HandRecord]:
    """Every hand of ``files`` read (``hilo limits HISTORY`` asks for its one hand)."""
    from hilo_cli.histories import HandText, read_text

    for piece in _all_pieces(files, input_format):
        yield read_text(piece) if isinstance(piece, HandText) else piece


def _all_pieces(files: tuple[str, ...], input_format: str) -> Iterator[HandRecord | HandText]:
    """Every hand of ``files``, a hand of a PokerStars file only cut from it (``HandText``), for the
    checker to read where it checks it: in a worker with ``--jobs``."""
    from hilo_cli.histories import SUFFIXES, HandRecord

    for name in files:
        if name == "-":
            stdin = sys.stdin
            if stdin is None or getattr(stdin, "closed", False) or not hasattr(stdin, "buffer"):
                yield HandRecord("<stdin>", 0, None, None, error="standard input is closed: no hands to read")
                continue
            yield from _text_hands("<stdin>", stdin.buffer.read(), input_format)
            continue
        if os.path.isdir(name):
            found = sorted(os.path.join(name, f) for f in os.listdir(name) if f.lower().endswith(SUFFIXES))
            if not found:
                yield HandRecord(name, 0, None, None, error=f"no {', '.join(SUFFIXES)} files in this folder")
            for path in found:
                yield from _file_hands(path, input_format)
            continue
        yield from _file_hands(name, input_format)


def _file_hands(name: str, input_format: str) -> Iterator[HandRecord | HandText]:
    from hilo_cli.histories import HandRecord

    try:
        with open(name, "rb") as stream:
            data = stream.read()
    except OSError as e:
        yield HandRecord(name, 0, None, None, error=f"cannot read: {e.strerror}")
        return
    yield from _text_hands(name, data, input_format)


def _text_hands(source: str, data: bytes, input_format: str) -> Iterator[HandRecord | HandText]:
    from hilo_cli.histories import HandRecord, split

    if b"\x00" in data[:8192]:
        yield HandRecord(source, 0, None, None, error="binary data, not a hand history")
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - data.rfind(b"\n", 0, e.start)
        yield HandRecord(source, line, None, None, error=f"not UTF-8 text (byte {column} of the line)")
        return
    # Cut into hands only: each is read where it is checked, in a worker with --jobs (histories.split).
    yield from split(source, text.replace("\r\n", "\n"), input_format)
