"""PokerStars hand histories (the most used site; trackers' exports of it too).

PokerStars writes a hand in three parts, the table, the play and the summary::

    PokerStars Hand #111:  Omaha Hi/Lo Pot Limit ($0.10/$0.25 USD) - 2024/01/01 10:00:00 ET
    Table 'T' 6-max Seat #1 is the button
    Seat 1: Al ($5 in chips)                 (tournaments: "(1436 in chips)", no sign)
    Seat 2: Bo ($1,000.50 in chips) is sitting out
    Al: posts small blind $0.10              (a player's line: "NAME: " and what they did)
    Bo: posts big blind $0.25
    *** HOLE CARDS ***                       (a street; stud: "*** 3rd STREET ***" ...)
    Dealt to Al [Ah 2h 3c Kd]                (stud repeats the cards dealt before in a first bracket)
    Al: calls $0.15
    Bo: raises $0.50 to $0.75                (raises the increment to the street total)
    Al: bets $5.78 and is all-in
    *** FLOP *** [Jh Td 8c]                  (the turn repeats the board: [Jh Td 8c] [9c])
    *** FIRST TURN *** [Jh Td 8c] [9c]       (a hand run twice: each run's streets, then its show down)
    *** SHOW DOWN ***
    Al: shows [4s 2s 8d 3d] (HI: two pair, Eights and Deuces; LO: 8,6,4,3,2)
    Al: mucks hand
    Uncalled bet ($0.50) returned to Bo      (the dealer's lines: no "NAME: " in front)
    Bo collected $0.50 from pot              (a line a pot and half: "from main pot", "from side pot-2")
    No low hand qualified
    *** SUMMARY ***
    Total pot $3.70 Main pot $2.35. Side pot-1 $0.88. Side pot-2 $0.29. | Rake $0.18
    Hand was run twice
    FIRST Board [9c 6d Td Kh 6h]
    Seat 2: Bo (big blind) showed [4s 2s 8d 3d] and won ($0.38) with HI: ...

The pots of the summary are after rake, its total before it; "won (...)" is a seat's total over every
pot. A trackers' export writes the header in capitals (``POKERSTARS GAME #N: 7 CARD STUD HI/LO LIMIT``).
Courchevel deals its first board card before the first betting round (``*** PRE-FLOP *** [7h]``). The
line catalogue and what each line means are in ../shared/handhistories/POKERSTARS.md; rake and runs in
RULES §12 and §13. Not checkable, with the reason: a game hilo does not play (hold'em, razz, draw in a
mixed game), a cancelled hand, a cashed-out hand, a contested showdown whose cards are not all shown.

The sites that write PokerStars' text under their own headers are read here (issue 28): ``PokerMaster
Hand #``, ``Hive Poker Hand #`` (``Tournament #4321, Table #7, ...``), ``BetOnline``, ``Run It Once
Poker``, ``888Poker``, ``PokerBros``, ``MPLPoker``, ``SupremaPoker``, ``Full Tilt Hand #``, and
``PokerStars Home Game #`` without ``Hand``. Their lines: PokerMaster's ``# {json}`` comment after the
seats and its summary's ``Seat 1: X mucked`` without cards; a cap in the stakes (``($0.05/$0.10 - $3 Cap
- USD)``), a licence after them (``[ADM ID: 7A3BC9]``), a button-blind table (``(Button Blind $0.10 -
Ante $0.02 USD)``, ``posts button blind $0.10``); ``Table ID 'Big Sur'(1) 6-Max (Real Money)``;
``brings in low for $0.05``; ``(disconnect)`` after an action. Every title fpdb-3's header pattern
takes: ``Hand``, ``Game`` (``PokerStarsGame #`` too), ``GAME``, ``HAND``, ``Zoom Hand``, ``Rush Hand``,
``Home Game``, ``Home Game Hand``, and a tracker's ``# Version:`` in its place (``PokerStars # Version:
123: ...``, the ``#`` before the number and the colon after it optional: fpdb-3's reading, no file
seen); the high-only spellings ``Omaha 5 Cards``, ``Omaha 6 Cards``, ``5-Card Omaha High``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hilo_cli.betting import Structure
from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money
from hilo_cli.histories.base import HandRecord
from hilo_cli.histories.records import STRUCTURES
from hilo_cli.histories.site import BRACKETS, Header, Line, cards_of, summary_seat
from hilo_cli.histories.text import (
    TextReader,
    repeats_board,
    street_match,
    street_number,
    table_button,
)

# The sites that write PokerStars' text under their own name (issue 28), and the words before "#N".
SITES = (
    r"(?:PokerStars|POKERSTARS|888Poker|Hive Poker|Full Tilt|PokerMaster|Run It Once Poker|BetOnline|"
    r"PokerBros|MPLPoker|SupremaPoker|"
    # BetOnline's network ("BetOnline Poker Game #N: ..."), fpdb-3's files.
    r"BetOnline Poker|PayNoRake|ActionPoker\.com|Gear Poker)"
)
TITLES = r"(?: Home Game(?: Hand)?|(?: Zoom| Rush)?(?: Hand| Game| GAME| HAND)|Game)"
# A tracker's title, "PokerStars # Version: 123:" (fpdb-3's pattern: the "#" before the number and the
# colon after it may be left out): the hand's number follows it as it follows a title.
VERSION = r" # Version:"
HEADER = re.compile(
    rf"^{SITES}(?:{TITLES} #(?P<id>\d+):|{VERSION} #?(?P<number>\d+):?) +(?P<rest>.*)$"
)
# A header of BetOnline's network that names no limit: "Hold'em - 2012-04-03 02:10:06", a tournament's
# "Tournament #4157956: Hold'em $10.00/$20.00 - 2012/10/13 ...": a game hilo plays needs its limit.
NO_LIMIT_NAMED = re.compile(
    r"^(?:Tournament #\d+: )?(?P<game>[A-Z][\w' /+-]*?)(?: [$€£]?[\d.,]+/[$€£]?[\d.,]+)? - \d{4}[-/]"
)
# A tournament summary's first line (a file PokerStars writes beside the hand histories: the players'
# places and prizes, no hand): "PokerStars Tournament #447493868, No Limit Omaha Hi/Lo".
SUMMARY_FILE = re.compile(rf"^{SITES} Tournament #(?P<id>\d+), ")
# The game and its limit: "Omaha Hi/Lo Pot Limit", "8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)",
# "HORSE (Omaha Hi/Lo Limit)"; tournaments put "Tournament #N, buy-in " in front.
GAME = re.compile(
    r"(?:(?P<mixed>HORSE|8-Game|8-GAME|HOSE|Mixed [^(]+?|Triple Stud|[A-Z][\w' +/-]*?) \()?"
    r"(?P<game>(?:\d Card |\d CARD |\d-Card |6\+ |Split )?[A-Z][\w' /+-]*?) "
    r"(?P<limit>Pot Limit Pre-Flop, No Limit Post-Flop|Pot Limit|No Limit|Fixed Limit|Limit|"
    r"POT LIMIT|NO LIMIT|LIMIT)(?=[,) ]|$)"
)
# The stakes; a capped table writes its cap after them ("($0.50/$1 - $30 Cap - USD)"); an Italian
# one its licence after the bracket ("[ADM ID: 1A2B]"), which is not read.
STAKES = re.compile(
    r"\(?(?:ante [^,]*, )?(?P<sb>[$€£¥]?[\d.,]+)/(?P<bb>[$€£¥]?[\d.,]+)"
    r"(?: - [$€£]?[\d.,]+ Cap -)?(?:\s+(?P<iso>[A-Z]{3}))?\)"
)
# A button-blind table: the button posts the one blind, everyone an ante ("(Button Blind $0.10 - Ante
# $0.02 USD)"): its stakes are the button blind.
BUTTON_BLIND = re.compile(
    r"\(Button\sBlind\s(?P<bb>[$€£]?[\d.,]+) - Ante\s[$€£]?[\d.,]+(?:\s+(?P<iso>[A-Z]{3}))?\)"
)
# A home game's club before the game: "{Club 12345} ".
CLUB = re.compile(r"^\{[^}]*\}\s+")
TOURNAMENT = re.compile(
    r"^(?:Zoom |Rush )?(?:Tournament|TOURNAMENT) #\d+, (?:Table #\d+, )?"
    r"(?:Freeroll|(?:[$€£₹¥]?[\d.,]+\+?|FPP\+?|SC\+?)+"
    r"(?: (?:USD|EUR|GBP|CAD|INR|CNY|FPP|SC)(?= ))?)? *(?:- )?"
    # A tournament's name after its buy-in (Run It Once: "€4.69+€0.31 Cub3d, Hold'em No Limit").
    r"(?:[A-Z][\w]*(?: [\w]+)*, (?=[A-Z]))?"
)
TABLE = re.compile(
    r"^Table (?:ID )?'(?P<table>.*)'(?:\(\d+\))?(?: (?P<max>\d+)-[Mm]ax)?(?: \(Play Money\))?"
    r"(?: \(Real Money\))?(?: Seat #(?P<button>\d+) is the button)?\s*$"
)
SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d.,]+) in chips"
    r"(?:, [$€£]?[\d.,]+ bounty)?\)(?: is sitting out| out of hand.*)?\s*$"
)
STREET = re.compile(
    r"^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<name>[A-Za-z0-9 -]+?) \*\*\*(?P<cards>.*)$"
)
COLLECTED = re.compile(
    r"^(?P<name>.+) collected (?P<amount>[$€£]?[\d.,]+) from "
    r"(?P<pot>pot|main pot|side pot(?:[- ]\d+)?)\s*$"
)
# Run It Once's show down, a player's line without the colon, the hand's cards after the words:
# "Ann shows [Ks Ah Ts 5d] for Two Pairs [Qd Ts Tc 5d 5c]".
SHOWS_FOR = re.compile(r"^(?P<name>.+?) shows \[(?P<cards>[^\[\]]*)\](?: for .*)?$")
# Run It Once's house money in the pot ("STP added: €5.00", Splash the Pot).
STP = re.compile(r"^STP added: (?P<amount>[$€£]?[\d.,]+)\s*$")
UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[$€£]?[\d.,]+)\) returned to (?P<name>.+?)\s*$")
CASHED_OUT = re.compile(r"^(?P<name>.+) cashed out the hand for (?P<amount>[$€£]?[\d.,]+)")
TOTAL = re.compile(
    r"^Total pot (?P<total>[$€£]?[\d.,]+)"
    r"(?P<pots>(?: (?:Main pot|Side pot(?:-\d+)?) [$€£]?[\d.,]+\.)*"
    # Run It Once: " | Main pot €62.60 | Side pot €20.98 | Rake €2.00" (and " | STP €5.00").
    r"|(?: \| (?:Main pot|Side pot(?:-\d+)?|STP) [$€£]?[\d.,]+)*) \| Rake (?P<rake>[$€£]?[\d.,]+)\s*$"
)
# Each pot of a "Total pot" line: its label, its number (side pots 1, 2, ...), its amount.
PRINTED_POT = re.compile(r"(Main pot|Side pot(?:-(\d+))?) ([$€£]?\d[\d,]*(?:\.\d+)?)(?:\.| |$)")
SUMMARY_BOARD = re.compile(r"^(?:(?P<run>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\[\]]*)\]\s*$")
SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
# Every amount a summary's seat line says the seat won ("and won ($0.38)", "collected ($17.19)").
WON = re.compile(r"(?:won|collected) \((?P<amount>[$€£]?[\d.,]+)\)")
# Run It Once's, without the brackets: "showed [...] and won €81.58 with Two Pairs ...".
WON_BARE = re.compile(r" and won (?P<amount>[$€£]?\d[\d,]*(?:\.\d+)?)(?: with |\s*$)")
RAISES = re.compile(r"^raises (?P<by>[$€£]?[\d.,]+) to (?P<to>[$€£]?[\d.,]+)(?P<tail>.*)$")
AMOUNT_VERB = re.compile(
    r"^(?P<verb>calls|bets|posts small blind|posts big blind|posts small & big blinds|"
    r"posts the ante|posts straddle|posts button blind|brings in for|brings-in for|"
    r"brings in low for|brings-in low for|completes it to) "
    r"(?P<amount>[$€£]?[\d.,]+)(?P<tail>.*)$"
)
# What may follow the amount of a bet, a call or a raise.
ALL_IN = re.compile(r"^(?: and is all-in| and has reached the [$€£]?[\d.,]+ cap)?\s*$")
# Lines that say something about a player but move no chips and deal no cards.
NOTES = re.compile(
    r"^(?:is sitting out|sits out|is back|has timed out.*|has returned|is disconnected|"
    r"is connected|leaves the table|joins the table at seat #\d+|"
    r"will be allowed to play after the button|said, .*|finished the tournament.*|"
    r"wins the tournament.*|wins .* for (?:splitting the elimination of|eliminating) .*|"
    r"wins the .* bounty for eliminating .*|split the .* bounty for eliminating .*|re-buys.*|"
    r"was removed from the table.*|is low with .*|is high with .*|has been disconnected.*|"
    r"stands up|sits down|takes the add-on.*|is all-in|: is sitting out|: sits out|: is back)\s*$"
)
# ``NOTES`` after a player's name, wherever the name ends (``is_note``), in one pass over the line: the
# notes in which words of any number stand between two of theirs ("wins the .* bounty for ...") are
# tried at the first place they may start alone, as any later start finds less after it; the others
# are one search for a space and the note to the line's end. Trying NOTES at each space of a line of
# a million words cost a million matches, each to the line's end.
_SPANNED = (
    r"wins .* for (?:splitting the elimination of|eliminating) .*|",
    r"wins the .* bounty for eliminating .*|split the .* bounty for eliminating .*|",
)
_NOTE_AT = re.compile(NOTES.pattern.removeprefix("^"))
_NOTE_END = re.compile(" " + _NOTE_AT.pattern.replace(_SPANNED[0], "").replace(_SPANNED[1], ""))


def is_note(text: str) -> bool:
    """Whether ``text`` is a name (of one character or more, spaces in it too) and a note of
    ``NOTES`` after it."""
    if _NOTE_END.search(text, 1) is not None:
        return True
    for start in (" wins ", " wins the ", " split the "):
        at = text.find(start, 1)
        if at > 0 and _NOTE_AT.match(text, at + 1) is not None:
            return True
    return False


VERBS = {
    "calls": "call",
    "bets": "bet",
    "posts small blind": "small blind",
    "posts big blind": "big blind",
    "posts small & big blinds": "small and big blinds",
    "posts the ante": "ante",
    "posts straddle": "straddle",
    # The button's forced bet at a button-blind table: the blind the others call.
    "posts button blind": "big blind",
    "brings in for": "bring in",
    "brings-in for": "bring in",
    "brings in low for": "bring in",
    "brings-in low for": "bring in",
    "completes it to": "complete",
}
# Street names by the game's kind: a board game's streets and stud's.
# "PRE-FLOP" (Courchevel): the first betting round, after the first board card.
BOARD_STREETS = {"HOLE CARDS": 0, "PRE-FLOP": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
STUD_STREETS = {
    "3rd STREET": 0,
    "4th STREET": 1,
    "5th STREET": 2,
    "6th STREET": 3,
    "RIVER": 4,
    "7th STREET": 4,
}
RUNS = {None: 0, "FIRST": 1, "SECOND": 2, "THIRD": 3}

# The site's game names for the games hilo plays (RULES §6).
GAME_NAMES = {
    "Omaha Hi/Lo": "omaha8",
    "5 Card Omaha Hi/Lo": "omaha8-5",
    "6 Card Omaha Hi/Lo": "omaha8-6",
    "Courchevel Hi/Lo": "courchevel8",
    "7 Card Stud Hi/Lo": "stud8",
    "Omaha": "omaha",
    "5 Card Omaha": "omaha-5",
    "6 Card Omaha": "omaha-6",
    # Other spellings of the high-only games in the header (fpdb-3's PokerStarsToFpdb.games).
    "Omaha 5 Cards": "omaha-5",
    "Omaha 6 Cards": "omaha-6",
    "5-Card Omaha High": "omaha-5",
}
# Trackers export headers in capitals ("7 CARD STUD HI/LO LIMIT"): the same games.
GAME_CAPITALS = {name.upper(): name for name in GAME_NAMES}
# The site's limits (title-cased: trackers write "POT LIMIT") as the betting structures hilo plays.
LIMITS: dict[str, Structure] = {**STRUCTURES, "Fixed Limit": "fixed"}


def read_header(line: str) -> Header:
    """The hand's header, its first line: the hand number, the game and its limit, the stakes (in
    chips for a tournament, in cents after a currency sign)."""
    m = HEADER.match(line)
    if m is None:
        summary = SUMMARY_FILE.match(line)
        if summary is not None:
            raise InputError(
                f"a tournament summary (Tournament #{summary.group('id')}: places and prizes), "
                "not a hand history: hilo checks the hands of the tournament's hand history"
            )
        raise InputError("not a PokerStars hand header (expected 'PokerStars Hand #N: ...')")
    number = m.group("id") or m.group("number")
    rest = CLUB.sub("", m.group("rest"))
    t = TOURNAMENT.match(rest)
    tournament = t is not None
    g = GAME.match(rest, t.end() if t is not None else 0)
    bare = NO_LIMIT_NAMED.match(rest) if g is None else None
    if bare is not None and bare.group("game") not in GAME_NAMES:
        # Not a game hilo plays: its stakes are not needed.
        return Header(
            number, bare.group("game"), "(limit not named)", None, "Tournament #" in rest, "", 0, 0
        )
    if g is None:
        raise InputError(f"hand #{number}: cannot read the game and limit in {quote(rest)}")
    stakes = STAKES.search(rest, g.end()) or BUTTON_BLIND.search(rest, g.end())
    if stakes is None:
        raise InputError(f"hand #{number}: cannot read the stakes (small/big) in {quote(rest)}")
    bb = stakes.group("bb")
    sb = stakes.group("sb") if "sb" in stakes.groupdict() else bb
    currency = sb[0] if sb[0] in "$€£¥" and not tournament else ""
    # A yuan table ("(¥2/¥4 CNY)", a game hilo does not play in every file seen): its stakes read; an
    # amount in yuan in a hand hilo plays is bad input (``money`` knows $, € and £).
    sb, bb = sb.lstrip("¥"), bb.lstrip("¥")
    game = g.group("game").strip()
    game = GAME_CAPITALS.get(game, game)
    if " - LEVEL " in rest.upper() and not tournament:
        # A tournament level, as trackers export its header.
        tournament, currency = True, ""
    scale = 100 if currency else 1
    mixed = g.group("mixed")
    return Header(
        number,
        game,
        g.group("limit"),
        mixed.strip() if mixed else None,
        tournament,
        currency,
        money(sb, scale),
        money(bb, scale),
    )


def all_in(found: re.Match[str], what: str, line: str) -> bool:
    """Whether the ``tail`` of a line ``found`` says the player is all in; a tail that says anything else
    makes the line no ``what`` hilo reads."""
    tail = found.group("tail")
    if not ALL_IN.match(tail):
        raise InputError(f"cannot read the {what} {quote(line)}")
    return "all-in" in tail


def pot_index(printed: str) -> int:
    """The pot a "collected ... from <pot>" line names: main pot first (0), then side pot 1, 2, ..."""
    if printed in ("pot", "main pot"):
        return 0
    if printed == "side pot":
        return 1
    return digits(printed.replace(" ", "-").rsplit("-", 1)[1], "a side pot's number", MAX_SEAT)


class PokerStars(TextReader):
    """One PokerStars hand: ``part`` reads each line after the header by the part of the hand it is in
    (the table and its seats, the play, the summary)."""

    NAME = "pokerstars"
    TITLE = "PokerStars"
    # PokerStars' older clients, and the sites writing its text, wrote cp1252: "€" is byte 0x80 and a
    # non-breaking space 0xa0 ("Button Blind\xa0$0.50").
    ENCODINGS = ("cp1252",)
    # The header up to the hand's number, and something after it: the lines ``HEADER`` reads, once
    # stripped (``header`` reads the line, once). "PokerStars " alone would cut a hand at a line such as
    # "PokerStars Hand 🂡#N", which PokerStars' reader has always read as a line of the hand before.
    START = re.compile(
        rf"[ \t]*{SITES}(?:(?:{TITLES} #\d+:|{VERSION} #?\d+:?) .*\S| Tournament #\d+, )"
    )
    GAMES = GAME_NAMES
    LIMITS = LIMITS
    # The first line of the tournament summaries PokerStars mails on request, before the summaries.
    # An archive's numbered line between hands ("*********** # 1 **************", Zoom hands saved so).
    BLANK = re.compile(
        r"^(?:Tournament History for your last \d+ tournaments? requested by |\*+ # \d+ \*+$|"
        # BetOnline's notice before a tournament's first hand.
        r"Tournament will start in a moment\.$)"
    )

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.seated: set[str] = set()
        self.longest = 0  # the longest seated name's length
        self.streets = BOARD_STREETS
        self.stud = False
        # A board card dealt before the first betting round (Courchevel's PRE-FLOP), dealt with the flop.
        self.pending: list[Card] = []
        # Run It Once writes a raise's "to" as the chips the raise adds, not the street total (``action``).
        self.raise_adds = False
        # Run It Once: the chips each player has put in (``act``), and their stacks, for its "checks" of a
        # player who has put in every chip (``action``).
        self.spent: dict[str, int] = {}
        self.stacks: dict[str, int] = {}
        self.folded: set[str] = set()

    def header(self) -> Header:
        header = read_header(self.lines[0])
        self.raise_adds = self.lines[0].startswith("Run It Once Poker ")
        self.scale = 100 if header.currency else 1
        self.stud = "Stud" in header.game or header.game.startswith("Razz")
        self.streets = STUD_STREETS if self.stud else BOARD_STREETS
        return header

    def finish(self) -> None:
        if self.reading != self.summary_line:
            raise InputError(f"hand #{self.id} is cut short: no '*** SUMMARY ***' line")
        if self.hand.total is None and not self.hand.cancelled:
            raise InputError(f"hand #{self.id}: the summary has no 'Total pot' line")

    # --- the table ---------------------------------------------------------------------------------

    def line(self, text: str) -> None:
        """The table and seat lines after the header; the first other line begins the play."""
        if text.startswith("Seat "):
            self.seat_line(SEAT, text)
        elif text.startswith(("Table '", "Table ID '")):
            self.hand.button = table_button(TABLE, text)
        elif text.startswith("# "):
            # PokerMaster's comment after the seats ("# {json}": the table's names and ids): no play.
            return
        else:
            self.seated = {s.name for s in self.hand.seats}
            self.stacks = {s.name: s.stack for s in self.hand.seats}
            self.longest = max(map(len, self.seated), default=0)
            self.reading = self.play_line
            self.play_line(text)

    # --- the play ----------------------------------------------------------------------------------

    def act(
        self,
        name: str,
        verb: str,
        amount: int,
        to: int | None = None,
        all_in: bool = False,
        text: str | None = None,
    ) -> None:
        before = self.bets.get(name, 0)
        super().act(name, verb, amount, to, all_in, text)
        if self.raise_adds:
            added = amount if verb == "ante" else self.bets.get(name, 0) - before
            self.spent[name] = self.spent.get(name, 0) + added

    def play_line(self, text: str) -> None:
        """A line from the blinds to ``*** SUMMARY ***``: a street, a player's action (``NAME: ...``: a
        name may itself hold ": ", so each ": " is tried), or the dealer's line."""
        if text.startswith("*** "):
            self.street_line(text)
            return
        colon = text.find(": ")
        while 0 < colon <= self.longest:  # no longer prefix is a seated name
            if text[:colon] in self.seated:
                self.action(text[:colon], text[colon + 2 :].strip())
                return
            colon = text.find(": ", colon + 1)
        self.dealer_line(text)

    def can_bet(self, name: str) -> bool:
        """Whether ``name`` has chips left and so has another player still in the hand (Run It Once)."""
        left = [
            n for n in self.stacks if n not in self.folded and self.spent.get(n, 0) < self.stacks[n]
        ]
        return name in left and len(left) > 1

    def street_line(self, text: str) -> None:
        """``*** FLOP *** [...]``, ``*** SECOND SHOW DOWN ***``, ``*** SUMMARY ***``."""
        m = street_match(STREET, text)
        name, run = m.group("name"), RUNS[m.group("run")]
        if name == "SUMMARY":
            self.reading = self.summary_line
        elif name in ("SHOW DOWN", "SHOWDOWN"):
            self.run = run
        else:
            street = street_number(self.streets, name)
            self.run = run
            self.new_street(street, run=run)
            self.board(name, m.group("cards"))

    def board(self, name: str, text: str) -> None:
        """The board cards of street ``name``'s line (``text`` after its name): the last bracket holds
        the new ones; a bracket before it repeats the board so far."""
        found = BRACKETS.findall(text)
        if self.stud or (name == "HOLE CARDS" and not found):
            return
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        run = self.run
        board = self.hand.boards.get(run)
        if board is None:
            # A run's board starts with the cards dealt before the all-in (RULES §12.1).
            board = list(self.hand.boards.get(0, [])) if run else []
            self.hand.boards[run] = board
        what = f"the {name.lower()}"
        new = cards_of(found[-1], what)
        if not new:
            # "*** TURN *** [3c Jd 6d] []" (fpdb-3's file): the street's card is missing.
            raise InputError(f"{what} line deals no card: {quote(text.strip())}")
        if len(found) == 1:
            # The flop (Courchevel: its first card was dealt before the first betting round, §6).
            if tuple(board) != new[: len(board)]:
                raise InputError(
                    f"{what} {' '.join(map(str, new))} does not start with the board card "
                    f"dealt before it, {' '.join(map(str, board))}"
                )
            new = new[len(board) :]
        else:
            before = cards_of(found[-2], what)
            if not board and name == "FLOP":
                new = before + new  # Courchevel's flop line: [first card] [the other two]
            elif tuple(board) != before:
                raise repeats_board(what, " ".join(map(str, before)), board)
        board.extend(new)
        if name == "PRE-FLOP":
            # Courchevel's first board card, before the first betting round: dealt to the replay with the
            # flop, so that the first round's betting is one round (the cards are the same, RULES §6).
            self.pending = list(new)
            return
        new, self.pending = tuple(self.pending) + new, []
        # The board is kept as dealt above (a run's starts with the cards before the all-in): the line
        # is recorded here, under the street's name without its run.
        self.hand.actions.append(
            Line(
                self.number,
                self.street,
                "",
                "board",
                0,
                None,
                False,
                f"*** {name} ***{text}",
                new,
                run,
            )
        )

    def action(self, name: str, rest: str) -> None:
        """A seated player's line, ``rest`` what follows ``NAME: ``."""
        if rest.endswith(" (disconnect)"):
            # Taken for a player who lost the connection: still the action.
            rest = rest[: -len(" (disconnect)")]
        if self.raise_adds and rest == "folds":
            self.folded.add(name)
        if self.raise_adds and rest == "checks" and not self.can_bet(name):
            # Run It Once writes "checks" on the later streets for every player left, all in or not (its
            # two files with an all-in): no chip moves, and no bet can follow. Skipped and counted.
            self.hand.skipped += 1
            if self.hand.first_skipped is None:
                self.hand.first_skipped = (self.number, self.text[:80])
            return
        if self.fold_or_check(name, rest):  # the most frequent action, read without a pattern
            return
        if rest.startswith(("calls ", "bets ")):
            word, _, printed = rest.partition(" ")
            if " " not in printed:  # the usual call or bet, read without a pattern
                self.act(name, word[:-1], self.amount(printed))
                return
        m = RAISES.match(rest)
        if m is not None:
            allin = all_in(m, "raise", self.text)
            by, to = self.amount(m.group("by")), self.amount(m.group("to"))
            if self.raise_adds:
                # "Paul: raises €44.00 to €68" with €7 in, facing €24: Paul's total is €75 (the pot and
                # the call of €51 after it say so), the raise €51.
                to += self.bets.get(name, 0)
                by = to - self.street_bet
            self.act(name, "raise", by, to, allin)
            return
        m = AMOUNT_VERB.match(rest)
        if m is not None:
            allin = all_in(m, "action", self.text)
            verb, amount = VERBS[m.group("verb")], self.amount(m.group("amount"))
            self.act(name, verb, amount, amount if verb == "complete" else None, allin)
            return
        if rest.startswith("shows ["):
            found = BRACKETS.findall(rest)
            self.show(name, cards_of(found[0], f"{name}'s cards") if found else ())
            return
        if rest.startswith(("mucks hand", "mucks")):
            self.muck(name)
            return
        if rest.startswith(("doesn't show hand", "shows hand")):
            return
        if NOTES.match(rest) or rest.startswith(("discards", "stands pat")):
            return
        raise self.unread("action")

    def dealer_line(self, text: str) -> None:
        """A line of the play that is no player's ``NAME: ...``: cards dealt, a pot collected, an
        uncalled bet returned, a hand cashed out or cancelled, the dealer's notes and a note about a
        player (seated or not: players join, leave and come back); any other is bad input."""
        seated = self.seated
        if text.startswith("Dealt to "):
            body = text[len("Dealt to ") :]
            at = body.find(" [")
            name = body[:at] if at > 0 else ""
            if name not in seated:
                raise InputError(
                    f"cards dealt to {quote(name or body)}, who has no seat in this hand"
                )
            found = BRACKETS.findall(body[at:])
            if not found:
                raise InputError(f"cannot read the cards dealt in {quote(text)}")
            # Stud repeats the cards dealt before in a first bracket: the last bracket holds the new ones.
            self.deal_cards(name, cards_of(found[-1], f"{name}'s cards"))
            return
        m = COLLECTED.match(text)
        if m is not None and m.group("name") in seated:
            pot = m.group("pot")
            self.award(
                m.group("name"), self.amount(m.group("amount")), pot_index(pot), pot, run=self.run
            )
            return
        m = UNCALLED.match(text)
        if m is not None:
            if m.group("name") not in seated:
                raise InputError(
                    f"an uncalled bet returned to {quote(m.group('name'))}, who has no seat in this hand"
                )
            self.return_uncalled(m.group("name"), self.amount(m.group("amount")))
            return
        m = CASHED_OUT.match(text)
        if m is not None and m.group("name") in seated:
            self.hand.cashed_out.append(m.group("name"))
            return
        if self.raise_adds and self.run_it_once_line(text):
            return
        if text == "Hand cancelled":
            self.hand.cancelled = True
            return
        if text in ("No low hand qualified", "Betting is capped") or text.startswith(
            "Hand was run "
        ):
            return
        if is_note(text):
            return
        raise self.unread()

    def run_it_once_line(self, text: str) -> bool:
        """Run It Once's own dealer lines: a show down without the colon, "Ann shows [..] for ...", and
        the house's money, "STP added: €5.00". Whether ``text`` is one (and read)."""
        m = SHOWS_FOR.match(text)
        if m is not None and m.group("name") in self.seated:
            self.show(m.group("name"), cards_of(m.group("cards"), f"{m.group('name')}'s cards"))
            return True
        m = STP.match(text)
        if m is not None:
            # Its one file pays the house's chips twice in its collect lines (the side pot's and the
            # main pot's) and once in the summary: where they count is not known.
            self.hand.unplayable = (
                f"the site added {m.group('amount')} to the pot (STP): no file shows where Run It Once "
                "counts it"
            )
            return True
        return False

    # --- the summary -------------------------------------------------------------------------------

    def summary_line(self, text: str) -> None:
        """A line after ``*** SUMMARY ***``: the pots and the rake, the boards, the runs, each seat."""
        hand = self.hand
        if text.startswith("Seat "):
            m = SUMMARY_SEAT.match(text)
            if m is None:
                raise InputError(f"cannot read the summary line {quote(text)}")
            seat = digits(m.group("seat"), "a seat", MAX_SEAT)
            summary_seat(
                hand,
                seat,
                m.group("rest"),
                lambda tail: [self.amount(a) for a in WON.findall(tail) or WON_BARE.findall(tail)],
            )
            return
        m = TOTAL.match(text)
        if m is not None:
            hand.total, hand.rake = self.amount(m.group("total")), self.amount(m.group("rake"))
            pots = PRINTED_POT.findall(m.group("pots"))
            hand.printed_pots = [self.amount(amount) for _, _, amount in pots]
            if self.raise_adds and hand.printed_pots:
                # Run It Once prints its pots before rake ("| Main pot €62.60 | Side pot €20.98 | Rake
                # €2.00"); its one file with a side pot takes the rake from the main pot (€60.60 paid).
                hand.printed_pots[0] -= hand.rake
            for i, (label, n, _) in enumerate(pots):
                expected = "Main pot" if i == 0 else "Side pot"
                if not label.startswith(expected) or (n and n != str(i)):
                    raise InputError(
                        f"the summary's pots are not in order main, side 1, side 2, ...: {quote(text)}"
                    )
            return
        if text.startswith("Total pot "):
            raise InputError(f"cannot read the summary's pot line {quote(text)}")
        m = SUMMARY_BOARD.match(text)
        if m is not None:
            hand.summary_boards[RUNS[m.group("run")]] = cards_of(
                m.group("cards"), "the summary board"
            )
            return
        if text.startswith("Hand was run "):
            words = text[len("Hand was run ") :].split()
            hand.runs = {"twice": 2, "three": 3}.get(words[0] if words else "", 0)
            if not hand.runs:
                raise InputError(f"cannot read {quote(text)}")
            return
        raise InputError(f"cannot read the summary line {quote(text)}")


READER = PokerStars.plugin()


def read(source: str, text: str) -> Iterator[HandRecord]:
    """Every hand of a PokerStars history's ``text``, read (the base's ``histories.read``)."""
    from hilo_cli.histories import read as read_any

    return read_any(source, text, READER.name)
