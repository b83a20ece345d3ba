"""Bovada / Ignition hand histories, line by line: one hand's lines into a ``SiteHand`` (``histories.site``).

What the site writes (../shared/handhistories/SITES.md):

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
  ``All-in(raise) $x to $y`` end at ``$y`` (the 2012 format writes ``Raises x`` with the amount added).
  Stud's third street opens with ``Bets`` where no bring-in was posted: a completion (RULES §14.6).
  Cash headers give no stakes: the blinds are the posts, a fixed-limit game's bets are read from the
  bets themselves (the small bet, and the big bet twice it where no later-street bet shows it).
* Some lines lost their ``X : `` prefix (``Table enter user``, ``Seat sit out``, ``Table deposit $3``):
  those that move no chips in the hand are notes and are passed over; any other line without a player
  is a line that cannot be read (the hand is an error record, the others are still read).
"""

from __future__ import annotations

import re

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money, sign_currency
from hilo_cli.histories.base import Currency
from hilo_cli.histories.grammar import grammar, words
from hilo_cli.histories.seats import BetsState, chips_header, read_kept, take_seat
from hilo_cli.histories.site import BRACKETS, BadHand, Collect, Header, SiteHand, cards_of
from hilo_cli.histories.site import Line as Action

_AMOUNT = r"(?P<amount>\$?[\d.,]+)"
_PLAIN = re.compile(
    r"^(?P<verb>Bets|Calls|Call|Raises|All-in|Ante chip|Ante/Small Blind|Ante/Small blind|"
    r"Big blind/Bring in|Big Blind/Bring in|Posts chip|Posts dead chip|Bring_in chip|Bring-in chip|"
    r"Hand result|Hand Result|Hand result-Side pot|Hand Result-Side pot|"
    r"Return uncalled portion of bet) " + _AMOUNT + r"$"
)
LINES = grammar(
    r"""
    header         ^(?P<site>Bovada|Ignition|Bodog) Hand #(?P<id>\d+):?(?: Zone Poker ID#\d+)? +
                   (?P<rest>.*)$
    # Cash: "TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05 00:56:59"; tournament: "OMAHA HiLo Tournament
    # #1909784 TBL#19, Pot Limit- Level 5 (50/100) - 2012-07-23 20:53:32".
    cash           ^TBL#\d+,? (?P<game>.+?) (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit) ?-[ ]
    tournament     ^(?P<game>.+?) Tournament #\d+ TBL#\d+, (?P<limit>Pot Limit|No Limit|Fixed Limit|
                   Limit) ?- Level \d+ \((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\)
    seat           ^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>\$?[\d.,]+) in chips\)$
    stud_seat      ^Seat\+(?P<seat>\d+)(?P<me> +\[ME\])?: (?P<stack>\$?[\d.,]+) in chips$
    street         ^\*\*\* (?P<name>[A-Z0-9 ]+?) \*\*\*(?P<cards>.*)$
    to             ^(?P<verb>Raises|All-in\(raise\)) (?P<by>\$?[\d.,]+) to (?P<to>\$?[\d.,]+)$
    dealer         ^Set dealer/Bring in spot(?: \[(?P<seat>\d+)\])?$
    # What a player does that moves no chips; also the lines that lost their "X : " prefix.
    notes          ^(?:Table enter user|Table leave user|Table deposit \$?[\d.,]+|Seat re-join|
                   Seat sit down|Seat sit out|Seat stand|Set dealer/Bring in spot(?: \[\d+\])?|
                   Sit out|Leave\(Auth\)|Enter\(Auth\)|Stand|Re-join|Sitout \(Auth\)|Table leave|
                   Table enter)$
    fold_check     ^(?P<verb>Folds|Checks)(?: \((?:timeout|auth|Auth)\))?$
    shown          ^(?P<verb>Showdown|Mucks|Does not show) \[(?P<cards>[^\[\]]*)\](?: \([^)]*\))?$
    total          ^Total Pot\((?P<total>\$?[\d.,]+)\)(?: \| Rake \((?P<rake>\$?[\d.,]+)\))?$
    summary_board  ^Board \[(?P<cards>[^\[\]]*)\]$
    summary_seat   ^Seat[+ ](?P<seat>\d+): ?(?P<rest>.*)$
    half           (?<![\w-])(?P<half>HI|LOW|LO) (?P<amount>\$?[\d.,]+)
    """,
)

