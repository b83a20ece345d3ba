"""The reader two PokerStars-like text formats share, written once: Winamax (``winamax_lines``) and the
Winning Poker Network's current format (``winning_lines``).

Both write a hand as a header, a table line, the seats, ``*** STREET ***`` lines, ``Dealt to NAME [...]``,
one line per player's act (``NAME bets 3.30``, no colon), ``collected X from ...`` awards and a summary
(``Total pot X | Rake Y``, the board, ``Seat N: NAME ... won X``). What is the same is here
(``FamilyReader``); each site's module keeps its own words (``Words``: its header, its patterns, its
verbs, its board streets) and what only it does (``_street``, ``_verb``, ``_award``, ``_rake``,
``_summary_board``, ``_other``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money
from hilo_cli.histories.grammar import Grammar
from hilo_cli.histories.seats import HandState, add_seat, read_seat
from hilo_cli.histories.site import BRACKETS, Header, Line, SiteHand, cards_of
from hilo_cli.histories.uncalled import fold_back, pots_as_paid


def header_match(pattern: re.Pattern[str], line: str, site: str, expected: str) -> re.Match[str]:
    """A hand's header ``line`` by the site's ``pattern``; where it does not match, "not a ``site``
    hand header" with the header ``expected``."""
    m = pattern.match(line)
    if m is None:
        raise InputError(f"not a {site} hand header (expected '{expected}'): {quote(line)}")
    return m


def header_of(
    found: re.Match[str], game: str, tournament: bool, sign: str, small: str, big: str
) -> Header:
    """The ``Header`` of a header line ``found`` (its groups ``id`` and ``limit``), the stakes ``small``
    and ``big`` read in cents where the hand is played for money (``sign``), else in chips."""
    scale = 100 if sign else 1
    return Header(
        found.group("id"),
        game,
        found.group("limit"),
        None,
        tournament,
        sign,
        money(small, scale),
        money(big, scale),
    )


STUD_STREETS = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4}
"""The stud streets as both formats name them."""


class Words(NamedTuple):
    """A site's words, as ``FamilyReader`` reads them: ``header`` reads the header line; ``lines``, the
    site's grammar, has the lines ``seat``, ``street`` (groups ``name``, ``cards``), ``action`` (groups
    ``verb``, ``amount``, ``to``, ``all_in``), ``collected`` (groups ``amount``, ``pot``, ``n``),
    ``total`` (group ``total``), ``won`` (a summary seat's amounts) and ``notes`` (lines that say
    nothing to check); ``verbs`` the site's verbs as hilo's; ``board_streets`` the site's street names;
    ``hidden`` how a stud card not seen is written (``None``: never)."""

    header: Callable[[str], Header]
    lines: Grammar
    verbs: dict[str, str]
    board_streets: dict[str, int]
    hidden: str | None = None


