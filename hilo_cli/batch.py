"""Many deals settled: each record read (``formats.batch_in``) settled and rendered, in input order.

``run`` settles records in this process or in ``jobs`` worker processes, yielding one ``Outcome`` per
record, in input order: a rendered result or an error, never nothing.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from functools import partial
from typing import NamedTuple

from hilo_cli import bounds, pool
from hilo_cli.equity import records as equity_records
from hilo_cli.errors import HiloError, InputError, where
from hilo_cli.formats import OutputFormat, csv_out, equity_out, json_out, jsonlib, text_out
from hilo_cli.formats.batch_in import Kind, Raw, record_of
from hilo_cli.formats.records import Defaults, deal_from_record
from hilo_cli.formats.styled import PLAIN, Look
from hilo_cli.showdown import settle

MESSAGE_LIMIT = 400  # characters of an error message, at most (and a mark saying what was cut)


class Outcome(NamedTuple):
    """One record's result: ``output`` to print (UTF-8), ``error`` if it could not be settled, ``differs``
    if a check found amounts that differ."""

    source: str
    line: int
    output: bytes
    error: str | None
    differs: bool


def process(raw: Raw, defaults: Defaults, fmt: OutputFormat, look: Look = PLAIN) -> Outcome:
    """Settle and render one record (a text report styled by ``look``, plain by default); an input
    problem becomes an error outcome."""
    record_id: str | None = None
    try:
        record = record_of(raw)
        if isinstance(record, dict) and record.get("id") is not None:
            record_id = str(record["id"])
        output, differs = rendered(record, _where(raw), defaults, fmt, look)
    except HiloError as e:
        return _error(raw, record_id, e.message, fmt)
    except _UNFORESEEN as e:
        return _error(raw, record_id, unforeseen(e).message, fmt)
    return Outcome(raw.source, raw.line, output, None, differs)


# Errors no rule of hilo's foresees: still one error for their record, and the batch goes on.
_UNFORESEEN = (RecursionError, OverflowError, TypeError, ValueError)


def unforeseen(e: Exception) -> InputError:
    return InputError(f"cannot settle this record ({type(e).__name__}: {e})")


def rendered(
    record: object, where: str, defaults: Defaults, fmt: OutputFormat, look: Look = PLAIN
) -> tuple[bytes, bool]:
    """One record settled (or its equity worked out) and rendered, read at ``where``, and whether a check
    found amounts that differ. Raises the ``HiloError`` that says why a record cannot be settled: the
    reader's own (a ``CardError``, a ``DealError``), or an ``InputError`` for an error no rule foresees
    (``unforeseen``)."""
    try:
        if equity_records.wants_equity(
            record, defaults
        ):  # cards still to come (issue 12): equity, not a showdown
            found = equity_records.equity_from_record(record, defaults, deal_from_record)
            return equity_out.render(found, fmt, where, look), False
        settlement = settle(
            deal_from_record(record, defaults), cards=True
        )  # every format shows the hands
        differs = settlement.check is not None and not settlement.check.ok
        if fmt == "json":
            result = json_out.settlement_dict(settlement)
            result["source"] = where  # every result can be traced to its input
            return jsonlib.dumps_line(result), differs
        if fmt == "csv":
            return csv_out.settlement_rows(settlement, where).encode(), differs
        return (text_out.settlement_text(settlement, where, look=look) + "\n").encode(), differs
    except _UNFORESEEN as e:
        raise unforeseen(e) from None


def _where(raw: Raw) -> str:
    return where(raw.source, raw.line)


def _error(raw: Raw, record_id: str | None, message: str, fmt: OutputFormat) -> Outcome:
    # Quotes are cut where they are made; this bounds the line whatever a message quotes (a name, a card
    # text, a game of 100 MB), so an error line is never longer than a few hundred characters.
    message = bounds.short(message, MESSAGE_LIMIT)
    where = _where(raw)
    if fmt == "json":
        error = json_out.error_dict(record_id, raw.line, message)
        error["source"] = where
        output = jsonlib.dumps_line(error)
    elif fmt == "csv":
        output = csv_out.error_row(where, record_id, message).encode()
    else:
        output = b""
    return Outcome(raw.source, raw.line, output, message, False)


def _process_chunk(
    chunk: list[tuple[str, int, Kind, object]], defaults: Defaults, fmt: OutputFormat, look: Look
) -> list[Outcome]:
    """Settle a chunk in a worker. The records come as plain tuples and a chunk with nothing to report
    comes back as one outcome holding all its output: the parent process, which shares the CPUs with
    the workers, only passes bytes along."""
    outcomes = [process(Raw._make(raw), defaults, fmt, look) for raw in chunk]
    if any(o.error is not None or o.differs for o in outcomes):
        return outcomes
    source, line = chunk[0][:2]
    return [Outcome(source, line, b"".join([o.output for o in outcomes]), None, False)]


def run(
    raws: Iterable[Raw], defaults: Defaults, fmt: OutputFormat, jobs: int = 1, look: Look = PLAIN
) -> Generator[Outcome, None, None]:
    """Settle every record, in input order, here (``jobs`` 1) or in ``jobs`` worker processes; text
    reports styled by ``look`` where they are written (in the workers).

    With workers, a run of records that settled cleanly may come back as one outcome; every record
    that could not be settled, or whose check found a difference, still has an outcome of its own.
    """
    if jobs <= 1:
        for raw in raws:
            yield process(raw, defaults, fmt, look)
        return
    work = partial(_process_chunk, defaults=defaults, fmt=fmt, look=look)
    yield from pool.ordered((tuple(raw) for raw in raws), work, jobs, 500)
