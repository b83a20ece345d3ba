"""Whole deals at once, with numpy: every live hand's value on rows where the hands differ from row to
row (ranges, cards not seen, stud's cards to come), and the rows themselves.

``vector.Evaluator`` builds tables for hands fixed for the whole run; here each row carries its own
hole cards, so each hand is evaluated on its row from the same lookups (RULES §2.1: exactly two hole
cards and three board cards; §2.4: a flush needs two suited hole cards and three suited board cards;
stud, any five of seven): a five-card selection's rank key (``vector.WEIGHTS`` summed) gives its high
without a flush (``vector.high5``) and its low (``vector.low5_qualified``, or ``vector.low5`` with no
qualifier, RULES §3.6); five suited cards give a flush by their rank mask (``vector.flush_array``). A
hand's value is the greatest over its selections. The values are those ``settle`` compares (the run
holds every pattern it learns to ``settle``'s own evaluation).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from math import comb

import numpy as np

from hilo_cli.equity import vector
from hilo_cli.equity.vector import Array, Values
from hilo_cli.games import Game

_W = np.array(vector.WEIGHTS, np.int32)
_TRIPLES = np.array(list(combinations(range(5), 3)), np.int64)  # as evaluate's tables
_FIVES = np.array(list(combinations(range(7), 5)), np.int64)
WORK = 1 << 21
"""The selections evaluated at once (players x rows x selections): a chunk of rows holds about this
many, so a chunk's arrays stay a few tens of megabytes."""


