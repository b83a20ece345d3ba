"""Equity on several boards under "either board" (RULES §12.4, Ultimate Big O): each player's best high
and best low over all the boards meet in one division of each pot.

A runout deals every board its missing cards at once (no card twice), and its chips depend on all the
boards together, so the runouts are the joint ones: each board's cards to come from the unseen cards,
then the next board's from those left. They run on the whole-array path like one board's (``vector``:
each hand's value on each board, the best over the boards, counted by pattern, one ``settle`` per
pattern; the suit rule's shown cards over the boards likewise, ``vector.Boards``). Exact while the
joint runouts are at most ``ARRAY_RUNOUTS``, sampled otherwise (a count, never a clock).

The whole's figures (equity, expected chips, scoop, high and low chances, no low) are those of the one
division; each board's table is that board alone, as ``each`` shows a board's chances: its own high and
low among the players, and the plain share of a pot divided on that board only.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from hilo_cli.bounds import MAX_SAMPLES, within
from hilo_cli.cards import DECK, Card
from hilo_cli.deal import Deal
from hilo_cli.equity.boards import alone, checked, completed
from hilo_cli.equity.runouts import Setup, prepare
from hilo_cli.errors import DealError
from hilo_cli.showdown import settle

if TYPE_CHECKING:
    from hilo_cli.equity import Equity

ARRAY_RUNOUTS = 2_000_000
"""The most joint runouts an exact run deals by default: about as many as one board preflop (1.7
million), which the whole-array path deals in well under a second; more samples instead."""

Progress = Callable[[int, int], None]


class Joint(Setup):
    """A deal on several boards ready for its joint runouts: ``unknown`` the cards no board, hand or
    dead card holds, ``to_come`` every board's missing cards together; a runout holds them board by
    board."""

    __slots__ = ()

    @property
    def parts(self) -> tuple[int, ...]:
        return tuple(self.deal.game.board_cards - len(b) for b in self.deal.boards)

    @property
    def runouts(self) -> int:
        left, count = len(self.unknown), 1
        for k in self.parts:
            count *= comb(left, k)
            left -= k
        return count

    def full(self, runout: tuple[Card, ...]) -> Deal:
        boards, at = [], 0
        for board, k in zip(self.deal.boards, self.parts, strict=True):
            boards.append(board + runout[at : at + k])
            at += k
        return self.deal._replace(board=boards[0], boards=tuple(boards))


def joint(deal: Deal, dead: tuple[Card, ...]) -> Joint:
    """Check a deal on several boards under either and find what every joint runout shares. Raises
    ``DealError`` for what ``prepare`` and ``settle`` reject, a dead card on a board, hidden hole cards
    and rake."""
    game = deal.game
    if any(not p.folded and len(p.hole or ()) < game.hole_cards for p in deal.players):
        raise DealError(
            "equity under --multi-board either takes every live hand's cards; ?? and random are "
            "for one board or --multi-board each"
        )
    whole, _ = checked(deal)  # no rake, no board of more cards than the game deals
    for b, board in enumerate(deal.boards):
        for c in dead:
            if c in board:
                raise DealError(f"dead card {c} is on board {b + 1}")
    # Every check of a showdown on several boards first (RULES §12.5; a card twice names where it is),
    # before the other boards' cards are set aside as seen for the first board's runouts.
    settle(completed(whole._replace(multi_board="either"), dead))
    first = deal.boards[0]
    others = tuple(c for c in DECK if any(c in b for b in deal.boards[1:]) and c not in first)
    one = prepare(deal._replace(board=first, boards=(), multi_board="each"), (*dead, *others))
    parts = [game.board_cards - len(b) for b in deal.boards]
    unknown = tuple(c for c in one.unknown if c not in others)
    if len(unknown) < sum(parts):
        raise DealError(
            f"too few cards left: {len(unknown)} unknown cards for the {sum(parts)} board cards to "
            "come on the boards together"
        )
    ready = one.deal._replace(board=first, boards=deal.boards, multi_board="either")
    return Joint(*one._replace(deal=ready, unknown=unknown, to_come=sum(parts), dead=dead))


class Asked(NamedTuple):
    """What the command asked for: ``samples`` drawn with ``seed``, or ``exact`` whatever the count."""

    samples: int | None
    seed: int | None
    exact: bool


def either_boards(
    deal: Deal, dead: tuple[Card, ...], asked: Asked, progress: Progress | None
) -> Equity:
    """Equity of a deal on several boards by RULES §12.4: exact (or ``samples`` joint runouts drawn
    with ``seed``), then each board alone for its table (``samples`` of its own, seed ``seed + b``)."""
    from hilo_cli.equity import CHUNK, SLOW_SAMPLES, equity, run_arrays, vector

    samples, seed, exact = asked

    if samples is not None and samples < 1:
        raise DealError(f"samples is {samples}: at least 1")
    if samples is not None:
        within(samples, "samples", MAX_SAMPLES)
    setup = joint(deal, dead)
    note = None
    if samples is None and not exact and setup.runouts > ARRAY_RUNOUTS:
        samples = SLOW_SAMPLES
        note = (
            f"exact would deal {setup.runouts:,} runouts of the boards together, more than the "
            f"{ARRAY_RUNOUTS:,} hilo deals by default; sampling {samples:,} instead"
        )
    if samples is None:
        within(setup.runouts, "the runouts of the boards together", MAX_SAMPLES)
    ready = setup.deal
    holes = [ready.players[i].hole or () for i in setup.live]
    evaluators = [
        vector.Evaluator(holes, board, setup.unknown, ready.qualifier, ready.game.split)
        for board in ready.boards
    ]
    source = (
        vector.Boards(evaluators, setup.parts),
        vector.runouts(len(setup.unknown), setup.parts, samples, seed or 0, CHUNK),
    )
    whole = run_arrays(setup, samples, seed, progress, source)
    boards = (
        alone(deal, b, dead, samples, seed, exact, equity)[2] for b in range(len(deal.boards))
    )
    return whole._replace(note=note, boards=tuple(boards))
