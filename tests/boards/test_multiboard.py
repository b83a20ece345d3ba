"""Several boards (RULES §12) and rake (§13), settled in chips.

The real PokerStars Courchevel hand of §12.3, worked cases for each rule, and several thousand random
deals against ``reference_multiboard`` (a brute-force settler written from §12 that shares no division
code with the engine).
"""

from __future__ import annotations

import random

import pytest
import reference_multiboard as refm
from conftest import describe, paid

from hilo_cli.cards import DECK, parse_cards
from hilo_cli.deal import Deal, Player
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES
from hilo_cli.showdown import settle

RUN1, RUN2 = parse_cards("7h 5d 3s 7s Ts"), parse_cards("7h 5d 3s 2s 4h")


def courchevel(**kw) -> Deal:
    """PokerStars #97007286518 (RULES §12.3), heads-up, the button in seat 3 and the big blind in seat 4
    (handhistories/POKERSTARS.md). The site's history gives the boards and the amounts; the hole cards
    here are ones that make the hands §12.3 reports: run 1 the button's full house and the big blind's
    7-5-4-3-A, run 2 the button's seven-high straight and a 5-4-3-2-A for each."""
    players = (
        Player("BigBlind", 4, parse_cards("Ad 4c Kd Qh 9c")),
        Player("Button", 3, parse_cards("5c 5h 6c 3c Ac")),
    )
    return Deal(
        GAMES["courchevel8"],
        RUN1,
        players,
        pot=kw.pop("pot", 16300),
        button=3,
        boards=(RUN1, RUN2),
        **kw,
    )


def test_the_courchevel_hand_pays_what_the_site_paid():
    s = settle(courchevel())
    assert paid(s) == {"Button": 10187, "BigBlind": 6113}
    (pot,) = s.pots
    assert pot.division == "by board" and [r.amount for r in pot.runs] == [8150, 8150]
    run1, run2 = pot.runs
    assert (run1.high.winners, run1.high.amount, run1.low.winners, run1.low.amount) == (
        ("Button",),
        4075,
        ("BigBlind",),
        4075,
    )
    assert run1.high.hand.startswith("Full house") and run1.low.hand == "7-5-4-3-A"
    assert (run2.high.winners, run2.high.amount, run2.high.hand) == (
        ("Button",),
        4075,
        "Straight, seven high",
    )
    assert run2.low.hand == "5-4-3-2-A" and run2.low.winners == ("BigBlind", "Button")
    assert run2.shares == {"Button": 4075 + 2037, "BigBlind": 2038}
    (odd,) = pot.odd_chips
    assert (odd.to, odd.amount, odd.half) == ("BigBlind", 1, "low")
    assert "the low half on run 2" in odd.why and "clockwise from the button (seat 3)" in odd.why


def test_the_courchevel_hand_with_its_rake():
    """§13: 16350 - 50 rake = 16300, then as above."""
    s = settle(courchevel(pot=16350, rake=(50,)))
    assert paid(s) == {"Button": 10187, "BigBlind": 6113}
    assert (s.pots[0].amount, s.pots[0].rake) == (16300, 50)


@pytest.mark.parametrize(
    ("pot", "first", "second"), [(22317, 11159, 11158), (9785, 4893, 4892), (6707, 3354, 3353)]
)
def test_the_odd_unit_between_boards_goes_to_the_first(pot, first, second):
    """RULES §12.3: PokerStars #90721705235, GGPoker OM232657303, PokerStars #184487904738."""
    s = settle(courchevel(pot=pot))
    assert [r.amount for r in s.pots[0].runs] == [first, second]
    (between,) = [o for o in s.pots[0].odd_chips if o.half == "board"]
    assert (between.to, between.amount) == ("run 1", 1) and "RULES §12.2" in between.why


def test_three_runs_two_leftover_units():
    s = settle(
        Deal(
            GAMES["omaha8"],
            RUN1[:3] + parse_cards("9c Td"),
            (
                Player("A", 1, parse_cards("Ac 2c Kd Kh")),
                Player("B", 2, parse_cards("Qs Qc Jd Jh")),
            ),
            pot=11,
            button=2,
            boards=(
                RUN1[:3] + parse_cards("9c Td"),
                RUN1[:3] + parse_cards("2s Ks"),
                RUN1[:3] + parse_cards("8c 8d"),
            ),
        )
    )
    pot = s.pots[0]
    assert [r.amount for r in pot.runs] == [4, 4, 3]
    assert [o.to for o in pot.odd_chips if o.half == "board"] == ["run 1", "run 2"]
    assert sum(r.won for r in s.players) == 11


