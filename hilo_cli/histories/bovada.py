"""Bovada / Ignition hand histories (Bodog's too).

Bovada writes a hand as::

    Bovada Hand #1001 TBL#101 OMAHA HiLo Pot Limit - 2024-01-01 10:00:00
    Seat 1: Dealer ($5 in chips)
    Seat 3: Big Blind [ME] ($5 in chips)      (stud: "Seat+2 [ME]: $5 in chips")
    Dealer : Set dealer/Bring in spot [1]
    Small Blind : Ante/Small Blind $0.05
    Big Blind  [ME] : Big blind/Bring in $0.10
    *** HOLE CARDS ***
    Dealer : Card dealt to a spot [As 3s Qd Jh]
    Dealer : Calls $0.10
    UTG : Raises $0.20 to $0.30               (the 2012 format: "Raises $0.20", what it adds)
    *** FLOP *** [2h 5c 7d]
    *** TURN *** [2h 5c 7d] [Kc]
    Small Blind : Showdown [Kh Th Kc Ks 7d] (Three of a kind)
    Small Blind : Hand result $0.91
    *** SUMMARY ***
    Total Pot($1.90) | Rake ($0.09)
    Board [2h 5c 7d Kc Ks]
    Seat+1: Dealer  with One pair [...] LO $0.90 [...]
    Seat+2: Small Blind HI $0.91  with Three of a kind [...]

What the lines mean (../shared/handhistories/SITES.md):

* Players are named by their position in the hand (``Dealer``, ``Small Blind``, ``Big Blind``, ``UTG``,
  ``UTG+1``; ``Seat+3`` at stud tables), the hero marked ``[ME]``: the names are kept as the site wrote
  them (``UTG+5 [ME]``, runs of spaces made one), so a name is the same player for the whole hand. The
  summary names players without the mark.
* Every hole card is listed (``Card dealt to a spot [..]``); the ``Showdown [..]`` line gives the best
  five cards (high and low), not the hand, so a player's shown cards are the cards dealt to them.
* ``Hand result $x`` and ``Hand result-Side pot $x``: what each player collected from the main pot and
  from the side pot, the two halves added together; the summary's seat lines say ``HI $x`` and ``LO $y``
  (once ``LOW``), added over the pots. A hand of one pot is therefore known half by half (the collects
  are the summary's halves, the ``Hand result`` lines are its "won"); a hand with a side pot is known pot
  by pot (the collects are the ``Hand result`` lines, the summary's halves are its "won").
* ``Total Pot($x)`` is before rake; ``| Rake ($y)`` follows only sometimes: where it does not, the site
  still took rake and the checker derives it (``rake_printed`` False, RULES §13).
* Bets: ``Bets $x``, ``Calls $x`` and ``All-in $x`` are what the player added; ``Raises $x to $y`` and
  ``All-in(raise) $x to $y`` end at ``$y``; the 2012 formats write ``Raises $y`` and ``All-in(raise) $y``,
  to ``$y`` too (the calls after them say so: "Raises $76" by a player with $4 in, then "Calls $324" to
  an all-in of $400).
* Streets: ``*** FLOP *** [..]``; the April 2012 format writes ``Card dealt to table [..]`` (the new
  cards) instead; one format of April to July 2012 writes no street line at all, its board only in the
  summary: a street begins where a player acts after the betting round closed (every player who can act
  has acted and the bets are level, RULES §14), and the summary's cards are dealt to it (three, then one,
  then one), the rest of them before the showdown (``Inferred``).
  Stud's third street opens with ``Bets`` where no bring-in was posted: a completion (RULES §14.6).
  Cash headers give no stakes: the blinds are the posts, a fixed-limit game's bets are read from the
  bets themselves (the small bet, and the big bet twice it where no later-street bet shows it).
* Some lines lost their ``X : `` prefix (``Table enter user``, ``Seat sit out``, ``Table deposit $3``):
  those that move no chips in the hand are notes and are passed over; any other line without a player
  is a line that cannot be read (the hand is an error record, the others are still read).
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money, sign_currency
from hilo_cli.histories.base import Currency
from hilo_cli.histories.records import STRUCTURES
from hilo_cli.histories.site import BRACKETS, Collect, Header, Line, SiteHand, cards_of
from hilo_cli.histories.text import (
    TextReader,
    UnreadLine,
    chips_header,
    first_posts,
    only_a_note,
    posted_stakes,
    repeats_board,
    street_match,
    street_number,
    street_numbers,
)

SITES = r"(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?)"
HEADER = re.compile(
    rf"^(?P<site>{SITES}) Hand #C?(?P<id>\d+):?(?: Zone Poker ID#\d+)? +(?P<rest>.*)$"
)
# What follows the hand number. Cash: "TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05 00:56:59";
# tournament: "OMAHA HiLo Tournament #1909784 TBL#19, Pot Limit- Level 5 (50/100) - 2012-07-23 20:53:32".
# Zone Poker: "Bovada Hand #3: Zone Poker ID#875 OMAHA HiLoZonePoker Pot Limit - 2014-...". A heads-up
# table writes "1 on 1" before the limit; a version tag " [MVS]" may come before the date.
CASH = re.compile(
    r"^(?:TBL#\d+,? )?(?P<game>.+?) (?:1 on 1 )?(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit) ?"
    r"(?:\[MVS\] )?- "
)
# A tournament writes its speed (Normal, Turbo) where the limit goes, or beside it.
TOURNAMENT = re.compile(
    r"^(?P<game>.+?) Tournament #(?:M-)?\d+ TBL#\d+, (?:1 on 1 )?"
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)? ?(?P<speed>Normal|Turbo)? ?- "
    r"Level \d+ \((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\)"
)
SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>\$?[\d.,]+) in chips\)$")
STUD_SEAT = re.compile(r"^Seat\+(?P<seat>\d+)(?P<me> +\[ME\])?: (?P<stack>\$?[\d.,]+) in chips$")
STREET = re.compile(r"^\*\*\* (?P<name>[A-Z0-9 ]+?) \*\*\*(?P<cards>.*)$")
# What follows "PLAYER : ".
FOLD_CHECK = re.compile(r"^(?P<verb>Folds|Fold|Checks|Check)$")
# What a timeout or a disconnect adds to an action, which is still that action: "Checks(timeout)",
# "Fold(Blind Disconnected)", "Folds (auth)", "Bring in (timeout) $0.05", "All-in(raise-timeout)".
TAG = re.compile(
    r" ?\((?:timeout|Timeout|auth|Auth|Blind Disconnected|disconnect|Disconnected)\)|-timeout(?=\))"
)
TO = re.compile(
    r"^(?P<verb>Raises|raises|All-in\(raise\)) (?P<by>\$?[\d.,]+) to (?P<to>\$?[\d.,]+)$"
)
# A line of one amount: a post, a bet, a call, an all-in, a result or a returned bet.
PLAIN = re.compile(
    r"^(?P<verb>Bets|bets|Double bets|Calls|Call|All-in|Ante chip|Ante/Small Blind|"
    r"Ante/Small blind|Small Blind|Small blind|Big Blind|Big blind|"
    r"Big blind/Bring in|Big Blind/Bring in|Posts chip|Posts dead chip|Bring_in chip|Bring-in chip|"
    r"Bring in|Hand result|Hand Result|Hand result-Side pot|Hand Result-Side pot|"
    r"Hand result-Side Pot|Hand Result-Side Pot|"
    r"Return uncalled portion of bet) (?P<amount>\$?[\d.,]+)$"
)
# The 2012 formats: "All-in(raise) $124", to $124 (as "Raises $76" is to $76).
RAISE_TO = re.compile(r"^(?P<verb>Raises|raises|All-in\(raise\)) (?P<to>\$?[\d.,]+)$")
# The board's new cards in the April 2012 format, a line of no player's: "Card dealt to table [Ks 7c 9s]".
TABLE_CARDS = re.compile(r"^Card dealt to table \[(?P<cards>[^\[\]]*)\]$")
# A street's line in the formats that write one (the board is the summary's in one that writes none).
STREET_LINE = re.compile(
    r"^(?:\*\*\* (?:FLOP|TURN|RIVER|[3-7]TH STREET) \*\*\*|Card dealt to table )"
)
SHOWN = re.compile(
    r"^(?P<verb>Showdown|Shows|Mucks|Does not show) \[(?P<cards>[^\[\]]*)\](?: \([^)]*\))?$"
)
DEALER = re.compile(r"^Set dealer(?:/Bring in spot)?(?: \[(?P<seat>\d+)\])?$")
# A tournament's bounty paid to a player: from the prize pool, not from the hand's pots.
BOUNTY = re.compile(r"^BOUNTY PRIZE \[\$?[\d.,]+\]$")
# What a player does that moves no chips; also the lines that lost their "X : " prefix.
NOTES = re.compile(
    r"^(?:Table enter user|Table leave user|Table deposit \$?[\d.,]+|Seat re-join|Seat sit down|"
    r"Seat sit out|Seat stand|Set dealer(?:/Bring in spot)?(?: \[\d+\])?|Sit out|Leave\(Auth\)|"
    r"Enter\(Auth\)|Stand|Re-join|Sitout \(Auth\)|Sitout \(wait for bb\)|Table leave|Table enter|"
    # A tournament's place of a player who is out ("Small Blind [ME] : Ranking 39"): no chips.
    r"Ranking \d+)$"
)
# The summary.
TOTAL = re.compile(r"^Total Pot\((?P<total>\$?[\d.,]+)\)(?: \| Rake \((?P<rake>\$?[\d.,]+)\))?$")
SUMMARY_BOARD = re.compile(r"^Board \[(?P<cards>[^\[\]]*)\]$")
SUMMARY_SEAT = re.compile(r"^Seat[+ ](?P<seat>\d+): ?(?P<rest>.*)$")
HALF = re.compile(r"(?<![\w-])(?P<half>HI|LOW|LO) (?P<amount>\$?[\d.,]+)")

# The site's game names for the games hilo plays (RULES §6).
GAME_NAMES = {
    "OMAHA HiLo": "omaha8",
    "OMAHA HILO": "omaha8",
    "OMAHA_HL": "omaha8",
    "OMAHA HiLoZonePoker": "omaha8",
    "7CARD HiLo": "stud8",
    "7CARD HILO": "stud8",
    "7CARD_HL": "stud8",
    "OMAHA": "omaha",
    "OMAHAZonePoker": "omaha",
}
LIMITS: dict[str, Structure] = {**STRUCTURES, "Fixed Limit": "fixed"}
STUD_GAMES = ("7CARD", "7CARD_HL")
BOARD_STREETS = street_numbers("HOLE CARDS", "FLOP", "TURN", "RIVER")
STUD_STREETS = street_numbers(
    "3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET", ("RIVER", "7TH STREET")
)
VERBS = {
    "Bets": "bet",
    "bets": "bet",
    "Double bets": "bet",  # a fixed-limit bet of the big bet
    "Calls": "call",
    "Call": "call",
    "Small Blind": "small blind",
    "Small blind": "small blind",
    "Big Blind": "big blind",
    "Big blind": "big blind",
    "Bring in": "bring in",
    "Ante chip": "ante",
    "Ante/Small Blind": "small blind",
    "Ante/Small blind": "small blind",
    "Big blind/Bring in": "big blind",
    "Big Blind/Bring in": "big blind",
    "Bring_in chip": "bring in",
    "Bring-in chip": "bring in",
}
DOLLARS = sign_currency("$")
BETTING = frozenset(("Bets", "bets", "Double bets", "Calls", "Call", "All-in"))
"""The verbs of ``PLAIN`` that are a player's turn in a betting round (a post, a result are none)."""
STREET_NAMES = {1: "FLOP", 2: "TURN", 3: "RIVER"}


