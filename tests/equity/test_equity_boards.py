"""Issue 19, item 4: equity on several boards (RULES §12.2), with the cards known so far on each board.

Held, as exact fractions, to a brute force over every joint runout of all the boards (each board's
missing cards from the unseen cards, no card twice), each settled whole: by ``settle()`` and, on the
smaller spots, by ``reference_multiboard`` (a settler written from §12 that shares no code with hilo).
Random spots of every board game: side pots, folded money, chip units, both odd-chip rules, qualifiers.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import combinations

import pytest
import reference_multiboard as refm
from click.testing import CliRunner
from conftest import one_error_line

from hilo_cli.cards import DECK, Card
from hilo_cli.cli import main
from hilo_cli.deal import Deal, Player
from hilo_cli.equity import Equity, equity
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES
from hilo_cli.showdown import settle

BOARD_GAMES = [g for g in GAMES.values() if g.board_cards]


def joint_deals(unseen: list[Card], missing: list[int]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to deal each board its missing cards from ``unseen``, no card twice."""
    if not missing:
        yield ()
        return
    for cards in combinations(unseen, missing[0]):
        rest = [c for c in unseen if c not in cards]
        for more in joint_deals(rest, missing[1:]):
            yield (cards, *more)


def brute(
    deal: Deal, dead: tuple[Card, ...], won: Callable[[Deal], dict[str, int]]
) -> dict[str, Fraction]:
    seen = (
        set(dead)
        | {c for b in deal.boards for c in b}
        | {c for p in deal.players for c in p.hole or ()}
    )
    unseen = [c for c in DECK if c not in seen]
    total: dict[str, int] = {}
    runs = 0
    for extra in joint_deals(unseen, [5 - len(b) for b in deal.boards]):
        boards = tuple(b + e for b, e in zip(deal.boards, extra, strict=True))
        for name, chips in won(deal._replace(board=boards[0], boards=boards)).items():
            total[name] = total.get(name, 0) + chips
        runs += 1
    return {n: Fraction(c, runs) for n, c in total.items()}


def settled(deal: Deal) -> dict[str, int]:
    live = {p.name for p in deal.players if not p.folded}
    return {r.name: r.won - r.returned for r in settle(deal).players if r.name in live}


def reference(deal: Deal) -> dict[str, int]:
    won, _, returned = refm.settle(deal)
    live = {p.name for p in deal.players if not p.folded}
    return {n: c - returned.get(n, 0) for n, c in won.items() if n in live}


def spot(
    rnd: random.Random, game_index: int, shapes: list[list[int]]
) -> tuple[Deal, tuple[Card, ...]]:
    """A random deal on several boards: a common prefix, then each board's own known cards."""
    g = BOARD_GAMES[game_index]
    shape = rnd.choice(shapes)  # the known cards of each board
    prefix = rnd.randint(0, min(shape))
    deck = list(DECK)
    rnd.shuffle(deck)
    common, deck = tuple(deck[:prefix]), deck[prefix:]
    boards = []
    for known in shape:
        boards.append(common + tuple(deck[: known - prefix]))
        deck = deck[known - prefix :]
    n = rnd.choice([2, 2, 3])
    players = []
    seats = rnd.sample(range(1, 10), n + 1)
    unit = rnd.choice([1, 1, 5])
    for i in range(n):
        hole, deck = tuple(deck[: g.hole_cards]), deck[g.hole_cards :]
        players.append(Player(f"P{i}", seats[i], hole, unit * rnd.randint(1, 40)))
    if rnd.random() < 0.5:
        players.append(Player("F", seats[n], None, unit * rnd.randint(0, 10), folded=True))
    dead = tuple(deck[: rnd.choice([0, 0, 2])])
    deal = Deal(
        g,
        boards[0],
        tuple(players),
        button=rnd.choice([*seats, None]),
        chip_unit=unit,
        qualifier=rnd.choice([8, 9, None]),
        odd_chip=rnd.choice([None, "suit"]),
        boards=tuple(boards),
    )
    return deal, dead


def valid(deal: Deal, dead: tuple[Card, ...]) -> bool:
    """A deal ``settle`` takes once its boards are dealt (not, say, every chip put in by one player)."""
    seen = (
        set(dead)
        | {c for b in deal.boards for c in b}
        | {c for p in deal.players for c in p.hole or ()}
    )
    extra = next(joint_deals([c for c in DECK if c not in seen], [5 - len(b) for b in deal.boards]))
    boards = tuple(b + e for b, e in zip(deal.boards, extra, strict=True))
    try:
        settlement = settle(deal._replace(board=boards[0], boards=boards))
    except DealError:
        return False
    return any(len(pot.eligible) > 1 for pot in settlement.pots)


def agree(e: Equity, expected: dict[str, Fraction]) -> None:
    assert e.exact
    assert {p.name: p.expected_chips for p in e.players} == expected
    assert sum(expected.values()) == sum(pot.amount for pot in e.pots)
    for p in e.players:  # the pots' expected chips add up to each player's
        assert sum(pot.expected_chips.get(p.name, 0) for pot in e.pots) == p.expected_chips


@pytest.mark.parametrize(
    "game_index",
    [i if i == 0 else pytest.param(i, marks=pytest.mark.slow) for i in range(len(BOARD_GAMES))],
)  # one game in the quick loop, every game in the full suite
def test_several_boards_equal_every_joint_runout_settled(game_index: int) -> None:
    rnd = random.Random(1900 + game_index)
    done = 0
    while done < 3:
        deal, dead = spot(rnd, game_index, [[4, 4], [5, 3], [4, 5], [4, 4, 5], [3, 5, 5]])
        if not valid(deal, dead):
            continue  # e.g. every chip put in by one player: nothing to contest
        agree(equity(deal, dead), brute(deal, dead, settled))
        done += 1


