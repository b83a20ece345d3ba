"""The pieces of a text report and how they are written (issue 13, issue 22).

The writers (``text_out``, ``check_out``) build each line of a report as ``Part``s: plain text, or a
``Piece`` that says what it is (a run of cards, a name who is paid, an amount, a verdict word). ``Look``
writes those lines: plainly, every piece as its text (a pipe, a file gets exactly the report it always
did), or in colour, or with the suit symbols. What is styled:

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

Piece = tuple[str, str]
"""A piece of a report line that a look may style, ``(text, kind)``: ``kind`` says what it is, ``"cards"``
(a run of cards as ``cards.format_cards`` writes them, ``Td 9s``) or a key of ``KIND_CODES``. A plain
tuple: a report is made of many."""

Part = str | Piece
"""A part of a line: plain text (words, or data such as a name no one is paid), or a ``Piece``."""
Line = list[Part]

KIND_CODES = {"name": BOLD, "amount": BOLD, "won": BOLD_GREEN, "alarm": BOLD_RED, "good": BOLD_GREEN,
              "doubt": YELLOW, "agree": GREEN}
"""Each kind of piece but cards, and its colour: a name and an amount paid, chips won, a difference or a
mismatch, a check that agrees, a verdict of OK or NOT CHECKABLE."""


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
            return shown("".join([p if p.__class__ is str else p[0] for p in parts]))
        return "".join([shown(p) if isinstance(p, str) else self._piece(p) for p in parts])

    def render(self, text: str) -> str:
        """Finished ``text`` (a worker's report, equity's) as this look shows it: ``colour.colour_report``."""
        from hilo_cli.formats.colour import colour_report

        return colour_report(text, self.suits, self.colour)

    def text(self, lines: Iterable[Iterable[Part]]) -> str:
        """Lines as one report, ending with a newline."""
        if self.plain:  # the report a pipe gets, as fast as it can be written
            plain = ["".join([p if p.__class__ is str else p[0] for p in line]) for line in lines]
            return "\n".join(map(shown, plain)) + "\n"
        return "\n".join(map(self.line, lines)) + "\n"

    def _piece(self, piece: Piece) -> str:
        text, kind = piece
        if kind == "cards":
            return " ".join([self._card(card) for card in text.split(" ")]) if text else ""
        code = KIND_CODES[kind] if self.colour else ""
        text = shown(text)
        return f"{code}{text}{RESET}" if code and text else text

    def _card(self, text: str) -> str:
        suit = text[1]
        if self.suits == "symbols":
            text = text[0] + SYMBOLS[suit]
        code = (TWO_COLOURS if self.suits == "two-colour" else FOUR_COLOURS)[suit] if self.colour else ""
        return f"{code}{text}{RESET}" if code else text


PLAIN = Look()
