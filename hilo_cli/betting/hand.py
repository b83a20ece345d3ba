"""The values a replay works on: ``Hand`` (the table and the actions), ``Action``, ``Replayed``.

Amounts are integer chips (the reader turns money into the smallest unit). Bets, raises, completions
and all-ins are written as *street totals* ("raise to"): PHH's ``cbr 600`` and PokerStars' "raises 300
to 600" are both ``Action(kind="raise-to", amount=600)``.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, get_args

from hilo_cli.cards import Card
from hilo_cli.deal import Deal
from hilo_cli.games import Game, OddChipRule
from hilo_cli.pots import Pot

Structure = Literal["fixed", "pot", "no"]
"""Fixed limit (RULES §14.2), pot limit (§14.3), no limit (§14.4)."""

STRUCTURE_NAMES: dict[Structure, str] = {
    "fixed": "fixed limit",
    "pot": "pot limit",
    "no": "no limit",
}

BettingKind = Literal[
    "post",
    "ante",
    "straddle",
    "bring-in",
    "complete",
    "fold",
    "check",
    "call",
    "check-call",
    "bet",
    "raise-to",
    "all-in",
]
"""The actions that are betting (blinds, antes, bets): a hand's betting is over after the last of them."""

BETTING_KINDS: frozenset[str] = frozenset(get_args(BettingKind))

ActionKind = Literal[BettingKind, "show", "muck", "deal-hole", "deal-board"]
"""What an action does.

* ``post`` / ``straddle``: a live blind (it counts as the player's bet of the first round, §14.1);
  ``amount`` is the chips posted. ``ante``: dead chips (not a bet of the round); a dead small blind
  posted with a big blind is an ``ante`` of the small blind plus a ``post`` of the big blind. Dead chips
  are the main pot's and never what an uncalled bet is measured against (§5.3; ``Player.dead``).
* ``bring-in`` (stud, §14.6): ``amount`` the chips, or ``None`` for the hand's ``bring_in``.
* ``complete``, ``bet``, ``raise-to``: ``amount`` is the player's total for this street after the action
  (PHH ``cbr`` is any of the three; the replay decides which it is from the state of the round).
* ``all-in``: the player puts in every chip left; ``amount`` (the street total) is checked if given.
* ``call``: ``amount``, if given, is the chips *added* (as histories write it) and is checked against
  what the call costs (or the player's whole stack, all in for less).
* ``check``, ``fold``: no amount. ``check-call`` (PHH ``cc``): a check if there is nothing to call, else
  a call.
* ``show``: ``cards`` are the player's hole cards shown at showdown; ``muck``: the hand is not shown and
  is dead (§7, §14.7).
* ``deal-hole``: ``cards`` dealt to ``actor`` (``None`` for a card the history does not know, PHH ``??``);
  ``deal-board``: ``cards`` dealt to the board, ``actor`` ``None``. Dealing ends a betting round.
"""


class Action(NamedTuple):
    """One thing that happened, as the history wrote it.

    ``number`` (its index) counts from 1 in the history's own order (PHH: the position in ``actions``; a site's
    text: the line number), ``text`` is the action as written, so that an error can quote both.
    ``actor`` is a player's name (``None`` for the dealer).
    """

    number: int
    text: str
    actor: str | None
    kind: ActionKind
    amount: int | None = None
    cards: tuple[Card | None, ...] = ()


class Hand(NamedTuple):
    """A hand to replay: the game and its betting structure, the table, and the actions in order.

    * ``game``: a ``hilo_cli.games.GAMES`` value. ``structure``: ``fixed``, ``pot`` or ``no``.
    * ``players``: names in seat order, clockwise; ``seats`` their seat numbers (same order);
      ``button`` the button's seat (``None``: the last listed player, the PHH convention). Stud has no
      button; its seats only place the players.
    * ``starting_stacks``: each player's chips before the hand (same order as ``players``).
    * ``blinds``: blind or straddle posted by each player before any action (same order as
      ``players``, 0 for none), posted in the order listed; empty when the history posts them as
      ``post``/``straddle`` actions instead. ``antes`` likewise (dead chips, before the blinds).
    * ``bring_in``: the stud bring-in (§14.6). ``small_bet``/``big_bet``: fixed-limit sizes (§14.2);
      in pot and no limit ``small_bet`` (or, if 0, the largest blind) is the smallest bet (§14.3).
    * ``raise_cap``: the number of raises allowed per round in fixed limit (a bet and N raises);
      ``None`` (the default) enforces no cap (§14.2: a house rule, only when told).
    * ``check_turns``: check whose turn it is (§14.1; in stud, after each street's first action, which
      §14.6 checks apart: the lowest up card, then the highest hand showing). Off for a history that does
      not give the order of play, or whose stud cards may not be in the order dealt (up cards unknown).
    * ``id``, ``chip_unit``, ``qualifier``, ``odd_chip``: passed on to the ``Deal``.
    * ``added``: chips the house puts in the main pot (a "splash the pot"): no player's, no bet, passed
      on to the ``Deal`` (``pots.build_pots``); in the pot from the start, so a pot-limit bet may reach
      them (§14.3: "the chips in the pot").
    """

    game: Game
    structure: Structure
    players: tuple[str, ...]
    starting_stacks: tuple[int, ...]
    actions: tuple[Action, ...]
    seats: tuple[int, ...] = ()
    button: int | None = None
    blinds: tuple[int, ...] = ()
    antes: tuple[int, ...] = ()
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    raise_cap: int | None = None
    check_turns: bool = True
    id: str | None = None
    chip_unit: int = 1
    qualifier: int | None = 8
    odd_chip: OddChipRule | None = None
    added: int = 0

    @property
    def seat_numbers(self) -> tuple[int, ...]:
        """``seats`` if given, else 1, 2, ... in listing order."""
        return self.seats or tuple(range(1, len(self.players) + 1))


class Replayed(NamedTuple):
    """A hand after its last action.

    * ``deal``: what ``hilo_cli.showdown.settle`` takes: every player's contribution (blinds, antes and
      bets, the uncalled part included: ``build_pots`` returns it, §5.3), hole cards where known, and
      ``folded`` for every hand that folded or was mucked (dead, §7).
    * ``contributed``: the same contributions by name. ``returned``: the uncalled chips given back.
    * ``folded``, ``mucked``: names, in the order it happened.
    * ``stacks``: each player's chips after the betting, before the pot is pushed and before the
      uncalled chips come back (starting stack minus contribution). A finishing stack is this plus what
      ``settle`` says the player won (``won`` includes the uncalled chips returned).
    * ``pots``: the main and side pots the contributions build (RULES §5.1), built once here, for the
      checker (a site's rake per pot) and ``settle`` (``built``) alike.
    * ``unfinished``: why the hand is not over when the history stops (PHH allows a partial history: a
      player still to act, or the board not complete with two or more hands live), or ``None``. Such a
      hand has no result to settle; a checker reports it as not checkable.
    """

    deal: Deal
    contributed: dict[str, int]
    returned: dict[str, int]
    folded: tuple[str, ...]
    mucked: tuple[str, ...]
    stacks: dict[str, int]
    unfinished: str | None = None
    pots: tuple[Pot, ...] = ()
