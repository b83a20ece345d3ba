"""Dead money and a round nobody can continue, in the replay (issue 28's two replay bugs).

* Dead money (an ante, a dead small blind posted with the big blind) is in the pot but is no bet of a
  round: RULES §14.1 makes the big blind live ("a bet of this round") and a dead post is not. An uncalled
  bet (§5.3) is the last bet less the highest other *bet*, never a dead post; the dead chips stay in the
  main pot, open to every live player (``pots.build_pots``).
* A round nobody can continue ends: every player but one has folded or is all in and that one has
  matched every bet. RULES §14 does not say it in words: §14.1 gives the big blind the option to raise
  when the action returns to them, but a raise needs someone who can answer it, and a player all in
  takes no more action (§14, §14.5). So the next cards come; pokerkit plays it so.

Hands are built as ``Hand``/``Action`` values, as a reader builds them; the figures are worked out in the
comments. The tests of the two bugs failed before the fix; the others (antes from everyone, a player
who faces a bet) guard what must not change.
"""

from __future__ import annotations

import pytest
from conftest import paid
from hypothesis import given, settings
from hypothesis import strategies as st
from test_betting import acts, deal_holes

from hilo_cli.betting import Hand, next_turn, replay
from hilo_cli.checking import settle_replayed
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES
from hilo_cli.pots import Pot, build_pots
from hilo_cli.showdown import settle

FOUR = ("Ann", "Bob", "Cat", "Dan")
HOLES = {
    "Ann": "Ac 2h Kc Qc",
    "Bob": "As 2d 9c 9h",
    "Cat": "Qh Qd Jc Tc",
    "Dan": "7s 7d 6c 5h",
}


def four(*texts: str, stacks: tuple[int, ...] = (1000,) * 4) -> Hand:
    """Pot limit, blinds 50/100: Ann the small blind, Bob the big blind, Cat new to the game posting the
    small and big blinds (50 dead, 100 live) from the seat after Bob, Dan on the button."""
    deals = tuple(f"{n} deal {HOLES[n]}" for n in FOUR)
    posts = ("Ann post 50", "Cat ante 50", "Cat post 100", "Bob post 100")
    return Hand(
        GAMES["omaha8"],
        "pot",
        FOUR,
        stacks,
        acts(*deals, *posts, *texts),
        button=4,
        small_bet=100,
    )


# -- dead money -------------------------------------------------------------------------------------


def test_a_raise_nobody_calls_comes_back_above_the_live_blinds_not_the_dead_one() -> None:
    # Dan raises to 350; everyone folds. The bets to match are the live blinds of 100 (Bob's, Cat's):
    # 250 comes back. Measured on the totals (Cat's 150 with the dead 50) it was 200.
    r = replay(four("Cat check", "Dan raise 350", "Ann fold", "Bob fold", "Cat fold"))
    assert r.contributed == {"Ann": 50, "Bob": 100, "Cat": 150, "Dan": 350}
    assert r.returned == {"Dan": 250}
    # One pot of 50 + 100 + 150 + 100 = 400 (the dead 50 in it), Dan's alone.
    assert r.pots == (Pot(400, ("Dan",)),)
    assert paid(settle_replayed(r))["Dan"] == 650


def test_the_poster_of_a_dead_blind_who_plays_on_gets_none_of_it_back() -> None:
    # Cat checks her live blind, the others call or check: 100 each bet, Cat's dead 50 on top. Nothing is
    # uncalled (everyone's bet is 100): the 450 is one pot. On the totals Cat's 50 came back as uncalled.
    r = replay(
        four(
            "Cat check",
            "Dan call",
            "Ann call",
            "Bob check",
            "board 3c 5d 7h",
            *(f"{n} check" for n in ("Ann", "Bob", "Cat", "Dan")),
            "board Kd",
            *(f"{n} check" for n in ("Ann", "Bob", "Cat", "Dan")),
            "board Ks",
            *(f"{n} check" for n in ("Ann", "Bob", "Cat", "Dan")),
        )
    )
    assert r.returned == {}
    assert r.pots == (Pot(450, FOUR),)
    assert sum(paid(settle_replayed(r)).values()) == 450


