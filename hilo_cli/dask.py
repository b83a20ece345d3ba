"""``hilo check`` on a Dask cluster (issue 32): a site's whole archive, one partition per file.

``check_bag(paths)`` is a Dask bag of the objects ``hilo check --format json`` writes, one per hand
(``error`` objects for what cannot be read), each file one partition, its hands in file order; and
``check_summary(bag)`` the closing summary of such a bag (``check_history``'s ``summary``), reduced on
the cluster from each partition's counts: no record travels to the client for it.

Each partition is ``api.check_history`` on the file's bytes as fsspec reads them, on the worker: the
very reading and checking ``hilo check`` does, named as the command names the file (a local path as
given, or the URL), so the records are the command's, byte for byte once written with orjson. A worker
lost in the middle of a file loses that partition's task, which Dask runs again elsewhere: a partition's
records come out whole, once. docs/scale.md says how to run it on a cluster and what it costs.

Imported only when used (``from hilo_cli.dask import check_bag``): ``import hilo_cli`` and ``hilo
check`` never import dask. The optional extra ``hilo-cli[dask]`` installs dask and distributed.

Dask is typed only in part (its bag's untyped calls carry a narrow ``# type: ignore[no-untyped-call]``
each) and fsspec not at all (pyproject.toml lets mypy take it as untyped).
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import dask.bag as db
import fsspec

from hilo_cli.allin import Luck
from hilo_cli.api import CheckedHistory, check_history
from hilo_cli.errors import HiloError
from hilo_cli.formats.files import history_name
from hilo_cli.formats.verdicts import Tally
from hilo_cli.histories.base import failed

__all__ = ["Part", "check_bag", "check_summary", "history_files"]

# What makes an fsspec path a URL, not a local path: a protocol, or a chain of them (``zip::s3://``).
_URL = ("://", "::")
# The errors that say a file cannot be read (its error record, as ``hilo check`` writes it); any other
# ``OSError`` (a network that failed) fails the task, for Dask to retry or report.
_UNREADABLE = (FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError)


class File(NamedTuple):
    """One partition's file: ``url`` to open (a local path made absolute, so that a worker finds it
    whatever its own folder), ``source`` as its records name it (as given, as ``hilo check`` names it)."""

    url: str
    source: str


class Options(NamedTuple):
    """What ``check_history`` is asked for each file."""

    input_format: str
    all_in: bool
    players: tuple[str, ...]
    storage_options: tuple[tuple[str, Any], ...]
    rules: str = "house"


class Part(list[dict[str, Any]]):
    """One partition: a file's records in order, with the ``tally`` of its verdicts, its ``luck`` (the
    all-in summary, with ``all_in``) and the ``files`` it counts (1), for ``check_summary``."""

    def __init__(
        self, records: Iterable[dict[str, Any]], tally: Tally, luck: Luck | None, files: int
    ) -> None:
        super().__init__(records)
        self.tally = tally
        self.luck = luck
        self.files = files


class Counts(NamedTuple):
    """A summary in the making: the parts' counts merged (``check_summary``'s reduction)."""

    tally: Tally
    luck: Luck | None
    files: int


def check_bag(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    *,
    input_format: str = "auto",
    all_in: bool = False,
    players: Sequence[str] = (),
    recursive: bool = True,
    storage_options: dict[str, Any] | None = None,
    rules: str = "house",
) -> db.Bag:
    """Every hand of the files ``paths`` checked, as a Dask bag of the objects ``hilo check --format
    json`` writes (the ``check`` schema, or ``error``): one partition per file, in the order given, a
    file's hands in file order. ``paths``: local paths or fsspec URLs (``s3://bucket/2024/``), each a
    file (a ``.zip`` or ``.gz`` read as the archive), a folder (its history files, in sorted path order,
    with its subfolders' unless ``recursive`` is false) or a glob; ``storage_options`` go to fsspec.
    ``all_in`` (or ``players``): each hand's all-in figures too, and the all-in summary in
    ``check_summary``. ``rules``: ``house`` or ``strict``, as ``hilo check --rules``. The files are
    listed now, on the client; each is read on its worker."""
    options = Options(
        input_format,
        all_in or bool(players),
        tuple(players),
        tuple((storage_options or {}).items()),
        rules,
    )
    files = history_files(paths, recursive=recursive, storage_options=storage_options)
    if not files:
        raise HiloError("no files to check")
    bag = db.from_sequence(files, npartitions=len(files))  # type: ignore[no-untyped-call]
    checked: db.Bag = bag.map_partitions(_check_partition, options)
    return checked


def check_summary(bag: db.Bag) -> Any:
    """The closing summary of a ``check_bag`` bag, as ``check_history``'s ``summary`` (``hands`` and each
    verdict's count, ``files``, ``by_site``, with ``all_in`` the ``all_in`` summary), as a Dask
    ``Item``: ``.compute()`` it, or compute it with the bag (``dask.compute(bag, summary)``) to check
    each file once. Reduced on the cluster from each partition's counts (``Tally`` and ``Luck``,
    merged in file order), never from the records."""
    reduced = bag.reduction(_counts, _merged)  # type: ignore[no-untyped-call]
    return reduced.apply(_summary)


def history_files(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    *,
    recursive: bool = True,
    storage_options: dict[str, Any] | None = None,
) -> list[File]:
    """The files ``paths`` stand for, in order: a file as it is (read when its partition runs: a file
    that is not there is its error record, as in ``hilo check``), a folder's history files (the names
    ``hilo check FOLDER`` reads: a reader's suffix, ``.zip``, a history's ``.gz``; hidden names
    skipped) in sorted path order, a glob's matches sorted. A folder or glob with none raises
    ``HiloError``."""
    given = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
    found: list[File] = []
    for path in given:
        name = os.fspath(path)
        if name.startswith(_URL) or any(mark in name for mark in _URL):
            found += _remote(name, recursive, storage_options or {})
        else:
            found += _local(name, recursive)
    return found


def _local(name: str, recursive: bool) -> list[File]:
    """A local path's files, named as given (a folder's with the folder's name in front, as ``hilo
    check`` names them)."""
    if glob.has_magic(name):
        matches = sorted(glob.glob(name, recursive=True), key=_parts)
        if not matches:
            raise HiloError("no files match", name)
        return [f for match in matches for f in _local(match, recursive)]
    if not os.path.isdir(name):
        return [File(os.path.abspath(name), name)]
    top = os.path.abspath(name)
    found = _listed(fsspec.filesystem("file"), top, recursive, name)
    return [File(path, os.path.join(name, os.path.relpath(path, top))) for path in found]


def _remote(url: str, recursive: bool, storage_options: dict[str, Any]) -> list[File]:
    """An fsspec URL's files, named by their URLs."""
    fs, path = fsspec.core.url_to_fs(url, **storage_options)
    if glob.has_magic(path):
        matches = sorted(fs.glob(path), key=_parts)
        if not matches:
            raise HiloError("no files match", url)
        paths = [
            p for m in matches for p in (_listed(fs, m, recursive, url) if fs.isdir(m) else [m])
        ]
    elif fs.isdir(path):
        paths = _listed(fs, path, recursive, url)
    else:
        return [File(url, url)]
    return [File(fs.unstrip_protocol(p), fs.unstrip_protocol(p)) for p in paths]


