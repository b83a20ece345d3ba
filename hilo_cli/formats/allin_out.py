"""The all-in writer (issue 20, ``hilo check --all-in``): a hand's all-in lines and JSON object, and the
summary per player over every file read, as text or as one JSON line.

A hand's amounts are shown as its site writes money (``Currency``); the summary's, one way per currency
whatever the site (``allin.Unit``: ``$1.99``, ``€3.50``), chips as plain numbers. An expectation is a
fraction of a unit, shown to the cent (cash) or to two decimals of a chip (tournaments, play chips); JSON
gives the number, and the exact fraction where the run was exact, as ``hilo equity`` writes them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hilo_cli.allin import AllIn, Luck, Row, Unit
from hilo_cli.cards import TEXT, format_cards
from hilo_cli.formats import OutputFormat, jsonlib, schema_tag
from hilo_cli.formats.check_out import unlike_text
from hilo_cli.formats.safe import shown
from hilo_cli.formats.styled import Cards, Line
from hilo_cli.histories.base import Currency


def amount(value: Fraction | int, currency: Currency | None, sign: bool = False) -> str:
    """An amount (perhaps a fraction of a unit) as the site writes money; ``sign``: ``+`` before a gain."""
    value = Fraction(value)
    plus = "+" if sign and value > 0 else ""
    if currency is not None and currency.scale == 100:
        return plus + currency.show(round(value))
    if value.denominator == 1:
        return plus + (currency or Currency()).show(int(value))
    before, after = (currency.before, currency.after) if currency is not None else ("", "")
    minus = "-" if value < 0 else ""
    return f"{plus}{minus}{before}{abs(float(value)):,.2f}{after}"


def _exact(value: Fraction, exact: bool | None) -> str | None:
    return f"{value.numerator}/{value.denominator}" if exact else None


def _run(found: AllIn) -> str:
    if found.exact:
        return f"exact: {found.runouts:,} runouts"
    return (
        f"sampled: {found.runouts:,} runouts ({found.note})"
        if found.note
        else f"sampled: {found.runouts:,} runouts"
    )


def hand_lines(found: AllIn, currency: Currency | None) -> list[Line]:
    """The all-in lines of a hand's report, in parts (the board a piece of cards, for the report's look):
    the street, the board and the run, then a line per live player (equity, expected chips, what the pots
    paid, the difference); or why it is not computable."""
    board: Line = [", board ", Cards(format_cards(found.board))] if found.board else []
    if found.why is not None:
        return [[f"  all in {_street(found.street)}", *board, f": not computable: {found.why}"]]
    lines: list[Line] = [[f"  all in {_street(found.street)}", *board, f", {_run(found)}"]]
    for p in found.players:
        lines.append(
            [
                f"  {p.name}: equity {float(p.equity) * 100:.2f}%, expected "
                f"{amount(p.expected_chips, currency)}, paid {amount(p.won, currency)}, difference "
                f"{amount(p.difference, currency, sign=True)}"
            ]
        )
    return lines


def _street(street: str) -> str:
    if street == "stud":
        return "with stud cards to come"
    return "preflop" if street == "preflop" else f"on the {street}"


def hand_dict(found: AllIn | None) -> dict[str, Any] | None:
    """A hand's ``all_in`` object (``None``: not all in with cards to come)."""
    if found is None:
        return None
    return {
        "street": found.street,
        "board": [TEXT[c] for c in found.board],
        "runouts": found.runouts,
        "exact": found.exact,
        "note": found.note,
        "not_computable": found.why,
        "players": [
            {
                "name": p.name,
                "equity": float(p.equity),
                "expected_chips": float(p.expected_chips),
                "expected_chips_fraction": _exact(p.expected_chips, found.exact),
                "won": p.won,
                "difference": float(p.difference),
            }
            for p in found.players
        ],
    }


