"""JSON input split into values: a document (one object, an array of them, or objects one after another
as ``jq .`` writes them), each value with the line it starts on, and whether an input is JSON Lines.

A document is read a piece at a time, and an array's elements come out one at a time as they are read
(``document_values``): memory holds the value being read, not the document. A value that cannot be
read is one error at the line where reading it failed; reading goes on at the next line that starts
with ``{``, so one bad record does not lose the ones after it. Numbering every value of a large
document costs one pass over it (``JsonText.line``), and reading a long stream of bad values is linear
(``JsonText.decode`` reads each from a window that starts where it does).

The IGT hand-history reader (histories/igt.py) reads its ``{"history": [hand, ...]}`` documents with
the same ``JsonText`` and ``array``, with its own check of each element and its own words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Generator, Iterable, Iterator
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


# -- one JSON document, read a piece at a time ---------------------------------------------------------

# Blanks between values (and a byte-order mark, as files joined together hold).
BLANK = re.compile("[ \t\r\n\ufeff]*")
SPACE = re.compile("[ \t\r\n]*")  # JSON's own whitespace, between the elements of an array
_WINDOW = 1024  # characters a value is first read from; doubled while it runs on past the window
_DEEP = "JSON nested too deeply to be a deal"


def document_values(pieces: Iterable[bytes]) -> Iterator[Found]:
    """Each value of one JSON document (an object, or an array of objects: each element), or of objects
    one after another (``jq .``), at its line; an error where a value cannot be read or is no deal.

    ``pieces`` are the document's bytes in order, cut anywhere. They are read as the values are: an
    array's elements come out one at a time, and the text held is the value being read and a piece
    beyond it, so memory does not grow with the document (``JsonText``). A value that cannot be read is
    one error at the line where reading it failed (the message and place the standard library gives
    for the whole text), and reading goes on at the next line that starts with ``{``: in an array, as
    its next element. A byte that is not UTF-8 ends the document: the values before it are read, then
    one error names its line."""
    text = JsonText(iter(pieces))
    try:
        pos = 0
        while True:
            pos = text.skip(pos, BLANK)
            if text.char(pos) == "":
                return
            if text.char(pos) == "[":
                pos = yield from array(text, pos)
            else:
                pos = yield from _value(text, pos)
    except Cut as cut:
        yield Found(cut.line, None, cut.message)


def _value(text: JsonText, pos: int) -> Generator[Found, None, int]:
    """The value at ``pos`` (not an array), or its error; where reading goes on."""
    line = text.line(pos)
    try:
        value, after = text.decode(pos)
    except Malformed as e:
        yield text.malformed(e)
        return text.next_object_line(pos)
    except RecursionError:
        yield Found(line, None, _DEEP)
        return text.next_object_line(pos)
    yield _checked(text, pos, after, line, value)
    return after


def array(
    text: JsonText,
    start: int,
    check: Callable[[JsonText, int, int, int, object], Found] | None = None,
    empty: str = "an empty JSON array: no deals",
    deep: str = _DEEP,
) -> Generator[Found, None, int]:
    """Each element of the array at ``start``, at its line, or the error of each that cannot be read;
    where the array ends. Each element read is ``check(text, start, after, line, value)`` (by default
    ``_checked``: a deal's); ``empty`` and ``deep`` are the errors of an empty array and of an element
    nested too deeply (IGT's history of hands words its own: histories/igt.py).

    A fault between elements (no comma, a comma before ``]``, the end of the text) is worded and
    placed by the standard library itself: the text from the last token read (the bracket, an
    element's end, a comma: ``anchor``) is read after a ``prefix`` that puts its array reader where
    this one is. After a fault or an element that cannot be read, reading goes on at the next line that
    starts with ``{``, as the array's next element."""
    line = text.line(start)
    check = check or _checked
    state, anchor = "open", start  # open: after the bracket; then after an element, a comma
    # The array's fault was told: its end, or a record on a line of its own where a comma should be, is
    # not a fault of its own (the array may have ended in the fault).
    recovered = False
    while True:
        after_anchor = anchor if state in ("element", "resumed") else anchor + 1
        at = text.skip(after_anchor, SPACE, keep=anchor)
        found = text.char(at, keep=anchor)
        if state == "element" and found in ("]", ","):
            if found == "]":
                return at + 1
            state, anchor = "comma", at
            continue
        if state == "open" and found == "]":
            yield Found(line, None, empty)
            return at + 1
        if state != "element" and found not in ("]", ""):
            element_line = text.line(at)
            try:
                value, after = text.decode(at)
            except Malformed as e:
                yield text.malformed(e)
            except RecursionError:
                yield Found(element_line, None, deep)
            else:
                yield check(text, at, after, element_line, value)
                state, anchor = "element", after
                continue
            state, anchor, recovered = "resumed", text.next_object_line(at), True
            continue
        own_line = found == "{" and text.column(at) == 1  # a record on a line of its own
        if not (recovered and (own_line or found == "")):
            yield text.fault(anchor, _PREFIX[state])
        if found in ("]", ""):
            return at + 1 if found else at
        # Something else where a comma should be: a record on a line of its own is read.
        state, anchor, recovered = "resumed", at if own_line else text.next_object_line(at), True


# What the standard library's array reader has read before a fault's anchor, in each state: it then
# reads the anchor's own token itself (the bracket, the comma), so that it places the fault where it
# would in the whole text, whatever its version (3.13 names a trailing comma at the comma).
_PREFIX = {"open": "", "element": "[0", "comma": "[0", "resumed": "[0,"}


def _checked(text: JsonText, start: int, after: int, line: int, value: object) -> Found:
    """One value of a JSON document read from ``start`` to ``after``, or its error: a key given twice in
    one object, or a number too long to read (only looked for where the text has a long run of digits)."""
    written = text.slice(start, after)
    repeated = jsonlib.duplicate_key(written, value)
    if repeated is not None:
        return Found(line, None, f"{repeated!r} is given twice in one object: give each field once")
    if jsonlib.has_long_run(written):
        try:
            jsonlib.refuse_long_numbers(value)
        except HiloError as e:
            return Found(line, None, e.message)
    return Found(line, value)


class Malformed(Exception):
    """A JSON value that cannot be read: json's message and the position in the whole text."""

    def __init__(self, msg: str, pos: int) -> None:
        super().__init__(msg)
        self.msg = msg
        self.pos = pos


class Cut(Exception):
    """The text ends at a byte that is not UTF-8, and more of it was wanted: the error at its line."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


class JsonText:
    """The text of a JSON document, decoded from its pieces as far as reading has got.

    Positions count characters from the start of the whole text; the text held (``_buf``) starts at
    ``_base``, the start of the value being read, and runs a piece past what reading needs. Line
    numbers are counted once for every newline (``line``, from a mark that moves with the reading),
    and a value is read from a window of the text that starts where it does, so that json's own
    error, which counts lines from the start of what it is given, costs no more than the value."""

    def __init__(
        self, pieces: Iterator[bytes], line: int = 1, decoder: json.JSONDecoder | None = None
    ) -> None:
        self._pieces = pieces
        self._decoder = decoder or jsonlib.DECODER
        self._buf = ""
        self._base = 0  # the position of _buf[0]
        self._base_column = 0  # characters of _buf[0]'s line before it
        self._mark, self._mark_line = 0, line  # a position (>= _base) and its line
        self._window = _WINDOW
        self._ended = False  # no more text will come
        self._cut: Cut | None = None  # why: a byte that is not UTF-8 (None: the end of the input)
        self._carry = b""  # the first bytes of a character whose last ones are in the next piece
        self._lines_read = line - 1  # newlines in the bytes decoded so far (and lines before them)
        self._line_bytes = 0  # bytes decoded since the last of them

    # -- reading on ------------------------------------------------------------------------------------------

    def _more(self, keep: int) -> bool:
        """Read the next piece, keeping the text from ``keep`` on; False once the text has ended (at the
        end of the input, or at a byte that is not UTF-8: ``_cut``)."""
        while not self._ended:
            text = self._decoded(next(self._pieces, None))
            if not text:
                continue
            drop = keep - self._base
            if drop > 0:
                if self._mark < keep:
                    self.line(keep)
                newline = self._buf.rfind("\n", 0, drop)
                self._base_column = drop - newline - 1 if newline >= 0 else self._base_column + drop
                self._buf, self._base = self._buf[drop:] + text, keep
            else:
                self._buf += text
            return True
        return False

    def _decoded(self, piece: bytes | None) -> str:
        """A piece as text (``None``: the input has ended), the bytes of a character it cuts kept for the
        next; a byte that is not UTF-8 ends the text there (``_cut``, naming its line and byte)."""
        data = self._carry + piece if piece is not None else self._carry
        self._carry = b""
        if piece is None:
            self._ended = True
        try:
            text = data.decode("utf-8")
            good = len(data)
        except UnicodeDecodeError as e:
            good = e.start
            text = data[:good].decode("utf-8")
            if piece is not None and e.reason == "unexpected end of data":
                self._carry = data[good:]
            else:
                self._ended = True
        newline = data.rfind(b"\n", 0, good)
        if newline >= 0:
            self._lines_read += data.count(b"\n", 0, good)
            self._line_bytes = good - newline - 1
        else:
            self._line_bytes += good
        if self._ended and good < len(data):
            self._cut = Cut(
                self._lines_read + 1, f"not UTF-8 text (byte {self._line_bytes + 1} of the line)"
            )
        return text

    def _fill(self, end: int, keep: int) -> int:
        """Read until the text reaches ``end`` or the input ends; where the text held ends then."""
        while self._base + len(self._buf) < end and self._more(keep):
            pass
        return min(end, self._base + len(self._buf))

    # -- what the readers ask -----------------------------------------------------------------------------

    def char(self, pos: int, keep: int | None = None) -> str:
        """The character at ``pos`` (``""``: the end of the input), the text from ``keep`` (or ``pos``)
        kept; ``Cut`` where the text ended at a byte that is not UTF-8."""
        if self._fill(pos + 1, pos if keep is None else keep) > pos:
            return self._buf[pos - self._base]
        if self._cut is not None:
            raise self._cut
        return ""

    def skip(self, pos: int, blank: re.Pattern[str], keep: int | None = None) -> int:
        """The first position from ``pos`` on that ``blank`` does not match; the text from ``keep`` kept
        (by default, none of the blanks)."""
        while True:
            blanks = blank.match(self._buf, pos - self._base)  # always matches, perhaps nothing
            stop = blanks.end() if blanks is not None else pos - self._base
            pos = self._base + stop
            if stop < len(self._buf) or not self._more(pos if keep is None else keep):
                return pos

    def slice(self, start: int, end: int) -> str:
        """The text from ``start`` to ``end``, both within what was read last."""
        return self._buf[start - self._base : end - self._base]

    def decode(self, pos: int, prefix: str = "") -> tuple[object, int]:
        """The JSON value at ``pos`` (read after ``prefix``) and where it ends; ``Malformed`` (where in the
        whole text) if it cannot be read.

        The window starts at ``pos`` and is doubled while the value runs on past its end. An error is
        the whole text's once the window ends the input, or once a newline follows the place of the
        error with something more than blanks after it: no JSON token spans a newline, so the reading
        stopped before the window's end (a lenient decoder's text may hold a newline written raw: a text
        that does not end in the window waits for the input's end). A value is whole once something
        follows it in the window (a number could go on)."""
        lenient = not self._decoder.strict
        size = max(_WINDOW, 2 * self._window)
        while True:
            end = self._fill(pos + size, pos)
            window = prefix + self._buf[pos - self._base : end - self._base]
            last = end < pos + size  # the window holds the rest of the text
            ended = last and self._cut is None  # ... and of the input
            try:
                value, after = self._decoder.raw_decode(window)
            except json.JSONDecodeError as e:
                rest = window[e.pos :]
                open_text = lenient and e.msg.startswith("Unterminated string")
                if ended or ("\n" in rest and rest.strip(" \t\r\n") and not open_text):
                    raise Malformed(e.msg, pos + e.pos - len(prefix)) from None
            else:
                if ended or after < len(window):
                    self._window = after - len(prefix)
                    return value, pos + after - len(prefix)
            if last and self._cut is not None:  # the value runs on past a byte that is not UTF-8
                raise self._cut
            size *= 2

    def line(self, pos: int) -> int:
        """The line of ``pos`` (at or after the text held): newlines counted from the mark, which moves
        to ``pos``."""
        start, here = self._mark - self._base, pos - self._base
        if pos >= self._mark:
            self._mark_line += self._buf.count("\n", start, here)
        else:
            self._mark_line -= self._buf.count("\n", here, start)
        self._mark = pos
        return self._mark_line

    def column(self, pos: int) -> int:
        """The column of ``pos`` on its line, counted from 1."""
        here = pos - self._base
        newline = self._buf.rfind("\n", 0, here)
        return here - newline if newline >= 0 else self._base_column + here + 1

    def malformed(self, e: Malformed) -> Found:
        return Found(
            self.line(e.pos), None, f"malformed JSON: {e.msg} (column {self.column(e.pos)})"
        )

    def fault(self, pos: int, prefix: str) -> Found:
        """The error of an array's fault at ``pos``, as the standard library words it after ``prefix``."""
        try:
            self.decode(pos, prefix)
        except Malformed as e:
            return self.malformed(e)
        except RecursionError:
            return Found(self.line(pos), None, _DEEP)
        return Found(self.line(pos), None, f"malformed JSON: no array (column {self.column(pos)})")

    def next_object_line(self, pos: int) -> int:
        """The start of the next line, after ``pos``, that starts with ``{`` (or the end of the text)."""
        while True:
            found = self._buf.find("\n{", pos - self._base)
            if found >= 0:
                return self._base + found + 1
            # The last character may be a newline whose line starts in the next piece.
            pos = max(pos, self._base + len(self._buf) - 1)
            if not self._more(pos):
                return self._base + len(self._buf)
