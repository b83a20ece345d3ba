"""Full Tilt Poker hand histories, line by line: one hand's lines into a ``SiteHand`` (``histories.site``).

Full Tilt (closed; its archives) writes close to PokerStars, without the colon after a player's name:
``X posts the small blind of $0.25``, ``X raises to $1.50, and is all in``, ``X wins the high pot ($3.90)``,
``X wins the low main pot ($x)``, ``X wins the low side pot ($x)``, ``Uncalled bet of $3.90 returned to X``,
and a summary ``Total pot $8 | Rake $0.25`` (before rake). Amounts carry thousands separators
(``$2,048.50``); tournament amounts are chips. Headers: ``Full Tilt Poker Game #N: Table T (6 max) -
FL Omaha H/L - $0.50/$1 - ...`` and, in 2006, ``$200/$400 - Limit Omaha Hi/Lo`` (stakes first) or
``FullTiltPoker Game #``. Observers chat (``X (Observer): ...``); ``*** SHOW DOWN ***`` may come twice.

This module only reads; ``records.record`` makes the record. A line that cannot be read raises
``InputError``; the hand becomes one error record (``BadHand``) and the other hands are still read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import HiloError, InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money
from hilo_cli.histories.grammar import grammar, words
from hilo_cli.histories.seats import HandState, add_seat, button_seat, read_kept, read_seat
from hilo_cli.histories.site import BRACKETS, BadHand, Collect, Header, SiteHand, cards_of
from hilo_cli.histories.site import Line as Action

LIMITS = words(
    """
    FL          = Limit
    Fixed Limit = Limit
    Limit       = Limit
    PL          = Pot Limit
    Pot Limit   = Pot Limit
    NL          = No Limit
    No Limit    = No Limit
    """
)
BOARD_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
STUD_STREETS = {"3RD STREET": 0, "4TH STREET": 1, "5TH STREET": 2, "6TH STREET": 3, "7TH STREET": 4}
VERBS = words(
    """
    calls                       = call
    bets                        = bet
    raises to                   = raise
    posts the small blind of    = small blind
    posts the big blind of      = big blind
    posts a dead small blind of = ante
    posts                       = big blind
    antes                       = ante
    brings in for               = bring in
    completes it to             = complete
    """
)
LINES = grammar(
    r"""
    MIXED_NAMES    HORSE|HOSE|HA|\d+[ -]Game|[\w ]*Mixed[\w ]*
    ALL_IN         (?P<all_in>,? and is all in)?\s*$
    header         ^(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+): (?P<rest>.*)$
    stakes         ^(?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})(?: Ante (?P<ante>{AMOUNT}))?(?: Cap {AMOUNT})
                   ?$
    game           ^(?P<limit>FL|Fixed Limit|Limit|PL|Pot Limit|NL|No Limit) (?P<game>.+)$
    mixed          \((?P<mixed>{MIXED_NAMES})\)
    wrapped        ^(?P<mixed>{MIXED_NAMES}) \((?P<game>.+)\)$
    seat           ^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)
                   (?P<out>, is sitting out)?\s*$
    street         ^\*\*\* (?P<name>[A-Za-z0-9 ]+?) \*\*\*(?P<cards>.*)$
    uncalled       ^Uncalled bet of (?P<amount>{AMOUNT}) returned to (?P<name>.+?)\s*$
    button         ^The button is in seat #(?P<seat>\d+)\s*$
    # "wins the pot ($12.50)", "wins the high pot ($3.90) with ...", "wins the low main pot ($x)",
    # "wins the low side pot ($x)", "wins side pot #2 ($x)", "ties for the high pot ($x)".
    award          ^(?:wins|ties for) (?:the )?(?:(?P<half>high|low) )?(?:(?P<which>main|side) )?pot
                   (?: #?(?P<n>\d+))? \((?P<amount>{AMOUNT})\)(?: with .*)?\s*$
    action         ^(?P<verb>calls|bets|raises to|posts the small blind of|posts the big blind of|
                   posts a dead small blind of|posts|antes|brings in for|
                   completes it to) (?P<amount>{AMOUNT}){ALL_IN}
    # What a player's line may say that moves no chips and deals no cards.
    notes          ^(?:has \d+ seconds left to act|sits down|stands up|adds {AMOUNT}|is sitting out|
                   sits out|has returned|has timed out|has requested TIME|has been disconnected|
                   has reconnected|is connected|is disconnected|is low with \[[^\]]*\]|
                   is high with \[[^\]]*\]|is feeling [\w ]+|shows [^\[].*|
                   has \d+ seconds to reconnect|leaves the table|has left the table|
                   seat #\d+ is reserved|will be allowed to play after the button)\s*$
    total          ^Total pot (?P<total>{AMOUNT})(?P<pots>(?: (?:Main|Side) pot(?: #?\d+)
                   ? {AMOUNT}\.)*) \| Rake (?P<rake>{AMOUNT})\s*$
    printed_pot    (Main|Side) pot(?: #?(\d+))? ({AMOUNT})\.
    summary_board  ^Board: \[(?P<cards>[^\[\]]*)\]\s*$
    summary_seat   ^Seat (?P<seat>\d+): (?P<rest>.*)$
    won            (?:won|collected) \((?P<amount>{AMOUNT})\)
    showed         (?P<how>showed|mucked) \[(?P<cards>[^\[\]]*)\]
    """,
)


def read_header(line: str) -> Header:
    m = LINES.header.match(line)
    if m is None:
        raise InputError("not a Full Tilt hand header (expected 'Full Tilt Poker Game #N: ...')")
    id, parts = m.group("id"), m.group("rest").split(" - ")
    mixed = LINES.mixed.search(parts[0])
    named = mixed.group("mixed") if mixed else None
    for i, part in enumerate(parts[1:], 1):
        wrapped = LINES.wrapped.match(part)
        if wrapped is not None:
            named, parts[i] = wrapped.group("mixed"), wrapped.group("game")
    stakes = next((s for s in map(LINES.stakes.match, parts[1:]) if s), None)
    game = next((g for g in map(LINES.game.match, parts[1:]) if g), None)
    if stakes is None:
        raise InputError(
            f"hand #{id}: cannot read the stakes (small/big) in {quote(m.group('rest'))}"
        )
    if game is None:
        raise InputError(f"hand #{id}: cannot read the game and limit in {quote(m.group('rest'))}")
    sb, bb = stakes.group("sb"), stakes.group("bb")
    currency = sb[0] if sb[0] in "$€£" else ""
    scale = 100 if currency else 1
    tournament = ", Table " in parts[0] or not currency
    return Header(
        id,
        game.group("game").strip(),
        LIMITS[game.group("limit")],
        named,
        tournament,
        currency,
        money(sb, scale),
        money(bb, scale),
    )


class _Reader(HandState):
    """Reads one hand's lines into a ``SiteHand``; ``fail`` raises at the current line."""

    def read(
        self, lines: list[str], numbers: list[int], wanted: Callable[[Header], bool]
    ) -> SiteHand:
        header = self.failing(lambda: read_header(lines[0]))
        self.id = header.id
        hand = self.new_hand(header)
        if not wanted(header):
            return hand  # a game not checked: its lines (draws, hold'em) are not read
        self.scale = 100 if header.currency else 1
        try:
            at = self._seats(hand, lines, numbers)
            at = self._play(hand, lines, numbers, at)
            for i in range(at, len(lines)):
                self.number = numbers[i]
                self._summary(hand, lines[i])
        except HiloError as e:
            raise self.fail(e.message) from None
        self.number = hand.end
        if at > len(lines):
            raise self.fail(f"hand #{header.id} is cut short: no '*** SUMMARY ***' line")
        if hand.total is None:
            raise self.fail(f"hand #{header.id}: the summary has no 'Total pot' line")
        if not hand.collects and hand.won:
            # A pot won without a showdown sometimes has no "wins the pot" line: the summary's
            # "collected ($x)" is then all the site says it paid, one total per player.
            hand.collects = [Collect(hand.end, n, w, 0, "pot", 0) for n, w in hand.won.items()]
            hand.pots_named = len(hand.printed_pots) <= 1
        return hand

    def _seats(self, hand: SiteHand, lines: list[str], numbers: list[int]) -> int:
        """The seat lines after the header; returns the index of the first line after them."""
        at = 1
        while at < len(lines) and lines[at].startswith("Seat "):
            self.number = numbers[at]
            self.names = add_seat(hand, read_seat(LINES.seat, lines[at], self.scale))
            at += 1
        return at

    def _play(self, hand: SiteHand, lines: list[str], numbers: list[int], start: int) -> int:
        """From the blinds to "*** SUMMARY ***"; returns the index after it (``len(lines) + 1`` when the
        hand has no summary: cut short)."""
        stud = "Stud" in hand.header.game
        streets = STUD_STREETS if stud else BOARD_STREETS
        street = 0
        for at, line, number in self.each_line(lines, start):
            if line.startswith("*** "):
                m = play.street_match(LINES.street, line)
                name = m.group("name")
                if name == "SHOW DOWN":
                    continue
                if name == "SUMMARY":
                    return at + 1
                street = play.street_number(streets, name)
                play.new_street(hand, number, street, line)
                if not stud and street:
                    self._board(hand, name, m.group("cards"), number, street)
                continue
            if " (Observer): " in line or any(line.startswith(n + ": ") for n in self.names):
                continue  # chat, an observer's or a player's ("Bob Smith: hi" is not Bob's action)
            name = next((n for n in self.names if line.startswith(n + " ")), None)
            if name is not None:
                rest = line[len(name) + 1 :].strip()
                if not play.fold_or_check(hand, number, street, name, rest, line):
                    self._action(hand, name, rest, line, number, street)
            else:
                self._line(hand, line, number, street)
        return len(lines) + 1

    def _board(self, hand: SiteHand, name: str, text: str, number: int, street: int) -> None:
        found = BRACKETS.findall(text)
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        board = hand.boards.setdefault(0, [])
        what = f"the {name.lower()}"
        if len(found) > 1 and tuple(board) != cards_of(found[-2], what):
            raise play.repeats_board(what, found[-2], board)
        new = cards_of(found[-1], what)
        play.deal_board(hand, number, street, f"*** {name} ***{text}", new)

    def _line(self, hand: SiteHand, line: str, number: int, street: int) -> None:
        """A line that does not start with a seated player's name."""
        if line.startswith("Dealt to "):
            body = line[len("Dealt to ") :]
            name = next((n for n in self.names if body.startswith(n + " [")), None)
            if name is None:
                raise InputError(f"cards dealt to someone with no seat in this hand: {quote(line)}")
            known = hand.dealt.get(name, ())
            # Stud repeats the cards dealt before in a first bracket ("[4d As 7s] [Th]"); on third street
            # both brackets are new ("[4d As] [7s]"): the new cards are the ones not dealt before.
            cards = tuple(
                c
                for b in BRACKETS.findall(body[len(name) :])
                for c in cards_of(b, f"{name}'s cards")
            )
            new = tuple(c for c in cards if c not in known)
            hand.dealt[name] = known + new
            hand.actions.append(Action(number, street, name, "dealt", 0, None, False, line, new))
            return
        m = LINES.uncalled.match(line)
        if m is not None:
            name = m.group("name")
            if name not in self.names:
                raise InputError(
                    f"an uncalled bet returned to {quote(name)}, who has no seat in this hand"
                )
            play.return_uncalled(hand, name, money(m.group("amount"), self.scale))
            return
        m = LINES.button.match(line)
        if m is not None:
            hand.button = button_seat(m)
            return
        if line == "No low hand qualified" or line.startswith("("):
            return  # a showdown's low written on a line of its own (2006)
        if any(LINES.notes.match(line[at + 1 :]) for at in play.name_ends(line)):
            return  # a note about someone not seated in this hand (sits down, adds chips)
        raise InputError(f"cannot read the line {quote(line)}")

    def _action(
        self, hand: SiteHand, name: str, rest: str, line: str, number: int, street: int
    ) -> None:
        m = LINES.action.match(rest)
        if m is not None:
            verb, amount = VERBS[m.group("verb")], money(m.group("amount"), self.scale)
            to = amount if verb in ("raise", "complete") else None
            hand.actions.append(
                Action(number, street, name, verb, amount, to, m.group("all_in") is not None, line)
            )
            return
        m = LINES.award.match(rest)
        if m is not None:
            which, n = m.group("which"), m.group("n")
            pot = play.pot_number(n, 1 if which == "side" else 0)
            label = " ".join(
                w for w in (m.group("half"), which, "pot", f"#{n}" if n else None) if w
            )
            amount = money(m.group("amount"), self.scale)
            play.add_award(hand, number, name, amount, pot, label, m.group("half"))
            return
        if rest.startswith("shows ["):
            cards = cards_of(BRACKETS.findall(rest)[0], f"{name}'s cards")
            play.show_cards(hand, number, street, name, cards, line)
            return
        if rest == "mucks":
            play.muck_at_showdown(hand, number, street, name, line)
            return
        play.only_a_note(LINES.notes, rest, line)

    def _summary(self, hand: SiteHand, line: str) -> None:
        scale = self.scale
        m = LINES.summary_seat.match(line)
        if m is not None:
            self._summary_seat(hand, digits(m.group("seat"), "a seat", MAX_SEAT), m.group("rest"))
            return
        m = LINES.total.match(line)
        if m is not None:
            hand.total, hand.rake = money(m.group("total"), scale), money(m.group("rake"), scale)
            pots = LINES.printed_pot.findall(m.group("pots"))
            for i, (label, n, _) in enumerate(pots):
                if label != ("Main" if i == 0 else "Side") or (n and int(n) != i):
                    raise InputError(
                        f"the summary's pots are not in order main, side 1, side 2, ...: {quote(line)}"
                    )
            hand.printed_pots = after_rake(
                [money(amount, scale) for _, _, amount in pots], hand.rake
            )
            return
        m = LINES.summary_board.match(line)
        if m is not None:
            hand.summary_boards[0] = cards_of(m.group("cards"), "the summary board")
            return
        raise InputError(f"cannot read the summary line {quote(line)}")

    def _summary_seat(self, hand: SiteHand, seat: int, rest: str) -> None:
        """``Seat N: NAME (button) showed [...] and won ($x) with ...``: what the seat won, its cards."""
        found = next((s for s in hand.seats if s.seat == seat), None)
        if found is None or not rest.startswith(found.name):
            raise InputError(
                f"the summary names seat {seat}, but the hand's seat {seat} is not {quote(rest)}"
            )
        tail = rest[len(found.name) :]
        amounts = [money(a, self.scale) for a in LINES.won.findall(tail)]
        if amounts:
            hand.won[found.name] = sum(amounts)
        shown = LINES.showed.search(tail)
        if shown is not None:
            cards = cards_of(shown.group("cards"), f"{found.name}'s cards")
            if shown.group("how") == "mucked":
                hand.mucks.add(
                    found.name
                )  # the site shows a mucked hand's cards; it is dead (RULES §7.3)
            else:
                hand.summary_cards[found.name] = cards


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


START = re.compile(r"[ \t]*(?:Full Tilt Poker|FullTiltPoker) Game #\d+: ")


def starts_hand(line: str) -> bool:
    """Whether ``line`` is a hand's header (after spaces and tabs)."""
    return START.match(line) is not None


def read_hand(
    source: str, line: int, raw: list[str], wanted: Callable[[Header], bool]
) -> SiteHand | BadHand | None:
    """One hand from its lines (as the base cuts them), ``line`` the number of the first; ``None`` if blank."""
    return read_kept(
        raw,
        line,
        lambda numbers, lines: _Reader(source, numbers).read(lines, numbers, wanted),
        True,
    )