BOARD_STREETS = play.street_numbers("HOLE CARDS", "FLOP", "TURN", "RIVER")
STUD_STREETS = play.street_numbers(
    "3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET", ("RIVER", "7TH STREET")
)
_VERBS = words(
    """
    Bets               = bet
    Calls              = call
    Call               = call
    Ante chip          = ante
    Ante/Small Blind   = small blind
    Ante/Small blind   = small blind
    Big blind/Bring in = big blind
    Big Blind/Bring in = big blind
    Bring_in chip      = bring in
    Bring-in chip      = bring in
    """
)
STUD_GAMES = ("7CARD",)
DOLLARS = sign_currency("$")


def name_of(text: str) -> str:
    """A player's name as the hand writes it, runs of spaces made one (``UTG+5  [ME]`` is ``UTG+5 [ME]``)."""
    return " ".join(text.split())


def read_header(line: str) -> Header:
    m = LINES.header.match(line)
    if m is None:
        raise InputError("not a Bovada hand header (expected 'Bovada Hand #N ...')")
    rest, id = m.group("rest"), m.group("id")
    t = LINES.tournament.match(rest)
    if t is not None:
        return chips_header(
            id, name_of(t.group("game")), t.group("limit"), t.group("sb"), t.group("bb")
        )
    c = LINES.cash.match(rest)
    if c is None:
        raise InputError(f"hand #{id}: cannot read the game and limit in {quote(rest)}")
    # Cash headers give no stakes: read from the posts and bets (``_stakes``).
    return Header(id, name_of(c.group("game")), c.group("limit"), None, False, "$", 0, 0)


