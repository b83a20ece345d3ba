"""``hilo showdown``: one showdown given as arguments."""

from __future__ import annotations

import re
import sys
from typing import Any

import click

from hilo_cli.cli.common import OutputFormat, common_options, defaults
from hilo_cli.errors import ExitStatus, HiloError

_PLAYER = re.compile(r"^(?:(?P<name>[^=@]+)=)?(?P<cards>[^@]*)(?:@(?P<amount>.*))?$")
_PAIR = re.compile(r"^(?P<name>[^=]+)=(?P<amount>.+)$")


def _number(text: str, where: str) -> int | float:
    """An amount typed on the command line, read as the text line format reads one."""
    from hilo_cli.formats.text_in import number

    return number(text, where)


def _pairs(values: tuple[str, ...], option: str) -> dict[str, int | float]:
    out: dict[str, int | float] = {}
    for value in values:
        m = _PAIR.match(value)
        if not m:
            raise HiloError(f"{value!r} is not NAME=AMOUNT", option)
        out[m["name"].strip()] = _number(m["amount"].strip(), f"{option} {value}")
    return out


@click.command()
@click.argument("players", nargs=-1, required=True, metavar="NAME=CARDS[@PUT] ...")
@click.option("--board", default=None, help="The five board cards (none for stud8).")
@click.option("--pot", type=int, default=None, help="One pot that every live player is in.")
@click.option("--button", type=int, default=None, help="The button's seat (default: the last listed player).")
@click.option("--folded", multiple=True, metavar="NAME=PUT", help="A folded player and the chips they put in.")
@click.option("--expect", multiple=True, metavar="NAME=WON", help="An amount paid out, to be checked.")
@common_options
def showdown(players: tuple[str, ...], board: str | None, pot: int | None, button: int | None,
             folded: tuple[str, ...], expect: tuple[str, ...], game: str, qualifier: str, chip_unit: int,
             odd_chip: str | None, fmt: OutputFormat) -> None:
    """Settle one showdown given as arguments.

    Players are NAME=CARDS (bare CARDS are P1, P2, ...), listed clockwise and seated 1, 2, ...; the
    button is the last listed player unless --button says otherwise. For side pots give what each
    player put in after @, and folded players' dead money with --folded.

    \b
    Examples:
      hilo showdown --board "Ac 3d 6h Ks Kd" A="2c 4d Qc Jd" B="Kh Kc 2h 4s" --pot 1200
      hilo showdown --board "4h 5h 9h Kc 2d" A="Ah Th Qs Qd"@20 B="Kd Ks 6h 7h"@60 \\
                    C="Ac 3c Jc Jd"@60 --folded D=10
    """
    from hilo_cli.formats.records import deal_from_record
    from hilo_cli.showdown import settle

    record = _showdown_record(players, board, pot, button, folded, expect)
    settlement = settle(deal_from_record(record, defaults(game, qualifier, chip_unit, odd_chip)))
    if fmt == "json":
        import json

        from hilo_cli.formats import json_out

        click.echo(json.dumps(json_out.settlement_dict(settlement), indent=2, ensure_ascii=False))
    elif fmt == "csv":
        from hilo_cli.formats import csv_out

        click.echo(csv_out.header() + csv_out.settlement_rows(settlement), nl=False)
    else:
        from hilo_cli.formats import text_out

        click.echo(text_out.settlement_text(settlement), nl=False)
    if settlement.check is not None and not settlement.check.ok:
        sys.exit(ExitStatus.DIFFERENCE)


def _showdown_record(players: tuple[str, ...], board: str | None, pot: int | None, button: int | None,
                     folded: tuple[str, ...], expect: tuple[str, ...]) -> dict[str, Any]:
    """The command line of ``showdown`` as a record of the JSON schema."""
    record: dict[str, Any] = {"players": []}
    for index, arg in enumerate(players, 1):
        m = _PLAYER.match(arg)
        assert m is not None  # the pattern matches any text
        where = f"argument {arg!r}"
        entry: dict[str, Any] = {"name": (m["name"] or f"P{index}").strip(), "hole": m["cards"], "seat": index}
        if m["amount"] is not None:
            entry["contributed"] = _number(m["amount"].strip(), where)
        record["players"].append(entry)
    for offset, (name, put) in enumerate(_pairs(folded, "--folded").items(), len(players) + 1):
        record["players"].append({"name": name, "seat": offset, "folded": True, "contributed": put})
    for key, value in (("board", board), ("pot", pot), ("button", button)):
        if value is not None:
            record[key] = value
    if button is None:
        record["button"] = len(players)
    if expect:
        record["expected"] = _pairs(expect, "--expect")
    return record


