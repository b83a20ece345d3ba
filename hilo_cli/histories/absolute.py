"""Absolute Poker / Cereus hand histories (a closed network's archives).

Absolute writes a hand as::

    Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)
    Table: Name (Real Money) Seat #1 is the dealer        (board games)
    Seat 1 - PLAYER1 ($0.17 in chips)
    PLAYER1 - Ante $0.01          PLAYER7 - Bring-In $0.01          Ann - Posts big blind $0.50
    *** 3rd STREET ***            (*** POCKET CARDS ***, *** FLOP *** [..], *** TURN *** [..] [Kd])
    PLAYER1 - Pocket [H H Js]     (every card so far; ``H`` a card nobody sees)
    PLAYER3 - Bets $0.04          Bob - Raises $1 to $1.50          Bob - All-In $3
    Bob - returned ($1) : not called
    *** SHOW DOWN ***
    PLAYER7 - Shows [5s 8d 3s Qc 6c Qs 9s] (One pair, queens)
    PLAYER3 Collects $0.19 from main pot                  (side pot-1: a side pot)
    *** SUMMARY ***
    Total Pot($0.43) | Rake ($0.04)                       (Total before rake)
    Seat 3: PLAYER3 won Total ($0.19) HI:with One pair, aces [...] LO:($0.19) [...]

A HORSE table's hand (``Stage #N: HORSE  Normal $0.50/$1 - ...``) names its game on its second line,
``Game Type: Limit Omaha Hi/Lo`` (fpdb-3 knows ``Limit Holdem``; the other games' names are taken to be
the site's own).

"Normal" is fixed limit; a bet is what it adds, a raise "X to Y". The collect lines name the pot, not
the half; the summary names each player's halves (``HI:($x)``, ``LO:($x)``), so a player's collect from
one pot is split into the halves the summary gives (per half); where a player collects from several pots,
the halves cannot be told apart per pot and the hand is checked per pot. The summary prints no pot of its
own beside the Total: with side pots the rake per pot is derived (RULES §13), the printed Total and Rake
held against the collect lines.
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import NUMBER, pattern, sign_currency
from hilo_cli.histories.base import Currency
from hilo_cli.histories.records import STRUCTURES
from hilo_cli.histories.site import BRACKETS, Collect, Header, SiteHand, cards_of
from hilo_cli.histories.text import TextReader, only_a_note, speaker

# An amount as Absolute writes it: dollars and cents, or chips ("$0.19", "1,500").
MONEY = r"\$?" + NUMBER

HEADER = re.compile(r"^Stage #(?P<id>[A-Z]?\d+):(?P<rest>.*)$")
STAKES = pattern(r"(?:(?P<sb>{MONEY})/)?(?P<bb>{MONEY})", MONEY=MONEY)
SEAT = pattern(
    r"^Seat (?P<seat>\d+) - (?P<name>.+?) \((?P<stack>{MONEY}) in chips\)(?: - sitting out)?\s*$",
    MONEY=MONEY,
)
DEALER = re.compile(r"Seat #(?P<seat>\d+) is the (?:dead )?dealer\s*$")
STREET = re.compile(
    r"(?i)^\*\*\* (?P<name>3RD STREET|4TH STREET|5TH STREET|6TH STREET|RIVER|POCKET CARDS|"
    r"FLOP|TURN|SHOW DOWN|SUMMARY) \*\*\*(?P<cards>.*)$"
)
ACTION = pattern(
    r"^(?:(?P<verb>Ante|Bring-In|Posts small blind|Posts big blind|Posts dead blind|Calls|"
    r"Bets)|(?P<all_in>All-In(?:\(Raise\))?)) (?P<amount>{MONEY})(?: to (?P<to>{MONEY}))?\s*$",
    MONEY=MONEY,
)
RAISES = pattern(r"^Raises (?P<amount>{MONEY}) to (?P<to>{MONEY})\s*$", MONEY=MONEY)
COMPLETES = pattern(r"^Completes to (?P<to>{MONEY})\s*$", MONEY=MONEY)
# A player coming in: "Posts $0.25" (a big blind); "Posts $1 dead $0.50" (both: $1 live, $0.50 dead, in
# the pot and no bet of the round); "Posts dead $40 dead $15" (both: $40 in all, $15 of it dead).
POSTS = pattern(
    r"^Posts (?P<d1>dead )?(?P<a1>{MONEY})(?: (?P<d2>dead )?(?P<a2>{MONEY}))?\s*$", MONEY=MONEY
)
COLLECT = pattern(
    r"^Collects (?P<amount>{MONEY}) from (?P<label>main pot|side pot(?:[- #]*(?P<n>\d+))?)\s*$",
    MONEY=MONEY,
)
RETURNED = pattern(r"(?i)^returned \((?P<amount>{MONEY})\) : not called\s*$", MONEY=MONEY)
# "Total Pot($9.50) | Rake ($0.45) | Jackpot Rake ($0.50)": the jackpot's share is taken as the rake is.
TOTAL = pattern(
    r"^Total Pot\s*\((?P<total>{MONEY})\)(?:\s*\|\s*Rake \((?P<rake>{MONEY})\))?"
    r"(?:\s*\|\s*Jackpot Rake \((?P<jackpot>{MONEY})\))?",
    MONEY=MONEY,
)
# A summary seat's total, and each half it won ("won Total ($0.19) HI:with ... LO:($0.19)").
# "collected Total" too; a "72 Prop Win ($x)" after it is paid outside the pot (a 7-2 table's bonus).
WON = pattern(r"\b(?:won|collected) Total \((?P<amount>{MONEY})\)", MONEY=MONEY)
HALF = pattern(r"\b(?P<half>HI|LO):\((?P<amount>{MONEY})\)", MONEY=MONEY)
# A HORSE table's hand's second line: the game of this hand (fixed limit, as every HORSE game).
GAME_TYPE = re.compile(r"^Game Type: Limit (?P<game>\S.*)$")  # on the stripped line
NOTES = re.compile(
    r"^(?:sits down|stands up|is sitting out|has returned|is disconnected|has timed out)\s*$"
)

GAME_NAMES = {
    "Seven Card Hi/Lo": "stud8",
    "7 Card Stud Hi/Lo": "stud8",
    "Stud Hi/Lo": "stud8",
    "Omaha Hi/Lo": "omaha8",
    "Omaha Hi-Lo": "omaha8",
    "Omaha": "omaha",
    "OMAHA": "omaha",
    "OMAHA HI/LO": "omaha8",
}
STUD = {"stud8"}
LIMITS: dict[str, Structure] = {**STRUCTURES, "Normal": "fixed", "Fixed Limit": "fixed"}
LIMIT_WORDS = ("Normal", "Limit", "Fixed Limit", "Pot Limit", "No Limit")
# What a header may say around its game and stakes that is no part of them: the tournament's number
# and kind before the limit, the ante, the speed and a 7-2 table's "(7-2)" after the stakes.
TOURNEY_ID = re.compile(r"^\s*Tourney ID \d+ ")
TOURNEY_KINDS = re.compile(r"(?i) (?:\(1 on 1\)|Single Tournament|Multi Normal Tournament)(?= )")
ANTE = pattern(r", {MONEY} ante$", MONEY=MONEY)
STUD_STREETS = {"3RD STREET": 0, "4TH STREET": 1, "5TH STREET": 2, "6TH STREET": 3, "RIVER": 4}
BOARD_STREETS = {"POCKET CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
VERBS = {
    "Ante": "ante",
    "Bring-In": "bring in",
    "Posts small blind": "small blind",
    "Posts big blind": "big blind",
    "Posts dead blind": "ante",
    "Calls": "call",
    "Bets": "bet",
}


class Absolute(TextReader):
    """One Absolute hand; after ``*** SUMMARY ***`` (``summary``) a line is the summary's."""

    NAME = "absolute"
    TITLE = "Absolute Poker"
    # A hand starts at its header (``Stage #``, the hand's number, ``:``).
    START = re.compile(r"[ \t]*Stage #[A-Z]?\d+: ")
    GAMES = GAME_NAMES
    LIMITS = LIMITS

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.stud = False
        self.summary = False
        self.seen: dict[str, int] = {}  # cards dealt so far to each player (stud), hidden ones too
        self.halves: dict[str, dict[str, int]] = {}  # the summary's HI:(…) and LO:(…) per player
        self.rake = 0

    def header(self) -> Header:
        """``Stage #ID: GAME LIMIT STAKES - DATE``, read word by word (no pattern that backtracks over
        a long line): the stakes are the last word before `` - ``, the limit the one or two words
        before them."""
        m = HEADER.match(self.lines[0])
        if m is None:
            raise InputError(
                "not an Absolute hand header (expected 'Stage #ID: GAME LIMIT STAKES - DATE')"
            )
        self.id = m.group("id")
        head = m.group("rest").split(" - ", 1)[0]
        head, named = TOURNEY_ID.subn(" ", head)
        head, kinds = TOURNEY_KINDS.subn("", head)
        words = after_stakes(head).split()
        horse = bool(words) and words[0].upper() == "HORSE"
        if horse:
            # A HORSE table's hand: its game and limit on the next line ("Game Type: Limit Holdem");
            # the header may name the limit ("HORSE  Normal $0.50/$1") or not ("HORSE  $0.50/$1").
            stakes_only = [w for w in words[1:] if w.title() != "Normal"][-1:]
            words = [*self.horse_game().split(), "Limit", *stakes_only]
        limit = next(
            (
                w.title()  # "POT LIMIT", "NORMAL" in upper case at some tables
                for w in (" ".join(words[-3:-1]), " ".join(words[-2:-1]))
                if w.title() in LIMIT_WORDS
            ),
            None,
        )
        stakes = STAKES.fullmatch(words[-1]) if words else None
        if limit is None or stakes is None or len(words) < len(limit.split()) + 2:
            raise InputError(
                f"hand #{self.id}: cannot read the game, the limit and the stakes in "
                f"{quote(m.group('rest').strip())}"
            )
        game = " ".join(words[: -1 - len(limit.split())])
        sb, bb = stakes.group("sb"), stakes.group("bb")
        currency = "$" if bb.startswith("$") else ""
        self.scale = 100 if currency else 1
        big = self.amount(bb)
        small = self.amount(sb) if sb else big // 2
        tournament = not currency or bool(named or kinds)
        return Header(
            self.id, game, limit, "HORSE" if horse else None, tournament, currency, small, big
        )

    def horse_game(self) -> str:
        """The game of a HORSE table's hand, its second line's ``Game Type: Limit GAME`` (the line
        fpdb-3 reads, which it knows for ``Holdem`` only: the other games' names are the site's own)."""
        g = GAME_TYPE.match(self.goto(1)) if len(self.lines) > 1 else None
        if g is None:
            raise InputError(
                f"hand #{self.id}: a HORSE hand's second line is not 'Game Type: Limit GAME'"
            )
        return g.group("game")

    def begin(self, header: Header) -> SiteHand:
        hand = self.new_hand(header, pots_printed=False)
        if header.currency:
            hand.currency = sign_currency("$")
        self.stud = GAME_NAMES.get(header.game) in STUD
        return hand

    def line(self, text: str) -> None:
        if text.startswith("Seat "):
            if self.summary:
                self.summary_seat(text)
            else:
                self.seat_line(SEAT, text)
            return
        m = STREET.match(text)
        if m is not None:
            self.street_line(m.group("name").upper(), m.group("cards"))
            return
        if self.summary:
            self.summary_line(text)
            return
        if text.startswith("Table: "):
            t = DEALER.search(text)
            if t is not None:
                self.hand.button = digits(t.group("seat"), "the dealer's seat", MAX_SEAT)
            return
        if text.startswith("Dealt to "):  # "Dealt to X [..]": as "X - Pocket [..]"
            dealt = speaker(text[len("Dealt to ") :], self.names)
            bracket = BRACKETS.search(text)
            if dealt is None or bracket is None or not dealt[1].startswith("["):
                raise InputError(f"cannot read the cards dealt in {quote(text)}")
            self.pocket(dealt[0], bracket.group(1))
            return
        found = speaker(text, self.names)
        if found is None:
            raise InputError(f"cannot read the line {quote(text)}")
        name, rest = found
        if rest.startswith("- "):
            self.action(name, rest[2:].strip())
            return
        c = COLLECT.match(rest)
        if c is None:
            raise InputError(f"cannot read the line {quote(text)}")
        n, label = c.group("n"), c.group("label")
        if n:
            pot = digits(n, "a side pot's number", MAX_SEAT)
        else:
            pot = 1 if label != "main pot" else 0
        self.award(name, self.amount(c.group("amount")), pot, label)

    def finish(self) -> None:
        super().finish()
        # No summary: no "won Total" to hold the collect lines against.
        self.hand.won_printed = self.summary
        settle_summary(self.hand, self.halves, self.rake)

    def street_line(self, name: str, cards: str) -> None:
        """A street's line (the board's new cards in its last bracket), the show down or the summary."""
        if name in ("SHOW DOWN", "SUMMARY"):
            self.summary = name == "SUMMARY"
            return
        streets = STUD_STREETS if self.stud else BOARD_STREETS
        if name not in streets:
            raise InputError(
                f"a {name.lower()} line in a {'stud' if self.stud else 'board'} game: "
                f"{quote(self.text)}"
            )
        self.new_street(streets[name])
        if self.stud or not self.street:
            return
        found = BRACKETS.findall(cards)
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        self.deal_board(cards_of(found[-1], f"the {name.lower()}"))

    def pocket(self, name: str, text: str) -> None:
        """``Pocket [H H Js 10d]``: every card of the player so far, ``H`` for one nobody sees; the
        action deals only the new ones (a stud street), or the hole cards where all are seen."""
        tokens = text.split()
        if self.stud:
            new, self.seen[name] = (
                tokens[self.seen.get(name, 0) :],
                max(len(tokens), self.seen.get(name, 0)),
            )
            if not new:
                return  # a folded player's cards, printed again
        elif "H" in tokens:
            return
        else:
            new = tokens
        known = cards_of(" ".join(t for t in new if t != "H"), f"{name}'s cards")
        if self.stud:
            self.deal_cards(name, known)
        else:
            self.deal_hand(name, known)

    def action(self, name: str, rest: str) -> None:
        """A player's ``NAME - ...`` line, ``rest`` what follows the dash."""
        if rest in ("Folds", "Checks"):
            self.act(name, rest[:-1].lower(), 0)
            return
        m = ACTION.match(rest)
        if m is not None:
            amount = self.amount(m.group("amount"))
            to = self.amount(m.group("to")) if m.group("to") else None
            verb = (
                VERBS[m.group("verb")] if m.group("verb") else "raise" if to is not None else "bet"
            )
            self.act(name, verb, amount, to, m.group("all_in") is not None)
            return
        m = RAISES.match(rest)
        if m is not None:
            self.act(name, "raise", self.amount(m.group("amount")), self.amount(m.group("to")))
            return
        m = COMPLETES.match(rest) if rest.startswith("Completes") else None
        if m is not None:
            to = self.amount(m.group("to"))
            self.act(name, "complete", to - self.bets.get(name, 0), to)
            return
        m = POSTS.match(rest) if rest.startswith("Posts ") else None
        if m is not None:
            self.posts(name, m)
            return
        r = RETURNED.match(rest)
        if r is not None:
            self.return_uncalled(name, self.amount(r.group("amount")))
            return
        bracket = BRACKETS.search(rest)
        if rest.startswith("Pocket [") and bracket is not None:
            self.pocket(name, bracket.group(1))
            return
        if rest.startswith("Shows [") and bracket is not None:
            self.show(name, cards_of(bracket.group(1), f"{name}'s cards"))
            return
        if rest.startswith("Mucks") or rest == "Does not show":  # a lone winner keeps the pot
            self.muck_at_showdown(name)
            return
        only_a_note(NOTES, rest, self.text)

    def posts(self, name: str, m: re.Match[str]) -> None:
        """``Posts $x`` (a big blind), ``Posts dead $x $y`` (both: the dead one in the pot, no bet)."""
        first = self.amount(m.group("a1"))
        if m.group("a2") is None:
            if m.group("d1"):
                self.act(name, "ante", first)
            else:
                self.act(name, "big blind", first)
            return
        second = self.amount(m.group("a2"))
        if m.group("d1") and m.group("d2"):  # the whole, then its dead part
            dead, live = second, first - second
        elif m.group("d1"):
            dead, live = first, second
        else:
            dead, live = second, first
        if live <= 0 or dead <= 0:
            raise InputError(f"cannot read the action {quote(self.text)}")
        self.act(name, "ante", dead)
        self.act(name, "big blind", live)

    # --- the summary -------------------------------------------------------------------------------

    def summary_line(self, text: str) -> None:
        """The summary's Total and Rake, its board and its dealer."""
        t = TOTAL.match(text)
        if t is not None:
            hand = self.hand
            hand.total = self.amount(t.group("total"))
            self.rake = self.amount(t.group("rake")) if t.group("rake") else 0
            if t.group("jackpot"):
                self.rake += self.amount(t.group("jackpot"))
            hand.rake, hand.rake_printed = self.rake, t.group("rake") is not None
            return
        bracket = BRACKETS.search(text)
        if text.startswith(("Board: ", "Board [")) and bracket is not None:
            self.hand.summary_boards[0] = cards_of(bracket.group(1), "the summary's board")
            return
        if text.startswith("Dealer: "):
            return
        raise InputError(f"cannot read the summary line {quote(text)}")

    def summary_seat(self, text: str) -> None:
        """``Seat 3: PLAYER3 won Total ($0.19) HI:... LO:($0.19) ...``: what the seat won, each half."""
        head, _, rest = text.partition(": ")
        seat = digits(head[len("Seat ") :], "a seat", MAX_SEAT)
        name = next((s.name for s in self.hand.seats if s.seat == seat), None)
        if name is None or not rest.startswith(name):
            raise InputError(f"the summary names a seat nobody sits in: {quote(text)}")
        rest = rest[len(name) :]
        w = WON.search(rest)
        if w is not None:
            self.hand.won[name] = self.amount(w.group("amount"))
        for h in HALF.finditer(rest):
            half = "high" if h.group("half") == "HI" else "low"
            self.halves.setdefault(name, {})[half] = self.amount(h.group("amount"))


