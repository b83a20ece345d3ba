"""Chips the house adds to a pot (KingsClub's "STP added", a "splash the pot"): in the replay's main pot,
nobody's contribution and no bet (``Hand.added``, ``Deal.added``, ``pots.build_pots``).

RULES.md states no rule for them (§5 builds the pots from the players' contributions, §13 takes the rake
from the pot): hilo puts them in the main pot, open to the players it is open to, as fpdb-3 counts them in
the total pot. They are never uncalled (§5.3 measures the bets) and never a layer of their own. Before
``added`` a replayed hand could not hold them: these tests failed (``Hand`` had no such field).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import paid
from test_dead_money import FOUR, four

from hilo_cli.betting import next_turn, replay
from hilo_cli.cards import parse_cards
from hilo_cli.checking import settle_replayed
from hilo_cli.deal import Deal, Player
from hilo_cli.equity import equity
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES
from hilo_cli.pots import Pot, build_pots
from hilo_cli.showdown import settle

CHECKED_DOWN = (
    "Cat check",
    "Dan call",
    "Ann call",
    "Bob check",
    "board 3c 5d 7h",
    *(f"{n} check" for n in FOUR),
    "board Kd",
    *(f"{n} check" for n in FOUR),
    "board Ks",
    *(f"{n} check" for n in FOUR),
)


def test_the_houses_chips_are_the_main_pots_and_are_divided_with_it() -> None:
    # 100 bet each and Cat's dead 50: 450; the house adds 60: 510. Dan's sevens full take the high 255;
    # Ann and Bob tie the low (7-5-3-2-A), 255: 128 to Ann (first left of Dan's button), 127 to Bob.
    r = replay(four(*CHECKED_DOWN)._replace(added=60))
    assert r.contributed == {"Ann": 100, "Bob": 100, "Cat": 150, "Dan": 100}
    assert r.returned == {}
    assert r.pots == (Pot(510, FOUR),)
    assert r.deal.added == 60
    assert paid(settle_replayed(r)) == {"Ann": 128, "Bob": 127, "Cat": 0, "Dan": 255}
    # The same deal settled from its contributions alone builds the same pot.
    assert paid(settle(r.deal)) == {"Ann": 128, "Bob": 127, "Cat": 0, "Dan": 255}


def test_the_houses_chips_join_the_main_pot_not_a_side_pot() -> None:
    # Cat all in for 300 (50 dead): main pot 900 (Ann, Cat, Dan) and 60 from the house; side pot 1100.
    r = replay(
        four(
            "Cat allin", "Dan raise 800", "Ann call", "Bob fold", stacks=(1000, 1000, 300, 1000)
        )._replace(added=60)
    )
    assert r.pots == (Pot(960, ("Ann", "Cat", "Dan")), Pot(1100, ("Ann", "Dan")))


def test_the_houses_chips_are_no_bet_and_never_come_back_as_uncalled() -> None:
    # Dan raises to 350 and everyone folds: 250 of it comes back; the pot is 400 and the house's 60.
    r = replay(
        four("Cat check", "Dan raise 350", "Ann fold", "Bob fold", "Cat fold")._replace(added=60)
    )
    assert r.returned == {"Dan": 250}
    assert r.pots == (Pot(460, ("Dan",)),)
    assert paid(settle_replayed(r))["Dan"] == 710


def test_pot_limit_counts_the_houses_chips_in_the_pot() -> None:
    # RULES §14.3: the largest raise is "the chips in the pot" + the round's bets + the call; the house's
    # chips are in the pot. Blinds and Cat's posts: 300 in; Dan may raise to 100 + 300 + 100 = 500, and
    # with the house's 60 to 560. (Before, the replay left them out: a raise to 560 was "pot limit".)
    posts = four("Cat check")
    with pytest.raises(DealError, match="pot limit: the most is a raise to 500"):
        replay(four("Cat check", "Dan raise 560"))
    assert replay(four("Cat check", "Dan raise 560")._replace(added=60)).contributed["Dan"] == 560
    with pytest.raises(DealError, match="pot limit: the most is a raise to 560"):
        replay(four("Cat check", "Dan raise 570")._replace(added=60))
    limits = next_turn(posts._replace(added=60)).limits
    assert (limits.pot, limits.most) == (360, 560)
    assert next_turn(posts).limits.most == 500


def test_build_pots_puts_added_chips_in_the_first_pot_only() -> None:
    pots, returned = build_pots({"Ann": 100, "Bob": 300, "Cat": 300}, set(), added=25)
    assert returned == {}
    assert pots == [Pot(325, ("Ann", "Bob", "Cat")), Pot(400, ("Bob", "Cat"))]
    # Nobody bet (a hand checked down with no blinds): the house's chips are the live players' pot.
    assert build_pots({"Ann": 0, "Bob": 0}, set(), added=25) == ([Pot(25, ("Ann", "Bob"))], {})


@pytest.mark.parametrize("added", [-1, 2.5, True])
def test_chips_the_house_added_are_a_whole_number_zero_or_more(added: object) -> None:
    with pytest.raises(DealError, match="house added"):
        replay(four(*CHECKED_DOWN)._replace(added=added))


def test_a_deal_given_by_its_one_pot_takes_no_added_chips() -> None:
    players = (
        Player("Ann", 1, parse_cards("Ac 2h Kc Qc")),
        Player("Bob", 2, parse_cards("As 2d 9c 9h")),
    )
    deal = Deal(GAMES["omaha8"], parse_cards("3c 5d 7h Kd Ks"), players, pot=100, added=10)
    with pytest.raises(DealError, match="not with a pot"):
        settle(deal)
    given = Deal(
        GAMES["omaha8"],
        parse_cards("3c 5d 7h Kd Ks"),
        tuple(p._replace(contributed=50) for p in players),
        added=-10,
    )
    with pytest.raises(DealError, match="cannot be negative"):
        settle(given)


def test_a_walk_with_the_houses_chips_gives_them_to_the_one_live_player() -> None:
    # Only Cat posts (100) and the others fold: her whole bet comes back (§5.3) and the house's 500 are
    # the one pot, hers (§7: the one live player takes every pot she is eligible for).
    pots, returned = build_pots({"Ann": 0, "Bob": 0, "Cat": 100}, {"Ann", "Bob"}, added=500)
    assert returned == {"Cat": 100}
    assert pots == [Pot(500, ("Cat",))]
    with pytest.raises(DealError, match="no live player"):
        build_pots({"Ann": 0, "Bob": 0}, {"Ann", "Bob"}, added=500)


HOLD_UP_ALL_IN = (
    (
        'Winamax Poker - HOLD-UP "Testville" - HandId: #100-10-1600010009 - Omaha Hi/Lo pot limit '
        "(0.50€/1€) - 2024/05/02 10:00:00 UTC\n"
    )
    + """\
