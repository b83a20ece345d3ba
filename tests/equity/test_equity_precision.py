"""Issue 19, item 3: a sampled figure is printed to the precision of its standard error (two significant
digits of the error, the value to the same decimals), and an event never seen in the samples says so
with an upper bound (the rule of three, 3/n at 95%), never ``0.00% ±0.00``."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from hilo_cli.cli import main

PREFLOP = [
    "equity",
    "A=As 2s 3d Kh",
    "B=Kd Kc Qs Jh",
    "C=Ad 4c 5h 6s",
    "--pot",
    "101",
    "--samples",
    "100000",
    "--seed",
    "7",
]
# On a flop of three high cards, no one can make a low: every low figure is never seen.
NO_LOW = [
    "equity",
    "--board",
    "Qd Jd 9c",
    "A=As 2s 3d Kh",
    "B=Kd Kc Qs Jh",
    "C=Ad 4c 5h 6s",
    "--pot",
    "100",
    "--samples",
    "1000",
    "--seed",
    "7",
]


def _out(args: list[str]) -> str:
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    return r.stdout


def _significant(digits: str) -> int:
    return len(digits.replace(".", "").lstrip("0"))


def test_every_standard_error_has_two_significant_digits_and_its_value_as_many_decimals() -> None:
    text = _out(PREFLOP)
    pairs = re.findall(r"(\d+\.\d+)%? ±(\d+\.\d+)", text)
    assert len(pairs) >= 20
    for value, se in pairs:
        assert _significant(se) >= 2, (value, se)
        assert len(value.split(".")[1]) == len(se.split(".")[1]), (value, se)
    # A tie a few hundredths of a percent likely is a figure, not "0.04% ±0.01" or "0.00% ±0.00".
    ties = json.loads(_out([*PREFLOP, "--format", "json"]))["players"][2]
    assert 0 < ties["high_tie"] < 0.001 and ties["se"]["high_tie"] > 0
    row = next(line for line in text.splitlines() if line.startswith("C "))
    value, se = re.findall(r"(\d+\.\d+)% ±(\d+\.\d+)", row)[3]  # the high tie
    assert float(value) == round(ties["high_tie"] * 100, len(se) - 2) and _significant(value) >= 2
    assert float(se) == float(f"{ties['se']['high_tie'] * 100:.2g}")
    assert "±0.00 " not in text and "±0.00\n" not in text


def test_an_event_never_seen_is_a_bound_by_the_rule_of_three() -> None:
    text = _out(NO_LOW)
    assert "±0.00" not in text
    rows = {line.split()[0]: line for line in text.splitlines()[3:6]}
    for name in "ABC":
        assert rows[name].endswith("<0.30%   <0.30%     <0.30%"), rows[name]
    assert "no qualifying low for anyone: >99.70% of runouts" in text
    assert "never (or in every one) seen in the 1,000 runouts sampled" in text and "3/n" in text
    out = json.loads(_out([*NO_LOW, "--format", "json"]))
    for p in out["players"]:
        assert p["bound_95"]["low_win"] == [0.0, 3 / 1000] and p["se"]["low_win"] == 0.0
        assert "equity" not in p["bound_95"]
    assert out["no_low_bound_95"] == [1 - 3 / 1000, 1.0]


def test_exact_runs_print_as_before() -> None:
    text = _out(NO_LOW[:-4])
    assert "±" not in text and "<" not in text and "0.00%" in text
