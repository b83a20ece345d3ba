"""Hand histories: every site's reader is a plug-in, named once in the registry (``PLUGINS``).

The registry knows each plug-in without importing it: its ``--input-format`` name, how people call it,
the file names a folder is searched for, its module, and a cheap test of whether a file is the site's
(``Plugin.first``). A reader's module (its patterns, its ``READER``) is imported only when a file needs
it (``reader``), so that ``hilo check`` on one site's file loads that site's reader alone.

The base is shared by every reader: ``reading`` (decoding, line ends, cutting a file into hands),
``text`` (``TextReader``, which owns one hand of a text site while it is read), ``xml_hand`` (the same
for the XML sites), ``site`` (a hand as values), ``records`` (a hand into the record the checker
replays), ``actions``, ``amounts`` and ``summary``. docs/readers.md is the guide to adding a site.

``hands`` cuts a file into hands (``HandText``) in one streaming pass; ``read_text`` reads one, where it
is checked (a worker with ``--jobs``). Every hand in is a record out, in file order: a hand to replay,
one that is not checkable (with the reason), or an error.
"""

from __future__ import annotations

import importlib
import io
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import IO, NamedTuple

from hilo_cli.histories.base import HandRecord, Reader, Summary, failed
from hilo_cli.histories.reading import HandText, cut, cut_bytes, open_lines
from hilo_cli.histories.reading import read_text as _read_piece

__all__ = [
    "PLUGINS",
    "HandRecord",
    "HandText",
    "Plugin",
    "Reader",
    "Summary",
    "detect",
    "hands",
    "input_formats",
    "read",
    "read_text",
    "reader",
    "split",
    "suffixes",
]


class Plugin(NamedTuple):
    """A reader as the registry knows it before it is imported.

    * ``name``: the ``--input-format`` choice; ``title``: how people call the site; ``suffixes``: the
      files a folder is searched for; ``module``: the module whose ``READER`` reads it.
    * ``first(head)``: where the file's first hand of this site starts in ``head`` (its first 64 KiB,
      decoded, line ends ``\\n``), as an offset; ``None``: the file is not the site's.
    * ``starts(line)``: whether one line reads as a hand's first, for a site whose ``first`` needs more
      of the head than the line (``header_of``); ``None``: ``first`` of the line says.
    * ``opens``: what a line that opens the site's hand holds at its first character after spaces, as a
      pattern: looser than ``first`` and ``starts``, a quick test ``header_of`` makes of every site at
      once before it asks any (it runs on every line of a hand hilo does not check); ``""``: any line.
    """

    name: str
    title: str
    suffixes: tuple[str, ...]
    module: str
    first: Callable[[str], int | None]
    starts: Callable[[str], bool] | None = None
    opens: str = ""


def _search(pattern: str) -> Callable[[str], int | None]:
    """``first`` of a site whose files hold a line that ``pattern`` matches: where the first match
    starts."""
    compiled = re.compile(pattern, re.MULTILINE)

    def first(head: str) -> int | None:
        found = compiled.search(head)
        return None if found is None else found.start()

    return first


# The sites that write PokerStars' text under their own name (issue 28): a line that starts so.
_STARS_SITES = re.compile(
    r"^[ \t]*(?:888Poker|Hive Poker|Full Tilt|PokerMaster|Run It Once Poker|BetOnline|PokerBros|"
    r"MPLPoker|SupremaPoker|BetOnline Poker|PayNoRake|ActionPoker\.com|Gear Poker)"
    r"(?: Home Game(?: Hand)?|(?: Zoom| Rush)?(?: Hand| Game)| # Version:"
    r"| Tournament(?= #\d+, )) #?\d",
    re.MULTILINE,
)


def _pokerstars(head: str) -> int | None:
    """PokerStars text starts with "PokerStars" (after blank lines), or holds a PokerStars hand header
    (in capitals too, as trackers export it), or a header of a site that writes PokerStars' text."""
    start = head.lstrip(" \t\n")
    if start.startswith(("PokerStars", "POKERSTARS")):
        return len(head) - len(start)
    upper = head.upper()
    found = [
        at
        for at in (
            upper.find("POKERSTARS HAND #"),
            upper.find("POKERSTARS GAME #"),
            # A file of Zoom hands written between numbered lines ("*** # 1 ***", an archive's).
            upper.find("POKERSTARS ZOOM HAND #"),
            # A tournament summary (one error: no hand), sent by mail after a line of its own too.
            head.find("PokerStars Tournament #"),
        )
        if at >= 0
    ]
    other = _STARS_SITES.search(head)
    if other is not None:
        found.append(other.start())
    return min(found, default=None)


