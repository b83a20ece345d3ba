"""Winamax hand histories: the plug-in (``READER``) and the site's names for games and limits.

``winamax_lines`` reads one hand's lines into a ``SiteHand``; the base does the rest. Winamax tags every
award with its half (``from pot(HI)``, ``from side pot 1 (LO)``), prints its rake (``Total pot`` is after
it) and writes euros after the number. Not checkable, with the reason: the games hilo does not play
(hold'em, razz, draw at mixed tables: Winamax's header does not name the mix).
"""

from __future__ import annotations

from hilo_cli.betting import Structure
from hilo_cli.histories.base import HandRecord, Reader
from hilo_cli.histories.grammar import words
from hilo_cli.histories.plugin import plays, site_record
from hilo_cli.histories.winamax_lines import read_hand, starts_hand

# The site's game names for the games hilo plays (RULES §6).
GAME_NAMES: dict[str, str] = words(
    """
    Omaha Hi/Lo        = omaha8
    5 Card Omaha Hi/Lo = omaha8-5
    6 Card Omaha Hi/Lo = omaha8-6
    7-Card Stud Hi/Lo  = stud8
    Omaha              = omaha
    5 Card Omaha       = omaha-5
    6 Card Omaha       = omaha-6
    """
)
STRUCTURES: dict[str, Structure] = {"Fixed Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}


def detect(head: str) -> bool:
    """Winamax text has a line that starts a hand ("Winamax Poker - ..."), as its hand headers do."""
    return any(starts_hand(line) for line in head.split("\n"))


_PLAYED = plays(GAME_NAMES)


def read_record(source: str, line: int, lines: list[str]) -> HandRecord:
    """One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""
    return site_record(
        source, line, read_hand(source, line, lines, _PLAYED), GAME_NAMES, STRUCTURES
    )


READER = Reader("winamax", "Winamax", (".txt",), detect, starts_hand, read_record)
