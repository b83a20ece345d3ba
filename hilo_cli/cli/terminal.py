"""At a terminal (issue 13): colour, progress, the closing summary and the hint when stdin is a terminal.

Everything here looks at where the output goes and adds to it only for a person at a terminal, so
that a pipe or a file receives exactly what it always did:

- colour (``--color auto|always|never``): ``auto`` colours text output when stdout is a terminal,
  unless ``NO_COLOR`` is set (https://no-color.org) or ``TERM`` is ``dumb``; ``always`` and
  ``never`` say so outright (``always`` wins over ``NO_COLOR``, as an explicit option should).
  JSON and CSV are never coloured. ``--suits`` picks the deck (``formats.styled``).
- progress (``Progress``): one line on stderr, rewritten in place, once a run has taken a second, and
  only when stderr is a terminal: records done, the rate, bad records and differences so far; through
  files (``FileProgress``, ``hilo check``), the files and hands done, a percentage and the time left;
  for one long computation (equity's runouts) a bar (``RunoutBar``), once it will take longer than a
  second. The line is cut to the terminal's width, so that clearing it leaves nothing behind.
- the closing summary (``summary``): records settled, checks that differ, bad records and the time,
  on stderr at a terminal, or anywhere with ``--summary`` (for logs).
- ``stdin_hint``: reading deals from a terminal, say how to end the input instead of waiting silently;
  ``read_typed``: what was typed, read whole, the report starting on a line of its own.

``HILO_PROGRESS_AFTER`` (seconds, default 1, ``progress_after``) is how long a run goes, or is expected
to go, before progress is shown; tests and demonstrations set it to 0.
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import IO, Any, Protocol, TypeVar

import click

from hilo_cli.cli.common import (
    terminal_options as terminal_options,
)  # at home with every command's options
from hilo_cli.cli.look import Style as Style
from hilo_cli.cli.look import colour_wanted as colour_wanted
from hilo_cli.cli.look import is_terminal as is_terminal
from hilo_cli.cli.look import report_style as report_style
from hilo_cli.cli.look import style as style

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

PROGRESS_AFTER = 1.0  # seconds: a shorter run ends before progress would help
REDRAW_EVERY = 0.2  # seconds between two drawings of the progress line


def summary_option(f: F) -> F:
    """``--summary``: the closing summary on stderr even when stderr is not a terminal."""
    return click.option(
        "--summary",
        is_flag=True,
        help="Print the closing summary on stderr even when it is not a terminal (for logs).",
    )(f)


def _count(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


def duration(seconds: float) -> str:
    """A run's time as a person reads it: 0.04 s, 12.3 s, 2 min 05 s."""
    if seconds < 10:
        return f"{seconds:.2f} s"
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s"


def estimate(seconds: float) -> str:
    """A time still to go, as round as a guess deserves: 9 s, 45 s, 2 min 05 s."""
    return f"{max(1, round(seconds))} s" if seconds < 59.5 else duration(seconds)


def summary(command: str, records: int, bad: int, differences: int, seconds: float) -> str:
    """The closing summary line: records settled, checks that differ, bad records, and the time."""
    settled = records - bad
    differ = f"{differences:,} check{'' if differences == 1 else 's'} differ{'s' if differences == 1 else ''}"
    return (
        f"{command}: {_count(records, 'record', 'records')} in {duration(seconds)}: {settled:,} settled, "
        f"{differ}, {_count(bad, 'bad record', 'bad records')}"
    )


