"""Winning Poker Network (ACR, Americas Cardroom, Yatahay) hand histories, both of its formats.

The current format (``Winning``, the family's reader of ``winning_family``), PokerStars-like::

    Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC
    St. Lucie 6-max Seat #1 is the button
    Seat 1: Alice ($100.00)
    Bob posts the small blind $3.00
    *** HOLE CARDS ***
    Dealt to Alice [As 2s Kd Qc]
    Alice raises $120.00 to $120.00 and is all-in      (a raise *to*)
    Main pot $79.20 | Rake $0.80                       (a running figure after each street, not read)
    *** FLOP *** [3h 4c 7d]
    *** RUN IT TWICE ***                               (then "*** FLOP 1 ***" ... "*** SHOW DOWN 2 ***")
    Uncalled bet ($6.00) returned to Alice
    Alice collected $199.00 from main pot              ("from main pot 1": run 1)
    *** SUMMARY ***
    Total pot $199.00 | Rake $0.96 | JP Fee $0.04
    Board [3h 4c 7d Kh 9s]                             ("Board 1", "Board 2")
    Seat 1: Alice showed [As 2s Kd Qc] and won $199.00

* fixed limit stakes are the small and big bets; tournaments (``Game Hand #N - Tournament #T - ... -
  Level 1 (250.00/500.00)- date``) play in chips;
* one award line per player per pot, high and low added together;
* ``Total pot`` is after the rake and the jackpot fee, both taken from the pot; the seats' lines say
  "won $x" once per board run: they can disagree with the award lines, the site's own inconsistency (a
  MISMATCH);
* a walk has no award line: the summary's "did not show and won $9.00" is the award, and it holds the
  uncalled big blind, as ``Total pot`` does (``uncalled.fold_back``).

The older format (``WinningOld``), UTF-16LE with a byte-order mark (the base decodes it)::

    Game started at: 2016/8/2 11:16:59
    Game ID: 693977531 0.10/0.25 (PRR) Elepaio (Omaha HiLow)
    Seat 4 is the button
    Seat 1: name (37.15).
    Player X has small blind (0.10)
    Player X received card: [10h]                      ("received a card." for cards not seen)
    Player X raises (0.85)                             (the chips put in by the raise, call included)
    *** FLOP ***: [5d 3s 3h]
    *** TURN ***: [5d 3s 3h] [3s]
    Uncalled bet (0.25) returned to X
    Player X mucks cards                               (a winner who does not show writes it too)
    ------ Summary ------
    Pot: 3.99. Rake 0.15. JP fee 0.06                  (after rake and fee)
    Board: [...]
    *Player X shows: Flush, A high [2s 8h 2h Jd] Low hand (A A 2 3 4 8 ).Bets: 0.50. Collects: 0.95. Wins: 0.45.

* amounts are bare decimals (dollars); the limit is not printed: stud is fixed limit, a game whose big
  blind is the header's first figure is fixed limit (its stakes are the small and big bets), other
  Omaha games are pot limit, hold'em no limit;
* its stud (``Seven Cards Stud HiLow``): antes, then the third street's cards received one a line (two
  down, one up; ``received a card.`` for one not seen) with no street line, the bring-in (``bring in
  (0.25)``) and a completion written as a raise (``raises (1)``); ``*** Third street ***`` begins the
  fourth street (its name is one street behind the cards it deals) up to ``*** Sixth street ***``, the
  seventh, down; the showdown's cards are the summary's (``shows: ... [7 cards]``);
* the summary's one total per player (``Collects:``) names neither pot nor half (``pots_named=False``).

The other lines (issue 28). Current format: the game names ``4Card Omaha H/L``, ``4Card Omaha H/L
Reshuffle``, ``5Card Omaha H/L Reshuffle`` (and their high-only ``4Card Omaha``, ``... Reshuffle``); the
limit ``All-in or Fold Limit``, no betting structure hilo replays (not checkable); ``Alice straddle
$4.00`` (``straddles``); ``Alice caps $2.00 to $8.00`` (``cap``: a raise, the chips added then the
total); a stud table's line with no button (``Pampa 8-max``); the button draw before ``*** HOLE CARDS
***``, ``Dealt to Alice [Ks]`` (one card a seat, no card of the hand). Older format: ``Player X ante (0.10)`` and
``posts ante (0.10)``, ``bring in (0.05)``, ``straddle (x)``, ``caps (x)``/``cap (x)`` (the chips added,
as ``raises``), ``Player X allin`` without an amount (the rest of the stack), the notes ``wait BB`` and
``sitting out``, ``mucks hand`` and ``mucks (does not show: [..])`` beside ``mucks cards``, and a table
named with its kind (``Game ID: N 0.50/1.00 (CAP) Testtable (Omaha HiLow)``), and its stud above. At a
capped table (``(PRR) - CAP - 6-Max``, ``(CAP)``, ``(Cap)``) a player puts in at most the cap a hand:
``caps (x)`` takes the player to it (the cap read from that total), all in for the replay, as is anyone
reaching it after; each stack is taken as at most the cap. ``Player X is disconnected and ALL IN.``
(all-in protection: in for the chips put in, the ``allin`` after it adds none) has no rule in RULES.md:
not checkable.
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money, pattern, sign_currency
from hilo_cli.histories.base import Currency, HandRecord
from hilo_cli.histories.site import BRACKETS, Collect, Header, Line, SiteHand, cards_of
from hilo_cli.histories.text import (
    TextReader,
    board_so_far,
    button_seat,
    repeats_board,
    street_match,
    street_number,
    table_button,
)
from hilo_cli.histories.uncalled import fold_back
from hilo_cli.histories.winning_family import STUD_STREETS, FamilyReader, header_match, header_of

# The site's game names for the games hilo plays (RULES §6), in both formats.
GAME_NAMES = {
    "Omaha H/L": "omaha8",
    "4Card Omaha H/L": "omaha8",
    "5Card Omaha H/L": "omaha8-5",
    # "Reshuffle" tables: the same games, the deck reshuffled for a board run twice.
    "4Card Omaha H/L Reshuffle": "omaha8",
    "5Card Omaha H/L Reshuffle": "omaha8-5",
    "7Stud H/L": "stud8",
    "Omaha": "omaha",
    "4Card Omaha": "omaha",
    "5Card Omaha": "omaha-5",
    "4Card Omaha Reshuffle": "omaha",
    "5Card Omaha Reshuffle": "omaha-5",
    "Omaha HiLow": "omaha8",
    "Seven Cards Stud HiLow": "stud8",
}
LIMITS: dict[str, Structure] = {"Fixed Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}

# --- the current format ------------------------------------------------------------------------------

# An amount as the current format writes it: "$3.00", "250.00".
MONEY = r"\$?[\d.,]+"

HEADER = re.compile(
    r"^(?:Game )?Hand #(?P<id>\d+) - (?:(?P<tournament>(?:[$\d.,K]+ GTD )?Tournament #\d+) - )?"
    r"(?P<game>[A-Za-z0-9/' ]+?)\((?P<limit>No Limit|Pot Limit|Fixed Limit|All-in or Fold Limit)\) - "
    r"(?:Level \w+ )?\(?(?P<sb>\$?[\d.,]+)/(?P<bb>\$?[\d.,]+)\)? ?- .*$"
)
# The table line; a stud table names no button ("Pampa 8-max").
TABLE = re.compile(
    r"^(?P<table>.+?) (?P<max>\d+)-max(?: \(Play Money\))?(?: Seat #(?P<button>\d+) is the button)?$"
)
UNCALLED = pattern(r"^Uncalled bet \((?P<amount>{MONEY})\) returned to (?P<name>.+)$", MONEY=MONEY)
# A running pot figure after a street ("Main pot $79.20 | Rake $0.80"); the summary's is the one checked.
RUNNING = re.compile(r"^(?:Main|Side) pot")
SUMMARY_BOARD = re.compile(r"^Board(?: (?P<run>[12]))? \[(?P<cards>[^\[\]]*)\]$")

VERBS = {
    "posts the small blind": "small blind",
    "posts the big blind": "big blind",
    "posts ante": "ante",
    "posts dead": "small and big blinds",
    "posts": "big blind",
    "calls": "call",
    "bets": "bet",
    "brings in": "bring in",
    "brings-in": "bring in",
    "brings in low": "bring in",
    "raises": "raise",
    "straddle": "straddle",
    "straddles": "straddle",
    # The last raise a fixed-limit round allows: a raise ("caps $8.00 to $16.00").
    "caps": "raise",
    "cap": "raise",
}
BOARD_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
DOLLARS = sign_currency("$")


class Winning(FamilyReader):
    """One hand of the current format: the family's reader in Winning's words, with its runs. Its
    plug-in reads the older format's hands too (``WinningOld``)."""

    NAME = "winning"
    TITLE = "Winning Poker Network"
    START = re.compile(r"[ \t]*(?:Game )?Hand #\d")
    GAMES = GAME_NAMES
    LIMITS = LIMITS
    SEAT = pattern(
        r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{MONEY})\)(?: is sitting out)?$",
        MONEY=MONEY,
    )
    STREET = re.compile(r"^\*\*\* (?P<name>[A-Za-z0-9 ]+?)(?: (?P<run>[12]))? \*\*\*(?P<cards>.*)$")
    ACTION = pattern(
        r"^(?P<verb>posts the small blind|posts the big blind|posts ante|posts dead|posts|calls|bets|"
        r"brings in|brings-in|brings in low|raises|straddles|straddle|caps|cap) (?P<amount>{MONEY})"
        r"(?: to (?P<to>{MONEY}))?"
        r"(?P<all_in> and is all-in)?$",
        MONEY=MONEY,
    )
    COLLECTED = pattern(
        r"^collected (?P<amount>{MONEY}) from (?P<pot>main pot|side pot[- ]?(?P<n>\d+))"
        r"(?: (?P<run>\d+))?$",
        MONEY=MONEY,
    )
    TOTAL = pattern(
        r"^Total pot (?P<total>{MONEY})(?: \| Rake (?P<rake>{MONEY}))?(?: \| JP Fee (?P<jp>{MONEY}))?$",
        MONEY=MONEY,
    )
    WON = pattern(r"\b(?:won|collected) \(?(?P<amount>{MONEY})\)?", MONEY=MONEY)
    NOTES = re.compile(
        r"^(?:does not show|doesn't show|sits out|is sitting out|is back|is disconnected|"
        r"is connected|leaves the table|joins the table.*|will be allowed to play after the button)$"
    )
    VERBS = VERBS
    BOARD_STREETS = BOARD_STREETS

    @classmethod
    def starts_hand(cls, line: str) -> bool:
        return WinningOld.starts_hand(line) or cls.START.match(line) is not None

    @classmethod
    def read_hand(cls, source: str, line: int, raw: list[str]) -> HandRecord:
        """A hand of either format, by its first line."""
        first = next((text for text in raw if text.strip()), "")
        if WinningOld.starts_hand(first):
            return WinningOld.read_hand(source, line, raw)
        return super().read_hand(source, line, raw)

    def header(self) -> Header:
        m = header_match(HEADER, self.lines[0], "Winning", "Hand #N - GAME(LIMIT) - $SB/$BB - date")
        tournament = m.group("tournament") is not None
        sign = "" if tournament or not m.group("sb").startswith("$") else "$"
        return header_of(m, m.group("game").strip(), tournament, sign, m.group("sb"), m.group("bb"))

    def begin(self, header: Header) -> SiteHand:
        hand = super().begin(header)
        hand.currency = DOLLARS if header.currency else Currency()
        self.hole_cards = False  # whether a street line (``*** HOLE CARDS ***``...) has been read
        return hand

    def dealt(self, text: str) -> None:
        """``Dealt to NAME [cards]``; before ``*** HOLE CARDS ***`` at a board game, one card a seated
        player (``Dealt to Ann [Qc]``) is the draw for the button (the highest card takes it), no card
        of the hand: checked to be one card, and left out."""
        if self.hole_cards or self.streets is STUD_STREETS:
            super().dealt(text)
            return
        body = text[len("Dealt to ") :]
        name = next((n for n in self.names if body.startswith(n + " [")), None)
        found = BRACKETS.findall(body[len(name) :]) if name is not None else []
        if name is None or len(found) != 1 or len(cards_of(found[0], f"{name}'s card")) != 1:
            raise InputError(f"cannot read the button draw's card in {quote(text)}")

    def site_line(self, text: str) -> bool:
        """A running pot figure (passed over), an uncalled bet returned, the table line."""
        hand = self.hand
        if RUNNING.match(text):
            return True
        if text.startswith("Uncalled bet ("):
            u = UNCALLED.match(text)
            if u is None or u.group("name") not in self.names:
                raise InputError(f"cannot read the uncalled bet line {quote(text)}")
            self.return_uncalled(u.group("name"), money(u.group("amount"), self.scale))
            return True
        if not hand.seats and not hand.actions:
            hand.button = table_button(TABLE, text)
            return True
        return False

    def deal_street(self, found: re.Match[str]) -> None:
        """``*** FLOP *** [...]``, ``*** TURN *** [...] [...]``; a hand run twice deals each run's
        streets (``*** FLOP 1 ***``) after ``*** RUN IT TWICE ***``, from the cards dealt before it."""
        streets = self.streets
        name, run = found.group("name"), int(found.group("run") or 0)
        if name == "RUN IT TWICE":
            self.hand.runs = 2
            return
        if name == "SHOW DOWN":
            self.run = run
            return
        street = street_number(streets, name)
        self.run = run
        self.new_street(street, run=run)
        self.hole_cards = True
        cards = BRACKETS.findall(found.group("cards"))
        if streets is STUD_STREETS or street == 0:
            return
        if not cards:
            raise InputError(f"the {name.lower()} line shows no cards")
        boards = self.hand.boards
        board = boards.get(run)
        if board is None:
            board = boards[run] = list(boards.get(0, [])) if run else []
        what = f"the {name.lower()}"
        before = cards_of(" ".join(cards[:-1]), what) if len(cards) > 1 else ()
        new = cards_of(cards[-1], what)
        if len(cards) == 1 and tuple(board) == new[: len(board)]:
            new = new[len(board) :]  # a run's flop after cards dealt before the all-in
        elif tuple(board) != before:
            raise repeats_board(what, " ".join(map(str, before)) or "nothing", board)
        self.deal_board(new, run=run)

    def verb(self, found: re.Match[str], amount: int) -> str:
        header = self.hand.header
        live = header.small if header.limit == "Fixed Limit" else header.big
        if found.group("verb") == "posts" and amount < live:
            return "ante"  # a post smaller than the big blind is dead money (a missed small blind)
        return self.VERBS[found.group("verb")]

    def summary_board(self, text: str) -> bool:
        b = SUMMARY_BOARD.match(text)
        if b is None:
            return False
        cards = cards_of(b.group("cards"), "the summary board")
        self.hand.summary_boards[int(b.group("run") or 0)] = cards
        return True

    def finish(self) -> None:
        hand = self.hand
        if not hand.collects:
            # A walk: the summary's "won" is the only award the site prints.
            hand.collects.extend(
                Collect(hand.end, n, w, 0, "pot", 0) for n, w in hand.won.items() if w
            )
        super().finish()


