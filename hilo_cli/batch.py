"""Many deals from files: split input into records, settle each, render each, keep input order.

``read_records`` streams a file (JSON Lines and text lines one at a time, so memory does not grow with
the input); a single JSON object or array is read whole. ``run`` settles records in this process or
in ``jobs`` worker processes, yielding one ``Outcome`` per record, in input order: a rendered result or
an error, never nothing.
"""

from __future__ import annotations

import io
import json
from collections.abc import Generator, Iterable, Iterator
from functools import partial
from typing import IO, Literal, NamedTuple

from hilo_cli import bounds, pool
from hilo_cli.equity import records as equity_records
from hilo_cli.errors import HiloError, InputError, where
from hilo_cli.formats import OutputFormat, csv_out, equity_out, json_out, jsonlib, text_out
from hilo_cli.formats.records import Defaults, deal_from_record
from hilo_cli.formats.text_in import record_from_line, strip_comment
from hilo_cli.showdown import settle

Kind = Literal["object", "json-line", "text-line", "error"]
MESSAGE_LIMIT = 400  # characters of an error message, at most (and a mark saying what was cut)


class Raw(NamedTuple):
    """One record as read: a parsed JSON value, a line still to parse, or an error found reading."""

    source: str
    line: int
    kind: Kind
    payload: object


class Outcome(NamedTuple):
    """One record's result: ``output`` to print (UTF-8), ``error`` if it could not be settled, ``differs``
    if a check found amounts that differ."""

    source: str
    line: int
    output: bytes
    error: str | None
    differs: bool


def _decode(data: bytes, source: str, line: int) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(
            f"not UTF-8 text (byte {e.start + 1} of the line)", f"{source}:{line}"
        ) from None


def read_records(source: str, stream: IO[bytes], input_format: str = "auto") -> Iterator[Raw]:
    """Split one input into records.

    ``input_format`` is ``auto`` (from the content), ``json`` (one document, an array, or objects one after
    another as ``jq .`` writes them), ``jsonl`` (one object per line, each read on its own) or ``text``.
    UTF-8 with or without a byte-order mark, UTF-16 with one; LF, CRLF or CR-only line ends.
    """
    head = stream.read(8192)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        stream = _utf16(head, stream)
        head = stream.read(8192)
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    if b"\x00" in head:
        yield Raw(source, 1, "error", "binary data, not deals in JSON or text")
        return
    if b"\r" in head and b"\n" not in head:
        # Classic Mac line ends (CR only): read as lines all the same.
        stream = io.BytesIO(head.replace(b"\r", b"\n") + stream.read().replace(b"\r", b"\n"))
        head = b""
    start = head.lstrip()
    if not start:
        head += stream.readline()
        start = head.lstrip()
    if not start:
        yield Raw(source, 1, "error", "empty input: no deals")
        return
    if b"\n" not in start:
        head += stream.readline()  # the first line whole, however long
        start = head.lstrip()
    if input_format == "auto":
        input_format = "json" if start[:1] in (b"{", b"[") else "text"
        if input_format == "json" and _looks_like_json_lines(head, stream):
            input_format = "jsonl"
    lines = _lines(head, stream)
    if input_format == "text":
        yield from _text_records(source, lines)
    elif input_format == "jsonl":
        yield from _json_lines(source, lines)
    else:
        yield from _json_document(source, b"".join(lines))


def _utf16(head: bytes, stream: IO[bytes]) -> IO[bytes]:
    """A UTF-16 input (it has a byte-order mark) as UTF-8; a decoding error is left for the reader to report."""
    data = head + stream.read()
    try:
        return io.BytesIO(data.decode("utf-16").encode("utf-8"))
    except UnicodeDecodeError:
        return io.BytesIO(data)


def _lines(head: bytes, stream: IO[bytes]) -> Iterator[bytes]:
    """The lines of ``head`` followed by the rest of ``stream``, read lazily, split at newlines only."""
    yield from io.BytesIO(head + stream.readline())
    yield from stream


def _looks_like_json_lines(head: bytes, stream: IO[bytes]) -> bool:
    """JSON Lines if the first line is a whole JSON object on its own, or if both of the first two lines
    that are not blank start with ``{``: then a malformed first record (cut short, or with junk after it)
    is one bad line, not a reason to read the whole file as one document. A value spread over lines
    (``jq .`` output, a pretty-printed file) has a second line that does not start with ``{``."""
    first, _, rest = head.lstrip().partition(b"\n")
    try:
        if isinstance(jsonlib.loads(first), dict):
            return True
    except (
        HiloError
    ):  # a whole value, with a number too long to read in it: one bad record of its own
        return first.lstrip().startswith(b"{")
    except (ValueError, RecursionError):
        pass
    if not first.strip().startswith(b"{") or first.strip() == b"{":
        return False
    for line in rest.split(b"\n")[:-1] if b"\n" in rest else []:
        if line.strip():
            return line.lstrip().startswith(b"{")
    # The second line is not in the head yet: it is after a long first line.
    return rest.strip().startswith(b"{") if rest.strip() else _peek_starts_object(stream)


