"""The check writer: one checked hand as text (a floor decision, verdict first), a JSON Lines object (the
showdown contract plus ``check``) or CSV rows (the batch columns plus ``verdict``, ``why`` and
``currency``, the board columns, then ``kind``; every row as wide as the header: ``CSV_COLUMNS``), and
the values a check gives (``Verdict``, ``PotDifference``), which ``checking`` works out.

Names, hand ids and file names are data: in text and CSV every line and cell is escaped (``safe``), so a
name holding a newline, an escape sequence or a bidi override cannot write a line of its own or forge a
verdict; JSON keeps them as they are. The reasons (``why``) name players raw, for JSON: each writer
escapes them as it writes. Amounts are shown as the history's site writes money (``money``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from hilo_cli.errors import where
from hilo_cli.formats import OutputFormat, csv_out, json_out, jsonlib, schema_tag, text_out
from hilo_cli.formats.styled import PLAIN, Alarm, Doubt, Good, Line, Look, Piece
from hilo_cli.formats.verdicts import Kind
from hilo_cli.histories import HandRecord
from hilo_cli.histories.base import Currency
from hilo_cli.showdown import Settlement

Status = Literal["ok", "mismatch", "not-checkable", "error"]
VERDICTS: dict[Status, str] = {
    "ok": "OK",
    "mismatch": "MISMATCH",
    "not-checkable": "NOT CHECKABLE",
    "error": "ERROR",
}
# The batch columns, then the check's own (a column keeps its place once written: ``currency`` and the
# board columns came later, so they come after ``verdict`` and ``why``). Every row has every column.
CHECK_COLUMNS = ("verdict", "why", "currency")
_CHECK = schema_tag("check")
# Issue 28: what differs from RULES.md (``Verdict.kind``), after the board columns, which keep their places.
KIND_COLUMNS = ("kind",)
CSV_COLUMNS = (*csv_out.COLUMNS, *CHECK_COLUMNS, *csv_out.BOARD_COLUMNS, *KIND_COLUMNS)
_BASE = len(csv_out.COLUMNS)


class PotDifference(NamedTuple):
    """One pot the history paid differently: what each player collected from it, and what the cards and
    the rules give each (players with nothing left out)."""

    pot: str
    recorded: dict[str, int]
    recomputed: dict[str, int]
    half: str | None = (
        None  # "high" or "low" where the site tags each half (``None``: the pot whole)
    )


class RakeNote(NamedTuple):
    """The rake of a hand whose site prints none (issue 29): ``derived`` (what was not paid out), ``rule``
    (what the site's published rule gives; ``None``: not known, so not checked), and the verdict's
    ``note``."""

    derived: int
    rule: int | None
    note: str


class Verdict(NamedTuple):
    """The check of one hand. ``differences`` maps each player whose amount differs to ``(recorded,
    recomputed)`` in the terms of ``basis`` (``finishing stack`` or ``won``). ``pots``: for a MISMATCH of
    a history with a line per pot, each pot that differs (``None``: the history has no per-pot lines).
    ``site``: where the history's own lines disagree (a MISMATCH whatever the payout). ``depth``: how deep
    the record let the check go (``per half``, ``per pot``, ``per player``)."""

    status: Status
    why: str
    basis: str
    differences: dict[str, tuple[int, int]]
    pots: tuple[PotDifference, ...] | None = None
    site: str | None = None
    depth: str = "per player"
    practice: str | None = None  # issue 28: the odd chips were paid by this practice, not RULES §4
    rake: RakeNote | None = None  # issue 29: the rake of a site that prints none, and its rule's

    @property
    def kind(self) -> Kind | None:
        """What differs from RULES.md (issue 28), decided here alone: ``site`` (the history's own lines
        disagree), ``odd-chips`` (only the odd chips, paid by ``practice``: a MISMATCH, or OK where it
        is the site's own practice), ``payout`` (a payout no rule gives); ``None``: nothing differs."""
        if self.site:
            return "site"
        if self.practice:
            return "odd-chips"
        return "payout" if self.status == "mismatch" else None


def money(record: HandRecord) -> Callable[[int], str]:
    """How to show an amount of ``record`` to people: as its site writes money (``$3.99``), or as units."""
    return record.currency.show if record.currency is not None else str


# The start of a verdict line: no other line of the text report may begin so (``_unlike``).
VERDICT_STARTS = tuple(f"{word}:" for word in VERDICTS.values())
_VERDICT_LETTERS = ("", *{word[0] for word in VERDICTS.values()})


def _label(record: HandRecord) -> str:
    return where(record.source, record.line) + (
        f" hand {record.id}" if record.id is not None else ""
    )


_VERDICT_KINDS: dict[Status, type[Piece]] = {
    "ok": Good,
    "mismatch": Alarm,
    "not-checkable": Doubt,
    "error": Alarm,
}


def verdict_text(record: HandRecord, verdict: Verdict, look: Look = PLAIN) -> str:
    """The verdict line, one line per differing player, and for a MISMATCH one per differing pot: each
    line escaped (``safe.shown``), the verdict word styled by ``look``."""
    return look.text(_verdict_lines(record, verdict))


def _verdict_lines(record: HandRecord, verdict: Verdict) -> list[Line]:
    show = money(record)
    head: Line = [
        _VERDICT_KINDS[verdict.status](VERDICTS[verdict.status]),
        f": {_label(record)}: {verdict.why}",
    ]
    if verdict.depth == "per player" and verdict.status in ("ok", "mismatch"):
        head.append(" (checked: per player totals)")  # never claim more than the record allows
    lines = [head]
    if record.first_skipped is not None:
        line, text = record.first_skipped
        one = record.skipped == 1
        lines.append(
            [
                f"  skipped {record.skipped} line{'' if one else 's'} that "
                f"{'moves' if one else 'move'} no chips and {'deals' if one else 'deal'} no cards "
                f"(the first, line {line}: {text!r})"
            ]
        )
    for name, (recorded, recomputed) in verdict.differences.items():
        change = recomputed - recorded
        lines.append(
            [
                f"  {name}: recorded {verdict.basis} {show(recorded)}, the cards and the rules give "
                f"{show(recomputed)} ({'+' if change > 0 else ''}{show(change)})"
            ]
        )
    if verdict.status == "mismatch":
        for pot in verdict.pots or ():
            half = f" {pot.half} half" if pot.half else ""
            lines.append(
                [
                    f"  {pot.pot}{half}: recorded {_paid(pot.recorded, show)}; the cards and the rules give "
                    f"{_paid(pot.recomputed, show)}"
                ]
            )
    return lines


def _paid(amounts: dict[str, int], show: Callable[[int], str]) -> str:
    return ", ".join(f"{name} {show(amount)}" for name, amount in amounts.items()) or "nothing"


def _check_dict(
    record: HandRecord, verdict: Verdict, settled: dict[str, Any] | None
) -> dict[str, Any]:
    out: dict[str, Any] = dict(settled.get("check") or {}) if settled is not None else {}
    out["ok"] = {"ok": True, "mismatch": False}.get(verdict.status)
    out["verdict"] = VERDICTS[verdict.status]
    out["why"] = verdict.why
    out["basis"] = verdict.basis
    differences = out.get("differences") or {}
    for name, (recorded, recomputed) in verdict.differences.items():
        differences.setdefault(name, {}).update({"recorded": recorded, "recomputed": recomputed})
    out["differences"] = differences
    # Added for issue 11: the pots paid differently (a MISMATCH; null where the history prints no per-pot
    # lines) and the history's own inconsistency.
    pots = verdict.pots if verdict.status == "mismatch" or verdict.pots is None else ()
    out["pots"] = None if pots is None else [p._asdict() for p in pots]
    out["site_inconsistency"] = verdict.site
    # Added for issue 17: how deep the record let the check go, and how the site writes money (amounts
    # stay integers in the smallest unit).
    out["depth"] = verdict.depth
    out["currency"] = record.currency._asdict() if record.currency is not None else None
    # Added for issue 28: what differs from RULES.md (``Verdict.kind``) and the practice that paid the odd
    # chips; for issue 29, the rake of a site that prints none, derived, and what its rule gives.
    out["kind"] = verdict.kind
    out["practice"] = verdict.practice
    out["rake"] = verdict.rake._asdict() if verdict.rake is not None else None
    # Added for issue 28: the lines the reader did not know and skipped (none carries an amount or a
    # card), and the first of them.
    out["skipped_lines"] = record.skipped
    first = record.first_skipped
    out["first_skipped"] = None if first is None else {"line": first[0], "text": first[1]}
    return out


def render(
    record: HandRecord,
    settlement: Settlement | None,
    verdict: Verdict,
    fmt: OutputFormat,
    all_in: tuple[list[Line], dict[str, Any] | None] | None = None,
    look: Look = PLAIN,
) -> bytes:
    """One checked hand in ``fmt`` (text styled by ``look``, plain by default). ``all_in`` (issue 20,
    ``hilo check --all-in``): the lines to add after the verdict's, and the hand's ``all_in`` object for
    JSON (``allin_out.added``)."""
    if fmt == "json":
        settled = json_out.settlement_dict(settlement) if settlement is not None else None
        out: dict[str, Any] = {
            "id": record.id,
            "source": record.source,
            "line": record.line or None,
        }
        out["where"] = where(
            record.source, record.line
        )  # added in 0.1.0 (issue 21): FILE:LINE, as batch's source
        if settled is not None:
            out.update(settled)
            out["id"] = record.id
        out["check"] = _check_dict(record, verdict, settled)
        if all_in is not None:
            out["all_in"] = all_in[
                1
            ]  # added for issue 20: the hand's all-in figures, with --all-in
        out["schema"] = _CHECK  # added in 0.1.0 (issue 30); a settlement's own is replaced
        return jsonlib.dumps_line(out)
    if fmt == "csv":
        source = where(record.source, record.line)
        rows = csv_out.settlement_cells(settlement, source) if settlement is not None else []
        checked: list[object] = [
            VERDICTS[verdict.status],
            verdict.why,
            currency_name(record.currency),
        ]
        if not rows:  # nothing settled: no amounts, so no unit to name
            rows, checked[2] = [[source, record.id or "", *[""] * (len(csv_out.HEADER) - 2)]], ""
        kind = [verdict.kind or ""]
        return csv_out.write([*_check_row(row, checked), *kind] for row in rows).encode()
    lines = _verdict_lines(record, verdict)
    if all_in is not None:
        lines += all_in[0]
    if settlement is not None:
        # A player or a file named "OK: ..." starts a line of the report: it must not read as a verdict.
        report = text_out.settlement_lines(
            settlement, where(record.source, record.line), money(record)
        )
        lines += [_unlike(line) for line in report]
    return (look.text(lines) + "\n").encode()


def unlike_text(text: str) -> str:
    """``text`` with the first character of each line that would begin like a verdict line escaped, for
    lines written as text (the all-in summary), as ``_unlike`` does for a report's lines."""
    return "\n".join(
        f"\\x{ord(line[0]):02x}{line[1:]}" if line.startswith(VERDICT_STARTS) else line
        for line in text.split("\n")
    )


def _unlike(line: Line) -> Line:
    """``line`` with its first character escaped (``\\x4f`` for ``O``) if, written out, it would begin like a
    verdict line: a name or a file name at the start of a report line cannot pass for a line that only
    the report itself writes."""
    lead = line[0] if line else ""
    if lead[:1] not in _VERDICT_LETTERS:
        return line  # the quick answer for nearly every line
    if not PLAIN.line(line).startswith(VERDICT_STARTS):
        return line
    first, *rest = [part for part in line if part]
    return [first.__class__(f"\\x{ord(first[0]):02x}{first[1:]}"), *rest]


def error_output(record: HandRecord, message: str, fmt: OutputFormat) -> bytes:
    if fmt == "json":
        return jsonlib.dumps_line(
            {**json_out.error_dict(record.id, record.line, message), "source": record.source}
        )
    if fmt == "csv":
        cells = csv_out.error_cells(where(record.source, record.line), record.id, message)
        return csv_out.write([[*_check_row(cells, [VERDICTS["error"], "", ""]), ""]]).encode()
    return b""


def _check_row(cells: list[object], checked: list[object]) -> list[object]:
    """A row of ``csv_out.HEADER``'s cells with the check's (``CHECK_COLUMNS``) put in their place."""
    return [*cells[:_BASE], *checked, *cells[_BASE:]]


def currency_name(currency: Currency | None) -> str:
    """The unit of a check's amounts, for CSV: the currency's ISO code where the site gives one (``USD``:
    amounts in cents, 199 is $1.99), else its sign as the site writes it (``$``, ``€``), else ``chips``
    for whole chips (tournament and play chips, and histories that name no money, such as PHH), or
    ``hundredths`` for money the site writes with two decimals and no sign (199 is shown 1.99)."""
    if currency is None:
        return "chips"
    name = currency.code or (currency.before + currency.after).strip()
    if name:
        return name
    return "chips" if currency.scale == 1 else "hundredths"


def csv_header() -> bytes:
    return csv_out.write([CSV_COLUMNS]).encode()
