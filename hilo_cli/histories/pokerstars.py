"""PokerStars hand histories: the plug-in (``READER``) and the site's names for games and limits.

``pokerstars_lines`` reads one hand's lines into a ``SiteHand``; the base does everything else
(decoding, cutting the file into hands, the record the checker replays, the summary checks). The line
catalogue and what each line means are in ../shared/handhistories/POKERSTARS.md; rake and runs in RULES
§12 and §13. Not checkable, with the reason, never an error: a game hilo does not play (hold'em, razz,
draw in a mixed game), a cancelled hand, a cashed-out hand, a contested showdown whose cards are not all
shown.
"""

from __future__ import annotations

from collections.abc import Iterator

from hilo_cli.betting import Structure
from hilo_cli.histories.base import HandRecord, Reader
from hilo_cli.histories.plugin import plays, site_record
from hilo_cli.histories.pokerstars_lines import GAME_NAMES, read_hand, starts_hand

STRUCTURES: dict[str, Structure] = {
    "Limit": "fixed",
    "Fixed Limit": "fixed",
    "Pot Limit": "pot",
    "No Limit": "no",
}


def detect(head: str) -> bool:
    """PokerStars text starts with "PokerStars" (after blank lines) or holds a PokerStars hand header (in
    capitals too, as trackers export it)."""
    start = head.lstrip("\ufeff \t\r\n")
    if start.startswith(("PokerStars", "POKERSTARS")):
        return True
    upper = head.upper()
    return "POKERSTARS HAND #" in upper or "POKERSTARS GAME #" in upper


_PLAYED = plays(GAME_NAMES)


def read_record(source: str, line: int, lines: list[str]) -> HandRecord:
    """One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""
    return site_record(
        source, line, read_hand(source, line, lines, _PLAYED), GAME_NAMES, STRUCTURES
    )


READER = Reader("pokerstars", "PokerStars", (".txt",), detect, starts_hand, read_record)


def read(source: str, text: str) -> Iterator[HandRecord]:
    """Every hand of a PokerStars history's ``text``, read (the base's ``histories.read``)."""
    from hilo_cli.histories import read as read_any

    return read_any(source, text, READER.name)
