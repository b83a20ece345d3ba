"""``hilo equity`` through Click's CliRunner, the batch entry point (``equity.records``), and numpy kept out of
``hilo showdown`` and ``hilo batch``."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.cli import main
from hilo_cli.equity import Equity, equity
from hilo_cli.equity.records import equity_from_record, wants_equity
from hilo_cli.errors import DealError, ExitStatus, InputError
from hilo_cli.formats import equity_out
from hilo_cli.formats.records import DEFAULTS, deal_from_record

FLOP = ["equity", "--board", "Ah 7c 8d", "A=As 2s Kd Qh", "B=Ac 3c Th Td", "--pot", "100"]
# Three stacks all in on a flop, a folded player's 10 chips in the main pot: a main pot and a side pot.
SIDE = [
    "equity",
    "--board",
    "4h 5h 9h",
    "A=Ah Th Qs Qd@20",
    "B=Kd Ks 6h 7h@60",
    "C=Ac 3c Jc Jd@60",
    "--folded",
    "D=10",
]


def _run(args: list[str]) -> Result:
    return CliRunner().invoke(main, args)


def test_text_table_has_a_row_per_player_and_the_pots() -> None:
    r = _run(SIDE)
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "Omaha Hi/Lo 8 or better   board 4h 5h 9h (2 to come)"
    assert lines[1] == "exact: 666 runouts"
    assert lines[2].split() == [
        "player",
        "equity",
        "expected",
        "scoop",
        "high",
        "win",
        "high",
        "tie",
        "low",
        "win",
        "low",
        "tie",
        "quartered",
    ]
    assert [line.split()[0] for line in lines[3:6]] == ["A", "B", "C"]
    assert lines[6].startswith("no qualifying low for anyone: ")
    assert lines[7].startswith("main pot 70: A ") and lines[8].startswith("side pot 1 80: B ")


def test_json_contract_fields_and_exact_fractions() -> None:
    r = _run([*SIDE, "--format", "json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["exact"] is True and out["board"] == ["4h", "5h", "9h"]
    assert out["runouts"] == 666  # C(37, 2): 52 - 12 hole - 3 board
    assert out["dead"] == [] and out["seed"] is None and out["returned"] == {}
    fields = {
        "name",
        "equity",
        "equity_fraction",
        "expected_chips",
        "expected_chips_fraction",
        "scoop",
        "high_win",
        "high_tie",
        "low_win",
        "low_tie",
        "quartered",
    }
    assert all(fields <= set(p) for p in out["players"])
    assert sum(Fraction(p["equity_fraction"]) for p in out["players"]) == 1
    assert sum(Fraction(p["expected_chips_fraction"]) for p in out["players"]) == 150
    for p in out["players"]:
        assert p["equity"] == pytest.approx(float(Fraction(p["equity_fraction"])))
    assert [(p["name"], p["amount"], p["eligible"]) for p in out["pots"]] == [
        ("main pot", 70, ["A", "B", "C"]),
        ("side pot 1", 80, ["B", "C"]),
    ]
    for pot in out["pots"]:
        assert sum(Fraction(v) for v in pot["expected_chips_fraction"].values()) == pot["amount"]
    # The same run through the library: the command adds nothing of its own.
    deal = deal_from_record(
        {
            "board": "4h 5h 9h",
            "button": 3,
            "players": [
                {"name": "A", "hole": "Ah Th Qs Qd", "contributed": 20, "seat": 1},
                {"name": "B", "hole": "Kd Ks 6h 7h", "contributed": 60, "seat": 2},
                {"name": "C", "hole": "Ac 3c Jc Jd", "contributed": 60, "seat": 3},
                {"name": "D", "folded": True, "contributed": 10, "seat": 4},
            ],
        }
    )
    assert equity_out.equity_dict(equity(deal)) == out


def test_sampled_json_has_standard_errors_and_no_fractions() -> None:
    r = _run([*FLOP, "--samples", "2000", "--seed", "5", "--format", "json"])
    out = json.loads(r.output)
    assert out["exact"] is False and out["runouts"] == 2000 and out["seed"] == 5
    for p in out["players"]:
        assert p["equity_fraction"] is None and p["expected_chips_fraction"] is None
        assert set(p["se"]) >= {"equity", "expected_chips", "scoop", "high_win", "low_win"}
    assert "no_low_se" in out
    assert _run([*FLOP, "--samples", "2000", "--seed", "5", "--format", "json"]).output == r.output


def test_csv_one_row_per_player() -> None:
    r = _run([*FLOP, "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(r.output)))
    assert [row["name"] for row in rows] == ["A", "B"]
    assert tuple(rows[0]) == equity_out.CSV_COLUMNS
    assert sum(Fraction(row["equity_fraction"]) for row in rows) == 1
    assert {row["runouts"] for row in rows} == {"820"}


def test_no_board_means_nothing_dealt_yet() -> None:
    r = _run(
        [
            "equity",
            "A=As 2s 3d Kh",
            "B=Kd Kc Qs Jh",
            "C=Ad 4c 5h 6s",
            "--samples",
            "500",
            "--format",
            "json",
        ]
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["board"] == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "--board", "Ah 7c 8d", "A=As 2s Kd Qh", "B=As 3c Th Td"], "As"),
        (
            ["equity", "--board", "Ah 7c 8d", "A=As 2s Kd Qh", "B=Ac 3c Th Td", "--dead", "7c"],
            "dead card 7c is on the board",
        ),
        (
            ["equity", "--board", "Ah 7c 8d", "A=As 2s Kd Qh", "B=Ac 3c Th Td", "--dead", "Zz"],
            "--dead",
        ),
        (
            [
                "equity",
                "--game",
                "stud8",
                "A=As 2s Kd Qh 3c 4c 5c",
                "B=Ac 3s Th Td 6c 7c 8c",
                "--board",
                "2d",
            ],
            "the board has 1 cards; stud8 deals 0",
        ),
        (
            [
                "equity",
                "--game",
                "omaha8-5",
                *[
                    f"P{i}={' '.join(f'{r}{s}' for r, s in cards)}"
                    for i, cards in enumerate(
                        [
                            [
                                (r, s)
                                for r, s in zip(
                                    "23456789TJQKA" * 4,
                                    "c" * 13 + "d" * 13 + "h" * 13 + "s" * 13,
                                    strict=True,
                                )
                            ][5 * i : 5 * i + 5]
                            for i in range(10)
                        ]
                    )
                ],
            ],
            "10 players of omaha8-5 need 55 cards",
        ),
        ([*FLOP, "--exact", "--samples", "10"], "--exact and --samples"),
        ([*FLOP, "--seed", "3"], "--seed goes with --samples"),
        ([*FLOP, "--samples", "0"], "--samples"),
        ([*FLOP[:-2], "--pot", "100", "--pot", "200"], "--pot"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    r = _run(args)
    assert r.exit_code == ExitStatus.BAD_INPUT, r.output
    assert message in r.output
    assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output


def test_too_long_for_exact_says_so_and_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    # Hands not all seen run on the whole-array path of ranges (issue 31), exact while the counts
    # allow. Judged too long by the counts (the budget set to 0), the run samples instead and says so,
    # in the output itself (CSV: on stderr). (Known hands are always exact: small runs in pure
    # Python, the rest on whole arrays.)
    from hilo_cli.equity import ranged

    monkeypatch.setattr(ranged, "EXACT_WORK", 0)
    monkeypatch.setattr(ranged, "RANGE_SAMPLES", 300)
    args = [
        "equity",
        "--board",
        "4c 5d 8s",
        "A=Ah 2h Kc Kd",
        "B=Ad 2d ?? ??",
        "C=Js Ts 9s 3c",
        "--pot",
        "103",
        "--format",
        "json",
    ]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert "exact would deal" in out["note"] and out["note"].endswith(
        "sampling 300 instead (--exact to insist)"
    )
    assert r.stderr == ""
    csv_run = CliRunner().invoke(main, [*args[:-1], "csv"])
    assert (
        "exact would deal" in csv_run.stderr
        and "sampling 300 instead (--exact to insist)" in csv_run.stderr
    )
    assert out["exact"] is False and out["runouts"] == 300 and out["seed"] == 0
    forced = CliRunner().invoke(main, [*args, "--exact"])
    assert forced.stderr == "" and json.loads(forced.stdout)["runouts"] == 39 * 38 // 2 * 666


def test_no_progress_bar_when_stderr_is_not_a_terminal() -> None:
    r = CliRunner().invoke(main, ["equity", "A=As 2s 3d Kh", "B=Kd Kc Qs Jh"])
    assert r.exit_code == 0 and r.stderr == ""


def from_record(record: object) -> Equity:
    """A batch record's equity under a batch's default options, as ``hilo batch`` runs it."""
    return equity_from_record(record, DEFAULTS, deal_from_record)


# Batch records ask for equity with a board of fewer than five cards (or "equity": true).
RECORD = {
    "board": "Ah 7c 8d",
    "pot": 100,
    "players": [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
}


def test_batch_records_that_ask_for_equity() -> None:
    assert wants_equity(RECORD, DEFAULTS)
    assert wants_equity({**RECORD, "board": ""}, DEFAULTS)
    assert wants_equity({**RECORD, "board": "Ah 7c 8d 9s Ts", "equity": True}, DEFAULTS)
    assert not wants_equity({**RECORD, "board": "Ah 7c 8d 9s Ts"}, DEFAULTS)
    assert not wants_equity({**RECORD, "game": "stud8", "board": ""}, DEFAULTS)
    assert not wants_equity({k: v for k, v in RECORD.items() if k != "board"}, DEFAULTS)
    e = from_record({**RECORD, "dead": ["2c"], "samples": 400, "seed": 2})
    assert not e.exact and e.runouts == 400 and [str(c) for c in e.dead] == ["2c"]
    result = from_record({**RECORD, "id": "h7"})
    line = json.loads(equity_out.render(result, "json", "f.jsonl:3"))
    assert line == {**equity_out.equity_dict(result), "source": "f.jsonl:3"} and line["id"] == "h7"
    assert equity_out.render(result, "text", "f.jsonl:3").startswith(
        b"f.jsonl:3 id h7   Omaha Hi/Lo"
    )
    with pytest.raises(InputError, match="equity has its own CSV columns"):
        equity_out.render(result, "csv", "f.jsonl:3")


@pytest.mark.parametrize(
    ("record", "error", "message"),
    [
        ({**RECORD, "dead": 7}, InputError, "dead must be card text"),
        ({**RECORD, "dead": "Ah"}, DealError, "dead card Ah is on the board"),
        ({**RECORD, "samples": 0}, InputError, "samples is 0"),
        ({**RECORD, "seed": "x"}, InputError, "seed is 'x'"),
        ({**RECORD, "exact": "yes"}, InputError, "exact must be true or false"),
    ],
)
def test_batch_record_errors(
    record: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        from_record(record)


_NUMPY_CHECK = """import sys
from hilo_cli.cli import main
try:
    main({args!r})