@pytest.mark.parametrize("game_index", range(len(BOARD_GAMES)))
def test_several_boards_equal_the_independent_reference(game_index: int) -> None:
    rnd = random.Random(1950 + game_index)
    done = 0
    while done < 2:
        deal, dead = spot(rnd, game_index, [[4, 5], [5, 4], [4, 5, 5]])
        if not valid(deal, dead):
            continue
        agree(equity(deal, dead), brute(deal, dead, reference))
        done += 1


def test_each_board_shows_its_own_high_and_low() -> None:
    args = [
        "equity",
        "--board",
        "Ah 8h 9s Tc",
        "--board",
        "Ah 8h 9s",
        "A=As 2s 3d Kh@300",
        "B=Kd Kc Qs Jh@501",
        "C=Ad 4c 5h 6s@501",
        "--odd-chip",
        "suit",
    ]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].endswith("2 boards, each its share of every pot (RULES §12.2)")
    assert "board 1: Ah 8h 9s Tc (1 to come); exact: 36 runouts" in lines
    assert "board 2: Ah 8h 9s (2 to come); exact: 630 runouts" in lines
    out = json.loads(CliRunner().invoke(main, [*args, "--format", "json"]).stdout)
    assert out["boards"] == [["Ah", "8h", "9s", "Tc"], ["Ah", "8h", "9s"]]
    assert [b["runouts"] for b in out["by_board"]] == [36, 630]
    for p, *per in zip(out["players"], *(b["players"] for b in out["by_board"]), strict=True):
        assert p["scoop"] is None and all(b["scoop"] is not None for b in per)
        assert Fraction(p["expected_chips_fraction"]) == sum(
            Fraction(b["expected_chips_fraction"]) for b in per
        )


def test_without_money_the_share_of_one_pot_is_the_mean_of_the_boards() -> None:
    players = (
        Player("A", 1, tuple(DECK[i] for i in (48, 0, 5, 44))),
        Player("B", 2, tuple(DECK[i] for i in (45, 46, 41, 37))),
    )
    board = tuple(DECK[i] for i in (50, 26, 31, 35))
    deal = Deal(GAMES["omaha8"], board, players, boards=(board, board))
    e = equity(deal)
    single = equity(deal._replace(boards=()))
    assert [p.equity for p in e.players] == [p.equity for p in single.players]
    assert sum(p.equity for p in e.players) == 1


@pytest.mark.parametrize("multi_board", ["each", "either"])
def test_what_several_boards_refuse(multi_board: str) -> None:
    extra: dict[str, object] = {"rake": (5,), "multi_board": multi_board}
    message = "rake (RULES §13) is out of scope"
    board = tuple(DECK[i] for i in (50, 26, 31, 35))
    players = (
        Player("A", 1, tuple(DECK[i] for i in (48, 0, 5, 44)), 100),
        Player("B", 2, tuple(DECK[i] for i in (45, 46, 41, 37)), 100),
    )
    with pytest.raises(DealError, match=message.replace("(", r"\(").replace(")", r"\)")):
        equity(Deal(GAMES["omaha8"], board, players, boards=(board, board))._replace(**extra))


def test_several_boards_with_a_hidden_hand_equal_every_joint_deal() -> None:
    """A hand with a card not seen (``??``) on two boards: every deal of the missing board card and the
    hidden card, settled whole by ``settle()``, against the sum of the boards' runs."""
    board1, board2 = (
        tuple(DECK[i] for i in (50, 26, 31, 35, 2)),
        tuple(DECK[i] for i in (50, 26, 31, 7)),
    )
    players = (
        Player("A", 1, tuple(DECK[i] for i in (48, 0, 5, 44)), 40),
        Player("B", 2, tuple(DECK[i] for i in (45, 46, 41)), 61),
        Player("C", 3, None, 15, folded=True),
    )
    deal = Deal(GAMES["omaha8"], board1, players, boards=(board1, board2), odd_chip="suit")
    e = equity(deal)
    seen = set(board1) | set(board2) | {c for p in players for c in p.hole or ()}
    unseen = [c for c in DECK if c not in seen]
    total: dict[str, int] = {}
    runs = 0
    for river in unseen:
        for hidden in unseen:
            if hidden == river:
                continue
            full = deal._replace(
                boards=(board1, (*board2, river)),
                players=(
                    players[0],
                    players[1]._replace(hole=(*players[1].hole, hidden)),
                    players[2],
                ),
            )
            for r in settle(full).players:
                total[r.name] = total.get(r.name, 0) + r.won - r.returned
            runs += 1
    assert e.exact and {p.name: p.expected_chips for p in e.players} == {
        n: Fraction(total[n], runs) for n in "AB"
    }


@pytest.mark.parametrize("rule", ["each", "either"])
@pytest.mark.parametrize("hidden", ["random", "Kd Kc Qd Qc Jd Jc"])
def test_too_few_unseen_cards_for_several_boards_is_one_line_and_exit_2(rule, hidden) -> None:  # type: ignore[no-untyped-def]
    """Issue 31: two boards and too few unseen cards was a StopIteration traceback (exit 1)."""
    dead = "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh Jh Th 9h"
    players = [f"{n}={hidden}" for n in "AB"] + [f"{n}=random" for n in "CDEF"]
    result = CliRunner().invoke(
        main,
        [
            *["equity", "--game", "omaha8-6", "--board", "2c 3c 4c", "--board", "5d 6d 7d"],
            *[*players, "--dead", dead, "--multi-board", rule],
        ],
    )
    assert result.exit_code == 2, result.output
    line = one_error_line(result)
    assert "too few cards" in line or "?? and random" in line
