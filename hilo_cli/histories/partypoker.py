"""PartyPoker hand histories: the plug-in (``READER``) and the site's names for games and limits.

``partypoker_lines`` reads one hand's lines into a ``SiteHand`` (what each line means is in its docstring
and in ../shared/handhistories/SITES.md); the base does everything else. Not checkable, with the reason,
never an error: a game hilo does not play (hold'em).
"""

from __future__ import annotations

import re

from hilo_cli.histories.base import HandRecord, Reader
from hilo_cli.histories.grammar import words
from hilo_cli.histories.partypoker_lines import LINES, read_hand
from hilo_cli.histories.plugin import site_record
from hilo_cli.histories.seats import STRUCTURES

# The site's game names for the games hilo plays (RULES §6).
GAME_NAMES: dict[str, str] = words(
    """
    Omaha Hi-Lo        = omaha8
    5 Card Omaha Hi-Lo = omaha8-5
    7 Card Stud Hi-Lo  = stud8
    Omaha              = omaha
    """
)

_DETECT = re.compile(r"^[ \t]*\*{5} Hand History for Game \d+ \*{5}[ \t]*$", re.MULTILINE)


def detect(head: str) -> bool:
    """A PartyPoker history has a line "***** Hand History for Game N *****" (no site name in it: 888's
    say "888poker Hand History")."""
    return _DETECT.search(head.replace("\ufeff", "")) is not None


_START = re.compile(r"[ \t]*\*{5} Hand History for Game \d+ \*{5}[ \t]*")


def starts_hand(line: str) -> bool:
    """A hand starts at "***** Hand History for Game N *****" (spaces and tabs around it)."""
    return _START.fullmatch(line) is not None


def blank(line: str) -> bool:
    """``Game #N starts.`` and ``#Game No : N`` say nothing of a hand."""
    return LINES.noise.match(line.strip()) is not None


def read_record(source: str, line: int, lines: list[str]) -> HandRecord:
    """One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""
    return site_record(source, line, read_hand(source, line, lines), GAME_NAMES, STRUCTURES)


READER = Reader(
    "partypoker", "PartyPoker", (".txt",), detect, starts_hand, read_record, blank=blank
)
