"""Hand histories: readers that turn a file's hands into ``HandRecord`` values to replay and check.

Each reader is a module of this package named in ``READERS`` and defines
``read(source: str, text: str) -> Iterator[HandRecord]``: one record per hand, in file order, each a
hand to replay or an error (nothing dropped). ``detect`` picks the reader from the content; ``read``
runs it, and turns a reader that does not exist (yet) into one clear error record.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
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
    """Every hand in ``text`` (read from ``source``), by ``input_format`` (``auto``: ``detect``)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        yield HandRecord(source, 0, None, None, error="empty input: no hands")
        return
    name = detect(text) if input_format == "auto" else input_format
    if name is None:
        yield HandRecord(source, 0, None, None, error=(
            "not a hand history hilo reads (PHH or PokerStars); "
            f"give --input-format {'|'.join(READERS)}"))
        return
    module_name = READERS.get(name)
    if module_name is None:
        yield HandRecord(source, 0, None, None, error=f"unknown input format {name!r} (known: {', '.join(READERS)})")
        return
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:
            raise
        yield HandRecord(source, 0, None, None,
                         error=f"{name} hand histories cannot be read yet (no reader {module_name})")
        return
    reader: Callable[[str, str], Iterator[HandRecord]] = module.read
    yield from reader(source, text)
