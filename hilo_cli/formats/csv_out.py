"""CSV: one row per player per deal; a record that could not be settled is one row with ``error``."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from hilo_cli.showdown import Settlement

COLUMNS = (
    "source", "id", "game", "board", "name", "seat", "hole", "folded", "high", "high_name", "low",
    "low_name", "no_low", "contributed", "returned", "won", "expected", "difference", "error",
)


def _join(cards: Iterable[object] | None) -> str:
    return " ".join(str(c) for c in cards) if cards is not None else ""


def _write(rows: list[list[object]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def header() -> str:
    return _write([list(COLUMNS)])


def settlement_rows(s: Settlement, source: str = "") -> str:
    deal = s.deal
    rows: list[list[object]] = []
    for r in s.players:
        p, h = r.player, r.hands
        expected: object = ""
        difference: object = ""
        if s.check is not None:
            expected = s.check.expected.get(p.name, 0)
            difference = r.won - s.check.expected.get(p.name, 0)
        rows.append([
            source, deal.id or "", deal.game.name, _join(deal.board), p.name, p.seat, _join(p.hole),
            "yes" if p.folded else "no",
            _join(h.high.cards) if h else "", h.high.name if h else "",
            _join(h.low.cards) if h and h.low else "", h.low.name if h and h.low else "",
            (h.no_low or "") if h else "",
            "" if p.contributed is None else p.contributed, r.returned, r.won, expected, difference, "",
        ])
    return _write(rows)


def error_row(source: str, record_id: str | None, message: str) -> str:
    return _write([[source, record_id or "", *[""] * (len(COLUMNS) - 3), message]])
