"""PokerStars hand histories, line by line: one hand's lines into a ``SiteHand`` (``histories.site``).

This module only reads: every line of a hand becomes a field of ``SiteHand``, money in the smallest unit
(``amounts.money``: cents in cash games, chips in tournaments and play-money games). It never settles
and never judges: the base's ``records.record`` makes the record the checker replays. The line catalogue and
what each line means are in ../shared/handhistories/POKERSTARS.md; rake and runs in RULES §12 and §13.

A line that cannot be read raises ``InputError`` located at ``file:line``; the caller turns it into one
error record for that hand and goes on with the next.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import HiloError, InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money
from hilo_cli.histories.grammar import grammar, words
from hilo_cli.histories.seats import check_seat, read_kept, table_button
from hilo_cli.histories.site import (
    BRACKETS,
    BadHand,
    Header,
    Seat,
    SiteHand,
    cards_of,
    summary_seat,
)
from hilo_cli.histories.site import Line as Action

LINES = grammar(
    r"""
    header         ^(?:PokerStars|POKERSTARS)(?: Home Game| Zoom| Rush)?
                   (?: Hand| Game| GAME| HAND) #(?P<id>\d+): +(?P<rest>.*)$
    # The game and its limit: "Omaha Hi/Lo Pot Limit", "8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)",
    # "HORSE (Omaha Hi/Lo Limit)"; tournaments put "Tournament #N, buy-in " in front.
    game           (?:(?P<mixed>HORSE|8-Game|8-GAME|HOSE|Mixed [^(]+?|Triple Stud|
                   [A-Z][\w' +/-]*?) \()?(?P<game>(?:\d Card |\d CARD |6\+ |Split )
                   ?[A-Z][\w' /+-]*?) (?P<limit>Pot Limit Pre-Flop, No Limit Post-Flop|Pot Limit|
                   No Limit|Fixed Limit|Limit|POT LIMIT|NO LIMIT|LIMIT)(?=[,) ]|$)
    stakes         \(?(?:ante [^,]*, )?(?P<sb>[$€£]?[\d.,]+)/(?P<bb>[$€£]?[\d.,]+)
                   (?: (?P<iso>[A-Z]{3}))?\)
    club           ^\{[^}]*\}\s+
    tournament     ^(?:Zoom |Rush )?(?:Tournament|TOURNAMENT) #\d+, (?:Freeroll|(?:[$€£]?[\d.,]+\+?|
                   FPP\+?|SC\+?)+(?: (?:USD|EUR|GBP|CAD|INR|CNY|FPP|SC)(?= ))?)? ?(?:- )?
    table          ^Table '(?P<table>.*)'(?: (?P<max>\d+)-max)?(?: \(Play Money\))?(?: Seat #
                   (?P<button>\d+) is the button)?\s*$
    seat           ^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d.,]+) in chips
                   (?:, [$€£]?[\d.,]+ bounty)?\)(?P<out> is sitting out| out of hand.*)?\s*$
    street         ^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<name>[A-Za-z0-9 -]+?) \*\*\*
                   (?P<cards>.*)$
    collected      ^(?P<name>.+) collected (?P<amount>[$€£]?[\d.,]+) from (?P<pot>pot|main pot|
                   side pot(?:-\d+)?)\s*$
    uncalled       ^Uncalled bet \((?P<amount>[$€£]?[\d.,]+)\) returned to (?P<name>.+?)\s*$
    cashed_out     ^(?P<name>.+) cashed out the hand for (?P<amount>[$€£]?[\d.,]+)
    total          ^Total pot (?P<total>[$€£]?[\d.,]+)(?P<pots>(?: (?:Main pot|Side pot(?:-\d+)
                   ?) [$€£]?[\d.,]+\.)*) \| Rake (?P<rake>[$€£]?[\d.,]+)\s*$
    printed_pot    (Main pot|Side pot(?:-(\d+))?) ([$€£]?[\d.,]+)\.
    summary_board  ^(?:(?P<run>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\[\]]*)\]\s*$
    summary_seat   ^Seat (?P<seat>\d+): (?P<rest>.*)$
    won            (?:won|collected) \((?P<amount>[$€£]?[\d.,]+)\)
    showed         (?P<how>showed|mucked) \[(?P<cards>[^\[\]]*)\]
    raises         ^raises (?P<by>[$€£]?[\d.,]+) to (?P<to>[$€£]?[\d.,]+)(?P<tail>.*)$
    amount_verb    ^(?P<verb>calls|bets|posts small blind|posts big blind|posts small & big blinds|
                   posts the ante|posts straddle|brings in for|brings-in for|
                   completes it to) (?P<amount>[$€£]?[\d.,]+)(?P<tail>.*)$
    all_in         ^(?: and is all-in| and has reached the [$€£]?[\d.,]+ cap)?\s*$
    # Lines that say something about a player but move no chips and deal no cards.
    notes          ^(?:is sitting out|sits out|is back|has timed out.*|has returned|is disconnected|
                   is connected|leaves the table|joins the table at seat #\d+|
                   will be allowed to play after the button|said, .*|finished the tournament.*|
                   wins the tournament.*|wins .* for (?:splitting the elimination of|
                   eliminating) .*|wins the .* bounty for eliminating .*|
                   split the .* bounty for eliminating .*|re-buys.*|was removed from the table.*|
                   is low with .*|is high with .*|has been disconnected.*|stands up|sits down|
                   takes the add-on.*|is all-in|: is sitting out|: sits out|: is back)\s*$
    """,
)

VERBS = words(
    """
    calls                    = call
    bets                     = bet
    posts small blind        = small blind
    posts big blind          = big blind
    posts small & big blinds = small and big blinds
    posts the ante           = ante
    posts straddle           = straddle
    brings in for            = bring in
    brings-in for            = bring in
    completes it to          = complete
    """
)
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
GAME_NAMES: dict[str, str] = words(
    """
    Omaha Hi/Lo        = omaha8
    5 Card Omaha Hi/Lo = omaha8-5
    6 Card Omaha Hi/Lo = omaha8-6
    Courchevel Hi/Lo   = courchevel8
    7 Card Stud Hi/Lo  = stud8
    Omaha              = omaha
    5 Card Omaha       = omaha-5
    6 Card Omaha       = omaha-6
    """
)
# Trackers export headers in capitals ("7 CARD STUD HI/LO LIMIT"): the same games.
_GAME_CAPITALS = {name.upper(): name for name in GAME_NAMES}


def read_header(line: str) -> Header:
    m = LINES.header.match(line)
    if m is None:
        raise InputError("not a PokerStars hand header (expected 'PokerStars Hand #N: ...')")
    rest = LINES.club.sub("", m.group("rest"))
    t = LINES.tournament.match(rest)
    tournament = t is not None
    g = LINES.game.match(rest, t.end() if t is not None else 0)
    if g is None:
        raise InputError(f"hand #{m.group('id')}: cannot read the game and limit in {quote(rest)}")
    stakes = LINES.stakes.search(rest, g.end())
    if stakes is None:
        raise InputError(
            f"hand #{m.group('id')}: cannot read the stakes (small/big) in {quote(rest)}"
        )
    sb, bb = stakes.group("sb"), stakes.group("bb")
    currency = sb[0] if sb[0] in "$€£" else ""
    if tournament:
        currency = ""
    scale = 100 if currency else 1
    game = g.group("game").strip()
    game = _GAME_CAPITALS.get(game, game)
    if " - LEVEL " in rest.upper() and not tournament:
        tournament, currency, scale = (
            True,
            "",
            1,
        )  # a tournament level, as trackers export its header
    mixed = g.group("mixed")
    return Header(
        m.group("id"),
        game,
        g.group("limit"),
        mixed.strip() if mixed else None,
        tournament,
        currency,
        money(sb, scale),
        money(bb, scale),
    )


def _all_in(found: re.Match[str], what: str, line: str) -> bool:
    """Whether the ``tail`` of a line ``found`` says the player is all in; a tail that says anything else
    makes the line no ``what`` hilo reads."""
    tail = found.group("tail")
    if not LINES.all_in.match(tail):
        raise InputError(f"cannot read the {what} {quote(line)}")
    return "all-in" in tail


class _Reader:
    """Reads one hand's lines into a ``SiteHand``; ``fail`` raises at the current line."""

    def __init__(self, source: str, start: int, lines: list[str]) -> None:
        self.source, self.start, self.lines = source, start, lines
        self.number = start
        self.id: str | None = None
        self.pending: list[
            Card
        ] = []  # a board card dealt before the first betting round (PRE-FLOP)

    def fail(self, message: str) -> BadHand:
        return BadHand(message, f"{self.source}:{self.number}", self.id, self.number)

    def read(
        self, line_numbers: list[int], wanted: Callable[[Header], bool] | None = None
    ) -> SiteHand:
        lines = self.lines
        self.number = line_numbers[0]
        try:
            header = read_header(lines[0])
        except HiloError as e:
            raise self.fail(e.message) from None
        self.id = header.id
        hand = SiteHand(self.source, self.start, header)
        hand.end = line_numbers[-1]
        if wanted is not None and not wanted(header):
            return hand  # a game not checked: its lines (draws, razz) are not read
        self.scale = 100 if header.currency else 1
        count = len(lines)
        try:
            at = self._seats(hand, lines, line_numbers)
            self.by_seat = {s.seat: s for s in hand.seats}
            at = self._play(hand, lines, line_numbers, at)
            for i in range(at, count):
                self.number = line_numbers[i]
                self._summary(hand, lines[i])
        except HiloError as e:
            raise self.fail(e.message) from None
        self.number = hand.end
        if at >= count + 1:
            raise self.fail(f"hand #{header.id} is cut short: no '*** SUMMARY ***' line")
        if hand.total is None and not hand.cancelled:
            raise self.fail(f"hand #{header.id}: the summary has no 'Total pot' line")
        return hand

    def _seats(self, hand: SiteHand, lines: list[str], numbers: list[int]) -> int:
        """The table and seat lines after the header; returns the index of the first line after them."""
        at = 1
        for at in range(1, len(lines)):
            line = lines[at]
            self.number = numbers[at]
            if line.startswith("Seat "):
                s = LINES.seat.match(line)
                if s is None:
                    raise InputError(f"cannot read the seat line {quote(line)}")
                seat = Seat(
                    digits(s.group("seat"), "a seat", MAX_SEAT),
                    s.group("name"),
                    money(s.group("stack"), self.scale),
                    s.group("out") is not None,
                )
                check_seat(hand, seat.seat, seat.name)
                hand.seats.append(seat)
            elif line.startswith("Table '"):
                hand.button = table_button(LINES.table, line)
            else:
                return at
        return len(lines)

    def _play(self, hand: SiteHand, lines: list[str], numbers: list[int], start: int) -> int:
        """From the blinds to "*** SUMMARY ***"; returns the index after it (``len(lines) + 1`` when the
        hand has no summary: cut short)."""
        header = hand.header
        stud = "Stud" in header.game or header.game.startswith("Razz")
        streets = STUD_STREETS if stud else BOARD_STREETS
        names = {s.name for s in hand.seats}
        street, run = 0, 0
        for at in range(start, len(lines)):
            line = lines[at]
            number = self.number = numbers[at]
            if line.startswith("*** "):
                m = play.street_match(LINES.street, line)
                name, run_word = m.group("name"), m.group("run")
                if name == "SUMMARY":
                    return at + 1
                if name in ("SHOW DOWN", "SHOWDOWN"):
                    run = RUNS[run_word]
                elif name in streets:
                    street, run = streets[name], RUNS[run_word]
                    play.new_street(hand, number, street, line, run)
                    self._board(hand, run, name, m.group("cards"), stud, number, street)
                else:
                    raise InputError(f"unknown street {quote(name)}")
                continue
            # Most lines are "NAME: action"; a name may itself hold ": ", so each ": " is tried.
            colon = line.find(": ")
            while colon > 0:
                if line[:colon] in names:
                    self._action(
                        hand, line[:colon], line[colon + 2 :].strip(), line, number, street
                    )
                    break
                colon = line.find(": ", colon + 1)
            else:
                self._line(hand, line, number, names, street, run)
        return len(lines) + 1

    def _board(
        self, hand: SiteHand, run: int, name: str, text: str, stud: bool, number: int, street: int
    ) -> None:
        found = BRACKETS.findall(text)
        if stud or (name == "HOLE CARDS" and not found):
            return
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        board = hand.boards.get(run)
        if board is None:
            # A run's board starts with the cards dealt before the all-in (RULES §12.1).
            board = list(hand.boards.get(0, [])) if run else []
            hand.boards[run] = board
        what = f"the {name.lower()}"
        new = cards_of(found[-1], what)
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
                raise play.repeats_board(what, " ".join(map(str, before)), board)
        board.extend(new)
        if name == "PRE-FLOP":
            # Courchevel's first board card, before the first betting round: dealt to the replay with the
            # flop, so that the first round's betting is one round (the cards are the same, RULES §6).
            self.pending = list(new)
            return
        new, self.pending = tuple(self.pending) + new, []
        hand.actions.append(
            Action(number, street, "", "board", 0, None, False, f"*** {name} ***{text}", new, run)
        )

    def _line(
        self, hand: SiteHand, line: str, number: int, names: set[str], street: int, run: int
    ) -> None:
        scale = self.scale
        if line.startswith("Dealt to "):
            body = line[len("Dealt to ") :]
            at = body.find(" [")
            name = body[:at] if at > 0 else ""
            if name not in names:
                raise InputError(
                    f"cards dealt to {quote(name or body)}, who has no seat in this hand"
                )
            found = BRACKETS.findall(body[at:])
            if not found:
                raise InputError(f"cannot read the cards dealt in {quote(line)}")
            # Stud repeats the cards dealt before in a first bracket: the last bracket holds the new ones.
            new = cards_of(found[-1], f"{name}'s cards")
            hand.dealt[name] = hand.dealt.get(name, ()) + new
            hand.actions.append(
                Action(number, street, name, "dealt", 0, None, False, line, new, run)
            )
            return
        m = LINES.collected.match(line)
        if m is not None and m.group("name") in names:
            pot = m.group("pot")
            amount = money(m.group("amount"), scale)
            play.add_award(hand, number, m.group("name"), amount, _pot_index(pot), pot, run=run)
            return
        m = LINES.uncalled.match(line)
        if m is not None:
            if m.group("name") not in names:
                raise InputError(
                    f"an uncalled bet returned to {quote(m.group('name'))}, who has no seat in this hand"
                )
            name = m.group("name")
            play.return_uncalled(hand, name, money(m.group("amount"), scale))
            return
        self._other(hand, line, names)

    def _other(self, hand: SiteHand, line: str, names: set[str]) -> None:
        """A line that moves no chips (a player cashing out, a cancelled hand, a note about a player), or
        one that cannot be read."""
        m = LINES.cashed_out.match(line)
        if m is not None and m.group("name") in names:
            hand.cashed_out.append(m.group("name"))
            return
        if line == "Hand cancelled":
            hand.cancelled = True
            return
        if line in ("No low hand qualified", "Betting is capped") or line.startswith(
            "Hand was run "
        ):
            return
        # Notes about a player move no chips: seated or not (players join, leave and come back).
        notes = LINES.notes.match
        if any(notes(line[at + 1 :]) or notes(line[at:]) for at in play.name_ends(line)):
            return
        raise InputError(f"cannot read the line {quote(line)}")

    def _action(
        self, hand: SiteHand, name: str, rest: str, line: str, number: int, street: int
    ) -> None:
        scale = self.scale
        if rest in ("folds", "checks"):  # the most frequent action, read without a call
            hand.actions.append(Action(number, street, name, rest[:-1], 0, None, False, line))
            return
        if rest.startswith(("calls ", "bets ")):
            word, _, printed = rest.partition(" ")
            if " " not in printed:  # the usual call or bet, read without a pattern
                hand.actions.append(
                    Action(
                        number, street, name, word[:-1], money(printed, scale), None, False, line
                    )
                )
                return
        m = LINES.raises.match(rest)
        if m is not None:
            all_in = _all_in(m, "raise", line)
            by, raised = money(m.group("by"), scale), money(m.group("to"), scale)
            hand.actions.append(Action(number, street, name, "raise", by, raised, all_in, line))
            return
        m = LINES.amount_verb.match(rest)
        if m is not None:
            all_in = _all_in(m, "action", line)
            verb = VERBS[m.group("verb")]
            amount = money(m.group("amount"), scale)
            to = amount if verb == "complete" else None
            hand.actions.append(Action(number, street, name, verb, amount, to, all_in, line))
            return
        if rest.startswith("shows ["):
            found = BRACKETS.findall(rest)
            cards = cards_of(found[0], f"{name}'s cards") if found else ()
            play.show_cards(hand, number, street, name, cards, line)
            return
        if rest.startswith(("mucks hand", "mucks")):
            play.muck_hand(hand, number, street, name, line)
            return
        if rest.startswith(("doesn't show hand", "shows hand")):
            return
        if LINES.notes.match(rest) or rest.startswith(("discards", "stands pat")):
            return
        raise InputError(f"cannot read the action {quote(line)}")

    def _summary(self, hand: SiteHand, line: str) -> None:
        scale = self.scale
        if line.startswith("Seat "):
            self._summary_seat(hand, line)
            return
        m = LINES.total.match(line)
        if m is not None:
            hand.total = money(m.group("total"), scale)
            hand.rake = money(m.group("rake"), scale)
            pots = LINES.printed_pot.findall(m.group("pots"))
            hand.printed_pots = [money(amount, scale) for _, _, amount in pots]
            for i, (label, n, _) in enumerate(pots):
                expected = "Main pot" if i == 0 else "Side pot"
                if not label.startswith(expected) or (n and n != str(i)):
                    raise InputError(
                        f"the summary's pots are not in order main, side 1, side 2, ...: {quote(line)}"
                    )
            return
        if line.startswith("Total pot "):
            raise InputError(f"cannot read the summary's pot line {quote(line)}")
        m = LINES.summary_board.match(line)
        if m is not None:
            hand.summary_boards[RUNS[m.group("run")]] = cards_of(
                m.group("cards"), "the summary board"
            )
            return
        if line.startswith("Hand was run "):
            words = line[len("Hand was run ") :].split()
            hand.runs = {"twice": 2, "three": 3}.get(words[0] if words else "", 0)
            if not hand.runs:
                raise InputError(f"cannot read {quote(line)}")
            return
        raise InputError(f"cannot read the summary line {quote(line)}")

    def _summary_seat(self, hand: SiteHand, line: str) -> None:
        """``Seat N: NAME (button) showed [...] and won (...) with ...``: what the seat won, its cards."""
        scale = self.scale
        m = LINES.summary_seat.match(line)
        if m is not None:
            seat = digits(m.group("seat"), "a seat", MAX_SEAT)
            summary_seat(
                hand,
                seat,
                m.group("rest"),
                lambda tail: [money(a, scale) for a in LINES.won.findall(tail)],
            )
            return
        raise InputError(f"cannot read the summary line {quote(line)}")


def _pot_index(printed: str) -> int:
    """The pot a "collected ... from <pot>" line names: main pot first (0), then side pot 1, 2, ..."""
    if printed in ("pot", "main pot"):
        return 0
    if printed == "side pot":
        return 1
    return digits(printed.rsplit("-", 1)[1], "a side pot's number", MAX_SEAT)


_START = re.compile(r"[ \t]*(?:PokerStars|POKERSTARS) ")


def starts_hand(line: str) -> bool:
    """Whether ``line`` is a hand's header: a hand starts at its header, blank lines or not."""
    return _START.match(line) is not None and LINES.header.match(line.strip()) is not None


def read_hand(
    source: str, line: int, raw: list[str], wanted: Callable[[Header], bool] | None = None
) -> SiteHand | BadHand | None:
    """One hand from its lines (as the base cuts them), ``line`` the number of the first; ``None`` if blank."""
    return read_kept(
        raw, line, lambda numbers, lines: _Reader(source, numbers[0], lines).read(numbers, wanted)
    )
