"""One reader of amounts for every site: money into integer cents, chips into chips (RULES §4.2).

``$1,234.56`` is 123456 cents, ``1,500`` is 1500 chips, ``3.50€`` and ``€3.50`` are 350 cents: a currency
sign before or after the number, thousands separators (commas between groups of three digits) and a
decimal point, in ASCII digits only (``٣`` or ``３`` is bad input). Every amount is bounded before it is
converted (``bounds``): a number of 5,000 digits, ``Infinity`` or a negative amount is one error, never a
traceback, and never more than ``MAX_AMOUNT``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hilo_cli.bounds import MAX_AMOUNT, MAX_DIGITS, quote
from hilo_cli.errors import InputError
from hilo_cli.histories.base import Currency

CURRENCIES = "$€£"
NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
"""A number as the sites write it, for their patterns: ``1,500``, ``1500``, ``3.50``. ``\\d`` on purpose:
a number in other digits (Arabic-Indic, fullwidth...) is matched, so that ``money`` refuses it as bad
input, rather than the line being read as one without an amount."""
AMOUNT = rf"[{CURRENCIES}]?{NUMBER}"
"""An amount with or without its currency sign before it: ``$1,234.56``, ``€3.50``, ``1,500``."""
CODES = {"$": "USD", "€": "EUR", "£": "GBP"}
"""The ISO code of each currency sign a site writes (for JSON)."""
_PIECE = re.compile(r"\{([A-Z][A-Z0-9_]*)\}")


def pattern(text: str, flags: int = 0, **pieces: str) -> re.Pattern[str]:
    """``text`` compiled, each ``{NAME}`` in capitals in it replaced by its piece: ``{AMOUNT}``,
    ``{NUMBER}`` or one of ``pieces`` (a site's own, ``MONEY=...``). Braces around anything else are
    the pattern's own (``\\*{5}``); a piece no one gave is a ``KeyError`` when the module is imported."""
    known = {"AMOUNT": AMOUNT, "NUMBER": NUMBER, **pieces}
    return re.compile(_PIECE.sub(lambda found: known[found.group(1)], text), flags)


# ASCII digits only (``int`` would read "٣" or "３" as 3): any other digit is bad input.
_AMOUNT = re.compile(r"(?P<whole>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<cents>[0-9]+))?")


@lru_cache(maxsize=4096)
def money(text: str, scale: int) -> int:
    """``text`` in the smallest unit: ``scale`` 100 for money (cents), 1 for chips.

    An amount finer than the unit (``$0.005``, ``12.5`` chips) is refused: chips are whole units (§4.2).
    Cached: a year of hands repeats the same few stakes and bets."""
    plain = text.strip(CURRENCIES + " ")
    found = _AMOUNT.fullmatch(plain)
    if found is None:
        raise InputError(f"{quote(text, 40)} is not an amount")
    whole, cents = found.group("whole").replace(",", ""), found.group("cents") or ""
    if len(whole.lstrip("0")) > MAX_DIGITS:
        raise InputError(
            f"{quote(text, 40)} is more than hilo counts (at most {MAX_AMOUNT:,} units)"
        )
    digits = len(str(scale)) - 1  # decimal places of the unit: 2 for cents, 0 for chips
    kept, finer = cents[:digits], cents[digits:]
    if finer.strip("0"):
        unit = "a cent" if scale == 100 else "a chip"
        raise InputError(f"{quote(text, 40)} is not a whole number of units ({unit})")
    value = int(whole) * scale + (int(kept.ljust(digits, "0")) if digits else 0)
    if value > MAX_AMOUNT:
        raise InputError(
            f"{quote(text, 40)} is more than hilo counts (at most {MAX_AMOUNT:,} units)"
        )
    return value


def sign_currency(sign: str) -> Currency:
    """Money written with ``sign`` before the number (``$3.50``), in cents, with the sign's ISO code
    (none for no sign)."""
    return Currency(sign, "", 100, CODES.get(sign))


def table_currency(tournament: bool, sign: str) -> Currency:
    """The money of a table: a tournament's chips; cents with the ``sign``'s code at a table that names
    one; bare cents at one that names none (play money)."""
    if tournament:
        return Currency()
    return sign_currency(sign) if sign else Currency("", "", 100)
