"""Lookup tables for the fast evaluator, loaded or built on first use so one showdown pays only for its own.

The two hand tables ship ready-made in ``tables.bin`` beside this file (read in about a millisecond,
where working them out takes about 40); ``compute_tables`` works them out from ``hands.rank_value`` and a
test checks that the file holds exactly that.

* ``rank_table()``: the high value of every five-rank multiset without a flush, keyed by the product of
  one prime per rank (a product names a multiset uniquely).
* ``flush_table()``: the value of five suited cards keyed by their 13-bit rank mask (flush or
  straight flush).
* ``board_row(ranks)``: for one board's ranks (sorted high to low), the best non-flush high for every
  pair of hole ranks, tagged with the board triple used. Rows are kept per board, so a file of many
  deals builds each board's row once (there are 6,175 rank multisets), from columns kept per board
  triple (there are 455).
* ``low_choice(hole_mask, board_mask)``: the best 2 + 3 low from two masks of low ranks;
  ``low_value`` the same low's value alone; ``low_mask`` a mask from cards, and ``no_low_reason`` why a
  hand has no low, in a floor person's words (RULES §2.4).
"""

from __future__ import annotations

import os
import sys
from array import array
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from hilo_cli.cards import LOW_RANKS, Card
from hilo_cli.evaluate.hands import LOW_LIMIT, low_rank_text, rank_value

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
TRIPLES = tuple(combinations(range(5), 3))

_rank_table: dict[int, int] = {}
_flush_table: dict[int, int] = {}
rows: dict[tuple[int, ...], tuple[list[int], dict[int, tuple[int, int, int]]]] = {}
"""Board rows already built, by the board's ranks (``board_row`` fills it)."""
low_choices: dict[int, tuple[int, tuple[int, ...], tuple[int, ...]] | int] = {}
"""``hole_mask << 16 | board_mask`` -> what ``low_choice`` found: read directly by ``fast`` (one dict
lookup per hand, before the call)."""
low_values: dict[int, int] = {}
"""``hole_mask << 16 | board_mask`` -> the best low's value, or minus a ``NO_LOW_*`` reason: the values
alone, for settling (filled by ``low_value``)."""

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


# os.path, not pathlib: a piped showdown's start-up would pay for pathlib's imports for this one name.
_FILE = os.path.join(os.path.dirname(__file__), "tables.bin")
_MAGIC = b"hilo-tables-1\n"


def table_bytes(ranks: dict[int, int], flushes: dict[int, int]) -> bytes:
    """The ``tables.bin`` format: a magic line, two counts, then keys and values as little-endian uint32.

    The writer of the shipped file: ``tables.table_bytes(*tables.compute_tables())`` is what
    ``tables.bin`` must hold (a test checks it), and what to write there after changing ``rank_value``."""
    parts = [
        array("I", [len(ranks), len(flushes)]),
        array("I", ranks),
        array("I", ranks.values()),
        array("I", flushes),
        array("I", flushes.values()),
    ]
    if sys.byteorder == "big":  # pragma: no cover
        for part in parts:
            part.byteswap()
    return _MAGIC + b"".join(part.tobytes() for part in parts)


def _load() -> None:
    """Fill both tables from the shipped ``tables.bin``, or work them out if it is missing or damaged."""
    try:
        with open(_FILE, "rb") as f:
            data = f.read()
    except OSError:  # pragma: no cover - a package installed without its data file
        data = b""
    if data.startswith(_MAGIC):
        numbers = array("I")
        numbers.frombytes(data[len(_MAGIC) :])
        if sys.byteorder == "big":  # pragma: no cover
            numbers.byteswap()
        n_ranks, n_flushes = numbers[0], numbers[1]
        if len(numbers) == 2 + 2 * (n_ranks + n_flushes):
            split = 2 + n_ranks
            _rank_table.update(zip(numbers[2:split], numbers[split : split + n_ranks], strict=True))
            split += n_ranks
            _flush_table.update(
                zip(numbers[split : split + n_flushes], numbers[split + n_flushes :], strict=True)
            )
            return
    ranks, flushes = compute_tables()
    _rank_table.update(ranks)
    _flush_table.update(flushes)


TAG_BITS = 17  # a row entry is value << TAG_BITS | the prime product of the board triple's ranks
TAG_MASK = (1 << TAG_BITS) - 1


def board_row(board_ranks: tuple[int, ...]) -> tuple[list[int], dict[int, tuple[int, int, int]]]:
    """Best non-flush high per hole-rank pair (index ``a * 13 + b``) on a board of rank indexes 0..12.

    ``board_ranks`` is sorted high to low. Each entry is ``value << TAG_BITS | p`` where ``p`` is the
    prime product of the three board ranks used; the second result maps ``p`` to board positions.
    Entries for impossible pairs (five of a rank) are negative.
    """
    found = rows.get(board_ranks)
    if found is not None:
        return found
    positions = {}
    for i, j, k in reversed(TRIPLES):  # the first triple of equal ranks (highest suits) wins
        positions[PRIMES[board_ranks[i]] * PRIMES[board_ranks[j]] * PRIMES[board_ranks[k]]] = (
            i,
            j,
            k,
        )
    # The best of the board's triples for each of the 91 hole-rank pairs, with the loop in C.
    best = list(map(max, *map(_column, positions)))
    found = rows[board_ranks] = (list(map(best.__getitem__, _ROW_PAIRS)), positions)
    return found


