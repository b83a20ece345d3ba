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
from typing import Any

from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.base import Currency
from hilo_cli.histories.grammar import grammar, words
from hilo_cli.histories.seats import reads_wanted, table_button
from hilo_cli.histories.site import BRACKETS, Header, SiteHand, cards_of
from hilo_cli.histories.winning_family import (
    STUD_STREETS,
    FamilyReader,
    Words,
    header_match,
    header_of,
)

VERBS = {
    **play.POSTS_BETS_CALLS,
    **words(
        """
        brings in = bring in
        completes = complete
        raises    = raise
        """
    ),
}
BOARD_STREETS = {"PRE-FLOP": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
HALVES = {"HI": "high", "LO": "low"}
CURRENCIES = {
    "€": Currency("", "€", 100, "EUR"),
    "$": Currency("$", "", 100, "USD"),
    "£": Currency("£", "", 100, "GBP"),
}


LINES = grammar(
    r"""
    AMOUNT     [$€£]?[\d.,]+[$€£]?
    header     ^Winamax Poker - (?P<kind>.+?) - HandId: #
               (?P<id>[\d-]+) - (?P<game>.+?) (?P<limit>pot limit|no limit|fixed limit) \(
               (?P<stakes>[^)]*)\)(?: - .*)?$
    table      ^Table: '(?P<table>.*)' (?P<max>\d+)-max(?: \((?P<money>[a-z ]+)\))?(?: Seat #
               (?P<button>\d+) is the button)?$
    seat       ^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d.,]+[$€£]?)
               (?:, [$€£]?[\d.,]+[$€£]? bounty)?\)$
    street     ^\*\*\* (?P<name>[A-Za-z0-9 /-]+?) \*\*\*(?P<cards>.*)$
    action     ^(?P<verb>posts small blind|posts big blind|posts ante|calls|bets|brings in|
               completes|raises) (?P<amount>{AMOUNT})(?: to (?P<to>{AMOUNT}))?
               (?P<all_in> and is all-in)?$
    collected  ^collected (?P<amount>{AMOUNT}) from (?P<pot>pot|main pot|side pot (?P<n>\d+)) ?(?:\(
               (?P<half>HI|LO)\))?$
    total      ^Total pot (?P<total>{AMOUNT}) \| (?:Rake (?P<rake>{AMOUNT})|No rake)$
    won        \bwon (?P<amount>{AMOUNT})
    notes      ^(?:sits out|is sitting out|is back|is disconnected|is connected|leaves the table|
               joins the table|will be allowed to play after the button|doesn't show|does not show)
               \b
    start      [ \t]*Winamax Poker -[ ]
    """,
)


def starts_hand(line: str) -> bool:
    """Whether ``line`` starts a hand: it begins (after spaces) with "Winamax Poker - "."""
    return LINES.start.match(line) is not None


def read_header(line: str) -> Header:
    expected = "Winamax Poker - ... - HandId: #N - GAME LIMIT (stakes) - date"
    m = header_match(LINES.header, line, "Winamax", expected)
    stakes = m.group("stakes").split("/")
    if len(stakes) not in (2, 3):
        raise InputError(
            f"hand #{m.group('id')}: cannot read the stakes {quote(m.group('stakes'))}"
        )
    sign = next((c for c in "€$£" if c in m.group("stakes")), "")
    tournament = m.group("kind").startswith("Tournament")
    if tournament:
        sign = ""
    return header_of(m, m.group("game"), tournament, sign, stakes[-2], stakes[-1])


WORDS = Words(read_header, LINES, VERBS, BOARD_STREETS, "X")
"""Winamax's words, as the family's reader reads them."""


class HandReader(FamilyReader):
    """Reads one Winamax hand's lines (blank lines removed, ``numbers`` their file lines) into a
    ``SiteHand``: the family's reader (``winning_family``) in Winamax's words."""

    WORDS = WORDS

    def _fields(self, header: Header) -> dict[str, Any]:
        return {"pots_printed": False, "currency": CURRENCIES.get(header.currency, Currency())}

    def _other(self, hand: SiteHand, line: str, number: int) -> None:
        if line.startswith("Table: "):
            hand.button = table_button(LINES.table, line)
        else:
            self._player_line(hand, line, number)

    def _street(self, hand: SiteHand, m: re.Match[str], line: str, number: int) -> None:
        streets = self.streets
        name = m.group("name")
        if name in ("ANTE/BLINDS", "SHOW DOWN"):
            return
        self.street = play.street_number(streets, name)
        stud = streets is STUD_STREETS
        play.new_street(hand, number, self.street, line)
        found = BRACKETS.findall(m.group("cards"))
        if stud or not found:
            if not stud and self.street > 0:
                raise InputError(f"the {name.lower()} line shows no cards")
            return
        board = hand.boards.setdefault(0, [])
        before = cards_of(" ".join(found[:-1]), f"the {name.lower()}") if len(found) > 1 else ()
        if tuple(board) != before:
            raise play.repeats_board(
                f"the {name.lower()}", " ".join(map(str, before)) or "nothing", board
            )
        new = cards_of(found[-1], f"the {name.lower()}")
        play.deal_board(hand, number, self.street, line, new)

    def _award(
        self, hand: SiteHand, found: re.Match[str], number: int, name: str, amount: int, pot: int
    ) -> None:
        half = HALVES.get(found.group("half") or "")
        play.add_award(hand, number, name, amount, pot, found.group("pot"), half)

    def _summary_board(self, hand: SiteHand, line: str) -> bool:
        if not line.startswith("Board: "):
            return False
        found = BRACKETS.findall(line)
        hand.summary_boards[0] = cards_of(found[0] if found else "", "the summary board")
        return True


# One hand from its lines (as the base cuts them), ``line`` the number of the first; ``None`` if blank.
read_hand = reads_wanted(HandReader)