# --- the older format --------------------------------------------------------------------------------

GAME_ID = re.compile(
    r"^Game ID: (?P<id>\d+) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?P<table>.*?) ?\((?P<game>[^()]+)\)"
    r"(?: \d+-max)?$"
)
# A capped table: "(PRR) - CAP - 6-Max - 3", "(CAP) Testtable", "Bahamut (Cap)".
CAPPED_TABLE = re.compile(r"(?:^|[ (])(?:CAP|Cap)(?:$|[ )])")
OLD_BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button$")
OLD_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.,]+)\)\.$")
# What follows "Player NAME ".
OLD_ACTION = re.compile(
    r"^(?P<verb>has small blind|has big blind|posts ante|posts|ante|bring in|straddle|calls|bets|"
    r"raises|caps|cap|allin) \((?P<amount>[\d.,]+)\)$"
)
# A shown hand mucked: "mucks (does not show: [As 2s Kd Qc])"; the notes that move no chips.
OLD_MUCKS = re.compile(r"^(?:mucks cards|mucks hand|mucks \(does not show: \[[^\[\]]*\]\))$")
OLD_NOTES = re.compile(r"^(?:wait BB|sitting out|is sitting out|sits out|is back|is timed out\.)$")
RECEIVED = re.compile(r"^received card: \[(?P<card>[^\]]+)\]$")
# A big blind posted, looked for in the whole hand while its header is read (it decides the limit).
BIG_BLIND = re.compile(r"^Player .+ has big blind \((?P<amount>[\d.,]+)\)$")
OLD_STREET = re.compile(r"^\*\*\* (?P<name>FLOP|TURN|RIVER) \*\*\*: (?P<cards>.*)$")
# A stud street's line: it names the street before the one it deals ("Third street" deals the fourth card).
OLD_STUD_STREET = re.compile(r"^\*\*\* (?P<name>Third|Fourth|Fifth|Sixth) street \*\*\*$")
OLD_UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[\d.,]+)\) returned to (?P<name>.+)$")
# The summary.
POT = re.compile(
    r"^Pot: (?P<pot>[\d.,]+)\.(?: Rake (?P<rake>[\d.,]+))?(?:\. JP fee (?P<jp>[\d.,]+))?\.?$"
)
RESULT = re.compile(
    r"^\*?Player (?P<rest>.+?)\.? ?Bets: (?P<bets>[\d.,]+)\. Collects: (?P<collects>[\d.,]+)\. "
    r"(?:Wins|Loses): [\d.,]+\.?$"
)

