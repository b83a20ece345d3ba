"""``check_deal``'s fast path for the usual valid deal must change nothing: every deal, valid or not, gets
the same outcome (the same ``DealError`` message, or none) with the fast path as with the careful checks alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from hilo_cli import deal as deal_module
from hilo_cli.cards import parse_cards
from hilo_cli.deal import Deal, Player, check_deal
from hilo_cli.errors import DealError
from hilo_cli.games import game

Mutation = Callable[[Deal], Deal]

HOLES = ["As Kd 2c 3h", "Qs Qd 4c 5h", "Js Td 6c 7h", "9s 8d 9c 8h", "7s 6d Tc Jh", "5s 4d Qc Kh"]
BASE = Deal(
    game("omaha8"),
    parse_cards("2s 3s 4s 5d 6h"),
    tuple(Player(f"P{i}", i, parse_cards(h)) for i, h in enumerate(HOLES, 1)),
    pot=600,
)


def _player(i: int, **changes: object) -> Mutation:
    def mutate(d: Deal) -> Deal:
        players = list(d.players)
        players[i] = players[i]._replace(**changes)
        return d._replace(players=tuple(players))

    return mutate


def _deal(**changes: object) -> Mutation:
    return lambda d: d._replace(**changes)


def _contributed(amounts: list[object]) -> Mutation:
    def mutate(d: Deal) -> Deal:
        players = tuple(p._replace(contributed=a) for p, a in zip(d.players, amounts, strict=False))
        return d._replace(pot=None, players=players)

    return mutate


MUTATIONS: dict[str, Mutation] = {
    "chip unit 0": _deal(chip_unit=0),
    "chip unit True": _deal(chip_unit=True),
    "chip unit 5": _deal(chip_unit=5),
    "chip unit 7": _deal(chip_unit=7),
    "qualifier 7": _deal(qualifier=7),
    "no players": _deal(players=()),
    "short board": lambda d: d._replace(board=d.board[:4]),
    "board as list": lambda d: d._replace(board=list(d.board)),
    "empty name": _player(1, name=""),
    "blank name": _player(4, name="  "),
    "name not text": _player(2, name=7),
    "same name": _player(3, name="P1"),
    "negative seat": _player(2, seat=-1),
    "seat True": _player(1, seat=True),
    "seat 2.0": _player(1, seat=2.0),
    "same seat": _player(5, seat=2),
    "button -1": _deal(button=-1),
    "button True": _deal(button=True),
    "button text": _deal(button="1"),
    "button 3": _deal(button=3),
    "first folded": _player(0, folded=True),
    "last folded, no hole": _player(5, folded=True, hole=None),
    "folded 1": _player(2, folded=1),
    "folded 0": _player(2, folded=0),
    "live, no hole": _player(3, hole=None),
    "three hole cards": lambda d: _player(1, hole=d.players[1].hole[:3])(d),
    "folded, three hole cards": lambda d: _player(1, folded=True, hole=d.players[1].hole[:3])(d),
    "folded, five hole cards": lambda d: _player(
        1, folded=True, hole=(*d.players[1].hole, *parse_cards("Ac"))
    )(d),
    "hole as list": lambda d: _player(1, hole=list(d.players[1].hole))(d),
    "card on board and in hand": lambda d: _player(2, hole=(d.board[0], *d.players[2].hole[1:]))(d),
    "card in two hands": lambda d: _player(4, hole=(d.players[0].hole[0], *d.players[4].hole[1:]))(
        d
    ),
    "expected": _deal(expected={"P1": 300, "P2": 300}),
    "expected stranger": _deal(expected={"P1": 300, "Zed": 300}),
    "pot -5": _deal(pot=-5),
    "pot 1.5": _deal(pot=1.5),
    "pot True": _deal(pot=True),
    "pot 601": _deal(pot=601),
    "pot and contributed": _player(3, contributed=100),
    "contributed": _contributed([100] * 6),
    "contributed, one missing": _contributed([100, 100, None, 100, 100, 100]),
    "contributed, one negative": _contributed([100, 100, 100, -100, 100, 100]),
    "contributed, one bool": _contributed([100, True, 100, 100, 100, 100]),
    "contributed, one odd": _contributed([100, 100, 100, 100, 100, 101]),
    "neither pot nor contributed": _deal(pot=None),
}


def _outcome(d: Deal) -> str | None:
    try:
        check_deal(d)
    except DealError as e:
        return str(e)
    return None


def _careful_outcome(d: Deal, monkeypatch: pytest.MonkeyPatch) -> str | None:
    with monkeypatch.context() as m:
        m.setattr(deal_module, "_plainly_valid", lambda *_: False)
        return _outcome(d)


def test_the_usual_deal_takes_the_fast_path() -> None:
    assert deal_module._plainly_valid(BASE, 4, 1)
    assert _outcome(BASE) is None


@pytest.mark.parametrize("name", MUTATIONS)
def test_one_change_same_outcome(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    d = MUTATIONS[name](BASE)
    assert _outcome(d) == _careful_outcome(d, monkeypatch)


def test_two_changes_same_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    for first, second in itertools.permutations(MUTATIONS.values(), 2):
        try:
            d = second(first(BASE))
        except (
            IndexError,
            TypeError,
        ):  # a change that no longer applies (no players, no hole cards)
            continue
        assert _outcome(d) == _careful_outcome(d, monkeypatch)


def test_valid_variants_pass() -> None:
    for name in (
        "chip unit 5",
        "button 3",
        "first folded",
        "last folded, no hole",
        "folded 0",
        "expected",
    ):
        assert _outcome(MUTATIONS[name](BASE)) is None, name
    assert _outcome(MUTATIONS["contributed"](BASE)) is None
