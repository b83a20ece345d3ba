"""``evaluate()`` against the brute-force reference on seeded random deals.

For every player: the engine's high and low are legal selections (exactly two hole cards and three
board cards in Omaha, RULES §2.1), the reference scores them as good as its own best (so the engine
found a best hand), their category, name and card order are the canonical ones (§10), and "no low"
happens exactly when the reference finds no qualifying selection, for the reason it finds (§2.4).
Across the players of a deal, the engine's values order the hands exactly as the reference keys do, so
both pick the same high and low winners.
"""

from __future__ import annotations

import random

import pytest
import reference as ref

from hilo_cli.cards import DECK
from hilo_cli.evaluate import evaluate
from hilo_cli.games import game

REASONS = {
    "board": "board has fewer than three different low cards",
    "hole": "holds fewer than two different low cards",
    "counterfeited": "counterfeited",
    "stud": "different low cards",
}


def compare(a, b) -> int:
    return (a > b) - (a < b)


def check_player(game_name, hole, board, qualifier, hands, problems, where):
    g = game(game_name)

    def legal(five):
        if len(set(five)) != 5 or not set(five) <= set(hole) | set(board):
            return False
        return g.hole_used is None or sum(c in hole for c in five) == 2

    high = ref.best_high(game_name, hole, board)
    got = hands.high
    if not legal(got.cards):
        problems.append(f"{where}: high {ref_text(got.cards)} is not a legal selection")
    elif ref.high_key(got.cards) != high.key:
        problems.append(
            f"{where}: high {ref_text(got.cards)} is {ref.high_key(got.cards)}, best is {high.key} "
            f"({ref_text(ref.canonical_high(high.hands[0]))})"
        )
    elif (
        list(got.cards) != ref.canonical_high(got.cards)
        or got.category != ref.CATEGORIES[high.key[0]]
    ):
        problems.append(
            f"{where}: high {ref_text(got.cards)} {got.category}: expected "
            f"{ref_text(ref.canonical_high(got.cards))} {ref.CATEGORIES[high.key[0]]}"
        )
    if not g.split:
        if hands.low is not None:
            problems.append(f"{where}: high-only game gave a low {hands.low.name}")
        return high, None
    low = ref.best_low(game_name, hole, board, qualifier)
    if low is None:
        reason = ref.no_low_reason(game_name, hole, board, qualifier)
        if hands.low is not None:
            problems.append(
                f"{where}: expected no low ({reason}), got {hands.low.name} {ref_text(hands.low.cards)}"
            )
        elif REASONS[reason] not in (hands.no_low or ""):
            problems.append(f"{where}: no low because {reason!r}, engine says {hands.no_low!r}")
    elif hands.low is None:
        problems.append(
            f"{where}: expected low {ref.low_name(low.hands[0])}, got none ({hands.no_low})"
        )
    elif not legal(hands.low.cards) or ref.low_key(hands.low.cards, qualifier) != low.key:
        best = ref_text(ref.canonical_low(low.hands[0]))
        problems.append(f"{where}: low {ref_text(hands.low.cards)}, best is {best}")
    elif list(hands.low.cards) != ref.canonical_low(
        hands.low.cards
    ) or hands.low.name != ref.low_name(low.hands[0]):
        problems.append(
            f"{where}: low {ref_text(hands.low.cards)} named {hands.low.name}, expected "
            f"{ref_text(ref.canonical_low(hands.low.cards))} {ref.low_name(low.hands[0])}"
        )
    return high, low


def ref_text(cards) -> str:
    return " ".join(map(str, cards))


def agree(game_name, deals, seed, qualifier=8):
    g = game(game_name)
    rng = random.Random(seed)
    most = min(9, (52 - g.board_cards) // g.hole_cards)
    problems: list[str] = []
    for number in range(deals):
        deck = list(DECK)
        rng.shuffle(deck)
        n = rng.randint(2, most)
        board = tuple(deck[: g.board_cards])
        start, size = g.board_cards, g.hole_cards
        holes = [tuple(deck[start + size * i : start + size * (i + 1)]) for i in range(n)]
        results = []
        for i, hole in enumerate(holes):
            where = f"{game_name} q{qualifier} deal {number} P{i} hole {ref_text(hole)} board {ref_text(board) or '-'}"
            hands = evaluate(g, hole, board, qualifier)
            results.append(
                (hands, *check_player(game_name, hole, board, qualifier, hands, problems, where))
            )
        where = (
            f"{game_name} q{qualifier} deal {number} board {ref_text(board) or '-'} holes "
            + " / ".join(ref_text(h) for h in holes)
        )
        for i in range(n):
            for j in range(i + 1, n):
                (hi, ri, li), (hj, rj, lj) = results[i], results[j]
                if compare(hi.high.value, hj.high.value) != compare(ri.key, rj.key):
                    problems.append(f"{where}: P{i} vs P{j} high ordered differently")
                if g.split and li is not None and lj is not None and hi.low and hj.low:
                    # Reference low keys are smaller-is-better; engine values greater-is-better.
                    if compare(hi.low.value, hj.low.value) != compare(lj.key, li.key):
                        problems.append(f"{where}: P{i} vs P{j} low ordered differently")
        best = max(r.key for _, r, _ in results)
        engine_best = max(h.high.value for h, _, _ in results)
        if {i for i, (_, r, _) in enumerate(results) if r.key == best} != {
            i for i, (h, _, _) in enumerate(results) if h.high.value == engine_best
        }:
            problems.append(f"{where}: different high winners")
        ref_lows = [(i, lo.key) for i, (_, _, lo) in enumerate(results) if lo is not None]
        eng_lows = [(i, h.low.value) for i, (h, _, _) in enumerate(results) if h.low is not None]
        if ref_lows or eng_lows:
            ref_win = (
                {i for i, k in ref_lows if k == min(k for _, k in ref_lows)} if ref_lows else set()
            )
            eng_win = (
                {i for i, v in eng_lows if v == max(v for _, v in eng_lows)} if eng_lows else set()
            )
            if ref_win != eng_win:
                problems.append(
                    f"{where}: low winners {sorted(eng_win)}, reference {sorted(ref_win)}"
                )
        if len(problems) > 20:
            break
    assert not problems, f"{len(problems)} disagreements, first ones:\n" + "\n".join(problems[:20])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_name", "deals", "qualifier"),
    [
        ("omaha8", 1700, 8),
        ("omaha8-5", 1100, 8),
        ("omaha8-6", 900, 8),
        ("omaha", 1300, 8),
        ("stud8", 1000, 8),
        ("omaha8", 400, 9),
        ("omaha8-5", 200, 9),
        ("stud8", 300, 9),
        ("omaha8", 400, None),
        ("omaha8-6", 200, None),
        ("stud8", 300, None),
    ],
)
def test_engine_agrees_with_reference(game_name, deals, qualifier):
    agree(game_name, deals, seed=f"{game_name}-{qualifier}", qualifier=qualifier)
