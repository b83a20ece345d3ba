"""The files a check reads, as players keep them: files, folders with their subfolders, ``.zip`` and
``.gz`` archives, and stdin, in one stable order, each file's hands cut by ``histories.hands``.

``Sources(names)`` is every hand of the inputs named, in order (a ``HandText`` to read, or a
``HandRecord`` that is already an error), as ``hilo check`` reads them and ``api.check_history`` too:

* **A folder** is read with its subfolders (``recursive``): each folder's entries in name order, a
  subfolder's files in its place, which is the order of the paths sorted part by part. Only names a
  reader claims (``histories.suffixes()``) and archives (``.zip``, ``.gz``) are read; hidden entries (a
  name starting with ``.``, and ``__MACOSX``, the resource forks a Mac puts in a copy or an archive)
  are skipped. A folder reached again through a symbolic link (a loop, or a second link to it) is read
  once. A folder with no history says how many files and folders it looked at.
* **In a folder, only regular files are opened** (or a symbolic link to one), and the check is made
  on the file opened, without waiting: a FIFO, a socket or a device is one error record and the other
  files are read (issue 29: a FIFO would wait for a writer for ever). A name given outright is read
  whatever it is (``<(zcat hands.gz)``, ``/dev/stdin``): the person asked for it.
* **Archives** are read as they are, never unpacked to disk, with the standard library. A ``.gz`` holds
  one file, named by the archive's name less ``.gz`` (``hands.txt.gz:hands.txt``); in a folder only a
  history's (``*.txt.gz``, not ``*.tar.gz``). A ``.zip``'s members are named as the zip names them
  (``export.zip:2024/03/hands.txt``) and read in the same sorted order; a member a reader does not claim
  is skipped, one named outside the archive (an absolute path, a drive, or ``..``) is refused with an
  error record each, and so is an archive inside the archive (unpack the outer one first).
* **The bound on unpacking** (``unpack_bound``): an archive may unpack to at most ``UNPACK_RATIO``
  times its size on disk, or ``UNPACK_FLOOR`` bytes, whichever is more. Real histories compress 6 to 13
  times (``../shared/handhistories``), a zip bomb a thousand times and more: so time stays linear in
  the bytes given. A zip's members are held to it on the sizes it declares, before any is read (a zip
  bomb is one error record); a ``.gz``, which declares no reliable size (its last member's, modulo
  4 GiB, and a truncated file's last bytes are anything), as it is read: one error record where it
  passes the bound.

Errors are records (``histories.base.failed``), never exceptions: whatever cannot be read is one error
where it stands, and everything else is read. Nothing here prints or knows about a terminal;
``position()`` says how far the reading has gone, for a progress line.
"""

from __future__ import annotations

import gzip
import os
import stat
import zipfile
from collections.abc import Callable, Iterable, Iterator
from typing import IO, NamedTuple, Protocol

from hilo_cli.histories import HandRecord, HandText, hands, suffixes
from hilo_cli.histories.base import failed

ARCHIVES = (".gz", ".zip")
UNPACK_RATIO = 100  # times an archive's size on disk
UNPACK_FLOOR = 64 * 10**6  # bytes any archive may unpack to, however small
STDIN = "<stdin>"


def unpack_bound(size: int) -> int:
    """The most an archive of ``size`` bytes may unpack to, all its members together."""
    return max(UNPACK_RATIO * size, UNPACK_FLOOR)


def megabytes(size: int) -> str:
    """A size as a person reads it: 512 bytes, 42 kB, 1.5 MB, 5.5 GB."""
    if size < 1000:
        return f"{size} bytes"
    for unit, scale in (("kB", 10**3), ("MB", 10**6), ("GB", 10**9)):
        if size < 1000 * scale or unit == "GB":
            value = size / scale
            return f"{value:.0f} {unit}" if value >= 10 else f"{value:.1f} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


class Entry(NamedTuple):
    """One thing to read, found by the listing: ``path`` (a file, or ``-``), its ``size`` on disk (0 for
    stdin), whether it was ``found`` in a folder (then only a regular file is opened), and ``problem``,
    the error to report in its place instead of reading it."""

    path: str
    size: int = 0
    found: bool = False
    problem: str | None = None


class Looked(NamedTuple):
    """What a folder's listing looked at: for the error of a folder with no history."""

    files: int
    folders: int
    hidden: int
    unread_folders: int  # subfolders not read (``recursive`` off)


class _Unreadable(Exception):
    """Raised through the readers by a stream that cannot go on (a damaged archive, the bound on
    unpacking, a disk error): the file's one error record, after the hands already cut."""


