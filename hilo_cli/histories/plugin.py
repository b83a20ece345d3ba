"""What a site's plug-in module writes around its line reader, written once: recognising a file and a
hand's first line from one pattern (``header_starts``), and one hand's lines into its record
(``site_record`` for a reader that returns a ``SiteHand`` or ``BadHand``, ``numbered_record`` for a
reader object that raises and says which line it was reading).

Every error is the hand's own record (``base.failed``) at the line it names: a line that cannot be read
at that line, a deal that breaks a rule (``DealError``) at the hand's first line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Protocol

from hilo_cli.betting import Structure
from hilo_cli.errors import DealError, HiloError
from hilo_cli.histories.base import HandRecord, failed
from hilo_cli.histories.records import record
from hilo_cli.histories.site import BadHand, Header, SiteHand

Finish = Callable[[SiteHand], None]
"""What a site sets on its read hand before the record is made (its chip unit, its currency...)."""


def header_starts(pattern: str) -> tuple[Callable[[str], bool], Callable[[str], bool]]:
    """``detect`` and ``starts_hand`` for a site whose hands start at a line matching ``pattern`` (after
    spaces and tabs): a file is the site's when any line of its head starts a hand, so that a file with
    a hand is never "no history" (a damaged header is still the site's hand, read as an error)."""
    start = re.compile(r"[ \t]*" + pattern)
    anywhere = re.compile(r"^[ \t]*" + pattern, re.MULTILINE)

    def detect(head: str) -> bool:
        return anywhere.search(head) is not None

    def starts_hand(line: str) -> bool:
        return start.match(line) is not None

    return detect, starts_hand


def plays(games: Mapping[str, object]) -> Callable[[Header], bool]:
    """Whether a hand's header names a game hilo plays (its lines are read; others are not checkable)."""

    def played(header: Header) -> bool:
        return header.game in games

    return played


def site_record(
    source: str,
    line: int,
    hand: SiteHand | BadHand | None,
    games: Mapping[str, str],
    structures: Mapping[str, Structure],
    finish: Finish | None = None,
) -> HandRecord:
    """The record of a hand a site's ``read_hand`` returned (``None``: the lines held no hand)."""
    if hand is None:
        return failed(source, line, "no hand in these lines")
    if isinstance(hand, BadHand):
        # ``hand.line`` is the line that could not be read, so FILE:LINE points at it.
        return failed(source, hand.line, hand.message, hand.id)
    try:
        if finish is not None:
            finish(hand)
        return record(hand, games, structures)
    except DealError as e:
        return failed(source, hand.line, e.message, hand.header.id)


class LineReader(Protocol):
    """A site's reader object: ``read`` raises ``HiloError`` at the line it names in ``number``."""

    number: int

    def read(self, lines: list[str]) -> SiteHand: ...


def numbered_record(
    source: str,
    line: int,
    raw: list[str],
    reader_of: Callable[[str, list[int]], LineReader],
    hand_id: Callable[[list[str]], str | None],
    games: Mapping[str, str],
    structures: Mapping[str, Structure],
    finish: Finish | None = None,
) -> HandRecord:
    """One hand's record from its ``raw`` lines (the first is line ``line``): blank lines dropped, each
    kept line stripped (and of a byte-order mark) and numbered, read by ``reader_of(source, numbers)``;
    an error names the hand by ``hand_id(lines)``."""
    numbers = [line + i for i, text in enumerate(raw) if text.strip()]
    lines = [text.strip().lstrip("\ufeff") for text in raw if text.strip()]
    if not lines:
        return failed(source, line, "no hand in these lines")
    reader = reader_of(source, numbers)
    try:
        hand = reader.read(lines)
        if finish is not None:
            finish(hand)
        return record(hand, games, structures)
    except HiloError as e:
        where = reader.number if not isinstance(e, DealError) else numbers[0]
        return failed(source, where, e.message, hand_id(lines))


def record_reader(
    reader_of: Callable[[str, list[int]], LineReader],
    hand_id: Callable[[list[str]], str | None],
    games: Mapping[str, str],
    structures: Mapping[str, Structure],
    finish: Finish | None = None,
) -> Callable[[str, int, list[str]], HandRecord]:
    """The ``read_hand`` of a site whose hands ``numbered_record`` reads, with these arguments."""

    def read_record(source: str, line: int, raw: list[str]) -> HandRecord:
        return numbered_record(source, line, raw, reader_of, hand_id, games, structures, finish)

    return read_record


def group_id(pattern: re.Pattern[str], group: str = "id") -> Callable[[list[str]], str | None]:
    """A hand's id from its first line by ``pattern``'s ``group`` (``None`` where it does not match)."""

    def hand_id(lines: list[str]) -> str | None:
        m = pattern.match(lines[0])
        return m.group(group) if m else None

    return hand_id
