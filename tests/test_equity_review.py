"""A second look at equity records in ``hilo batch`` (issue 12): which records ask for equity, and the
run fields a record gives that cannot all take effect."""

from __future__ import annotations

import pytest

from hilo_cli.errors import InputError
from hilo_cli.formats import equity_out
from hilo_cli.formats.records import Defaults, deal_from_record
from hilo_cli.showdown import settle

STUD = {"board": [], "pot": 100, "players": [{"name": "A", "seat": 1, "hole": "As 2s 3s 4s 5s Kd Kc"},
                                             {"name": "B", "seat": 2, "hole": "Ah 2h 3h 4h 6h Qd Qc"}]}
FLOP = {"board": "Ah 7c 8d", "pot": 100, "players": [{"name": "A", "hole": "As 2s Kd Qh"},
                                                     {"name": "B", "hole": "Ac 3c Th Td"}]}


@pytest.mark.parametrize("board", [[], ""])
def test_a_stud_record_under_the_batch_game_stays_a_showdown(board: object) -> None:
    """vectors.json writes a stud board as an empty list (RULES §10); with ``hilo batch --game stud8`` such
    a record has no board to run out, so it is a showdown, as it was before equity records existed."""
    stud = Defaults(game="stud8")
    record = {**STUD, "board": board}
    assert not equity_out.wants_equity(record, stud)
    assert {p.name: p.won for p in settle(deal_from_record(record, stud)).players} == {"A": 100, "B": 0}


def test_the_batch_game_decides_how_many_board_cards_are_missing() -> None:
    assert equity_out.wants_equity(FLOP, Defaults(game="omaha8-5"))
    assert equity_out.wants_equity({**FLOP, "board": []}, Defaults(game="courchevel8"))
    assert not equity_out.wants_equity({**FLOP, "board": "Ah 7c 8d 9s Ts"}, Defaults(game="omaha"))
    # The record's own game wins over the batch's, as in deal_from_record.
    assert equity_out.wants_equity({**FLOP, "game": "omaha8"}, Defaults(game="stud8"))
    assert not equity_out.wants_equity({**STUD, "game": "stud8"}, Defaults(game="omaha8"))
    # A game that is no game is the showdown path's to explain, not an equity run.
    assert not equity_out.wants_equity({**FLOP, "game": "holdem"})


@pytest.mark.parametrize(("fields", "message"), [
    ({"exact": True, "samples": 50}, "exact and samples ask for different runs"),
    ({"seed": 4}, "seed goes with samples"),
])
def test_run_fields_that_cannot_all_take_effect_are_bad_input(fields: dict[str, object], message: str) -> None:
    """As ``hilo equity`` refuses --exact with --samples, and --seed without --samples: a record's field is
    never silently ignored (an exact run would report 820 runouts while the record asked for 50)."""
    with pytest.raises(InputError, match=message):
        equity_out.equity_from_record({**FLOP, **fields})


def test_each_run_field_alone_still_takes_effect() -> None:
    assert equity_out.equity_from_record({**FLOP, "exact": True}).runouts == 820
    sampled = equity_out.equity_from_record({**FLOP, "samples": 50, "seed": 4})
    assert (sampled.exact, sampled.runouts, sampled.seed) == (False, 50, 4)
