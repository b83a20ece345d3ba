"""What an equity run needs before it deals anything, and what it adds up afterwards.

``prepare`` checks the deal with a board still to come (the checks of ``showdown``, the dead cards,
enough cards left) and finds the pots: they depend on the money alone, so every runout has the same
pots (RULES §5.1). ``Tally`` adds up runouts: each runout's chips are those ``settle`` gives it
(RULES §4, §5), so a runout is counted by the players who win each half of each pot (its pattern) and
the chips that pattern brings.
"""

from __future__ import annotations

from math import comb
from typing import NamedTuple

from hilo_cli.cards import DECK, Card, format_cards
from hilo_cli.deal import Deal
from hilo_cli.errors import DealError
from hilo_cli.pots import Pot
from hilo_cli.showdown import Settlement, settle

MAX_LIVE = 9
NO_MONEY_POT = 5040
"""The pot a run without money is settled with, in chip units: 5040 = 2 × lcm(1..9), so a half or a
whole pot divides evenly among any number of tied winners up to nine and the shares are the plain
fractions of one pot that equity means (no odd chip bends them)."""


class Setup(NamedTuple):
    """One deal ready for its runouts.

    ``deal`` is the deal to settle (with ``NO_MONEY_POT`` as its pot when no money was given),
    ``board`` the cards known, ``unknown`` the cards that may still come (in card order), ``to_come``
    how many board cards are missing. ``live`` are the indexes of the live players in ``deal.players``;
    ``groups`` the sets of live players (bits by live index) compared on every runout: the main pot's
    players first (the figures' group: every live player unless one put in nothing), then each pot's
    eligible players. ``pots`` are the pots' names, amounts and eligible names; ``built`` the same pots
    and the uncalled chips returned, as ``settle`` takes them, for every runout.
    """

    deal: Deal
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    unknown: tuple[Card, ...]
    to_come: int
    live: tuple[int, ...]
    groups: tuple[int, ...]
    pots: tuple[tuple[str, int, tuple[str, ...]], ...]
    returned: dict[str, int]
    money: bool
    built: tuple[list[Pot], dict[str, int]]

    @property
    def runouts(self) -> int:
        return comb(len(self.unknown), self.to_come)

    def full(self, runout: tuple[Card, ...]) -> Deal:
        """The deal with one runout dealt."""
        return self.deal._replace(board=self.board + runout)

    def settle(self, runout: Deal) -> Settlement:
        """``settle`` on one runout (a deal from ``full``, or a completion of hidden cards): the deal's
        checks were made once by ``prepare`` and hold for every runout, the pots are the same, and no hand
        is named (equity prints none)."""
        return settle(runout, built=self.built, runout=True)


def prepare(deal: Deal, dead: tuple[Card, ...] = (), completed: bool = False) -> Setup:
    """Check a deal whose board may be incomplete, and find what every runout shares.

    ``completed``: the deal is one completion of a deal with hidden cards (``completions``), stud
    included. Raises ``DealError`` for stud (otherwise), a board of more than five cards, fewer than two or
    more than nine live players, a dead card that is also dealt, too few cards left for the board, and
    everything ``check_deal`` rejects in a showdown (RULES §2, §4.2, §5, §7).
    """
    live = _in_scope(deal, completed)
    _check_dead(deal, dead)
    board = tuple(deal.board)
    seen = set(board)
    for p in deal.players:
        seen.update(p.hole or ())
    unknown = tuple(c for c in DECK if c not in seen and c not in dead)
    to_come = deal.game.board_cards - len(board)
    if len(unknown) < to_come:
        raise DealError(
            f"too few cards left: {len(unknown)} unknown cards for the {to_come} board cards to come"
            + (f" ({len(dead)} dead: {format_cards(dead)})" if dead else "")
        )
    ready, first, returned, money = _settled_once(deal, board + unknown[:to_come])
    names = [deal.players[i].name for i in live]
    pots = tuple((pot.name, pot.amount, pot.eligible) for pot in first.pots)
    built = ([Pot(amount, eligible) for _, amount, eligible in pots], dict(first.returned))
    return Setup(
        ready,
        board,
        tuple(dead),
        unknown,
        to_come,
        live,
        _groups(first, names),
        pots,
        returned,
        money,
        built,
    )


