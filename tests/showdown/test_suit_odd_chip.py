"""The suit odd-chip rule does not depend on the order in which cards are written (issue 8 item 4).

RULES §4.6 "Which five cards, and when they are equal": among equal selections a player shows the one
whose cards, compared from the highest down by rank then suit, are greatest; tied players are ordered
by those cards (the second card decides when the first is the same board card, and so on); identical
cards fall back to clockwise from the button (§4.4); when the same players win both halves (§4.5) their
high hands decide. The odd chip's reason names the card that decided.
"""

from __future__ import annotations

import json
from itertools import permutations

import pytest
from conftest import deals, describe, paid, run, won
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hilo_cli.cards import DECK, parse_cards
from hilo_cli.deal import Deal, Player
from hilo_cli.evaluate import evaluate
from hilo_cli.games import GAMES
from hilo_cli.showdown import settle

FAY_HAL = ("7s 4c 8c 8s 4d", [("Fay", "3c 2c 3s 7h"), ("Hal", "3d 2d 3h Th")])
GUS_ANN = ("5c As 3h 4h Ks", [("Gus", "3c 4c 2d 5s"), ("Ann", "3s 4s 2s 8d")])


def deal_of(
    board: str,
    players: list[tuple[str, str]],
    order: tuple[int, ...] = (),
    board_order=None,
    hole_orders=None,
    button: int = 2,
) -> Deal:
    """The record of issue 8 item 4 with its cards and players written in the given orders (seats kept)."""
    cards = parse_cards(board)
    if board_order is not None:
        cards = tuple(cards[i] for i in board_order)
    seated = []
    for seat, (name, hole) in enumerate(players, start=1):
        held = parse_cards(hole)
        if hole_orders is not None:
            held = tuple(held[i] for i in hole_orders[seat - 1])
        seated.append(Player(name, seat, held))
    if order:
        seated = [seated[i] for i in order]
    return Deal(GAMES["omaha8"], cards, tuple(seated), pot=3, button=button, odd_chip="suit")


@pytest.mark.parametrize("hole_order", list(permutations(range(4))))
def test_fay_gets_the_low_odd_chip_however_her_cards_are_written(hole_order):
    """Both lows are 8-7-4-3-2 with the shared 8s 7s 4d on top; Fay's 3s beats Hal's 3h."""
    board, players = FAY_HAL
    for holes in (
        (hole_order, (0, 1, 2, 3)),
        ((0, 1, 2, 3), hole_order),
        (hole_order, hole_order[::-1]),
    ):
        for order in ((0, 1), (1, 0)):
            deal = deal_of(board, players, order, board_order=(*hole_order, 4), hole_orders=holes)
            assert paid(settle(deal)) == {"Fay": 3, "Hal": 0}, (holes, order)


@pytest.mark.parametrize("hole_order", list(permutations(range(4))))
def test_gus_gets_the_odd_chip_of_two_wheels_both_ways_however_written(hole_order):
    """Both make the wheel high and low (§4.5: one division, the high hands decide); Gus shows As 5s,
    Ann As 5c."""
    board, players = GUS_ANN
    for holes in ((hole_order, (0, 1, 2, 3)), ((0, 1, 2, 3), hole_order)):
        for order in ((0, 1), (1, 0)):
            deal = deal_of(board, players, order, board_order=(4, *hole_order), hole_orders=holes)
            assert paid(settle(deal)) == {"Gus": 2, "Ann": 1}, (holes, order)


def test_the_reason_names_the_card_that_decided():
    (fay,) = [o for pot in settle(deal_of(*FAY_HAL)).pots for o in pot.odd_chips if o.half == "low"]
    assert fay.to == "Fay"
    assert fay.why.endswith("Fay's 3s beats Hal's 3h after the shared 8s 7s 4d")
    (gus,) = settle(deal_of(*GUS_ANN)).pots[0].odd_chips
    assert gus.to == "Gus" and gus.half == "whole"
    assert gus.why.endswith("Gus's 5s beats Ann's 5c after the shared As")


def test_a_player_shows_the_greatest_of_equal_selections():
    """Fay's 8-7-4-3-2 can be made with 3c or 3s, 8c or 8s, 4c or 4d: she shows 8s 7s 4d 3s 2c."""
    board, players = FAY_HAL
    for hole_order in permutations(range(4)):
        hole = parse_cards(players[0][1])
        hole = tuple(hole[i] for i in hole_order)
        for board_order in permutations(range(5)):
            cards = parse_cards(board)
            hands = evaluate(
                GAMES["omaha8"], hole, tuple(cards[i] for i in board_order), 8, by_suit=True
            )
            assert hands.low is not None
            assert sorted(map(str, hands.low.cards)) == sorted(["8s", "7s", "4d", "3s", "2c"])


def test_stud_tied_players_are_ordered_by_their_second_card_when_the_first_ranks_equal():
    """Stud: both straights nine high; Bob's 9s beats Alice's 9h whatever the order of their cards."""
    alice, bob = parse_cards("9h 8d 7c 6s 5h Kd Qc"), parse_cards("9s 8c 7d 6h 5d Ks Jh")
    for order in ((alice, bob), (alice[::-1], bob[::-1])):
        players = (Player("Alice", 1, order[0]), Player("Bob", 2, order[1]))
        s = settle(Deal(GAMES["stud8"], (), players, pot=101, button=2))
        assert paid(s) == {"Alice": 50, "Bob": 51}
        assert s.pots[0].odd_chips[0].why.endswith("Bob's 9s beats Alice's 9h")


