"""What every command shares: the common options and their conversion to library values."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import click

from hilo_cli.games import GAMES, QUALIFIERS

if TYPE_CHECKING:
    from hilo_cli.formats.records import Defaults

OutputFormat = Literal["text", "json", "csv"]

F = TypeVar("F", bound=Callable[..., Any])


def common_options(f: F) -> F:
    """Options every command takes; in batch they are defaults that a record's own fields override."""
    f = click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text",
                     show_default=True, help="Output: a floor report, JSON (Lines for batch), or CSV.")(f)
    f = click.option("--odd-chip", type=click.Choice(["button", "suit"]), default=None,
                     help="Leftover chips of a tied half: clockwise from the button (Omaha default) "
                          "or by highest card and suit (stud default).")(f)
    f = click.option("--chip-unit", type=int, default=1, show_default=True,
                     help="Smallest chip in play; every pot is divided in whole units of it.")(f)
    f = click.option("--qualifier", type=click.Choice(list(QUALIFIERS), case_sensitive=False), default="8",
                     show_default=True, help="Low qualifier: 8 or better, 9 or better, or none.")(f)
    f = click.option("--game", type=click.Choice(list(GAMES), case_sensitive=False), default="omaha8",
                     show_default=True, help="The game.")(f)
    return f


def defaults(game: str, qualifier: str, chip_unit: int, odd_chip: str | None) -> Defaults:
    """The common options as the defaults every record starts from."""
    from hilo_cli.formats.records import Defaults

    return Defaults(game.lower(), QUALIFIERS[qualifier.lower()], chip_unit, odd_chip)  # type: ignore[arg-type]
