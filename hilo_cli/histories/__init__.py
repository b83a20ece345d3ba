"""Hand histories: readers that turn a file's hands into ``HandRecord`` values to replay and check.

Each reader is a module of this package named in ``READERS`` and defines
``read(source: str, text: str) -> Iterator[HandRecord]``: one record per hand, in file order, each a
hand to replay or an error (nothing dropped). ``detect`` picks the reader from the content; ``read``
runs it, and turns a reader that does not exist (yet) into one clear error record.

A reader may also define ``split(source, text) -> Iterator[HandRecord | HandText]`` and
``read_record(source, line, lines) -> HandRecord | None``: ``split`` only cuts the file into each hand's
lines, cheaply, and ``read_text`` reads one where it is checked, so that ``hilo check --jobs N`` reads
hands in its workers instead of reading the whole file in one process first. ``split`` then
``read_text`` gives the records ``read`` gives, in the same order.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import NamedTuple

from hilo_cli.betting import Hand
from hilo_cli.deal import Deal
from hilo_cli.errors import DealError

# Reader modules by input-format name; each defines read(source, text) -> Iterator[HandRecord].
READERS: dict[str, str] = {
    "phh": "hilo_cli.histories.phh",
    "pokerstars": "hilo_cli.histories.pokerstars",
}

# The file names a folder is searched for (``hilo check FOLDER``).
SUFFIXES = (".phh", ".phhs", ".txt")


class HandRecord(NamedTuple):
    """One hand read from a history file.

    * ``source``, ``line``: where the hand starts (``line`` 0: the file as a whole).
    * ``id``: the file's own identifier for the hand (PHH ``hand``/table name, PokerStars' hand number),
      or ``None``.
    * ``hand``: the ``Hand`` to replay, or ``None`` when it cannot be (``not_checkable`` or ``error``).
    * ``recorded_won``: what each player collected, *including* uncalled chips returned to them (the
      same meaning as ``PlayerResult.won``); a player not named collected nothing. ``recorded_stacks``:
      the finishing stacks instead (PHH ``finishing_stacks``), turned into ``won`` after the replay
      (finishing stack minus the stack before the pot was pushed). A record gives one, or neither (then
      the hand is not checkable: there is nothing to check against).
    * ``won_excludes_returned``: ``recorded_won`` counts only chips won from the pots (PHH ``winnings``,
      "collected pots"); the check then adds the uncalled chips the replay returns.
    * ``recorded_pots``: the amount of each pot as the history gives it (main pot first), if it does.
    * ``recorded_by_pot``: what each player collected from each pot (main pot first), where the history
      prints a line per pot (PokerStars "collected ... from side pot-1"); ``None`` where it does not.
    * ``not_checkable``: why the hand cannot be checked (a game hilo does not play), or ``None``.
    * ``error``: why the hand cannot be read (bad input, exit 2), or ``None``.
    * ``site_inconsistency``: where the history's own lines disagree with each other (a "collected"
      line and the summary's "won (…)", a summary board and the board dealt), or ``None``. The file is
      readable: this is a finding about the site, a MISMATCH, not bad input. The reader still gives
      the hand, so that an illegal action is still bad input and the payout is still checked.
    * ``action_lines``: the file line of each action (``action_lines[n - 1]`` for action ``n``), if known,
      so that an action that breaks a rule is reported at its own ``file:line``.
    * ``adjust``: a change to make to the replayed ``Deal`` before it is settled (a site's rake, several
      boards: ``lambda deal: deal._replace(rake=..., boards=...)``). It is pickled for ``--jobs``, so
      it must be a module-level function or a ``functools.partial`` of one, not a lambda.
    """

    source: str
    line: int
    id: str | None
    hand: Hand | None
    recorded_won: dict[str, int] | None = None
    recorded_stacks: dict[str, int] | None = None
    recorded_pots: tuple[int, ...] | None = None
    won_excludes_returned: bool = False
    not_checkable: str | None = None
    error: str | None = None
    adjust: Callable[[Deal], Deal] | None = None
    action_lines: tuple[int, ...] = ()
    recorded_by_pot: tuple[dict[str, int], ...] | None = None
    site_inconsistency: str | None = None


class SiteInconsistency(DealError):
    """The history's own lines disagree (the summary's pots do not add up, a returned uncalled bet the
    actions do not leave): raised by a record's ``adjust``, reported as a MISMATCH, never as bad input."""


