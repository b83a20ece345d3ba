"""The replay: a ``Hand``'s actions, one by one, checked against RULES §14 (see ``hilo_cli.betting``)."""

from __future__ import annotations

from hilo_cli.betting import stud
from hilo_cli.betting.hand import STRUCTURE_NAMES, Action, Hand, Replayed
from hilo_cli.betting.sizes import full_in_fixed_limit, sizes
from hilo_cli.bounds import short
from hilo_cli.cards import Card
from hilo_cli.deal import Deal, Player
from hilo_cli.errors import DealError
from hilo_cli.pots import build_pots

_VOLUNTARY = frozenset(
    {"bring-in", "complete", "fold", "check", "call", "check-call", "bet", "raise-to", "all-in"}
)


def _error(action: Action, message: str) -> DealError:
    return DealError(f"action {action.number} {short(action.text)!r}: {message}")


class Pending:
    """Who is still to act in a betting round, as a set of names that costs no pass over the table per action.

    Every player who can act (``able``: the replay's own, shrinking as players fold or go all in) except those
    who have acted since the round began or since its last full bet or raise (``done``), and those who left
    ``able`` while still to act (``stuck``: a muck before acting; they stay to act, as in a snapshot taken at
    the last full raise). A round in which one player at most can act keeps an explicit set (``only``)."""

    def __init__(
        self, able: dict[str, None], done: set[str] | None = None, only: set[str] | None = None
    ) -> None:
        self.able = able
        self.done = done if done is not None else set()
        self.stuck: set[str] = set()
        self.only = only

    def __contains__(self, name: object) -> bool:
        if self.only is not None:
            return name in self.only
        return (name in self.able and name not in self.done) or name in self.stuck

    def __len__(self) -> int:
        if self.only is not None:
            return len(self.only)
        return len(self.able) - len(self.done) + len(self.stuck)

    def discard(self, name: str) -> None:
        """``name`` has acted."""
        if self.only is not None:
            self.only.discard(name)
            return
        self.stuck.discard(name)
        if name in self.able:
            self.done.add(name)

    def add(self, names: set[str]) -> None:
        """``names`` (players who can act) are to act again."""
        if self.only is not None:
            self.only |= names
        else:
            self.done -= names

    def left(self, name: str) -> None:
        """``name``, who could act, can act no more (``able`` no longer holds them)."""
        if self.only is None:
            if name in self.done:
                self.done.discard(name)
            else:
                self.stuck.add(name)


class _Round:
    """One betting round: each player's bet in it, the bet to call, and who still has to act."""

    def __init__(self, street: int) -> None:
        self.street = street
        self.bets: dict[str, int] = {}
        self.to_call = 0  # the highest bet of the round (a street total)
        self.full_level = (
            0  # the bet after the last full bet or raise (fixed limit: the next raise adds to it)
        )
        self.last_raise = 0  # the size of the last full bet or raise (§14.3: the smallest raise)
        self.full_bets = 0  # full bets and raises, the blind counting as the bet (for a raise cap)
        # Who has acted since the last full bet or raise, and the bet they last faced: they may raise again
        # only when facing a full raise since, made of short all-ins together (§14.5, TDA "cumulative").
        self.acted: dict[str, int] = {}
        self.pending: Pending | None = None  # still to act; None until the round's first action
        self.cursor = 0  # where in seat order to look for the next player to act
        self.actions = 0  # voluntary actions so far (stud: who must act first, §14.6)
        self.opener: int | None = None  # preflop: the seat index of the last (largest) blind poster
        self.idle: str | None = None  # the one player left when nobody can continue the round


