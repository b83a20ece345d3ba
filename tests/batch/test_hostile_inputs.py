"""Inputs found by reading the code against the rules: each gives one clear line and exit 2 (or settles),
never a traceback, and a batch still ends every record as a result or an error."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HILO, SHOWDOWN

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
    assert result.stderr.strip() == f"{tmp_path}: cannot read: Is a directory"
    assert json.loads(result.stdout) == {
        "id": None,
        "line": None,
        "error": "cannot read: Is a directory",
        "source": str(tmp_path),
    }


def test_suit_rule_in_a_board_game_does_not_depend_on_listing_order() -> None:
    # Both tied hands hold the board's As on top; the next card decides (Jd beats Jc), not the order.
    args = [
        "showdown",
        "--game",
        "omaha",
        "--board",
        "As Kd Qh 7c 2s",
        "--pot",
        "3",
        "--odd-chip",
        "suit",
        "--format",
        "json",
    ]
    one = json.loads(CliRunner().invoke(main, [*args, "A=Jc Td 3h 4h", "B=Jd Th 5c 6c"]).stdout)
    two = json.loads(CliRunner().invoke(main, [*args, "B=Jd Th 5c 6c", "A=Jc Td 3h 4h"]).stdout)
    won = {p["name"]: p["won"] for p in one["players"]}
    assert won == {p["name"]: p["won"] for p in two["players"]} == {"A": 1, "B": 2}


def test_pasted_suit_symbols_and_amounts_written_against_the_cards() -> None:
    result = CliRunner().invoke(
        main,
        [
            "showdown",
            "--board",
            "A♣️ 3♦️ 6♥️ K♠️ K♦️",
            "A=2♣️ 4♦️ Q♣️ J♦️",
            "B=K♥️ K♣️ 2♥️ 4♠️",
            "--pot",
            "1200",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["board"] == ["Ac", "3d", "6h", "Ks", "Kd"]
    text = "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd@600 | B: Kh Kc 2h 4s@600\n"
    result = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=text)
    assert result.exit_code == 0 and [p["won"] for p in json.loads(result.stdout)["players"]] == [
        300,
        900,
    ]


def test_text_report_marks_quartered_and_the_split_odd_chip_of_a_tied_high() -> None:
    result = CliRunner().invoke(
        main,
        [
            "showdown",
            "--board",
            "Ah 2d 3c Kd Qs",
            "A=Jc Tc 9h 9d",
            "B=Jd Th 8s 8c",
            "C=4h 5h Kc Ks",
            "--pot",
            "7",
        ],
    )
    assert (
        "high 4 tied by A and B (straight, ace high), 2 each (with the odd chip of the split"
        in result.stdout
    )
    assert (
        result.stdout.splitlines()[-1] == "A wins 2 (quartered)   B wins 2 (quartered)   C wins 3"
    )


def test_a_reader_that_goes_away_ends_quietly(tmp_path: Path) -> None:
    records = "".join(_line(id=str(i)) + "\n" for i in range(3000))
    run = subprocess.run(
        f"'{HILO}' batch --format json - | head -1",
        shell=True,
        input=records,
        capture_output=True,
        text=True,
        executable="/bin/bash",
    )
    assert run.stderr == "" and len(run.stdout.splitlines()) == 1


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_one_line_and_exit_2() -> None:
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [
                HILO,
                *SHOWDOWN,
            ],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "cannot write" in run.stderr, (
        run.stderr
    )