_PHH_HINT = re.compile(r"^\s*(?:\[|[\"']?variant)", re.MULTILINE)


def _phh(head: str) -> int | None:
    """PHH is TOML: only a file with a line that starts with ``[`` (a table header) or a ``variant`` key
    may be PHH, and the reader's own test (``phh.detect``) says whether it is."""
    hint = _PHH_HINT.search(head)
    if hint is None:
        return None
    from hilo_cli.histories import phh

    return hint.start() if phh.detect(head) else None


_MERGE_GAME = re.compile(r'<game id="\d+-\d+" starttime="\d')


def _merge(head: str) -> int | None:
    """A Merge history: a ``<game id="N-N"`` with its ``<players dealer=`` list."""
    found = _MERGE_GAME.search(head)
    return found.start() if found is not None and "<players dealer=" in head else None


def _merge_game(line: str) -> bool:
    """A line that opens a Merge hand (its players' list is on a line after it)."""
    return _MERGE_GAME.match(line.lstrip(" \t")) is not None


# 888's banner, and its newer header's first line (``GAME #N Version:``, an 888 hand only when its second
# line is ``Table Info: Blinds: ...``: PokerTracker exports iPoker hands under the same first line).
_888_OLD = (
    r"^(?=[^\n]*\*\*\*\*\*)[ \t]*\*{4,5} (?:Cassava|888poker|888)\S* "
    r"(?:Snap Poker |BLAST )?Hand History for Game \d"
)
_888_NEW = r"^[ \t]*GAME #\d+ Version:"
_888_START = re.compile(f"{_888_OLD}|{_888_NEW}")


def _888_line(line: str) -> bool:
    """A line that opens an 888 hand, in either format (the newer one's test needs its second line)."""
    return _888_START.match(line) is not None


_WINNING = re.compile(r"^[ \t]*(?:Game )?Hand #\d+ - .+ - .*\d{4}/\d{1,2}/\d{1,2}", re.MULTILINE)


def _winning(head: str) -> int | None:
    """Either of the network's formats: the older one's ``Game started at:`` with its ``Game ID:``, or
    the current one's ``Hand #N - GAME - STAKES - DATE`` (its headers name no site: it is tried last)."""
    if "Game started at: " in head and "Game ID: " in head:
        return head.find("Game started at: ")
    found = _WINNING.search(head)
    return None if found is None else found.start()


def _winning_line(line: str) -> bool:
    """A line that opens a hand of either format: the older one's ``Game started at:`` alone (its
    ``Game ID:`` is on a line after it), or the current one's header."""
    return line.lstrip(" \t").startswith("Game started at: ") or _WINNING.match(line) is not None


