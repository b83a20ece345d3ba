"""The Python API: the commands' JSON contract as functions, and the typed core beneath them.

Each function runs the very code its command runs and returns what that command prints in JSON, as
Python values, so that a script and ``hilo`` can never disagree (docs/python.md; the JSON Schemas of
``hilo schema`` describe every object):

* ``settle_record(record)``: ``hilo batch --format json`` for one record, without ``source``;
* ``settle_records(records)``: the same for each record of an iterable, in order, streamed (a record that
  cannot be settled gives its error object, as a batch goes on);
* ``check_history(text_or_path, all_in=...)``: ``hilo check --format json``, one object per hand (a
  file, an archive or a folder), and the closing summary;
* ``equity_record(record, samples=..., seed=...)``: the equity result of ``hilo equity --format json``;
* ``limits(...)``: ``hilo limits --format json``.

Bad input raises a ``HiloError`` of its own kind (``CardError``, ``DealError``, ``InputError``; its
``message`` what the command prints on stderr before exit 2), except in ``settle_records`` and
``check_history``, which yield each bad record's or unreadable hand's error object in its place, as
``hilo batch`` and ``hilo check`` print it. The typed core, for those who build deals themselves: ``Deal`` and
``Player`` (``hilo_cli.deal``), ``settle(deal) -> Settlement`` (``hilo_cli.showdown``), and
``settlement_dict(settlement)``, the settlement's JSON object.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

import hilo_cli
from hilo_cli.batch import process, rendered
from hilo_cli.betting import Structure, Turn
from hilo_cli.betting.limits import STREETS
from hilo_cli.checking import process as check_one
from hilo_cli.deal import Deal as Deal
from hilo_cli.deal import Player as Player
from hilo_cli.errors import CardError as CardError
from hilo_cli.errors import DealError as DealError
from hilo_cli.errors import HiloError as HiloError
from hilo_cli.errors import InputError as InputError
from hilo_cli.formats import jsonlib, schema_tag
from hilo_cli.formats.batch_in import Raw
from hilo_cli.formats.json_out import settlement_dict as settlement_dict
from hilo_cli.formats.records import DEFAULTS
from hilo_cli.showdown import Settlement as Settlement
from hilo_cli.showdown import settle as settle

if TYPE_CHECKING:
    from hilo_cli.allin import Luck
    from hilo_cli.formats.verdicts import Tally
    from hilo_cli.histories import HandRecord, HandText

# The API's names are listed once, in ``hilo_cli.__all__`` (where ``import hilo_cli`` finds them
# without importing this module); the names imported here for it are re-exported as ``X as X``.
__all__ = [name for name in hilo_cli.__all__ if name != "__version__"]
_LIMITS = schema_tag("limits")
_RECORD = "<record>"  # where a record given to the API was read, as the batch's source names a file


def settle_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """Settle one record of the batch JSON input (the ``record`` schema): the object ``hilo batch
    --format json`` prints for it, without ``source``. A record whose board is still to come gives its
    equity, as in a batch. Raises the ``HiloError`` that says why a record cannot be settled, of its own
    kind (a ``CardError`` for a bad card, a ``DealError``, an ``InputError``), its ``message`` what
    ``hilo batch`` reports and its ``where`` ``record``."""
    return _batch_json(dict(record))


def settle_records(records: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """Settle each record of ``records`` in order, each when it is reached (``records`` may be a generator
    over a file of millions): the objects ``hilo batch --format json`` prints, without ``source``. A
    record that cannot be settled gives its error object (the ``error`` schema; ``line`` its place in
    ``records``, counting from 1), and the records after it are settled, as ``hilo batch`` goes on."""
    for number, record in enumerate(records, 1):
        given = dict(record) if isinstance(record, Mapping) else record
        outcome = process(Raw(_RECORD, number, "object", given), DEFAULTS, "json")
        result: dict[str, Any] = jsonlib.loads(outcome.output)
        del result["source"]
        yield result


def equity_record(
    record: Mapping[str, Any], *, samples: int | None = None, seed: int = 0
) -> dict[str, Any]:
    """Each player's equity over every runout still to come of ``record`` (the ``equity`` schema): exact,
    or ``samples`` runouts drawn with ``seed``, as ``hilo equity --samples N --seed S``. The record may
    also give ``dead``, ``samples``, ``seed`` and ``exact`` itself; the keywords win over its fields.
    Raises ``HiloError`` for bad input."""
    fields = {**record, "equity": True}
    if samples is not None:
        fields["samples"], fields["seed"] = samples, seed
    return _batch_json(fields)


def _batch_json(record: dict[str, Any]) -> dict[str, Any]:
    """What ``hilo batch --format json`` prints for one record, without ``source`` (the batch's own
    ``batch.rendered``); the record's ``HiloError`` itself where it cannot be settled."""
    try:
        output, _ = rendered(record, _RECORD, DEFAULTS, "json")
    except HiloError as e:
        raise e.located("record") from None
    result: dict[str, Any] = jsonlib.loads(output)
    del result["source"]
    return result


