"""PokerStars hand histories: what one hand says, as values, and how its money and header are read.

``StarsHand`` holds everything a hand's lines say (``pokerstars_lines`` reads them into it): the header's
game, limit and stakes; seats and stacks; each action with its amount in integer chips; boards, runs,
shows and mucks; the "collected" lines; the summary's pots, rake and "won (…)" amounts. The line
catalogue and what each line means are in ../shared/handhistories/POKERSTARS.md; rake and runs in RULES
§12 and §13.

Money is read into the smallest unit at once (RULES §4.2): cents in cash games (``$7.06`` -> 706,
``€1,234.50`` -> 123450), chips as they are in tournaments and play-money games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import NamedTuple

from hilo_cli.cards import Card, parse_cards
from hilo_cli.errors import CardError, InputError

HEADER = re.compile(
    r"^(?:PokerStars|POKERSTARS)(?: Home Game| Zoom| Rush)?(?: Hand| Game| GAME) #(?P<id>\d+): +(?P<rest>.*)$")
# The game and its limit: "Omaha Hi/Lo Pot Limit", "8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)",
# "HORSE (Omaha Hi/Lo Limit)"; tournaments put "Tournament #N, buy-in " in front.
_GAME = re.compile(
    r"(?:(?P<mixed>HORSE|8-Game|8-GAME|HOSE|Mixed [^(]+?|Triple Stud|[A-Z][\w' +/-]*?) \()?"
    r"(?P<game>(?:\d Card |6\+ |Split )?[A-Z][\w' /+-]*?) "
    r"(?P<limit>Pot Limit Pre-Flop, No Limit Post-Flop|Pot Limit|No Limit|Fixed Limit|Limit|POT LIMIT|NO LIMIT|LIMIT)"
    r"(?=[,) ]|$)")
_STAKES = re.compile(r"\(?(?:ante [^,]*, )?(?P<sb>[$€£]?[\d.,]+)/(?P<bb>[$€£]?[\d.,]+)(?: (?P<iso>[A-Z]{3}))?\)")
_CLUB = re.compile(r"^\{[^}]*\}\s+")
_TOURNAMENT = re.compile(
    r"^(?:Zoom |Rush )?(?:Tournament|TOURNAMENT) #\d+, "
    r"(?:Freeroll|(?:[$€£]?[\d.,]+\+?|FPP\+?|SC\+?)+(?: (?:USD|EUR|GBP|CAD|INR|CNY|FPP|SC)(?= ))?)? ?(?:- )?")


class Header(NamedTuple):
    """The first line: the hand number, the game as the site names it, the limit and the stakes."""

    id: str
    game: str
    limit: str
    mixed: str | None
    tournament: bool
    currency: str  # "$", "€", "£", or "" for tournament and play chips
    small: int
    big: int


class Seat(NamedTuple):
    seat: int
    name: str
    stack: int
    sitting_out: bool


class Action(NamedTuple):
    """One line that moves chips or deals cards, in the hand's order.

    ``verb``: fold, check, call, bet, raise, complete, bring in, small blind, big blind, small and big
    blinds, ante, straddle (chips); dealt (``cards`` dealt to ``player``: the new ones), board (``cards``
    dealt to the board of ``run``, ``player`` empty), show, muck. ``amount`` is the printed amount (for a
    raise, the increment ``X`` of "raises X to Y"); ``to`` is ``Y`` for raises and completions.
    """

    line: int
    street: int
    player: str
    verb: str
    amount: int
    to: int | None
    all_in: bool
    text: str
    cards: tuple[Card, ...] = ()
    run: int = 0


class Collect(NamedTuple):
    """``X collected N from <pot>``: ``pot`` as printed, ``run`` 0 for a single board, else 1, 2, ..."""

    line: int
    player: str
    amount: int
    pot: str
    run: int


@dataclass
class StarsHand:
    """Everything one hand's lines say, in the hand's own units (see ``Header.currency``)."""

    source: str
    line: int
    header: Header
    button: int | None = None
    seats: list[Seat] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    dealt: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    boards: dict[int, list[Card]] = field(default_factory=dict)  # run (0 = the only board) -> cards
    shows: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    mucks: set[str] = field(default_factory=set)
    uncalled: dict[str, int] = field(default_factory=dict)
    collects: list[Collect] = field(default_factory=list)
    cashed_out: list[str] = field(default_factory=list)
    cancelled: bool = False
    total: int | None = None
    printed_pots: list[int] = field(default_factory=list)  # main pot, side pot 1, ... as printed (after rake)
    rake: int = 0
    runs: int = 1  # "Hand was run twice" (three times): 2 (3)
    summary_boards: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)  # the summary's "won (…)"/"collected (…)" per player
    summary_cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # "showed [...]" in the summary
    end: int = 0  # the last line of the hand


class BadHand(InputError):
    """A hand that cannot be read; ``id`` is its hand number when the header was read."""

    def __init__(self, message: str, where: str, id: str | None, line: int) -> None:
        super().__init__(message, where)
        self.id = id
        self.line = line


@lru_cache(maxsize=4096)
def money(text: str, scale: int) -> int:
    """``$1,234.56`` -> 123456 with ``scale`` 100 (cash), ``1,500`` -> 1500 with ``scale`` 1 (chips).

    An amount finer than the unit (``$0.005``, ``12.5`` chips) is refused: chips are whole units (§4.2).
    Cached: a year of hands repeats the same few stakes and bets.
    """
    plain = text.lstrip("$€£").replace(",", "")
    if plain.isdigit():
        return int(plain) * scale
    whole, dot, cents = plain.partition(".")
    if dot and scale == 100 and whole.isdigit() and cents.isdigit() and len(cents) <= 2:
        return int(whole) * 100 + int(cents.ljust(2, "0"))
    try:
        value = Decimal(plain) * scale
    except InvalidOperation:
        raise InputError(f"{text!r} is not an amount") from None
    if value != value.to_integral_value() or value < 0:
        unit = "a cent" if scale == 100 else "a chip"
        raise InputError(f"{text!r} is not a whole number of units ({unit})")
    return int(value)


def read_header(line: str) -> Header:
    m = HEADER.match(line)
    if m is None:
        raise InputError("not a PokerStars hand header (expected 'PokerStars Hand #N: ...')")
    rest = _CLUB.sub("", m.group("rest"))
    t = _TOURNAMENT.match(rest)
    tournament = t is not None
    g = _GAME.match(rest, t.end() if t is not None else 0)
    if g is None:
        raise InputError(f"hand #{m.group('id')}: cannot read the game and limit in {rest!r}")
    stakes = _STAKES.search(rest, g.end())
    if stakes is None:
        raise InputError(f"hand #{m.group('id')}: cannot read the stakes (small/big) in {rest!r}")
    sb, bb = stakes.group("sb"), stakes.group("bb")
    currency = sb[0] if sb[0] in "$€£" else ""
    if tournament:
        currency = ""
    scale = 100 if currency else 1
    game = g.group("game").strip()
    mixed = g.group("mixed")
    return Header(m.group("id"), game, g.group("limit"), mixed.strip() if mixed else None, tournament,
                  currency, money(sb, scale), money(bb, scale))


def cards_of(text: str, what: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except CardError as e:
        raise InputError(f"{what}: {e.message}") from None
