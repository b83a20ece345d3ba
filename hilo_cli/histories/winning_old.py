"""Winning Poker Network hand histories, the older (Yatahay) format, line by line, into a ``SiteHand``.

The files are UTF-16LE with a byte-order mark (the base decodes them). What the lines mean:

* ``Game started at: 2016/8/2 11:16:59`` starts a hand, ``Game ID: 693977531 0.10/0.25 (PRR) Elepaio
  (Omaha HiLow)`` names it, its stakes, table and game; ``Seat 4 is the button``; ``Seat 1: name
  (37.15).``; amounts are bare decimals (dollars);
* the limit is not printed: stud is fixed limit, a game whose big blind is the header's first figure is
  fixed limit (its stakes are the small and big bets), other Omaha games are pot limit, hold'em no limit;
* ``Player X has small blind (0.10)``, ``received card: [10h]`` (one card a line; ``received a card.``
  for cards not seen), ``calls (0.25)``, ``bets (0.25)``, ``raises (0.85)`` (the chips put in by the
  raise, call included), ``allin (x)``, ``*** FLOP ***: [5d 3s 3h]``, ``*** TURN ***: [...] [3s]``;
* ``Uncalled bet (0.25) returned to X``; ``Player X mucks cards`` (a winner who does not show writes it
  too: the last live hand is not mucked);
* the summary: ``Pot: 3.99. Rake 0.15. JP fee 0.06`` (after rake and fee), ``Board: [...]``, and one
  total per player, ``*Player X shows: Flush, A high [2s 8h 2h Jd] Low hand (A A 2 3 4 8 ).Bets: 0.50.
  Collects: 0.95. Wins: 0.45.``: the awards name neither pot nor half (``pots_named=False``).
"""

from __future__ import annotations

from collections.abc import Callable

from hilo_cli.bounds import quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money
from hilo_cli.histories.base import Currency
from hilo_cli.histories.grammar import grammar, words
from hilo_cli.histories.seats import HandState, add_seat, button_seat, read_seat, reads_wanted
from hilo_cli.histories.site import (
    BRACKETS,
    Header,
    Line,
    SiteHand,
    cards_of,
)
from hilo_cli.histories.uncalled import fold_back

STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
VERBS = words(
    """
    has small blind = small blind
    has big blind   = big blind
    posts           = big blind
    calls           = call
    bets            = bet
    """
)
PLAIN_DOLLARS = Currency("", "", 100, "USD")  # the site writes dollars as bare decimals


LINES = grammar(
    r"""
    game_id    ^Game ID: (?P<id>\d+) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?P<table>.*?) ?\((?P<game>[^()
               ]+)\)(?: \d+-max)?$
    button     ^Seat (?P<seat>\d+) is the button$
    seat       ^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.,]+)\)\.$
    player     ^Player (?P<rest>.+)$
    action     ^(?P<verb>has small blind|has big blind|posts|calls|bets|raises|allin) \(
               (?P<amount>[\d.,]+)\)$
    big_blind  ^Player .+ has big blind \((?P<amount>[\d.,]+)\)$
    received   ^received card: \[(?P<card>[^\]]+)\]$
    street     ^\*\*\* (?P<name>FLOP|TURN|RIVER) \*\*\*: (?P<cards>.*)$
    uncalled   ^Uncalled bet \((?P<amount>[\d.,]+)\) returned to (?P<name>.+)$
    pot        ^Pot: (?P<pot>[\d.,]+)\.(?: Rake (?P<rake>[\d.,]+))?(?:\. JP fee (?P<jp>[\d.,]+))
               ?\.?$
    result     ^\*?Player (?P<rest>.+?)\.? ?Bets: (?P<bets>[\d.,]+)
               \. Collects: (?P<collects>[\d.,]+)\. (?:Wins|Loses): [\d.,]+\.?$
    start      [ \t]*Game started at:[ ]
    """,
)


