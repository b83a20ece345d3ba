"""Side pots from contributions, and dividing a number of chip units among tied winners.

RULES §5.1: layer the contributions by their distinct levels; each layer is open to the live players
who reached its level; adjacent layers open to the same players merge into one pot (§5.6); folded
players' chips stay in but they are never eligible (§5.2); a top layer only one player paid for is
returned to that player, not won (§5.3). RULES §4.4: tied winners get equal units and the leftover
units go one each, in the order given (clockwise from the button, or by suit for stud, §4.6).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import NamedTuple

from hilo_cli.errors import DealError


class Pot(NamedTuple):
    """A pot of ``amount`` chips open to ``eligible`` players (main pot first, then side pots)."""

    amount: int
    eligible: tuple[str, ...]


def build_pots(
    contributions: Mapping[str, int], folded: Collection[str]
) -> tuple[list[Pot], dict[str, int]]:
    """Main and side pots from each player's total contribution, and the uncalled chips returned.

    ``contributions`` is in seat order; that order is kept in each pot's ``eligible``.
    """
    levels = sorted({c for c in contributions.values() if c > 0})
    returned: dict[str, int] = {}
    if levels:
        payers = [n for n, c in contributions.items() if c == levels[-1]]
        if len(payers) == 1:
            # §5.3: nobody matched the top of this player's chips; that part is returned.
            below = levels[-2] if len(levels) > 1 else 0
            returned[payers[0]] = levels[-1] - below
            levels.pop()
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions.values())
        eligible = tuple(n for n, c in contributions.items() if c >= level and n not in folded)
        if not eligible:
            raise DealError(
                f"the chips between {previous} and {level} were put in only by folded players, "
                "so no live player can win them"
            )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    return pots, returned


def divide(units: int, winners: Sequence[str]) -> tuple[dict[str, int], list[str]]:
    """Split ``units`` among ``winners``, who are in odd-chip order.

    Each gets ``units // k``; the ``units % k`` leftover units go one each to the first winners
    (RULES §4.4, §9 V3: no player gets more than one odd chip). Returns the units per winner and the
    names that received a leftover unit.
    """
    each, left = divmod(units, len(winners))
    shares = {name: each + (1 if i < left else 0) for i, name in enumerate(winners)}
    return shares, list(winners[:left])


def clockwise_from_button(seats: Mapping[str, int], button: int) -> list[str]:
    """Names in clockwise order from the button: the first seat left of the button first, the button
    last (RULES §4.4): seats above the button ascending, then seats at or below it ascending."""
    return sorted(seats, key=lambda n: (seats[n] <= button, seats[n]))
