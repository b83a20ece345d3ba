"""Best high and best low, rule by rule (RULES §1-§3), on hands worked out by hand for this project.

Each hand case runs twice: against ``hilo_cli.evaluate`` and against the slow reference in
``reference.py``, so the reference that the random tests trust is itself held to the same hand-made
answers. Expected high cards are in canonical order (RULES §10); a suit written ``x`` means any card of
that rank is right (several equal selections exist).
"""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest
import reference as ref

from hilo_cli.cards import parse_cards
from hilo_cli.errors import DealError
from hilo_cli.evaluate import evaluate
from hilo_cli.evaluate.generic import selections
from hilo_cli.evaluate.hands import CATEGORY_NAMES, high_value, low_value
from hilo_cli.games import GAMES, game, qualifier


def case(rule, game_name, hole, board, category, high, low, qualifier=8):
    ident = f"{rule}:{hole}|{board}|q{qualifier}"
    return pytest.param(game_name, hole, board, qualifier, category, high, low, id=ident)


# low: a low name, "no low: board|hole|counterfeited|stud" (RULES §2.4 reasons), or None (high-only game)
HANDS = [
    # §1.1 every category, made with exactly two hole cards and three board cards
    case(
        "1.1",
        "omaha8",
        "9h 8h 2c 2d",
        "7h 6h 5h Kc Qd",
        "Straight flush",
        "9h 8h 7h 6h 5h",
        "8-7-6-5-2",
    ),
    case(
        "1.1",
        "omaha8",
        "As Ks 3d 4d",
        "Qs Js Ts 2h 5c",
        "Straight flush",
        "As Ks Qs Js Ts",
        "no low: board",
    ),
    case(
        "1.1",
        "omaha8",
        "9c 9d Ah 2s",
        "9h 9s Kd 5c 3h",
        "Four of a kind",
        "9s 9h 9d 9c Kd",
        "no low: board",
    ),
    case(
        "1.1",
        "omaha8",
        "Kc Kd 7s 2h",
        "Ks 7h 7d 4c Jd",
        "Full house",
        "Ks Kd Kc 7h 7d",
        "no low: board",
    ),
    case(
        "1.1", "omaha8", "Ad 9d Ks Kh", "Qd 6d 2d Kc 3s", "Flush", "Ad Qd 9d 6d 2d", "no low: hole"
    ),
    case(
        "1.1",
        "omaha8",
        "Tc 9d 4s 4h",
        "8h 7c 6d Ks 2c",
        "Straight",
        "Tc 9d 8h 7c 6d",
        "no low: hole",
    ),
    case(
        "1.1",
        "omaha8",
        "5s 5h Qc Jd",
        "5d Ks 9c 3h 2d",
        "Three of a kind",
        "5s 5h 5d Ks 9c",
        "no low: hole",
    ),
    case(
        "1.1",
        "omaha8",
        "Ac Kd 8s 8h",
        "As Kc 4d 9h 2s",
        "Two pair",
        "As Ac Kd Kc 9h",
        "no low: counterfeited",
    ),
    case(
        "1.1",
        "omaha8",
        "Qs Jh 7c 3d",
        "Qd 9s 5h 2c Kh",
        "One pair",
        "Qs Qd Kh Jh 9s",
        "no low: board",
    ),
    case(
        "1.1", "omaha8", "Ah Jd 8c 3s", "Kc 9d 6h 4s 2c", "High card", "Ah Kc Jd 9d 6h", "6-4-3-2-A"
    ),
    # §1.3 the wheel: a 5-high straight (flush), written 5-4-3-2-A, and the best low at once (§3.2)
    case(
        "1.3",
        "omaha8",
        "Ah 2h Kc Qd",
        "3h 4h 5h 9s Tc",
        "Straight flush",
        "5h 4h 3h 2h Ah",
        "5-4-3-2-A",
    ),
    case(
        "1.3", "omaha8", "Ac 2d Kh Kd", "3s 4h 5c Qs Js", "Straight", "5c 4h 3s 2d Ac", "5-4-3-2-A"
    ),
    # §1.3 no wrap-around: Q-K-A-2-3 is ace high
    case("1.3", "omaha", "Ad 2c 9s 8s", "Qh Kc 3d Ts 5h", "High card", "Ad Kc Qh Ts 9s", None),
    # §1.5 kickers come from the legal 2 + 3 selection: K K A Q 7, not hold'em's K K A Q J
    case(
        "1.5",
        "omaha8",
        "Ah Qc Jd Ts",
        "Kc Kd 7s 4h 2c",
        "One pair",
        "Kd Kc Ah Qc 7s",
        "no low: hole",
    ),
    # §2.2 high and low chosen independently: kings for high, A-2 for low
    case(
        "2.2",
        "omaha8",
        "As 2d Kh Kd",
        "Kc 7s 5h 3c Qd",
        "Three of a kind",
        "Kh Kd Kc Qd 7s",
        "7-5-3-2-A",
    ),
    # §2.4 flushes: four or five suited board cards and one suited hole card are no flush
    case(
        "2.4",
        "omaha8",
        "Ah 7s 7c 3d",
        "2h 5h 9h Jh Kc",
        "One pair",
        "7s 7c Kc Jh 9h",
        "no low: board",
    ),
    case(
        "2.4",
        "omaha8",
        "Ah Qs Qd 3c",
        "2h 6h 9h Jh Kh",
        "One pair",
        "Qs Qd Kh Jh 9h",
        "no low: board",
    ),
    case(
        "2.4", "omaha8", "As 9s Qh Qc", "2s 7s Ts Kd 4c", "Flush", "As Ts 9s 7s 2s", "no low: hole"
    ),
    # §2.4 straights: A-K-Q-J on board and one ten in hand is not broadway; two fitting hole cards are
    case(
        "2.4",
        "omaha8",
        "Th 2c 2s 8d",
        "Ah Kd Qc Js 4d",
        "One pair",
        "2s 2c Ah Kd Qc",
        "no low: board",
    ),
    case(
        "2.4", "omaha8", "9c Ac As 2d", "5c 6d 7h 8s Kd", "One pair", "As Ac Kd 8s 7h", "7-6-5-2-A"
    ),
    case(
        "2.4", "omaha8", "8c 9d Ah 2c", "5c 6d 7h Kd Qs", "Straight", "9d 8c 7h 6d 5c", "7-6-5-2-A"
    ),
    # §2.4 quads, trips and full houses on the board do not play
    case(
        "2.4",
        "omaha8",
        "Ah Kh 3c 4c",
        "7c 7d 7h 7s 2d",
        "Three of a kind",
        "7x 7x 7x Ah Kh",
        "no low: board",
    ),
    case(
        "2.4",
        "omaha8",
        "Ah Kc 9s 8s",
        "Jc Jd Jh 4s 4d",
        "Three of a kind",
        "Jx Jx Jx Ah Kc",
        "no low: board",
    ),
    case(
        "2.4",
        "omaha8",
        "9c 9d 2h 3h",
        "Jc Jd Jh 4s 4d",
        "Full house",
        "Jx Jx Jx 9d 9c",
        "no low: board",
    ),
    case(
        "2.4",
        "omaha8",
        "Ah Qd 9s 2c",
        "Kc Kd Ks 5h 5c",
        "Three of a kind",
        "Kx Kx Kx Ah Qd",
        "no low: board",
    ),
    # §2.4 three of a kind in the hole plays as a pair (and is one low rank)
    case(
        "2.4",
        "omaha8",
        "8s 8h 8d Kc",
        "2c 5d Jh Qs 3c",
        "One pair",
        "8s 8h Qs Jh 5d",
        "no low: hole",
    ),
    # §2.4 low needs two different low hole cards, even on an all-low board
    case(
        "2.4",
        "omaha8",
        "Ah Kd Qd Jd",
        "2c 3d 4h 5s 7c",
        "High card",
        "Ah Kd 7c 5s 4h",
        "no low: hole",
    ),
    case(
        "2.4",
        "omaha8",
        "2c 2d Ks Kh",
        "As 3h 4c 9d Jc",
        "One pair",
        "Ks Kh As Jc 9d",
        "no low: hole",
    ),
    # §2.4 counterfeiting
    case(
        "2.4",
        "omaha8",
        "Ah 2s Qd Qc",
        "2c 4d 7h Kc Js",
        "One pair",
        "Qd Qc Kc Js 7h",
        "no low: counterfeited",
    ),
    case(
        "2.4",
        "omaha8",
        "Ad 2h Jc Jd",
        "As 5c 8h Kd Qs",
        "One pair",
        "As Ad Kd Qs Jx",
        "no low: counterfeited",
    ),
    case(
        "2.4", "omaha8", "Ah 2s 3d Kc", "2c 4d 7h Kh Js", "Two pair", "Kh Kc 2s 2c Js", "7-4-3-2-A"
    ),
    # §2.4 a paired low board counts each low rank once
    case(
        "2.4", "omaha8", "Ah 3c Qd Qs", "2c 2d 5h 7s Kd", "Two pair", "Qs Qd 2d 2c Kd", "7-5-3-2-A"
    ),
    case(
        "2.4",
        "omaha8",
        "Ah 2c 4d 5s",
        "3c 3d 6h Kd Qs",
        "One pair",
        "3d 3c Ah Kd 5s",
        "no low: board",
    ),
    # §3.1 an 8 plays, a 9 does not; §3.6 qualifier 9 and no qualifier
    case(
        "3.1", "omaha8", "8c 7d Kh Ks", "6c 5d 4h Qs Jd", "Straight", "8c 7d 6c 5d 4h", "8-7-6-5-4"
    ),
    case(
        "3.6",
        "omaha8",
        "Ah 2s Jd Td",
        "9c 6d 4h Kc Qd",
        "Straight",
        "Kc Qd Jd Td 9c",
        "no low: board",
    ),
    case(
        "3.6",
        "omaha8",
        "Ah 2s Jd Td",
        "9c 6d 4h Kc Qd",
        "Straight",
        "Kc Qd Jd Td 9c",
        "9-6-4-2-A",
        9,
    ),
    case(
        "3.6",
        "omaha8",
        "Ah 2s 3d 4c",
        "Kc Qd Jh Ts 9s",
        "High card",
        "Ah Kc Qd Jh 4c",
        "J-T-9-2-A",
        None,
    ),
    case(
        "3.6",
        "omaha8",
        "Ah Ad Kh Kd",
        "As Ks Qd Qc Jh",
        "Full house",
        "Ax Ax Ax Qd Qc",
        "K-Q-J-A-A",
        None,
    ),
    # §6 other games: Big O, Courchevel, 6-card, high-only Omaha, stud (any five of seven)
    case(
        "6",
        "omaha8-5",
        "As 2d 3c Kh Kd",
        "2c 4d 7h Ks Jc",
        "Three of a kind",
        "Ks Kh Kd Jc 7h",
        "7-4-3-2-A",
    ),
    case(
        "6",
        "courchevel8",
        "As 2d 3c Kh Kd",
        "2c 4d 7h Ks Jc",
        "Three of a kind",
        "Ks Kh Kd Jc 7h",
        "7-4-3-2-A",
    ),
    case(
        "6",
        "omaha8-6",
        "Ah 2h 9h 8h Qc Qs",
        "3h 4s 7h Kd Jh",
        "Flush",
        "Ah Jh 9h 7h 3h",
        "7-4-3-2-A",
    ),
    case("6", "omaha", "Ah 2h 9h 8h", "3h 4s 7h Kd Jh", "Flush", "Ah Jh 9h 7h 3h", None),
    case("6", "omaha-5", "Ah 2h 9h 8h 5c", "3h 4s 7h Kd Jh", "Flush", "Ah Jh 9h 7h 3h", None),
    case("6", "omaha-6", "Ah 2h 9h 8h 5c 5d", "3h 4s 7h Kd Jh", "Flush", "Ah Jh 9h 7h 3h", None),
    case(
        "6", "stud8", "As Ks Qs Js Ts 2d 3c", "", "Straight flush", "As Ks Qs Js Ts", "no low: stud"
    ),
    case("6", "stud8", "Ah 2d 3c 4s 5h Kc Kd", "", "Straight", "5h 4s 3c 2d Ah", "5-4-3-2-A"),
    case("6", "stud8", "8c 7d 6h 5s 4c 4d 4h", "", "Straight", "8c 7d 6h 5s 4x", "8-7-6-5-4"),
    case("6", "stud8", "9c 7d 5h 3s Ac Kd Qh", "", "High card", "Ac Kd Qh 9c 7d", "no low: stud"),
    case("6", "stud8", "9c 7d 5h 3s Ac Kd Qh", "", "High card", "Ac Kd Qh 9c 7d", "9-7-5-3-A", 9),
]


