"""The one output loop of the commands that write a result per record (``hilo batch``, ``hilo check``):
each outcome written whole, in input order; each error also one line on stderr (``FILE:LINE: message``);
progress kept; Ctrl-C ends the run between two records (exit 130, one line); a reader that goes away
(``| head``) ends it quietly."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import IO, Any, NamedTuple, Protocol, TypeVar

import click

from hilo_cli.cli.common import interrupted
from hilo_cli.cli.terminal import Progress, stdin_hint
from hilo_cli.errors import ExitStatus, where


class Outcome(Protocol):
    """What each command's runner yields for a record (``batch.Outcome``, ``checking.Checked``)."""

    @property
    def source(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def output(self) -> bytes: ...
    @property
    def error(self) -> str | None: ...
    @property
    def differs(self) -> bool: ...


Each = TypeVar("Each", bound=Outcome)


class Ended(NamedTuple):
    """How a run ended: a record was bad, a check differed, every record was written (no ``stop``), or
    the reader of stdout went away (then no summary: a count cut short would mislead)."""

    bad: bool
    differs: bool
    whole: bool
    piped_away: bool

    @property
    def status(self) -> ExitStatus:
        """The command's exit status: bad input (2) before a difference (1), else 0."""
        if self.bad:
            return ExitStatus.BAD_INPUT
        return ExitStatus.DIFFERENCE if self.differs else ExitStatus.OK


def input_names(files: tuple[str, ...], command: str) -> tuple[str, ...]:
    """The inputs to read: ``files``, or stdin (``-``) when none is given; reading stdin from a
    terminal, ``command`` says first how to end the input (``terminal.stdin_hint``)."""
    names = files or ("-",)
    if "-" in names:
        stdin_hint(command)
    return names


def write_outcomes(
    outcomes: Generator[Each, None, None],
    out: IO[bytes],
    progress: Progress,
    shape: Callable[[Each], bytes],
    counted: Callable[[Each], None],
    start: bytes = b"",
    finish: Callable[[], bytes] = bytes,
    stop: bool = False,
) -> Ended:
    """Write every outcome (``shape`` gives the bytes to write) and count it
    (``counted``), in order; ``start`` before the first, ``finish()`` after the last; ``stop``: end at the
    first bad record."""
    from hilo_cli.formats.safe import error_line

    bad = differs = whole = False
    try:
        with WholeRecords() as interrupts:
            out.write(start)
            for outcome in outcomes:
                with interrupts.writing():
                    output = shape(outcome)
                    progress.before_output()
                    out.write(output)
                    if outcome.error is not None:
                        bad = True
                        out.flush()
                        progress.clear()
                        click.echo(error_place(outcome) + error_line(outcome.error), err=True)
                counted(outcome)
                if outcome.error is not None and stop:
                    break
                differs = differs or outcome.differs
            else:
                whole = True
            # What follows the last record (an all-in summary, on stdout or stderr) starts on a clean
            # line: the progress line is gone before it, wherever each goes.
            progress.clear()
            out.write(finish())
            out.flush()
    except BrokenPipeError:
        progress.clear()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return Ended(bad, differs, whole, True)
    except KeyboardInterrupt:
        progress.clear()
        outcomes.close()  # ends the worker processes, if any
        interrupted()
    finally:
        outcomes.close()
    return Ended(bad, differs, whole, False)


def error_place(outcome: Outcome) -> str:
    """What an error line starts with: ``FILE:LINE: `` for a record or hand; for a whole input (line 0:
    a file that cannot be read, a folder with no histories, stdin closed) ``hilo: error: FILE: ``, the
    prefix every command gives an input it cannot use (``hilo limits missing.phh`` too)."""
    from hilo_cli.formats.safe import shown

    place = f"{shown(where(outcome.source, outcome.line))}: "
    return place if outcome.line else f"hilo: error: {place}"


class WholeRecords:
    """Ctrl-C ends a run between two records, never in the middle of one record's output: while a record
    is being written (``with interrupts.writing():``) the interrupt waits, then is raised at its end.

    An interrupt is kept until it has ended the run. Raised where Python drops exceptions (a weakref's
    callback, as importlib's module locks have after each import; a ``__del__``; a callback of the
    collector), it was lost with an "Exception ignored in" report on stderr, and the run went on to its
    end (issue 29 item 8): now it is raised again at the end of the next record, or of the run."""

    def __init__(self) -> None:
        self._writing = False
        self._pending = False
        self._previous: Any = None
        self._report: Any = None

    def __enter__(self) -> WholeRecords:
        try:
            self._previous = signal.signal(signal.SIGINT, self._on_interrupt)
        except ValueError:  # not the main thread: interrupts stay as they are
            return self
        self._report, sys.unraisablehook = sys.unraisablehook, self._on_unraisable
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        if self._report is not None:  # installed: in the main thread
            if self._previous is not None:
                signal.signal(signal.SIGINT, self._previous)
            sys.unraisablehook = self._report
        if self._pending and kind is None:
            raise KeyboardInterrupt

    def _on_interrupt(self, signum: int, frame: object) -> None:
        self._pending = True
        if not self._writing:
            raise KeyboardInterrupt

    def _on_unraisable(self, unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            self._pending = True  # dropped by Python: raised at the next record's end instead
        else:
            self._report(unraisable)

    @contextmanager
    def writing(self) -> Iterator[None]:
        self._writing = True
        try:
            yield
        finally:
            self._writing = False
        if self._pending:
            raise KeyboardInterrupt
