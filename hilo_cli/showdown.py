"""A ``Deal`` in, a ``Settlement`` out: the one place that ties hand evaluation to the pots.

``settle`` follows RULES §8: evaluate every live hand once; build the pots (§5.1, or the one ``pot``);
divide each pot on its own (§5.4): its own best high among its eligible players, its own qualifying
low (§3.5), the hi/lo odd chip to high (§4.3), one even division when the same players win both halves
(§4.5), tied winners' leftover units one each in odd-chip order (§4.4 button, §4.6 suit). Every chip
that does not divide evenly is recorded with who got it and why.

Several boards (§12): each pot is divided into equal shares per board in chip units, leftover units one
each to the first boards, and each board's share is divided by ``_divide_pot`` exactly as a single pot
on that board alone (§12.2); or, "either board" (§12.4), each player's best high and best low over the
boards meet in one division. Rake (§13) comes off each pot before anything is divided.
"""

from __future__ import annotations

from typing import NamedTuple

from hilo_cli.cards import Card, format_cards
from hilo_cli.deal import Deal, Player, check_deal
from hilo_cli.errors import DealError
from hilo_cli.evaluate import Evaluation, Hands, best_over_boards, evaluate_deal
from hilo_cli.pots import Pot, build_pots, clockwise_from_button, divide


class OddChip(NamedTuple):
    """``amount`` chips (one unit) that went to ``to`` because a division was not even."""

    to: str
    amount: int
    half: str
    why: str


class Half(NamedTuple):
    """One half of a pot: its chips, its winners (odd-chip order), the winning hand's name, and
    ``shares``: what each winner got from it where the half was divided on its own (a split pot, or
    a pot with no low, RULES §4.1); ``None`` where the pot was divided whole (a scoop, the same winners
    both ways §4.5, one player eligible, several boards §12)."""

    amount: int
    winners: tuple[str, ...]
    hand: str
    shares: dict[str, int] | None = None


class PotResult(NamedTuple):
    """How one pot was divided. ``low`` is ``None`` when no eligible player has a low (``no_low`` says
    why). ``division`` is ``scoop``, ``split``, ``high only`` or ``same winners`` (§4.5), or ``by board``
    when the pot was divided between several boards (§12.2): then ``runs`` holds each board's share and
    division, ``shares`` and ``odd_chips`` the totals (the units between boards included, ``half``
    ``board``), and ``high``/``low`` the halves summed over the boards. ``amount`` is what was divided,
    after the house's ``rake`` (§13).

    A board's share (an entry of ``runs``, a ``BoardResult``) is divided as a single pot on that board
    alone (§12.2) and told the same way: its ``name`` is the board's, ``run 1`` (boards that share their
    first cards) or ``board 1`` (boards with no card in common), and ``board`` indexes
    ``Deal.all_boards`` (0 for a whole pot)."""

    name: str
    amount: int
    eligible: tuple[str, ...]
    high: Half
    low: Half | None
    no_low: str | None
    division: str
    shares: dict[str, int]
    odd_chips: tuple[OddChip, ...]
    runs: tuple[PotResult, ...] = ()
    rake: int = 0
    board: int = 0


BoardResult = PotResult
"""One board's share of a pot: a ``PotResult`` whose ``name`` and ``board`` say which board."""


class PlayerResult:
    """One player's hands and winnings (pot shares plus uncalled chips returned). ``hands`` is ``None``
    for a folded player and for a lone live player (RULES §7); it is worked out when first asked for.
    With several boards ``board_hands`` holds the hands on each board, and ``hands`` those on the first
    board (``Deal.board``), or under "either board" the best high and best low over the boards (§12.4)."""

    __slots__ = ("_boards", "_evaluation", "_index", "player", "returned", "won")

    def __init__(
        self,
        player: Player,
        won: int,
        returned: int,
        evaluation: Evaluation | None = None,
        index: int = -1,
        boards: tuple[Evaluation, ...] = (),
    ) -> None:
        self.player, self.won, self.returned = player, won, returned
        self._evaluation, self._index, self._boards = evaluation, index, boards

    @property
    def board_hands(self) -> tuple[Hands, ...] | None:
        """The hands on each board of a several-board deal; ``None`` otherwise, or with no hands."""
        if not self._boards or self._index < 0:
            return None
        return tuple([e.hands(self._index) for e in self._boards])

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def hands(self) -> Hands | None:
        return (
            self._evaluation.hands(self._index)
            if self._evaluation is not None and self._index >= 0
            else None
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerResult) and (
            self.player,
            self.won,
            self.returned,
            self.hands,
            self.board_hands,
        ) == (other.player, other.won, other.returned, other.hands, other.board_hands)

    def __hash__(self) -> int:
        return hash((self.player, self.won, self.returned))

    def __repr__(self) -> str:
        return f"PlayerResult({self.player.name!r}, won={self.won}, returned={self.returned}, hands={self.hands!r})"


