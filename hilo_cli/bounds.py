"""The bounds on every number hilo reads, whatever the input: one place, so every reader refuses alike.

Input comes from strangers (a history file, a batch record, the command line). Every amount, count and
index is a whole number within these bounds, refused with one clear line before it is used: no number
too large for a 64-bit reader downstream, no run that a tiny input makes last for years, no Python
conversion limit (4,300 digits) reached.

* ``MAX_AMOUNT``: chips in the smallest unit (cents, or chips), 10^15: exact in any JSON reader's
  64-bit integers and doubles, far above any real pot.
* ``MAX_SEAT``: a seat number or player index.
* ``MAX_SAMPLES``: sampled runouts for equity, a billion.
* ``MAX_SEATS``: the seats a hand history may list for one hand (a table seats at most 10; hold'em could
  deal 23 hands from one deck): more is no real hand, and would make a hand's reading grow with its square.
* ``MAX_DIGITS``: the longest run of digits read as a number at all; anything longer is refused before
  it is converted (``int`` of 5,000 digits raises in Python).
"""

from __future__ import annotations

from hilo_cli.errors import DealError

MAX_AMOUNT = 10**15
MAX_SEAT = 10**6
MAX_SAMPLES = 10**9
MAX_SEATS = 23  # players at one table: no game here deals more hands from one deck
MAX_DIGITS = 30


def digits(text: str, what: str, bound: int = MAX_AMOUNT) -> int:
    """A whole number written in ASCII digits, at most ``bound``; ``DealError`` otherwise.

    The length is checked before the conversion, so a number of a million digits costs nothing."""
    if not (text.isascii() and text.isdigit()):
        raise DealError(f"{what} is {short(text)!r}, not a whole number")
    if len(text.lstrip("0")) > MAX_DIGITS or int(text) > bound:
        raise DealError(f"{what} is {short(text, 24)}: more than hilo counts (at most {bound:,})")
    return int(text)


def within(value: int, what: str, bound: int = MAX_AMOUNT) -> int:
    """``value`` itself if it is from 0 to ``bound``; ``DealError`` otherwise."""
    if value < 0:
        raise DealError(f"{what} is negative")
    if value > bound:
        raise DealError(f"{what} is more than hilo counts (at most {bound:,})")
    return value


def short(text: str, limit: int = 200) -> str:
    """``text`` as a quote in an error line: whole if short, else its first ``limit`` characters and a
    mark saying how much was cut (an error line never echoes a 100 MB field)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... [cut: {len(text):,} characters]"


def quote(text: str, limit: int = 200) -> str:
    """``text`` quoted (``repr``) for an error line, cut to ``limit`` characters and marked if longer."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... [cut: {len(text):,} characters]"
