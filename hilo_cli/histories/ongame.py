"""OnGame hand histories (a closed network's archives, issue 18): the plug-in (``READER``) and its lines.

OnGame writes a hand as::

    ***** History for hand T5-330030241-3 (TOURNAMENT: "PL Omaha HL", R-186-1481, buy-in: $1.20) *****
    Start hand: Fri Jun 28 19:03:52 GST 2013
    Table: Table #3 [330030241] (POT_LIMIT OMAHA_HI_LO 10/20, Chips)
    Button: seat 6
    Seat 1: KREST 78 (2065)
    tsop13 posts small blind (10)
    Dealing to Lakesdie: [9s, 3h, Tc, 9d]
    KREST 78 raises 60 to 60             ("to": the street total)
    --- Dealing flop [7h, 2c, 8h]        (the new cards only)
    Summary:
    Main pot: 6060 won by KREST 78 (3030 High), AApoKK (3030 Low)
    Side pot 1: 330 won by KREST 78 (165 High), LLIOPOXXX (165 Low)
    Rake taken: $0
    Seat 1: KREST 78 (3195), net: +1130, [8s, 8c, Jd, 6d] (THREE_OF_A_KIND EIGHT)
    ***** End of hand T5-330030241-3 *****

The pots are printed before rake, each with its winners; cash files of 2014 give each winner's total of
the pot without its half (checked per pot then). The cards shown are in the summary's seat lines only; a
player still in at the showdown whose cards are not printed did not show them and has no claim (RULES
§7): a muck. A bet nobody called is returned without a line (the replay returns it). With one pot, or no
rake, the printed pots less the rake are the pots after rake; with a rake and several pots the site does
not say which pot paid it: the checker derives each pot's share (RULES §13) and the printed rake is held
against what was not paid; a cash hand without its "Rake taken" line has its rake derived. A pot whose
winners are untagged (no low, or a 2014 cash file) has the hand checked per pot, not per half.
"""

from __future__ import annotations

import re

from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money, sign_currency
from hilo_cli.histories.archive import speaker
from hilo_cli.histories.base import Currency, Reader
from hilo_cli.histories.grammar import grammar
from hilo_cli.histories.plugin import group_id, record_reader
from hilo_cli.histories.seats import (
    STRUCTURES,
    HandState,
    add_seat,
    button_seat,
    seat_match,
    seat_of,
)
from hilo_cli.histories.site import Header, SiteHand, cards_of

GAME_NAMES: dict[str, str] = {"OMAHA_HI_LO": "omaha8", "OMAHA": "omaha", "OMAHA_HI": "omaha"}
LIMITS = {
    "LIMIT": "Limit",
    "FIXED_LIMIT": "Limit",
    "POT_LIMIT": "Pot Limit",
    "NO_LIMIT": "No Limit",
}

STREETS = {"flop": 1, "turn": 2, "river": 3}
VERBS = {**play.POSTS_BETS_CALLS, "raises": "raise"}
LINES = grammar(
    r"""
    ALL_IN        (?P<all_in> \[all in\])?\s*$
    start         [ \t]*\*{5} History for hand (?P<id>[0-9A-Za-z-]+)(?P<rest>.*?)\s*\*{5}\s*$
    table         ^Table: .*\((?P<limit>[A-Z_]+) (?P<game>[A-Z0-9_]+) (?P<sb>{AMOUNT})/
                  (?P<bb>{AMOUNT}), (?P<money>[^)]*)\)\s*$
    seat          ^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?P<rest>.*)$
    summary_seat  ^, net: [+-]?{AMOUNT}(?:, \[(?P<cards>[^\[\]]*)\](?: \(.*\))?)?\s*$
    button        ^Button: seat (?P<seat>\d+)\s*$
    board         ^--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\[\]]*)\]\s*$
    dealt         ^Dealing to (?P<rest>.+): \[(?P<cards>[^\[\]]*)\]\s*$
    action        ^(?P<verb>posts small blind|posts big blind|posts ante|calls|bets|raises) \(?
                  (?P<amount>{AMOUNT})\)?(?: to (?P<to>{AMOUNT}))?{ALL_IN}
    pot           ^(?P<label>Main pot|Side pot (?P<n>\d+))
                  : (?P<amount>{AMOUNT}) won by (?P<rest>.+?)\s*$
    winner        (?P<name>.+?) \((?P<amount>{AMOUNT})(?: (?P<half>High|Low))?\)(?:, |$)
    rake          ^Rake taken: (?P<amount>{AMOUNT})\s*$
    notes         ^(?:Start hand: .*|User: .*|Players in round: .*|---|Dealing pocket cards|
                  \*{5} End of hand .*)$
    """,
)


