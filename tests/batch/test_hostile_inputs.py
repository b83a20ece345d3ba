"""Hostile files for ``hilo batch``, found by reading the code against the rules: nesting too deep,
numbers too big for chips, infinity, a stranger in ``expected``, a first line longer than the first read,
bad UTF-8, a folder given as a file. Each gives one clear line and exit 2, never a traceback, and the
batch still ends every record as a result or an error. (The same review's showdown cases are in
tests/cli/test_showdown_arguments.py, tests/cli/test_cli.py and tests/showdown/test_order_invariance.py;
a closed pipe and a full disk in tests/cli/test_streams_and_signals.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hilo_cli.cli import main

GOOD = {
    "board": "Ac 3d 6h Ks Kd",
    "players": [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}],
    "pot": 1200,
}


def _batch(
    tmp_path: Path, name: str, content: str | bytes, *args: str
) -> tuple[int, list[str], list[str]]:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    result = CliRunner().invoke(main, ["batch", "--format", "json", *args, str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stderr
    return result.exit_code, result.stdout.splitlines(), result.stderr.splitlines()


def _line(**changes: object) -> str:
    return json.dumps({**GOOD, **changes})


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("deep.json", "[" * 100_000, "nested too deeply"),
        ("huge-float.jsonl", _line(pot=1e300), "more chips than hilo counts"),
        (
            "huge-int.jsonl",
            _line(pot=123456789012345678901234567890),
            "more chips than hilo counts",
        ),
        # orjson calls 1e400 malformed; the standard library reads it as infinity, which is no amount.
        (
            "inf.jsonl",
            '{"board": "Ac 3d 6h Ks Kd", "players": [{"hole": "2c 4d Qc Jd"}], "pot": 1e400}',
            "infinity|pot is inf",
        ),
        ("huge-unit.jsonl", _line(chip_unit=1e300), "chip_unit"),
        (
            "stranger.jsonl",
            _line(expected={"A": 300, "B": 900, "Zed": 50}),
            "'Zed', who did not play",
        ),
        ("id-object.jsonl", _line(id={"x": 1}), "id must be a string or a number"),
        (
            "huge.txt",
            "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 100000000000000000000.0\n",
            "more chips than hilo counts",
        ),
    ],
)
def test_one_error_line_and_exit_2(tmp_path: Path, name: str, content: str, words: str) -> None:
    code, out, err = _batch(tmp_path, name, content)
    assert code == 2
    assert len(err) == 1 and err[0].startswith(f"{tmp_path / name}:1: "), err
    assert any(word in err[0] for word in words.split("|")), err
    assert len(out) == 1 and "error" in json.loads(out[0]), out


def test_a_malformed_first_json_line_does_not_lose_the_rest(tmp_path: Path) -> None:
    content = '{"id": "bad", "board": }\n' + _line(id="two") + "\n" + _line(id="three") + "\n"
    code, out, err = _batch(tmp_path, "lines.jsonl", content)
    assert code == 2 and len(err) == 1 and ":1: malformed JSON" in err[0]
    assert [json.loads(x).get("id") for x in out] == [None, "two", "three"]
    assert [json.loads(x).get("players", [{}])[0].get("won") for x in out[1:]] == [300, 300]


def test_a_first_json_line_longer_than_the_first_read(tmp_path: Path) -> None:
    content = _line(id="x" * 9000) + "\n" + _line(id="two") + "\n"
    code, out, _ = _batch(tmp_path, "long.jsonl", content)
    assert code == 0 and [json.loads(x)["id"][:1] for x in out] == ["x", "t"]


def test_bad_utf8_in_a_json_document_names_its_line(tmp_path: Path) -> None:
    content = b'[\n{"board": "Ac 3d 6h Ks Kd",\n "players": "\xff"}]\n'
    code, _, err = _batch(tmp_path, "doc.json", content)
    assert code == 2 and err[0].startswith(f"{tmp_path / 'doc.json'}:3: not UTF-8"), err


def test_a_file_that_cannot_be_read_has_no_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["batch", "--format", "json", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"hilo: error: {tmp_path}: cannot read: Is a directory"
    assert json.loads(result.stdout) == {
        "id": None,
        "line": None,
        "error": "cannot read: Is a directory",
        "schema": "error/0.1",
        "source": str(tmp_path),
    }