class Check(NamedTuple):
    """Amounts someone paid out against the amounts settled: ``differences`` maps each player whose
    amounts differ to ``(expected, won)``."""

    expected: dict[str, int]
    differences: dict[str, tuple[int, int]]

    @property
    def ok(self) -> bool:
        return not self.differences


class Settlement(NamedTuple):
    """The whole answer for one deal."""

    deal: Deal
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    returned: dict[str, int]
    check: Check | None


class _OddChipOrder:
    """The order in which tied winners receive leftover units, and why: clockwise from the button
    (RULES §4.4), or under the suit rule by the cards each winner shows for that half, compared from the
    highest down by rank then suit, with identical cards falling back to clockwise (§4.6 "Which five
    cards"; the high hands decide when the same players win both halves, §4.5). Worked out only when a
    half is tied, which most pots are not."""

    def __init__(
        self, deal: Deal, positions: dict[str, int], evaluation: Evaluation | None
    ) -> None:
        self.deal = deal
        self.positions = positions
        self.evaluation = evaluation
        self._rank: dict[str, int] | None = None

    @property
    def by_suit(self) -> bool:
        return self.deal.odd_chip_rule == "suit"

    def _clockwise(self) -> str:
        return f"clockwise from the button (seat {self.deal.button_seat})"

    def __call__(self, names: list[str], half: str) -> list[str]:
        if len(names) < 2:
            return names
        if self._rank is None:
            seats = {p.name: p.seat for p in self.deal.players}
            self._rank = {
                n: i for i, n in enumerate(clockwise_from_button(seats, self.deal.button_seat))
            }
        clockwise = sorted(names, key=self._rank.__getitem__)
        if not self.by_suit:
            return clockwise
        # A stable sort: players showing identical cards stay in clockwise order.
        return sorted(clockwise, key=lambda n: self._shown(n, half), reverse=True)

    def why(self, winners: list[str], odd: int, to: str, half: str) -> str:
        """Why ``to`` got a leftover unit: ``winners`` in odd-chip order, the first ``odd`` got one."""
        if not self.by_suit:
            return f"{self._clockwise()} (RULES §4.4)"
        other = winners[odd]  # the first tied winner left without one
        mine, theirs = self._shown(to, half), self._shown(other, half)
        if mine == theirs:
            return (
                f"{to} and {other} show the same five cards (RULES §4.6), so {self._clockwise()} "
                "(RULES §4.4)"
            )
        j = next(i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b)
        shared = f" after the shared {format_cards(mine[:j])}" if j else ""
        return (
            f"by the highest card by rank then suit in each winner's hand (RULES §4.6): "
            f"{to}'s {mine[j]} beats {other}'s {theirs[j]}{shared}"
        )

    def _shown(self, name: str, half: str) -> tuple[Card, ...]:
        """The cards of the hand that won ``half``, from the highest down by rank then suit (§4.6)."""
        assert self.evaluation is not None
        hands = self.evaluation.hands(self.positions[name])
        hand = hands.low if half == "low" else hands.high
        return tuple(sorted(hand.cards, reverse=True)) if hand is not None else ()


def settle(
    deal: Deal,
    cards: bool = False,
    built: tuple[list[Pot], dict[str, int]] | None = None,
    runout: bool = False,
) -> Settlement:
    """Settle one showdown. Raises ``DealError`` for a deal that breaks its game's rules.

    Hands are compared by value; each player's ``hands`` (the cards, the names) are worked out when first
    asked for, or at once with ``cards`` (for a report that shows every hand). ``built``: the pots and the
    uncalled chips returned, as ``build_pots`` gives them for the deal's contributions, where the caller
    has built them already (a replayed hand), so that they are built once. ``runout``: the deal is one
    runout of a deal settled once already with every check (equity's runouts, their cards from those
    unseen): the checks hold for it and are not made again, and no hand is named (``Half.hand`` is
    ``""``), since equity counts chips and prints no hand.
    """
    if not runout:
        check_deal(deal)
    players = deal.players
    live = [p for p in players if not p.folded]
    positions = {p.name: i for i, p in enumerate(live)}
    evaluation, by_board = _evaluate(deal, live, cards) if len(live) > 1 else (None, ())
    pots, returned = _pots(deal, tuple(positions), built)
    results = _divided(deal, pots, positions, evaluation, by_board, not runout)
    won = dict.fromkeys([p.name for p in players], 0)
    for name, chips in returned.items():
        won[name] += chips
    for r in results:
        for name, chips in r.shares.items():
            won[name] += chips
    get, back = positions.get, returned.get
    by_player = tuple(
        [
            PlayerResult(p, won[p.name], back(p.name, 0), evaluation, get(p.name, -1), by_board)
            for p in players
        ]
    )
    check = None if deal.expected is None else _check(deal.expected, won)
    return Settlement(deal, by_player, results, returned, check)


