"""The preflop rankings a share range reads (issue 31; docs/ranges.md): each shipped file holds every
class of its game once, best first, and the script that made it settles a deal as ``settle`` does."""

from __future__ import annotations

import importlib.util
import random
from math import comb

import numpy as np
import pytest
from conftest import ROOT

from hilo_cli.cards import DECK
from hilo_cli.deal import Deal, Player
from hilo_cli.equity import ranges as R
from hilo_cli.equity import ranking, rows
from hilo_cli.games import GAMES
from hilo_cli.showdown import settle

OMAHA = [g for g in GAMES.values() if g.hole_used == 2]


@pytest.mark.parametrize("game", OMAHA, ids=lambda g: g.name)
def test_every_omaha_game_has_a_ranking_of_every_class_once(game) -> None:  # type: ignore[no-untyped-def]
    r = ranking.load(game)
    assert r.samples > 0
    assert len(np.unique(r.classes)) == len(r.classes)
    if game.hole_cards < 6:  # 6-card: 962,988 classes, checked by their sizes alone
        assert (ranking.canonical(r.classes) == r.classes).all()
    assert int(r.sizes.sum()) == comb(52, game.hole_cards)
    assert (np.diff(r.equity) <= 0).all()  # best first
    assert r.above[0] == 0 and r.above[-1] < 1


def test_the_top_and_bottom_of_omaha8_read_as_players_expect() -> None:
    r = ranking.load(GAMES["omaha8"])
    top = {c for c in range(52) if int(r.classes[0]) >> c & 1}
    assert sum(1 for c in top if c >> 2 == 12) == 2  # a pair of aces
    assert sum(1 for c in top if c >> 2 < 5) == 2  # two low cards beside them
    assert int(r.classes[-1]) == sum(1 << c for c in range(4))  # four deuces


@pytest.mark.parametrize("low", [0.0, 10.0, 25.0])
def test_shares_hold_the_hands_they_say(low: float) -> None:
    game = GAMES["omaha8"]
    first = R.members(R.parse(f"{low:g}%-{low + 10:g}%", game))
    second = R.members(R.parse(f"{low + 10:g}%-{low + 20:g}%", game))
    both = R.members(R.parse(f"{low:g}%-{low + 20:g}%", game))
    assert len(first) + len(second) == len(both)
    total = comb(52, 4)
    largest = 24 / total  # a class of 4-card hands holds at most 24
    # A band's classes start from low% (the first may start up to a class later) to high%.
    assert abs(len(first) / total - 0.10) <= largest
    if low == 0:
        assert len(first) / total >= 0.10


def test_courchevel_reads_big_o_s_ranking() -> None:
    assert (
        ranking.load(GAMES["courchevel8"]) is ranking.load(GAMES["omaha8-5"])
        or (
            ranking.load(GAMES["courchevel8"]).classes == ranking.load(GAMES["omaha8-5"]).classes
        ).all()
    )


def test_a_stud_share_is_bad_input() -> None:
    with pytest.raises(R.RangeError):
        R.parse("15%", GAMES["stud8"])


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "make_ranking", ROOT / "scripts" / "make_ranking.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["omaha8", "omaha", "omaha8-5"])
def test_the_script_shares_a_heads_up_pot_as_settle_does(name: str) -> None:
    script = _script()
    game = GAMES[name]
    rnd = random.Random(name)
    h = game.hole_cards
    deals = [rnd.sample(range(52), 2 * h + 5) for _ in range(300)]
    cards = np.array(deals, np.int64)
    holes = np.stack([cards[:, :h], cards[:, h : 2 * h]])
    evaluator = rows.RowEvaluator(game, 8 if game.split else None)
    got = script.shares(evaluator.values(holes, cards[:, 2 * h :]))
    for deal, share in zip(deals, got.tolist(), strict=True):
        d = Deal(
            game,
            tuple(DECK[c] for c in deal[2 * h :]),
            (
                Player("A", 1, tuple(DECK[c] for c in deal[:h])),
                Player("B", 2, tuple(DECK[c] for c in deal[h : 2 * h])),
            ),
            pot=4,
        )
        won = {p.name: p.won for p in settle(d).players}
        assert share == won["A"] / 4, deal