except SystemExit as e:
    print("exit", e.code, file=sys.stderr)
print("numpy imported:", "numpy" in sys.modules, file=sys.stderr)
"""


@pytest.mark.parametrize(
    ("args", "numpy"),
    [
        (
            [
                "showdown",
                "--board",
                "Ac 3d 6h Ks Kd",
                "A=2c 4d Qc Jd",
                "B=Kh Kc 2h 4s",
                "--pot",
                "1200",
            ],
            False,
        ),
        (["batch", str(ROOT / "examples" / "hands.txt"), "--format", "json"], False),
        (FLOP, False),  # a small exact run settles each runout: quicker than importing numpy
        (
            [*FLOP, "--samples", "100"],
            True,
        ),  # the control: equity does import it, so the check can see an import
    ],
)
def test_showdown_and_batch_never_import_numpy(args: list[str], numpy: bool) -> None:
    """numpy is for ``hilo equity`` alone: start-up of the other commands does not pay for it."""
    run = subprocess.run(
        [sys.executable, "-c", _NUMPY_CHECK.format(args=args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.stdout.strip(), run.stderr  # the command ran and printed its result
    assert run.stderr.strip().splitlines()[-2:] == ["exit 0", f"numpy imported: {numpy}"], (
        run.stderr
    )


def test_progress_bar_only_on_a_terminal_and_a_long_run(capsys: pytest.CaptureFixture[str]) -> None:
    from hilo_cli.cli.terminal import RunoutBar

    quiet = RunoutBar()
    quiet.tty = False
    quiet(10, 1000)
    short = RunoutBar()
    short.tty = True
    short(500, 1000)  # half done at once: far less than a second in all
    assert capsys.readouterr().err == ""
    with RunoutBar() as long:
        long.tty = True
        long(1, 1000)
        long.start -= 5  # as if the first runout took five seconds
        long(2, 1000)
        long(1000, 1000)
    assert "runouts" in capsys.readouterr().err


_SEATED = [
    {"name": "A", "hole": "As 2s Kd Qh", "seat": 2, "contributed": 40},
    {"name": "B", "hole": "Ac 3c Th Td", "seat": 5, "contributed": 75},
    {"name": "C", "hole": "5h 6h 7d 4c", "seat": 7, "contributed": 75},
    {"name": "D", "hole": "9c 9d", "seat": 9, "contributed": 5, "folded": True},
]


@settings(max_examples=20, deadline=None)
@given(st.permutations(range(4)), st.randoms(use_true_random=False))
def test_a_batch_record_settles_the_same_in_any_order(order: list[int], rnd: Any) -> None:
    """The batch input path: players listed in any order (seats and button kept), hole, board and dead
    cards written in any order, as text or as lists."""

    def shuffled(text: str) -> str | list[str]:
        cards = text.split()
        rnd.shuffle(cards)
        return cards if rnd.random() < 0.5 else " ".join(cards)

    base = from_record({"players": _SEATED, "board": "2h 7c 8d Ks", "dead": "Jc Js", "button": 5})
    listed = [dict(_SEATED[i], hole=shuffled(_SEATED[i]["hole"])) for i in order]
    again = from_record(
        {
            "players": listed,
            "board": shuffled("2h 7c 8d Ks"),
            "dead": shuffled("Jc Js"),
            "button": 5,
        }
    )
    assert {p.name: p for p in base.players} == {p.name: p for p in again.players}
    assert {p.name: p.expected_chips for p in base.pots} == {
        p.name: p.expected_chips for p in again.pots
    }


@pytest.mark.parametrize("samples", [str(10**18), str(10**9 + 1), "9" * 40])
def test_samples_beyond_a_billion_are_bad_input_not_years_of_work(samples: str) -> None:
    """Issue 16, defect 8: ``--samples 10**18`` ran for years; ``bounds.MAX_SAMPLES`` bounds it."""
    hilo = str(Path(sys.executable).parent / "hilo")
    r = subprocess.run(
        [hilo, *FLOP, "--samples", samples], capture_output=True, text=True, timeout=120
    )  # a hang guard: the old code ran for years
    assert r.returncode == ExitStatus.BAD_INPUT
    assert (
        r.stderr.strip()
        == "hilo: error: --samples is more than hilo counts (at most 1,000,000,000)"
    )
    assert r.stdout == ""


def test_the_library_refuses_more_than_a_billion_samples() -> None:
    with pytest.raises(DealError, match="at most 1,000,000,000"):
        equity(
            deal_from_record(
                {
                    "board": "Ah 7c 8d",
                    "pot": 10,
                    "players": [
                        {"name": "A", "hole": "As 2s Kd Qh"},
                        {"name": "B", "hole": "Ac 3c Th Td"},
                    ],
                }
            ),
            samples=10**9 + 1,
        )


def test_the_equity_writer_only_writes() -> None:
    """``formats/equity_out.py`` writes equity (issue 22): reading a batch record and running it are
    ``equity.records``'s, so the writer imports no record reader and no runner, only the result types."""
    import ast

    tree = ast.parse((ROOT / "hilo_cli" / "formats" / "equity_out.py").read_text())
    imported = {
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }
    assert not {m for m, _ in imported} & {"hilo_cli.formats.records", "hilo_cli.games"}
    assert {name for m, name in imported if m == "hilo_cli.equity"} <= {
        "Equity",
        "PlayerEquity",
        "PotEquity",
    }


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
NAMED_LIKE_CARDS = ["equity", "--board", "Ah 7c 8d", "As Kh=As 2s Kd Qh", "Qd Jd=Ac 3c Th Td"]


