"""The table-driven Omaha evaluator (exactly two hole cards and three board cards, RULES §2.1).

High: the board's row (``tables.board_row``) gives the best non-flush hand for each pair of hole ranks;
a flush needs two hole cards and three board cards of one suit (§2.4), checked only when the board has
three of a suit. Low: one lookup on the masks of low ranks held and on the board (§2.4, §3).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from hilo_cli.cards import Card
from hilo_cli.errors import DealError
from hilo_cli.evaluate import tables
from hilo_cli.evaluate.hands import HighHand, LowHand, low_rank_text

# Per-card lookups, indexed by the card's number: rank index 0..12, that times 13, low rank (ace 1).
_RANK = tuple(c >> 2 for c in range(52))
_ROW = tuple((c >> 2) * 13 for c in range(52))
_LOW = tuple(1 if c >> 2 == 12 else (c >> 2) + 2 for c in range(52))
# For each qualifier, the bit of each card's low rank, or 0 if the card is too high to play low.
_LOW_BIT = {q: tuple(1 << r if r <= q else 0 for r in _LOW) for q in (8, 9, 13)}


class Board(NamedTuple):
    """A board prepared once per deal: sorted cards, rank row, triples, flush suit, low cards."""

    cards: tuple[Card, ...]
    row: list[int] | None
    triples: tuple[tuple[Card, ...], ...]
    flush_suit: int
    suited: tuple[Card, ...]
    low_mask: int
    low_cards: dict[int, Card]
    qualifier: int | None


def prepare_board(board: Sequence[Card], qualifier: int | None) -> Board:
    """Sort the board high to low and look up everything that depends on it alone."""
    cards = tuple(sorted(board, reverse=True))
    row = tables.board_row(tuple(_RANK[c] for c in cards)) if len(cards) == 5 else None
    triples = tuple((cards[i], cards[j], cards[k]) for i, j, k in tables.TRIPLES) if row is not None else ()
    flush_suit, suited = -1, tuple[Card, ...]()
    for suit in range(4):
        same = tuple(c for c in cards if c & 3 == suit)
        if len(same) >= 3:
            flush_suit, suited = suit, same
    bits = _LOW_BIT[qualifier if qualifier is not None else 13]
    mask = 0
    low_cards: dict[int, Card] = {}
    for c in reversed(cards):  # high suits last, so each rank keeps its highest-suited card
        mask |= bits[c]
        low_cards[_LOW[c]] = c
    return Board(cards, row, triples, flush_suit, suited, mask, low_cards, qualifier)


def best_high(hole: Sequence[Card], board: Board) -> HighHand:
    """Best Omaha high: two hole cards plus three board cards."""
    row = board.row
    if row is None:
        raise DealError("an Omaha board needs five cards")
    best = bi = bj = -1
    n = len(hole)
    for i in range(n - 1):
        offset = _ROW[hole[i]]
        for j in range(i + 1, n):
            entry = row[offset + _RANK[hole[j]]]
            if entry > best:
                best, bi, bj = entry, i, j
    value = best >> 4
    chosen: tuple[Card, ...] = (hole[bi], hole[bj], *board.triples[best & 15])
    if board.flush_suit >= 0:
        suited_hole = [c for c in hole if c & 3 == board.flush_suit]
        if len(suited_hole) >= 2:
            flushes = tables.flush_table()
            for pair in combinations(suited_hole, 2):
                for triple in combinations(board.suited, 3):
                    mask = 0
                    for c in pair + triple:
                        mask |= 1 << _RANK[c]
                    flush = flushes[mask]
                    if flush > value:
                        value, chosen = flush, pair + triple
    return HighHand(value, chosen)


def best_low(hole: Sequence[Card], board: Board, qualifier: int) -> tuple[LowHand | None, str | None]:
    """Best qualifying Omaha low, or ``None`` and why there is none (RULES §2.4)."""
    bits = _LOW_BIT[qualifier]
    hole_mask = 0
    for c in hole:
        hole_mask |= bits[c]
    found = tables.low_choice(hole_mask, board.low_mask)
    if isinstance(found, int):
        return None, no_low_reason(found, hole_mask, board.low_mask, qualifier)
    value, (r1, r2), board_ranks = found
    c1 = c2 = None
    for c in hole:  # the highest-suited card of each of the two low ranks used
        rank = _LOW[c]
        if rank == r1:
            if c1 is None or c > c1:
                c1 = c
        elif rank == r2 and (c2 is None or c > c2):
            c2 = c
    assert c1 is not None and c2 is not None
    low_cards = board.low_cards
    return LowHand(value, (c1, c2, *(low_cards[r] for r in board_ranks))), None


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