def engine_reading(game_name, hole, board, qualifier):
    """(category, high cards, low) from ``hilo_cli.evaluate``; checks the 2 + 3 rule on the way."""
    g = game(game_name)
    hands = evaluate(g, hole, board, qualifier)
    for label, five in (
        ("high", hands.high.cards),
        ("low", hands.low.cards if hands.low else None),
    ):
        if five is not None and g.hole_used is not None:
            used = sum(c in hole for c in five)
            assert used == 2 and len(set(five)) == 5, (
                f"{label} {five} uses {used} hole cards (RULES §2.1)"
            )
    if hands.low is not None:
        low = hands.low.name
    elif not g.split:
        low = None
    else:
        reason = hands.no_low or ""
        code = (
            "board"
            if "board has fewer than three different low cards" in reason
            else "hole"
            if "holds fewer than two different low cards" in reason
            else "counterfeited"
            if reason.startswith("counterfeited")
            else "stud"
            if reason.startswith("holds ") and "different low cards" in reason
            else f"?{reason}"
        )
        low = f"no low: {code}"
    return hands.high.category, [str(c) for c in hands.high.cards], low


def reference_reading(game_name, hole, board, qualifier):
    high = ref.best_high(game_name, hole, board)
    cards = [str(c) for c in ref.canonical_high(high.hands[0])]
    low = None
    if ref.GAMES[game_name][3]:
        best = ref.best_low(game_name, hole, board, qualifier)
        if best is not None:
            low = ref.low_name(best.hands[0])
        else:
            low = f"no low: {ref.no_low_reason(game_name, hole, board, qualifier)}"
    return ref.CATEGORIES[high.key[0]], cards, low