class CheckedHistory(Iterator[dict[str, Any]]):
    """What ``check_history`` returns: the verdicts, one object per hand as each is checked (iterate
    once), and ``summary`` once they are all in. ``files()`` is how many files were read, asked at the
    end (a folder's listing is made as the first hand is read)."""

    def __init__(
        self,
        pieces: Iterable[HandRecord | HandText],
        files: Callable[[], int],
        all_in: bool,
        players: Sequence[str],
        rules: str = "house",
    ) -> None:
        from hilo_cli.allin import Luck
        from hilo_cli.formats.verdicts import Tally

        self._pieces = iter(pieces)
        self._files = files
        self._all_in = all_in
        self._rules = rules
        self._tally = Tally()
        self._luck: Luck | None = Luck(players) if all_in else None

    def __next__(self) -> dict[str, Any]:
        outcome = check_one(next(self._pieces), "json", self._all_in, rules=self._rules)
        self._tally.add(outcome.site, outcome.status, outcome.kind)
        if self._luck is not None and outcome.luck is not None:
            self._luck.add(outcome.luck, outcome.site)
        found: dict[str, Any] = jsonlib.loads(outcome.output)
        return found

    @property
    def tally(self) -> Tally:
        """The verdicts counted so far (``formats.verdicts.Tally``): every hand's, once iterated."""
        return self._tally

    @property
    def luck(self) -> Luck | None:
        """The all-in summary so far (``allin.Luck``), with ``all_in``; ``None`` without."""
        return self._luck

    @property
    def files(self) -> int:
        """How many files were read (once iterated)."""
        return self._files()

    @property
    def summary(self) -> dict[str, Any]:
        """What ``hilo check`` says at the end, as values: ``hands`` and each verdict's count (``ok``,
        ``mismatch``, ``not_checkable``, ``error``: bad records), ``files`` read, ``by_site`` (the same
        counts per site, each with its ``site`` and ``title``, in the readers' order; ``site`` ``None``
        for records no reader read), and with ``all_in`` the ``all_in`` summary (the ``allin-summary``
        schema, the object of ``hilo check --all-in --format json``'s last line). Asked before the last
        hand has been taken, it checks the rest first (their objects are not kept)."""
        from hilo_cli.formats.allin_out import summary_dict

        for _ in self:
            pass
        found = {**self._tally.as_dict(), "files": self._files()}
        if self._luck is not None:
            found["all_in"] = summary_dict(self._luck)
        return found


def check_history(
    text_or_path: str | os.PathLike[str] | bytes | IO[bytes],
    *,
    input_format: str = "auto",
    all_in: bool = False,
    players: Sequence[str] = (),
    recursive: bool = True,
    rules: str = "house",
    source: str | None = None,
) -> CheckedHistory:
    """Check every hand of a hand history: the objects ``hilo check --format json`` prints, one per hand
    in order (the ``check`` schema; a hand that cannot be read gives an ``error`` object), and then the
    run's ``summary`` (``CheckedHistory.summary``). ``text_or_path`` is the history's text itself (a
    string of several lines), or a path (``os.PathLike``, or a string of one line): a file, a ``.zip``
    or ``.gz`` archive, or a folder, read with its subfolders (unless ``recursive`` is false) as
    ``hilo check FOLDER`` reads it (``formats.files.Sources``); a path that is not there raises
    ``HiloError``. ``all_in`` (or ``players``, the players to sum up): each hand's all-in figures
    too, as ``--all-in`` adds them, and the all-in summary in ``summary``. ``rules``: ``house`` or
    ``strict``, as ``hilo check --rules`` (issue 28). Built on ``histories.hands``
    (a file is read a hand at a time, as ``hilo check`` reads it) and ``checking.process``.

    A file's content read already (``bytes``, or a binary file open to read, such as an fsspec file:
    ``hilo_cli.dask`` reads each partition's file so) is checked as ``hilo check`` checks the file
    named ``source`` (a ``.zip`` or ``.gz`` name is read as that archive), its records naming
    ``source``; a file object is closed once read."""
    import sys

    from hilo_cli.bounds import short
    from hilo_cli.checking_house import RULES_CHOICES
    from hilo_cli.formats.files import Sources
    from hilo_cli.histories import split

    if rules not in RULES_CHOICES:
        raise HiloError(f"rules must be 'house' or 'strict', not {short(repr(rules), 40)}")
    all_in = all_in or bool(players)
    if isinstance(text_or_path, bytes | bytearray) or hasattr(text_or_path, "read"):
        name = source or "<bytes>"
        given = _opened(cast("bytes | IO[bytes]", text_or_path))
        read = Sources([name], input_format, recursive=recursive, given=given)
        return CheckedHistory(read, lambda: read.files, all_in, players, rules)
    if isinstance(text_or_path, str) and "\n" in text_or_path:
        pieces = split(source or "<text>", text_or_path, input_format)
        return CheckedHistory(pieces, lambda: 1, all_in, players, rules)
    path = os.fspath(text_or_path)
    if path != "-":
        try:
            os.stat(path)
        except OSError as e:
            raise HiloError(f"cannot read: {e.strerror}", path) from None
    stdin = getattr(sys.stdin, "buffer", None) if path == "-" else None
    sources = Sources([path], input_format, recursive=recursive, stdin=stdin)
    # The listing is made at the first hand: the count of files is asked for at the end.
    return CheckedHistory(sources, lambda: sources.files, all_in, players, rules)


