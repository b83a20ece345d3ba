"""The reader base: what every hand history needs, written once; each site is a plug-in on it.

A site's reader is a ``Reader`` value (its module's ``READER``) that says only how to recognise its files
(``detect``), where a hand starts (``starts_hand``) and how to read one hand's lines (``read_hand``). The
base does the rest, for every site alike:

* **Decoding** (``decode_lines``): UTF-8 with or without a byte-order mark, UTF-16 with one, and the
  reader's own ``encodings`` (cp1252 where a site writes it). A line no encoding reads is an error naming
  its bytes, never replaced silently.
* **Line ends**: LF, CRLF and CR-only, mixed in one file too; line numbers are counted once, in one pass.
* **Cutting** (``cut``): a file into hands, each with the number of its first line, one hand in memory
  at a time, so that time and memory grow linearly with the file.
* **Amounts** (``amounts.money``), **cards** (``cards_of``), the site's actions into a ``betting.Hand``
  (``actions``), and the summary checks (``summary``): in the modules beside this one.

A record (``HandRecord``) is plain data: what the site recorded, per player and per pot, and what it
printed about its pots and rake (``Summary``); the checker does the arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from hilo_cli.betting import Hand
from hilo_cli.cards import Card


class Summary(NamedTuple):
    """What a site printed about the pots of a hand, in the hand's smallest unit.

    ``total``: the pot before rake ("Total pot"); ``rake``: the rake taken; ``printed``: each pot as printed
    after rake, main pot first (empty: the site prints one figure); ``uncalled``: the uncalled bets the site
    says it returned, by player."""

    total: int
    rake: int
    printed: tuple[int, ...]
    uncalled: dict[str, int]


class Currency(NamedTuple):
    """How a site writes its money, to show amounts to people as the site did: ``before`` and ``after``
    the number, and ``scale`` units to one of the currency (100: cents, two decimals; 1: chips).
    ``Currency("$", "", 100)`` shows 399 as ``$3.99``, ``Currency("", "€", 100)`` 496 as ``4.96€``,
    ``Currency("EUR ", "", 100)`` as ``EUR 4.96``, ``Currency()`` chips as they are."""

    before: str = ""
    after: str = ""
    scale: int = 1
    code: str | None = None  # the ISO code where the site gives one (USD, EUR), for JSON

    def show(self, units: int) -> str:
        """``units`` written as the site writes money."""
        sign, units = ("-", -units) if units < 0 else ("", units)
        if self.scale == 100:
            return f"{sign}{self.before}{units // 100:,}.{units % 100:02d}{self.after}"
        return f"{sign}{self.before}{units:,}{self.after}"


Depth = str
"""How deep a record lets a check go: ``per half`` (what each player was paid from each half of each pot),
``per pot`` (from each pot), ``per player`` (one total per player: finishing stacks, or a site that prints
only what each player collected)."""


class HandRecord(NamedTuple):
    """One hand read from a history file: plain data, nothing to call.

    * ``source``, ``line``: where the hand starts (``line`` 0: the file as a whole).
    * ``id``: the file's own identifier for the hand (PHH ``hand``/table name, a site's hand number), or
      ``None``.
    * ``hand``: the ``Hand`` to replay, or ``None`` when it cannot be (``not_checkable`` or ``error``).
    * ``recorded_won``: what each player collected, *including* uncalled chips returned to them (the
      same meaning as ``PlayerResult.won``); a player not named collected nothing. ``recorded_stacks``:
      the finishing stacks instead (PHH ``finishing_stacks``), turned into ``won`` after the replay
      (finishing stack minus the stack before the pot was pushed). A record gives one, or neither (then
      the hand is not checkable: there is nothing to check against).
    * ``won_excludes_returned``: ``recorded_won`` counts only chips won from the pots (PHH ``winnings``,
      "collected pots"); the check then adds the uncalled chips the replay returns.
    * ``recorded_by_pot``: what each player collected from each pot (main pot first), where the history
      prints a line per pot; ``None`` where it does not.
    * ``summary``: what the site printed about the pots and rake (``Summary``), or ``None``: then the pots
      are not raked and nothing is checked against them.
    * ``boards``: every board of a hand run more than once (RULES §12), the replay's own board first;
      empty for one board.
    * ``recorded_halves``: what each player was paid from each half of each pot (main pot first, each a
      ``{"high": {...}, "low": {...}}``), where the site tags every award with its half; else ``None``.
    * ``derive_rake``: the site took rake but prints none: the rake is what the actions put in minus what
      the site paid (RULES §13), taken from the main pot first, then each side pot (or from each pot, where
      the site says what it paid from each).
    * ``currency``: how the site writes money, to show amounts as it does (``None``: plain units).
    * ``depth``: how deep the record lets the check go (``Depth``).
    * ``not_checkable``: why the hand cannot be checked (a game hilo does not play), or ``None``.
    * ``error``: why the hand cannot be read (bad input, exit 2), or ``None``.
    * ``site_inconsistency``: where the history's own lines disagree with each other (a collect line and
      the summary, a summary board and the board dealt), or ``None``. The file is readable: this is a
      finding about the site, a MISMATCH, not bad input. The reader still gives the hand, so that an
      illegal action is still bad input and the payout is still checked.
    * ``skipped``: how many lines of the hand the reader did not know and passed over (none carries an
      amount or a card); ``first_skipped``: the first of them, its file line and its text (cut short).
      A hand with skipped lines that does not add up by the site's own totals is an error
      (``checking.check``), not a MISMATCH.
    * ``action_lines``: the file line of each action (``action_lines[n - 1]`` for action ``n``), if known,
      so that an action that breaks a rule is reported at its own ``file:line``.
    """

    source: str
    line: int
    id: str | None
    hand: Hand | None
    recorded_won: dict[str, int] | None = None
    recorded_stacks: dict[str, int] | None = None
    won_excludes_returned: bool = False
    not_checkable: str | None = None
    error: str | None = None
    action_lines: tuple[int, ...] = ()
    recorded_by_pot: tuple[dict[str, int], ...] | None = None
    site_inconsistency: str | None = None
    summary: Summary | None = None
    boards: tuple[tuple[Card, ...], ...] = ()
    recorded_halves: tuple[dict[str, dict[str, int]], ...] | None = None
    derive_rake: bool = False
    currency: Currency | None = None
    depth: Depth = "per player"
    skipped: int = 0
    first_skipped: tuple[int, str] | None = None


def failed(source: str, line: int, message: str, id: str | None = None) -> HandRecord:
    """The record of a hand (or a file, ``line`` 0) that cannot be read: one error, bad input."""
    return HandRecord(source, line, id, None, error=message)


class Reader(NamedTuple):
    """A site's reader: the plug-in every history format is.

    * ``name``: the ``--input-format`` choice (``pokerstars``); ``title``: how people call it (PokerStars).
    * ``suffixes``: the file names a folder is searched for (``.txt``).
    * ``starts_hand(line)``: whether this line (its line end removed) starts a new hand. Lines before the
      first such line are a piece of their own (a PHH file's one hand; elsewhere text that is no hand).
    * ``read_hand(source, line, lines)``: the record of one hand from its lines (line ends removed),
      ``line`` the file line of ``lines[0]``. Never raises for bad input: an error record instead.
    * ``encodings``: encodings to try after UTF-8 for a line that is not UTF-8 (``("cp1252",)``).
    * ``blank(line)``: whether a line holds nothing of a hand (a comment), beside blank lines: a piece of
      such lines only is no hand and is left out.
    * ``session(line)``: whether a line opens a header that every later hand needs (an XML session's
      header naming the game of each ``<game>`` after it): the base gives its lines to each later hand.
    * ``documents(blocks, line)``: for a format read from its bytes rather than cut at its lines (IGT's
      JSON documents, ``{"history": [hand, ...]}``, each of many hands on one line): every hand of the
      file from its bytes (UTF-8 blocks, the first at file line ``line``), in order, each its first file
      line, its lines for ``read_hand`` and ``None``, or a line and the error of what cannot be read as
      hands there (one record each); ``None``: the base cuts the file at ``starts_hand``.
    """

    name: str
    title: str
    suffixes: tuple[str, ...]
    starts_hand: Callable[[str], bool]
    read_hand: Callable[[str, int, list[str]], HandRecord]
    encodings: tuple[str, ...] = ()
    blank: Callable[[str], bool] | None = None
    session: Callable[[str], bool] | None = None
    documents: (
        Callable[[Iterator[bytes], int], Iterable[tuple[int, list[str], str | None]]] | None
    ) = None
