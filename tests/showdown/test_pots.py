"""Side pots (RULES §5), odd chips (§4.2-§4.6), the lone live hand (§7) and rejected deals.

Most Omaha cases share one board, 3c 4d 7h Kc Qs, and a cast of hands worked out by hand on it:
"""

from __future__ import annotations

import pytest
from conftest import paid

from hilo_cli.cards import DECK, parse_cards
from hilo_cli.deal import Deal, Player
from hilo_cli.errors import DealError, HiloError
from hilo_cli.games import game
from hilo_cli.pots import Pot, build_pots, clockwise_from_button, divide
from hilo_cli.showdown import settle

BOARD = "3c 4d 7h Kc Qs"
HI = "Kd Ks 9c 9h"  # trip kings, no low card
LO1 = "As 2d Jc Jd"  # pair of jacks, 7-4-3-2-A
LO2 = "Ah 2h Tc Td"  # pair of tens, 7-4-3-2-A
LO3 = "Ac 2s 9d 8s"  # ace high, 7-4-3-2-A
ST1 = "5s 6s Jh Js"  # 7-high straight, 7-6-5-4-3
ST2 = "5h 6h Th 9s"  # 7-high straight, 7-6-5-4-3
ST3 = "5c 6c 8h 8d"  # 7-high straight, 7-6-5-4-3
STLO = "5d 6d Ad 2c"  # 7-high straight, 7-4-3-2-A
EIGHT = "5s 8c Td Th"  # pair of tens, 8-7-5-4-3
NOLO = "9d 9s Th Td"  # pair of tens, no low


def seat(name, seat_no, hole, contributed=None, folded=False):
    return Player(name, seat_no, parse_cards(hole) if hole else None, contributed, folded)


def deal(*players, game_name="omaha8", board=BOARD, **kw):
    return Deal(game(game_name), parse_cards(board), tuple(players), **kw)


# --- building the pots (§5.1-§5.3) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("contributions", "folded", "pots", "returned"),
    [
        pytest.param({"A": 50, "B": 50, "C": 50}, set(), [(150, "ABC")], {}, id="equal"),
        pytest.param(
            {"A": 20, "B": 50, "C": 50}, set(), [(60, "ABC"), (60, "BC")], {}, id="one-all-in"
        ),
        pytest.param(
            {"A": 10, "B": 30, "C": 60, "D": 60},
            set(),
            [(40, "ABCD"), (60, "BCD"), (60, "CD")],
            {},
            id="three-levels",
        ),
        pytest.param({"A": 100, "B": 40}, set(), [(80, "AB")], {"A": 60}, id="uncalled-returned"),
        pytest.param(
            {"A": 30, "B": 50, "C": 120},
            set(),
            [(90, "ABC"), (40, "BC")],
            {"C": 70},
            id="uncalled-over-side-pot",
        ),
        pytest.param({"A": 30, "B": 30, "C": 5}, {"C"}, [(65, "AB")], {}, id="dead-blind-merges"),
        pytest.param(
            {"A": 20, "B": 20, "C": 20, "D": 10, "E": 10},
            {"D", "E"},
            [(80, "ABC")],
            {},
            id="two-dead-layers-merge",
        ),
        pytest.param(
            {"A": 20, "B": 60, "C": 60, "D": 40},
            {"D"},
            [(80, "ABC"), (100, "BC")],
            {},
            id="dead-money-joins-side-pot",
        ),
        pytest.param(
            {"A": 50, "B": 50, "D": 50}, {"D"}, [(150, "AB")], {}, id="folded-never-eligible"
        ),
        pytest.param(
            {"A": 0, "B": 40, "C": 40}, set(), [(80, "BC")], {}, id="nothing-in-nothing-won"
        ),
        pytest.param(
            {"A": 25, "B": 25, "C": 75, "D": 75},
            {"B"},
            [(100, "ACD"), (100, "CD")],
            {},
            id="folded-at-all-in-level",
        ),
    ],
)
def test_build_pots(contributions, folded, pots, returned):
    got, got_returned = build_pots(contributions, folded)
    want = [Pot(amount, tuple(names)) for amount, names in pots]
    assert got == want, (
        f"contributions {contributions}, folded {folded}: expected {want}, got {got}"
    )
    assert got_returned == returned
    assert sum(p.amount for p in got) + sum(got_returned.values()) == sum(contributions.values())