PLUGINS: tuple[Plugin, ...] = (
    Plugin(
        "pokerstars",
        "PokerStars",
        (".txt",),
        "pokerstars",
        _pokerstars,
        opens=r"(?i:pokerstars)|888Poker|Hive Poker|Full Tilt|PokerMaster|Run It Once|BetOnline|"
        r"PokerBros|MPLPoker|SupremaPoker|PayNoRake|ActionPoker|Gear Poker",
    ),
    Plugin("phh", "PHH", (".phh", ".phhs"), "phh", _phh, opens=r"\[|[\"']?variant"),
    Plugin(
        "fulltilt",
        "Full Tilt Poker",
        (".txt",),
        "fulltilt",
        _search(r"Full Tilt Poker Game #|FullTiltPoker Game #"),
        opens="Full ?Tilt",
    ),
    Plugin(
        "everleaf",
        "Everleaf",
        (".txt",),
        "everleaf",
        _search(
            r"Everleaf Gaming (?:- [^\n]+? - )?Game #|^[ \t]*Partouche Poker (?:Game #|partie )\d|"
            r"^[ \t]*- - [^\n]+? - Game #\d+[ \t]*\n[ \t]*\*{5} Hand history for game #|"
            r"^[ \t]*Partouche Poker [A-Z][a-z]+[ \t]*\n[ \t]*\*{3} Historique des Mains pour la partie \d"
        ),
        opens="Everleaf|Partouche|- - ",
    ),
    Plugin(
        "cake",
        "Cake Poker",
        (".txt",),
        "cake",
        _search(r"^[ \t]*(?:\u00ef\u00bb\u00bf)?Hand#[0-9A-Za-z]+ - "),
        opens=r"(?:\u00ef\u00bb\u00bf)?Hand#",
    ),
    Plugin(
        "pacific888",
        "888 / Pacific",
        (".txt",),
        "pacific888",
        _search(rf"{_888_OLD}|{_888_NEW}[^\n]*\n[ \t]*Table Info: Blinds: "),
        _888_line,
        r"\*{4}|GAME #",
    ),
    Plugin(
        "ipoker",
        "iPoker",
        (".xml", ".txt"),
        "ipoker",
        _search(r'<game gamecode="\d'),
        opens="<game ",
    ),
    Plugin(
        "winamax",
        "Winamax",
        (".txt",),
        "winamax",
        _search(r"^[ \t]*Winamax Poker - "),
        opens="Winamax",
    ),
    Plugin(
        "bovada",
        "Bovada / Ignition",
        (".txt",),
        "bovada",
        _search(r"^[ \t]*(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #C?\d"),
        opens="Bovada|Ignition|Bodog",
    ),
    Plugin(
        "partypoker",
        "PartyPoker",
        (".txt",),
        "partypoker",
        _search(r"^[ \t]*\*{5} Hand History [Ff]or Game [0-9A-Za-z]+ \*{5}"),
        opens=r"\*{5}",
    ),
    Plugin(
        "ongame",
        "OnGame",
        (".txt",),
        "ongame",
        _search(r"^[ \t]*\*{5} History for hand [0-9A-Za-z-]+.*\*{5}\s*$"),
        opens=r"\*{5}",
    ),
    Plugin(
        "pkr",
        "PKR",
        (".txt",),
        "pkr",
        _search(r"^[ \t]*Table #\d+ - .*\n[ \t]*Starting Hand #\d+[ \t]*$"),
        opens="Table #",
    ),
    Plugin(
        "entraction",
        "Entraction",
        (".txt",),
        "entraction",
        _search(r"^[ \t]*Game # ?\d+ - "),
        opens="Game #",
    ),
    Plugin(
        "kingsclub",
        "KingsClub",
        (".txt",),
        "kingsclub",
        _search(
            r"^[ \t]*#\d+: (?:Pot Limit|No Limit|Limit) .+ - "
            r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?[ \t]*$"
        ),
        opens="#",
    ),
    Plugin(
        "absolute",
        "Absolute Poker",
        (".txt",),
        "absolute",
        _search(r"^[ \t]*Stage #[A-Z]?\d+: "),
        opens="Stage #",
    ),
    Plugin("merge", "Merge (Carbon)", (".xml", ".txt"), "merge", _merge, _merge_game, "<game "),
    Plugin(
        "boss",
        "Boss Media",
        (".xml", ".txt"),
        "boss",
        _search(r'<HISTORY ID="\d+" SESSION="'),
        opens="<HISTORY ",
    ),
    Plugin(
        "microgaming",
        "Microgaming",
        (".xml", ".txt"),
        "microgaming",
        # before 2012, no hhversion: the id and the date
        _search(r'<Game (?:hhversion="\d+" id="\d|id="\d+" date=")'),
        opens="<Game ",
    ),
    # IGT: a JSON document, {"history": [hand, ...]}, on a line of its own or pretty-printed.
    Plugin(
        "igt", "IGT", (".txt",), "igt", _search(r'^\ufeff*\{\s*"history"\s*:'), opens="\ufeff*\\{"
    ),
    Plugin(
        "winning",
        "Winning Poker Network",
        (".txt",),
        "winning",
        _winning,
        _winning_line,
        "Game |Hand #",
    ),
)
"""Every reader, in the order ``detect`` tries them."""


def _plugins() -> dict[str, Plugin]:
    return {plugin.name: plugin for plugin in PLUGINS}


@cache
def reader(name: str) -> Reader:
    """The reader ``name`` (an ``--input-format`` choice), its module imported now."""
    module = importlib.import_module(f"hilo_cli.histories.{_plugins()[name].module}")
    found: Reader = module.READER
    return found


