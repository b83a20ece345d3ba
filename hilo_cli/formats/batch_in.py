"""The input of ``hilo batch``: files split into records (``Raw``), each at the line it was read from.

``read_records`` sniffs an input's format and encoding and streams it, so memory does not grow with
the input: JSON Lines and text lines one at a time, a JSON document (an array, or objects one after
another) a piece at a time, each value as it is read (``json_in``). A line is only cut here:
``record_of`` parses it where it is settled, in a worker with ``--jobs``.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import IO, Literal, NamedTuple

from hilo_cli.errors import HiloError, InputError
from hilo_cli.formats import jsonlib
from hilo_cli.formats.json_in import document_values, looks_like_json_lines
from hilo_cli.formats.text_in import record_from_line, strip_comment

Kind = Literal["object", "json-line", "text-line", "error"]
PIECE = 1 << 16  # bytes of a JSON document read at a time


class Raw(NamedTuple):
    """One record as read: a parsed JSON value, a line still to parse, or an error found reading."""

    source: str
    line: int
    kind: Kind
    payload: object


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
    if b"\n" not in start and not start.startswith(b"["):
        # The first line whole, however long, to tell JSON Lines by it; never an array's (a compact
        # array is all on one line, and is read a piece at a time).
        head += stream.readline()
        start = head.lstrip()
    if input_format == "auto":
        input_format = "json" if start[:1] in (b"{", b"[") else "text"
        if start[:1] == b"{" and looks_like_json_lines(head, stream):
            input_format = "jsonl"
    if input_format == "text":
        yield from _text_records(source, _lines(head, stream))
    elif input_format == "jsonl":
        yield from _json_lines(source, _lines(head, stream))
    else:
        yield from _json_document(source, _pieces(head, stream))


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


def _pieces(head: bytes, stream: IO[bytes]) -> Iterator[bytes]:
    """``head`` and then the rest of ``stream``, a piece of up to ``PIECE`` bytes at a time (as much as
    is there, where the stream can say: a pipe's records are read as they come)."""
    yield head
    read = getattr(stream, "read1", stream.read)
    while piece := read(PIECE):
        yield piece


def _json_document(source: str, pieces: Iterable[bytes]) -> Iterator[Raw]:
    """One JSON document (an object, or an array of objects), or objects one after another (``jq .``),
    read a piece at a time: an array's elements come out as they are read (``json_in``)."""
    for found in document_values(pieces):
        if found.error is not None:
            yield Raw(source, found.line, "error", found.error)
        else:
            yield Raw(source, found.line, "object", found.value)


def record_of(raw: Raw) -> object:
    """The record ``raw`` holds: a JSON line or a text line parsed, a JSON value as it is. Raises
    ``InputError`` for an error found reading, or a line that is not a record."""
    if raw.kind == "error":
        raise InputError(str(raw.payload))
    if raw.kind == "json-line":
        assert isinstance(raw.payload, bytes)
        try:
            record: object = jsonlib.loads(raw.payload)
        except (ValueError, RecursionError) as e:
            raise InputError(f"malformed JSON: {e}") from None
        repeated = jsonlib.duplicate_key(raw.payload.decode("utf-8", "replace"), record)
        if repeated is not None:
            raise InputError(f"{repeated!r} is given twice in one object: give each field once")
        return record
    if raw.kind == "text-line":
        assert isinstance(raw.payload, str)
        return record_from_line(raw.payload)
    return raw.payload