# --- dividing units and odd-chip order (§4.4) -------------------------------------------------


@pytest.mark.parametrize(
    ("units", "winners", "shares", "extra"),
    [
        (9, "ABC", {"A": 3, "B": 3, "C": 3}, ""),
        (10, "ABC", {"A": 4, "B": 3, "C": 3}, "A"),
        (11, "ABC", {"A": 4, "B": 4, "C": 3}, "AB"),
        (11, "CAB", {"C": 4, "A": 4, "B": 3}, "CA"),
        (5, "A", {"A": 5}, ""),
        (1, "AB", {"A": 1, "B": 0}, "A"),
    ],
)
def test_divide(units, winners, shares, extra):
    got, got_extra = divide(units, list(winners))
    assert got == shares, f"divide({units}, {winners}): expected {shares}, got {got}"
    assert list(got_extra) == list(extra)


@pytest.mark.parametrize(
    ("button", "order"),
    [(3, "CDAB"), (8, "ABCD"), (0, "ABCD"), (4, "CDAB"), (9, "ABCD"), (1, "BCDA"), (5, "DABC")],
)
def test_clockwise_from_button(button, order):
    seats = {"A": 1, "B": 3, "C": 5, "D": 8}
    assert "".join(clockwise_from_button(seats, button)) == order


# --- odd chips in a settled pot (§4.3-§4.5) ---------------------------------------------------


@pytest.mark.parametrize(
    ("pot", "unit", "high", "low"),
    [(25, 1, 13, 12), (26, 1, 13, 13), (75, 5, 40, 35), (250, 25, 125, 125), (275, 25, 150, 125)],
)
def test_odd_chip_between_halves_goes_high(pot, unit, high, low):
    """§4.3: high gets ceil(U/2) units, low floor(U/2), in units of chip_unit (§4.2)."""
    s = settle(deal(seat("Hi", 1, HI), seat("Lo", 2, LO1), pot=pot, chip_unit=unit))
    assert paid(s) == {"Hi": high, "Lo": low}


@pytest.mark.parametrize(
    ("seats", "button", "expected"),
    [
        ((1, 2, 3), 3, {"Hi": 52, "Lo1": 26, "Lo2": 25}),
        ((1, 2, 3), 2, {"Hi": 52, "Lo1": 25, "Lo2": 26}),  # Lo1 on the button comes last
        ((1, 2, 3), 1, {"Hi": 52, "Lo1": 26, "Lo2": 25}),
        ((1, 2, 3), 5, {"Hi": 52, "Lo1": 26, "Lo2": 25}),  # button on an empty seat
        ((4, 7, 2), 5, {"Hi": 52, "Lo1": 26, "Lo2": 25}),  # seat 7 is left of the button
        ((4, 7, 2), 7, {"Hi": 52, "Lo1": 25, "Lo2": 26}),  # wrap-around: seat 2 is next after 7
        ((4, 7, 2), 1, {"Hi": 52, "Lo1": 25, "Lo2": 26}),
    ],
)
def test_quartered_low_odd_chip_clockwise(seats, button, expected):
    """§4.1 quartering and §4.4: 103 = 52 high + 51 low; the low's odd unit goes clockwise from the button."""
    s = settle(
        deal(
            seat("Hi", seats[0], HI),
            seat("Lo1", seats[1], LO1),
            seat("Lo2", seats[2], LO2),
            pot=103,
            button=button,
        )
    )
    assert paid(s) == expected, f"seats {seats} button {button}"


