"""Equity written as a text table, the JSON contract and CSV: ``hilo equity``'s, a batch record's.

The JSON contract (add fields, never rename): ``{"game", "board", "dead", "exact", "runouts", "seed",
"players": [{"name", "equity", "equity_fraction", "expected_chips", "expected_chips_fraction", "scoop",
"high_win", "high_tie", "low_win", "low_tie", "quartered"}], "pots": [{"name", "amount", "eligible",
"expected_chips", "expected_chips_fraction"}], "returned", "no_low"}``. Chances and equity are numbers
from 0 to 1; ``_fraction`` fields are exact ``"n/d"`` text (exact runs only, else null); a sampled run
adds ``"se"`` (the standard error of each figure) to each player and pot and ``no_low_se``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import floor, log10
from typing import Any

from hilo_cli.cards import TEXT, Card, format_cards
from hilo_cli.equity import Equity, PlayerEquity, PotEquity
from hilo_cli.errors import InputError
from hilo_cli.formats import jsonlib, schema_tag
from hilo_cli.formats.safe import csv_cell, shown
from hilo_cli.formats.styled import PLAIN, Cards, Line, Look

_CHANCES = ("scoop", "high_win", "high_tie", "low_win", "low_tie", "quartered")
_SCHEMA = schema_tag("equity")  # the schema field (added in 0.1.0, issue 30)
CSV_COLUMNS = (
    "source",
    "id",
    "game",
    "board",
    "dead",
    "exact",
    "runouts",
    "name",
    "equity",
    "equity_fraction",
    "expected_chips",
    "expected_chips_fraction",
    *_CHANCES,
    "no_low",
    "equity_se",
    "expected_chips_se",
)


def _text(cards: tuple[Card, ...]) -> list[str]:
    return [TEXT[c] for c in cards]


def _exact(value: Fraction | None, exact: bool) -> str | None:
    return f"{value.numerator}/{value.denominator}" if value is not None and exact else None


def _number(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def equity_dict(e: Equity) -> dict[str, Any]:
    """The contract object for one equity run."""
    in_pots = float(sum(pot.amount for pot in e.pots))
    out: dict[str, Any] = {
        "id": e.deal.id,
        "game": e.deal.game.name,
        "board": _text(e.deal.board),
        "dead": _text(e.dead),
        "exact": e.exact,
        "runouts": e.runouts,
        "seed": e.seed,
        "players": [_player_dict(e, p, in_pots) for p in e.players],
        "pots": [_pot_dict(e, pot) for pot in e.pots],
        "returned": e.returned,
        "no_low": _number(e.no_low),
    }
    if _hidden(e):
        out["hidden"] = _hidden(e)
    if e.boards:
        out.update(_several(e))
    if e.no_low_se is not None:
        out["no_low_se"] = e.no_low_se
        bound = bounds_95(out["no_low"], e.no_low_se, e.runouts, 1.0)
        if bound:
            out["no_low_bound_95"] = bound
    out["schema"] = _SCHEMA
    return out


def _player_dict(e: Equity, p: PlayerEquity, in_pots: float) -> dict[str, Any]:
    """One live player's figures (``in_pots``: the chips in all the pots, the most expected)."""
    entry: dict[str, Any] = {
        "name": p.name,
        "equity": float(p.equity),
        "equity_fraction": _exact(p.equity, e.exact),
        "expected_chips": _number(p.expected_chips),
        "expected_chips_fraction": _exact(p.expected_chips, e.exact),
    }
    for k in _CHANCES:
        entry[k] = _number(getattr(p, k))
    for r in e.ranges:
        if r.name == p.name:
            entry["range"], entry["combinations"] = r.text, r.combinations
    if p.se is not None:
        _sampled(entry, p.se, e.runouts, lambda k: in_pots if k == "expected_chips" else 1.0)
    return entry


