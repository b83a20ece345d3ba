"""Entraction hand histories (a closed network's archives): the plug-in (``READER``) and its lines.

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
An uncalled bet comes back without a line; the award lines are taken to count only the pots.
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.bounds import quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money
from hilo_cli.histories.archive import rake_disagreement
from hilo_cli.histories.base import Currency, Reader
from hilo_cli.histories.grammar import grammar
from hilo_cli.histories.plugin import group_id, header_starts, record_reader
from hilo_cli.histories.seats import STRUCTURES as BASE_STRUCTURES
from hilo_cli.histories.seats import HandState, add_seat, collects_only, seat_of
from hilo_cli.histories.site import Header, SiteHand, cards_of
from hilo_cli.histories.site import Line as Action

GAME_NAMES: dict[str, str] = {"Omaha Hi/Lo": "omaha8", "Omaha": "omaha", "Omaha Hi": "omaha"}
STRUCTURES: dict[str, Structure] = {**BASE_STRUCTURES, "Fixed Limit": "fixed"}

STREETS = {"Flop": 1, "Turn": 2, "River": 3}
VERBS = {"Raise": "raise", "Call": "call", "Bet": "bet", "Ante": "ante"}
LINES = grammar(
    r"""
    MONEY    (?:[A-Z]{3} )?{NUMBER}
    header   ^Game # ?(?P<id>\d+) - (?P<game>.+?) (?P<limit>Fixed Limit|Pot Limit|No Limit|
             Limit) (?:(?P<code>[A-Z]{3}) )?(?P<small>{NUMBER})/(?P<big>{NUMBER})(?: - .*)?$
    seat     ^(?P<name>\S.*?)\s+\((?P<stack>{MONEY}) in seat (?P<seat>\d+)\)$
    players  ^Players ?\(max \d+\):?$
    blind    ^(?P<which>Big|Small) Blind:\s+(?P<rest>.+?)\s+\((?P<amount>{MONEY})\)$
    dealer   ^Dealer:\s+(?P<name>.+)$
    street   ^(?P<name>Flop|Turn|River)\s+(?P<cards>\S.*)$
    rake     ^Rake:\s+(?P<amount>{MONEY})$
    action   ^(?P<verb>Raise|Call|Bet|Ante)\s+\((?P<amount>{MONEY})\)$
    wins     ^wins:\s+(?P<amount>{MONEY})$
    shows    ^shows:\s+(?P<cards>.+)$
    mucks    ^didn't show hand(?: \((?P<cards>[^)]*)\))?$
    ignored  ^Game ended .*$
    """,
)


def _amount(text: str, scale: int) -> int:
    """``EUR 799.25``, ``150.00``: the amount in the hand's unit."""
    return money(re.sub(r"^[A-Z]{3} ", "", text), scale)


def _cards(text: str, what: str) -> tuple[Card, ...]:
    return cards_of(text.replace(" - ", " "), what)


def read_header(line: str) -> Header:
    m = LINES.header.match(line)
    if m is None:
        raise InputError(
            "not an Entraction hand header (expected 'Game # N - GAME LIMIT EUR x/y - Table ...')"
        )
    code = m.group("code") or ""
    scale = 100 if code else 1
    return Header(
        m.group("id"),
        m.group("game"),
        m.group("limit"),
        None,
        not code,
        code,
        _amount(m.group("small"), scale),
        _amount(m.group("big"), scale),
    )