class Sources:
    """Every hand of the inputs ``names`` (files, folders, archives, ``-`` for ``stdin``), in order: a
    ``HandText`` per hand, or a ``HandRecord`` error, as ``histories.hands`` cuts them by
    ``input_format``. Iterate once. The listing is made when iteration starts; then ``files`` and
    ``size`` are the files found and their bytes (``size`` ``None`` when stdin is among them).
    ``given``: the one file of ``names``, opened already (a file read through fsspec, a Dask partition:
    ``api.check_history``), and its size, read as that file would be from disk (closed when read)."""

    def __init__(
        self,
        names: Iterable[str],
        input_format: str = "auto",
        *,
        recursive: bool = True,
        stdin: IO[bytes] | None = None,
        given: tuple[IO[bytes], int] | None = None,
    ) -> None:
        self.names = tuple(names)
        self.given = given  # the one file ``names`` names, already open, and its size (api: a Dask partition)
        self.input_format = input_format
        self.recursive = recursive
        self.stdin = stdin
        self.files = 0
        self.size: int | None = 0
        self.files_done = 0
        self.bytes_done = 0

    def position(self) -> tuple[int, int]:
        """How far the reading has gone: files finished, and bytes read of every file."""
        return self.files_done, self.bytes_done

    def __iter__(self) -> Iterator[HandRecord | HandText]:
        entries = [e for name in self.names for e in self._listed(name)]
        self.files = len(entries)
        self.size = None if any(e.path == "-" for e in entries) else sum(e.size for e in entries)
        for entry in entries:
            start = self.bytes_done
            if entry.problem is not None:
                yield failed(entry.path, 0, entry.problem)
            else:
                yield from self._read(entry)
            self.files_done += 1
            self.bytes_done = start + entry.size

    # -- the listing ------------------------------------------------------------------------------
    def _listed(self, name: str) -> list[Entry]:
        """What ``name`` stands for: stdin, a file, or a folder's files (or the one error saying the
        folder has none)."""
        if name == "-":
            return [Entry("-")]
        if self.given is not None:
            return [Entry(name, self.given[1])]
        if not os.path.isdir(name):
            try:
                size = os.stat(name).st_size
            except OSError:
                size = 0  # the error is open's, when it is read
            return [Entry(name, size)]
        found: list[Entry] = []
        looked = _walk(name, self.recursive, found)
        if not found:
            return [Entry(name, problem=nothing_found(looked, self.recursive))]
        return found

    # -- reading ----------------------------------------------------------------------------------
    def _read(self, entry: Entry) -> Iterator[HandRecord | HandText]:
        if entry.path == "-":
            if self.stdin is None:
                yield failed(STDIN, 0, "standard input is closed: no hands to read")
            else:
                yield from self._cut(STDIN, _Counted(self.stdin, self))
            return
        opened = self.given[0] if self.given is not None else _open(entry.path, entry.found)
        if isinstance(opened, str):
            yield failed(entry.path, 0, opened)
            return
        with opened:
            lower = entry.path.lower()
            if lower.endswith(".zip"):
                yield from self._zip(entry, opened)
            elif lower.endswith(".gz"):
                yield from self._gz(entry, opened)
            else:
                yield from self._cut(entry.path, _Counted(opened, self))

    def _cut(self, source: str, stream: _Readable) -> Iterator[HandRecord | HandText]:
        """The hands of one file; a stream that cannot go on ends them with its one error record."""
        try:
            yield from hands(source, stream, self.input_format)  # type: ignore[arg-type]
        except _Unreadable as e:
            yield failed(source, 0, str(e))

    def _gz(self, entry: Entry, raw: IO[bytes]) -> Iterator[HandRecord | HandText]:
        inner = os.path.basename(entry.path)[:-3] or "-"
        source = f"{entry.path}:{inner}"
        unpacked = gzip.GzipFile(fileobj=_Counted(raw, self), mode="rb")
        yield from self._cut(source, _Bounded(unpacked, unpack_bound(entry.size), entry.size))

    def _zip(self, entry: Entry, raw: IO[bytes]) -> Iterator[HandRecord | HandText]:
        try:
            archive = zipfile.ZipFile(raw)
        except Exception as e:  # a damaged or hostile archive: zipfile raises many kinds
            yield failed(entry.path, 0, f"not a zip archive hilo can read ({_why(e)})")
            return
        with archive:
            members = sorted(
                (m for m in (_member(i) for i in archive.infolist()) if m is not None),
                key=lambda m: _parts(m[0].filename),
            )
            wanted = [info for info, problem in members if problem is None]
            total = sum(info.file_size for info in wanted)
            if total > unpack_bound(entry.size):
                yield failed(entry.path, 0, _bomb(total, entry.size))
                return
            if not members:
                count = len(archive.infolist())
                yield failed(
                    entry.path,
                    0,
                    f"no {_names(archive=True)} files in this archive "
                    f"({count:,} member{'' if count == 1 else 's'})",
                )
                return
            for info, problem in members:
                source = f"{entry.path}:{info.filename}"
                if problem is not None:
                    yield failed(source, 0, problem)
                    continue
                try:
                    member = archive.open(info)
                except Exception as e:  # encrypted, a compression not known, damaged: one error
                    yield failed(source, 0, f"cannot unpack this member ({_why(e)})")
                    continue
                start = self.bytes_done
                with member:
                    bounded = _Bounded(member, info.file_size, entry.size, self._share(start, info))
                    yield from self._cut(source, bounded)
                self.bytes_done = start + info.compress_size

    def _share(self, start: int, info: zipfile.ZipInfo) -> Callable[[int], None]:
        """How far into a zip the reading is, ``unpacked`` bytes into the member ``info`` that starts at
        ``start`` bytes read: its packed size in proportion (zipfile says no more)."""

        def reached(unpacked: int) -> None:
            self.bytes_done = start + info.compress_size * unpacked // max(info.file_size, 1)

        return reached


