"""Winamax hand histories, line by line: one hand's lines into a ``SiteHand`` (``histories.site``).

What the lines mean (../shared/handhistories/SITES.md, and the site's own files):

* the header ``Winamax Poker - CashGame - HandId: #9247976-238-1478874600 - Omaha Hi/Lo pot limit
  (1€/2€) - 2016/11/11 14:30:00 UTC``; stud stakes are ``(ante/small bet/big bet)``; tournaments say
  ``Tournament "name" buyIn: … level: N`` and play in chips;
* money after the number (``4.96€``); players act without a colon (``Hero bets 3.30€``);
* streets ``*** ANTE/BLINDS ***``, ``*** PRE-FLOP ***``, ``*** FLOP *** [Ac 5s 4h]``, ``*** TURN *** [Ac 5s
  4h][5d]``, stud's ``*** 3rd STREET ***`` … ``*** 7th STREET ***``; stud cards not seen are ``X``;
* each award tagged with its half: ``collected 4.96€ from pot(HI)``, ``from pot (LO)``, ``from side pot 1
  (LO)``, untagged where a pot is not divided (``from main pot``); an uncontested pot can still be written
  as two halves;
* no "Uncalled bet" line: the returned chips are in ``Total pot`` and in the award lines
  (``uncalled.fold_back`` takes them out);
* the summary: ``Total pot 9.91€ | Rake 0.69€`` (Total pot after rake; ``No rake``), ``Board: [...]``, and
  one line per award per seat (``Seat 2: Hero (big blind) showed [...] and won 4.96€ with HI : …``); the
  pots are not listed one by one (``pots_printed=False``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money
from hilo_cli.histories.base import Currency
from hilo_cli.histories.seats import (
    HandState,
    add_seat,
    read_seat,
    reads_wanted,
    table_button,
)
from hilo_cli.histories.site import (
    BRACKETS,
    Header,
    Line,
    SiteHand,
    cards_of,
)
from hilo_cli.histories.uncalled import fold_back, pots_as_paid

HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>.+?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) "
    r"(?P<limit>pot limit|no limit|fixed limit) \((?P<stakes>[^)]*)\)(?: - .*)?$"
)
TABLE = re.compile(
    r"^Table: '(?P<table>.*)' (?P<max>\d+)-max(?: \((?P<money>[a-z ]+)\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?$"
)
SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d.,]+[$€£]?)"
    r"(?:, [$€£]?[\d.,]+[$€£]? bounty)?\)$"
)
STREET = re.compile(r"^\*\*\* (?P<name>[A-Za-z0-9 /-]+?) \*\*\*(?P<cards>.*)$")
_AMOUNT = r"[$€£]?[\d.,]+[$€£]?"
_ACTION = re.compile(
    rf"^(?P<verb>posts small blind|posts big blind|posts ante|calls|bets|brings in|completes|raises)"
    rf" (?P<amount>{_AMOUNT})(?: to (?P<to>{_AMOUNT}))?(?P<all_in> and is all-in)?$"
)
COLLECTED = re.compile(
    rf"^collected (?P<amount>{_AMOUNT}) from (?P<pot>pot|main pot|side pot (?P<n>\d+)) ?(?:\((?P<half>HI|LO)\))?$"
)
TOTAL = re.compile(rf"^Total pot (?P<total>{_AMOUNT}) \| (?:Rake (?P<rake>{_AMOUNT})|No rake)$")
_WON = re.compile(rf"\bwon (?P<amount>{_AMOUNT})")
_SHOWED = re.compile(r"\b(?P<how>showed|mucked) \[(?P<cards>[^\[\]]*)\]")
_NOTES = re.compile(
    r"^(?:sits out|is sitting out|is back|is disconnected|is connected|leaves the table|"
    r"joins the table|will be allowed to play after the button|doesn't show|does not show)\b"
)

VERBS = {
    "posts small blind": "small blind",
    "posts big blind": "big blind",
    "posts ante": "ante",
    "calls": "call",
    "bets": "bet",
    "brings in": "bring in",
    "completes": "complete",
    "raises": "raise",
}
BOARD_STREETS = {"PRE-FLOP": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
STUD_STREETS = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4}
HALVES = {"HI": "high", "LO": "low"}
CURRENCIES = {
    "€": Currency("", "€", 100, "EUR"),
    "$": Currency("$", "", 100, "USD"),
    "£": Currency("£", "", 100, "GBP"),
}


_START = re.compile(r"[ \t]*Winamax Poker - ")


def starts_hand(line: str) -> bool:
    """Whether ``line`` starts a hand: it begins (after spaces) with "Winamax Poker - "."""
    return _START.match(line) is not None


def read_header(line: str) -> Header:
    m = HEADER.match(line)
    if m is None:
        raise InputError(
            f"not a Winamax hand header (expected 'Winamax Poker - ... - HandId: #N - GAME LIMIT "
            f"(stakes) - date'): {quote(line)}"
        )
    stakes = m.group("stakes").split("/")
    if len(stakes) not in (2, 3):
        raise InputError(
            f"hand #{m.group('id')}: cannot read the stakes {quote(m.group('stakes'))}"
        )
    sign = next((c for c in "€$£" if c in m.group("stakes")), "")
    tournament = m.group("kind").startswith("Tournament")
    if tournament:
        sign = ""
    scale = 100 if sign else 1
    return Header(
        m.group("id"),
        m.group("game"),
        m.group("limit"),
        None,
        tournament,
        sign,
        money(stakes[-2], scale),
        money(stakes[-1], scale),
    )


class HandReader(HandState):
    """Reads one hand's lines (blank lines removed, ``numbers`` their file lines) into a ``SiteHand``."""

    def __init__(self, source: str, lines: list[str], numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.lines = lines
        self.names: list[str] = []

    def read(self, wanted: Callable[[Header], bool]) -> SiteHand:
        header = self.failing(lambda: read_header(self.lines[0]))
        self.id = header.id
        hand = self.new_hand(
            header,
            pots_printed=False,
            currency=CURRENCIES.get(header.currency, Currency()),
        )
        if not wanted(header):
            return hand  # a game hilo does not play: its lines are not read
        self.scale = 100 if header.currency else 1
        self.failing(lambda: self._read_lines(hand))
        self.number = hand.end
        if hand.total is None:
            raise self.fail(f"hand #{header.id} is cut short: no 'Total pot' line in a summary")
        fold_back(hand)
        pots_as_paid(hand)
        return hand

    def _read_lines(self, hand: SiteHand) -> None:
        stud = "Stud" in hand.header.game
        streets = STUD_STREETS if stud else BOARD_STREETS
        summary = False
        for line, number in zip(self.lines[1:], self.numbers[1:], strict=True):
            self.number = number
            if summary:
                self._summary(hand, line)
            elif line.startswith("*** "):
                summary = self._street(hand, line, number, streets, stud)
            elif line.startswith("Seat ") and not hand.actions:
                self._seat(hand, line)
            elif line.startswith("Table: "):
                hand.button = table_button(TABLE, line)
            elif line.startswith("Dealt to "):
                self._dealt(hand, line, number)
            else:
                self._player_line(hand, line, number)

    def _seat(self, hand: SiteHand, line: str) -> None:
        self.names = add_seat(hand, read_seat(SEAT, line, self.scale))

    def _street(
        self, hand: SiteHand, line: str, number: int, streets: dict[str, int], stud: bool
    ) -> bool:
        """A ``*** NAME ***`` line; ``True`` for the summary."""
        m = STREET.match(line)
        if m is None:
            raise InputError(f"cannot read the street line {quote(line)}")
        name = m.group("name")
        if name == "SUMMARY":
            return True
        if name in ("ANTE/BLINDS", "SHOW DOWN"):
            return False
        if name not in streets:
            raise InputError(f"unknown street {quote(name)}")
        self.street = streets[name]
        play.new_street(hand, number, self.street, line)
        found = BRACKETS.findall(m.group("cards"))
        if stud or not found:
            if not stud and self.street > 0:
                raise InputError(f"the {name.lower()} line shows no cards")
            return False
        board = hand.boards.setdefault(0, [])
        before = cards_of(" ".join(found[:-1]), f"the {name.lower()}") if len(found) > 1 else ()
        if tuple(board) != before:
            raise play.repeats_board(
                f"the {name.lower()}", " ".join(map(str, before)) or "nothing", board
            )
        new = cards_of(found[-1], f"the {name.lower()}")
        play.deal_board(hand, number, self.street, line, new)
        return False

    def _dealt(self, hand: SiteHand, line: str, number: int) -> None:
        body = line[len("Dealt to ") :]
        name = next((n for n in self.names if body.startswith(n + " [")), None)
        if name is None:
            raise InputError(f"cards dealt to {quote(body)}, who has no seat in this hand")
        found = BRACKETS.findall(body[len(name) :])
        if not found:
            raise InputError(f"cannot read the cards dealt in {quote(line)}")
        # Stud repeats the cards dealt before in a first bracket; cards not seen are "X".
        new = cards_of(" ".join(c for c in found[-1].split() if c != "X"), f"{name}'s cards")
        hand.dealt[name] = hand.dealt.get(name, ()) + new
        hand.actions.append(Line(number, self.street, name, "dealt", 0, None, False, line, new))

    def _player_line(self, hand: SiteHand, line: str, number: int) -> None:
        name = next((n for n in self.names if line.startswith(n + " ")), None)
        if name is None:
            raise InputError(f"cannot read the line {quote(line)}")
        rest = line[len(name) + 1 :]
        if play.fold_or_check(hand, number, self.street, name, rest, line):
            return
        m = _ACTION.match(rest)
        if m is not None:
            verb = VERBS[m.group("verb")]
            amount = money(m.group("amount"), self.scale)
            to = money(m.group("to"), self.scale) if m.group("to") else None
            if (verb == "raise") != (to is not None):
                raise InputError(f"cannot read the action {quote(line)}")
            if verb == "complete":
                to = amount
            hand.actions.append(
                Line(
                    number, self.street, name, verb, amount, to, m.group("all_in") is not None, line
                )
            )
            return
        if rest.startswith("shows ["):
            if name not in hand.shows:  # a hi/lo hand is shown once per half
                shown = BRACKETS.findall(rest)
                if not shown:
                    raise InputError(f"cannot read the cards shown in {quote(line)}")
                cards = cards_of(shown[0], f"{name}'s cards")
                play.show_cards(hand, number, self.street, name, cards, line)
            return
        if rest.startswith("mucks"):
            play.muck_hand(hand, number, self.street, name, line)
            return
        m = COLLECTED.match(rest)
        if m is not None:
            pot = play.pot_number(m.group("n"), 0)
            half = HALVES.get(m.group("half") or "")
            amount = money(m.group("amount"), self.scale)
            play.add_award(hand, number, name, amount, pot, m.group("pot"), half)
            return
        if _NOTES.match(rest):
            return
        raise InputError(f"cannot read the action {quote(line)}")

    def _summary(self, hand: SiteHand, line: str) -> None:
        m = TOTAL.match(line)
        if m is not None:
            rake = money(m.group("rake"), self.scale) if m.group("rake") else 0
            hand.rake = rake
            hand.total = (
                money(m.group("total"), self.scale) + rake
            )  # Total pot is printed after rake
            return
        if line.startswith("Board: "):
            found = BRACKETS.findall(line)
            hand.summary_boards[0] = cards_of(found[0] if found else "", "the summary board")
            return
        if line.startswith("Seat "):
            play.summary_seat_line(hand, line, _WON, self.scale)
            return
        raise InputError(f"cannot read the summary line {quote(line)}")


# One hand from its lines (as the base cuts them), ``line`` the number of the first; ``None`` if blank.
read_hand = reads_wanted(HandReader)