def _opened(content: bytes | IO[bytes]) -> tuple[IO[bytes], int]:
    """A file's content as ``Sources`` reads a file given open: the stream and its size (the bound on
    unpacking an archive is a multiple of it; a stream that cannot seek counts 0, the bound's floor)."""
    if isinstance(content, bytes | bytearray):
        return io.BytesIO(content), len(content)
    size = getattr(content, "size", None)  # an fsspec file knows its size
    if not isinstance(size, int):
        size = 0
        if content.seekable():
            size = content.seek(0, os.SEEK_END)
            content.seek(0)
    return content, size


def _history(text_or_path: str | os.PathLike[str]) -> tuple[str, str]:
    """The source name and the text of a history given as a path or as its text."""
    if isinstance(text_or_path, str) and "\n" in text_or_path:
        return "<text>", text_or_path.replace("\r\n", "\n")
    path = os.fspath(text_or_path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as e:
        raise HiloError(f"cannot read: {e.strerror}", path) from None
    except UnicodeDecodeError:
        raise HiloError("not UTF-8 text", path) from None
    return path, text.replace("\r\n", "\n")


def limits(
    structure: str = "pot",
    *,
    pot: int = 0,
    bets: Sequence[int] = (),
    already_in: int = 0,
    big_blind: int = 0,
    small_bet: int = 0,
    big_bet: int = 0,
    street: str | int = "preflop",
    stack: int | None = None,
    history: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """What the next player may do (the ``limits`` schema), as ``hilo limits --format json``: from the
    figures (``structure`` ``pot``, ``no`` or ``fixed``; ``big_blind`` as ``--blinds``, ``small_bet`` and
    ``big_bet`` as ``--limits``; ``street`` a name or 0-3), or from the ``history`` of one hand (a path or
    its text) stopped where the next player is to act, which adds ``name`` and ``street``. Raises
    ``HiloError`` for figures that cannot be a round of betting."""
    from hilo_cli.betting import limits as work_out

    if history is not None:
        turn = _turn(history)
        return {
            **turn.limits._asdict(),
            "name": turn.name,
            "street": turn.street,
            "schema": _LIMITS,
        }
    if structure not in ("pot", "no", "fixed"):
        raise HiloError(f"structure {structure!r} is not pot, no or fixed")
    number = (
        street if isinstance(street, int) else STREETS.index(street) if street in STREETS else -1
    )
    if not 0 <= number < len(STREETS):
        raise HiloError(f"street {street!r} is not one of {', '.join(STREETS)} (or 0 to 3)")
    found = work_out(
        cast(Structure, structure),
        pot,
        tuple(bets),
        already_in,
        big_blind,
        small_bet,
        big_bet,
        number,
        stack,
    )
    return {**found._asdict(), "schema": _LIMITS}


def _turn(history: str | os.PathLike[str]) -> Turn:
    from hilo_cli.betting import next_turn
    from hilo_cli.histories import read

    source, text = _history(history)
    records = list(read(source, text))
    if len(records) != 1:
        raise HiloError(
            f"{len(records)} hands: give a history of the one hand to answer for", source
        )
    record = records[0]
    if record.error is not None or record.hand is None:
        raise HiloError(record.error or record.not_checkable or "no hand to replay", source)
    return next_turn(record.hand)
