"""Best high and best low for one player: the evaluator's small facade.

``evaluate(game, hole, board, qualifier)`` returns the player's ``Hands``. The Omaha family takes
exactly two hole cards and three board cards, chosen independently for each half (RULES §2.1, §2.2);
stud takes any five of seven (§6). The fast path uses the tables in ``tables.py``; ``generic.py``
enumerates every legal selection and serves stud, the no-qualifier low, and the suit odd-chip rule,
where the exact cards of equal hands matter (§4.6).
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo_cli.cards import Card
from hilo_cli.evaluate import fast, generic
from hilo_cli.evaluate.hands import Hands, HighHand, LowHand
from hilo_cli.games import Game

__all__ = ["Board", "Hands", "HighHand", "LowHand", "evaluate", "prepare_board"]

Board = fast.Board
prepare_board = fast.prepare_board


NO_LOW_HALF = fast.NO_LOW_HALF


def evaluate(
    game: Game,
    hole: Sequence[Card],
    board: Sequence[Card] | Board,
    qualifier: int | None = 8,
    by_suit: bool = False,
) -> Hands:
    """Evaluate one live hand.

    ``by_suit`` asks, among equal best hands, for the one holding the highest card by rank then suit:
    the cards that decide a suit-based odd chip (RULES §4.6, §9 V2).
    """
    return evaluate_all(game, [hole], board, qualifier, by_suit)[0]


def evaluate_all(
    game: Game,
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] | Board,
    qualifier: int | None = 8,
    by_suit: bool = False,
) -> list[Hands]:
    """Evaluate several live hands on one board, preparing the board once."""
    prepared = board if isinstance(board, fast.Board) else fast.prepare_board(board, qualifier)
    if game.hole_used is None or by_suit or (qualifier is None and game.split):
        return [_every_selection(game, hole, prepared.cards, qualifier) for hole in holes]
    return fast.omaha_hands(holes, prepared, qualifier if game.split else None)


def _every_selection(game: Game, hole: Sequence[Card], board: Sequence[Card], qualifier: int | None) -> Hands:
    high = generic.best_high(game, hole, board)
    if not game.split:
        return Hands(high, None, NO_LOW_HALF)
    return Hands(high, *generic.best_low(game, hole, board, qualifier))
