"""``hilo check``: replay recorded hands, settle them, and compare with what the history recorded."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping
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
    from hilo_cli.formats.files import Sources
    from hilo_cli.formats.verdicts import Tally
    from hilo_cli.histories import HandRecord


def _help() -> str:
    """The command's help, its formats and folder suffixes from the registry of readers."""
    from hilo_cli.histories import suffixes, titles

    formats = ", ".join(f"{title} {'/'.join(found)}" for title, found in titles())
    return f"""Check every hand in FILEs ({formats}; a FOLDER: its {", ".join(suffixes())}
    files and its subfolders', in sorted path order; .zip and .gz archives of them, read as they are),
    or stdin (- or no FILE): replay the actions under the betting rules, settle the showdown, and
    compare with the recorded result.

    Each hand is OK, MISMATCH (who differs, by how much, each pot paid differently, the likely reason;
    or the history's own lines disagree) or NOT CHECKABLE (why). What differs from RULES.md is one of
    three kinds: the odd chips only (paid by a practice hilo names: a site's own is OK with a note,
    unless --rules strict), a payout no rule gives, or the site's own lines disagreeing. Where a site
    prints no rake, the rake is what was not paid out: held against the site's published rule where
    hilo knows it, else said to be "derived, not checked".
    Exit 0 when every checkable hand is OK, 1 when any mismatches, 2 when any hand is bad input (after
    every hand has been checked). At a terminal, a long run shows progress on stderr, then the count of
    each verdict per site (--summary: also when stderr is a log).

    \b
    Examples ('hilo examples --copy' writes the examples/ folder they read):
      hilo check examples/histories/hand.phh
      hilo check --format json examples/histories/ > verdicts.jsonl
    """


def _input_formats() -> list[str]:
    from hilo_cli.histories import input_formats

    return list(input_formats())


@click.command(help=_help())
@click.argument("files", nargs=-1, metavar="[FILE|FOLDER ...]", type=click.Path(readable=False))
@input_format_option(
    _input_formats(), "The hand-history format: detected from the content by default."
)
@click.option(
    "--no-recursive",
    "flat",
    is_flag=True,
    help="Read only the files of each FOLDER given, not its subfolders.",
)
@click.option(
    "--rules",
    type=click.Choice(["house", "strict"]),
    default="house",
    show_default=True,
    help="house: odd chips paid by a site's own known practice (Bovada's) are OK, with a note; "
    "strict: RULES §4 alone, such a hand is a MISMATCH of the kind 'odd chips only'.",
)
@jobs_option
@format_option(["text", "json", "csv"], "Output: a floor decision per hand, JSON Lines, or CSV.")
@terminal_options
@summary_option
@allin_options
def check(
    files: tuple[str, ...],
    input_format: str,
    flat: bool,
    rules: str,
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
    from hilo_cli.cli.terminal import FileProgress, report_style
    from hilo_cli.formats.check_out import csv_header
    from hilo_cli.formats.styled import PLAIN
    from hilo_cli.formats.verdicts import Tally

    out = stdout_bytes()
    names = input_names(files, "hilo check")
    look = report_style(fmt, color, suits) or PLAIN
    sources = read_sources(names, input_format.lower(), recursive=not flat)
    progress = FileProgress("hilo check", sources)

    # Issue 20: --all-in (implied by --player and --plot) adds each hand's all-in figures and a summary.
    all_in = all_in or bool(players) or plot is not None
    luck, finish = _all_in_run(all_in, players, plot, fmt)
    tally = Tally()

    def counted(outcome: Checked) -> None:
        progress.advance(errors=outcome.error is not None, differences=outcome.differs)
        tally.add(outcome.site, outcome.status, outcome.kind)
        if luck is not None and outcome.luck is not None:
            luck.add(outcome.luck, outcome.site)

    ended = write_outcomes(
        run(progress.feed(sources), fmt, jobs, all_in, look, rules),
        out,
        progress,
        _written,
        counted,
        start=csv_header() if fmt == "csv" else b"",
        finish=finish,
    )
    if not ended.piped_away:
        progress.clear()
        if summary or is_terminal(sys.stderr):
            click.echo(closing_summary(tally, sources.files, progress.elapsed), err=True)
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


def closing_summary(tally: Tally, files: int, seconds: float) -> str:
    """The closing summary (issue 30): the hands, the files and the time, each verdict's count; then a
    table of them per site (a folder mixes every site's files), in registry order, the records no reader
    read (a file hilo does not know, one it cannot open) last."""
    from hilo_cli.cli.terminal import duration
    from hilo_cli.formats.verdicts import STATUSES, WORDS

    def plural(n: int, one: str, many: str) -> str:
        return f"{n:,} {one if n == 1 else many}"

    verdicts = ", ".join(f"{tally.total[s]:,} {WORDS[s]}" for s in STATUSES)
    lines = [
        f"hilo check: {plural(tally.records, 'hand', 'hands')} from "
        f"{plural(files, 'file', 'files')} in {duration(seconds)}: {verdicts}"
    ]
    sites = tally.sites()
    if sites:
        rows = [["by site", *(WORDS[s] for s in STATUSES)]]
        rows += [[title, *(f"{counts[s]:,}" for s in STATUSES)] for _, title, counts in sites]
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        for row in rows:
            cells = [row[0].ljust(widths[0])] + [
                c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
            ]
            lines.append("  " + "  ".join(cells))
    return "\n".join(lines + _kinds(tally))


def _kinds(tally: Tally) -> list[str]:
    """Issue 28: what differed from RULES.md, each kind counted apart, in all and for each site where
    anything did (none: no line); the odd chips a site's own practice paid are OK, and counted so."""
    from hilo_cli.formats.verdicts import KIND_WORDS, KINDS

    def counted(kinds: Mapping[str, int], every: bool) -> str:
        said = ", ".join(
            f"{kinds.get(k, 0):,} {KIND_WORDS[k]}" for k in KINDS if every or kinds.get(k, 0)
        )
        house = kinds.get("house", 0)
        return said + (f" ({house:,} OK: a site's own odd-chip practice)" if house else "")

    if not tally.total_kinds:
        return []
    lines = ["  differing from RULES.md: " + counted(tally.total_kinds, True)]
    found = [
        (title, tally.kinds[name]) for name, title, _ in tally.sites() if tally.kinds.get(name)
    ]
    width = max(len(title) for title, _ in found)
    lines += [f"    {title.ljust(width)}  {counted(kinds, False)}" for title, kinds in found]
    return lines


def read_sources(names: tuple[str, ...], input_format: str, recursive: bool = True) -> Sources:
    """Every hand of ``names`` (a FOLDER: its files and subfolders'; archives read as they are; ``-``:
    stdin, read whole first when it is a terminal), as ``formats.files.Sources`` walks them."""
    from hilo_cli.cli.terminal import read_typed
    from hilo_cli.formats.files import Sources

    stdin = stdin_bytes() if "-" in names else None
    if stdin is not None and is_terminal(sys.stdin):
        stdin = read_typed(stdin)
    return Sources(names, input_format, recursive=recursive, stdin=stdin)


def all_hands(files: tuple[str, ...], input_format: str) -> Iterator[HandRecord]:
    """Every hand of ``files`` read (``hilo limits HISTORY`` asks for its one hand)."""
    from hilo_cli.histories import HandText, read_text

    for piece in read_sources(files, input_format):
        yield read_text(piece) if isinstance(piece, HandText) else piece
