"""The floor's other question: what may the next player do? Call, and the smallest and largest bet or raise.

RULES §14.2 (fixed limit: one small bet before the flop and on the flop, one big bet after), §14.3 (pot
limit: the largest raise is the pot after the call; the smallest bet is the big blind, the smallest raise
the size of the previous bet or raise), §14.4 (no limit: up to the stack).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from hilo_cli.betting.hand import STRUCTURE_NAMES, Structure
from hilo_cli.betting.sizes import full_in_fixed_limit, sizes
from hilo_cli.errors import DealError

STREETS = ("preflop", "flop", "turn", "river")


class Limits(NamedTuple):
    """What the player to act may do. ``action`` is ``bet`` (nothing to call) or ``raise``; ``least`` and
    ``most`` are street totals ("raise to"); ``most`` is ``None`` in no limit without a known stack.
    ``all_in`` is set when the stack is short of the smallest full bet or raise (all in for less, §14.5);
    ``action`` is ``call`` (``least`` and ``most`` ``None``) when the stack does not cover more than the
    call: all in to call, no raise. ``pot`` is the pot the player faces (before their call)."""

    structure: Structure
    pot: int
    call: int
    action: str
    least: int | None
    most: int | None
    all_in: bool


def limits(
    structure: Structure,
    pot: int,
    bets: Sequence[int] = (),
    already_in: int = 0,
    big_blind: int = 0,
    small_bet: int = 0,
    big_bet: int = 0,
    street: int = 0,
    stack: int | None = None,
) -> Limits:
    """The limits for the next player.

    ``pot``: the chips in the middle from earlier rounds (antes and dead blinds included). ``bets``: every
    other player's chips in front of them in this round (street totals, live blinds included), in the
    order they were made; the largest is the bet to call. The last full raise is the largest step between
    the levels: full raises never shrink, and a short all-in's step is smaller than the raise before it, so
    it does not change the smallest raise (§14.5). ``already_in``: this player's own chips in this round.
    ``street``: 0 preflop, 1 flop, 2 turn, 3 river (fixed limit only). ``stack``: the player's chips
    behind, if the answer should respect it. Raises ``DealError`` for figures that cannot be a round of
    betting.
    """
    _check_figures(pot, bets, already_in, big_blind, small_bet, big_bet, stack)
    levels = sorted({b for b in bets if b > 0} | ({already_in} if already_in else set()))
    to_call = levels[-1] if levels else 0
    if already_in > to_call:
        raise DealError(
            f"already in ({already_in}) is more than any bet of this round: nothing to decide"
        )
    call = to_call - already_in
    in_pot = pot + sum(bets) + already_in
    if structure == "fixed":
        least, most = _fixed_sizes(levels, to_call, small_bet, big_bet, street)
    else:
        least_bet = big_blind or small_bet
        if least_bet <= 0 and to_call == 0:
            raise DealError(
                f"{STRUCTURE_NAMES[structure]} needs the big blind (the smallest bet, RULES §14.3)"
            )
        last_raise = max(b - a for a, b in zip([0, *levels], levels, strict=False)) if levels else 0
        least, most = sizes(
            structure, to_call, least_bet=least_bet, last_raise=last_raise, pot=in_pot, owed=call
        )
    all_in = False
    if stack is not None:
        reach = already_in + stack
        if 0 < to_call and reach <= to_call:
            return Limits(structure, in_pot, min(call, stack), "call", None, None, True)
        if most is None or most > reach:
            most = reach
        if least > reach:
            least, all_in = reach, True
        call = min(call, stack)
    return Limits(structure, in_pot, call, "bet" if to_call == 0 else "raise", least, most, all_in)


def _check_figures(
    pot: int,
    bets: Sequence[int],
    already_in: int,
    big_blind: int,
    small_bet: int,
    big_bet: int,
    stack: int | None,
) -> None:
    """Every figure a whole number of chips, 0 or more (``stack`` may be ``None``)."""
    for what, value in (
        ("pot", pot),
        ("already in", already_in),
        ("big blind", big_blind),
        ("small bet", small_bet),
        ("big bet", big_bet),
        *((f"bet {i + 1}", b) for i, b in enumerate(bets)),
    ):
        if type(value) is not int or value < 0:
            raise DealError(f"{what} is {value!r}: amounts are whole numbers of chips, 0 or more")
    if stack is not None and (type(stack) is not int or stack < 0):
        raise DealError(f"stack is {stack!r}: a whole number of chips, 0 or more")


def _fixed_sizes(
    levels: list[int], to_call: int, small_bet: int, big_bet: int, street: int
) -> tuple[int, int | None]:
    """Fixed limit (RULES §14.2): the smallest and largest street total, one small bet before the flop
    and on the flop (``street`` 0 or 1), one big bet after."""
    if small_bet <= 0 or big_bet <= 0:
        raise DealError("fixed limit needs the small bet and the big bet (RULES §14.2)")
    size = small_bet if street <= 1 else big_bet
    # The last full bet: each level that is a full raise over the one before (all in for half a bet or
    # more counts as one, as the replay's check_size).
    full = 0
    for level in levels:
        if full_in_fixed_limit(level, full, size):
            full = level
    return sizes("fixed", to_call, size=size, full_level=full)