OLD_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
# The street each stud line begins, numbered from third street's 0 (which has no line of its own).
OLD_STUD_STREETS = {"Third": 1, "Fourth": 2, "Fifth": 3, "Sixth": 4}
OLD_VERBS = {
    "has small blind": "small blind",
    "has big blind": "big blind",
    "posts": "big blind",
    "posts ante": "ante",
    "ante": "ante",
    "bring in": "bring in",
    "straddle": "straddle",
    "calls": "call",
    "bets": "bet",
}
PLAIN_DOLLARS = Currency("", "", 100, "USD")  # the site writes dollars as bare decimals


class WinningOld(TextReader):
    """One hand of the older format: its lines to ``------ Summary ------``, then the summary's; the
    hole cards received one a line, dealt at once (``received``)."""

    NAME = "winning"
    TITLE = "Winning Poker Network"
    START = re.compile(r"[ \t]*Game started at: ")
    ENDS_AT_BLANK = False  # blank lines part the header from the seats
    GAMES = GAME_NAMES
    LIMITS = LIMITS

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.scale = 100
        self.in_summary = False
        self.received: dict[str, list[str]] = {}  # the cards each player received, not yet dealt
        self.folded: set[str] = set()
        self.stud = False
        self.dealing = False  # whether a card has been received: stud's third street has begun
        self.dealt_in: set[str] = set()  # the players who received a card
        self.protected: str | None = None  # a player "disconnected and ALL IN." (all-in protection)
        self.capped_table = False  # "Game ID: N 5/10 T (PRR) - CAP - 6-Max - 3 (Omaha)"
        self.cap: int | None = None  # what a player may put in a hand there, as "caps (x)" shows it

    def header(self) -> Header:
        """The ``Game ID`` line after ``Game started at:``: the hand, its stakes and its game; the limit
        from the game and the big blind posted."""
        lines = self.lines
        game_id = next(
            (GAME_ID.match(line) for line in lines[1:3] if line.startswith("Game ID: ")), None
        )
        if game_id is None:
            raise InputError("no 'Game ID: N SB/BB table (game)' line after 'Game started at:'")
        id, game = game_id.group("id"), game_id.group("game")
        self.capped_table = CAPPED_TABLE.search(game_id.group("table")) is not None
        small, big = money(game_id.group("sb"), 100), money(game_id.group("bb"), 100)
        blind = next((m.group("amount") for m in map(BIG_BLIND.search, lines) if m), None)
        if "Stud" in game or (blind is not None and money(blind, 100) == small):
            limit = "Fixed Limit"
        else:
            limit = "Pot Limit" if "Omaha" in game else "No Limit"
        return Header(id, game, limit, None, False, "$", small, big)

    def begin(self, header: Header) -> SiteHand:
        self.stud = "Stud" in header.game
        return self.new_hand(header, currency=PLAIN_DOLLARS, pots_named=False, pots_printed=False)

    def line(self, text: str) -> None:
        if text.startswith(("Game started at:", "Game ID: ", "Game ended at:")):
            return
        if self.received and " received " not in text:
            self.deal_received()
        if self.in_summary:
            self.summary(text)
        elif text == "------ Summary ------":
            self.in_summary = True
        elif text.startswith("Seat "):
            b = OLD_BUTTON.match(text)
            if b is not None:
                self.hand.button = button_seat(b)
            else:
                self.seat_line(OLD_SEAT, text)
        elif text.startswith("*** "):
            self.street_line(text)
        elif text.startswith("Uncalled bet ("):
            u = OLD_UNCALLED.match(text)
            if u is None or u.group("name") not in self.names:
                raise InputError(f"cannot read the uncalled bet line {quote(text)}")
            self.return_uncalled(u.group("name"), money(u.group("amount"), 100))
        elif text.startswith("Player "):
            self.player(text[len("Player ") :])
        else:
            raise self.unread()

    def deal_received(self) -> None:
        """The hole cards received one a line, dealt to each player at once, as one line of the street
        written as the site would (``Player X received [As 2s Kd Qc]``). Stud deals a street at a time,
        and only the cards the file names (the player's own, the up cards: ``received a card.`` is a card
        not seen)."""
        hand = self.hand
        for name, cards in self.received.items():
            dealt = cards_of(" ".join(cards), f"{name}'s cards")
            text = f"Player {name} received [{' '.join(cards)}]"
            if self.stud:
                if dealt:
                    self.deal_cards(name, dealt, text)
                continue
            hand.dealt[name] = dealt
            hand.actions.append(Line(self.number, 0, name, "dealt", 0, None, False, text, dealt))
        self.received = {}

    def street_line(self, text: str) -> None:
        """``*** FLOP ***: [5d 3s 3h]``, ``*** TURN ***: [5d 3s 3h] [3s]`` (the board so far, then the
        new card); stud's ``*** Third street ***`` ... ``*** Sixth street ***``, each the line that begins
        the next street (its cards are received after it)."""
        if self.stud:
            self.new_street(OLD_STUD_STREETS[street_match(OLD_STUD_STREET, text).group("name")])
            return
        m = street_match(OLD_STREET, text)
        name = m.group("name")
        self.new_street(OLD_STREETS[name])
        found = BRACKETS.findall(m.group("cards"))
        board = self.hand.boards.setdefault(0, [])
        what = f"the {name.lower()}"
        before = cards_of(" ".join(found[:-1]), what) if len(found) > 1 else ()
        if not found or tuple(board) != before:
            raise InputError(
                f"{what} line does not follow the board so far ({board_so_far(board)}): {quote(text)}"
            )
        self.deal_board(cards_of(found[-1], what))

    def player(self, body: str) -> None:
        """A ``Player NAME ...`` line, ``body`` what follows ``Player ``."""
        hand = self.hand
        name = next((n for n in self.names if body.startswith(n + " ")), None)
        if name is None:
            raise InputError(f"a line of a player who has no seat in this hand: {quote(self.text)}")
        rest = body[len(name) + 1 :]
        if rest == "received a card." or rest.startswith("received card: "):
            if self.stud and not self.dealing:
                # Stud's third street has no line of its own: its first card begins it.
                self.new_street(0)
            self.dealing = True
            self.dealt_in.add(name)
            cards = self.received.setdefault(name, [])
            if rest != "received a card.":
                r = RECEIVED.match(rest)
                if r is None:
                    raise InputError(f"cannot read the card received in {quote(self.text)}")
                cards.append(r.group("card"))
            return
        if rest in ("folds", "checks"):
            if rest == "folds":
                self.folded.add(name)
            self.act(name, rest[:-1], 0)
            return
        if OLD_MUCKS.match(rest):
            # Live: dealt in (a player sitting out is seated but receives no card), not folded.
            dealt = self.dealt_in or {s.name for s in hand.seats}
            out = self.folded | hand.mucks
            live = [s.name for s in hand.seats if s.name in dealt and s.name not in out]
            if live != [name]:  # the last live hand "mucks" when it wins without showing
                self.muck(name)
            return
        if rest == "is disconnected and ALL IN.":
            # All-in protection: the player stays in for the chips put in so far, no more (the summary's
            # "Bets:" says so), and the next line is their "allin". RULES.md has no rule for it.
            hand.unplayable = (
                f"{name} was put all in on a disconnection for the chips already in (all-in "
                "protection): RULES.md has no rule for it"
            )
            self.protected = name
            return
        if rest == "allin" and name == self.protected:
            return  # the disconnected player's all in: no chips
        if rest == "allin":
            # All in without an amount: the rest of the player's stack.
            self.chips(name, "allin", self.stack_left(name))
            return
        if OLD_NOTES.match(rest):
            return
        m = OLD_ACTION.match(rest)
        if m is None:
            raise self.unread("action")
        self.chips(name, m.group("verb"), money(m.group("amount"), 100))

    def stack_left(self, name: str) -> int:
        """What ``name`` has not yet put in this hand: the stack less every amount of their lines (each
        the chips the line adds: the older format writes no street totals)."""
        stack = next(s.stack for s in self.hand.seats if s.name == name)
        put = sum(a.amount for a in self.hand.actions if a.player == name)
        if put >= stack:
            raise InputError(f"{quote(name, 40)} is all in with no chips left: {quote(self.text)}")
        return stack - put

    def chips(self, name: str, verb: str, amount: int) -> None:
        """A line that puts chips in: "raises (x)" and "allin (x)" say the chips added, not the total.
        At a capped table (``- CAP -``) "caps (x)" puts the player at the table's cap, what one player
        may put in a hand: all in, for the replay, and so is anyone whose chips reach it after."""
        bet = self.bets.get(name, 0) + amount
        top = max(self.bets.values(), default=0)
        all_in = verb == "allin"
        if self.capped_table:
            put = amount + sum(a.amount for a in self.hand.actions if a.player == name)
            if verb in ("caps", "cap"):
                self.cap = put
            all_in = all_in or (self.cap is not None and put >= self.cap)
        if verb in ("raises", "allin", "caps", "cap"):
            kind = "raise" if bet > top and top > 0 else ("bet" if bet > top else "call")
            self.act(name, kind, amount, bet if kind == "raise" else None, all_in)
        else:
            self.act(name, OLD_VERBS[verb], amount, None, all_in)

    def summary(self, text: str) -> None:
        """A line after ``------ Summary ------``: the pot, the board, a player's total."""
        hand = self.hand
        p = POT.match(text)
        if p is not None:
            rake = sum(money(p.group(g), 100) for g in ("rake", "jp") if p.group(g))
            hand.rake, hand.total = rake, money(p.group("pot"), 100) + rake
            return
        if text.startswith("Board: "):
            found = BRACKETS.findall(text)
            hand.summary_boards[0] = cards_of(found[0] if found else "", "the summary board")
            return
        m = RESULT.match(text)
        if m is None:
            raise InputError(f"cannot read the summary line {quote(text)}")
        rest = m.group("rest")
        name = next((n for n in self.names if rest.startswith(n + " ")), None)
        if name is None:
            raise InputError(
                f"the summary names a player who has no seat in this hand: {quote(text)}"
            )
        collects = money(m.group("collects"), 100)
        if collects:
            # The summary's one total per player is both the award and what it says the player won.
            self.award(name, collects, 0, "Collects")
            hand.won[name] = collects
        shown = rest[len(name) + 1 :]
        if shown.startswith("shows: "):
            found = BRACKETS.findall(shown)
            if not found:
                raise InputError(f"cannot read the cards shown in {quote(text)}")
            hand.summary_cards[name] = cards_of(found[0], f"{name}'s cards")

    def finish(self) -> None:
        if self.hand.total is None:
            raise InputError(f"hand #{self.id} is cut short: no 'Pot:' line in a summary")
        cap = self.cap
        if cap is not None:
            # At a capped table a player's stack for the hand is at most the cap (RULES §14.5's all in).
            self.hand.seats = [s._replace(stack=min(s.stack, cap)) for s in self.hand.seats]
        fold_back(self.hand, "Collects")


READER = Winning.plugin()
"""Both formats: a hand is read by the format its first line starts (``Winning.read_hand``)."""