READERS = {"engine": engine_reading, "reference": reference_reading}


def same_cards(expected: str, got: list[str]) -> bool:
    want = expected.split()
    return len(want) == len(got) and all(
        w == g or (w[1] == "x" and w[0] == g[0]) for w, g in zip(want, got, strict=True)
    )


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    ("game_name", "hole", "board", "qualifier", "category", "high", "low"), HANDS
)
def test_best_hands(reader, game_name, hole, board, qualifier, category, high, low):
    got_category, got_high, got_low = READERS[reader](
        game_name, parse_cards(hole), parse_cards(board), qualifier
    )
    where = f"{game_name} hole {hole} board {board or '-'} qualifier {qualifier}"
    assert got_category == category, (
        f"{where}: expected high {category}, got {got_category} {got_high}"
    )
    assert same_cards(high, got_high), (
        f"{where}: expected high cards {high}, got {' '.join(got_high)}"
    )
    assert got_low == low, f"{where}: expected low {low}, got {got_low}"


def test_high_and_low_may_use_different_hole_cards():
    hole, board = parse_cards("As 2d Kh Kd"), parse_cards("Kc 7s 5h 3c Qd")
    hands = evaluate(game("omaha8"), hole, board)
    assert {str(c) for c in hands.high.cards if c in hole} == {"Kh", "Kd"}
    assert {str(c) for c in hands.low.cards if c in hole} == {"As", "2d"}


