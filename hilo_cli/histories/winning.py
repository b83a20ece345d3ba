"""Winning Poker Network (ACR, Americas Cardroom, Yatahay) hand histories: the plug-in (``READER``), both
formats, and the site's names for games and limits.

* The current format (``winning_lines``), PokerStars-like: ``Hand #N - Omaha H/L(No Limit) - ...``, one
  award line per player per pot (high and low added together), ``Rake $x | JP Fee $y`` (both taken from
  the pot), hands run twice (``*** RUN IT TWICE ***``, ``main pot 1``, ``main pot 2``).
* The older format (``winning_old``), UTF-16LE with a byte-order mark: ``Game started at:``, ``Game ID:
  N 0.10/0.25 table (Omaha HiLow)``, one ``Collects:`` total per player (``pots_named=False``) and ``Pot: x.
  Rake y. JP fee z``.

The summary's "won $x" can disagree with the award lines: the site's own inconsistency, a MISMATCH.
"""

from __future__ import annotations

import re

from hilo_cli.betting import Structure
from hilo_cli.histories import winning_lines, winning_old
from hilo_cli.histories.base import HandRecord, Reader, failed
from hilo_cli.histories.grammar import words
from hilo_cli.histories.plugin import plays, site_record
from hilo_cli.histories.site import SiteHand

# The site's game names for the games hilo plays (RULES §6), in both formats.
GAME_NAMES: dict[str, str] = words(
    """
    Omaha H/L       = omaha8
    5Card Omaha H/L = omaha8-5
    7Stud H/L       = stud8
    Omaha           = omaha
    5Card Omaha     = omaha-5
    Omaha HiLow     = omaha8
    """
)
OLD_UNREAD = frozenset(
    {"Seven Cards Stud HiLow"}
)  # old-format stud: its street lines are not read here
STRUCTURES: dict[str, Structure] = {"Fixed Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}


# A hand's header: "Hand #N - GAME - STAKES - DATE" (or "Game Hand #N ..."); the older format's "Game
# started at: DATE" with its "Game ID: N" line.
_HEADER = re.compile(r"^[ \t]*(?:Game )?Hand #\d+ - .+ - .*\d{4}/\d{1,2}/\d{1,2}", re.MULTILINE)


def detect(head: str) -> bool:
    """A file with a hand header of either format (keep this reader after the sites' own headers in
    ``PLUGINS``: its headers name no site)."""
    if "Game started at: " in head and "Game ID: " in head:
        return True
    return _HEADER.search(head) is not None


def starts_hand(line: str) -> bool:
    return winning_old.starts_hand(line) or winning_lines.starts_hand(line)


_PLAYED = plays(GAME_NAMES)


def read_record(source: str, line: int, lines: list[str]) -> HandRecord:
    """One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""
    first = next((text for text in lines if text.strip()), "")
    old = winning_old.starts_hand(first)
    hand = (winning_old.read_hand if old else winning_lines.read_hand)(source, line, lines, _PLAYED)
    if isinstance(hand, SiteHand) and hand.header.game in OLD_UNREAD:
        return failed(
            source,
            hand.line,
            f"hand #{hand.header.id}: the older format's {hand.header.game} hands are not read",
            hand.header.id,
        )
    return site_record(source, line, hand, GAME_NAMES, STRUCTURES)


READER = Reader("winning", "Winning Poker Network", (".txt",), detect, starts_hand, read_record)
