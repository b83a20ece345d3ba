"""Lookup tables for the fast evaluator, loaded or built on first use so one showdown pays only for its own.

The two hand tables ship ready-made in ``tables.bin`` beside this file (read in about a millisecond,
where working them out takes about 40); ``compute_tables`` works them out from ``hands.rank_value`` and a
test checks that the file holds exactly that.

* ``rank_table()``: the high value of every five-rank multiset without a flush, keyed by the product of
  one prime per rank (a product names a multiset uniquely).
* ``flush_table()``: the value of five suited cards keyed by their 13-bit rank mask (flush or
  straight flush).
* ``board_row(ranks)``: for one board's ranks (sorted high to low), the best non-flush high for every
  pair of hole ranks, as ``value << 4 | i`` where ``i`` names the board triple used. Rows are kept per
  board, so a file of many deals builds each board's row once (there are 6,175 rank multisets).
* ``low_choice(hole_mask, board_mask)``: the best 2 + 3 low from two masks of low ranks.
"""

from __future__ import annotations

import sys
from array import array
from itertools import combinations, combinations_with_replacement
from operator import mul, or_
from pathlib import Path

from hilo_cli.evaluate.hands import LOW_LIMIT, low_key, rank_value

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
TRIPLES = tuple(combinations(range(5), 3))

_rank_table: dict[int, int] = {}
_flush_table: dict[int, int] = {}
_rows: dict[tuple[int, ...], list[int]] = {}
_lows: dict[int, tuple[int, tuple[int, ...], tuple[int, ...]] | int] = {}

NO_LOW_BOARD, NO_LOW_HOLE, NO_LOW_COUNTERFEIT = 1, 2, 3


def rank_table() -> dict[int, int]:
    """Prime product of five ranks -> high value without a flush."""
    if not _rank_table:
        _load()
    return _rank_table


def flush_table() -> dict[int, int]:
    """Rank mask of five suited cards -> flush or straight-flush value."""
    if not _flush_table:
        _load()
    return _flush_table


def compute_tables() -> tuple[dict[int, int], dict[int, int]]:
    """Work both tables out from ``hands.rank_value`` (about 40 ms; ``tables.bin`` holds the result)."""
    ranks: dict[int, int] = {}
    for idx in combinations_with_replacement(range(13), 5):
        if any(idx.count(i) > 4 for i in set(idx)):
            continue
        product = 1
        for i in idx:
            product *= PRIMES[i]
        ranks[product] = rank_value([i + 2 for i in idx], False)
    flushes: dict[int, int] = {}
    for idx in combinations(range(13), 5):
        mask = 0
        for i in idx:
            mask |= 1 << i
        flushes[mask] = rank_value([i + 2 for i in idx], True)
    return ranks, flushes


_FILE = Path(__file__).with_name("tables.bin")
_MAGIC = b"hilo-tables-1\n"


def table_bytes(ranks: dict[int, int], flushes: dict[int, int]) -> bytes:
    """The ``tables.bin`` format: a magic line, two counts, then keys and values as little-endian uint32."""
    parts = [array("I", [len(ranks), len(flushes)]), array("I", ranks), array("I", ranks.values()),
             array("I", flushes), array("I", flushes.values())]
    if sys.byteorder == "big":  # pragma: no cover
        for part in parts:
            part.byteswap()
    return _MAGIC + b"".join(part.tobytes() for part in parts)


def _load() -> None:
    """Fill both tables from the shipped ``tables.bin``, or work them out if it is missing or damaged."""
    try:
        data = _FILE.read_bytes()
    except OSError:  # pragma: no cover - a package installed without its data file
        data = b""
    if data.startswith(_MAGIC):
        numbers = array("I")
        numbers.frombytes(data[len(_MAGIC):])
        if sys.byteorder == "big":  # pragma: no cover
            numbers.byteswap()
        n_ranks, n_flushes = numbers[0], numbers[1]
        if len(numbers) == 2 + 2 * (n_ranks + n_flushes):
            split = 2 + n_ranks
            _rank_table.update(zip(numbers[2:split], numbers[split:split + n_ranks], strict=True))
            split += n_ranks
            _flush_table.update(zip(numbers[split:split + n_flushes], numbers[split + n_flushes:], strict=True))
            return
    ranks, flushes = compute_tables()
    _rank_table.update(ranks)
    _flush_table.update(flushes)