class Progress:
    """Counts a long run and, at a terminal, shows how it goes on one line of stderr.

    Use it as a context manager and call ``advance`` for each record (or run of records) done::

        with Progress("hilo batch") as progress:
            for outcome in outcomes:
                progress.before_output()   # only needed when writing to stdout as you go
                ...
                progress.advance(errors=..., differences=...)
        progress.finish(force=summary_flag)  # the closing summary

    Nothing is drawn when stderr is not a terminal, nor before ``HILO_PROGRESS_AFTER`` seconds (1 by
    default); the counts are kept either way, for the summary.
    """

    def __init__(
        self,
        command: str,
        stream: IO[str] | None = None,
        *,
        show: bool | None = None,
        after: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.command = command
        self.stream = sys.stderr if stream is None else stream
        self.show = is_terminal(self.stream) if show is None else show
        # Progress and results share the screen when stdout is the same terminal: clear before output.
        self.shares_screen = self.show and is_terminal(sys.stdout)
        self.after = progress_after() if after is None else after
        self.clock = clock
        self.started = clock()
        self.done = self.errors = self.differences = 0
        self._drawn = 0  # width of the line now on screen, 0 when none
        self._last = -REDRAW_EVERY

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.clear()

    @property
    def elapsed(self) -> float:
        return self.clock() - self.started

    def restart(self) -> None:
        """Start the clock again: the run begins now (input typed at a terminal has just been read; the
        time the person took to type it is not the run's)."""
        self.started = self.clock()

    def advance(self, records: int = 1, *, errors: int = 0, differences: int = 0) -> None:
        """Count ``records`` more done, of which ``errors`` were bad and ``differences`` differed."""
        self.done += records
        self.errors += errors
        self.differences += differences
        if self.show:
            now = self.clock()
            if now - self.started >= self.after and now - self._last >= REDRAW_EVERY:
                self._last = now
                self._draw(now - self.started)

    def line(self, seconds: float) -> str:
        """The progress line: records done, the rate, and the bad records and differences so far."""
        rate = f"{self.done / seconds:,.0f}/s" if seconds > 0 else "-"
        return (
            f"{self.command}: {_count(self.done, 'record', 'records')} done, {rate}, "
            f"{_count(self.errors, 'bad', 'bad')}, {_count(self.differences, 'differs', 'differ')}"
        )

    def _draw(self, seconds: float) -> None:
        # Within the terminal's width: a line that wrapped would leave its first row behind when cleared.
        text = fitted(self.line(seconds), _width(self.stream) - 1)
        # Spaces, not an erase code, clear what a longer line left: it works on any terminal, dumb ones too.
        line = "\r" + text.ljust(self._drawn)
        # Counted before it is written: an interrupt during the write still finds it to clear.
        self._drawn = max(self._drawn, len(text))
        self.stream.write(line)
        self.stream.flush()
        self._drawn = len(text)

    def clear(self) -> None:
        """Take the progress line off the screen (if drawn), leaving the cursor at the start of the line."""
        if self._drawn:
            self.stream.write("\r" + " " * self._drawn + "\r")
            self.stream.flush()
            self._drawn = 0

    def before_output(self) -> None:
        """Call before writing results to stdout: when stdout is the same terminal, the progress line
        makes way (it is drawn again at the next ``advance``)."""
        if self._drawn and self.shares_screen:
            self.clear()
            self._last = self.clock()  # let the results be read before the line comes back

    def finish(self, force: bool = False) -> None:
        """Clear the progress line and print the closing summary: at a terminal, or anywhere if ``force``."""
        self.clear()
        if force or is_terminal(self.stream):
            click.echo(
                summary(self.command, self.done, self.errors, self.differences, self.elapsed),
                file=self.stream,
            )


def fitted(line: str, width: int) -> str:
    """``line`` within ``width`` characters: whole parts (``, ``-separated) from the left, as many as fit,
    the most important first; cut at the width if even the first does not fit."""
    if len(line) <= width:
        return line
    cut = line.rfind(", ", 0, width + 1)
    return line[:cut] if cut > 0 else line[:width]


def _width(stream: IO[str]) -> int:
    """The width of the terminal ``stream`` is on (80 if it cannot be known)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


class Position(Protocol):
    """How far a reading of files has gone (``formats.files.Sources``)."""

    @property
    def files(self) -> int: ...
    @property
    def size(self) -> int | None: ...
    def position(self) -> tuple[int, int]: ...


class FileProgress(Progress):
    """Progress through files (``hilo check`` on a folder, issue 30): the files done of all, the hands
    done, the percentage of the bytes and the time left at that pace, the MISMATCHes and bad records.

    ``feed(pieces)`` passes the hands through as they are read, remembering how far the reading was at
    each; each ``advance`` is one hand's outcome, in the same order (the checker may read ahead of its
    outcomes, with ``--jobs``), so the line says what is done, not what is read."""

    def __init__(self, command: str, sources: Position, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.sources = sources
        self.reached = (0, 0)  # (files, bytes) done when the last hand counted was read
        self._read: deque[tuple[int, int]] = deque()

    def feed(self, pieces: Iterable[T]) -> Iterator[T]:
        """``pieces`` as they are, each one's position remembered (only when progress is shown)."""
        if not self.show:
            yield from pieces
            return
        for piece in pieces:
            self._read.append(self.sources.position())
            yield piece

    def advance(self, records: int = 1, *, errors: int = 0, differences: int = 0) -> None:
        for _ in range(records):
            if self._read:
                self.reached = self._read.popleft()
        super().advance(records, errors=errors, differences=differences)

    def line(self, seconds: float) -> str:
        """``hilo check: 3 of 12 files, 1,234 hands, 25%, 40 s left, 0 MISMATCH, 2 bad``: the percentage
        of the bytes when every input's size is known (not stdin's), the time left once a run has gone a
        second at its pace; what matters most first, for a narrow terminal keeps only the first parts."""
        files, done = self.reached
        parts = [
            f"{files:,} of {_count(self.sources.files, 'file', 'files')}",
            _count(self.done, "hand", "hands"),
        ]
        size = self.sources.size
        if size:
            parts.append(f"{min(done / size, 1):.0%}")
            if 0 < done < size and seconds >= 1:
                parts.append(f"{estimate(seconds * (size - done) / done)} left")
        parts += [f"{self.differences:,} MISMATCH", f"{self.errors:,} bad"]
        return f"{self.command}: {', '.join(parts)}"


