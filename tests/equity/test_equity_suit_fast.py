"""Issue 19, item 2: the suit odd-chip rule (RULES §4.6) decided on the whole-array path.

A runout whose pattern leaves units over in a tied half is no longer settled on its own: the cards each
tied hand shows are worked out for every such runout at once (``vector.Shown``), the runouts grouped by
the order they give the tied winners, and one runout of each group settled. Held here to the table
evaluator (each hand's shown cards) and, as exact fractions, to ``settle()`` on every runout (the plain
path) on random suit spots of every board game; and the spot of the issue, three hands of the same
ranks preflop, is now exact by the counts (it sampled 10,000 runouts).
"""

from __future__ import annotations

import random

import pytest

from hilo_cli.cards import DECK, Card, parse_cards
from hilo_cli.deal import Deal, Player
from hilo_cli.equity import equity, vector
from hilo_cli.errors import DealError
from hilo_cli.evaluate import evaluate
from hilo_cli.games import GAMES

BOARD_GAMES = [g for g in GAMES.values() if g.board_cards]


def _holes(rnd: random.Random, hole_cards: int, n: int, deck: list[Card]) -> list[tuple[Card, ...]]:
    """``n`` hands, most often of the same ranks in different suits (the halves tie, the suit rule has
    work), else dealt from ``deck``; the cards used leave ``deck``."""
    if rnd.random() < 0.6 and n <= 4:
        ranks = rnd.sample(range(13), hole_cards)
        holes = [tuple(DECK[4 * r + s] for r in ranks) for s in rnd.sample(range(4), n)]
    else:
        holes = [tuple(deck[i * hole_cards : (i + 1) * hole_cards]) for i in range(n)]
    used = {c for hole in holes for c in hole}
    deck[:] = [c for c in deck if c not in used]
    return holes


def _spot(rnd: random.Random, game_index: int) -> Deal:
    g = BOARD_GAMES[game_index]
    deck = list(DECK)
    rnd.shuffle(deck)
    n = rnd.choice([2, 3, 3, 4])
    holes = _holes(rnd, g.hole_cards, n, deck)
    board = tuple(deck[: rnd.choice([3, 3, 4, 4, 4])])
    unit = rnd.choice([1, 1, 5])
    money = rnd.random() < 0.5
    players = tuple(
        Player(f"P{i}", i + 1, hole, unit * rnd.randint(1, 30) if money else None)
        for i, hole in enumerate(holes)
    )
    return Deal(
        g,
        board,
        players,
        pot=None if money else unit * rnd.choice([7, 57, 101, 103]),
        button=rnd.choice([None, 1, 2]),
        chip_unit=unit,
        qualifier=rnd.choice([8, 9, None]),
        odd_chip="suit",
    )


@pytest.mark.parametrize(
    "game_index",
    [i if i == 0 else pytest.param(i, marks=pytest.mark.slow) for i in range(len(BOARD_GAMES))],
)  # one game in the quick loop, every game in the full suite
def test_suit_spots_equal_settle_on_every_runout(game_index: int) -> None:
    rnd = random.Random(4600 + game_index)
    done = 0
    while done < 8:
        deal = _spot(rnd, game_index)
        try:
            plain = equity(deal, method="plain")
        except DealError:
            continue  # e.g. every chip put in by one player
        for fast in (equity(deal, method="vector"), equity(deal)):  # whole arrays; the default
            assert fast.exact
            assert fast.players == plain.players, deal
            assert fast.pots == plain.pots, deal
            assert fast.no_low == plain.no_low
        done += 1


def _mask(cards: tuple[Card, ...]) -> int:
    return sum(1 << c for c in cards)


@pytest.mark.parametrize(
    "game_index",
    [i if i == 0 else pytest.param(i, marks=pytest.mark.slow) for i in range(len(BOARD_GAMES))],
)  # one game in the quick loop, every game in the full suite
@pytest.mark.parametrize("qualifier", [8, 9, None])
def test_shown_masks_are_the_cards_of_the_hand_evaluated_by_suit(
    game_index: int, qualifier: int | None
) -> None:
    """Each hand's shown mask, high and low, is the mask of the cards the table evaluator shows for
    it under the suit rule (the greatest of its equal selections, RULES §4.6)."""
    g = BOARD_GAMES[game_index]
    rnd = random.Random(4700 + 10 * game_index + (qualifier or 0))
    for _ in range(4):
        deck = list(DECK)
        rnd.shuffle(deck)
        holes = _holes(rnd, g.hole_cards, 3, deck)
        board = tuple(deck[: rnd.choice([0, 2, 3])])
        unknown = sorted(c for c in deck if c not in board)
        evaluator = vector.Evaluator(holes, board, unknown, qualifier, g.split)
        shown = vector.Shown(evaluator)
        rows = [rnd.sample(unknown, 5 - len(board)) for _ in range(120)]
        columns = vector.as_array(rows).T.copy()
        values = evaluator.values(columns)
        players = range(len(holes))
        high, low = shown.masks(columns, values, players, players if g.split else ())
        for r, row in enumerate(rows):
            for i, hole in enumerate(holes):
                hands = evaluate(g, hole, (*board, *row), qualifier, by_suit=True)
                assert int(high[i][r]) == _mask(hands.high.cards)
                if hands.low is not None:
                    assert int(low[i][r]) == _mask(hands.low.cards)


def test_the_issue_spot_three_hands_of_the_same_ranks_preflop_is_exact() -> None:
    """The counts no longer send it to a sample: nothing is settled one runout at a time."""
    hands = ["As 2s 3s Ks", "Ah 2h 3h Kh", "Ad 2d 3d Kd"]
    players = tuple(
        Player(n, i + 1, parse_cards(h)) for i, (n, h) in enumerate(zip("ABC", hands, strict=True))
    )
    e = equity(Deal(GAMES["omaha8"], (), players, pot=101, odd_chip="suit"))
    assert e.exact and e.runouts == 658_008 and e.note is None
    assert sum(p.expected_chips or 0 for p in e.players) == 101
