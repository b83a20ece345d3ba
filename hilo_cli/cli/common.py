"""What every command shares: the common options, options given at most once (and the kinds of them:
``choice``, ``whole``), and the output stream."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from typing import IO, TYPE_CHECKING, Any, NamedTuple, NoReturn, TypeVar, cast

import click

from hilo_cli.errors import ExitStatus, HiloError
from hilo_cli.formats import OutputFormat
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


def choice(
    *names: str,
    choices: Sequence[str],
    default: str | None = None,
    help: str,
    case_sensitive: bool = False,
) -> Callable[[F], F]:
    """An option given ``once`` that takes one of ``choices`` (in any case, unless ``case_sensitive``),
    its ``default`` shown in the help."""
    kind = click.Choice(list(choices), case_sensitive=case_sensitive)
    return once(*names, type=kind, default=default, show=default, help=help)


def whole(*names: str, least: int, default: int | None = None, help: str) -> Callable[[F], F]:
    """An option given ``once`` that takes a whole number of at least ``least``, its ``default`` shown in
    the help."""
    show = None if default is None else str(default)
    return once(*names, type=click.IntRange(min=least), default=default, show=show, help=help)


def format_option(choices: Sequence[str], help: str) -> Callable[[F], F]:
    """``--format``: one of ``choices`` (the first the default), as written (``text``, not ``TEXT``)."""
    return choice(
        "--format", "fmt", choices=choices, default=choices[0], help=help, case_sensitive=True
    )


def colour_option(help: str) -> Callable[[F], F]:
    """``--color`` (or ``--colour``): ``auto``, ``always`` or ``never``."""
    return choice(
        "--color",
        "--colour",
        "color",
        choices=["auto", "always", "never"],
        default="auto",
        help=help,
    )


def input_format_option(choices: Sequence[str], help: str) -> Callable[[F], F]:
    """``--input-format``: ``auto`` (from the content, the default) or one of ``choices``."""
    return choice("--input-format", choices=["auto", *choices], default="auto", help=help)


def jobs_option(f: F) -> F:
    """``--jobs``: worker processes, for the commands that work through many records."""
    return whole(
        "--jobs", least=1, default=1, help="Worker processes; output stays in input order."
    )(f)


def terminal_options(f: F) -> F:
    """``--color`` and ``--suits``: how text output looks at a terminal (each may be given once; the look
    itself is ``cli.look.style``'s, and is decided only for text output)."""
    f = choice(
        "--suits",
        choices=SUIT_STYLES,
        default="four-colour",
        help="Suits in colour: four colours (hearts red, diamonds blue, clubs green), two (red and "
        "black), or four colours and the symbols ♠♥♦♣ (written even without colour).",
    )(f)
    return colour_option(
        "Colour text output: auto = when stdout is a terminal, NO_COLOR is not set and TERM is "
        "not dumb. JSON and CSV are never coloured."
    )(f)


def common_options(f: F) -> F:
    """Options every command takes; in batch they are defaults that a record's own fields override."""
    f = format_option(
        ["text", "json", "csv"], "Output: a floor report, JSON (Lines for batch), or CSV."
    )(f)
    f = choice(
        "--odd-chip",
        choices=["button", "suit"],
        help="Leftover chips of a tied half: clockwise from the button (Omaha default) "
        "or by highest card and suit (stud default).",
    )(f)
    f = whole(
        "--chip-unit",
        least=1,
        default=1,
        help="Smallest chip in play; every pot is divided in whole units of it.",
    )(f)
    f = choice(
        "--qualifier",
        choices=list(QUALIFIERS),
        default="8",
        help="Low qualifier: 8 or better, 9 or better, or none.",
    )(f)
    return choice("--game", choices=list(GAMES), default="omaha8", help="The game.")(f)


class Common(NamedTuple):
    """The options of a command that settles deals (``settling_options``): the defaults every record
    starts from, the output format, and the look of text output (``--color``, ``--suits``)."""

    defaults: Defaults
    fmt: OutputFormat
    color: str
    suits: str


def settling_options(f: F) -> F:
    """``common_options`` and ``terminal_options``, handed to the command as one ``common`` (``Common``)."""

    @functools.wraps(f)
    def command(*args: Any, **given: Any) -> Any:
        odd = (
            given.pop("game"),
            given.pop("qualifier"),
            given.pop("chip_unit"),
            given.pop("odd_chip"),
        )
        common = Common(defaults(*odd), given.pop("fmt"), given.pop("color"), given.pop("suits"))
        return f(*args, common=common, **given)

    return common_options(terminal_options(cast(F, command)))


class DealArgs(NamedTuple):
    """A deal as the command line gives it (``deal_options``): the ``NAME=CARDS[@PUT]`` arguments, each
    ``--board``, ``--multi-board``, ``--pot``, ``--button`` and each ``--folded``, as typed."""

    players: tuple[str, ...]
    boards: tuple[str, ...]
    multi_board: str | None
    pot: int | None
    button: int | None
    folded: tuple[str, ...]


def deal_options(board: str, multi_board: str, *between: Callable[[Any], Any]) -> Callable[[F], F]:
    """The arguments of a deal on the command line (``showdown``, ``equity``), handed to the command as
    one ``deal`` (``DealArgs``): ``NAME=CARDS[@PUT] ...``, ``--board`` (again for each further board),
    ``--multi-board``, then the command's own options ``between`` (in the help where they are given),
    then ``--pot``, ``--button`` and ``--folded``; ``board`` and ``multi_board`` are the help of the
    two options."""
    options = [  # in the order of the help
        click.argument("players", nargs=-1, required=True, metavar="NAME=CARDS[@PUT] ..."),
        click.option("--board", "boards", multiple=True, metavar="CARDS", help=board),
        choice("--multi-board", choices=["each", "either"], help=multi_board),
        *between,
        once("--pot", type=int, help="One pot that every live player is in."),
        once("--button", type=int, help="The button's seat (default: the last listed player)."),
        click.option(
            "--folded",
            multiple=True,
            metavar="NAME=PUT",
            help="A folded player and the chips they put in.",
        ),
    ]

    def add(f: F) -> F:
        @functools.wraps(f)
        def command(*args: Any, **given: Any) -> Any:
            deal = DealArgs(*(given.pop(name) for name in DealArgs._fields))
            return f(*args, deal=deal, **given)

        decorated = cast(F, command)
        for option in reversed(options):
            decorated = option(decorated)
        return decorated

    return add


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


def stdin_bytes() -> IO[bytes] | None:
    """Standard input as bytes, or ``None`` when it is closed (or not a stream of bytes): then there is
    nothing to read, which each command reports as the error of its input ``<stdin>``."""
    stdin = sys.stdin
    if stdin is None or getattr(stdin, "closed", False) or not hasattr(stdin, "buffer"):
        return None
    return stdin.buffer


def interrupted() -> NoReturn:
    """Ctrl-C: one line and the shell's status for an interrupt (128 + SIGINT), never a traceback."""
    try:
        sys.stdout.flush()
    except (AttributeError, OSError, ValueError):
        pass
    click.echo("hilo: interrupted", err=True)
    sys.exit(ExitStatus.INTERRUPTED)