def _pot_dict(e: Equity, pot: PotEquity) -> dict[str, Any]:
    """One pot: its chips, who may win it, and each eligible player's expected chips from it."""
    item: dict[str, Any] = {
        "name": pot.name,
        "amount": pot.amount,
        "eligible": list(pot.eligible),
        "expected_chips": {n: float(v) for n, v in pot.expected_chips.items()},
        "expected_chips_fraction": {n: _exact(v, e.exact) for n, v in pot.expected_chips.items()},
    }
    if pot.se is not None:
        _sampled(item, pot.se, e.runouts, lambda _: pot.amount, item["expected_chips"])
    return item


def _sampled(
    entry: dict[str, Any],
    se: dict[str, float],
    n: int,
    most: Callable[[str], float],
    values: dict[str, float] | None = None,
) -> None:
    """A sampled run's standard errors (``se``, by figure) into ``entry``, and ``bound_95`` for the
    figures the ``n`` samples never moved (``bounds_95``; ``most(k)``, the greatest value of figure
    ``k``); the values are ``entry``'s own, or ``values``."""
    entry["se"] = se
    values = entry if values is None else values
    found = {k: bounds_95(values[k], s, n, most(k)) for k, s in se.items()}
    if any(found.values()):
        entry["bound_95"] = {k: b for k, b in found.items() if b}


def _several(e: Equity) -> dict[str, Any]:
    """The fields of a deal on several boards: each board's cards and run, and ``multi_board`` when
    it is either (RULES §12.4; each, §12.2, is the default)."""
    either = {"multi_board": "either"} if e.deal.multi_board == "either" else {}
    return {
        **either,
        "boards": [_text(b.deal.board) for b in e.boards],
        "by_board": [equity_dict(b) for b in e.boards],
    }


def _rule(e: Equity) -> str:
    """How the pots of several boards are divided (RULES §12)."""
    if e.deal.multi_board == "either":
        return (
            f"{len(e.boards)} boards, the best high and best low over either board (RULES §12.4); "
            "each board's table is that board alone"
        )
    return f"{len(e.boards)} boards, each its share of every pot (RULES §12.2)"


def _decimals(se: float) -> int:
    """Decimals that show a standard error to two significant digits (two at least)."""
    return 2 if se <= 0 else max(2, 1 - floor(log10(se)))


def _figure(value: float, se: float | None, n: int, most: float, unit: str) -> str:
    """A figure, with its standard error in a sampled run (``n`` runouts) to two significant digits and the
    value to the same decimals. A figure the samples never moved from 0 (or from ``most``, its greatest
    value) has a standard error of 0 that says nothing: it is shown as a bound instead, ``<b`` (``>b``),
    by the rule of three (an event not seen in ``n`` samples has a chance below 3/n, at 95%)."""
    if se is None:
        return f"{value:.2f}{unit}"
    if se == 0 and n and (value == 0 or value == most):
        bound = most * min(3 / n, 1)
        places = _decimals(bound)
        return f"<{bound:.{places}f}{unit}" if value == 0 else f">{most - bound:.{places}f}{unit}"
    places = _decimals(se)
    return f"{value:.{places}f}{unit} ±{se:.{places}f}"


def _pct(value: Fraction | None, se: float | None = None, n: int = 0) -> str:
    if value is None:
        return "-"
    return _figure(float(value) * 100, None if se is None else se * 100, n, 100.0, "%")


def _chips(value: Fraction, se: float | None = None, n: int = 0, most: int | Fraction = 0) -> str:
    return _figure(float(value), se, n, float(most), "")


def bounds_95(value: float, se: float, n: int, most: float) -> list[float] | None:
    """The 95% interval of a sampled figure that never moved from 0 or from ``most`` (its standard error
    0): ``[0, 3/n × most]`` or ``[most - 3/n × most, most]``, the rule of three; ``None`` otherwise."""
    if se != 0 or not n or value not in (0, most):
        return None
    bound = most * min(3 / n, 1)
    return [0.0, bound] if value == 0 else [most - bound, most]


