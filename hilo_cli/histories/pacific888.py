"""888 / Pacific Poker (and Cassava) hand histories: the plug-in (``READER``) and its line reader.

What the site writes (../shared/handhistories/SITES.md): a hand starts ``***** 888poker Hand History for
Game N *****`` (``Cassava``, ``888``; a ``#Game No : N`` line before it is left out), then
``$0.50/$1 Blinds Pot Limit OmahaHL - *** date``, the table (``(Real Money)``, ``(Practice Play)``, or
``Tournament #N ...``), the button and the seats ``Seat 5: name ( $51.43 )``. Every amount is in
brackets and is what the action adds (``raises [$2]``: $2 more, not "to $2"). After ``** Summary **``
the showdown: ``X shows [ ... ]`` followed by ``(Hi: ...)`` and/or ``(Lo: ...)`` when that hand won the
half, ``X mucks [ ... ]``, then ``X collected [ $0.95 ]`` once per half and pot, naming neither.

So the reader fills: ``pots_named=False`` (the collect lines name no pot), ``pots_printed=False``,
``rake_printed=False`` (no rake line: the checker derives it, RULES §13), and ``Collect.half`` where
the lines make the half certain: a collector who won only one half, in a hand with no all-in (so one
pot); a player who won both halves and collected twice the same amount. Otherwise ``None``.

Money: ``$`` with thousands separators, cents in cash games; tournament chips are written with ``$``
too and are whole chips; practice-money tables write chips with cents and no sign.
"""

from __future__ import annotations

from collections.abc import Iterator

from hilo_cli.betting import Structure
from hilo_cli.bounds import quote
from hilo_cli.errors import DealError, InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money, sign_currency
from hilo_cli.histories.base import Currency, HandRecord, Reader, failed
from hilo_cli.histories.grammar import grammar
from hilo_cli.histories.records import record
from hilo_cli.histories.seats import STRUCTURES as BASE_STRUCTURES
from hilo_cli.histories.seats import (
    HandState,
    add_seat,
    button_seat,
    collects_only,
    kept_lines,
    read_seat,
)
from hilo_cli.histories.site import BadHand, Collect, Header, SiteHand, cards_of
from hilo_cli.histories.site import Line as Action

# The site's game names for the games hilo plays (RULES §6); its limits as betting structures.
GAME_NAMES: dict[str, str] = {"OmahaHL": "omaha8", "Omaha Hi/Lo": "omaha8", "Omaha": "omaha"}
STRUCTURES: dict[str, Structure] = {**BASE_STRUCTURES, "Fix Limit": "fixed"}

VERBS = {**play.POSTS_BETS_CALLS, "posts the ante": "ante", "raises": "raise"}
STREETS = {"down cards": 0, "flop": 1, "turn": 2, "river": 3}