@pytest.mark.parametrize(
    ("game_name", "count"), [("omaha8", 60), ("omaha8-5", 100), ("omaha8-6", 150), ("stud8", 21)]
)
def test_candidate_count(game_name, count):
    """RULES §2.3: C(h,2) x C(5,3) candidates for Omaha, C(7,5) for stud; each one legal."""
    g = game(game_name)
    cards = parse_cards("Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c")
    board, hole = cards[: g.board_cards], cards[g.board_cards : g.board_cards + g.hole_cards]
    found = list(selections(g, hole, board))
    assert len(found) == len(set(found)) == count
    if g.hole_used:
        assert all(
            sum(c in hole for c in s) == 2 and sum(c in board for c in s) == 3 for s in found
        )


# §1.1, §1.2, §1.3: five-card hands in strictly decreasing strength (each beats the next).
LADDER = [
    ("6s 5s 4s 3s 2s", "Straight flush"),
    ("5h 4h 3h 2h Ah", "Straight flush"),
    ("Kc Kd Kh Ks 2c", "Four of a kind"),
    ("Qc Qd Qh Qs Ac", "Four of a kind"),
    ("4c 4d 4h 2s 2c", "Full house"),
    ("3c 3d 3h As Ac", "Full house"),
    ("Ah Kh 3h 2h 6h", "Flush"),
    ("Kh 6h 4h 3h 2h", "Flush"),
    ("Qd Jd 9d 8d 7d", "Flush"),
    ("Ac Kd Qh Js Tc", "Straight"),
    ("Kc Qd Jh Ts 9c", "Straight"),
    ("6c 5d 4h 3s 2c", "Straight"),
    ("5c 4d 3h 2s Ac", "Straight"),
    ("7c 7d 7h As 3c", "Three of a kind"),
    ("7c 7d 7h As 2c", "Three of a kind"),
    ("7c 7d 7h Ks Qc", "Three of a kind"),
    ("Kc Kd 3h 3s 5c", "Two pair"),
    ("Kc Kd 3h 3s 4c", "Two pair"),
    ("Kc Kd 2h 2s Ac", "Two pair"),
    ("Qc Qd Jh Js Ac", "Two pair"),
    ("9c 9d Ah Ks 3c", "One pair"),
    ("9c 9d Ah Ks 2c", "One pair"),
    ("9c 9d Kh Qs Jc", "One pair"),
    ("8c 8d Ah Ks Qc", "One pair"),
    ("2c 2d 3h 4s 5c", "One pair"),
    ("Ac Kd Qh Js 9c", "High card"),
    ("Ac Kd Qh Js 8c", "High card"),
    ("Qc Kd Ah 2s 3c", "High card"),
    ("7c 5d 4h 3s 2c", "High card"),
]


