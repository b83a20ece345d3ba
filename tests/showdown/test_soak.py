"""A quick soak (issue 8 "Done when"): a few thousand seeded random deals through ``hilo batch``.

The deals come from ``benchmarks/soak.py`` (whose long run settles a million): every game, side pots and
uncalled bets, folded players with and without cards, chip units, both odd-chip rules, qualifiers 8, 9
and none, and many tied hands. On every deal the chips won add up to the chips put in, in whole units,
and every pot is paid in full to its eligible players (RULES §4.7, §5). The output is byte for byte the
same run twice in-process and run once as a real process with ``--jobs 2``.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from types import ModuleType

import pytest
from click.testing import CliRunner
from conftest import HILO, ROOT

from hilo_cli.cli import main
from hilo_cli.games import GAMES

pytestmark = pytest.mark.slow  # every test here is a long randomised run

COUNT = 2000
SEED = 8


def _soak() -> ModuleType:
    spec = importlib.util.spec_from_file_location("soak", ROOT / "benchmarks" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = module  # dataclass-like NamedTuples look their module up
    spec.loader.exec_module(module)
    return module


soak = _soak()


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return list(soak.deals(COUNT, SEED))


@pytest.fixture(scope="module")
def jsonl(records: list[dict]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


@pytest.fixture(scope="module")
def first_run(jsonl: str) -> bytes:
    result = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=jsonl)
    assert result.exit_code == 0, result.output[-2000:]
    return result.stdout_bytes


def test_chips_are_conserved_on_every_deal(records: list[dict], first_run: bytes) -> None:
    lines = first_run.splitlines()
    assert len(lines) == len(records)
    found = [
        p
        for line, record in zip(lines, records, strict=True)
        for p in soak.problems(line, soak.expect(record))
    ]
    assert not found, "\n".join(found[:10])


def test_the_deals_cover_what_the_soak_is_for(records: list[dict], first_run: bytes) -> None:
    # A soak that never met a side pot or an odd chip would prove nothing.
    results = [json.loads(line) for line in first_run.splitlines()]
    seen: Counter[str] = Counter()
    for record, result in zip(records, results, strict=True):
        seen["game " + record["game"]] += 1
        seen[f"unit {record['chip_unit']}"] += 1
        seen[f"odd_chip {record.get('odd_chip')}"] += 1
        seen[f"qualifier {record.get('qualifier', 8)}"] += 1
        seen["side pots"] += len(result["pots"]) > 1
        seen["returned"] += bool(result["returned"])
        seen["folded"] += any(p["folded"] for p in result["players"])
        seen["folded, cards left out"] += any(
            p["folded"] and p["hole"] is None for p in result["players"]
        )
        odd = [o for pot in result["pots"] for o in pot["odd_chips"]]
        seen["odd chip high/low"] += any(o["half"] == "high" and "halve" in o["why"] for o in odd)
        seen["odd chip in a tie"] += any("tied winners" in o["why"] for o in odd)
        seen["odd chip by suit"] += any("RULES §4.6" in o["why"] for o in odd)
        seen["same winners both ways"] += any(
            pot["division"] == "same winners" for pot in result["pots"]
        )
        seen["quartered"] += any(
            pot["low"] and len(pot["low"]["winners"]) == 2 for pot in result["pots"]
        )
    for game in GAMES:
        assert seen["game " + game] > 100, game
    for unit in (1, 5, 25, 100):
        assert seen[f"unit {unit}"] > 100, unit
    for what in (
        "odd_chip button",
        "odd_chip suit",
        "qualifier 9",
        "qualifier None",
        "qualifier none",
    ):
        assert seen[what] > 100, what
    for what in (
        "side pots",
        "returned",
        "folded",
        "folded, cards left out",
        "odd chip high/low",
        "odd chip in a tie",
        "odd chip by suit",
        "same winners both ways",
        "quartered",
    ):
        assert seen[what] >= 10, f"{what}: {seen[what]}"


def test_the_output_is_the_same_twice(jsonl: str, first_run: bytes) -> None:
    again = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=jsonl)
    assert again.exit_code == 0
    assert again.stdout_bytes == first_run


def test_a_process_with_two_workers_writes_the_same_bytes(jsonl: str, first_run: bytes) -> None:
    # From stdin as in-process, since each result names its source ("<stdin>:LINE").
    p = subprocess.run(
        [str(HILO), "batch", "--format", "json", "--jobs", "2", "-"],
        input=jsonl.encode(),
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert p.returncode == 0, p.stderr.decode()[-2000:]
    assert p.stderr == b""
    assert p.stdout == first_run


def test_the_checks_catch_a_wrong_result(records: list[dict], first_run: bytes) -> None:
    # The checks can fail: a chip moved, a pot short, a folded winner, a lost line are each reported.
    lines = first_run.splitlines()
    i = next(i for i, line in enumerate(lines) if len(json.loads(line)["pots"]) > 1)
    result, expect = json.loads(lines[i]), soak.expect(records[i])
    assert soak.problems(lines[i], expect) == []

    moved = json.loads(lines[i])
    winner = next(p for p in moved["players"] if p["won"])
    winner["won"] += expect.unit
    assert any("won" in p and "put in" in p for p in soak.problems(json.dumps(moved), expect))

    short = json.loads(lines[i])
    pot = short["pots"][0]
    name = next(iter(pot["shares"]))
    pot["shares"][name] -= expect.unit
    assert any("paid" in p for p in soak.problems(json.dumps(short), expect))

    assert soak.problems(lines[i + 1], expect), "a line out of order passes"
    error = json.dumps({"id": expect.id, "line": i + 1, "error": "boom"})
    assert soak.problems(error, expect) == [f"deal {expect.id}: error 'boom'"]
    assert result["id"] == expect.id
