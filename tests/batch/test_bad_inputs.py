"""Bad input never gives a traceback: exit 2 and one line on stderr saying what was wrong and where.

Each case is either ``hilo`` arguments (the message must name the token or the option) or a file for
``hilo batch`` (the message must start with ``FILE:LINE:``). Then: a batch that mixes good and bad
records settles the good ones, reports every bad one in order, and exits 2; ``--fail-fast`` stops at
the first bad one.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import totals

from hilo_cli.cli import main

BOARD = "Ac 3d 6h Ks Kd"
A, B = "Alice=2c 4d Qc Jd", "Bob=Kh Kc 2h 4s"
GOOD = ["showdown", "--board", BOARD, A, B]
PLAYERS = [{"name": "Alice", "hole": "2c 4d Qc Jd"}, {"name": "Bob", "hole": "Kh Kc 2h 4s"}]
RECORD = {"board": BOARD, "players": PLAYERS, "pot": 1200}
LINE = f"{BOARD} | Alice: 2c 4d Qc Jd | Bob: Kh Kc 2h 4s | pot 1200"


def record(**fields: object) -> str:
    return json.dumps({**RECORD, **fields}) + "\n"


TWELVE = [{"name": f"P{i}", "hole": []} for i in range(12)]
for _i, _p in enumerate(TWELVE):  # 12 x 4 hole cards + 5 board cards = 53 > 52
    _p["hole"] = [f"{r}{s}" for r, s in zip("23456789TJQK"[_i] * 4, "cdhs", strict=True)]

# (id, hilo arguments, words the one stderr line must contain)
ARGUMENT_CASES = [
    ("bad-card", [*GOOD[:3], "Alice=2c 4d Qc Zd", B, "--pot", "1200"], ["Zd", "Alice"]),
    ("ten-of-nothing", [*GOOD[:3], "Alice=2c 4d Qc 10x", B, "--pot", "1200"], ["10x"]),
    (
        "duplicate-card-board",
        [*GOOD[:3], "Alice=2c 4d Qc Ac", B, "--pot", "1200"],
        ["Ac", "Alice", "board"],
    ),
    (
        "duplicate-card-holes",
        [*GOOD[:3], A, "Bob=Kh Kc 2h 2c", "--pot", "1200"],
        ["2c", "Alice", "Bob"],
    ),
    ("three-hole-cards", [*GOOD[:3], "Alice=2c 4d Qc", B, "--pot", "1200"], ["Alice", "3", "4"]),
    ("five-hole-cards", [*GOOD[:3], "Alice=2c 4d Qc Jd Th", B, "--pot", "1200"], ["Alice", "5"]),
    ("board-of-4", ["showdown", "--board", "Ac 3d 6h Ks", A, B, "--pot", "1200"], ["board", "4"]),
    ("missing-board", ["showdown", A, B, "--pot", "1200"], ["board"]),
    (
        "stud-with-board",
        [
            "showdown",
            "--game",
            "stud8",
            "--board",
            BOARD,
            "A=2c 4d Qc Jd Th Tc 9s",
            "B=Kh Kc 2h 4s 9h 9c 8s",
            "--pot",
            "100",
        ],
        ["stud8", "board"],
    ),
    (
        "pot-and-contributions",
        [*GOOD[:3], f"{A}@600", f"{B}@600", "--pot", "1200"],
        ["pot", "put in"],
    ),
    ("neither-pot-nor-contributions", GOOD, ["pot", "put in"]),
    ("one-contribution-missing", [*GOOD[:3], f"{A}@600", B], ["put in", "Bob"]),
    ("negative-pot", [*GOOD, "--pot", "-5"], ["pot", "-5"]),
    ("negative-contribution", [*GOOD[:3], f"{A}@-5", f"{B}@600"], ["Alice", "-5"]),
    ("fractional-contribution", [*GOOD[:3], f"{A}@5.5", f"{B}@600"], ["Alice", "5.5"]),
    ("contribution-not-a-number", [*GOOD[:3], f"{A}@abc", f"{B}@600"], ["abc", "Alice"]),
    ("pot-not-multiple-of-unit", [*GOOD, "--pot", "1205", "--chip-unit", "10"], ["1205", "10"]),
    ("chip-unit-0", [*GOOD, "--pot", "1200", "--chip-unit", "0"], ["chip", "0"]),
    ("unknown-game", [*GOOD, "--pot", "1200", "--game", "razz"], ["--game", "razz"]),
    (
        "duplicate-names",
        ["showdown", "--board", BOARD, A, "Alice=Kh Kc 2h 4s", "--pot", "1200"],
        ["Alice"],
    ),
    ("folded-name-taken", [*GOOD, "--folded", "Alice=10", "--pot", "1200"], ["Alice"]),
    ("bad-qualifier", [*GOOD, "--pot", "1200", "--qualifier", "7"], ["--qualifier", "7"]),
    ("bad-odd-chip", [*GOOD, "--pot", "1200", "--odd-chip", "dealer"], ["--odd-chip", "dealer"]),
    ("unknown-option", [*GOOD, "--pot", "1200", "--frobnicate"], ["--frobnicate"]),
    ("pot-not-integer", [*GOOD, "--pot", "lots"], ["--pot", "lots"]),
    ("negative-button", [*GOOD, "--pot", "1200", "--button", "-1"], ["button", "-1"]),
    ("folded-without-amount", [*GOOD, "--pot", "1200", "--folded", "D"], ["--folded", "D"]),
    (
        "expect-not-a-number",
        [*GOOD, "--pot", "1200", "--expect", "Alice=lots"],
        ["--expect", "lots"],
    ),
    ("no-players", ["showdown", "--board", BOARD, "--pot", "1200"], ["NAME=CARDS"]),
    ("unknown-command", ["deal"], ["deal"]),
    ("no-command", [], ["command"]),
    ("jobs-0", ["batch", "--jobs", "0"], ["--jobs", "0"]),
    ("bad-input-format", ["batch", "--input-format", "yaml"], ["--input-format", "yaml"]),
    ("missing-file", ["batch", "no-such-file.json"], ["no-such-file.json", "cannot read"]),
]

# (id, file name, content, line of the bad record, words the message must contain)
FILE_CASES = [
    ("malformed-json", "bad.json", '{"board": "Ac 3d", "players": [\n', 2, ["JSON"]),
    ("malformed-json-line", "bad.jsonl", record() + '{"board": \n', 2, ["JSON"]),
    ("empty-file", "empty.json", "", 1, ["empty"]),
    ("blank-file", "blank.txt", "\n   \n", 1, ["no deals"]),
    ("only-comments", "comments.txt", "# nothing here\n", 1, ["no deals"]),
    ("binary-garbage", "garbage.bin", b"\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe", 1, ["binary"]),
    ("not-utf8", "latin1.txt", LINE.replace("pot", "p\xf6t").encode("latin-1"), 1, ["UTF-8"]),
    ("empty-array", "none.json", "[]", 1, ["empty"]),
    ("non-object-record", "numbers.json", "[\n  7\n]\n", 2, ["JSON object", "int"]),
    ("non-object-json-line", "list.jsonl", record() + "[1, 2]\n", 2, ["JSON object", "list"]),
    (
        "players-not-a-list",
        "players.jsonl",
        record(players={"Alice": "2c 4d Qc Jd"}),
        1,
        ["players", "list"],
    ),
    ("players-empty", "players0.jsonl", record(players=[]), 1, ["players"]),
    (
        "player-not-an-object",
        "player.jsonl",
        record(players=["2c 4d Qc Jd", PLAYERS[1]]),
        1,
        ["player 1"],
    ),
    (
        "more-players-than-deck",
        "twelve.jsonl",
        record(players=TWELVE, pot=120),
        1,
        ["12 players", "52"],
    ),
    ("bad-card-json", "card.jsonl", record(board="Ac 3d 6h Ks Kx"), 1, ["Kx", "board"]),
    (
        "duplicate-card-json",
        "dup.jsonl",
        record(board="Ac 3d 6h Ks 2c"),
        1,
        ["2c", "Alice", "board"],
    ),
    ("pot-is-text", "pot.jsonl", record(pot="1200"), 1, ["pot", "1200"]),
    ("pot-is-boolean", "potbool.jsonl", record(pot=True), 1, ["pot", "True"]),
    ("fractional-pot", "frac.jsonl", record(pot=1200.5), 1, ["pot", "1200.5"]),
    ("fractional-chip-unit", "unit.jsonl", record(chip_unit=1.5), 1, ["chip_unit", "1.5"]),
    ("unknown-game-json", "game.jsonl", record(game="razz"), 1, ["razz"]),
    ("bad-qualifier-json", "qual.jsonl", record(qualifier=7), 1, ["qualifier", "7"]),
    ("bad-odd-chip-json", "odd.jsonl", record(odd_chip="dealer"), 1, ["odd_chip", "dealer"]),
    (
        "duplicate-seats",
        "seats.jsonl",
        record(players=[{**PLAYERS[0], "seat": 3}, {**PLAYERS[1], "seat": 3}]),
        1,
        ["seat 3", "Alice", "Bob"],
    ),
    (
        "duplicate-names-json",
        "names.jsonl",
        record(players=[PLAYERS[0], {**PLAYERS[1], "name": "Alice"}]),
        1,
        ["Alice"],
    ),
    (
        "folded-not-boolean",
        "folded.jsonl",
        record(players=[{**PLAYERS[0], "folded": "no"}, PLAYERS[1]]),
        1,
        ["Alice", "folded"],
    ),
    (
        "live-hand-without-cards",
        "nohole.jsonl",
        record(players=[{"name": "Alice"}, PLAYERS[1]]),
        1,
        ["Alice", "hole"],
    ),
    ("expected-not-an-object", "exp.jsonl", record(expected=[300, 900]), 1, ["expected"]),
    ("text-unknown-field", "frob.txt", f"# a comment\n\n{LINE} | frob 3\n", 3, ["frob"]),
    ("text-pot-not-a-number", "pot.txt", LINE.replace("1200", "twelve"), 1, ["pot", "twelve"]),
    ("text-bad-card", "card.txt", LINE.replace("Qc", "Qx"), 1, ["Qx", "Alice"]),
    ("text-empty-field", "field.txt", LINE + " ||", 1, ["field"]),
]


def check_one_line(result: Result) -> str:
    """Exit 2, no traceback, and exactly one non-empty line on stderr, which is returned."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].strip(), f"stderr is not one line: {result.stderr!r}"
    return lines[0]