def _pots(
    deal: Deal, live: tuple[str, ...], built: tuple[list[Pot], dict[str, int]] | None
) -> tuple[list[Pot], dict[str, int]]:
    """The pots (RULES §5.1; or the deal's one ``pot``, which every ``live`` player is in) and the
    uncalled chips returned (§5.3): ``built`` where the caller built them already."""
    if deal.pot is not None:
        return [Pot(deal.pot, live)], {}
    if built is None:
        players = deal.players
        built = build_pots(
            {p.name: p.contributed or 0 for p in players},
            {p.name for p in players if p.folded},
            {p.name: p.dead for p in players if p.dead},
            deal.added,
        )
    return list(built[0]), dict(built[1])


def _divided(
    deal: Deal,
    pots: list[Pot],
    positions: dict[str, int],
    evaluation: Evaluation | None,
    by_board: tuple[Evaluation, ...],
    named: bool = True,
) -> tuple[PotResult, ...]:
    """Each pot divided on its own (RULES §5.4) after the house's rake on it (§13): between the boards
    (§12.2), or on the one board or the best of the boards (§12.4); ``named``: with the winning hands'
    names."""
    count, rake = len(pots), deal.rake
    if rake:
        pots = _raked(pots, rake)
    if deal.boards and deal.multi_board == "each" and evaluation is not None:
        results = [
            _divide_by_board(_pot_name(i, count), pot, positions, by_board, deal)
            for i, pot in enumerate(pots)
        ]
    elif count == 1:  # the usual deal: one pot
        order = _OddChipOrder(deal, positions, evaluation)
        results = [_divide_pot("pot", pots[0], positions, evaluation, deal, order, named=named)]
    else:
        order = _OddChipOrder(deal, positions, evaluation)
        results = [
            _divide_pot(_pot_name(i, count), pot, positions, evaluation, deal, order, named=named)
            for i, pot in enumerate(pots)
        ]
    if rake:
        results = [r._replace(rake=rake[i]) if i < len(rake) else r for i, r in enumerate(results)]
    return tuple(results)


def _check(expected: dict[str, int], won: dict[str, int]) -> Check:
    """The amounts someone paid out held against those settled."""
    differences = {n: (expected.get(n, 0), w) for n, w in won.items() if expected.get(n, 0) != w}
    return Check(dict(expected), differences)


def _evaluate(
    deal: Deal, live: list[Player], cards: bool
) -> tuple[Evaluation, tuple[Evaluation, ...]]:
    """Every live hand evaluated once (RULES §8): on the board, or on each board (§12.2) with the
    evaluation the pots are divided by ("either" board, §12.4: the best of each player's over the boards)."""
    holes = [p.hole or () for p in live]
    by_suit = (deal.odd_chip or deal.game.odd_chip) == "suit"
    if not deal.boards:
        return evaluate_deal(deal.game, holes, deal.board, deal.qualifier, by_suit, cards), ()
    # Each live hand on each board, once (§12.2); "either" compares the cards of the best ones.
    either = deal.multi_board == "either"
    by_board = tuple(
        [
            evaluate_deal(deal.game, holes, b, deal.qualifier, by_suit, cards or either)
            for b in deal.boards
        ]
    )
    return (best_over_boards(by_board) if either else by_board[0]), by_board


def _raked(pots: list[Pot], rake: tuple[int, ...]) -> list[Pot]:
    """Each pot less the house's rake on it (RULES §13), which must fit in the pot."""
    if len(rake) > len(pots):
        raise DealError(
            f"rake is given for {len(rake)} pots, but the deal makes {len(pots)} (RULES §13)"
        )
    out = list(pots)
    for i, taken in enumerate(rake):
        pot = pots[i]
        if taken > pot.amount:
            raise DealError(
                f"rake {taken} on the {_pot_name(i, len(pots))} is more than the pot, {pot.amount} "
                "(RULES §13)"
            )
        out[i] = Pot(pot.amount - taken, pot.eligible)
    return out