@pytest.mark.parametrize("colour", ["never", "always"])
def test_a_player_named_like_cards_keeps_the_name_under_suit_symbols(colour: str) -> None:
    """Issue 22: the report is written from styled pieces (``formats.styled``): the writer knows the
    board's cards from the players' names, so ``--suits symbols`` restyles the cards and nothing else,
    where colour laid over the finished text took a player named ``As Kh`` for cards."""
    args = [*NAMED_LIKE_CARDS, "--pot", "100"]
    plain = CliRunner().invoke(main, args)
    shown = CliRunner().invoke(main, [*args, "--suits", "symbols", "--color", colour])
    assert plain.exit_code == shown.exit_code == 0, shown.output
    text = _ANSI.sub("", shown.stdout)
    assert "board A♥ 7♣ 8♦ (2 to come)" in text.splitlines()[0]
    assert text.replace("A♥ 7♣ 8♦", "Ah 7c 8d") == plain.stdout
    assert ("\x1b[" in shown.stdout) is (colour == "always")


def test_a_lone_card_is_a_card_under_suit_symbols() -> None:
    """A board of one card (Courchevel's first) and one dead card are cards, styled as the board's are
    (the writer knows them; a pattern over the text styled only runs of two cards or more)."""
    args = ["--game", "courchevel8", "--board", "Ah", "--dead", "2c", "A=As 2s Kd Qh 3h"]
    r = CliRunner().invoke(main, ["equity", *args, "B=Ac 3c Th Td 9h", "--suits", "symbols"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0].endswith("board A♥ (4 to come)   dead 2♣")


def test_a_name_with_an_escape_sequence_is_shown_escaped_and_the_table_lines_up() -> None:
    """A name is data (issue 8 item 11): in equity's report too, a control character in it is written
    as an escape, never sent to the terminal, and the rows line up under the escaped name."""
    r = CliRunner().invoke(
        main, ["equity", "--board", "Ah 7c 8d", "A\x1b[2J=As 2s Kd Qh", "B=Ac 3c Th Td"]
    )
    assert r.exit_code == 0, r.output
    assert "\x1b" not in r.stdout
    header, first, second = r.stdout.splitlines()[2:5]
    assert first.startswith("A\\x1b[2J ") and second.startswith("B ")
    assert len(header) == len(first) == len(second)


def test_equity_csv_guards_names_as_a_showdown_csv_does() -> None:
    """A name is data in equity's CSV too (issue 8 item 11, ``safe.csv_cell``): a cell a spreadsheet
    would run as a formula is prefixed with ``'``, and a control character is written as an escape."""
    args = ["equity", "--board", "Ah 7c 8d", "@cmd=As 2s Kd Qh", "B\x1b[2J=Ac 3c Th Td"]
    r = CliRunner().invoke(main, [*args, "--format", "csv"])
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [row["name"] for row in rows] == ["'@cmd", "B\\x1b[2J"]