def nothing_found(looked: Looked, recursive: bool) -> str:
    """The error of a folder with no history in it: what was looked for, and how much was looked at."""
    folders = f"{looked.folders:,} folder{'' if looked.folders == 1 else 's'}"
    said = [f"looked at {looked.files:,} file{'' if looked.files == 1 else 's'} in {folders}"]
    if looked.hidden:
        said.append(f"{looked.hidden:,} hidden skipped")
    if looked.unread_folders:
        said.append(f"{looked.unread_folders:,} subfolders not read (not recursive)")
    where = "in this folder or its subfolders" if recursive else "in this folder"
    return f"no {_names()} files {where}: {', '.join(said)}"


def _names(archive: bool = False) -> str:
    """The names read: the readers' suffixes, and in a folder the archives too."""
    return ", ".join(suffixes() if archive else (*suffixes(), *ARCHIVES))


def history_name(name: str) -> bool:
    """Whether a folder's file is read: a name a reader claims, a ``.zip``, or a history's ``.gz``."""
    lower = name.lower()
    known = suffixes()
    return lower.endswith((*known, ".zip")) or (
        lower.endswith(".gz") and lower[:-3].endswith(known)
    )


def _hidden(name: str) -> bool:
    return name.startswith(".") or name == "__MACOSX"


def _walk(top: str, recursive: bool, found: list[Entry]) -> Looked:
    """Add the files to read under the folder ``top`` to ``found``, in sorted path order (each folder's
    entries by name, depth first; a stack, not recursion, however deep the tree); what it looked at."""
    files = folders = hidden = unread = 0
    seen: set[tuple[int, int]] = set()
    stack: list[Iterator[os.DirEntry[str]]] = []

    def enter(path: str) -> None:
        nonlocal folders
        try:
            with os.scandir(path) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as e:
            found.append(Entry(path, problem=f"cannot read this folder: {e.strerror}"))
            return
        folders += 1
        stack.append(iter(entries))

    _first_visit(top, seen)
    enter(top)
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        if _hidden(entry.name):
            hidden += 1
        elif _is_dir(entry):
            if not recursive:
                unread += 1
            elif _first_visit(entry.path, seen, entry.is_symlink()):
                enter(entry.path)
        else:
            files += 1
            if history_name(entry.name):
                found.append(_file_entry(entry))
    return Looked(files, folders, hidden, unread)


def _is_dir(entry: os.DirEntry[str]) -> bool:
    """Whether a folder's entry is a folder (a link to one too); one that cannot be told is taken for a
    file, whose error says why."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def _first_visit(path: str, seen: set[tuple[int, int]], link: bool = False) -> bool:
    """Whether the folder at ``path`` is seen for the first time (and now marked seen): a symbolic link
    back to a folder already read, a loop, is not read again. Where the file system gives no inode
    numbers (0), a linked folder is not followed at all, so that no loop can be missed."""
    try:
        found = os.stat(path)
    except OSError:
        return True  # scandir will say why it cannot be read
    if found.st_ino == 0:
        return not link
    key = (found.st_dev, found.st_ino)
    if key in seen:
        return False
    seen.add(key)
    return True


def _file_entry(entry: os.DirEntry[str]) -> Entry:
    """A folder's file to read, or the error in its place: anything but a regular file (issue 29)."""
    try:
        found = entry.stat()  # follows a symbolic link
    except OSError as e:
        return Entry(entry.path, found=True, problem=f"cannot read: {e.strerror}")
    if not stat.S_ISREG(found.st_mode):
        return Entry(entry.path, found=True, problem=_not_regular(found.st_mode))
    return Entry(entry.path, found.st_size, True)


