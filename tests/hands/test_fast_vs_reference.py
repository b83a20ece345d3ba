"""The table-driven evaluator against the brute-force reference on 200,000 random hands (issue 4).

Each hand is one player's hole cards on one board, dealt from a seeded shuffle. For every hand the
reference scores all C(h,2) x C(5,3) selections itself; the engine's value for that hand must stand in
the same place among all values as the reference's key does among all keys. That is checked without
comparing every pair: each reference key maps to exactly one engine value and back, and sorting the
keys sorts the values. Every 20th hand also has its chosen cards checked: a legal two-plus-three
selection that the reference scores as the best. The values-only path that settling uses
(``evaluate_deal``) must give every hand exactly the values of the full one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
import reference as ref

from hilo_cli.cards import DECK
from hilo_cli.evaluate import Hands, evaluate_all, evaluate_deal
from hilo_cli.games import game

# (game, hands, players per deal): 200,000 hands in all, most of them four-card Omaha.
PLAN = (("omaha8", 150_000, 9), ("omaha8-5", 25_000, 8), ("omaha8-6", 25_000, 7))


def _deals(game_name: str, hands: int, players: int, seed: int) -> list[tuple[list[tuple], tuple]]:
    rng = random.Random(seed)
    size = game(game_name).hole_cards
    deck = list(DECK)
    deals = []
    for _ in range(-(-hands // players)):
        rng.shuffle(deck)
        holes = [tuple(deck[i * size : (i + 1) * size]) for i in range(players)]
        deals.append((holes, tuple(deck[players * size : players * size + 5])))
    return deals


def _legal(hole: Sequence, board: Sequence, five: Sequence) -> bool:
    return (
        len(set(five)) == 5
        and sum(c in hole for c in five) == 2
        and sum(c in board for c in five) == 3
    )


class _Pairing:
    """Reference keys and engine values seen so far, which must correspond one to one."""

    def __init__(self, half: str) -> None:
        self.half = half
        self.value_of: dict[tuple, int] = {}
        self.key_of: dict[int, tuple] = {}

    def add(self, key: tuple, value: int, where: str) -> None:
        seen = self.value_of.setdefault(key, value)
        assert seen == value, (
            f"{where}: {self.half} reference key {key} is engine value {value}, before {seen}"
        )
        seen_key = self.key_of.setdefault(value, key)
        assert seen_key == key, (
            f"{where}: {self.half} engine value {value} is key {key}, before {seen_key}"
        )

    def check_order(self, stronger_key_is_greater: bool) -> None:
        keys = sorted(self.value_of, reverse=not stronger_key_is_greater)
        values = [self.value_of[k] for k in keys]
        assert values == sorted(values), (
            f"{self.half}: engine values do not order hands as the reference does"
        )


@pytest.mark.slow
def test_fast_evaluator_agrees_with_reference_on_200000_hands() -> None:
    high, low = _Pairing("high"), _Pairing("low")
    checked = total = 0
    for seed, (game_name, hands, players) in enumerate(PLAN):
        for holes, board in _deals(game_name, hands, players, seed):
            results: list[Hands] = evaluate_all(game(game_name), holes, board, 8)
            values = evaluate_deal(game(game_name), holes, board, 8)
            assert values.highs == [h.high.value for h in results], (
                f"{game_name} board {board}: highs"
            )
            assert values.lows is not None
            assert [v if v >= 0 else None for v in values.lows] == [
                h.low.value if h.low is not None else None for h in results
            ], f"{game_name} board {board}: lows"
            for hole, hands_ in zip(holes, results, strict=True):
                where = (
                    f"{game_name} hole {' '.join(map(str, hole))} board {' '.join(map(str, board))}"
                )
                best_high = ref.best_high(game_name, hole, board)
                high.add(best_high.key, hands_.high.value, where)
                best_low = ref.best_low(game_name, hole, board, 8)
                assert (best_low is None) == (hands_.low is None), (
                    f"{where}: low {hands_.low} vs {best_low}"
                )
                if best_low is not None and hands_.low is not None:
                    low.add(best_low.key, hands_.low.value, where)
                if total % 20 == 0:
                    checked += 1
                    assert _legal(hole, board, hands_.high.cards), f"{where}: high {hands_.high}"
                    assert ref.high_key(hands_.high.cards) == best_high.key, (
                        f"{where}: high {hands_.high}"
                    )
                    if best_low is not None and hands_.low is not None:
                        assert _legal(hole, board, hands_.low.cards), f"{where}: low {hands_.low}"
                        assert ref.low_key(hands_.low.cards, 8) == best_low.key, (
                            f"{where}: low {hands_.low}"
                        )
                total += 1
    assert total >= 200_000 and checked >= 10_000
    high.check_order(stronger_key_is_greater=True)
    low.check_order(stronger_key_is_greater=False)  # a reference low key is smaller when better
    assert len(high.value_of) > 1000 and len(low.value_of) > 40  # the hands really were varied
