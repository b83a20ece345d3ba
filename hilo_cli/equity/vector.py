"""Every runout's hand values at once, with numpy: the only module of hilo that imports numpy.

The values are those ``evaluate.fast.omaha_values`` gives (RULES §2.1: exactly two hole cards and three
board cards; §2.4: a flush needs two suited hole cards and three suited board cards; §3: lows by masks
of low ranks, ``tables.low_value``), arranged so that each runout costs a few table look-ups:

* High without a flush depends only on the board's five ranks. Each rank has a weight (``WEIGHTS``)
  chosen so that the sums over any five ranks, repeats allowed, all differ: a board's key is the sum
  of its cards' weights, and each player has one table from board key to best non-flush high, the
  best over the 10 board triples and the player's hole-rank pairs (``rank_table``).
* A flush: per suit, the board's 13-bit mask of that suit's ranks indexes a player's table of best
  flush (two suited hole cards, three suited board cards, ``flush_table``); boards with fewer than
  three of the suit give -1.
* Low: the board's mask of low ranks indexes the player's table of ``tables.low_value``.

``hilo showdown`` and ``hilo batch`` never import this module (a test holds them to it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np
import numpy.typing as npt

from hilo_cli.cards import Card
from hilo_cli.evaluate import tables

Array = npt.NDArray[Any]

# Greedy weights, one per rank index (deuce 0 .. ace 12): every multiset of five ranks has its own sum
# (tests/test_equity_vector.py checks it), so a sum names a board's ranks as a prime product does, but
# the sum of per-card weights is a cheap vector operation and stays small enough to index an array.
WEIGHTS = (0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545)
KEYS = 5 * WEIGHTS[-1] + 1

_W = np.array(WEIGHTS, np.int32)
_CARD_WEIGHT = _W[np.arange(52) >> 2]
# Each card as one bit of its rank in a 16-bit field of its suit: a board's sum holds every suit's ranks.
_CARD_SUITED = np.array([1 << ((c >> 2) + 16 * (c & 3)) for c in range(52)], np.int64)
_LOW_RANK = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in range(52)]

_cache: dict[str, Array] = {}


def _boards(known: tuple[int, ...], to_come: int) -> tuple[Array, Array]:
    """Every multiset of board ranks that can still come (the ``known`` rank indexes plus ``to_come``
    more, at most four of a rank): its key, and the keys of its 10 triples (to build a player's table).
    Preflop that is all 6,175 five-rank multisets; on a flop, 91."""
    cache_key = f"boards{known}"
    if cache_key not in _cache:
        boards = [tuple(sorted(known + more)) for more in combinations_with_replacement(range(13), to_come)]
        ranks = np.array([b for b in boards if max(map(b.count, b)) <= 4], np.int64)
        _cache[cache_key] = _W[ranks].sum(axis=1)
        _cache[cache_key + "triples"] = _W[ranks[:, np.array(tables.TRIPLES)]].sum(axis=2)
    return _cache[cache_key], _cache[cache_key + "triples"]


def _high5() -> Array:
    """The high value without a flush of every five-rank multiset, by key; -1 for five of a rank."""
    if "high5" not in _cache:
        table = tables.rank_table()
        products = np.array(sorted(table), np.int64)
        values = np.array([table[p] for p in products.tolist()], np.int32)
        ranks = np.array(list(combinations_with_replacement(range(13), 5)), np.int64)
        wanted = np.array(tables.PRIMES, np.int64)[ranks].prod(axis=1)
        at = np.minimum(np.searchsorted(products, wanted), len(products) - 1)
        high5 = np.full(KEYS, -1, np.int32)
        found = products[at] == wanted  # not found: five of one rank
        high5[_W[ranks].sum(axis=1)[found]] = values[at[found]]
        _cache["high5"] = high5
    return _cache["high5"]


def _flush_table() -> Array:
    """The flush table as an array by the 13-bit mask of five suited ranks."""
    if "flush" not in _cache:
        flush = np.full(1 << 13, -1, np.int32)
        found = tables.flush_table()
        flush[np.array(list(found), np.int64)] = np.array(list(found.values()), np.int32)
        _cache["flush"] = flush
    return _cache["flush"]


def _suit_masks(board: Sequence[Card], unknown: Sequence[Card], to_come: int, suit: int) -> tuple[Array, Array]:
    """The masks of one suit's ranks that a board can still have with three to five of them (a flush
    is possible), and each mask's triples (padded to 10 by repeats)."""
    known = [c >> 2 for c in board if c & 3 == suit]
    more = [c >> 2 for c in unknown if c & 3 == suit]
    masks, triples = [], []
    for j in range(to_come + 1):
        for extra in combinations(more, j):
            ranks = known + list(extra)
            if len(ranks) < 3:
                continue
            subsets = [1 << a | 1 << b | 1 << c for a, b, c in combinations(ranks, 3)]
            masks.append(sum(1 << r for r in ranks))
            triples.append(subsets + subsets[:1] * (10 - len(subsets)))
    return np.array(masks, np.int64), np.array(triples, np.int64).reshape(-1, 10)


