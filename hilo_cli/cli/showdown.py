"""``hilo showdown``: one showdown given as arguments."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from hilo_cli.cli.common import Common, DealArgs, deal_options, settling_options, stdout_bytes
from hilo_cli.errors import ExitStatus, HiloError

if TYPE_CHECKING:
    from hilo_cli.showdown import Settlement


def _number(text: str, where: str) -> int | float:
    """An amount typed on the command line, read as the text line format reads one."""
    from hilo_cli.formats.text_in import number

    return number(text, where)


def _pairs(values: tuple[str, ...], option: str) -> dict[str, int | float]:
    """``NAME=AMOUNT`` values; the name is everything before the last ``=`` (a name may hold ``=`` or
    ``@``), and a name given twice is bad input, never "the last one wins"."""
    out: dict[str, int | float] = {}
    for value in values:
        name, eq, amount = value.rpartition("=")
        name = name.strip()
        if not eq or not name or not amount.strip():
            raise HiloError(f"{value!r} is not NAME=AMOUNT", option)
        if name in out:
            raise HiloError(
                f"{name} is given twice ({out[name]:g} and {amount.strip()}); give each player once",
                option,
            )
        out[name] = _number(amount.strip(), f"{option} {value}")
    return out


def _player(arg: str, index: int) -> dict[str, Any]:
    """``NAME=CARDS[@PUT]`` or bare ``CARDS[@PUT]``. The name is everything before the last ``=`` (cards
    never hold one), so a name may contain ``=`` or ``@``; ``@PUT`` is after the last ``@`` of the rest."""
    name, eq, rest = arg.rpartition("=")
    if not eq:
        name, rest = "", arg
    cards, at, amount = rest.rpartition("@")
    if not at:
        cards = rest
    entry: dict[str, Any] = {"name": name.strip() or f"P{index}", "hole": cards, "seat": index}
    if at:
        entry["contributed"] = _number(amount.strip(), f"argument {arg!r}")
    return entry


@click.command()
@deal_options(
    board="The five board cards (none for stud8). Give it again for each further board of a deal "
    "run twice or dealt with two boards, in dealing order (RULES §12).",
    multi_board="With several boards: each board wins its share of every pot (each, the default), or "
    "the best high and best low over all boards share one division (either: Ultimate Big O).",
)
@click.option(
    "--expect",
    multiple=True,
    metavar="NAME=WON",
    help="An amount paid out, to be checked; a player it leaves out was paid 0.",
)
@settling_options
def showdown(deal: DealArgs, common: Common, expect: tuple[str, ...]) -> None:
    """Settle one showdown given as arguments.

    Players are NAME=CARDS (bare CARDS are P1, P2, ...), listed clockwise and seated 1, 2, ...; the
    button is the last listed player unless --button says otherwise. For side pots give what each
    player put in after @, and folded players' dead money with --folded.

    \b
    Cards: a rank 2-9, T (or 10), J, Q, K, A and a suit s h d c (or ♠ ♥ ♦ ♣),
    in either case, apart or together: "Ac 3d 6h", "ac,3d,6h", Ac3d6h, "A♣ 3♦ 6♥".

    --expect NAME=CHIPS checks what was paid out: a player it leaves out was paid 0, so name everyone
    who was paid anything. Each difference is reported and the exit status is 1.

    \b
    Examples:
      hilo showdown --board "Ac 3d 6h Ks Kd" A="2c 4d Qc Jd" B="Kh Kc 2h 4s" --pot 1200
      hilo showdown --board "4h 5h 9h Kc 2d" A="Ah Th Qs Qd"@20 B="Kd Ks 6h 7h"@60 \\
                    C="Ac 3c Jc Jd"@60 --folded D=10
      hilo showdown --board "7h 5d 3s 7s Ts" --board "7h 5d 3s 2s 4h" \\
                    A="As 4c 2d Kd Jh" B="Ad 7c 7d 6s 3c" --game courchevel8 --pot 16300
    """
    from hilo_cli.formats.records import deal_from_record
    from hilo_cli.showdown import settle

    out = stdout_bytes()
    settlement = settle(deal_from_record(showdown_record(deal, expect), common.defaults))
    out.write(_report(settlement, common).encode("utf-8"))
    out.flush()
    if settlement.check is not None and not settlement.check.ok:
        sys.exit(ExitStatus.DIFFERENCE)


def _report(settlement: Settlement, common: Common) -> str:
    """The settlement as ``--format`` asks: JSON (indented), CSV (with its header) or the text report in
    the look of ``--color`` and ``--suits``."""
    if common.fmt == "json":
        import json

        from hilo_cli.formats import json_out

        return json.dumps(json_out.settlement_dict(settlement), indent=2, ensure_ascii=False) + "\n"
    if common.fmt == "csv":
        from hilo_cli.formats import csv_out

        return csv_out.header() + csv_out.settlement_rows(settlement)
    from hilo_cli.cli.look import style
    from hilo_cli.formats import text_out

    return text_out.settlement_text(settlement, look=style(common.color, common.suits))


def showdown_record(deal: DealArgs, expect: tuple[str, ...]) -> dict[str, Any]:
    """The command line of ``showdown`` (``deal`` and ``--expect``) as a record of the JSON schema."""
    players, boards, multi_board, pot, button, folded = deal
    record: dict[str, Any] = {
        "players": [_player(arg, index) for index, arg in enumerate(players, 1)]
    }
    for offset, (name, put) in enumerate(_pairs(folded, "--folded").items(), len(players) + 1):
        record["players"].append({"name": name, "seat": offset, "folded": True, "contributed": put})
    if len(boards) == 1:
        record["board"] = boards[0]
    elif boards:
        record["boards"] = list(boards)
    if multi_board is not None:
        record["multi_board"] = multi_board
    for key, value in (("pot", pot), ("button", button)):
        if value is not None:
            record[key] = value
    if button is None:
        record["button"] = len(players)
    if expect:
        record["expected"] = _pairs(expect, "--expect")
    return record
