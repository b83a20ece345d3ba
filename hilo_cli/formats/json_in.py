"""JSON input split into values: a document (one object, an array of them, or objects one after another
as ``jq .`` writes them), each value with the line it starts on, and whether an input is JSON Lines.

A value that cannot be read is one error at the line where reading it failed; reading goes on at the
next line that starts with ``{``, so one bad record does not lose the ones after it. Numbering every
value of a large document costs one pass over it (``_LineCounter``), and reading a long stream of bad
values is linear (``_json_value``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, NamedTuple

from hilo_cli.errors import HiloError
from hilo_cli.formats import jsonlib


class Found(NamedTuple):
    """A value of a JSON document at the line it starts on, or ``error`` (what is wrong there)."""

    line: int
    value: object
    error: str | None = None


def looks_like_json_lines(head: bytes, stream: IO[bytes]) -> bool:
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


def document_values(data: bytes) -> Iterator[Found]:
    """Each value of one JSON document (an object, or an array of objects: each element), or of objects
    one after another (``jq .``), at its line; an error where a value cannot be read or is no deal."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - data.rfind(b"\n", 0, e.start)
        yield Found(line, None, f"not UTF-8 text (byte {column} of the line)")
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
            yield Found(lines.at(e.pos), None, f"malformed JSON: {e.msg} (column {column})")
            pos = _next_object_line(text, pos)
            continue
        except RecursionError:
            yield Found(line, None, "JSON nested too deeply to be a deal")
            pos = _next_object_line(text, pos)
            continue
        yield from _values_at(text, pos, after, line, value)
        pos = after


def _values_at(text: str, pos: int, after: int, line: int, value: object) -> Iterator[Found]:
    """The value read from ``text[pos:after]`` (on ``line``), or each element of it if it is an array."""
    repeated = jsonlib.duplicate_key(text[pos:after], value)
    if repeated is not None:
        yield Found(line, None, f"{repeated!r} is given twice in one object: give each field once")
        return
    long = jsonlib.has_long_run(text, pos, after)
    if isinstance(value, list):
        if not value:
            yield Found(line, None, "an empty JSON array: no deals")
        for element, element_line in zip(value, _element_lines(text, pos, line), strict=False):
            yield _checked(element_line, element, long)
    else:
        yield _checked(line, value, long)


def _checked(line: int, value: object, long: bool) -> Found:
    """One value of a JSON document, or the error of a number in it too long to read (only looked for
    where the text has a ``long`` run of digits)."""
    if long:
        try:
            jsonlib.refuse_long_numbers(value)
        except HiloError as e:
            return Found(line, None, e.message)
    return Found(line, value)


class _Malformed(Exception):
    """A JSON value that cannot be read: json's message and the position in the whole text."""

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
