"""Colour laid over a finished text report (issue 13): for equity's report, the one text that still
reaches the command line written before its look is known (``hilo equity``, and a batch's equity
records).

Every other report is styled by its writer (``styled``), which knows what is a card and what is a name.
This reads text back instead, finding cards by pattern (runs of two or more, so that a lone card-like
name stays a name), and so can still take a card-like name such as ``As Kh`` for cards: it goes once
equity's writer takes the look too. Taking the codes out again (``strip_colour``) gives back the plain
text exactly.
"""

from __future__ import annotations

import re

from hilo_cli.formats.styled import FOUR_COLOURS, RESET, SYMBOLS, TWO_COLOURS, SuitStyle

_CARD = r"[2-9TJQKA][shdc]"
# A run of cards as the report writes them: single spaces between, or `` + `` between the hole cards
# used and the board cards used. Lone card-like words (names) are not runs.
_RUN = re.compile(rf"(?<!\S){_CARD}(?:(?: | \+ ){_CARD})+(?!\S)")
_ONE = re.compile(_CARD)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def colour_report(text: str, suits: SuitStyle = "four-colour", colour: bool = True) -> str:
    """``text`` (equity's report) with its cards in colour and, for ``symbols``, with suit symbols.

    With ``colour`` false only the suit symbols are written (or nothing changes): the choice of colour
    is the command line's (``--color``), the choice of suits the user's (``--suits``).
    """
    if not colour and suits != "symbols":
        return text
    return "\n".join(_line(line, suits, colour) for line in text.split("\n"))


def strip_colour(text: str) -> str:
    """``text`` without its ANSI colour codes: public, so that a caller (and the tests) can hold a
    coloured report to the plain one, which it must equal once the codes are out."""
    return _ANSI.sub("", text)


def _line(line: str, suits: SuitStyle, colour: bool) -> str:
    cards = [
        (m.start(), m.end())
        for run in _RUN.finditer(line)
        for m in _ONE.finditer(line, run.start(), run.end())
    ]
    out: list[str] = []
    pos = 0
    for start, end in cards:
        out.append(line[pos:start])
        piece = line[start:end]
        suit = piece[1]
        piece = piece[0] + (SYMBOLS[suit] if suits == "symbols" else suit)
        style = (TWO_COLOURS if suits == "two-colour" else FOUR_COLOURS)[suit] if colour else ""
        out.append(f"{style}{piece}{RESET}" if style else piece)
        pos = end
    out.append(line[pos:])
    return "".join(out)