def _board_names(deal: Deal) -> list[str]:
    """``run 1, run 2`` for boards run from a common start, ``board 1, board 2`` for boards with nothing
    in common (a double-board game, §12.1)."""
    boards = deal.all_boards
    word = "run" if all(b[0] == boards[0][0] for b in boards) else "board"
    return [f"{word} {k + 1}" for k in range(len(boards))]


def _divide_by_board(
    name: str, pot: Pot, positions: dict[str, int], by_board: tuple[Evaluation, ...], deal: Deal
) -> PotResult:
    """RULES §12.2: equal shares per board in chip units, leftover units one each to the first boards in
    dealing order; then each share divided as a single pot on that board alone (``_divide_pot``)."""
    if len(pot.eligible) == 1:
        # §12.3: a pot with one eligible player is theirs whole, however it is divided between boards.
        return _uncontested(name, pot)
    unit, count = deal.chip_unit, len(by_board)
    units = pot.amount // unit
    each, left = divmod(units, count)
    labels = _board_names(deal)
    why = (
        f"{units} units of the {name} do not divide between {count} boards: one leftover chip each "
        "to the first boards in dealing order (RULES §12.2)"
    )
    odd = [OddChip(labels[k], unit, "board", why) for k in range(left)]
    runs = []
    for k, evaluation in enumerate(by_board):
        share = Pot((each + (k < left)) * unit, pot.eligible)
        order = _OddChipOrder(deal, positions, evaluation)
        on = f" on {labels[k]}"
        one = _divide_pot(name + on, share, positions, evaluation, deal, order, on)
        runs.append(one._replace(name=labels[k], board=k))
        odd += one.odd_chips
    return _over_boards(name, pot, runs, odd)


def _over_boards(name: str, pot: Pot, runs: list[BoardResult], odd: list[OddChip]) -> PotResult:
    """A pot divided between boards (RULES §12.2): each board's share and division in ``runs``, the
    shares and halves summed over them."""
    shares: dict[str, int] = {}
    for r in runs:
        for n, chips in r.shares.items():
            shares[n] = shares.get(n, 0) + chips
    high = _summed([r.high for r in runs], runs)
    lows = [r.low for r in runs if r.low is not None]
    low = _summed(lows, [r for r in runs if r.low is not None]) if lows else None
    no_low = None if lows else runs[0].no_low
    return PotResult(
        name,
        pot.amount,
        pot.eligible,
        high,
        low,
        no_low,
        "by board",
        shares,
        tuple(odd),
        tuple(runs),
    )


def _summed(halves: list[Half], runs: list[BoardResult]) -> Half:
    """One half over several boards: its chips summed, every winner once, each board's hand by name."""
    winners = tuple(dict.fromkeys(w for h in halves for w in h.winners))
    hand = "; ".join(f"{r.name}: {h.hand}" for h, r in zip(halves, runs, strict=True))
    return Half(sum(h.amount for h in halves), winners, hand)


def _pot_name(i: int, count: int) -> str:
    if count == 1:
        return "pot"
    return "main pot" if i == 0 else f"side pot {i}"


def _give(
    shares: dict[str, int],
    odd: list[OddChip],
    units: int,
    unit: int,
    winners: list[str],
    half: str,
    label: str,
    order: _OddChipOrder,
) -> None:
    """Divide ``units`` among ``winners`` (in odd-chip order), leftovers one each (§4.4), into ``shares``;
    every leftover unit is recorded in ``odd``."""
    if len(winners) == 1:
        if units:
            shares[winners[0]] = shares.get(winners[0], 0) + units * unit
        return
    got, extra = divide(units, winners)
    for w, u in got.items():
        if u:
            shares[w] = shares.get(w, 0) + u * unit
    for w in extra:
        odd.append(
            OddChip(
                w,
                unit,
                half,
                (
                    f"{units} units of {label} do not divide among {len(winners)} tied winners: "
                    f"one leftover chip each, {order.why(winners, len(extra), w, half)}"
                ),
            )
        )


def _best(
    eligible: tuple[str, ...], values: list[int], order: _OddChipOrder, half: str
) -> list[str]:
    """The players with the greatest value, in odd-chip order; most halves have one winner."""
    best = max(values)
    if values.count(best) == 1:
        return [eligible[values.index(best)]]
    return order([n for n, v in zip(eligible, values, strict=True) if v == best], half)