class _Reader(HandState):
    def __init__(self, source: str, numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.bets: dict[str, int] = {}
        self.rake: int | None = None

    def read(self, lines: list[str]) -> SiteHand:
        header = read_header(lines[0])
        code = header.currency
        self.scale = 100 if code else 1
        currency = Currency(f"{code} ", "", 100, code) if code else Currency()
        hand = collects_only(self.new_hand(header, currency=currency))
        if header.game not in GAME_NAMES:
            return hand
        self.read_lines(hand, lines, self._line)
        if self.rake is not None:
            found = rake_disagreement(hand, self.rake, currency.show)
            if found:
                hand.disagreements.append(found)
        return hand

    def _line(self, hand: SiteHand, line: str) -> None:
        if LINES.players.match(line) or LINES.ignored.match(line):
            return
        m = LINES.seat.match(line)
        if m is not None and not hand.actions:
            self._seat(hand, m)
            return
        for pattern, read in (
            (LINES.blind, self._blind),
            (LINES.dealer, self._dealer),
            (LINES.street, self._street),
            (LINES.rake, self._rake),
        ):
            m = pattern.match(line)
            if m is not None:
                read(hand, m, line)
                return
        name, rest = self.player_line(line)
        self._action(hand, name, rest, line)

    def _seat(self, hand: SiteHand, m: re.Match[str]) -> None:
        self.names = add_seat(hand, seat_of(m, self.scale, _amount))

    def _seated(self, name: str, line: str) -> str:
        if name not in self.names:
            raise InputError(f"{quote(name, 60)} has no seat, in {quote(line)}")
        return name

    def _dealer(self, hand: SiteHand, m: re.Match[str], line: str) -> None:
        name = self._seated(m.group("name").strip(), line)
        hand.button = next(s.seat for s in hand.seats if s.name == name)

    def _blind(self, hand: SiteHand, m: re.Match[str], line: str) -> None:
        name = self._seated(m.group("rest").strip(), line)
        amount = _amount(m.group("amount"), self.scale)
        self.bets[name] = self.bets.get(name, 0) + amount
        verb = "big blind" if m.group("which") == "Big" else "small blind"
        hand.actions.append(Action(self.number, 0, name, verb, amount, None, False, line))

    def _street(self, hand: SiteHand, m: re.Match[str], line: str) -> None:
        name = m.group("name")
        self.street, self.bets = STREETS[name], {}
        play.new_street(hand, self.number, self.street, line)
        board = hand.boards.setdefault(0, [])
        cards = _cards(m.group("cards"), f"the {name.lower()}")
        if cards[: len(board)] != tuple(board) or len(cards) <= len(board):
            raise InputError(
                f"the {name.lower()} line {quote(line)} does not add to the board so far"
            )
        new = cards[len(board) :]
        play.deal_board(hand, self.number, self.street, line, new)

    def _rake(self, hand: SiteHand, m: re.Match[str], line: str) -> None:
        if self.rake is not None:
            raise InputError(f"a second rake line {quote(line)}")
        self.rake = _amount(m.group("amount"), self.scale)

    def _action(self, hand: SiteHand, name: str, rest: str, line: str) -> None:
        number, street = self.number, self.street
        if rest in ("Fold", "Check", "Folds", "Checks"):
            verb = rest.lower().rstrip("s")
            hand.actions.append(Action(number, street, name, verb, 0, None, False, line))
            return
        m = LINES.action.match(rest)
        if m is not None:
            verb, amount = VERBS[m.group("verb")], _amount(m.group("amount"), self.scale)
            to = play.added_to(self.bets, name, verb, amount)  # Entraction writes what each adds
            hand.actions.append(Action(number, street, name, verb, amount, to, False, line))
            return
        m = LINES.wins.match(rest)
        if m is not None:
            play.add_award(hand, number, name, _amount(m.group("amount"), self.scale), 0, "pot")
            return
        m = LINES.shows.match(rest)
        if m is not None:
            cards = _cards(m.group("cards"), f"{name}'s cards")
            play.show_cards(hand, number, street, name, cards, line)
            return
        if LINES.mucks.match(rest):
            play.muck_at_showdown(hand, number, street, name, line)
            return
        raise InputError(f"cannot read the action {quote(line)}")


# A hand starts at its header (``Game # N - ``): a damaged header is still a hand of this site, read
# as an error.
detect, starts_hand = header_starts(r"Game # ?\d+ - ")


read_record = record_reader(_Reader, group_id(LINES.header), GAME_NAMES, STRUCTURES)
"""One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""


READER = Reader("entraction", "Entraction", (".txt",), detect, starts_hand, read_record)