def test_a_pot_with_one_eligible_player_is_won_whole():
    """RULES §12.3 last bullet: however it is divided between runs, the totals are the same."""
    players = (
        Player("Short", 1, parse_cards("Ad 4c Kd Qh 9c"), 100),
        Player("Deep", 2, parse_cards("5c 5h 6c 3c Ac"), 301),
        Player("Gone", 3, None, 301, True),
    )
    s = settle(Deal(GAMES["courchevel8"], RUN1, players, button=2, boards=(RUN1, RUN2)))
    main, side = s.pots
    assert side.eligible == ("Deep",) and side.runs == () and side.shares == {"Deep": 402}
    assert main.amount == 300 and [r.amount for r in main.runs] == [150, 150]
    assert sum(r.won for r in s.players) == 702


def test_a_lone_live_hand_takes_everything_on_several_boards():
    players = (Player("A", 1, None, 40), Player("B", 2, None, 40, True))
    s = settle(Deal(GAMES["omaha8"], RUN1, players, boards=(RUN1, RUN2)))
    assert paid(s) == {"A": 80, "B": 0}


def test_either_board_one_division_best_over_the_boards():
    """RULES §12.4: the button's full house (run 1) is the best high, both wheels (run 2) tie for low."""
    s = settle(courchevel(multi_board="either"))
    (pot,) = s.pots
    assert (
        pot.runs == ()
        and pot.high.winners == ("Button",)
        and pot.low.winners == ("BigBlind", "Button")
    )
    assert paid(s) == {"Button": 8150 + 4075, "BigBlind": 4075}
    button = s.players[1]
    assert button.hands.high.name.startswith("Full house") and button.hands.low.name == "5-4-3-2-A"
    assert [h.high.name for h in button.board_hands] == [
        "Full house, fives full of sevens",
        "Straight, seven high",
    ]


def test_a_hand_on_one_board_never_counts_on_another():
    """Each board on its own (§12.2): the big blind's run-2 wheel does not win the run-1 low."""
    s = settle(courchevel())
    assert (
        s.pots[0].runs[0].low.winners == ("BigBlind",) and s.pots[0].runs[0].low.hand == "7-5-4-3-A"
    )


@pytest.mark.parametrize(
    ("rake", "match"),
    [
        ((60, 10, 10), "rake is given for 3 pots, but the deal makes 2"),
        ((301,), "rake 301 on the main pot is more than"),
    ],
)
def test_bad_rake(rake, match):
    players = (
        Player("A", 1, parse_cards("Ad 4c Kd Qh"), 100),
        Player("B", 2, parse_cards("5c 5h 6c 3c"), 200),
        Player("C", 3, parse_cards("9s 9d 8s 8d"), 200),
    )
    with pytest.raises(DealError, match=match):
        settle(Deal(GAMES["omaha8"], RUN1, players, rake=rake))


def test_rake_comes_off_each_pot_in_order():
    players = (
        Player("A", 1, parse_cards("Ad 4c Kd Qh"), 100),
        Player("B", 2, parse_cards("5c 5h 6c 3c"), 200),
        Player("C", 3, parse_cards("9s 9d 8s 8d"), 200),
    )
    s = settle(Deal(GAMES["omaha8"], RUN1, players, rake=(30, 10)))
    assert [(p.amount, p.rake) for p in s.pots] == [(270, 30), (190, 10)]
    assert sum(r.won for r in s.players) == 500 - 40


# --- random deals against the brute-force settler ----------------------------------------------

BOARD_GAMES = [g for g in GAMES.values() if g.board_cards]


