"""Random records, well-formed or not, each end as a settlement or as an error hilo meant to raise.

``batch.process`` keeps a last-resort catch so that one record it cannot handle does not stop a batch;
that catch says "cannot settle this record". These tests fail if any input reaches it, since that
would be a bug in hilo, not a problem with the input.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.batch import process
from hilo_cli.formats.batch_in import Raw
from hilo_cli.formats.records import Defaults

CARD = st.sampled_from(
    [r + s for r in "23456789TJQKA" for s in "shdc"] + ["10h", "Xx", "♠A", "A♠", ""]
)
CARDS = st.one_of(st.lists(CARD, max_size=8).map(" ".join), st.lists(CARD, max_size=8))
SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 3000), st.floats(allow_nan=True), st.text(max_size=6)
)
DECK_TEXT = [r + s for r in "23456789TJQKA" for s in "shdc"]


@st.composite
def deals(draw: st.DrawFn) -> dict[str, object]:
    """A deal a dealer could have dealt, then a few of its fields or players' fields replaced."""
    deck = draw(st.permutations(DECK_TEXT))
    game = draw(st.sampled_from(["omaha8", "omaha8-5", "omaha8-6", "omaha", "stud8"]))
    hole = {"omaha8": 4, "omaha": 4, "omaha8-5": 5, "omaha8-6": 6, "stud8": 7}[game]
    count = draw(st.integers(1, 6))
    players: list[dict[str, object]] = [
        {
            "name": f"P{i}",
            "hole": " ".join(deck[i * hole : (i + 1) * hole]),
            "contributed": draw(st.integers(0, 90)),
        }
        for i in range(count)
    ]
    for player in players:
        if draw(st.booleans()):
            player.update(
                draw(st.dictionaries(st.sampled_from(list(PLAYER_FIELDS)), SCALAR, max_size=2))
            )
        player["folded"] = draw(st.sampled_from([False, False, True]))
    record: dict[str, object] = {
        "game": game,
        "players": players,
        "board": "" if game == "stud8" else " ".join(deck[-5:]),
    }
    if draw(st.booleans()):
        record["pot"] = draw(st.integers(0, 600))
        for player in players:
            player.pop("contributed", None)
    record.update(
        draw(st.dictionaries(st.sampled_from(list(RECORD_FIELDS)), RECORD_VALUES, max_size=2))
    )
    return record


PLAYER_FIELDS = ("name", "hole", "seat", "contributed", "folded")
RECORD_FIELDS = (
    "id",
    "game",
    "board",
    "pot",
    "button",
    "chip_unit",
    "qualifier",
    "odd_chip",
    "expected",
)
RECORD_VALUES = st.one_of(
    SCALAR,
    CARDS,
    st.sampled_from([8, 9, "none", "suit", "button", 5, 25]),
    st.dictionaries(st.sampled_from(["P0", "P1", "Q"]), st.integers(0, 900), max_size=3),
)


FIELD = st.one_of(
    CARDS.map(lambda c: c if isinstance(c, str) else " ".join(c)),
    st.builds(
        lambda n, c, extra: f"{n}: {c} {extra}",
        st.text("ABC", min_size=1, max_size=2),
        st.lists(CARD, max_size=8).map(" ".join),
        st.sampled_from(["", "@50", "@ 50", "fold", "seat 3", "@x", "seat", "@-5", "@2.5"]),
    ),
    st.builds(
        lambda k, v: f"{k} {v}",
        st.sampled_from(
            ["pot", "game", "button", "chip-unit", "qualifier", "odd-chip", "id", "expect", "board"]
        ),
        st.sampled_from(
            [
                "100",
                "omaha8",
                "stud8",
                "3",
                "5",
                "9",
                "none",
                "suit",
                "A=50 B=50",
                "x",
                "",
                "1e30",
                "A=",
                "Ac 3d 6h Ks Kd",
            ]
        ),
    ),
)


def _settled_or_meant(raw: Raw) -> None:
    outcome = process(raw, Defaults(), "json")
    assert outcome.error is None or not outcome.error.startswith("cannot settle this record"), (
        outcome.error
    )
    json.loads(outcome.output)  # every record ends as one JSON line, a result or an error


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(deals())
def test_json_records(record: dict[str, object]) -> None:
    _settled_or_meant(Raw("fuzz", 1, "json-line", json.dumps(record).encode()))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(FIELD, min_size=1, max_size=6))
def test_text_lines(fields: list[str]) -> None:
    _settled_or_meant(Raw("fuzz", 1, "text-line", " | ".join(fields)))
