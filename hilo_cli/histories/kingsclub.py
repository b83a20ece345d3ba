"""KingsClub hand histories (private club software).

KingsClub writes a hand as::

    #39969218: Limit Omaha Hi-Lo - 40/80
    2021-01-02 15:39:12
    Table '8 Game Mix' Seat 6 is the button
    Seat 1: Player0 (600)
    Hero: posts the small blind 20
    *** HOLE CARDS ***
    Dealt to Player0: [X X X X]             (X: a card not shown)
    Hero raises to 80                       (calls, bets and raises: the player's street total)
    *** TURN *** [4s Td 6c] [Th]
    *** BOARD 1 - RIVER *** [2h 7h Td Ks] [4d]     (run twice: each run's board, RULES §12)
    *** BOARD 2 - RIVER *** [- - - Qd] [Jd]        ("-": the card both runs share)
    Hero shows [4d Kd Ac 5s]
    *** SUMMARY ***
    Seat 1: Player0 (599.50) -0.50          (the stack after the hand, and what it won or lost)
    Rake 1
    Player0 wins (279.50) from pot          (one total per player; stud: "wins pot (659)")
    STP added: 10                           (chips the house puts in the pot, "splash the pot")

Amounts carry no currency sign (cents: ``279.50``). A stud hand's first cards come before any street
line, and each ``*** Nth STREET ***`` line deals the next card. The award lines give one total per
player, so that is what is checked. The site prints its rake but no total pot: the rake is derived from
the actions and the payout (RULES §13), and a printed rake, or a summary stack, that does not agree with
what was put in and paid is a finding about the site. An uncalled bet comes back without a line; the award
lines are taken to count only the pots. So does a side pot only its largest contributor is left in (the
others who put chips in it folded): read as paid where that player's summary stack says so. The house's
chips (``STP added``, anywhere in the hand, once) are the main pot's and no player's (``SiteHand.added``):
RULES.md states no rule for them.
"""

from __future__ import annotations

import re

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import NUMBER, pattern
from hilo_cli.histories.archive import put_in, rake_disagreement, uncalled
from hilo_cli.histories.base import Currency
from hilo_cli.histories.site import BRACKETS, Header, Seat, SiteHand, cards_of, collects_only
from hilo_cli.histories.text import TextReader, button_seat, speaker, street_match

HEADER = pattern(
    r"^#(?P<id>\d+): (?P<limit>Pot Limit|No Limit|Limit) (?P<game>.+?) - (?P<small>{NUMBER})/"
    r"(?P<big>{NUMBER})$"
)
SEAT = pattern(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{NUMBER})\)(?: (?P<net>[-+]{NUMBER}))?$"
)
# "Table '8 Game Mix' Seat 6 is the button", "Table ID 'Omaha 2' 6-max (Play Money) Seat #1 is the
# button", a tournament's "Table 'T123 [4]' ...".
TABLE = re.compile(
    r"^Table (?:ID )?'.*'(?: \d+-max)?(?: \(Play Money\))?"
    r"(?: Seat #?(?P<button>\d+) is the button)?$"
)
DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
STREET = re.compile(
    r"^\*\*\* (?:BOARD (?P<run>\d) - )?(?P<name>HOLE CARDS|FLOP|TURN|RIVER|SHOW ?DOWN|SUMMARY|"
    r"[3-7](?:RD|TH) STREET) \*\*\*(?P<cards>.*)$"
)
RAKE = pattern(r"^Rake (?P<amount>{NUMBER})$")
SHOWS = re.compile(r"^shows \[([^\]]*)\]$")
# A post or an action and its amount; a raise may name what it adds and its street total ("raises 40 to
# 80"); what may follow: "and is all in", "and has reached the [80] cap", "(disconnect)" (the action
# made as the player's connection went).
ACTION = pattern(
    r"^(?P<verb>calls|bets|raises to|raises {NUMBER} to|posts the small blind|posts the big blind|"
    r"posts blind|posts ante|posts the ante|posts straddle|straddles|straddle|brings in for|"
    r"brings in low for|brings-in for) (?P<amount>{NUMBER})(?P<all_in>,? and is all in)?"
    r"(?: ?and has reached the \[{NUMBER}\] cap)?(?: \(disconnect\))?$"
)
# "wins (279.50) from pot", "wins pot (659)", "wins side pot 1 (20)", "wins (20)".
WINS = pattern(
    r"^wins (?:\((?P<amount>{NUMBER})\) from (?P<label>.+)|(?P<label2>pot|side pot \d+) \("
    r"(?P<amount2>{NUMBER})\)|\((?P<amount3>{NUMBER})\))$"
)
UNCALLED = pattern(r"^Uncalled bet \((?P<amount>{NUMBER})\) returned to (?P<name>.+)$")
# The house's chips put in the pot ("splash the pot"), once a hand, with or without a dollar sign.
STP = pattern(r"^STP added: \$?(?P<amount>{NUMBER})$")
# Lines about a player that move no chip of the pot: sitting out, a bounty or a place in a tournament
# (paid outside the pot).
NOTES = pattern(
    r"^(?:sits out|is sitting out|(?:wins|split) the {NUMBER} bounty for eliminating .+|"
    r"wins {NUMBER} for (?:splitting the elimination of|eliminating) .+|"
    r"wins the tournament and receives {NUMBER} - congratulations!|"
    r"finished the tournament in \d+(?:st|nd|rd|th) place(?: and received {NUMBER}\.)?)$"
)

