"""Batch input at its limits (issue 16): JSON documents numbered in one pass (defect 6; the speed itself is
shown by benchmarks/batch_json.py), numbers of thousands of digits in every input (defect 2) and error
lines that quote a short cut, never a whole line (defect 9)."""

from __future__ import annotations

import io
import json
import random

import pytest
from click.testing import Result
from conftest import run, won

from hilo_cli import bounds
from hilo_cli.formats import jsonlib
from hilo_cli.formats.batch_in import Raw, read_records

RECORD = {
    "board": "Ac 3d 6h Ks Kd",
    "players": [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}],
    "pot": 1200,
}


def _read(text: str) -> list[Raw]:
    return list(read_records("f", io.BytesIO(text.encode()), "json"))


# -- JSON documents: every record's line, counted once -----------------------------------------------------


def test_each_record_of_a_jq_stream_is_at_its_own_line() -> None:
    text = "".join(json.dumps({**RECORD, "id": f"r{i}"}, indent=2) + "\n" for i in range(300))
    raws = _read(text)
    assert [r.payload["id"] for r in raws] == [f"r{i}" for i in range(300)]  # type: ignore[index]
    assert [r.line for r in raws] == [
        n for n, line in enumerate(text.splitlines(), 1) if line == "{"
    ]


def test_each_element_of_an_array_is_at_its_own_line() -> None:
    records = [{**RECORD, "id": f"r{i}"} for i in range(200)]
    for text in (
        "\n\n" + json.dumps(records, indent=2),
        "[\n" + ",\n".join(json.dumps(r) for r in records) + "\n]",
    ):
        raws = _read(text)
        assert [r.kind for r in raws] == ["object"] * 200
        starts = [
            n
            for n, line in enumerate(text.splitlines(), 1)
            if line in ("  {", "{") or line.startswith('{"')
        ]
        assert [r.line for r in raws] == starts


def _stdlib_error(text: str, pos: int) -> tuple[int, int, str]:
    """Where the standard library, reading the whole text from ``pos``, says the value there is malformed."""
    try:
        json.JSONDecoder().raw_decode(text, pos)
    except json.JSONDecodeError as e:
        return e.lineno, e.colno, e.msg
    raise AssertionError("the value is not malformed")


def test_a_bad_value_is_placed_where_the_standard_library_places_it() -> None:
    rng = random.Random(16)
    good = "[\n" + ",\n".join(json.dumps({**RECORD, "id": i}) for i in range(40)) + "\n]\n"
    for _ in range(200):
        chars = list(good)
        at = rng.randrange(len(chars))
        chars[at : at + 1] = rng.choice(["", "}", "]", ",", ":", '"', "x", "{"])
        text = "\n\n" + "".join(chars)
        errors = [r for r in _read(text) if r.kind == "error"]
        if not errors or not text.startswith("\n\n[\n{"):
            continue
        line, column, msg = _stdlib_error(text, 2)  # the first value read is the array
        assert (errors[0].line, errors[0].payload) == (
            line,
            f"malformed JSON: {msg} (column {column})",
        ), text


def test_a_long_stream_of_bad_values_gives_one_error_each_at_its_line() -> None:
    bad = json.dumps(RECORD, indent=2).replace('"pot"', '"pot",')
    text = "".join(bad + "\n" for _ in range(500))
    raws = _read(text)
    assert [r.kind for r in raws] == ["error"] * 500
    starts = [0, *(i + 1 for i in range(len(text)) if text.startswith("\n{", i))]
    assert [r.line for r in raws] == [_stdlib_error(text, start)[0] for start in starts]


# -- numbers of thousands of digits: one error for their record, naming the bound ------------------------

BOARD = "Ac 3d 6h Ks Kd"
TEXT = f"{BOARD} | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200"
BOUND = f"at most {bounds.MAX_AMOUNT:,}"
# 31 digits is the first length refused unread (bounds.MAX_DIGITS); 4,301 the first Python refuses to
# convert; a million the size a tiny file can hold.
LENGTHS = [bounds.MAX_DIGITS + 1, 4_301, 5_000, 1_000_000]


def _documents(big: str) -> dict[str, str]:
    """Three records, the middle one with ``big`` as its pot, in every input batch reads."""
    good = json.dumps(RECORD)
    bad = good.replace('"pot": 1200', f'"pot": {big}')
    pretty = json.dumps(RECORD, indent=2)
    return {
        "json lines": f"{good}\n{bad}\n{good}\n",
        "json array": f"[\n{good},\n{bad},\n{good}\n]\n",
        "jq stream": f"{pretty}\n{bad}\n{pretty}\n",
        "text lines": f"{TEXT}\n{TEXT.replace('pot 1200', f'pot {big}')}\n{TEXT}\n",
        "text @put": f"{TEXT}\n{BOARD} | A: 2c 4d Qc Jd @{big} | B: Kh Kc 2h 4s @600\n{TEXT}\n",
        "text expect": f"{TEXT}\n{TEXT} | expect A={big}\n{TEXT}\n",
    }