def test_a_dead_blind_all_in_keeps_the_dead_chips_in_the_main_pot() -> None:
    # Cat has 300: 50 dead, then all in for a street total of 250. Dan raises to 800, Ann calls, Bob folds.
    r = replay(
        four(
            "Cat allin",
            "Dan raise 800",
            "Ann call",
            "Bob fold",
            stacks=(1000, 1000, 300, 1000),
        )
    )
    assert r.contributed == {"Ann": 800, "Bob": 100, "Cat": 300, "Dan": 800}
    assert r.returned == {}
    # Main pot: 250 from Ann, Cat and Dan, Bob's 100, Cat's dead 50 = 900 (Ann, Cat, Dan). Side pot: the
    # 550 more from Ann and Dan = 1100. On the totals the main pot took 300 from each: 1000 and 1000.
    assert r.pots == (Pot(900, ("Ann", "Cat", "Dan")), Pot(1100, ("Ann", "Dan")))


def test_antes_from_everyone_layer_as_before_and_a_short_ante_wins_what_it_matched() -> None:
    # Everyone antes 10 but Ann, all in for 4. Bob bets 100, Cat calls, Dan folds: Ann wins 4 from each
    # (16); the rest of the antes (6 from Bob, Cat, Dan) go with the bets to Bob and Cat.
    pots, returned = build_pots(
        {"Ann": 4, "Bob": 110, "Cat": 110, "Dan": 10},
        {"Dan"},
        dead={"Ann": 4, "Bob": 10, "Cat": 10, "Dan": 10},
    )
    assert returned == {}
    assert pots == [Pot(16, ("Ann", "Bob", "Cat")), Pot(218, ("Bob", "Cat"))]
    # The same pots as the totals give (RULES §5.1): antes everyone posts change nothing.
    assert build_pots({"Ann": 4, "Bob": 110, "Cat": 110, "Dan": 10}, {"Dan"}) == (pots, {})


def test_an_uncalled_bet_is_the_highest_bet_less_the_next() -> None:
    # Dead money never counts: Bob's dead 50 makes his total the highest, but Cat bet more.
    assert build_pots({"Ann": 100, "Bob": 150, "Cat": 130}, (), dead={"Bob": 50})[1] == {"Cat": 30}
    assert build_pots({"Ann": 100, "Bob": 150, "Cat": 130}, ())[1] == {"Bob": 20}


# -- a round nobody can continue --------------------------------------------------------------------


def three(*texts: str, stacks: tuple[int, ...] = (80, 1000, 1000)) -> Hand:
    """Fixed limit 100/200, blinds 50/100: Ann the small blind (80 chips), Bob the big blind, Cat the
    button."""
    return Hand(
        GAMES["omaha8"],
        "fixed",
        ("Ann", "Bob", "Cat"),
        stacks,
        acts(*deal_holes(), *texts),
        blinds=(50, 100, 0),
        small_bet=100,
        big_bet=200,
    )


BOARD = ("board 3c 5d 7h", "board Kd", "board Ks")


def test_a_big_blind_facing_a_short_all_in_call_is_not_asked_to_act() -> None:
    # Cat folds; Ann calls all in for 80 in all. Bob's 100 is more than anyone can call: nobody can act,
    # the flop comes, and 20 of Bob's blind comes back (RULES §5.3).
    r = replay(three("Cat fold", "Ann call", *BOARD))
    assert r.unfinished is None
    assert r.contributed == {"Ann": 80, "Bob": 100, "Cat": 0}
    assert r.returned == {"Bob": 20}
    with pytest.raises(DealError, match="the betting round is over, the next cards come"):
        next_turn(three("Cat fold", "Ann call"))


def test_the_player_left_may_only_check_when_nobody_can_continue() -> None:
    # A site that still writes Bob's check is read (no chip moves); a raise, against nobody, is refused.
    checked = replay(three("Cat fold", "Ann call", "Bob check", *BOARD))
    assert checked.contributed == {"Ann": 80, "Bob": 100, "Cat": 0}
    assert checked.returned == {"Bob": 20}
    with pytest.raises(DealError, match="Bob has nothing to act on"):
        replay(three("Cat fold", "Ann call", "Bob raise 200", *BOARD))


