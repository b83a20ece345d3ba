"""Properties of ``settle()`` over random deals (hypothesis).

Deals: any game, 2-9 players within the deck, random seats and button, a chip unit of 1, 2, 5 or 25,
contributions in whole units (or one ``pot``), random folds keeping at least one live hand, qualifier
8, 9 or none. A folded player never put in more than the deepest live player (no real betting round
leaves chips that only folded players could win).
"""

from __future__ import annotations

import pytest
import reference as ref
from conftest import deals, describe, paid
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.deal import Deal
from hilo_cli.showdown import settle

pytestmark = pytest.mark.slow  # every test here is a long randomised run

SETTINGS = settings(max_examples=300, deadline=None)


def put_in(deal: Deal) -> int:
    return deal.pot if deal.pot is not None else sum(p.contributed for p in deal.players)


@SETTINGS
@given(deals())
def test_chips_are_conserved(deal):
    s = settle(deal)
    total = put_in(deal)
    assert sum(p.won for p in s.players) == total, describe(deal)
    assert sum(p.amount for p in s.pots) + sum(s.returned.values()) == total, describe(deal)
    for pot in s.pots:
        assert sum(pot.shares.values()) == pot.amount, describe(deal)


@SETTINGS
@given(deals())
def test_only_eligible_live_players_win(deal):
    s = settle(deal)
    folded = {p.name for p in deal.players if p.folded}
    for pot in s.pots:
        assert not folded & set(pot.eligible), describe(deal)
        assert set(pot.shares) <= set(pot.eligible), describe(deal)
        assert set(pot.high.winners) <= set(pot.eligible), describe(deal)
        if pot.low is not None:
            assert set(pot.low.winners) <= set(pot.eligible), describe(deal)
    for p in s.players:
        if p.player.folded:
            assert p.won == 0, describe(deal)


@SETTINGS
@given(deals())
def test_every_amount_is_whole_chip_units(deal):
    s = settle(deal)
    unit = deal.chip_unit
    amounts = [p.won for p in s.players] + list(s.returned.values())
    for pot in s.pots:
        amounts += [pot.amount, *pot.shares.values(), *(c.amount for c in pot.odd_chips)]
        amounts += [pot.high.amount] + ([pot.low.amount] if pot.low else [])
    assert all(a % unit == 0 for a in amounts), describe(deal)


@SETTINGS
@given(deals(explicit_button=True), st.randoms(use_true_random=False))
def test_listing_order_does_not_matter(deal, rnd):
    """Seats and the button decide odd chips (§4.4), or the cards (§4.6): never the order of listing.

    So the pots, their winners and every player's chips must all be the same, odd chips or not (which
    includes the weaker "same chips when no odd chip was recorded")."""
    players = list(deal.players)
    rnd.shuffle(players)
    shuffled = Deal(
        deal.game,
        deal.board,
        tuple(players),
        pot=deal.pot,
        button=deal.button,
        chip_unit=deal.chip_unit,
        qualifier=deal.qualifier,
    )
    a, b = settle(deal), settle(shuffled)

    def pots(s):
        return sorted(
            (
                p.amount,
                sorted(p.eligible),
                sorted(p.high.winners),
                sorted(p.low.winners) if p.low else [],
            )
            for p in s.pots
        )

    assert pots(a) == pots(b), describe(deal)
    won_a, won_b = (paid(s) for s in (a, b))
    assert won_a == won_b, f"listing order changed the chips: {won_a} vs {won_b}\n{describe(deal)}"


@SETTINGS
@given(deals())
def test_engine_matches_reference_splitter(deal):
    s = settle(deal)
    won, pots, returned = ref.settle(deal)
    assert paid(s) == won, describe(deal)
    assert s.returned == returned, describe(deal)
    assert [(p.amount, set(p.eligible), p.shares) for p in s.pots] == [
        (p.amount, set(p.eligible), p.shares) for p in pots
    ], describe(deal)
    for mine, theirs in zip(s.pots, pots, strict=True):
        if len(mine.eligible) > 1 and len(s.players) - sum(p.player.folded for p in s.players) > 1:
            assert set(mine.high.winners) == set(theirs.high), describe(deal)
            assert set(mine.low.winners if mine.low else ()) == set(theirs.low), describe(deal)


@SETTINGS
@given(deals())
def test_each_half_keeps_who_got_what(deal):
    """A half divided on its own keeps what each winner got from it (``Half.shares``): its chips,
    its winners only, and the two halves add up to the pot's shares; a pot divided whole keeps
    none (the checker reads these, RULES §4.1, §4.5)."""
    s = settle(deal)
    for pot in s.pots:
        halves = [h for h in (pot.high, pot.low) if h is not None]
        if pot.division not in ("split", "high only"):
            assert all(h.shares is None for h in halves), describe(deal)
            continue
        added: dict[str, int] = {}
        for half in halves:
            assert half.shares is not None, describe(deal)
            assert sum(half.shares.values()) == half.amount, describe(deal)
            assert set(half.shares) <= set(half.winners), describe(deal)
            for name, chips in half.shares.items():
                added[name] = added.get(name, 0) + chips
        assert added == pot.shares, describe(deal)