LINES = grammar(
    r"""
    AMOUNT     [$€£]? ?[\d][\d.,]*
    BRACKET    \[ ?(?P<amount>{AMOUNT}) ?\]
    start      ^\*{4,5} (?:Cassava|888poker|888)(?:\.[a-z]{2})?(?:-[a-z]{2})? (?:Snap Poker |BLAST )
               ?Hand History for Game (?P<id>\d+) \*{4,5}\s*$
    game       ^(?P<sb>{AMOUNT})/(?P<bb>{AMOUNT}) Blinds (?P<limit>No Limit|Fix Limit|Pot Limit|
               Limit) (?P<game>.+?)(?: Jackpot table)? - \*\*\* (?P<date>.*)$
    table      ^(?:Table (?P<table>.+?)|(?P<tournament>Tournament #\d+.*?))(?: (?P<max>\d+) Max)?
               (?: \((?P<money>Real Money|Practice Play|Play Money)\))?\s*$
    button     ^Seat (?P<seat>\d+) is the button\s*$
    players    ^Total number of players : \d+(?:/\d+)?\s*$
    seat       ^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>{AMOUNT}) \)\s*$
    street     ^\*\* Dealing (?P<name>down cards|flop|turn|river) \*\*(?: \[ (?P<cards>[^\[\]]*) \])
               ?\s*$
    dealt      ^Dealt to (?P<name>.+?) \[ (?P<cards>[^\[\]]*) \]\s*$
    verb       ^(?P<verb>posts small blind|posts big blind|posts ante|posts the ante|calls|bets|
               raises) {BRACKET}(?P<all_in>\s*and is all-in)?\s*$
    dead       ^posts dead blind \[ ?(?P<small>{AMOUNT}) \+ (?P<big>{AMOUNT}) ?\]\s*$
    cards      ^(?P<how>shows|mucks) \[ (?P<cards>[^\[\]]*) \]\s*$
    collected  ^collected {BRACKET}\s*$
    half       ^\((?P<half>Hi|Lo): (?P<cards>[^)]*)\)\s*$
    notes      ^(?:sits out|is sitting out|has joined the table|has left the table|is back|
               did not show his hand|did not show her hand|does not show cards|has timed out|
               is disconnected|is connected|will be allowed to play after the button)\s*$
    game_no    ^#Game No : \d+\s*$
    # Where a hand starts: the header's beginning (a header not read whole is then that hand's error).
    starts     [ \t]*\*{4,5} (?:Cassava|888poker|888)\S* (?:Snap Poker |BLAST )
               ?Hand History for Game \d
    """,
)


def detect(head: str) -> bool:
    """An 888 file holds the site's own hand header (``***** 888poker Hand History for Game``)."""
    return any(starts_hand(line) for line in head.split("\n"))


def starts_hand(line: str) -> bool:
    return "*****" in line and LINES.starts.match(line) is not None


def blank(line: str) -> bool:
    """The ``#Game No : N`` line before each header holds nothing of its own."""
    return LINES.game_no.match(line.strip()) is not None


def _amount(text: str, scale: int) -> int:
    """An amount as the site writes it, spaces and all, in the hand's unit."""
    return money(text.replace(" ", ""), scale)


