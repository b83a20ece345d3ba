"""The fast paths of ``deal_from_record`` and ``parse_cards`` agree with the careful code they skip.

A player with only ``name`` and ``hole`` takes the fast path; the same player with one more (ignored) field
takes the careful one. Both must give the same ``Player`` or the same error with the same message.
"""

from __future__ import annotations

import pytest

from hilo_cli.cards import Card, parse_cards
from hilo_cli.errors import HiloError
from hilo_cli.formats.records import amount, deal_from_record

BOARD = "8d 8h Th 4h Td"


def _record(player: dict[str, object], **fields: object) -> dict[str, object]:
    return {
        "board": BOARD,
        "players": [player, {"name": "B", "hole": "Kh Kc 2h 4s"}],
        "pot": 100,
        **fields,
    }


def _outcome(record: object) -> object:
    try:
        return deal_from_record(record)
    except HiloError as e:
        return type(e), str(e)


@pytest.mark.parametrize("name", ["A", " A ", "", "  ", None, 7])
@pytest.mark.parametrize(
    "hole", ["Ad 4d Jd 7h", "ad 4d jd 7h", "Ad,4d,Jd,7h", "AdXx", "Ad 4d", "", None, ["Ad"], 3]
)
def test_fast_and_careful_players_agree(name: object, hole: object) -> None:
    fast = _outcome(_record({"name": name, "hole": hole}))
    careful = _outcome(_record({"name": name, "hole": hole, "note": "ignored"}))
    assert fast == careful


def test_fast_player_error_names_the_player() -> None:
    with pytest.raises(HiloError, match=r"^player A: hole: 'Xx' \(card 2\) is not a card"):
        deal_from_record(_record({"name": " A ", "hole": "Ad Xx Jd 7h"}))


@pytest.mark.parametrize("game", ["omaha8", " OMAHA8 ", "Omaha8"])
def test_game_names_in_any_case_give_the_same_game(game: str) -> None:
    assert (
        deal_from_record(_record({"name": "A", "hole": "Ad 4d Jd 7h"}, game=game)).game.name
        == "omaha8"
    )


class _Text(str):
    pass


@pytest.mark.parametrize("text", ["Ad 4d", " Ad\t4d\n", "Ad,4d", "AD 4d", "10h Ad", "A♠ 4d", ""])
def test_parse_cards_text_subclass_and_list_agree(text: str) -> None:
    cards = parse_cards(text)
    assert parse_cards(_Text(text)) == cards
    assert all(type(c) is Card for c in cards)


@pytest.mark.parametrize("value", [True, False, -1, 10**15 + 1, 2.5, "1"])
def test_amount_fast_check_leaves_odd_values_to_the_careful_one(value: object) -> None:
    with pytest.raises(HiloError):
        amount(value, "pot")


@pytest.mark.parametrize("value", [0, 1, 10**15, 600.0])
def test_amount_accepts_whole_numbers_in_range(value: object) -> None:
    assert amount(value, "pot") == value
    assert type(amount(value, "pot")) is int