def equity_text(
    e: Equity, where: str | None = None, note: str | None = None, look: Look = PLAIN
) -> str:
    """A table a player reads at a glance: one row per live player, then the pots and the no-low chance.
    ``note`` (a batch's: its records have no stderr of their own) goes under the line that says how the
    runouts were dealt. Several boards (RULES §12): the whole first (equity and expected chips), then a
    table per board (its expected chips and its chances). Written in ``look`` (``formats.styled``): the
    cards styled as cards, names and the rest as data, escaped."""
    lines: list[Line] = [_head(e, where), [_how(e)]]
    if note:
        lines.append([f"note: {note}"])
    lines += _table(e, not e.boards or e.deal.multi_board == "either")  # §12.4: one division
    n = 0 if e.exact else e.runouts
    for pot in e.pots:
        shares = ", ".join(
            f"{name} {_chips(v, (pot.se or {}).get(name), n, pot.amount)}"
            for name, v in pot.expected_chips.items()
        )
        lines.append([f"{pot.name} {pot.amount}: {shares}"])
    for name, chips in e.returned.items():
        lines.append([f"returned to {name}: {chips} (uncalled)"])
    for b, one in enumerate(e.boards, 1):
        board = _board_cards(one.deal.board, e.deal.game.board_cards)
        lines += [[""], [f"board {b}: ", *board, f"; {_how(one)}"], *_table(one, True)]
    if not e.exact and any(
        c[:1] in "<>" for line in lines[2:] for c in "".join(line).replace(": ", " ").split()
    ):
        count = f"{e.runouts:,} runouts" if not e.boards else "runouts of each board"
        lines.append(
            [
                f"<b, >b: never (or in every one) seen in the {count} sampled; b bounds the figure at "
                "95% (the rule of three: 3/n)"
            ]
        )
    return look.text(lines)


def _head(e: Equity, where: str | None) -> Line:
    """The first line: where the record came from and its id, the game, the board (or how many boards),
    the hidden cards and the dead cards, spaced as a showdown report spaces them."""
    deal = e.deal
    head: list[Line] = [[deal.game.title]]
    if e.boards:
        head.append([_rule(e)])
    elif deal.game.board_cards:
        head.append(["board ", *_board_cards(deal.board, deal.game.board_cards)])
    if e.ranges:
        head.append(
            [
                "ranges: "
                + "; ".join(
                    f"{shown(r.name)} {shown(r.text)} ({r.combinations:,} hand"
                    f"{'s' if r.combinations != 1 else ''})"
                    for r in e.ranges
                )
            ]
        )
    hidden = _hidden(e)
    if hidden:
        head.append(["hidden: " + ", ".join(f"{name} {k}" for name, k in hidden.items())])
    if e.dead:
        head.append(["dead ", Cards(format_cards(e.dead))])
    if deal.id is not None or where:
        found = (where or "", f"id {deal.id}" if deal.id is not None else "")
        head.insert(0, [" ".join(x for x in found if x)])
    line: Line = []
    for k, part in enumerate(head):
        line += ["   ", *part] if k else part
    return line


def _hidden(e: Equity) -> dict[str, int]:
    """The hole cards still hidden, by live player (stud's cards to come, ``??``, ``random``)."""
    deal = e.deal
    ranged = {r.name for r in e.ranges}
    return {
        p.name: deal.game.hole_cards - len(p.hole or ())
        for p in deal.players
        if not p.folded and len(p.hole or ()) < deal.game.hole_cards and p.name not in ranged
    }


def _board_cards(board: tuple[Card, ...], cards: int) -> Line:
    """A board's known cards (``none`` before any), and how many are to come."""
    to_come = cards - len(board)
    return [Cards(format_cards(board)) if board else "none"] + (
        [f" ({to_come} to come)"] if to_come else []
    )


def _how(e: Equity) -> str:
    if e.exact:
        return f"exact: {e.runouts:,} runout{'s' if e.runouts != 1 else ''}"
    return f"sampled: {e.runouts:,} runouts (seed {e.seed}), ± one standard error"