def starts_hand(line: str) -> bool:
    """Whether ``line`` starts a hand: it begins (after spaces) with "Game started at: "."""
    return LINES.start.match(line) is not None


def read_header(lines: list[str]) -> Header:
    game_id = next(
        (LINES.game_id.match(line) for line in lines[1:3] if line.startswith("Game ID: ")), None
    )
    if game_id is None:
        raise InputError("no 'Game ID: N SB/BB table (game)' line after 'Game started at:'")
    game = game_id.group("game")
    small, big = money(game_id.group("sb"), 100), money(game_id.group("bb"), 100)
    blind = next((m.group("amount") for m in map(LINES.big_blind.search, lines) if m), None)
    if "Stud" in game or (blind is not None and money(blind, 100) == small):
        limit = "Fixed Limit"
    else:
        limit = "Pot Limit" if "Omaha" in game else "No Limit"
    return Header(game_id.group("id"), game, limit, None, False, "$", small, big)


class HandReader(HandState):
    """Reads one hand's lines (blank lines removed, ``numbers`` their file lines) into a ``SiteHand``."""

    def __init__(self, source: str, lines: list[str], numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.lines = lines
        self.bets: dict[str, int] = {}
        self.received: dict[str, list[str]] = {}
        self.folded: set[str] = set()

    def read(self, wanted: Callable[[Header], bool]) -> SiteHand:
        header = self.failing(lambda: read_header(self.lines))
        self.id = header.id
        hand = self.new_hand(
            header,
            currency=PLAIN_DOLLARS,
            pots_named=False,
            pots_printed=False,
        )
        if not wanted(header):
            return hand
        self.failing(lambda: self._read_lines(hand))
        self.number = hand.end
        if hand.total is None:
            raise self.fail(f"hand #{header.id} is cut short: no 'Pot:' line in a summary")
        fold_back(hand, "Collects")
        return hand

    def _read_lines(self, hand: SiteHand) -> None:
        summary = False
        for line, number in zip(self.lines, self.numbers, strict=True):
            self.number = number
            if line.startswith(("Game started at:", "Game ID: ", "Game ended at:")):
                continue
            if self.received and " received " not in line:
                self._flush_cards(hand, number)
            if summary:
                self._summary(hand, line, number)
            elif line == "------ Summary ------":
                summary = True
            elif line.startswith("Seat "):
                self._seat(hand, line)
            elif line.startswith("*** "):
                self._street(hand, line, number)
            elif line.startswith("Uncalled bet ("):
                u = LINES.uncalled.match(line)
                if u is None or u.group("name") not in self.names:
                    raise InputError(f"cannot read the uncalled bet line {quote(line)}")
                play.return_uncalled(hand, u.group("name"), money(u.group("amount"), 100))
            elif line.startswith("Player "):
                self._player_line(hand, line[len("Player ") :], line, number)
            else:
                raise InputError(f"cannot read the line {quote(line)}")

    def _seat(self, hand: SiteHand, line: str) -> None:
        b = LINES.button.match(line)
        if b is not None:
            hand.button = button_seat(b)
            return
        self.names = add_seat(hand, read_seat(LINES.seat, line, 100))

    def _flush_cards(self, hand: SiteHand, number: int) -> None:
        """The hole cards received one a line, dealt to each player at once (``dealt``)."""
        for name, cards in self.received.items():
            dealt = cards_of(" ".join(cards), f"{name}'s cards")
            hand.dealt[name] = dealt
            hand.actions.append(
                Line(
                    number,
                    0,
                    name,
                    "dealt",
                    0,
                    None,
                    False,
                    f"Player {name} received [{' '.join(cards)}]",
                    dealt,
                )
            )
        self.received = {}

    def _street(self, hand: SiteHand, line: str, number: int) -> None:
        m = play.street_match(LINES.street, line)
        name = m.group("name")
        self.street, self.bets = STREETS[name], {}
        play.new_street(hand, number, self.street, line)
        found = BRACKETS.findall(m.group("cards"))
        board = hand.boards.setdefault(0, [])
        what = f"the {name.lower()}"
        before = cards_of(" ".join(found[:-1]), what) if len(found) > 1 else ()
        if not found or tuple(board) != before:
            raise InputError(
                f"{what} line does not follow the board so far "
                f"({play.board_so_far(board)}): {quote(line)}"
            )
        new = cards_of(found[-1], what)
        play.deal_board(hand, number, self.street, line, new)

    def _player_line(self, hand: SiteHand, body: str, line: str, number: int) -> None:
        name = next((n for n in self.names if body.startswith(n + " ")), None)
        if name is None:
            raise InputError(f"a line of a player who has no seat in this hand: {quote(line)}")
        rest = body[len(name) + 1 :]
        if rest == "received a card.":
            self.received.setdefault(name, [])
            return
        r = LINES.received.match(rest)
        if r is not None:
            self.received.setdefault(name, []).append(r.group("card"))
            return
        if rest in ("folds", "checks"):
            if rest == "folds":
                self.folded.add(name)
            hand.actions.append(Line(number, self.street, name, rest[:-1], 0, None, False, line))
            return
        if rest == "mucks cards":
            live = [
                s.name for s in hand.seats if s.name not in self.folded and s.name not in hand.mucks
            ]
            if live != [name]:  # the last live hand "mucks" when it wins without showing
                play.muck_hand(hand, number, self.street, name, line)
            return
        m = LINES.action.match(rest)
        if m is None:
            raise InputError(f"cannot read the action {quote(line)}")
        self._chips(hand, name, m.group("verb"), money(m.group("amount"), 100), line, number)

    def _chips(
        self, hand: SiteHand, name: str, verb: str, amount: int, line: str, number: int
    ) -> None:
        """A line that puts chips in: "raises (x)" and "allin (x)" say the chips added, not the total."""
        bet = self.bets.get(name, 0) + amount
        top = max(self.bets.values(), default=0)
        if verb in ("raises", "allin"):
            kind = "raise" if bet > top and top > 0 else ("bet" if bet > top else "call")
            all_in = verb == "allin"
            to = bet if kind == "raise" else None
            hand.actions.append(Line(number, self.street, name, kind, amount, to, all_in, line))
        else:
            hand.actions.append(
                Line(number, self.street, name, VERBS[verb], amount, None, False, line)
            )
        self.bets[name] = bet

    def _summary(self, hand: SiteHand, line: str, number: int) -> None:
        p = LINES.pot.match(line)
        if p is not None:
            rake = sum(money(p.group(g), 100) for g in ("rake", "jp") if p.group(g))
            hand.rake, hand.total = rake, money(p.group("pot"), 100) + rake
            return
        if line.startswith("Board: "):
            found = BRACKETS.findall(line)
            hand.summary_boards[0] = cards_of(found[0] if found else "", "the summary board")
            return
        m = LINES.result.match(line)
        if m is None:
            raise InputError(f"cannot read the summary line {quote(line)}")
        rest = m.group("rest")
        name = next((n for n in self.names if rest.startswith(n + " ")), None)
        if name is None:
            raise InputError(
                f"the summary names a player who has no seat in this hand: {quote(line)}"
            )
        collects = money(m.group("collects"), 100)
        if collects:
            # The summary's one total per player is both the award and what it says the player won.
            play.add_award(hand, number, name, collects, 0, "Collects")
            hand.won[name] = collects
        shown = rest[len(name) + 1 :]
        if shown.startswith("shows: "):
            found = BRACKETS.findall(shown)
            if not found:
                raise InputError(f"cannot read the cards shown in {quote(line)}")
            hand.summary_cards[name] = cards_of(found[0], f"{name}'s cards")


# One hand from its lines (as the base cuts them), ``line`` the number of the first; ``None`` if blank.
read_hand = reads_wanted(HandReader)