def _in_scope(deal: Deal, completed: bool) -> tuple[int, ...]:
    """The indexes of the live players of a deal equity can run out (one board, no rake, two to
    ``MAX_LIVE`` live players, cards enough in a deck); ``DealError`` says why not."""
    game = deal.game
    if game.board_cards == 0 and not completed:
        raise DealError(
            f"equity covers the board games (Omaha and its relatives); {game.name} is out of scope"
        )
    if deal.boards:
        raise DealError(
            "equity runs out one board; a deal on several boards is out of scope (RULES §12)"
        )
    if any(deal.rake):
        raise DealError("equity divides whole pots; rake (RULES §13) is out of scope")
    if len(deal.board) > game.board_cards:
        raise DealError(
            f"the board has {len(deal.board)} cards; {game.name} deals {game.board_cards}"
        )
    players = deal.players
    needed = len(players) * game.hole_cards + game.board_cards
    if needed > 52:
        raise DealError(
            f"{len(players)} players of {game.name} need {needed} cards; a deck has 52 "
            f"(at most {(52 - game.board_cards) // game.hole_cards} players)"
        )
    live = tuple(i for i, p in enumerate(players) if not p.folded)
    if len(live) < 2:
        raise DealError("equity needs at least two live players")
    if len(live) > MAX_LIVE:
        raise DealError(f"{len(live)} live players: equity takes at most {MAX_LIVE}")
    return live


def _check_dead(deal: Deal, dead: tuple[Card, ...]) -> None:
    """Dead cards are out of play: each given once, and none of them dealt."""
    if len(set(dead)) != len(dead):
        twice = next(c for i, c in enumerate(dead) if c in dead[:i])
        raise DealError(f"dead card {twice} is given twice")
    for c in dead:
        if c in deal.board:
            raise DealError(f"dead card {c} is on the board")
        for p in deal.players:
            if c in (p.hole or ()):
                raise DealError(f"dead card {c} is in {p.name}'s hole cards")


def _settled_once(
    deal: Deal, board: tuple[Card, ...]
) -> tuple[Deal, Settlement, dict[str, int], bool]:
    """The deal every runout is settled from, settled once on ``board`` (one runout) with every check of
    a showdown; the uncalled chips returned (RULES §5.3); and whether it has money: with none given, or
    nothing in the pots (a pot of 0, or nothing called), equity is the plain share of one pot of
    ``NO_MONEY_POT``."""
    money = deal.pot is not None or any(p.contributed is not None for p in deal.players)
    ready = deal if money else deal._replace(pot=NO_MONEY_POT * deal.chip_unit)
    first = settle(ready._replace(board=board))
    returned = dict(first.returned)
    if money and not any(pot.amount for pot in first.pots):
        ready = deal._replace(
            pot=NO_MONEY_POT * deal.chip_unit,
            added=0,
            players=tuple(p._replace(contributed=None) for p in deal.players),
        )
        return ready, settle(ready._replace(board=board)), returned, False
    return ready, first, returned, money


def _groups(first: Settlement, names: list[str]) -> tuple[int, ...]:
    """The sets of live players (bits by live index) compared on every runout: the figures' group
    first, the main pot's players (RULES §7: all live players, but a live player who put in nothing is
    in no pot and has nothing to win), or everyone live without a contest there; then each pot's."""
    bit = {n: 1 << i for i, n in enumerate(names)}
    main = [pot for pot in first.pots[:1] if len(pot.eligible) > 1]
    groups = [sum(bit[n] for n in main[0].eligible) if main else (1 << len(names)) - 1]
    for pot in first.pots:
        members = sum(bit[n] for n in pot.eligible)
        if members not in groups:
            groups.append(members)
    return tuple(groups)


class Figures(NamedTuple):
    """Per live player, in listing order: counts of runouts (or chips summed over runouts)."""

    chips: list[int]
    chips2: list[int]
    scoop: list[int]
    high_win: list[int]
    high_tie: list[int]
    low_win: list[int]
    low_tie: list[int]
    quartered: list[int]


