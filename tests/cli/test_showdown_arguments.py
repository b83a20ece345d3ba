"""``hilo showdown``'s arguments at the edges (issue 8): an option or value given twice, names with
``=`` or ``@``, amounts written after ``@`` or over the limit, one card where cards are asked for,
games in any case, a lone live hand, and the ``--expect`` check in every format.

Each test was written from an item of the issue and failed on the code before its fix (the item number
is in the test's name).
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import A_HOLE, B_HOLE, BOARD, SHOWDOWN, one_error_line, run, won


@pytest.mark.parametrize(
    "extra",
    [
        ["--folded", "D=5", "--folded", "D=7"],
        ["--expect", "A=25", "--expect", "A=30"],
        ["--pot", "1300"],
        ["--button", "1", "--button", "2"],
        ["--game", "omaha8"],
        ["--chip-unit", "1", "--chip-unit", "1"],
    ],
)
def test_item3_repeated_options_are_bad_usage(extra: list[str]) -> None:
    args = SHOWDOWN + extra if extra[0] != "--game" else [*SHOWDOWN, "--game", "omaha8", *extra]
    line = one_error_line(run(args))
    assert "twice" in line or "times" in line


def test_item8_a_lone_live_player_without_cards_or_board_settles_from_the_command_line() -> None:
    result = run(["showdown", "A=@50", "--folded", "B=50", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert won(result) == {"A": 100, "B": 0}


def test_a_lone_live_hand_needs_only_the_board_dealt_before_the_others_folded() -> None:
    # Everyone else folded on the flop: no turn or river was dealt (RULES §7).
    result = run(
        [
            "showdown",
            "--board",
            "Ac 2d 3h",
            f"A={A_HOLE}@50",
            "--folded",
            "B=50",
            "--format",
            "json",
        ]
    )
    assert result.exit_code == 0, result.output
    assert [p["won"] for p in json.loads(result.stdout)["players"]] == [100, 0]


def test_item9_an_amount_over_the_limit_is_shown_as_given() -> None:
    line = one_error_line(run([*SHOWDOWN[:-1], "1000000000000001"]))
    assert "1000000000000001" in line


@pytest.mark.parametrize("name", ["Mr=X", "J@ck", "a=b@c"])
def test_item9_names_with_equals_or_at_on_the_command_line(name: str) -> None:
    args = ["showdown", "--board", BOARD, f"{name}={A_HOLE}", f"B={B_HOLE}", "--pot", "1200"]
    result = run([*args, "--expect", f"{name}=300", "--expect", "B=900", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"][0]["name"] == name


def test_item9_a_named_player_with_an_amount_after_at() -> None:
    result = run(
        ["showdown", "--board", BOARD, f"A={A_HOLE}@600", f"B={B_HOLE}@600", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    assert [p["contributed"] for p in json.loads(result.stdout)["players"]] == [600, 600]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--board", "Ac"], "the board has 1 card; omaha8 needs exactly 5"),
        (["--board", "Ac", "--game", "stud8"], "stud8 has no board, but 1 board card was given"),
    ],
)
def test_item9_one_card_is_not_cards(args: list[str], message: str) -> None:
    hole = (
        ["A=2c 4d Qc Jd 5c 6c 7c", "B=Kh Kc 2h 4s 5s 6s 7s"]
        if "stud8" in args
        else [f"A={A_HOLE}", f"B={B_HOLE}"]
    )
    assert one_error_line(run(["showdown", *args, *hole, "--pot", "100"])).endswith(message)


def test_item13_game_names_in_any_case_on_the_command_line() -> None:
    result = run(
        [
            "showdown",
            "--game",
            "STUD8",
            "A=9h 8d 7c 6s 5h Kd Qc",
            "B=9s 8c 7d 6h 5d Ks Jh",
            "--pot",
            "101",
        ]
    )
    assert result.exit_code == 0, result.output


def test_a_bare_hilo_names_every_command() -> None:
    from hilo_cli.cli import COMMANDS

    line = one_error_line(run([]))
    assert all(name in line for name in COMMANDS), line


def test_item14_the_odd_chip_between_halves_is_counted_in_units() -> None:
    # 1210 in units of 10 is 121 units: 61 to high, 60 to low, and the odd unit is a chip of 10.
    result = run([*SHOWDOWN[:-1], "1210", "--chip-unit", "10", "--format", "json"])
    pot = json.loads(result.stdout)["pots"][0]
    assert pot["high"]["amount"] == 610 and pot["low"]["amount"] == 600
    assert {"to": "B", "amount": 10, "half": "high"}.items() <= pot["odd_chips"][0].items()
    text = run([*SHOWDOWN[:-1], "1210", "--chip-unit", "10"]).stdout
    assert "odd chip 10 to B" in text


def test_item16_the_csv_difference_is_won_minus_expected() -> None:
    result = run([*SHOWDOWN, "--expect", "A=200", "--expect", "B=1000", "--format", "csv"])
    assert result.exit_code == 1
    rows = {r["name"]: r for r in csv.DictReader(io.StringIO(result.stdout))}
    assert (rows["A"]["won"], rows["A"]["expected"], rows["A"]["difference"]) == (
        "300",
        "200",
        "100",
    )
    assert (rows["B"]["won"], rows["B"]["expected"], rows["B"]["difference"]) == (
        "900",
        "1000",
        "-100",
    )


def test_item17_players_left_out_of_expect_were_paid_nothing() -> None:
    result = run([*SHOWDOWN, "--expect", "A=300", "--format", "json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["check"]["differences"] == {"B": {"expected": 0, "won": 900}}
    text = run([*SHOWDOWN, "--expect", "A=300"]).stdout
    assert "DIFFERENCE B was paid 0, should win 900" in text


def test_pasted_suit_symbols_and_amounts_written_against_the_cards() -> None:
    pasted = ["--board", "A♣️ 3♦️ 6♥️ K♠️ K♦️", "A=2♣️ 4♦️ Q♣️ J♦️", "B=K♥️ K♣️ 2♥️ 4♠️"]
    result = run(["showdown", *pasted, "--pot", "1200", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["board"] == ["Ac", "3d", "6h", "Ks", "Kd"]
    text = "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd@600 | B: Kh Kc 2h 4s@600\n"
    result = run(["batch", "--format", "json", "-"], stdin=text)
    assert result.exit_code == 0 and [p["won"] for p in json.loads(result.stdout)["players"]] == [
        300,
        900,
    ]