class Inferred:
    """A hand that writes no street line (``Bovada`` docstring): the summary's ``board``, how many of its
    cards are dealt, and the betting round's state, to tell where a street begins."""

    def __init__(self, board: tuple[Card, ...]) -> None:
        self.board = board
        self.dealt = 0
        self.acted: set[str] = set()  # who has acted since the round's last bet or raise
        self.folded: set[str] = set()
        self.spent: dict[str, int] = {}  # each player's chips in the pots before this street
        self.bets: dict[str, int] = {}  # this street's, the blinds' too
        self.top = 0  # the street's bet to match

    def record(self, line: Line) -> None:
        """A line the hand recorded: a post, a bet, a call or a raise moves the street's bets."""
        if line.verb in ("raise", "complete"):
            mine = line.to or 0
        elif line.verb in ("bet", "call", "small blind", "big blind", "bring in"):
            mine = self.bets.get(line.player, 0) + line.amount
        else:
            return
        self.bets[line.player] = mine
        self.top = max(self.top, mine)

    def live(self, hand: SiteHand, names: list[str]) -> list[str]:
        dealt = hand.dealt or dict.fromkeys(names)
        return [n for n in dealt if n not in self.folded]

    def closed(self, hand: SiteHand, names: list[str]) -> bool:
        """Whether the betting round is over: someone has acted, and every live player with chips left
        has acted since the last bet or raise and matched it (RULES §14)."""
        stacks, bets = {s.name: s.stack for s in hand.seats}, self.bets
        able = [
            n
            for n in self.live(hand, names)
            if self.spent.get(n, 0) + bets.get(n, 0) < stacks.get(n, 0)
        ]
        return bool(self.acted) and all(
            n in self.acted and bets.get(n, 0) >= self.top for n in able
        )


