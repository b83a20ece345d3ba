"""Colour for a text report (issue 13), styled by the writer that knows what each piece is (issue 22).

The writers (``text_out``, ``check_out``) build each line of a report as ``Part``s: plain text, or a
``Piece`` that says what it is (a card, a name who is paid, an amount, a verdict word). ``Look`` writes
those lines: plainly, every piece as its text (a pipe, a file gets exactly the report it always did), or
in colour, or with the suit symbols. What is styled:

- cards, each in its suit's colour: a four-colour deck by default (spades in the terminal's own
  colour, black or white; hearts red, diamonds blue, clubs green), or two colours (hearts and diamonds
  red); ``symbols`` also writes the suits as ♠ ♥ ♦ ♣;
- who wins what: the amounts and names of each half, scoop, tie and odd chip, and each ``NAME wins N``
  of the closing line (a player who wins chips in bold green);
- ``DIFFERENCE`` and ``MISMATCH`` in red, and a check that agrees in green; ``hilo check``'s verdicts
  ``OK`` in green, ``NOT CHECKABLE`` in yellow and ``ERROR`` in red.

A name is data, written as the writer gives it: a player called ``As Kh`` keeps the name under
``symbols``, because no card is ever found by reading the text back. Names and other data are escaped
as ``safe.shown`` escapes them, piece by piece, so a colour code can come only from here.

``colour_report`` lays colour over text that arrives finished (the reports ``hilo batch`` and ``hilo
check`` workers render, equity's report): it finds cards and payouts by pattern, and so can take a
card-like name for cards. It goes once the look is handed to those writers too.
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

_CARD = r"[2-9TJQKA][shdc]"
# A run of cards as the report writes them: single spaces between, or `` + `` between the hole cards
# used and the board cards used. Lone card-like words (names) are not runs.
_RUN = re.compile(rf"(?<!\S){_CARD}(?:(?: | \+ ){_CARD})+(?!\S)")
_ONE = re.compile(_CARD)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")

# Who is paid what, as ``text_out`` words it: "600 to B (", "600 tied by A and B (", "odd chip 1 to C:",
# "both to A and B (", ", 33 each", "40 uncalled returned to B (".
_PAID = (
    re.compile(r"(?<![\w.-])(?P<amount>\d+) (?:to|tied by) (?P<who>[^(:]+?) \("),
    re.compile(r"^\s*odd chip (?P<amount>\d+) to (?P<who>[^:]+?):"),
    re.compile(r"high and low both to (?P<who>[^(]+?) \("),
    re.compile(r", (?P<amount>\d+) each\b"),
    re.compile(r"^(?P<amount>\d+) uncalled returned to (?P<who>.+?) \(RULES"),
)
_BETWEEN_NAMES = re.compile(r", | and ")
_WIN = r".+? wins \d+(?: \(quartered\))?"
_WINS_LINE = re.compile(rf"{_WIN}(?:   {_WIN})*")
_WIN_ENTRY = re.compile(r"(?:^|(?<=   ))(?P<who>.+?) wins (?P<amount>\d+)")
_ALARM = re.compile(r"\b(?:DIFFERENCE|MISMATCH)\b")
_VERDICT = re.compile(r"(OK|NOT CHECKABLE|ERROR): ")
_VERDICTS = {"OK": BOLD_GREEN, "NOT CHECKABLE": YELLOW, "ERROR": BOLD_RED}
_AGREE = re.compile(r"^check: (?P<agree>the amounts paid agree)$")

Span = tuple[int, int, str]


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
        """Finished ``text`` (a worker's report, equity's) as this look shows it: ``colour_report``."""
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


def colour_report(text: str, suits: SuitStyle = "four-colour", colour: bool = True) -> str:
    """``text`` (a report of ``text_out``, or several) with colour codes and, for ``symbols``, suit symbols.

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
    cards = [(m.start(), m.end()) for run in _RUN.finditer(line) for m in _ONE.finditer(line, run.start(), run.end())]
    spans: list[Span] = [(a, b, "card") for a, b in cards]
    if colour:
        spans += _highlights(line)
    spans.sort()
    out: list[str] = []
    pos = 0
    for start, end, style in spans:
        if start < pos:
            continue  # overlaps a span already written: the first one wins
        out.append(line[pos:start])
        piece = line[start:end]
        if style == "card":
            suit = piece[1]
            piece = piece[0] + (SYMBOLS[suit] if suits == "symbols" else suit)
            style = (TWO_COLOURS if suits == "two-colour" else FOUR_COLOURS)[suit] if colour else ""
        out.append(f"{style}{piece}{RESET}" if style else piece)
        pos = end
    out.append(line[pos:])
    return "".join(out)


def _names(start: int, end: int, line: str) -> list[Span]:
    """A bold span for each name in ``line[start:end]``, a list like ``Carol, Alice and Bob``."""
    spans: list[Span] = []
    for gap in _BETWEEN_NAMES.finditer(line, start, end):
        spans.append((start, gap.start(), BOLD))
        start = gap.end()
    spans.append((start, end, BOLD))
    return spans


def _highlights(line: str) -> list[Span]:
    spans: list[Span] = []
    # Cheap word tests first: most lines of a report are hands, and name nobody who is paid.
    paid = " to " in line or " tied by " in line or " each" in line
    for pattern in _PAID if paid else ():
        for m in pattern.finditer(line):
            if "amount" in m.re.groupindex:
                spans.append((m.start("amount"), m.end("amount"), BOLD))
            if "who" in m.re.groupindex:  # each name of "Carol, Alice and Bob"
                spans.extend(_names(m.start("who"), m.end("who"), line))
    if " wins " in line and _WINS_LINE.fullmatch(line):
        for m in _WIN_ENTRY.finditer(line):
            won = int(m["amount"]) > 0
            spans.append((m.start("who"), m.end("who"), BOLD if won else ""))
            spans.append((m.start("amount"), m.end("amount"), BOLD_GREEN if won else ""))
    if "DIFFERENCE" in line or "MISMATCH" in line:
        spans.extend((m.start(), m.end(), BOLD_RED) for m in _ALARM.finditer(line))
    verdict = _VERDICT.match(line) if line[:1] in "ONE" else None
    if verdict:  # hilo check's verdict at the head of each hand
        spans.append((verdict.start(1), verdict.end(1), _VERDICTS[verdict[1]]))
    agree = _AGREE.match(line) if line.startswith("check: ") else None
    if agree:
        spans.append((agree.start("agree"), agree.end("agree"), GREEN))
    return [s for s in spans if s[2] and s[0] < s[1]]