@pytest.mark.parametrize(
    ("button", "expected"), [(2, (16, 17, 17)), (4, (17, 17, 16)), (3, (17, 16, 17))]
)
def test_two_leftover_units_go_one_each(button, expected):
    """§4.4 / §9 V3: 50 low units among three: 16 each and two leftovers, one each, clockwise."""
    s = settle(
        deal(
            seat("Hi", 1, HI),
            seat("Lo1", 2, LO1),
            seat("Lo2", 3, LO2),
            seat("Lo3", 4, LO3),
            pot=100,
            button=button,
        )
    )
    assert paid(s) == {"Hi": 50, "Lo1": expected[0], "Lo2": expected[1], "Lo3": expected[2]}
    (pot,) = s.pots
    assert sorted(c.to for c in pot.odd_chips if c.half == "low") == sorted(
        n for n, u in zip(("Lo1", "Lo2", "Lo3"), expected, strict=True) if u == 17
    )


@pytest.mark.parametrize(
    ("pot", "button", "expected"),
    [(66, 2, (33, 33)), (67, 2, (34, 33)), (67, 1, (33, 34)), (2, 2, (1, 1)), (3, 1, (1, 2))],
)
def test_same_players_win_both_ways_one_division(pot, button, expected):
    """§4.5: two 7-high straights with 7-6-5-4-3 lows: 66 -> 33/33 (not 34/32), 67 -> 34/33."""
    s = settle(deal(seat("S1", 1, ST1), seat("S2", 2, ST2), pot=pot, button=button))
    assert paid(s) == {"S1": expected[0], "S2": expected[1]}


def test_three_players_win_both_ways():
    """§4.5: 100 among three in one division is 34/33/33; halving first would give 34/34/32."""
    s = settle(deal(seat("S1", 1, ST1), seat("S2", 2, ST2), seat("S3", 3, ST3), pot=100, button=3))
    assert paid(s) == {"S1": 34, "S2": 33, "S3": 33}


@pytest.mark.parametrize(
    ("pot", "button", "expected"), [(100, 2, (75, 25)), (102, 2, (77, 25)), (102, 1, (76, 26))]
)
def test_tie_for_high_and_win_low_alone(pot, button, expected):
    """§4.1.3: a player who ties high and wins low alone takes three quarters."""
    s = settle(deal(seat("Both", 1, STLO), seat("High", 2, ST2), pot=pot, button=button))
    assert paid(s) == {"Both": expected[0], "High": expected[1]}


def test_split_high_with_odd_chip_and_single_low():
    s = settle(deal(seat("S1", 1, ST1), seat("S2", 2, ST2), seat("Lo", 3, LO1), pot=101, button=3))
    assert paid(s) == {"S1": 26, "S2": 25, "Lo": 50}


@pytest.mark.parametrize(
    ("pot", "unit", "expected"), [(250, 25, (125, 75, 50)), (115, 5, (60, 30, 25))]
)
def test_chip_unit_in_tied_half(pot, unit, expected):
    s = settle(
        deal(
            seat("Hi", 1, HI),
            seat("Lo1", 2, LO1),
            seat("Lo2", 3, LO2),
            pot=pot,
            chip_unit=unit,
            button=3,
        )
    )
    assert paid(s) == dict(zip(("Hi", "Lo1", "Lo2"), expected, strict=True))


def test_no_qualifying_low_high_takes_all():
    """§3.5 / §4.1.2."""
    s = settle(deal(seat("Hi", 1, HI), seat("NoLo", 2, NOLO), pot=101))
    assert paid(s) == {"Hi": 101, "NoLo": 0}
    assert s.pots[0].low is None


# --- stud: odd chips by suit (§4.6) -----------------------------------------------------------

STUD_TIED_HIGH = {"Alice": "Th 9c 8d 7c 6h Kc Kd", "Bob": "Ts 9h 8s 7d 6d Qc Qh"}
STUD_TIED_LOW = {
    "Alice": "Ad 2c 3h 4s 6s Kh Kc",
    "Bob": "As 2d 3c 4h 6c Qs Qd",
    "Carol": "9s 9h 9d Jc Js Tc 8h",
}
STUD_WHEELS = {"Alice": "Ah 2h 3d 4c 5s Kc Qd", "Bob": "As 2c 3h 4d 5d Ks Jd"}


