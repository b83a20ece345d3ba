"""The Python API (issue 21): docs/python.md's examples run, and every function returns what its command
prints in JSON on the project's own examples, so the library and the command cannot disagree."""

from __future__ import annotations

import doctest
import json
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT

import hilo_cli
from hilo_cli.cli import main
from hilo_cli.formats.text_in import record_from_line, strip_comment

EXAMPLES = ROOT / "examples"
HISTORIES = sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "data").rglob("*") if p.is_file()
)


def cli_json_lines(args: list[str], stdin: str | None = None) -> list[dict]:
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exit_code in (0, 1, 2), result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def example_records(name: str) -> list[dict]:
    """The records of one example file, as hilo batch reads them."""
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    if name.endswith(".txt"):
        return [record_from_line(line) for line in map(strip_comment, text.splitlines()) if line]
    if name.endswith(".jsonl"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    value = json.loads(text)
    return value if isinstance(value, list) else [value]


def test_the_documented_examples_run() -> None:
    failures, tried = doctest.testfile(
        str(ROOT / "docs" / "python.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 20
    assert failures == 0


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.iterdir() if p.is_file()))
def test_settle_record_is_what_hilo_batch_prints(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    printed = cli_json_lines(["batch", "--format", "json", f"examples/{name}"])
    records = example_records(name)
    assert len(printed) == len(records)
    for line, record in zip(printed, records, strict=True):
        assert line.pop("source").startswith(f"examples/{name}:")
        assert hilo_cli.settle_record(record) == line


def test_settle_record_raises_what_hilo_batch_reports() -> None:
    bad = {
        "board": "Ac 3d 6h Ks Kd",
        "pot": "lots",
        "players": [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}],
    }
    result = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=json.dumps(bad))
    (line,) = [json.loads(x) for x in result.stdout.splitlines()]
    with pytest.raises(hilo_cli.HiloError) as raised:
        hilo_cli.settle_record(bad)
    assert raised.value.message == line["error"] == "pot is 'lots', not a whole number of chips"
    assert raised.value.where == "record" and str(raised.value) == f"record: {line['error']}"


GOOD = {
    "board": "Ac 3d 6h Ks Kd",
    "pot": 1200,
    "players": [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}],
}
BAD = {  # each bad record, and the kind of error the reader itself raises for it
    "card": ({**GOOD, "board": "Ac 3d 6h Ks Xx"}, hilo_cli.CardError),
    "hole count": ({**GOOD, "players": [{"name": "A", "hole": "2c 4d"}]}, hilo_cli.DealError),
    "amount": ({**GOOD, "pot": -5}, hilo_cli.DealError),
    "stranger": ({**GOOD, "expected": {"Zed": 5}}, hilo_cli.HiloError),
}


@pytest.mark.parametrize(("record", "kind"), list(BAD.values()), ids=list(BAD))
def test_settle_record_raises_the_error_of_its_own_kind(record: dict, kind: type) -> None:
    """Before: every error was a plain ``HiloError`` with no ``where``."""
    result = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=json.dumps(record))
    (line,) = [json.loads(x) for x in result.stdout.splitlines()]
    with pytest.raises(kind) as raised:
        hilo_cli.settle_record(record)
    assert raised.value.message == line["error"] and raised.value.where == "record"
    assert type(raised.value) is not hilo_cli.HiloError or kind is hilo_cli.HiloError


def test_a_bad_card_is_a_card_error_that_says_where() -> None:
    with pytest.raises(hilo_cli.CardError) as raised:
        hilo_cli.settle_record(BAD["card"][0])
    assert str(raised.value) == (
        "record: board: 'Xx' (card 5) is not a card: expected a rank 2-9, T, J, Q, K, A and a suit "
        "s, h, d, c"
    )


