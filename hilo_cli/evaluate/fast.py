"""The table-driven Omaha evaluator (exactly two hole cards and three board cards, RULES §2.1).

High: the board's row (``tables.board_row``) gives the best non-flush hand for each pair of hole ranks;
a flush needs two hole cards and three board cards of one suit (§2.4), checked only when the board has
three of a suit. Low: one lookup on the masks of low ranks held and on the board (§2.4, §3).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, NamedTuple, cast

from hilo_cli.cards import Card
from hilo_cli.errors import DealError
from hilo_cli.evaluate import tables
from hilo_cli.evaluate.hands import Hands, HighHand, LowHand, low_rank_text

# Per-card lookups, indexed by the card's number: rank index 0..12, that times 13, low rank (ace 1).
_RANK = tuple(c >> 2 for c in range(52))
_ROW = tuple((c >> 2) * 13 for c in range(52))
_LOW = tuple(1 if c >> 2 == 12 else (c >> 2) + 2 for c in range(52))
# The pairs of hole-card positions, by the number of hole cards.
_PAIRS = {n: tuple(combinations(range(n), 2)) for n in range(2, 8)}
# For each qualifier, the bit of each card's low rank, or 0 if the card is too high to play low.
_LOW_BIT = {q: tuple(1 << r if r <= q else 0 for r in _LOW) for q in (8, 9, 13)}


class Board(NamedTuple):
    """A board prepared once per deal: cards high to low, rank row, flush suit, low cards."""

    cards: tuple[Card, ...]
    row: list[int] | None
    positions: dict[int, tuple[int, int, int]]
    flush_suit: int
    suited_triples: tuple[tuple[int, tuple[Card, ...]], ...]
    low_mask: int
    low_cards: dict[int, Card]
    qualifier: int | None


def prepare_board(board: Sequence[Card], qualifier: int | None) -> Board:
    """Sort the board high to low and look up everything that depends on it alone."""
    cards = tuple(sorted(board, reverse=True))
    row, positions = tables.board_row(tuple([_RANK[c] for c in cards])) if len(cards) == 5 else (None, {})
    suits = [c & 3 for c in cards]
    flush_suit, suited_triples = -1, tuple[tuple[int, tuple[Card, ...]], ...]()
    for suit in set(suits):
        if suits.count(suit) >= 3:  # at most one suit can have three of five cards
            flush_suit = suit
            suited_triples = tuple(
                (1 << _RANK[a] | 1 << _RANK[b] | 1 << _RANK[c], (a, b, c))
                for a, b, c in combinations([c for c in cards if c & 3 == suit], 3)
            )
    mask = low_mask(cards, qualifier)
    # Low cards from the lowest suit up, so each rank keeps its highest-suited card.
    low_cards = {_LOW[c]: c for c in reversed(cards)}
    return Board(cards, row, positions, flush_suit, suited_triples, mask, low_cards, qualifier)


def low_mask(cards: Sequence[Card], qualifier: int | None) -> int:
    """Bit ``r`` set for each low rank ``r`` (ace 1) among ``cards`` at or below the qualifier."""
    bits = _LOW_BIT[qualifier if qualifier is not None else 13]
    mask = 0
    for c in cards:
        mask |= bits[c]
    return mask


NO_LOW_HALF = "no low half in this game (high only)"


def omaha_hands(holes: Sequence[Sequence[Card]], board: Board, qualifier: int | None) -> list[Hands]:
    """Both halves for every hand on one board; ``qualifier`` ``None`` here means no low half.

    High: the best row entry over the pairs of hole cards, then a flush if two hole cards and three
    board cards share a suit. Low: one lookup on the two masks of low ranks. This loop is where a batch
    spends its evaluation time.
    """
    row = board.row
    if row is None:
        raise DealError("an Omaha board needs five cards")
    cards, suit, board_mask = board.cards, board.flush_suit, board.low_mask
    bits = _LOW_BIT[qualifier] if qualifier is not None else None
    low_limit = qualifier or 0
    lows, positions, tag = tables._lows, board.positions, tables.TAG_MASK
    out = []
    for hole in holes:
        best = bi = bj = -1
        for i, j in _PAIRS[len(hole)]:
            entry = row[_ROW[hole[i]] + _RANK[hole[j]]]
            if entry > best:
                best, bi, bj = entry, i, j
        i, j, k = positions[best & tag]
        high = HighHand(best >> tables.TAG_BITS, (hole[bi], hole[bj], cards[i], cards[j], cards[k]))
        if suit >= 0:
            high = _with_flush(high, hole, board)
        if bits is None:
            out.append(Hands(high, None, NO_LOW_HALF))
            continue
        hole_mask = 0
        for c in hole:
            hole_mask |= bits[c]
        found = lows.get(hole_mask << 16 | board_mask) or tables.low_choice(hole_mask, board_mask)
        if isinstance(found, int):
            out.append(Hands(high, None, no_low_reason(found, hole_mask, board_mask, low_limit)))
        else:
            value, hole_ranks, board_ranks = found
            low = _OmahaLow(value, cast(Any, (hole, hole_ranks, board.low_cards, board_ranks)))
            out.append(Hands(high, low, None))
    return out


def _with_flush(high: HighHand, hole: Sequence[Card], board: Board) -> HighHand:
    """``high``, or a better flush: two suited hole cards with three board cards of that suit."""
    suited_hole = [c for c in hole if c & 3 == board.flush_suit]
    if len(suited_hole) < 2:
        return high
    value, chosen = high.value, None
    flushes = tables.flush_table()
    for a, b in combinations(suited_hole, 2):
        pair_mask = 1 << _RANK[a] | 1 << _RANK[b]
        for triple_mask, triple in board.suited_triples:
            flush = flushes[pair_mask | triple_mask]
            if flush > value:
                value, chosen = flush, (a, b, *triple)
    return HighHand(value, chosen) if chosen is not None else high


class _OmahaLow(LowHand):
    """A low found by masks of ranks: its cards are picked only when someone asks for them."""

    __slots__ = ()

    def _order(self) -> tuple[Card, ...]:
        hole, (r1, r2), low_cards, (r3, r4, r5) = self._raw
        # The highest-suited hole card of each low rank used; the board's are kept in low_cards.
        c1 = c2 = -1
        for c in hole:
            rank = _LOW[c]
            if rank == r1 and c > c1:
                c1 = c
            elif rank == r2 and c > c2:
                c2 = c
        # Highest first, the ace last: the ranks are known, so no sorting is needed.
        by_rank = {r1: c1, r2: c2, r3: low_cards[r3], r4: low_cards[r4], r5: low_cards[r5]}
        self._raw = tuple([by_rank[r] for r in sorted(by_rank, reverse=True)])
        return self._raw  # type: ignore[no-any-return]


def no_low_reason(reason: int, hole_mask: int, board_mask: int, qualifier: int) -> str:
    """Say why a player has no low, in a floor person's words (RULES §2.4)."""
    key = (reason, hole_mask & board_mask if reason == tables.NO_LOW_COUNTERFEIT else 0, qualifier)
    text = _REASONS.get(key)
    if text is None:
        text = _REASONS[key] = _no_low_reason(reason, hole_mask, board_mask, qualifier)
    return text


_REASONS: dict[tuple[int, int, int], str] = {}


def _no_low_reason(reason: int, hole_mask: int, board_mask: int, qualifier: int) -> str:
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