def test_the_player_left_still_acts_facing_a_bet() -> None:
    # Cat raises all in to 150 (less than a full raise); Ann folds. Bob has not matched: he is to act.
    h = three("Cat allin", "Ann fold", stacks=(1000, 1000, 150))
    assert next_turn(h).name == "Bob"
    assert replay(h._replace(actions=h.actions + acts("Bob call", *BOARD))).returned == {}


def test_the_deal_carries_the_dead_money_so_every_settle_builds_the_same_pots() -> None:
    # The all-in figures and equity settle the replayed deal again, from each player's contribution: the
    # deal says which part was dead, so they build the pots the replay built.
    streets = ("board 3c 5d 7h", "Ann check", "Dan check", "board Kd", "Ann check", "Dan check")
    r = replay(
        four(
            "Cat allin",
            "Dan raise 800",
            "Ann call",
            "Bob fold",
            *streets,
            "board Ks",
            "Ann check",
            "Dan check",
            stacks=(1000, 1000, 300, 1000),
        )
    )
    assert [p.dead for p in r.deal.players] == [0, 0, 50, 0]
    again = settle(r.deal)
    assert [(p.amount, p.eligible) for p in again.pots] == [(p.amount, p.eligible) for p in r.pots]
    assert again.returned == r.returned == {}


def test_dead_money_is_part_of_what_the_player_put_in() -> None:
    r = replay(four("Cat check", "Dan raise 350", "Ann fold", "Bob fold", "Cat fold"))
    players = tuple(
        p._replace(dead=p.contributed + 1) if p.name == "Cat" else p for p in r.deal.players
    )
    with pytest.raises(DealError, match="Cat: dead money 151 is more than the 150 put in"):
        settle(r.deal._replace(players=players))


CONTRIBUTIONS = st.lists(st.integers(0, 400), min_size=2, max_size=7)


def _pots(
    contributions: dict[str, int], folded: set[str], dead: dict[str, int] | None = None
) -> object:
    try:
        return build_pots(contributions, folded, dead)
    except DealError:
        return "chips no live player can win"  # both ways, whichever layer is the first found


@settings(max_examples=300, deadline=None)
@given(CONTRIBUTIONS, st.integers(1, 50), st.data())
def test_the_same_ante_from_everyone_builds_the_pots_the_totals_build(
    bets: list[int], ante: int, data: st.DataObject
) -> None:
    # Every player antes the same: dead money changes nothing of RULES §5.1's layering of the totals,
    # nor of the uncalled bet (§5.3). (A player all in for less than the ante wins of the antes what they
    # posted, as on the totals; what others posted above it is then a pot of its own, not an uncalled
    # bet: an ante is no bet.)
    names = [f"P{i}" for i in range(len(bets))]
    contributions = {n: ante + b for n, b in zip(names, bets, strict=True)}
    folded = set(data.draw(st.lists(st.sampled_from(names), max_size=len(names) - 1)))
    dead = dict.fromkeys(names, ante)
    assert _pots(contributions, folded, dead) == _pots(contributions, folded)


@settings(max_examples=300, deadline=None)
@given(CONTRIBUTIONS, st.data())
def test_dead_money_keeps_every_chip(chips: list[int], data: st.DataObject) -> None:
    # Whatever part of each contribution is dead, the pots and the returned chips hold every chip put in,
    # and only a bet comes back.
    names = [f"P{i}" for i in range(len(chips))]
    contributions = dict(zip(names, chips, strict=True))
    dead = {n: data.draw(st.integers(0, c)) for n, c in contributions.items()}
    folded = set(data.draw(st.lists(st.sampled_from(names), max_size=len(names) - 1)))
    try:
        pots, returned = build_pots(contributions, folded, dead)
    except DealError:
        return
    assert sum(p.amount for p in pots) + sum(returned.values()) == sum(chips)
    assert all(chips <= contributions[n] - dead[n] for n, chips in returned.items())
    assert all(not set(p.eligible) & folded for p in pots)
