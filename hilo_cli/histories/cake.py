"""Cake Poker hand histories (a closed network's archives).

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
from hilo_cli.histories.amounts import money, pattern, sign_currency
from hilo_cli.histories.site import BRACKETS, Header, SiteHand
from hilo_cli.histories.text import (
    POSTS_BETS_CALLS,
    TextReader,
    button_seat,
    comma_cards,
    only_a_note,
    pot_number,
)

# What may follow the amount of a bet, a call or a raise: the player is all in.
ALL_IN = r"(?P<all_in>,? (?:and is )?all[- ]in| \(all[- ]in\))?\s*$"

# A byte-order mark that was read as cp1252 and written again as UTF-8 ("\u00ef\u00bb\u00bf"): some
# files start each hand with it.
MARK = "\u00ef\u00bb\u00bf"
HEADER = re.compile(rf"^(?:{MARK})?Hand#(?P<id>[0-9A-Za-z]+) - (?P<rest>.*)$")
# An amount as Cake writes it: "$1,234.56", "1,500", and in some files "$0,05" (a decimal comma) or
# "1 500" (a space, or a no-break space, between thousands); "$-0,10" in a dead blind (``amount``).
MONEY = r"[$€£]?-?\d(?:[.,]?\d|[ \u00a0](?=\d))*"
# "0/10/20 PL OmahaHiLo" (tournaments: ante/small/big; the ante "-1" in some), "$0.10/$0.25 PL Omaha
# Hi/Lo" (cash tables), "$0,05/$0,10 NL Hold'em": any game name (one hilo does not play is not checkable).
STAKES = pattern(
    r"^(?:(?P<ante>{MONEY})/)?(?P<sb>{MONEY})/(?P<bb>{MONEY}) (?P<limit>FL|Limit|PL|NL) "
    r"(?P<game>\S.*?)\s*$",
    MONEY=MONEY,
)
# A euro player's seat at a dollar table writes the stack's value in euros after it ("(EUR €17,29)").
SEAT = pattern(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{MONEY})(?: in chips)?\)"
    r"(?: is sitting out| DEALER)?(?:\s+\(EUR [€]?[\d.,]+\))?\s*$",
    MONEY=MONEY,
)
BUTTON = re.compile(r"^Dealer: Seat (?P<seat>\d+)\s*$")
STREET = re.compile(
    r"^\*\*\* ?(?P<name>FLOP|TURN|RIVER|SHOW DOWN|HOLE CARDS) ?\*\*\*(?P<cards>.*)$"
)
ACTION = pattern(
    r"^(?P<verb>posts small blind|posts big blind|posts ante(?: of)?|posts dead blind|"
    r"brings[- ]in(?: low)? for|calls|bets|raises to|raises|is all in) (?P<amount>{MONEY}){ALL_IN}",
    ALL_IN=ALL_IN,
    MONEY=MONEY,
)
# A player who posts both blinds out of turn: the small one dead, the big one live.
BOTH = pattern(
    r"^posts dead blind -?(?P<dead>{MONEY}) and big blind (?P<big>{MONEY})\s*$", MONEY=MONEY
)
# The value in euros a euro table writes after an amount: "calls 0.50 (EUR 0.36)".
EURO_VALUE = re.compile(r" \(EUR [€]?[\d.,]+\)")
AWARD = pattern(
    r"^wins (?:(?P<half>high|low) )?(?:(?P<which>main|side) )?(?:pot(?: #?(?P<n>\d+))? )?"
    r"(?P<amount>{MONEY})(?: with.*)?\s*$",
    MONEY=MONEY,
)
UNCALLED = pattern(r"^returns uncalled bet (?P<amount>{MONEY})\s*$", MONEY=MONEY)
NOTES = re.compile(
    r"^(?:is sitting out|sits out|is back|has left the table|has joined the table|"
    r"is disconnected|is connected|has timed out|said, .*|finished \d+ out of \d+ players)\s*$"
)
# A tournament's number in the header's first part: "Turbo T15042503".
TOURNAMENT = re.compile(r"\bT\d+\b")

GAME_NAMES = {
    "OmahaHiLo": "omaha8",
    "Omaha Hi/Lo": "omaha8",
    "Omaha Hi-Lo": "omaha8",
    "Omaha": "omaha",
    "OmahaHi": "omaha",
}
LIMIT_WORDS = {"FL": "Limit", "Limit": "Limit", "PL": "Pot Limit", "NL": "No Limit"}
STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
VERBS = {
    **POSTS_BETS_CALLS,
    "posts ante of": "ante",
    "posts dead blind": "ante",
    "brings in for": "bring in",
    "brings in low for": "bring in",
    "brings-in for": "bring in",
    "brings-in low for": "bring in",
    "raises to": "raise",
    "raises": "raise",  # "raises 60": to 60, as "raises to 60"
}


DECIMAL_COMMA = re.compile(r"-?\d{1,3}(?:\.\d{3})*,\d{1,2}|-?\d+,\d{1,2}")


def amount(text: str, scale: int) -> int:
    """An amount as Cake writes it, in the hand's unit: "1,500" and "$1,234.56" as everywhere, "$0,05"
    and "$2,88" with a decimal comma (a comma before one or two digits at the end; a thousands comma has
    three after it), "1 500" with spaces between thousands. A minus sign ("$-0,10", a dead blind) is
    no part of the amount."""
    plain = text.replace(" ", "").replace("\u00a0", "").replace("-", "", 1)
    sign = plain[0] if plain[:1] in "$€£" and plain else ""
    number = plain[len(sign) :]
    if DECIMAL_COMMA.fullmatch(number):
        number = number.replace(".", "").replace(",", ".")
    return money(sign + number, scale)


class Cake(TextReader):
    NAME = "cake"
    TITLE = "Cake Poker"
    ENCODINGS = ("cp1252",)  # some euro tables' files: "€" as byte 0x80
    # A hand starts at its header (``Hand#``, the hand's id and `` - ``, after a byte-order mark read
    # twice in some files: ``MARK``; the first line of a file need not be one).
    START = re.compile(rf"[ \t]*(?:{MARK})?Hand#[0-9A-Za-z]+ - ")
    GAMES = GAME_NAMES
    # A tournament's last lines, after the blank lines that end its last hand: no part of a hand.
    BLANK = re.compile(r"^\S.* finished \d+ out of \d+ players\.?$|^Player left the table$")

    def header(self) -> Header:
        m = HEADER.match(self.lines[0])
        if m is None:
            raise InputError(
                f"cannot read {quote(self.lines[0])}: no Cake hand header before it (a hand starts "
                "'Hand#ID - ...'; the file may begin inside a hand)"
            )
        self.id = m.group("id")
        parts = [p.strip() for p in m.group("rest").split(" -- ")]
        stakes = next((s for s in map(STAKES.match, parts) if s), None)
        if stakes is None:
            raise InputError(
                f"hand #{self.id}: cannot read the stakes and the game in {quote(m.group('rest'))}"
            )
        sb, bb = stakes.group("sb"), stakes.group("bb")
        currency = sb[0] if sb[0] in "$€£" else ""
        self.scale = 100 if currency else 1
        tournament = TOURNAMENT.search(parts[0]) is not None or not currency
        game, limit = stakes.group("game"), LIMIT_WORDS[stakes.group("limit")]
        small, big = self.amount(sb), self.amount(bb)
        return Header(self.id, game, limit, None, tournament, currency, small, big)

    def amount(self, text: str) -> int:
        return amount(text, self.scale)

    def begin(self, header: Header) -> SiteHand:
        return self.without_summary(header, rake_printed=header.tournament)

    def line(self, text: str) -> None:
        if text.startswith("Seat "):
            if "($" in text and self.hand.header.currency == "€":
                # A euro player's view of a dollar table: the header's stakes are in euros ("€0,04/€0,08"),
                # every amount after it in dollars ("$0,05", its value in euros beside it).
                self.hand.currency = sign_currency("$")
            self.seat_line(SEAT, text, amount)
            return
        b = BUTTON.match(text)
        if b is not None:
            self.hand.button = button_seat(b)
            return
        m = STREET.match(text)
        if m is not None:
            self.street_line(m.group("name"), m.group("cards"))
            return
        if text.startswith("Dealt to "):
            self.dealt_to(text)
            return
        if text in ("There is no low hand", "Player left the table"):
            return
        self.player_action(text, self.action)

    def street_line(self, name: str, cards: str) -> None:
        """A street's line: the board's new cards in its last bracket (the turn's the new card only)."""
        if name == "SHOW DOWN":
            return
        self.new_street(STREETS[name])
        found = BRACKETS.findall(cards)
        if self.street and not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        if found:
            self.deal_board(comma_cards(found[-1], f"the {name.lower()}"))

    def action(self, name: str, rest: str) -> None:
        if "(EUR " in rest:
            rest = EURO_VALUE.sub("", rest)
        m = ACTION.match(rest)
        if m is not None:
            if m.group("verb") == "is all in":
                self.all_in_adding(name, self.amount(m.group("amount")))
                return
            verb, amount = VERBS[m.group("verb")], self.amount(m.group("amount"))
            to = amount if verb == "raise" else None
            self.act(name, verb, amount, to, m.group("all_in") is not None)
            return
        both = BOTH.match(rest) if rest.startswith("posts dead") else None
        if both is not None:
            self.act(name, "ante", self.amount(both.group("dead")))  # dead: no bet of the round
            self.act(name, "big blind", self.amount(both.group("big")))
            return
        m = AWARD.match(rest)
        if m is not None:
            which, n = m.group("which"), m.group("n")
            pot = pot_number(n, 1 if which == "side" else 0)
            label = " ".join(w for w in (m.group("half"), which, "pot", n) if w)
            self.award(name, self.amount(m.group("amount")), pot, label, m.group("half"))
            return
        m = UNCALLED.match(rest)
        if m is not None:
            self.return_uncalled(name, self.amount(m.group("amount")))
            return
        if self.show_or_muck(name, rest, "mucks"):
            return
        only_a_note(NOTES, rest, self.text)


READER = Cake.plugin()
