"""A JSON document is read a piece at a time (issue 30: a 5.2 MB JSON array cost 80 MB, read whole,
against 21 MB as JSON Lines; benchmarks/batch_memory.py prints the figures).

What is read does not depend on where the pieces are cut (a character cut in two, a value across many
pieces); the values and their lines are the standard library's; an array's elements come out one at a
time, so what reading holds does not grow with the array; and a bad element is one error, in order,
with the elements after it still read."""

from __future__ import annotations

import io
import json
import random
import tracemalloc
from typing import Any

import pytest
from conftest import RECORD, run

from hilo_cli.formats.batch_in import read_records
from hilo_cli.formats.json_in import Found, document_values

NAMED = {**RECORD, "players": [{"name": "Ané €", "hole": "2c 4d Qc Jd"}, RECORD["players"][1]]}


def written(records: list[dict[str, Any]], form: str) -> str:
    if form == "array, a line each":
        return "[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n]\n"
    if form == "array, jq .":
        return json.dumps(records, indent=2, ensure_ascii=False) + "\n"
    if form == "array, one line":
        return json.dumps(records, ensure_ascii=False)
    return "".join(json.dumps(r, indent=2, ensure_ascii=False) + "\n" for r in records)  # jq .


FORMS = ["array, a line each", "array, jq .", "array, one line", "jq . stream"]


def cut(data: bytes, rng: random.Random) -> list[bytes]:
    """``data`` in pieces of random sizes, from one byte (which cuts every character of two or more
    bytes) to more than the whole."""
    pieces, at = [], 0
    while at < len(data):
        size = rng.choice([1, 2, 3, 5, 64, 1000, 100_000])
        pieces.append(data[at : at + size])
        at += size
    return pieces


def mutated(text: str, rng: random.Random) -> bytes:
    chars = list(text)
    for _ in range(rng.randint(0, 3)):
        at = rng.randrange(len(chars))
        chars[at : at + 1] = rng.choice(["", "}", "]", ",", ":", '"', "x", "\n{", "1" * 40, "é"])
    data = "".join(chars).encode()
    if rng.random() < 0.1:
        at = rng.randrange(len(data) + 1)
        data = data[:at] + rng.choice([b"\xff", b"\xe2\x82", b"\x80"]) + data[at:]
    return data