def stud(hands, order, **kw):
    players = [seat(n, i + 1, hands[n]) for i, n in enumerate(sorted(hands))]
    return settle(deal(*(players[i] for i in order), game_name="stud8", board="", **kw))


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
@pytest.mark.parametrize("button", [1, 2, None])
def test_stud_tied_high_odd_chip_to_highest_card_by_suit(order, button):
    """T-high straights tie; Bob's Ts beats Alice's Th (RULES §4.6: spades > hearts), not position."""
    s = stud(STUD_TIED_HIGH, order, pot=101, button=button)
    assert paid(s) == {"Alice": 50, "Bob": 51}


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_stud_odd_chip_reads_the_best_displayed_five(order):
    """Alice makes her K-high straight with the Ks or the Kd; the five she shows for it hold the Ks, which
    beats Bob's Kh (§4.6, WSOP-T24 73: "in the best 5-card hand displayed"). Reading the Kd would give
    Bob the chip."""
    hands = {"Alice": "Ks Kd Qd Jc Th 9c 2h", "Bob": "Kh Qh Js Td 9s 3c 4d"}
    assert paid(stud(hands, order, pot=101)) == {"Alice": 51, "Bob": 50}


def test_stud_low_odd_chip_reads_the_best_displayed_five():
    """Alice's 6-4-3-2-A can use the As or the Ad; shown with the As it beats Bob's Ah for the low odd chip."""
    hands = {
        "Alice": "As Ad 2c 3h 4s 6s Kc",
        "Bob": "Ah 2d 3c 4h 6c Qs Qd",
        "Carol": "9s 9h 9d Jc Js Tc 8h",
    }
    assert paid(stud(hands, (0, 1, 2), pot=103)) == {"Alice": 26, "Bob": 25, "Carol": 52}


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 1, 0)])
@pytest.mark.parametrize(
    ("pot", "unit", "expected"), [(103, 1, (25, 26, 52)), (515, 5, (125, 130, 260))]
)
def test_stud_tied_low_ace_counts_high_for_the_odd_chip(order, pot, unit, expected):
    """Both lows are 6-4-3-2-A. The odd chip goes by the highest card by rank, ace high (§4.6): As beats Ad.
    Alice's 6s outranks Bob's 6c, so reading the ace as low would wrongly give Alice the chip."""
    s = stud(STUD_TIED_LOW, order, pot=pot, chip_unit=unit)
    assert paid(s) == dict(zip(("Alice", "Bob", "Carol"), expected, strict=True))


@pytest.mark.parametrize(("pot", "expected"), [(66, (33, 33)), (67, (33, 34))])
def test_stud_same_winners_both_ways(pot, expected):
    """§4.5 with the stud order: two wheels both ways; the As beats the Ah for the one odd chip."""
    s = stud(STUD_WHEELS, (0, 1), pot=pot)
    assert paid(s) == {"Alice": expected[0], "Bob": expected[1]}


# --- side pots settled (§5.4) -----------------------------------------------------------------


def test_each_pot_has_its_own_low():
    s = settle(deal(seat("Alice", 1, LO1, 20), seat("Bob", 2, HI, 50), seat("Carol", 3, EIGHT, 50)))
    main, side = s.pots
    assert (main.amount, set(main.eligible), side.amount, set(side.eligible)) == (
        60,
        {"Alice", "Bob", "Carol"},
        60,
        {"Bob", "Carol"},
    )
    assert main.low.winners == ("Alice",) and side.low.winners == ("Carol",)
    assert main.shares == {"Bob": 30, "Alice": 30} and side.shares == {"Bob": 30, "Carol": 30}
    assert paid(s) == {"Alice": 30, "Bob": 60, "Carol": 30}


def test_side_pot_without_a_low_goes_to_high():
    s = settle(deal(seat("Alice", 1, LO1, 20), seat("Bob", 2, HI, 50), seat("Carol", 3, NOLO, 50)))
    main, side = s.pots
    assert main.low is not None and side.low is None
    assert paid(s) == {"Alice": 30, "Bob": 90, "Carol": 0}


