"""``hilo check``: replay recorded hands, settle them, and compare with what the history recorded."""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import click

from hilo_cli.cli.allin import allin_options
from hilo_cli.cli.common import (
    format_option,
    input_format_option,
    jobs_option,
    stdin_bytes,
    stdout_bytes,
    terminal_options,
)
from hilo_cli.cli.terminal import is_terminal, summary_option
from hilo_cli.formats import OutputFormat

if TYPE_CHECKING:
    from hilo_cli.allin import Luck
    from hilo_cli.checking import Checked
    from hilo_cli.histories import HandRecord, HandText


def _help() -> str:
    """The command's help, its formats and folder suffixes from the registry of readers."""
    from hilo_cli.histories import readers, suffixes

    formats = ", ".join(
        f"{r.title} {'/'.join(r.suffixes)}"
        for r in sorted(readers().values(), key=lambda r: r.title)
    )
    return f"""Check every hand in FILEs ({formats}; a FOLDER: its {", ".join(suffixes())}
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


def _input_formats() -> list[str]:
    from hilo_cli.histories import input_formats

    return list(input_formats())


@click.command(help=_help())
@click.argument("files", nargs=-1, metavar="[FILE|FOLDER ...]", type=click.Path(readable=False))
@input_format_option(
    _input_formats(), "The hand-history format: detected from the content by default."
)
@jobs_option
@format_option(["text", "json", "csv"], "Output: a floor decision per hand, JSON Lines, or CSV.")
@terminal_options
@summary_option
@allin_options
def check(
    files: tuple[str, ...],
    input_format: str,
    jobs: int,
    fmt: OutputFormat,
    color: str,
    suits: str,
    summary: bool,
    all_in: bool,
    players: tuple[str, ...],
    plot: str | None,
) -> None:
    """Replay recorded hands, settle them, compare with the recorded result (help: ``_help``)."""
    from hilo_cli.checking import run
    from hilo_cli.cli.output import input_names, write_outcomes
    from hilo_cli.cli.terminal import Progress, report_style
    from hilo_cli.formats.check_out import csv_header
    from hilo_cli.formats.styled import PLAIN

    out = stdout_bytes()
    names = input_names(files, "hilo check")
    look = report_style(fmt, color, suits) or PLAIN
    progress = Progress("hilo check")

    # Issue 20: --all-in (implied by --player and --plot) adds each hand's all-in figures and a summary.
    all_in = all_in or bool(players) or plot is not None
    luck, finish = _all_in_run(all_in, players, plot, fmt)

    by_site: dict[str | None, Counter[str]] = {}

    def counted(outcome: Checked) -> None:
        progress.advance(errors=outcome.error is not None, differences=outcome.differs)
        by_site.setdefault(outcome.site, Counter())[outcome.status] += 1
        if luck is not None and outcome.luck is not None:
            luck.add(outcome.luck, outcome.site)

    ended = write_outcomes(
        run(all_pieces(names, input_format.lower()), fmt, jobs, all_in, look),
        out,
        progress,
        _written,
        counted,
        start=csv_header() if fmt == "csv" else b"",
        finish=finish,
    )
    if not ended.piped_away:
        progress.finish(force=summary)
        if summary or is_terminal(sys.stderr):
            click.echo(site_summary(by_site), err=True)
    sys.exit(ended.status)


def _written(outcome: Checked) -> bytes:
    """What is written of a checked hand: its output as the checker rendered it."""
    return outcome.output


def _all_in_run(
    all_in: bool, players: tuple[str, ...], plot: str | None, fmt: OutputFormat
) -> tuple[Luck | None, Callable[[], bytes]]:
    """The summary to add the hands to and what to write after the last (issue 20); nothing without
    ``--all-in``."""
    if not all_in:
        return None, bytes
    from hilo_cli.allin import Luck
    from hilo_cli.cli.allin import finish, plot_check

    plot_check(plot)
    luck = Luck(players, plot=plot is not None)
    return luck, finish(luck, fmt, plot)


def site_summary(by_site: dict[str | None, Counter[str]]) -> str:
    """The closing summary's verdicts per site (a folder mixes every site's files), in registry order; the
    records no reader read (a file hilo does not know, one it cannot open) last."""
    from hilo_cli.histories import readers

    known = readers()
    order: list[str | None] = [name for name in known if name in by_site]
    if None in by_site:
        order.append(None)
    words = {"ok": "OK", "mismatch": "MISMATCH", "not-checkable": "NOT CHECKABLE", "error": "bad"}
    parts = []
    for name in order:
        counts = by_site[name]
        title = known[name].title if name is not None else "no reader"
        parts.append(
            f"{title} " + ", ".join(f"{counts[k]:,} {w}" for k, w in words.items() if counts[k])
        )
    return "hilo check: by site: " + "; ".join(parts)


def all_hands(files: tuple[str, ...], input_format: str) -> Iterator[HandRecord]:
    """Every hand of ``files`` read (``hilo limits HISTORY`` asks for its one hand)."""
    from hilo_cli.histories import HandText, read_text

    for piece in all_pieces(files, input_format):
        yield read_text(piece) if isinstance(piece, HandText) else piece


def all_pieces(files: tuple[str, ...], input_format: str) -> Iterator[HandRecord | HandText]:
    """Every hand of ``files`` (a FOLDER: its files a reader knows by name; ``-``: stdin), only cut from
    its file (``HandText``), one hand at a time, for the checker to read where it checks it: in a worker
    with ``--jobs``."""
    from hilo_cli.histories import hands, suffixes
    from hilo_cli.histories.base import failed

    for name in files:
        if name == "-":
            stdin = stdin_bytes()
            if stdin is None:
                yield failed("<stdin>", 0, "standard input is closed: no hands to read")
                continue
            yield from hands("<stdin>", stdin, input_format)
            continue
        if os.path.isdir(name):
            known = suffixes()
            found = sorted(
                os.path.join(name, f) for f in os.listdir(name) if f.lower().endswith(known)
            )
            if not found:
                yield failed(name, 0, f"no {', '.join(known)} files in this folder")
            for path in found:
                yield from _file_hands(path, input_format)
            continue
        yield from _file_hands(name, input_format)


def _file_hands(name: str, input_format: str) -> Iterator[HandRecord | HandText]:
    from hilo_cli.histories import hands
    from hilo_cli.histories.base import failed

    try:
        stream = open(name, "rb")  # closed below, once its hands are cut
    except OSError as e:
        yield failed(name, 0, f"cannot read: {e.strerror}")
        return
    with stream:
        yield from hands(name, stream, input_format)
