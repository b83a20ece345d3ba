"""Winamax hand histories.

Winamax writes a hand as (the family's reader, ``winning_family``, reads what it shares with Winning)::

    Winamax Poker - CashGame - HandId: #100-1-1600000001 - Omaha Hi/Lo pot limit (0.50€/1€) - 2024/...
    Table: 'Testville 01' 6-max (real money) Seat #1 is the button
    Seat 1: Alice (100€)
    *** ANTE/BLINDS ***
    Bob posts small blind 0.50€
    Dealt to Alice [As 2s Kd Qc]
    *** PRE-FLOP ***
    Alice raises 2€ to 3€
    *** FLOP *** [3h 4c 7d]
    *** TURN *** [3h 4c 7d][Kh]
    *** SHOW DOWN ***
    Alice shows [As 2s Kd Qc] (One pair : Kings)
    Cy collected 7.86€ from pot (HI)
    *** SUMMARY ***
    Total pot 15.71€ | Rake 0.79€
    Board: [3h 4c 7d Kh 9s]
    Seat 1: Alice (button) showed [As 2s Kd Qc] and won 7.85€ with LO : High card : 7

What the lines mean (../shared/handhistories/SITES.md, and the site's own files):

* the header: stud stakes are ``(ante/small bet/big bet)``; tournaments say ``Tournament "name" buyIn:
  … level: N`` and play in chips; a mixed table's header does not name the mix (hold'em, razz and draw
  hands are not checkable);
* money after the number (``4.96€``); players act without a colon (``Hero bets 3.30€``);
* stud's streets are ``*** 3rd STREET ***`` … ``*** 7th STREET ***``; stud cards not seen are ``X``;
* each award tagged with its half: ``collected 4.96€ from pot(HI)``, ``from pot (LO)``, ``from side pot 1
  (LO)``, untagged where a pot is not divided (``from main pot``); an uncontested pot can still be written
  as two halves;
* no "Uncalled bet" line: the returned chips are in ``Total pot`` and in the award lines
  (``uncalled.fold_back`` takes them out);
* the summary: ``Total pot`` is after the rake (``No rake``), and there is one line per award per seat;
  the pots are not listed one by one (``pots_printed=False``).
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import pattern
from hilo_cli.histories.base import Currency
from hilo_cli.histories.site import BRACKETS, Header, SiteHand, cards_of
from hilo_cli.histories.text import POSTS_BETS_CALLS, repeats_board, street_number, table_button
from hilo_cli.histories.winning_family import STUD_STREETS, FamilyReader, header_match, header_of

# An amount as Winamax writes it: "4.96€", "$5", "1,500".
MONEY = r"[$€£]?[\d.,]+[$€£]?"

HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>.+?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) "
    r"(?P<limit>pot limit|no limit|fixed limit) \((?P<stakes>[^)]*)\)(?: - .*)?$"
)
TABLE = re.compile(
    r"^Table: '(?P<table>.*)' (?P<max>\d+)-max(?: \((?P<money>[a-z ]+)\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?$"
)

# The site's game names for the games hilo plays (RULES §6).
GAME_NAMES = {
    "Omaha Hi/Lo": "omaha8",
    "5 Card Omaha Hi/Lo": "omaha8-5",
    "6 Card Omaha Hi/Lo": "omaha8-6",
    "7-Card Stud Hi/Lo": "stud8",
    "Omaha": "omaha",
    "5 Card Omaha": "omaha-5",
    "6 Card Omaha": "omaha-6",
}
LIMITS: dict[str, Structure] = {"Fixed Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}
VERBS = {**POSTS_BETS_CALLS, "brings in": "bring in", "completes": "complete", "raises": "raise"}
BOARD_STREETS = {"PRE-FLOP": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
CURRENCIES = {
    "€": Currency("", "€", 100, "EUR"),
    "$": Currency("$", "", 100, "USD"),
    "£": Currency("£", "", 100, "GBP"),
}


class Winamax(FamilyReader):
    """One Winamax hand: the family's reader in Winamax's words, its table line and its board lines."""

    NAME = "winamax"
    TITLE = "Winamax"
    START = re.compile(r"[ \t]*Winamax Poker - ")
    GAMES = GAME_NAMES
    LIMITS = LIMITS
    SEAT = pattern(
        r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{MONEY})(?:, {MONEY} bounty)?\)$",
        MONEY=MONEY,
    )
    STREET = re.compile(r"^\*\*\* (?P<name>[A-Za-z0-9 /-]+?) \*\*\*(?P<cards>.*)$")
    ACTION = pattern(
        r"^(?P<verb>posts small blind|posts big blind|posts ante|calls|bets|brings in|completes|raises) "
        r"(?P<amount>{MONEY})(?: to (?P<to>{MONEY}))?(?P<all_in> and is all-in)?$",
        MONEY=MONEY,
    )
    COLLECTED = pattern(
        r"^collected (?P<amount>{MONEY}) from (?P<pot>pot|main pot|side pot (?P<n>\d+)) ?"
        r"(?:\((?P<half>HI|LO)\))?$",
        MONEY=MONEY,
    )
    TOTAL = pattern(
        r"^Total pot (?P<total>{MONEY}) \| (?:Rake (?P<rake>{MONEY})|No rake)$", MONEY=MONEY
    )
    WON = pattern(r"\bwon (?P<amount>{MONEY})", MONEY=MONEY)
    NOTES = re.compile(
        r"^(?:sits out|is sitting out|is back|is disconnected|is connected|leaves the table|"
        r"joins the table|will be allowed to play after the button|doesn't show|does not show)\b"
    )
    VERBS = VERBS
    BOARD_STREETS = BOARD_STREETS
    HIDDEN = "X"

    def header(self) -> Header:
        expected = "Winamax Poker - ... - HandId: #N - GAME LIMIT (stakes) - date"
        m = header_match(HEADER, self.lines[0], "Winamax", expected)
        stakes = m.group("stakes").split("/")
        if len(stakes) not in (2, 3):
            raise InputError(
                f"hand #{m.group('id')}: cannot read the stakes {quote(m.group('stakes'))}"
            )
        tournament = m.group("kind").startswith("Tournament")
        sign = "" if tournament else next((c for c in "€$£" if c in m.group("stakes")), "")
        return header_of(m, m.group("game"), tournament, sign, stakes[-2], stakes[-1])

    def begin(self, header: Header) -> SiteHand:
        hand = super().begin(header)
        hand.pots_printed = False
        hand.currency = CURRENCIES.get(header.currency, Currency())
        return hand

    def site_line(self, text: str) -> bool:
        if not text.startswith("Table: "):
            return False
        self.hand.button = table_button(TABLE, text)
        return True

    def deal_street(self, found: re.Match[str]) -> None:
        """``*** FLOP *** [Ac 5s 4h]``, ``*** TURN *** [Ac 5s 4h][5d]`` (the board so far, then the new
        cards); ``*** ANTE/BLINDS ***`` and ``*** SHOW DOWN ***`` begin no street."""
        name = found.group("name")
        if name in ("ANTE/BLINDS", "SHOW DOWN"):
            return
        streets = self.streets
        self.new_street(street_number(streets, name))
        stud = streets is STUD_STREETS
        cards = BRACKETS.findall(found.group("cards"))
        what = f"the {name.lower()}"
        if stud or not cards:
            if not stud and self.street > 0:
                raise InputError(f"{what} line shows no cards")
            return
        board = self.hand.boards.setdefault(0, [])
        before = cards_of(" ".join(cards[:-1]), what) if len(cards) > 1 else ()
        if tuple(board) != before:
            raise repeats_board(what, " ".join(map(str, before)) or "nothing", board)
        self.deal_board(cards_of(cards[-1], what))

    def summary_board(self, text: str) -> bool:
        if not text.startswith("Board: "):
            return False
        found = BRACKETS.findall(text)
        self.hand.summary_boards[0] = cards_of(found[0] if found else "", "the summary board")
        return True


READER = Winamax.plugin()
