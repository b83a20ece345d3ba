"""Bytes into hands, for every reader alike: decoding, line ends, and cutting a file into hands.

One pass over the file, a block at a time: each line is split off at LF, CRLF or CR (mixed in one file
too), numbered once, decoded (UTF-8 with or without a byte-order mark, UTF-16 with one, then the reader's
own ``encodings``) and handed to the reader's ``starts_hand``. A hand is cut off as soon as the next one
starts, so one hand is in memory at a time and time and memory grow linearly with the file.

A line that no encoding reads is not replaced silently: its hand becomes one error naming the bytes,
and the other hands are still read.

A reader that cuts a file into hands from its bytes itself (IGT's JSON documents, each of many hands
on one line: ``Reader.documents``) is given the file's UTF-8 blocks instead (``Source.blocks``, ``cut_bytes``),
so that a line longer than a hand is never held whole.

A reader whose hands need lines written before them (an XML session's header, which names the game of
every ``<game>`` after it) has a ``session(line)``: from a line it says opens such a header to the
next hand's start, at most ``CONTEXT_LINES`` lines are kept and given to each later hand before its own
lines (``HandText.context``).
"""

from __future__ import annotations

import codecs
import functools
import itertools
import re
from collections.abc import Iterator
from typing import IO, NamedTuple, Protocol

from hilo_cli.histories.base import HandRecord, Reader, failed

BLOCK = 1 << 16  # bytes read at a time: a block's lines are held at once, several times its size
HEAD = 1 << 16  # bytes a reader's ``detect`` sees
CONTEXT_LINES = 200  # lines of a session's header kept for the hands after it
CONTEXT_CHARS = 1 << 16  # characters of them


_MARK = re.compile(r"^[\ufeff\x00]+", re.MULTILINE)
# NUL bytes at the start of a line are no text (PartyPoker's files put one before a hand, or before every
# line, as fpdb-3's regression files show): dropped, as a byte-order mark is. Anywhere else: binary data.
_LINE_NULS = re.compile(rb"(?:^|(?<=[\r\n]))(?:\xef\xbb\xbf)*\x00+")


class HandText(NamedTuple):
    """One hand's lines, cut from its file but not yet read (``read_text`` reads it, in a worker with
    ``--jobs``). ``line`` is the file line of ``lines[0]``; ``reader`` the reader's name; ``bad``, for a
    hand with a line no encoding reads, that line's number and what was wrong with it."""

    source: str
    line: int
    lines: list[str]
    reader: str
    bad: tuple[int, str] | None = None
    context: tuple[str, ...] = ()  # the session's header lines, for a reader with ``session``


class Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


def byte_lines(stream: Readable, first: bytes = b"") -> Iterator[bytes]:
    """The lines of ``first`` then the rest of ``stream``, their line ends (LF, CRLF, CR) removed, read a
    block at a time. A CR at the end of a block waits for the next block, which may start with its LF."""
    carry = b""
    held: list[bytes] = []  # the blocks of a line longer than a block, joined once at its end
    block = first or stream.read(BLOCK)
    while block:
        if carry and b"\n" not in block and b"\r" not in block:
            held.append(block)  # the line goes on: copying it with every block would be quadratic
            block = stream.read(BLOCK)
            continue
        if held:
            carry += b"".join(held)
            held.clear()
        parts = (carry + block).splitlines(keepends=True)
        carry = parts.pop() if parts and not parts[-1].endswith(b"\n") else b""
        for part in parts:
            yield _unended(part)
        block = stream.read(BLOCK)
    for part in (carry + b"".join(held)).splitlines(keepends=True):
        yield _unended(part)


def _unended(line: bytes) -> bytes:
    if line.endswith(b"\r\n"):
        return line[:-2]
    return line[:-1] if line.endswith((b"\n", b"\r")) else line