class HandText(NamedTuple):
    """One hand's lines, cut from its file by a reader's ``split`` but not yet read (``read_text``).

    ``line`` is the file line of ``lines[0]``; ``reader`` the reader module's name. Small to send to a
    worker process: the lines as written, no parsed values."""

    source: str
    line: int
    lines: list[str]
    reader: str


def read_text(piece: HandText) -> HandRecord:
    """The record of a hand ``split`` cut from its file: what ``read`` gives for that hand."""
    module = importlib.import_module(piece.reader)
    record: HandRecord | None = module.read_record(piece.source, piece.line, piece.lines)
    if record is None:  # ``split`` gives no blank hands; a reader that found nothing still says so
        return HandRecord(piece.source, piece.line, None, None, error="no hand in these lines")
    return record


def detect(text: str) -> str | None:
    """The reader for ``text`` by its content, or ``None`` if it is no history hilo knows.

    PokerStars text starts with "PokerStars" (after a byte-order mark and blank lines) or holds
    "PokerStars Hand #"/"PokerStars Game #"; PHH is TOML with a ``variant =`` key or ``[...]`` table
    headers (a ``.phhs`` collection).
    """
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("PokerStars") or "PokerStars Hand #" in text or "PokerStars Game #" in text:
        return "pokerstars"
    for line in start.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") or line.replace(" ", "").startswith("variant="):
            return "phh"
        if "=" in line:
            # TOML key = value: a PHH file may put other keys before ``variant``.
            return "phh" if "variant" in text else None
        return None
    return None


def read(source: str, text: str, input_format: str = "auto") -> Iterator[HandRecord]:
    """Every hand in ``text`` (read from ``source``), by ``input_format`` (``auto``: ``detect``): what
    ``split`` cuts, each hand read at once."""
    for piece in split(source, text, input_format):
        yield read_text(piece) if isinstance(piece, HandText) else piece


def split(source: str, text: str, input_format: str = "auto") -> Iterator[HandRecord | HandText]:
    """Every hand in ``text`` as ``read`` gives it, except that a reader with a ``split`` gives each hand's
    lines (``HandText``) for ``read_text`` to read later, in a worker; blank text between hands is left
    out, as ``read`` leaves it out."""
    if text.startswith("\ufeff"):
        text = text[1:]
    module = _reader(source, text, input_format)
    if isinstance(module, HandRecord):
        yield module
        return
    reader: Callable[[str, str], Iterator[HandRecord | HandText]] = getattr(module, "split", module.read)
    yield from reader(source, text)


def _reader(source: str, text: str, input_format: str) -> ModuleType | HandRecord:
    """The reader module for ``text``, or the one error record saying why there is none."""
    if not text.strip():
        return HandRecord(source, 0, None, None, error="empty input: no hands")
    name = detect(text) if input_format == "auto" else input_format
    if name is None:
        return HandRecord(source, 0, None, None, error=(
            "not a hand history hilo reads (PHH or PokerStars); "
            f"give --input-format {'|'.join(READERS)}"))
    module_name = READERS.get(name)
    if module_name is None:
        return HandRecord(source, 0, None, None, error=f"unknown input format {name!r} (known: {', '.join(READERS)})")
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:
            raise
        return HandRecord(source, 0, None, None,
                          error=f"{name} hand histories cannot be read yet (no reader {module_name})")