def name_of(text: str) -> str:
    """A player's name as the hand writes it, runs of spaces made one (``UTG+5  [ME]`` is ``UTG+5 [ME]``)."""
    return " ".join(text.split())


class Bovada(TextReader):
    """One Bovada hand: the seats, then the play to ``*** SUMMARY ***``, then the summary (``part``)."""

    NAME = "bovada"
    TITLE = "Bovada / Ignition"
    START = re.compile(rf"^[ \t]*{SITES} Hand #C?\d+")
    GAMES = GAME_NAMES
    LIMITS = LIMITS

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.part = "seats"  # then "play", then "summary"
        self.stud = False
        self.results: list[Collect] = []  # the "Hand result" lines
        self.halves: list[Collect] = []  # the summary's HI / LO amounts
        self.dealer: int | None = None
        self.board_line = 0  # the summary's board line
        self.inferred: Inferred | None = None  # a hand without street lines (``Inferred``)

    def header(self) -> Header:
        m = HEADER.match(self.lines[0])
        if m is None:
            raise InputError("not a Bovada hand header (expected 'Bovada Hand #N ...')")
        rest, id = m.group("rest"), m.group("id")
        t = TOURNAMENT.match(rest)
        if t is not None:
            # A speed word where the limit goes names no betting structure: NOT CHECKABLE.
            game, limit = name_of(t.group("game")), t.group("limit") or t.group("speed") or ""
            header = chips_header(id, game, limit, t.group("sb"), t.group("bb"))
            if limit in ("Fixed Limit", "Limit") and game.split()[0] not in STUD_GAMES:
                # The level's numbers are the blinds ("Level 6 (75/150)"): the bets are 150, then 300.
                header = header._replace(small=header.big, big=2 * header.big)
        else:
            c = CASH.match(rest)
            if c is None:
                raise InputError(f"hand #{id}: cannot read the game and limit in {quote(rest)}")
            # Cash headers give no stakes: read from the posts and bets (``finish``, ``stakes``).
            header = Header(id, name_of(c.group("game")), c.group("limit"), None, False, "$", 0, 0)
        self.scale = 1 if header.tournament else 100
        self.stud = header.game.split()[0] in STUD_GAMES
        return header

    def begin(self, header: Header) -> SiteHand:
        return self.new_hand(header, currency=Currency() if header.tournament else DOLLARS)

    def line(self, text: str) -> None:
        if self.part == "seats":
            if text.startswith("Seat") and " : " not in text:
                self.read_seat(text)
                return
            self.part = "play"
        if self.part == "play":
            self.play(text)
        else:
            self.summary(text)

    def read_seat(self, text: str) -> None:
        """``Seat 1: Dealer ($5 in chips)``, or at stud ``Seat+2 [ME]: $5 in chips`` (the seat is the
        name)."""
        m = SEAT.match(text)
        s = STUD_SEAT.match(text) if m is None else None
        if m is not None:
            self.take_seat(m.group("seat"), name_of(m.group("name")), m.group("stack"))
        elif s is not None:
            name = f"Seat+{s.group('seat')}" + (" [ME]" if s.group("me") else "")
            self.take_seat(s.group("seat"), name, s.group("stack"))
        else:
            raise InputError(f"cannot read the seat line {quote(text)}")

    def play(self, text: str) -> None:
        """A line from the posts to ``*** SUMMARY ***``: a street's, or a player's (``PLAYER : ...``)."""
        if text.startswith("*** "):
            m = street_match(STREET, text)
            name = m.group("name")
            if name == "SUMMARY":
                self.part = "summary"
                return
            street = street_number(STUD_STREETS if self.stud else BOARD_STREETS, name)
            # Every street's betting begins afresh, the hole cards' too: the posts are not its bets.
            self.bets, self.street_bet = {}, 0
            self.new_street(street)
            if not self.stud and street > 0:
                self.board(name, m.group("cards"))
            elif not self.stud:
                self.infer_streets()
            return
        where = text.find(" : ")
        if where < 0:
            t = TABLE_CARDS.match(text)
            if t is not None and not self.stud:
                # The April 2012 format: the next street, its new cards.
                self.board_street(min(self.street + 1, 3), cards_of(t.group("cards"), "the board"))
                return
            if NOTES.match(text):
                return  # a note that lost its "X : " prefix: it moves no chips
            raise UnreadLine(f"cannot read the line {quote(text)} (no 'PLAYER : ' in front of it)")
        name = name_of(text[:where])
        if name not in self.names:
            raise InputError(
                f"a line for {quote(name)}, who has no seat in this hand: {quote(text)}"
            )
        self.action(name, text[where + 3 :].strip())

    def infer_streets(self) -> None:
        """At ``*** HOLE CARDS ***``: a hand with no street line after it takes its board from the
        summary (``Inferred``)."""
        rest = self.lines[self.at + 1 :]
        if any(STREET_LINE.match(line) for line in rest):
            return
        found = (SUMMARY_BOARD.match(line) for line in rest)
        board = next((m.group("cards") for m in found if m is not None), "")
        self.inferred = Inferred(cards_of(board, "the summary board"))
        for line in self.hand.actions:  # the posts
            self.inferred.record(line)

    def next_street(self, inferred: Inferred) -> None:
        """A street the hand writes no line for begins: the summary's next cards are dealt to it."""
        street = self.street + 1
        count = 3 if street == 1 else 1
        cards = inferred.board[inferred.dealt : inferred.dealt + count]
        if street > 3 or len(cards) < count:
            raise InputError(
                f"hand #{self.hand.header.id}: a betting round after the summary's board "
                f"{' '.join(map(str, inferred.board)) or '(none)'} is dealt (this format writes no "
                "street line: a street begins where the betting round before it closed)"
            )
        for name, chips in inferred.bets.items():
            inferred.spent[name] = inferred.spent.get(name, 0) + chips
        inferred.dealt += count
        inferred.acted, inferred.bets, inferred.top = set(), {}, 0
        what = f"*** {STREET_NAMES[street]} *** [{' '.join(map(str, cards))}] (no such line: the summary's)"
        self.new_street(street, what)
        self.deal_board(cards, what)

    def board(self, name: str, text: str) -> None:
        """The cards of a street's line (``text`` after its name): the board so far, then the new."""
        found = BRACKETS.findall(text)
        what = f"the {name.lower()}"
        if not found:
            raise InputError(f"{what} line shows no cards")
        board = self.hand.boards.setdefault(0, [])
        new = cards_of(found[-1], what)
        if len(found) > 1 and tuple(board) != cards_of(found[-2], what):
            raise repeats_board(what, found[-2], board)
        if len(found) == 1 and board:
            raise InputError(f"{what} line does not repeat the board dealt before it")
        self.deal_board(new)

    def action(self, name: str, rest: str) -> None:
        """What follows ``PLAYER : ``."""
        if "(" in rest or "-timeout" in rest:
            rest = TAG.sub("", rest)  # an action on a timeout or a disconnect is still the action
        inferred = self.inferred
        if inferred is None:
            self.turn(name, rest)
            return
        plain = PLAIN.match(rest)
        betting = (
            FOLD_CHECK.match(rest) or TO.match(rest) or RAISE_TO.match(rest)
        ) is not None or (plain is not None and plain.group("verb") in BETTING)
        if betting and inferred.closed(self.hand, self.names):
            self.next_street(inferred)
        elif SHOWN.match(rest) or rest.startswith(("Hand result", "Hand Result")):
            # The showdown: the summary's cards not dealt yet are the streets nobody bet on (all in).
            while (
                inferred.dealt < len(inferred.board)
                and len(inferred.live(self.hand, self.names)) > 1
            ):
                self.next_street(inferred)
        top, recorded = inferred.top, len(self.hand.actions)
        self.turn(name, rest)
        for line in self.hand.actions[recorded:]:
            inferred.record(line)
        if betting:
            if rest.startswith("Fold"):
                inferred.folded.add(name)
            if inferred.top > top:
                inferred.acted = {name}
            else:
                inferred.acted.add(name)

    def turn(self, name: str, rest: str) -> None:
        """What follows ``PLAYER : ``, its tags removed."""
        m = FOLD_CHECK.match(rest)
        if m is not None:
            self.act(name, "fold" if m.group("verb").startswith("Fold") else "check", 0)
            return
        if rest.startswith("Card dealt to a spot "):
            found = BRACKETS.findall(rest)
            if len(found) != 1:
                raise InputError(f"cannot read the cards dealt in {quote(self.text)}")
            self.deal_cards(name, cards_of(found[0], f"{name}'s cards"))
            return
        m = TO.match(rest)
        if m is not None:
            to = money(m.group("to"), self.scale)  # read first: its error is the one named
            by, all_in = (
                money(m.group("by"), self.scale),
                m.group("verb") not in ("Raises", "raises"),
            )
            self.act(name, "raise", by, to, all_in)
            return
        m = RAISE_TO.match(rest)
        if m is not None:
            to = money(m.group("to"), self.scale)
            self.act(name, "raise", to - self.street_bet, to, m.group("verb") == "All-in(raise)")
            return
        m = PLAIN.match(rest)
        if m is not None:
            self.chips(name, m.group("verb"), money(m.group("amount"), self.scale))
            return
        m = SHOWN.match(rest)
        if m is not None:
            self.shown(name, m.group("verb"))
            return
        d = DEALER.match(rest)
        if d is not None:
            if d.group("seat"):
                self.dealer = digits(d.group("seat"), "the dealer's seat", MAX_SEAT)
            return
        if BOUNTY.match(rest):
            return  # paid from the tournament's prize pool, not from this hand's pots
        only_a_note(NOTES, rest, self.text)

    def chips(self, name: str, verb: str, amount: int) -> None:
        """A line with one amount: a post, a bet, a call, an all-in, a result or a returned bet."""
        if verb.startswith(("Hand result", "Hand Result")):
            pot = 1 if verb.endswith("Side pot") else 0
            self.results.append(Collect(self.number, name, amount, pot, verb, 0))
            return
        if verb == "Return uncalled portion of bet":
            self.return_uncalled(name, amount)
            return
        if verb in ("Posts chip", "Posts dead chip"):
            # A player joining the game posts: live, as the calls after it show ("Posts chip $0.02" then
            # "Calls $0.37" to a raise to $0.39).
            big = max((a.amount for a in self.hand.actions if a.verb == "big blind"), default=0)
            if verb == "Posts dead chip" and big and amount > big:
                # Both blinds at once ("Posts dead chip $15" at $5/$10): the big one live, the rest dead
                # (the calls after it say so: "Calls $35" to a raise to $45).
                self.act(name, "ante", amount - big)
                self.act(name, "big blind", big)
                return
            self.act(name, "big blind" if amount >= big else "small blind", amount)
            return
        if verb == "All-in":
            self.added(name, verb, amount)
            return
        kind = VERBS[verb]
        if kind == "bet" and self.stud and self.street == 0:
            # Third street's "Bets" is the completion, after a bring-in or none (RULES §14.6).
            self.act(name, "complete", amount, self.bets.get(name, 0) + amount)
            return
        self.act(name, kind, amount)

    def added(self, name: str, verb: str, amount: int) -> None:
        """``All-in`` with what the player added: a bet where nobody bet, a call up to the street's bet,
        a raise above it (to the player's new total)."""
        total = self.bets.get(name, 0) + amount
        all_in = verb == "All-in"
        if self.street_bet == 0 and not (self.stud and self.street == 0 and verb != "All-in"):
            self.act(name, "bet", amount, all_in=all_in)
        elif total <= self.street_bet:
            self.act(name, "call", amount, all_in=all_in)
        else:
            self.act(name, "raise", total - self.street_bet, total, all_in)

    def shown(self, name: str, verb: str) -> None:
        """``Showdown [..]`` (the best five: the hand is the cards dealt), ``Mucks [..]``, ``Does not show``."""
        if verb == "Does not show":
            return  # the last player in, who need not show
        if verb == "Mucks":
            self.muck(name)
            return
        cards = self.hand.dealt.get(name)
        if not cards:
            raise InputError(
                f"{quote(name)} shows down, but no cards were dealt to them: {quote(self.text)}"
            )
        self.show(name, cards)

    def summary(self, text: str) -> None:
        """A line after ``*** SUMMARY ***``: the total and rake, the board, a seat's halves."""
        hand = self.hand
        m = TOTAL.match(text)
        if m is not None:
            hand.total = money(m.group("total"), self.scale)
            hand.rake = money(m.group("rake"), self.scale) if m.group("rake") else 0
            hand.rake_printed = m.group("rake") is not None or hand.header.tournament
            return
        m = SUMMARY_BOARD.match(text)
        if m is not None:
            hand.summary_boards[0] = cards_of(m.group("cards"), "the summary board")
            self.board_line = self.number
            return
        m = SUMMARY_SEAT.match(text)
        if m is None:
            raise InputError(f"cannot read the summary line {quote(text)}")
        seat = digits(m.group("seat"), "a seat", MAX_SEAT)
        found = next((s for s in hand.seats if s.seat == seat), None)
        rest = m.group("rest").strip()
        if found is None:
            raise InputError(f"the summary names seat {seat}, which has no player in this hand")
        plain = found.name.replace(" [ME]", "")
        if not self.stud:
            if not (rest + " ").startswith(plain + " "):
                raise InputError(
                    f"the summary names seat {seat}, but the hand's seat {seat} is not {quote(rest)}"
                )
            rest = rest[len(plain) :]
        for h in HALF.finditer(rest):
            half = "high" if h.group("half") == "HI" else "low"
            won = money(h.group("amount"), self.scale)
            self.halves.append(Collect(self.number, found.name, won, 0, h.group("half"), 0, half))
        if "[Mucked]" in rest:
            hand.mucks.add(found.name)

    def finish(self) -> None:
        """The collects, the summary's "won", the button and the stakes, once every line is read."""
        hand = self.hand
        id = hand.header.id
        if self.part != "summary":
            raise InputError(f"hand #{id} is cut short: no '*** SUMMARY ***' line")
        if hand.total is None:
            raise InputError(f"hand #{id}: the summary has no 'Total Pot' line")
        dealt, summary = hand.boards.get(0, []), hand.summary_boards.get(0, ())
        if not self.stud and len(summary) > len(dealt):
            self.number = self.board_line  # the error points at the summary's board
            missing = {0: "FLOP", 3: "TURN", 4: "RIVER"}.get(len(dealt), "board")
            raise InputError(
                f"hand #{id}: the summary's board {' '.join(map(str, summary))} has cards "
                f"no street line dealt: the '*** {missing} ***' line is missing"
            )
        self.unreturned()
        side_pot = any(c.pot for c in self.results)
        if side_pot and pot_count(hand) > 2:
            # "Hand result-Side pot" does not say which side pot: one total per player is what is known.
            hand.pots_named = False
        by_half = not side_pot and bool(hand.shows) and bool(self.halves)
        paid, won = (self.halves, self.results) if by_half else (self.results, self.halves)
        if not by_half:
            paid = [c._replace(half=None) for c in paid]
        hand.collects = paid
        for c in won:
            hand.won[c.player] = hand.won.get(c.player, 0) + c.amount
        # A summary without HI/LO amounts has nothing to hold the results against.
        hand.won_printed = bool(won)
        hand.pots_printed = not side_pot
        hand.button = self.dealer if self.dealer is not None else button(hand)
        hand.header = stakes(hand)
        derive_rake(hand)

    def unreturned(self) -> None:
        """A walk of 2012 gives the big blind's unmatched chips back without a line, and counts them in its
        Total Pot and its Hand result ("Total Pot($15)", "Hand result $15" of the blinds $5 and $10): the
        chips returned are read as the line would say them, the pot and the result are the rest."""
        hand = self.hand
        if hand.uncalled or hand.total is None or hand.total != sum(contributions(hand).values()):
            return
        chips, winner = unmatched(hand)
        at = next((i for i, c in enumerate(self.results) if c.player == winner), None)
        if not chips or at is None or self.results[at].amount < chips or len(self.results) > 1:
            return
        hand.uncalled[winner] = chips
        hand.total -= chips
        self.results[at] = self.results[at]._replace(amount=self.results[at].amount - chips)


