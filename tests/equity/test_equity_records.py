"""A second look at equity records in ``hilo batch`` (issue 12): which records ask for equity, and the
run fields a record gives that cannot all take effect."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hilo_cli.cli import main
from hilo_cli.equity import Equity
from hilo_cli.equity.records import equity_from_record, wants_equity
from hilo_cli.errors import InputError
from hilo_cli.formats import equity_out
from hilo_cli.formats.records import DEFAULTS, Defaults, deal_from_record
from hilo_cli.showdown import settle

STUD = {
    "board": [],
    "pot": 100,
    "players": [
        {"name": "A", "seat": 1, "hole": "As 2s 3s 4s 5s Kd Kc"},
        {"name": "B", "seat": 2, "hole": "Ah 2h 3h 4h 6h Qd Qc"},
    ],
}
FLOP = {
    "board": "Ah 7c 8d",
    "pot": 100,
    "players": [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
}


def from_record(record: object) -> Equity:
    """A batch record's equity under a batch's default options, as ``hilo batch`` runs it."""
    return equity_from_record(record, DEFAULTS, deal_from_record)


@pytest.mark.parametrize("board", [[], ""])
def test_a_stud_record_under_the_batch_game_stays_a_showdown(board: object) -> None:
    """vectors.json writes a stud board as an empty list (RULES §10); with ``hilo batch --game stud8`` such
    a record has no board to run out, so it is a showdown, as it was before equity records existed."""
    stud = Defaults(game="stud8")
    record = {**STUD, "board": board}
    assert not wants_equity(record, stud)
    assert {p.name: p.won for p in settle(deal_from_record(record, stud)).players} == {
        "A": 100,
        "B": 0,
    }


def test_the_batch_game_decides_how_many_board_cards_are_missing() -> None:
    assert wants_equity(FLOP, Defaults(game="omaha8-5"))
    assert wants_equity({**FLOP, "board": []}, Defaults(game="courchevel8"))
    assert not wants_equity({**FLOP, "board": "Ah 7c 8d 9s Ts"}, Defaults(game="omaha"))
    # The record's own game wins over the batch's, as in deal_from_record.
    assert wants_equity({**FLOP, "game": "omaha8"}, Defaults(game="stud8"))
    assert not wants_equity({**STUD, "game": "stud8"}, Defaults(game="omaha8"))
    # A game that is no game is the showdown path's to explain, not an equity run.
    assert not wants_equity({**FLOP, "game": "holdem"}, DEFAULTS)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"exact": True, "samples": 50}, "exact and samples ask for different runs"),
        ({"seed": 4}, "seed goes with samples"),
    ],
)
def test_run_fields_that_cannot_all_take_effect_are_bad_input(
    fields: dict[str, object], message: str
) -> None:
    """As ``hilo equity`` refuses --exact with --samples, and --seed without --samples: a record's field is
    never silently ignored (an exact run would report 820 runouts while the record asked for 50)."""
    with pytest.raises(InputError, match=message):
        from_record({**FLOP, **fields})


def test_each_run_field_alone_still_takes_effect() -> None:
    assert from_record({**FLOP, "exact": True}).runouts == 820
    sampled = from_record({**FLOP, "samples": 50, "seed": 4})
    assert (sampled.exact, sampled.runouts, sampled.seed) == (False, 50, 4)


SLOW = {
    "board": "4c 5d 8s",
    "pot": 103,
    "players": [
        {"name": "A", "hole": "Ah 2h Kc Kd"},
        {"name": "B", "hole": "Ad 2d ?? ??"},
        {"name": "C", "hole": "Js Ts 9s 3c"},
    ],
}


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_a_batch_record_sampled_because_exact_is_too_slow_says_why(
    monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    """The "too slow, sample instead" rule (issue 12) says so: on stderr for hilo equity, and in a batch
    record's own output, where nothing else would tell why a record that asked for exact was sampled.
    (A hand with cards not seen runs on the whole-array path of ranges, issue 31: with its budget at
    0 the slow case. Known hands are always exact.)"""
    from hilo_cli.equity import ranged

    monkeypatch.setattr(ranged, "EXACT_WORK", 0)
    monkeypatch.setattr(ranged, "RANGE_SAMPLES", 300)
    result = from_record(SLOW)
    assert (result.exact, result.runouts) == (False, 300)
    out = equity_out.render(result, fmt, "f.jsonl:1").decode()
    why = 'sampling 300 instead ("exact": true to insist)'
    if fmt == "json":
        line = json.loads(out)
        assert "exact would deal" in line["note"] and line["note"].endswith(why)
    else:
        assert (
            out.splitlines()[2].startswith("note: exact would deal") and why in out.splitlines()[2]
        )
    forced = from_record({**SLOW, "exact": True})
    assert forced.exact and forced.note is None
    assert "note" not in json.loads(equity_out.render(forced, "json", "f.jsonl:1"))


def test_a_record_with_amounts_to_check_is_never_an_equity_run() -> None:
    """A disputed hand whose board was typed one card short must not pass as an equity run (exit 0, its
    check dropped): it stays a showdown, whose short board is bad input (exit 2)."""
    record = {**FLOP, "board": "Ah 7c 8d 9s", "expected": {"A": 100, "B": 0}}
    assert not wants_equity(record, DEFAULTS)
    result = CliRunner().invoke(
        main, ["batch", "--format", "json", "-"], input=json.dumps(record) + "\n"
    )
    assert result.exit_code == 2
    assert "the board has 4 cards; omaha8 needs exactly 5" in result.stderr
    # Asked for outright, equity says why it cannot check the amounts.
    with pytest.raises(InputError, match="expected amounts are checked against a showdown"):
        from_record({**record, "equity": True})
