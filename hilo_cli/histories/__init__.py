"""Hand histories: every site's reader is a plug-in on one base, named once in ``PLUGINS``.

The base (``base``: the plug-in type ``Reader`` and the plain-data ``HandRecord``; ``reading``: decoding,
line ends and cutting a file into hands; ``amounts``; ``actions``: a site's actions into a
``betting.Hand``; ``summary``: the checks of what a site printed about its pots) is shared by every
reader. A reader module defines ``READER``: how to recognise its files, where a hand starts and how to
read one hand's lines, nothing else. ``detect``, the ``--input-format`` choices, the folder suffixes and
the error for a file no reader knows all come from ``PLUGINS``. docs/readers.md is the guide to adding a
site.

``hands`` cuts a file into hands (``HandText``) in one streaming pass; ``read_text`` reads one, where it
is checked (a worker with ``--jobs``). Every hand in is a record out, in file order: a hand to replay,
one that is not checkable (with the reason), or an error.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Iterator
from functools import cache
from typing import IO

from hilo_cli.histories.base import HandRecord, Reader, Summary, failed
from hilo_cli.histories.reading import HandText, cut, open_lines
from hilo_cli.histories.reading import read_text as _read_piece

__all__ = [
    "PLUGINS",
    "HandRecord",
    "HandText",
    "Reader",
    "Summary",
    "detect",
    "hands",
    "input_formats",
    "read",
    "read_text",
    "readers",
    "split",
    "suffixes",
]

# Every reader, in the order ``detect`` tries them: a module with a ``READER``.
PLUGINS = (
    "hilo_cli.histories.pokerstars",
    "hilo_cli.histories.phh",
    "hilo_cli.histories.fulltilt",
    "hilo_cli.histories.everleaf",
    "hilo_cli.histories.cake",
    "hilo_cli.histories.pacific888",
    "hilo_cli.histories.ipoker",
    "hilo_cli.histories.winamax",
    "hilo_cli.histories.bovada",
    "hilo_cli.histories.partypoker",
    "hilo_cli.histories.ongame",
    "hilo_cli.histories.pkr",
    "hilo_cli.histories.entraction",
    "hilo_cli.histories.kingsclub",
    "hilo_cli.histories.absolute",
    "hilo_cli.histories.merge",
    "hilo_cli.histories.boss",
    "hilo_cli.histories.microgaming",
    "hilo_cli.histories.winning",  # last: its headers name no site
)


@cache
def readers() -> dict[str, Reader]:
    """Every reader by its ``--input-format`` name, in detection order."""
    found = (importlib.import_module(name).READER for name in PLUGINS)
    return {reader.name: reader for reader in found}


def input_formats() -> list[str]:
    """The ``--input-format`` choices: every reader's name, sorted."""
    return sorted(readers())


def suffixes() -> tuple[str, ...]:
    """The file names a folder is searched for (``hilo check FOLDER``): every reader's, once each."""
    return tuple(sorted({s for reader in readers().values() for s in reader.suffixes}))


def _titles() -> str:
    titles = sorted(reader.title for reader in readers().values())
    return ", ".join(titles[:-1]) + " or " + titles[-1] if len(titles) > 1 else titles[0]


def detect(head: str) -> str | None:
    """The reader for a file by its first lines (``head``), or ``None`` if it is no history hilo knows."""
    return next((name for name, reader in readers().items() if reader.detect(head)), None)


def hands(
    source: str, stream: IO[bytes], input_format: str = "auto"
) -> Iterator[HandRecord | HandText]:
    """Every hand of the file ``stream`` (read from ``source``), in file order, by ``input_format``
    (``auto``: ``detect``): each hand's lines, to be read by ``read_text``, or the one error saying why the
    file has no hands to read."""
    opened = open_lines(stream)
    if isinstance(opened, str):
        yield failed(source, 0, opened)
        return
    name = detect(opened.head) if input_format == "auto" else input_format
    if name is None:
        yield failed(
            source,
            0,
            f"not a hand history hilo reads ({_titles()}); "
            f"give --input-format {'|'.join(input_formats())}",
        )
        return
    reader = readers().get(name)
    if reader is None:
        yield failed(
            source, 0, f"unknown input format {name!r} (known: {', '.join(input_formats())})"
        )
        return
    yield from cut(source, opened.lines, reader)


def read_text(piece: HandText) -> HandRecord:
    """The record of a hand ``hands`` cut from its file."""
    return _read_piece(piece, readers()[piece.reader])


def split(source: str, text: str, input_format: str = "auto") -> Iterator[HandRecord | HandText]:
    """``hands`` of a text already in memory."""
    return hands(source, io.BytesIO(text.encode("utf-8", "surrogatepass")), input_format)


def read(source: str, text: str, input_format: str = "auto") -> Iterator[HandRecord]:
    """Every hand of ``text``, read: what ``split`` cuts, each hand read at once."""
    for piece in split(source, text, input_format):
        yield read_text(piece) if isinstance(piece, HandText) else piece