def _peek_starts_object(stream: IO[bytes]) -> bool:
    peek = getattr(stream, "peek", None)
    if peek is None:
        return False
    return bool(peek(1).lstrip()[:1] == b"{")


def _text_records(source: str, lines: Iterable[bytes]) -> Iterator[Raw]:
    found = False
    for number, data in enumerate(lines, 1):
        try:
            text = strip_comment(_decode(data, source, number).lstrip("\ufeff"))
        except HiloError as e:
            found = True
            yield Raw(source, number, "error", e.message)
            continue
        if text:
            found = True
            yield Raw(source, number, "text-line", text)
    if not found:
        yield Raw(source, 1, "error", "no deals: only blank lines and comments")


def _json_lines(source: str, lines: Iterable[bytes]) -> Iterator[Raw]:
    found = False
    for number, data in enumerate(lines, 1):
        if data.strip():
            found = True
            yield Raw(
                source, number, "json-line", data.lstrip(b"\xef\xbb\xbf") if number == 1 else data
            )
    if not found:
        yield Raw(source, 1, "error", "empty input: no deals")


def _json_document(source: str, data: bytes) -> Iterator[Raw]:
    """One JSON document (an object, or an array of objects), or objects one after another (``jq .``).

    A value that cannot be read is one error at the line where reading it failed; reading goes on at the
    next line that starts with ``{``, so one bad record does not lose the ones after it.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - data.rfind(b"\n", 0, e.start)
        yield Raw(source, line, "error", f"not UTF-8 text (byte {column} of the line)")
        return
    decoder = jsonlib.DECODER  # a number too long to read stays text, an error of its record alone
    lines = _LineCounter(text)
    pos, end = 0, len(text)
    while True:
        pos = _skip_blank(text, pos)
        if pos >= end:
            return
        line = lines.at(pos)
        try:
            value, after = _json_value(decoder, text, pos)
        except _Malformed as e:
            column = e.pos - text.rfind("\n", 0, e.pos)
            yield Raw(
                source, lines.at(e.pos), "error", f"malformed JSON: {e.msg} (column {column})"
            )
            pos = _next_object_line(text, pos)
            continue
        except RecursionError:
            yield Raw(source, line, "error", "JSON nested too deeply to be a deal")
            pos = _next_object_line(text, pos)
            continue
        repeated = jsonlib.duplicate_key(text[pos:after], value)
        if repeated is not None:
            yield Raw(
                source,
                line,
                "error",
                f"{repeated!r} is given twice in one object: give each field once",
            )
            pos = after
            continue
        long = jsonlib.has_long_run(text, pos, after)
        if isinstance(value, list):
            if not value:
                yield Raw(source, line, "error", "an empty JSON array: no deals")
            for element, element_line in zip(value, _element_lines(text, pos, line), strict=False):
                yield _document_record(source, element_line, element, long)
        else:
            yield _document_record(source, line, value, long)
        pos = after


def _document_record(source: str, line: int, value: object, long: bool) -> Raw:
    """One value of a JSON document as a record, or the error of a number in it too long to read (only
    looked for where the text has a ``long`` run of digits)."""
    if long:
        try:
            jsonlib.refuse_long_numbers(value)
        except HiloError as e:
            return Raw(source, line, "error", e.message)
    return Raw(source, line, "object", value)


class _Malformed(Exception):
    def __init__(self, msg: str, pos: int) -> None:
        super().__init__(msg)
        self.msg = msg
        self.pos = pos


def _json_value(decoder: json.JSONDecoder, text: str, pos: int) -> tuple[object, int]:
    """The JSON value at ``pos`` and where it ends; ``_Malformed`` (where in ``text``) if it cannot be read.

    The value is read from a window of the text, from ``pos`` to the next line that starts with ``{``,
    doubled while the value runs on past its end: json's own error counts lines from the start of the
    text it is given, which over the whole text would make a long stream of bad values quadratic. A
    window ends after a newline, and no JSON token spans one, so a value read in it is the value the
    whole text gives, and an error before its end is the whole text's error."""
    end = _next_object_line(text, pos)
    while True:
        window = text[pos:end]
        try:
            value, after = decoder.raw_decode(window)
        except json.JSONDecodeError as e:
            if end < len(text) and not window[e.pos :].strip(
                " \t\r\n"
            ):  # ran past the window: widen it
                newline = text.find("\n", pos + 2 * (end - pos))
                end = len(text) if newline < 0 else newline + 1
                continue
            raise _Malformed(e.msg, pos + e.pos) from None
        return value, pos + after


def _skip_blank(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n\ufeff":
        pos += 1
    return pos


def _next_object_line(text: str, pos: int) -> int:
    """The start of the next line, after ``pos``, that starts with ``{`` (or the end of the text)."""
    newline = text.find("\n{", pos)
    return len(text) if newline < 0 else newline + 1


def _element_lines(text: str, start: int, line: int) -> Iterator[int]:
    """The line on which each element of the JSON array at ``start`` (on line ``line``) starts."""
    decoder = jsonlib.DECODER
    lines = _LineCounter(text, start, line)
    pos = text.index("[", start) + 1
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text) or text[pos] == "]":
            return
        yield lines.at(pos)
        _, pos = decoder.raw_decode(text, pos)


class _LineCounter:
    """The line number of positions in a text, asked in increasing order: each newline is counted once,
    so numbering every record of a 100,000-record document costs one pass over it, not one per record."""

    def __init__(self, text: str, pos: int = 0, line: int = 1) -> None:
        self._text = text
        self._pos = pos
        self._line = line

    def at(self, pos: int) -> int:
        if pos >= self._pos:
            self._line += self._text.count("\n", self._pos, pos)
        else:  # back a little (reading resumed before a value that failed): count the way back
            self._line -= self._text.count("\n", pos, self._pos)
        self._pos = pos
        return self._line


def process(raw: Raw, defaults: Defaults, fmt: OutputFormat) -> Outcome:
    """Settle and render one record; an input problem becomes an error outcome."""
    record_id: str | None = None
    try:
        if raw.kind == "error":
            raise InputError(str(raw.payload))
        if raw.kind == "json-line":
            assert isinstance(raw.payload, bytes)
            try:
                record: object = jsonlib.loads(raw.payload)
            except (ValueError, RecursionError) as e:
                raise InputError(f"malformed JSON: {e}") from None
            _no_duplicate_keys(raw.payload.decode("utf-8", "replace"), record)
        elif raw.kind == "text-line":
            assert isinstance(raw.payload, str)
            record = record_from_line(raw.payload)
        else:
            record = raw.payload
        if isinstance(record, dict) and record.get("id") is not None:
            record_id = str(record["id"])
        if equity_records.wants_equity(
            record, defaults
        ):  # cards still to come (issue 12): equity, not a showdown
            output = equity_out.render(
                equity_records.equity_from_record(record, defaults, deal_from_record),
                fmt,
                _where(raw),
            )
            return Outcome(raw.source, raw.line, output, None, False)
        settlement = settle(
            deal_from_record(record, defaults), cards=True
        )  # every format shows the hands
        differs = settlement.check is not None and not settlement.check.ok
        if fmt == "json":
            result = json_out.settlement_dict(settlement)
            result["source"] = _where(raw)  # every result can be traced to its input
            output = jsonlib.dumps_line(result)
        elif fmt == "csv":
            output = csv_out.settlement_rows(settlement, _where(raw)).encode()
        else:
            output = (text_out.settlement_text(settlement, _where(raw)) + "\n").encode()
    except HiloError as e:
        return _error(raw, record_id, e.message, fmt)
    except (RecursionError, OverflowError, TypeError, ValueError) as e:
        # Not a rule hilo knows of: still one error for this record, and the batch goes on.
        return _error(raw, record_id, f"cannot settle this record ({type(e).__name__}: {e})", fmt)
    return Outcome(raw.source, raw.line, output, None, differs)


def _no_duplicate_keys(text: str, record: object) -> None:
    repeated = jsonlib.duplicate_key(text, record)
    if repeated is not None:
        raise InputError(f"{repeated!r} is given twice in one object: give each field once")


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
    chunk: list[tuple[str, int, Kind, object]], defaults: Defaults, fmt: OutputFormat
) -> list[Outcome]:
    """Settle a chunk in a worker. The records come as plain tuples and a chunk with nothing to report
    comes back as one outcome holding all its output: the parent process, which shares the CPUs with
    the workers, only passes bytes along."""
    outcomes = [process(Raw._make(raw), defaults, fmt) for raw in chunk]
    if any(o.error is not None or o.differs for o in outcomes):
        return outcomes
    source, line = chunk[0][:2]
    return [Outcome(source, line, b"".join([o.output for o in outcomes]), None, False)]


def run(
    raws: Iterable[Raw], defaults: Defaults, fmt: OutputFormat, jobs: int = 1
) -> Generator[Outcome, None, None]:
    """Settle every record, in input order, here (``jobs`` 1) or in ``jobs`` worker processes.

    With workers, a run of records that settled cleanly may come back as one outcome; every record
    that could not be settled, or whose check found a difference, still has an outcome of its own.
    """
    if jobs <= 1:
        for raw in raws:
            yield process(raw, defaults, fmt)
        return
    work = partial(_process_chunk, defaults=defaults, fmt=fmt)
    yield from pool.ordered((tuple(raw) for raw in raws), work, jobs, 500)