def random_deal(rnd: random.Random) -> Deal:
    g = rnd.choice(BOARD_GAMES)
    count = rnd.choice([2, 2, 3])
    prefix = rnd.choice([0, 3, 3, 4])  # double board / all in on the flop / on the turn
    n = rnd.randint(2, min(6, (52 - 5 - (5 - prefix) * (count - 1)) // g.hole_cards))
    deck = list(DECK)
    rnd.shuffle(deck)
    first = tuple(deck[:5])
    rest = deck[5:]
    boards = [first]
    for _ in range(count - 1):
        boards.append(first[:prefix] + tuple(rest[: 5 - prefix]))
        rest = rest[5 - prefix :]
    holes = []
    for i in range(n):
        hole = None
        if (
            holes and rnd.random() < 0.4
        ):  # the first hand's ranks in another suit: ties and odd chips
            copy = tuple(DECK[(c.rank - 2) * 4 + (c.suit + i) % 4] for c in holes[0])
            if not set(copy) & (
                set(rest[:0]) | {c for b in boards for c in b} | {c for h in holes for c in h}
            ):
                hole = copy
                rest = [c for c in rest if c not in copy]
        if hole is None:
            hole, rest = tuple(rest[: g.hole_cards]), rest[g.hole_cards :]
        holes.append(hole)
    seats = rnd.sample(range(10), n)
    folded = [rnd.random() < 0.2 for _ in range(n)]
    if all(folded):
        folded[0] = False
    unit = rnd.choice([1, 1, 2, 5, 25])
    players, pot = [], None
    if rnd.random() < 0.3:
        pot = unit * rnd.randint(0, 400)
        amounts = [None] * n
    else:
        amounts = [unit * rnd.randint(0, 60) for _ in range(n)]
        deepest = max(a for a, f in zip(amounts, folded, strict=True) if not f)
        amounts = [min(a, deepest) if f else a for a, f in zip(amounts, folded, strict=True)]
    lone = folded.count(False) == 1
    for i in range(n):
        hidden = (folded[i] or lone) and rnd.random() < 0.5
        players.append(
            Player(f"P{i}", seats[i], None if hidden else holes[i], amounts[i], folded[i])
        )
    deal = Deal(
        g,
        first,
        tuple(players),
        pot=pot,
        button=rnd.choice([*seats, None]),
        chip_unit=unit,
        qualifier=rnd.choice([8, 8, 9, None]),
        odd_chip=rnd.choice([None, "suit"]),
        boards=tuple(boards),
        multi_board=rnd.choice(["each", "each", "either"]),
    )
    if rnd.random() < 0.4:  # rake on some of the pots, within each pot
        try:
            pots = [p.amount for p in settle(deal).pots]
        except DealError:
            return deal
        take = pots[: rnd.randint(1, len(pots))] if pots else []
        deal = deal._replace(rake=tuple(unit * rnd.randint(0, a // unit) for a in take))
    return deal


def _deals(count: int, seed: int):
    rnd = random.Random(seed)
    made = 0
    while made < count:
        deal = random_deal(rnd)
        try:
            s = settle(deal)
        except DealError:
            continue  # chips only folded players put in: not a deal a table could reach
        made += 1
        yield deal, s


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_random_deals_agree_with_the_brute_force_settler(seed):
    """Several thousand deals in all: 2 and 3 boards, shared prefixes and disjoint boards, side pots,
    folded players, chip units, rake, both odd-chip rules and the either-board variant."""
    for deal, s in _deals(500, seed):
        expected, pots, returned = refm.settle(deal)
        assert paid(s) == expected, describe(deal)
        assert s.returned == returned, describe(deal)
        assert len(s.pots) == len(pots), describe(deal)
        for mine, theirs in zip(s.pots, pots, strict=True):
            assert (mine.amount, mine.rake, set(mine.eligible)) == (
                theirs.amount,
                theirs.rake,
                set(theirs.eligible),
            )
            assert mine.shares == {n: c for n, c in theirs.shares.items() if c}, describe(deal)
            if not mine.runs:
                continue
            unit = deal.chip_unit
            assert [o.to for o in mine.odd_chips if o.half == "board"] == [
                mine.runs[k].name for k in theirs.board_odd
            ]
            for run, ref_run in zip(mine.runs, theirs.runs, strict=True):
                assert run.amount == ref_run.units * unit, describe(deal)
                assert run.shares == {n: u * unit for n, u in ref_run.shares.items() if u}, (
                    describe(deal)
                )
                assert set(run.high.winners) == set(ref_run.high), describe(deal)
                assert set(run.low.winners if run.low else ()) == set(ref_run.low), describe(deal)
                assert sorted((o.to, o.half) for o in run.odd_chips) == sorted(ref_run.odd), (
                    describe(deal)
                )


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 103))
def test_chips_are_conserved_and_every_leftover_unit_is_explained(seed):
    for deal, s in _deals(400, seed):
        unit = deal.chip_unit
        put_in = deal.pot if deal.pot is not None else sum(p.contributed for p in deal.players)
        assert sum(r.won for r in s.players) + sum(p.rake for p in s.pots) == put_in, describe(deal)
        for pot in s.pots:
            assert sum(pot.shares.values()) == pot.amount, describe(deal)
            assert all(o.amount == unit for o in pot.odd_chips), describe(deal)
            if pot.runs:
                assert sum(r.amount for r in pot.runs) == pot.amount, describe(deal)
                units = pot.amount // unit
                between = [o for o in pot.odd_chips if o.half == "board"]
                assert len(between) == units % len(pot.runs), describe(deal)
                assert max(r.amount for r in pot.runs) - min(r.amount for r in pot.runs) <= unit
                for run in pot.runs:
                    assert sum(run.shares.values()) == run.amount, describe(deal)
                    assert set(run.odd_chips) <= set(pot.odd_chips), describe(deal)


@pytest.mark.slow
def test_a_deal_on_identical_boards_settles_as_the_single_board():
    """Running the same five cards twice (a common prefix of five) with every amount doubled divides the
    same hands twice, each board's share being the single board's pot: twice the single board's chips."""
    rnd = random.Random(7)
    checked = 0
    for _ in range(300):
        deal = random_deal(rnd)._replace(rake=(), multi_board="each")
        double = tuple(
            p._replace(contributed=None if p.contributed is None else p.contributed * 2)
            for p in deal.players
        )
        twice = deal._replace(
            boards=(deal.board, deal.board),
            pot=None if deal.pot is None else deal.pot * 2,
            players=double,
        )
        once = deal._replace(boards=())
        try:
            a, b = settle(once), settle(twice)
        except DealError:
            continue
        assert {r.name: 2 * r.won for r in a.players} == paid(b), describe(deal)
        checked += 1
    assert checked > 200
