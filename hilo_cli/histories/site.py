"""What one hand of a site's text history says, as values: every site's line reader fills a ``SiteHand``.

A site's reader only reads its own lines into these values: the header's game, limit and stakes; seats
and stacks; each line that moves chips or deals cards (``Line``) with its amount in the smallest unit
(``amounts.money``); boards and runs, shows and mucks; what the site says each player collected
(``Collect``); and the summary: the pots, the rake and what each player won. ``records.record`` turns a
``SiteHand`` into the ``HandRecord`` the checker replays, for every site alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from hilo_cli.bounds import MAX_SEATS, quote, short
from hilo_cli.cards import Card, parse_labelled
from hilo_cli.errors import CardError, InputError
from hilo_cli.histories.base import Currency

# What a site writes between brackets, "[As 2s 7c]": the cards of every site's lines. A bracket holds no
# bracket, so a line of many "[" is read in one pass (``[^\]]*`` would read it again from each "[").
BRACKETS = re.compile(r"\[([^\[\]]*)\]")


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
    """A seated player: the seat's number, the player's name and the stack before the hand."""

    seat: int
    name: str
    stack: int


class Line(NamedTuple):
    """One line that moves chips or deals cards, in the hand's order.

    ``verb``: fold, check, call, bet, raise, complete, bring in, small blind, big blind, small and big
    blinds, ante, straddle (chips); dealt (``cards`` dealt to ``player``: the new ones), board (``cards``
    dealt to the board of ``run``, ``player`` empty), street (a new street begins), show, muck, ``amount``
    is the printed amount (for a raise, the increment ``X`` of "raises X to Y"); ``to`` is ``Y`` for
    raises and completions.
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
    """``X collected N from <pot>``: ``pot`` the index of the pot (0 the main pot, then side pots 1, 2,
    ...) and ``label`` as the site printed it; ``run`` 0 for a single board, else 1, 2, ...; ``half``
    ``"high"`` or ``"low"`` where the site tags the award with its half (``None``: it does not)."""

    line: int
    player: str
    amount: int
    pot: int
    label: str
    run: int
    half: str | None = None


@dataclass
class SiteHand:
    """Everything one hand's lines say, in the hand's own units (see ``Header.currency``), and the
    recording of each line (``add_street``, ``add_board``, ``add_dealt``, ``add_show``, ``add_muck``,
    ``add_award``, ``add_seat``): a text reader (``text.TextReader``) records at the line it is reading,
    an XML reader at its element's line."""

    source: str
    line: int
    header: Header
    button: int | None = None
    seats: list[Seat] = field(default_factory=list)
    actions: list[Line] = field(default_factory=list)
    dealt: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    # run (0 = the only board) -> cards
    boards: dict[int, list[Card]] = field(default_factory=dict)
    shows: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    mucks: set[str] = field(default_factory=set)
    uncalled: dict[str, int] = field(default_factory=dict)
    collects: list[Collect] = field(default_factory=list)
    cashed_out: list[str] = field(default_factory=list)
    cancelled: bool = False
    # why the hand cannot be replayed though its game is one hilo plays (chips from no player), or None
    unplayable: str | None = None
    # chips the house put in the main pot that no player did (KingsClub's "STP added", a splash the pot)
    added: int = 0
    # the pot before rake, where the site prints it
    total: int | None = None
    # main pot, side pot 1, ... as printed (after rake)
    printed_pots: list[int] = field(default_factory=list)
    rake: int = 0
    # False: the site took rake but printed none (derived, RULES §13)
    rake_printed: bool = True
    # the collect lines name their pot (False: one total per player, or per half)
    pots_named: bool = True
    # the summary prints every pot (``printed_pots``; one pot: ``total``)
    pots_printed: bool = True
    # how the site writes money (None: Header.currency decides)
    currency: Currency | None = None
    # the unit the site divided pots in, where larger than the smallest (RULES §4.2)
    chip_unit: int = 1
    # the site prints what each player won in a summary (``won``) to check against
    won_printed: bool = True
    # "Hand was run twice" (three times): 2 (3)
    runs: int = 1
    summary_boards: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    # the summary's "won (…)"/"collected (…)" per player
    won: dict[str, int] = field(default_factory=dict)
    # "showed [...]" in the summary
    summary_cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    # the last line of the hand
    end: int = 0
    # the site's own lines disagreeing, as read
    disagreements: list[str] = field(default_factory=list)
    # the lines the reader did not know and skipped: none carries an amount or a card (``text.skip``)
    skipped: int = 0
    # the first of them: its file line and its text, cut short
    first_skipped: tuple[int, str] | None = None

    def live(self) -> int:
        """How many players dealt in have neither folded nor mucked so far (a lone winner "mucks" or
        "does not show" too: that is no muck, the pot is still theirs)."""
        acting = {a.player for a in self.actions if a.player}
        gone = self.mucks | {a.player for a in self.actions if a.verb == "fold"}
        return len(acting - gone)

    def add_seat(self, seat: Seat, twice: str = "is listed twice") -> None:
        """``seat`` taken, once ``check_seat`` allows it (in its ``twice`` words)."""
        check_seat(self, seat.seat, seat.name, twice)
        self.seats.append(seat)

    def add_street(self, line: int, street: int, text: str, run: int = 0) -> None:
        """Street ``street`` begins at file line ``line`` (``text`` as the site wrote it), on board
        ``run``."""
        self.actions.append(Line(line, street, "", "street", 0, None, False, text, (), run))

    def add_board(
        self, line: int, street: int, text: str, new: tuple[Card, ...], run: int = 0
    ) -> None:
        """The ``new`` cards a line deals to the board of ``run`` (0: the only board): added to the
        board so far and kept as the hand's ``board`` line."""
        self.boards.setdefault(run, []).extend(new)
        self.actions.append(Line(line, street, "", "board", 0, None, False, text, new, run))

    def add_dealt(
        self, line: int, street: int, name: str, new: tuple[Card, ...], text: str, run: int = 0
    ) -> None:
        """The ``new`` cards a line deals to ``name``: added to those dealt before (stud deals a street
        at a time) and kept as the hand's ``dealt`` line."""
        self.dealt[name] = self.dealt.get(name, ()) + new
        self.actions.append(Line(line, street, name, "dealt", 0, None, False, text, new, run))

    def add_show(
        self, line: int, street: int, name: str, cards: tuple[Card, ...], text: str
    ) -> None:
        """``name`` shows ``cards`` (at a showdown, or a winner showing)."""
        self.shows[name] = cards
        self.actions.append(Line(line, street, name, "show", 0, None, False, text, cards))

    def add_muck(self, line: int, street: int, name: str, text: str) -> None:
        """``name`` mucks: the hand is dead (RULES §7.3)."""
        self.mucks.add(name)
        self.actions.append(Line(line, street, name, "muck", 0, None, False, text))

    def add_award(
        self,
        line: int,
        name: str,
        amount: int,
        pot: int,
        label: str,
        half: str | None = None,
        run: int = 0,
    ) -> None:
        """``name`` collects ``amount`` from pot ``pot`` (as printed: ``label``) of board ``run``, from
        its ``half`` where the site tags one (``Collect``)."""
        self.collects.append(Collect(line, name, amount, pot, label, run, half))

    def add_uncalled(self, name: str, amount: int) -> None:
        """Uncalled chips returned to ``name`` (RULES §5.3), added to any returned before."""
        self.uncalled[name] = self.uncalled.get(name, 0) + amount