class Player:
    """One live hand's tables: best non-flush high by board key, best flush by the board's mask of
    each suit, low by the board's mask of low ranks."""

    def __init__(self, hole: Sequence[Card], board: Sequence[Card], to_come: int,
                 low_bits: Sequence[int] | None, suits: dict[int, tuple[Array, Array]]) -> None:
        keys, triples = _boards(tuple(sorted(c >> 2 for c in board)), to_come)
        pairs = list(combinations(hole, 2))
        pair_keys = np.array(sorted({WEIGHTS[a >> 2] + WEIGHTS[b >> 2] for a, b in pairs}), np.int64)
        best = _high5()[triples[:, :, None] + pair_keys[None, None, :]].max(axis=(1, 2))
        self.high = np.full(KEYS, -1, np.int32)
        self.high[keys] = best
        self.flush: list[tuple[int, Array]] = []
        for suit in range(4):
            suited = [c for c in hole if c & 3 == suit]
            if len(suited) < 2:
                continue
            masks, ftriples = suits[suit]
            flush = _flush_table()
            pair_masks = np.array([1 << (a >> 2) | 1 << (b >> 2) for a, b in combinations(suited, 2)], np.int64)
            table = np.full(1 << 13, -1, np.int32)
            table[masks] = flush[ftriples[:, :, None] | pair_masks[None, None, :]].max(axis=(1, 2))
            self.flush.append((suit, table))
        self.low: Array | None = None
        if low_bits is not None:
            hole_mask = 0
            for c in hole:
                hole_mask |= low_bits[c]
            self.low = np.full(1 << 10, -1, np.int32)
            for mask in _low_masks(board, to_come, low_bits):
                found = tables.low_values.get(hole_mask << 16 | mask)
                self.low[mask] = found if found is not None else tables.low_value(hole_mask, mask)


def _low_masks(board: Sequence[Card], to_come: int, low_bits: Sequence[int]) -> list[int]:
    """The masks of low ranks a board can still have: the known cards' ranks and up to ``to_come`` more."""
    known = 0
    for c in board:
        known |= low_bits[c]
    more = sorted({b for b in low_bits if b})
    return sorted({known | sum(extra) for j in range(to_come + 1) for extra in combinations(more, j)})


def low_bits(qualifier: int) -> list[int]:
    """Each card's bit in a mask of low ranks (ace 1), or 0 above the qualifier (as ``fast`` uses)."""
    return [1 << r if r <= qualifier else 0 for r in _LOW_RANK]


class Values:
    """Every live hand on every runout of one chunk: ``highs`` and ``lows`` are (players, runouts)."""

    def __init__(self, highs: Array, lows: Array | None) -> None:
        self.highs, self.lows = highs, lows


class Evaluator:
    """The tables of one deal's live hands, for evaluating chunks of runouts."""

    def __init__(self, holes: Sequence[Sequence[Card]], board: Sequence[Card], unknown: Sequence[Card],
                 qualifier: int | None, split: bool) -> None:
        bits = low_bits(qualifier) if split and qualifier is not None else None
        to_come = 5 - len(board)
        suits = {s: _suit_masks(board, unknown, to_come, s) for s in range(4)}
        self.players = [Player(hole, board, to_come, bits, suits) for hole in holes]
        self.key0 = sum(WEIGHTS[c >> 2] for c in board)
        self.suited0 = sum(1 << ((c >> 2) + 16 * (c & 3)) for c in board)
        self.low0 = 0
        self.low_bits = np.array(bits, np.int16) if bits is not None else None
        if bits is not None:
            for c in board:
                self.low0 |= bits[c]

    def values(self, runouts: Array) -> Values:
        """The values of every live hand on runouts given as rows of card numbers (the board to come)."""
        n = len(runouts)
        key = np.full(n, self.key0, np.int64)
        suited = np.full(n, self.suited0, np.int64)
        low = np.full(n, self.low0, np.int16) if self.low_bits is not None else None
        for column in runouts.T:
            key += _CARD_WEIGHT[column]
            suited += _CARD_SUITED[column]
            if low is not None:
                assert self.low_bits is not None
                low |= self.low_bits[column]
        by_suit = {s: (suited >> (16 * s)) & 0x1FFF for s in range(4)}
        highs = np.empty((len(self.players), n), np.int32)
        lows = np.empty((len(self.players), n), np.int32) if low is not None else None
        for i, p in enumerate(self.players):
            h = p.high[key]
            for suit, table in p.flush:
                np.maximum(h, table[by_suit[suit]], out=h)
            highs[i] = h
            if lows is not None and p.low is not None and low is not None:
                lows[i] = p.low[low]
        return Values(highs, lows)