def test_identical_cards_fall_back_to_clockwise_from_the_button():
    """Identical shown cards cannot come out of ``settle`` (an Omaha hand always has two hole cards of its
    own, stud has no shared cards), so the §4.4 fallback of the order is checked on its own: every
    player here is made to show the same cards."""
    from hilo_cli.showdown import _OddChipOrder

    deal = Deal(
        GAMES["omaha8"],
        parse_cards("2c 3c 4c 5c 6c"),
        (
            Player("A", 1, parse_cards("Ah Ad Kh Kd")),
            Player("B", 5, parse_cards("As Ac Ks Kc")),
            Player("C", 8, parse_cards("Qh Qd Jh Jd")),
        ),
        pot=3,
        button=5,
        odd_chip="suit",
    )

    class Same:
        def hands(self, i):
            return evaluate(
                GAMES["omaha8"], parse_cards("Ah Ad Kh Kd"), deal.board, 8, by_suit=True
            )

    order = _OddChipOrder(deal, {"A": 0, "B": 1, "C": 2}, Same())  # type: ignore[arg-type]
    # Every player "shows" the same cards, so clockwise from the button (seat 5): C (8), A (1), B (5).
    assert order(["A", "B", "C"], "high") == ["C", "A", "B"]
    assert "show the same five cards" in order.why(["C", "A", "B"], 1, "C", "high")
    assert "clockwise from the button (seat 5)" in order.why(["C", "A", "B"], 1, "C", "high")


def rewritten(deal: Deal, rnd) -> Deal:
    """The same deal with hole cards, board cards and the listing of players shuffled; seats and the
    button are kept."""
    board = list(deal.board)
    rnd.shuffle(board)
    players = []
    for p in deal.players:
        hole = None
        if p.hole is not None:
            hole = list(p.hole)
            rnd.shuffle(hole)
            hole = tuple(hole)
        players.append(p._replace(hole=hole))
    rnd.shuffle(players)
    return deal._replace(board=tuple(board), players=tuple(players))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    deals(explicit_button=True),
    st.sampled_from(["button", "suit"]),
    st.randoms(use_true_random=False),
)
def test_the_same_cards_settle_the_same_however_written(deal, rule, rnd):
    """Every game, both odd-chip rules: only seats, the button and the cards themselves decide."""
    deal = deal._replace(odd_chip=rule)
    a = settle(deal)
    for _ in range(3):
        b = settle(rewritten(deal, rnd))
        assert paid(a) == paid(b), describe(deal)
        assert sorted((o.to, o.amount, o.half) for p in a.pots for o in p.odd_chips) == sorted(
            (o.to, o.amount, o.half) for p in b.pots for o in p.odd_chips
        ), describe(deal)


LOW_CARDS = [c for c in DECK if c.rank <= 8 or c.rank == 14]


@st.composite
def low_ties(draw):
    """Omaha hi/lo deals built like issue 8's: a second player holding the first one's ranks in other
    suits, a paired hand and ace-to-eight cards, so that tied lows sharing their top board cards, and
    equal selections a search could pick by the order of writing, come up often."""
    g = GAMES["omaha8"]
    cards = draw(st.permutations(LOW_CARDS))
    first = (cards[0], DECK[(cards[0].rank - 2) * 4 + (cards[0].suit + 1) % 4], *cards[1:3])
    second = tuple(DECK[(c.rank - 2) * 4 + (c.suit + 2) % 4] for c in first)
    used = set(first) | set(second)
    board = tuple([c for c in cards[3:] if c not in used][:5])
    if len(used) < 8:
        board = ()
    players = (Player("P0", 1, first), Player("P1", 2, second))
    return Deal(
        g,
        board,
        players,
        pot=draw(st.integers(1, 41)),
        button=draw(st.integers(1, 2)),
        odd_chip="suit",
    )


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(low_ties(), st.randoms(use_true_random=False))
def test_tied_low_cards_settle_the_same_however_written(deal, rnd):
    assume(deal.board)  # otherwise the mirrored hands met each other's cards: not a deal
    a = settle(deal)
    for _ in range(4):
        b = settle(rewritten(deal, rnd))
        assert paid(a) == paid(b), describe(deal)


# --- written for mutants of benchmarks/mutants.py that the other tests let through (issue 8) ---------------


# M03: the same players win high and low, but the suit rule orders them differently in the two halves.
# A and B both make a six-high straight and 6-4-3-2-A. For high A's 5h beats B's 5d after the shared 6d;
# for low B's As beats A's Ac. One division of 67 (RULES §4.5), whose odd chip the high hands decide
# (§4.6): A 34, B 33. Halving first gives high 34 as 17 + 17 and low 33 with its odd chip to B: A 33, B 34.
SAME_BOTH_WAYS = [
    "showdown",
    "--odd-chip",
    "suit",
    "--board",
    "3d Qc 6d 4h Ks",
    "A=2d Kc 5h Ac",
    "B=2h Kd 5d As",
    "--pot",
    "67",
]


def test_m03_same_winners_in_another_order_share_one_division() -> None:
    result = run([*SAME_BOTH_WAYS, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert won(result) == {"A": 34, "B": 33}
    pot = json.loads(result.stdout)["pots"][0]
    assert pot["division"] == "same winners"
    assert [(o["to"], o["half"]) for o in pot["odd_chips"]] == [("A", "whole")]
    text = run(SAME_BOTH_WAYS).stdout
    assert (
        "high and low both to A and B" in text and "A's 5h beats B's 5d after the shared 6d" in text
    )


def test_m03_the_halves_really_order_them_differently() -> None:
    # What makes the case: the low half alone would give its odd chip to B.
    result = run([*SAME_BOTH_WAYS, "--format", "json"])
    hands = {
        p["name"]: (p["high"]["cards"], p["low"]["cards"])
        for p in json.loads(result.stdout)["players"]
    }
    assert "5h" in hands["A"][0] and "5d" in hands["B"][0]
    assert "Ac" in hands["A"][1] and "As" in hands["B"][1]
