"""Issue 8: nothing lost, nothing silently changed, no traceback, at the input edges.

Each test is written from an item of the issue and failed on the code before its fix (the item number is
in the test's name or docstring).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import Result
from conftest import A_HOLE, B_HOLE, BOARD, RECORD, run

LINE = f"{BOARD} | A: {A_HOLE} | B: {B_HOLE} | pot 1200"
SHOWDOWN = ["showdown", "--board", BOARD, f"A={A_HOLE}", f"B={B_HOLE}", "--pot", "1200"]


def batch_json(data: str | bytes, *options: str) -> tuple[Result, list[dict[str, object]]]:
    result = run(["batch", "--format", "json", *options, "-"], stdin=data)
    return result, [json.loads(line) for line in result.stdout.splitlines()]


def one_error_line(result: Result) -> str:
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, (result.exit_code, result.stderr)
    assert "Traceback" not in result.output
    return lines[0]


# --- 1. a bad first line does not lose a JSON Lines file ---------------------------------------------------

GOOD = json.dumps(RECORD)


@pytest.mark.parametrize("first", [GOOD[:-1], GOOD + " junk", GOOD + "}", '{"board": "Ac 3d'])
@pytest.mark.parametrize("options", [(), ("--input-format", "jsonl")])
def test_item1_a_bad_first_line_is_one_error_and_the_rest_settle(
    first: str, options: tuple[str, ...]
) -> None:
    result, records = batch_json(f"{first}\n{GOOD}\n{GOOD}\n", *options)
    assert result.exit_code == 2
    assert [r.get("line") for r in records if "error" in r] == [1]
    assert [r["source"] for r in records if "error" not in r] == ["<stdin>:2", "<stdin>:3"]
    assert result.stderr.startswith("<stdin>:1: malformed JSON")


def test_item1_input_format_jsonl_reads_each_line_on_its_own() -> None:
    # A file that auto-detection would read as a pretty-printed document, forced to JSON Lines: each line
    # is its own (bad) record, reported where it is.
    result, records = batch_json("{\n" + GOOD + "\n", "--input-format", "jsonl")
    assert result.exit_code == 2
    assert [r["line"] for r in records if "error" in r] == [1]
    assert [r["source"] for r in records if "error" not in r] == ["<stdin>:2"]


# --- 2. '#' inside a text line never cuts it -----------------------------------------------------------------


def test_item2_hash_inside_a_line_is_data_and_expect_is_still_checked() -> None:
    result, records = batch_json(f"{LINE} | id hand#42 | expect A=600 B=600\n")
    assert result.exit_code == 1, result.output  # A won 300, B 900: the check must not be dropped
    assert records[0]["id"] == "hand#42"
    check = records[0]["check"]
    assert isinstance(check, dict) and check["ok"] is False


def test_item2_a_trailing_comment_is_an_error_not_dropped() -> None:
    result = run(["batch", "-"], stdin=f"{LINE} | expect A=300 B=900 # paid by the dealer\n")
    assert "<stdin>:1:" in one_error_line(result)


def test_item2_comment_lines_may_be_indented() -> None:
    result, records = batch_json(f"   # a note\n{LINE}\n")
    assert result.exit_code == 0 and len(records) == 1 and records[0]["source"] == "<stdin>:2"


# --- 3. a value given twice is bad input ------------------------------------------------------------------------


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


@pytest.mark.parametrize(
    ("field", "word"),
    [
        ("A: 2c 4d Qc Jd @600 @700", "@"),
        ("A: 2c 4d Qc Jd seat 3 seat 4", "seat"),
        ("expect A=300 A=900", "A"),
    ],
)
def test_item3_repeated_values_in_a_text_line_are_bad_input(field: str, word: str) -> None:
    line = (
        f"{BOARD} | {field} | B: {B_HOLE} | pot 1200"
        if field.startswith("A:")
        else f"{LINE} | {field}"
    )
    if field.startswith("A:"):
        line = line.replace(" | pot 1200", "")
    message = one_error_line(run(["batch", "-"], stdin=line + "\n"))
    assert "twice" in message and word in message


# --- 5-7. no traceback, the right exit status ----------------------------------------------------------------


def test_item8_a_lone_live_player_without_cards_or_board_settles_from_the_command_line() -> None:
    result = run(["showdown", "A=@50", "--folded", "B=50", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert {p["name"]: p["won"] for p in json.loads(result.stdout)["players"]} == {"A": 100, "B": 0}


def test_item8_the_text_format_agrees() -> None:
    result, records = batch_json("A: @50 | B: fold @50\n")
    assert result.exit_code == 0, result.output
    players = records[0]["players"]
    assert isinstance(players, list) and [p["won"] for p in players] == [100, 0]


# --- 9. messages say what was wrong, and where -----------------------------------------------------------------


def test_item9_an_amount_over_the_limit_is_shown_as_given() -> None:
    line = one_error_line(run([*SHOWDOWN[:-1], "1000000000000001"]))
    assert "1000000000000001" in line


def test_item9_a_list_with_a_number_in_it_names_the_card() -> None:
    record = {
        **RECORD,
        "players": [{"name": "A", "hole": ["2c", 4, "Qc", "Jd"]}, RECORD["players"][1]],
    }
    message = one_error_line(run(["batch", "-"], stdin=json.dumps(record)))
    assert "player A: hole: card 2 of the list is 4" in message


def test_item9_a_player_without_a_colon_is_not_taken_for_the_board() -> None:
    message = one_error_line(
        run(["batch", "-"], stdin=f"A 2c 4d Qc Jd | board {BOARD} | B: {B_HOLE} | pot 1200\n")
    )
    assert "field 1" in message and "colon" in message


@pytest.mark.parametrize("name", ["Mr=X", "J@ck", "a=b@c"])
def test_item9_names_with_equals_or_at_on_the_command_line(name: str) -> None:
    result = run(
        [
            "showdown",
            "--board",
            BOARD,
            f"{name}={A_HOLE}",
            f"B={B_HOLE}",
            "--pot",
            "1200",
            "--expect",
            f"{name}=300",
            "--expect",
            "B=900",
            "--format",
            "json",
        ]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"][0]["name"] == name


def test_item9_a_named_player_with_an_amount_after_at() -> None:
    result = run(
        ["showdown", "--board", BOARD, f"A={A_HOLE}@600", f"B={B_HOLE}@600", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    assert [p["contributed"] for p in json.loads(result.stdout)["players"]] == [600, 600]


# --- 12. every output record can be traced to its input ------------------------------------------------------


def test_item12_batch_json_results_carry_their_source(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(f"{GOOD}\n\n{GOOD}\n")
    result = run(["batch", "--format", "json", str(path)])
    assert [json.loads(line)["source"] for line in result.stdout.splitlines()] == [
        f"{path}:1",
        f"{path}:3",
    ]


# --- 13. input that ordinary tools produce -----------------------------------------------------------------------


def test_item13_a_stream_of_pretty_printed_objects_as_jq_writes_them() -> None:
    first = json.dumps(RECORD, indent=2)
    data = first + "\n" + json.dumps({**RECORD, "id": "two"}, indent=2) + "\n"
    result, records = batch_json(data)
    assert result.exit_code == 0, result.output
    assert [r["source"] for r in records] == ["<stdin>:1", f"<stdin>:{len(first.splitlines()) + 1}"]
    assert records[1]["id"] == "two"


def test_item13_a_bad_object_in_a_stream_does_not_lose_the_next() -> None:
    bad = json.dumps(RECORD, indent=2).replace('"pot": 1200', '"pot": 1200,,')
    result, records = batch_json(bad + "\n" + json.dumps(RECORD, indent=2) + "\n")
    assert result.exit_code == 2
    assert ["error" in r for r in records] == [True, False]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_item13_utf16_with_a_byte_order_mark(encoding: str) -> None:
    text = f"{LINE}\n{LINE}\n"
    data = text.encode("utf-16") if encoding == "utf-16" else (("\ufeff" + text).encode(encoding))
    result, records = batch_json(data)
    assert result.exit_code == 0, result.output
    assert len(records) == 2


def test_item13_cr_only_line_ends() -> None:
    result, records = batch_json(f"# two deals\r{LINE}\r{LINE}\r".encode())
    assert result.exit_code == 0, result.output
    assert [r["source"] for r in records] == ["<stdin>:2", "<stdin>:3"]


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


def test_item13_chip_unit_zero_is_one_usage_error_not_one_per_record() -> None:
    result = run(["batch", "--chip-unit", "0", "-"], stdin=f"{LINE}\n{LINE}\n")
    assert "chip-unit" in one_error_line(result)
    assert result.stdout == ""


# --- 14-17. tests that let real bugs through ------------------------------------------------------------------


def test_item14_the_odd_chip_between_halves_is_counted_in_units() -> None:
    # 1210 in units of 10 is 121 units: 61 to high, 60 to low, and the odd unit is a chip of 10.
    result = run([*SHOWDOWN[:-1], "1210", "--chip-unit", "10", "--format", "json"])
    pot = json.loads(result.stdout)["pots"][0]
    assert pot["high"]["amount"] == 610 and pot["low"]["amount"] == 600
    assert {"to": "B", "amount": 10, "half": "high"}.items() <= pot["odd_chips"][0].items()
    text = run([*SHOWDOWN[:-1], "1210", "--chip-unit", "10"]).stdout
    assert "odd chip 10 to B" in text


@pytest.mark.parametrize("amount", ["@600", "@ 600", "@600.0"])
def test_item15_the_amount_after_at_may_be_spaced(amount: str) -> None:
    line = f"{BOARD} | A: {A_HOLE} {amount} | B: {B_HOLE} {amount}\n"
    result, records = batch_json(line)
    assert result.exit_code == 0, result.output
    players = records[0]["players"]
    assert isinstance(players, list) and [p["contributed"] for p in players] == [600, 600]


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


@pytest.mark.parametrize(
    "data",
    [
        GOOD.replace('"pot": 1200', '"pot": 600, "pot": 1200'),
        GOOD.replace('"name": "A"', '"name": "A", "name": "C"'),
        json.dumps({**RECORD, "expected": {"A": 300}}).replace(
            '{"A": 300}', '{"A": 300, "A": 900}'
        ),
        json.dumps(RECORD, indent=2).replace('"pot": 1200', '"pot" : 600,\n  "pot": 1200'),
    ],
)
def test_item3_a_json_key_given_twice_is_bad_input_not_the_last_one(data: str) -> None:
    message = one_error_line(run(["batch", "-"], stdin=data + "\n"))
    assert "given twice" in message


def test_item3_a_colon_inside_a_value_is_not_taken_for_a_repeated_key() -> None:
    record = {
        **RECORD,
        "id": 'odd": id',
        "players": [{"name": 'x":y', "hole": A_HOLE}, RECORD["players"][1]],
    }
    result, records = batch_json(json.dumps(record) + "\n")
    assert result.exit_code == 0, result.output
    assert records[0]["id"] == 'odd": id'


# --- 11. names are data, not terminal commands ------------------------------------------------------------------

HOSTILE = [
    "Eve\x1b[2J\x1b[31m",
    "Mal\nB wins 1200",
    '=HYPERLINK("http://x")',
    "+1",
    "-2",
    "@me",
    "r\u202eevil",
]


@pytest.mark.parametrize("name", HOSTILE)
def test_item11_names_are_escaped_in_text_output(name: str) -> None:
    result = run(
        ["showdown", "--board", BOARD, "--pot", "1200", "--", f"{name}={A_HOLE}", f"B={B_HOLE}"]
    )
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert len(result.stdout.splitlines()) == 8  # a newline in a name adds no line
    assert "B wins 900" in result.stdout.splitlines()[-1]


@pytest.mark.parametrize("name", HOSTILE)
def test_item11_csv_cells_are_never_formulas_or_controls(name: str) -> None:
    result = run(
        [
            "showdown",
            "--board",
            BOARD,
            "--pot",
            "1200",
            "--format",
            "csv",
            "--",
            f"{name}={A_HOLE}",
            f"B={B_HOLE}",
        ]
    )
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert len(rows) == 3
    cell = rows[1][4]
    assert not cell.startswith(("=", "+", "-", "@")) and "\x1b" not in cell and "\n" not in cell
    assert (
        cell.lstrip("'").replace("\\n", "\n").replace("\\x1b", "\x1b").replace("\\u202e", "\u202e")
        == name
    )


def test_item11_json_keeps_names_exactly() -> None:
    name = HOSTILE[0]
    result = run(
        [
            "showdown",
            "--board",
            BOARD,
            f"{name}={A_HOLE}",
            f"B={B_HOLE}",
            "--pot",
            "1200",
            "--format",
            "json",
        ]
    )
    assert json.loads(result.stdout)["players"][0]["name"] == name


def test_item11_error_lines_escape_names_too() -> None:
    line = one_error_line(
        run(["batch", "-"], stdin=f"{BOARD} | E\x1b[31mve: {A_HOLE} | B: {A_HOLE} | pot 10\n")
    )
    assert "\x1b" not in line


def test_a_bare_hilo_names_every_command() -> None:
    from hilo_cli.cli import COMMANDS

    line = one_error_line(run([]))
    assert all(name in line for name in COMMANDS), line


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


def test_item9_a_huge_amount_is_quoted_as_written() -> None:
    line = one_error_line(
        run(
            ["batch", "-"],
            stdin=f"{BOARD} | A: {A_HOLE} @99999999999999999999999999999 | B: {B_HOLE} @600\n",
        )
    )
    assert "99999999999999999999999999999" in line
