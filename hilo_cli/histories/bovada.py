"""Bovada / Ignition hand histories: the plug-in (``READER``) and the site's names for games and limits.

``bovada_lines`` reads one hand's lines into a ``SiteHand`` (what each line means is in its docstring and
in ../shared/handhistories/SITES.md); the base does everything else. Not checkable, with the reason, never
an error: a game hilo does not play (hold'em).
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.histories.base import HandRecord, Reader
from hilo_cli.histories.bovada_lines import read_hand
from hilo_cli.histories.grammar import words
from hilo_cli.histories.plugin import site_record
from hilo_cli.histories.seats import STRUCTURES as BASE_STRUCTURES

# The site's game names for the games hilo plays (RULES §6).
GAME_NAMES: dict[str, str] = words(
    """
    OMAHA HiLo = omaha8
    OMAHA HILO = omaha8
    7CARD HiLo = stud8
    7CARD HILO = stud8
    OMAHA      = omaha
    """
)
STRUCTURES: dict[str, Structure] = {**BASE_STRUCTURES, "Fixed Limit": "fixed"}

_START = re.compile(r"^[ \t]*(?:Bovada|Ignition|Bodog) Hand #\d+")
_DETECT = re.compile(r"^[ \t]*(?:Bovada|Ignition|Bodog) Hand #\d", re.MULTILINE)


def detect(head: str) -> bool:
    """A Bovada (Ignition, Bodog) history has a line starting "Bovada Hand #N": a hand's start, as
    ``starts_hand`` says, so that a file with a hand is never "no history" (its header may be damaged)."""
    return _DETECT.search(head.replace("\ufeff", "")) is not None


def starts_hand(line: str) -> bool:
    """A hand starts at its header."""
    return _START.match(line) is not None


def read_record(source: str, line: int, lines: list[str]) -> HandRecord:
    """One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""
    return site_record(source, line, read_hand(source, line, lines), GAME_NAMES, STRUCTURES)


READER = Reader("bovada", "Bovada / Ignition", (".txt",), detect, starts_hand, read_record)
