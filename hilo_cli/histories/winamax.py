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

The other lines (issue 28): the short game names ``Omaha8``, ``Omaha5``, ``7stud8`` (``7stud``,
``Lowball27`` are games hilo does not play); the table kinds ``Go Fast "name"``, ``HOLD-UP "name"``,
``ESCAPE "name"`` beside ``CashGame``; posts that are dead chips, ``Dee posts small blind 0.50€ out of
position`` and ``Dee posts dead blind (0.50€)``, and ``Dee: posts small & big blind ( 1.50€)`` (the small
blind dead, the big one live); ``Alice bring-in 2€`` beside ``brings in``; the notes ``Dee deny SB`` and
``stands pat``; play money in hundredths without a sign (``(0.50/1)``: cents with no currency).

The bonus pots the site adds: ``Hold-up to Pot: total 2.50€`` (a HOLD-UP or Go Fast table, after the
seats) is the house's chips in the main pot (``SiteHand.added``): the one real hand seen (fpdb-chaz's
regression file ``NLHE-6max-EUR-0.05-0.10-202209.hold.up.to.pot.txt``) counts them in its ``Total pot``
and in the main pot's award, and raked only the players' chips (the rake is the printed one). ``Escape``,
``Splash`` and ``Drop`` pots (fpdb-3's pattern, no real file) stay not checkable: no hand shows their
line's words nor whether the total and the awards hold them.
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money, pattern
from hilo_cli.histories.base import Currency
from hilo_cli.histories.site import BRACKETS, Header, SiteHand, cards_of
from hilo_cli.histories.text import POSTS_BETS_CALLS, repeats_board, street_number, table_button
from hilo_cli.histories.winning_family import STUD_STREETS, FamilyReader, header_match, header_of

# An amount as Winamax writes it: "4.96€", "$5", "1,500".
MONEY = r"[$€£]?[\d.,]+[$€£]?"

# A tournament summary's first line (a file Winamax writes beside the hand histories: no hand):
# "Winamax Poker - Tournament summary : Pot Limit Omaha 5(338672173)".
SUMMARY_FILE = re.compile(r"^Winamax Poker - Tournament summary : .*\((?P<id>\d+)\)")
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
    "Omaha8": "omaha8",  # the short names of mixed tables and some exports
    "7stud8": "stud8",
    "Omaha": "omaha",
    "Omaha5": "omaha-5",
    "5 Card Omaha": "omaha-5",
    "6 Card Omaha": "omaha-6",
}
LIMITS: dict[str, Structure] = {"Fixed Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}
VERBS = {
    **POSTS_BETS_CALLS,
    "brings in": "bring in",
    "bring-in": "bring in",
    "completes": "complete",
    "raises": "raise",
    # Posted by a player who is not in the blinds' seats: dead chips, which no bet counts (RULES §14).
    "posts small blind out of position": "ante",
    # A player who is not in the big blind's seat posting a big blind to come in: a live big blind.
    "posts big blind out of position": "big blind",
    "posts dead blind": "ante",
    "posts small & big blind": "small and big blinds",
}
# The house's chips in the main pot (a HOLD-UP or Go Fast table), once: "Hold-up to Pot: total 2.50€".
HOLD_UP = pattern(r"^Hold-up to [Pp]ot: total (?P<amount>{MONEY})$", MONEY=MONEY)
# Any other bonus pot the site adds (fpdb-3's pattern): "Escape to Pot: total 5€", "Splash Pot: 10€".
SITE_POT = pattern(
    r"^(?P<kind>Hold-?up|Escape|Splash|Drop)(?: (?:[Tt]o|[Pp]ot))*\s*:\s*(?:total\s*)?"
    r"(?P<amount>{MONEY})$",
    MONEY=MONEY,
)
# A post written otherwise than "NAME posts ... AMOUNT": the amount after it, or in brackets.
OTHER_POST = pattern(
    r"^(?P<verb>posts small blind|posts big blind) (?P<amount>{MONEY}) out of position$|"
    r"^:? ?(?P<verb2>posts dead blind|posts small & big blind) \( ?(?P<amount2>{MONEY})\)$",
    MONEY=r"[$€£]?[\d.,]+[$€£]?",
)
# A post written as a raise among the blinds, and a small blind: "raises 1€ to 3€", "posts small blind 1€".
RAISE_POST = pattern(r"^raises {MONEY} to (?P<to>{MONEY})$", MONEY=MONEY)
SMALL_BLIND = pattern(r"^posts small blind (?P<amount>{MONEY})$", MONEY=MONEY)
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
    # Winamax's older files are cp1252: "€" is byte 0x80.
    ENCODINGS = ("cp1252",)
    START = re.compile(r"[ \t]*Winamax Poker - ")
    GAMES = GAME_NAMES
    LIMITS = LIMITS
    SEAT = pattern(
        r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{MONEY})(?:, {MONEY} bounty)?\)$",
        MONEY=MONEY,
    )
    STREET = re.compile(r"^\*\*\* (?P<name>[A-Za-z0-9 /-]+?) \*\*\*(?P<cards>.*)$")
    ACTION = pattern(
        r"^(?P<verb>posts small blind|posts big blind|posts ante|calls|bets|brings in|bring-in|"
        r"completes|raises) "
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
        r"joins the table|will be allowed to play after the button|doesn't show|does not show|"
        r"deny SB|stands pat)\b"
    )
    VERBS = VERBS
    BOARD_STREETS = BOARD_STREETS
    HIDDEN = "X"

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.play_money = False  # the header's stakes in hundredths without a currency
        # Within "*** ANTE/BLINDS ***": who posted with a raise ("Player3 raises 1€ to 3€", ``raise_post``).
        self.posting = False
        self.raised_post: set[str] = set()

    def header(self) -> Header:
        expected = "Winamax Poker - ... - HandId: #N - GAME LIMIT (stakes) - date"
        summary = SUMMARY_FILE.match(self.lines[0])
        if summary is not None:
            raise InputError(
                f"a tournament summary (tournament {summary.group('id')}: places and prizes), not a "
                "hand history: hilo checks the hands of the tournament's hand history"
            )
        m = header_match(HEADER, self.lines[0], "Winamax", expected)
        stakes = m.group("stakes").split("/")
        if len(stakes) not in (2, 3):
            raise InputError(
                f"hand #{m.group('id')}: cannot read the stakes {quote(m.group('stakes'))}"
            )
        tournament = m.group("kind").startswith("Tournament")
        sign = "" if tournament else next((c for c in "€$£" if c in m.group("stakes")), "")
        # Play money: no sign, and amounts in hundredths ("(0.50/1)"): read as cents without a currency.
        self.play_money = not tournament and not sign and "." in m.group("stakes")
        if self.play_money:
            small, big = money(stakes[-2], 100), money(stakes[-1], 100)
            return Header(
                m.group("id"), m.group("game"), m.group("limit"), None, False, "", small, big
            )
        return header_of(m, m.group("game"), tournament, sign, stakes[-2], stakes[-1])

    def begin(self, header: Header) -> SiteHand:
        hand = super().begin(header)
        if self.play_money:
            self.scale = 100
        if header.game == "7stud8":
            self.streets = STUD_STREETS
        hand.pots_printed = False
        hand.currency = (
            Currency("", "", 100)
            if self.play_money
            else CURRENCIES.get(header.currency, Currency())
        )
        return hand

    def site_line(self, text: str) -> bool:
        if text.startswith("Table: "):
            self.hand.button = table_button(TABLE, text)
            return True
        m = HOLD_UP.match(text)
        if m is not None:
            if self.hand.added:
                raise InputError(f"a second Hold-up line {quote(text)}")
            self.hand.added = money(m.group("amount"), self.scale)
            return True
        m = SITE_POT.match(text)
        if m is not None:
            self.hand.unplayable = (
                f"the site added {m.group('amount')} to the pot ({m.group('kind')}): no Winamax file "
                "shows where it counts that bonus, in the pot or outside it"
            )
            return True
        return False

    def play_line(self, text: str) -> None:
        """A player's line; a post written otherwise than the family's ("posts small blind 2€ out of
        position", "posts dead blind (1€)", "Bob: posts small & big blind ( 1.50€)") read here."""
        if self.posting and self.raise_post(text):
            return
        if " blind" in text and (
            " out of position" in text or "dead blind" in text or " & big blind" in text
        ):
            name = next((n for n in self.names if text.startswith((n + " ", n + ":"))), None)
            m = OTHER_POST.match(text[len(name) :].strip()) if name is not None else None
            if name is not None and m is not None:
                verb = m.group("verb") or m.group("verb2")
                amount = money(m.group("amount") or m.group("amount2"), self.scale)
                if verb in ("posts small blind", "posts big blind"):
                    verb += " out of position"
                    if verb.startswith("posts big") and not amount:
                        return  # the second line of both blinds posted as one ("both_blinds")
                    if self.both_blinds(name):
                        verb = "posts small & big blind"
                self.act(name, VERBS[verb], amount)
                return
        super().play_line(text)

    def raise_post(self, text: str) -> bool:
        """A post written as a raise among the blinds, and the same player's small blind after it (an
        older client's, fpdb-3's file): "Player3 raises 1€ to 3€" is both blinds, the small dead and the
        big live (as "posts small & big blind 3€"), and "Player3 posts small blind 1€" after it one more
        dead chip. Its pot says so: the player checks the big blind before the flop, so 2€ of the 4€ is
        live, and Total pot and Rake add up to what the four lines put in."""
        name = next((n for n in self.names if text.startswith(n + " ")), None)
        if name is None:
            return False
        rest = text[len(name) + 1 :]
        raised = RAISE_POST.match(rest)
        if raised is not None:
            self.raised_post.add(name)
            self.act(name, "small and big blinds", money(raised.group("to"), self.scale))
            return True
        small = SMALL_BLIND.match(rest)
        if small is not None and name in self.raised_post:
            self.act(name, "ante", money(small.group("amount"), self.scale))
            return True
        return False

    def both_blinds(self, name: str) -> bool:
        """Whether the line after ``name``'s "posts small blind 3€ out of position" is their "posts big
        blind 0€ out of position": both blinds posted in the one amount (the small one dead, the big one
        live), as "posts small & big blind" is."""
        after = self.lines[self.at + 1] if self.at + 1 < len(self.lines) else ""
        rest = after[len(name) :].strip() if after.startswith(name + " ") else ""
        m = OTHER_POST.match(rest)
        return (
            m is not None
            and m.group("verb") == "posts big blind"
            and not money(m.group("amount"), self.scale)
        )

    def deal_street(self, found: re.Match[str]) -> None:
        """``*** FLOP *** [Ac 5s 4h]``, ``*** TURN *** [Ac 5s 4h][5d]`` (the board so far, then the new
        cards); ``*** ANTE/BLINDS ***`` and ``*** SHOW DOWN ***`` begin no street."""
        name = found.group("name")
        self.posting = name == "ANTE/BLINDS"
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