def test_settle_records_is_what_hilo_batch_prints_line_for_line() -> None:
    records = [
        {**GOOD, "id": "one"},
        BAD["card"][0],
        {**GOOD, "board": "Ac 3d 6h"},  # cards to come: its equity
        "not a record",
        {**GOOD, "id": "two", "expected": {"A": 300, "B": 900}},
    ]
    printed = cli_json_lines(
        ["batch", "--format", "json", "-"], "\n".join(map(json.dumps, records))
    )
    assert [line.pop("source") for line in printed] == [f"<stdin>:{n}" for n in range(1, 6)]
    got = list(hilo_cli.settle_records(iter(records)))
    assert got == printed
    assert [r["schema"] for r in got] == [
        "settlement/0.1",
        "error/0.1",
        "equity/0.1",
        "error/0.1",
        "settlement/0.1",
    ]
    assert [r.get("line") for r in got] == [
        None,
        2,
        None,
        4,
        None,
    ]  # an error: its place in records


def test_settle_records_streams() -> None:
    """A record is settled when it is reached: the first result comes before the second record is read,
    and a long generator is never held whole."""
    drawn: list[int] = []

    def records() -> Iterator[dict]:
        for n in range(10**9):
            drawn.append(n)
            yield {**GOOD, "id": n}

    results = hilo_cli.settle_records(records())
    assert next(results)["id"] == "0" and drawn == [0]
    for _ in range(99):
        next(results)
    assert drawn == list(range(100))


def test_mypy_knows_every_name_of_the_api_and_no_other(tmp_path: Path) -> None:
    """The lazy ``__getattr__`` is out of mypy's sight: a misspelt name is an error, not ``Any``, and the
    names of the API keep their types. Before: ``hilo_cli.settle_recrod`` passed ``mypy --strict``."""
    script = tmp_path / "uses_the_api.py"
    script.write_text(
        "import hilo_cli\n"
        "hilo_cli.settle_recrod({})\n"
        "wrong: int = hilo_cli.settle_record({})\n"
        "for result in hilo_cli.settle_records([]):\n"
        "    reveal_type(result)\n"
    )
    found = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    ).stdout
    assert ':2: error: Module has no attribute "settle_recrod"' in found, found
    assert ":3: error: Incompatible types in assignment" in found, found
    assert re.search(
        r':5: note: Revealed type is "(builtins\.)?dict\[(builtins\.)?str, Any\]"', found
    )