@pytest.mark.parametrize("reader", ["engine", "reference"])
@pytest.mark.parametrize(
    "i", range(len(LADDER) - 1), ids=[f"{a}>{b}" for (a, _), (b, _) in pairwise(LADDER)]
)
def test_high_ladder(reader, i):
    (stronger, cat_a), (weaker, cat_b) = LADDER[i], LADDER[i + 1]
    value = high_value if reader == "engine" else ref.high_key
    name = (
        (lambda v: CATEGORY_NAMES[v >> 20])
        if reader == "engine"
        else (lambda k: ref.CATEGORIES[k[0]])
    )
    a, b = value(parse_cards(stronger)), value(parse_cards(weaker))
    assert (name(a), name(b)) == (cat_a, cat_b), (
        f"{stronger} / {weaker}: categories {name(a)} / {name(b)}"
    )
    assert a > b, f"expected {stronger} to beat {weaker}, got values {a} <= {b}"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("As Kd Qh Jc 9s", "Ah Ks Qd Jh 9c"),
        ("5c 4d 3h 2s Ac", "5d 4h 3s 2c Ad"),
        ("Ah Qh 9h 5h 3h", "As Qs 9s 5s 3s"),
        ("Tc Td 4h 4s 2c", "Th Ts 4c 4d 2d"),
    ],
)
def test_suits_never_rank_high_hands(a, b):
    """RULES §1.4."""
    assert high_value(parse_cards(a)) == high_value(parse_cards(b)), f"{a} and {b} should tie"
    assert ref.high_key(parse_cards(a)) == ref.high_key(parse_cards(b))