class Replay:
    """The state of a hand while its actions are replayed (``replay`` is the entry point)."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.names = list(hand.players)
        self.position = {n: i for i, n in enumerate(self.names)}
        self.stacks = dict(zip(self.names, hand.starting_stacks, strict=True))
        self.contributed = dict.fromkeys(self.names, 0)
        # Dead money (antes, dead blinds): in the pot, but no bet of a round (RULES §14.1), so never what an
        # uncalled bet is measured against (§5.3, ``pots.build_pots``).
        self.dead: dict[str, int] = {}
        self.hole: dict[str, list[Card | None]] = {n: [] for n in self.names}
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.board: list[Card | None] = []
        self.folded: list[str] = []
        self.mucked: list[str] = []
        self.all_in: set[str] = set()
        self.round = _Round(0)
        self.stud = hand.game.board_cards == 0
        self.big_blind = 0
        # Kept as the hand goes, so that no action costs a pass over every player (a hand of thousands of
        # players stays linear): the live players and those who can still act, in seat order; the chips in
        # the middle; each player's known hole cards; and for each seat a pointer towards the next seat, in
        # turn order, whose player can act (seats of folded or all-in players are skipped once, for good).
        self.alive = dict.fromkeys(self.names)
        self.able = dict.fromkeys(self.names)
        self.pot = hand.added  # the house's chips are in the pot from the start (§14.3 counts them)
        self.known: dict[str, set[Card]] = {n: set() for n in self.names}
        self.skip = list(range(len(self.names)))

    # -- who is where -------------------------------------------------------------------------------

    def live(self) -> list[str]:
        return list(self.alive)

    def can_act(self) -> list[str]:
        return list(self.able)

    def out(self, name: str, dead: bool) -> None:
        """``name`` can act no more in this hand: folded or mucked (``dead``), or all in."""
        if dead:
            self.alive.pop(name, None)
        if name in self.able:
            del self.able[name]
            seat = self.position[name]
            self.skip[seat] = (seat + 1) % len(self.names)
            if self.round.pending is not None:
                self.round.pending.left(name)

    def next_able(self, seat: int) -> int:
        """The first seat from ``seat`` on, in turn order, whose player can act (``seat`` if nobody can)."""
        if not self.able:
            return seat
        skip, found = self.skip, seat
        while skip[found] != found:
            found = skip[found]
        while skip[seat] != found:  # every seat passed on the way now points at the seat found
            skip[seat], seat = found, skip[seat]
        return found

    def next_to_act(self, pending: Pending) -> str:
        """The player whose turn it is (§14.1): the first from the round's cursor, clockwise, still to act."""
        count = len(self.names)
        if (
            pending.only is None and not pending.stuck
        ):  # all still to act can act: skip the seats of the others
            seat = self.next_able(self.round.cursor % count)
            for _ in range(count):
                if self.names[seat] in pending:
                    return self.names[seat]
                seat = self.next_able((seat + 1) % count)
        # A player who cannot act is still to act (a muck before acting): the plain walk round the table.
        return next(
            self.names[(self.round.cursor + k) % count]
            for k in range(count)
            if self.names[(self.round.cursor + k) % count] in pending
        )

    def first_after_button(self) -> int:
        seats = self.hand.seat_numbers
        button = self.hand.button if self.hand.button is not None else seats[-1]
        return next((i for i, s in enumerate(seats) if s > button), 0)

    # -- chips --------------------------------------------------------------------------------------

    def put(self, name: str, chips: int) -> None:
        self.stacks[name] -= chips
        self.contributed[name] += chips
        self.pot += chips
        if self.stacks[name] == 0:
            self.all_in.add(name)
            self.out(name, dead=False)

    def post(self, name: str, chips: int, live: bool) -> None:
        """A blind, straddle or ante: all the player has if that is less (all in for less)."""
        chips = min(chips, self.stacks[name])
        self.put(name, chips)
        if not live:
            self.dead[name] = self.dead.get(name, 0) + chips
        else:
            r = self.round
            r.bets[name] = r.bets.get(name, 0) + chips
            if r.bets[name] >= r.to_call:
                r.to_call = r.full_level = r.last_raise = r.bets[name]
                r.opener = self.position[name]
                r.full_bets = 1
            self.big_blind = max(self.big_blind, chips)

    # -- streets ------------------------------------------------------------------------------------

    def street_now(self) -> int:
        """The street the cards dealt so far make: board games by the board (flop 1, turn 2, river 3),
        stud by the most cards a live player holds (third street 0 ... seventh street 4)."""
        if self.stud:
            return max(0, max((len(self.hole[n]) for n in self.alive), default=0) - 3)
        return {0: 0, 1: 0, 2: 0, 3: 1, 4: 2}.get(len(self.board), 3)

    def start_betting(self) -> Pending:
        """The players who must act in this round, worked out when its first action comes."""
        r = self.round
        if r.pending is None:
            able = self.can_act()
            facing = {n for n in able if r.bets.get(n, 0) < r.to_call}
            r.pending = Pending(self.able) if len(able) > 1 else Pending(self.able, only=facing)
            if r.street == 0 and r.opener is not None and not self.stud:
                r.cursor = (r.opener + 1) % len(self.names)  # §14.1: left of the big blind
            else:
                r.cursor = self.first_after_button()  # §14.1: later rounds
        return r.pending

    def close_round(self, action: Action) -> None:
        pending = self.start_betting()
        if pending and len(self.alive) > 1:
            waiting = ", ".join(n for n in self.names if n in pending)
            raise _error(
                action,
                f"cards are dealt while the betting round is open: {waiting} still to act "
                "(RULES §14: a round ends when every live player has acted and the bets are level)",
            )

    def deal(self, action: Action) -> None:
        before = self.street_now()
        if action.kind == "deal-board":
            if self.stud:
                raise _error(action, f"{self.hand.game.title} has no board")
            self.board.extend(action.cards)
        else:
            if action.actor not in self.hole:
                raise _error(action, f"no player named {short(repr(action.actor))}")
            self.hole[action.actor].extend(action.cards)
            self.known[action.actor].update(c for c in action.cards if c is not None)
        after = self.street_now()
        if after > before:
            self.close_round(action)
            self.round = _Round(after)

    # -- actions ------------------------------------------------------------------------------------

    def check_actor(self, action: Action) -> str:
        """The acting player, if they may act now (§14: nothing after folding or going all in; §14.1)."""
        name = action.actor
        if name not in self.position:
            raise _error(action, f"no player named {short(repr(name))} in this hand")
        if name not in self.alive:
            raise _error(action, f"{name} has folded: no action after folding (RULES §14)")
        if len(self.alive) < 2:
            raise _error(action, "the hand is over: every other player has folded")
        if name in self.all_in:
            raise _error(action, f"{name} is all in: no action after going all in (RULES §14.5)")
        pending = self.start_betting()
        r = self.round
        if name not in pending:
            if name == r.idle and action.kind in ("check", "check-call"):
                return name  # a check written for the player left: no chip moves (close_if_nobody_can_act)
            raise _error(
                action,
                f"{name} has nothing to act on: the betting round is over or {name} has acted "
                "and nobody has bet or raised since (RULES §14)",
            )
        # Stud (§14.6): the first action of a street is the bring-in's or the highest hand's (checked apart),
        # then the turn goes clockwise as in board games.
        if self.hand.check_turns and (not self.stud or r.actions > 0):
            turn = self.next_to_act(pending)
            if name != turn:
                raise _error(action, f"it is {turn}'s turn to act, not {name}'s (RULES §14.1)")
        return name

    def acted(self, name: str) -> None:
        r = self.round
        assert r.pending is not None
        r.pending.discard(name)
        r.acted[name] = r.to_call
        r.actions += 1
        r.cursor = (self.position[name] + 1) % len(self.names)

    def act(self, action: Action) -> None:
        name = self.check_actor(action)
        r = self.round
        if self.stud and self.hand.check_turns and r.street == 0 and r.to_call == 0:
            self.check_bring_in(action, name)
        elif self.stud and self.hand.check_turns and r.actions == 0:
            self.check_high_showing(action, name)
        bet = r.bets.get(name, 0)
        owed = r.to_call - bet
        kind = action.kind
        if kind == "check-call":
            kind = "call" if owed > 0 else "check"
        if kind == "all-in":
            total = bet + self.stacks[name]
            if action.amount is not None and action.amount != total:
                raise _error(
                    action, f"all in is a total of {total} on this street, not {action.amount}"
                )
            kind = "call" if total <= r.to_call else "raise-to"
            action = action._replace(amount=None if kind == "call" else total)
        if kind == "fold":
            self.folded.append(name)
            self.out(name, dead=True)
        elif kind == "check":
            if owed > 0:
                raise _error(
                    action, f"{name} cannot check facing a bet: {owed} to call (RULES §14)"
                )
        elif kind == "call":
            if owed <= 0:
                raise _error(
                    action, f"there is nothing to call: {name} may check or bet (RULES §14)"
                )
            chips = min(owed, self.stacks[name])  # §14.2: all in for less may call less
            if action.amount is not None and action.amount != chips:
                raise _error(action, f"the call is {chips}, not {action.amount} (RULES §14)")
            self.put(name, chips)
            r.bets[name] = bet + chips
        elif kind == "bring-in":
            self.bring_in(action, name)
        else:
            self.raise_to(action, name, kind)
        self.acted(name)
        self.close_if_nobody_can_act()

    def close_if_nobody_can_act(self) -> None:
        """End the round when nobody can continue it: every player but one has folded or is all in, and
        that one has matched every bet (a big blind facing a short all-in call). They have no bet to face
        and nobody left to bet against, so the next cards come without their action. RULES §14 does not
        say it in words: §14.1 gives the big blind the option to raise when the action returns to them,
        and a raise needs a player who can answer it, while a player all in takes no more action (as the
        replay reads §14 and §14.5). Card rooms and pokerkit play it so. A site that still writes a check
        for that player is read (no chip moves); any other action of theirs is refused."""
        r = self.round
        if len(self.able) == 1 and r.pending is not None:
            (name,) = self.able
            if name in r.pending and r.bets.get(name, 0) >= r.to_call:
                r.pending.discard(name)
                r.idle = name

    def check_bring_in(self, action: Action, name: str) -> None:
        """§14.6: third street's first action (the bring-in, or a completion) is the lowest up card's
        (``stud.lowest_up``). Checked against the up cards the history names: the actor's must be lower than
        every other known one."""
        mine = self.hole[name][2] if len(self.hole[name]) >= 3 else None
        found = self.lowest_up()
        if mine is None or found is None:
            return
        card, lowest = found
        if lowest != name and lowest not in self.all_in:
            raise _error(
                action,
                f"{lowest} has the lowest up card ({card}) and acts first on third street, "
                f"not {name} ({mine}) (RULES §14.6)",
            )

    def lowest_up(self) -> tuple[Card, str] | None:
        return stud.lowest_up(self.hole, self.alive)

    def check_high_showing(self, action: Action, name: str) -> None:
        """§14.6: fourth street on, the highest hand showing acts first (``stud.highest_showing``)."""
        found = self.highest_showing()
        if found is not None and found[0] != name:
            highest, cards = found
            raise _error(
                action,
                f"{highest} has the highest hand showing ({' '.join(map(str, cards))}) and "
                f"acts first on this street, not {name} (RULES §14.6)",
            )

    def highest_showing(self) -> tuple[str, list[Card]] | None:
        return stud.highest_showing(self.hole, self.able)

    def bring_in(self, action: Action, name: str) -> None:
        r, hand = self.round, self.hand
        if not self.stud or r.street != 0 or r.to_call > 0:
            raise _error(
                action, "a bring-in is only the first bet of third street in stud (RULES §14.6)"
            )
        chips = hand.bring_in if action.amount is None else action.amount
        if chips != hand.bring_in and chips < self.stacks[name]:
            raise _error(action, f"the bring-in is {hand.bring_in}, not {chips} (RULES §14.6)")
        chips = min(chips, self.stacks[name])
        self.put(name, chips)
        # The bring-in is not a full bet: it gives its player no other turn unless someone completes. A short
        # all-in counts as a completion from the bring-in up (§14.2).
        r.bets[name] = r.to_call = r.full_level = chips

    def raise_to(self, action: Action, name: str, kind: str) -> None:
        r, hand = self.round, self.hand
        total = action.amount
        if total is None:
            raise _error(action, "a bet or raise needs its amount")
        bet = r.bets.get(name, 0)
        most = bet + self.stacks[name]
        if total > most:
            raise _error(
                action,
                f"{name} has only {most} for this street: a stack never goes below zero (RULES §14)",
            )
        if total <= r.to_call:
            raise _error(
                action, f"a bet or raise must be more than the {r.to_call} to call (RULES §14)"
            )
        all_in = total == most
        if name in r.acted and not self.reopened(r.acted[name]):
            raise _error(
                action,
                f"{name} has acted and the all-in bets since come to less than a full raise: "
                "call or fold only (RULES §14.5)",
            )
        if kind == "complete" and not self.stud:
            raise _error(action, "completing is a stud bet (RULES §14.6)")
        full = self.check_size(action, total, all_in)
        if full:
            cap = hand.raise_cap
            if hand.structure == "fixed" and cap is not None and r.full_bets >= cap + 1:
                raise _error(
                    action,
                    f"the betting is capped at a bet and {cap} raises (RULES §14.2, house rule)",
                )
            r.last_raise = total - r.to_call if hand.structure != "fixed" else self.limit_size()
            r.full_level = total
            r.full_bets += 1
            r.acted = {}
            r.pending = Pending(self.able, done={name} if name in self.able else set())
        else:
            # All in for less: who has acted and not matched it is to act again (the others are to act anyway).
            assert r.pending is not None
            acted = r.pending.done if r.pending.only is None else self.able
            r.pending.add({n for n in acted if r.bets.get(n, 0) < total and n != name})
        self.put(name, total - bet)
        r.bets[name] = total
        r.to_call = total
        if name in self.all_in:
            r.pending.discard(name)

    def reopened(self, faced: int) -> bool:
        """Whether a player who acted facing a bet of ``faced`` may raise now (§14.5): in pot and no limit
        when the bet has grown by a full raise since, short all-ins together (TDA: "cumulative multiple short
        all-ins"; the smallest raise stays the last full one). In fixed limit short all-ins that add up to
        half a bet count as a full raise when they are made (``check_size``), which resets ``acted``."""
        r = self.round
        if self.hand.structure == "fixed":
            return False
        return r.to_call - faced >= max(
            r.last_raise, self.hand.small_bet or self.big_blind or self.hand.chip_unit
        )

    def limit_size(self) -> int:
        """Fixed limit (§14.2): the small bet before the flop and on the flop (stud: third and fourth
        street; in stud hi/lo an open pair does not allow the big bet, §14.6), the big bet after."""
        return self.hand.small_bet if self.round.street <= 1 else self.hand.big_bet

    def check_size(self, action: Action, total: int, all_in: bool) -> bool:
        """Raise ``DealError`` unless ``total`` is a bet or raise the structure allows; return whether it
        is a full bet or raise (one that reopens the betting, §14.5)."""
        r, structure = self.round, self.hand.structure
        if structure == "fixed":
            size = self.limit_size()
            exact, _ = sizes(structure, r.to_call, size=size, full_level=r.full_level)
            if total == exact:
                return True
            if all_in and total < exact:
                return full_in_fixed_limit(total, r.full_level, size)
            raise _error(
                action,
                f"fixed limit: a bet or raise on this street is to exactly {exact} "
                f"({'the small bet' if size == self.hand.small_bet else 'the big bet'} of {size}; "
                "RULES §14.2)",
            )
        least_bet = self.hand.small_bet or self.big_blind or self.hand.chip_unit
        owed = r.to_call - r.bets.get(action.actor or "", 0)
        least, most = sizes(
            structure,
            r.to_call,
            least_bet=least_bet,
            last_raise=r.last_raise,
            pot=self.pot,
            owed=owed,
            completing=self.stud and r.to_call < least_bet,
        )
        if most is not None and total > most:
            raise _error(
                action,
                f"pot limit: the most is {'a bet' if r.to_call == 0 else 'a raise to'} "
                f"{most} (the pot after the call; RULES §14.3)",
            )
        if total < least:
            if all_in:
                return False  # §14.5: all in for less than a full bet or raise
            what = "bet is" if r.to_call == 0 else "raise is to"
            raise _error(
                action,
                f"{STRUCTURE_NAMES[structure]}: the smallest {what} {least} "
                f"(RULES §{'14.3' if structure == 'pot' else '14.4'})",
            )
        return True

    def show(self, action: Action) -> None:
        name = action.actor
        if name not in self.position:
            raise _error(action, f"no player named {short(repr(name))} in this hand")
        if action.kind == "muck":
            if name in self.alive:
                self.mucked.append(name)
                self.out(name, dead=True)
            return
        cards = action.cards
        if any(c is None for c in cards):
            return  # shown as unknown: nothing learnt
        if not self.known[name] <= set(cards):
            raise _error(action, f"{name} shows cards other than those dealt")
        self.shown[name] = tuple(c for c in cards if c is not None)


