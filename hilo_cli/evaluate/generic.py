"""Every legal five-card selection, for the cases the tables do not serve.

Stud (any five of seven), the no-qualifier low, and the suit odd-chip rule, where among equal hands the
one a player shows is wanted: the selection whose cards, compared from the highest down by rank then
suit, are greatest (RULES §4.6 "Which five cards"). That choice depends on the cards alone, never on the
order in which they were written.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from hilo_cli.cards import Card
from hilo_cli.evaluate import tables
from hilo_cli.evaluate.hands import HighHand, LowHand, high_order, low_order, low_value
from hilo_cli.games import Game


def selections(
    game: Game, hole: Sequence[Card], board: Sequence[Card]
) -> Iterator[tuple[Card, ...]]:
    """Every legal five-card hand: 2 hole + 3 board for Omaha (§2.1), any 5 of the cards for stud."""
    if game.hole_used is None:
        yield from combinations(tuple(hole) + tuple(board), 5)
        return
    for pair in combinations(hole, game.hole_used):
        for triple in combinations(board, 5 - game.hole_used):
            yield pair + triple


def fast_high_value(cards: Sequence[Card]) -> int:
    """High value of five cards by table lookup."""
    suit = cards[0] & 3
    if all(c & 3 == suit for c in cards):
        mask = 0
        for c in cards:
            mask |= 1 << (c >> 2)
        return tables.flush_table()[mask]
    product = 1
    for c in cards:
        product *= tables.PRIMES[c >> 2]
    return tables.rank_table()[product]


def shown(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards from the highest down by rank then suit (card numbers sort that way): how equal selections,
    and tied players under the suit rule, are compared (RULES §4.6)."""
    return tuple(sorted(cards, reverse=True))


def best_high(game: Game, hole: Sequence[Card], board: Sequence[Card]) -> HighHand:
    """Best high; among equal values, the selection whose cards from the highest down are greatest."""
    value, chosen = max((fast_high_value(s), shown(s)) for s in selections(game, hole, board))
    return HighHand(value, high_order(chosen, value))


def best_low(
    game: Game, hole: Sequence[Card], board: Sequence[Card], qualifier: int | None
) -> tuple[LowHand | None, str | None]:
    """Best low (ace-to-five); among equal values, the selection whose cards from the highest down (ace
    high, as for the odd chip, RULES §4.6) are greatest."""
    best: tuple[int, tuple[Card, ...]] | None = None
    for s in selections(game, hole, board):
        value = low_value(s, qualifier)
        if value is not None and (best is None or value >= best[0]):
            candidate = (value, shown(s))
            if best is None or candidate > best:
                best = candidate
    if best is not None:
        return LowHand(best[0], low_order(best[1])), None
    assert qualifier is not None  # with no qualifier every selection is a low
    return None, _why_no_low(game, hole, board, qualifier)


def _why_no_low(game: Game, hole: Sequence[Card], board: Sequence[Card], qualifier: int) -> str:
    if game.hole_used is None:
        count = bin(tables.low_mask(hole, qualifier)).count("1")
        return f"holds {count} different low cards ({qualifier} or lower), five are needed"
    hole_mask, board_mask = tables.low_mask(hole, qualifier), tables.low_mask(board, qualifier)
    reason = tables.low_choice(hole_mask, board_mask)
    assert isinstance(reason, int)
    return tables.no_low_reason(reason, hole_mask, board_mask, qualifier)
