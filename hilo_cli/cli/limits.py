"""``hilo limits``: what the next player may do: call, and the smallest and largest bet or raise."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from hilo_cli.betting.limits import STREETS
from hilo_cli.cli.common import once, stdout_bytes
from hilo_cli.errors import ExitStatus, HiloError, where
from hilo_cli.formats import OutputFormat

if TYPE_CHECKING:
    from hilo_cli.betting import Limits
    from hilo_cli.betting.turn import Turn


def _blinds(text: str | None) -> int:
    """``--blinds 50/100`` (or ``100``): the big blind, the smallest bet in pot and no limit."""
    if text is None:
        return 0
    parts = text.replace("-", "/").split("/")
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise HiloError(f"{text!r} is not blinds like 50/100", "--blinds") from None
    if not values or min(values) <= 0:
        raise HiloError(f"{text!r} is not blinds like 50/100", "--blinds")
    return max(values)


def _fixed(text: str | None) -> tuple[int, int]:
    """``--limits 100/200``: the small bet and the big bet of fixed limit."""
    if text is None:
        return 0, 0
    try:
        small, big = (int(p) for p in text.replace("-", "/").split("/"))
    except ValueError:
        raise HiloError(
            f"{text!r} is not limits like 100/200 (the small bet and the big bet)", "--limits"
        ) from None
    if small <= 0 or big <= 0:
        raise HiloError(
            f"{text!r} is not limits like 100/200 (the small bet and the big bet)", "--limits"
        )
    return small, big


@click.command()
@click.argument("history", required=False, metavar="[HISTORY]", type=click.Path(readable=False))
@once(
    "--structure",
    type=click.Choice(["pot", "no", "fixed"], case_sensitive=False),
    default="pot",
    show="pot",
    help="Pot limit, no limit, or fixed limit.",
)
@once(
    "--pot",
    type=click.IntRange(min=0),
    default=0,
    show="0",
    help="Chips in the middle from earlier rounds (antes included), before this round's bets.",
)
@click.option(
    "--bet",
    "bets",
    type=click.IntRange(min=0),
    multiple=True,
    help="Each other player's chips in this round (a street total), in the order made; repeat it.",
)
@once(
    "--in",
    "already_in",
    type=click.IntRange(min=0),
    default=0,
    show="0",
    help="The next player's own chips already in this round (a blind, an earlier bet).",
)
@once("--blinds", help="Blinds like 50/100: the big blind is the smallest bet (pot and no limit).")
@once("--limits", "fixed_limits", help="Fixed limit: the small bet and the big bet, like 100/200.")
@once(
    "--street",
    type=click.Choice(list(STREETS), case_sensitive=False),
    default="preflop",
    show="preflop",
    help="The betting round (fixed limit: the small bet preflop and on the flop, the big bet after).",
)
@once(
    "--stack",
    type=click.IntRange(min=0),
    default=None,
    help="The next player's chips behind, if it matters.",
)
@once(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show="text",
    help="Output.",
)
@once(
    "--color",
    "--colour",
    "color",
    type=click.Choice(["auto", "always", "never"], case_sensitive=False),
    default="auto",
    show="auto",
    help="Colour text output (the player to act and the amounts in bold): auto = when stdout is a terminal, "
    "NO_COLOR is not set and TERM is not dumb. JSON is never coloured.",
)
def limits(
    history: str | None,
    structure: str,
    pot: int,
    bets: tuple[int, ...],
    already_in: int,
    blinds: str | None,
    fixed_limits: str | None,
    street: str,
    stack: int | None,
    fmt: OutputFormat,
    color: str,
) -> None:
    """Say what the next player may do: the call, and the smallest and largest bet or raise (to).

    From the figures (--pot, --bet, ...), or from a HISTORY of one hand that stops where the next player
    is to act (PHH or PokerStars text, - for stdin): the actions are replayed under the betting rules and
    the player to act is named.

    \b
    Examples (the founding text's: pot 100, a bet of 100, pot limit):
      hilo limits --structure pot --blinds 50/100 --pot 100 --bet 100
      hilo limits hand.phh
    """
    from hilo_cli.betting import limits as work_out
    from hilo_cli.formats import jsonlib

    head: dict[str, object] = {}
    found: Limits
    kind: str
    show: Callable[[int], str] = str
    if history is not None:
        _no_figures()
        turn, show = _turn(history)
        found, kind = turn.limits, turn.limits.structure
        head = {"name": turn.name, "street": turn.street}
    else:
        small, big = _fixed(fixed_limits)
        kind = structure.lower()
        try:
            found = work_out(
                kind,  # type: ignore[arg-type]
                pot,
                bets,
                already_in,
                _blinds(blinds),
                small,
                big,
                STREETS.index(street.lower()),
                stack,
            )
        except HiloError as e:
            where = (
                "--blinds"
                if "big blind" in e.message
                else "--limits"
                if "small bet" in e.message
                else "--bet"
            )
            raise e.located(where) from None
    out = stdout_bytes()
    if fmt == "json":
        # Limits' fields in order, as hilo_cli.limits (the Python API) returns them.
        out.write(jsonlib.dumps_line({**found._asdict(), **head}))
        sys.exit(ExitStatus.OK)
    from hilo_cli.betting import STRUCTURE_NAMES

    lines = [f"{STRUCTURE_NAMES[found.structure]}, pot {show(found.pot)}"]
    if head:
        lines[0] = f"{head['name']} to act: " + lines[0]
    text = "\n".join(lines + _text(found, kind, show)) + "\n"
    from hilo_cli.cli.terminal import colour_wanted

    if colour_wanted(color.lower(), sys.stdout):
        text = _coloured(text, str(head["name"]) if head else None)
    out.write(text.encode())
    sys.exit(ExitStatus.OK)


# An amount in the answer: a number standing alone, not part of a name, a rule (RULES §14.5) or a pair.
_AMOUNT = re.compile(r"(?<![\w§./])[$€£]?\d[\d,]*(?:\.\d\d)?€?(?![\w./])")


def _coloured(text: str, name: str | None) -> str:
    """The text answer with the player to act and every amount in bold (``hilo limits --color``)."""
    bold = click.style("{}", bold=True)
    head = f"{name} to act: " if name is not None and text.startswith(f"{name} to act: ") else ""
    rest = _AMOUNT.sub(lambda m: bold.format(m.group()), text[len(head) :])
    return (bold.format(name) + head[len(str(name)) :] if head else "") + rest


def _text(found: Limits, kind: str, show: Callable[[int], str] = str) -> list[str]:
    """The answer's lines after the first, amounts written by ``show`` (a history's money as its site
    writes it, or units)."""
    from hilo_cli.betting import STRUCTURE_NAMES

    if found.action == "call":
        if found.all_in:
            return [
                f"call {show(found.call)}, all in (the stack does not cover the call: no raise)"
            ]
        return [
            f"call {show(found.call)} or fold: no raise (all in for less since this player acted, RULES §14.5, "
            "or the raises are capped)"
        ]
    lines = [f"call {show(found.call)}" if found.call else "check"]
    verb = "bet" if found.action == "bet" else "raise to"
    least = show(found.least) if found.least is not None else "nothing"
    if found.all_in:
        lines.append(
            f"{verb} all in for {least} only (less than a full {found.action}, RULES §14.5)"
        )
    elif found.most is None:
        lines.append(f"{verb} at least {least}, at most all in (no limit)")
    elif found.most == found.least:
        lines.append(f"{verb} {least} (fixed limit)" if kind == "fixed" else f"{verb} {least}")
    else:
        lines.append(
            f"{verb} at least {least}, at most {show(found.most)} "
            f"({STRUCTURE_NAMES[found.structure]})"
        )
    return lines


def _no_figures() -> None:
    """A history gives every figure: the figure options with it are bad usage, not silently ignored."""
    ctx = click.get_current_context()
    given = [
        f"--{name.replace('_', '-')}"
        for name in (
            "structure",
            "pot",
            "bets",
            "already_in",
            "blinds",
            "fixed_limits",
            "street",
            "stack",
        )
        if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT
    ]
    if given:
        names = {"--bets": "--bet", "--already-in": "--in", "--fixed-limits": "--limits"}
        raise HiloError(
            f"{', '.join(names.get(g, g) for g in given)}: a HISTORY gives the figures; give one or "
            "the other",
            "HISTORY",
        )


def _turn(history: str) -> tuple[Turn, Callable[[int], str]]:
    """The one hand in ``history`` replayed to the player to act, and how its site writes money."""
    from hilo_cli.betting.turn import next_turn
    from hilo_cli.cli.check import all_hands

    records = list(all_hands((history,), "auto"))
    if len(records) != 1:
        raise HiloError(
            f"{len(records)} hands: give a history of the one hand to answer for", history
        )
    record = records[0]
    place = where(record.source, record.line)
    if record.error is not None:
        raise HiloError(record.error, place)
    if record.hand is None:
        raise HiloError(record.not_checkable or "no hand to replay", place)
    try:
        show = record.currency.show if record.currency is not None else str
        return next_turn(record.hand), show
    except HiloError as e:
        raise e.located(place) from None
