"""The table-driven Omaha evaluator (exactly two hole cards and three board cards, RULES §2.1).

High: the board's row (``tables.board_row``) gives the best non-flush hand for each pair of hole ranks;
a flush needs two hole cards and three board cards of one suit (§2.4), checked only when the board has
three of a suit. Low: one lookup on the masks of low ranks held and on the board (§2.4, §3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from hilo_cli.cards import Card
from hilo_cli.errors import DealError
from hilo_cli.evaluate import tables
from hilo_cli.evaluate.hands import LOW_LIMIT, HighHand, LowHand, high_order, low_order, low_rank_text


@dataclass(frozen=True, slots=True)
class Board:
    """A board prepared once per deal: sorted cards, rank row, flush suit, low mask."""

    cards: tuple[Card, ...]
    row: list[int] | None
    flush_suit: int
    suited: tuple[Card, ...]
    low_mask: int
    qualifier: int | None


def prepare_board(board: Sequence[Card], qualifier: int | None) -> Board:
    """Sort the board high to low and look up everything that depends on it alone."""
    cards = tuple(sorted(board, reverse=True))
    row = tables.board_row(tuple(c >> 2 for c in cards)) if len(cards) == 5 else None
    flush_suit, suited = -1, tuple[Card, ...]()
    for suit in range(4):
        same = tuple(c for c in cards if c & 3 == suit)
        if len(same) >= 3:
            flush_suit, suited = suit, same
    limit = qualifier if qualifier is not None else 13
    mask = 0
    for c in cards:
        low = c.low_rank
        if low <= limit:
            mask |= 1 << low
    return Board(cards, row, flush_suit, suited, mask, qualifier)


def best_high(hole: Sequence[Card], board: Board) -> HighHand:
    """Best Omaha high: two hole cards plus three board cards."""
    row = board.row
    if row is None:
        raise DealError("an Omaha board needs five cards")
    best, best_pair = -1, (hole[0], hole[1])
    for a, b in combinations(hole, 2):
        entry = row[(a >> 2) * 13 + (b >> 2)]
        if entry > best:
            best, best_pair = entry, (a, b)
    value = best >> 4
    chosen: tuple[Card, ...] = best_pair + tuple(board.cards[i] for i in tables.TRIPLES[best & 15])
    if board.flush_suit >= 0:
        suited_hole = [c for c in hole if c & 3 == board.flush_suit]
        if len(suited_hole) >= 2:
            flushes = tables.flush_table()
            for pair in combinations(suited_hole, 2):
                for triple in combinations(board.suited, 3):
                    mask = 0
                    for c in pair + triple:
                        mask |= 1 << (c >> 2)
                    flush = flushes[mask]
                    if flush > value:
                        value, chosen = flush, pair + triple
    return HighHand(value, high_order(chosen, value))


def best_low(hole: Sequence[Card], board: Board, qualifier: int) -> tuple[LowHand | None, str | None]:
    """Best qualifying Omaha low, or ``None`` and why there is none (RULES §2.4)."""
    hole_mask = 0
    for c in hole:
        low = c.low_rank
        if low <= qualifier:
            hole_mask |= 1 << low
    found = tables.low_choice(hole_mask, board.low_mask)
    if isinstance(found, int):
        return None, no_low_reason(found, hole_mask, board.low_mask, qualifier)
    key, hole_ranks, board_ranks = found
    cards = [_pick(hole, r) for r in hole_ranks] + [_pick(board.cards, r) for r in board_ranks]
    return LowHand(LOW_LIMIT - key, low_order(cards)), None


def _pick(cards: Sequence[Card], low_rank: int) -> Card:
    """The highest-suited card of a low rank among ``cards``."""
    return max(c for c in cards if c.low_rank == low_rank)


def no_low_reason(reason: int, hole_mask: int, board_mask: int, qualifier: int) -> str:
    """Say why a player has no low, in a floor person's words (RULES §2.4)."""
    if reason == tables.NO_LOW_BOARD:
        return f"the board has fewer than three different low cards ({qualifier} or lower)"
    if reason == tables.NO_LOW_HOLE:
        return f"holds fewer than two different low cards ({qualifier} or lower)"
    both = hole_mask & board_mask
    paired = [low_rank_text(r) for r in range(1, 10) if both >> r & 1]
    return (
        f"counterfeited: the board pairs the {', '.join(paired)} in the hand, so no two low hole cards "
        "go with three other low board cards"
    )
