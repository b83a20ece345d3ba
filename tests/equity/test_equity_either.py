"""Issue 19, item 4: equity on several boards under "either board" (RULES §12.4, Ultimate Big O): each
player's best high and best low over all the boards meet in one division.

Held, as exact fractions, to a brute force over every joint runout of the boards (each board's missing
cards from the unseen cards, no card twice), each settled whole by ``settle()`` and, on the smaller
spots, by ``reference_multiboard`` (a settler written from §12 that shares no code with hilo). Random
spots of every board game: side pots, folded money, chip units, both odd-chip rules, qualifiers.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner
from test_equity_boards import BOARD_GAMES, agree, brute, reference, settled, spot, valid

from hilo_cli.cards import DECK, parse_cards
from hilo_cli.cli import main
from hilo_cli.deal import Deal, Player
from hilo_cli.equity import either, equity
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES


def _either(rnd: random.Random, game_index: int, shapes: list[list[int]]) -> tuple[Deal, tuple]:
    while True:
        deal, dead = spot(rnd, game_index, shapes)
        deal = deal._replace(multi_board="either")
        if valid(deal, dead):
            return deal, dead


@pytest.mark.parametrize(
    "game_index",
    [i if i == 0 else pytest.param(i, marks=pytest.mark.slow) for i in range(len(BOARD_GAMES))],
)  # one game in the quick loop, every game in the full suite
def test_either_equals_every_joint_runout_settled(game_index: int) -> None:
    rnd = random.Random(1990 + game_index)
    for _ in range(3):
        deal, dead = _either(rnd, game_index, [[4, 4], [5, 3], [4, 5], [3, 5, 5], [4, 4, 5]])
        e = equity(deal, dead)
        agree(e, brute(deal, dead, settled))
        assert e.method == "vector" and len(e.boards) == len(deal.boards)


@pytest.mark.parametrize("game_index", range(len(BOARD_GAMES)))
def test_either_equals_the_independent_reference(game_index: int) -> None:
    rnd = random.Random(1995 + game_index)
    deal, dead = _either(rnd, game_index, [[4, 5], [5, 4], [4, 5, 5]])
    agree(equity(deal, dead), brute(deal, dead, reference))


def _figures(deal: Deal, dead: tuple) -> dict[str, list[int]]:
    """High and low wins and ties of the one division, over every joint runout, by ``settle()``: the
    main pot's high and low winners."""
    seen = set(dead) | {c for b in deal.boards for c in b}
    seen |= {c for p in deal.players for c in p.hole or ()}
    unseen = [c for c in DECK if c not in seen]
    from test_equity_boards import joint_deals

    counts: dict[str, list[int]] = {}
    for extra in joint_deals(unseen, [5 - len(b) for b in deal.boards]):
        boards = tuple(b + e for b, e in zip(deal.boards, extra, strict=True))
        pot = settle_first(deal._replace(board=boards[0], boards=boards))
        for name in pot[0]:
            counts.setdefault(name, [0, 0, 0, 0])[0 if len(pot[0]) == 1 else 1] += 1
        for name in pot[1]:
            counts.setdefault(name, [0, 0, 0, 0])[2 if len(pot[1]) == 1 else 3] += 1
    return counts


def settle_first(deal: Deal) -> tuple[tuple[str, ...], tuple[str, ...]]:
    from hilo_cli.showdown import settle

    pot = settle(deal).pots[0]
    return tuple(pot.high.winners), tuple(pot.low.winners) if pot.low is not None else ()


def test_the_chances_are_those_of_the_one_division() -> None:
    hands = ["As 2s Kd Qs", "Ac 3c Th Td"]
    players = tuple(
        Player(n, i + 1, parse_cards(h), None)
        for i, (n, h) in enumerate(zip("AB", hands, strict=True))
    )
    boards = (parse_cards("Ah 7c 8d 2c"), parse_cards("Kh Qh 3d 4s"))
    deal = Deal(GAMES["omaha8"], boards[0], players, pot=100, boards=boards, multi_board="either")
    e = equity(deal)
    counts = _figures(deal, ())
    for p in e.players:
        win, tie, low_win, low_tie = (Fraction(c, e.runouts) for c in counts.get(p.name, [0] * 4))
        assert (p.high_win, p.high_tie, p.low_win, p.low_tie) == (win, tie, low_win, low_tie)


