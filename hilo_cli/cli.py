"""The ``hilo`` command: Click only. Options, files and echo; the rules live in the library.

Each command imports the library modules it needs when it runs, so ``hilo showdown`` does not pay at
start-up for batch work, worker processes or output formats it will not use.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any, Literal, TypeVar

import click

from hilo_cli import __version__
from hilo_cli.errors import ExitStatus, HiloError
from hilo_cli.games import GAMES, QUALIFIERS

if TYPE_CHECKING:
    from hilo_cli.batch import Raw
    from hilo_cli.formats.records import Defaults

OutputFormat = Literal["text", "json", "csv"]

F = TypeVar("F", bound=Callable[..., Any])


def common_options(f: F) -> F:
    """Options every command takes; in batch they are defaults that a record's own fields override."""
    f = click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text",
                     show_default=True, help="Output: a floor report, JSON (Lines for batch), or CSV.")(f)
    f = click.option("--odd-chip", type=click.Choice(["button", "suit"]), default=None,
                     help="Leftover chips of a tied half: clockwise from the button (Omaha default) "
                          "or by highest card and suit (stud default).")(f)
    f = click.option("--chip-unit", type=int, default=1, show_default=True,
                     help="Smallest chip in play; every pot is divided in whole units of it.")(f)
    f = click.option("--qualifier", type=click.Choice(list(QUALIFIERS)), default="8", show_default=True,
                     help="Low qualifier: 8 or better, 9 or better, or none.")(f)
    f = click.option("--game", type=click.Choice(list(GAMES)), default="omaha8", show_default=True,
                     help="The game.")(f)
    return f


def _defaults(game: str, qualifier: str, chip_unit: int, odd_chip: str | None) -> Defaults:
    from hilo_cli.formats.records import Defaults

    return Defaults(game, QUALIFIERS[qualifier], chip_unit, odd_chip)  # type: ignore[arg-type]


# Click 8.2 and later raise this for a bare `hilo`; older Clicks print the help and exit 0.
_NO_ARGS: type[Exception] = getattr(click.exceptions, "NoArgsIsHelpError", click.exceptions.Exit)


class HiloGroup(click.Group):
    """A group whose usage errors are one line on stderr and exit 2, under CliRunner too."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        standalone = kwargs.pop("standalone_mode", True)
        try:
            rv = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[call-overload]
        except click.exceptions.Abort:
            click.echo("hilo: aborted", err=True)
            sys.exit(ExitStatus.BAD_INPUT)
        except HiloError as e:
            click.echo(f"hilo: error: {e}", err=True)
            sys.exit(e.exit_status)
        except _NO_ARGS:
            click.echo("hilo: error: missing command: showdown or batch (see 'hilo --help')", err=True)
            sys.exit(ExitStatus.BAD_INPUT)
        except OSError as e:
            click.echo(f"hilo: error: cannot write the output: {e.strerror or e}", err=True)
            sys.exit(ExitStatus.BAD_INPUT)
        except click.exceptions.ClickException as e:
            hint = f" (see '{e.ctx.command_path} --help')" if isinstance(e, click.UsageError) and e.ctx else ""
            click.echo(f"hilo: error: {e.format_message()}{hint}", err=True)
            sys.exit(ExitStatus.BAD_INPUT)
        if not standalone:
            return rv
        sys.exit(rv if isinstance(rv, int) else ExitStatus.OK)


@click.group(cls=HiloGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="hilo")
def main() -> None:
    """Settle Omaha Hi/Lo showdowns: best high and 8-or-better low hands, every pot in chips.

    \b
    Example:
      hilo showdown --board "Ac 3d 6h Ks Kd" A="2c 4d Qc Jd" B="Kh Kc 2h 4s" --pot 1200
      hilo batch examples/hands.txt --format json
    """


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


@main.command()
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
    settlement = settle(deal_from_record(record, _defaults(game, qualifier, chip_unit, odd_chip)))
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


@main.command()
@click.argument("files", nargs=-1, metavar="[FILE ...]")
@click.option("--input-format", type=click.Choice(["auto", "json", "text"]), default="auto",
              show_default=True, help="How to read the input: detected from the content by default.")
@click.option("--fail-fast", is_flag=True, help="Stop at the first record that cannot be settled.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes; output stays in input order.")
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

    defaults = _defaults(game, qualifier, chip_unit, odd_chip)
    sys.stdout.flush()
    out = sys.stdout.buffer  # outcomes are UTF-8 already
    if fmt == "csv":
        out.write(csv_out.header().encode())
    bad = differs = False
    try:
        for outcome in run(_all_records(files or ("-",), input_format), defaults, fmt, jobs):
            out.write(outcome.output)
            if outcome.error is not None:
                bad = True
                out.flush()
                where = f"{outcome.source}:{outcome.line}" if outcome.line else outcome.source
                click.echo(f"{where}: {outcome.error}", err=True)
                if fail_fast:
                    break
            differs = differs or outcome.differs
        out.flush()
    except BrokenPipeError:
        # The reader went away (`hilo batch ... | head`): stop quietly, as a pipeline expects.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(ExitStatus.BAD_INPUT if bad else ExitStatus.DIFFERENCE if differs else ExitStatus.OK)


def _all_records(files: tuple[str, ...], input_format: str) -> Iterator[Raw]:
    from hilo_cli.batch import Raw, read_records

    for name in files:
        if name == "-":
            yield from read_records("<stdin>", sys.stdin.buffer, input_format)
            continue
        try:
            stream: IO[bytes] = open(name, "rb")
        except OSError as e:
            yield Raw(name, 0, "error", f"cannot read: {e.strerror}")
            continue
        with stream:
            yield from read_records(name, stream, input_format)
