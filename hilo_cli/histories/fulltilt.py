"""Full Tilt Poker hand histories (the closed site's archives).

Full Tilt writes close to PokerStars, without the colon after a player's name::

    Full Tilt Poker Game #40000000004: Table Delta (6 max) - PL Omaha H/L - $0.10/$0.25 - 10:15:00 ET - 2013/05/01
    Seat 1: Jo ($10)                         (", is sitting out" after the stack)
    Kim posts the small blind of $0.10
    Lu posts the big blind of $0.25
    The button is in seat #1
    *** HOLE CARDS ***
    Dealt to Jo [Ah 2h 3c Kd]                (stud: "[4d As 7s] [Th]", the cards dealt before first)
    Jo raises to $0.85                       (the street total), "..., and is all in"
    *** FLOP *** [Qh 7d 2s] (Total Pot: $1.80, 2 Players)
    *** TURN *** [Qh 7d 2s] [9c]             (the board so far, then the new card)
    Uncalled bet of $1.80 returned to Jo
    Jo shows [Ah 2h 3c Kd] ...               Jo mucks
    Jo wins the high pot ($3.90) with ...    ("wins the pot", "wins the low side pot", "ties for ...")
    *** SUMMARY ***
    Total pot $8 Main pot $6. Side pot $2. | Rake $0.25     (the pots before rake)
    Board: [Qh 7d 2s 9c 4h]
    Seat 1: Jo (button) collected ($1.75), mucked

Amounts carry thousands separators (``$2,048.50``); tournament amounts are chips. Headers: in 2006,
``$200/$400 - Limit Omaha Hi/Lo`` (stakes first) or ``FullTiltPoker Game #``; a mixed table says so
(``(HORSE)``, ``10-Game (Omaha Hi/Lo)``). Observers chat (``X (Observer): ...``); ``*** SHOW DOWN ***``
may come twice. Exports in UTF-16 with a byte-order mark are decoded by the base. Games hilo does not
play (hold'em, razz, draw, badugi on a 10-Game or HORSE table) are not checkable, with the reason.

**The chip unit** (RULES §4.2: odd chips are broken down to the smallest unit in play). Full Tilt divided
a pot in the table's smallest unit, not in cents: $0.05 at $0.50/$1 (a pot of $7.75 after rake went
$3.90 high, $3.85 low), $0.50 at $2,000/$4,000, a cent at $0.05/$0.10 ($9.43 → $4.72/$4.71). The unit is
taken from the stakes as one twentieth of the big stake, rounded down to a chip of the ladder $0.50,
$0.25, $0.05, $0.01 (at most $0.50: the unit observed at the highest stakes), then down the ladder until
it divides every amount the hand's lines put in or take out (blinds, antes, bets, the rake, the printed
pots): chips put in in cents can only be divided in cents. Tournaments and play money divide in chips.

The other lines (issue 28): ``Hand #N has been canceled`` (not checkable) and ``Ante of $0.05 returned
to Ann`` (outside a cancelled hand: not checkable, hilo has no rule for it); ``Ann posts small & big
blinds [$ 0.75]`` (the small blind dead, the big one live); a heads-up tournament's ``Match 2`` where a
table's name goes, ``Play Chip`` tables (chips), ``Entry #3`` and ``(partial)`` in the header (not
needed); the draw lines ``stands pat`` and ``discards 2 cards`` as notes; a hand run twice (``Players
agree to Run It Twice``, ``*** RIVER 1 ***``, ``*** SHOW DOWN 2 ***``, ``wins pot 2 ($19.50)`` or ``wins
the high pot 1 ($9.75)``, ``*** SUMMARY 1 ***`` with ``Pot 1 $19.50``); ``, and is capped`` at a
capped table, whose header names the cap (``$400 Cap Pot Limit Omaha Hi``, ``$400 Pot Limit Omaha Hi``):
each stack taken as at most the cap, a player at it is all in; the archives' blank line after the header
and the 2010-11 exports' after every line (``blank_ends``); ``Duration 65s`` in the summary.
"""

from __future__ import annotations

import re

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money, pattern, sign_currency
from hilo_cli.histories.archive import amounts_of, largest_unit
from hilo_cli.histories.base import Currency
from hilo_cli.histories.site import BRACKETS, Collect, Header, cards_of
from hilo_cli.histories.text import (
    TextReader,
    button_seat,
    only_a_note,
    pot_number,
    repeats_board,
    street_match,
    street_number,
)