def replay(hand: Hand) -> Replayed:
    """Replay ``hand``'s actions under RULES §14 and return the deal to settle.

    Raises ``DealError`` naming the action (``action N 'text'``), what was allowed, and the section, for
    an action that breaks a rule; and for a hand that cannot be settled from what it records (a history
    that ends while a player still has to act).
    """
    return _finish(run(hand))


def run(hand: Hand) -> Replay:
    """The state after ``hand``'s last action (``replay`` finishes it into a deal; ``betting.turn`` asks it
    who acts next). Raises ``DealError`` as ``replay`` does."""
    _check_table(hand)
    state = Replay(hand)
    names = state.names
    for name, ante in zip(names, hand.antes or (0,) * len(names), strict=True):
        if ante:
            state.post(name, ante, live=False)
    for name, blind in zip(names, hand.blinds or (0,) * len(names), strict=True):
        if blind:
            state.post(name, blind, live=True)
    for action in hand.actions:
        kind = action.kind
        if kind in ("deal-hole", "deal-board"):
            state.deal(action)
        elif kind in ("show", "muck"):
            state.show(action)
        elif kind in ("post", "straddle", "ante"):
            if action.actor not in state.position:
                raise _error(action, f"no player named {short(repr(action.actor))} in this hand")
            if action.amount is None or action.amount <= 0:
                raise _error(action, "a blind or ante needs its amount")
            state.post(action.actor, action.amount, live=kind != "ante")
        elif kind in _VOLUNTARY:
            state.act(action)
        else:
            raise _error(action, f"unknown action {kind!r}")
    return state


