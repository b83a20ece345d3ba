"""How ``hilo batch`` reads its records (issue 8): nothing lost, nothing silently changed, no traceback.

JSON Lines whose first line is bad, text lines with ``#`` in them, values and JSON keys given twice,
streams of pretty-printed objects as jq writes them, UTF-16 and CR-only files, error lines that say
where, and every result traced to its input line. Each test was written from an item of the issue and
failed on the code before its fix (the item number is in the test's name). What ``hilo showdown``'s
arguments do at the same edges is in tests/cli/test_showdown_arguments.py; names in the output in
tests/formats/test_name_escaping.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import Result
from conftest import A_HOLE, B_HOLE, BOARD, LINE, RECORD, one_error_line, run


def batch_json(data: str | bytes, *options: str) -> tuple[Result, list[dict[str, object]]]:
    result = run(["batch", "--format", "json", *options, "-"], stdin=data)
    return result, [json.loads(line) for line in result.stdout.splitlines()]


# --- 1. a bad first line does not lose a JSON Lines file ------------------------------------------

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


# --- 2. '#' inside a text line never cuts it ------------------------------------------------------


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


# --- 3. a value given twice is bad input ----------------------------------------------------------


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


# --- 8. a lone live player ------------------------------------------------------------------------


def test_item8_the_text_format_agrees() -> None:
    result, records = batch_json("A: @50 | B: fold @50\n")
    assert result.exit_code == 0, result.output
    players = records[0]["players"]
    assert isinstance(players, list) and [p["won"] for p in players] == [100, 0]


# --- 9. messages say what was wrong, and where in the input ---------------------------------------


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


# --- 12. every output record can be traced to its input -------------------------------------------


def test_item12_batch_json_results_carry_their_source(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(f"{GOOD}\n\n{GOOD}\n")
    result = run(["batch", "--format", "json", str(path)])
    assert [json.loads(line)["source"] for line in result.stdout.splitlines()] == [
        f"{path}:1",
        f"{path}:3",
    ]


# --- 13. input that ordinary tools produce --------------------------------------------------------


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


def test_item13_chip_unit_zero_is_one_usage_error_not_one_per_record() -> None:
    result = run(["batch", "--chip-unit", "0", "-"], stdin=f"{LINE}\n{LINE}\n")
    assert "chip-unit" in one_error_line(result)
    assert result.stdout == ""


# --- 15. amounts as people write them -------------------------------------------------------------


@pytest.mark.parametrize("amount", ["@600", "@ 600", "@600.0"])
def test_item15_the_amount_after_at_may_be_spaced(amount: str) -> None:
    line = f"{BOARD} | A: {A_HOLE} {amount} | B: {B_HOLE} {amount}\n"
    result, records = batch_json(line)
    assert result.exit_code == 0, result.output
    players = records[0]["players"]
    assert isinstance(players, list) and [p["contributed"] for p in players] == [600, 600]


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


def test_item9_a_huge_amount_is_quoted_as_written() -> None:
    line = one_error_line(
        run(
            ["batch", "-"],
            stdin=f"{BOARD} | A: {A_HOLE} @99999999999999999999999999999 | B: {B_HOLE} @600\n",
        )
    )
    assert "99999999999999999999999999999" in line