def _table(e: Equity, chances: bool) -> list[Line]:
    """The players' table, with the chances (a single board's) or without (the whole of several)."""
    columns = ["equity", "expected"] if e.money else ["equity"]
    if chances:
        columns += ["scoop", "high win", "high tie"]
        if e.deal.game.split:
            columns += ["low win", "low tie", "quartered"]
    header = ["player", *columns]
    rows = [header, *_player_rows(e, chances)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines: list[Line] = [
        [
            "  ".join(
                [r[0].ljust(widths[0])]
                + [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
            ).rstrip()
        ]
        for r in rows
    ]
    if chances and e.no_low is not None:
        chance = _pct(e.no_low, e.no_low_se, 0 if e.exact else e.runouts)
        lines.append([f"no qualifying low for anyone: {chance} of runouts"])
    return lines


def _player_rows(e: Equity, chances: bool = True) -> list[list[str]]:
    """A text row of figures per live player; a sampled run's with their standard errors or bounds."""
    n = 0 if e.exact else e.runouts
    in_pots = (
        sum(pot.amount for pot in e.pots)
        if e.pots
        else sum(p.expected_chips or 0 for p in e.players)
    )
    rows = []
    for p in e.players:
        se = p.se or {}
        row = [shown(p.name), _pct(p.equity, se.get("equity"), n)]  # as written: widths line up
        if e.money:
            assert p.expected_chips is not None
            row.append(_chips(p.expected_chips, se.get("expected_chips"), n, in_pots))
        if chances:
            for k in _CHANCES[:3] + (_CHANCES[3:] if e.deal.game.split else ()):
                row.append(_pct(getattr(p, k), se.get(k), n))
        rows.append(row)
    return rows


def csv_header() -> str:
    return ",".join(CSV_COLUMNS) + "\n"


def equity_rows(e: Equity, where: str = "") -> str:
    """One CSV row per live player (``CSV_COLUMNS``), no cell a spreadsheet would run as a formula and
    no name's control character raw (``safe.csv_cell``, as a showdown's CSV)."""
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for p in e.players:
        se = p.se or {}
        row = [
            where,
            e.deal.id or "",
            e.deal.game.name,
            " ".join(_text(e.deal.board)),
            " ".join(_text(e.dead)),
            "true" if e.exact else "false",
            e.runouts,
            p.name,
            float(p.equity),
            _exact(p.equity, e.exact) or "",
            "" if p.expected_chips is None else float(p.expected_chips),
            _exact(p.expected_chips, e.exact) or "",
            *["" if getattr(p, k) is None else float(getattr(p, k)) for k in _CHANCES],
            "" if e.no_low is None else float(e.no_low),
            se.get("equity", ""),
            se.get("expected_chips", ""),
        ]
        writer.writerow([csv_cell(cell) for cell in row])
    return buffer.getvalue()


def render(e: Equity, fmt: str, where: str = "", look: Look = PLAIN) -> bytes:
    """One record's output for ``hilo batch``: a JSON line (with ``source``, as a showdown's) or the text
    table. CSV has no room for it: a batch's CSV has the showdown's columns, so an equity record there
    is an ``InputError`` that says so (``hilo equity --format csv`` writes equity CSV). A record that
    asked for exact but was sampled, exact being too slow, says why in its own output (``note``), as
    ``hilo equity`` does on stderr. The text is written in ``look`` (``formats.styled``), plain unless
    given."""
    note = f'{e.note} ("exact": true to insist)' if e.note else None
    if fmt == "json":
        result = equity_dict(e)
        result["source"] = where
        if note:
            result["note"] = note
        return jsonlib.dumps_line(result)
    if fmt == "csv":
        raise InputError(
            "equity has its own CSV columns, not a showdown's: use --format json or text for a batch "
            "with equity records, or hilo equity --format csv"
        )
    return (equity_text(e, where, note, look) + "\n").encode()