# The names of a mixed table, in the header: "(HORSE)", "10-Game (Omaha Hi/Lo)".
MIXED_NAMES = r"HORSE|HOSE|HA|\d+[ -]Game|[\w ]*Mixed[\w ]*"

HEADER = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+): (?P<rest>.*)$")
# The stakes; chips in thousands may be written "50K/100K" (tournaments, play chips).
STAKES = pattern(
    r"^(?P<sb>{AMOUNT}K?)/(?P<bb>{AMOUNT}K?)(?: Ante (?P<ante>{AMOUNT}K?))?(?: Cap {AMOUNT})?$"
)
LIMIT_NAMES = r"FL|Fixed Limit|Limit|PL|Pot Limit|NL|No Limit"
# The game, after a capped table's cap ("$2,000 Cap Pot Limit Omaha Hi", "$400 Pot Limit Omaha Hi",
# "CAP NL Hold'em"): what one player may put in a hand.
GAME = pattern(
    r"^(?:(?P<cap>{AMOUNT}) )?(?:Cap |CAP )?(?P<limit>{LIMIT_NAMES}) (?P<game>.+)$",
    LIMIT_NAMES=LIMIT_NAMES,
)
MIXED = pattern(r"\((?P<mixed>{MIXED_NAMES})\)", MIXED_NAMES=MIXED_NAMES)
WRAPPED = pattern(r"^(?P<mixed>{MIXED_NAMES}) \((?P<game>.+)\)$", MIXED_NAMES=MIXED_NAMES)
SEAT = pattern(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?:, is sitting out)?\s*$"
)
STREET = re.compile(r"^\*\*\* (?P<name>[A-Za-z0-9 ]+?)(?: (?P<run>[12]))? \*\*\*(?P<cards>.*)$")
# A hand run twice: "Players agree to Run It Twice"; the summary's "Pot 1 $19.50" for each run.
RUN_TWICE = "Players agree to Run It Twice"
RUN_POT = pattern(r"^Pot [12] {AMOUNT}\s*$")
UNCALLED = pattern(r"^Uncalled bet of (?P<amount>{AMOUNT}) returned to (?P<name>.+?)\s*$")
# The archives' summary says how long the hand took: "Duration 65s".
DURATION = re.compile(r"^Duration \d+s\s*$")
BUTTON = re.compile(r"^The button is in seat #(?P<seat>\d+)\s*$")
CANCELED = re.compile(r"^Hand #\d+ has been canceled?\s*$")
ANTE_RETURNED = pattern(r"^Ante of (?P<amount>{AMOUNT}) returned to (?P<name>.+?)\s*$")
# "Jo posts small & big blinds [$ 0.35]" (the bracket as fpdb-3 reads it: "[", a sign, a space).
BOTH_BLINDS = pattern(r"^posts small & big blinds \[?\s*[$€£]? ?(?P<amount>{NUMBER})\]?\s*$")
# "wins the pot ($12.50)", "wins the high pot ($3.90) with ...", "wins the low main pot ($x)",
# "wins the low side pot ($x)", "wins side pot #2 ($x)", "ties for the high pot ($x)".
AWARD = pattern(
    r"^(?:wins|ties for) (?:the )?(?:(?P<half>high|low) )?(?:(?P<which>main|side) )?pot"
    r"(?: #?(?P<n>\d+))? \((?P<amount>{AMOUNT})\)(?: with .*)?\s*$"
)
ACTION = pattern(
    r"^(?P<verb>calls|bets|raises to|posts the small blind of|posts the big blind of|"
    r"posts a dead small blind of|posts|antes|brings in for|completes it to) (?P<amount>{AMOUNT})"
    r"(?P<all_in>,? and is all in)?(?P<capped>, and is capped)?\s*$"
)
# What a player's line may say that moves no chips and deals no cards.
NOTES = pattern(
    r"^(?:has \d+ seconds left to act|sits down|stands up|adds {AMOUNT}|is sitting out|"
    r"sits out|has returned|has timed out|has requested TIME|has been disconnected|"
    r"has reconnected|is connected|is disconnected|is low with \[[^\]]*\]|"
    r"is high with \[[^\]]*\]|is feeling [\w ]+|shows [^\[].*|"
    r"has \d+ seconds to reconnect|leaves the table|has left the table|"
    r"seat #\d+ is reserved|will be allowed to play after the button|stands pat|"
    r"discards (?:\d+ cards?|a card))\s*$"
)
# ``NOTES`` after a player's name, wherever the name ends: one search for a space and a note to the
# line's end, not a match of each space's rest (a copy each: the time of a long line's square).
NOTE_END = re.compile(" " + NOTES.pattern.removeprefix("^"))
TOTAL = pattern(
    r"^Total pot (?P<total>{AMOUNT})(?P<pots>(?: (?:Main|Side) pot(?: #?\d+)?"
    r" {AMOUNT}\.)*) \| Rake (?P<rake>{AMOUNT})\s*$"
)
# Each pot of a "Total pot" line: "Main" or "Side", its number, its amount.
PRINTED_POT = pattern(r"(Main|Side) pot(?: #?(\d+))? ({AMOUNT})\.")
SUMMARY_BOARD = re.compile(r"^Board: \[(?P<cards>[^\[\]]*)\]\s*$")
SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
# Every amount a summary's seat line says the seat won, and the cards it showed or mucked. A hand run
# twice with a side pot only one player is in writes that pot in the whole hand's summary: "Seat 2: Bob
#  wins the side pot ($76.35)" (each run's pot in its own, "won ($77.60)").
WON = pattern(r"(?:won|collected|wins the (?:side |main )?pot(?: #?\d+)?) \((?P<amount>{AMOUNT})\)")
SHOWED = re.compile(r"(?P<how>showed|mucked) \[(?P<cards>[^\[\]]*)\]")

