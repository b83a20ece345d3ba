"""Batch input at its limits (issue 16): JSON documents numbered in one pass (defect 6; the speed itself is
shown by benchmarks/batch_json.py), numbers of thousands of digits in every input (defect 2) and error
lines that quote a short cut, never a whole line (defect 9)."""

from __future__ import annotations

import io
import json
import random

from hilo_cli.batch import Raw, read_records

RECORD = {"board": "Ac 3d 6h Ks Kd", "players": [{"name": "A", "hole": "2c 4d Qc Jd"},
                                                  {"name": "B", "hole": "Kh Kc 2h 4s"}], "pot": 1200}


def _read(text: str) -> list[Raw]:
    return list(read_records("f", io.BytesIO(text.encode()), "json"))


# -- JSON documents: every record's line, counted once -----------------------------------------------------

def test_each_record_of_a_jq_stream_is_at_its_own_line() -> None:
    text = "".join(json.dumps({**RECORD, "id": f"r{i}"}, indent=2) + "\n" for i in range(300))
    raws = _read(text)
    assert [r.payload["id"] for r in raws] == [f"r{i}" for i in range(300)]  # type: ignore[index]
    assert [r.line for r in raws] == [n for n, line in enumerate(text.splitlines(), 1) if line == "{"]


def test_each_element_of_an_array_is_at_its_own_line() -> None:
    records = [{**RECORD, "id": f"r{i}"} for i in range(200)]
    for text in ("\n\n" + json.dumps(records, indent=2), "[\n" + ",\n".join(json.dumps(r) for r in records) + "\n]"):
        raws = _read(text)
        assert [r.kind for r in raws] == ["object"] * 200
        starts = [n for n, line in enumerate(text.splitlines(), 1) if line in ("  {", "{") or line.startswith('{"')]
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
        chars[at:at + 1] = rng.choice(["", "}", "]", ",", ":", '"', "x", "{"])
        text = "\n\n" + "".join(chars)
        errors = [r for r in _read(text) if r.kind == "error"]
        if not errors or not text.startswith("\n\n[\n{"):
            continue
        line, column, msg = _stdlib_error(text, 2)  # the first value read is the array
        assert (errors[0].line, errors[0].payload) == (line, f"malformed JSON: {msg} (column {column})"), text


def test_a_long_stream_of_bad_values_gives_one_error_each_at_its_line() -> None:
    bad = json.dumps(RECORD, indent=2).replace('"pot"', '"pot",')
    text = "".join(bad + "\n" for _ in range(500))
    raws = _read(text)
    assert [r.kind for r in raws] == ["error"] * 500
    starts = [0, *(i + 1 for i in range(len(text)) if text.startswith("\n{", i))]
    assert [r.line for r in raws] == [_stdlib_error(text, start)[0] for start in starts]