def added(
    found: AllIn | None, currency: Currency | None, fmt: OutputFormat
) -> tuple[list[Line], dict[str, Any] | None]:
    """What ``--all-in`` adds to a hand's output (``check_out.render``'s ``all_in``): the text lines, or
    the JSON object."""
    if fmt != "text":
        return [], hand_dict(found)
    return (hand_lines(found, currency) if found is not None else []), None


# -- the summary ------------------------------------------------------------------------------------------

HEAD = ("player", "currency", "hands", "all in", "chips won", "all-in adjusted", "difference")


def unit(u: Unit) -> str:
    """A row's unit for people: money by its code (USD), chips by the site that writes them (PokerStars
    chips; plain chips where no reader read the hands)."""
    if u.code is not None:
        return u.code
    if u.site is None:
        return "chips"
    from hilo_cli.histories import PLUGINS

    titles = {plugin.name: plugin.title for plugin in PLUGINS}
    return f"{titles.get(u.site, u.site)} chips"


def _cells(row: Row) -> tuple[str, ...]:
    c = row.unit.currency
    return (
        shown(row.name),
        shown(unit(row.unit)),
        f"{row.hands:,}",
        f"{row.all_in:,}",
        amount(row.won, c),
        amount(row.adjusted, c),
        amount(row.difference, c, sign=True),
    )


def summary_text(luck: Luck) -> str:
    """The closing summary: the counts, then a row per player and unit (currency, or a site's chips)
    in a table."""
    why = "; ".join(f"{shown(k)}: {n:,}" for k, n in sorted(luck.why.items()))
    hands = f"{luck.hands:,} hand{'' if luck.hands == 1 else 's'}"
    lines = [
        f"all-in summary: {hands}, {luck.all_in:,} all in with cards to come, "
        f"{luck.not_computable:,} not computable" + (f" ({why})" if why else "")
    ]
    rows = [HEAD, *(_cells(r) for r in luck.rows())]
    if len(rows) == 1:
        lines.append(
            "no hands of " + ", ".join(map(shown, luck.shown())) if luck.shown() else "no hands"
        )
        return "\n".join(lines) + "\n"
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEAD))]
    for r in rows:
        cells = [r[0].ljust(widths[0]), r[1].ljust(widths[1])]
        cells += [cell.rjust(w) for cell, w in zip(r[2:], widths[2:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    if any(not r.exact for r in luck.rows()):
        lines.append("(some all-in pots were sampled: their expectations are estimates)")
    # A row starts with a name: a player named "OK: ..." must not pass for a verdict.
    return unlike_text("\n".join(lines)) + "\n"


def summary_dict(luck: Luck) -> dict[str, Any]:
    """The summary as the JSON line's ``all_in_summary`` object."""
    players = []
    for r in luck.rows():
        players.append(
            {
                "name": r.name,
                "currency": r.unit.currency._asdict(),
                "unit": unit(r.unit),
                "money": r.unit.code is not None,
                "site": r.unit.site,
                "hands": r.hands,
                "all_in": r.all_in,
                "won": r.won,
                "adjusted": float(r.adjusted),
                "adjusted_fraction": f"{r.adjusted.numerator}/{r.adjusted.denominator}",
                "difference": float(r.difference),
                "difference_fraction": f"{r.difference.numerator}/{r.difference.denominator}",
                "exact": r.exact,
            }
        )
    return {
        "hands": luck.hands,
        "all_in": luck.all_in,
        "not_computable": luck.not_computable,
        "not_computable_why": dict(sorted(luck.why.items())),
        "hero": luck.hero(),
        "players": players,
    }


def summary(luck: Luck, fmt: OutputFormat) -> bytes:
    """The summary in ``fmt``: text (also for CSV, written apart), or one JSON line."""
    if fmt == "json":
        return jsonlib.dumps_line(
            {"all_in_summary": summary_dict(luck), "schema": schema_tag("allin-summary")}
        )
    return summary_text(luck).encode("utf-8")