Table: 'Testville' 6-max (real money) Seat #1 is the button
Seat 1: Alice (3€)
Seat 2: Bob (100€)
Seat 3: Cy (100€)
Hold-up to Pot: total 5€
*** ANTE/BLINDS ***
Bob posts small blind 0.50€
Cy posts big blind 1€
Dealt to Alice [As 2s Kd Qc]
*** PRE-FLOP ***
Alice raises 2€ to 3€ and is all-in
Bob folds
Cy calls 2€
*** FLOP *** [3h 4c 7d]
*** TURN *** [3h 4c 7d][Kh]
*** RIVER *** [3h 4c 7d Kh][9s]
*** SHOW DOWN ***
Alice shows [As 2s Kd Qc] (High card : 7)
Cy shows [9h 9c Jd Td] (Three of a kind : 9)
Cy collected 5.60€ from pot (HI)
Alice collected 5.60€ from pot (LO)
*** SUMMARY ***
Total pot 11.20€ | Rake 0.30€
Board: [3h 4c 7d Kh 9s]
Seat 1: Alice (button) showed [As 2s Kd Qc] and won 5.60€ with LO : High card : 7
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cy (big blind) showed [9h 9c Jd Td] and won 5.60€ with HI : Three of a kind : 9
"""
)


def test_an_all_in_pot_with_the_houses_chips_and_rake_is_computed() -> None:
    # All in preflop, raked: the pot after rake (11.20€: 6.50€ put in, 5€ the house's, less 0.30€) is
    # shared by expectation. The raked pot's run used to keep ``added`` beside its ``pot``, which a deal
    # refuses: "not computable".
    import hilo_cli

    (hand,) = hilo_cli.check_history(HOLD_UP_ALL_IN, all_in=True)
    assert hand["check"]["verdict"] == "OK"
    figures = hand["all_in"]
    assert figures["not_computable"] is None
    expected = {p["name"]: Fraction(p["expected_chips_fraction"]) for p in figures["players"]}
    assert sum(expected.values()) == 1120
    assert expected["Alice"] > expected["Cy"]  # the nut low draw and an ace against nines


@pytest.mark.parametrize("multi_board", ["each", "either"])
def test_several_boards_divide_the_houses_chips_too(multi_board: str) -> None:
    # 300 + 600 + 600 put in and 50 from the house: every runout of both boards divides 1,550.
    players = (
        Player("A", 1, parse_cards("As 2s Kd Qc"), contributed=300),
        Player("B", 2, parse_cards("9h 9c Jd Td"), contributed=600),
        Player("C", 3, parse_cards("8h 8c 6d 6h"), contributed=600),
    )
    deal = Deal(
        GAMES["omaha8"],
        parse_cards("3h 4c 7d"),
        players,
        button=3,
        added=50,
        boards=(parse_cards("3h 4c 7d Kh"), parse_cards("3h 4c 7d 2d")),
        multi_board=multi_board,
    )
    found = equity(deal)
    assert sum(p.expected_chips or 0 for p in found.players) == 1550
