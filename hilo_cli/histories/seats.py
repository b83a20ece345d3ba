"""What every site reader does at the top of a hand, written once: its seats.

* a seat line read by the site's pattern into a ``Seat`` (``read_seat``), the seat number bounded and
  the stack read as every amount is;
* a seat taken only once, and no more than ``MAX_SEATS`` of them (``check_seat``, ``add_seat``);
* the seated names longest first (``longest_first``), so that a line is read as "Bob Jr"'s, not "Bob"'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from hilo_cli.bounds import MAX_SEAT, MAX_SEATS, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money
from hilo_cli.histories.site import Seat, SiteHand

TWICE = "is listed twice"
"""How a text site's error says a seat or a name is taken again."""
NAMELESS = "is listed twice or has no name"
"""The XML sites' words: an attribute may be missing, so a seat may have no name."""


def read_seat(
    pattern: re.Pattern[str],
    line: str,
    scale: int,
    amount: Callable[[str, int], int] = money,
) -> Seat:
    """The ``Seat`` of a seat line by ``pattern``'s groups ``seat``, ``name``, ``stack`` (read by
    ``amount`` in the hand's ``scale``) and, where the pattern has it, ``out`` (sitting out);
    "cannot read the seat line" where the pattern does not match."""
    s = pattern.match(line)
    if s is None:
        raise InputError(f"cannot read the seat line {quote(line)}")
    return Seat(
        digits(s.group("seat"), "a seat", MAX_SEAT),
        s.group("name"),
        amount(s.group("stack"), scale),
        s.groupdict().get("out") is not None,
    )


def check_seat(hand: SiteHand, seat: int, name: str, twice: str = TWICE) -> None:
    """Refuses a seat for ``hand`` whose number or ``name`` is seated already, in the words ``seat N
    ('NAME') <twice>`` (with ``NAMELESS``, an empty name too), and a seat past the ``MAX_SEATS`` a
    table can hold. Called before the seat's stack is read, as the XML sites do."""
    nameless = twice == NAMELESS and not name
    if nameless or any(name == o.name or seat == o.seat for o in hand.seats):
        raise InputError(f"seat {seat} ({quote(name)}) {twice}")
    if len(hand.seats) >= MAX_SEATS:
        raise InputError(f"more than {MAX_SEATS} seats in one hand: no table seats so many")


def add_seat(hand: SiteHand, seat: Seat) -> list[str]:
    """``seat`` added to ``hand`` once ``check_seat`` allows it; the names seated, longest first."""
    check_seat(hand, seat.seat, seat.name)
    hand.seats.append(seat)
    return longest_first(s.name for s in hand.seats)


def longest_first(names: Iterable[str]) -> list[str]:
    """``names`` longest first (in their order where as long), so that the first name a line starts
    with is the player's whole name: "Bob Smith" is not read as "Bob"."""
    return sorted(names, key=len, reverse=True)
