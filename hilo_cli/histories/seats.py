"""What every site reader does at the top of a hand, written once: its lines, its setup and its seats.

* a hand's lines as a reader reads them, with their file lines (``kept_lines``, ``read_kept``);
* a reader object's setup (``HandState``): where it is, the hand's unit, its error at
  the line being read (``fail``, ``failing``), the hand built from its header (``new_hand``; with no
  summary, ``hand_without_summary``), and each
  line after the header read in turn (``read_lines``);
* a hand of a site that prints only what each player collected (``collects_only``);
* a seat line read by the site's pattern (``seat_match``) into a ``Seat`` (``read_seat``,
  ``seat_of``), the seat number bounded and the stack read as every amount is;
* a seat taken only once, and no more than ``MAX_SEATS`` of them (``check_seat``, ``add_seat``,
  ``take_seat``);
* a tournament's header, in chips (``chips_header``);
* the setup of a reader that follows each street's bets itself (``BetsState``);
* the seated names longest first (``longest_first``), so that a line is read as "Bob Jr"'s, not "Bob"'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

from hilo_cli.betting import Structure
from hilo_cli.bounds import MAX_SEAT, MAX_SEATS, digits, quote
from hilo_cli.errors import HiloError, InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money, sign_currency
from hilo_cli.histories.archive import speaker
from hilo_cli.histories.base import HandRecord, failed
from hilo_cli.histories.safexml import DECLARATION
from hilo_cli.histories.site import BadHand, Header, Line, Seat, SiteHand

T = TypeVar("T")

STRUCTURES: dict[str, Structure] = {"Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}
"""The limits as most sites name them (``records.record`` looks a header's limit up, title-cased),
as the betting structures hilo plays; a site that names another adds it (``{**STRUCTURES, ...}``)."""


def kept_lines(
    raw: list[str], line: int, bom: bool = False, noise: re.Pattern[str] | None = None
) -> tuple[list[int], list[str]]:
    """A hand's ``raw`` lines as a reader reads them, and the file line of each (``line`` the first's):
    each stripped (with ``bom``, of a byte-order mark too), the blank ones and those ``noise`` matches
    dropped. One pass, one strip a line: the hot path of every text reader."""
    numbers: list[int] = []
    lines: list[str] = []
    for i, text in enumerate(raw):
        kept = text.strip().lstrip("\ufeff") if bom else text.strip()
        if kept and (noise is None or not noise.match(kept)):
            numbers.append(line + i)
            lines.append(kept)
    return numbers, lines


def read_kept(
    raw: list[str],
    line: int,
    read: Callable[[list[int], list[str]], SiteHand],
    bom: bool = False,
    noise: re.Pattern[str] | None = None,
) -> SiteHand | BadHand | None:
    """One hand by ``read(numbers, lines)`` from its ``kept_lines``: the hand, or the ``BadHand`` it
    raised; ``None`` where no line is kept (a blank hand)."""
    numbers, lines = kept_lines(raw, line, bom, noise)
    if not lines:
        return None
    try:
        return read(numbers, lines)
    except BadHand as e:
        return e


class Wanting(Protocol):
    """A reader object that reads a hand whose header ``wanted`` names (another it returns unread)."""

    def read(self, wanted: Callable[[Header], bool]) -> SiteHand: ...


def reads_wanted(
    reader: Callable[[str, list[str], list[int]], Wanting],
) -> Callable[[str, int, list[str], Callable[[Header], bool]], SiteHand | BadHand | None]:
    """``read_hand(source, line, raw, wanted)`` for a site whose reader object is
    ``reader(source, lines, numbers)``: one hand from its ``kept_lines`` (``read_kept``)."""

    def read_hand(
        source: str, line: int, raw: list[str], wanted: Callable[[Header], bool]
    ) -> SiteHand | BadHand | None:
        return read_kept(
            raw, line, lambda numbers, lines: reader(source, lines, numbers).read(wanted)
        )

    return read_hand


class HandState:
    """What a site's reader object holds for one hand (a site's subclass adds its own state, and the
    seated names as it looks them up): ``source``; ``numbers`` the file line of each line kept,
    ``number`` the one being read (an error names it); ``id`` the hand's number once its header is
    read; ``scale`` the hand's unit (100 cents, 1 chips); ``street`` the street being dealt; ``names``
    the seated names, longest first (a line starts with one, and a name may hold another and spaces)."""

    def __init__(self, source: str, numbers: list[int]) -> None:
        self.source, self.numbers = source, numbers
        self.number = numbers[0]
        self.id: str | None = None
        self.scale = 1
        self.street = 0
        self.names: list[str] = []

    def fail(self, message: str) -> BadHand:
        """The hand's error, at the line being read."""
        return BadHand(message, f"{self.source}:{self.number}", self.id, self.number)

    def failing(self, read: Callable[[], T]) -> T:
        """``read()``; a ``HiloError`` it raises made the hand's error at the line being read."""
        try:
            return read()
        except BadHand:
            raise
        except HiloError as e:
            raise self.fail(e.message) from None

    def new_hand(self, header: Header, **fields: Any) -> SiteHand:
        """The hand ``header`` starts, from the first line kept to the last; ``fields`` of ``SiteHand``
        as the site sets them (what it prints, its currency)."""
        hand = SiteHand(self.source, self.numbers[0], header, **fields)
        hand.end = self.numbers[-1]
        return hand

    def hand_without_summary(self, header: Header, rake_printed: bool) -> SiteHand:
        """The hand ``header`` starts (``new_hand``), of a site that prints no summary: no pots and
        nothing to hold the award lines against (``won_printed``), the rake printed where
        ``rake_printed`` says so; in the currency of the header's sign, if any."""
        hand = self.new_hand(
            header, rake_printed=rake_printed, pots_printed=False, won_printed=False
        )
        if header.currency:
            hand.currency = sign_currency(header.currency)
        return hand

    def each_line(self, lines: list[str], start: int) -> Iterator[tuple[int, str, int]]:
        """Each of ``lines`` from ``start`` on with its index and its file line, which is ``number`` (the
        line an error names) while it is read."""
        numbers = self.numbers
        for at in range(start, len(lines)):
            number = self.number = numbers[at]
            yield at, lines[at], number

    def player_line(self, line: str) -> tuple[str, str]:
        """``line`` as a seated player's (``speaker``): the player and what follows the name; a line that
        is no seated player's is bad input."""
        found = speaker(line, self.names)
        if found is None:
            raise InputError(f"cannot read the line {quote(line)}")
        return found

    def player_action(
        self, hand: SiteHand, line: str, read: Callable[[SiteHand, str, str, str], None]
    ) -> None:
        """A seated player's ``line`` (``player_line``): a fold or a check kept as the hand's line,
        anything else read by the site's ``read(hand, name, rest, line)``."""
        name, rest = self.player_line(line)
        if not play.fold_or_check(hand, self.number, self.street, name, rest, line):
            read(hand, name, rest, line)

    def read_lines(
        self,
        hand: SiteHand,
        lines: list[str],
        read: Callable[[SiteHand, str], None],
        first: int = 1,
    ) -> None:
        """Each of ``lines`` from ``first`` on by the site's ``read``, ``number`` at its file line; a hand
        no line of which says who won is cut short."""
        for i in range(first, len(lines)):
            self.number = self.numbers[i]
            read(hand, lines[i])
        if not hand.collects:
            raise InputError(f"hand #{hand.header.id} is cut short: no line says who won the pot")