def winners(values: Array, members: Sequence[int]) -> Array:
    """A bit mask per runout of the members holding the greatest value (bit ``i`` for player ``i``);
    0 where the best value is below 0 (nobody has a low)."""
    rows = values[list(members)]
    best = rows.max(axis=0)
    mask = np.zeros(values.shape[1], np.int64)
    for i, row in zip(members, rows, strict=True):
        mask |= (row == best).astype(np.int64) << i
    mask[best < 0] = 0
    return mask


def all_runouts(n: int, k: int) -> Array:
    """Every ``k``-subset of ``range(n)`` as rows, in lexicographic order (``itertools.combinations``)."""
    rows = np.zeros((1, 0), np.int64) if k == 0 else np.arange(n - k + 1, dtype=np.int64)[:, None]
    for depth in range(1, k):
        last = rows[:, -1]
        counts = n - k + depth - last  # the next element runs from last + 1 to n - k + depth
        starts = np.repeat(last + 1, counts)
        offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.hstack([np.repeat(rows, counts, axis=0), (starts + offsets)[:, None]])
    return rows


def sampled_runouts(n: int, k: int, samples: int, seed: int, chunk: int) -> Iterator[Array]:
    """``samples`` runouts of ``k`` different cards of ``range(n)``, uniformly, by a partial shuffle,
    ``chunk`` at a time; the same seed gives the same runouts."""
    rng = np.random.default_rng(seed)
    done = 0
    while done < samples:
        size = min(chunk, samples - done)
        deck = np.broadcast_to(np.arange(n, dtype=np.int64), (size, n)).copy()
        rows = np.arange(size)
        for i in range(k):
            j = rng.integers(i, n, size=size)
            picked = deck[rows, j]
            deck[rows, j] = deck[rows, i]
            deck[rows, i] = picked
        yield deck[:, :k]
        done += size


def pattern_counts(codes: Array) -> tuple[list[int], list[int], list[int]]:
    """The distinct codes of a chunk, how many runouts have each, and one runout (its row) with it.

    Codes are small in most deals (a few players, one or two pots): counting into bins is then several
    times faster than the sort that ``np.unique`` does.
    """
    if len(codes) and 0 <= int(codes.min()) and int(codes.max()) < 1 << 20:
        counts = np.bincount(codes)
        found = np.flatnonzero(counts)
        rows = np.empty(len(counts), np.int64)
        rows[codes] = np.arange(len(codes))  # any runout with the code will do: one is settled
        return found.tolist(), rows[found].tolist(), counts[found].tolist()
    found, first, counts = np.unique(codes, return_index=True, return_counts=True)
    return found.tolist(), first.tolist(), counts.tolist()


def pack(columns: Sequence[Array], bits: int) -> Array:
    """One code per runout from several per-group codes of ``bits`` bits each; when they do not fit in
    63 bits, the rank of each distinct row instead (the same codes for the same rows within a chunk)."""
    if len(columns) * bits <= 62:
        code = np.zeros(len(columns[0]), np.int64)
        for column in columns:
            code = code << bits | column
        return code
    _, inverse = np.unique(np.stack(columns, axis=1), axis=0, return_inverse=True)
    return np.asarray(inverse, np.int64).reshape(-1)


def as_array(cards: Sequence[int]) -> Array:
    return np.array(cards, np.int64)


def rows_with(codes: Array, code: Any) -> list[int]:
    """The rows of a chunk whose code is ``code``."""
    return list(np.flatnonzero(codes == code).tolist())