def test_short_stack_scoops_main_pot_only():
    s = settle(
        deal(seat("Alice", 1, STLO, 20), seat("Bob", 2, HI, 50), seat("Carol", 3, EIGHT, 50))
    )
    assert [p.high.winners for p in s.pots] == [("Alice",), ("Bob",)]
    assert paid(s) == {"Alice": 60, "Bob": 30, "Carol": 30}


def test_uncalled_chips_are_returned_not_won():
    s = settle(deal(seat("Alice", 1, HI, 100), seat("Bob", 2, LO1, 40)))
    assert [(p.amount, set(p.eligible)) for p in s.pots] == [(80, {"Alice", "Bob"})]
    assert s.returned == {"Alice": 60}
    assert paid(s) == {"Alice": 100, "Bob": 40}
    assert {p.name: p.returned for p in s.players} == {"Alice": 60, "Bob": 0}


def test_dead_money_layers_merge_before_dividing():
    """§5.6: layers 50 and 30 open to the same three players form one pot of 80: low 40 -> 20/20.
    Dividing the layers apart would give 13 + 8 = 21 and 12 + 7 = 19."""
    s = settle(
        deal(
            seat("Lo1", 1, LO1, 20),
            seat("Lo2", 2, LO2, 20),
            seat("Hi", 3, HI, 20),
            seat("Dee", 4, None, 10, True),
            seat("Eve", 5, None, 10, True),
            button=5,
        )
    )
    assert [(p.amount, set(p.eligible)) for p in s.pots] == [(80, {"Lo1", "Lo2", "Hi"})]
    assert paid(s) == {"Lo1": 20, "Lo2": 20, "Hi": 40, "Dee": 0, "Eve": 0}


def test_folded_nuts_win_nothing():
    s = settle(
        deal(seat("Alice", 1, LO1, 30), seat("Carol", 2, HI, 30), seat("Dave", 3, STLO, 30, True))
    )
    assert all("Dave" not in p.eligible for p in s.pots)
    assert paid(s) == {"Alice": 45, "Carol": 45, "Dave": 0}


# --- one live player (§7) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "kw", "expected"),
    [
        ([seat("A", 1, None), seat("B", 2, None, folded=True)], {"pot": 100}, {"A": 100, "B": 0}),
        (
            [seat("A", 1, LO1, 30), seat("B", 2, None, 30, True), seat("C", 3, HI, 10, True)],
            {},
            {"A": 70, "B": 0, "C": 0},
        ),
        (
            [seat("A", 1, None, 20), seat("B", 2, None, 20, True), seat("C", 3, None, 20, True)],
            {"chip_unit": 5},
            {"A": 60, "B": 0, "C": 0},
        ),
    ],
)
def test_single_live_player_takes_every_pot(players, kw, expected):
    assert paid(settle(deal(*players, **kw))) == expected


# --- rejected deals ---------------------------------------------------------------------------