GAME_NAMES = {
    "Omaha Hi-Lo": "omaha8",
    "Omaha Hi/Lo": "omaha8",
    "Big O": "omaha8-5",
    "5 Card Omaha Hi-Lo": "omaha8-5",
    "Omaha": "omaha",
    "Omaha 5 Card": "omaha-5",
    "Omaha 6 Card": "omaha-6",
    "Seven Card Stud Hi-Lo": "stud8",
    "7 Card Stud Hi-Lo": "stud8",
}
STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
POSTS = {
    "posts the small blind": "small blind",
    "posts the big blind": "big blind",
    "posts blind": "small and big blinds",  # both, as a player coming in: the small one dead
    "posts straddle": "straddle",
    "straddles": "straddle",
    "straddle": "straddle",
}
# Money without a sign, in cents.
CURRENCY = Currency("", "", 100)


def shown(text: str, what: str) -> tuple[Card, ...]:
    """The cards of a bracket, the ones not shown (``X``) left out."""
    return cards_of(" ".join(c for c in text.split() if c != "X"), what)


class KingsClub(TextReader):
    """One KingsClub hand; after ``*** SUMMARY ***`` (``summary``) a seat line is the stack after the
    hand (``after``) and what it won or lost (``net``)."""

    NAME = "kingsclub"
    TITLE = "KingsClub"
    # A hand starts at its header (``#N: LIMIT GAME - x/y``).
    START = re.compile(rf"[ \t]*#\d+: (?:Pot Limit|No Limit|Limit) .+ - {NUMBER}/{NUMBER}[ \t]*$")
    GAMES = GAME_NAMES

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.scale = 100
        self.stud = False
        self.rake: int | None = None
        self.summary = False
        self.after: dict[str, int] = {}
        self.net: dict[str, int] = {}

    def header(self) -> Header:
        m = HEADER.match(self.lines[0])
        if m is None:
            raise InputError("not a KingsClub hand header (expected '#N: LIMIT GAME - x/y')")
        self.id = m.group("id")
        small, big = self.amount(m.group("small")), self.amount(m.group("big"))
        return Header(self.id, m.group("game"), m.group("limit"), None, False, "", small, big)

    def begin(self, header: Header) -> SiteHand:
        self.stud = "Stud" in header.game
        return collects_only(self.new_hand(header, currency=CURRENCY))

    def line(self, text: str) -> None:
        if text.startswith("*** "):
            self.street_line(text)
            return
        if text.startswith("Seat "):
            self.read_seat(text)
            return
        if DATE.match(text):
            return
        m = TABLE.match(text)
        if m is not None:
            if m.group("button"):
                self.hand.button = button_seat(m, "button")
            return
        m = RAKE.match(text)
        if m is not None and self.summary:
            if self.rake is not None:
                raise InputError(f"a second rake line {quote(text)}")
            self.rake = self.amount(m.group("amount"))
            return
        if text.startswith("Dealt to "):
            self.dealt(text)
            return
        if text == "Hand cancelled":
            self.hand.cancelled = True
            return
        if text.startswith("STP added:"):
            self.house_chips(text)
            return
        m = UNCALLED.match(text) if text.startswith("Uncalled bet (") else None
        if m is not None:
            if m.group("name") not in self.names:
                raise InputError(f"cannot read the line {quote(text)}")
            self.return_uncalled(m.group("name"), self.amount(m.group("amount")))
            return
        self.player_action(text, self.action)

    def house_chips(self, text: str) -> None:
        """``STP added: 10``: chips the house puts in the main pot, no player's (``SiteHand.added``)."""
        m = STP.match(text)
        if m is None:
            raise InputError(f"cannot read the house's chips in {quote(text)}")
        if self.hand.added:
            raise InputError(f"a second 'STP added' line {quote(text)}")
        self.hand.added = self.amount(m.group("amount"))

    def finish(self) -> None:
        if self.hand.cancelled or self.hand.cashed_out or self.hand.unplayable:
            return  # nothing was awarded by the cards, or the hand's game is not played
        self.lone_pot()
        super().finish()
        found = [
            rake_disagreement(self.hand, self.rake, CURRENCY.show)
            if self.rake is not None
            else None,
            self.stacks(),
        ]
        self.hand.disagreements += [f for f in found if f]

    def lone_pot(self) -> None:
        """A side pot only the largest contributor is left in (the others who matched part of it
        folded), which the site pays without an award line, as it returns an uncalled bet: read as
        paid to that player where the summary's stack after the hand says it was, and only then (the
        player has no award line of their own)."""
        hand = self.hand
        put = put_in(hand)
        back, chips = uncalled(put)
        if back is None or any(c.player == back for c in hand.collects):
            return
        folded = {a.player for a in hand.actions if a.verb == "fold"}
        live = [v for n, v in put.items() if n != back and n not in folded]
        if not live:
            return  # no one else left: the whole pot is won without a showdown
        matched, top = put[back] - chips, max(live)
        lone = sum(max(0, min(v, matched) - top) for v in put.values())
        seat = next((s for s in hand.seats if s.name == back), None)
        if (
            lone <= 0
            or seat is None
            or self.after.get(back) != seat.stack - put[back] + chips + lone
        ):
            return
        self.award(back, lone, 1, "side pot (not written; the summary's stack)")

    def stacks(self) -> str | None:
        """Where a summary stack is not the stack before the hand less what it put in, plus what it was
        paid and any chips no one matched."""
        hand = self.hand
        put = put_in(hand)
        back, chips = uncalled(put)
        paid: dict[str, int] = {}
        for c in hand.collects:
            paid[c.player] = paid.get(c.player, 0) + c.amount
        wrong = []
        for seat in hand.seats:
            if seat.name not in self.after:
                continue
            expected = (
                seat.stack
                - put.get(seat.name, 0)
                + paid.get(seat.name, 0)
                + (chips if back == seat.name else 0)
            )
            if expected != self.after[seat.name]:
                wrong.append(
                    f"{seat.name}'s stack after the hand is {CURRENCY.show(self.after[seat.name])} in the "
                    f"summary, but the lines leave {CURRENCY.show(expected)}"
                )
            net = self.net.get(seat.name)
            if net is not None and net != self.after[seat.name] - seat.stack:
                wrong.append(
                    f"{seat.name}'s summary line says {'+' if net > 0 else ''}{CURRENCY.show(net)}, but the "
                    f"stack went from {CURRENCY.show(seat.stack)} to {CURRENCY.show(self.after[seat.name])}"
                )
        return "; ".join(wrong) or None

    def read_seat(self, text: str) -> None:
        """A seat line: before the summary the seat taken, in it the stack after the hand."""
        s = SEAT.match(text)
        if s is None:
            raise InputError(f"cannot read the seat line {quote(text)}")
        name, stack = s.group("name"), self.amount(s.group("stack"))
        if self.summary:
            if name not in self.names or name in self.after:
                raise InputError(
                    f"the summary's seat line {quote(text)} names no player of the hand, or one twice"
                )
            self.after[name] = stack
            net = s.group("net")
            if net is not None:
                self.net[name] = self.amount(net[1:]) * (-1 if net[0] == "-" else 1)
            return
        self.seat(Seat(digits(s.group("seat"), "a seat", MAX_SEAT), name, stack))

    def street_line(self, text: str) -> None:
        """``*** FLOP *** [...]``, a stud street (the next card each), a run's board, the summary."""
        m = street_match(STREET, text)
        name, run = m.group("name"), m.group("run")
        if name == "SUMMARY":
            self.summary = True
            return
        if name.startswith("SHOW"):
            return
        hand = self.hand
        if self.stud:
            # The first cards come before any street line: each street line deals the next card.
            if not name.endswith("STREET"):
                raise InputError(f"a stud hand has no {name.lower()}: {quote(text)}")
            dealt = any(a.verb == "dealt" for a in hand.actions)
            self.new_street(min(self.street + 1, 4) if dealt else 0)
            return
        if name not in STREETS:
            raise InputError(f"a board game has no {name.lower()}: {quote(text)}")
        found = BRACKETS.findall(m.group("cards"))
        if run is not None and name == "FLOP" and not any(a.all_in for a in hand.actions):
            # "*** BOARD 1 - FLOP *** [Tc Qd 3s]" with no one all in: a flop on each of two boards, bet
            # street by street (double-board Omaha), not a hand run twice.
            hand.unplayable = (
                f"{hand.header.game} {hand.header.limit} on two boards is not a game hilo plays"
            )
            self.reading = self.not_read
            return
        if run is not None:
            self.run_board(digits(run, "a board's number", 3), found)
            return
        # The blinds are bets of the first round, posted before its street line.
        self.new_street(STREETS[name])
        if name == "HOLE CARDS":
            return
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        board = hand.boards.setdefault(0, [])
        before = shown(found[0], f"the {name.lower()}") if len(found) > 1 else ()
        if tuple(board) != before[: len(board)] or (len(before) > len(board) and board):
            raise InputError(
                f"the {name.lower()} line {quote(text)} does not repeat the board so far"
            )
        # After an all-in the streets before may be left out: "*** RIVER *** [2s Th 6h 7c] [5s]" with no
        # flop or turn line deals the whole board.
        self.deal_board(before[len(board) :] + shown(found[-1], f"the {name.lower()}"))

    def not_read(self, text: str) -> None:
        """A line of a hand of a game hilo does not play, found out past its header: not read."""

    def run_board(self, run: int, found: list[str]) -> None:
        """``*** BOARD 2 - RIVER *** [- - - Qd] [Jd]``: the cards of run ``run`` after the ones it has so
        far (the board dealt before the runs, written ``-`` where the runs share it); the first bracket may
        hold the run's own turn too."""
        if not 1 <= run <= 3 or len(found) != 2:
            raise InputError(f"cannot read the board of a run in {quote(self.text)}")
        hand = self.hand
        board = hand.boards.get(run) or list(hand.boards.get(0, []))
        written = found[0].split()
        if len(written) < len(board) or any(
            w not in ("-", str(c)) for w, c in zip(written, board, strict=False)
        ):
            raise InputError(
                f"the run's board {quote(self.text)} does not start with the board dealt before it"
            )
        new = shown(" ".join(written[len(board) :]) + " " + found[1], "the run's board")
        hand.boards[run] = list(board)
        # A run's board is the river's (street 3), whichever street was dealt last.
        hand.add_board(self.number, 3, self.text, new, run)

    def dealt(self, text: str) -> None:
        """``Dealt to NAME: [X X X X]``: the cards shown of a player's (stud: the first ones begin
        third street)."""
        found = speaker(text[len("Dealt to ") :], self.names)
        bracket = BRACKETS.search(text)
        if found is None or bracket is None:
            raise InputError(f"cannot read the cards dealt in {quote(text)}")
        name = found[0]
        if self.stud and not any(a.verb == "street" for a in self.hand.actions):
            self.new_street(0)
        cards = shown(bracket.group(1), f"{name}'s cards")
        if not cards and not self.stud:
            return  # another player's cards, not shown
        self.deal_cards(name, cards)

    def action(self, name: str, rest: str) -> None:
        """A seated player's line but a fold or a check, ``rest`` what follows the name."""
        if rest.endswith(" (disconnect)") and self.fold_or_check(
            name, rest[: -len(" (disconnect)")]
        ):
            return  # "folds (disconnect)": the fold made as the connection went
        m = ACTION.match(rest)
        if m is not None:
            all_in = m.group("all_in") is not None
            verb = "raises to" if m.group("verb").startswith("raises ") else m.group("verb")
            self.chips(name, verb, self.amount(m.group("amount")), all_in)
            return
        m = WINS.match(rest)
        if m is not None:
            amount = self.amount(m.group("amount") or m.group("amount2") or m.group("amount3"))
            self.award(name, amount, 0, m.group("label") or m.group("label2") or "pot")
            return
        if rest == "cashed out the hand":
            self.hand.cashed_out.append(name)
            return
        if NOTES.match(rest):
            return
        m = SHOWS.match(rest)
        if m is not None:
            self.show(name, shown(m.group(1), f"{name}'s cards"))
            return
        if rest in ("mucks", "mucks hand", "doesn't show hand"):
            self.muck_at_showdown(name)
            return
        raise InputError(f"cannot read the action {quote(self.text)}")

    def chips(self, name: str, verb: str, amount: int, all_in: bool) -> None:
        """A post, bet, call or raise; KingsClub writes calls, bets and raises as the street total (the
        street's bets are the base's, ``bets``)."""
        mine = self.bets.get(name, 0)
        if verb.startswith("posts") and "ante" in verb:
            self.act(name, "ante", amount, None, all_in)
            return
        if verb.startswith("posts") or verb == "brings in for":
            self.act(name, POSTS.get(verb, "bring in"), amount, None, all_in)
            return
        if amount <= mine:
            raise InputError(
                f"{quote(self.text)} puts in no more than the {amount} the player has in this street"
            )
        if verb == "calls":
            self.act(name, "call", amount - mine, None, all_in)
        elif verb == "bets" and self.stud and self.street == 0:
            # Third street's bet completes the bring-in.
            self.act(name, "complete", amount - mine, amount, all_in)
        elif verb == "bets":
            self.act(name, "bet", amount - mine, None, all_in)
        else:
            self.act(name, "raise", amount - mine, amount, all_in)


READER = KingsClub.plugin()
