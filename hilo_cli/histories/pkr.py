"""PKR hand histories (a closed site's archives, issue 18).

PKR writes a hand as::

    Table #45061966 - Tournament #25865515 Table #21
    Starting Hand #2087124046
    Game Type: OMAHA HI/LO
    Limit Type: POT LIMIT
    Money Type: TOURNAMENT CHIPS
    Blinds are now 10 / 20
    Seat 1: Player9 - 1,110
    Moving Button to seat 9                (the button of this hand)
    Player8 posts small blind (10)
    Dealing [9 c][Q d][6 s][5 h] to Hero
    Player2 raises to 40                   (a street total)
    Dealing Flop [7 d][8 c][4 h]           (the new cards only)
    Returning 710 to Hero uncalled
    Pot sizes: 4,450                       (after each street: the main pot, then each side pot)
    Pot sizes: 270
    Player9 shows [2 s][J h][T h][3 c]
    Hero wins 135 from side pot #1 with high hand: Straight, 8 high
    Player9 wins 2,225 with low hand: A2347
    Taking Rake of $1 from pot 1           (cash: pot 1 the main pot)
    Seat 1: Player9 - 2,225                (after the hand: the stacks; not read)
    End of Hand #2087124046

There is no summary: the last "Pot sizes" lines are the pots (before rake: the rake is taken "from" a
pot), each pot's rake is its "Taking Rake" lines, and the pots after rake are the difference. A hand with
no "Pot sizes" line and a rake line leaves its rake to be derived (RULES §13).
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import pattern, sign_currency
from hilo_cli.histories.base import HandRecord
from hilo_cli.histories.records import STRUCTURES
from hilo_cli.histories.site import BRACKETS, Header, SiteHand, cards_of
from hilo_cli.histories.text import (
    POSTS_BETS_CALLS,
    TextReader,
    button_seat,
    pot_number,
    speaker,
    unseated,
)

# A header's line: "Starting Hand #2087124046", "Game Type: OMAHA HI/LO".
FIELD = re.compile(
    r"^(?P<key>Starting Hand|Game Type|Limit Type|Table Type|Money Type)(?: #|: )(?P<value>.+?)\s*$"
)
BLINDS = pattern(r"^Blinds are now (?P<sb>{AMOUNT}) ?/ ?(?P<bb>{AMOUNT})\s*$")
# A seat line; a player away sits out the hand: "Seat 1: Player0 - $4.06 (away from table)".
SEAT = pattern(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) - (?P<stack>{AMOUNT})(?: \(away from table\))?\s*$"
)
# A player's rebuy, for the hands after this one: no chip of this hand moves ("Player9 rebuys $0.70").
REBUY = pattern(r"^.+ rebuys {AMOUNT}$")
BUTTON = re.compile(r"^(?:Button is at|Moving Button to) seat (?P<seat>\d+)\s*$")
BOARD = re.compile(r"^Dealing (?P<street>Flop|Turn|River) (?P<cards>(?:\[[^\]]*\])+)\s*$")
DEALT = re.compile(r"^Dealing (?P<cards>(?:\[[^\]]*\])+) to (?P<name>.+?)\s*$")
# A post or an action: "posts ante of $1", "brings in low for $1", "posts $2" (a player coming in: a
# big blind), "posts $1 dead" (dead: in the pot, no bet of the round).
ACTION = pattern(
    r"^(?P<verb>posts small blind|posts big blind|posts ante of|posts ante|brings in low for|"
    r"brings in for|calls|bets|raises to|posts) \(?(?P<amount>{AMOUNT})\)?(?P<dead> dead)?"
    r"(?P<all_in> \(all-in\))?\s*$"
)
# "wins 2,225 with low hand: ..", "ties 135 from side pot #1 with high hand: ..", "ties side pot #1,
# and wins 135 ..." (the pot named before the amount); a high-only game's "wins $0.13 with: Straight".
AWARD = pattern(
    r"^(?:ties(?: side pot #(?P<tied>\d+))?, and )?(?:wins|ties) (?P<amount>{AMOUNT})"
    r"(?: from side pot #(?P<n>\d+))?(?: with (?P<half>high|low) hand\b.*| with: .*)?\s*$"
)
UNCALLED = pattern(r"^Returning (?P<amount>{AMOUNT}) to (?P<name>.+) uncalled\s*$")
POT_SIZE = pattern(r"^Pot sizes: (?P<amount>{AMOUNT})\s*$")
RAKE = pattern(r"^Taking Rake of (?P<amount>{AMOUNT}) from pot (?P<n>\d+)\s*$")
# Lines that say nothing to check, and what a player's line may say that moves no chips.
LINES = re.compile(
    r"^(?:Start time of hand: .*|Last Hand .*|Shuffling Deck|Dealing Cards|End of Hand #.*|"
    r"There is no qualifying low hand|.+ brings [\d,.$€£]+ to table \d+|.+ rebuys [\d,.$€£]+|"
    r".+ has joined from .+)$"
)
NOTES = re.compile(
    r"^(?:has .*|did not respond in time and is folded|says .*|[a-z]+s\.|is sitting out|"
    r"sits out|is back|has left the table)$"
)

GAME_NAMES = {"OMAHA HI/LO": "omaha8", "OMAHA": "omaha", "OMAHA HI": "omaha"}
LIMITS: dict[str, Structure] = {**STRUCTURES, "Fixed Limit": "fixed"}
STREETS = {"Flop": 1, "Turn": 2, "River": 3}
VERBS = {
    **POSTS_BETS_CALLS,
    "posts ante of": "ante",
    "brings in for": "bring in",
    "brings in low for": "bring in",
    "posts": "big blind",
    "raises to": "raise",
}
# How many lines of a hand's start its header may take.
SCAN = 12


def bracketed(text: str, what: str) -> tuple[Card, ...]:
    """``[9 c][Q d]``: the cards of every bracket, ``what`` they are naming them in an error."""
    return cards_of(" ".join(c.replace(" ", "") for c in BRACKETS.findall(text)), what)


class PKR(TextReader):
    """One PKR hand: the header's lines, then the seats and the play; the last "Pot sizes" lines
    (``pots``) and each pot's "Taking Rake" lines (``rakes``) settle the pots (``settle``)."""

    NAME = "pkr"
    TITLE = "PKR"
    START = re.compile(r"[ \t]*Table #\d+ -[ ]")
    GAMES = GAME_NAMES
    LIMITS = LIMITS

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.dealing = False  # "Dealing Cards" read: a seat line is a stack after the hand
        self.pots: list[int] = []
        self.sizes_open = False
        self.rakes: dict[int, int] = {}

    @classmethod
    def read_hand(cls, source: str, line: int, raw: list[str]) -> HandRecord:
        """A rebuy written between two hands (after ``End of Hand #N``) is no part of either: read as
        the blank line it stands between."""
        end = next((i for i, t in enumerate(raw) if t.lstrip().startswith("End of Hand #")), None)
        if end is not None:
            raw = raw[: end + 1] + ["" if REBUY.match(t.strip()) else t for t in raw[end + 1 :]]
        return super().read_hand(source, line, raw)

    def header(self) -> Header:
        """The header's lines after the table line (the hand's id, game, limit, money, blinds), in any
        order; the seats begin at the first other line."""
        lines = self.lines
        if not self.START.match(lines[0]):
            # The lines before the file's first "Table #N - ..." line: the end of a hand cut off.
            raise InputError(
                f"the file starts inside a hand (its first lines are missing): {quote(lines[0])}"
            )
        # The hand is named by the "Starting Hand" line, where it is the second or third line.
        fields_named = (
            f for f in map(FIELD.match, lines[1:3]) if f and f.group("key") == "Starting Hand"
        )
        self.id = next((f.group("value") for f in fields_named), None)
        fields: dict[str, str] = {}
        blinds = None
        at = 1
        while at < min(len(lines), SCAN):
            if (f := FIELD.match(lines[at])) is not None:
                fields[f.group("key")] = f.group("value")
            elif lines[at].startswith("Blinds are now "):
                blinds = BLINDS.match(lines[at])
                if blinds is None:
                    raise InputError(
                        f"hand #{fields.get('Starting Hand')}: cannot read the blinds in "
                        f"{quote(lines[at])}"
                    )
            elif not lines[at].startswith(("Start time of hand:", "Last Hand ")):
                break
            at += 1
        id = fields.get("Starting Hand")
        if id is None or not id.isdigit():
            raise InputError("not a PKR hand (no 'Starting Hand #N' line after the table line)")
        if "Game Type" not in fields or "Limit Type" not in fields or blinds is None:
            raise InputError(f"hand #{id}: the header lacks its game, limit or blinds")
        kind = fields.get("Money Type", "") + " " + fields.get("Table Type", "")
        sign = blinds.group("bb")[0] if blinds.group("bb")[0] in "$€£" else ""
        cash = "REAL" in kind.upper() or bool(sign)
        self.scale = 100 if cash else 1
        header = Header(
            id,
            fields["Game Type"],
            fields["Limit Type"].title(),
            None,
            "TOURNAMENT" in kind.upper(),
            (sign or "$") if cash else "",
            self.amount(blinds.group("sb")),
            self.amount(blinds.group("bb")),
        )
        # The base reads on from line ``at``; a hand cut short before it is named at its first line.
        self.at = at - 1
        return header

    def begin(self, header: Header) -> SiteHand:
        hand = self.new_hand(header, won_printed=False, pots_printed=False)
        if header.currency:
            hand.currency = sign_currency(header.currency)
        return hand

    def line(self, text: str) -> None:
        sizes = POT_SIZE.match(text)
        if sizes is not None:
            if not self.sizes_open:
                self.pots, self.sizes_open = [], True
            self.pots.append(self.amount(sizes.group("amount")))
            return
        self.sizes_open = False
        if text.startswith("Seat "):
            s = SEAT.match(text)
            if s is None:
                raise InputError(f"cannot read the seat line {quote(text)}")
            if not self.dealing:  # once the cards are dealt, the stacks after the hand
                self.take_seat(s.group("seat"), s.group("name"), s.group("stack"))
        elif (b := BUTTON.match(text)) is not None:
            self.hand.button = button_seat(b)
        elif text == "Dealing Cards":
            self.dealing = True
            # The first street's line: the street being dealt is left as it is.
            self.hand.add_street(self.number, 0, text)
        elif (m := BOARD.match(text)) is not None:
            street = m.group("street")
            self.board_street(STREETS[street], bracketed(m.group("cards"), f"the {street.lower()}"))
        elif (d := DEALT.match(text)) is not None:
            name = d.group("name")
            if name not in self.names:
                raise unseated(name, text)
            self.deal_hand(name, bracketed(d.group("cards"), f"{name}'s cards"))
        elif (u := UNCALLED.match(text)) is not None:
            name = u.group("name")
            if name not in self.names:
                raise InputError(f"a bet returned to {quote(name, 40)}, who is not seated")
            self.return_uncalled(name, self.amount(u.group("amount")))
        elif (r := RAKE.match(text)) is not None:
            pot = digits(r.group("n"), "a pot's number", MAX_SEAT) - 1
            if pot < 0:
                raise InputError(f"there is no pot 0 in {quote(text)}")
            self.rakes[pot] = self.rakes.get(pot, 0) + self.amount(r.group("amount"))
        elif not LINES.match(text):
            self.spoken(text)

    def finish(self) -> None:
        super().finish()
        self.settle()

    def spoken(self, text: str) -> None:
        """A line that starts with a seated player's name (or an observer's chat)."""
        found = speaker(text, self.names)
        if found is None:
            if ": " in text:  # an observer's chat
                return
            raise InputError(f"cannot read the line {quote(text)}")
        name, rest = found
        if text[len(name)] == ":" or NOTES.match(rest):
            return
        if not self.fold_or_check(name, rest):
            self.action(name, rest)

    def action(self, name: str, rest: str) -> None:
        """A seated player's line but a fold, a check or a note, ``rest`` what follows the name."""
        m = ACTION.match(rest)
        if m is not None:
            verb, printed = VERBS[m.group("verb")], self.amount(m.group("amount"))
            if m.group("dead"):
                if m.group("verb") != "posts":
                    raise InputError(f"cannot read the action {quote(self.text)}")
                verb = "ante"  # a dead post: in the pot, no bet of the round
            elif verb == "big blind" and m.group("verb") == "posts" and printed == 0:
                return  # "posts 0": nothing live (its dead part is a line of its own)
            before = self.bets.get(name, 0)
            # A call, a bet and a raise are written as the street's total; a post or an ante as itself.
            amount = printed - before if verb in ("call", "bet") else printed
            if amount <= 0 and verb != "ante":
                raise InputError(
                    f"{quote(self.text)} puts nothing in: {name} has {before} in this round already"
                )
            to = printed if verb == "raise" else None
            self.act(name, verb, amount, to, m.group("all_in") is not None)
            return
        m = AWARD.match(rest)
        if m is not None:
            n = m.group("n") or m.group("tied")
            label = f"side pot #{n}" if n else "main pot"
            self.award(
                name, self.amount(m.group("amount")), pot_number(n, 0), label, m.group("half")
            )
            return
        if rest.startswith("shows ["):
            self.show(name, bracketed(rest, f"{name}'s cards"))
            return
        if rest == "mucks":
            self.muck_at_showdown(name)
            return
        if rest.startswith("folds and shows ["):  # a fold, its cards shown to the table
            bracketed(rest, f"{name}'s cards")
            self.fold_or_check(name, "folds")
            return
        raise InputError(f"cannot read the action {quote(self.text)}")

    def settle(self) -> None:
        """The pots before and after rake, where the "Pot sizes" lines give them (module docstring)."""
        hand = self.hand
        hand.rake = sum(self.rakes.values())
        if not self.pots:
            hand.rake_printed = not hand.rake
            hand.rake = 0
            return
        if any(pot >= len(self.pots) for pot in self.rakes):
            hand.disagreements.append(
                f"rake was taken from pot {max(self.rakes) + 1}, but the last 'Pot sizes' "
                f"lines print {len(self.pots)} pot(s)"
            )
            hand.rake_printed, hand.rake = False, 0
            return
        hand.total = sum(self.pots)
        hand.printed_pots = [p - self.rakes.get(i, 0) for i, p in enumerate(self.pots)]
        hand.pots_printed = True


READER = PKR.plugin()