def input_formats() -> list[str]:
    """The ``--input-format`` choices: every reader's name, sorted."""
    return sorted(_plugins())


def suffixes() -> tuple[str, ...]:
    """The file names a folder is searched for (``hilo check FOLDER``): every reader's, once each."""
    return tuple(sorted({s for plugin in PLUGINS for s in plugin.suffixes}))


def titles() -> list[tuple[str, tuple[str, ...]]]:
    """Every reader's title and suffixes, by title (``hilo check --help``)."""
    return sorted((plugin.title, plugin.suffixes) for plugin in PLUGINS)


def _titles() -> str:
    names = [title for title, _ in titles()]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


# The first line of a site's tournament summary file (no hands: what a player paid and won), so that such
# a file is named for what it is.
_SUMMARIES = re.compile(
    r"\A(?:\ufeff)?\s*\*{5} (?P<site>Cassava|888poker|888)\S* Tournament Summary \*{5}"
)


def detect(head: str) -> str | None:
    """The reader for a file by its first lines (``head``), or ``None`` if it is no history hilo knows:
    the site whose first hand starts first (``Plugin.first``), so that a name inside a hand that reads
    as another site's header does not switch the file to that site; where two start at the same place,
    the one the registry lists first."""
    # No hand starts before the file's first line that is not blank: a site found there is the one
    # (the sites after it need not search the whole head, as they would for a name inside a hand).
    text = head.lstrip(" \t\n")
    first_line = head.rfind("\n", 0, len(head) - len(text)) + 1
    best: tuple[int, int] | None = None
    for order, plugin in enumerate(PLUGINS):
        at = plugin.first(head)
        if at is not None and (best is None or at < best[0]):
            best = (at, order)
        if best is not None and best[0] <= first_line:
            break
    return None if best is None else PLUGINS[best[1]].name


@cache
def _openers() -> re.Pattern[str] | None:
    """One pattern of every site's ``opens``, at a line's start after blank space; ``None`` where some
    site gives none (then every line is asked of every site)."""
    if any(not plugin.opens for plugin in PLUGINS):
        return None
    return re.compile(r"\s*(?:" + "|".join(f"(?:{plugin.opens})" for plugin in PLUGINS) + ")")


def header_of(line: str) -> str | None:
    """The title of the site whose hand ``line`` (one line) reads as the first line of: a plug-in's
    ``first`` finds a hand starting at the line's start (after spaces or tabs). ``None``: no site's."""
    openers = _openers()
    if openers is not None and openers.match(line) is None:
        return None
    lead = len(line) - len(line.lstrip(" \t"))
    return next(
        (
            plugin.title
            for plugin in PLUGINS
            if (plugin.first(line) == lead if plugin.starts is None else plugin.starts(line))
        ),
        None,
    )


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
    summary = _SUMMARIES.search(opened.head) if name is None else None
    if summary is not None:
        yield failed(
            source,
            0,
            f"an 888 / Pacific tournament summary ({summary.group('site')} Tournament Summary), not a "
            "hand history: hilo reads the "
            "tournament's hand histories",
        )
        return
    if name is None:
        yield failed(
            source,
            0,
            f"not a hand history hilo reads ({_titles()}); "
            f"give --input-format {'|'.join(input_formats())}",
        )
        return
    if name not in _plugins():
        yield failed(
            source, 0, f"unknown input format {name!r} (known: {', '.join(input_formats())})"
        )
        return
    site = reader(name)
    if site.documents is not None:  # a reader that cuts the file's bytes itself (IGT's JSON)
        yield from cut_bytes(source, opened.blocks, site)
        return
    yield from cut(source, opened.lines, site)


def read_text(piece: HandText) -> HandRecord:
    """The record of a hand ``hands`` cut from its file."""
    return _read_piece(piece, reader(piece.reader))


def split(source: str, text: str, input_format: str = "auto") -> Iterator[HandRecord | HandText]:
    """``hands`` of a text already in memory."""
    return hands(source, io.BytesIO(text.encode("utf-8", "surrogatepass")), input_format)


def read(source: str, text: str, input_format: str = "auto") -> Iterator[HandRecord]:
    """Every hand of ``text``, read: what ``split`` cuts, each hand read at once."""
    for piece in split(source, text, input_format):
        yield read_text(piece) if isinstance(piece, HandText) else piece
