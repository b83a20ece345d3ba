"""888 / Pacific Poker (and Cassava) hand histories.

888 writes a hand as::

    #Game No : 1000001                          (left out: it says nothing of its own)
    ***** 888poker Hand History for Game 1000001 *****
    $0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:15:35
    Table Testville 6 Max (Real Money)          ("(Practice Play)", or "Tournament #N ...")
    Seat 1 is the button
    Total number of players : 3
    Seat 1: Alice ( $50 )
    Bob posts small blind [$0.50]
    ** Dealing down cards **
    Dealt to Alice [ Ah, 6c, 9d, 9s ]
    Carol bets [$3]
    Carol raises [$2]                           (what the raise adds, not "to $2")
    ** Dealing flop ** [ 2s, 5h, Jc ]
    ** Summary **
    Alice shows [ Ah, 6c, 9d, 9s ]
    (Lo: 2s, 4d, 5h, 6c, Ah)                    (the half the hand shown before it won)
    Carol mucks [ Kd, Kh, Qc, Tc ]
    Carol collected [ $4.28 ]                   (once per half and pot, naming neither)

What the lines mean (../shared/handhistories/SITES.md): the hand is read with ``pots_named=False``
(the collect lines name no pot), ``pots_printed=False``, ``rake_printed=False`` (no rake line: the
checker derives it, RULES §13), and ``Collect.half`` where the lines make the half certain: a collector
who won only one half, in a hand with no all-in (so one pot); a player who won both halves and
collected twice the same amount. Otherwise ``None``.

The newer header (fpdb-3's ``PacificPokerToFpdb.re_GameInfo_new``) is three lines in place of the
banner, the game line and the table line::

    GAME #1000101 Version:24.7.1.16 Uncalled:Y Omaha Hi/Lo PL €0.05/€0.10 2024-11-06 23:38:55/GMT
    Table Info: Blinds: €0.05/€0.10             (the blinds again: they must agree)
    Table Testville, 560234179                  (the table's name and id)

``PL``, ``NL``, ``FL`` are the limit (fpdb-3's pattern takes ``Omaha PL`` only, and its games table
``Omaha Hi/Lo PL`` too); the words ``Name:value`` after the version are the export's flags, left out.
What follows is taken to be the older format's body, seats to collects, as fpdb-3 reads it with the same
patterns (no file of the newer format is known: an inference, docs/readers.md says so).

Money: ``$`` with thousands separators, cents in cash games; tournament chips are written with ``$``
too and are whole chips; practice-money tables write chips with cents and no sign. The files are
UTF-8 or cp1252. The clients in other languages write the sign after the amount, a decimal comma and
thousands between dots or spaces ("0,50 $", "$ 1.050", "1 050 $": ``amount``), and their own ranks
(``RANKS``).

888 writes no returned bet: where the collects are more than the pots hold, they hold the chips nobody
called (a walk's "collected [ $225 ]" of $75/$150), which are taken out (``uncalled.fold_back``); where
they are not, the returned bet is apart from them, as the rules return it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hilo_cli.betting import Structure
from hilo_cli.bounds import quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money, pattern, sign_currency
from hilo_cli.histories.base import Currency, HandRecord, failed
from hilo_cli.histories.records import STRUCTURES
from hilo_cli.histories.site import Collect, Header, Line, SiteHand, cards_of, collects_only
from hilo_cli.histories.text import (
    POSTS_BETS_CALLS,
    TextReader,
    button_seat,
    only_a_note,
    street_match,
)
from hilo_cli.histories.uncalled import contributions, fold_back, unreturned

# An amount as 888 writes it: "$1,234.56", "$ 5", "1,500"; in the files of other languages the sign after
# it and the separators swapped ("0,01 $", "5$", "25\u00a0$", "3.000 $", "42.797,60 $", "25 000": ``amount``).
MONEY = r"[$€£]?[ \u00a0]?\d(?:[.,]?\d|[ \u00a0](?=\d))*(?:[ \u00a0]?[$€£])?"
BRACKET = rf"\[ ?(?P<amount>{MONEY}) ?\]"

HEADER = re.compile(
    r"^\*{4,5} (?:Cassava|888poker|888)(?:\.[a-z]{2})?(?:-[a-z]{2})? (?:Snap Poker |BLAST )?"
    r"Hand History for Game (?P<id>\d+) \*{4,5}\s*$"
)
GAME = pattern(
    r"^(?P<sb>{MONEY})/(?P<bb>{MONEY}) Blinds (?P<limit>No Limit|Fix Limit|Pot Limit|Limit) "
    r"(?P<game>.+?)(?: Jackpot table)? - \*\*\*(?: (?P<date>.*))?$",
    MONEY=MONEY,
)
TABLE = re.compile(
    r"^(?:Table (?P<table>.+?)|(?P<tournament>Tournament #\d+.*?))(?: (?P<max>\d+) Max)?"
    r"(?: \((?P<money>Real Money|Practice Play|Play Money)\))?\s*$"
)
# The newer header's three lines (the docstring); its first is read word by word (``new_header``).
NEW_NUMBER = re.compile(r"#(?P<id>\d+)")
NEW_FLAG = re.compile(r"[A-Za-z]+:\S*")
NEW_STAKES = re.compile(rf"(?P<sb>{MONEY})/(?P<bb>{MONEY})")
NEW_BLINDS = pattern(r"^Table Info: Blinds: (?P<sb>{MONEY})/(?P<bb>{MONEY})\s*$", MONEY=MONEY)
NEW_TABLE = re.compile(r"^Table (?P<table>[^,]+), (?P<id>\d+)\s*$")
NEW_LIMITS = {"PL": "Pot Limit", "NL": "No Limit", "FL": "Fix Limit"}
BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button\s*$")
PLAYERS = re.compile(r"^Total number of players : \d+(?:/\d+)?\s*$")
SEAT = pattern(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>{MONEY}) \)\s*$", MONEY=MONEY)
STREET = re.compile(
    r"^\*\* Dealing (?P<name>down cards|flop|turn|river) \*\*(?: \[ (?P<cards>[^\[\]]*) \])?\s*$"
)
DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[ (?P<cards>[^\[\]]*) \]\s*$")
# What follows a player's name.
# "raises [$4] and has reached the $4 cap" at a fixed-limit table: the raise, the betting capped.
VERB = pattern(
    r"^(?P<verb>posts small blind|posts big blind|posts ante|posts the ante|calls|bets|raises) "
    r"{BRACKET}(?P<all_in>\s*and is all-in)?(?:\s*and has reached the {MONEY} cap)?\s*$",
    BRACKET=BRACKET,
    MONEY=MONEY,
)
DEAD = pattern(r"^posts dead blind \[ ?(?P<small>{MONEY}) \+ (?P<big>{MONEY}) ?\]\s*$", MONEY=MONEY)
NOTES = re.compile(
    r"^(?:sits out|is sitting out|has joined the table|has left the table|is back|"
    r"did not show his hand|did not show her hand|does not show cards|has timed out|"
    r"is disconnected|is connected|will be allowed to play after the button)\s*$"
)
# After "** Summary **".
CARDS = re.compile(r"^(?P<how>shows|mucks) \[ (?P<cards>[^\[\]]*) \]\s*$")
HALF = re.compile(r"^\((?P<half>Hi|Lo): (?P<cards>[^)]*)\)\s*$")
COLLECTED = pattern(r"^collected {BRACKET}\s*$", BRACKET=BRACKET)
# The line before each header (and so at the end of the hand before it): nothing of its own.
GAME_NO = re.compile(r"^#Game No : \d+\s*$")

# The site's game names for the games hilo plays (RULES §6); its limits as betting structures.
GAME_NAMES = {"OmahaHL": "omaha8", "Omaha Hi/Lo": "omaha8", "Omaha": "omaha"}
LIMITS: dict[str, Structure] = {**STRUCTURES, "Fix Limit": "fixed"}
VERBS = {**POSTS_BETS_CALLS, "posts the ante": "ante", "raises": "raise"}
STREETS = {"down cards": 0, "flop": 1, "turn": 2, "river": 3}


# The ranks of the clients in other languages, as hilo's: Dutch (Heer, Vrouw, Boer), Swedish (Kung is
# K; Knekt, Dam, Ess). No two of them name different ranks with one letter, nor any English rank (French,
# whose V is the valet, would: no French file is known, and its letters are not read).
RANKS = {"H": "K", "V": "Q", "B": "J", "Kn": "J", "D": "Q", "E": "A"}


def cards(text: str, what: str) -> tuple[Card, ...]:
    """The cards of a bracket ("Ah, 6c, 9d" or, from a Dutch or a Swedish client, "Hc, Knh, Vs, Dd")."""
    tokens = text.replace(",", " ").split()
    if any(len(t) > 1 and t[:-1] in RANKS for t in tokens):
        tokens = [RANKS.get(t[:-1], t[:-1]) + t[-1] if len(t) > 1 else t for t in tokens]
    return cards_of(" ".join(tokens), what)


def game_no(line: str) -> bool:
    """The ``#Game No : N`` line before each header holds nothing of its own."""
    return GAME_NO.match(line.strip()) is not None