LIMIT_WORDS = {
    "FL": "Limit",
    "Fixed Limit": "Limit",
    "Limit": "Limit",
    "PL": "Pot Limit",
    "Pot Limit": "Pot Limit",
    "NL": "No Limit",
    "No Limit": "No Limit",
}
BOARD_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
STUD_STREETS = {"3RD STREET": 0, "4TH STREET": 1, "5TH STREET": 2, "6TH STREET": 3, "7TH STREET": 4}
VERBS = {
    "calls": "call",
    "bets": "bet",
    "raises to": "raise",
    "posts the small blind of": "small blind",
    "posts the big blind of": "big blind",
    "posts a dead small blind of": "ante",
    "posts": "big blind",
    "antes": "ante",
    "brings in for": "bring in",
    "completes it to": "complete",
}
# The site's game names (the limit already taken off) for the games hilo plays (RULES §6).
GAME_NAMES = {
    "Omaha H/L": "omaha8",
    "Omaha Hi/Lo": "omaha8",
    "5 Card Omaha H/L": "omaha8-5",
    "5 Card Omaha Hi/Lo": "omaha8-5",
    "Courchevel H/L": "courchevel8",
    "Courchevel Hi/Lo": "courchevel8",
    "Stud H/L": "stud8",
    "Stud Hi/Lo": "stud8",
    "7 Card Stud Hi/Lo": "stud8",
    "7 Card Stud H/L": "stud8",
    "Omaha Hi": "omaha",
    "Omaha": "omaha",
    "5 Card Omaha Hi": "omaha-5",
    "5 Card Omaha": "omaha-5",
}
# Full Tilt's chips, largest first, each a multiple of the next (cents).
UNITS = (50, 25, 5, 1)


def read_header(line: str) -> Header:
    """The hand's header: its number, the game and limit and the stakes, in whichever order the parts
    between " - " come (2006 wrote the stakes first), and the mixed table it was played at."""
    m = HEADER.match(line)
    if m is None:
        raise InputError("not a Full Tilt hand header (expected 'Full Tilt Poker Game #N: ...')")
    id, parts = m.group("id"), m.group("rest").split(" - ")
    mixed = MIXED.search(parts[0])
    named = mixed.group("mixed") if mixed else None
    for i, part in enumerate(parts[1:], 1):
        wrapped = WRAPPED.match(part)
        if wrapped is not None:
            named, parts[i] = wrapped.group("mixed"), wrapped.group("game")
    stakes = next((s for s in map(STAKES.match, parts[1:]) if s), None)
    game = next((g for g in map(GAME.match, parts[1:]) if g), None)
    if game is None:
        raise InputError(f"hand #{id}: cannot read the game and limit in {quote(m.group('rest'))}")
    if stakes is None:
        if game.group("game").strip() not in GAME_NAMES:
            # A game hilo does not play is not read past its header: its stakes are not needed
            # ("2B/2B Ante 2B" at a Flipout table).
            return Header(
                id,
                game.group("game").strip(),
                LIMIT_WORDS[game.group("limit")],
                named,
                True,
                "",
                0,
                0,
            )
        raise InputError(
            f"hand #{id}: cannot read the stakes (small/big) in {quote(m.group('rest'))}"
        )
    sb, bb = stakes.group("sb"), stakes.group("bb")
    currency = sb[0] if sb[0] in "$€£" else ""
    scale = 100 if currency else 1
    # A tournament names its table ("..., Table 3") or its heads-up match ("..., Match 2").
    tournament = ", Table " in parts[0] or ", Match " in parts[0] or not currency
    return Header(
        id,
        game.group("game").strip(),
        LIMIT_WORDS[game.group("limit")],
        named,
        tournament,
        currency,
        thousands(sb, scale),
        thousands(bb, scale),
    )