class FamilyReader(HandState):
    """Reads one hand's lines (blank lines removed, ``numbers`` their file lines) into a ``SiteHand``,
    in the site's ``WORDS``; a site's subclass adds what only it does."""

    WORDS: ClassVar[Words]

    def __init__(self, source: str, lines: list[str], numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.lines = lines
        self.streets: dict[str, int] = {}  # the hand's street names: stud's or the board's

    def read(self, wanted: Callable[[Header], bool]) -> SiteHand:
        """The hand, read to its end where ``wanted`` plays its game (else its header only): a hand with
        no ``Total pot`` is cut short; the chips returned and the pots as paid derived."""
        header = self.failing(lambda: self.WORDS.header(self.lines[0]))
        self.id = header.id
        hand = self.new_hand(header, **self._fields(header))
        if not wanted(header):
            return hand  # a game hilo does not play: its lines are not read
        self.scale = 100 if header.currency else 1
        self.failing(lambda: self._read_lines(hand))
        self.number = hand.end
        if hand.total is None:
            raise self.fail(f"hand #{header.id} is cut short: no 'Total pot' line in a summary")
        self._ended(hand)
        fold_back(hand)
        pots_as_paid(hand)
        return hand

    def _fields(self, header: Header) -> dict[str, Any]:
        """The ``SiteHand`` fields the site sets for a hand of ``header`` (its currency, ...)."""
        return {}

    def _ended(self, hand: SiteHand) -> None:
        """What a site adds once every line is read (nothing here)."""

    def _read_lines(self, hand: SiteHand) -> None:
        self.streets = STUD_STREETS if "Stud" in hand.header.game else self.WORDS.board_streets
        summary = False
        for line, number in zip(self.lines[1:], self.numbers[1:], strict=True):
            self.number = number
            if summary:
                self._summary(hand, line)
            elif line.startswith("*** "):
                summary = self._street_line(hand, line, number)
            elif line.startswith("Seat ") and not hand.actions:
                self.names = add_seat(hand, read_seat(self.WORDS.lines.seat, line, self.scale))
            elif line.startswith("Dealt to "):
                self._dealt(hand, line, number)
            else:
                self._other(hand, line, number)

    def _street_line(self, hand: SiteHand, line: str, number: int) -> bool:
        """A ``*** NAME ***`` line by the site's ``street`` (group ``name``); ``True`` for the summary."""
        m = play.street_match(self.WORDS.lines.street, line)
        if m.group("name") == "SUMMARY":
            return True
        self._street(hand, m, line, number)
        return False

    def _street(self, hand: SiteHand, found: re.Match[str], line: str, number: int) -> None:
        """A street line ``found`` by the site's ``street`` that is not the summary's, as the site
        writes it (``streets`` the hand's street names)."""
        raise NotImplementedError

    def _other(self, hand: SiteHand, line: str, number: int) -> None:
        """A line that is no street, seat or cards dealt: here, a player's."""
        self._player_line(hand, line, number)

    def _dealt(self, hand: SiteHand, line: str, number: int) -> None:
        body = line[len("Dealt to ") :]
        name = next((n for n in self.names if body.startswith(n + " [")), None)
        if name is None:
            raise InputError(f"cards dealt to {quote(body)}, who has no seat in this hand")
        found = BRACKETS.findall(body[len(name) :])
        if not found:
            raise InputError(f"cannot read the cards dealt in {quote(line)}")
        # Stud repeats the cards dealt before in a first bracket.
        text, hidden = found[-1], self.WORDS.hidden
        if hidden is not None:
            text = " ".join(c for c in text.split() if c != hidden)
        new = cards_of(text, f"{name}'s cards")
        play.deal_cards(hand, number, self.street, name, new, line)

    def _verb(self, hand: SiteHand, found: re.Match[str], amount: int) -> str:
        """The hilo verb of an action line ``found`` by ``ACTION`` (of ``amount``)."""
        return self.WORDS.verbs[found.group("verb")]

    def _action(
        self, hand: SiteHand, found: re.Match[str], number: int, name: str, line: str
    ) -> None:
        amount = money(found.group("amount"), self.scale)
        verb = self._verb(hand, found, amount)
        to = money(found.group("to"), self.scale) if found.group("to") else None
        if (verb == "raise") != (to is not None):
            raise InputError(f"cannot read the action {quote(line)}")
        if verb == "complete":
            to = amount
        all_in = found.group("all_in") is not None
        hand.actions.append(Line(number, self.street, name, verb, amount, to, all_in, line))

    def _player_line(self, hand: SiteHand, line: str, number: int) -> None:
        name = next((n for n in self.names if line.startswith(n + " ")), None)
        if name is None:
            raise InputError(f"cannot read the line {quote(line)}")
        rest = line[len(name) + 1 :]
        if play.fold_or_check(hand, number, self.street, name, rest, line):
            return
        m = self.WORDS.lines.action.match(rest)
        if m is not None:
            self._action(hand, m, number, name, line)
            return
        if rest.startswith("shows ["):
            if name not in hand.shows:  # shown once per half (Winamax), once per run (Winning)
                shown = BRACKETS.findall(rest)
                if not shown:
                    raise InputError(f"cannot read the cards shown in {quote(line)}")
                cards = cards_of(shown[0], f"{name}'s cards")
                play.show_cards(hand, number, self.street, name, cards, line)
            return
        if rest.startswith("mucks"):
            play.muck_hand(hand, number, self.street, name, line)
            return
        m = self.WORDS.lines.collected.match(rest)
        if m is not None:
            pot = play.pot_number(m.group("n"), 0)
            amount = money(m.group("amount"), self.scale)
            self._award(hand, m, number, name, amount, pot)
            return
        play.only_a_note(self.WORDS.lines.notes, rest, line)

    def _award(
        self, hand: SiteHand, found: re.Match[str], number: int, name: str, amount: int, pot: int
    ) -> None:
        """``name`` collects ``amount`` from pot ``pot`` (a line ``found`` by ``COLLECTED``)."""
        play.add_award(hand, number, name, amount, pot, found.group("pot"))

    def _rake(self, found: re.Match[str]) -> int:
        """The chips a ``Total pot`` line ``found`` says were taken from the pot."""
        return money(found.group("rake"), self.scale) if found.group("rake") else 0

    def _summary_board(self, hand: SiteHand, line: str) -> bool:
        """Whether ``line`` is the summary's board line, read into ``hand.summary_boards``."""
        raise NotImplementedError

    def _summary(self, hand: SiteHand, line: str) -> None:
        m = self.WORDS.lines.total.match(line)
        if m is not None:
            rake = self._rake(m)
            hand.rake = rake
            hand.total = money(m.group("total"), self.scale) + rake  # printed after what is taken
            return
        if self._summary_board(hand, line):
            return
        if line.startswith("Seat "):
            play.summary_seat_line(hand, line, self.WORDS.lines.won, self.scale)
            return
        raise InputError(f"cannot read the summary line {quote(line)}")