def contributions(hand: SiteHand) -> dict[str, int]:
    """What each player put in the pots: every street's bets and the antes, less the bets returned."""
    total: dict[str, int] = {}
    street_bets: dict[str, int] = {}

    def close() -> None:
        for name, chips in street_bets.items():
            total[name] = total.get(name, 0) + chips

    for a in hand.actions:
        if a.verb == "street" and a.street > 0:
            close()
            street_bets = {}
        elif a.verb == "ante":
            total[a.player] = total.get(a.player, 0) + a.amount
        elif a.verb in ("raise", "complete"):
            street_bets[a.player] = a.to or 0
        elif a.verb in ("bet", "call", "small blind", "big blind", "bring in"):
            street_bets[a.player] = street_bets.get(a.player, 0) + a.amount
    close()
    for name, chips in hand.uncalled.items():
        total[name] = total.get(name, 0) - chips
    return total


def unmatched(hand: SiteHand) -> tuple[int, str]:
    """The chips of the one player left in that nobody matched on the last street (what their bet there
    is above every other player's), and the player; 0 where two or more are left in."""
    folded = {a.player for a in hand.actions if a.verb == "fold"}
    left = {s.name for s in hand.seats if s.name in hand.dealt} - folded
    if len(left) != 1:
        return 0, ""
    last = max((a.street for a in hand.actions), default=0)
    bets: dict[str, int] = {}
    for a in hand.actions:
        if a.street != last:
            continue
        if a.verb in ("raise", "complete"):
            bets[a.player] = a.to or 0
        elif a.verb in ("bet", "call", "small blind", "big blind", "bring in"):
            bets[a.player] = bets.get(a.player, 0) + a.amount
    (winner,) = left
    others = max((c for n, c in bets.items() if n != winner), default=0)
    return max(bets.get(winner, 0) - others, 0), winner


