"""Names are data, not terminal commands or spreadsheet formulas (issue 8 item 11).

A player's name or a record's id comes from the input and is printed as it is in JSON (JSON escapes what
it must). In the text report and in CSV it is shown with control characters escaped: a newline, an ANSI
escape sequence or a right-to-left override in a name would otherwise rewrite the terminal or the report
line. A CSV cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return) is read as a
formula by spreadsheets, so it is prefixed with ``'``, the usual guard.
"""

from __future__ import annotations

import re
import unicodedata

# C0 and C1 controls, DEL, and the Unicode format characters that reorder or hide text (bidi overrides and
# isolates, zero-width joiners and the like): category Cc or Cf.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _escape(match: re.Match[str]) -> str:
    char = match.group(0)
    return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(char) or (
        f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")


def shown(text: str) -> str:
    """``text`` with every control or invisible formatting character written as an escape (``\\x1b``)."""
    if text.isprintable() and not _UNSAFE.search(text):
        return text
    escaped = _UNSAFE.sub(_escape, text)
    # Anything else Python does not call printable, except ordinary spaces in other scripts.
    return "".join(c if c.isprintable() or unicodedata.category(c) == "Zs" else f"\\u{ord(c):04x}" for c in escaped)


def csv_cell(value: object) -> object:
    """A CSV cell: text escaped as ``shown`` and guarded against formulas; other values as they are."""
    if not isinstance(value, str) or not value:
        return value
    text = shown(value)
    return "'" + text if text.startswith(_FORMULA) else text