def utf16_as_utf8(stream: IO[bytes], first: bytes) -> Iterator[bytes]:
    """A UTF-16 file (it starts with a byte-order mark) as UTF-8 blocks, decoded as it is read."""
    decoder = codecs.getincrementaldecoder("utf-16")()
    block = first
    while block:
        yield decoder.decode(block).encode("utf-8", "surrogatepass")
        block = stream.read(BLOCK)
    yield decoder.decode(b"", final=True).encode("utf-8", "surrogatepass")


class _Blocks:
    """Blocks as a stream (``read``), for ``byte_lines`` over a transcoded file."""

    def __init__(self, blocks: Iterator[bytes]) -> None:
        self._blocks = blocks

    def read(self, size: int = -1, /) -> bytes:
        return next(self._blocks, b"")


def decode(line: bytes, encodings: tuple[str, ...]) -> str | None:
    """``line`` as text: UTF-8, else the first of ``encodings`` that reads it, else ``None``."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        pass
    for encoding in encodings:
        try:
            return line.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def unreadable(line: bytes, encodings: tuple[str, ...]) -> str:
    """What is wrong with a line no encoding reads: the bytes UTF-8 cannot read, where they are."""
    try:
        line.decode("utf-8")
    except UnicodeDecodeError as e:
        bad = " ".join(f"0x{b:02x}" for b in line[e.start : e.end][:8])
        tried = " or ".join(("UTF-8", *encodings))
        return f"byte {e.start + 1} of the line ({bad}) cannot be read as {tried} text"
    return "the line cannot be read as text"


class Source(NamedTuple):
    """A file's lines ready to cut: the decoded start (for ``detect``) and every line as bytes; or the
    same file as UTF-8 blocks (``blocks``: read one or the other, not both)."""

    head: str
    lines: Iterator[bytes]
    blocks: Iterator[bytes]


def _newlines(count: int) -> Iterator[bytes]:
    """``count`` line ends, a block at a time: the blank lines ``_blank_start`` left out."""
    for _ in range(count // BLOCK):
        yield b"\n" * BLOCK
    yield b"\n" * (count % BLOCK)


def open_lines(stream: IO[bytes]) -> Source | str:
    """The lines of a history file, or why it is no text at all (binary, empty)."""
    first = stream.read(HEAD)
    if first.startswith((b"\xff\xfe", b"\xfe\xff")):
        blocks = utf16_as_utf8(stream, first)
        try:
            head_block = next(blocks)
        except UnicodeDecodeError:
            return "not UTF-16 text, though it starts with a UTF-16 byte-order mark"
        blocks = itertools.chain([head_block], blocks)
        head = head_block
    else:
        skipped, first = _blank_start(stream, first)
        if b"\x00" in _LINE_NULS.sub(b"", first[:8192]):
            return "binary data, not a hand history"
        rest = iter(functools.partial(stream.read, BLOCK), b"")
        blocks = itertools.chain(_newlines(skipped), [first], rest)
        head = first
    blocks = (block for block in blocks if block)  # an empty one is no end of the file
    lines = byte_lines(_Blocks(blocks))
    text = head.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
    # A byte-order mark at the start of a line is no text (files joined with cat: each may start with
    # one), here as in ``cut``: no reader ever sees one.
    text = _MARK.sub("", text)
    if not text.strip() and len(head) < HEAD:
        return "empty input: no hands"
    return Source(text, lines, blocks)


def _blank_start(stream: IO[bytes], first: bytes) -> tuple[int, bytes]:
    """A file that starts with more blank lines than ``HEAD`` holds: how many whole blank lines it starts
    with, read and left out (one block at a time: time linear, memory one block), and the file's bytes
    from the first line that is not blank on, one block at least (``detect`` sees its hands, and a file
    of blank lines only is empty whatever its length). A file that starts otherwise: 0 and ``first``."""
    skipped = 0
    while len(first) >= HEAD and not first.removeprefix(codecs.BOM_UTF8).strip():
        # The whole lines (a CR at the end may be half a CRLF: it stays for the next block).
        end = max(first.rfind(b"\n"), first.rfind(b"\r", 0, len(first) - 1)) + 1
        if end == 0:
            break  # a line of spaces longer than a block: read as it is
        done = first[:end]
        skipped += done.count(b"\n") + done.count(b"\r") - done.count(b"\r\n")
        first = first[end:] + stream.read(HEAD)
    return skipped, first


def cut(source: str, lines: Iterator[bytes], reader: Reader) -> Iterator[HandText]:
    """Each hand of the file, in file order: its lines from one of ``reader.starts_hand`` to the next.
    Lines before the first start are a piece of their own; pieces of blank lines only are left out."""
    starts, encodings, name = reader.starts_hand, reader.encodings, reader.name
    empty = reader.blank or (lambda line: False)
    session = reader.session
    header: list[str] | None = None  # a session's header being read
    context: tuple[str, ...] = ()  # the last one read, for the hands after it
    held = 0
    piece: list[str] = []
    piece_context: tuple[str, ...] = ()
    first = 1
    bad: tuple[int, str] | None = None
    blank = True
    number = 0
    try:
        for number, raw in enumerate(lines, 1):
            text = decode(raw, encodings)
            problem = None
            if text is None:
                problem = unreadable(raw, encodings)
                text = raw.decode("utf-8", "replace")
            if text.startswith(("\ufeff", "\x00")):
                # Files joined with cat: each may start with a mark; a NUL starting a line (``_LINE_NULS``).
                text = text.lstrip("\ufeff\x00")
            start = starts(text)
            if session is not None:
                if start:
                    if header is not None:
                        context, header = tuple(header), None
                elif session(text):
                    header, held = [text], len(text)
                elif (
                    header is not None
                    and len(header) < CONTEXT_LINES
                    and held + len(text) <= CONTEXT_CHARS
                ):
                    header.append(text)
                    held += len(text)
            if start and piece:
                if not blank:
                    yield HandText(source, first, piece, name, bad, piece_context)
                piece, first, bad, blank = [], number, None, True
            if start:
                piece_context = context
            if problem is not None and bad is None:
                bad = (number, problem)
            piece.append(text)
            if blank and text and not text.isspace() and not empty(text):
                blank = False
    except UnicodeDecodeError as e:
        if e.reason == "truncated data" and bad is None:
            # The file stops in the middle of its last UTF-16 character (an odd number of bytes): every
            # line before it was read whole, so the hands are kept and the stray byte is an error of its own.
            if piece and not blank:
                yield HandText(source, first, piece, name)
            piece, first = [], number + 1
        bad, blank = bad or _stopped(e, number + 1), False
    if (piece and not blank) or bad is not None:
        yield HandText(source, first, piece, name, bad, piece_context)


def cut_bytes(source: str, blocks: Iterator[bytes], reader: Reader) -> Iterator[HandText]:
    """Each hand of the file, in file order, as the reader's ``documents`` cuts its bytes (UTF-8 blocks)."""
    assert reader.documents is not None
    for line, lines, problem in reader.documents(blocks, 1):
        yield HandText(
            source, line, lines, reader.name, None if problem is None else (line, problem)
        )


def _stopped(e: UnicodeDecodeError, line: int) -> tuple[int, str]:
    """What is wrong at ``line``, where a UTF-16 file stopped decoding."""
    if e.reason == "truncated data":
        return line, "the file ends in the middle of a UTF-16 character (an odd number of bytes)"
    return line, "not UTF-16 text, though it starts with a UTF-16 byte-order mark"


def read_text(piece: HandText, reader: Reader) -> HandRecord:
    """The record of a hand ``cut`` from its file."""
    if piece.bad is not None:
        line, problem = piece.bad
        return failed(piece.source, line, problem)
    try:
        if piece.context:
            # The session's header first, numbered as if just before the hand: the reader reads it as
            # the hand's context, and the hand's own lines keep their file lines.
            return reader.read_hand(
                piece.source, piece.line - len(piece.context), [*piece.context, *piece.lines]
            )
        return reader.read_hand(piece.source, piece.line, piece.lines)
    except RecursionError:
        return failed(piece.source, piece.line, "the hand is nested too deeply to read")
