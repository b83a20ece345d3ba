"""Every runout's hand values at once, with numpy: the only module of hilo that imports numpy.

The values are those ``evaluate.fast.omaha_values`` gives (RULES §2.1: exactly two hole cards and three
board cards; §2.4: a flush needs two suited hole cards and three suited board cards; §3: lows by masks
of low ranks, ``tables.low_value``), arranged so that each runout costs a few table look-ups:

* High without a flush, and low, depend only on the board's five ranks. Each rank has a weight
  (``WEIGHTS``) chosen so that the sums over any five ranks, repeats allowed, all differ: a board's
  key is the sum of its cards' weights. Each player has a table by board (its place among the rank
  multisets that can still come) of the best non-flush high, over the 10 board triples and the
  player's hole-rank pairs (``rank_table``), and of the low (``tables.low_value`` of the masks).
  With no qualifier (RULES §3.6) the low is, like the high, the best over triples and pairs of a
  table by five-rank key.
* A flush: per suit, the board's 13-bit mask of that suit's ranks indexes a player's table of best
  flush (two suited hole cards, three suited board cards, ``flush_table``); boards with fewer than
  three of the suit give -1.

``hilo showdown`` and ``hilo batch`` never import this module (a test holds them to it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np
import numpy.typing as npt

from hilo_cli.cards import LOW_RANKS, Card
from hilo_cli.evaluate import tables
from hilo_cli.evaluate.hands import LOW_LIMIT, low_key

Array = npt.NDArray[Any]

# Greedy weights, one per rank index (deuce 0 .. ace 12): every multiset of five ranks has its own sum
# (tests/equity/test_equity_vector.py checks it), so a sum names a board's ranks as a prime product does, but
# the sum of per-card weights is a cheap vector operation and stays small enough to index an array.
WEIGHTS = (0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545)
KEYS = 5 * WEIGHTS[-1] + 1
MULTISETS = (
    6175  # five-rank multisets that can be dealt: 13 choose 5 with repeats, less 13 of one rank
)

_W = np.array(WEIGHTS, np.int32)

_cache: dict[str, Array] = {}


def _boards(known: tuple[int, ...], to_come: int) -> tuple[Array, Array, Array]:
    """Every multiset of board ranks that can still come (the ``known`` rank indexes plus ``to_come``
    more, at most four of a rank): its ranks, its key, and the keys of its 10 triples (to build a
    player's tables). Preflop that is all 6,175 five-rank multisets; on a flop, 91."""
    name = f"boards{known}"
    if name not in _cache:
        more = _multisets(to_come)
        ranks = np.sort(
            np.hstack([np.broadcast_to(np.array(known, np.int64), (len(more), len(known))), more]),
            axis=1,
        ).reshape(-1, 5)
        ranks = ranks[ranks[:, 0] != ranks[:, 4]]  # five of one rank cannot be dealt
        _cache[name] = ranks
        _cache[name + "keys"] = _W[ranks].sum(axis=1)
        _cache[name + "triples"] = _W[ranks[:, np.array(tables.TRIPLES)]].sum(axis=2)
    return _cache[name], _cache[name + "keys"], _cache[name + "triples"]


def _multisets(k: int) -> Array:
    """Every multiset of ``k`` rank indexes, as sorted rows: the ``k``-subsets of ``range(12 + k)`` with
    the j-th element lowered by j (``itertools.combinations_with_replacement(range(13), k)``)."""
    return all_runouts(12 + k, k).astype(np.int64) - np.arange(k)


def key_index() -> Array:
    """Each five-rank multiset's number among the 6,175 that can be dealt, by its key (the sum of its
    ranks' weights; 0 for a sum that is none: never looked up). int16, half the bytes of a table of
    values by key, made once for every deal."""
    if "key_index" not in _cache:
        ranks = _multisets(5)
        ranks = ranks[ranks[:, 0] != ranks[:, 4]]  # five of one rank cannot be dealt
        index = np.zeros(KEYS, np.int16)
        index[_W[ranks].sum(axis=1)] = np.arange(len(ranks))
        _cache["key_index"] = index
    return _cache["key_index"]


def high5() -> Array:
    """The high value without a flush of every five-rank multiset, by key; -1 for five of a rank."""
    if "high5" not in _cache:
        table = tables.rank_table()
        products = np.array(sorted(table), np.int64)
        values = np.array([table[p] for p in products.tolist()], np.int32)
        ranks = _multisets(5)
        wanted = np.array(tables.PRIMES, np.int64)[ranks].prod(axis=1)
        at = np.minimum(np.searchsorted(products, wanted), len(products) - 1)
        high5 = np.full(KEYS, -1, np.int32)
        found = products[at] == wanted  # not found: five of one rank
        high5[_W[ranks].sum(axis=1)[found]] = values[at[found]]
        _cache["high5"] = high5
    return _cache["high5"]


def low5() -> Array:
    """The low value with no qualifier of every five-rank multiset, by key (RULES §3.6: every five cards
    make a low, pairs below no pair; ``hands.low_value`` with qualifier ``None``)."""
    if "low5" not in _cache:
        low5 = np.full(KEYS, -1, np.int32)
        for idx in combinations_with_replacement(range(13), 5):
            if idx[0] != idx[4]:  # five of one rank cannot be dealt
                low5[sum(WEIGHTS[i] for i in idx)] = LOW_LIMIT - low_key(
                    [1 if i == 12 else i + 2 for i in idx]
                )
        _cache["low5"] = low5
    return _cache["low5"]


def flush_array() -> Array:
    """The flush table as an array by the 13-bit mask of five suited ranks."""
    if "flush" not in _cache:
        flush = np.full(1 << 13, -1, np.int32)
        found = tables.flush_table()
        flush[np.array(list(found), np.int64)] = np.array(list(found.values()), np.int32)
        _cache["flush"] = flush
    return _cache["flush"]


def _flush_boards() -> tuple[Array, Array, Array]:
    """Every 13-bit mask of three to five ranks (a board's cards of a flush suit), each mask's triples
    (padded to 10 by repeating the first), and the number of ranks in every 13-bit mask."""
    if "fboards" not in _cache:
        every = np.arange(1 << 13)
        count = np.zeros(1 << 13, np.int64)
        for r in range(13):
            count += (every >> r) & 1
        masks, triples = [], []
        for size in (3, 4, 5):
            bits = np.int64(1) << all_runouts(13, size).astype(
                np.int64
            )  # each row: one set of suited ranks
            subsets = bits[:, np.array(list(combinations(range(size), 3)))].sum(axis=2)
            masks.append(bits.sum(axis=1))
            triples.append(
                np.hstack([subsets, np.repeat(subsets[:, :1], 10 - subsets.shape[1], axis=1)])
            )
        _cache["fboards"], _cache["ftriples"], _cache["bitcount"] = (
            np.concatenate(masks),
            np.vstack(triples),
            count,
        )
    return _cache["fboards"], _cache["ftriples"], _cache["bitcount"]


def _suit_masks(
    board: Sequence[Card], unknown: Sequence[Card], to_come: int, suit: int
) -> tuple[Array, Array]:
    """The masks of one suit's ranks that a board can still have with three to five of them (a flush
    is possible), and each mask's triples (padded to 10 by repeats)."""
    masks, triples, count = _flush_boards()
    known = sum(1 << (c >> 2) for c in board if c & 3 == suit)
    possible = known | sum(1 << (c >> 2) for c in unknown if c & 3 == suit)
    keep = (
        ((masks & known) == known)
        & ((masks & ~possible) == 0)
        & (count[masks] <= count[known] + to_come)
    )
    return masks[keep], triples[keep]


class Player:
    """One live hand's tables: best non-flush high and low by the board's place among the rank
    multisets that can come (the ranks decide both, RULES §3.2), best flush by the board's mask of each
    suit in which the hand holds two cards."""

    def __init__(
        self,
        hole: Sequence[Card],
        triples: Array,
        board_lows: Array | None,
        low_bits: Sequence[int],
        suits: dict[int, tuple[Array, Array]],
        any_low: bool = False,
    ) -> None:
        pair_keys = np.array(
            sorted({WEIGHTS[a >> 2] + WEIGHTS[b >> 2] for a, b in combinations(hole, 2)}), np.int64
        )
        hands = triples[:, :, None] + pair_keys[None, None, :]  # every 2 + 3 by its five ranks' key
        self.high = high5()[hands].max(axis=(1, 2)).astype(np.int32)
        self.flush: list[tuple[int, Array]] = []
        for suit, (masks, ftriples) in suits.items():
            pair_masks = suited_pairs(hole, suit)
            if pair_masks is None:
                continue
            table = np.full(1 << 13, -1, np.int32)
            table[masks] = flush_array()[ftriples[:, :, None] | pair_masks[None, None, :]].max(
                axis=(1, 2)
            )
            self.flush.append((suit, table))
        self.low: Array | None = None
        if any_low:
            self.low = low5()[hands].max(axis=(1, 2)).astype(np.int32)
        elif board_lows is not None:
            hole_mask = 0
            for c in hole:
                hole_mask |= low_bits[c]
            known, work_out = tables.low_values.get, tables.low_value
            by_mask: dict[int, int] = {}
            for m in set(board_lows.tolist()):
                found = known(hole_mask << 16 | m)
                by_mask[m] = found if found is not None else work_out(hole_mask, m)
            table = np.full(1 << 10, -1, np.int32)
            table[list(by_mask)] = list(by_mask.values())
            self.low = table[board_lows]


def suited_pairs(hole: Sequence[Card], suit: int) -> Array | None:
    """The 13-bit rank masks of a hand's pairs of ``suit`` (the two hole cards of a flush, RULES
    §2.4), or ``None`` if it holds fewer than two of that suit."""
    suited = [c for c in hole if c & 3 == suit]
    if len(suited) < 2:
        return None
    return np.array([1 << (a >> 2) | 1 << (b >> 2) for a, b in combinations(suited, 2)], np.int64)


def low_bits(qualifier: int) -> list[int]:
    """Each card's bit in a mask of low ranks (ace 1), or 0 above the qualifier (as ``fast`` uses)."""
    return [1 << r if r <= qualifier else 0 for r in LOW_RANKS]


class Values:
    """Every live hand on every runout of one chunk: ``highs`` and ``lows`` are (players, runouts)."""

    def __init__(self, highs: Array, lows: Array | None) -> None:
        self.highs, self.lows = highs, lows


class Evaluator:
    """The tables of one deal's live hands, for evaluating chunks of runouts.

    Each card adds one number to a runout's sum: its rank's weight in the low 20 bits, and for each suit
    in which some hand holds two cards (only those can make a flush, RULES §2.4), its rank's bit in a
    13-bit field of that suit. Different cards of one suit have different ranks, so no field carries
    into the next; three suits fit beside the weight in 64 bits, a fourth takes a second sum.
    """

    def __init__(
        self,
        holes: Sequence[Sequence[Card]],
        board: Sequence[Card],
        unknown: Sequence[Card],
        qualifier: int | None,
        split: bool,
    ) -> None:
        to_come = 5 - len(board)
        ranks, keys, triples = _boards(tuple(sorted(c >> 2 for c in board)), to_come)
        self.deal = (holes, board, unknown, qualifier, split)  # for ``Shown``
        self._shown: Shown | None = None
        # A board's place among the boards that can still come, by its multiset's number (``key_index``):
        # two look-ups per runout, then each player's tables are small (6,175 entries preflop, 91 on a
        # flop) and stay in cache. The table by key is made once; each deal's own is 6,175 entries.
        self.place = np.zeros(MULTISETS, np.int16)
        self.place[np.take(key_index(), keys)] = np.arange(len(keys))
        bits = low_bits(qualifier if qualifier is not None else 8)
        board_lows = None
        if split and qualifier is not None:
            rank_bits = np.array(
                [bits[4 * r] for r in range(13)], np.int64
            )  # the low bit of each rank index
            board_lows = np.bitwise_or.reduce(rank_bits[ranks], axis=1)
        self.suits = sorted(
            {s for hole in holes for s in range(4) if sum(1 for c in hole if c & 3 == s) > 1}
        )
        suits = {s: _suit_masks(board, unknown, to_come, s) for s in self.suits}
        any_low = split and qualifier is None
        self.players = [Player(hole, triples, board_lows, bits, suits, any_low) for hole in holes]
        # Where each suit's field sits: (which sum, shift). The weight is the low 20 bits of sum 0.
        self.fields = {
            s: (i // 3, 20 + 13 * (i % 3) if i < 3 else 0) for i, s in enumerate(self.suits)
        }
        codes = [[0] * 52 for _ in range(1 if len(self.suits) <= 3 else 2)]
        for c in range(52):
            codes[0][c] = WEIGHTS[c >> 2]
            for s, (at, shift) in self.fields.items():
                if c & 3 == s:
                    codes[at][c] += 1 << ((c >> 2) + shift)
        self.codes = [np.array(code, np.int64) for code in codes]
        self.start = [sum(code[c] for c in board) for code in codes]

    def board(self, keys: Array) -> Array:
        """Each runout's board (by its key) as its place among the boards that can still come."""
        return np.take(self.place, np.take(key_index(), keys))

    def masks(
        self, columns: Array, values: Values, high: Sequence[int], low: Sequence[int]
    ) -> tuple[dict[int, Array], dict[int, Array]]:
        """``Shown.masks`` (its tables built when first asked for)."""
        if self._shown is None:
            self._shown = Shown(self)
        return self._shown.masks(columns, values, high, low)

    def values(self, columns: Array) -> Values:
        """The values of every live hand on runouts given as columns of card numbers: ``columns[j]`` holds
        the j-th card to come of every runout."""
        n = columns.shape[1]
        sums = []
        for code, start in zip(self.codes, self.start, strict=True):
            total = np.full(n, start, np.int64)
            for column in columns:
                total += np.take(code, column)
            sums.append(total)
        board = self.board(sums[0] & 0xFFFFF)
        by_suit = {s: (sums[at] >> shift) & 0x1FFF for s, (at, shift) in self.fields.items()}
        highs = np.empty((len(self.players), n), np.int32)
        lows = (
            np.empty((len(self.players), n), np.int32) if self.players[0].low is not None else None
        )
        for i, p in enumerate(self.players):
            h = np.take(p.high, board)
            for suit, table in p.flush:
                np.maximum(h, np.take(table, by_suit[suit]), out=h)
            highs[i] = h
            if lows is not None and p.low is not None:
                lows[i] = np.take(p.low, board)
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
    # Card positions fit in a byte: a million five-card rows are 5 MB, not 40.
    rows = np.zeros((1, 0), np.int8) if k == 0 else np.arange(n - k + 1, dtype=np.int8)[:, None]
    for depth in range(1, k):
        last = rows[:, -1].astype(np.int64)
        counts = n - k + depth - last  # the next element runs from last + 1 to n - k + depth
        starts = np.repeat(last + 1, counts)
        offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.hstack(
            [np.repeat(rows, counts, axis=0), (starts + offsets).astype(np.int8)[:, None]]
        )
    return rows


def runouts(
    n: int, parts: Sequence[int], samples: int | None, seed: int, chunk: int
) -> Iterator[Array]:
    """The runouts of one board or several, ``chunk`` rows at a time: ``parts`` are the cards each
    board still takes from ``range(n)`` (no card twice), a row's positions board by board. Every one
    (``samples`` ``None``), or ``samples`` drawn with ``seed``."""
    k = sum(parts)
    if samples is not None:
        return sampled_runouts(n, k, samples, seed, chunk)
    if len(parts) == 1:
        return _every(n, k, chunk)
    return _joint(np.zeros((1, 0), np.int64), n, tuple(parts), chunk)


def _every(n: int, k: int, chunk: int) -> Iterator[Array]:
    """``all_runouts(n, k)``, in the same order, ``chunk`` rows at a time, made one first position at a
    time: the whole list is never held (a million five-card rows are 5 MB, but making them at once
    took 28 MB of temporaries, the peak of ``hilo check --all-in``)."""
    if k == 0:
        yield all_runouts(n, 0)
        return
    for first in range(n - k + 1):
        rest = all_runouts(n - first - 1, k - 1) + np.int8(first + 1)
        block = np.hstack([np.full((len(rest), 1), first, np.int8), rest])
        for i in range(0, len(block), chunk):
            yield block[i : i + chunk]


def _joint(rows: Array, n: int, parts: tuple[int, ...], chunk: int) -> Iterator[Array]:
    """``rows`` (positions dealt so far) extended by every way to deal the boards of ``parts`` from
    the positions each row leaves."""
    if not parts:
        yield rows
        return
    left = n - rows.shape[1]
    subsets = all_runouts(left, parts[0])
    free = np.ones((len(rows), n), bool)
    free[np.arange(len(rows))[:, None], rows] = False
    remaining = np.nonzero(free)[1].reshape(len(rows), left)
    step = max(1, chunk // len(subsets))
    for i in range(0, len(rows), step):
        block = rows[i : i + step]
        dealt = remaining[i : i + step][:, subsets].reshape(len(block) * len(subsets), parts[0])
        grown = np.hstack([np.repeat(block, len(subsets), axis=0), dealt])
        yield from _joint(grown, n, parts[1:], chunk)


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
    # Bins for codes up to a few times the chunk's rows: more bins than that cost more memory (two
    # arrays as long as the greatest code) than the sort saves time.
    if len(codes) and 0 <= int(codes.min()) and int(codes.max()) < min(1 << 20, 8 * len(codes)):
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


CARD_BYTE = np.int8
"""A card's number (0-51) as a runout kept for later is stored: a byte, not eight."""


def as_array(cards: Sequence[int]) -> Array:
    return np.array(cards, np.int64)


def rows_with(codes: Array, code: Any) -> Array:
    """The rows of a chunk whose code is ``code``."""
    return np.flatnonzero(codes == code)


# The cards a tied hand shows (RULES §4.6), on whole arrays. A hand's value fixes the ranks of its five
# cards, so of its equal selections only the suits differ; the one shown holds the greatest cards from
# the highest down by rank then suit. Card numbers sort by rank then suit, so that comparison of two
# five-card sets is the comparison of their 52-bit masks (``1 << card`` summed): the set holding the
# highest card of the two sets' difference is the greater. A hand's shown mask is then the greatest
# mask over its selections of the best value; hands are ordered by it.


def low5_qualified(qualifier: int) -> Array:
    """The low value (``LOW_LIMIT - low_key``, as ``hands.low_value``) of every five-rank multiset that
    qualifies under ``qualifier`` (five different ranks, ace 1, none above it), by key; -1 otherwise."""
    name = f"low5q{qualifier}"
    if name not in _cache:
        low5 = np.full(KEYS, -1, np.int32)
        for idx in combinations(range(13), 5):
            ranks = [1 if i == 12 else i + 2 for i in idx]
            if max(ranks) <= qualifier:
                low5[sum(WEIGHTS[i] for i in idx)] = LOW_LIMIT - low_key(ranks)
        _cache[name] = low5
    return _cache[name]


def _chosen(values: Array, pair_masks: Array) -> tuple[Array, Array]:
    """The selections of the best value of every board class: ``values`` is (classes, 10 triples,
    pairs). Returns, per class, the triple (by sorted board position) and the hole pair's mask of each
    best selection, (classes, M) each, a class with fewer than M padded by its first (a class with no
    value of 0 or more, no low, gets the first selection: never asked for)."""
    classes, _, pairs = values.shape
    flat = values.reshape(classes, -1)
    best = flat.max(axis=1)
    rows, cols = np.nonzero((flat == best[:, None]) & (best[:, None] >= 0))
    counts = np.bincount(rows, minlength=classes)
    most = max(int(counts.max()), 1) if len(rows) else 1
    at = np.arange(len(rows)) - (np.cumsum(counts) - counts)[rows]
    first = np.zeros(classes, np.int64)
    first[rows[at == 0]] = cols[at == 0]
    table = np.repeat(first[:, None], most, axis=1)
    table[rows, at] = cols
    return table // pairs, pair_masks[table % pairs]


def _spread() -> Array:
    """Each 13-bit mask of ranks as the 52-bit mask of those ranks' clubs (card ``4 * rank``)."""
    if "spread" not in _cache:
        every = np.arange(1 << 13, dtype=np.int64)
        spread = np.zeros(1 << 13, np.int64)
        for r in range(13):
            spread |= ((every >> r) & 1) << (4 * r)
        _cache["spread"] = spread
    return _cache["spread"]


class _Hand:
    """One live hand's shown-card tables: by board class, its best selections' triples and pair masks
    for the high without a flush and for the low; by suit, the ranks of its best flush by the board's
    mask of that suit."""

    def __init__(
        self,
        hole: Sequence[Card],
        triples: Array,
        low_table: Array | None,
        suits: dict[int, tuple[Array, Array]],
    ) -> None:
        pairs = list(combinations(hole, 2))
        weights = np.array([WEIGHTS[a >> 2] + WEIGHTS[b >> 2] for a, b in pairs], np.int64)
        masks = np.array([1 << a | 1 << b for a, b in pairs], np.int64)
        keys = triples[:, :, None] + weights[None, None, :]
        self.high = _chosen(high5()[keys], masks)
        self.low = None if low_table is None else _chosen(low_table[keys], masks)
        self.flush: list[tuple[int, Array]] = []
        for suit, (board_masks, ftriples) in suits.items():
            rank_pairs = suited_pairs(hole, suit)
            if rank_pairs is None:
                continue
            ranks = np.zeros(1 << 13, np.int64)
            if len(board_masks):
                hands = (ftriples[:, :, None] | rank_pairs[None, None, :]).reshape(
                    len(board_masks), -1
                )
                best = np.argmax(flush_array()[hands], axis=1)
                ranks[board_masks] = hands[np.arange(len(hands)), best]
            self.flush.append((suit, ranks))


class Shown:
    """The mask of the five cards each live hand shows for its high and for its low, on chunks of
    runouts (``Evaluator.values``' columns), for ordering tied winners by the suit rule (RULES §4.6)."""

    def __init__(self, evaluator: Evaluator) -> None:
        holes, board, unknown, qualifier, split = evaluator.deal
        to_come = 5 - len(board)
        _, _, triples = _boards(tuple(sorted(c >> 2 for c in board)), to_come)
        low_table = None
        if split:
            low_table = low5() if qualifier is None else low5_qualified(qualifier)
        suits = {s: _suit_masks(board, unknown, to_come, s) for s in evaluator.suits}
        self.evaluator = evaluator
        self.board = np.array(board, np.int64)
        self.hands = [_Hand(hole, triples, low_table, suits) for hole in holes]

    def masks(
        self, columns: Array, values: Values, high: Sequence[int], low: Sequence[int]
    ) -> tuple[dict[int, Array], dict[int, Array]]:
        """The shown masks of the players ``high`` for their high and ``low`` for their low, on the
        runouts of ``columns`` (whose values are ``values``)."""
        n = columns.shape[1]
        cards = np.vstack(
            [np.broadcast_to(self.board[:, None], (len(self.board), n)), columns.astype(np.int64)]
        )
        _sort5(cards)  # by rank then suit: the board's positions as its class's ranks are sorted
        where = self.evaluator.board(_W[cards >> 2].sum(axis=0))
        bits = np.int64(1) << cards
        triples = np.concatenate([bits[i] + bits[j] + bits[k] for i, j, k in tables.TRIPLES])
        by_suit: dict[int, Array] = {}
        for s in self.evaluator.suits:
            by_suit[s] = np.where(cards & 3 == s, np.int64(1) << (cards >> 2), 0).sum(axis=0)
        shown_high = {}
        for i in high:
            shown = self._best(self.hands[i].high, where, triples)
            # A flush beats every hand without one: the high is a flush where it beats the hand's best
            # without, in the one suit of which the board holds three or more (the flush's ranks).
            flush = values.highs[i] > np.take(self.evaluator.players[i].high, where)
            for suit, ranks in self.hands[i].flush:
                used = np.take(ranks, by_suit[suit])
                shown = np.where(flush & (used != 0), np.take(_spread(), used) << suit, shown)
            shown_high[i] = shown
        shown_low = {}
        for i in low:
            chosen = self.hands[i].low
            assert chosen is not None
            shown_low[i] = self._best(chosen, where, triples)
        return shown_high, shown_low

    @staticmethod
    def _best(chosen: tuple[Array, Array], where: Array, triples: Array) -> Array:
        """The greatest mask over one hand's best selections on each runout (``triples`` flat: the
        masks of the board's 10 triples, triple by triple)."""
        at, pair_masks = chosen
        n = len(where)
        columns = np.arange(n)
        best: Array = np.take(triples, np.take(at[:, 0], where) * n + columns)
        best += np.take(pair_masks[:, 0], where)
        for m in range(1, at.shape[1]):
            np.maximum(
                best,
                np.take(triples, np.take(at[:, m], where) * n + columns)
                + np.take(pair_masks[:, m], where),
                out=best,
            )
        return best


_NETWORK = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))
"""A sorting network for five: nine compare-exchanges sort any five values."""


def _sort5(rows: Array) -> None:
    """Sort the five rows of ``rows`` column by column, in place (quicker than ``sort`` on columns of
    five)."""
    for i, j in _NETWORK:
        low = np.minimum(rows[i], rows[j])
        np.maximum(rows[i], rows[j], out=rows[j])
        rows[i] = low


def order_code(shown: dict[int, Array], after: Sequence[int], rows: int) -> tuple[Array, int]:
    """Per runout, the order of the players of ``shown`` (their shown masks) from the greatest mask
    down, equal masks by ``after`` (the greater first: earlier clockwise from the button, RULES §4.4),
    as a number below ``k ** k`` for ``k`` players (0 on each of the ``rows`` runouts for none); and
    ``k ** k``."""
    players = sorted(shown)
    k = len(players)
    keys = {i: shown[i] * 16 + after[i] for i in players}  # masks below 2**52, after below 16
    code = np.zeros(rows, np.int64)
    for place, i in enumerate(players):
        before = sum(((keys[j] > keys[i]).astype(np.int64) for j in players if j != i), np.int64(0))
        code += before * k**place
    return code, k**k


def first_rows(codes: Array) -> tuple[list[int], list[int]]:
    """One row of each distinct code of ``codes``, and how many rows have it."""
    _, first, counts = np.unique(codes, return_index=True, return_counts=True)
    return first.tolist(), counts.tolist()


class Boards:
    """Several boards under "either board" (RULES §12.4): each hand's best high and best low over the
    boards, from one ``Evaluator`` per board; a runout's columns hold the cards of each board in turn
    (``parts`` of them each)."""

    def __init__(self, evaluators: Sequence[Evaluator], parts: Sequence[int]) -> None:
        self.evaluators = list(evaluators)
        ends = [sum(parts[: b + 1]) for b in range(len(parts))]
        self.cuts = list(zip([0, *ends[:-1]], ends, strict=True))

    def values(self, columns: Array) -> Values:
        each = [
            e.values(columns[a:b]) for e, (a, b) in zip(self.evaluators, self.cuts, strict=True)
        ]
        highs = np.maximum.reduce([v.highs for v in each])
        found = [v.lows for v in each if v.lows is not None]
        lows = np.maximum.reduce(found) if found else None
        return Values(highs, lows)

    def masks(
        self, columns: Array, values: Values, high: Sequence[int], low: Sequence[int]
    ) -> tuple[dict[int, Array], dict[int, Array]]:
        """The shown masks over the boards: of a hand's boards that give its best value, the greatest
        (RULES §4.6, as ``evaluate.best_over_boards`` chooses)."""
        n = columns.shape[1]
        best_high = {i: np.zeros(n, np.int64) for i in high}
        best_low = {i: np.zeros(n, np.int64) for i in low}
        for e, (a, b) in zip(self.evaluators, self.cuts, strict=True):
            board = e.values(columns[a:b])
            shown_high, shown_low = e.masks(columns[a:b], board, high, low)
            for i in high:
                better = (board.highs[i] == values.highs[i]) & (shown_high[i] > best_high[i])
                best_high[i] = np.where(better, shown_high[i], best_high[i])
            for i in low:
                assert board.lows is not None and values.lows is not None
                better = (board.lows[i] == values.lows[i]) & (shown_low[i] > best_low[i])
                best_low[i] = np.where(better, shown_low[i], best_low[i])
        return best_high, best_low
