"""Everleaf Gaming hand histories (a closed network's archives).

Everleaf writes a hand as::

    Everleaf Gaming Game #148736512
    ***** Hand history for game #148736512 *****
    $0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:08:46
    Table Kentfield I
    Seat 10 is the button
    Total number of players: 2
    Seat 6: Villain (  $ 19.60 USD )
    Hero: posts small blind [$ 0.25 USD]
    ** Dealing down cards **
    Dealt to Hero [ 8d, Qc, 8c, 7d ]
    Villain raises [$ 0.50 USD]          (the chips the raise adds, not a street total)
    ** Dealing Flop ** [ 6s, Kd, 5d ]
    Villain shows [ 2s, 5h, 9c, 6c ] a full house, sixes full of fives
    Villain does not show cards
    Villain wins  high ($ 3.33 USD) from main pot with a full house, ...
    Hero wins  low ($3.32) from main pot with 8, 7, 6, 5, 3 [ ... ]
    Hero wins $ 1.90 USD from main pot

There is no summary and no rake line: the rake (what was put in minus what was paid) is derived (RULES
§13); uncalled bets come back without a line. The stakes of a limit game are its bets (blinds $0.25/$0.50
at $0.50/$1).

The other lines the site and its skins write (issue 28):

* the Partouche skin's first line ``Partouche Poker partie 123`` (or ``Partouche Poker Game #123``), its
  second ``***** Historique de la partie 123 *****``;
* a stakes line with the blinds named (``Blinds $0.25 / $0.50 Omaha Hi/Lo - ...``: at a limit table the
  bets are then $0.50 and $1), spaces around the slash, and the table's size before the date
  (``... Omaha Hi/Lo - 6 Max - 2010/03/01 - 12:00:00``);
* amounts in other units: ``€ 0.25 EURO``, ``1500 Chips``; a seat line's ``new player`` or ``All-in``
  after the stack (``Seat 2: Bob (  $ 15.50 USD new player)``);
* ``Dee: posts both blinds [$ 0.75 USD]`` (the small blind dead, the big one live);
* stud: ``Bob posts bring-in 0.05.``, ``Ann completes to 0.10.`` (no colon, a full stop), the later
  streets ``**** dealing 4th street ****`` ... ``**** dealing river ****``.
"""

from __future__ import annotations

import re

from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money, pattern
from hilo_cli.histories.base import HandRecord
from hilo_cli.histories.site import BRACKETS, Header, SiteHand
from hilo_cli.histories.text import (
    POSTS_BETS_CALLS,
    TextReader,
    button_seat,
    comma_cards,
    only_a_note,
    pot_number,
)

# An amount as Everleaf writes it: "$ 3.33 USD", "$3.32", "1,500", "€ 2 EURO", "1500 Chips".
UNIT = r" (?:[A-Z]{3}|EURO|Chips|chips)"
MONEY = rf"[$€£]? ?[\d.,]+(?:{UNIT})?"