def pot_count(hand: SiteHand) -> int:
    """How many pots the actions build (RULES §5.1): one, and one more above each all-in level of a
    player still in below the most a player still in put in."""
    put = contributions(hand)
    stacks = {s.name: s.stack for s in hand.seats}
    folded = {a.player for a in hand.actions if a.verb == "fold"}
    live = {n: c for n, c in put.items() if n not in folded}
    top = max(live.values(), default=0)
    return 1 + len({c for n, c in live.items() if c >= stacks.get(n, 0) and c < top})


def derive_rake(hand: SiteHand) -> None:
    """Where no rake is printed, or one Rake for a hand of side pots (each pot's is what it did not pay),
    the checker derives it, from a hand without a summary (``total`` None). The printed Total Pot and Rake
    are then held against the actions and the payouts here: a disagreement is the site's own."""
    if hand.rake_printed and hand.pots_printed:
        return
    printed, rake = hand.total, hand.rake if hand.rake_printed else None
    hand.total, hand.rake, hand.rake_printed = None, 0, False
    if printed is None:
        return
    show = (hand.currency or Currency()).show
    built, paid = sum(contributions(hand).values()), sum(c.amount for c in hand.collects)
    if printed != built:
        hand.disagreements.append(
            f"the summary's Total Pot is {show(printed)}, but the actions put {show(built)} "
            "in the pots"
        )
    elif rake is not None and printed - rake != paid:
        hand.disagreements.append(
            f"the summary's Rake is {show(rake)}, but the pots paid out {show(paid)} of "
            f"{show(printed)}"
        )