def board_row(board_ranks: tuple[int, ...]) -> list[int]:
    """Best non-flush high per hole-rank pair (index ``a * 13 + b``) on a board of rank indexes 0..12.

    ``board_ranks`` is sorted high to low; the low 4 bits of each entry are the index into ``TRIPLES``
    of the board positions used. Entries for impossible pairs (five of a rank) are negative.
    """
    row = _rows.get(board_ranks)
    if row is not None:
        return row
    table = _shifted_table()
    products = [PRIMES[board_ranks[i]] * PRIMES[board_ranks[j]] * PRIMES[board_ranks[k]] for i, j, k in TRIPLES]
    # All 91 x 10 (hole-rank pair, board triple) hands at once, with the loops in C: keys pair-major,
    # each entry value << 4 | triple, then the best of each pair's ten.
    entries = map(or_, map(table.__getitem__, map(mul, _PAIR_KEYS, products * 91)), _TRIPLE_TAGS)
    best = list(map(max, zip(*[entries] * 10, strict=True)))
    row = _rows[board_ranks] = list(map(best.__getitem__, _ROW_PAIRS))
    return row


# The 91 pairs of hole ranks (a <= b); each pair's prime product repeated once per board triple; the
# triple index to tag each entry with; and which of the 91 pairs each of the 169 row slots holds.
_PAIRS91 = [(a, b) for a in range(13) for b in range(a, 13)]
_PAIR_KEYS = [PRIMES[a] * PRIMES[b] for a, b in _PAIRS91 for _ in range(10)]
_TRIPLE_TAGS = list(range(10)) * 91
_ROW_PAIRS = [_PAIRS91.index((min(a, b), max(a, b))) for a in range(13) for b in range(13)]
_shifted: dict[int, int] = {}


def _shifted_table() -> dict[int, int]:
    """The rank table with values shifted left 4 bits, and five of a rank (impossible) as -16."""
    if not _shifted:
        _shifted.update((product, value << 4) for product, value in rank_table().items())
        _shifted.update((p**5, -16) for p in PRIMES)
    return _shifted


def _ranks_of(mask: int) -> list[int]:
    return [r for r in range(1, 10) if mask >> r & 1]


def low_choice(hole_mask: int, board_mask: int) -> tuple[int, tuple[int, ...], tuple[int, ...]] | int:
    """Best low from two different hole low ranks and three different board low ranks, all five different.

    Masks have bit ``r`` set for each low rank ``r`` present (ace = 1). Returns ``(value, hole ranks,
    board ranks)`` with the low's value (greater is better), or one of the ``NO_LOW_*`` reasons
    (RULES §2.4).
    """
    slot = hole_mask << 16 | board_mask
    found = _lows.get(slot)
    if found is not None:
        return found
    hole, board = _ranks_of(hole_mask), _ranks_of(board_mask)
    result: tuple[int, tuple[int, ...], tuple[int, ...]] | int
    if len(board) < 3:
        result = NO_LOW_BOARD
    elif len(hole) < 2:
        result = NO_LOW_HOLE
    else:
        result = NO_LOW_COUNTERFEIT
        for pair in combinations(hole, 2):
            rest = [r for r in board if r not in pair]
            if len(rest) < 3:
                continue
            # The three lowest board ranks left are always the best three to add.
            triple = tuple(rest[:3])
            value = LOW_LIMIT - low_key(pair + triple)
            if isinstance(result, int) or value > result[0]:
                result = (value, pair, triple)
    _lows[slot] = result
    return result