class _Reader(BetsState):
    """Reads one hand's lines into a ``SiteHand``."""

    def __init__(self, source: str, lines: list[str], numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.lines = lines
        self.results: list[Collect] = []  # the "Hand result" lines
        self.halves: list[Collect] = []  # the summary's HI / LO amounts
        self.dealer: int | None = None
        self.board_line = 0

    def read(self) -> SiteHand:
        header = self.failing(lambda: read_header(self.lines[0]))
        self.id = header.id
        hand = self.new_hand(header)
        self.scale = 1 if header.tournament else 100
        self.stud = header.game.split()[0] in STUD_GAMES
        hand.currency = Currency() if header.tournament else DOLLARS
        self.failing(lambda: self._lines(hand))
        return hand

    def _lines(self, hand: SiteHand) -> None:
        """The seats, the play and the summary after the header."""
        lines, numbers, header = self.lines, self.numbers, hand.header
        at = self._seats(hand)
        self.seated = {s.name for s in hand.seats}
        at = self._play(hand, at)
        if at > len(lines):
            self.number = hand.end
            raise InputError(f"hand #{header.id} is cut short: no '*** SUMMARY ***' line")
        for i in range(at, len(lines)):
            self.number = numbers[i]
            self._summary(hand, lines[i])
        self.number = hand.end
        if hand.total is None:
            raise InputError(f"hand #{header.id}: the summary has no 'Total Pot' line")
        self._finish(hand)

    def _seats(self, hand: SiteHand) -> int:
        """The seat lines after the header; returns the index of the first line after them."""
        for at in range(1, len(self.lines)):
            line = self.lines[at]
            self.number = self.numbers[at]
            if not line.startswith("Seat") or " : " in line:
                return at
            m = LINES.seat.match(line)
            s = LINES.stud_seat.match(line) if m is None else None
            if m is None and s is None:
                raise InputError(f"cannot read the seat line {quote(line)}")
            if m is not None:
                seat, name, stack = m.group("seat"), name_of(m.group("name")), m.group("stack")
            else:
                assert s is not None
                seat, stack = s.group("seat"), s.group("stack")
                name = f"Seat+{seat}" + (" [ME]" if s.group("me") else "")
            take_seat(hand, seat, name, stack, self.scale)
        return len(self.lines)

    def _play(self, hand: SiteHand, start: int) -> int:
        """From the posts to "*** SUMMARY ***"; the index after it (``len(lines) + 1``: no summary)."""
        streets = STUD_STREETS if self.stud else BOARD_STREETS
        street = 0
        for at, line, number in self.each_line(self.lines, start):
            if line.startswith("*** "):
                m = play.street_match(LINES.street, line)
                name = m.group("name")
                if name == "SUMMARY":
                    return at + 1
                street = play.street_number(streets, name)
                self.new_round()
                play.new_street(hand, number, street, line)
                if not self.stud and street > 0:
                    self._board(hand, name, m.group("cards"), number, street)
                continue
            where = line.find(" : ")
            if where < 0:
                if LINES.notes.match(line):
                    continue  # a note that lost its "X : " prefix: it moves no chips
                raise InputError(
                    f"cannot read the line {quote(line)} (no 'PLAYER : ' in front of it)"
                )
            name = name_of(line[:where])
            if name not in self.seated:
                raise InputError(
                    f"a line for {quote(name)}, who has no seat in this hand: {quote(line)}"
                )
            self._action(hand, name, line[where + 3 :].strip(), line, number, street)
        return len(self.lines) + 1

    def _board(self, hand: SiteHand, name: str, text: str, number: int, street: int) -> None:
        found = BRACKETS.findall(text)
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        board = hand.boards.setdefault(0, [])
        new = cards_of(found[-1], f"the {name.lower()}")
        if len(found) > 1 and tuple(board) != cards_of(found[-2], f"the {name.lower()}"):
            raise play.repeats_board(f"the {name.lower()}", found[-2], board)
        if len(found) == 1 and board:
            raise InputError(f"the {name.lower()} line does not repeat the board dealt before it")
        play.deal_board(hand, number, street, f"*** {name} ***{text}", new)

    def _action(
        self, hand: SiteHand, name: str, rest: str, line: str, number: int, street: int
    ) -> None:
        m = LINES.fold_check.match(rest)
        if m is not None:
            verb = m.group("verb")[:-1].lower()
            hand.actions.append(Action(number, street, name, verb, 0, None, False, line))
            return
        if rest.startswith("Card dealt to a spot "):
            found = BRACKETS.findall(rest)
            if len(found) != 1:
                raise InputError(f"cannot read the cards dealt in {quote(line)}")
            new = cards_of(found[0], f"{name}'s cards")
            play.deal_cards(hand, number, street, name, new, line)
            return
        m = LINES.to.match(rest)
        if m is not None:
            to = money(m.group("to"), self.scale)  # read first: its error is the one named
            by, all_in = money(m.group("by"), self.scale), m.group("verb") != "Raises"
            self.follow_bet(hand, Action(number, street, name, "raise", by, to, all_in, line))
            return
        m = _PLAIN.match(rest)
        if m is not None:
            amount = money(m.group("amount"), self.scale)
            self._amount(hand, name, m.group("verb"), amount, line, number, street)
            return
        m = LINES.shown.match(rest)
        if m is not None:
            self._shown(hand, name, m.group("verb"), line, number, street)
            return
        d = LINES.dealer.match(rest)
        if d is not None:
            if d.group("seat"):
                self.dealer = digits(d.group("seat"), "the dealer's seat", MAX_SEAT)
            return
        play.only_a_note(LINES.notes, rest, line)

    def _amount(
        self, hand: SiteHand, name: str, verb: str, amount: int, line: str, number: int, street: int
    ) -> None:
        """A line with one amount: a post, a bet, a call, an all-in, a result or a returned bet."""
        if verb.startswith(("Hand result", "Hand Result")):
            side = verb.endswith("Side pot")
            self.results.append(Collect(number, name, amount, 1 if side else 0, verb, 0))
            return
        if verb == "Return uncalled portion of bet":
            play.return_uncalled(hand, name, amount)
            return
        if verb in ("Posts chip", "Posts dead chip"):
            # A player joining the game posts: live, as the calls after it show ("Posts chip $0.02" then
            # "Calls $0.37" to a raise to $0.39).
            big = max((a.amount for a in hand.actions if a.verb == "big blind"), default=0)
            verb = "big blind" if amount >= big else "small blind"
            self.follow_bet(hand, Action(number, street, name, verb, amount, None, False, line))
            return
        mine = self.bets.get(name, 0)
        if verb in ("All-in", "Raises"):
            self._added(hand, name, verb, amount, line, number, street)
            return
        kind = _VERBS[verb]
        if kind == "bet" and self.stud and street == 0:
            # Third street's "Bets" is the completion, after a bring-in or none (RULES §14.6).
            self.follow_bet(
                hand, Action(number, street, name, "complete", amount, mine + amount, False, line)
            )
            return
        self.follow_bet(hand, Action(number, street, name, kind, amount, None, False, line))

    def _added(
        self, hand: SiteHand, name: str, verb: str, amount: int, line: str, number: int, street: int
    ) -> None:
        """``All-in`` or ``Raises`` with what the player added: a bet where nobody bet, a call up to the
        street's bet, a raise above it (to the player's new total)."""
        total = self.bets.get(name, 0) + amount
        if self.street_bet == 0 and not (self.stud and street == 0 and verb == "Raises"):
            self.follow_bet(
                hand, Action(number, street, name, "bet", amount, None, verb == "All-in", line)
            )
        elif total <= self.street_bet:
            self.follow_bet(
                hand, Action(number, street, name, "call", amount, None, verb == "All-in", line)
            )
        else:
            by = total - self.street_bet
            self.follow_bet(
                hand, Action(number, street, name, "raise", by, total, verb == "All-in", line)
            )

    def _shown(
        self, hand: SiteHand, name: str, verb: str, line: str, number: int, street: int
    ) -> None:
        """``Showdown [..]`` (the best five: the hand is the cards dealt), ``Mucks [..]``, ``Does not show``."""
        if verb == "Does not show":
            return  # the last player in, who need not show
        if verb == "Mucks":
            play.muck_hand(hand, number, street, name, line)
            return
        cards = hand.dealt.get(name)
        if not cards:
            raise InputError(
                f"{quote(name)} shows down, but no cards were dealt to them: {quote(line)}"
            )
        play.show_cards(hand, number, street, name, cards, line)

    def _summary(self, hand: SiteHand, line: str) -> None:
        m = LINES.total.match(line)
        if m is not None:
            hand.total = money(m.group("total"), self.scale)
            hand.rake = money(m.group("rake"), self.scale) if m.group("rake") else 0
            hand.rake_printed = m.group("rake") is not None or hand.header.tournament
            return
        m = LINES.summary_board.match(line)
        if m is not None:
            hand.summary_boards[0] = cards_of(m.group("cards"), "the summary board")
            self.board_line = self.number
            return
        m = LINES.summary_seat.match(line)
        if m is None:
            raise InputError(f"cannot read the summary line {quote(line)}")
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
        for h in LINES.half.finditer(rest):
            half = "high" if h.group("half") == "HI" else "low"
            self.halves.append(
                Collect(
                    self.number,
                    found.name,
                    money(h.group("amount"), self.scale),
                    0,
                    h.group("half"),
                    0,
                    half,
                )
            )
        if "[Mucked]" in rest:
            hand.mucks.add(found.name)

    def _finish(self, hand: SiteHand) -> None:
        """The collects, the summary's "won", the button and the stakes, once every line is read."""
        dealt, summary = hand.boards.get(0, []), hand.summary_boards.get(0, ())
        if not self.stud and len(summary) > len(dealt):
            self.number = self.board_line  # the error points at the summary's board
            missing = {0: "FLOP", 3: "TURN", 4: "RIVER"}.get(len(dealt), "board")
            raise InputError(
                f"hand #{hand.header.id}: the summary's board {' '.join(map(str, summary))} has cards "
                f"no street line dealt: the '*** {missing} ***' line is missing"
            )
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
        hand.won_printed = bool(
            won
        )  # a summary without HI/LO amounts has nothing to hold the results against
        hand.pots_printed = not side_pot
        hand.button = self.dealer if self.dealer is not None else _button(hand)
        hand.header = _stakes(hand)
        _derive_rake(hand)


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


def put_in(hand: SiteHand) -> int:
    """What the actions put in the pots."""
    return sum(contributions(hand).values())


def pot_count(hand: SiteHand) -> int:
    """How many pots the actions build (RULES §5.1): one, and one more above each all-in level of a
    player still in below the most a player still in put in."""
    put = contributions(hand)
    stacks = {s.name: s.stack for s in hand.seats}
    folded = {a.player for a in hand.actions if a.verb == "fold"}
    live = {n: c for n, c in put.items() if n not in folded}
    top = max(live.values(), default=0)
    return 1 + len({c for n, c in live.items() if c >= stacks.get(n, 0) and c < top})


def _derive_rake(hand: SiteHand) -> None:
    """Where no rake is printed, or one Rake for a hand of side pots (each pot's is what it did not pay),
    the checker derives it, from a hand without a summary (``total`` None). The printed Total Pot and Rake
    are then held against the actions and the payouts here: a disagreement is the site's own."""
    if hand.rake_printed and hand.pots_printed:
        return
    printed, rake = hand.total, hand.rake if hand.rake_printed else None
    hand.total, hand.rake, hand.rake_printed = None, 0, False
    if printed is None:
        return
    money = (hand.currency or Currency()).show
    built, paid = put_in(hand), sum(c.amount for c in hand.collects)
    if printed != built:
        hand.disagreements.append(
            f"the summary's Total Pot is {money(printed)}, but the actions put {money(built)} "
            "in the pots"
        )
    elif rake is not None and printed - rake != paid:
        hand.disagreements.append(
            f"the summary's Rake is {money(rake)}, but the pots paid out {money(paid)} of "
            f"{money(printed)}"
        )


def _button(hand: SiteHand) -> int | None:
    """The button's seat where the dealer line lost it: the Dealer's seat, else (no Dealer seated: a dead
    button) the seat before the Small Blind's, who is the first player clockwise from it (RULES §14.1)."""
    by_name = {s.name.replace(" [ME]", ""): s.seat for s in hand.seats}
    if "Dealer" in by_name:
        return by_name["Dealer"]
    return by_name["Small Blind"] - 1 if "Small Blind" in by_name else None


def _stakes(hand: SiteHand) -> Header:
    """The header with its stakes: a tournament's from its level; a cash game's from the posts (pot and
    no limit: the blinds) or the bets (fixed limit: the small bet, the big bet twice it unless a later
    street shows it)."""
    header = hand.header
    if header.tournament:
        return header
    posts = play.first_posts(hand)
    if header.limit not in ("Fixed Limit", "Limit"):
        return play.posted_stakes(header, posts)
    # The small bet on the first two streets, the big bet on the later ones (RULES §14.2).
    small = next((_bet_size(a) for a in hand.actions if a.street < 2 and _sized(a)), None)
    big = next((_bet_size(a) for a in hand.actions if a.street >= 2 and _sized(a)), None)
    if small is None and header.game.split()[0] not in STUD_GAMES:
        small = posts.get("big blind")
    if small is None:
        small = big // 2 if big else 0
    return header._replace(small=small, big=big if big is not None else 2 * small)


def _sized(a: Action) -> bool:
    return a.verb in ("bet", "complete") and not a.all_in


def _bet_size(a: Action) -> int:
    return a.to if a.to is not None else a.amount


def read_hand(source: str, line: int, raw: list[str]) -> SiteHand | BadHand | None:
    """One hand from its lines (as the base cuts them), ``line`` the number of the first; ``None`` if blank."""
    return read_kept(raw, line, lambda numbers, lines: _Reader(source, lines, numbers).read())
