"""Side pots from contributions, and dividing a number of chip units among tied winners.

RULES §5.1: layer the contributions by their distinct levels; each layer is open to the live players
who reached its level; adjacent layers open to the same players merge into one pot (§5.6); folded
players' chips stay in but they are never eligible (§5.2); a top layer only one player paid for is
returned to that player, not won (§5.3). RULES §4.4: tied winners get equal units and the leftover
units go one each, in the order given (clockwise from the button, or by suit for stud, §4.6).

Dead money (antes and dead blinds: chips posted into the pot that are no bet of a round, RULES §14.1) is
in the pots but is no bet anybody calls: a player's level is what they *bet*, so the uncalled top layer
(§5.3) is measured on the bets alone (a dead small blind posted with the big blind never makes the
poster's bet the one nobody matched), and the dead chips are the main pot's, open to every live player
but one who bet nothing (all in on the ante), who can win only as much of the dead money as they posted.
With no dead money (or the same ante from everyone) this is §5.1's layering of the totals, unchanged.

Chips the house adds to a pot (a "splash the pot" promotion: KingsClub's ``STP added``) are nobody's
contribution: RULES.md states no rule for them; they are taken to be the main pot's, open to the players
the main pot is open to, and no bet (never uncalled, never a layer of their own).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import NamedTuple

from hilo_cli.errors import DealError


class Pot(NamedTuple):
    """A pot of ``amount`` chips open to ``eligible`` players (main pot first, then side pots)."""

    amount: int
    eligible: tuple[str, ...]


def build_pots(
    contributions: Mapping[str, int],
    folded: Collection[str],
    dead: Mapping[str, int] | None = None,
    added: int = 0,
) -> tuple[list[Pot], dict[str, int]]:
    """Main and side pots from each player's total contribution, and the uncalled chips returned.

    ``contributions`` is in seat order; that order is kept in each pot's ``eligible``. ``dead``: the part
    of each player's contribution that was dead money (antes, dead blinds: see the module docstring). A
    live player who bet nothing (in a hand with bets: all in on the ante) wins of the dead money only as
    much as they posted. ``added``: the chips the house put in, the main pot's (the module docstring).
    """
    dead = {n: c for n, c in (dead or {}).items() if c > 0}
    bets = {n: c - dead.get(n, 0) for n, c in contributions.items()}
    capped = {n for n, c in bets.items() if c == 0}
    returned: dict[str, int] = {}
    found = uncalled(bets)
    if found is not None:
        # §5.3: nobody matched the top of this player's bets; that part is returned.
        returned[found[0]] = found[1]
        bets[found[0]] -= found[1]
    pots: list[Pot] = []
    if dead:
        _layers(
            pots,
            bets,
            dead,
            lambda n, level: n not in folded and (n not in capped or dead.get(n, 0) >= level),
        )
    _layers(pots, bets, bets, lambda n, level: n not in folded and bets[n] >= level)
    if added:
        if pots:
            pots[0] = Pot(pots[0].amount + added, pots[0].eligible)
        else:  # every chip put in came back (§5.3: a walk): the house's chips are the live players'
            live = tuple(n for n in contributions if n not in folded)
            if not live:
                raise DealError("the house added chips to a pot that no live player can win")
            pots.append(Pot(added, live))
    return pots, returned


def uncalled(bets: Mapping[str, int]) -> tuple[str, int] | None:
    """The player whose bets nobody matched, and the part nobody matched: the highest bet less the next
    highest (RULES §5.3; ``bets`` are live chips, never dead money); ``None`` when two share the top."""
    top = second = 0
    name: str | None = None
    for n, c in bets.items():
        if c > top:
            top, second, name = c, top, n
        elif c > second:
            second = c
    if name is None or top == second:
        return None
    return name, top - second


def _layers(
    pots: list[Pot],
    seated: Mapping[str, int],
    chips: Mapping[str, int],
    eligible: Callable[[str, int], bool],
) -> None:
    """Add the layers of ``chips`` (§5.1) to ``pots``: each is open to the players of ``seated`` (in its
    order) ``eligible`` at its level; a layer open to the same players as the pot before it joins that
    pot (§5.6)."""
    previous = 0
    for level in sorted({c for c in chips.values() if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in chips.values())
        players = tuple(n for n in seated if eligible(n, level))
        if not players:
            raise DealError(
                f"the chips between {previous} and {level} were put in only by folded players, "
                "so no live player can win them"
            )
        if pots and pots[-1].eligible == players:
            pots[-1] = Pot(pots[-1].amount + amount, players)
        else:
            pots.append(Pot(amount, players))
        previous = level


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
