"""Whether text output is coloured, and in which deck: the look of a report (``--color``, ``--suits``).

``auto`` colours text output when stdout is a terminal, unless ``NO_COLOR`` is set
(https://no-color.org) or ``TERM`` is ``dumb``; ``always`` and ``never`` say so outright (``always``
wins over ``NO_COLOR``, as an explicit option should). JSON and CSV are never coloured. Apart from
``cli.terminal`` (progress, summaries) so that a piped report, which only asks this, imports no more.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import IO, Any

from hilo_cli.formats.styled import Look


def is_terminal(stream: IO[Any] | None) -> bool:
    """Whether ``stream`` is a terminal (a closed or replaced stream is not)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def colour_wanted(
    choice: str,
    stream: IO[Any] | None,
    env: Mapping[str, str] | None = None,
    platform: str = sys.platform,
) -> bool:
    """Whether output to ``stream`` is coloured under ``--color choice``."""
    if choice == "never":
        return False
    if choice == "always":
        return True
    env = os.environ if env is None else env
    if env.get("NO_COLOR", "") != "" or env.get("TERM") == "dumb":
        return False
    if platform == "win32" and not ("WT_SESSION" in env or "TERM" in env or "ANSICON" in env):
        return False  # the old Windows console shows colour codes as text; Windows Terminal, mintty do not
    return is_terminal(stream)


Style = Look
"""How a text report is shown: in colour or not, and with which suits (``formats.styled.Look``)."""


def style(color: str, suits: str, stream: IO[Any] | None = None) -> Style:
    """The style for text written to ``stream`` (stdout by default) under ``--color`` and ``--suits``."""
    wanted = colour_wanted(color.lower(), sys.stdout if stream is None else stream)
    return Style(wanted, suits.lower())  # type: ignore[arg-type]


def report_style(fmt: str, color: str, suits: str) -> Style | None:
    """The style a command's output needs, or ``None`` when it is written as it is: JSON and CSV are
    never coloured, and a plain text report needs nothing laid over it."""
    if fmt != "text":
        return None
    look = style(color, suits)
    return None if look.plain else look