@pytest.mark.parametrize(
    ("args", "words"), [pytest.param(a, w, id=i) for i, a, w in ARGUMENT_CASES]
)
def test_bad_arguments(
    args: list[str], words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    line = check_one_line(CliRunner().invoke(main, args))
    # A file that cannot be read too, as in every command.
    assert line.startswith("hilo: error: "), line
    for word in words:
        assert word in line, f"{word!r} not in {line!r}"


@pytest.mark.parametrize(
    ("name", "content", "line_no", "words"),
    [pytest.param(n, c, ln, w, id=i) for i, n, c, ln, w in FILE_CASES],
)
def test_bad_files(
    name: str,
    content: str | bytes,
    line_no: int,
    words: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    path = Path(name)
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    result = CliRunner().invoke(main, ["batch", "--format", "json", name])
    line = check_one_line(result)
    assert line.startswith(f"{name}:{line_no}: "), line
    for word in words:
        assert word in line, f"{word!r} not in {line!r}"
    errors = [r for r in map(json.loads, result.stdout.splitlines()) if "error" in r]
    assert len(errors) == 1 and errors[0]["line"] == line_no, result.stdout
    assert set(errors[0]) == {"id", "line", "error", "source", "schema"}
    assert errors[0]["source"] == f"{name}:{line_no}"


def test_file_cases_are_read_the_same_from_stdin() -> None:
    result = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=record(game="razz"))
    assert check_one_line(result).startswith("<stdin>:1: ")


def test_the_tables_are_big_enough() -> None:
    assert len(ARGUMENT_CASES) + len(FILE_CASES) >= 30


# --- a batch that mixes good and bad records ------------------------------------------------------------

MIXED = [
    record(id="good-1"),
    record(id="bad-card", board="Ac 3d 6h Ks Zz"),
    record(id="good-2", pot=600),
    '{"id": "cut", "board": \n',
    record(id="good-3", pot=300),
    "[1, 2]\n",
    record(id="bad-amount", pot=-100),
]
MIXED_BAD_LINES = [2, 4, 6, 7]


def test_batch_writes_one_line_per_record_in_order_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("mixed.jsonl").write_text("".join(MIXED))
    result = CliRunner().invoke(main, ["batch", "--format", "json", "mixed.jsonl"])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == len(MIXED)
    assert [r["line"] for r in out if "error" in r] == MIXED_BAD_LINES
    assert [r["id"] for r in out if "error" not in r] == ["good-1", "good-2", "good-3"]
    assert [r["id"] for r in out] == [
        "good-1",
        "bad-card",
        "good-2",
        None,
        "good-3",
        None,
        "bad-amount",
    ]
    assert [totals(r) for r in out if "error" not in r] == [
        {"Alice": 300, "Bob": 900},
        {"Alice": 150, "Bob": 450},
        {"Alice": 75, "Bob": 225},
    ]
    stderr = result.stderr.splitlines()
    assert [s.split(": ", 1)[0] for s in stderr] == [f"mixed.jsonl:{n}" for n in MIXED_BAD_LINES]


def test_batch_fail_fast_stops_at_the_first_bad_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("mixed.jsonl").write_text("".join(MIXED))
    result = CliRunner().invoke(main, ["batch", "--format", "json", "--fail-fast", "mixed.jsonl"])
    line = check_one_line(result)
    assert line.startswith("mixed.jsonl:2: ") and "Zz" in line
    assert [json.loads(x)["id"] for x in result.stdout.splitlines()] == ["good-1", "bad-card"]


def test_batch_mixed_csv_has_one_error_row_per_bad_record() -> None:
    result = CliRunner().invoke(main, ["batch", "--format", "csv", "-"], input="".join(MIXED))
    assert result.exit_code == 2
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 2 * 3 + len(MIXED_BAD_LINES)
    assert [r["source"] for r in rows if r["error"]] == [f"<stdin>:{n}" for n in MIXED_BAD_LINES]
    assert [r["id"] for r in rows] == [
        "good-1",
        "good-1",
        "bad-card",
        "good-2",
        "good-2",
        "",
        "good-3",
        "good-3",
        "",
        "bad-amount",
    ]


def test_a_bad_record_outweighs_a_failed_check() -> None:
    stdin = record(id="wrong", expected={"Alice": 1}) + record(id="bad", pot=-1)
    result = CliRunner().invoke(main, ["batch", "--format", "json"], input=stdin)
    assert result.exit_code == 2
    assert json.loads(result.stdout.splitlines()[0])["check"]["ok"] is False