# The 91 pairs of hole ranks (a <= b), and which of them each of the 169 row slots (a * 13 + b) holds.
_PAIRS91 = [(a, b) for a in range(13) for b in range(a, 13)]
_PAIR_PRODUCTS = [PRIMES[a] * PRIMES[b] for a, b in _PAIRS91]
_ROW_PAIRS = [_PAIRS91.index((min(a, b), max(a, b))) for a in range(13) for b in range(13)]
_columns: dict[int, list[int]] = {}


def _column(triple: int) -> list[int]:
    """For one board triple (its prime product), the tagged value with each of the 91 hole-rank pairs.

    At most 455 rank triples exist, so every board reuses columns built for earlier boards.
    """
    column = _columns.get(triple)
    if column is None:
        table = rank_table()
        column = _columns[triple] = [
            table[q * triple] << TAG_BITS | triple if q * triple in table else -1
            for q in _PAIR_PRODUCTS
        ]
    return column


_LOW_RANKS = 0b1111111110  # bits 1 (ace) to 9: the ranks that can ever play low


def _ranks_of(mask: int) -> list[int]:
    return [r for r in range(1, 10) if mask >> r & 1]


def low_choice(
    hole_mask: int, board_mask: int
) -> tuple[int, tuple[int, ...], tuple[int, ...]] | int:
    """Best low from two different hole low ranks and three different board low ranks, all five different.

    Masks have bit ``r`` set for each low rank ``r`` present (ace = 1). Returns ``(value, hole ranks,
    board ranks)`` with the low's value (greater is better), or one of the ``NO_LOW_*`` reasons
    (RULES §2.4).
    """
    slot = hole_mask << 16 | board_mask
    found = low_choices.get(slot)
    if found is not None:
        return found
    result: tuple[int, tuple[int, ...], tuple[int, ...]] | int
    hole_mask &= _LOW_RANKS
    board_mask &= _LOW_RANKS
    if board_mask.bit_count() < 3:
        result = NO_LOW_BOARD
    elif hole_mask.bit_count() < 2:
        result = NO_LOW_HOLE
    else:
        # Five different ranks compare, highest first, exactly as their masks compare as numbers. For each
        # pair of hole ranks the three lowest board ranks left are the best three to add; the first pair
        # (lowest ranks first) that makes the lowest mask is kept.
        result, best, chosen = NO_LOW_COUNTERFEIT, 1 << 16, (0, 0)
        for x, y in combinations(_ranks_of(hole_mask), 2):
            rest = board_mask & ~(1 << x | 1 << y)
            if rest.bit_count() < 3:
                continue
            first = rest & -rest
            rest ^= first
            second = rest & -rest
            rest ^= second
            five = 1 << x | 1 << y | first | second | rest & -rest
            if five < best:
                best, chosen = five, (x, y)
        if best < 1 << 16:
            x, y = chosen
            triple = tuple(r for r in _ranks_of(best) if r != x and r != y)
            # Five different ranks: low_key is just the ranks high to low, four bits each.
            r5, r4, r3, r2, r1 = _ranks_of(best)
            result = (LOW_LIMIT - (r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5), chosen, triple)
    low_choices[slot] = result
    return result


def low_value(hole_mask: int, board_mask: int) -> int:
    """The value of ``low_choice(hole_mask, board_mask)`` (greater is better), or minus its ``NO_LOW_*``
    reason when there is no low; kept in ``low_values``."""
    found = low_choice(hole_mask, board_mask)
    value = -found if isinstance(found, int) else found[0]
    low_values[hole_mask << 16 | board_mask] = value
    return value


# --- Masks of low ranks, and why a hand has none ------------------------------------------------

LOW_BIT = {q: tuple(1 << r if r <= q else 0 for r in LOW_RANKS) for q in (8, 9, 13)}
"""For each qualifier (13: none), the bit of each card's low rank (ace 1), or 0 if it cannot play low."""


def low_mask(cards: Sequence[Card], qualifier: int | None) -> int:
    """Bit ``r`` set for each low rank ``r`` (ace 1) among ``cards`` at or below the qualifier."""
    bits = LOW_BIT[qualifier if qualifier is not None else 13]
    mask = 0
    for c in cards:
        mask |= bits[c]
    return mask


def no_low_reason(reason: int, hole_mask: int, board_mask: int, qualifier: int) -> str:
    """Say why a player has no low, in a floor person's words (RULES §2.4)."""
    key = (reason, hole_mask & board_mask if reason == NO_LOW_COUNTERFEIT else 0, qualifier)
    text = _REASONS.get(key)
    if text is None:
        text = _REASONS[key] = _no_low_reason(reason, hole_mask, board_mask, qualifier)
    return text


_REASONS: dict[tuple[int, int, int], str] = {}
# The same words by qualifier, then by the slot of the two masks: one lookup for a hand seen before.
REASON_BY_SLOT: dict[int, dict[int, str]] = {8: {}, 9: {}, 0: {}}


def slot_reason(
    reasons: dict[int, str], slot: int, reason: int, hole_mask: int, board_mask: int, qualifier: int
) -> str:
    """``no_low_reason``, kept in ``reasons`` under the slot of the two masks."""
    text = reasons[slot] = no_low_reason(reason, hole_mask, board_mask, qualifier)
    return text


def _no_low_reason(reason: int, hole_mask: int, board_mask: int, qualifier: int) -> str:
    if reason == NO_LOW_BOARD:
        return f"the board has fewer than three different low cards ({qualifier} or lower)"
    if reason == NO_LOW_HOLE:
        return f"holds fewer than two different low cards ({qualifier} or lower)"
    both = hole_mask & board_mask
    paired = [low_rank_text(r) for r in range(1, 10) if both >> r & 1]
    return (
        f"counterfeited: the board pairs the {', '.join(paired)} in the hand, so no two low hole cards "
        "go with three other low board cards"
    )