def thousands(text: str, scale: int) -> int:
    """``text`` in the hand's unit, ``50K`` being 50,000 chips."""
    if text.endswith("K"):
        return money(text[:-1], scale) * 1000
    return money(text, scale)


def table_cap(line: str, scale: int) -> int | None:
    """The cap of a capped table's header (``- $400 Pot Limit Omaha Hi -``), in the hand's unit; ``None``
    where the header names none."""
    for part in line.split(" - ")[1:]:
        game = GAME.match(part)
        if game is not None and game.group("cap"):
            return money(game.group("cap").lstrip("$€£"), scale)
    return None


def after_rake(pots: list[int], rake: int) -> list[int]:
    """Full Tilt prints each pot before rake ("Total pot $95.10 Main pot $85.10. Side pot $10. | Rake
    $3"); the record's printed pots are after it. The rake is taken from the main pot first, then each
    side pot (RULES §13: what Full Tilt paid from the pots in these files: $85.10 − $3 = 2 × $41.05)."""
    out = []
    for pot in pots:
        taken = min(pot, rake)
        out.append(pot - taken)
        rake -= taken
    return out


class FullTilt(TextReader):
    """One Full Tilt hand: the seat lines after the header, the play to ``*** SUMMARY ***``, the
    summary (``summary`` once it has begun)."""

    NAME = "fulltilt"
    TITLE = "Full Tilt Poker"
    START = re.compile(r"[ \t]*(?:Full Tilt Poker|FullTiltPoker) Game #\d+: ")
    # The archives' lines between hands: "BEGIN" before the first, "******************** # 2 *****...".
    BLANK = re.compile(r"^(?:BEGIN|\*{20} # \d+ \*{15,30})$")
    GAMES = GAME_NAMES

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.seating = True
        self.summary = False
        self.stud = False
        self.streets = BOARD_STREETS
        self.summary_run = 0  # the run of "*** SUMMARY 1 ***", "*** SUMMARY 2 ***"
        self.cap: int | None = None  # a capped table's cap ("$400 Pot Limit Omaha Hi")
        self.spacing: int | None = (
            None  # the lines' step, 2 where a blank line parts each (blank_ends)
        )

    def header(self) -> Header:
        header = read_header(self.lines[0])
        self.cap = table_cap(self.lines[0], 100 if header.currency else 1)
        self.scale = 100 if header.currency else 1
        self.stud = "Stud" in header.game
        self.streets = STUD_STREETS if self.stud else BOARD_STREETS
        return header

    def line(self, text: str) -> None:
        if self.seating and text.startswith("Seat "):
            self.read_seat(text)
        elif self.summary:
            self.summary_line(text)
        else:
            self.seating = False
            self.play_line(text)

    def finish(self) -> None:
        hand = self.hand
        if not self.summary:
            raise InputError(f"hand #{self.id} is cut short: no '*** SUMMARY ***' line")
        if hand.total is None:
            raise InputError(f"hand #{self.id}: the summary has no 'Total pot' line")
        if not hand.collects and hand.won:
            # A pot won without a showdown sometimes has no "wins the pot" line: the summary's
            # "collected ($x)" is then all the site says it paid, one total per player.
            hand.collects = [Collect(hand.end, n, w, 0, "pot", 0) for n, w in hand.won.items()]
            hand.pots_named = len(hand.printed_pots) <= 1
        cap = self.cap
        if cap is not None:
            # "..., and is capped": all in at the cap, each stack taken as at most the cap.
            hand.seats = [s._replace(stack=min(s.stack, cap)) for s in hand.seats]
        header = hand.header
        if header.currency:
            hand.currency = sign_currency(header.currency)
            # The unit Full Tilt divided the pots in (see the module docstring).
            hand.chip_unit = largest_unit(header.big // 20, amounts_of(hand), UNITS)
        else:
            hand.currency = Currency()

    def blank_ends(self, at: int) -> bool:
        """Full Tilt's archives write a blank line after the header (``FullTiltPoker Game #N: ...``, then
        a blank line, then the seats), and its 2010-11 exports one after every line: the hand ends at a
        blank line past the header only where its lines are otherwise written without one between."""
        numbers = self.numbers
        if at == 1:
            return False
        if self.spacing is None:
            gaps = (numbers[i] - numbers[i - 1] for i in range(2, len(numbers)))
            self.spacing = min(gaps, default=1)
        return numbers[at] - numbers[at - 1] > self.spacing

    def read_seat(self, text: str) -> None:
        """``Seat N: NAME ($10)``."""
        self.seat_line(SEAT, text)

    # --- the play ----------------------------------------------------------------------------------

    def play_line(self, text: str) -> None:
        """A line from the blinds to ``*** SUMMARY ***``: a street, chat, a player's action (the line
        starts with a seated name and a space), or another line."""
        if text.startswith("*** "):
            m = street_match(STREET, text)
            name, run = m.group("name"), int(m.group("run") or 0)
            if name == "SUMMARY":
                self.summary = True
            elif name != "SHOW DOWN":
                street = street_number(self.streets, name)
                self.run = run
                self.new_street(street, run=run)
                if not self.stud and street:
                    self.board(name, m.group("cards"))
            return
        if " (Observer): " in text or any(text.startswith(n + ": ") for n in self.names):
            return  # chat, an observer's or a player's ("Bob Smith: hi" is not Bob's action)
        name = next((n for n in self.names if text.startswith(n + " ")), None)
        if name is None:
            self.other_line(text)
            return
        rest = text[len(name) + 1 :].strip()
        if not self.fold_or_check(name, rest):
            self.action(name, rest)

    def board(self, name: str, text: str) -> None:
        """The new board cards of street ``name``'s line (``text`` after its name), the last bracket;
        a bracket before it repeats the board so far."""
        found = BRACKETS.findall(text)
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        run, boards = self.run, self.hand.boards
        if run and run not in boards:
            # A run's board starts with the cards dealt before the players agreed (RULES §12.1).
            boards[run] = list(boards.get(0, []))
        board = boards.setdefault(run, [])
        what = f"the {name.lower()}"
        if len(found) > 1 and tuple(board) != cards_of(found[-2], what):
            raise repeats_board(what, found[-2], board)
        self.deal_board(cards_of(found[-1], what), f"*** {name} ***{text}", run)

    def other_line(self, text: str) -> None:
        """A line of the play that does not start with a seated player's name: cards dealt, an uncalled
        bet returned, the button, a showdown's low (2006), a note about someone not seated in this hand
        (sits down, adds chips); any other is bad input."""
        if text.startswith("Dealt to "):
            body = text[len("Dealt to ") :]
            name = next((n for n in self.names if body.startswith(n + " [")), None)
            if name is None:
                raise InputError(f"cards dealt to someone with no seat in this hand: {quote(text)}")
            known = self.hand.dealt.get(name, ())
            # Stud repeats the cards dealt before in a first bracket ("[4d As 7s] [Th]"); on third street
            # both brackets are new ("[4d As] [7s]"): the new cards are the ones not dealt before.
            cards = tuple(
                c
                for b in BRACKETS.findall(body[len(name) :])
                for c in cards_of(b, f"{name}'s cards")
            )
            self.deal_cards(name, tuple(c for c in cards if c not in known))
            return
        m = UNCALLED.match(text)
        if m is not None:
            name = m.group("name")
            if name not in self.names:
                raise InputError(
                    f"an uncalled bet returned to {quote(name)}, who has no seat in this hand"
                )
            self.return_uncalled(name, self.amount(m.group("amount")))
            return
        m = BUTTON.match(text)
        if m is not None:
            self.hand.button = button_seat(m)
            return
        if text == RUN_TWICE:
            self.hand.runs = 2
            return
        if CANCELED.match(text):
            self.hand.cancelled = True
            return
        m = ANTE_RETURNED.match(text)
        if m is not None:
            if m.group("name") not in self.names:
                raise InputError(f"an ante returned to {quote(m.group('name'))}, who has no seat")
            # Only a cancelled hand gives antes back in these files; elsewhere hilo has no rule for it.
            if not self.hand.cancelled:
                self.hand.unplayable = (
                    f"an ante was returned ({quote(text)}): hilo does not replay a hand whose antes "
                    "come back"
                )
            return
        if text == "No low hand qualified" or text.startswith("("):
            return  # a showdown's low written on a line of its own (2006)
        if NOTE_END.search(text, 1) is not None:
            return
        raise self.unread()

    def action(self, name: str, rest: str) -> None:
        """A seated player's line but a fold or a check, ``rest`` what follows the name."""
        m = BOTH_BLINDS.match(rest) if rest.startswith("posts small & big") else None
        if m is not None:
            self.act(name, "small and big blinds", self.amount(m.group("amount")))
            return
        m = ACTION.match(rest)
        if m is not None:
            verb, amount = VERBS[m.group("verb")], self.amount(m.group("amount"))
            to = amount if verb in ("raise", "complete") else None
            # "and is capped" (a capped table's limit on what a player puts in): all in, for the replay.
            all_in = m.group("all_in") is not None or m.group("capped") is not None
            self.act(name, verb, amount, to, all_in)
            return
        m = AWARD.match(rest)
        if m is not None:
            which, n = m.group("which"), m.group("n")
            run = 0
            if self.hand.runs > 1 and which is None and n:
                # A hand run twice: "wins pot 2 ($19.50)" is the second run's pot.
                run, n = digits(n, "a run's number", 2), None
            pot = pot_number(n, 1 if which == "side" else 0)
            label = " ".join(
                w for w in (m.group("half"), which, "pot", f"#{n}" if n else None) if w
            )
            self.award(name, self.amount(m.group("amount")), pot, label, m.group("half"), run)
            return
        if rest.startswith("shows ["):
            found = BRACKETS.findall(rest)
            if not found:
                raise InputError(f"cannot read the cards shown in {quote(rest)}")
            self.show(name, cards_of(found[0], f"{name}'s cards"))
            return
        if rest == "mucks":
            self.muck_at_showdown(name)
            return
        only_a_note(NOTES, rest, self.text)

    # --- the summary -------------------------------------------------------------------------------

    def summary_line(self, text: str) -> None:
        """A line after ``*** SUMMARY ***``: each seat, the pots and the rake, the board."""
        hand = self.hand
        m = SUMMARY_SEAT.match(text)
        if m is not None:
            self.summary_seat(digits(m.group("seat"), "a seat", MAX_SEAT), m.group("rest"))
            return
        m = TOTAL.match(text)
        if m is not None:
            hand.total, hand.rake = self.amount(m.group("total")), self.amount(m.group("rake"))
            pots = PRINTED_POT.findall(m.group("pots"))
            for i, (label, n, _) in enumerate(pots):
                if label != ("Main" if i == 0 else "Side") or (n and int(n) != i):
                    raise InputError(
                        f"the summary's pots are not in order main, side 1, side 2, ...: {quote(text)}"
                    )
            hand.printed_pots = after_rake([self.amount(a) for _, _, a in pots], hand.rake)
            return
        m = SUMMARY_BOARD.match(text)
        if m is not None:
            hand.summary_boards[self.summary_run] = cards_of(m.group("cards"), "the summary board")
            return
        m = STREET.match(text)
        if m is not None and m.group("name") == "SUMMARY" and m.group("run"):
            self.summary_run = int(m.group("run"))  # each run's summary, after the whole pot's
            return
        if RUN_POT.match(text):
            return  # each run's pot: held against the collect lines through the total
        if DURATION.match(text):
            return  # how long the hand took (the archives)
        raise InputError(f"cannot read the summary line {quote(text)}")

    def summary_seat(self, seat: int, rest: str) -> None:
        """``Seat N: NAME (button) showed [...] and won ($x) with ...``: what the seat won, its cards. A
        summary that names another player than the seat line is bad input here."""
        hand = self.hand
        found = next((s for s in hand.seats if s.seat == seat), None)
        if found is None or not rest.startswith(found.name):
            raise InputError(
                f"the summary names seat {seat}, but the hand's seat {seat} is not {quote(rest)}"
            )
        tail = rest[len(found.name) :]
        amounts = [self.amount(a) for a in WON.findall(tail)]
        if amounts:
            # Each run's summary says what the seat won on that run: added together.
            hand.won[found.name] = hand.won.get(found.name, 0) + sum(amounts)
        shown = SHOWED.search(tail)
        if shown is not None:
            cards = cards_of(shown.group("cards"), f"{found.name}'s cards")
            if shown.group("how") == "mucked":
                # The site shows a mucked hand's cards; it is dead (RULES §7.3).
                hand.mucks.add(found.name)
            else:
                hand.summary_cards[found.name] = cards


READER = FullTilt.plugin()
