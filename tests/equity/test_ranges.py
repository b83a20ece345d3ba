"""Ranges (issue 31): the syntax, the hands a range holds, and equity against ranges.

* The hands of a range are held to a matcher written here from the grammar alone (every assignment of
  a pattern's cards to the hand's cards, suit variables different from each other), on random hands.
* Exact range equities equal the average over every consistent tuple of hands (no card twice, none
  seen) and every runout, each deal settled by ``settle()`` and by the tests' reference settler, on
  random small spots of every game (a property test).
* A sampled run's standard error covers the exact answer at the rate it should (a slow test).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations, permutations, product

import pytest
import reference as ref
from click.testing import CliRunner
from conftest import one_error_line

from hilo_cli import api
from hilo_cli.cards import DECK, TEXT, Card
from hilo_cli.cli import main
from hilo_cli.deal import Deal, Player
from hilo_cli.equity import equity
from hilo_cli.equity import ranges as R
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES
from hilo_cli.showdown import settle

O8 = GAMES["omaha8"]
RANKS = "23456789TJQKA"


# --- The hands of a range, against a matcher written from the grammar -----------------------------


def _spec_matches(spec: str, card: Card, variables: dict[str, int]) -> bool:
    rank, suit = spec[0], spec[1:]
    if rank != "*" and RANKS.index(rank.upper()) != card.rank - 2:
        return False
    if suit in ("", "*"):
        return True
    if suit in "cdhs":
        return "cdhs".index(suit) == card.suit
    return variables[suit] == card.suit


def _split(pattern: str) -> list[str]:
    specs, i = [], 0
    while i < len(pattern):
        j = i + 1
        if j < len(pattern) and pattern[j] in "cdhswxyz":
            j += 1
        specs.append(pattern[i:j])
        i = j
    return specs


def matches(pattern: str, hand: tuple[Card, ...]) -> bool:
    """The reference: some order of the hand's cards and some choice of different suits for the
    variables match each spec to its card."""
    specs = _split(pattern)
    names = sorted({s[1] for s in specs if len(s) > 1 and s[1] in "wxyz"})
    for suits in permutations(range(4), len(names)):
        variables = dict(zip(names, suits, strict=True))
        for order in permutations(hand):
            if all(_spec_matches(s, c, variables) for s, c in zip(specs, order, strict=True)):
                return True
    return False


def shape(hand: tuple[Card, ...]) -> str:
    suited = sum(1 for s in range(4) if sum(1 for c in hand if c.suit == s) >= 2)
    return "ds" if suited >= 2 else "ss" if suited == 1 else "r"


def hands_of(text: str, game: str = "omaha8") -> set[tuple[Card, ...]]:
    rows = R.members(R.parse(text, GAMES[game]))
    return {tuple(DECK[c] for c in row) for row in rows.tolist()}


@pytest.mark.parametrize(
    ("text", "test"),
    [
        ("A2**", lambda h: matches("A2**", h)),
        ("AA23", lambda h: matches("AA23", h)),
        ("As2s**", lambda h: matches("As2s**", h)),
        ("AxAy2x3y", lambda h: matches("AxAy2x3y", h)),
        ("A2**$ds", lambda h: matches("A2**", h) and shape(h) == "ds"),
        ("$r", lambda h: shape(h) == "r"),
        ("A2**, A3**", lambda h: matches("A2**", h) or matches("A3**", h)),
        ("A2** !AA**", lambda h: matches("A2**", h) and not matches("AA**", h)),
        ("A2**:$ss", lambda h: matches("A2**", h) and shape(h) == "ss"),
        ("!A***", lambda h: not matches("A***", h)),
        ("*s*s*s*s", lambda h: matches("*s*s*s*s", h)),
        (
            "KK** !KKK*, 2345",
            lambda h: (matches("KK**", h) and not matches("KKK*", h)) or matches("2345", h),
        ),
    ],
)
def test_a_range_holds_exactly_the_hands_its_grammar_says(text, test) -> None:  # type: ignore[no-untyped-def]
    found = hands_of(text)
    rnd = random.Random(text)
    sample = [tuple(sorted(rnd.sample(DECK, 4))) for _ in range(1500)]
    sample += rnd.sample(sorted(found), min(300, len(found)))  # members: the rarer side
    for hand in sample:
        assert (hand in found) == bool(test(hand)), (text, [str(c) for c in hand])


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA**", 6 * 1128 + 4 * 48 + 1),  # two aces, three, four
        ("AA23", 6 * 4 * 4),
        ("As2s**", 1225),
        (
            "AxAy2x3y",
            4 * 3,
        ),  # x and y two different suits: the deuce with the one ace, the trey the other
        ("random", 270725),
        ("$ds", 6 * 78 * 78),  # two suits, two cards of each
        ("$r", 13**4),
        ("AsKsQsJs", 1),
    ],
)
def test_a_range_counts_its_hands(text: str, count: int) -> None:
    assert len(hands_of(text)) == count


def test_a_stud_pattern_is_the_cards_held_so_far() -> None:
    found = hands_of("A2*7c8h", "stud8")
    assert all(len(h) == 5 for h in found)
    assert all(matches("A2*7c8h", h) for h in found)
    assert len(found) == len({h for h in found})


@pytest.mark.parametrize(
    ("text", "game", "message"),
    [
        ("A2*", "omaha8", "range 'A2*': a pattern has 4 cards in omaha8, this has 3"),
        ("A2**, K*", "omaha8", "a pattern has 4 cards in omaha8, 'K*' has 2"),
        ("A2**", "omaha8-5", "a pattern has 5 cards in omaha8-5, this has 4"),
        ("A2*Z", "omaha8", "'Z' in 'A2*Z' is not a rank"),
        ("A2**$dd", "omaha8", "'$dd' is not a shape"),
        ("$foo", "omaha8", "'$foo' is not a shape"),
        ("15", "omaha8", "is not a rank"),
        ("150%", "omaha8", "a share runs from 0% to 100%"),
        ("20%-10%", "omaha8", "a share runs from 0% to 100%"),
        ("1x%", "omaha8", "is not a share of hands"),
        ("15%", "stud8", "stud8 has none"),
        ("A2**,,A3**", "omaha8", "an empty alternative"),
        ("A2** !", "omaha8", "'!' is not followed by anything"),
        ("AsAs**", "omaha8", "As is written twice"),
        ("A2*, A2*7c", "stud8", "its patterns have 3 and 4 cards"),
        ("A2", "stud8", "a pattern has 3 to 7 cards in stud8"),
    ],
)
def test_a_bad_range_says_what_is_wrong(text: str, game: str, message: str) -> None:
    with pytest.raises(R.RangeError) as e:
        R.parse(text, GAMES[game])
    assert message in e.value.message


def test_a_bad_range_on_the_command_line_is_one_line_naming_the_player() -> None:
    result = CliRunner().invoke(main, ["equity", "--board", "Ah 7c 8d", "A=A2*", "B=Kc Qs Jh 9d"])
    line = one_error_line(result)
    assert line == "hilo: error: player A: range 'A2*': a pattern has 4 cards in omaha8, this has 3"


def test_a_range_with_no_hand_left_is_one_line() -> None:
    result = CliRunner().invoke(main, ["equity", "--board", "Ah Ac Ad", "A=AA**", "B=Kc Qs Jh 9d"])
    assert "no hand of range 'AA**' is left" in one_error_line(result)


# --- Exact range equity against every consistent deal, settled -------------------------------------


def _spot(
    rnd: random.Random, g_name: str
) -> tuple[Deal, tuple[Card, ...], dict[str, str], dict[str, list[tuple[Card, ...]]]]:
    """A small random spot: one or two ranges of a few hands each (written as lists of hands, with at
    most one wild card, some sharing cards so that card removal matters), a known hand or two, and
    at most one card to come on the board (stud: one card to come to each hand)."""
    g = GAMES[g_name]
    deck = list(DECK)
    rnd.shuffle(deck)
    board_known = g.board_cards - rnd.choice([0, 1]) if g.board_cards else 0
    board, deck = tuple(deck[:board_known]), deck[board_known:]
    held = g.hole_cards if g.board_cards else 6
    n = rnd.choice([2, 3]) if g.board_cards else 2  # stud: a card to come to each hand
    ranged = rnd.sample(range(n), rnd.choice([1, 2]) if n > 2 else 1)
    players, texts, lists = [], {}, {}
    seats = rnd.sample(range(1, 10), n)
    pool = deck[: held + 3]  # a few cards every range draws from: the ranges overlap
    for i in range(n):
        name = f"P{i}"
        if i in ranged:
            hands: list[tuple[Card, ...]] = []
            for _ in range(rnd.choice([2, 3])):
                hands.append(tuple(rnd.sample(pool, held)))
            written = ["".join(TEXT[c] for c in h) for h in hands]
            if g.board_cards and rnd.random() < 0.4:  # a hand with a wild card for its last
                base = hands[0][:-1]
                written[0] = "".join(TEXT[c] for c in base) + "*"
                hands = [tuple([*base, c]) for c in DECK if c not in base] + hands[1:]
            texts[name] = ", ".join(written)
            lists[name] = hands
            players.append(Player(name, seats[i], (), rnd.randint(1, 30)))
        else:
            hole = tuple(deck[len(pool) : len(pool) + held])
            deck = deck[: len(pool)] + deck[len(pool) + held :]
            players.append(Player(name, seats[i], hole, rnd.randint(1, 30)))
    dead = tuple(c for c in deck[len(pool) : len(pool) + rnd.choice([0, 2])])
    qualifier = rnd.choice([8, None]) if g.split else 8
    deal = Deal(
        g,
        board,
        tuple(players),
        button=rnd.choice(seats),
        qualifier=qualifier,
        odd_chip=rnd.choice([None, "button"]),
    )
    return deal, dead, texts, lists


def _brute(
    deal: Deal, dead: tuple[Card, ...], lists: dict[str, list[tuple[Card, ...]]]
) -> tuple[dict[str, Fraction], dict[str, Fraction], int]:
    """Expected chips by ``settle`` and by the reference over every tuple of hands with no card twice
    and none seen, and every way to deal what is still to come."""
    g = deal.game
    seen = set(deal.board) | set(dead) | {c for p in deal.players for c in p.hole or ()}
    names = [p.name for p in deal.players]
    choices = [
        [h for h in dict.fromkeys(tuple(sorted(h)) for h in lists[p.name]) if not seen & set(h)]
        if p.name in lists
        else [tuple(p.hole or ())]
        for p in deal.players
    ]
    ours: dict[str, int] = dict.fromkeys(names, 0)
    theirs: dict[str, int] = dict.fromkeys(names, 0)
    deals = 0
    for hands in product(*choices):
        cards = [c for h in hands for c in h]
        if len(set(cards)) != len(cards):
            continue
        left = [c for c in DECK if c not in seen and c not in cards]
        to_board = g.board_cards - len(deal.board)
        to_hands = [g.hole_cards - len(h) for h in hands]
        for parts in _dealings(left, [to_board, *to_hands]):
            players = tuple(
                p._replace(hole=(*h, *extra))
                for p, h, extra in zip(deal.players, hands, parts[1:], strict=True)
            )
            full = deal._replace(board=(*deal.board, *parts[0]), players=players)
            for r in settle(full).players:
                ours[r.name] += r.won - r.returned
            won, _, returned = ref.settle(full)
            for name in names:
                theirs[name] += won.get(name, 0) - returned.get(name, 0)
            deals += 1
    return (
        {n: Fraction(c, deals) for n, c in ours.items()},
        {n: Fraction(c, deals) for n, c in theirs.items()},
        deals,
    )


def _dealings(left: list[Card], parts: list[int]) -> Iterator[list[tuple[Card, ...]]]:
    """Every way to deal ``parts`` cards (the board's, then each hand's) from ``left``, each a set."""
    if not parts:
        yield []
        return
    for chosen in combinations(left, parts[0]):
        rest = [c for c in left if c not in chosen]
        for more in _dealings(rest, parts[1:]):
            yield [chosen, *more]


@pytest.mark.parametrize(
    "g_name",
    [g if g in ("omaha8", "stud8") else pytest.param(g, marks=pytest.mark.slow) for g in GAMES],
)
def test_exact_range_equity_is_the_average_over_every_consistent_deal(g_name: str) -> None:
    rnd = random.Random(f"ranges {g_name}")
    done = 0
    while done < 3:
        deal, dead, texts, lists = _spot(rnd, g_name)
        ranges = {name: R.parse(text, deal.game) for name, text in texts.items()}
        try:
            e = equity(deal, dead, ranges=ranges)
        except DealError as err:
            assert "no deal" in str(err) or "no hand" in str(err) or "put in" in str(err), err
            continue
        ours, theirs, deals = _brute(deal, dead, lists)
        assert e.exact and e.runouts == deals, (texts, e.runouts, deals)
        got = {p.name: p.expected_chips for p in e.players}
        assert got == ours, (deal, texts)
        assert got == theirs, (deal, texts)
        done += 1


def test_a_known_hand_as_a_range_of_one_is_the_hand() -> None:
    """A range of one hand is that hand: the same fractions as the hand written as cards."""
    board = "Ah 7c 8d Ks"
    plain = CliRunner().invoke(
        main, ["equity", "--board", board, "A=As 2s Kd Qh", "B=Ac 3c Td 9h", "--format", "json"]
    )
    ranged = CliRunner().invoke(
        main,
        ["equity", "--board", board, "A=As2sKdQh, As2sKdQh", "B=Ac 3c Td 9h", "--format", "json"],
    )
    a, b = json.loads(plain.stdout), json.loads(ranged.stdout)
    assert [p["equity_fraction"] for p in a["players"]] == [
        p["equity_fraction"] for p in b["players"]
    ]
    assert b["players"][0]["range"] == "As2sKdQh, As2sKdQh" and b["players"][0]["combinations"] == 1


def test_batch_records_and_the_api_take_ranges() -> None:
    record = {
        "board": "Ah 7c 8d Ks",
        "pot": 100,
        "players": [{"name": "A", "hole": "A2**"}, {"name": "B", "hole": "Kc Qs Jh 9d"}],
        "samples": 2000,
    }
    out = api.equity_record(record)
    assert out["players"][0]["range"] == "A2**" and out["players"][0]["combinations"] > 0
    result = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=json.dumps(record))
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout)
    del line["source"]
    assert line == out


def test_ranges_take_side_pots_and_several_boards() -> None:
    args = ["equity", "--board", "Ah 7c 8d Ks", "--board", "Ah 7c 8d 2s"]
    result = CliRunner().invoke(
        main,
        [
            *args,
            "A=AsTs**@100",
            "B=Kc Qs Jh 9d@50",
            "C=Ac 3c 4d 5h@100",
            "--format",
            "json",
            "--samples",
            "3000",
        ],
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert len(out["by_board"]) == 2 and sum(
        p["expected_chips"] for p in out["players"]
    ) == pytest.approx(250)
    assert out["players"][0]["range"] == "AsTs**"


# --- The stated standard error of a sampled range run -------------------------------------------


@pytest.mark.slow
def test_the_standard_error_of_a_sampled_range_covers_the_exact_answer() -> None:
    """Over many seeds, the exact equity lies within one stated standard error about 68% of the time
    and within two about 95%."""
    deal = Deal(
        O8,
        tuple(DECK[c] for c in (48, 21, 27, 45)),  # Ah 7d 8s Kd, the turn
        (Player("A", 1, ()), Player("B", 2, tuple(DECK[c] for c in (20, 44, 39, 31)))),
    )
    ranges = {"A": R.parse("A2**, KK**", O8)}
    exact = equity(deal, (), ranges=ranges)
    assert exact.exact
    truth = float(exact.players[0].equity)
    one = two = 0
    seeds = 300
    for seed in range(seeds):
        e = equity(deal, (), samples=3000, seed=seed, ranges=ranges)
        se = e.players[0].se
        assert se is not None
        off = abs(float(e.players[0].equity) - truth)
        one += off <= se["equity"]
        two += off <= 2 * se["equity"]
    assert 0.60 <= one / seeds <= 0.76, one
    assert 0.91 <= two / seeds <= 0.985, two


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--board", "Ah 7c 8d", "--board", "2s 3s 4s", "--multi-board", "either"],
            "a range is for one board or --multi-board each",
        ),
        (["--game", "stud8"], "stud8 has none"),
    ],
)
def test_a_range_where_it_cannot_go_is_one_line(args: list[str], message: str) -> None:
    hands = ["A=15%", "B=Kc Qs Jh 9d"] if "stud8" not in args else ["A=15%", "B=Kc Qs Jh"]
    result = CliRunner().invoke(main, ["equity", *args, *hands])
    assert message in one_error_line(result)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("A2**, KK**", "KK**, A2**"),
        ("A2** !AA** $ds", "$ds:!AA**:A2**"),
        ("AxAy2x3y", "2x3yAxAy"),
        ("as2S**", "**2sAs"),
    ],
)
def test_a_range_is_the_same_however_its_parts_are_ordered(one: str, other: str) -> None:
    assert hands_of(one) == hands_of(other)


def test_the_players_order_does_not_change_a_range_run() -> None:
    """Cards speak: listing the players the other way round (no money: no odd chip to move) gives
    each the same exact equity."""
    board = ("Ah 7c 8d Ks", "")
    forward = ["A=As2sKh*", "B=Kc Qs Jh 9d", "C=QdQhJd*"]
    runs = []
    for players in (forward, forward[::-1]):
        r = CliRunner().invoke(
            main, ["equity", "--board", board[0], *players, "--format", "json", "--exact"]
        )
        assert r.exit_code == 0, r.output
        runs.append({p["name"]: p["equity_fraction"] for p in json.loads(r.stdout)["players"]})
    assert runs[0] == runs[1]