def _one_bounded_error(result: Result, big: str) -> str:
    assert (
        "Traceback" not in result.output
    )  # and exit 2, not the 1 of an exception the command let through
    lines = result.stderr.splitlines()
    assert result.exit_code == 2 and len(lines) == 1, (result.exit_code, result.stderr[:2000])
    assert BOUND in lines[0], lines[0]
    assert len(lines[0]) < 300, lines[0][:500]
    # The number quoted cut short; or, where orjson reads a number past 64 bits as a double, as that.
    assert big[:20] in lines[0] or (len(big) < 309 and "e+" in lines[0]), lines[0]
    return lines[0]


@pytest.mark.parametrize("digits", LENGTHS)
@pytest.mark.parametrize("form", list(_documents("1")))
@pytest.mark.parametrize("use_orjson", [True, False])
def test_a_number_too_long_is_one_error_and_the_other_records_are_settled(
    digits: int, form: str, use_orjson: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not use_orjson:
        monkeypatch.setattr(jsonlib, "orjson", None)
    big = "9" * digits
    result = run(["batch", "--format", "json", "-"], stdin=_documents(big)[form])
    line = _one_bounded_error(result, big)
    records = [json.loads(r) for r in result.stdout.splitlines()]
    assert [("error" in r) for r in records] == [False, True, False]
    assert [r["players"][1]["won"] for r in (records[0], records[2])] == [900, 900]
    assert records[1]["error"] in line


@pytest.mark.parametrize("digits", LENGTHS)
def test_a_number_too_long_in_a_fraction_or_negative_is_refused_unread(digits: int) -> None:
    for big in (f"{'9' * digits}.5", f"-{'9' * digits}"):
        document = json.dumps(RECORD).replace('"pot": 1200', f'"pot": {big}')
        _one_bounded_error(run(["batch", "-"], stdin=f"[{document}]"), big.lstrip("-"))


@pytest.mark.parametrize("digits", LENGTHS)
def test_a_number_too_long_on_the_command_line(digits: int) -> None:
    big = "9" * digits
    base = ["showdown", "--board", BOARD, "A=2c 4d Qc Jd", "B=Kh Kc 2h 4s"]
    for args in (
        [*base[:3], f"A=2c 4d Qc Jd@{big}", "B=Kh Kc 2h 4s@600"],
        [*base, "--pot", "1200", "--expect", f"A={big}"],
        [*base, "--pot", "1200", "--folded", f"C={big}"],
    ):
        _one_bounded_error(run(args), big)


# -- error lines quote a short cut of a long line, never the line ------------------------------------------

LONG = "x" * 20_000
BAD_LINES = [
    LONG,  # a field that is nothing hilo knows
    f"{TEXT} | {LONG}",
    f"{TEXT} | expect {LONG}",  # not NAME=AMOUNT
    f"{BOARD} | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot {LONG}",
    f"{BOARD} | A: 2c 4d Qc Jd @{LONG} | B: Kh Kc 2h 4s @600",
    f"{BOARD} | A: 2c 4d Qc Jd seat {LONG} | B: Kh Kc 2h 4s | pot 1200",
    f"{BOARD} | {LONG}: 2c 4d Qc Jd @1 @2 | B: Kh Kc 2h 4s @600",  # a long name, its @ given twice
    f"{BOARD} {LONG} | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200",  # cards with a tail
    f"{TEXT} | {BOARD} {LONG}",  # a second board without the word board
    f"{TEXT} | game {LONG}",  # quoted by the readers of games, cards and deals: bounded all the same
    f"{BOARD} | {LONG}: 2c 4d Qc Jd | {LONG}: Kh Kc 2h 4s | pot 1200",
    f"{TEXT} | " + "\x1b" * 20_000,
]


def test_an_error_line_is_a_few_hundred_characters_at_most() -> None:
    result = run(["batch", "-"], stdin="".join(f"{line}\n" for line in [TEXT, *BAD_LINES, TEXT]))
    assert result.exit_code == 2 and "Traceback" not in result.output
    errors = result.stderr.splitlines()
    assert [e.split(":")[1] for e in errors] == [str(n) for n in range(2, len(BAD_LINES) + 2)]
    assert all(len(e) <= 500 for e in errors), max(len(e) for e in errors)
    assert all("[cut: " in e for e in errors)
    assert result.stdout.count("B wins 900") == 2  # the good lines on either side, settled


# --- written for mutants of benchmarks/mutants.py that the other tests let through (issue 8) ---------------


# M27: the largest amount hilo counts (10**15, so that every JSON reader keeps it exact) is accepted,
# written as an integer or as a whole float (1e15, 1000000000000000.0); one more is refused.
def test_m27_the_largest_amount_is_accepted_and_one_more_is_not() -> None:
    largest = 10**15
    for pot in (str(largest), "1e15", "1000000000000000.0"):
        record = json.dumps(RECORD).replace('"pot": 1200', f'"pot": {pot}')
        ok = run(["batch", "--format", "json", "-"], stdin=record + "\n")
        assert ok.exit_code == 0, (pot, ok.output)
        assert won(ok) == {"A": largest // 4, "B": largest - largest // 4}
    over = run(
        ["batch", "--format", "json", "-"], stdin=json.dumps({**RECORD, "pot": largest + 1}) + "\n"
    )
    assert over.exit_code == 2
    assert "1000000000000001" in over.stderr