class _Reader(HandState):
    """One hand's lines (blank ones removed) into a ``SiteHand``; ``number`` is the line being read."""

    def __init__(self, source: str, lines: list[str], numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.lines = lines
        self.scale = 100
        self.put: dict[str, int] = {}  # what each player put in the pot

    def read(self) -> SiteHand:
        return self.failing(self._read)

    def _read(self) -> SiteHand:
        lines, numbers = self.lines, self.numbers
        m = LINES.start.match(lines[0])
        if m is None:
            raise InputError(
                "not an 888 hand header (expected '***** 888poker Hand History for Game N *****')"
            )
        self.id = m.group("id")
        if len(lines) < 3:
            raise InputError(f"hand #{self.id} is cut short: no game and table lines")
        self.number = numbers[1]
        hand = self._header(lines[1], lines[2])
        if hand.header.game not in GAME_NAMES:
            return hand  # a game hilo does not play: its lines are not read (not checkable)
        at = self._seats(hand, 3)
        at = self._play(hand, at)
        if at > len(lines):
            self.number = hand.end
            raise InputError(f"hand #{self.id} is cut short: no '** Summary **' line")
        self._summary(hand, at)
        return hand

    def _header(self, game_line: str, table_line: str) -> SiteHand:
        g = LINES.game.match(game_line)
        if g is None:
            raise InputError(f"hand #{self.id}: cannot read the game line {quote(game_line)}")
        self.number = self.numbers[2]
        t = LINES.table.match(table_line)
        if t is None:
            raise InputError(f"hand #{self.id}: cannot read the table line {quote(table_line)}")
        tournament = t.group("tournament") is not None
        sign = next((c for c in g.group("sb") if c in "$€£"), "")
        practice = t.group("money") in ("Practice Play", "Play Money")
        self.scale = 1 if tournament else 100
        if tournament:
            currency = Currency(sign, "", 1)
        elif practice or not sign:
            currency = Currency("", "", 100)
        else:
            currency = sign_currency(sign)
        small, big = self._money(g.group("sb")), self._money(g.group("bb"))
        limit = g.group("limit")
        if STRUCTURES.get(limit) == "fixed":
            small, big = big, 2 * big  # "15/30 Blinds Fix Limit": bets of 30 and 60
        header = Header(
            self.id or "",
            g.group("game").strip(),
            limit,
            None,
            tournament,
            "" if tournament or practice else sign,
            small,
            big,
        )
        # No summary prints what each player won besides the collect lines; pots_named: see ``_summary``.
        return collects_only(self.new_hand(header, currency=currency))

    def _money(self, text: str) -> int:
        return _amount(text, self.scale)

    def _seats(self, hand: SiteHand, at: int) -> int:
        """The button, player count and seat lines; the index of the first line after them."""
        lines = self.lines
        while at < len(lines):
            line = lines[at]
            self.number = self.numbers[at]
            b = LINES.button.match(line)
            if b is not None:
                hand.button = button_seat(b)
            elif LINES.players.match(line):
                pass
            elif line.startswith("Seat "):
                self.names = add_seat(hand, read_seat(LINES.seat, line, self.scale, _amount))
            else:
                break
            at += 1
        return at

    def _who(self, line: str) -> tuple[str, str] | None:
        """The seated player a line starts with, and the rest of the line."""
        for name in self.names:
            if line.startswith(name + " "):
                return name, line[len(name) + 1 :]
        return None

    def _play(self, hand: SiteHand, at: int) -> int:
        """From the blinds to ``** Summary **``; the index after it (``len(lines) + 1``: none)."""
        street = 0
        bets: dict[str, int] = {}
        for i, line, number in self.each_line(self.lines, at):
            if blank(line):
                continue  # the next hand's "#Game No" line, in a hand cut short
            if line.startswith("** "):
                if line.startswith("** Summary **"):
                    return i + 1
                m = play.street_match(LINES.street, line)
                street = STREETS[m.group("name")]
                if street:
                    bets = {}
                play.new_street(hand, number, street, line)
                if street:
                    self._board(hand, m.group("cards"), street, number, line)
                continue
            d = LINES.dealt.match(line)
            if d is not None and d.group("name") in self.names:
                cards = cards_of(d.group("cards").replace(",", " "), f"{d.group('name')}'s cards")
                hand.dealt[d.group("name")] = cards
                hand.actions.append(
                    Action(number, street, d.group("name"), "dealt", 0, None, False, line, cards)
                )
                continue
            found = self._who(line)
            if found is None:
                raise InputError(f"cannot read the line {quote(line)}")
            self._action(hand, found[0], found[1], line, number, street, bets)
        return len(self.lines) + 1

    def _board(self, hand: SiteHand, text: str | None, street: int, number: int, line: str) -> None:
        if not text:
            raise InputError(f"the street line {quote(line)} shows no cards")
        new = cards_of(text.replace(",", " "), "the board")
        board = hand.boards.setdefault(0, [])
        if len(board) + len(new) != (3, 4, 5)[street - 1] or len(new) != (3, 1, 1)[street - 1]:
            raise InputError(
                f"the street line {quote(line)} does not deal the cards of that street"
            )
        play.deal_board(hand, number, street, line, new)

    def _action(
        self,
        hand: SiteHand,
        name: str,
        rest: str,
        line: str,
        number: int,
        street: int,
        bets: dict[str, int],
    ) -> None:
        if rest.strip() == "folds" and not any(a.verb == "street" for a in hand.actions):
            return  # folded before the cards were dealt: not dealt in (a player sitting out)
        if play.fold_or_check(hand, number, street, name, rest.strip(), line):
            return
        m = LINES.verb.match(rest)
        if m is not None:
            verb, added = VERBS[m.group("verb")], self._money(m.group("amount"))
            to = bets.get(name, 0) + added
            all_in = m.group("all_in") is not None
            if verb == "raise":
                # "raises [$2]" is what the raise adds; the replay takes the total it raises to.
                by = to - max(bets.values(), default=0)
                hand.actions.append(Action(number, street, name, "raise", by, to, all_in, line))
            else:
                hand.actions.append(Action(number, street, name, verb, added, None, all_in, line))
            if verb != "ante":
                bets[name] = to
            self.put[name] = self.put.get(name, 0) + added
            return
        d = LINES.dead.match(rest)
        if d is not None:
            amount = self._money(d.group("small")) + self._money(d.group("big"))
            hand.actions.append(
                Action(number, street, name, "small and big blinds", amount, None, False, line)
            )
            self.put[name] = self.put.get(name, 0) + amount
            bets[name] = bets.get(name, 0) + min(
                amount,
                hand.header.small
                if STRUCTURES.get(hand.header.limit) == "fixed"
                else hand.header.big,
            )
            return
        play.only_a_note(LINES.notes, rest, line)

    def _summary(self, hand: SiteHand, at: int) -> None:
        """The showdown after ``** Summary **``: shows, mucks, the halves each shown hand won, collects."""
        last: str | None = None
        halves: dict[str, set[str]] = {"Hi": set(), "Lo": set()}
        street = max((a.street for a in hand.actions), default=0)
        for _, line, number in self.each_line(self.lines, at):
            h = LINES.half.match(line)
            if h is not None:
                if last is None:
                    raise InputError(f"{quote(line)} follows no shown hand")
                cards_of(h.group("cards").replace(",", " "), f"{last}'s {h.group('half')} hand")
                halves[h.group("half")].add(last)
                continue
            if blank(line):
                continue
            found = self._who(line)
            if found is None:
                raise InputError(f"cannot read the summary line {quote(line)}")
            name, rest = found
            c = LINES.cards.match(rest)
            if c is not None:
                cards = cards_of(c.group("cards").replace(",", " "), f"{name}'s cards")
                verb = "show" if c.group("how") == "shows" else "muck"
                if verb == "show":
                    hand.shows[name] = cards
                    last = name
                else:
                    hand.mucks.add(name)
                    last = None
                hand.actions.append(Action(number, street, name, verb, 0, None, False, line, cards))
                continue
            m = LINES.collected.match(rest)
            if m is not None:
                play.add_award(hand, number, name, self._money(m.group("amount")), 0, "pot")
                last = None
                continue
            if LINES.notes.match(rest):
                continue
            raise InputError(f"cannot read the summary line {quote(line)}")
        stacks = {s.name: s.stack for s in hand.seats}
        # No one all in: one pot, so every collect line is from it (the lines name no pot, but there is
        # only one); with an all-in there may be side pots, and only the totals per player are known.
        hand.pots_named = not any(a.all_in for a in hand.actions) and all(
            put < stacks[name] for name, put in self.put.items()
        )
        if hand.pots_named and GAME_NAMES.get(hand.header.game, "").endswith("8"):
            hand.collects[:] = list(_halves(hand.collects, halves["Hi"], halves["Lo"]))


def _halves(collects: list[Collect], high: set[str], low: set[str]) -> Iterator[Collect]:
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


def read_record(source: str, line: int, raw: list[str]) -> HandRecord:
    """One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""
    numbers, lines = kept_lines(raw, line)
    if not lines:
        return failed(source, line, "no hand in these lines")
    if not starts_hand(raw[numbers[0] - line]):
        return failed(
            source,
            numbers[0],
            f"cannot read {quote(lines[0])}: not part of an 888 hand (a hand starts "
            "'***** 888poker Hand History for Game N *****')",
        )
    try:
        hand = _Reader(source, lines, numbers).read()
    except BadHand as e:
        return failed(source, e.line, e.message, e.id)
    try:
        return record(hand, GAME_NAMES, STRUCTURES)
    except DealError as e:
        return failed(source, hand.line, e.message, hand.header.id)


READER = Reader(
    "pacific888",
    "888 / Pacific",
    (".txt",),
    detect,
    starts_hand,
    read_record,
    encodings=("cp1252",),
    blank=blank,
)
