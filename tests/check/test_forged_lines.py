"""Names, hand ids and file names are data, never report lines (issue 16, defect 1).

A history's player names, its hand id and the file's own name come from whoever wrote the file. In
``hilo check``'s text and CSV output they are shown escaped (a newline as ``\\n``, an escape sequence as
``\\x1b``, a bidi override as ``\\u202e``) and every CSV cell is guarded against formulas, so no name
can write a line of its own, forge a verdict (``\\nOK: ...``), have the colour pass paint it green at a
terminal, or run as a spreadsheet formula. JSON keeps the names exactly as they are (JSON escapes what
it must, and the contract gives the names raw). The histories are written here, with hostile names.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hilo_cli.cli import main
from hilo_cli.formats.styled import strip_colour

# PHH: Ann (three kings) wins high and ties the low with Bob: 675 / 225 / 0 of 900; the finishing stacks
# record Ann 1300, Bob 1000 (a MISMATCH of 75 each way). Cat's name is a spreadsheet formula.
PHH_NAMES = (
    "Ann\nOK: forged.phh:1 hand 1: the recorded result is what the cards and the rules give",
    "MISMATCH: B\x1b[32mo\rb\u202e",
    "=cmd|' /C calc'!A0",
)
PHH_HAND_ID = "3\r\nOK: x\x1b[2J"
PHH_FILE = "OK: fake\n\x1b[32m\u202e.phh"


def phh_hand(names: tuple[str, ...], hand_id: str) -> str:
    """A fixed-limit Omaha hi/lo hand with these three names (``json.dumps``: a TOML basic string)."""
    return "\n".join(
        [
            "variant = 'FO/8'",
            "antes = [0, 0, 0]",
            "blinds_or_straddles = [50, 100, 0]",
            "small_bet = 100",
            "big_bet = 200",
            "starting_stacks = [1000, 1000, 1000]",
            f"players = [{', '.join(json.dumps(n) for n in names)}]",
            f"hand = {json.dumps(hand_id)}",
            "actions = [",
            "  'd dh p1 Ac2hKcQc', 'd dh p2 As2d9c9h', 'd dh p3 QhQdJcTc',",
            "  'p3 cc', 'p1 cc', 'p2 cc', 'd db 3c5d7h', 'p1 cc', 'p2 cc', 'p3 cc',",
            "  'd db Kd', 'p1 cbr 200', 'p2 cc', 'p3 cc', 'd db Ks', 'p1 cc', 'p2 cc', 'p3 cc',",
            "  'p1 sm Ac2hKcQc', 'p2 sm As2d9c9h', 'p3 sm QhQdJcTc',",
            "]",
            "finishing_stacks = [1300, 1000, 700]",
            "",
        ]
    )


# PokerStars: Dan's flush wins the high half (58), Cy and Ann tie the low (29 and 28), but the history
# pays Ann the high half and Dan her quarter: a MISMATCH with a per-pot line. A PokerStars name cannot hold a line
# end (each line is a line of the file), but it can hold an escape sequence, a backspace or an override.
PS_NAMES = {"Ann": "OK: A\x1b[32mnn\u202e", "Cy": "C\x08y\u2066", "Dan": "=cmd|' /C calc'!A0"}
PS_FILE = "=HYPERLINK(1)\x1b[31m\nOK: y.txt"


def ps_hand(names: dict[str, str]) -> str:
    ann, cy, dan = names["Ann"], names["Cy"], names["Dan"]
    return "\n".join(
        [
            "PokerStars Hand #200000000020:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2024/03/02 20:20:00 ET",
            "Table 'Hilo Test II' 6-max Seat #2 is the button",
            f"Seat 1: {ann} ($10 in chips)",
            "Seat 2: Ben ($10 in chips)",
            f"Seat 3: {cy} ($10 in chips)",
            f"Seat 4: {dan} ($10 in chips)",
            f"{cy}: posts small blind $0.05",
            f"{dan}: posts big blind $0.10",
            "*** HOLE CARDS ***",
            f"Dealt to {ann} [3c 5h Jd Jh]",
            f"{ann}: calls $0.10",
            "Ben: folds",
            f"{cy}: calls $0.05",
            f"{dan}: checks",
            "*** FLOP *** [As 2s 7c]",
            f"{cy}: checks",
            f"{dan}: bets $0.30",
            f"{ann}: calls $0.30",
            f"{cy}: calls $0.30",
            "*** TURN *** [As 2s 7c] [Kh]",
            f"{cy}: checks",
            f"{dan}: checks",
            f"{ann}: checks",
            "*** RIVER *** [As 2s 7c Kh] [4s]",
            f"{cy}: checks",
            f"{dan}: checks",
            f"{ann}: checks",
            "*** SHOW DOWN ***",
            f"{cy}: shows [3d 5c Td Tc] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)",
            f"{dan}: shows [Qs Js 9d 9c] (HI: a flush, Ace high)",
            f"{ann}: shows [3c 5h Jd Jh] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)",
            f"{dan} collected $0.28 from pot",
            f"{cy} collected $0.29 from pot",
            f"{ann} collected $0.58 from pot",
            "*** SUMMARY ***",
            "Total pot $1.20 | Rake $0.05",
            "Board [As 2s 7c Kh 4s]",
            f"Seat 1: {ann} showed [3c 5h Jd Jh] and won ($0.58) with HI: a straight, Ace to Five; LO: 5,4,3,2,A",
            "Seat 2: Ben (button) folded before Flop (didn't bet)",
            f"Seat 3: {cy} (small blind) showed [3d 5c Td Tc] and won ($0.29) with HI: a straight, Ace to Five; "
            "LO: 5,4,3,2,A",
            f"Seat 4: {dan} (big blind) showed [Qs Js 9d 9c] and won ($0.28) with HI: a flush, Ace high",
            "",
            "",
        ]
    )


VERDICT_AT_START = re.compile(r"(OK|MISMATCH|NOT CHECKABLE|ERROR):")
# What each hand's verdict line must begin with: the file name escaped, then the hand id escaped.
HEADS = [
    "MISMATCH: OK: fake\\n\\x1b[32m\\u202e.phh:1 hand 3\\r\\nOK: x\\x1b[2J: ",
    "MISMATCH: =HYPERLINK(1)\\x1b[31m\\nOK: y.txt:1 hand 200000000020: ",
]


def raw_controls(text: str) -> set[str]:
    """Characters a terminal would obey or that reorder text: controls (but the line end), format
    characters (bidi overrides and isolates), line and paragraph separators."""
    return {c for c in text if c != "\n" and unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")}


@pytest.fixture
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The two hostile files, named relative to the working folder (so a name can start a CSV cell)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / PHH_FILE).write_text(phh_hand(PHH_NAMES, PHH_HAND_ID), encoding="utf-8")
    (tmp_path / PS_FILE).write_text(ps_hand(PS_NAMES), encoding="utf-8")
    return [PHH_FILE, PS_FILE]


def check(*args: str) -> Result:
    return CliRunner().invoke(main, ["check", *args])


@pytest.mark.parametrize("colour", ["never", "always"])
def test_text_has_one_verdict_line_per_hand_and_no_raw_control(
    hostile: list[str], colour: str
) -> None:
    result = check("--color", colour, *hostile)
    assert result.exit_code == 1, result.output
    out = result.stdout
    if colour == "always":
        assert (
            strip_colour(out) == check("--color", "never", *hostile).stdout
        )  # colour only laid over
        # At a terminal only the two real verdicts are painted as verdicts (a forged OK would be green).
        assert (
            len(
                re.findall(
                    r"^\x1b\[[0-9;]*m(?:OK|MISMATCH|NOT CHECKABLE|ERROR)\x1b\[0m:", out, re.M
                )
            )
            == 2
        )
        out = strip_colour(out)
    assert raw_controls(out) == set() and raw_controls(result.stderr) == set()
    verdicts = [line for line in out.split("\n") if VERDICT_AT_START.match(line)]
    assert len(verdicts) == 2, verdicts
    for line, head in zip(verdicts, HEADS, strict=True):
        assert line.startswith(head), line


def test_the_reason_and_the_difference_lines_show_names_escaped(hostile: list[str]) -> None:
    out = check(*hostile).stdout
    assert (
        "  Ann\\nOK: forged.phh:1 hand 1: the recorded result is what the cards and the rules give: "
        "recorded finishing stack 1300, the cards and the rules give 1375 (+75)"
    ) in out.split("\n")
    # Each pot paid differently names its players, escaped; the reason names the gainer, escaped.
    assert (
        "  pot: recorded OK: A\\x1b[32mnn\\u202e $0.58, C\\x08y\\u2066 $0.29, =cmd|' /C calc'!A0 $0.28; the cards "
        "and the rules give OK: A\\x1b[32mnn\\u202e $0.28, C\\x08y\\u2066 $0.29, =cmd|' /C calc'!A0 $0.58"
    ) in out.split("\n")
    assert (
        "the wrong hand: MISMATCH: B\\x1b[32mo\\rb\\u202e recorded more than the cards win" in out
    )
    assert (
        "went to OK: A\\x1b[32mnn\\u202e alone, but C\\x08y\\u2066 and OK: A\\x1b[32mnn\\u202e tie"
        in out
    )


def test_csv_cells_are_escaped_and_guarded(hostile: list[str]) -> None:
    result = check("--format", "csv", *hostile)
    assert result.exit_code == 1, result.output
    assert raw_controls(result.stdout) == set() and raw_controls(result.stderr) == set()
    rows = list(csv.reader(io.StringIO(result.stdout)))
    head, body = rows[0], rows[1:]
    assert len(body) == 3 + 4  # a row per player of each hand: no cell wrote a row of its own
    for row in body:
        assert len(row) == len(head)
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")) or re.fullmatch(
                r"-\d+", cell
            ), cell
    cells = [dict(zip(head, row, strict=True)) for row in body]
    assert {c["id"] for c in cells} == {"3\\r\\nOK: x\\x1b[2J", "200000000020"}
    assert {c["source"] for c in cells} == {
        "OK: fake\\n\\x1b[32m\\u202e.phh:1",
        "'=HYPERLINK(1)\\x1b[31m\\nOK: y.txt:1",
    }
    assert "'=cmd|' /C calc'!A0" in {c["name"] for c in cells}
    assert all(c["verdict"] == "MISMATCH" for c in cells)
    assert any("went to OK: A\\x1b[32mnn\\u202e alone" in c["why"] for c in cells)
    assert any("wrong hand: MISMATCH: B\\x1b[32mo\\rb\\u202e recorded" in c["why"] for c in cells)
    assert (
        check("--format", "csv", "--jobs", "2", *hostile).stdout == result.stdout
    )  # rendered in workers


def test_an_error_row_is_escaped_and_guarded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    name = "=bad\x1b[31m\u202e.phh"
    (tmp_path / name).write_text(
        phh_hand(PHH_NAMES, "=1+1\x07").replace("'p1 cbr 200'", "'p1 cbr 20'"), encoding="utf-8"
    )
    result = check("--format", "csv", name)
    assert result.exit_code == 2, result.output
    assert raw_controls(result.stdout) == set() and raw_controls(result.stderr) == set()
    (row,) = list(csv.DictReader(io.StringIO(result.stdout)))
    assert row["source"].startswith("'=bad\\x1b[31m\\u202e.phh:") and row["id"] == "'=1+1\\x07"
    assert row["verdict"] == "ERROR" and row["why"] == "" and row["error"]
    assert result.stderr.startswith("=bad\\x1b[31m\\u202e.phh:")


def test_json_keeps_the_names_as_they_are(hostile: list[str]) -> None:
    result = check("--format", "json", *hostile)
    phh, ps = (json.loads(line) for line in result.stdout.splitlines())
    assert [p["name"] for p in phh["players"]] == list(PHH_NAMES)
    assert phh["id"] == PHH_HAND_ID and phh["source"] == PHH_FILE
    assert {p["name"] for p in ps["players"]} == {*PS_NAMES.values(), "Ben"}
    assert "went to OK: A\x1b[32mnn\u202e alone" in ps["check"]["why"]


def test_a_usage_error_quoting_the_command_line_is_escaped() -> None:
    # A value given twice is quoted back by hilo's own check of the option, not by Click's repr.
    result = CliRunner().invoke(
        main,
        [
            "equity",
            "A=As 2s 3d Kh",
            "B=Kd Kc Qs Jh",
            "--pot",
            "100",
            "--dead",
            "Ac",
            "--dead",
            "x\x1b[2J\nOK: all fine\u202e",
        ],
    )
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert raw_controls(result.stderr) == set() and "x\\x1b[2J\\nOK: all fine\\u202e" in line
