"""What every command shares: the common options, options given at most once, and the output stream."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from hilo_cli.errors import ExitStatus, HiloError
from hilo_cli.formats.styled import SUIT_STYLES
from hilo_cli.games import GAMES, QUALIFIERS

if TYPE_CHECKING:
    from hilo_cli.formats.records import Defaults


F = TypeVar("F", bound=Callable[..., Any])


def once(
    *names: str, default: Any = None, show: str | None = None, **kwargs: Any
) -> Callable[[F], F]:
    """An option that takes one value and may be given once: a repeated ``--pot`` is bad input, never
    "the last one wins". Click keeps only the last of a repeated option, so the option collects every
    value and the callback refuses more than one."""
    help_text = kwargs.pop("help", "")
    if show is not None:
        help_text += f"  [default: {show}]"

    def only_one(ctx: click.Context, param: click.Parameter, values: Sequence[Any]) -> Any:
        if len(values) > 1:
            given = ", ".join(str(v) for v in values)
            raise click.BadParameter(
                f"given {len(values)} times ({given}); give it once", ctx, param
            )
        return values[0] if values else default

    return click.option(*names, multiple=True, callback=only_one, help=help_text, **kwargs)


def terminal_options(f: F) -> F:
    """``--color`` and ``--suits``: how text output looks at a terminal (each may be given once; the look
    itself is ``cli.terminal.style``'s, and is decided only for text output)."""
    f = once(
        "--suits",
        type=click.Choice(SUIT_STYLES, case_sensitive=False),
        default="four-colour",
        show="four-colour",
        help="Suits in colour: four colours (hearts red, diamonds blue, clubs green), two (red and "
        "black), or four colours and the symbols ♠♥♦♣ (written even without colour).",
    )(f)
    f = once(
        "--color",
        "--colour",
        "color",
        type=click.Choice(["auto", "always", "never"], case_sensitive=False),
        default="auto",
        show="auto",
        help="Colour text output: auto = when stdout is a terminal, NO_COLOR is not set and TERM is "
        "not dumb. JSON and CSV are never coloured.",
    )(f)
    return f


def common_options(f: F) -> F:
    """Options every command takes; in batch they are defaults that a record's own fields override."""
    f = once(
        "--format",
        "fmt",
        type=click.Choice(["text", "json", "csv"]),
        default="text",
        show="text",
        help="Output: a floor report, JSON (Lines for batch), or CSV.",
    )(f)
    f = once(
        "--odd-chip",
        type=click.Choice(["button", "suit"], case_sensitive=False),
        help="Leftover chips of a tied half: clockwise from the button (Omaha default) "
        "or by highest card and suit (stud default).",
    )(f)
    f = once(
        "--chip-unit",
        type=click.IntRange(min=1),
        default=1,
        show="1",
        help="Smallest chip in play; every pot is divided in whole units of it.",
    )(f)
    f = once(
        "--qualifier",
        type=click.Choice(list(QUALIFIERS), case_sensitive=False),
        default="8",
        show="8",
        help="Low qualifier: 8 or better, 9 or better, or none.",
    )(f)
    f = once(
        "--game",
        type=click.Choice(list(GAMES), case_sensitive=False),
        default="omaha8",
        show="omaha8",
        help="The game.",
    )(f)
    return f


def defaults(game: str, qualifier: str, chip_unit: int, odd_chip: str | None) -> Defaults:
    """The common options as the defaults every record starts from."""
    from hilo_cli.formats.records import Defaults

    odd = odd_chip.lower() if odd_chip is not None else None
    return Defaults(game.lower(), QUALIFIERS[qualifier.lower()], chip_unit, odd)  # type: ignore[arg-type]


def stdout_bytes() -> IO[bytes]:
    """Standard output as bytes: hilo writes UTF-8 whatever the locale says (a name a terminal's code page
    cannot encode is never a traceback). A closed standard output is bad usage, not a silent success."""
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if out is None or buffer is None or getattr(out, "closed", False):
        raise HiloError("standard output is closed: nowhere to write the result")
    out.flush()
    return buffer  # type: ignore[no-any-return]


def interrupted() -> NoReturn:
    """Ctrl-C: one line and the shell's status for an interrupt (128 + SIGINT), never a traceback."""
    try:
        sys.stdout.flush()
    except (AttributeError, OSError, ValueError):
        pass
    click.echo("hilo: interrupted", err=True)
    sys.exit(ExitStatus.INTERRUPTED)


class WholeRecords:
    """Ctrl-C ends a run between two records, never in the middle of one record's output: while a record
    is being written (``with interrupts.writing():``) the interrupt waits, then is raised at its end."""

    def __init__(self) -> None:
        self._writing = False
        self._pending = False
        self._previous: Any = None

    def __enter__(self) -> WholeRecords:
        try:
            self._previous = signal.signal(signal.SIGINT, self._on_interrupt)
        except ValueError:  # not the main thread: interrupts stay as they are
            self._previous = None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)

    def _on_interrupt(self, signum: int, frame: object) -> None:
        if self._writing:
            self._pending = True
        else:
            raise KeyboardInterrupt

    @contextmanager
    def writing(self) -> Iterator[None]:
        self._writing = True
        try:
            yield
        finally:
            self._writing = False
        if self._pending:
            raise KeyboardInterrupt
