"""The reader two PokerStars-like text formats share, written once: Winamax (``winamax``) and the Winning
Poker Network's current format (``winning``).

Both write a hand as a header, a table line, the seats, ``*** STREET ***`` lines, ``Dealt to NAME [...]``,
one line per player's act (``NAME bets 3.30``, no colon), ``collected X from ...`` awards and a summary
(``Total pot X | Rake Y``, the board, ``Seat N: NAME ... won X``); each site's module shows a hand.

What is the same is here (``FamilyReader``, a ``TextReader``); each site's class declares its patterns
(``SEAT``, ``STREET``, ``ACTION``, ``COLLECTED``, ``TOTAL``, ``WON``, ``NOTES``: the groups each must
have are in their docstrings), its ``VERBS`` and ``BOARD_STREETS``, and writes its header, its street
lines (``deal_street``), the lines only it writes (``site_line``) and its summary's board
(``summary_board``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import ClassVar

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money
from hilo_cli.histories.site import BRACKETS, Header, SiteHand, cards_of
from hilo_cli.histories.text import TextReader, only_a_note, pot_number, street_match
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
HALVES = {"HI": "high", "LO": "low"}
"""The halves an award line tags (``collected 4.96€ from pot(HI)``)."""


class FamilyReader(TextReader):
    """One hand of a site of the family (see the module docstring): its lines up to ``*** SUMMARY ***``,
    then the summary's (``in_summary``); a hand with no ``Total pot`` is cut short, and the chips the
    site returned inside its awards are taken out of them (``uncalled.fold_back``)."""

    SEAT: ClassVar[re.Pattern[str]]
    """A seat line: groups ``seat``, ``name``, ``stack``."""
    STREET: ClassVar[re.Pattern[str]]
    """A ``*** NAME ***`` line: groups ``name`` (``SUMMARY`` ends the play) and ``cards``."""
    ACTION: ClassVar[re.Pattern[str]]
    """What follows a player's name on a line that moves chips: groups ``verb`` (one of ``VERBS``),
    ``amount``, ``to`` (a raise's total) and ``all_in``."""
    COLLECTED: ClassVar[re.Pattern[str]]
    """What follows a player's name on an award line: groups ``amount``, ``pot`` (as printed) and ``n``
    (a side pot's number); ``half`` (``HI``, ``LO``) where the site tags one, ``run`` where it runs
    a board twice."""
    TOTAL: ClassVar[re.Pattern[str]]
    """The summary's ``Total pot`` line: groups ``total`` (after what is taken) and ``rake``; ``jp``
    where the site takes a jackpot fee too."""
    WON: ClassVar[re.Pattern[str]]
    """An amount a summary's seat line says the seat won (its first group)."""
    NOTES: ClassVar[re.Pattern[str]]
    """What follows a player's name on a line that moves no chips."""
    VERBS: ClassVar[Mapping[str, str]]
    """``ACTION``'s verbs as hilo's."""
    BOARD_STREETS: ClassVar[Mapping[str, int]]
    """The site's board streets by name, numbered from 0 (stud's are ``STUD_STREETS``)."""
    HIDDEN: ClassVar[str | None] = None
    """How a stud card not seen is written on a ``Dealt to`` line (``None``: never)."""

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.streets: Mapping[str, int] = {}  # the hand's street names: stud's or the board's
        self.in_summary = False

    def begin(self, header: Header) -> SiteHand:
        self.scale = 100 if header.currency else 1
        self.streets = STUD_STREETS if "Stud" in header.game else self.BOARD_STREETS
        return self.new_hand(header)

    def line(self, text: str) -> None:
        if self.in_summary:
            self.summary(text)
        elif text.startswith("*** "):
            m = street_match(self.STREET, text)
            if m.group("name") == "SUMMARY":
                self.in_summary = True
            else:
                self.deal_street(m)
        elif text.startswith("Seat ") and not self.hand.actions:
            self.seat_line(self.SEAT, text)
        elif text.startswith("Dealt to "):
            self.dealt(text)
        elif not self.site_line(text):
            self.play_line(text)

    def deal_street(self, found: re.Match[str]) -> None:
        """A street's line ``found`` by ``STREET`` that is not the summary's, as the site writes it
        (``streets`` the hand's street names)."""
        raise NotImplementedError

    def site_line(self, text: str) -> bool:
        """Whether ``text`` is a line of the site's own (its table line...), read; the family reads
        any other as a player's."""
        return False

    def dealt(self, text: str) -> None:
        body = text[len("Dealt to ") :]
        name = next((n for n in self.names if body.startswith(n + " [")), None)
        if name is None:
            raise InputError(f"cards dealt to {quote(body)}, who has no seat in this hand")
        found = BRACKETS.findall(body[len(name) :])
        if not found:
            raise InputError(f"cannot read the cards dealt in {quote(text)}")
        # Stud repeats the cards dealt before in a first bracket.
        cards, hidden = found[-1], self.HIDDEN
        if hidden is not None:
            cards = " ".join(c for c in cards.split() if c != hidden)
        self.deal_cards(name, cards_of(cards, f"{name}'s cards"))

    def play_line(self, text: str) -> None:
        """A player's line: the name, a space, what the player does."""
        name = next((n for n in self.names if text.startswith(n + " ")), None)
        if name is None:
            raise self.unread()
        rest = text[len(name) + 1 :]
        if self.fold_or_check(name, rest):
            return
        m = self.ACTION.match(rest)
        if m is not None:
            self.chips(name, m)
            return
        if rest.startswith("shows ["):
            if name not in self.hand.shows:  # shown once per half (Winamax), once per run (Winning)
                shown = BRACKETS.findall(rest)
                if not shown:
                    raise InputError(f"cannot read the cards shown in {quote(text)}")
                self.show(name, cards_of(shown[0], f"{name}'s cards"))
            return
        if rest.startswith("mucks"):
            self.muck(name)
            return
        m = self.COLLECTED.match(rest)
        if m is not None:
            pot = pot_number(m.group("n"), 0)
            amount = money(m.group("amount"), self.scale)
            found = m.groupdict()
            run = digits(found["run"], "a run's number", MAX_SEAT) if found.get("run") else 0
            self.award(name, amount, pot, m.group("pot"), HALVES.get(found.get("half") or ""), run)
            return
        only_a_note(self.NOTES, rest, text)

    def verb(self, found: re.Match[str], amount: int) -> str:
        """The hilo verb of an action line ``found`` by ``ACTION`` (of ``amount``)."""
        return self.VERBS[found.group("verb")]

    def chips(self, name: str, found: re.Match[str]) -> None:
        """``name``'s line that moves chips, ``found`` by ``ACTION``: a raise is written with its total
        (``to``), a completion is its own total."""
        amount = money(found.group("amount"), self.scale)
        verb = self.verb(found, amount)
        to = money(found.group("to"), self.scale) if found.group("to") else None
        if verb == "raise" and to is None and found.group("verb") in ("caps", "cap"):
            to = self.bets.get(name, 0) + amount  # "caps $4.00": the chips the cap adds
        if (verb == "raise") != (to is not None):
            raise InputError(f"cannot read the action {quote(self.text)}")
        if verb == "complete":
            to = amount
        self.act(name, verb, amount, to, found.group("all_in") is not None)

    def summary_board(self, text: str) -> bool:
        """Whether ``text`` is the summary's board line, read into ``hand.summary_boards``."""
        raise NotImplementedError

    def summary(self, text: str) -> None:
        """A line after ``*** SUMMARY ***``: the total, the board, a seat's line."""
        hand = self.hand
        m = self.TOTAL.match(text)
        if m is not None:
            # The total is printed after what is taken: the rake, and a jackpot fee where there is one.
            taken = m.groupdict()
            rake = sum(money(taken[g], self.scale) for g in ("rake", "jp") if taken.get(g))
            hand.rake = rake
            hand.total = money(m.group("total"), self.scale) + rake
            return
        if self.summary_board(text):
            return
        if text.startswith("Seat "):
            self.summary_seat_line(text, self.WON)
            return
        raise InputError(f"cannot read the summary line {quote(text)}")

    def finish(self) -> None:
        """A hand with no ``Total pot`` is cut short; the chips returned inside the awards taken out of
        them, and the pots as the awards pay them where the summary lists none."""
        hand = self.hand
        if hand.total is None:
            raise InputError(
                f"hand #{hand.header.id} is cut short: no 'Total pot' line in a summary"
            )
        fold_back(hand)
        pots_as_paid(hand)
