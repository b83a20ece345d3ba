"""A brute-force settler for several boards, written from RULES §12 (and §13 rake) alone.

It does not call ``hilo_cli.showdown`` or ``hilo_cli.pots``: hands come from ``reference`` (every legal
selection, scored with plain code), side pots from ``reference.side_pots``, and every division is done
here from RULES §4 and §12 step by step:

* each pot less its rake (§13);
* "each" (§12.2): ``U`` units into ``N`` equal shares, the leftover units one each to the first boards;
  each share divided as a single pot on that board alone (§4.3-§4.6: its own high, its own qualifying
  low, odd unit to high, ties one unit each in odd-chip order, the same players both ways in one
  division);
* "either" (§12.4): each player's best high and best low over the boards, one division;
* a pot with one eligible player, or a deal with one live hand, goes whole to that player (§7, §12.3).

Odd-chip order: clockwise from the button (§4.4), or under the suit rule by the cards shown for that
half from the highest down by rank then suit, identical cards clockwise (§4.6); the high hands decide
when the same players win both halves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import reference as ref


@dataclass
class Division:
    """One division (a pot, or one board's share of it): shares in units and every leftover unit as
    ``(to, half)``."""

    units: int
    high: list[str]
    low: list[str]
    shares: dict[str, int]
    odd: list[tuple[str, str]]


@dataclass
class MultiPot:
    amount: int  # after rake
    rake: int
    eligible: list[str]
    board_odd: list[int] = field(default_factory=list)  # the boards given a leftover unit
    runs: list[Division] = field(default_factory=list)
    shares: dict[str, int] = field(default_factory=dict)  # chips


def _shown(best: ref.Best) -> tuple:
    """The greatest of the best selections' cards, from the highest down by rank then suit (§4.6)."""
    return max(
        tuple(sorted(((ref.rank(c), ref.suit(c)) for c in hand), reverse=True))
        for hand in best.hands
    )


def _split(units: int, order: list[str], half: str, odd: list[tuple[str, str]]) -> dict[str, int]:
    shares = ref.split(units, order)
    odd += [(w, half) for w in order[: units % len(order)]] if len(order) > 1 else []
    return shares


def divide(units: int, eligible: list[str], highs: dict, lows: dict, in_order) -> Division:
    """One pot of ``units`` among ``eligible`` by RULES §8 (the keys: ``reference.Best``)."""
    top = max(highs[n].key for n in eligible)
    h = in_order([n for n in eligible if highs[n].key == top], "high")
    qualified = [n for n in eligible if lows.get(n) is not None]
    lo: list[str] = []
    if qualified:
        best = min(lows[n].key for n in qualified)
        lo = in_order([n for n in qualified if lows[n].key == best], "low")
    odd: list[tuple[str, str]] = []
    if lo and set(lo) == set(h):
        shares = _split(units, h, "whole", odd)
    elif lo:
        if units % 2 and len(h) == 1:
            odd.append((h[0], "high"))
        shares = _split(units - units // 2, h, "high", odd)
        for n, u in _split(units // 2, lo, "low", odd).items():
            shares[n] = shares.get(n, 0) + u
    else:
        shares = _split(units, h, "high", odd)
    return Division(units, h, lo, shares, odd)


def settle(deal) -> tuple[dict[str, int], list[MultiPot], dict[str, int]]:
    """``(won, pots, returned)`` in chips for a ``hilo_cli.deal.Deal`` with ``boards``."""
    game = deal.game.name
    split_game = ref.GAMES[game][3]
    unit = deal.chip_unit
    boards = list(deal.boards) or [deal.board]
    live = [p for p in deal.players if not p.folded]
    shown = [p for p in live if p.hole is not None]
    highs = [{p.name: ref.best_high(game, p.hole, b) for p in shown} for b in boards]
    lows = [
        {p.name: ref.best_low(game, p.hole, b, deal.qualifier) for p in shown} if split_game else {}
        for b in boards
    ]
    if deal.pot is not None:
        raw, returned = [(deal.pot, [p.name for p in live])], {}
    else:
        raw, returned = ref.side_pots([(p.name, p.contributed, p.folded) for p in deal.players])
    button = deal.button if deal.button is not None else deal.players[-1].seat
    seat = {p.name: p.seat for p in deal.players}
    around = max([*seat.values(), button]) + 1
    by_suit = (deal.odd_chip or deal.game.odd_chip) == "suit"

    def order_for(high: dict, low: dict):
        def in_order(names: list[str], half: str) -> list[str]:
            clockwise = sorted(names, key=lambda n: (seat[n] - button - 1) % around)
            if not by_suit:
                return clockwise
            cards = low if half == "low" else high
            return sorted(clockwise, key=lambda n: _shown(cards[n]), reverse=True)

        return in_order

    if deal.multi_board == "either":
        best_high, best_low = {}, {}
        for p in shown:
            mine = [h[p.name] for h in highs]
            top = max(b.key for b in mine)
            best_high[p.name] = ref.Best(
                top, tuple(s for b in mine if b.key == top for s in b.hands)
            )
            got = [lw[p.name] for lw in lows if lw.get(p.name) is not None]
            if got:
                low_top = min(b.key for b in got)
                best_low[p.name] = ref.Best(
                    low_top, tuple(s for b in got if b.key == low_top for s in b.hands)
                )
        views = [(best_high, best_low)]
    else:
        views = list(zip(highs, lows, strict=True))

    won = {p.name: 0 for p in deal.players}
    pots = []
    rake = list(deal.rake) + [0] * (len(raw) - len(deal.rake))
    for (amount, eligible), taken in zip(raw, rake, strict=True):
        pot = MultiPot(amount - taken, taken, list(eligible))
        units = pot.amount // unit
        if len(shown) < 2 or len(eligible) == 1:
            pot.shares = {eligible[0]: pot.amount} if pot.amount else {}
        else:
            count = len(views)
            each, left = divmod(units, count)
            pot.board_odd = list(range(left)) if count > 1 else []
            for k, (high, low) in enumerate(views):
                run = divide(each + (k < left), eligible, high, low, order_for(high, low))
                pot.runs.append(run)
                for n, u in run.shares.items():
                    if u:
                        pot.shares[n] = pot.shares.get(n, 0) + u * unit
        for n, c in pot.shares.items():
            won[n] += c
        pots.append(pot)
    for n, c in returned.items():
        won[n] += c
    return won, pots, returned
