"""The sizes a bet or raise may have (RULES §14.2-14.5), written once: the replay checks an action against
them, ``betting.limits`` answers the floor's question with them, and ``betting.turn`` tells the player to
act. Amounts are street totals ("raise to").

* §14.2 fixed limit: a bet is the street's size (the small bet, then the big bet); a raise adds the size
  to the last full bet; all in for half a bet or more over it counts as a full raise (Robert's Rules, TDA).
* §14.3 pot limit: the largest bet or raise is to the pot after the call (everything in the middle, every
  bet, and the call).
* §14.3-14.4 the smallest bet is the big blind (stud: the small bet, which completes a bring-in); the
  smallest raise adds at least the previous full bet or raise.
* §14.5 all in for less than a full bet or raise does not reopen the betting (the replay tracks that).
"""

from __future__ import annotations

from hilo_cli.betting.hand import Structure


def sizes(
    structure: Structure,
    to_call: int,
    *,
    size: int = 0,
    full_level: int = 0,
    least_bet: int = 0,
    last_raise: int = 0,
    pot: int = 0,
    owed: int = 0,
    completing: bool = False,
) -> tuple[int, int | None]:
    """The smallest and the largest full bet or raise to, in ``structure``: fixed limit, its one size
    (``size`` the street's bet, ``full_level`` the last full bet); pot and no limit, at least ``least_bet``
    over nothing to call (or ``completing`` a stud bring-in), else the call plus the larger of
    ``last_raise`` and ``least_bet``; at most, in pot limit, the call plus ``pot`` (every chip in the middle,
    the round's bets included) plus ``owed`` (this player's call); no limit has no most (``None``)."""
    if structure == "fixed":
        exact = size if to_call < size else full_level + size
        return exact, exact
    least = least_bet if to_call == 0 or completing else to_call + max(last_raise, least_bet)
    return least, (to_call + pot + owed if structure == "pot" else None)


def full_in_fixed_limit(total: int, full_level: int, size: int) -> bool:
    """Whether an all-in to ``total`` in fixed limit counts as a full raise: at least half the street's
    ``size`` over the last full bet, short all-ins before it included (Robert's Rules, TDA; §14.2)."""
    return (total - full_level) * 2 >= size
