"""Who acts next in a hand history that stops mid-round, and what they may do (``hilo limits FILE``).

The floor's question asked of a round's actions rather than of its figures: the history is replayed under
RULES §14 (``replay.run``) and the answer comes from the replay's own state, so it is what the replay
would allow of the next action: the call, the smallest and largest bet or raise (§14.2 fixed limit, §14.3
pot limit, §14.4 no limit), call or fold only after an all-in for less (§14.5), and the stack.
"""

from __future__ import annotations

from typing import NamedTuple

from hilo_cli.betting.hand import Hand
from hilo_cli.betting.limits import Limits
from hilo_cli.betting.replay import Pending, Replay, run
from hilo_cli.betting.sizes import sizes
from hilo_cli.errors import DealError


class Turn(NamedTuple):
    """The player to act (``name``) and ``limits``: what they may do. ``street`` is 0 before the flop (stud:
    third street), then 1, 2, 3 (stud: 4 is seventh street)."""

    name: str
    street: int
    limits: Limits


def next_turn(hand: Hand) -> Turn:
    """Replay ``hand`` and say who acts next and what they may do.

    Raises ``DealError`` for an action that breaks a rule (as ``replay``), for a hand that is over or whose
    betting round is over (the next cards are to come), and for a stud street whose first player the
    history's cards do not tell.
    """
    state = run(hand)
    if len(state.live()) < 2:
        raise DealError("the hand is over: one live hand is left, nobody is to act")
    pending = state.start_betting()
    if not pending:
        dealt = min(len(state.hole[n]) for n in state.live()) if state.stud else len(state.board)
        if dealt >= (hand.game.hole_cards if state.stud else hand.game.board_cards):
            raise DealError(
                "nobody is to act: the betting is over and the hand goes to the showdown"
            )
        raise DealError(
            "nobody is to act: the betting round is over, the next cards come (RULES §14)"
        )
    name = _first(state, pending)
    return Turn(name, state.round.street, _limits(state, name))


def _first(state: Replay, pending: Pending) -> str:
    r = state.round
    if state.stud and r.actions == 0:
        # §14.6: the lowest up card brings in; later streets start with the highest hand showing.
        name: str | None = None
        if r.street == 0 and r.to_call == 0:
            lowest = state.lowest_up()
            name = lowest[1] if lowest is not None else None
        else:
            highest = state.highest_showing()
            name = highest[0] if highest is not None else None
        if name is None or name not in pending:
            raise DealError(
                "who acts first on this street is not known from the up cards the history names "
                "(RULES §14.6)"
            )
        return name
    return state.next_to_act(pending)


def _limits(state: Replay, name: str) -> Limits:
    """What ``name`` may do now, by the same rules ``Replay.raise_to`` and ``check_size`` apply."""
    r, hand = state.round, state.hand
    bet = r.bets.get(name, 0)
    stack = state.stacks[name]
    owed = r.to_call - bet
    call = min(owed, stack)
    pot = sum(state.contributed.values()) + hand.added  # the house's chips too (RULES §14.3)
    reach = bet + stack
    capped = (
        hand.structure == "fixed"
        and hand.raise_cap is not None
        and r.full_bets >= hand.raise_cap + 1
    )
    if (
        (r.to_call > 0 and reach <= r.to_call)
        or (name in r.acted and not state.reopened(r.acted[name]))
        or capped
    ):
        # All in to call; an all-in for less since this player acted (§14.5); the raises capped (§14.2).
        return Limits(hand.structure, pot, call, "call", None, None, reach <= r.to_call)
    least_bet = hand.small_bet or state.big_blind or hand.chip_unit
    least, most = sizes(
        hand.structure,
        r.to_call,
        size=state.limit_size(),
        full_level=r.full_level,
        least_bet=least_bet,
        last_raise=r.last_raise,
        pot=pot,
        owed=owed,
        completing=state.stud and r.to_call < least_bet,
    )
    all_in = least > reach
    least = min(least, reach)
    most = reach if most is None else min(most, reach)
    return Limits(
        hand.structure, pot, call, "bet" if r.to_call == 0 else "raise", least, most, all_in
    )
