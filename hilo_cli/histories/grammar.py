r"""A site's line grammar: every kind of line it writes, one pattern a kind, in one table.

A reader writes its site's lines as a table, a line an entry: the entry's name, spaces, and the regular
expression of that kind of line::

    LINES = grammar(
        r'''
        # the header, then the seats
        header   ^\*{5} History for hand (?P<id>[0-9A-Za-z-]+)(?P<rest>.*?)\s*\*{5}\s*$
        seat     ^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?P<rest>.*)$
        summary  ^, net: [+-]?{AMOUNT}(?:, \[(?P<cards>[^\[\]]*)\]
                 (?: \(.*\))?)?\s*$
        '''
    )
    found = LINES.seat.match(line)

- A line that begins with spaces (after the table's own indentation) goes on the entry above it, its
  spaces dropped: a long pattern is written over several lines, split anywhere but beside a space
  that matters (write ``\x20`` or ``[ ]`` for one at a split).
- ``{NAME}`` (capitals) is a piece of pattern: ``{AMOUNT}`` (an amount with or without its currency
  sign, ``amounts.AMOUNT``) and ``{NUMBER}`` (``amounts.NUMBER``) in every table. An entry named in
  capitals is a piece of the table's own, for the entries after it (``ALL_IN  (?P<all_in> \(all-in\))?``;
  naming ``AMOUNT`` writes the site's amounts otherwise); a piece the code shares with the table is
  passed by name (``grammar(text, MONEY=...)``). Braces around anything else are the pattern's own
  (``\*{5}``).
- A line that begins with ``#`` is a comment; a flag is written in the pattern (``(?i)`` for case).

The site's words for games, limits and actions are tables too (``words``: a line a word, the site's
and hilo's).

Each pattern is compiled once, when the site's module is imported; an entry the table does not have is
an ``AttributeError`` naming those it has, and a table that does not read (a name twice, a piece no one
gave, a pattern that does not compile) fails at import with the entry's name.
"""

from __future__ import annotations

import re
import textwrap

from hilo_cli.histories.amounts import AMOUNT, NUMBER

PIECES = {"AMOUNT": AMOUNT, "NUMBER": NUMBER}
"""The pieces of pattern every table may use, by name."""
_PIECE = re.compile(r"\{([A-Z][A-Z0-9_]*)\}")
_ENTRY = re.compile(r"(?P<name>[a-z][a-z0-9_]*|[A-Z][A-Z0-9_]*)\s+(?P<pattern>\S.*)")


def words(table: str) -> dict[str, str]:
    """A site's words as hilo's, a line a word: what the site writes, `` = ``, what hilo calls it
    (``posts small blind = small blind``); a line that begins with ``#`` is a comment."""
    found: dict[str, str] = {}
    for line in table.splitlines():
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        site, equals, ours = (part.strip() for part in text.partition(" = "))
        if not equals or not site or not ours or site in found:
            raise ValueError(f"not a line of a table of words (or a word twice): {text!r}")
        found[site] = ours
    return found


class Grammar:
    """The compiled patterns of one table, each an attribute by its entry's name."""

    def __init__(self, patterns: dict[str, re.Pattern[str]]) -> None:
        self.__dict__.update(patterns)
        self.names = tuple(patterns)

    def __getattr__(self, name: str) -> re.Pattern[str]:
        raise AttributeError(f"the grammar has no {name!r} line (it has {', '.join(self.names)})")


def grammar(table: str, **pieces: str) -> Grammar:
    """The table's entries compiled, ``{NAME}`` pieces put in (``PIECES``, then ``pieces``, then the
    table's own pieces, each from its entry on)."""
    known = {**PIECES, **pieces}
    patterns: dict[str, re.Pattern[str]] = {}
    for name, text in entries(table):
        if name in patterns or name == "names":
            raise ValueError(
                f"the grammar's {name!r} line is written twice (or is a reserved name)"
            )

        def piece(found: re.Match[str], name: str = name) -> str:
            if found.group(1) not in known:
                raise ValueError(
                    f"the grammar's {name!r} line uses {found.group()}, a piece no one gave"
                )
            return known[found.group(1)]

        expanded = _PIECE.sub(piece, text)
        if name.isupper():
            known[name] = expanded
            continue
        try:
            patterns[name] = re.compile(expanded)
        except re.error as e:
            raise ValueError(f"the grammar's {name!r} line does not compile: {e}") from None
    return Grammar(patterns)


def entries(table: str) -> list[tuple[str, str]]:
    """The table's entries as written: each name with its pattern, continuation lines joined on."""
    found: list[tuple[str, str]] = []
    for line in textwrap.dedent(table).splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line[0].isspace():
            if not found:
                raise ValueError(f"the grammar begins with a continuation line: {line.strip()!r}")
            name, text = found[-1]
            found[-1] = (name, text + line.strip())
            continue
        entry = _ENTRY.fullmatch(line.rstrip())
        if entry is None:
            raise ValueError(f"not a line of a grammar (a name, spaces, a pattern): {line!r}")
        found.append((entry.group("name"), entry.group("pattern")))
    return found
