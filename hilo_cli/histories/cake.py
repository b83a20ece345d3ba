"""Cake Poker hand histories (a closed network's archives): the plug-in (``READER``) and its lines.

Cake writes a hand as::

    Hand#3389E587C7000012 - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH -- $5 + $0.25 -- 2 Max --
        Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40
    Dealer: Seat 8
    Seat 3: Player0 (1,640 in chips)
    Hero: posts small blind 10
    Dealt to Hero [5s,3c,4s,5c]
    Hero: raises to 60                   (a street total)
    *** FLOP *** [4d,2h,Jc]
    *** TURN *** [8h]                     (the new card only)
    ***SHOW DOWN***
    Hero: shows [5s 3c 4s 5c] (Pair of Fives  )
    Player0 wins high pot 327 with Pair of Aces
    Hero wins low pot 327 with
    Hero: returns uncalled bet 10
    There is no low hand

The stakes are ante/small blind/big blind. There is no summary; these files print no rake (tournament
chips: none is taken); a cash hand's rake, if any, is derived (RULES §13).
"""

from __future__ import annotations

import re

from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money
from hilo_cli.histories.base import Reader
from hilo_cli.histories.grammar import grammar
from hilo_cli.histories.plugin import group_id, header_starts, record_reader
from hilo_cli.histories.seats import STRUCTURES, HandState, add_seat, button_seat, read_seat
from hilo_cli.histories.site import BRACKETS, Header, SiteHand

GAME_NAMES: dict[str, str] = {"OmahaHiLo": "omaha8", "Omaha": "omaha", "OmahaHi": "omaha"}
LIMITS = {"FL": "Limit", "Limit": "Limit", "PL": "Pot Limit", "NL": "No Limit"}

STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
VERBS = {**play.POSTS_BETS_CALLS, "posts dead blind": "ante", "raises to": "raise"}
LINES = grammar(
    r"""
    ALL_IN    (?P<all_in>,? (?:and is )?all[- ]in| \(all[- ]in\))?\s*$
    header    ^Hand#(?P<id>[0-9A-Za-z]+) - (?P<rest>.*)$
    stakes    ^(?:(?P<ante>{AMOUNT})/)?(?P<sb>{AMOUNT})/(?P<bb>{AMOUNT}) (?P<limit>FL|Limit|PL|
              NL) (?P<game>\w+)$
    seat      ^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})(?: in chips)?\)
              (?P<out> is sitting out)?\s*$
    button    ^Dealer: Seat (?P<seat>\d+)\s*$
    street    ^\*\*\* ?(?P<name>FLOP|TURN|RIVER|SHOW DOWN|HOLE CARDS) ?\*\*\*(?P<cards>.*)$
    action    ^(?P<verb>posts small blind|posts big blind|posts ante|posts dead blind|calls|bets|
              raises to) (?P<amount>{AMOUNT}){ALL_IN}
    award     ^wins (?:(?P<half>high|low) )?(?:(?P<which>main|side) )?pot(?: #?(?P<n>\d+))
              ? (?P<amount>{AMOUNT})(?: with.*)?\s*$
    uncalled  ^returns uncalled bet (?P<amount>{AMOUNT})\s*$
    notes     ^(?:is sitting out|sits out|is back|has left the table|has joined the table|
              is disconnected|is connected|has timed out|said, .*)\s*$
    """,
)


def read_header(line: str) -> Header:
    m = LINES.header.match(line)
    if m is None:
        raise InputError("not a Cake hand header (expected 'Hand#ID - ...')")
    id, parts = m.group("id"), [p.strip() for p in m.group("rest").split(" -- ")]
    stakes = next((s for s in map(LINES.stakes.match, parts) if s), None)
    if stakes is None:
        raise InputError(
            f"hand #{id}: cannot read the stakes and the game in {quote(m.group('rest'))}"
        )
    sb, bb = stakes.group("sb"), stakes.group("bb")
    currency = sb[0] if sb[0] in "$€£" else ""
    scale = 100 if currency else 1
    tournament = re.search(r"\bT\d+\b", parts[0]) is not None or not currency
    game, limit = stakes.group("game"), LIMITS[stakes.group("limit")]
    small, big = money(sb, scale), money(bb, scale)
    return Header(id, game, limit, None, tournament, currency, small, big)


class _Reader(HandState):
    def read(self, lines: list[str]) -> SiteHand:
        header = read_header(lines[0])
        self.scale = 100 if header.currency else 1
        hand = self.hand_without_summary(header, header.tournament)
        if header.game not in GAME_NAMES:
            return hand
        self.read_lines(hand, lines, self._line)
        return hand

    def _line(self, hand: SiteHand, line: str) -> None:
        if line.startswith("Seat "):
            self._seat(hand, line)
            return
        b = LINES.button.match(line)
        if b is not None:
            hand.button = button_seat(b)
            return
        m = LINES.street.match(line)
        if m is not None:
            self._street(hand, m.group("name"), m.group("cards"), line)
            return
        if line.startswith("Dealt to "):
            play.dealt_to(hand, self.number, self.street, line, self.names)
            return
        if line == "There is no low hand":
            return
        self.player_action(hand, line, self._action)

    def _street(self, hand: SiteHand, name: str, text: str, line: str) -> None:
        if name == "SHOW DOWN":
            return
        self.street = STREETS[name]
        play.new_street(hand, self.number, self.street, line)
        found = BRACKETS.findall(text)
        if self.street and not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        if found:
            new = play.comma_cards(found[-1], f"the {name.lower()}")
            play.deal_board(hand, self.number, self.street, line, new)

    def _seat(self, hand: SiteHand, line: str) -> None:
        self.names = add_seat(hand, read_seat(LINES.seat, line, self.scale))

    def _action(self, hand: SiteHand, name: str, rest: str, line: str) -> None:
        number, street = self.number, self.street
        m = LINES.action.match(rest)
        if m is not None:
            verb, amount = VERBS[m.group("verb")], money(m.group("amount"), self.scale)
            to = amount if verb == "raise" else None
            play.add_bet(hand, number, street, name, verb, amount, to, m, line)
            return
        m = LINES.award.match(rest)
        if m is not None:
            which, n = m.group("which"), m.group("n")
            pot = play.pot_number(n, 1 if which == "side" else 0)
            label = " ".join(w for w in (m.group("half"), which, "pot", n) if w)
            amount = money(m.group("amount"), self.scale)
            play.add_award(hand, number, name, amount, pot, label, m.group("half"))
            return
        m = LINES.uncalled.match(rest)
        if m is not None:
            play.return_uncalled(hand, name, money(m.group("amount"), self.scale))
            return
        if play.show_or_muck(hand, number, street, name, rest, line, "mucks"):
            return
        play.only_a_note(LINES.notes, rest, line)


# A hand starts at its header (``Hand#``, the hand's id and `` - ``; the first line of a file need
# not be one).
detect, starts_hand = header_starts(r"Hand#[0-9A-Za-z]+ - ")


read_record = record_reader(_Reader, group_id(LINES.header), GAME_NAMES, STRUCTURES)
"""One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""


READER = Reader("cake", "Cake Poker", (".txt",), detect, starts_hand, read_record)