def read_typed(stream: IO[bytes], progress: Progress | None = None) -> IO[bytes]:
    """Input typed at a terminal, read whole: a terminal ends input with one Ctrl-D, but only for the
    read that meets it, so each later read would wait for another. The run's clock starts once it is in
    (``progress.restart``); and when the last line typed has no line end (Ctrl-D pressed twice after
    text), a line end on the terminal, so that what follows starts on a line of its own."""
    data = stream.read()
    if data and not data.endswith((b"\n", b"\r")) and is_terminal(sys.stderr):
        click.echo("", err=True)
    if progress is not None:
        progress.restart()
    return io.BytesIO(data)


def progress_after() -> float:
    """How long a run goes before progress is shown: ``HILO_PROGRESS_AFTER`` seconds, 1 by default (the
    one threshold, for records and for runouts)."""
    try:
        return max(0.0, float(os.environ.get("HILO_PROGRESS_AFTER", PROGRESS_AFTER)))
    except ValueError:
        return PROGRESS_AFTER


class RunoutBar:
    """Click's progress bar on stderr for one long computation (``hilo equity``'s runouts), called as
    ``bar(done, total)``: shown only when stderr is a terminal and the run, judged by its first chunk,
    will take longer than ``progress_after()``. A new total starts a new bar (the runouts settled one
    by one after the vectorised pass)."""

    def __init__(
        self, stream: IO[str] | None = None, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.clock = clock
        self.start = clock()
        self.after = progress_after()
        self.bar: Any = None
        self.shown = self.total = 0
        self.tty = is_terminal(self.stream)

    def __enter__(self) -> RunoutBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self._finish()

    def _finish(self) -> None:
        if self.bar is not None:
            self.bar.render_finish()
            self.bar = None

    def __call__(self, done: int, total: int) -> None:
        if not self.tty:
            return
        if total != self.total:
            self._finish()
            self.start, self.shown, self.total = self.clock(), 0, total
        if self.bar is None:
            elapsed = self.clock() - self.start
            if done >= total or elapsed * total / max(done, 1) < self.after:
                return
            self.bar = click.progressbar(length=total, label="runouts", file=self.stream)  # type: ignore[arg-type]
        self.bar.update(done - self.shown)
        self.shown = done


class InFlight:
    """Records read but not yet reported, so progress counts what is done, not what was read ahead.

    ``feed`` passes records through, remembering each one's key (``source, line``); ``reached(key)``
    is how many records are done when the result for ``key`` comes back, results coming in input
    order (batch with ``--jobs`` reads ahead of its workers, and reports a clean run of records as one
    outcome headed by its first record).
    """

    def __init__(self) -> None:
        self.read = 0
        self._waiting: deque[tuple[Hashable, int]] = deque()

    def feed(self, items: Iterable[T], key: Callable[[T], Hashable]) -> Iterator[T]:
        for item in items:
            self.read += 1
            self._waiting.append((key(item), self.read))
            yield item

    def reached(self, key: Hashable) -> int:
        """The number of records done once the result headed by ``key`` is in (0 if it is unknown)."""
        while self._waiting:
            found, number = self._waiting.popleft()
            if found == key:
                return number
        return 0


def stdin_hint(command: str, stdin: IO[Any] | None = None, stream: IO[str] | None = None) -> None:
    """When deals are to be read from a terminal, say on stderr how to end the input or give a file."""
    if is_terminal(sys.stdin if stdin is None else stdin):
        eof = "Ctrl-Z then Enter" if sys.platform == "win32" else "Ctrl-D"
        click.echo(
            f"{command}: reading deals from the terminal: type or paste them, one per line, then "
            f"{eof} on a line of its own to settle them; or give a FILE ('{command} --help').",
            file=sys.stderr if stream is None else stream,
        )