class BadHand(InputError):
    """A hand that cannot be read; ``id`` is its hand number when the header was read."""

    def __init__(self, message: str, where: str, id: str | None, line: int) -> None:
        super().__init__(message, where)
        self.id = id
        self.line = line


def cards_of(text: str, what: str) -> tuple[Card, ...]:
    """The cards of ``text``; an ``InputError`` that names ``what`` they were (a site's line that cannot
    be read, as every other line: ``cards.parse_labelled`` says whose cards)."""
    try:
        return parse_labelled(text, what)
    except CardError as e:
        raise InputError(e.message) from None


# A summary seat line's shown or mucked cards: "showed [As 2s 7c Kh]", "mucked [...]".
SHOWED = re.compile(r"\b(?P<how>showed|mucked) \[(?P<cards>[^\[\]]*)\]")
# A summary seat line's "mucked" without the cards: "Seat 1: X (button) mucked".
MUCKED = re.compile(r"^(?: \([^()]*\))* mucked\s*$")


def summary_seat(hand: SiteHand, seat: int, rest: str, won: Callable[[str], Iterable[int]]) -> None:
    """A summary's ``Seat N: NAME ...`` line, for the sites that write PokerStars' summary: ``rest`` is the
    line from the name on, ``won`` reads the amounts the rest of it says the seat won (in the site's
    words). Fills the seat's "won" and its cards shown or mucked (a mucked hand is dead, RULES §7.3). A
    summary that names another player than the seat line is the site's own inconsistency, a finding kept
    in ``hand.disagreements``, never bad input."""
    found = next((s for s in hand.seats if s.seat == seat), None)
    if found is None or not rest.startswith(found.name):
        who = found.name if found is not None else "nobody"
        hand.disagreements.append(
            f"the summary's seat {seat} is {short(rest, 60)!r}, but seat {seat} is "
            f"{short(who, 60)!r} in the seat lines"
        )
        return
    tail = rest[len(found.name) :]
    amounts = list(won(tail))
    if amounts:
        hand.won[found.name] = hand.won.get(found.name, 0) + sum(amounts)
    shown = SHOWED.search(tail)
    if shown is None and MUCKED.match(tail):
        hand.mucks.add(found.name)  # "Seat 1: X mucked", without the cards (PokerMaster)
    elif shown is not None:
        cards = cards_of(shown.group("cards"), f"{found.name}'s cards")
        if shown.group("how") == "mucked":
            hand.mucks.add(found.name)
        else:
            hand.summary_cards[found.name] = cards


TWICE = "is listed twice"
"""How a text site's error says a seat or a name is taken again."""
NAMELESS = "is listed twice or has no name"
"""The XML sites' words: an attribute may be missing, so a seat may have no name."""


def check_seat(hand: SiteHand, seat: int, name: str, twice: str = TWICE) -> None:
    """Refuses a seat for ``hand`` whose number or ``name`` is seated already, in the words ``seat N
    ('NAME') <twice>`` (with ``NAMELESS``, an empty name too), and a seat past the ``MAX_SEATS`` a
    table can hold. Called before the seat's stack is read."""
    nameless = twice == NAMELESS and not name
    if nameless or any(name == o.name or seat == o.seat for o in hand.seats):
        raise InputError(f"seat {seat} ({quote(name)}) {twice}")
    if len(hand.seats) >= MAX_SEATS:
        raise InputError(f"more than {MAX_SEATS} seats in one hand: no table seats so many")


def collects_only(hand: SiteHand) -> SiteHand:
    """``hand`` marked as read from a site that prints what each player collected and nothing to hold
    it against: no rake (derived, RULES §13), no pot named by the collect lines, no pots and no "won"
    in a summary."""
    hand.rake_printed = hand.pots_named = hand.pots_printed = hand.won_printed = False
    return hand