@pytest.mark.parametrize("seed", range(4))
def test_where_the_pieces_are_cut_changes_nothing(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        records = [{**NAMED, "id": i} for i in range(rng.randint(1, 6))]
        data = mutated(written(records, rng.choice(FORMS)), rng)
        assert list(document_values(cut(data, rng))) == list(document_values([data])), data


@pytest.mark.parametrize("form", FORMS)
def test_every_value_and_its_line_are_the_standard_library_s(form: str) -> None:
    records = [{**NAMED, "id": f"r{i}", "pot": 100 + i} for i in range(300)]
    text = written(records, form)
    if form == "jq . stream":
        decoder, values, pos = json.JSONDecoder(), [], 0
        while pos < len(text.rstrip()):
            value, end = decoder.raw_decode(text, pos)
            values.append((text.count("\n", 0, pos) + 1, value))
            pos = end + 1
    else:
        starts = [m for m in range(len(text)) if text.startswith('{"board"', m)] or [
            m for m in range(len(text)) if text.startswith('{\n    "board"', m)
        ]
        values = [(text.count("\n", 0, m) + 1, r) for m, r in zip(starts, records, strict=True)]
    rng = random.Random(form)
    assert [(f.line, f.value) for f in document_values(cut(text.encode(), rng))] == values


def test_a_bad_element_is_one_error_and_the_others_are_read_in_order() -> None:
    """Before: the whole array was one error (a key given twice) or a run of errors and records out of
    order (a malformed element); now each element is read on its own."""
    lines = [json.dumps({**RECORD, "id": f"r{i}"}) for i in range(6)]
    lines[2] = lines[2].replace('"pot": 1200', '"pot": 1200, "pot": 1300')
    lines[4] = lines[4].replace('"pot": 1200', '"pot" 1200')
    raws = list(read_records("f", io.BytesIO(("[\n" + ",\n".join(lines) + "\n]\n").encode())))
    assert [(r.line, r.kind) for r in raws] == [
        (2, "object"),
        (3, "object"),
        (4, "error"),
        (5, "object"),
        (6, "error"),
        (7, "object"),
    ]
    assert raws[2].payload == "'pot' is given twice in one object: give each field once"
    assert str(raws[4].payload).startswith("malformed JSON: Expecting ':' delimiter")


def test_a_comma_left_out_loses_no_record() -> None:
    lines = [json.dumps({**RECORD, "id": f"r{i}"}) for i in range(3)]
    text = f"[\n{lines[0]}\n{lines[1]},\n{lines[2]}\n]\n"
    found = list(document_values([text.encode()]))
    assert [(f.line, f.error or f.value["id"]) for f in found] == [  # type: ignore[index]
        (2, "r0"),
        (3, "malformed JSON: Expecting ',' delimiter (column 1)"),
        (3, "r1"),
        (4, "r2"),
    ]


def test_a_byte_that_is_not_utf8_ends_the_document_after_the_records_before_it() -> None:
    data = ("[\n" + ",\n".join(json.dumps({**RECORD, "id": i}) for i in range(3))).encode()
    data = data.replace(b'"id": 2', b'"id": "\xff"')
    byte = data.splitlines()[3].index(b"\xff") + 1
    message = f"not UTF-8 text (byte {byte} of the line)"
    assert [(f.line, f.error) for f in document_values([data])] == [
        (2, None),
        (3, None),
        (4, message),
    ]
    result = run(["batch", "--format", "json", "-"], stdin=data)
    assert result.exit_code == 2 and result.stderr == f"<stdin>:4: {message}\n"
    assert [json.loads(line).get("source") for line in result.stdout.splitlines()] == [
        "<stdin>:2",
        "<stdin>:3",
        "<stdin>:4",
    ]


def reading_peak(text: str) -> int:
    """The most that reading every record of ``text`` holds at once (each record dropped when read)."""
    data = text.encode()
    tracemalloc.start()
    try:
        count = sum(1 for raw in read_records("f", io.BytesIO(data)) if raw.kind == "object")
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        assert count == text.count('"id"')


# The quick loop reads the array on one line (the form that was read whole twice: to tell JSON Lines
# by its first line, then as the document); the full suite every form.
@pytest.mark.parametrize(
    "form",
    [f if f == "array, one line" else pytest.param(f, marks=pytest.mark.slow) for f in FORMS],
)
def test_reading_an_array_holds_what_one_record_needs_not_the_array(form: str) -> None:
    few = written([{**NAMED, "id": i} for i in range(1_000)], form)
    many = written([{**NAMED, "id": i} for i in range(10_000)], form)
    small, large = reading_peak(few), reading_peak(many)
    # Before: 15 to 20 times the document (84 MB for a 5.2 MB array); now the same at ten times as many
    # records, and a small part of the document (the pieces read and the value being read).
    assert large < 1.5 * small + 100_000, (small, large)
    assert large < len(many) / 2, (large, len(many))


def test_one_value_the_size_of_many_pieces_is_read_whole() -> None:
    record = {**RECORD, "id": "x" * 300_000}
    for text in (json.dumps(record), json.dumps([record, record])):
        found = list(document_values(cut(text.encode(), random.Random(1))))
        assert [f.value for f in found] == ([record] if text[0] == "{" else [record, record])


def test_an_empty_array_and_a_truncated_one() -> None:
    assert list(document_values([b"[ ]"])) == [Found(1, None, "an empty JSON array: no deals")]
    record = json.dumps(RECORD)
    found = list(document_values([f"[\n{record},\n{record}".encode()]))
    assert [f.error for f in found] == [None, None, found[-1].error]
    assert found[-1].line == 3 and str(found[-1].error).startswith(
        "malformed JSON: Expecting ',' delimiter"
    )