def after_stakes(head: str) -> str:
    """``head`` without what may follow its stakes: ``(7-2)``, ``Turbo``, ``, $0.05 ante`` (read from
    the end, no pattern that backtracks over a long line)."""
    head = head.rstrip()
    for word in (" (7-2)", " Turbo"):
        head = head.removesuffix(word).rstrip()
    ante = ANTE.search(head)
    return head[: ante.start()] if ante is not None else head


def settle_summary(hand: SiteHand, halves: dict[str, dict[str, int]], rake: int) -> None:
    """The summary's halves onto the collect lines (a player's one collect split into the halves the
    summary gives); with side pots, the printed Total and Rake held against the collects and the rake
    per pot derived (RULES §13: the summary prints no pot beside its Total); without a Total pot line, or
    a Total without a Rake, the rake derived too."""
    show = (hand.currency or Currency()).show
    for name, won in halves.items():
        total = hand.won.get(name)
        if total is not None and total != sum(won.values()):
            hand.disagreements.append(
                f"the summary's HI and LO for {name} add up to {show(sum(won.values()))}, "
                f"not its Total {show(total)}"
            )
    if hand.total is None or not hand.rake_printed:
        # No Total pot line (a hand cut before its summary), or no Rake beside it: the rake is derived.
        hand.total, hand.rake, hand.rake_printed = None, 0, False
    elif any(c.pot for c in hand.collects):
        paid = sum(c.amount for c in hand.collects)
        if hand.rake_printed and hand.total - rake != paid:
            hand.disagreements.append(
                f"the summary's Total pot {show(hand.total)} − Rake {show(rake)} is not the "
                f"{show(paid)} the collect lines pay"
            )
        hand.total, hand.rake, hand.rake_printed = None, 0, False
    players = [c.player for c in hand.collects]
    if len(set(players)) != len(players) or hand.disagreements:
        return
    tagged: list[Collect] = []
    for c in hand.collects:
        won = halves.get(c.player, {})
        if sum(won.values()) != c.amount:
            return
        tagged += [c._replace(amount=a, half=h) for h, a in sorted(won.items()) if a]
    hand.collects = tagged


READER = Absolute.plugin()