ARGS = [
    "equity",
    "--board",
    "Ah 7c 8d 2c",
    "--board",
    "Kh Qh 3d 4s",
    "A=As 2s Kd Qs",
    "B=Ac 3c Th Td",
    "--pot",
    "101",
    "--multi-board",
    "either",
]


def test_the_command_text_json_and_csv() -> None:
    r = CliRunner().invoke(main, [*ARGS, "--color", "never"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].endswith(
        "2 boards, the best high and best low over either board (RULES §12.4); each board's "
        "table is that board alone"
    )
    assert lines[1] == "exact: 1,260 runouts"  # 36 rivers for board 1, then 35 for board 2
    assert lines[2].split() == [
        "player", "equity", "expected", "scoop", "high", "win", "high", "tie", "low", "win",
        "low", "tie", "quartered",
    ]  # fmt: skip
    assert "board 1: Ah 7c 8d 2c (1 to come); exact: 36 runouts" in lines
    assert "board 2: Kh Qh 3d 4s (1 to come); exact: 36 runouts" in lines
    out = json.loads(CliRunner().invoke(main, [*ARGS, "--format", "json"]).stdout)
    assert out["multi_board"] == "either" and out["exact"] and out["runouts"] == 1260
    assert out["boards"] == [["Ah", "7c", "8d", "2c"], ["Kh", "Qh", "3d", "4s"]]
    assert sum(Fraction(p["expected_chips_fraction"]) for p in out["players"]) == 101
    assert all(p["high_win"] is not None for p in out["players"])
    assert [b["runouts"] for b in out["by_board"]] == [36, 36]
    csv = CliRunner().invoke(main, [*ARGS, "--format", "csv"]).stdout.splitlines()
    assert len(csv) == 3 and csv[1].split(",")[5:7] == ["true", "1260"]
    chips = {row.split(",")[7]: Fraction(row.split(",")[11]) for row in csv[1:]}
    assert chips == {p["name"]: Fraction(p["expected_chips_fraction"]) for p in out["players"]}


def test_too_many_joint_runouts_sample_and_say_so() -> None:
    """Two boards preflop: some 10**12 joint runouts. By the count the run samples, and says why."""
    args = ["equity", "--board", "", "--board", "", "A=As 2s 3d Kh", "B=Kd Kc Qs Jh"]
    r = CliRunner().invoke(main, [*args, "--multi-board", "either", "--format", "json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert not out["exact"] and out["runouts"] == 10_000 and out["seed"] == 0
    assert out["note"].startswith("exact would deal ")
    assert f"more than the {either.ARRAY_RUNOUTS:,} hilo deals by default" in out["note"]
    forced = CliRunner().invoke(main, [*args, "--multi-board", "either", "--exact"])
    assert forced.exit_code == 2 and "more than hilo counts" in forced.output
    assert len(forced.output.strip().splitlines()) == 1


def test_hidden_cards_under_either_are_refused_in_one_line() -> None:
    r = CliRunner().invoke(
        main, ["equity", "--board", "Ah 8h 9s", "--board", "2c 3d 4h", "A=As 2s 3d Kh",
               "B=Kd Kc ?? ??", "--multi-board", "either"],
    )  # fmt: skip
    assert r.exit_code == 2 and "?? and random are for one board" in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_a_dead_card_on_a_board_is_refused() -> None:
    boards = (parse_cards("Ah 8h 9s"), parse_cards("2c 3d 4h"))
    players = (
        Player("A", 1, parse_cards("As 2s 3s Kh")),
        Player("B", 2, parse_cards("Kd Kc Qs Jh")),
    )
    deal = Deal(GAMES["omaha8"], boards[0], players, boards=boards, multi_board="either")
    with pytest.raises(DealError, match="dead card 3d is on board 2"):
        equity(deal, parse_cards("3d"))


def test_a_hole_card_on_another_board_is_named_as_each_names_it() -> None:
    """A card twice is the showdown's check (RULES §12.5), in its words under either as under each: it
    was reported as a "dead card", the other boards' cards being set aside as seen before the check."""
    boards = (parse_cards("Ac 3d 6h"), parse_cards("2s 3s 4s"))
    players = (
        Player("A", 1, parse_cards("2c 4d Qc Jd")),
        Player("B", 2, parse_cards("Kh Kc 2h 4s")),
    )
    for rule in ("each", "either"):
        deal = Deal(GAMES["omaha8"], boards[0], players, boards=boards, multi_board=rule)
        with pytest.raises(DealError, match="4s appears twice: in B's hole cards and on board 2"):
            equity(deal)