# §3.3: qualifying lows in strictly decreasing quality (each beats the next).
LOW_LADDER = [
    "5h 4h 3h 2h Ah",  # the wheel, even suited (§3.2)
    "6c 4d 3h 2s Ac",
    "6c 5d 3h 2s Ac",
    "7c 5d 4h 3s 2c",
    "8c 4d 3h 2s Ac",
    "8c 7d 4h 2s Ac",
    "8c 7d 4h 3s Ad",
    "8c 7d 5h 2s Ad",
    "8c 7d 6h 5s 3c",
    "8c 7d 6h 5s 4c",  # the worst qualifying low
]


@pytest.mark.parametrize(
    "i", range(len(LOW_LADDER) - 1), ids=[f"{a}>{b}" for a, b in pairwise(LOW_LADDER)]
)
def test_low_ladder(i):
    better, worse = parse_cards(LOW_LADDER[i]), parse_cards(LOW_LADDER[i + 1])
    a, b = low_value(better, 8), low_value(worse, 8)
    assert a is not None and b is not None and a > b, (
        f"expected {LOW_LADDER[i]} to beat {LOW_LADDER[i + 1]}: {a}, {b}"
    )
    assert ref.low_key(better) < ref.low_key(worse)


def test_every_qualifying_low_is_ordered_highest_card_first():
    """RULES §3.3 over all 56 rank sets of five different low ranks; 8-7-6-5-4 is the worst."""
    suits = "cdhsc"
    lows = []
    for ranks in combinations("A2345678", 5):
        five = parse_cards([r + suits[i] for i, r in enumerate(ranks)])
        lows.append((sorted((c.low_rank for c in five), reverse=True), low_value(five, 8), ranks))
    by_rule = sorted(lows, key=lambda t: t[0])
    by_engine = sorted(lows, key=lambda t: t[1], reverse=True)
    assert [t[2] for t in by_engine] == [t[2] for t in by_rule]
    assert by_engine[-1][2] == ("4", "5", "6", "7", "8")


@pytest.mark.parametrize(
    ("cards", "qualifier", "qualifies"),
    [
        ("8c 7d 6h 5s 4c", 8, True),
        ("5c 4c 3c 2c Ac", 8, True),
        ("9c 4d 3h 2s Ac", 8, False),
        ("9c 4d 3h 2s Ac", 9, True),
        ("Tc 4d 3h 2s Ac", 9, False),
        ("8c 8d 4h 3s 2c", 8, False),
        ("Ac Ad 4h 3s 2c", 9, False),
        ("Ac 2d 3h 4s Kc", 8, False),
        ("Kc Qd Jh Ts 9c", None, True),
        ("2c 2d 2h 2s 3c", None, True),
    ],
)
def test_low_qualification(cards, qualifier, qualifies):
    """RULES §3.1 and §3.6: five different ranks at or below the qualifier; no qualifier takes anything."""
    got = low_value(parse_cards(cards), qualifier)
    assert (got is not None) == qualifies, (
        f"{cards} with qualifier {qualifier}: expected {qualifies}, got {got}"
    )
    assert (ref.low_key(parse_cards(cards), qualifier) is not None) == qualifies


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Kc Qd Jh 9s 8c", "2c 2d 3h 4s 5c"),  # any unpaired hand beats a pair
        ("Ac Ad 2h 3s 4c", "2c 2d Ah 3s 4c"),  # a pair of aces is the lowest pair
        ("3c 3d 2h Ks Qc", "3h 3s 2s 2c Ac"),  # one pair beats two pair
        ("9c 9d 8h 8s 3c", "5c 5d 5h As 2c"),  # two pair beats trips
        ("7c 5d 4h 3s 2c", "8c 4d 3h 2s Ac"),
    ],
)
def test_low_without_qualifier(better, worse):
    """RULES §3.6 (no qualifier): pairs allowed but worse than any unpaired low, as in ace-to-five lowball."""
    a, b = low_value(parse_cards(better), None), low_value(parse_cards(worse), None)
    assert a > b, f"expected {better} to beat {worse} with no qualifier: {a} <= {b}"


