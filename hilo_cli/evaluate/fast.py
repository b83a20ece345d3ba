"""The table-driven Omaha evaluator (exactly two hole cards and three board cards, RULES §2.1).

High: the board's row (``tables.board_row``) gives the best non-flush hand for each pair of hole ranks;
a flush needs two hole cards and three board cards of one suit (§2.4), checked only when the board has
three of a suit. Low: one lookup on the masks of low ranks held and on the board (§2.4, §3).
``omaha_values`` does only that; ``omaha_hands`` also keeps which cards made each hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, NamedTuple, cast

from hilo_cli.cards import LOW_RANKS, Card
from hilo_cli.errors import DealError
from hilo_cli.evaluate import tables
from hilo_cli.evaluate.hands import Hands, HighHand, LowHand
from hilo_cli.evaluate.tables import low_mask

# Per-card lookups, indexed by the card's number: rank index 0..12, and that times 13 (the low rank
# is ``cards.LOW_RANKS``).
_RANK = tuple(c >> 2 for c in range(52))
_ROW = tuple((c >> 2) * 13 for c in range(52))
# The pairs of hole-card positions, by the number of hole cards.
_PAIRS = {n: tuple(combinations(range(n), 2)) for n in range(2, 8)}
# For each qualifier, the bit of each card's low rank, or 0 if the card is too high to play low.
_LOW_BIT = tables.LOW_BIT


class Board(NamedTuple):
    """A board prepared once per deal: cards high to low, rank row, flush suit, low ranks."""

    cards: tuple[Card, ...]
    row: list[int] | None
    positions: dict[int, tuple[int, int, int]]
    flush_suit: int
    suited_triples: tuple[tuple[int, tuple[Card, ...]], ...]
    low_mask: int
    qualifier: int | None


# Each card's suit as one count in a 4-bit field per suit: the sum over a board counts every suit.
_SUIT_COUNT = tuple(1 << 4 * (c & 3) for c in range(52))


def prepare_board(board: Sequence[Card], qualifier: int | None) -> Board:
    """Sort the board high to low and look up everything that depends on it alone."""
    cards = tuple(sorted(board, reverse=True))
    bits = _LOW_BIT[qualifier if qualifier is not None else 13]
    if len(cards) == 5:
        ranks = tuple(map(_RANK.__getitem__, cards))
        row, positions = tables.rows.get(ranks) or tables.board_row(ranks)
        a, b, c, d, e = cards
        mask = bits[a] | bits[b] | bits[c] | bits[d] | bits[e]
    else:
        row, positions, mask = None, {}, low_mask(cards, qualifier)
    # A suit's field holds 3, 4 or 5 (at most one suit of five cards) exactly when adding 1 sets its bit 2.
    three = (sum(map(_SUIT_COUNT.__getitem__, cards)) + 0x1111) & 0x4444
    if not three or len(cards) > 5:
        return Board(cards, row, positions, -1, (), mask, qualifier)
    suit = three.bit_length() >> 2
    suited_triples = tuple(
        (1 << _RANK[a] | 1 << _RANK[b] | 1 << _RANK[c], (a, b, c))
        for a, b, c in combinations([c for c in cards if c & 3 == suit], 3)
    )
    return Board(cards, row, positions, suit, suited_triples, mask, qualifier)


NO_LOW_HALF = "no low half in this game (high only)"


def _row(board: Board) -> list[int]:
    """The board's rank row (``tables.board_row``): the best non-flush hand for each pair of hole ranks,
    which only a board of five cards has."""
    if board.row is None:
        raise DealError("an Omaha board needs five cards")
    return board.row


def omaha_values(
    holes: Sequence[Sequence[Card]], board: Board, qualifier: int | None
) -> tuple[list[int], list[int] | None]:
    """The values alone of every hand's best high and best low on one board: what settling compares.

    The same lookups as ``omaha_hands`` without picking cards: the best row entry over the pairs of
    hole cards (with four hole cards written out), a flush only where two hole cards and three board
    cards share a suit, and one lookup on the masks of low ranks. A low value below 0 is minus a
    ``tables.NO_LOW_*`` reason; ``qualifier`` ``None`` here means no low half (the lows are ``None``).
    Settling goes through here; a report that shows every hand goes through ``omaha_hands`` instead, and
    a test holds the two to the same values on 200,000 hands.
    """
    row = _row(board)
    rank, row_of, shift = _RANK, _ROW, tables.TAG_BITS
    suit = board.flush_suit
    bits = _LOW_BIT[qualifier if qualifier is not None else 8]
    board_mask, known, low_value = board.low_mask, tables.low_values, tables.low_value
    highs: list[int] = []
    lows: list[int] = []
    for hole in holes:
        if len(hole) == 4:
            a, b, c, d = hole
            ra, rb, rc, sb, sc, sd = row_of[a], row_of[b], row_of[c], rank[b], rank[c], rank[d]
            best = max(
                row[ra + sb], row[ra + sc], row[ra + sd], row[rb + sc], row[rb + sd], row[rc + sd]
            )
            hole_mask = bits[a] | bits[b] | bits[c] | bits[d]
        else:
            best = max([row[row_of[hole[i]] + rank[hole[j]]] for i, j in _PAIRS[len(hole)]])
            hole_mask = 0
            for c in hole:
                hole_mask |= bits[c]
        highs.append(best >> shift)
        if qualifier is not None:
            low = known.get(hole_mask << 16 | board_mask)
            lows.append(low if low is not None else low_value(hole_mask, board_mask))
    if suit >= 0:
        for n, hole in enumerate(holes):
            highs[n] = _best_flush(highs[n], hole, board)[0]
    return highs, lows if qualifier is not None else None


def omaha_hands(
    holes: Sequence[Sequence[Card]], board: Board, qualifier: int | None
) -> list[Hands]:
    """Both halves of every hand on one board, with their cards (``qualifier`` ``None``: no low half).

    High: the best row entry over the pairs of hole cards (with four hole cards written out), then a
    flush if two hole cards and three board cards share a suit. Low: one lookup on the two masks of low
    ranks. The same lookups as ``omaha_values``, keeping which cards made each hand.
    """
    row = _row(board)
    rank, row_of, pairs4 = _RANK, _ROW, _PAIRS[4]
    cards, suit, board_mask = board.cards, board.flush_suit, board.low_mask
    bits = _LOW_BIT[qualifier if qualifier is not None else 8]
    lows, positions = tables.low_choices, board.positions
    tag, shift = tables.TAG_MASK, tables.TAG_BITS
    reasons = tables.REASON_BY_SLOT[qualifier or 0]
    out = []
    for hole in holes:
        if len(hole) == 4:
            a, b, c, d = hole
            ra, rb, rc, sb, sc, sd = row_of[a], row_of[b], row_of[c], rank[b], rank[c], rank[d]
            entries = (
                row[ra + sb],
                row[ra + sc],
                row[ra + sd],
                row[rb + sc],
                row[rb + sd],
                row[rc + sd],
            )
            best = max(entries)
            i, j = pairs4[entries.index(best)]
            hole_mask = bits[a] | bits[b] | bits[c] | bits[d]
        else:
            pairs = _PAIRS[len(hole)]
            listed = [row[row_of[hole[i]] + rank[hole[j]]] for i, j in pairs]
            best = max(listed)
            # The first pair in listing order, as with four hole cards.
            i, j = pairs[listed.index(best)]
            hole_mask = 0
            for c in hole:
                hole_mask |= bits[c]
        p, q, r = positions[best & tag]
        high = HighHand(best >> shift, (hole[i], hole[j], cards[p], cards[q], cards[r]))
        if suit >= 0:
            high = _with_flush(high, hole, board)
        if qualifier is None:
            out.append(Hands(high, None, NO_LOW_HALF))
            continue
        slot = hole_mask << 16 | board_mask
        found = lows.get(slot) or tables.low_choice(hole_mask, board_mask)
        if isinstance(found, int):
            reason = reasons.get(slot) or tables.slot_reason(
                reasons, slot, found, hole_mask, board_mask, qualifier
            )
            out.append(Hands(high, None, reason))
        else:
            low = _OmahaLow(found[0], cast(Any, (hole, found[1], cards, found[2])))
            out.append(Hands(high, low, None))
    return out


def _with_flush(high: HighHand, hole: Sequence[Card], board: Board) -> HighHand:
    """``high``, or a better flush."""
    value, chosen = _best_flush(high.value, hole, board)
    return HighHand(value, chosen) if chosen is not None else high


def _best_flush(
    value: int, hole: Sequence[Card], board: Board
) -> tuple[int, tuple[Card, ...] | None]:
    """A flush better than ``value`` and its cards, or ``value`` and ``None``: two hole cards and three
    board cards of the board's suit (RULES §2.4)."""
    suited_hole = [c for c in hole if c & 3 == board.flush_suit]
    chosen = None
    if len(suited_hole) > 1:
        flushes = tables.flush_table()
        for a, b in combinations(suited_hole, 2):
            pair_mask = 1 << _RANK[a] | 1 << _RANK[b]
            for triple_mask, triple in board.suited_triples:
                flush = flushes[pair_mask | triple_mask]
                if flush > value:
                    value, chosen = flush, (a, b, *triple)
    return value, chosen


class _OmahaLow(LowHand):
    """A low found by masks of ranks: its cards are picked only when someone asks for them."""

    __slots__ = ()

    def _order(self) -> tuple[Card, ...]:
        hole, (r1, r2), board, (r3, r4, r5) = self._raw
        # Each low rank's highest-suited card on the board: the lowest suits first, overwritten.
        low_cards = {LOW_RANKS[c]: c for c in reversed(board)}
        # The highest-suited hole card of each low rank used.
        c1 = c2 = -1
        for c in hole:
            rank = LOW_RANKS[c]
            if rank == r1 and c > c1:
                c1 = c
            elif rank == r2 and c > c2:
                c2 = c
        # Highest first, the ace last: the ranks are known, so no sorting is needed.
        by_rank = {r1: c1, r2: c2, r3: low_cards[r3], r4: low_cards[r4], r5: low_cards[r5]}
        self._raw = tuple([by_rank[r] for r in sorted(by_rank, reverse=True)])
        return self._raw  # type: ignore[no-any-return]
