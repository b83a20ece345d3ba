"""A deal with several boards, and rake, as ``check_deal`` takes them (RULES §12.5, §13)."""

from __future__ import annotations

import pytest

from hilo_cli.cards import parse_cards
from hilo_cli.deal import Deal, Player, check_deal
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES

A, B = parse_cards("Ah 2h Kc Kd"), parse_cards("Qs Qh Jc Td")


def two(*boards: str, board: str | None = None, **kw) -> Deal:
    cards = tuple(parse_cards(b) for b in boards)
    first = parse_cards(board) if board is not None else (cards[0] if cards else ())
    players = (Player("A", 1, A), Player("B", 2, B))
    return Deal(GAMES["omaha8"], first, players, pot=kw.pop("pot", 100), boards=cards, **kw)


def test_positional_construction_still_works_and_new_fields_default():
    d = Deal(GAMES["omaha8"], parse_cards("3c 4d 7h Kh 9s"), (Player("A", 1, A), Player("B", 2, B)), 100)
    assert (d.boards, d.multi_board, d.rake) == ((), "each", ())
    assert d.all_boards == (d.board,)
    check_deal(d)


@pytest.mark.parametrize(
    ("boards", "kw"),
    [
        (("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c"), {}),  # run twice from the flop
        (("7s 5d 3s 9c Ts", "7s 5d 3s 9c 4c"), {}),  # run twice from the turn
        (("7s 5d 3s 9c Ts", "8c 6d 4s 2s Js"), {}),  # double board, disjoint
        (("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", "7s 5d 3s 8d 6s"), {"multi_board": "either"}),
    ],
)
def test_good_boards(boards, kw):
    check_deal(two(*boards, **kw))


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s"), r"different numbers of cards \(4, 5\)"),
        (lambda: two("7s 5d 3s 9c", "7s 5d 3s 2s"), "each board has 4 cards; omaha8 needs exactly 5"),
        (lambda: two("7s 5d 3s 9c Ts", "5d 7s 3s 2s 4c"), "5d is on board 1 .card 2. and board 2 .card 1."),
        (lambda: two("7s 5d 3s 9c Ts", "7s 6d 3s 2s 4c"), r"3s is on board 1.*common first card"),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3c 2s Ts"), "Ts is on board 1 .card 5. and board 2 .card 5."),
        (lambda: two("7s 5d 3s 9c Ts"), "1 board given in boards"),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", board="7s 5d 3s 2s 4c"), "board differs from the first"),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", board=""), "board differs from the first"),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", multi_board="eithr"), "multi_board 'eithr'"),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s Ah"), "Ah appears twice: in A's hole cards and on board 2"),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 2s"), "2s is on board 2 twice"),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", rake=(3,), chip_unit=2), "rake on the main pot is 3"),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", rake=(-2,)), "negative"),
        (lambda: Deal(GAMES["stud8"], (), (), 10, boards=((), ())), "no players"),
    ],
)
def test_bad_boards_are_deal_errors(make, match):
    with pytest.raises(DealError, match=match):
        check_deal(make())


def test_stud_has_no_boards_to_run():
    players = (Player("A", 1, parse_cards("As 2s 3s 4s 5s Kd Kc")), Player("B", 2, parse_cards("Ah 2h 3h 4h 6h Qd Qc")))
    with pytest.raises(DealError, match="stud8 has no board, so it cannot be dealt on several boards"):
        check_deal(Deal(GAMES["stud8"], (), players, 10, boards=((), ())))


def test_a_single_board_deal_may_not_name_an_unknown_multi_board_rule():
    d = Deal(GAMES["omaha8"], parse_cards("3c 4d 7h Kh 9s"), (Player("A", 1, A), Player("B", 2, B)), 100,
             multi_board="both")
    with pytest.raises(DealError, match="multi_board 'both' is not each or either"):
        check_deal(d)