@pytest.mark.parametrize(
    ("a", "b"), [("7c 5d 4h 3s 2c", "7h 5s 4d 3c 2d"), ("5h 4h 3h 2h Ah", "5c 4d 3h 2s Ac")]
)
def test_tied_lows(a, b):
    """RULES §3.4: equal ranks tie whatever the suits."""
    got_a, got_b = low_value(parse_cards(a), 8), low_value(parse_cards(b), 8)
    assert got_a == got_b, f"expected {a} and {b} to tie, got {got_a} and {got_b}"


@pytest.mark.parametrize(
    ("text", "value"), [("8", 8), ("9", 9), ("none", None), (" NONE ", None), (9, 9), (None, None)]
)
def test_qualifier_setting(text, value):
    assert qualifier(text) == value


@pytest.mark.parametrize("text", ["7", "10", "any", ""])
def test_qualifier_setting_rejects(text):
    with pytest.raises(DealError, match="not 8, 9 or none"):
        qualifier(text)


def test_high_only_games_have_no_low_half():
    for g in GAMES.values():
        if not g.split:
            hands = evaluate(
                g, parse_cards("Ah 2h 3c 4c 5d 6d")[: g.hole_cards], parse_cards("3h 4s 5s Kd Jh")
            )
            assert hands.low is None, f"{g.name}: a high-only game gave a low {hands.low}"


def test_equal_hole_pairs_show_the_first_in_listing_order_with_any_number_of_hole_cards() -> None:
    # Three nines: each pair of them with K Q 7 makes the same pair of nines; the first two listed are
    # the ones shown, with five or six hole cards as with four (a report must not depend on the hand's size).
    board = parse_cards("Kd Qh 7s 4c 2h")
    shown = [
        evaluate(game(name), parse_cards(hole), board).high.cards
        for name, hole in (
            ("omaha", "9s 9h 9d 3c"),
            ("omaha-5", "9s 9h 9d 3c 5c"),
            ("omaha-6", "9s 9h 9d 3c 5c 6d"),
            ("omaha8-6", "9d 9s 9h 3c 5c 6d"),
        )
    ]
    assert [" ".join(map(str, cards)) for cards in shown] == ["9s 9h Kd Qh 7s"] * 3 + [
        "9s 9d Kd Qh 7s"
    ]


# --- the house: evaluate/ in layers ------------------------------------------------------------

EVALUATE_LAYERS = {
    "hands": set(),
    "tables": {"hands"},
    "fast": {"hands", "tables"},
    "generic": {"hands", "tables"},
}


@pytest.mark.parametrize("module", sorted(EVALUATE_LAYERS))
def test_each_evaluate_file_imports_only_the_layers_below_it(module):
    """hands -> tables -> {fast, generic}: fast and generic never call each other, and only the package's
    ``__init__`` (``path``) decides which of them serves a deal."""
    import ast
    from pathlib import Path

    import hilo_cli.evaluate as package

    source = (Path(package.__file__).parent / f"{module}.py").read_text(encoding="utf-8")
    used = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == "hilo_cli.evaluate":
            used |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "hilo_cli.evaluate."
        ):
            used.add(node.module.rsplit(".", 1)[1])
    assert used <= EVALUATE_LAYERS[module], (
        f"{module} imports {sorted(used - EVALUATE_LAYERS[module])}"
    )


@pytest.mark.parametrize(
    ("game_name", "qualifier", "by_suit", "cards", "expected"),
    [
        ("omaha8", 8, False, False, "values"),
        ("omaha8", 8, False, True, "cards"),
        ("omaha8", 8, True, False, "every selection"),
        ("omaha8", None, False, False, "every selection"),
        ("omaha", None, False, False, "values"),  # no low half: the qualifier does not matter
        ("stud8", 8, False, False, "every selection"),
    ],
)
def test_one_place_decides_which_evaluator_serves_a_deal(
    game_name, qualifier, by_suit, cards, expected
):
    from hilo_cli.evaluate import path

    assert path(GAMES[game_name], qualifier, by_suit, cards) == expected
