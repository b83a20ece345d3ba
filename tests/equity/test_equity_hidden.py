"""Issue 19, item 4: seven-card stud hi/lo, and Omaha hands partly known (``??``) or not seen (``random``).

Exact equities are held, as fractions, to a brute force over every completion (the board's missing
cards and each hidden hand's, no card twice), each settled whole by ``reference.settle`` (written from
RULES alone, sharing no code with hilo) and by ``settle()``, on random spots of every game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

import pytest
import reference as ref
from click.testing import CliRunner

from hilo_cli.cards import DECK, Card
from hilo_cli.cli import main
from hilo_cli.deal import Deal, Player
from hilo_cli.equity import equity
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES
from hilo_cli.showdown import settle


def _completions(unseen: list[Card], slots: list[int]) -> Iterator[list[tuple[Card, ...]]]:
    if not slots:
        yield []
        return
    for cards in combinations(unseen, slots[0]):
        for more in _completions([c for c in unseen if c not in cards], slots[1:]):
            yield [cards, *more]


def _brute(
    deal: Deal, dead: tuple[Card, ...]
) -> tuple[dict[str, Fraction], dict[str, Fraction], int]:
    """Expected chips of each live player by the reference and by ``settle``, over every completion."""
    g = deal.game
    seen = set(deal.board) | set(dead) | {c for p in deal.players for c in p.hole or ()}
    unseen = [c for c in DECK if c not in seen]
    live = [i for i, p in enumerate(deal.players) if not p.folded]
    slots = [g.board_cards - len(deal.board)] + [
        g.hole_cards - len(deal.players[i].hole or ()) for i in live
    ]
    pot = (
        deal.pot
        if deal.pot is not None or any(p.contributed is not None for p in deal.players)
        else 5040
    )
    theirs: dict[str, int] = {}
    ours: dict[str, int] = {}
    runs = 0
    for board, *holes in _completions(unseen, slots):
        players = list(deal.players)
        for i, extra in zip(live, holes, strict=True):
            players[i] = players[i]._replace(hole=(*(players[i].hole or ()), *extra))
        full = deal._replace(board=deal.board + board, players=tuple(players), pot=pot)
        won, _, returned = ref.settle(full)
        for i in live:
            name = deal.players[i].name
            theirs[name] = theirs.get(name, 0) + won.get(name, 0) - returned.get(name, 0)
        for r in settle(full).players:
            if r.name in theirs:
                ours[r.name] = ours.get(r.name, 0) + r.won - r.returned
        runs += 1
    return (
        {n: Fraction(c, runs) for n, c in theirs.items()},
        {n: Fraction(c, runs) for n, c in ours.items()},
        runs,
    )


def _spot(rnd: random.Random, g_name: str) -> tuple[Deal, tuple[Card, ...]]:
    """A random deal with one to three hidden cards in all (board and hands), small enough to enumerate."""
    g = GAMES[g_name]
    deck = list(DECK)
    rnd.shuffle(deck)
    n = rnd.choice([2, 2, 3])
    hidden = [0] * n
    board_missing = 0
    if g.board_cards:
        board_missing = rnd.choice([0, 1])
        hidden[rnd.randrange(n)] += 1 if board_missing else rnd.choice([1, 2])
    else:
        for i in rnd.sample(range(n), 2):
            hidden[i] += 1
    board, deck = (
        tuple(deck[: g.board_cards - board_missing]),
        deck[g.board_cards - board_missing :],
    )
    unit = rnd.choice([1, 1, 5])
    seats = rnd.sample(range(1, 10), n + 1)
    players = []
    for i in range(n):
        shown = g.hole_cards - hidden[i]
        hole, deck = tuple(deck[:shown]), deck[shown:]
        players.append(Player(f"P{i}", seats[i], hole, unit * rnd.randint(1, 30)))
    if rnd.random() < 0.4:
        players.append(
            Player(
                "F",
                seats[n],
                tuple(deck[: g.hole_cards]) if rnd.random() < 0.5 else None,
                unit * rnd.randint(0, 8),
                folded=True,
            )
        )
        deck = deck[g.hole_cards :]
    dead = tuple(deck[: rnd.choice([0, 0, 3])])
    qualifier = rnd.choice([8, 9, None]) if g.split else 8
    return Deal(
        g,
        board,
        tuple(players),
        button=rnd.choice([*seats, None]),
        chip_unit=unit,
        qualifier=qualifier,
        odd_chip=rnd.choice([None, "suit", "button"]),
    ), dead


@pytest.mark.parametrize(
    "g_name",
    [g if g == "omaha" else pytest.param(g, marks=pytest.mark.slow) for g in GAMES],
)  # one game in the quick loop, every game in the full suite
def test_hidden_cards_equal_every_completion_settled(g_name: str) -> None:
    rnd = random.Random(g_name)
    done = checked = 0
    while done < 4 or not checked:
        deal, dead = _spot(rnd, g_name)
        try:
            e = equity(deal, dead)
        except DealError as err:
            assert "put in" in str(err) or "nothing" in str(err) or "uncalled" in str(err), err
            continue
        theirs, ours, runs = _brute(deal, dead)
        assert e.exact and e.runouts == runs
        got = {p.name: p.expected_chips for p in e.players}
        assert got == ours, (deal, dead)
        # reference.settle orders an Omaha tie clockwise from the button whatever the deal's odd-chip
        # rule (it has the suit rule for stud only): it is the reference for the rest.
        if deal.game.hole_used is None or deal.odd_chip_rule == "button":
            assert got == theirs, (deal, dead)
            checked += 1
        done += 1


def test_stud_from_seventh_street_down_cards() -> None:
    r = CliRunner().invoke(
        main,
        [
            "equity",
            "--game",
            "stud8",
            "A=As 2s Kd Qh 3c 4c 5d",
            "B=?? Ac 3s Th Td 8c",
            "--pot",
            "100",
            "--format",
            "json",
        ],
    )
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["hidden"] == {"B": 2} and out["exact"] is True
    assert out["runouts"] == 40 * 39 // 2
    text = (
        CliRunner()
        .invoke(
            main,
            [
                "equity",
                "--game",
                "stud8",
                "A=As 2s Kd Qh 3c 4c",
                "B=Ac 3s Th Td 8c 9c",
                "--pot",
                "100",
            ],
        )
        .stdout.splitlines()
    )
    assert text[:2] == [
        "Seven-card Stud Hi/Lo 8 or better   hidden: A 1, B 1",
        f"exact: {40 * 39:,} runouts",
    ]
    assert sum(Fraction(p["expected_chips_fraction"]) for p in out["players"]) == 100


def test_unknown_cards_in_omaha() -> None:
    args = ["equity", "--board", "Ah 7c 8d Ks", "A=As 2s Kd Qh", "B=Ac 3c ?? ??", "--pot", "100"]
    r = CliRunner().invoke(main, [*args, "--format", "json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert (
        out["hidden"] == {"B": 2} and out["exact"] is True and out["runouts"] == 42 * 41 * 40 // 2
    )
    flop = ["equity", "--board", "Ah 7c 8d", "A=As 2s Kd Qh", "B=Ac 3c ?? ??", "--pot", "100"]
    # C(43, 2) x C(41, 2) completions: exact on the whole-array path (issue 31; it sampled 10,000
    # when each completion was settled one at a time).
    text = CliRunner().invoke(main, flop).stdout.splitlines()
    assert text[0].endswith("hidden: B 2") and text[1] == "exact: 740,460 runouts"
    random_hand = CliRunner().invoke(
        main,
        [
            "equity",
            "--board",
            "Ah 7c 8d Ks 2d",
            "A=As 2s Kd Qh",
            "B=random",
            "--format",
            "json",
            "--samples",
            "2000",
        ],
    )
    assert json.loads(random_hand.stdout)["hidden"] == {"B": 4}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--board", "Ah 7c 8d", "A=As 2s Kd Qh", "B=Ac 3c"],
            "player B has 2 hole cards; omaha8 deals 4",
        ),
        (
            ["--board", "Ah 7c 8d", "A=As 2s Kd Qh", "B=Ac 3c ??"],
            "player B has 3 hole cards with ??; omaha8 deals 4",
        ),
        (
            ["--game", "stud8", "A=As 2s Kd Qh 3c 4c", "B=?? ?? ?? ?? ?? Th Td 8c"],
            "B has 8 hole cards with ??",
        ),
        (["--board", "Ah 7c 8d", "A=As 2s Kd Qh", "B=Ah 3c ?? ??"], "Ah"),
    ],
)
def test_hidden_cards_bad_input_is_one_line(args: list[str], message: str) -> None:
    r = CliRunner().invoke(main, ["equity", *args])
    assert r.exit_code == 2, r.output
    assert message in r.output and len(r.output.strip().splitlines()) == 1


def test_a_batch_record_with_hidden_cards() -> None:
    record = {
        "board": "Ah 7c 8d Ks",
        "pot": 100,
        "players": [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Td ??"}],
    }
    r = CliRunner().invoke(
        main, ["batch", "--format", "json", "-"], input=json.dumps(record) + "\n"
    )
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["hidden"] == {"B": 1} and out["exact"] is True and out["runouts"] == 41 * 40