def _not_regular(mode: int) -> str:
    kind = (
        "a FIFO (named pipe)"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "not a file"
    )
    return f"not read: {kind}, not a regular file (in a folder hilo reads only files)"


def _open(path: str, found: bool) -> IO[bytes] | str:
    """The file at ``path`` opened to read, or why it cannot be. A file ``found`` in a folder is opened
    without waiting (``O_NONBLOCK``: a FIFO with no writer would wait for ever) and must then be a
    regular file: the check is made on the file opened, so nothing can swap one in meanwhile."""
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    if found:
        flags |= getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        return f"cannot read: {e.strerror}"
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            os.close(fd)
            return "cannot read: Is a directory"
        if found and not stat.S_ISREG(mode):
            os.close(fd)
            return _not_regular(mode)
        if found and hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except OSError as e:
        os.close(fd)
        return f"cannot read: {e.strerror}"


def _member(info: zipfile.ZipInfo) -> tuple[zipfile.ZipInfo, str | None] | None:
    """A zip member to read (with ``None``), one to refuse (with why), or ``None`` to skip: a folder, a
    hidden member, a name no reader claims."""
    name = info.filename
    parts = _parts(name)
    if info.is_dir() or not parts:
        return None
    drive = len(name) > 1 and name[0].isalpha() and name[1] == ":"
    if name.startswith(("/", "\\")) or drive or ".." in parts:
        return (
            info,
            "refused: a member named outside its archive (an absolute path or ..): not read",
        )
    if any(_hidden(p) for p in parts):
        return None
    lower = name.lower()
    if lower.endswith(suffixes()):
        return info, None
    if lower.endswith(ARCHIVES):
        return info, "not read: an archive inside an archive (unpack the outer one first)"
    return None


def _parts(name: str) -> tuple[str, ...]:
    """A zip member's name as its folders and file (``/`` or ``\\``), for the order and the checks."""
    return tuple(p for p in name.replace("\\", "/").split("/") if p not in ("", "."))


def _bomb(size: int, packed: int, more: bool = False) -> str:
    """The error of an archive past the bound: what it unpacks to (``more`` than ``size``, where it was
    stopped as it unpacked) from its ``packed`` size."""
    return (
        f"refused: unpacks to {'more than ' if more else ''}{megabytes(size)} from "
        f"{megabytes(packed)}, more than hilo unpacks ({UNPACK_RATIO} times an archive's size, or "
        f"{megabytes(UNPACK_FLOOR)}): a zip bomb, or unpack it first"
    )


def _why(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return str(e) or type(e).__name__


class _Readable(Protocol):
    """What the readers read from (``read(size)``): a file, stdin or an archive's member."""

    def read(self, size: int = -1, /) -> bytes: ...


class _Counted:
    """A file read through, counting its bytes into ``sources.bytes_done`` (for progress); a read error
    ends the file with one error record instead of a traceback."""

    def __init__(self, stream: IO[bytes], sources: Sources) -> None:
        self._stream = stream
        self._sources = sources

    def read(self, size: int = -1, /) -> bytes:
        try:
            data = self._stream.read(size)
        except OSError as e:
            raise _Unreadable(f"cannot read: {_why(e)}") from None
        self._sources.bytes_done += len(data)
        return data

    def seek(self, offset: int, whence: int = os.SEEK_SET, /) -> int:
        """Where ``gzip`` goes back to the start (it never does, reading once through)."""
        return self._stream.seek(offset, whence)


class _Bounded:
    """An archive's member as it unpacks, held to ``bound`` bytes (the bytes unpacked so far ``reached``,
    for progress); a damaged archive (a bad CRC, a truncated ``.gz``) ends it with one error record."""

    def __init__(
        self,
        stream: _Readable,
        bound: int,
        packed: int,
        reached: Callable[[int], None] = lambda unpacked: None,
    ) -> None:
        self._stream = stream
        self._left = self._bound = bound
        self._packed = packed
        self._reached = reached  # told the bytes unpacked so far, for progress

    def read(self, size: int = -1, /) -> bytes:
        want = self._left + 1 if size < 0 or size > self._left else size
        try:
            data = self._stream.read(want)
        except Exception as e:  # whatever a decompressor raises on data that is not what it says
            raise _Unreadable(f"the archive is damaged ({_why(e)})") from None
        self._left -= len(data)
        if self._left < 0:
            raise _Unreadable(_bomb(self._bound, self._packed, more=True))
        self._reached(self._bound - self._left)
        return data
