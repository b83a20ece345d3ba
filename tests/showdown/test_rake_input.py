"""Rake in the input (RULES §13): JSON ``"rake"`` (one amount, or one per pot) and the text field ``rake``."""

from __future__ import annotations

import json

import pytest
from conftest import run, totals

PLAYERS = [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}]
LINE = "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s"


def settled(stdin: str) -> tuple[int, dict[str, int] | str]:
    result = run(["batch", "--format", "json", "-"], stdin=stdin)
    record = json.loads(result.stdout.splitlines()[0])
    return result.exit_code, record.get("error") or totals(record)


@pytest.mark.parametrize(
    "stdin",
    [
        json.dumps({"board": "Ac 3d 6h Ks Kd", "players": PLAYERS, "pot": 485, "rake": 20}),
        json.dumps({"board": "Ac 3d 6h Ks Kd", "players": PLAYERS, "pot": 485, "rake": [20]}),
        f"{LINE} | pot 485 | rake 20",
    ],
)
def test_rake_comes_off_the_pot_before_it_is_halved(stdin: str) -> None:
    # 485 - 20 = 465: high 233 to B (the odd chip), low 232 tied, 116 each (RULES §13's observed hand shape).
    assert settled(stdin + "\n") == (0, {"A": 116, "B": 349})


def test_side_pots_each_pay_their_own_rake() -> None:
    players = [
        {"name": "A", "hole": "2c 4d Qc Jd", "contributed": 100},
        {"name": "B", "hole": "Kh Kc 2h 4s", "contributed": 300},
        {"name": "C", "hole": "9s 9d Tc Jh", "contributed": 300},
    ]
    record = {"board": "Ac 3d 6h Ks Kd", "players": players, "rake": [10, 20]}
    code, got = settled(json.dumps(record) + "\n")
    assert code == 0 and isinstance(got, dict)
    assert sum(got.values()) == 700 - 30


@pytest.mark.parametrize("rake", [-5, 1.5, "ten", [5, 5, 5]])
def test_bad_rake_is_one_error(rake: object) -> None:
    code, got = settled(
        json.dumps({"board": "Ac 3d 6h Ks Kd", "players": PLAYERS, "pot": 485, "rake": rake}) + "\n"
    )
    assert code == 2 and isinstance(got, str) and "rake" in got