# A hand's first line; the Partouche skin writes its name and "partie N".
HEADER = re.compile(
    r"^(?:Everleaf Gaming Game #|Partouche Poker (?:Game #|partie ))(?P<id>\d+)\s*$"
    # A skin's name after Everleaf's or in its place: "Everleaf Gaming - Concord Gaming - Game #N",
    # "- - Grand Poker - Game #N".
    r"|^(?:Everleaf Gaming - .+? - |- - .+? - )Game #(?P<skin>\d+)\s*$"
    # Partouche's later first line, its number on the next: "Partouche Poker Gibraltar".
    r"|^Partouche Poker [A-Z][a-z]+\s*$"
)
# That next line: "*** Historique des Mains pour la partie N ***".
PARTIE = re.compile(r"^\*{3,5} Historique des [Mm]ains pour la partie (?P<id>\d+) \*{3,5}\s*$")
# The stakes line: "$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 12:00:00", also "Blinds $0.25/$0.50 ...", with
# spaces around the slash, and a table size before the date ("... Omaha Hi/Lo - 6 Max - 2010/...").
GAME = pattern(
    r"^(?P<blinds>Blinds +)?(?P<sb>{MONEY}) ?/ ?(?P<bb>{MONEY}) (?:(?P<limit>NL|PL|FL|No Limit|Pot Limit|Limit) )?"
    r"(?P<game>.+?)(?: - \d+ Max)? - \d{4}/\d\d/\d\d - [\d:]+\s*$",
    MONEY=MONEY,
)
# A seat line; the stack may say the player is new to the table or all in: "( $ 5 USD new player)".
SEAT = pattern(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>{MONEY})(?: ?(?:new player|All-in))?\s*\)"
    r"(?: is sitting out)?\s*$",
    MONEY=MONEY,
)
BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button\s*$")
STREET = re.compile(r"^\*\* Dealing (?P<name>down cards|Flop|Turn|River) \*\*(?P<cards>.*)$")
# Stud's later streets: "**** dealing 4th street ****" ... "**** dealing river ****".
STUD_STREET = re.compile(r"^\*{4} dealing (?P<name>4th street|5th street|6th street|river) \*{4}$")
ACTION = pattern(
    r"^(?P<verb>posts small blind|posts big blind|posts both blinds|posts the ante|posts ante|calls|"
    r"bets|raises) \[(?P<amount>{MONEY})\](?P<all_in> all-in| \(all-in\))?\s*$",
    MONEY=MONEY,
)
# Stud's bring-in and completion, without a colon or a bracket: "Ann posts bring-in 0.25.".
STUD_ACTION = pattern(
    r"^(?P<verb>posts bring-in|completes to) +(?P<amount>{MONEY})\.\s*$",
    MONEY=MONEY,
)
AWARD = pattern(
    r"^wins\s+(?:(?P<half>high|low)\s+\((?P<tagged>{MONEY})\)|(?P<amount>{MONEY})) "
    r"from (?P<pot>main pot|side pot(?: ?#?(?P<n>\d+))?)(?: with .*)?\s*$",
    MONEY=MONEY,
)
# Lines between the header and the seats, and lines that say nothing to check.
IGNORED = re.compile(
    r"^(?:\*{5} Hand history for game #\d+ \*{5}|\*{5} .* partie \d+ \*{5}|Table .*|"
    r"Tournament #\d+ - Level \d+|"
    r"Total number of players: \d+)\s*$"
)
NOTES = re.compile(
    r"^(?:is sitting out|sits out|has left the table|has joined the table|is back|"
    r"has been disconnected|has reconnected|has timed out)\s*$"
)

GAME_NAMES = {
    "Omaha Hi/Lo": "omaha8",
    "Omaha H/L": "omaha8",
    "Omaha": "omaha",
    "Omaha Hi": "omaha",
    "7 Card Stud Hi/Lo": "stud8",
    "Stud Hi/Lo": "stud8",
}
LIMIT_WORDS = {
    None: "Limit",
    "FL": "Limit",
    "Limit": "Limit",
    "PL": "Pot Limit",
    "Pot Limit": "Pot Limit",
    "NL": "No Limit",
    "No Limit": "No Limit",
}
STREETS = {"down cards": 0, "Flop": 1, "Turn": 2, "River": 3}
STUD_STREETS = {"4th street": 1, "5th street": 2, "6th street": 3, "river": 4}
VERBS = {
    **POSTS_BETS_CALLS,
    "posts the ante": "ante",
    "posts both blinds": "small and big blinds",
    "raises": "raise",
    "posts bring-in": "bring in",
    "completes to": "complete",
}


def amount(text: str, scale: int) -> int:
    """``$ 3.33 USD``, ``$3.32``, ``1,500``: the amount in the hand's unit."""
    return money(re.sub(UNIT + "$", "", text.strip()).replace(" ", ""), scale)