def _divide_pot(
    name: str,
    pot: Pot,
    positions: dict[str, int],
    evaluation: Evaluation | None,
    deal: Deal,
    order: _OddChipOrder,
    on: str = "",
    named: bool = True,
) -> PotResult:
    """Divide one pot (or one board's share of it, ``on`` naming the board) among its eligible players:
    the best high (RULES §4.1), the best qualifying low, or the high alone when there is none (§3.5);
    the same players both ways share one division of the whole pot (§4.5). ``named``: with the winning
    hands' names (``Half.hand``)."""
    eligible = pot.eligible
    if len(eligible) == 1 or evaluation is None:
        return _uncontested(name, pot)
    unit = deal.chip_unit
    units = pot.amount // unit
    high_winners, low_winners, no_low = _winners(eligible, positions, evaluation, order)
    high_name = evaluation.high_name(positions[high_winners[0]]) if named else ""
    shares: dict[str, int] = {}
    odd: list[OddChip] = []
    if not low_winners:
        _give(shares, odd, units, unit, high_winners, "high", f"the {name}", order)
        high = Half(pot.amount, tuple(high_winners), high_name, dict(shares))
        return PotResult(
            name, pot.amount, eligible, high, None, no_low, "high only", shares, tuple(odd)
        )
    high_units, low_units = units - units // 2, units // 2
    high_half = Half(high_units * unit, tuple(high_winners), high_name)
    low_name = evaluation.low_name(positions[low_winners[0]]) if named else ""
    low_half = Half(low_units * unit, tuple(low_winners), low_name)
    if low_winners == high_winners or set(low_winners) == set(high_winners):
        # §4.5: the same players win both ways; one even division of the whole pot.
        whole = f"the {name} (the same players win high and low, RULES §4.5)"
        _give(shares, odd, units, unit, high_winners, "whole", whole, order)
        division = "scoop" if len(high_winners) == 1 else "same winners"
    else:
        high_shares, low_shares = _split(
            odd, units, unit, (high_winners, low_winners), name, on, order
        )
        shares = dict(high_shares)
        for winner, chips in low_shares.items():
            shares[winner] = shares.get(winner, 0) + chips
        high_half = high_half._replace(shares=high_shares)
        low_half = low_half._replace(shares=low_shares)
        division = "split"
    return PotResult(
        name, pot.amount, eligible, high_half, low_half, None, division, shares, tuple(odd)
    )


def _uncontested(name: str, pot: Pot) -> PotResult:
    """A pot with one eligible player: theirs whole, undivided (RULES §7, §12.3)."""
    only = pot.eligible[0]
    return PotResult(
        name,
        pot.amount,
        pot.eligible,
        Half(pot.amount, (only,), "uncontested"),
        None,
        "only one player is eligible",
        "uncontested",
        {only: pot.amount} if pot.amount else {},
        (),
    )


def _winners(
    eligible: tuple[str, ...],
    positions: dict[str, int],
    evaluation: Evaluation,
    order: _OddChipOrder,
) -> tuple[list[str], list[str], str | None]:
    """The winners of the high and of the low among a pot's ``eligible`` players, in odd-chip order, by
    value, equal values tied (RULES §3.4); no low winners, and why, when nobody has a low (§3.5)."""
    # Eligible players keep the listing order, so a pot open to every live player is the whole list.
    at = None if len(eligible) == len(positions) else [positions[n] for n in eligible]
    highs = evaluation.highs if at is None else [evaluation.highs[i] for i in at]
    high_winners = _best(eligible, highs, order, "high")
    low_values = evaluation.lows
    if low_values is None:
        return high_winners, [], "high-only game"
    lows = low_values if at is None else [low_values[i] for i in at]
    if max(lows) < 0:
        return high_winners, [], "no eligible player has a qualifying low"
    return high_winners, _best(eligible, lows, order, "low"), None


def _split(
    odd: list[OddChip],
    units: int,
    unit: int,
    winners: tuple[list[str], list[str]],
    name: str,
    on: str,
    order: _OddChipOrder,
) -> tuple[dict[str, int], dict[str, int]]:
    """A pot split between its high and low ``winners`` (RULES §4.1): the odd unit of an odd number to
    the high half (§4.3, ``units - units // 2``), then each half divided among its own winners (§4.4);
    what each winner got from the high half and from the low half."""
    high_winners, low_winners = winners
    high_units, low_units = units - units // 2, units // 2
    if units % 2 and len(high_winners) == 1:
        why = (
            f"{units} units of the {name} do not halve evenly between high and low: the odd chip "
            "goes to the high half (RULES §4.3)"
        )
        odd.append(OddChip(high_winners[0], unit, "high", why))
    high: dict[str, int] = {}
    low: dict[str, int] = {}
    _give(high, odd, high_units, unit, high_winners, "high", "the high half" + on, order)
    _give(low, odd, low_units, unit, low_winners, "low", "the low half" + on, order)
    return high, low
