"""The hand tables shipped in hilo_cli/evaluate/tables.bin are exactly what hands.rank_value says."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from hilo_cli.evaluate import tables
from hilo_cli.evaluate.hands import LOW_LIMIT


def test_shipped_file_is_what_the_rules_compute() -> None:
    ranks, flushes = tables.compute_tables()
    assert len(ranks) == 6175  # five-rank multisets with at most four of a rank
    assert len(flushes) == 1287  # C(13, 5) suited hands
    assert Path(tables.__file__).with_name("tables.bin").read_bytes() == tables.table_bytes(
        ranks, flushes
    )
    assert tables.rank_table() == ranks
    assert tables.flush_table() == flushes


def test_missing_file_falls_back_to_computing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    expected = tables.compute_tables()
    monkeypatch.setattr(tables, "_FILE", tmp_path / "missing.bin")
    monkeypatch.setattr(tables, "_rank_table", {})
    monkeypatch.setattr(tables, "_flush_table", {})
    assert (tables.rank_table(), tables.flush_table()) == expected


def test_damaged_file_falls_back_to_computing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    expected = tables.compute_tables()
    damaged = tmp_path / "tables.bin"
    damaged.write_bytes(tables.table_bytes(*expected)[:-8])
    monkeypatch.setattr(tables, "_FILE", damaged)
    monkeypatch.setattr(tables, "_rank_table", {})
    monkeypatch.setattr(tables, "_flush_table", {})
    assert (tables.rank_table(), tables.flush_table()) == expected


def _low_by_search(
    hole_mask: int, board_mask: int
) -> tuple[int, tuple[int, ...], tuple[int, ...]] | int:
    """Every pair of hole ranks with every triple of board ranks, the five all different; the lowest
    five highest-first wins, the first such pair and triple (lowest ranks first) kept."""
    hole = [r for r in range(1, 10) if hole_mask >> r & 1]
    board = [r for r in range(1, 10) if board_mask >> r & 1]
    if len(board) < 3:
        return tables.NO_LOW_BOARD
    if len(hole) < 2:
        return tables.NO_LOW_HOLE
    best: tuple[list[int], tuple[int, ...], tuple[int, ...]] | None = None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            five = sorted(pair + triple, reverse=True)
            if len(set(five)) == 5 and (best is None or five < best[0]):
                best = (five, pair, triple)
    if best is None:
        return tables.NO_LOW_COUNTERFEIT
    r1, r2, r3, r4, r5 = best[0]
    return (LOW_LIMIT - (r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5), best[1], best[2])


@pytest.mark.slow  # every pair of rank masks searched: a long run, if not a random one
def test_low_choice_is_the_best_of_every_selection_for_every_pair_of_masks() -> None:
    # Every mask of low ranks ace to eight (bits 1-8), and a sample with nines (the 9-or-better qualifier).
    masks = range(0, 512, 2)
    pairs = [(h, b) for h in masks for b in masks] + [
        (h | 512, b | 512) for h in range(0, 512, 14) for b in range(0, 512, 6)
    ]
    wrong = [(h, b) for h, b in pairs if tables.low_choice(h, b) != _low_by_search(h, b)]
    assert not wrong, f"{len(wrong)} pairs of masks differ, e.g. {wrong[:3]}"


def test_low_choice_ignores_ranks_too_high_to_play_low() -> None:
    # A mask built with no qualifier carries bits up to 13 (kings); only ace to nine can make a low.
    for hole, board in ((0b110, 0b111000), (0b1000010, 0b10110100), (0b10, 0b1110)):
        assert tables.low_choice(
            hole | 1 << 13 | 1 << 10, board | 1 << 12 | 1 << 11
        ) == _low_by_search(hole, board)
