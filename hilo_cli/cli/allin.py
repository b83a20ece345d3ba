"""``hilo check --all-in`` (issue 20): the options, the summary after the last hand, and the plot."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import click

from hilo_cli.cli.common import once
from hilo_cli.formats import OutputFormat

if TYPE_CHECKING:
    from hilo_cli.allin import Luck

F = TypeVar("F", bound=Callable[..., object])
EXTRA = "pip install 'hilo-cli[plot]'"


def allin_options(f: F) -> F:
    """``--all-in``, ``--player NAME`` (repeatable) and ``--plot FILE``."""
    f = once(
        "--plot",
        "plot",
        type=click.Path(dir_okay=False, writable=True),
        default=None,
        show=None,
        help="Draw the cumulative chips won and all-in adjusted chips per hand, for the "
        "players chosen (default: the hero), to FILE.svg or FILE.png (needs matplotlib: "
        f"{EXTRA}). Implies --all-in.",
    )(f)
    f = click.option(
        "--player",
        "players",
        multiple=True,
        metavar="NAME",
        help="The all-in summary (and plot) for this player; repeatable. Default: the "
        "hero the site marks (Dealt to), else every player. Implies --all-in.",
    )(f)
    return click.option(
        "--all-in",
        "all_in",
        is_flag=True,
        help="Each hand all in with cards still to come: every live player's equity, expected "
        "chips, what they were paid and the difference, and a summary per player after "
        "the last hand (it costs time: off by default).",
    )(f)


def plot_check(plot: str | None) -> None:
    """Fail early, with one line and exit 2, for a plot that cannot be drawn: a name that is not .svg or
    .png, a folder that is not there (or not writable), or matplotlib missing."""
    if plot is None:
        return
    if not plot.lower().endswith((".svg", ".png")):
        raise click.BadParameter(
            f"{plot!r}: the plot is a .svg or a .png file", param_hint="--plot"
        )
    folder = os.path.dirname(os.path.abspath(plot))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise click.BadParameter(
            f"cannot write {plot!r}: no folder {folder!r} to write in", param_hint="--plot"
        )
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise click.UsageError(
            f"--plot needs matplotlib, the optional extra hilo-cli[plot]: {EXTRA}"
        ) from None


def finish(luck: Luck, fmt: OutputFormat, plot: str | None) -> Callable[[], bytes]:
    """What to write after the last hand: the summary (JSON: one line; CSV: on stderr, the rows stay
    CSV); and the plot, drawn then."""

    def done() -> bytes:
        from hilo_cli.formats.allin_out import summary

        if plot is not None:
            try:
                _draw(luck, plot)
            finally:
                luck.close()
        if fmt == "csv":
            click.echo(summary(luck, "text").decode("utf-8"), err=True, nl=False)
            return b""
        return (b"\n" if fmt == "text" else b"") + summary(luck, fmt)

    return done


def _draw(luck: Luck, plot: str) -> None:
    from hilo_cli.formats.allin_plot import draw

    try:
        draw(luck, plot)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    except OSError as e:
        raise click.BadParameter(
            f"cannot write {plot!r}: {e.strerror}", param_hint="--plot"
        ) from None
