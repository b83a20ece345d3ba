"""The pieces of a text report and how they are written (issue 13, issue 22).

The writers (``text_out``, ``check_out``, ``allin_out``'s all-in lines) build each line of a report as
``Part``s: plain text, or a ``Piece`` whose class says what it is (a run of cards, a name who is paid, an
amount, a verdict word). ``Look`` writes those lines, in the process that writes the report (a worker of
``hilo batch --jobs`` or ``hilo check --jobs`` too): plainly, every piece as its text (a pipe, a file
gets exactly the report it always did), or in colour, or with the suit symbols. What is styled:

- cards, each in its suit's colour: a four-colour deck by default (spades in the terminal's own
  colour, black or white; hearts red, diamonds blue, clubs green), or two colours (hearts and diamonds
  red); ``symbols`` also writes the suits as ♠ ♥ ♦ ♣;
- who wins what: the amounts and names of each half, scoop, tie and odd chip, and each ``NAME wins N``
  of the closing line (a player who wins chips in bold green);
- ``DIFFERENCE`` and ``MISMATCH`` in red, and a check that agrees in green; ``hilo check``'s verdicts
  ``OK`` in green, ``NOT CHECKABLE`` in yellow and ``ERROR`` in red.

A name is data, written as the writer gives it: a player called ``As Kh`` keeps the name under
``symbols``, because no card is ever found by reading the text back. Names and other data are escaped
as ``safe.shown`` escapes them, piece by piece, so a colour code can come only from here. Nothing here
compiles a pattern: a piped report pays for no colour.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal, NamedTuple

from hilo_cli.formats.safe import shown

SuitStyle = Literal["four-colour", "two-colour", "symbols"]
SUIT_STYLES: tuple[SuitStyle, ...] = ("four-colour", "two-colour", "symbols")

SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
RED = "\x1b[31m"
GREEN = "\x1b[32m"
YELLOW = "\x1b[33m"
BLUE = "\x1b[34m"
BOLD_RED = "\x1b[1;31m"
BOLD_GREEN = "\x1b[1;32m"

# Spades have no colour of their own: the terminal's foreground is black on a light screen and white on
# a dark one, as the four-colour deck wants.
FOUR_COLOURS = {"s": "", "h": RED, "d": BLUE, "c": GREEN}
TWO_COLOURS = {"s": "", "h": RED, "d": RED, "c": ""}


class Piece(str):
    """A piece of a report line that a look may style: the text itself, its class saying what it is
    and ``code`` the colour it takes. A piece joins, compares and measures as its text, so a plain
    report is the parts joined."""

    __slots__ = ()
    code = ""


def _kind(name: str, code: str, doc: str) -> type[Piece]:
    return type(name, (Piece,), {"__slots__": (), "code": code, "__doc__": doc})


Cards = _kind(
    "Cards", "", "A run of cards as ``cards.format_cards`` writes them, each in its suit's colour."
)
Name = _kind("Name", BOLD, "The name of a player who is paid.")
Amount = _kind("Amount", BOLD, "An amount paid out.")
Won = _kind("Won", BOLD_GREEN, "What a player who wins chips wins, in the closing line.")
Alarm = _kind("Alarm", BOLD_RED, "``DIFFERENCE``, the verdicts ``MISMATCH`` and ``ERROR``.")
Good = _kind("Good", BOLD_GREEN, "The verdict ``OK``.")
Doubt = _kind("Doubt", YELLOW, "The verdict ``NOT CHECKABLE``.")
Agree = _kind("Agree", GREEN, "A check that agrees.")

Part = str
"""A part of a line: plain text (words, or data such as a name no one is paid), or a ``Piece``."""
Line = list[Part]


class Look(NamedTuple):
    """How a text report is written: in colour or not, and with which suits."""

    colour: bool = False
    suits: SuitStyle = "four-colour"

    @property
    def plain(self) -> bool:
        """Whether every piece is written as its bare text."""
        return not self.colour and self.suits != "symbols"

    def line(self, parts: Iterable[Part]) -> str:
        """One line of a report, each piece escaped (``safe.shown``) and styled."""
        if self.plain:
            return shown("".join(parts))
        return "".join([shown(p) if p.__class__ is str else self._piece(p) for p in parts])

    def text(self, lines: Iterable[Iterable[Part]]) -> str:
        """Lines as one report, ending with a newline."""
        if self.plain:  # the report a pipe gets, as fast as it can be written
            return "\n".join([shown("".join(line)) for line in lines]) + "\n"
        return "\n".join(map(self.line, lines)) + "\n"

    def _piece(self, piece: str) -> str:
        if piece.__class__ is Cards:
            return " ".join([self._card(card) for card in piece.split(" ")]) if piece else ""
        code = piece.code if self.colour and isinstance(piece, Piece) else ""
        text = shown(str(piece))
        return f"{code}{text}{RESET}" if code and text else text

    def _card(self, text: str) -> str:
        suit = text[1]
        if self.suits == "symbols":
            text = text[0] + SYMBOLS[suit]
        code = (
            (TWO_COLOURS if self.suits == "two-colour" else FOUR_COLOURS)[suit]
            if self.colour
            else ""
        )
        return f"{code}{text}{RESET}" if code else text


PLAIN = Look()


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def strip_colour(text: str) -> str:
    """``text`` without its ANSI colour codes: public, so that a caller (and the tests) can hold a
    coloured report to the plain one, which it must equal once the codes are out."""
    return _ANSI.sub("", text)
