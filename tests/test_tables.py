"""The hand tables shipped in hilo_cli/evaluate/tables.bin are exactly what hands.rank_value says."""

from __future__ import annotations

from pathlib import Path

import pytest

from hilo_cli.evaluate import tables


def test_shipped_file_is_what_the_rules_compute() -> None:
    ranks, flushes = tables.compute_tables()
    assert len(ranks) == 6175  # five-rank multisets with at most four of a rank
    assert len(flushes) == 1287  # C(13, 5) suited hands
    assert Path(tables.__file__).with_name("tables.bin").read_bytes() == tables.table_bytes(ranks, flushes)
    assert tables.rank_table() == ranks
    assert tables.flush_table() == flushes


def test_missing_file_falls_back_to_computing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    expected = tables.compute_tables()
    monkeypatch.setattr(tables, "_FILE", tmp_path / "missing.bin")
    monkeypatch.setattr(tables, "_rank_table", {})
    monkeypatch.setattr(tables, "_flush_table", {})
    assert (tables.rank_table(), tables.flush_table()) == expected


def test_damaged_file_falls_back_to_computing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    expected = tables.compute_tables()
    damaged = tmp_path / "tables.bin"
    damaged.write_bytes(tables.table_bytes(*expected)[:-8])
    monkeypatch.setattr(tables, "_FILE", damaged)
    monkeypatch.setattr(tables, "_rank_table", {})
    monkeypatch.setattr(tables, "_flush_table", {})
    assert (tables.rank_table(), tables.flush_table()) == expected