def _check_table(hand: Hand) -> None:
    count = len(hand.players)
    if count < 2:
        raise DealError(f"a hand needs two players or more; this one has {count}")
    for what, values in (
        ("starting_stacks", hand.starting_stacks),
        ("seats", hand.seats),
        ("blinds", hand.blinds),
        ("antes", hand.antes),
    ):
        if values and len(values) != count:
            entries = "1 entry" if len(values) == 1 else f"{len(values)} entries"
            raise DealError(f"{what} has {entries} for {count} players")
    for what, values in (
        ("starting stack", hand.starting_stacks),
        ("blind", hand.blinds),
        ("ante", hand.antes),
    ):
        for name, value in zip(hand.players, values, strict=False):
            if type(value) is not int or value < 0:
                raise DealError(
                    f"player {short(name)}: {what} {short(repr(value))} is not a whole number of chips, "
                    "0 or more"
                )
    if type(hand.added) is not int or hand.added < 0:
        raise DealError(
            f"the chips the house added, {short(repr(hand.added))}, are not a whole number of chips, "
            "0 or more"
        )
    if hand.structure == "fixed" and (hand.small_bet <= 0 or hand.big_bet <= 0):
        raise DealError("fixed limit needs a small bet and a big bet (RULES §14.2)")


def _finish(state: Replay) -> Replayed:
    hand, live = state.hand, state.live()
    unfinished = _unfinished(state, live) if len(live) > 1 else None
    dead = set(state.folded) | set(state.mucked)
    board = tuple(c for c in state.board if c is not None)
    players = _players(state, live, dead)
    if len(board) != len(state.board):
        raise DealError("the board has cards the history does not name")
    deal = Deal(
        hand.game,
        board,
        players,
        button=hand.button if not state.stud else None,
        chip_unit=hand.chip_unit,
        qualifier=hand.qualifier,
        odd_chip=hand.odd_chip,
        id=hand.id,
        added=hand.added,
    )
    pots, returned = build_pots(state.contributed, dead, state.dead, hand.added)
    stacks = dict(state.stacks)
    return Replayed(
        deal,
        dict(state.contributed),
        returned,
        tuple(state.folded),
        tuple(state.mucked),
        stacks,
        unfinished,
        tuple(pots),
    )