class BetsState(HandState):
    """The setup of a reader that follows each street's bets itself, for a site that writes what a player
    added, not what the bet came to: ``bets`` this street's bet of each player, ``street_bet`` the most
    of them (``new_round`` at each street, ``follow_bet`` at each line that moves chips)."""

    def __init__(self, source: str, numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.bets: dict[str, int] = {}  # this street's bet of each player
        self.street_bet = 0

    def new_round(self) -> None:
        """A new street's betting: nobody has bet."""
        self.bets, self.street_bet = {}, 0

    def follow_bet(self, hand: SiteHand, a: Line) -> None:
        """``a``, a line that moves chips, appended to ``hand``, and the street's bets followed (an ante
        is no bet of the street)."""
        hand.actions.append(a)
        if a.verb == "ante":
            return
        mine = a.to if a.to is not None else self.bets.get(a.player, 0) + a.amount
        self.bets[a.player] = mine
        self.street_bet = max(self.street_bet, mine)


def chips_header(id: str, game: str, limit: str, small: str, big: str) -> Header:
    """The ``Header`` of tournament hand ``id``: played in chips, its stakes ``small`` and ``big`` read as
    chips."""
    return Header(id, game, limit, None, True, "", money(small, 1), money(big, 1))


def button_seat(found: re.Match[str], group: str = "seat") -> int:
    """The button's seat, as ``found``'s ``group`` writes it."""
    return digits(found.group(group), "the button seat", MAX_SEAT)


def table_button(pattern: re.Pattern[str], line: str) -> int | None:
    """The button's seat on a table line by ``pattern``'s group ``button`` (``None``: the line names
    none); "cannot read the table line" where the pattern does not match."""
    t = pattern.match(line)
    if t is None:
        raise InputError(f"cannot read the table line {quote(line)}")
    return button_seat(t, "button") if t.group("button") else None


def collects_only(hand: SiteHand) -> SiteHand:
    """``hand`` marked as read from a site that prints what each player collected and nothing to hold
    it against: no rake (derived, RULES §13), no pot named by the collect lines, no pots and no "won"
    in a summary."""
    hand.rake_printed = hand.pots_named = hand.pots_printed = hand.won_printed = False
    return hand


def no_hand_start(
    source: str,
    line: int,
    lines: list[str],
    blank: Callable[[str], bool],
    what: str,
    declarer: str = "the file",
) -> HandRecord:
    """The error record of an XML site's lines (the first is line ``line``) in which no line starts a
    hand, at the first that is not the file's own (``blank``): a document type or entity declaration
    refused (``declarer`` made it), or else that line quoted as "not part of ``what``"."""
    bad = next(
        ((i, t) for i, t in enumerate(lines) if not blank(t)), (0, lines[0] if lines else "")
    )
    if DECLARATION.search(bad[1]):
        return failed(
            source,
            line + bad[0],
            f"{declarer} declares a document type or entities: hilo does not read XML declarations",
        )
    return failed(source, line + bad[0], f"cannot read {quote(bad[1].strip())}: not part of {what}")


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
    """The ``Seat`` of a seat line by ``pattern`` (``seat_of``); "cannot read the seat line" where the
    pattern does not match."""
    return seat_of(seat_match(pattern, line), scale, amount)


def seat_match(pattern: re.Pattern[str], line: str) -> re.Match[str]:
    """A seat line by the site's ``pattern``; "cannot read the seat line" where it does not match."""
    s = pattern.match(line)
    if s is None:
        raise InputError(f"cannot read the seat line {quote(line)}")
    return s


def seat_of(found: re.Match[str], scale: int, amount: Callable[[str, int], int] = money) -> Seat:
    """The ``Seat`` of a seat line ``found`` by the site's pattern: its groups ``seat``, ``name``,
    ``stack`` (read by ``amount`` in the hand's ``scale``) and, where the pattern has it, ``out``
    (sitting out)."""
    return Seat(
        digits(found.group("seat"), "a seat", MAX_SEAT),
        found.group("name"),
        amount(found.group("stack"), scale),
        found.groupdict().get("out") is not None,
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


def take_seat(hand: SiteHand, seat: str, name: str, stack: str, scale: int) -> None:
    """Seat number ``seat`` taken by ``name`` with ``stack`` (in the hand's ``scale``), once
    ``check_seat`` allows it (checked before the stack is read)."""
    number = digits(seat, "a seat", MAX_SEAT)
    check_seat(hand, number, name)
    hand.seats.append(Seat(number, name, money(stack, scale), False))


def add_seat(hand: SiteHand, seat: Seat) -> list[str]:
    """``seat`` added to ``hand`` once ``check_seat`` allows it; the names seated, longest first."""
    check_seat(hand, seat.seat, seat.name)
    hand.seats.append(seat)
    return longest_first(s.name for s in hand.seats)


def longest_first(names: Iterable[str]) -> list[str]:
    """``names`` longest first (in their order where as long), so that the first name a line starts
    with is the player's whole name: "Bob Smith" is not read as "Bob"."""
    return sorted(names, key=len, reverse=True)
