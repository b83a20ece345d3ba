"""OnGame hand histories (a closed network's archives, issue 18).

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

Stud (``SEVEN_CARD_STUD_HI_LO``): "small bring in", "big bring in" (completing at once), "Dealing 4th
street" ... "Dealing river" and each player's new cards ("-" one not shown); a stud raise's "to" is the
player's total over the streets, so the street total is what it leaves after the streets before.
"""

from __future__ import annotations

import re

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money, pattern, sign_currency
from hilo_cli.histories.base import Currency
from hilo_cli.histories.site import Header, Seat, SiteHand, cards_of
from hilo_cli.histories.text import (
    POSTS_BETS_CALLS,
    TextReader,
    button_seat,
    pot_number,
    speaker,
    unseated,
)

# The hand's first line, read as its header too.
START = re.compile(r"[ \t]*\*{5} History for hand (?P<id>[0-9A-Za-z-]+)(?P<rest>.*?)\s*\*{5}\s*$")
TABLE = pattern(
    r"^Table: .*\((?P<limit>[A-Z_]+) (?P<game>[A-Z0-9_]+) (?P<sb>{AMOUNT})/"
    r"(?P<bb>{AMOUNT}), (?P<money>[^)]*)\)\s*$"
)
SEAT = pattern(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?P<rest>.*)$")
# What follows the stack of a summary's seat line: ", net: +1130, [8s, 8c, Jd, 6d] (...)".
SUMMARY_SEAT = pattern(r"^, net: [+-]?{AMOUNT}(?:, \[(?P<cards>[^\[\]]*)\](?: \(.*\))?)?\s*$")
BUTTON = re.compile(r"^Button: seat (?P<seat>\d+)\s*$")
BOARD = re.compile(r"^--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\[\]]*)\]\s*$")
# A stud street's line: "Dealing 4th street" ... "Dealing river" (its cards on the "Dealing to" lines).
STUD_STREET = re.compile(r"^(?:--- )?Dealing (?P<name>4th street|5th street|6th street|river)\s*$")
STUD_STREETS = {"4th street": 1, "5th street": 2, "6th street": 3, "river": 4}
# "Dealing to X: [..]", or "New hand for X: [..]" (the same line in some files); stud: "-" a card hidden.
DEALT = re.compile(r"^(?:Dealing to|New hand for) (?P<rest>.+): \[(?P<cards>[^\[\]]*)\]\s*$")
# A post or an action; "posts small & big blind ( $0.75)" (both, the small one dead), "posts dead blind
# ($0.25)" (dead: in the pot, no bet of the round); all in as " [all in]" or " and is all-in".
ACTION = pattern(
    r"^(?P<verb>posts small blind|posts big blind|posts small & big blind|posts dead blind|"
    r"posts ante|small bring in|big bring in|calls|bets|raises) \(? ?(?P<amount>{AMOUNT})\)?"
    r"(?: to (?P<to>{AMOUNT}))?"
    r"(?P<all_in> \[all in\]| and is all-in)?\s*$"
)
POT = pattern(
    r"^(?P<label>Main pot|Side pot (?P<n>\d+)): (?P<amount>{AMOUNT}) won by (?P<rest>.+?)\s*$"
)
# Each winner of a pot: "KREST 78 (3030 High), ".
WINNER = pattern(r"(?P<name>.+?) \((?P<amount>{AMOUNT})(?: (?P<half>High|Low))?\)(?:, |$)")
RAKE = pattern(r"^Rake taken: (?P<amount>{AMOUNT})\s*$")
NOTES = re.compile(
    r"^(?:Start hand: .*|User: .*|Players in round: .*|---|Dealing pocket cards|"
    r"\*{5} End of hand .*)$"
)

GAME_NAMES = {
    "OMAHA_HI_LO": "omaha8",
    "OMAHA": "omaha",
    "OMAHA_HI": "omaha",
    "SEVEN_CARD_STUD_HI_LO": "stud8",
}
LIMIT_WORDS = {
    "LIMIT": "Limit",
    "FIXED_LIMIT": "Limit",
    "POT_LIMIT": "Pot Limit",
    "NO_LIMIT": "No Limit",
}
STREETS = {"flop": 1, "turn": 2, "river": 3}
VERBS = {
    **POSTS_BETS_CALLS,
    "posts small & big blind": "small and big blinds",
    "posts dead blind": "ante",
    "small bring in": "bring in",
    "big bring in": "complete",  # the bring-in's player completing to the small bet at once
    "raises": "raise",
}