def _unfinished(state: Replay, live: list[str]) -> str | None:
    """Why a history with two or more ``live`` hands cannot be settled (it ends before the showdown), or
    ``None``."""
    game = state.hand.game
    pending = state.start_betting()
    if pending:
        waiting = [n for n in state.names if n in pending]
        verb = "has" if len(waiting) == 1 else "have"
        return f"the history ends while {', '.join(waiting)} still {verb} to act (RULES §14)"
    if not state.stud and len(state.board) < game.board_cards:
        return (
            f"the history ends before the showdown: {len(state.board)} of the "
            f"{game.board_cards} board cards dealt, {len(live)} hands live"
        )
    if state.stud and (fewest := min(len(state.hole[n]) for n in live)) < game.hole_cards:
        # Stud's partial history, as a board game's: some live hand is still to get cards.
        return (
            f"the history ends before the showdown: {fewest} of the {game.hole_cards} "
            f"cards dealt, {len(live)} hands live"
        )
    return None


def _players(state: Replay, live: list[str], dead: set[str]) -> tuple[Player, ...]:
    """The players at the showdown, in seat order: the cards each showed or was dealt (none for a lone
    live hand dealt only some, RULES §7), what each put in, and whether the hand is dead."""
    hand = state.hand
    players = []
    for name, seat in zip(state.names, hand.seat_numbers, strict=True):
        cards = state.shown.get(name)
        if cards is None:
            dealt = state.hole[name]
            cards = (
                tuple(c for c in dealt if c is not None) if dealt and None not in dealt else None
            )
        if (
            cards is not None
            and len(cards) < hand.game.hole_cards
            and len(live) == 1
            and name in live
        ):
            cards = None  # the hand ended before all its cards were dealt: a lone live hand needs none (§7)
        players.append(
            Player(
                name,
                seat,
                cards or None,
                state.contributed[name],
                name in dead,
                state.dead.get(name, 0),
            )
        )
    return tuple(players)