def too_many(game_name, n):
    """``n`` players of ``game_name``, one more than a deck can deal: the last hand repeats the first."""
    g = game(game_name)
    start = g.board_cards
    holes = [
        tuple(DECK[start + g.hole_cards * i : start + g.hole_cards * (i + 1)]) for i in range(n - 1)
    ]
    players = [Player(f"P{i}", i, hole) for i, hole in enumerate([*holes, holes[0]])]
    return Deal(g, tuple(DECK[:start]), tuple(players), pot=10)


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (
            lambda: deal(seat("A", 1, HI), seat("B", 2, LO1), pot=101, chip_unit=5),
            "101.*chip unit 5",
        ),
        (
            lambda: deal(seat("A", 1, HI, 33), seat("B", 2, LO1, 35), chip_unit=5),
            "A.*33.*chip unit 5",
        ),
        (lambda: deal(seat("A", 1, HI), seat("B", 2, LO1), pot=-10), "negative"),
        (lambda: deal(seat("A", 1, HI, -5), seat("B", 2, LO1, 5)), "negative"),
        (lambda: deal(seat("A", 1, HI, 10), seat("B", 2, LO1, 10), pot=20), "not both"),
        (lambda: deal(seat("A", 1, HI), seat("B", 2, LO1)), "no money"),
        (lambda: deal(seat("A", 1, HI, 10), seat("B", 2, LO1)), "what B put in is not given"),
        (lambda: deal(seat("A", 1, "Kd Ks 9c 3c"), seat("B", 2, LO1), pot=10), "3c.*A.*board"),
        (lambda: deal(seat("A", 1, HI), seat("B", 2, "Kd 2d 3d 4d"), pot=10), "Kd.*B.*A|Kd.*A.*B"),
        (
            lambda: deal(seat("A", 1, HI), seat("B", 2, LO1), board="3c 3c 7h Kc Qs", pot=10),
            "3c.*board twice",
        ),
        (lambda: deal(seat("A", 1, "Kd Ks 9c"), seat("B", 2, LO1), pot=10), "A.*3 hole cards"),
        (lambda: deal(seat("A", 1, HI), seat("B", 2, LO1 + " 5h"), pot=10), "B.*5 hole cards"),
        (lambda: deal(seat("A", 1, HI), seat("B", 2, LO1), board="3c 4d 7h Kc", pot=10), "4 cards"),
        (
            lambda: deal(
                seat("A", 1, HI + " 2c 2h 2s"),
                seat("B", 2, LO1 + " 3d 3h 3s"),
                game_name="stud8",
                pot=10,
            ),
            "no board",
        ),
        (lambda: too_many("omaha8", 12), "52"),
        (lambda: too_many("stud8", 8), "52"),
        (lambda: too_many("omaha8-6", 8), "52"),
        (lambda: deal(seat("A", 1, HI), seat("A", 2, LO1), pot=10), "two players are named 'A'"),
        (lambda: deal(seat("A", 1, HI), seat("B", 1, LO1), pot=10), "A and B.*seat 1"),
        (lambda: deal(seat("A", 1, HI, 10, True), seat("B", 2, LO1, 10, True)), "folded"),
        (lambda: deal(seat("A", 1, HI), seat("B", 2, None), pot=10), "B.*no hole cards"),
        (lambda: game("holdem"), "unknown game 'holdem'"),
        (lambda: deal(seat("A", 1, HI, 10.5), seat("B", 2, LO1, 10)), "whole numbers"),
        (lambda: deal(seat("A", 1, HI), seat("B", 2, LO1), pot=10, chip_unit=0), "chip unit"),
        (lambda: deal(seat("A", 1, HI), seat("B", 2, LO1), pot=10, qualifier=7), "qualifier 7"),
    ],
    ids=[
        "pot-not-multiple",
        "contribution-not-multiple",
        "negative-pot",
        "negative-contribution",
        "pot-and-contributed",
        "neither",
        "some-missing",
        "card-in-hole-and-board",
        "card-in-two-holes",
        "board-duplicate",
        "short-hole",
        "long-hole",
        "board-of-4",
        "stud-with-board",
        "too-many-omaha",
        "too-many-stud",
        "too-many-omaha-6",
        "duplicate-name",
        "duplicate-seat",
        "everyone-folded",
        "live-hand-hidden",
        "unknown-game",
        "fractional-chips",
        "zero-chip-unit",
        "qualifier-7",
    ],
)
def test_rejected(make, match):
    with pytest.raises(DealError, match=match) as raised:
        settle(make())
    assert isinstance(raised.value, HiloError) and raised.value.exit_status == 2


@pytest.mark.parametrize(
    ("game_name", "most"), [("omaha8", 11), ("omaha8-5", 9), ("omaha8-6", 7), ("stud8", 7)]
)
def test_deck_limit_is_exact(game_name, most):
    g = game(game_name)
    first = g.board_cards
    players = [
        Player(f"P{i}", i, tuple(DECK[first + g.hole_cards * i : first + g.hole_cards * (i + 1)]))
        for i in range(most)
    ]
    s = settle(Deal(g, tuple(DECK[: g.board_cards]), tuple(players), pot=len(players)))
    assert sum(p.won for p in s.players) == most


