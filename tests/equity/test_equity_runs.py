"""Issue 9 with issue 12: a deal run twice has the same expected chips per player as a deal run once.

Each run's river is a card drawn from the same unseen cards, so by linearity of expectation each run's
share is worth half of one run's expectation. With a pot whose every division is exact (no odd chip
anywhere), the equality is exact: every ordered pair of distinct rivers is settled as a run-twice deal by
``settle()`` (RULES §12.2) and averaged, and compared with ``hilo equity``'s exact fractions.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from hilo_cli.cards import DECK, parse_cards
from hilo_cli.deal import Deal, Player
from hilo_cli.equity import equity
from hilo_cli.games import GAMES
from hilo_cli.showdown import settle

TURN = parse_cards("Ac 3d 6h Kd")
HANDS = {"A": "2c 4d Qc Jd", "B": "Kh Kc 2h 4s", "C": "5s 7s 8c 9c"}


def deal(names: list[str], board: tuple, boards: tuple = ()) -> Deal:
    players = tuple(Player(n, i, parse_cards(HANDS[n])) for i, n in enumerate(names, 1))
    return Deal(GAMES["omaha8"], board, players, pot=2400, boards=boards)


@pytest.mark.parametrize("names", [["A", "B"], ["A", "B", "C"]])
def test_running_it_twice_has_the_same_expected_chips_as_running_it_once(names: list[str]) -> None:
    once = equity(deal(names, TURN))
    seen = set(TURN) | {c for n in names for c in parse_cards(HANDS[n])}
    unseen = [c for c in DECK if c not in seen]
    total = dict.fromkeys(names, Fraction(0))
    pairs = list(permutations(unseen, 2))
    for first, second in pairs:
        boards = ((*TURN, first), (*TURN, second))
        for r in settle(deal(names, boards[0], boards)).players:
            total[r.name] += r.won
    twice = {n: chips / len(pairs) for n, chips in total.items()}
    assert twice == {p.name: p.expected_chips for p in once.players}
    assert sum(twice.values()) == 2400