def _listed(fs: Any, top: str, recursive: bool, name: str) -> list[str]:
    """A folder's history files (``formats.files.history_name``), hidden names skipped, in sorted
    path order (each folder's entries by name, a subfolder's files in its place)."""
    found = fs.find(top, maxdepth=None if recursive else 1)
    wanted = []
    for path in found:
        parts = _parts(path[len(top.rstrip("/")) :])
        if parts and not any(_hidden(p) for p in parts) and history_name(parts[-1]):
            wanted.append(path)
    if not wanted:
        raise HiloError("no hand history files in this folder", name)
    return sorted(wanted, key=_parts)


def _parts(path: str) -> tuple[str, ...]:
    return tuple(p for p in path.replace("\\", "/").split("/") if p not in ("", "."))


def _hidden(name: str) -> bool:
    """A name ``hilo check FOLDER`` skips: hidden (``.``), or a Mac's ``__MACOSX``."""
    return name.startswith(".") or name == "__MACOSX"


def _check_partition(files: Sequence[File], options: Options) -> Part:
    """A partition's file checked (the worker's task): its records, tally and all-in summary."""
    (file,) = files
    storage = dict(options.storage_options)
    try:
        with fsspec.open(file.url, "rb", **storage) as stream:
            checked = check_history(
                stream,
                source=file.source,
                input_format=options.input_format,
                all_in=options.all_in,
                players=options.players,
                rules=options.rules,
            )
            records = list(checked)
    except _UNREADABLE as e:
        checked = CheckedHistory(
            [failed(file.source, 0, f"cannot read: {e.strerror or e}")],
            lambda: 1,
            options.all_in,
            options.players,
            options.rules,
        )
        records = list(checked)
    return Part(records, checked.tally, checked.luck, checked.files)


def _counts(part: Part) -> Counts:
    if not isinstance(part, Part):
        raise TypeError("check_summary sums up the bag check_bag returns, before any map or filter")
    return Counts(part.tally, part.luck, part.files)


def _merged(parts: Iterable[Counts]) -> Counts:
    """The parts' counts merged in order (a level of the reduction's tree)."""
    tally, luck, files = Tally(), None, 0
    for part in parts:
        tally.merge(part.tally)
        if part.luck is not None:
            if luck is None:
                luck = Luck(part.luck.chosen)
            luck.merge(part.luck)
        files += part.files
    return Counts(tally, luck, files)


def _summary(counts: Counts) -> dict[str, Any]:
    from hilo_cli.formats.allin_out import summary_dict

    found = {**counts.tally.as_dict(), "files": counts.files}
    if counts.luck is not None:
        found["all_in"] = summary_dict(counts.luck)
    return found