class Tally:
    """Runouts added up: chips won per live player and per pot, and the counts behind each figure.

    A runout's pattern is, for each group of ``Setup.groups``, the live players with the best high
    and those with the best qualifying low (bit masks, 0 for no low). The figures of a player come from
    the first group (everyone live, RULES §7): high win or tie, low win or tie, scoop (the whole of
    that pot alone: both halves, or the high when nobody has a low, §3.5, §4.1), quartered (a share of
    a tied low in a pot whose high half is divided on its own: the high winners are not exactly the low
    winners, §4.1, §4.5), no low for anyone.
    """

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        n = len(setup.live)
        self.runouts = 0
        self.figures = Figures(*([0] * n for _ in Figures._fields))
        self.pot_chips = [[0] * n for _ in setup.pots]
        self.pot_chips2 = [[0] * n for _ in setup.pots]
        self.no_low = 0
        self._shares: dict[tuple[int, ...], tuple[tuple[int, ...], ...] | None] = {}
        self._positions = {setup.deal.players[i].name: k for k, i in enumerate(setup.live)}

    def shares(self, settlement: Settlement) -> tuple[tuple[int, ...], ...]:
        """Each pot's chips per live player in one settled runout."""
        get = self._positions.__getitem__
        out = []
        for pot in settlement.pots:
            row = [0] * len(self._positions)
            for name, chips in pot.shares.items():
                row[get(name)] = chips
            out.append(tuple(row))
        return tuple(out)

    def check(self, settlement: Settlement, pattern: tuple[int, ...]) -> None:
        """Hold a settled runout to the winners its pattern says (the evaluation used for patterns and
        the one ``settle`` uses must agree); a difference is a bug, never bad input."""
        get = self._positions.__getitem__
        groups = self.setup.groups
        for pot in settlement.pots:
            if pot.division == "uncontested":
                continue
            members = sum(1 << get(n) for n in pot.eligible)
            code = pattern[groups.index(members)]
            n = len(self._positions)
            high = sum(1 << get(w) for w in pot.high.winners)
            low = sum(1 << get(w) for w in pot.low.winners) if pot.low is not None else 0
            if (high, low) != (code & ((1 << n) - 1), code >> n):
                raise RuntimeError(
                    f"equity: the runout {format_cards(settlement.deal.board)} settles "
                    f"differently from its evaluation ({pot.name})"
                )

    def known(self, pattern: tuple[int, ...]) -> bool:
        return pattern in self._shares

    def cards_matter(self, pattern: tuple[int, ...]) -> bool:
        """True if a pattern's chips depend on more than who won (the suit odd-chip rule with leftover
        units in a tied half, RULES §4.6): each such runout is settled on its own."""
        return self._shares.get(pattern, ()) is None

    def learn(self, pattern: tuple[int, ...], settlement: Settlement) -> None:
        """Keep a pattern's chips, from one runout with that pattern settled by ``settle``."""
        self.check(settlement, pattern)
        if self.setup.deal.odd_chip_rule == "suit" and _leftovers_in_a_tie(settlement):
            self._shares[pattern] = None
        else:
            self._shares[pattern] = self.shares(settlement)

    def add(
        self,
        pattern: tuple[int, ...],
        count: int,
        shares: tuple[tuple[int, ...], ...] | None = None,
    ) -> None:
        """Count ``count`` runouts of one pattern, with its known chips or the ``shares`` given."""
        if shares is None:
            shares = self._shares[pattern]
            assert shares is not None
        self.runouts += count
        f = self.figures
        n = len(self.setup.live)
        for p, pot in enumerate(shares):
            chips, chips2 = self.pot_chips[p], self.pot_chips2[p]
            for i, c in enumerate(pot):
                if c:
                    chips[i] += c * count
                    chips2[i] += c * c * count
        for i in range(n):
            c = sum(pot[i] for pot in shares)
            if c:
                f.chips[i] += c * count
                f.chips2[i] += c * c * count
        everyone = pattern[0]
        high, low = everyone & ((1 << n) - 1), everyone >> n
        if not low and self.setup.deal.game.split:
            self.no_low += count
        alone_high = high & (high - 1) == 0
        alone_low = low & (low - 1) == 0
        for i in range(n):
            b = 1 << i
            if high & b:
                (f.high_win if alone_high else f.high_tie)[i] += count
                if alone_high and (not low or low == b):
                    f.scoop[i] += count
            if low & b:
                (f.low_win if alone_low else f.low_tie)[i] += count
                if not alone_low and low != high:
                    f.quartered[i] += count


def _leftovers_in_a_tie(settlement: Settlement) -> bool:
    """True if some tied half of some pot has units that do not divide evenly among its winners."""
    unit = settlement.deal.chip_unit
    for pot in settlement.pots:
        halves = (
            [pot.high]
            if pot.low is None or pot.division in ("scoop", "same winners")
            else [pot.high, pot.low]
        )
        whole = pot.low is None or pot.division in ("scoop", "same winners")
        for half in halves:
            units = (pot.amount if whole else half.amount) // unit
            if len(half.winners) > 1 and units % len(half.winners):
                return True
    return False
