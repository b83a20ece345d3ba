"""Entraction hand histories (a closed network's archives).

Entraction writes a hand in columns::

    Game # 2646515978 - Omaha Hi/Lo Fixed Limit EUR 100.00/200.00 - Table "Portland"
    Players(max 2):
    Ballyhoo                    (EUR 3,999.25 in seat 1)
    Dealer:                     Ballyhoo
    Big Blind:                  YoOyYo      (100.00)
    Small Blind:                Ballyhoo    (50.00)
    Ballyhoo                    Raise       (150.00)     (the chips each action adds)
    Flop                        4h - 7h - 6c
    Turn                        4h - 7h - 6c - 8h        (the whole board so far)
    YoOyYo shows:               9d - 5d - Ad - 6h
    Ballyhoo didn't show hand (Jd - Qh - 6s - Ac)
    YoOyYo wins:                EUR 799.25               (once per half, no high/low tag)
    YoOyYo wins:                EUR 799.25
    Rake:                       EUR 1.50
    Game ended 2012-05-31 04:48:18 GMT+01:00

The stakes of a limit game are its bets (blinds 50/100 at 100/200). The award lines name neither their
pot nor their half, so what is checked is each player's total (``pots_named`` False). The site prints its
rake but no total pot: the rake is derived from the actions and the payout (RULES §13), and a printed rake
that is not what was put in less what was paid is a finding about the site (``archive.rake_disagreement``).
An uncalled bet comes back without a line, or with ``Payback (0.14)`` (held against the actions); the
award lines are taken to count only the pots. A shown hand and an award may be followed by the site's
words for the hand, ``(two pairs, Kings and Deuces)``, ``(with a pair of Aces)``: no cards, no chips.
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import NUMBER, money, pattern
from hilo_cli.histories.archive import rake_disagreement
from hilo_cli.histories.base import Currency
from hilo_cli.histories.records import STRUCTURES
from hilo_cli.histories.site import Header, Seat, SiteHand, cards_of, collects_only
from hilo_cli.histories.text import TextReader

# An amount as Entraction writes it: "EUR 799.25", "150.00".
MONEY = r"(?:[A-Z]{3} )?" + NUMBER

HEADER = pattern(
    r"^Game # ?(?P<id>\d+) - (?P<game>.+?) (?P<limit>Fixed Limit|Pot Limit|No Limit|Limit) "
    r"(?:(?P<code>[A-Z]{3}) )?(?P<small>{NUMBER})/(?P<big>{NUMBER})(?: and {NUMBER} ante)?"
    r"(?: - .*)?$"
)
SEAT = pattern(r"^(?P<name>\S.*?)\s+\((?P<stack>{MONEY}) in seat (?P<seat>\d+)\)$", MONEY=MONEY)
PLAYERS = re.compile(r"^Players ?\(max \d+\):?$")
# The blinds; "Small + Big Blind:" (both, the small one dead: the amount is the two), "Blind out of
# turn:" (a big blind posted by a player coming in).
BLIND = pattern(
    r"^(?P<which>Big Blind|Small Blind|Small \+ Big Blind|Blind out of turn):\s+(?P<rest>.+?)\s+"
    r"\((?P<amount>{MONEY})\)$",
    MONEY=MONEY,
)
BLINDS = {
    "Big Blind": "big blind",
    "Small Blind": "small blind",
    "Small + Big Blind": "small and big blinds",
    "Blind out of turn": "big blind",
}
DEALER = re.compile(r"^Dealer:\s+(?P<name>.+)$")
STREET = re.compile(r"^(?P<name>Flop|Turn|River)\s+(?P<cards>\S.*)$")
RAKE = pattern(r"^Rake:\s+(?P<amount>{MONEY})$", MONEY=MONEY)
ACTION = pattern(
    r"^(?P<verb>Raise|Call|Bet|Ante|All-In|brings in(?: low)? for)\s+\(?(?P<amount>{MONEY})\)?$",
    MONEY=MONEY,
)
DEALT = re.compile(r"^was dealt:\s+(?P<cards>.+)$")
# The site's words for the hand, in parentheses after the cards or the amount: "(two pairs, Kings and
# Deuces)", "(with a pair of Aces)". They move no chip and name no card: the cards speak.
SAYS = r"(?:\s+\([a-zA-Z][^()]*\))?"
# "wins: EUR 1.10 side pot", "main pot", "split pot" (a tie): the pot named, but not which one of
# several side pots, so the check stays per player.
WINS = pattern(
    r"^wins:\s+(?P<amount>{MONEY})(?: (?:main|side|split) pot)?{SAYS}$", MONEY=MONEY, SAYS=SAYS
)
SHOWS = re.compile(r"^shows:\s+(?P<cards>.+?)" + SAYS + "$")
# "Payback (0.14)": the uncalled part of a bet, back to its player (outside the pot: the wins line
# after it counts the pot alone).
PAYBACK = pattern(r"^Payback\s+\((?P<amount>{MONEY})\)$", MONEY=MONEY)
MUCKS = re.compile(r"^didn't show hand(?: \((?P<cards>[^)]*)\))?$")
# The hand's end: a date and a time, and a zone (``GMT``, ``CEST``, ``GMT+01:00``); nothing after it.
IGNORED = re.compile(
    r"^Game ended [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(?: [A-Z]{2,5}(?:[+-][0-9]{2}:[0-9]{2})?)?$"
)
# The currency's code before an amount.
CODE = re.compile(r"^[A-Z]{3} ")

GAME_NAMES = {
    "Omaha Hi/Lo": "omaha8",
    "Omaha": "omaha",
    "Omaha Hi": "omaha",
    "Omaha High": "omaha",
    "5-Card Omaha High": "omaha-5",
}
LIMITS: dict[str, Structure] = {**STRUCTURES, "Fixed Limit": "fixed"}
STREETS = {"Flop": 1, "Turn": 2, "River": 3}
VERBS = {
    "Raise": "raise",
    "Call": "call",
    "Bet": "bet",
    "Ante": "ante",
    "brings in for": "bring in",
    "brings in low for": "bring in",
}


def board_cards(text: str, what: str) -> tuple[Card, ...]:
    """``4h - 7h - 6c``: the cards, ``what`` they are naming them in an error."""
    return cards_of(text.replace(" - ", " "), what)


class Entraction(TextReader):
    NAME = "entraction"
    TITLE = "Entraction"
    # A hand starts at its header (``Game # N - ``): a damaged header is still a hand of this site,
    # read as an error.
    START = re.compile(r"[ \t]*Game # ?\d+ - ")
    ENDS_AT_BLANK = False  # blank lines part the seats, the blinds and the play
    GAMES = GAME_NAMES
    LIMITS = LIMITS

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.rake: int | None = None

    def amount(self, text: str) -> int:
        """``EUR 799.25``, ``150.00``: the amount in the hand's unit."""
        return money(CODE.sub("", text), self.scale)

    def header(self) -> Header:
        m = HEADER.match(self.lines[0])
        if m is None:
            raise InputError(
                "not an Entraction hand header (expected 'Game # N - GAME LIMIT EUR x/y - Table ...')"
            )
        self.id = m.group("id")
        code = m.group("code") or ""
        self.scale = 100 if code else 1
        small, big = self.amount(m.group("small")), self.amount(m.group("big"))
        return Header(self.id, m.group("game"), m.group("limit"), None, not code, code, small, big)

    def begin(self, header: Header) -> SiteHand:
        code = header.currency
        currency = Currency(f"{code} ", "", 100, code) if code else Currency()
        return collects_only(self.new_hand(header, currency=currency))

    def line(self, text: str) -> None:
        if PLAYERS.match(text) or IGNORED.match(text):
            return
        m = SEAT.match(text)
        if m is not None and not self.hand.actions:
            seat = digits(m.group("seat"), "a seat", MAX_SEAT)
            self.seat(Seat(seat, m.group("name"), self.amount(m.group("stack"))))
            return
        m = BLIND.match(text)
        if m is not None:
            name = self.seated(m.group("rest").strip())
            self.act(name, BLINDS[m.group("which")], self.amount(m.group("amount")))
            return
        m = DEALER.match(text)
        if m is not None:
            name = self.seated(m.group("name").strip())
            self.hand.button = next(s.seat for s in self.hand.seats if s.name == name)
            return
        m = STREET.match(text)
        if m is not None:
            self.street_line(m.group("name"), m.group("cards"))
            return
        m = RAKE.match(text)
        if m is not None:
            if self.rake is not None:
                raise InputError(f"a second rake line {quote(text)}")
            self.rake = self.amount(m.group("amount"))
            return
        name, rest = self.player_line(text)
        self.action(name, rest)

    def finish(self) -> None:
        super().finish()
        if self.rake is not None:
            show = (self.hand.currency or Currency()).show
            found = rake_disagreement(self.hand, self.rake, show)
            if found:
                self.hand.disagreements.append(found)

    def seated(self, name: str) -> str:
        """``name``, a seated player's, as a line writes it (a line that names anyone else is bad
        input)."""
        if name not in self.names:
            raise InputError(f"{quote(name, 60)} has no seat, in {quote(self.text)}")
        return name

    def street_line(self, name: str, cards: str) -> None:
        """``Flop 4h - 7h - 6c``, ``Turn 4h - 7h - 6c - 8h``: the whole board so far."""
        self.new_street(STREETS[name])
        board = self.hand.boards.setdefault(0, [])
        dealt = board_cards(cards, f"the {name.lower()}")
        if dealt[: len(board)] != tuple(board) or len(dealt) <= len(board):
            raise InputError(
                f"the {name.lower()} line {quote(self.text)} does not add to the board so far"
            )
        self.deal_board(dealt[len(board) :])

    def action(self, name: str, rest: str) -> None:
        """A seated player's line, ``rest`` what follows the name."""
        if rest in ("Fold", "Check", "Folds", "Checks"):
            self.act(name, rest.lower().rstrip("s"), 0)
            return
        m = ACTION.match(rest)
        if m is not None:
            if m.group("verb") == "All-In":
                self.all_in_adding(name, self.amount(m.group("amount")))
                return
            verb, amount = VERBS[m.group("verb")], self.amount(m.group("amount"))
            # Entraction writes what each action adds.
            self.act(name, verb, amount, self.added_to(name, verb, amount))
            return
        m = PAYBACK.match(rest)
        if m is not None:
            self.return_uncalled(name, self.amount(m.group("amount")))
            return
        m = WINS.match(rest)
        if m is not None:
            self.award(name, self.amount(m.group("amount")), 0, "pot")
            return
        m = SHOWS.match(rest)
        if m is not None:
            self.show(name, board_cards(m.group("cards"), f"{name}'s cards"))
            return
        if MUCKS.match(rest):
            self.muck_at_showdown(name)
            return
        m = DEALT.match(rest)
        if m is not None:  # "Hero was dealt: Ah - 2c - 7d - Ks"
            self.deal_hand(name, board_cards(m.group("cards"), f"{name}'s cards"))
            return
        raise InputError(f"cannot read the action {quote(self.text)}")


READER = Entraction.plugin()