class OnGame(TextReader):
    """One OnGame hand; after ``Summary:`` (``summary``) the lines are the summary's: each pot and its
    winners (``pots``, the amounts as printed), the rake, the seats' shown cards."""

    NAME = "ongame"
    TITLE = "OnGame"
    START = START
    GAMES = GAME_NAMES

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.summary = False
        self.pots: list[int] = []
        self.raked = False  # a "Rake taken" line was read
        self.stud = False
        self.earlier: dict[str, int] = {}  # stud: each player's bets on the streets before this one

    def header(self) -> Header:
        """The header and the table line after it (the game, the limit, the stakes, the money); the
        lines after the header are still read from the second on (the table line a note among them)."""
        m = START.match(self.lines[0])
        if m is None:
            raise InputError(
                "not an OnGame hand header (expected '***** History for hand ID *****')"
            )
        self.id, tournament = m.group("id"), "TOURNAMENT" in m.group("rest")
        lines = self.lines
        line = next((i for i in (1, 2) if i < len(lines) and lines[i].startswith("Table: ")), None)
        if line is None:
            raise InputError(
                f"hand #{self.id}: no 'Table: ... (LIMIT GAME SB/BB, money)' line after the header"
            )
        self.number = self.numbers[line]
        table = TABLE.match(lines[line])
        if table is None:
            raise InputError(
                f"hand #{self.id}: cannot read the limit, the game and the stakes in "
                f"{quote(lines[line])}"
            )
        sign = table.group("bb")[0] if table.group("bb")[0] in "$€£" else ""
        # Money at a real-money table is in cents, with or without a sign; chips are whole.
        self.scale = 100 if sign or "real money" in table.group("money").lower() else 1
        return Header(
            self.id,
            table.group("game"),
            LIMIT_WORDS.get(table.group("limit"), table.group("limit")),
            None,
            tournament,
            sign,
            self.amount(table.group("sb")),
            self.amount(table.group("bb")),
        )

    def begin(self, header: Header) -> SiteHand:
        self.stud = GAME_NAMES.get(header.game) == "stud8"
        hand = self.new_hand(header, won_printed=False)
        if self.scale == 100:
            hand.currency = sign_currency(header.currency)
        return hand

    def line(self, text: str) -> None:
        if text.startswith("Seat "):
            self.read_seat(text)
        elif text == "Summary:":
            self.summary = True
        elif (b := BUTTON.match(text)) is not None:
            self.hand.button = button_seat(b)
        elif (m := BOARD.match(text)) is not None:
            new = cards_of(m.group("cards").replace(",", " "), f"the {m.group('street')}")
            self.board_street(STREETS[m.group("street")], new)
        elif text == "Dealing pocket cards":
            # The first street's line: the street being dealt is left as it is.
            self.hand.add_street(self.number, 0, text)
        elif self.stud and (t := STUD_STREET.match(text)) is not None:
            for name, chips in self.bets.items():
                self.earlier[name] = self.earlier.get(name, 0) + chips
            self.new_street(STUD_STREETS[t.group("name")])
        elif (d := DEALT.match(text)) is not None:
            name = d.group("rest")
            if name not in self.names:
                raise unseated(name, text)
            if self.stud:  # the street's new cards, "-" for one not shown
                words = [w.strip() for w in d.group("cards").split(",")]
                known = " ".join(w for w in words if w != "-")
                self.deal_cards(name, cards_of(known, f"{name}'s cards"))
            else:
                self.deal_hand(
                    name, cards_of(d.group("cards").replace(",", " "), f"{name}'s cards")
                )
        elif self.summary and (p := POT.match(text)) is not None:
            self.pot(p)
        elif self.summary and (r := RAKE.match(text)) is not None:
            # Tournaments print "Rake taken: $0" with their chips: a sign means money.
            amount = r.group("amount")
            self.hand.rake = money(amount, 100 if amount[0] in "$€£" else self.scale)
            self.raked = True
        elif not NOTES.match(text) and not text.startswith("Table: "):
            found = speaker(text, self.names)
            if found is None or self.summary:
                raise InputError(f"cannot read the line {quote(text)}")
            self.action(*found)

    def finish(self) -> None:
        super().finish()
        self.settle()

    def read_seat(self, text: str) -> None:
        """A seat line: before the summary the seat taken (its stack read before it is checked), in it
        the cards the seat showed."""
        s = SEAT.match(text)
        if s is None:
            raise InputError(f"cannot read the seat line {quote(text)}")
        name, rest = s.group("name"), s.group("rest")
        if self.summary:
            if not rest.strip():
                return
            m = SUMMARY_SEAT.match(rest)
            if m is None or name not in self.names:
                raise InputError(f"cannot read the summary's seat line {quote(text)}")
            if m.group("cards"):
                self.hand.summary_cards[name] = cards_of(
                    m.group("cards").replace(",", " "), f"{name}'s cards"
                )
            return
        if rest.strip():
            raise InputError(f"cannot read the seat line {quote(text)}")
        seat = digits(s.group("seat"), "a seat", MAX_SEAT)
        self.seat(Seat(seat, name, self.amount(s.group("stack"))))

    def pot(self, m: re.Match[str]) -> None:
        """``Main pot: 6060 won by KREST 78 (3030 High), AApoKK (3030 Low)``, the pots in order."""
        n, label = m.group("n"), m.group("label").lower()
        pot = pot_number(n, 0)
        if pot != len(self.pots):
            raise InputError(f"the {label} is printed out of order in {quote(m.group(0))}")
        self.pots.append(self.amount(m.group("amount")))
        rest, at = m.group("rest"), 0
        while at < len(rest):
            w = WINNER.match(rest, at)
            if w is None or w.group("name") not in self.names:
                raise InputError(f"cannot read the winners of the {label} in {quote(m.group(0))}")
            half = w.group("half").lower() if w.group("half") else None
            self.award(w.group("name"), self.amount(w.group("amount")), pot, label, half)
            at = w.end()

    def action(self, name: str, rest: str) -> None:
        """A seated player's line, ``rest`` what follows the name."""
        if self.fold_or_check(name, rest) or rest == "sits out":
            return
        m = ACTION.match(rest)
        if m is None:
            raise InputError(f"cannot read the action {quote(self.text)}")
        verb, amount = VERBS[m.group("verb")], self.amount(m.group("amount"))
        to = self.amount(m.group("to")) if m.group("to") else None
        if verb == "raise" and to is None:
            raise InputError(f"a raise without its total ('raises X to Y') in {quote(self.text)}")
        if self.stud and to is not None:
            # A stud raise's "to" is the player's total over the streets (antes left out).
            to -= self.earlier.get(name, 0)
        if verb == "big blind" and self.first_of_equal_blinds():
            verb = "small blind"  # at $0.50/$0.50 both blinds are written "posts big blind"
        if verb == "complete":
            to = amount
        elif verb == "bet" and self.stud and self.street == 0:
            verb, to = "complete", self.bets.get(name, 0) + amount  # third street's bet completes
        self.act(name, verb, amount, to, m.group("all_in") is not None)

    def first_of_equal_blinds(self) -> bool:
        """Whether a big blind posted now is the small one: the stakes' blinds are equal and no blind
        has been posted yet."""
        header = self.hand.header
        posted = any(a.verb in ("small blind", "big blind") for a in self.hand.actions)
        return header.small == header.big and not posted

    def settle(self) -> None:
        """The showdown's mucks, and the pots and rake as the checker takes them (module docstring)."""
        hand = self.hand
        acting = {a.player for a in hand.actions if a.player}
        live = acting - {a.player for a in hand.actions if a.verb == "fold"}
        if len(live) > 1 and live & set(hand.summary_cards):
            all_in = {a.player for a in hand.actions if a.all_in}
            for name in sorted(live - set(hand.summary_cards)):
                if name in all_in and name in hand.dealt:
                    # An all-in hand is turned face up (RULES §7).
                    hand.summary_cards[name] = hand.dealt[name]
                else:
                    hand.mucks.add(name)
        # A pot whose winners are untagged (no low, or the 2014 cash files) leaves the hand checked per pot.
        if not self.raked and not hand.header.tournament:
            # No "Rake taken" line: the rake is derived (RULES §13).
            hand.rake_printed, hand.pots_printed = False, False
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


READER = OnGame.plugin()
