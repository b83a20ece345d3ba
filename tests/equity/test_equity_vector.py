"""The numpy evaluator of ``hilo_cli.equity.vector`` against the table evaluator that settling uses."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

from hilo_cli.cards import DECK
from hilo_cli.equity import vector
from hilo_cli.evaluate import evaluate, fast
from hilo_cli.games import GAMES

OMAHA8 = GAMES["omaha8"]


def test_rank_weights_name_every_five_rank_multiset() -> None:
    sums = [
        sum(vector.WEIGHTS[r] for r in ranks)
        for ranks in combinations_with_replacement(range(13), 5)
    ]
    assert len(set(sums)) == len(sums) == 6188
    assert max(sums) < vector.KEYS


@pytest.mark.parametrize(("n", "k"), [(44, 0), (10, 1), (12, 2), (9, 3), (11, 5), (5, 5)])
def test_all_runouts_are_combinations_in_order(n: int, k: int) -> None:
    assert vector.all_runouts(n, k).tolist() == [list(c) for c in combinations(range(n), k)]


@pytest.mark.parametrize(
    ("n", "k", "chunk"), [(44, 0, 7), (10, 1, 3), (12, 2, 5), (9, 3, 1), (11, 5, 40), (5, 5, 2)]
)
def test_every_runout_comes_in_chunks_in_order_and_none_larger(n: int, k: int, chunk: int) -> None:
    """The exact runouts of one board, made a first card at a time (so that they are never all held at
    once), are every combination in order, as ``all_runouts`` lists them, in chunks of at most
    ``chunk`` rows."""
    chunks = list(vector.runouts(n, (k,), None, 0, chunk))
    assert all(0 < len(c) <= chunk for c in chunks)
    rows = [row for c in chunks for row in c.tolist()]
    assert rows == [list(c) for c in combinations(range(n), k)]


def test_pattern_counts_bins_and_sorts_alike() -> None:
    """Small codes are counted in bins, large ones sorted: either way each distinct code once, its
    count, and a row that has it."""
    rng = np.random.default_rng(5)
    for high in (6, 1000, 1 << 19, 1 << 40):
        codes = rng.integers(0, high, 500, dtype=np.int64)
        found, rows, counts = vector.pattern_counts(codes)
        values, expected = np.unique(codes, return_counts=True)
        assert found == values.tolist() and counts == expected.tolist()
        assert [int(codes[r]) for r in rows] == found


def test_sampled_runouts_are_distinct_cards_and_reproducible() -> None:
    first = np.concatenate(list(vector.sampled_runouts(40, 5, 3000, 11, 1000)))
    again = np.concatenate(list(vector.sampled_runouts(40, 5, 3000, 11, 1000)))
    assert first.shape == (3000, 5) and (first == again).all()
    assert all(len(set(row)) == 5 for row in first.tolist())
    assert first.min() >= 0 and first.max() < 40
    # Every card turns up about as often as every other (3000 * 5 / 40 = 375 each).
    counts = np.bincount(first.ravel(), minlength=40)
    assert counts.min() > 250 and counts.max() < 500


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hole_cards", "known", "qualifier", "split"),
    [
        (4, 0, 8, True),
        (4, 3, 8, True),
        (5, 3, 8, True),
        (6, 4, 9, True),
        (4, 0, None, False),
        (4, 3, None, True),
    ],
)
def test_values_equal_the_table_evaluator(
    hole_cards: int, known: int, qualifier: int | None, split: bool
) -> None:
    rnd = random.Random(hole_cards * 10 + known)
    for _ in range(5):
        cards = rnd.sample(DECK, 3 * hole_cards + known)
        holes = [cards[i * hole_cards : (i + 1) * hole_cards] for i in range(3)]
        board = cards[3 * hole_cards :]
        unknown = [c for c in DECK if c not in cards]
        # Boards rich in one suit as well as plain ones: flushes need two suited hole cards (RULES §2.4).
        suited = [c for c in unknown if c & 3 == holes[0][0] & 3]
        runouts = [rnd.sample(unknown, 5 - known) for _ in range(300)]
        runouts += [rnd.sample(suited, min(len(suited), 5 - known)) for _ in range(100)]
        runouts = [r for r in runouts if len(r) == 5 - known]
        evaluator = vector.Evaluator(holes, board, unknown, qualifier, split)
        values = evaluator.values(np.array(runouts, np.int64).T)
        for j, runout in enumerate(runouts):
            if (
                split and qualifier is None
            ):  # no qualifier: every selection, as settle() does (RULES §3.6)
                hands = [evaluate(OMAHA8, hole, board + runout, None) for hole in holes]
                highs, lows = (
                    [h.high.value for h in hands],
                    [h.low.value if h.low else -1 for h in hands],
                )
            else:
                highs, lows = fast.omaha_values(
                    holes,
                    fast.prepare_board(board + runout, qualifier),
                    qualifier if split else None,
                )
            assert values.highs[:, j].tolist() == highs, (holes, board + runout)
            if split:
                assert values.lows is not None and lows is not None
                got = values.lows[:, j].tolist()
                # Below 0 is no low; the reason (the value's size) does not matter to a division.
                assert [max(v, -1) for v in got] == [max(v, -1) for v in lows], (
                    holes,
                    board + runout,
                )
            else:
                assert values.lows is None


def test_winners_masks() -> None:
    values = np.array([[5, 7, -1], [5, 3, -2], [1, 7, -1]])
    assert vector.winners(values, [0, 1, 2]).tolist() == [0b011, 0b101, 0]
    assert vector.winners(values, [1, 2]).tolist() == [0b010, 0b100, 0]


def test_pack_keeps_rows_apart_when_codes_do_not_fit() -> None:
    rnd = np.random.default_rng(1)
    columns = [rnd.integers(0, 4, 500) for _ in range(40)]
    small = vector.pack(columns[:3], 2)
    wide = vector.pack(columns, 2)
    rows = [tuple(int(c[i]) for c in columns) for i in range(500)]
    assert len(set(wide.tolist())) == len(set(rows))
    for i in range(500):
        for j in range(i):
            assert (wide[i] == wide[j]) == (rows[i] == rows[j])
    assert len(set(small.tolist())) == len({r[:3] for r in rows})


@pytest.mark.parametrize("k", [0, 1, 2, 5])
def test_multisets_are_combinations_with_replacement(k: int) -> None:
    assert vector._multisets(k).tolist() == [
        list(c) for c in combinations_with_replacement(range(13), k)
    ]
