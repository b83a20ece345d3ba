"""``hilo limits``: what the next player may do: call, and the smallest and largest bet or raise."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from hilo_cli.betting.limits import STREETS
from hilo_cli.cli.common import choice, colour_option, format_option, once, stdout_bytes, whole
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
@choice(
    "--structure",
    choices=["pot", "no", "fixed"],
    default="pot",
    help="Pot limit, no limit, or fixed limit.",
)
@whole(
    "--pot",
    least=0,
    default=0,
    help="Chips in the middle from earlier rounds (antes included), before this round's bets.",
)
@click.option(
    "--bet",
    "bets",
    type=click.IntRange(min=0),
    multiple=True,
    help="Each other player's chips in this round (a street total), in the order made; repeat it.",
)
@whole(
    "--in",
    "already_in",
    least=0,
    default=0,
    help="The next player's own chips already in this round (a blind, an earlier bet).",
)
@once("--blinds", help="Blinds like 50/100: the big blind is the smallest bet (pot and no limit).")
@once("--limits", "fixed_limits", help="Fixed limit: the small bet and the big bet, like 100/200.")
@choice(
    "--street",
    choices=STREETS,
    default="preflop",
    help="The betting round (fixed limit: the small bet preflop and on the flop, the big bet after).",
)
@whole("--stack", least=0, help="The next player's chips behind, if it matters.")
@format_option(["text", "json"], "Output.")
@colour_option(
    "Colour text output (the player to act and the amounts in bold): auto = when stdout is a terminal, "
    "NO_COLOR is not set and TERM is not dumb. JSON is never coloured."
)
def limits(history: str | None, fmt: OutputFormat, color: str, **figures: Any) -> None:
    """Say what the next player may do: the call, and the smallest and largest bet or raise (to).

    From the figures (--pot, --bet, ...), or from a HISTORY of one hand that stops where the next player
    is to act (PHH or PokerStars text, - for stdin): the actions are replayed under the betting rules and
    the player to act is named.

    \b
    Examples (a bet of 100 into a pot of 100, pot limit; then a hand from the
    examples/ folder that 'hilo examples --copy' writes):
      hilo limits --structure pot --blinds 50/100 --pot 100 --bet 100
      hilo limits examples/limits/to-act.phh
    """
    from hilo_cli.formats import jsonlib, schema_tag

    head: dict[str, object] = {}
    show: Callable[[int], str] = str
    if history is not None:
        _no_figures()
        turn, show = _turn(history)
        found = turn.limits
        head = {"name": turn.name, "street": turn.street}
    else:
        found = _from_figures(**figures)  # the figure options, by the names it takes them
    out = stdout_bytes()
    if fmt == "json":
        # Limits' fields in order, as hilo_cli.limits (the Python API) returns them.
        out.write(jsonlib.dumps_line({**found._asdict(), **head, "schema": schema_tag("limits")}))
        sys.exit(ExitStatus.OK)
    name = str(head["name"]) if head else None
    out.write(_answer(found, show, name, color).encode())
    sys.exit(ExitStatus.OK)


def _from_figures(
    structure: str,
    pot: int,
    bets: tuple[int, ...],
    already_in: int,
    blinds: str | None,
    fixed_limits: str | None,
    street: str,
    stack: int | None,
) -> Limits:
    """The limits the figures give (``betting.limits``), an error placed at the option it is about."""
    from hilo_cli.betting import limits as work_out

    small, big = _fixed(fixed_limits)
    try:
        return work_out(
            structure.lower(),  # type: ignore[arg-type]
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


def _answer(found: Limits, show: Callable[[int], str], name: str | None, color: str) -> str:
    """The text answer: who is to act (from a history) and the structure, then the call and the bet or
    raise; in bold where ``--color`` wants it."""
    from hilo_cli.betting import STRUCTURE_NAMES
    from hilo_cli.cli.look import colour_wanted

    first = f"{STRUCTURE_NAMES[found.structure]}, pot {show(found.pot)}"
    if name is not None:
        first = f"{name} to act: " + first
    text = "\n".join([first, *_text(found, show)]) + "\n"
    return _coloured(text, name) if colour_wanted(color.lower(), sys.stdout) else text


# An amount in the answer: a number standing alone, not part of a name, a rule (RULES §14.5) or a pair.
_AMOUNT = re.compile(r"(?<![\w§./])[$€£]?\d[\d,]*(?:\.\d\d)?€?(?![\w./])")


def _coloured(text: str, name: str | None) -> str:
    """The text answer with the player to act and every amount in bold (``hilo limits --color``)."""
    bold = click.style("{}", bold=True)
    head = f"{name} to act: " if name is not None and text.startswith(f"{name} to act: ") else ""
    rest = _AMOUNT.sub(lambda m: bold.format(m.group()), text[len(head) :])
    return (bold.format(name) + head[len(str(name)) :] if head else "") + rest


def _text(found: Limits, show: Callable[[int], str] = str) -> list[str]:
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
        lines.append(
            f"{verb} {least} (fixed limit)" if found.structure == "fixed" else f"{verb} {least}"
        )
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
