"""Colour laid over a finished text report (issue 13): for the text that reaches the command line as
bytes already written (the reports ``hilo batch`` and ``hilo check`` workers render, equity's report).

Reports written here and now are styled by their writer (``styled``): this reads text back instead,
finding cards (runs of two or more, so that a lone card-like name stays a name) and payouts by pattern,
and so can still take a card-like name such as ``As Kh`` for cards. It goes once the look is handed to
those writers too. Taking the codes out again (``strip_colour``) gives back the plain text exactly.
"""

from __future__ import annotations

import re

from hilo_cli.formats.styled import (
    BLUE,
    BOLD,
    BOLD_GREEN,
    BOLD_RED,
    FOUR_COLOURS,
    GREEN,
    PLAIN,
    RED,
    RESET,
    SUIT_STYLES,
    SYMBOLS,
    TWO_COLOURS,
    YELLOW,
    Line,
    Look,
    Part,
    Piece,
    SuitStyle,
)

__all__ = [
    "BLUE",
    "BOLD",
    "BOLD_GREEN",
    "BOLD_RED",
    "GREEN",
    "PLAIN",
    "RED",
    "RESET",
    "SUIT_STYLES",
    "SYMBOLS",
    "YELLOW",
    "Line",
    "Look",
    "Part",
    "Piece",
    "SuitStyle",
    "colour_report",
    "strip_colour",
]

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
    cards = [
        (m.start(), m.end())
        for run in _RUN.finditer(line)
        for m in _ONE.finditer(line, run.start(), run.end())
    ]
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
