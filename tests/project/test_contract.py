"""The JSON output contract (issue 3): field names scripts rely on, with the types they rely on.

Two checks: the shared contract checker in ../shared/contract/check.py when it is there (skipped when
it is not, e.g. in a clone of this repository alone), and the project's own check of the README
example's JSON, which needs nothing outside the repository.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, SHARED_DIR, SHOWDOWN

from hilo_cli.cli import main

SHARED_CHECK = SHARED_DIR / "contract" / "check.py"
EXAMPLE = SHOWDOWN


@pytest.mark.skipif(not SHARED_CHECK.is_file(), reason="../shared/contract/check.py is not there")
def test_shared_contract_check() -> None:
    env = {
        **os.environ,
        "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
    }
    p = subprocess.run(
        [sys.executable, str(SHARED_CHECK)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert p.returncode == 0, p.stdout + p.stderr


def is_cards(value: object, count: int | None = None) -> bool:
    return (
        isinstance(value, list)
        and all(isinstance(c, str) and len(c) == 2 for c in value)
        and (count is None or len(value) == count)
    )


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_hand(hand: object) -> None:
    assert hand is None or (
        isinstance(hand, dict) and is_cards(hand["cards"], 5) and isinstance(hand["name"], str)
    )


def check_half(half: object) -> None:
    assert isinstance(half, dict)
    assert is_int(half["amount"])
    assert isinstance(half["winners"], list) and all(isinstance(w, str) for w in half["winners"])


def check_record(record: dict) -> None:
    """Every contract field of one settled deal, with its type."""
    assert record["id"] is None or isinstance(record["id"], str)
    assert isinstance(record["game"], str)
    assert is_cards(record["board"])
    assert isinstance(record["players"], list) and record["players"]
    for p in record["players"]:
        assert isinstance(p["name"], str)
        assert is_int(p["seat"])
        assert p["hole"] is None or is_cards(p["hole"])
        assert isinstance(p["folded"], bool)
        check_hand(p["high"])
        check_hand(p["low"])
        assert p["no_low"] is None or isinstance(p["no_low"], str)
        assert is_int(p["won"])
    assert isinstance(record["pots"], list) and record["pots"]
    for pot in record["pots"]:
        assert is_int(pot["amount"])
        assert isinstance(pot["eligible"], list) and all(
            isinstance(n, str) for n in pot["eligible"]
        )
        check_half(pot["high"])
        if pot["low"] is not None:
            check_half(pot["low"])
        assert isinstance(pot["shares"], dict) and all(is_int(v) for v in pot["shares"].values())
        assert sum(pot["shares"].values()) == pot["amount"]
        assert isinstance(pot["odd_chips"], list)
        for odd in pot["odd_chips"]:
            assert (
                isinstance(odd["to"], str) and is_int(odd["amount"]) and isinstance(odd["why"], str)
            )
    assert isinstance(record["returned"], dict) and all(
        is_int(v) for v in record["returned"].values()
    )


def showdown_json(*extra: str) -> tuple[int, dict]:
    result = CliRunner().invoke(main, [*EXAMPLE, *extra, "--format", "json"])
    return result.exit_code, json.loads(result.stdout)


def test_readme_example_json_has_every_contract_field() -> None:
    status, record = showdown_json()
    assert status == 0
    check_record(record)
    assert "check" not in record
    a, b = record["players"]
    assert (a["name"], a["seat"], a["hole"], a["folded"], a["won"]) == (
        "A",
        1,
        ["2c", "4d", "Qc", "Jd"],
        False,
        300,
    )
    assert (b["name"], b["won"], b["no_low"]) == ("B", 900, None)
    assert b["high"]["name"] == "Four of a kind, kings"
    assert a["low"]["name"] == b["low"]["name"] == "6-4-3-2-A"
    (pot,) = record["pots"]
    assert (pot["amount"], pot["eligible"], pot["shares"]) == (
        1200,
        ["A", "B"],
        {"A": 300, "B": 900},
    )
    assert (pot["high"]["amount"], pot["high"]["winners"]) == (600, ["B"])
    assert (pot["low"]["amount"], sorted(pot["low"]["winners"])) == (600, ["A", "B"])
    assert record["returned"] == {}


def test_check_is_there_when_amounts_are_expected() -> None:
    status, record = showdown_json("--expect", "A=300", "--expect", "B=800")
    assert status == 1
    check_record(record)
    check = record["check"]
    assert check["ok"] is False
    assert check["expected"] == {"A": 300, "B": 800}
    assert check["differences"] == {"B": {"expected": 800, "won": 900}}


def test_odd_chips_returned_chips_and_folded_players_follow_the_contract() -> None:
    odd = CliRunner().invoke(
        main,
        [
            "showdown",
            "--board",
            "Ac 3d 6h Ks Kd",
            "A=2c 4d Qc Jd",
            "B=Kh Kc 2h 4s",
            "--pot",
            "1201",
            "--format",
            "json",
        ],
    )
    record = json.loads(odd.stdout)
    check_record(record)
    assert [(o["to"], o["amount"]) for o in record["pots"][0]["odd_chips"]] == [
        ("B", 1)
    ]  # to the high half
    sides = CliRunner().invoke(
        main,
        [
            "showdown",
            "--board",
            "3c 4d 5h Kd Qs",
            "Ann=6h 7h Jd Jc@50",
            "Ben=Kh Kc 8c 8d@120",
            "--folded",
            "Cy=20",
            "--format",
            "json",
        ],
    )
    record = json.loads(sides.stdout)
    check_record(record)
    assert record["returned"] == {"Ben": 70}
    cy = record["players"][-1]
    assert (cy["folded"], cy["high"], cy["low"], cy["won"]) == (True, None, None, 0)


def test_batch_lines_and_error_lines_follow_the_contract() -> None:
    good = {
        "id": "7",
        "board": "Ac 3d 6h Ks Kd",
        "pot": 1200,
        "players": [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}],
    }
    bad = {**good, "id": "8", "pot": -1}
    result = CliRunner().invoke(
        main, ["batch", "--format", "json"], input=f"{json.dumps(good)}\n{json.dumps(bad)}\n"
    )
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    check_record(first)
    assert first == showdown_json()[1] | {"id": "7", "source": "<stdin>:1"}
    assert set(second) == {"id", "line", "error", "source", "schema"}
    assert (second["id"], second["line"]) == ("8", 2) and isinstance(second["error"], str)
