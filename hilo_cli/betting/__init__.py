"""Replaying a hand from its actions under the betting rules (RULES §14), into the ``Deal`` settle takes.

A history (PHH, a site's text, a dealer's account) is read into a ``Hand``: the game, the betting
structure, the blinds, antes or bring-in, the players in seat order with their starting stacks, and the
``Action`` list in the order it happened. ``replay`` walks the actions, checks each against §14 (whose
turn it is, the amount: fixed-limit sizes per street, the pot-limit maximum, the smallest bet and raise,
all in for less not reopening the betting, nothing after a fold or an all-in, no stack below zero), and
returns a ``Replayed``: the ``Deal`` (every player's contribution, hole cards, folded or mucked), the
uncalled chips returned, and each player's stack before the pot is pushed. A broken rule is a
``DealError`` naming the action (its index and its text as written), the amount allowed and the section.

Amounts are integer chips (the reader turns money into the smallest unit). Bets, raises, completions
and all-ins are written as *street totals* ("raise to"): PHH's ``cbr 600`` and PokerStars' "raises 300
to 600" are both ``Action(kind="raise-to", amount=600)``.
"""

from hilo_cli.betting.hand import (
    BETTING_KINDS,
    STRUCTURE_NAMES,
    Action,
    ActionKind,
    Hand,
    Replayed,
    Structure,
)
from hilo_cli.betting.limits import Limits, limits
from hilo_cli.betting.replay import replay
from hilo_cli.betting.turn import Turn, next_turn

__all__ = [
    "BETTING_KINDS",
    "STRUCTURE_NAMES",
    "Action",
    "ActionKind",
    "Hand",
    "Limits",
    "Replayed",
    "Structure",
    "Turn",
    "limits",
    "next_turn",
    "replay",
]
