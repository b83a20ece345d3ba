"""One exception family for hilo, each member carrying the exit status the command line uses.

Nothing in the library prints or exits: it raises one of these, and ``cli.py`` turns it into one line
on stderr and the exit status below.
"""

from __future__ import annotations

from enum import IntEnum


class ExitStatus(IntEnum):
    """Exit statuses of the ``hilo`` command (README, "Exit status")."""

    OK = 0
    DIFFERENCE = 1
    BAD_INPUT = 2
    INTERRUPTED = 130  # 128 + SIGINT: what a shell reports for Ctrl-C


def where(source: str, line: int) -> str:
    """``FILE:LINE``, the place of a record or hand in its input (``FILE`` alone: line 0, the file as a
    whole): the one way every message and output names a place."""
    return f"{source}:{line}" if line else source


class HiloError(Exception):
    """Base of every error hilo raises on purpose; ``where`` names the argument or ``file:line``."""

    exit_status = ExitStatus.BAD_INPUT

    def __init__(self, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    def located(self, where: str) -> HiloError:
        """Return this error with ``where`` filled in, unless it already says where."""
        if self.where is None:
            self.where = where
        return self

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class CardError(HiloError):
    """A card or a list of cards that cannot be read."""


class DealError(HiloError):
    """A deal that breaks the rules of its game: wrong counts, duplicate cards, bad amounts."""


class InputError(HiloError):
    """Input that cannot be read as a deal at all: malformed JSON, unknown fields, bad lines."""
