"""PKR hand histories (a closed site's archives, issue 18): the plug-in (``READER``) and its lines.

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
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money, sign_currency
from hilo_cli.histories.archive import speaker
from hilo_cli.histories.base import Reader
from hilo_cli.histories.grammar import grammar
from hilo_cli.histories.plugin import record_reader
from hilo_cli.histories.seats import STRUCTURES as BASE_STRUCTURES
from hilo_cli.histories.seats import HandState, add_seat, button_seat, seat_match, seat_of
from hilo_cli.histories.site import BRACKETS, Header, SiteHand, cards_of

GAME_NAMES: dict[str, str] = {"OMAHA HI/LO": "omaha8", "OMAHA": "omaha", "OMAHA HI": "omaha"}
STRUCTURES: dict[str, Structure] = {**BASE_STRUCTURES, "Fixed Limit": "fixed"}

STREETS = {"Flop": 1, "Turn": 2, "River": 3}
VERBS = {**play.POSTS_BETS_CALLS, "raises to": "raise"}
LINES = grammar(
    r"""
    ALL_IN    (?P<all_in> \(all-in\))?\s*$
    start     [ \t]*Table #\d+ -[ ]
    field     ^(?P<key>Starting Hand|Game Type|Limit Type|Table Type|Money Type)(?: #|: )
              (?P<value>.+?)\s*$
    blinds    ^Blinds are now (?P<sb>{AMOUNT}) / (?P<bb>{AMOUNT})\s*$
    seat      ^Seat (?P<seat>\d+): (?P<name>.+?) - (?P<stack>{AMOUNT})\s*$
    button    ^(?:Button is at|Moving Button to) seat (?P<seat>\d+)\s*$
    board     ^Dealing (?P<street>Flop|Turn|River) (?P<cards>(?:\[[^\]]*\])+)\s*$
    dealt     ^Dealing (?P<cards>(?:\[[^\]]*\])+) to (?P<name>.+?)\s*$
    action    ^(?P<verb>posts small blind|posts big blind|posts ante|calls|bets|raises to) \(?
              (?P<amount>{AMOUNT})\)?{ALL_IN}
    award     ^(?:wins|ties) (?P<amount>{AMOUNT})(?: from side pot #(?P<n>\d+))?
              (?: with (?P<half>high|low) hand\b.*)?\s*$
    uncalled  ^Returning (?P<amount>{AMOUNT}) to (?P<name>.+) uncalled\s*$
    pot_size  ^Pot sizes: (?P<amount>{AMOUNT})\s*$
    rake      ^Taking Rake of (?P<amount>{AMOUNT}) from pot (?P<n>\d+)\s*$
    lines     ^(?:Start time of hand: .*|Last Hand .*|Shuffling Deck|Dealing Cards|End of Hand #.*|
              There is no qualifying low hand|.+ brings [\d,.$€£]+ to table \d+|
              .+ has joined from .+)$
    notes     ^(?:has .*|did not respond in time and is folded|says .*|[a-z]+s\.|is sitting out|
              sits out|is back|has left the table)$
    """,
)


def _cards(text: str, what: str) -> tuple[Card, ...]:
    return cards_of(" ".join(c.replace(" ", "") for c in BRACKETS.findall(text)), what)


def read_header(lines: list[str], scan: int = 12) -> tuple[Header, int]:
    """The header of a hand: its id, game, limit, stakes; and where the seats begin."""
    fields: dict[str, str] = {}
    blinds = None
    at = 1
    while at < min(len(lines), scan):
        if (f := LINES.field.match(lines[at])) is not None:
            fields[f.group("key")] = f.group("value")
        elif lines[at].startswith("Blinds are now "):
            blinds = LINES.blinds.match(lines[at])
            if blinds is None:
                raise InputError(
                    f"hand #{fields.get('Starting Hand')}: cannot read the blinds in {quote(lines[at])}"
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
    scale = 100 if cash else 1
    return Header(
        id,
        fields["Game Type"],
        fields["Limit Type"].title(),
        None,
        "TOURNAMENT" in kind.upper(),
        (sign or "$") if cash else "",
        money(blinds.group("sb"), scale),
        money(blinds.group("bb"), scale),
    ), at


class _Reader(HandState):
    def __init__(self, source: str, numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.dealing = False
        self.pots: list[int] = []
        self.sizes_open = False
        self.rakes: dict[int, int] = {}
        self.bets: dict[str, int] = {}  # each player's total in this betting round

    def read(self, lines: list[str]) -> SiteHand:
        header, first = read_header(lines)
        self.scale = 100 if header.currency else 1
        hand = self.new_hand(header, won_printed=False, pots_printed=False)
        if header.currency:
            hand.currency = sign_currency(header.currency)
        if header.game not in GAME_NAMES:
            return hand
        self.read_lines(hand, lines, self._line, first)
        self._settle(hand)
        return hand

    def _line(self, hand: SiteHand, line: str) -> None:
        sizes = LINES.pot_size.match(line)
        if sizes is not None:
            if not self.sizes_open:
                self.pots, self.sizes_open = [], True
            self.pots.append(money(sizes.group("amount"), self.scale))
            return
        self.sizes_open = False
        if line.startswith("Seat "):
            self._seat(hand, line)
        elif (b := LINES.button.match(line)) is not None:
            hand.button = button_seat(b)
        elif line == "Dealing Cards":
            self.dealing = True
            play.new_street(hand, self.number, 0, line)
        elif (m := LINES.board.match(line)) is not None:
            self.street, self.bets = STREETS[m.group("street")], {}
            new = _cards(m.group("cards"), f"the {m.group('street').lower()}")
            play.board_street(hand, self.number, self.street, line, new)
        elif (d := LINES.dealt.match(line)) is not None:
            self._dealt(hand, d.group("name"), d.group("cards"), line)
        elif (u := LINES.uncalled.match(line)) is not None:
            if u.group("name") not in self.names:
                raise InputError(
                    f"a bet returned to {quote(u.group('name'), 40)}, who is not seated"
                )
            name = u.group("name")
            play.return_uncalled(hand, name, money(u.group("amount"), self.scale))
        elif (r := LINES.rake.match(line)) is not None:
            pot = digits(r.group("n"), "a pot's number", MAX_SEAT) - 1
            if pot < 0:
                raise InputError(f"there is no pot 0 in {quote(line)}")
            self.rakes[pot] = self.rakes.get(pot, 0) + money(
                r.group("amount"), 100 if self.scale == 100 else 1
            )
        elif not LINES.lines.match(line):
            self._spoken(hand, line)

    def _spoken(self, hand: SiteHand, line: str) -> None:
        found = speaker(line, self.names)
        if found is None:
            if ": " in line:  # an observer's chat
                return
            raise InputError(f"cannot read the line {quote(line)}")
        name, rest = found
        if line[len(name)] == ":" or LINES.notes.match(rest):
            return
        if not play.fold_or_check(hand, self.number, self.street, name, rest, line):
            self._action(hand, name, rest, line)

    def _dealt(self, hand: SiteHand, name: str, text: str, line: str) -> None:
        if name not in self.names:
            raise play.unseated(name, line)
        play.deal_hand(hand, self.number, self.street, name, _cards(text, f"{name}'s cards"), line)

    def _seat(self, hand: SiteHand, line: str) -> None:
        s = seat_match(LINES.seat, line)
        if self.dealing:  # the stacks after the hand
            return
        self.names = add_seat(hand, seat_of(s, self.scale))

    def _action(self, hand: SiteHand, name: str, rest: str, line: str) -> None:
        number, street = self.number, self.street
        m = LINES.action.match(rest)
        if m is not None:
            verb, printed = VERBS[m.group("verb")], money(m.group("amount"), self.scale)
            before = self.bets.get(name, 0)
            # A call, a bet and a raise are written as the street's total; a post or an ante as itself.
            amount = printed - before if verb in ("call", "bet") else printed
            if amount <= 0 and verb != "ante":
                raise InputError(
                    f"{quote(line)} puts nothing in: {name} has {before} in this round already"
                )
            totals = verb in ("call", "bet", "raise")
            self.bets[name] = printed if totals else before + (printed if verb != "ante" else 0)
            to = printed if verb == "raise" else None
            play.add_bet(hand, number, street, name, verb, amount, to, m, line)
            return
        m = LINES.award.match(rest)
        if m is not None:
            n = m.group("n")
            pot = play.pot_number(n, 0)
            label = f"side pot #{n}" if n else "main pot"
            amount = money(m.group("amount"), self.scale)
            play.add_award(hand, number, name, amount, pot, label, m.group("half"))
            return
        if rest.startswith("shows ["):
            cards = _cards(rest, f"{name}'s cards")
            play.show_cards(hand, number, street, name, cards, line)
            return
        if rest == "mucks":
            play.muck_at_showdown(hand, number, street, name, line)
            return
        raise InputError(f"cannot read the action {quote(line)}")

    def _settle(self, hand: SiteHand) -> None:
        """The pots before and after rake, where the "Pot sizes" lines give them (module docstring)."""
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


_DETECT = re.compile(r"^[ \t]*Table #\d+ - .*\n[ \t]*Starting Hand #\d+[ \t]*$", re.MULTILINE)


def detect(head: str) -> bool:
    """PKR text holds a hand's first two lines: ``Table #N - ...`` then ``Starting Hand #N``."""
    return _DETECT.search(head) is not None


def starts_hand(line: str) -> bool:
    """Whether ``line`` is a hand's first line (after spaces and tabs)."""
    return LINES.start.match(line) is not None


def _hand_id(lines: list[str]) -> str | None:
    """The id on the ``Starting Hand #N`` line (the second or third)."""
    fields = (
        f for f in map(LINES.field.match, lines[1:3]) if f and f.group("key") == "Starting Hand"
    )
    return next((f.group("value") for f in fields), None)


read_record = record_reader(_Reader, _hand_id, GAME_NAMES, STRUCTURES)
"""One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""


READER = Reader("pkr", "PKR", (".txt",), detect, starts_hand, read_record)
