"""XML histories read safely: one hand's element parsed on its own, nothing ever expanded.

A hand history is a stranger's file. Every XML reader (iPoker, Merge, Boss Media, Microgaming) parses
each hand with ``parse``: expat, with every ``<!DOCTYPE``, ``<!ENTITY``, ``<!ELEMENT`` and ``<!ATTLIST``
refused before parsing (``DECLARATION``) and by the parser's handlers, parameter entities never read and
no external entity ever fetched, so a "billion laughs" file is one error, never memory or time. A hand
whose XML is broken is one ``InputError`` naming its line; the other hands are still read.
"""

from __future__ import annotations

import re
from xml.parsers import expat

from hilo_cli.bounds import quote, short
from hilo_cli.errors import InputError

DECLARATION = re.compile(r"<!\s*(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST)", re.IGNORECASE)


class Element:
    """One parsed XML element: its tag, attributes, text (stripped), file line and children."""

    __slots__ = ("attrs", "children", "line", "tag", "text")

    def __init__(self, tag: str, attrs: dict[str, str], line: int) -> None:
        self.tag, self.attrs, self.line = tag, attrs, line
        self.text = ""
        self.children: list[Element] = []


def parse(text: str, first_line: int | None, what: str) -> Element:
    """``text`` as XML (one root element), ``first_line`` the file line of its first line (``None``: not
    known; errors say the line within ``what``). Document type and entity declarations are refused before
    parsing and by the parser: nothing is ever expanded."""

    def at(offset: int) -> str:  # where line ``offset`` (from 0) of ``text`` is
        return (
            f"line {first_line + offset}: {what}"
            if first_line is not None
            else f"{what}, its line {offset + 1},"
        )

    found = DECLARATION.search(text)
    if found is not None:
        raise InputError(
            f"{at(text.count(chr(10), 0, found.start()))} declares a document type or entities "
            f"({quote(text[found.start() : found.start() + 40])}): hilo does not read XML declarations"
        )
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    root: list[Element] = []
    stack: list[tuple[Element, list[str]]] = []

    def refuse(*_: object) -> None:
        raise InputError(
            f"{what} declares a document type or entities: hilo does not read XML declarations"
        )

    def start(tag: str, attrs: dict[str, str]) -> None:
        element = Element(tag, attrs, (first_line or 1) + parser.CurrentLineNumber - 1)
        (stack[-1][0].children if stack else root).append(element)
        stack.append((element, []))

    def end(tag: str) -> None:
        element, texts = stack.pop()
        if texts:
            element.text = "".join(texts).strip()

    def data(chunk: str) -> None:
        if stack:
            stack[-1][1].append(chunk)

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        parser.Parse(text, True)
    except expat.ExpatError as e:
        why = short(expat.errors.messages[e.code], 80)
        raise InputError(f"{at((e.lineno or 1) - 1)} is not well-formed XML ({why})") from None
    return root[0]


def element_text(lines: list[str], opening: re.Pattern[str], closing: str, what: str) -> str:
    """The one element of a hand's lines that ``opening`` opens: from its opening tag (the previous
    hand's closing tag may stand before it on the line) to its ``closing`` tag, added where the file
    stops before it. Lines after the closing tag are left out."""
    text = "\n".join(lines)
    opened = opening.search(text)
    if opened is None:
        raise InputError(f"no {what} element in the hand's lines")
    text = text[opened.start() :]
    if opening.search(text, 1) is not None:
        raise InputError(
            f"two {what} elements on one line: hilo reads each hand on lines of its own"
        )
    closed = text.find(closing)
    return text[: closed + len(closing)] if closed >= 0 else text + closing
