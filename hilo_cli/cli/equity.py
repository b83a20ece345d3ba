"""``hilo equity``: each live player's expected share of the pots while board cards are still to come."""

from __future__ import annotations

import click

from hilo_cli.bounds import MAX_SAMPLES, within
from hilo_cli.cli.common import common_options, defaults, once, stdout_bytes
from hilo_cli.cli.terminal import RunoutBar as _Progress  # the name tests/test_equity_cli.py uses
from hilo_cli.cli.terminal import terminal_options
from hilo_cli.errors import HiloError
from hilo_cli.formats import OutputFormat


@click.command()
@click.argument("players", nargs=-1, required=True, metavar="NAME=CARDS[@PUT] ...")
@click.option(
    "--board",
    "boards",
    multiple=True,
    metavar="CARDS",
    help="The board cards dealt so far: none, the flop, the turn (or Courchevel's first card). Again "
    "for each further board of a deal run twice or dealt with two boards (RULES §12).",
)
@once(
    "--multi-board",
    type=click.Choice(["each", "either"], case_sensitive=False),
    help="With several boards: each board wins its share of every pot (RULES §12.2, the default and the "
    "only rule equity takes; either, §12.4, is refused with the reason).",
)
@once("--dead", help="Cards known to be out of play (seen, burnt or mucked face up).")
@once("--pot", type=int, help="One pot that every live player is in.")
@once("--button", type=int, help="The button's seat (default: the last listed player).")
@click.option(
    "--folded", multiple=True, metavar="NAME=PUT", help="A folded player and the chips they put in."
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
    players: tuple[str, ...],
    boards: tuple[str, ...],
    multi_board: str | None,
    dead: str | None,
    pot: int | None,
    button: int | None,
    folded: tuple[str, ...],
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

    \b
    Examples:
      hilo equity --board "Ah 7c 8d" A="As 2s Kd Qh" B="Ac 3c Th Td" --pot 100
      hilo equity A="As 2s 3d Kh"@300 B="Kd Kc Qs Jh"@500 C="Ad 4c 5h 6s"@500 --samples 100000
    """
    from hilo_cli.cards import parse_cards
    from hilo_cli.cli.showdown import showdown_record
    from hilo_cli.equity import equity as run
    from hilo_cli.formats import equity_out
    from hilo_cli.formats.records import deal_from_record

    if exact and samples is not None:
        raise click.UsageError("--exact and --samples ask for different runs; give one")
    if seed is not None and samples is None:
        raise click.UsageError("--seed goes with --samples (an exact run deals every board)")
    if samples is not None:
        within(samples, "--samples", MAX_SAMPLES)  # a billion: a tiny input never runs for years
    record = showdown_record(players, boards, multi_board, pot, button, folded, ())
    if not boards:
        record["board"] = ""
    try:
        dead_cards = parse_cards(dead or "")
    except HiloError as e:
        raise e.located("--dead") from None
    record = equity_out.hide(record, game)  # ?? and random: cards not seen, dealt by equity
    deal = deal_from_record(record, defaults(game, qualifier, chip_unit, odd_chip))
    with _Progress() as progress:
        result = run(deal, dead_cards, samples, seed, exact, progress)
    # Why a run that was not asked to sample sampled: in the output itself (a count decided it, so the
    # same command prints the same bytes everywhere); CSV has no room for it, so stderr says it there.
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
        from hilo_cli.cli.terminal import style

        text = style(color, suits).render(equity_out.equity_text(result, note=note))
    out.write(text.encode("utf-8"))
    out.flush()