def button(hand: SiteHand) -> int | None:
    """The button's seat where the dealer line lost it: the Dealer's seat, else (no Dealer seated: a dead
    button) the seat before the Small Blind's, who is the first player clockwise from it (RULES §14.1)."""
    by_name = {s.name.replace(" [ME]", ""): s.seat for s in hand.seats}
    if "Dealer" in by_name:
        return by_name["Dealer"]
    return by_name["Small Blind"] - 1 if "Small Blind" in by_name else None


def stakes(hand: SiteHand) -> Header:
    """The header with its stakes: a tournament's from its level; a cash game's from the posts (pot and
    no limit: the blinds) or the bets (fixed limit: the small bet, the big bet twice it unless a later
    street shows it)."""
    header = hand.header
    if header.tournament:
        return header
    posts = first_posts(hand)
    if header.limit not in ("Fixed Limit", "Limit"):
        return posted_stakes(header, posts)
    # The small bet on the first two streets, the big bet on the later ones (RULES §14.2).
    small = next((_bet_size(a) for a in hand.actions if a.street < 2 and _sized(a)), None)
    big = next((_bet_size(a) for a in hand.actions if a.street >= 2 and _sized(a)), None)
    if small is None and header.game.split()[0] not in STUD_GAMES:
        small = posts.get("big blind")
    if small is None:
        small = big // 2 if big else 0
    return header._replace(small=small, big=big if big is not None else 2 * small)


def _sized(a: Line) -> bool:
    return a.verb in ("bet", "complete") and not a.all_in


def _bet_size(a: Line) -> int:
    return a.to if a.to is not None else a.amount


READER = Bovada.plugin()