def new_header(line: str) -> tuple[str, str, str, str, str] | None:
    """The newer header's first line, ``GAME #N Version:V [Flag:value ...] GAME LIMIT SB/BB ...``, as
    its number, game, limit, small and big blind; ``None`` where it is not one. Read word by word, so
    that a long line costs one pass (a pattern with the flags, the game and the limit each of any length
    would try every split of them)."""
    words = line.split()
    number = NEW_NUMBER.fullmatch(words[1]) if len(words) > 5 and words[0] == "GAME" else None
    if number is None or not words[2].startswith("Version:"):
        return None
    at = 3
    while at < len(words) and NEW_FLAG.fullmatch(words[at]):
        at += 1
    limit = next((i for i in range(at + 1, len(words) - 1) if words[i] in NEW_LIMITS), None)
    stakes = NEW_STAKES.fullmatch(words[limit + 1]) if limit is not None else None
    if limit is None or stakes is None:
        return None
    game = " ".join(words[at:limit])
    return number.group("id"), game, words[limit], stakes.group("sb"), stakes.group("bb")


def amount(text: str, scale: int) -> int:
    """An amount as the site writes it, spaces and all, in the hand's unit: the sign before or after
    it; a decimal point or comma (the last separator, where both are written; else one alone before one
    or two digits at the end); thousands between dots, commas, spaces or no-break spaces ("$3.243" is
    3,243 dollars, as the Dutch client writes it)."""
    number = text.replace(" ", "").replace("\u00a0", "")
    sign = next((c for c in number if c in "$€£"), "")
    number = number.strip("$€£")
    point = max(number.rfind("."), number.rfind(","))
    if point >= 0:
        separator = number[point]
        decimal = ("." in number and "," in number) or (
            number.count(separator) == 1 and len(number) - point - 1 in (1, 2)
        )
        whole = number[:point] if decimal else number
        whole = whole.replace(".", "").replace(",", "")
        number = f"{whole}.{number[point + 1 :]}" if decimal else whole
    return money(sign + number, scale)


