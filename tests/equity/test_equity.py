"""``hilo_cli.equity``: every runout settled exactly as ``settle`` settles a showdown (RULES §3.5, §4, §5).

The vectorised path is held, chip for chip and as exact fractions, to a brute force written here that
calls ``settle()`` on every runout; then the sums, the seeds, sampling against exact, and a full board
against ``showdown``.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.cards import DECK, Card, parse_cards
from hilo_cli.deal import Deal
from hilo_cli.equity import Equity, equity
from hilo_cli.errors import DealError
from hilo_cli.formats.records import Defaults, deal_from_record
from hilo_cli.showdown import settle


def _deal(players: list[dict[str, Any]], board: str, **fields: Any) -> Deal:
    defaults = Defaults(
        fields.pop("game", "omaha8"),
        fields.pop("qualifier", 8),
        fields.pop("chip_unit", 1),
        fields.pop("odd_chip", None),
    )
    return deal_from_record({"players": players, "board": board, **fields}, defaults)


def _brute(deal: Deal, dead: tuple[Card, ...] = ()) -> dict[str, Any]:
    """Expected chips per player and per pot, and the figures, from ``settle`` on every runout."""
    used = set(deal.board) | set(dead) | {c for p in deal.players for c in p.hole or ()}
    unknown = [c for c in DECK if c not in used]
    live = [p.name for p in deal.players if not p.folded]
    chips = dict.fromkeys(live, 0)
    pots: dict[tuple[str, str], int] = {}
    counts = {
        k: dict.fromkeys(live, 0) for k in ("scoop", "high_win", "high_tie", "low_win", "low_tie")
    }
    runouts = 0
    for runout in combinations(unknown, 5 - len(deal.board)):
        s = settle(deal._replace(board=deal.board + runout))
        runouts += 1
        for r in s.players:
            if r.name in chips:
                chips[r.name] += r.won - r.returned
        for pot in s.pots:
            for name in pot.eligible:
                pots[pot.name, name] = pots.get((pot.name, name), 0) + pot.shares.get(name, 0)
        main = s.pots[0]
        assert tuple(main.eligible) == tuple(live)
        high, low = main.high.winners, main.low.winners if main.low is not None else ()
        for name in live:
            if name in high:
                counts["high_win" if len(high) == 1 else "high_tie"][name] += 1
                if len(high) == 1 and (not low or low == (name,)):
                    counts["scoop"][name] += 1
            if name in low:
                counts["low_win" if len(low) == 1 else "low_tie"][name] += 1
    return {
        "runouts": runouts,
        "chips": {n: Fraction(c, runouts) for n, c in chips.items()},
        "pots": {k: Fraction(c, runouts) for k, c in pots.items()},
        "counts": {k: {n: Fraction(c, runouts) for n, c in v.items()} for k, v in counts.items()},
    }


def _agree(e: Equity, brute: dict[str, Any]) -> None:
    assert e.exact and e.runouts == brute["runouts"]
    for p in e.players:
        assert p.expected_chips == brute["chips"][p.name], (
            p.name,
            p.expected_chips,
            brute["chips"][p.name],
        )
        for k, by_name in brute["counts"].items():
            got = getattr(p, k)
            if got is not None:
                assert got == by_name[p.name], (p.name, k, got, by_name[p.name])
    for pot in e.pots:
        for name, value in pot.expected_chips.items():
            assert value == brute["pots"][pot.name, name], (pot.name, name)


SMALL_CASES = {
    "turn known, heads-up, odd pot": (
        [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
        "2h 7c 8d Ks",
        {"pot": 101},
    ),
    "flop known, heads-up": (
        [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
        "2h 7c 8d",
        {"pot": 100},
    ),
    "flop known, 3-way, side pots, dead money, odd chips": (
        [
            {"name": "A", "hole": "Ah 2h 3c Kd", "contributed": 33, "seat": 1},
            {"name": "B", "hole": "Ad 2c 5s Qs", "contributed": 71, "seat": 2},
            {"name": "C", "hole": "Kh Ks 9h 9d", "contributed": 120, "seat": 3},
            {"name": "D", "hole": "4h 4d Jc Js", "contributed": 15, "folded": True, "seat": 4},
        ],
        "3d 6h 9c",
        {"button": 2},
    ),
    "flop known, 3-way, the same lows tie (quarters), button in the middle": (
        [
            {"name": "A", "hole": "Ah 2h Kc Kd", "seat": 1},
            {"name": "B", "hole": "Ad 2d Qc Qh", "seat": 2},
            {"name": "C", "hole": "Js Ts 9s 3c", "seat": 3},
        ],
        "4c 5d 8s",
        {"pot": 103, "button": 2},
    ),
    "high only": (
        [{"name": "A", "hole": "As Ks Qd Jd"}, {"name": "B", "hole": "9h 9c 8h 7c"}],
        "Ts 2s 7h",
        {"pot": 60, "game": "omaha"},
    ),
    "Big O, 3-way": (
        [
            {"name": "A", "hole": "As 2s 3d Kh Qh"},
            {"name": "B", "hole": "Ad 4c 5h Js Jc"},
            {"name": "C", "hole": "Kd Kc 8h 8d 7s"},
        ],
        "2h 6c Tc",
        {"pot": 301, "game": "omaha8-5"},
    ),
    "6-card Omaha, 9 qualifier": (
        [{"name": "A", "hole": "As 2s 3d Kh Qh 9c"}, {"name": "B", "hole": "Ad 4c 5h Js Jc 9d"}],
        "9h 6c Td",
        {"pot": 75, "game": "omaha8-6", "qualifier": 9},
    ),
    "chip unit 5, uncalled chips returned": (
        [
            {"name": "A", "hole": "As 2s Kd Qh", "contributed": 50},
            {"name": "B", "hole": "Ac 3c Th Td", "contributed": 85},
            {"name": "C", "hole": "5c 6c 7d 8h", "contributed": 100},
        ],
        "2h 7c Jd",
        {"chip_unit": 5},
    ),
    "a side pot only one live player can win (a folded player's chips above an all-in)": (
        [
            {"name": "A", "hole": "As 2s Kd Qh", "contributed": 50},
            {"name": "B", "hole": "Ac 3c Th Td", "contributed": 100},
            {"name": "C", "hole": "9c 9d 4h 4s", "contributed": 100, "folded": True},
        ],
        "2h 7c 8d",
        {},
    ),
    "9 players on the turn, a side pot per stack (patterns wider than 63 bits)": (
        [
            {
                "name": f"P{i}",
                "hole": " ".join(str(DECK[i + 9 * j]) for j in range(4)),
                "contributed": 10 * i + 5,
            }
            for i in range(9)
        ],
        "Jc Qd Kh As",
        {"button": 3},
    ),
}


@pytest.mark.parametrize("case", list(SMALL_CASES))
def test_vectorised_equals_settle_on_every_runout(case: str) -> None:
    players, board, fields = SMALL_CASES[case]
    deal = _deal(players, board, **fields)
    _agree(equity(deal, method="vector"), _brute(deal))


def test_suit_odd_chip_ties_are_settled_runout_by_runout() -> None:
    # RULES §4.6: who gets a leftover unit of a tied half depends on the cards, not only on who tied.
    deal = _deal(
        [
            {"name": "A", "hole": "Ah 2h Kc Kd"},
            {"name": "B", "hole": "Ad 2d Qc Qh"},
            {"name": "C", "hole": "Js Ts 9s 3c"},
        ],
        "4c 5d 8s Kh",
        pot=103,
        odd_chip="suit",
    )
    _agree(equity(deal, method="vector"), _brute(deal))


def test_dead_cards_leave_the_deck() -> None:
    deal = _deal(
        [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
        "2h 7c 8d",
        pot=100,
    )
    dead = parse_cards("4c 5c 6h")
    e = equity(deal, dead, method="vector")
    assert e.runouts == 38 * 37 // 2  # 52 - 8 hole - 3 board - 3 dead
    _agree(e, _brute(deal, dead))


@pytest.mark.parametrize("odd_chip", [None, "suit"])
def test_no_qualifier_low_equals_settle(odd_chip: str | None) -> None:
    # RULES §3.6: every five cards make a low; settle() searches every selection for it.
    deal = _deal(
        [
            {"name": "A", "hole": "As 2s Kd Qh"},
            {"name": "B", "hole": "Ac 3c Th Td"},
            {"name": "C", "hole": "Kc Qc 9s 9d"},
        ],
        "2h 7c 8d Ks",
        pot=101,
        qualifier=None,
        odd_chip=odd_chip,
    )
    e = equity(deal)
    assert e.method == "small"  # 40 runouts: in pure Python, one settle per pattern
    _agree(e, _brute(deal))


def test_plain_and_vector_agree_on_a_flop() -> None:
    players, board, fields = SMALL_CASES["flop known, 3-way, side pots, dead money, odd chips"]
    deal = _deal(players, board, **fields)
    assert equity(deal, method="plain")._replace(method="") == equity(
        deal, method="vector"
    )._replace(method="")


SIX_HANDS = [
    "As 2s Kd Qh",
    "Ac 3c Th Td",
    "4d 5d 6h 9s",
    "Jc Jd 8c 8s",
    "Qc Kc 3h 4h",
    "5s 6s 9d 9c",
]


def test_which_way_a_run_goes() -> None:
    heads_up = [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}]
    # 820 runouts: in pure Python, one settle per pattern, without numpy (issue 31)
    assert equity(_deal(heads_up, "2h 7c 8d", pot=10)).method == "small"
    assert (
        equity(_deal(heads_up, "2h 7c 8d", pot=10), samples=50).method == "vector"
    )  # sampled: numpy draws
    assert equity(_deal(heads_up, "2h 7c", pot=10)).method == "vector"  # 11,480 runouts
    assert equity(_deal(heads_up, "2h 7c 8d", pot=10, odd_chip="suit")).method == "small"
    # No qualifier: every selection searched for the low, ten times the work; still small.
    assert equity(_deal(heads_up, "2h 7c 8d", pot=10, qualifier=None)).method == "small"
    six = [{"name": n, "hole": h} for n, h in zip("ABCDEF", SIX_HANDS, strict=True)]
    assert equity(_deal(six, "2h 7c", pot=10, qualifier=None)).method == "vector"


def _contributed(deal: Deal) -> int:
    return sum(p.contributed or 0 for p in deal.players) if deal.pot is None else deal.pot


@pytest.mark.parametrize("method", ["vector", "plain"])
@pytest.mark.parametrize("case", list(SMALL_CASES))
def test_equities_sum_to_one_and_chips_to_the_pots(case: str, method: str) -> None:
    players, board, fields = SMALL_CASES[case]
    deal = _deal(players, board, **fields)
    e = equity(deal, method=method)
    assert sum(p.equity for p in e.players) == 1
    assert sum(p.expected_chips or 0 for p in e.players) == _contributed(deal) - sum(
        e.returned.values()
    )
    for pot in e.pots:
        assert sum(pot.expected_chips.values()) == pot.amount


def test_preflop_heads_up_sums_exactly() -> None:
    deal = _deal(
        [{"name": "A", "hole": "As 2s 3d Kh"}, {"name": "B", "hole": "Kd Kc Qs Jh"}], "", pot=101
    )
    e = equity(deal)
    assert e.runouts == 1_086_008
    assert sum(p.equity for p in e.players) == 1
    assert sum(p.expected_chips or 0 for p in e.players) == 101


def test_without_money_equity_is_the_share_of_one_pot() -> None:
    # The same ranks, no two cards of a suit in either hand (no flush), no low: always a tie, half each.
    deal = _deal(
        [{"name": "A", "hole": "Ks Kd Qh Jc"}, {"name": "B", "hole": "Kh Kc Qs Jd"}], "9d 9c Tc Ts"
    )
    e = equity(deal)
    assert [p.equity for p in e.players] == [Fraction(1, 2), Fraction(1, 2)]
    assert e.pots == () and all(p.expected_chips is None for p in e.players)


def test_five_board_cards_agree_with_showdown() -> None:
    players, _, fields = SMALL_CASES["flop known, 3-way, side pots, dead money, odd chips"]
    deal = _deal(players, "3d 6h 9c Kc 2s", **fields)
    e = equity(deal)
    s = settle(deal)
    assert e.runouts == 1
    won = {r.name: r.won - r.returned for r in s.players}
    assert {p.name: p.expected_chips for p in e.players} == {n: won[n] for n in ("A", "B", "C")}
    assert e.returned == s.returned


def test_a_seed_reproduces_a_sample() -> None:
    deal = _deal(
        [
            {"name": "A", "hole": "As 2s 3d Kh"},
            {"name": "B", "hole": "Kd Kc Qs Jh"},
            {"name": "C", "hole": "Ad 4c 5h 6s"},
        ],
        "",
        pot=100,
    )
    first, again = equity(deal, samples=5000, seed=7), equity(deal, samples=5000, seed=7)
    other = equity(deal, samples=5000, seed=8)
    assert first == again
    assert first.players != other.players
    assert not first.exact and first.seed == 7 and first.runouts == 5000


SAMPLED_SPOTS = {
    "heads-up flop": (
        [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
        "2h 7c 8d",
        {"pot": 100},
    ),
    "3-way turn, side pots": (
        SMALL_CASES["flop known, 3-way, side pots, dead money, odd chips"][0],
        "3d 6h 9c Qd",
        {"button": 2},
    ),
    "3-way flop": (
        [
            {"name": "A", "hole": "As 2s 3d Kh"},
            {"name": "B", "hole": "Kd Kc Qs Jh"},
            {"name": "C", "hole": "Ad 4c 5h 6s"},
        ],
        "7h 8h 9s",
        {"pot": 90},
    ),
}


@pytest.mark.parametrize("spot", list(SAMPLED_SPOTS))
def test_sampled_within_four_standard_errors_of_exact(spot: str) -> None:
    players, board, fields = SAMPLED_SPOTS[spot]
    deal = _deal(players, board, **fields)
    exact, sampled = equity(deal), equity(deal, samples=20_000, seed=3)
    for x, s in zip(exact.players, sampled.players, strict=True):
        assert s.se is not None
        for field in ("equity", "expected_chips", "scoop", "high_win", "low_win"):
            want, got, se = getattr(x, field), getattr(s, field), s.se[field]
            assert abs(float(got) - float(want)) <= 4 * se + 1e-12, (
                x.name,
                field,
                float(want),
                float(got),
                se,
            )


@pytest.mark.parametrize(
    ("players", "board", "fields", "dead", "message"),
    [
        (
            [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "As 3c Th Td"}],
            "2h 7c 8d",
            {},
            "",
            "As",
        ),
        (
            [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
            "2h 7c 8d",
            {},
            "2h",
            "dead card 2h is on the board",
        ),
        (
            [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
            "2h 7c 8d",
            {},
            "Kd",
            "dead card Kd is in A's hole cards",
        ),
        (
            [
                {"name": "A", "hole": "As 2s Kd Qh 2c 3c 4c 5c"},
                {"name": "B", "hole": "Ac 3s Th Td"},
            ],
            "",
            {"game": "stud8"},
            "",
            "player A has 8 hole cards; stud8 deals 7",
        ),
        (
            [
                {"name": f"P{i}", "hole": " ".join(str(DECK[5 * i + j]) for j in range(5))}
                for i in range(10)
            ],
            "",
            {"game": "omaha8-5"},
            "",
            "10 players of omaha8-5 need 55 cards",
        ),
        (
            [
                {"name": "A", "hole": "As 2s Kd Qh"},
                {"name": "B", "hole": "Ac 3c Th Td", "folded": True},
            ],
            "2h 7c 8d",
            {},
            "",
            "at least two live players",
        ),
        (
            [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
            "2h 7c 8d 9d 9c 9h",
            {},
            "",
            "the board has 6 cards",
        ),
    ],
)
def test_bad_deals_say_what(
    players: list[dict[str, Any]], board: str, fields: dict[str, Any], dead: str, message: str
) -> None:
    fields.setdefault("pot", 10)
    with pytest.raises(DealError, match=message):
        equity(_deal(players, board, **fields), parse_cards(dead))


def test_too_few_cards_left() -> None:
    players = [
        {"name": f"P{i}", "hole": " ".join(str(DECK[4 * i + j]) for j in range(4))}
        for i in range(9)
    ]
    dead = DECK[36:50]  # 16 unknown cards, 14 of them dead: 2 left for 5 board cards
    with pytest.raises(
        DealError, match="too few cards left: 2 unknown cards for the 5 board cards"
    ):
        equity(_deal(players, "", pot=10), dead)


_HANDS = ["As 2s Kd Qh", "Ac 3c Th Td", "5h 6h 7d 4c", "Ad 2d 9s 9c"]


@settings(max_examples=25, deadline=None)
@given(
    st.permutations(range(3)),
    st.randoms(use_true_random=False),
    st.sampled_from([7, 100, 101, 1001]),
)
def test_the_same_cards_settle_the_same_in_any_order(order: list[int], rnd: Any, pot: int) -> None:
    """Players listed in any order (their seats and the button kept), cards written in any order."""
    players = [
        {"name": n, "hole": h, "seat": s} for n, h, s in zip("ABC", _HANDS, (1, 4, 6), strict=False)
    ]
    board = parse_cards("2h 7c 8d Ks")

    def shuffled(text: str) -> str:
        cards = text.split()
        rnd.shuffle(cards)
        return " ".join(cards)

    base = equity(_deal(players, "2h 7c 8d Ks", pot=pot, button=4))
    listed = [dict(players[i], hole=shuffled(players[i]["hole"])) for i in order]
    again = equity(_deal(listed, shuffled(" ".join(map(str, board))), pot=pot, button=4))
    assert {p.name: p for p in base.players} == {p.name: p for p in again.players}


def test_nothing_in_the_pots_gives_the_share_of_one_pot() -> None:
    players = [{"name": "A", "hole": "Ks Kd Qh Jc"}, {"name": "B", "hole": "Kh Kc Qs Jd"}]
    for listed, fields in ((players, {"pot": 0}), ([dict(p, contributed=0) for p in players], {})):
        e = equity(_deal(listed, "9d 9c Tc Ts", **fields))
        assert [p.equity for p in e.players] == [Fraction(1, 2), Fraction(1, 2)]
        assert not e.money and e.pots == ()


def test_courchevel_with_its_first_flop_card_up() -> None:
    # RULES §6: in Courchevel one flop card is dealt face up before the betting, so one card is known;
    # dead cards keep the brute force short.
    deal = _deal(
        [{"name": "A", "hole": "As 2s 3d Kh Qh"}, {"name": "B", "hole": "Ad 4c 5h Js Jc"}],
        "7d",
        pot=51,
        game="courchevel8",
    )
    dead = tuple(
        c for c in DECK if c >> 2 in (6, 7, 8) or c in parse_cards("Kc Kd Ks Qc Qd Qs 2c 3c 4d")
    )
    e = equity(deal, dead, method="vector")
    assert e.runouts == 4845  # C(20, 4)
    _agree(e, _brute(deal, dead))


@pytest.mark.parametrize(
    ("case", "method", "samples"),
    [
        ("flop known, heads-up", "plain", None),
        ("flop known, 3-way, side pots, dead money, odd chips", "plain", None),
        ("flop known, 3-way, side pots, dead money, odd chips", "vector", 3000),
        ("chip unit 5, uncalled chips returned", "vector", None),
    ],
)
def test_the_deal_is_checked_once_and_no_runout_names_a_hand(
    monkeypatch: pytest.MonkeyPatch, case: str, method: str, samples: int | None
) -> None:
    """Issue 22: the checks and the pots of the unchanged deal are made once, before the runouts
    (``prepare``), not again for each runout settled; and no runout's winning hands are named, since
    equity prints none. The figures stay those of ``settle`` on every runout (the tests above)."""
    import hilo_cli.evaluate
    import hilo_cli.showdown

    calls = dict.fromkeys(("check", "pots", "names"), 0)

    def counted(what: str, real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            calls[what] += 1
            return real(*args, **kwargs)

        return call

    players, board, fields = SMALL_CASES[case]
    deal = _deal(players, board, **fields)
    showdown, evaluation = hilo_cli.showdown, hilo_cli.evaluate.Evaluation
    monkeypatch.setattr(showdown, "check_deal", counted("check", showdown.check_deal))
    monkeypatch.setattr(showdown, "build_pots", counted("pots", showdown.build_pots))
    monkeypatch.setattr(evaluation, "high_name", counted("names", evaluation.high_name))
    monkeypatch.setattr(evaluation, "low_name", counted("names", evaluation.low_name))
    result = equity(deal, samples=samples, method=method)
    assert result.runouts >= 500
    assert calls["check"] == 1 and calls["pots"] <= 1, calls
    # The one settle of ``prepare`` names each pot's winning hands: two a pot at most.
    assert calls["names"] <= 2 * len(result.pots or (None,)), calls
