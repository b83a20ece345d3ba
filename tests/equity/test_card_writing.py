"""Cards speak however they are written (issue 31, the regression): together (``As2sKdQh``), with
commas, in upper case, with suit symbols, and with ``??`` written among them, in every command that
takes hole cards (showdown, equity, a batch's equity record, ``equity_record`` of the Python API). Each
writing gives exactly what the canonical spaced writing gives."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli import api
from hilo_cli.cards import DECK, TEXT
from hilo_cli.cli import main

SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
A = ["As", "2s", "Kd", "Qh"]
B = ["Kc", "Qs", "Jh", "9d"]
BOARD = "Ah 7c 8d"


def together(cards: list[str]) -> str:
    return "".join(cards)


def commas(cards: list[str]) -> str:
    return ",".join(cards)


def upper(cards: list[str]) -> str:
    return " ".join(c.upper() for c in cards)


def symbols(cards: list[str]) -> str:
    return "".join(c[0] + SYMBOLS.get(c[1], c[1]) for c in cards)


WRITINGS = [together, commas, upper, symbols]


def _equity_json(a: str, b: str, board: str = BOARD) -> dict[str, object]:
    result = CliRunner().invoke(
        main, ["equity", "--board", board, f"A={a}", f"B={b}", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    out: dict[str, object] = json.loads(result.stdout)
    return out


def _batch_json(a: str, b: str, board: str = BOARD) -> dict[str, object]:
    record = {"board": board, "players": [{"name": "A", "hole": a}, {"name": "B", "hole": b}]}
    result = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=json.dumps(record))
    assert result.exit_code == 0, result.output
    out: dict[str, object] = json.loads(result.stdout)
    del out["source"]
    return out


def _api_json(a: str, b: str, board: str = BOARD) -> dict[str, object]:
    record = {"board": board, "players": [{"name": "A", "hole": a}, {"name": "B", "hole": b}]}
    return api.equity_record(record)


def _showdown_json(a: str, b: str, board: str = BOARD + " 2c 3d") -> dict[str, object]:
    result = CliRunner().invoke(
        main,
        ["showdown", "--board", board, f"A={a}", f"B={b}", "--pot", "100", "--format", "json"],
    )
    assert result.exit_code == 0, result.output
    out: dict[str, object] = json.loads(result.stdout)
    return out


COMMANDS = [_showdown_json, _equity_json, _batch_json, _api_json]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda f: f.__name__.strip("_"))
@pytest.mark.parametrize("writing", WRITINGS, ids=lambda f: f.__name__)
def test_each_writing_gives_what_the_spaced_cards_give(command, writing) -> None:  # type: ignore[no-untyped-def]
    plain = command(" ".join(A), " ".join(B))
    assert command(writing(A), writing(B)) == plain


@pytest.mark.parametrize("command", COMMANDS[1:], ids=lambda f: f.__name__.strip("_"))
@pytest.mark.parametrize("writing", WRITINGS, ids=lambda f: f.__name__)
def test_cards_not_seen_written_among_the_others(command, writing) -> None:  # type: ignore[no-untyped-def]
    """``??`` among cards written any way: As2sKd?? is As 2s Kd ??."""
    board = "Ah 7c 8d 2c"
    plain = command("As 2s Kd ??", " ".join(B), board)
    joined = writing(["As", "2s", "Kd"]) + "??"
    assert command(joined, writing(B), board) == plain


def test_the_command_of_the_issue_gives_equity_not_an_error() -> None:
    result = CliRunner().invoke(
        main, ["equity", "--board", "Ah 7c 8d", "A=As2sKdQh", "B=Kc Qs Jh 9d"]
    )
    assert result.exit_code == 0, result.output
    assert "hole cards" not in result.output


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(WRITINGS))
def test_any_hand_written_any_way_is_the_same_hand(rnd: random.Random, writing) -> None:  # type: ignore[no-untyped-def]
    """Property: random hands on a random turn, each written a random way, give the spaced result."""
    cards = rnd.sample(list(DECK), 12)
    a, b = [TEXT[c] for c in cards[:4]], [TEXT[c] for c in cards[4:8]]
    board = " ".join(TEXT[c] for c in cards[8:])
    assert _api_json(writing(a), writing(b), board) == _api_json(" ".join(a), " ".join(b), board)