class Everleaf(TextReader):
    NAME = "everleaf"
    TITLE = "Everleaf"
    START = re.compile(
        r"[ \t]*(?:(?:Everleaf Gaming (?:- .+? - )?|- - .+? - )Game #\d+|"
        r"Partouche Poker (?:(?:Game #|partie )\d+|[A-Z][a-z]+))\s*$"
    )
    GAMES = GAME_NAMES
    # Everleaf's files are cp1252 ("€" is byte 0x80); some wrote the euro as cp1251 does (byte 0x88),
    # which cp1252 reads as "ˆ": read as "€" (``read_hand``), as fpdb-3 does.
    ENCODINGS = ("cp1252",)

    @classmethod
    def read_hand(cls, source: str, line: int, raw: list[str]) -> HandRecord:
        return super().read_hand(source, line, [text.replace("ˆ", "€") for text in raw])

    def header(self) -> Header:
        m = HEADER.match(self.lines[0])
        if m is None:
            raise InputError("not an Everleaf hand header (expected 'Everleaf Gaming Game #N')")
        self.id = m.group("id") or m.group("skin")
        at = 1
        if self.id is None:
            partie = PARTIE.match(self.lines[1]) if len(self.lines) > 1 else None
            if partie is None:
                raise InputError(
                    "not a Partouche hand (no '*** Historique des Mains pour la partie N ***' line)"
                )
            self.id, at = partie.group("id"), 2
        while at < len(self.lines) and IGNORED.match(self.lines[at]):
            at += 1
        self.goto(min(at, len(self.lines) - 1))
        game = GAME.match(self.lines[at]) if at < len(self.lines) else None
        if game is None:
            raise InputError(
                f"hand #{self.id}: cannot read the stakes and the game (expected '$0.50/$1 Omaha Hi/Lo - ...')"
            )
        sb, bb = game.group("sb"), game.group("bb")
        currency = sb[0] if sb[0] in "$€£" else ""
        self.scale = 100 if currency else 1
        limit = LIMIT_WORDS[game.group("limit")]
        small, big = amount(sb, self.scale), amount(bb, self.scale)
        if game.group("blinds") and limit == "Limit":
            small, big = big, 2 * big  # blinds $0.25/$0.50: a $0.50/$1 game (bounded: 2 amounts)
        return Header(self.id, game.group("game"), limit, None, not currency, currency, small, big)

    def begin(self, header: Header) -> SiteHand:
        return self.without_summary(header, rake_printed=header.tournament)

    def line(self, text: str) -> None:
        if text.startswith("Seat "):
            b = BUTTON.match(text)
            if b is not None:
                self.hand.button = button_seat(b)
            else:
                self.seat_line(SEAT, text, amount)
            return
        if IGNORED.match(text):
            return
        m = STREET.match(text)
        if m is not None:
            street = STREETS[m.group("name")]
            self.new_street(street)
            if street:
                found = " ".join(BRACKETS.findall(m.group("cards")))
                self.deal_board(comma_cards(found, f"the {m.group('name').lower()}"))
            return
        if text.startswith("**** "):
            s = STUD_STREET.match(text)
            if s is None:
                raise InputError(f"cannot read the street line {quote(text)}")
            self.new_street(STUD_STREETS[s.group("name")])
            return
        if text.startswith("Dealt to "):
            self.dealt_to(text)
            return
        self.player_action(text, self.action)

    def action(self, name: str, rest: str) -> None:
        m = ACTION.match(rest)
        if m is not None:
            verb, chips = VERBS[m.group("verb")], amount(m.group("amount"), self.scale)
            to = self.added_to(name, verb, chips)  # Everleaf writes what each action adds
            self.act(name, verb, chips, to, m.group("all_in") is not None)
            return
        m = STUD_ACTION.match(rest)
        if m is not None:
            verb, chips = VERBS[m.group("verb")], amount(m.group("amount"), self.scale)
            self.act(name, verb, chips, chips if verb == "complete" else None)
            return
        m = AWARD.match(rest)
        if m is not None:
            label, n = m.group("pot"), m.group("n")
            pot = 0 if label == "main pot" else pot_number(n, 1)
            won = amount(m.group("tagged") or m.group("amount"), self.scale)
            self.award(name, won, pot, label, m.group("half"))
            return
        # A show line whose cards are not bracketed is the hand's error (it was an IndexError).
        if self.show_or_muck(name, rest, "does not show cards"):
            return
        only_a_note(NOTES, rest, self.text)


READER = Everleaf.plugin()
