"""Equity results as a text table, the JSON contract and CSV; and equity for one batch record.

The JSON contract (add fields, never rename): ``{"game", "board", "dead", "exact", "runouts", "seed",
"players": [{"name", "equity", "equity_fraction", "expected_chips", "expected_chips_fraction", "scoop",
"high_win", "high_tie", "low_win", "low_tie", "quartered"}], "pots": [{"name", "amount", "eligible",
"expected_chips", "expected_chips_fraction"}], "returned", "no_low"}``. Chances and equity are numbers
from 0 to 1; ``_fraction`` fields are exact ``"n/d"`` text (exact runs only, else null); a sampled run
adds ``"se"`` (the standard error of each figure) to each player and pot and ``no_low_se``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import floor, log10
from typing import Any

from hilo_cli.bounds import MAX_SAMPLES, within
from hilo_cli.cards import TEXT, Card, parse_cards
from hilo_cli.equity import Equity, equity
from hilo_cli.errors import CardError, HiloError, InputError
from hilo_cli.formats import jsonlib
from hilo_cli.formats.records import DEFAULTS, Defaults, deal_from_record
from hilo_cli.games import game

_CHANCES = ("scoop", "high_win", "high_tie", "low_win", "low_tie", "quartered")
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
    players = []
    in_pots = float(sum(pot.amount for pot in e.pots))
    for p in e.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "equity": float(p.equity),
            "equity_fraction": _exact(p.equity, e.exact),
            "expected_chips": _number(p.expected_chips),
            "expected_chips_fraction": _exact(p.expected_chips, e.exact),
        }
        for k in _CHANCES:
            entry[k] = _number(getattr(p, k))
        if p.se is not None:
            entry["se"] = p.se
            found = {
                k: bounds_95(entry[k], se, e.runouts, in_pots if k == "expected_chips" else 1.0)
                for k, se in p.se.items()
            }
            if any(found.values()):
                entry["bound_95"] = {k: b for k, b in found.items() if b}
        players.append(entry)
    pots = []
    for pot in e.pots:
        item: dict[str, Any] = {
            "name": pot.name,
            "amount": pot.amount,
            "eligible": list(pot.eligible),
            "expected_chips": {n: float(v) for n, v in pot.expected_chips.items()},
            "expected_chips_fraction": {
                n: _exact(v, e.exact) for n, v in pot.expected_chips.items()
            },
        }
        if pot.se is not None:
            item["se"] = pot.se
            found = {
                n: bounds_95(float(pot.expected_chips[n]), se, e.runouts, pot.amount)
                for n, se in pot.se.items()
            }
            if any(found.values()):
                item["bound_95"] = {n: b for n, b in found.items() if b}
        pots.append(item)
    out: dict[str, Any] = {
        "id": e.deal.id,
        "game": e.deal.game.name,
        "board": _text(e.deal.board),
        "dead": _text(e.dead),
        "exact": e.exact,
        "runouts": e.runouts,
        "seed": e.seed,
        "players": players,
        "pots": pots,
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
    return out


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


def equity_text(e: Equity, where: str | None = None, note: str | None = None) -> str:
    """A table a player reads at a glance: one row per live player, then the pots and the no-low chance.
    ``note`` (a batch's: its records have no stderr of their own) goes under the line that says how the
    runouts were dealt. Several boards (RULES §12): the whole first (equity and expected chips), then a
    table per board (its expected chips and its chances)."""
    deal = e.deal
    if e.boards:
        head = [deal.game.title, _rule(e)]
    else:
        head = [deal.game.title] + (
            [_board(deal.board, deal.game.board_cards)] if deal.game.board_cards else []
        )
    hidden = _hidden(e)
    if hidden:
        head.append("hidden: " + ", ".join(f"{name} {k}" for name, k in hidden.items()))
    if e.dead:
        head.append(f"dead {' '.join(_text(e.dead))}")
    if deal.id is not None or where:
        head.insert(
            0,
            " ".join(x for x in (where or "", f"id {deal.id}" if deal.id is not None else "") if x),
        )
    lines = [
        "   ".join(head),
        _how(e),
    ]  # the parts of the head spaced as a showdown report spaces them
    if note:
        lines.append(f"note: {note}")
    lines += _table(e, not e.boards or deal.multi_board == "either")  # §12.4: one division
    n = 0 if e.exact else e.runouts
    for pot in e.pots:
        shares = ", ".join(
            f"{name} {_chips(v, (pot.se or {}).get(name), n, pot.amount)}"
            for name, v in pot.expected_chips.items()
        )
        lines.append(f"{pot.name} {pot.amount}: {shares}")
    for name, chips in e.returned.items():
        lines.append(f"returned to {name}: {chips} (uncalled)")
    for b, one in enumerate(e.boards, 1):
        lines += [
            "",
            f"board {b}: {_board(one.deal.board, deal.game.board_cards)[6:]}; {_how(one)}",
            *_table(one, True),
        ]
    if not e.exact and any(
        c[:1] in "<>" for line in lines[2:] for c in line.replace(": ", " ").split()
    ):
        count = f"{e.runouts:,} runouts" if not e.boards else "runouts of each board"
        lines.append(
            f"<b, >b: never (or in every one) seen in the {count} sampled; b bounds the figure at 95% "
            "(the rule of three: 3/n)"
        )
    return "\n".join(lines) + "\n"


def _hidden(e: Equity) -> dict[str, int]:
    """The hole cards still hidden, by live player (stud's cards to come, ``??``, ``random``)."""
    deal = e.deal
    return {
        p.name: deal.game.hole_cards - len(p.hole or ())
        for p in deal.players
        if not p.folded and len(p.hole or ()) < deal.game.hole_cards
    }


def hide(record: dict[str, Any], game_name: object) -> dict[str, Any]:
    """A record whose live hands may hide cards, as ``equity`` takes it: ``??`` for each card not seen
    (``"As 2s ?? ??"``), ``random`` for a hand not seen at all; in stud, a hand's cards still to come
    need no ``??``. The hidden cards are left out of ``hole`` (``equity`` deals them). An Omaha hand of
    fewer cards than the game deals without ``??`` for the rest is bad input, as in a showdown."""
    g = game(game_name)
    players = record.get("players")
    if not isinstance(players, list):
        return record
    out = []
    for p in players:
        hole = p.get("hole") if isinstance(p, Mapping) else None
        if not isinstance(hole, str) or p.get("folded") is True:
            out.append(p)
            continue
        tokens = hole.replace(",", " ").split()
        if [t.lower() for t in tokens] == ["random"]:
            out.append({**p, "hole": ""})
            continue
        known = [t for t in tokens if t != "??"]
        if "??" in tokens and (
            len(tokens) > g.hole_cards if g.hole_used is None else len(tokens) != g.hole_cards
        ):
            raise InputError(
                f"player {p.get('name')} has {len(tokens)} hole cards with ??; {g.name} deals "
                f"{g.hole_cards}"
            )
        if "??" not in tokens and g.hole_used is not None:
            if 0 < len(tokens) < g.hole_cards:
                raise InputError(
                    f"player {p.get('name')} has {len(tokens)} hole cards; {g.name} deals "
                    f"{g.hole_cards} (?? for each card not seen, or random)"
                )
            out.append(p)  # all shown: the showdown checks apply
            continue
        out.append({**p, "hole": " ".join(known)})
    return {**record, "players": out}


def _board(board: tuple[Card, ...], cards: int) -> str:
    to_come = cards - len(board)
    return f"board {' '.join(_text(board)) or 'none'}" + (
        f" ({to_come} to come)" if to_come else ""
    )


def _how(e: Equity) -> str:
    if e.exact:
        return f"exact: {e.runouts:,} runout{'s' if e.runouts != 1 else ''}"
    return f"sampled: {e.runouts:,} runouts (seed {e.seed}), ± one standard error"


def _table(e: Equity, chances: bool) -> list[str]:
    """The players' table, with the chances (a single board's) or without (the whole of several)."""
    columns = ["equity", "expected"] if e.money else ["equity"]
    if chances:
        columns += ["scoop", "high win", "high tie"]
        if e.deal.game.split:
            columns += ["low win", "low tie", "quartered"]
    header = ["player", *columns]
    rows = [header, *_player_rows(e, chances)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [
        "  ".join(
            [r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
        ).rstrip()
        for r in rows
    ]
    if chances and e.no_low is not None:
        lines.append(
            f"no qualifying low for anyone: {_pct(e.no_low, e.no_low_se, 0 if e.exact else e.runouts)} "
            "of runouts"
        )
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
        row = [p.name, _pct(p.equity, se.get("equity"), n)]
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
    """One CSV row per live player (``CSV_COLUMNS``)."""
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for p in e.players:
        se = p.se or {}
        writer.writerow(
            [
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
        )
    return buffer.getvalue()


def wants_equity(record: object, defaults: Defaults = DEFAULTS) -> bool:
    """True for a batch record that asks for equity: ``"equity": true``, or a board of fewer cards than
    its game deals, in a board game with two or more live players (a record with a full board stays a
    showdown, and so does a lone live hand, which wins whatever is to come, and a record with
    ``expected`` amounts to check, whose short board is then reported). The game is the record's
    own or ``defaults.game`` (``hilo batch --game``): a stud record's empty board is no board at all."""
    if not isinstance(record, Mapping):
        return False
    if record.get("equity") is True:
        return True
    if record.get("expected") is not None:
        # Amounts to check are a showdown's: a board short of cards there is a mistake to report (exit 2),
        # never an equity run that drops the check and exits 0.
        return False
    board = record.get("board")
    if not isinstance(board, str | list) or "boards" in record:
        return False
    try:
        count = len(parse_cards(board))
        board_cards = game(record.get("game", defaults.game)).board_cards
    except (HiloError, TypeError):
        return False  # the showdown path says what is wrong with it
    if count >= board_cards:
        return False
    # A lone live hand wins with the board as it stands (RULES §7): that is a showdown, not a runout.
    players = record.get("players")
    live = (
        [p for p in players if not (isinstance(p, Mapping) and p.get("folded") is True)]
        if isinstance(players, list)
        else []
    )
    return len(live) > 1


def equity_from_record(record: object, defaults: Defaults = DEFAULTS) -> Equity:
    """Equity for one record of the JSON schema, with optional ``dead`` (cards), ``samples``, ``seed``
    and ``exact`` fields; a missing board means nothing dealt yet."""
    if not isinstance(record, Mapping):
        raise InputError(f"a deal must be a JSON object, not {type(record).__name__}")
    fields = dict(record)
    if "boards" not in fields:
        fields.setdefault("board", "")
    dead_raw = fields.get("dead", "")
    if not isinstance(dead_raw, str | list):
        raise InputError("dead must be card text or a list of cards")
    try:
        dead = parse_cards(dead_raw)
    except CardError as e:
        raise CardError(f"dead: {e.message}") from None
    samples, seed, exact = fields.get("samples"), fields.get("seed"), fields.get("exact", False)
    for name, value in (("samples", samples), ("seed", seed)):
        if value is not None and (
            type(value) is not int or value < (1 if name == "samples" else 0)
        ):
            raise InputError(
                f"{name} is {value!r}: a whole number, at least {1 if name == 'samples' else 0}"
            )
    if samples is not None:
        within(samples, "samples", MAX_SAMPLES)  # a billion: a tiny record never runs for years
    if type(exact) is not bool:
        raise InputError("exact must be true or false")
    # As hilo equity's --exact/--samples/--seed: a field that cannot take effect is bad input, not ignored.
    if exact and samples is not None:
        raise InputError("exact and samples ask for different runs; give one")
    if seed is not None and samples is None:
        raise InputError("seed goes with samples (an exact run deals every board)")
    if fields.get("expected") is not None:
        raise InputError(
            "expected amounts are checked against a showdown, and this record asks for equity: "
            "give the whole board, or leave expected out"
        )
    fields = hide(fields, fields.get("game", defaults.game))
    return equity(deal_from_record(fields, defaults), dead, samples, seed, exact)


def render(e: Equity, fmt: str, where: str = "") -> bytes:
    """One record's output for ``hilo batch``: a JSON line (with ``source``, as a showdown's) or the text
    table. CSV has no room for it: a batch's CSV has the showdown's columns, so an equity record there
    is an ``InputError`` that says so (``hilo equity --format csv`` writes equity CSV). A record that
    asked for exact but was sampled, exact being too slow, says why in its own output (``note``), as
    ``hilo equity`` does on stderr."""
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
    return (equity_text(e, where, note) + "\n").encode()
