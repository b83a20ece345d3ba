"""Full Tilt Poker hand histories (the closed site's archives): the plug-in (``READER``), the site's names
for games and limits, and the unit its pots were divided in.

``fulltilt_lines`` reads one hand's lines into a ``SiteHand`` (the halves: ``wins the high pot``, ``wins
the low side pot``); ``records.record`` makes the record, and the chip unit goes on its ``Hand``. Exports
in UTF-16 with a byte-order mark are decoded by the base. Games hilo does not play (hold'em, razz, draw,
badugi on a 10-Game or HORSE table) are not checkable, with the reason.

**The chip unit** (RULES §4.2: odd chips are broken down to the smallest unit in play). Full Tilt divided
a pot in the table's smallest unit, not in cents: $0.05 at $0.50/$1 (a pot of $7.75 after rake went
$3.90 high, $3.85 low), $0.50 at $2,000/$4,000, a cent at $0.05/$0.10 ($9.43 → $4.72/$4.71). The unit is
taken from the stakes as one twentieth of the big stake, rounded down to a chip of the ladder $0.50,
$0.25, $0.05, $0.01 (at most $0.50: the unit observed at the highest stakes), then down the ladder until
it divides every amount the hand's lines put in or take out (blinds, antes, bets, the rake, the printed
pots): chips put in in cents can only be divided in cents. Tournaments and play money divide in chips.
"""

from __future__ import annotations

from hilo_cli.histories.amounts import sign_currency
from hilo_cli.histories.archive import amounts_of, largest_unit
from hilo_cli.histories.base import Currency, HandRecord, Reader
from hilo_cli.histories.fulltilt_lines import read_hand, starts_hand
from hilo_cli.histories.grammar import words
from hilo_cli.histories.plugin import plays, site_record
from hilo_cli.histories.seats import STRUCTURES
from hilo_cli.histories.site import Header, SiteHand

# The site's game names (the limit already taken off) for the games hilo plays (RULES §6).
GAME_NAMES: dict[str, str] = words(
    """
    Omaha H/L          = omaha8
    Omaha Hi/Lo        = omaha8
    5 Card Omaha H/L   = omaha8-5
    5 Card Omaha Hi/Lo = omaha8-5
    Courchevel H/L     = courchevel8
    Courchevel Hi/Lo   = courchevel8
    Stud H/L           = stud8
    Stud Hi/Lo         = stud8
    7 Card Stud Hi/Lo  = stud8
    7 Card Stud H/L    = stud8
    Omaha Hi           = omaha
    Omaha              = omaha
    5 Card Omaha Hi    = omaha-5
    5 Card Omaha       = omaha-5
    """
)
# Full Tilt's chips, largest first, each a multiple of the next (cents).
UNITS = (50, 25, 5, 1)


def detect(head: str) -> bool:
    """Full Tilt text holds a Full Tilt hand header."""
    return "Full Tilt Poker Game #" in head or "FullTiltPoker Game #" in head


def chip_unit(hand: SiteHand) -> int:
    """The unit Full Tilt divided this hand's pots in (see the module docstring), in the hand's units."""
    header = hand.header
    if not header.currency:
        return 1
    return largest_unit(header.big // 20, amounts_of(hand), UNITS)


def currency(header: Header) -> Currency:
    if not header.currency:
        return Currency()
    return sign_currency(header.currency)


def _finish(hand: SiteHand) -> None:
    hand.currency = currency(hand.header)
    hand.chip_unit = chip_unit(hand)


_PLAYED = plays(GAME_NAMES)


def read_record(source: str, line: int, lines: list[str]) -> HandRecord:
    """One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""
    hand = read_hand(source, line, lines, _PLAYED)
    return site_record(source, line, hand, GAME_NAMES, STRUCTURES, _finish)


READER = Reader("fulltilt", "Full Tilt Poker", (".txt",), detect, starts_hand, read_record)
