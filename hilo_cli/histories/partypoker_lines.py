"""PartyPoker hand histories, line by line: one hand's lines into a ``SiteHand`` (``histories.site``).

What the site writes (../shared/handhistories/SITES.md):

* A hand starts at ``***** Hand History for Game N *****``; the ``Game #N starts.`` and ``#Game No : N``
  lines around it say nothing more. The game line gives the stakes (``$10/$20 USD FL 7 Card Stud Hi-Lo``),
  or the table's buy-in instead (``$100 USD PL Omaha Hi-Lo``: the blinds are then the posts), or a
  tournament's blinds (``PL Omaha Hi-Lo $22 USD Buy-in Trny: N Level: 2  Blinds(20/40)``).
* Every amount in brackets is what the player added: ``raises [$30 USD]`` from a small blind of $10 ends
  at $40; ``is all-In [$19 USD]`` is a bet, a call or a raise by what the street's bets were before it.
* Awards: ``wins $x USD from the main pot with …`` (the high half, or the whole pot where nobody qualifies
  for low: ``There was no qualifying low hand``), ``wins Lo ($x USD) from the main pot with …`` (the low
  half), ``from the side pot 1``; a pot won without a showdown, ``wins $x USD``.
* No rake line and no summary: the rake is what was put in minus what was paid (``rake_printed`` False,
  RULES §13); the pot is the pot the actions built.
* An uncalled bet is never said to be returned: the site pays it with the pot (``wins $239 USD`` of a pot
  of $200 and a $40 bet nobody called) or as a "side pot" of its own (``wins $1 USD from the side pot 1``,
  the $1 a raise went over an all-in). The uncalled top of the bets (RULES §5.3) is read from the actions;
  a last side pot of exactly that amount won by its bettor is that bet returned, else it is taken out of
  that player's win from the pot (where the win holds it; where not, the payout is left as printed and the
  check finds the difference).
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
from hilo_cli.histories.site import BRACKETS, BadHand, Header, SiteHand, cards_of
from hilo_cli.histories.site import Line as Action

_AMOUNT = r"\$?[\d.,]+"
_LIMITS = {"FL": "Limit", "PL": "Pot Limit", "NL": "No Limit"}
_MONEY = rf"\[?(?P<amount>{_AMOUNT})(?: (?:USD|EUR|GBP|CAD|chips))?\]?"
LINES = grammar(
    r"""
    start       ^\*{5} Hand History for Game (?P<id>\d+) \*{5}$
    noise       ^(?:Game #\d+ starts\.|#Game No : \d+)$
    cash        ^(?P<stakes>{AMOUNT}(?:/{AMOUNT})?) (?P<iso>USD|EUR|GBP|CAD) (?P<limit>FL|PL|
                NL) (?P<game>.+?) +- +\w+day,[ ]
    tournament  ^(?P<limit>FL|PL|NL) (?P<game>.+?) (?:{AMOUNT} (?:USD|EUR|GBP|CAD) )
                ?Buy-in Trny: ?\d+ +Level: ?\d+ +Blinds\((?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})\)
    table       ^Table .*\((?P<money>Real Money|Play Money)\)$
    button      ^Seat (?P<seat>\d+) is the button$
    seat        ^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>{AMOUNT})(?: (?:USD|EUR|GBP|CAD))
                ? \)$
    head_notes  ^(?:Total number of players : \d+/\d+|Trny: ?\d+ +Level: ?\d+|
                Blinds\([\d.,]+/[\d.,]+\)(?: Ante\([\d.,]+\))?)$
    street      ^\*\* Dealing ?(?P<name>[\w ]*?) ?\*\*(?P<cards>.*)$
    chips       ^(?P<verb>posts small blind|posts big blind \+ dead|posts big blind|posts ante|
                bring-ins|completes|bets|calls|raises|is all-In) +\[(?P<amount>{AMOUNT})(?: (?:USD|
                EUR|GBP|CAD))?\]\.?$
    wins        ^wins (?:(?P<lo>Lo) \((?P<lo_amount>{AMOUNT})(?: (?:USD|EUR|GBP|CAD|chips))?\)|
                (?P<amount>{AMOUNT})(?: (?:USD|EUR|GBP|CAD|chips))?)(?: from the (?P<pot>main pot|
                side pot(?: \d+)?))?(?P<with> with .*)?\.?$
    notes       ^(?:opens|does not show cards\.?|shows\s*[^\[].*|doesn't show \[.*|checks|folds|
                is sitting out\.?|has joined the table\.?|has left the table\.?|will be using .*|
                did not respond in time\.?|is disconnected\.?|has been reconnected\.?|
                is connected\.?|finished in .*|wins \$?[\d.,]+ (?:USD )?as a bounty.*|
                has requested TIME\.?|is back\.?)$
    """,
    AMOUNT=_AMOUNT,
)
_VERBS = {
    **play.POSTS_BETS_CALLS,
    **words(
        """
        posts big blind + dead = small and big blinds
        bring-ins              = bring in
        completes              = complete
        raises                 = raise
        """
    ),
}
BOARD_STREETS = play.street_numbers("down cards", "Flop", "Turn", "River")
STUD_STREETS = play.street_numbers(
    "", "Fourth street", "Fifth street", "Sixth street", ("River", "Seventh street")
)


def read_header(id: str, line: str) -> Header:
    """The game line: the game, the limit and the stakes (0/0 where it gives the table's buy-in)."""
    t = LINES.tournament.match(line)
    if t is not None:
        return chips_header(
            id, t.group("game"), _LIMITS[t.group("limit")], t.group("sb"), t.group("bb")
        )
    c = LINES.cash.match(line)
    if c is None:
        raise InputError(f"game #{id}: cannot read the game, limit and stakes in {quote(line)}")
    small, _, big = c.group("stakes").partition("/")
    sign = small[0] if small[0] in "$€£" else ""
    game, limit = c.group("game"), _LIMITS[c.group("limit")]
    if not big:  # the table's buy-in: the blinds are the posts
        return Header(id, game, limit, None, False, sign, 0, 0)
    return Header(id, game, limit, None, False, sign, money(small, 100), money(big, 100))


class _Reader(BetsState):
    """Reads one hand's lines into a ``SiteHand``."""

    def __init__(self, source: str, lines: list[str], numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.lines = lines
        m = LINES.start.match(lines[0])
        self.id: str | None = m.group("id") if m else None
        self.put_in: dict[str, int] = {}
        self.no_low = False

    def read(self) -> SiteHand:
        lines, numbers = self.lines, self.numbers
        if self.id is None or len(lines) < 2:
            raise self.fail(
                "not a PartyPoker hand (expected '***** Hand History for Game N *****' and a game line)"
            )
        self.number = numbers[1]
        id = self.id
        return self.failing(lambda: self._read(id, lines[1]))

    def _read(self, id: str, game_line: str) -> SiteHand:
        header = read_header(id, game_line)
        hand = self.new_hand(header)
        self.scale = 1 if header.tournament else 100
        self.stud = "Stud" in header.game
        at = self._seats(hand)
        self.seated = {s.name for s in hand.seats}
        self._play(hand, at)
        self.number = hand.end
        self._finish(hand)
        return hand

    def _seats(self, hand: SiteHand) -> int:
        """The table, button and seat lines after the game line; the index of the first line after them."""
        for at in range(2, len(self.lines)):
            line = self.lines[at]
            self.number = self.numbers[at]
            t = LINES.table.match(line)
            if t is not None:
                self.play_money = t.group("money") == "Play Money"
                continue
            b = LINES.button.match(line)
            if b is not None:
                hand.button = digits(b.group("seat"), "the button's seat", MAX_SEAT)
                continue
            if LINES.head_notes.match(line):
                continue
            s = LINES.seat.match(line)
            if s is None:
                if line.startswith("Seat "):
                    raise InputError(f"cannot read the seat line {quote(line)}")
                return at
            take_seat(hand, s.group("seat"), s.group("name"), s.group("stack"), self.scale)
        return len(self.lines)

    def _play(self, hand: SiteHand, start: int) -> None:
        streets = STUD_STREETS if self.stud else BOARD_STREETS
        street = 0
        for _, line, number in self.each_line(self.lines, start):
            if LINES.noise.match(line):
                continue
            if line.startswith("** "):
                m = LINES.street.match(line)
                if m is None or m.group("name") not in streets:
                    raise InputError(f"cannot read the street line {quote(line)}")
                street = streets[m.group("name")]
                if street > 0:  # the posts before the first street line are bets of its round
                    self.new_round()
                play.new_street(hand, number, street, line)
                if not self.stud and street > 0:
                    self._board(hand, m.group("cards"), line, number, street)
                continue
            if line.startswith("There was no qualifying low hand"):
                self.no_low = True
                continue
            if line.startswith("Dealt to "):
                self._dealt(hand, line, number, street)
                continue
            name = self._player(line)
            if name is None:
                raise InputError(f"cannot read the line {quote(line)}")
            rest = line[len(name) :]
            if rest.startswith(": "):
                continue  # chat
            self._action(hand, name, rest.strip(), line, number, street)

    def _player(self, line: str) -> str | None:
        """The seated player a line is about: the longest name it starts with, followed by a space or ':'."""
        found = [
            n for n in self.seated if line.startswith(n) and line[len(n) : len(n) + 1] in (" ", ":")
        ]
        return max(found, key=len) if found else None

    def _board(self, hand: SiteHand, text: str, line: str, number: int, street: int) -> None:
        found = BRACKETS.findall(text)
        if len(found) != 1:
            raise InputError(f"cannot read the board cards in {quote(line)}")
        new = cards_of(found[0].replace(",", " "), "the board")
        play.deal_board(hand, number, street, line, new)

    def _dealt(self, hand: SiteHand, line: str, number: int, street: int) -> None:
        body = line[len("Dealt to ") :]
        name = self._player(body)
        found = BRACKETS.findall(body)
        if name is None or len(found) != 1:
            raise InputError(f"cannot read the cards dealt in {quote(line)}")
        new = cards_of(found[0].replace(",", " "), f"{name}'s cards")
        play.deal_cards(hand, number, street, name, new, line)

    def _action(
        self, hand: SiteHand, name: str, rest: str, line: str, number: int, street: int
    ) -> None:
        if play.fold_or_check(hand, number, street, name, rest, line):
            return
        m = LINES.chips.match(rest)
        if m is not None:
            amount = money(m.group("amount"), self.scale)
            self._chips(hand, name, m.group("verb"), amount, line, number, street)
            return
        if rest.startswith("shows [") or rest.startswith("shows  ["):
            found = BRACKETS.findall(rest)
            if len(found) != 1:
                raise InputError(f"cannot read the cards shown in {quote(line)}")
            cards = cards_of(found[0].replace(",", " "), f"{name}'s cards")
            play.show_cards(hand, number, street, name, cards, line)
            return
        if rest.startswith("mucks"):
            play.muck_hand(hand, number, street, name, line)
            return
        w = LINES.wins.match(rest)
        if w is not None:
            self._wins(hand, name, w, number)
            return
        play.only_a_note(LINES.notes, rest, line)

    def _chips(
        self, hand: SiteHand, name: str, verb: str, amount: int, line: str, number: int, street: int
    ) -> None:
        """A line that moves chips: ``amount`` is what the player added."""
        self.put_in[name] = self.put_in.get(name, 0) + amount
        if verb == "posts ante":
            hand.actions.append(Action(number, street, name, "ante", amount, None, False, line))
            return
        mine = self.bets.get(name, 0) + amount
        kind = _VERBS.get(verb)
        if verb == "is all-In":
            kind = "bet" if self.street_bet == 0 else "call" if mine <= self.street_bet else "raise"
            if kind == "bet" and self.stud and street == 0:
                kind = "complete"
        assert kind is not None
        to = mine if kind in ("raise", "complete") else None
        self.follow_bet(
            hand, Action(number, street, name, kind, amount, to, verb == "is all-In", line)
        )

    def _wins(self, hand: SiteHand, name: str, w: re.Match[str], number: int) -> None:
        low = w.group("lo") is not None
        amount = money(w.group("lo_amount") if low else w.group("amount"), self.scale)
        pot = w.group("pot") or ""
        index = (
            0
            if pot in ("", "main pot")
            else digits(pot.split()[-1], "a side pot's number", MAX_SEAT)
            if pot[-1].isdigit()
            else 1
        )
        if not pot:
            hand.pots_named = False
        half = "low" if low else ("high" if w.group("with") else None)
        play.add_award(hand, number, name, amount, index, pot or "pot", half)

    def _finish(self, hand: SiteHand) -> None:
        """The stakes from the posts where the header gave the buy-in, the uncalled bet, the pot and rake."""
        header = hand.header
        if not hand.collects:
            raise InputError(f"game #{header.id} is cut short: no 'wins' line")
        if header.big == 0:
            hand.header = play.posted_stakes(header, play.first_posts(hand))
        if not header.game.endswith(("Hi-Lo", "Hi/Lo")):
            hand.collects = [c._replace(half=None) for c in hand.collects]
        elif not any(c.half == "low" for c in hand.collects) and not self.no_low:
            # No low award and no "no qualifying low" line: the award is the whole pot, not a half.
            hand.collects = [c._replace(half=None) for c in hand.collects]
        self._uncalled(hand)
        hand.total = None  # no "Total pot": the pots are the ones the actions build
        hand.pots_printed = False
        hand.won_printed = False  # no summary: nothing to hold the award lines against
        hand.rake_printed = header.tournament
        hand.currency = (
            Currency()
            if header.tournament or not header.currency
            else sign_currency(header.currency)
        )

    def _uncalled(self, hand: SiteHand) -> None:
        """The top of the bets only one player put in (RULES §5.3), which the site pays with the pot."""
        if len(self.put_in) < 2:
            return
        ranked = sorted(self.put_in.items(), key=lambda kv: kv[1], reverse=True)
        (top, most), (_, second) = ranked[0], ranked[1]
        over = most - second
        if over <= 0:
            return
        hand.uncalled[top] = over
        last = max((c.pot for c in hand.collects), default=0)
        for i, c in enumerate(hand.collects):
            if c.player == top and c.pot == last and last > 0 and c.amount == over:
                del hand.collects[i]  # the "side pot" that is the bet returned
                return
        for i, c in enumerate(hand.collects):
            if c.player == top and c.half != "low" and c.amount >= over:
                hand.collects[i] = c._replace(amount=c.amount - over)
                return


def read_hand(source: str, line: int, raw: list[str]) -> SiteHand | BadHand | None:
    """One hand from its lines (as the base cuts them), ``line`` the number of the first; ``None`` if blank."""
    return read_kept(
        raw, line, lambda numbers, lines: _Reader(source, lines, numbers).read(), True, LINES.noise
    )