@pytest.mark.parametrize("path", HISTORIES)
def test_check_history_is_what_hilo_check_prints(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    printed = cli_json_lines(["check", "--format", "json", path])
    assert printed
    assert list(hilo_cli.check_history(path)) == printed
    assert list(hilo_cli.check_history(Path(path))) == printed
    raw = (ROOT / path).read_bytes()
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        content = raw.decode("utf-16")  # a site's UTF-16 export (Winning's older format)
    else:
        try:
            content = raw.decode("utf-8")
        except UnicodeDecodeError:
            content = raw.decode("cp1252")  # an iPoker session, in the site's own encoding
    text = [{**h, "source": path} for h in hilo_cli.check_history(content)]
    assert [{k: v for k, v in h.items() if k != "where"} for h in text] == [
        {k: v for k, v in h.items() if k != "where"} for h in printed
    ]


def test_check_history_says_when_a_file_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(hilo_cli.HiloError, match="cannot read: No such file"):
        list(hilo_cli.check_history(str(tmp_path / "missing.phh")))
    (tmp_path / "latin1.phh").write_bytes(b"variant = 'FO/8'\nplayers = ['Jos\xe9']\n")
    # As hilo check: a line that is not UTF-8 is its hand's error record, naming the byte.
    (found,) = hilo_cli.check_history(tmp_path / "latin1.phh")
    assert found["line"] == 2 and "(0xe9) cannot be read as UTF-8 text" in found["error"]


EQUITY = [
    (
        '--board "Ah 7c 8d Ks" A="As 2s Kd Qh" B="Ac 3c Th Td" --pot 101',
        {
            "board": "Ah 7c 8d Ks",
            "pot": 101,
            "players": [{"name": "A", "hole": "As 2s Kd Qh"}, {"name": "B", "hole": "Ac 3c Th Td"}],
        },
        {},
    ),
    (
        '--board "Ad 7s Kc" Ann="2c 3h Qs Qd"@150 Bob="Kh Ks 8d 9c"@400 Cat="As 4s 5c 6c"@400 --folded Dan=50',
        {
            "board": "Ad 7s Kc",
            "players": [
                {"name": "Ann", "hole": "2c 3h Qs Qd", "contributed": 150},
                {"name": "Bob", "hole": "Kh Ks 8d 9c", "contributed": 400},
                {"name": "Cat", "hole": "As 4s 5c 6c", "contributed": 400},
                {"name": "Dan", "folded": True, "contributed": 50},
            ],
        },
        {},
    ),
    (
        '--board "Ah 7c 8d" A="As 2s Kd Qh" B="Ac 3c Th Td" C="9s 9h 2d 3d" --pot 90 --samples 3000 --seed 5',
        {
            "board": "Ah 7c 8d",
            "pot": 90,
            "players": [
                {"name": "A", "hole": "As 2s Kd Qh"},
                {"name": "B", "hole": "Ac 3c Th Td"},
                {"name": "C", "hole": "9s 9h 2d 3d"},
            ],
        },
        {"samples": 3000, "seed": 5},
    ),
]


@pytest.mark.parametrize(
    ("args", "record", "options"), EQUITY, ids=["turn", "side-pots", "sampled"]
)
def test_equity_record_is_what_hilo_equity_prints(args: str, record: dict, options: dict) -> None:
    result = CliRunner().invoke(main, ["equity", *shlex.split(args), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert hilo_cli.equity_record(record, **options) == json.loads(result.stdout)


LIMITS = [
    ("--structure pot --pot 100 --bet 100", {"structure": "pot", "pot": 100, "bets": [100]}),
    (
        "--structure pot --blinds 5/10 --pot 100 --bet 100 --bet 400",
        {"structure": "pot", "big_blind": 10, "pot": 100, "bets": [100, 400]},
    ),
    (
        "--structure no --blinds 50/100 --bet 50 --bet 100 --bet 1000 --bet 1500",
        {"structure": "no", "big_blind": 100, "bets": [50, 100, 1000, 1500]},
    ),
    ("--pot 300 --bet 100 --bet 130 --stack 50", {"pot": 300, "bets": [100, 130], "stack": 50}),
    (
        "--structure fixed --limits 100/200 --street turn --bet 200",
        {"structure": "fixed", "small_bet": 100, "big_bet": 200, "street": "turn", "bets": [200]},
    ),
    ("tests/data/phh/to-act.phh", {"history": "tests/data/phh/to-act.phh"}),
]


@pytest.mark.parametrize(("args", "options"), LIMITS, ids=[a for a, _ in LIMITS])
def test_limits_is_what_hilo_limits_prints(
    args: str, options: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    (printed,) = cli_json_lines(["limits", *shlex.split(args), "--format", "json"])
    assert hilo_cli.limits(**options) == printed


def test_limits_refuses_what_the_command_refuses() -> None:
    with pytest.raises(hilo_cli.HiloError, match="big blind"):
        hilo_cli.limits("pot")
    with pytest.raises(hilo_cli.HiloError, match="street 'fifth'"):
        hilo_cli.limits("fixed", small_bet=1, big_bet=2, street="fifth")


def test_every_name_of_all_is_there() -> None:
    for name in hilo_cli.__all__:
        assert getattr(hilo_cli, name) is not None, name
    assert hilo_cli.settle is hilo_cli.api.settle  # the typed core is the library's own
    with pytest.raises(AttributeError):
        _ = hilo_cli.nothing_of_that_name


def test_import_hilo_cli_stays_cheap() -> None:
    code = "import sys, hilo_cli; print(sorted(m for m in sys.modules if m.startswith(('hilo_cli', 'numpy'))))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "['hilo_cli']", run.stdout + run.stderr