class Pacific888(TextReader):
    """One 888 hand: a header of three lines, the seats, the play, and the showdown after
    ``** Summary **`` (``part``)."""

    NAME = "pacific888"
    TITLE = "888 / Pacific"
    ENCODINGS = ("cp1252",)
    ENDS_AT_BLANK = False  # the next hand's ``#Game No`` line comes after one
    # Where a hand starts: the header's beginning (a header not read whole is then that hand's error).
    START = re.compile(
        r"[ \t]*(?:\*{4,5} (?:Cassava|888poker|888)\S* (?:Snap Poker |BLAST )?Hand History for Game \d"
        r"|GAME #\d+ Version:)"
    )
    GAMES = GAME_NAMES
    LIMITS = LIMITS

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.scale = 100
        self.part = "seats"  # then "play", then "summary"
        self.currency = Currency()
        self.put: dict[str, int] = {}  # what each player put in the pot
        self.last: str | None = None  # the player whose shown hand a "(Hi: ...)" line follows
        self.halves: dict[str, set[str]] = {"Hi": set(), "Lo": set()}  # who won each

    @classmethod
    def starts_hand(cls, line: str) -> bool:
        return ("*****" in line or "GAME #" in line) and cls.START.match(line) is not None

    @classmethod
    def read_hand(cls, source: str, line: int, raw: list[str]) -> HandRecord:
        """The base's ``read_hand``, but lines before a file's first header (the piece the base cuts
        before it) are not part of an 888 hand, whatever they say."""
        first = next((i for i, text in enumerate(raw) if text.strip()), None)
        if first is not None and not cls.starts_hand(raw[first]):
            return failed(
                source,
                line + first,
                f"cannot read {quote(raw[first].strip())}: not part of an 888 hand (a hand starts "
                "'***** 888poker Hand History for Game N *****')",
            )
        return super().read_hand(source, line, raw)

    def header(self) -> Header:
        if self.lines[0].startswith("GAME #"):
            return self.new_header()
        m = HEADER.match(self.lines[0])
        if m is None:
            raise InputError(
                "not an 888 hand header (expected '***** 888poker Hand History for Game N *****')"
            )
        self.id = m.group("id")
        if len(self.lines) < 3:
            raise InputError(f"hand #{self.id} is cut short: no game and table lines")
        g = GAME.match(self.goto(1))
        if g is None:
            raise InputError(f"hand #{self.id}: cannot read the game line {quote(self.text)}")
        t = TABLE.match(self.goto(2))
        if t is None:
            raise InputError(f"hand #{self.id}: cannot read the table line {quote(self.text)}")
        tournament = t.group("tournament") is not None
        sign = next((c for c in g.group("sb") if c in "$€£"), "")
        practice = t.group("money") in ("Practice Play", "Play Money")
        self.scale = 1 if tournament else 100
        if tournament:
            self.currency = Currency(sign, "", 1)
        elif practice or not sign:
            self.currency = Currency("", "", 100)
        else:
            self.currency = sign_currency(sign)
        game = g.group("game").strip()
        try:
            small, big = amount(g.group("sb"), self.scale), amount(g.group("bb"), self.scale)
        except InputError:
            if game in GAME_NAMES:
                raise
            # A game hilo does not play is not checkable whatever its stakes say (a BLAST
            # tournament's "42.797,60 $/0 $ Blinds No Limit Holdem": its prize, in chips with cents).
            small = big = 0
        limit = g.group("limit")
        if LIMITS.get(limit) == "fixed":
            small, big = big, 2 * big  # "15/30 Blinds Fix Limit": bets of 30 and 60
        currency = "" if tournament or practice else sign
        return Header(self.id, game, limit, None, tournament, currency, small, big)

    def new_header(self) -> Header:
        """The newer header's three lines (the docstring): a cash table's, its money by the sign."""
        read = new_header(self.lines[0])
        if read is None:
            raise InputError(
                "not an 888 hand header (expected 'GAME #N Version:... GAME PL €x/€y ...')"
            )
        self.id, game, abbreviation, sb, bb = read
        if len(self.lines) < 3:
            raise InputError(f"hand #{self.id} is cut short: no table info and table lines")
        sign = next((c for c in sb if c in "$€£"), "")
        self.currency = sign_currency(sign) if sign else Currency("", "", 100)
        small, big = amount(sb, self.scale), amount(bb, self.scale)
        b = NEW_BLINDS.match(self.goto(1))
        if b is None:
            raise InputError(f"hand #{self.id}: cannot read the table info line {quote(self.text)}")
        if (amount(b.group("sb"), self.scale), amount(b.group("bb"), self.scale)) != (small, big):
            raise InputError(
                f"hand #{self.id}: the blinds {quote(self.text)} are not the header's {sb}/{bb}"
            )
        if NEW_TABLE.match(self.goto(2)) is None:
            raise InputError(f"hand #{self.id}: cannot read the table line {quote(self.text)}")
        limit = NEW_LIMITS[abbreviation]
        if LIMITS.get(limit) == "fixed":
            # The blinds of a fixed-limit table: bets of the big blind and twice it.
            small, big = big, 2 * big
        return Header(self.id, game, limit, None, False, sign, small, big)

    def begin(self, header: Header) -> SiteHand:
        # No summary prints what each player won besides the collect lines; pots_named: see ``finish``.
        return collects_only(self.new_hand(header, currency=self.currency))

    def line(self, text: str) -> None:
        if self.part == "seats":
            if self.seat_or_button(text):
                return
            self.part = "play"
        if self.part == "play":
            self.play(text)
        else:
            self.summary(text)

    def seat_or_button(self, text: str) -> bool:
        """Whether ``text`` is a line before the play (the button, the player count, a seat), read."""
        b = BUTTON.match(text)
        if b is not None:
            self.hand.button = button_seat(b)
        elif text.startswith("Seat "):
            self.seat_line(SEAT, text, amount)
        elif not PLAYERS.match(text):
            return False
        return True

    def who(self, text: str) -> tuple[str, str] | None:
        """The seated player a line starts with, and the rest of the line."""
        for name in self.names:
            if text.startswith(name + " "):
                return name, text[len(name) + 1 :]
        return None

    def play(self, text: str) -> None:
        """A line from the blinds to ``** Summary **``."""
        if game_no(text):
            return  # the next hand's "#Game No" line, in a hand cut short
        if text.startswith("** "):
            if text.startswith("** Summary **"):
                self.part = "summary"
                # The showdown's lines are on the last street dealt.
                self.street = max((a.street for a in self.hand.actions), default=0)
                return
            m = street_match(STREET, text)
            self.new_street(STREETS[m.group("name")])
            if self.street:
                self.board(m.group("cards"))
            return
        d = DEALT.match(text)
        if d is not None and d.group("name") in self.names:
            name = d.group("name")
            self.deal_hand(name, cards(d.group("cards"), f"{name}'s cards"))
            return
        found = self.who(text)
        if found is None:
            raise InputError(f"cannot read the line {quote(text)}")
        self.action(*found)

    def board(self, text: str | None) -> None:
        if not text:
            raise InputError(f"the street line {quote(self.text)} shows no cards")
        new = cards(text, "the board")
        board = self.hand.boards.setdefault(0, [])
        street = self.street
        if len(board) + len(new) != (3, 4, 5)[street - 1] or len(new) != (3, 1, 1)[street - 1]:
            raise InputError(
                f"the street line {quote(self.text)} does not deal the cards of that street"
            )
        self.deal_board(new)

    def action(self, name: str, rest: str) -> None:
        if rest.strip() == "folds" and not any(a.verb == "street" for a in self.hand.actions):
            return  # folded before the cards were dealt: not dealt in (a player sitting out)
        if self.fold_or_check(name, rest.strip()):
            return
        m = VERB.match(rest)
        if m is not None:
            verb, added = VERBS[m.group("verb")], amount(m.group("amount"), self.scale)
            to = self.bets.get(name, 0) + added
            all_in = m.group("all_in") is not None
            if verb == "raise":
                # "raises [$2]" is what the raise adds; the replay takes the total it raises to.
                by = to - max(self.bets.values(), default=0)
                self.act(name, "raise", by, to, all_in)
            else:
                self.act(name, verb, added, all_in=all_in)
            self.put[name] = self.put.get(name, 0) + added
            return
        d = DEAD.match(rest)
        if d is not None:
            header = self.hand.header
            chips = amount(d.group("small"), self.scale) + amount(d.group("big"), self.scale)
            before = self.bets.get(name, 0)
            self.act(name, "small and big blinds", chips)
            self.put[name] = self.put.get(name, 0) + chips
            # Only the live blind counts towards the street's bet; the rest is dead.
            live = header.small if LIMITS.get(header.limit) == "fixed" else header.big
            self.bets[name] = before + min(chips, live)
            return
        only_a_note(NOTES, rest, self.text)

    def summary(self, text: str) -> None:
        """The showdown after ``** Summary **``: shows, mucks, the halves each shown hand won, collects."""
        h = HALF.match(text)
        if h is not None:
            if self.last is None:
                raise InputError(f"{quote(text)} follows no shown hand")
            cards(h.group("cards"), f"{self.last}'s {h.group('half')} hand")
            self.halves[h.group("half")].add(self.last)
            return
        if game_no(text):
            return
        found = self.who(text)
        if found is None:
            raise InputError(f"cannot read the summary line {quote(text)}")
        name, rest = found
        c = CARDS.match(rest)
        if c is not None:
            shown = cards(c.group("cards"), f"{name}'s cards")
            if c.group("how") == "shows":
                self.show(name, shown)
                self.last = name
            else:
                # The mucked cards are kept on the line (``muck`` keeps none).
                self.hand.mucks.add(name)
                self.hand.actions.append(
                    Line(self.number, self.street, name, "muck", 0, None, False, text, shown)
                )
                self.last = None
            return
        m = COLLECTED.match(rest)
        if m is not None:
            self.award(name, amount(m.group("amount"), self.scale), 0, "pot")
            self.last = None
            return
        if NOTES.match(rest):
            return
        raise InputError(f"cannot read the summary line {quote(text)}")

    def finish(self) -> None:
        hand = self.hand
        if self.part != "summary":
            raise InputError(f"hand #{self.id} is cut short: no '** Summary **' line")
        # 888 writes no returned bet, and its collect holds the chips nobody called in some hands only (a
        # walk of $75/$150 "collected [ $225 ]"; "collected [ 299,48$ ]" for a raise to 284,48$ that all fold
        # to; but "collected [ 299 $ ]" of a $300 pot, the $150 bet after it not): where the collects are more
        # than the pots hold, they hold it, and the pot is the rest.
        found = unreturned(hand.actions)
        if found is not None:
            pots = sum(contributions(hand.actions).values()) - found[1]
            if sum(c.amount for c in hand.collects) > pots:
                fold_back(hand)
        stacks = {s.name: s.stack for s in hand.seats}
        # No one all in: one pot, so every collect line is from it (the lines name no pot, but there is
        # only one); with an all-in there may be side pots, and only the totals per player are known.
        hand.pots_named = not any(a.all_in for a in hand.actions) and all(
            put < stacks[name] for name, put in self.put.items()
        )
        if hand.pots_named and GAME_NAMES.get(hand.header.game, "").endswith("8"):
            hand.collects[:] = list(halves(hand.collects, self.halves["Hi"], self.halves["Lo"]))


def halves(collects: list[Collect], high: set[str], low: set[str]) -> Iterator[Collect]:
    """The collect lines of a hand of one pot with the half each was paid from, where the lines make it
    certain: a collector shown winning only one half; a player shown winning both who collected twice
    the same amount (either way round). The others as they are (``half`` None)."""
    by_player: dict[str, list[Collect]] = {}
    for c in collects:
        by_player.setdefault(c.player, []).append(c)
    for c in collects:
        half: str | None = None
        mine = by_player[c.player]
        if c.player in high and c.player not in low:
            half = "high"
        elif c.player in low and c.player not in high:
            half = "low"
        elif c.player in high & low and len(mine) == 2 and mine[0].amount == mine[1].amount:
            half = "high" if c is mine[0] else "low"
        yield c._replace(half=half)


READER = Pacific888.plugin()._replace(blank=game_no)
"""The plug-in, with the ``#Game No : N`` lines that hold nothing of a hand (``game_no``)."""
