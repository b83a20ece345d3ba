"""The ``hilo`` command through Click's CliRunner: every command, input and output format, option and
exit status (issue 3).

The deals are small and worked out by hand from RULES.md; each test says what the option changes and
why, so a failure names the rule that broke.
"""

from __future__ import annotations

import csv
import io
import json
import shlex
from pathlib import Path

import pytest
from conftest import A_HOLE, B_HOLE, BOARD, RECORD, ROOT, lines_won, run, won

from hilo_cli import __version__
from hilo_cli.errors import ExitStatus

# The example: B's four kings take high, A and B tie for low: A 300 (quartered), B 900.
EXAMPLE = ["showdown", "--board", BOARD, f"A={A_HOLE}", f"B={B_HOLE}", "--pot", "1200"]
TEXT_LINE = f"{BOARD} | A: {A_HOLE} | B: {B_HOLE} | pot 1200"

# Only a 9-or-better low: the board's low cards (8 or lower) are 7 and 3, with the 9 they are three.
Q9 = ["--board", "9c 7d 3h Kc Qs", "A=As 2d Jh Jd", "B=Ks Kd Th Td", "--pot", "100"]
# A board with one low card: no 8-or-better low; without a qualifier A's J-9-3-2-A beats J-9-6-5-2.
QNONE = ["--board", "Kc Qd Jh 9s 2c", "A=As 3d 4d 4h", "B=Ks Kd 5c 6c", "--pot", "100"]
# C's kings take high; A and B tie for low with 8-7-4-3-2, A's eight is the 8d and B's the 8s.
ODD = [
    "--board",
    "2c 3d 4h Kc Qd",
    "A=8d 7h Th Td",
    "B=8s 7s Jh Jd",
    "C=Ks Kh 9c 9d",
    "--pot",
    "102",
]
# Stud: both make a nine-high straight, nobody has a low; Bob's straight has the 9s, Alice's the 9h.
STUD = ["--game", "stud8", "Alice=9h 8d 7c 6s 5h Kd Qc", "Bob=9s 8c 7d 6h 5d Ks Jh", "--pot", "101"]