class RowEvaluator:
    """The values of every live hand on rows of whole deals: ``values(holes, board)`` with ``holes``
    (players, rows, cards) and ``board`` (rows, 5) of card numbers (stud: no board, seven cards)."""

    def __init__(self, game: Game, qualifier: int | None) -> None:
        self.game = game
        self.high = vector.high5()
        self.flush = vector.flush_array()
        self.low: Array | None = None
        if game.split:
            self.low = vector.low5() if qualifier is None else vector.low5_qualified(qualifier)
        h = game.hole_cards
        self.pairs = np.array(list(combinations(range(h), 2)), np.int64)
        self.selections = 10 * len(self.pairs) if game.hole_used == 2 else len(_FIVES)

    def rows_at_once(self, players: int) -> int:
        """The rows of one chunk for ``players`` live hands."""
        return max(256, WORK // (players * self.selections))

    def values(self, holes: Array, board: Array | None) -> Values:
        if self.game.hole_used == 2:
            assert board is not None
            return self._omaha(holes, board)
        return self._stud(holes)

    def _omaha(self, holes: Array, board: Array) -> Values:
        ranks, suits = holes >> 2, holes & 3
        a, b = self.pairs[:, 0], self.pairs[:, 1]
        pair_key = _W[ranks[..., a]] + _W[ranks[..., b]]  # (players, rows, pairs)
        pair_suit = np.where(suits[..., a] == suits[..., b], suits[..., a], 4)
        pair_mask = (1 << ranks[..., a]) | (1 << ranks[..., b])
        br, bs = board >> 2, board & 3
        i, j, k = _TRIPLES[:, 0], _TRIPLES[:, 1], _TRIPLES[:, 2]
        triple_key = _W[br[:, i]] + _W[br[:, j]] + _W[br[:, k]]  # (rows, 10)
        same = (bs[:, i] == bs[:, j]) & (bs[:, j] == bs[:, k])
        triple_suit = np.where(same, bs[:, i], 5)
        triple_mask = (1 << br[:, i]) | (1 << br[:, j]) | (1 << br[:, k])
        key = pair_key[..., :, None] + triple_key[None, :, None, :]  # (players, rows, pairs, 10)
        high = self.high[key]
        flush = np.nonzero(pair_suit[..., :, None] == triple_suit[None, :, None, :])
        if len(flush[0]):
            # Five suited cards: the flush (or straight flush) beats the same five ranks without one.
            p, r, q, t = flush
            high[flush] = self.flush[pair_mask[p, r, q] | triple_mask[r, t]]
        highs = high.max(axis=(2, 3))
        lows = None if self.low is None else self.low[key].max(axis=(2, 3))
        return Values(highs, lows)

    def _stud(self, holes: Array) -> Values:
        ranks, suits = holes >> 2, holes & 3
        chosen = ranks[..., _FIVES]  # (players, rows, 21, 5)
        key = _W[chosen].sum(axis=-1)
        high = self.high[key]
        chosen_suits = suits[..., _FIVES]
        flush = np.nonzero((chosen_suits == chosen_suits[..., :1]).all(axis=-1))
        if len(flush[0]):
            high[flush] = self.flush[np.bitwise_or.reduce(1 << chosen[flush], axis=-1)]
        highs = high.max(axis=2)
        lows = None if self.low is None else self.low[key].max(axis=2)
        return Values(highs, lows)


def masks_of(hands: Array) -> Array:
    """Each hand's 52-bit mask of cards (``hands``: rows of card numbers)."""
    return np.asarray(np.bitwise_or.reduce(np.int64(1) << hands.astype(np.int64), axis=-1))


def cross(choices: list[Array], seen: int) -> tuple[Array, ...]:
    """Every tuple of one hand per player with no card twice (and none of ``seen``): index arrays into
    each player's ``choices`` (their hands' masks), in order."""
    picked = [np.flatnonzero(choices[0] & seen == 0)]
    used = choices[0][picked[0]]
    for masks in choices[1:]:
        free = np.flatnonzero(masks & seen == 0)
        clash = (used[:, None] & masks[free][None, :]) == 0
        left, right = np.nonzero(clash)
        picked = [p[left] for p in picked] + [free[right]]
        used = used[left] | masks[free][right]
    return tuple(picked)


def every_to_come(free: Array, k: int, chunk: int) -> Iterator[tuple[Array, Array]]:
    """For rows of the cards each tuple leaves (``free``: (tuples, left), in card order), every set of
    ``k`` of them: (the tuple of each row, its ``k`` cards), ``chunk`` rows at a time."""
    subsets = vector.all_runouts(free.shape[1], k).astype(np.int64)
    step = max(1, chunk // max(len(subsets), 1))
    for start in range(0, len(free), step):
        block = free[start : start + step]
        owner = np.repeat(np.arange(start, start + len(block)), len(subsets))
        cards = block[:, subsets].reshape(len(block) * len(subsets), k)
        yield owner, cards


def free_cards(used: Array, left: int) -> Array:
    """For each row's mask of cards in play, the cards not in it, in card order: (rows, ``left``)."""
    bits = (used[:, None] >> np.arange(52, dtype=np.int64)[None, :]) & 1
    return np.nonzero(bits == 0)[1].reshape(len(used), left)


def sample_to_come(used: Array, k: int, rng: np.random.Generator) -> Array:
    """For each row's mask of cards in play, ``k`` of the other cards drawn uniformly (no card twice),
    in a uniformly random order: each card in turn uniform over the cards still free (a card in play
    is drawn again)."""
    out = np.zeros((len(used), k), np.int64)
    taken = used.copy()
    for j in range(k):
        todo = np.arange(len(used))
        while len(todo):
            cards = rng.integers(52, size=len(todo))
            free = (taken[todo] >> cards) & 1 == 0
            done = todo[free]
            out[done, j] = cards[free]
            taken[done] |= np.int64(1) << cards[free]
            todo = todo[~free]
    return out


def count_tuples(choices: list[Array], seen: int) -> int:
    """How many tuples ``cross`` gives (without building them when one player's choice is fixed)."""
    return len(cross(choices, seen)[0])


def completions(left: int, parts: list[int]) -> int:
    """The ways to deal ``parts`` cards (the board's, each stud hand's to come) from ``left`` cards."""
    total = 1
    for k in parts:
        total *= comb(left, k)
        left -= k
    return total
