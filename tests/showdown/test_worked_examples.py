"""The four worked examples of the project brief, settled end to end with ``settle()``."""

from __future__ import annotations

from hilo_cli.cards import parse_cards
from hilo_cli.deal import Deal, Player
from hilo_cli.evaluate import evaluate
from hilo_cli.games import game
from hilo_cli.showdown import settle


def omaha8(board, pot, *players):
    seated = tuple(
        Player(name, seat, parse_cards(hole)) for seat, (name, hole) in enumerate(players, start=1)
    )
    return settle(Deal(game("omaha8"), parse_cards(board), seated, pot=pot))


def result(settlement, name):
    return next(p for p in settlement.players if p.name == name)


def text(cards):
    return " ".join(str(c) for c in cards)


def test_a_quads_take_high_better_low_takes_low():
    s = omaha8("Ac 3d 6h Ks Kd", 1200, ("A", "2c 4d Qc Jd"), ("B", "Kh Kc 5c 7d"))
    a, b = result(s, "A"), result(s, "B")
    assert b.hands.high.category == "Four of a kind"
    assert text(b.hands.high.cards) == "Ks Kh Kd Kc Ac"
    assert a.hands.low.name == "6-4-3-2-A"
    assert b.hands.low.name == "7-6-5-3-A"
    assert (a.won, b.won) == (600, 600)
    (pot,) = s.pots
    assert pot.high.winners == ("B",) and pot.low.winners == ("A",)


def test_b_tied_low_is_quartered():
    s = omaha8("Ac 3d 6h Ks Kd", 1200, ("A", "2c 4d Qc Jd"), ("B", "Kh Kc 2h 4s"))
    a, b = result(s, "A"), result(s, "B")
    assert b.hands.high.category == "Four of a kind"
    assert a.hands.low.name == b.hands.low.name == "6-4-3-2-A"
    assert (a.won, b.won) == (300, 900)
    (pot,) = s.pots
    assert pot.high.winners == ("B",) and set(pot.low.winners) == {"A", "B"}
    assert pot.shares == {"A": 300, "B": 900}


def test_c_pair_of_aces_and_an_eight_low():
    hole, board = parse_cards("As 2c Kd Kh"), parse_cards("Ad 7s 4h 8s Qc")
    hands = evaluate(game("omaha8"), hole, board)
    assert hands.high.category == "One pair"
    # A A K Q 8: either king makes the same hand, so compare ranks.
    assert [c.rank for c in hands.high.cards] == [14, 14, 13, 12, 8]
    assert text(hands.low.cards) == "8s 7s 4h 2c As" and hands.low.name == "8-7-4-2-A"
    # Settled against a hand that loses both ways (a pair of nines and no low card), it scoops.
    s = omaha8("Ad 7s 4h 8s Qc", 100, ("Hero", "As 2c Kd Kh"), ("Villain", "9c 9d Tc Jh"))
    assert result(s, "Hero").hands.low.name == "8-7-4-2-A"
    assert result(s, "Villain").hands.low is None
    assert (result(s, "Hero").won, result(s, "Villain").won) == (100, 0)


def test_d_alice_scoops_with_trip_aces_and_a_six_low():
    s = omaha8("Ad 8c 5s Kc 2h", 100, ("Alice", "As Ah 3s 6h"), ("Bob", "Kh Qd Jh Tc"))
    alice, bob = result(s, "Alice"), result(s, "Bob")
    assert alice.hands.high.category == "Three of a kind"
    assert text(alice.hands.high.cards) == "As Ah Ad Kc 8c"
    assert alice.hands.low.name == "6-5-3-2-A"
    assert set(map(str, alice.hands.low.cards)) == {"3s", "6h", "Ad", "5s", "2h"}
    assert bob.hands.low is None
    assert "fewer than two different low cards" in bob.hands.no_low
    assert (alice.won, bob.won) == (100, 0)
    (pot,) = s.pots
    assert pot.high.winners == ("Alice",) and pot.low.winners == ("Alice",)