def test_paid_out_amounts_are_checked():
    """A deal may carry what the dealer paid; the settlement says who got a different amount."""
    right = settle(
        deal(seat("Hi", 1, HI), seat("Lo", 2, LO1), pot=25, expected={"Hi": 13, "Lo": 12})
    )
    assert right.check.ok
    wrong = settle(
        deal(seat("Hi", 1, HI), seat("Lo", 2, LO1), pot=25, expected={"Hi": 12, "Lo": 13})
    )
    assert wrong.check.differences == {"Hi": (12, 13), "Lo": (13, 12)}


def test_settling_the_same_deal_twice_gives_equal_settlements() -> None:
    d = deal(seat("A", 1, LO1, 100), seat("B", 2, HI, 100), seat("C", 3, NOLO, 40, folded=True))
    first, second = settle(d), settle(d, cards=True)
    assert first == second and hash(first.players) == hash(second.players)
    assert first.players[0].hands == second.players[0].hands and first.players[2].hands is None
    assert "won=" in repr(first.players[0])


# --- issue 8 item 8: only the cards a deal shows count; a lone unseen hand needs no board ---------


def test_eight_handed_stud_with_folded_players_who_gave_no_cards():
    """Eight stud players would need 56 cards, but the folded ones showed none: 3 x 7 shown cards fit."""
    hands = ["As 2s 3s 4s 5s Kd Kc", "Ah 2h 3h 4h 6h Qd Qc", "Ad 2d 3d 5d 6d Jd Jc"]
    players = [seat(f"P{i}", i, hands[i], 20) for i in range(3)]
    players += [seat(f"F{i}", i, None, 10, folded=True) for i in range(3, 8)]
    s = settle(deal(*players, game_name="stud8", board=""))
    assert sum(paid(s).values()) == 3 * 20 + 5 * 10
    assert paid(s)["P0"] > 0 and all(paid(s)[f"F{i}"] == 0 for i in range(3, 8))


def test_shown_cards_beyond_the_deck_are_refused_naming_the_count():
    with pytest.raises(DealError, match="8 players show 56 cards; a deck has 52"):
        settle(too_many("stud8", 8))


@pytest.mark.parametrize("game_name", ["omaha8", "courchevel8", "omaha"])
def test_a_lone_unseen_hand_needs_no_board(game_name):
    """RULES §7: the only live hand takes the pot without a showdown, so no board need be given."""
    s = settle(
        deal(
            seat("A", 1, None, 50),
            seat("B", 2, None, 50, folded=True),
            game_name=game_name,
            board="",
        )
    )
    assert paid(s) == {"A": 100, "B": 0}


def test_an_empty_board_is_still_refused_when_hands_are_shown():
    with pytest.raises(DealError, match="0 cards"):
        settle(deal(seat("A", 1, HI), seat("B", 2, LO1), board="", pot=10))


def test_a_lone_live_hand_needs_no_full_board_even_when_shown():
    # Everyone else folded before the river (or before the flop): no showdown, so the board as dealt
    # so far is enough, whether or not the winner shows (RULES §7).
    for board in ("", "Ac 3d 6h"):
        s = settle(deal(seat("A", 1, HI, 10), seat("B", 2, None, 10, folded=True), board=board))
        assert [p.won for p in s.players] == [20, 0]


# --- issue 8 item 14: the hi/lo odd chip is counted in chip units, not chips ---------------------


def test_hi_lo_odd_chip_in_units_of_ten():
    """Pot 1210 with chip unit 10 is 121 units: high 610, low 600, and the odd chip of 10 is recorded
    (RULES §4.2, §4.3); a check of the pot's chips (1210, even) instead of its units would lose it."""
    from hilo_cli.formats.json_out import settlement_dict
    from hilo_cli.formats.text_out import settlement_text

    s = settle(deal(seat("Hi", 1, HI), seat("Lo", 2, LO1), pot=1210, chip_unit=10))
    assert paid(s) == {"Hi": 610, "Lo": 600}
    (odd,) = s.pots[0].odd_chips
    assert (odd.to, odd.amount, odd.half) == ("Hi", 10, "high")
    assert "odd chip 10 to Hi: 121 units of the pot do not halve evenly" in settlement_text(s)
    assert settlement_dict(s)["pots"][0]["odd_chips"] == [
        {"to": "Hi", "amount": 10, "half": "high", "why": odd.why}
    ]
