"""Everleaf Gaming hand histories (a closed network's archives): the plug-in (``READER``) and its lines.

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
at $0.50/$1). Only the hands of games hilo plays are read; the others are not checkable, with the reason.
"""

from __future__ import annotations

import re

from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money
from hilo_cli.histories.base import Reader
from hilo_cli.histories.grammar import grammar, words
from hilo_cli.histories.plugin import group_id, record_reader
from hilo_cli.histories.seats import STRUCTURES, BetsState, add_seat, button_seat, read_seat
from hilo_cli.histories.site import BRACKETS, Header, SiteHand

GAME_NAMES: dict[str, str] = words(
    """
    Omaha Hi/Lo       = omaha8
    Omaha H/L         = omaha8
    Omaha             = omaha
    Omaha Hi          = omaha
    7 Card Stud Hi/Lo = stud8
    Stud Hi/Lo        = stud8
    """
)
LIMITS = {
    None: "Limit",
    "FL": "Limit",
    "Limit": "Limit",
    "PL": "Pot Limit",
    "Pot Limit": "Pot Limit",
    "NL": "No Limit",
    "No Limit": "No Limit",
}

STREETS = {"down cards": 0, "Flop": 1, "Turn": 2, "River": 3}
VERBS = {**play.POSTS_BETS_CALLS, "posts the ante": "ante", "raises": "raise"}
LINES = grammar(
    r"""
    MONEY    [$€£]? ?[\d.,]+(?: [A-Z]{3})?
    header   ^Everleaf Gaming Game #(?P<id>\d+)\s*$
    game     ^(?P<sb>{MONEY})/(?P<bb>{MONEY}) (?:(?P<limit>NL|PL|FL|No Limit|Pot Limit|Limit) )?
             (?P<game>.+?) - \d{4}/\d\d/\d\d - [\d:]+\s*$
    seat     ^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>{MONEY})\s*\)(?P<out> is sitting out)
             ?\s*$
    button   ^Seat (?P<seat>\d+) is the button\s*$
    street   ^\*\* Dealing (?P<name>down cards|Flop|Turn|River) \*\*(?P<cards>.*)$
    action   ^(?P<verb>posts small blind|posts big blind|posts the ante|posts ante|calls|bets|
             raises) \[(?P<amount>{MONEY})\](?P<all_in> all-in| \(all-in\))?\s*$
    award    ^wins\s+(?:(?P<half>high|low)\s+\((?P<tagged>{MONEY})\)|(?P<amount>{MONEY})
             ) from (?P<pot>main pot|side pot(?: ?#?(?P<n>\d+))?)(?: with .*)?\s*$
    ignored  ^(?:\*{5} Hand history for game #\d+ \*{5}|Table .*|Total number of players: \d+)\s*$
    notes    ^(?:is sitting out|sits out|has left the table|has joined the table|is back|
             has been disconnected|has reconnected|has timed out)\s*$
    """,
)


def _amount(text: str, scale: int) -> int:
    """``$ 3.33 USD``, ``$3.32``, ``1,500``: the amount in the hand's unit."""
    return money(re.sub(r" [A-Z]{3}$", "", text.strip()).replace(" ", ""), scale)


class _Reader(BetsState):
    def read(self, lines: list[str]) -> SiteHand:
        numbers = self.numbers
        m = LINES.header.match(lines[0])
        if m is None:
            raise InputError("not an Everleaf hand header (expected 'Everleaf Gaming Game #N')")
        id = m.group("id")
        at = 1
        while at < len(lines) and LINES.ignored.match(lines[at]):
            at += 1
        self.number = numbers[min(at, len(lines) - 1)]
        game = LINES.game.match(lines[at]) if at < len(lines) else None
        if game is None:
            raise InputError(
                f"hand #{id}: cannot read the stakes and the game (expected '$0.50/$1 Omaha Hi/Lo - ...')"
            )
        sb, bb = game.group("sb"), game.group("bb")
        currency = sb[0] if sb[0] in "$€£" else ""
        self.scale = 100 if currency else 1
        header = Header(
            id,
            game.group("game"),
            LIMITS[game.group("limit")],
            None,
            not currency,
            currency,
            _amount(sb, self.scale),
            _amount(bb, self.scale),
        )
        hand = self.hand_without_summary(header, not currency)
        if header.game not in GAME_NAMES:
            return hand
        self.read_lines(hand, lines, self._line, at + 1)
        return hand

    def _line(self, hand: SiteHand, line: str) -> None:
        if line.startswith("Seat "):
            self._seat(hand, line)
            return
        if LINES.ignored.match(line):
            return
        street = hand.actions[-1].street if hand.actions else 0
        m = LINES.street.match(line)
        if m is not None:
            street = STREETS[m.group("name")]
            play.new_street(hand, self.number, street, line)
            if street:
                self.new_round()
                new = play.comma_cards(
                    " ".join(BRACKETS.findall(m.group("cards"))), f"the {m.group('name').lower()}"
                )
                play.deal_board(hand, self.number, street, line, new)
            return
        if line.startswith("Dealt to "):
            play.dealt_to(hand, self.number, street, line, self.names)
            return
        name, rest = self.player_line(line)
        self._action(hand, name, rest, line, street)

    def _seat(self, hand: SiteHand, line: str) -> None:
        b = LINES.button.match(line)
        if b is not None:
            hand.button = button_seat(b)
            return
        self.names = add_seat(hand, read_seat(LINES.seat, line, self.scale, _amount))

    def _action(self, hand: SiteHand, name: str, rest: str, line: str, street: int) -> None:
        number = self.number
        if play.fold_or_check(hand, number, street, name, rest, line):
            return
        m = LINES.action.match(rest)
        if m is not None:
            verb, amount = VERBS[m.group("verb")], _amount(m.group("amount"), self.scale)
            to = play.added_to(self.bets, name, verb, amount)  # Everleaf writes what each adds
            play.add_bet(hand, number, street, name, verb, amount, to, m, line)
            return
        m = LINES.award.match(rest)
        if m is not None:
            label, n = m.group("pot"), m.group("n")
            pot = 0 if label == "main pot" else play.pot_number(n, 1)
            amount = _amount(m.group("tagged") or m.group("amount"), self.scale)
            play.add_award(hand, number, name, amount, pot, label, m.group("half"))
            return
        # A show line whose cards are not bracketed is the hand's error (it was an IndexError).
        if play.show_or_muck(hand, number, street, name, rest, line, "does not show cards"):
            return
        play.only_a_note(LINES.notes, rest, line)


def detect(head: str) -> bool:
    """Everleaf text holds an Everleaf hand header."""
    return "Everleaf Gaming Game #" in head


START = re.compile(r"[ \t]*Everleaf Gaming Game #\d+\s*$")


def starts_hand(line: str) -> bool:
    """Whether ``line`` is a hand's header (after spaces and tabs)."""
    return START.match(line) is not None


read_record = record_reader(_Reader, group_id(LINES.header), GAME_NAMES, STRUCTURES)
"""One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""


READER = Reader("everleaf", "Everleaf", (".txt",), detect, starts_hand, read_record)
