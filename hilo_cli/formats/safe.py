"""Names are data, not terminal commands or spreadsheet formulas (issue 8 item 11).

A player's name or a record's id comes from the input and is printed as it is in JSON (JSON escapes what
it must). In the text report and in CSV it is shown with control characters escaped: a newline, an ANSI
escape sequence or a right-to-left override in a name would otherwise rewrite the terminal or the report
line. A CSV cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return) is read as a
formula by spreadsheets, so it is prefixed with ``'``, the usual guard.

An error line quotes the input it could not read, and the input may be a 100 MB field: each reader quotes
at most a couple of hundred characters (``bounds.short``), and ``error_line`` is the net under them all,
used wherever an error message is written (stderr, JSON and CSV error records): never longer than
``ERROR_LIMIT`` characters, the cut marked.
"""

from __future__ import annotations

import re
import unicodedata

from hilo_cli.bounds import short

# C0 and C1 controls, DEL, and the Unicode format characters that reorder or hide text (bidi overrides and
# isolates, zero-width joiners and the like): category Cc or Cf.
_UNSAFE = r"[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]"
_FORMULA = ("=", "+", "-", "@", "\t", "\r")
# The longest error message written: room for a file name, a quote cut by ``bounds.short`` and the words.
ERROR_LIMIT = 500


def _escape(match: re.Match[str]) -> str:
    char = match.group(0)
    return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(char) or (
        f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"
    )


def shown(text: str) -> str:
    """``text`` with every control or invisible formatting character written as an escape (``\\x1b``)."""
    if text.isascii() and text.isprintable():
        return text  # the usual name: nothing to escape, and no pattern compiled for it
    if text.isprintable() and not re.search(_UNSAFE, text):
        return text
    escaped = re.sub(_UNSAFE, _escape, text)
    # Anything else Python does not call printable, except ordinary spaces in other scripts.
    return "".join(
        c if c.isprintable() or unicodedata.category(c) == "Zs" else f"\\u{ord(c):04x}"
        for c in escaped
    )


def csv_cell(value: object) -> object:
    """A CSV cell: text escaped as ``shown`` and guarded against formulas; other values as they are."""
    if not isinstance(value, str) or not value:
        return value
    text = shown(value)
    return "'" + text if text.startswith(_FORMULA) else text


def capped(message: str, limit: int = ERROR_LIMIT) -> str:
    """An error message as it is (JSON escapes what it must), cut to ``limit`` characters and marked so."""
    return short(message, limit)


def error_line(message: str, limit: int = ERROR_LIMIT) -> str:
    """An error message for stderr or a CSV cell: escaped as ``shown``, at most ``limit`` characters of
    it once escaped (the marker of the cut after them), so no error line ever echoes a huge input."""
    kept = message[:limit]
    text = shown(kept)
    if len(kept) == len(message) and len(text) <= limit:
        return text
    fits = len(kept)  # the most characters whose escaped text is at most ``limit`` long
    if len(text) > limit:
        low = 0  # shown maps each character on its own: an escaped prefix is the prefix's escape
        while low < fits:
            middle = (low + fits + 1) // 2
            low, fits = (middle, fits) if len(shown(kept[:middle])) <= limit else (low, middle - 1)
    return shown(short(message, fits))
