"""Every worked case of ../shared/vectors.json (RULES §10), one test per vector and aspect.

The file sits beside the repository (``/work/shared`` for ``/work/main``); without it the module is
skipped. Hands are compared card for card when the vector says the selection is unique, otherwise by
value, using the reference evaluator on the expected cards.
"""

from __future__ import annotations

import json

import pytest
import reference as ref
from conftest import SHARED_DIR, paid

from hilo_cli.cards import parse_cards
from hilo_cli.deal import Deal, Player
from hilo_cli.games import game
from hilo_cli.showdown import settle

VECTORS_PATH = SHARED_DIR / "vectors.json"
if not VECTORS_PATH.is_file():
    pytest.skip(f"{VECTORS_PATH} not found", allow_module_level=True)

VECTORS = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
IDS = [v["id"] for v in VECTORS]


def to_deal(v) -> Deal:
    players = tuple(
        Player(
            p["name"],
            p["seat"],
            parse_cards(p["hole"]) if p.get("hole") is not None else None,
            p.get("contributed"),
            bool(p.get("folded", False)),
        )
        for p in v["players"]
    )
    qualifier = v.get("qualifier", 8)
    qualifier = None if qualifier in (None, "none") else int(qualifier)
    return Deal(
        game(v["game"]),
        parse_cards(v["board"]),
        players,
        pot=v.get("pot"),
        button=v["button"],
        chip_unit=v["chip_unit"],
        qualifier=qualifier,
        id=v["id"],
    )


def text(cards) -> list[str]:
    return [str(c) for c in cards]


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_hands(v):
    s = settle(to_deal(v))
    qualifier = to_deal(v).qualifier
    problems = []
    for result in s.players:
        want = v["expected"][result.name]
        hole = " ".join(
            v["players"][[p["name"] for p in v["players"]].index(result.name)]["hole"] or []
        )
        where = f"{v['id']} {result.name} (hole {hole}, board {' '.join(v['board']) or '-'})"
        if want.get("folded") or want.get("high") is None:
            if result.hands is not None:
                problems.append(f"{where}: folded, expected no hands, got {result.hands}")
            continue
        high = result.hands.high
        if want["high_unique"]:
            if text(high.cards) != want["high"]:
                problems.append(f"{where}: expected high {want['high']}, got {text(high.cards)}")
        elif ref.high_key(high.cards) != ref.high_key(parse_cards(want["high"])):
            problems.append(f"{where}: expected high worth {want['high']}, got {text(high.cards)}")
        if high.category != want["high_name"]:
            problems.append(f"{where}: expected a {want['high_name']}, got {high.category}")
        low = result.hands.low
        if want["low"] is None:
            if low is not None:
                problems.append(f"{where}: expected no low, got {low.name} {text(low.cards)}")
        elif low is None:
            problems.append(
                f"{where}: expected low {want['low']}, got none ({result.hands.no_low})"
            )
        else:
            if want["low_unique"] and text(low.cards) != want["low"]:
                problems.append(f"{where}: expected low {want['low']}, got {text(low.cards)}")
            if ref.low_key(low.cards, qualifier) != ref.low_key(
                parse_cards(want["low"]), qualifier
            ):
                problems.append(f"{where}: expected low worth {want['low']}, got {text(low.cards)}")
            if low.name != want["low_name"]:
                problems.append(f"{where}: expected low name {want['low_name']}, got {low.name}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_chips(v):
    s = settle(to_deal(v))
    got = paid(s)
    want = {name: e["won"] for name, e in v["expected"].items()}
    assert got == want, f"{v['id']}: expected won {want}, got {got}"
    for name, e in v["expected"].items():
        if "returned_uncalled" in e:
            assert s.returned.get(name, 0) == e["returned_uncalled"], f"{v['id']}: {name} returned"


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_pots(v):
    s = settle(to_deal(v))
    got = [
        (
            p.amount,
            set(p.eligible),
            set(p.high.winners),
            set(p.low.winners) if p.low else set(),
            p.shares,
        )
        for p in s.pots
    ]
    want = [
        (
            p["amount"],
            set(p["eligible"]),
            set(p["high_winners"]),
            set(p["low_winners"]),
            p["shares"],
        )
        for p in v["expected_pots"]
    ]
    assert got == want, f"{v['id']}: expected pots\n  {want}\ngot\n  {got}"


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_reference_settles_vector(v):
    """The slow reference of reference.py reaches the vector's chips too, so the random tests can trust it."""
    won, pots, _ = ref.settle(to_deal(v))
    want = {name: e["won"] for name, e in v["expected"].items()}
    assert won == want, f"{v['id']}: reference won {won}, vector {want}"
    assert [(p.amount, p.shares) for p in pots] == [
        (p["amount"], p["shares"]) for p in v["expected_pots"]
    ]