def showdown_won(args: list[str]) -> dict[str, int]:
    result = run(["showdown", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return won(result)


def jsonl(*records: dict) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


# --- showdown ----------------------------------------------------------------------------------------


def test_showdown_text_reads_like_a_floor_decision() -> None:
    result = run(EXAMPLE)
    assert result.exit_code == 0, result.output
    for phrase in ("four of a kind, kings", "6-4-3-2-A", "A wins 300", "B wins 900"):
        assert phrase in result.stdout
    assert result.stderr == ""


def test_showdown_json_is_one_indented_object_without_check() -> None:
    result = run([*EXAMPLE, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("{\n  ")
    record = json.loads(result.stdout)
    assert won(result) == {"A": 300, "B": 900}
    assert [p["seat"] for p in record["players"]] == [1, 2]
    assert "check" not in record


def test_showdown_csv_is_a_header_and_one_row_per_player() -> None:
    result = run([*EXAMPLE, "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["name"], r["won"], r["error"]) for r in rows] == [("A", "300", ""), ("B", "900", "")]


def test_bare_cards_are_named_p1_p2() -> None:
    assert showdown_won(["--board", BOARD, A_HOLE, B_HOLE, "--pot", "1200"]) == {
        "P1": 300,
        "P2": 900,
    }


def test_qualifier_9_gives_a_low_that_8_does_not() -> None:
    assert showdown_won(Q9) == {"A": 0, "B": 100}
    assert showdown_won([*Q9, "--qualifier", "9"]) == {"A": 50, "B": 50}


def test_qualifier_none_gives_a_low_to_the_lowest_hand() -> None:
    assert showdown_won(QNONE) == {"A": 0, "B": 100}
    assert showdown_won([*QNONE, "--qualifier", "none"]) == {"A": 50, "B": 50}


def test_chip_unit_changes_the_odd_chips() -> None:
    pot = ["--board", BOARD, f"A={A_HOLE}", f"B={B_HOLE}", "--pot", "1210"]
    # Unit 1: 605 a half; the low half's odd chip goes to A, first left of the button (B, seat 2).
    assert showdown_won(pot) == {"A": 303, "B": 907}
    # Unit 10: 121 units; the odd unit goes to the high half (RULES 4.3), the low 600 splits 300/300.
    assert showdown_won([*pot, "--chip-unit", "10"]) == {"A": 300, "B": 910}


def test_odd_chip_suit_gives_the_chip_to_another_player_than_button() -> None:
    assert showdown_won(ODD) == {
        "A": 26,
        "B": 25,
        "C": 51,
    }  # A is first left of the button (C, seat 3)
    assert showdown_won([*ODD, "--odd-chip", "button"]) == {"A": 26, "B": 25, "C": 51}
    assert showdown_won([*ODD, "--odd-chip", "suit"]) == {"A": 25, "B": 26, "C": 51}  # 8s beats 8d


def test_button_moves_the_odd_chip() -> None:
    assert showdown_won([*ODD, "--button", "1"]) == {
        "A": 25,
        "B": 26,
        "C": 51,
    }  # B is now first left
    record = json.loads(run(["showdown", *ODD, "--button", "1", "--format", "json"]).stdout)
    assert record["button"] == 1


def test_folded_dead_money_and_side_pots_from_at_put() -> None:
    result = run(
        [
            "showdown",
            "--board",
            "4h 5h 9h Kc 2d",
            "A=Ah Th Qs Qd@20",
            "B=Kd Ks 6h 7h@60",
            "C=Ac 3c Jc Jd@60",
            "--folded",
            "D=10",
            "--format",
            "json",
        ]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert won(result) == {"A": 35, "B": 40, "C": 75, "D": 0}
    assert [(p["amount"], p["eligible"]) for p in record["pots"]] == [
        (70, ["A", "B", "C"]),
        (80, ["B", "C"]),
    ]
    dave = record["players"][-1]
    assert (dave["seat"], dave["folded"], dave["high"]) == (4, True, None)


def test_uncalled_chips_are_returned_and_counted_in_won() -> None:
    result = run(
        [
            "showdown",
            "--board",
            "3c 4d 5h Kd Qs",
            "Ann=6h 7h Jd Jc@50",
            "Ben=Kh Kc 8c 8d@120",
            "--format",
            "json",
        ]
    )
    assert result.exit_code == 0, result.output
    assert won(result) == {"Ann": 100, "Ben": 70}
    assert json.loads(result.stdout)["returned"] == {"Ben": 70}


def test_expect_agreeing_exits_0_and_differing_exits_1() -> None:
    ok = run([*EXAMPLE, "--expect", "A=300", "--expect", "B=900", "--format", "json"])
    assert ok.exit_code == ExitStatus.OK, ok.output
    assert json.loads(ok.stdout)["check"]["ok"] is True
    bad = run([*EXAMPLE, "--expect", "A=600", "--expect", "B=600", "--format", "json"])
    assert bad.exit_code == ExitStatus.DIFFERENCE, bad.output
    check = json.loads(bad.stdout)["check"]
    assert check["ok"] is False
    assert check["differences"] == {
        "A": {"expected": 600, "won": 300},
        "B": {"expected": 600, "won": 900},
    }
    text = run([*EXAMPLE, "--expect", "A=600", "--expect", "B=600"])
    assert text.exit_code == ExitStatus.DIFFERENCE and "600" in text.stdout


def test_stud8_odd_chip_goes_by_suit_unless_told_button() -> None:
    assert showdown_won(STUD) == {"Alice": 50, "Bob": 51}
    assert showdown_won([*STUD, "--odd-chip", "button"]) == {
        "Alice": 51,
        "Bob": 50,
    }  # Alice first left


def test_high_only_game_gives_the_whole_pot_to_high() -> None:
    result = run([*EXAMPLE, "--game", "omaha", "--format", "json"])
    assert won(result) == {"A": 0, "B": 1200}
    assert all(p["low"] is None for p in json.loads(result.stdout)["players"])


def test_big_o_takes_five_hole_cards() -> None:
    args = [
        "--game",
        "omaha8-5",
        "--board",
        BOARD,
        "A=2c 4d Qc Jd 9s",
        "B=Kh Kc 5c 7d 9h",
        "--pot",
        "1200",
    ]
    assert showdown_won(args) == {"A": 600, "B": 600}


# --- batch: input formats -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("object.json", json.dumps(RECORD, indent=2)),
        ("array.json", json.dumps([RECORD, RECORD])),
        ("lines.jsonl", jsonl(RECORD, RECORD)),
        (
            "lines.txt",
            f"# two deals\n{TEXT_LINE}\n\n  # a comment line may be indented\n{TEXT_LINE}\n",
        ),
    ],
)
def test_batch_reads_each_input_format(tmp_path: Path, name: str, content: str) -> None:
    path = tmp_path / name
    path.write_text(content)
    result = run(["batch", "--format", "json", str(path)])
    assert result.exit_code == 0, result.output
    count = 1 if name == "object.json" else 2
    assert lines_won(result) == [{"A": 300, "B": 900}] * count


@pytest.mark.parametrize(
    "content", [json.dumps(RECORD, indent=2), json.dumps([RECORD]), jsonl(RECORD), TEXT_LINE]
)
def test_batch_reads_stdin_with_dash_or_no_file(content: str) -> None:
    for args in (["batch", "--format", "json", "-"], ["batch", "--format", "json"]):
        result = run(args, stdin=content)
        assert result.exit_code == 0, result.output
        assert lines_won(result) == [{"A": 300, "B": 900}]


def test_input_format_overrides_detection() -> None:
    assert (
        run(["batch", "--input-format", "json", "--format", "json"], stdin=jsonl(RECORD)).exit_code
        == 0
    )
    assert (
        run(["batch", "--input-format", "text", "--format", "json"], stdin=TEXT_LINE).exit_code == 0
    )
    as_json = run(["batch", "--input-format", "json", "--format", "json"], stdin=TEXT_LINE)
    assert as_json.exit_code == ExitStatus.BAD_INPUT
    assert "<stdin>:1:" in as_json.stderr and "JSON" in as_json.stderr
    as_text = run(["batch", "--input-format", "text", "--format", "json"], stdin=jsonl(RECORD))
    assert as_text.exit_code == ExitStatus.BAD_INPUT
    assert json.loads(as_text.stdout)["line"] == 1


def test_batch_files_and_stdin_in_the_order_given(tmp_path: Path) -> None:
    first, second = tmp_path / "first.jsonl", tmp_path / "second.txt"
    first.write_text(jsonl({**RECORD, "id": "one"}))
    second.write_text(f"{TEXT_LINE} | id three\n")
    result = run(
        ["batch", "--format", "json", str(first), "-", str(second)],
        stdin=jsonl({**RECORD, "id": "two"}),
    )
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["id"] for line in result.stdout.splitlines()] == [
        "one",
        "two",
        "three",
    ]


# --- batch: output formats ------------------------------------------------------------------------------


def test_batch_text_output() -> None:
    result = run(["batch"], stdin=jsonl(RECORD, {**RECORD, "id": "second"}))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("A wins 300") == 2
    assert "second" in result.stdout


def test_batch_csv_has_one_header_and_a_row_per_player_per_deal_and_error_rows() -> None:
    bad = {**RECORD, "id": "bad", "game": "razz"}
    result = run(
        ["batch", "--format", "csv"], stdin=jsonl({**RECORD, "id": "x"}, bad, {**RECORD, "id": "y"})
    )
    assert result.exit_code == ExitStatus.BAD_INPUT
    assert result.stdout.count("source,id,") == 1
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["id"], r["name"], r["won"]) for r in rows] == [
        ("x", "A", "300"),
        ("x", "B", "900"),
        ("bad", "", ""),
        ("y", "A", "300"),
        ("y", "B", "900"),
    ]
    assert "razz" in rows[2]["error"]
    assert [r["error"] for r in rows if r["id"] != "bad"] == [""] * 4


def test_batch_check_reports_every_difference() -> None:
    wrong = {**RECORD, "id": "wrong", "expected": {"A": 600, "B": 600}}
    right = {**RECORD, "id": "right", "expected": {"A": 300, "B": 900}}
    result = run(["batch", "--format", "json"], stdin=jsonl(right, wrong))
    assert result.exit_code == ExitStatus.DIFFERENCE, result.output
    checks = [json.loads(line)["check"] for line in result.stdout.splitlines()]
    assert [c["ok"] for c in checks] == [True, False]
    assert set(checks[1]["differences"]) == {"A", "B"}


# --- batch: record fields override command-line defaults ---------------------------------------------


def _record(board: str, pot: int, **holes: str) -> dict:
    return {
        "board": board,
        "pot": pot,
        "players": [{"name": n, "hole": h} for n, h in holes.items()],
    }


Q9_RECORD = _record("9c 7d 3h Kc Qs", 100, A="As 2d Jh Jd", B="Ks Kd Th Td")
ODD_RECORD = _record("2c 3d 4h Kc Qd", 102, A="8d 7h Th Td", B="8s 7s Jh Jd", C="Ks Kh 9c 9d")


@pytest.mark.parametrize(
    ("option", "record", "field", "default_won", "record_won"),
    [
        (
            ["--game", "omaha"],
            RECORD,
            {"game": "omaha8"},
            {"A": 0, "B": 1200},
            {"A": 300, "B": 900},
        ),
        (["--qualifier", "9"], Q9_RECORD, {"qualifier": 8}, {"A": 50, "B": 50}, {"A": 0, "B": 100}),
        (
            ["--qualifier", "none"],
            Q9_RECORD,
            {"qualifier": "8"},
            {"A": 50, "B": 50},
            {"A": 0, "B": 100},
        ),
        (
            ["--chip-unit", "10"],
            {**RECORD, "pot": 1210},
            {"chip_unit": 1},
            {"A": 300, "B": 910},
            {"A": 303, "B": 907},
        ),
        (
            ["--odd-chip", "suit"],
            ODD_RECORD,
            {"odd_chip": "button"},
            {"A": 25, "B": 26, "C": 51},
            {"A": 26, "B": 25, "C": 51},
        ),
    ],
)
def test_record_fields_override_options(
    option: list[str], record: dict, field: dict, default_won: dict, record_won: dict
) -> None:
    result = run(["batch", "--format", "json", *option], stdin=jsonl(record, {**record, **field}))
    assert result.exit_code == 0, result.output
    assert lines_won(result) == [default_won, record_won]


def test_text_line_fields_override_options() -> None:
    result = run(
        ["batch", "--format", "json", "--game", "omaha"],
        stdin=f"{TEXT_LINE}\n{TEXT_LINE} | game omaha8\n",
    )
    assert result.exit_code == 0, result.output
    assert lines_won(result) == [{"A": 0, "B": 1200}, {"A": 300, "B": 900}]


# --- batch: --jobs and --fail-fast ----------------------------------------------------------------------


def _many_records() -> str:
    """Enough records for several worker chunks, with differing pots, a few bad ones and a failed check."""
    records = []
    for i in range(700):
        record: dict = {**RECORD, "id": f"r{i}", "pot": 1200 + 2 * i}
        if i % 97 == 5:
            record["board"] = "Ac 3d 6h Ks Xx"
        if i == 300:
            record["expected"] = {"A": 1, "B": 2}
        records.append(record)
    return jsonl(*records)


@pytest.mark.parametrize("fmt", ["json", "text", "csv"])
def test_jobs_2_gives_the_same_output_as_jobs_1_in_input_order(fmt: str) -> None:
    stdin = _many_records()
    one = run(["batch", "--format", fmt, "--jobs", "1"], stdin=stdin)
    two = run(["batch", "--format", fmt, "--jobs", "2"], stdin=stdin)
    assert one.exit_code == two.exit_code == ExitStatus.BAD_INPUT
    assert two.stdout == one.stdout
    assert two.stderr == one.stderr
    if fmt == "json":
        ids = [json.loads(line).get("id") for line in two.stdout.splitlines()]
        assert ids == [f"r{i}" for i in range(700)]


def test_fail_fast_stops_at_the_first_bad_record() -> None:
    bad = {**RECORD, "id": "bad", "pot": -1}
    stdin = jsonl({**RECORD, "id": "a"}, bad, {**RECORD, "id": "c"}, {**bad, "id": "d"})
    result = run(["batch", "--format", "json", "--fail-fast"], stdin=stdin)
    assert result.exit_code == ExitStatus.BAD_INPUT
    assert [json.loads(line)["id"] for line in result.stdout.splitlines()] == ["a", "bad"]
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("<stdin>:2:")
    without = run(["batch", "--format", "json"], stdin=stdin)
    assert [json.loads(line)["id"] for line in without.stdout.splitlines()] == [
        "a",
        "bad",
        "c",
        "d",
    ]


# --- version, help, exit statuses -----------------------------------------------------------------------


def test_version() -> None:
    result = run(["--version"])
    assert result.exit_code == 0
    assert __version__ in result.stdout and "hilo" in result.stdout


@pytest.mark.parametrize("args", [["--help"], ["showdown", "--help"], ["batch", "--help"], ["-h"]])
def test_help_shows_an_example(args: list[str]) -> None:
    result = run(args)
    assert result.exit_code == 0
    assert any(line.strip().startswith("hilo ") for line in result.stdout.splitlines()), (
        result.stdout
    )


@pytest.mark.parametrize(
    "command", [[], ["showdown"], ["batch"]], ids=["hilo", "showdown", "batch"]
)
def test_the_help_examples_work(command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    text = run([*command, "--help"]).stdout.replace("\\\n", " ")
    examples = [line.strip() for line in text.splitlines() if line.strip().startswith("hilo ")]
    assert examples
    for example in examples:
        result = run(shlex.split(example)[1:])
        assert result.exit_code == 0, f"{example}\n{result.output}"


def test_every_exit_status_is_produced(monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = {**RECORD, "expected": {"A": 1200}}
    invocations = {
        ExitStatus.OK: (EXAMPLE, None),
        ExitStatus.DIFFERENCE: (["batch"], jsonl(wrong)),
        ExitStatus.BAD_INPUT: (["batch"], jsonl(wrong, {**RECORD, "pot": "lots"})),
        ExitStatus.INTERRUPTED: (["showdown", "--board", "interrupt", "A=2c 4d Qc Jd"], None),
    }
    assert set(invocations) == set(ExitStatus)

    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # what Ctrl-C raises in the middle of reading the cards

    import hilo_cli.formats.records

    for status, (args, stdin) in invocations.items():
        if status == ExitStatus.INTERRUPTED:
            monkeypatch.setattr(hilo_cli.formats.records, "deal_from_record", interrupt)
        result = run(args, stdin=stdin)
        assert result.exit_code == status, (
            f"{status!r}: {args} gave {result.exit_code}\n{result.output}"
        )


# --- written for mutants of benchmarks/mutants.py that the other tests let through (issue 8) ---------------


# M22: the text format takes "folded" as well as "fold" for a folded player.
def test_m22_the_word_folded_marks_a_folded_player_in_a_text_line() -> None:
    line = "board 4h 5h 9h Kc 2d | A: Ah Th Qs Qd @20 | B: Kd Ks 6h 7h @60 | C: Ac 3c Jc Jd @60 | D: {} @10"
    results = [
        run(["batch", "--format", "json", "-"], stdin=line.format(word) + "\n")
        for word in ("fold", "folded")
    ]
    for result in results:
        assert result.exit_code == 0, result.output
    assert won(results[1]) == won(results[0]) == {"A": 35, "B": 40, "C": 75, "D": 0}
    assert [p["folded"] for p in json.loads(results[1].stdout)["players"]] == [
        False,
        False,
        False,
        True,
    ]


# M28: a difference anywhere in a batch makes the exit status 1, even when later records agree.
def test_m28_a_difference_before_records_that_agree_still_exits_1() -> None:
    differs = {**RECORD, "id": "paid wrong", "expected": {"A": 600, "B": 600}}
    agrees = {**RECORD, "id": "paid right", "expected": {"A": 300, "B": 900}}
    for records in ([differs, agrees], [agrees, differs], [differs, RECORD]):
        result = run(
            ["batch", "--format", "json", "-"], stdin="".join(json.dumps(r) + "\n" for r in records)
        )
        assert result.exit_code == 1, [r.get("id") for r in records]
        checks = [
            json.loads(line).get("check", {}).get("ok") for line in result.stdout.splitlines()
        ]
        assert checks == [None if "expected" not in r else r is agrees for r in records]


def test_text_report_marks_quartered_and_the_split_odd_chip_of_a_tied_high() -> None:
    players = ["A=Jc Tc 9h 9d", "B=Jd Th 8s 8c", "C=4h 5h Kc Ks"]
    result = run(["showdown", "--board", "Ah 2d 3c Kd Qs", *players, "--pot", "7"])
    assert (
        "high 4 tied by A and B (straight, ace high), 2 each (with the odd chip of the split"
        in result.stdout
    )
    assert (
        result.stdout.splitlines()[-1] == "A wins 2 (quartered)   B wins 2 (quartered)   C wins 3"
    )
