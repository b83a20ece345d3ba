"""A ``Deal`` in, a ``Settlement`` out: the one place that ties hand evaluation to the pots.

``settle`` follows RULES §8: evaluate every live hand once; build the pots (§5.1, or the one ``pot``);
divide each pot on its own (§5.4): its own best high among its eligible players, its own qualifying
low (§3.5), the hi/lo odd chip to high (§4.3), one even division when the same players win both halves
(§4.5), tied winners' leftover units one each in odd-chip order (§4.4 button, §4.6 suit). Every chip
that does not divide evenly is recorded with who got it and why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hilo_cli.deal import Deal, Player, check_deal
from hilo_cli.evaluate import Hands, evaluate, prepare_board
from hilo_cli.pots import Pot, build_pots, clockwise_from_button, divide


@dataclass(frozen=True, slots=True)
class OddChip:
    """``amount`` chips (one unit) that went to ``to`` because a division was not even."""

    to: str
    amount: int
    half: str
    why: str


@dataclass(frozen=True, slots=True)
class Half:
    """One half of a pot: its chips, its winners (odd-chip order) and the winning hand's name."""

    amount: int
    winners: tuple[str, ...]
    hand: str


@dataclass(frozen=True, slots=True)
class PotResult:
    """How one pot was divided. ``low`` is ``None`` when no eligible player has a low (``no_low`` says
    why). ``division`` is ``scoop``, ``split``, ``high only`` or ``same winners`` (§4.5)."""

    name: str
    amount: int
    eligible: tuple[str, ...]
    high: Half
    low: Half | None
    no_low: str | None
    division: str
    shares: dict[str, int]
    odd_chips: tuple[OddChip, ...]


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's hands and winnings (pot shares plus uncalled chips returned)."""

    player: Player
    hands: Hands | None
    won: int
    returned: int

    @property
    def name(self) -> str:
        return self.player.name


@dataclass(frozen=True, slots=True)
class Check:
    """Amounts someone paid out against the amounts settled: ``differences`` maps each player whose
    amounts differ to ``(expected, won)``."""

    expected: dict[str, int]
    differences: dict[str, tuple[int, int]]

    @property
    def ok(self) -> bool:
        return not self.differences


@dataclass(frozen=True, slots=True)
class Settlement:
    """The whole answer for one deal."""

    deal: Deal
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    returned: dict[str, int]
    check: Check | None


def settle(deal: Deal) -> Settlement:
    """Settle one showdown. Raises ``DealError`` for a deal that breaks its game's rules."""
    check_deal(deal)
    game = deal.game
    live = [p for p in deal.players if not p.folded]
    by_suit = deal.odd_chip_rule == "suit"
    hands: dict[str, Hands] = {}
    if len(live) > 1:
        board = prepare_board(deal.board, deal.qualifier)
        for p in live:
            assert p.hole is not None
            hands[p.name] = evaluate(game, p.hole, board, deal.qualifier, by_suit)
    returned: dict[str, int] = {}
    if deal.pot is not None:
        pots = [Pot(deal.pot, tuple(p.name for p in live))]
    else:
        pots, returned = build_pots({p.name: p.contributed or 0 for p in deal.players},
                                    {p.name for p in deal.players if p.folded})
    seats = {p.name: p.seat for p in deal.players}
    if by_suit:
        def order(names: Sequence[str], half: str) -> list[str]:
            def top(n: str) -> int:
                hand = hands[n].low if half == "low" else hands[n].high
                return max(hand.cards) if hand is not None else -1
            return sorted(names, key=top, reverse=True)
        why_order = "by the highest card by rank then suit in each winner's hand (RULES §4.6)"
    else:
        clockwise = clockwise_from_button(seats, deal.button_seat)
        rank = {n: i for i, n in enumerate(clockwise)}

        def order(names: Sequence[str], half: str) -> list[str]:
            return sorted(names, key=rank.__getitem__)
        why_order = f"clockwise from the button (seat {deal.button_seat}) (RULES §4.4)"
    results = [
        _divide_pot(i, len(pots), pot, hands, game.split, deal.chip_unit, order, why_order)
        for i, pot in enumerate(pots)
    ]
    won = dict.fromkeys(seats, 0)
    for r in results:
        for name, chips in r.shares.items():
            won[name] += chips
    for name, chips in returned.items():
        won[name] += chips
    players = tuple(
        PlayerResult(p, hands.get(p.name), won[p.name], returned.get(p.name, 0)) for p in deal.players
    )
    check = None
    if deal.expected is not None:
        differences = {
            n: (deal.expected.get(n, 0), won[n]) for n in won if deal.expected.get(n, 0) != won[n]
        }
        check = Check(dict(deal.expected), differences)
    return Settlement(deal, players, tuple(results), returned, check)