def read_header(line: str) -> tuple[str, bool]:
    """The hand's id and whether it is a tournament's."""
    m = LINES.start.match(line)
    if m is None:
        raise InputError("not an OnGame hand header (expected '***** History for hand ID *****')")
    return m.group("id"), "TOURNAMENT" in m.group("rest")


class _Reader(HandState):
    def __init__(self, source: str, numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.summary = False
        self.pots: list[int] = []
        self.raked = False  # a "Rake taken" line was read

    def read(self, lines: list[str]) -> SiteHand:
        id, tournament = read_header(lines[0])
        line = next((i for i in (1, 2) if i < len(lines) and lines[i].startswith("Table: ")), None)
        if line is None:
            raise InputError(
                f"hand #{id}: no 'Table: ... (LIMIT GAME SB/BB, money)' line after the header"
            )
        self.number = self.numbers[line]
        table = LINES.table.match(lines[line])
        if table is None:
            raise InputError(
                f"hand #{id}: cannot read the limit, the game and the stakes in {quote(lines[line])}"
            )
        sign = table.group("bb")[0] if table.group("bb")[0] in "$€£" else ""
        # Money at a real-money table is in cents, with or without a sign; chips are whole.
        self.scale = 100 if sign or "real money" in table.group("money").lower() else 1
        header = Header(
            id,
            table.group("game"),
            LIMITS.get(table.group("limit"), table.group("limit")),
            None,
            tournament,
            sign,
            money(table.group("sb"), self.scale),
            money(table.group("bb"), self.scale),
        )
        hand = self.new_hand(header, won_printed=False)
        if self.scale == 100:
            hand.currency = sign_currency(sign)
        if header.game not in GAME_NAMES:
            return hand
        self.read_lines(hand, lines, self._line)
        self._settle(hand)
        return hand

    def _line(self, hand: SiteHand, line: str) -> None:
        if line.startswith("Seat "):
            self._seat(hand, line)
        elif line == "Summary:":
            self.summary = True
        elif (b := LINES.button.match(line)) is not None:
            hand.button = button_seat(b)
        elif (m := LINES.board.match(line)) is not None:
            self.street = STREETS[m.group("street")]
            new = cards_of(m.group("cards").replace(",", " "), f"the {m.group('street')}")
            play.board_street(hand, self.number, self.street, line, new)
        elif line == "Dealing pocket cards":
            play.new_street(hand, self.number, 0, line)
        elif (d := LINES.dealt.match(line)) is not None:
            self._dealt(hand, d.group("rest"), d.group("cards"), line)
        elif self.summary and (p := LINES.pot.match(line)) is not None:
            self._pot(hand, p)
        elif self.summary and (r := LINES.rake.match(line)) is not None:
            # Tournaments print "Rake taken: $0" with their chips: a sign means money.
            hand.rake = money(
                r.group("amount"), 100 if r.group("amount")[0] in "$€£" else self.scale
            )
            self.raked = True
        elif not LINES.notes.match(line) and not line.startswith("Table: "):
            found = speaker(line, self.names)
            if found is None or self.summary:
                raise InputError(f"cannot read the line {quote(line)}")
            self._action(hand, found[0], found[1], line)

    def _dealt(self, hand: SiteHand, name: str, text: str, line: str) -> None:
        if name not in self.names:
            raise play.unseated(name, line)
        cards = cards_of(text.replace(",", " "), f"{name}'s cards")
        play.deal_hand(hand, self.number, self.street, name, cards, line)

    def _seat(self, hand: SiteHand, line: str) -> None:
        s = seat_match(LINES.seat, line)
        name = s.group("name")
        if self.summary:
            self._summary_seat(hand, name, s.group("rest"), line)
            return
        if s.group("rest").strip():
            raise InputError(f"cannot read the seat line {quote(line)}")
        self.names = add_seat(hand, seat_of(s, self.scale))

    def _summary_seat(self, hand: SiteHand, name: str, rest: str, line: str) -> None:
        if not rest.strip():
            return
        m = LINES.summary_seat.match(rest)
        if m is None or name not in self.names:
            raise InputError(f"cannot read the summary's seat line {quote(line)}")
        if m.group("cards"):
            hand.summary_cards[name] = cards_of(
                m.group("cards").replace(",", " "), f"{name}'s cards"
            )

    def _pot(self, hand: SiteHand, m: re.Match[str]) -> None:
        n = m.group("n")
        pot = play.pot_number(n, 0)
        if pot != len(self.pots):
            raise InputError(
                f"the {m.group('label').lower()} is printed out of order in {quote(m.group(0))}"
            )
        self.pots.append(money(m.group("amount"), self.scale))
        rest, at = m.group("rest"), 0
        while at < len(rest):
            w = LINES.winner.match(rest, at)
            if w is None or w.group("name") not in self.names:
                raise InputError(
                    f"cannot read the winners of the {m.group('label').lower()} in {quote(m.group(0))}"
                )
            half = w.group("half").lower() if w.group("half") else None
            amount = money(w.group("amount"), self.scale)
            play.add_award(
                hand, self.number, w.group("name"), amount, pot, m.group("label").lower(), half
            )
            at = w.end()

    def _action(self, hand: SiteHand, name: str, rest: str, line: str) -> None:
        number, street = self.number, self.street
        if play.fold_or_check(hand, number, street, name, rest, line):
            return
        m = LINES.action.match(rest)
        if m is None:
            raise InputError(f"cannot read the action {quote(line)}")
        verb, amount = VERBS[m.group("verb")], money(m.group("amount"), self.scale)
        to = money(m.group("to"), self.scale) if m.group("to") else None
        if verb == "raise" and to is None:
            raise InputError(f"a raise without its total ('raises X to Y') in {quote(line)}")
        play.add_bet(hand, number, street, name, verb, amount, to, m, line)

    def _settle(self, hand: SiteHand) -> None:
        """The showdown's mucks, and the pots and rake as the checker takes them (module docstring)."""
        acting = {a.player for a in hand.actions if a.player}
        live = acting - {a.player for a in hand.actions if a.verb == "fold"}
        if len(live) > 1 and live & set(hand.summary_cards):
            all_in = {a.player for a in hand.actions if a.all_in}
            for name in sorted(live - set(hand.summary_cards)):
                if (
                    name in all_in and name in hand.dealt
                ):  # an all-in hand is turned face up (RULES §7)
                    hand.summary_cards[name] = hand.dealt[name]
                else:
                    hand.mucks.add(name)
        # A pot whose winners are untagged (no low, or the 2014 cash files) leaves the hand checked per pot.
        if not self.raked and not hand.header.tournament:
            hand.rake_printed, hand.pots_printed = (
                False,
                False,
            )  # no "Rake taken" line: derived (RULES §13)
            return
        if hand.rake and len(self.pots) > 1:
            paid = sum(c.amount for c in hand.collects)
            if sum(self.pots) - paid != hand.rake:
                show = (hand.currency or Currency()).show
                hand.disagreements.append(
                    f"the pots add up to {show(sum(self.pots))} and {show(paid)} was paid, "
                    f"but the summary says the rake was {show(hand.rake)}"
                )
            hand.rake, hand.rake_printed, hand.pots_printed = 0, False, False
            return
        hand.total = sum(self.pots)
        hand.printed_pots = [p - (hand.rake if i == 0 else 0) for i, p in enumerate(self.pots)]


_DETECT = re.compile(r"^\ufeff?[ \t]*\*{5} History for hand [0-9A-Za-z-]+.*\*{5}\s*$", re.MULTILINE)


def detect(head: str) -> bool:
    """OnGame text holds a line that starts an OnGame hand (``***** History for hand ID ... *****``)."""
    return _DETECT.search(head) is not None


def starts_hand(line: str) -> bool:
    """Whether ``line`` is a hand's header (after spaces and tabs)."""
    return LINES.start.match(line) is not None


read_record = record_reader(_Reader, group_id(LINES.start), GAME_NAMES, STRUCTURES)
"""One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""


READER = Reader("ongame", "OnGame", (".txt",), detect, starts_hand, read_record)
