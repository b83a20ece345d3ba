"""``hilo equity``: each live player's expected share of the pots while board cards are still to come."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING

import click

from hilo_cli.bounds import MAX_SAMPLES, within
from hilo_cli.cli.common import (
    DealArgs,
    common_options,
    deal_options,
    defaults,
    once,
    stdout_bytes,
    terminal_options,
)
from hilo_cli.errors import HiloError
from hilo_cli.formats import OutputFormat

if TYPE_CHECKING:
    from hilo_cli.cards import Card
    from hilo_cli.equity import Equity


@click.command()
@deal_options(
    "The board cards dealt so far: none, the flop, the turn (or Courchevel's first card). Again "
    "for each further board of a deal run twice or dealt with two boards (RULES §12).",
    "With several boards: each board wins its share of every pot (each, RULES §12.2, the "
    "default), or the best high and best low over all boards share one division (either, §12.4: "
    "Ultimate Big O).",
    once("--dead", help="Cards known to be out of play (seen, burnt or mucked face up)."),
)
@once(
    "--samples",
    type=click.IntRange(min=1),
    help="Sample this many runouts instead of dealing every one (at most a billion).",
)
@once(
    "--seed",
    type=click.IntRange(min=0),
    help="The seed of a sampled run (default 0): the same seed, the same runouts.",
)
@click.option("--exact", is_flag=True, help="Deal every runout even when that takes long.")
@common_options
@terminal_options
def equity(
    deal: DealArgs,
    dead: str | None,
    samples: int | None,
    seed: int | None,
    exact: bool,
    game: str,
    qualifier: str,
    chip_unit: int,
    odd_chip: str | None,
    fmt: OutputFormat,
    color: str,
    suits: str,
) -> None:
    """Each player's equity and expected chips, every runout settled as a showdown.

    Players and money as for showdown: NAME=CARDS[@PUT], listed clockwise; --pot for one pot, or what
    each player put in after @ for side pots. Exact by default (fractions of whole chips); --samples N
    --seed S samples instead.

    A hand not seen may be a range (every hand of it that the cards seen leave, equally likely):

    \b
      A2**  AA23  As2s**   ranks, cards; * any card
      AxAy2x3y             w x y z: suits, different letters different suits
      A2**$ds  $ss  $r     double-suited, single-suited, rainbow
      A2**, A3**           any of them;  A2** !AA**  A2**:$ds  all at once
      15%   10%-20%        a share of all hands by hilo's preflop ranking
      random   As 2s ?? ?? any hand; a hand with cards not seen
      A2*7c8h              stud: the cards held so far, the rest to come

    \b
    Examples:
      hilo equity --board "Ah 7c 8d" A="As 2s Kd Qh" B="Ac 3c Th Td" --pot 100
      hilo equity A="As 2s 3d Kh"@300 B="Kd Kc Qs Jh"@500 C="Ad 4c 5h 6s"@500 --samples 100000
      hilo equity --board "Ah 7c 8d" A="A2** !AA**" B="Kc Qs Jh 9d"
      hilo equity A=15% B=15%
    """
    from hilo_cli.cli.showdown import showdown_record
    from hilo_cli.equity import equity as run
    from hilo_cli.equity.records import hide
    from hilo_cli.formats.records import deal_from_record

    if exact and samples is not None:
        raise click.UsageError("--exact and --samples ask for different runs; give one")
    if seed is not None and samples is None:
        raise click.UsageError("--seed goes with --samples (an exact run deals every board)")
    if samples is not None:
        within(samples, "--samples", MAX_SAMPLES)  # a billion: a tiny input never runs for years
    record = showdown_record(deal, ())
    if not deal.boards:
        record["board"] = ""
    dead_cards = _dead_cards(dead)
    record, ranges = hide(record, game)  # ?? and random: cards not seen; ranges; dealt by equity
    dealt = deal_from_record(record, defaults(game, qualifier, chip_unit, odd_chip))
    with _progress() as progress:
        result = run(dealt, dead_cards, samples, seed, exact, progress, ranges=ranges)
    _write(result, fmt, color, suits)


def _progress() -> AbstractContextManager[Callable[[int, int], None] | None]:
    """A progress bar on stderr when it is a terminal (``terminal.RunoutBar``); nothing otherwise, and
    then the terminal module is not even imported (a piped run's start-up)."""
    import sys

    from hilo_cli.cli.look import is_terminal

    if is_terminal(sys.stderr):
        from hilo_cli.cli.terminal import RunoutBar

        return RunoutBar()
    return nullcontext(None)


def _dead_cards(dead: str | None) -> tuple[Card, ...]:
    """``--dead``'s cards; bad card text says it was ``--dead``'s."""
    from hilo_cli.cards import parse_cards

    try:
        return tuple(parse_cards(dead or ""))
    except HiloError as e:
        raise e.located("--dead") from None


def _write(result: Equity, fmt: OutputFormat, color: str, suits: str) -> None:
    """The run's output in ``fmt`` on stdout. Why a run that was not asked to sample sampled is in the
    output itself (a count decided it, so the same command prints the same bytes everywhere); CSV has
    no room for it, so stderr says it there."""
    from hilo_cli.formats import equity_out

    note = f"{result.note} (--exact to insist)" if result.note else None
    out = stdout_bytes()
    if fmt == "json":
        import json

        fields = equity_out.equity_dict(result)
        if note:
            fields["note"] = note
        text = json.dumps(fields, indent=2, ensure_ascii=False) + "\n"
    elif fmt == "csv":
        if note:
            click.echo(f"hilo: {note}", err=True)
        text = equity_out.csv_header() + equity_out.equity_rows(result)
    else:
        from hilo_cli.cli.look import style

        text = equity_out.equity_text(result, note=note, look=style(color, suits))
    out.write(text.encode("utf-8"))
    out.flush()