def _pot_name(i: int, count: int) -> str:
    if count == 1:
        return "pot"
    return "main pot" if i == 0 else f"side pot {i}"


def _divide_pot(
    i: int,
    count: int,
    pot: Pot,
    hands: dict[str, Hands],
    split: bool,
    unit: int,
    order: Callable[[Sequence[str], str], list[str]],
    why_order: str,
) -> PotResult:
    name = _pot_name(i, count)
    units = pot.amount // unit
    eligible = pot.eligible
    if len(eligible) == 1 or not hands:
        only = eligible[0]
        return PotResult(name, pot.amount, eligible, Half(pot.amount, (only,), "uncontested"), None,
                         "only one player is eligible", "uncontested", {only: pot.amount} if pot.amount else {}, ())
    best_high = max(hands[n].high.value for n in eligible)
    high_winners = order([n for n in eligible if hands[n].high.value == best_high], "high")
    high_name = hands[high_winners[0]].high.name
    lows = [hands[n].low for n in eligible]
    low_values = [low.value for low in lows if low is not None]
    no_low: str | None = None
    low_winners: list[str] = []
    if not split:
        no_low = "high-only game"
    elif not low_values:
        no_low = "no eligible player has a qualifying low"
    else:
        best_low = max(low_values)
        tied = [n for n, low in zip(eligible, lows, strict=True) if low is not None and low.value == best_low]
        low_winners = order(tied, "low")
    odd: list[OddChip] = []
    shares: dict[str, int] = {}

    def share_out(n_units: int, winners: list[str], half: str, label: str) -> None:
        got, extra = divide(n_units, winners)
        for w, u in got.items():
            shares[w] = shares.get(w, 0) + u * unit
        for w in extra:
            odd.append(OddChip(w, unit, half, (
                f"{n_units} units of {label} do not divide among {len(winners)} tied winners: "
                f"one leftover chip each, {why_order}")))

    if not low_winners:
        share_out(units, high_winners, "high", f"the {name}")
        return PotResult(name, pot.amount, eligible, Half(pot.amount, tuple(high_winners), high_name),
                         None, no_low, "high only", _nonzero(shares), tuple(odd))
    low_name = next(hands[n].low for n in low_winners).name  # type: ignore[union-attr]
    high_units, low_units = units - units // 2, units // 2
    high_half = Half(high_units * unit, tuple(high_winners), high_name)
    low_half = Half(low_units * unit, tuple(low_winners), low_name)
    if set(low_winners) == set(high_winners):
        # §4.5: the same players win both ways; one even division of the whole pot.
        share_out(units, high_winners, "whole", f"the {name} (the same players win high and low, RULES §4.5)")
        division = "scoop" if len(high_winners) == 1 else "same winners"
        return PotResult(name, pot.amount, eligible, high_half, low_half, None, division, _nonzero(shares),
                         tuple(odd))
    if units % 2 and len(high_winners) == 1:
        odd.append(OddChip(high_winners[0], unit, "high", (
            f"{units} units of the {name} do not halve evenly between high and low: the odd chip goes to "
            "the high half (RULES §4.3)")))
    share_out(high_units, high_winners, "high", "the high half")
    share_out(low_units, low_winners, "low", "the low half")
    return PotResult(name, pot.amount, eligible, high_half, low_half, None, "split", _nonzero(shares),
                     tuple(odd))


def _nonzero(shares: dict[str, int]) -> dict[str, int]:
    return {n: c for n, c in shares.items() if c}
