"""CSV: one row per player per deal; a record that could not be settled is one row with ``error``.

Every row has the header's cells, whatever kind it is (a player of a deal on one board or several, an
error), so that a spreadsheet, ``csv.DictReader``, pandas or DuckDB reads each cell under its own name.
The columns are fixed (``HEADER``): a writer streams its rows and cannot know whether a later record is
run twice, so the header always has room for every kind of row. A column keeps its place once written;
new columns are added at the end.

The last seven columns (``BOARD_COLUMNS``) are a deal's boards (RULES §12), each holding one entry per
board separated by `` | `` in the order of the boards: ``boards`` (the cards of each board),
``board_high``, ``board_high_name``, ``board_low``, ``board_low_name``, ``board_no_low`` (the player's
hands on each board) and ``board_won`` (the player's chips from each board's shares of the pots, before
the uncalled chips returned; empty under "either board", whose one division belongs to no board). They
are empty for a deal on one board. The base columns keep their meaning: ``board``, ``high`` and ``low``
are the first board's (or, with ``multi_board`` "either", the best over the boards), ``won`` the total.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from hilo_cli.bounds import short
from hilo_cli.formats.safe import csv_cell, error_line
from hilo_cli.showdown import Settlement

COLUMNS = (
    "source",
    "id",
    "game",
    "board",
    "name",
    "seat",
    "hole",
    "folded",
    "high",
    "high_name",
    "low",
    "low_name",
    "no_low",
    "contributed",
    "returned",
    "won",
    "expected",
    "difference",
    "error",
)
BOARD_COLUMNS = (
    "boards",
    "board_high",
    "board_high_name",
    "board_low",
    "board_low_name",
    "board_no_low",
    "board_won",
)
HEADER = (*COLUMNS, *BOARD_COLUMNS)
_NO_BOARDS = [""] * len(BOARD_COLUMNS)
_EACH = " | "


def _join(cards: Iterable[object] | None) -> str:
    return " ".join(str(c) for c in cards) if cards is not None else ""


def write(rows: Iterable[Iterable[object]]) -> str:
    """CSV text of ``rows``, every cell made safe: names and ids are data, control characters escaped,
    and no cell a spreadsheet would run as a formula (``safe.csv_cell``)."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(
        [csv_cell(cell) for cell in row] for row in rows
    )
    return buffer.getvalue()


def header() -> str:
    return write([HEADER])


def _board_cells(s: Settlement, name: str, i: int) -> list[object]:
    """The added cells of player ``name`` (row ``i``) on a deal with several boards."""
    boards = s.deal.boards
    hands = s.players[i].board_hands
    won = [0] * len(boards)
    for pot in s.pots:
        for run in pot.runs:
            won[run.board] += run.shares.get(name, 0)
        if (
            not pot.runs
        ):  # a pot with one eligible player is not divided between boards (RULES §12.3)
            won[0] += pot.shares.get(name, 0)
    cells: list[object] = [_EACH.join(_join(b) for b in boards)]
    if hands is None:
        cells += [""] * 5
    else:
        cells += [
            _EACH.join(_join(h.high.cards) for h in hands),
            _EACH.join(h.high.name for h in hands),
            _EACH.join(_join(h.low.cards) if h.low else "" for h in hands),
            _EACH.join(h.low.name if h.low else "" for h in hands),
            _EACH.join(h.no_low or "" for h in hands),
        ]
    # Under "either board" one division pays the best hands over the boards: no chips belong to one board.
    return [*cells, "" if s.deal.multi_board == "either" else _EACH.join(map(str, won))]


def settlement_rows(s: Settlement, source: str = "") -> str:
    return write(settlement_cells(s, source))


def settlement_cells(s: Settlement, source: str = "") -> list[list[object]]:
    """The rows of ``settlement_rows`` as cells (``HEADER``'s), not yet made safe (``write`` does that)."""
    deal = s.deal
    rows: list[list[object]] = []
    for i, r in enumerate(s.players):
        p, h = r.player, r.hands
        expected: object = ""
        difference: object = ""
        if s.check is not None:
            expected = s.check.expected.get(p.name, 0)
            difference = r.won - s.check.expected.get(p.name, 0)
        rows.append(
            [
                source,
                deal.id or "",
                deal.game.name,
                _join(deal.board),
                p.name,
                p.seat,
                _join(p.hole),
                "yes" if p.folded else "no",
                _join(h.high.cards) if h else "",
                h.high.name if h else "",
                _join(h.low.cards) if h and h.low else "",
                h.low.name if h and h.low else "",
                (h.no_low or "") if h else "",
                "" if p.contributed is None else p.contributed,
                r.returned,
                r.won,
                expected,
                difference,
                "",
            ]
        )
        rows[-1] += _board_cells(s, p.name, i) if deal.boards else _NO_BOARDS
    return rows


def error_row(source: str, record_id: str | None, message: str) -> str:
    """The row of a record that could not be settled: the message as stderr has it (escaped, cut to a
    few hundred characters), and the record's id quoted as an error line quotes input (``bounds.short``)."""
    return write([error_cells(source, record_id, message)])


def error_cells(source: str, record_id: str | None, message: str) -> list[object]:
    """The cells of ``error_row`` (``HEADER``'s), not yet made safe."""
    cells: list[object] = [""] * len(HEADER)
    cells[0], cells[1] = source, short(record_id or "")
    cells[COLUMNS.index("error")] = error_line(message)
    return cells
