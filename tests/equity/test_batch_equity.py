"""``hilo batch`` records that ask for equity (issue 12): a board still to come, or ``"equity": true``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from hilo_cli.cli import main

PLAYERS = [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}]


def batch(*records: dict[str, object], fmt: str = "json") -> tuple[int, list[str]]:
    stdin = "".join(json.dumps(r) + "\n" for r in records)
    result = CliRunner().invoke(main, ["batch", "--format", fmt, "-"], input=stdin)
    return result.exit_code, result.stdout.splitlines()


def test_a_flop_record_gives_equity_and_a_full_board_a_showdown_in_one_batch() -> None:
    flop = {"id": "flop", "board": "Ac 3d 6h", "players": PLAYERS, "pot": 1200}
    river = {"id": "river", "board": "Ac 3d 6h Ks Kd", "players": PLAYERS, "pot": 1200}
    code, lines = batch(flop, river)
    assert code == 0
    first, second = map(json.loads, lines)
    assert first["source"] == "<stdin>:1" and first["exact"] is True and first["runouts"] == 820
    assert sum(p["expected_chips"] for p in first["players"]) == 1200
    assert {p["name"]: p["won"] for p in second["players"]} == {"A": 300, "B": 900}


def test_a_lone_live_hand_on_a_short_board_is_a_showdown_not_a_runout() -> None:
    record = {
        "board": "Ac 3d 6h",
        "players": [PLAYERS[0], {"name": "B", "folded": True, "contributed": 50}],
        "button": 2,
    }
    record["players"][0] = {**PLAYERS[0], "contributed": 50}
    code, lines = batch(record)
    assert code == 0
    assert [p["won"] for p in json.loads(lines[0])["players"]] == [100, 0]


def test_equity_in_a_batch_csv_is_one_clear_error() -> None:
    code, lines = batch({"board": "Ac 3d 6h", "players": PLAYERS, "pot": 1200}, fmt="csv")
    assert code == 2
    assert "equity" in lines[1]


def test_a_stud_record_with_an_empty_board_under_game_stud8_is_a_showdown() -> None:
    record = {
        "board": [],
        "pot": 100,
        "players": [
            {"name": "A", "seat": 1, "hole": "As 2s 3s 4s 5s Kd Kc"},
            {"name": "B", "seat": 2, "hole": "Ah 2h 3h 4h 6h Qd Qc"},
        ],
    }
    result = CliRunner().invoke(
        main, ["batch", "--game", "stud8", "--format", "json", "-"], input=json.dumps(record) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert [p["won"] for p in json.loads(result.stdout)["players"]] == [100, 0]


def test_samples_beyond_a_billion_are_bad_input_not_years_of_work() -> None:
    """Issue 16, defect 8: a record's ``"samples": 10**15`` ran for years; ``bounds.MAX_SAMPLES`` bounds it."""
    huge = {"id": "huge", "board": "Ac 3d 6h", "players": PLAYERS, "pot": 1200, "samples": 10**15}
    fine = {**huge, "id": "fine", "samples": 10}
    stdin = json.dumps(huge) + "\n" + json.dumps(fine) + "\n"
    hilo = str(Path(sys.executable).parent / "hilo")
    result = subprocess.run(
        [hilo, "batch", "--format", "json", "-"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )  # a hang guard: the old code ran for years
    assert result.returncode == 2
    assert "samples is more than hilo counts (at most 1,000,000,000)" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    first, second = map(json.loads, result.stdout.splitlines())
    assert (
        first["error"] == "samples is more than hilo counts (at most 1,000,000,000)"
        and "players" not in first
    )
    assert (second["id"], second["runouts"]) == ("fine", 10)


def test_a_record_on_several_boards_asks_for_equity_outright() -> None:
    record = {
        "equity": True,
        "boards": ["Ac 3d 6h Ks", "Ac 3d 6h"],
        "players": PLAYERS,
        "pot": 1200,
    }
    code, lines = batch(record)
    assert code == 0
    (out,) = map(json.loads, lines)
    assert out["boards"] == [["Ac", "3d", "6h", "Ks"], ["Ac", "3d", "6h"]] and out["exact"] is True
    assert [b["runouts"] for b in out["by_board"]] == [
        40,
        780,
    ]  # 40 unseen cards: the turn shown on board 1 is seen
    assert sum(p["expected_chips"] for p in out["players"]) == 1200
