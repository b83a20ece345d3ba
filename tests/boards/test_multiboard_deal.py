"""A deal with several boards, and rake, as ``check_deal`` takes them (RULES §12.5, §13)."""

from __future__ import annotations

import random

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
    d = Deal(
        GAMES["omaha8"], parse_cards("3c 4d 7h Kh 9s"), (Player("A", 1, A), Player("B", 2, B)), 100
    )
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
        (
            lambda: two("7s 5d 3s 9c", "7s 5d 3s 2s"),
            "each board has 4 cards; omaha8 needs exactly 5",
        ),
        (
            lambda: two("7s 5d 3s 9c Ts", "5d 7s 3s 2s 4c"),
            "5d is on board 1 .card 2. and board 2 .card 1.",
        ),
        (lambda: two("7s 5d 3s 9c Ts", "7s 6d 3s 2s 4c"), r"3s is on board 1.*common first card"),
        (
            lambda: two("7s 5d 3s 9c Ts", "7s 5d 3c 2s Ts"),
            "Ts is on board 1 .card 5. and board 2 .card 5.",
        ),
        (lambda: two("7s 5d 3s 9c Ts"), "1 board given in boards"),
        (
            lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", board="7s 5d 3s 2s 4c"),
            "board differs from the first",
        ),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", board=""), "board differs from the first"),
        (
            lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", multi_board="eithr"),
            "multi_board 'eithr'",
        ),
        (
            lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s Ah"),
            "Ah appears twice: in A's hole cards and on board 2",
        ),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 2s"), "2s is on board 2 twice"),
        (
            lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", rake=(3,), chip_unit=2),
            "rake on the main pot is 3",
        ),
        (lambda: two("7s 5d 3s 9c Ts", "7s 5d 3s 2s 4c", rake=(-2,)), "negative"),
        (lambda: Deal(GAMES["stud8"], (), (), 10, boards=((), ())), "no players"),
    ],
)
def test_bad_boards_are_deal_errors(make, match):
    with pytest.raises(DealError, match=match):
        check_deal(make())


def test_stud_has_no_boards_to_run():
    players = (
        Player("A", 1, parse_cards("As 2s 3s 4s 5s Kd Kc")),
        Player("B", 2, parse_cards("Ah 2h 3h 4h 6h Qd Qc")),
    )
    with pytest.raises(
        DealError, match="stud8 has no board, so it cannot be dealt on several boards"
    ):
        check_deal(Deal(GAMES["stud8"], (), players, 10, boards=((), ())))


def test_a_single_board_deal_may_not_name_an_unknown_multi_board_rule():
    d = Deal(
        GAMES["omaha8"],
        parse_cards("3c 4d 7h Kh 9s"),
        (Player("A", 1, A), Player("B", 2, B)),
        100,
        multi_board="both",
    )
    with pytest.raises(DealError, match="multi_board 'both' is not each or either"):
        check_deal(d)


# --- the cards a deal's boards may share (§12.5) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("boards", "match"),
    [
        # Runs 2 and 3 share 6s 2s, which run 1 does not have: dealt after the all-in, so dealt twice.
        (
            ("7h 5d 3s 7s Ts", "7h 5d 6s 2s 4h", "7h 5d 6s 2s 4c"),
            r"6s is on board 2 \(card 3\) and board 3 \(card 3\).*the boards' common first 2 cards",
        ),
        # Runs 1 and 2 share the turn 3s; run 3's third card differs, so the all-in came after two cards.
        (
            ("7h 5d 3s 7s Ts", "7h 5d 3s 2s 4h", "7h 5d 9c 8s 4c"),
            r"3s is on board 1 \(card 3\) and board 2",
        ),
        # Two boards dealt from the start and a third that repeats the second's first card.
        (
            ("7h 5d 3s 7s Ts", "8c 6d 4s 2s Js", "8c 9d 4d Qs Jh"),
            r"8c .*the boards have no first card in common",
        ),
    ],
)
def test_a_card_two_of_three_boards_share_after_the_all_in_is_refused(
    boards: tuple[str, ...], match: str
) -> None:
    """§12.1, §12.5: the cards dealt before the all-in are on every board; after them each board is dealt
    on its own, so a card on two boards must lie in the first cards common to all of them."""
    with pytest.raises(DealError, match=match):
        check_deal(two(*boards))


@pytest.mark.parametrize(
    "boards",
    [
        ("7h 5d 3s 7s Ts", "7h 5d 3s 2s 4h", "7h 5d 3s 8s 4c"),  # run three times from the flop
        ("7h 5d 3s 7s Ts", "7h 5d 3s 7s 4h", "7h 5d 3s 7s 4c"),  # from the turn
        (
            "7h 5d 3s 7s Ts",
            "8c 6d 4s 2s Js",
            "9c 6c 4d Qd Jh",
        ),  # three boards with nothing in common
    ],
)
def test_boards_that_share_only_the_common_first_cards_are_good(boards: tuple[str, ...]) -> None:
    check_deal(two(*boards))


def dealable(boards: list[tuple[str, ...]]) -> bool:
    """RULES §12.1, §12.5 written out: every board has distinct cards; the first ``p`` cards common to
    every board were dealt once, before the all-in; every card after them was dealt once, on one board."""
    if any(len(set(b)) != len(b) for b in boards):
        return False
    p = 0
    while p < len(boards[0]) and len({b[p] for b in boards}) == 1:
        p += 1
    after = [c for b in boards for c in b[p:]]
    return len(set(after)) == len(after) and not set(after) & set(boards[0][:p])


@pytest.mark.parametrize("seed", range(3))
def test_check_deal_accepts_exactly_the_boards_a_dealer_could_deal(seed: int) -> None:
    """Boards drawn from a few cards, each card copied from another board's same place or from
    anywhere, so that shared prefixes, shared cards after them and repeats all come up often."""
    rnd = random.Random(seed)
    pool = "7h 5d 3s 7s Ts 2s 4h 6s 4c 8c 9d 6d 8s".split()  # none in A's or B's hand
    verdicts = {True: 0, False: 0}
    for _ in range(1500):
        boards: list[list[str]] = [rnd.sample(pool, 5)]
        for _ in range(rnd.choice([1, 1, 2, 3])):
            board = []
            for i in range(5):
                roll = rnd.random()
                if roll < 0.55:
                    board.append(boards[0][i])
                elif roll < 0.7:
                    board.append(rnd.choice(boards)[i])
                else:
                    board.append(rnd.choice(pool))
            boards.append(board)
        texts = [tuple(b) for b in boards]
        good = dealable(texts)
        verdicts[good] += 1
        d = two(*(" ".join(b) for b in texts))
        if good:
            check_deal(d)
        else:
            with pytest.raises(DealError):
                check_deal(d)
    assert min(verdicts.values()) > 200, verdicts
