"""Tests written for the mutants of ``benchmarks/mutants.py`` that the other tests let through (issue 8,
"Tests that let real bugs through"). Each names its mutant and the behaviour it would have changed.
"""

from __future__ import annotations

import json

from click.testing import CliRunner, Result

from hilo_cli.cli import main

BOARD = "Ac 3d 6h Ks Kd"
A_HOLE, B_HOLE = "2c 4d Qc Jd", "Kh Kc 2h 4s"
# B's four kings take high, A and B tie for low: A 300, B 900 (the README's example).
SPLIT = {"board": BOARD, "players": [{"name": "A", "hole": A_HOLE}, {"name": "B", "hole": B_HOLE}], "pot": 1200}


def run(args: list[str], stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, args, input=stdin)


def won(result: Result) -> dict[str, int]:
    return {p["name"]: p["won"] for p in json.loads(result.stdout)["players"]}


# M03: the same players win high and low, but the suit rule orders them differently in the two halves.
# A and B both make a six-high straight and 6-4-3-2-A. For high A's 5h beats B's 5d after the shared 6d;
# for low B's As beats A's Ac. One division of 67 (RULES §4.5), whose odd chip the high hands decide
# (§4.6): A 34, B 33. Halving first gives high 34 as 17 + 17 and low 33 with its odd chip to B: A 33, B 34.
SAME_BOTH_WAYS = ["showdown", "--odd-chip", "suit", "--board", "3d Qc 6d 4h Ks", "A=2d Kc 5h Ac", "B=2h Kd 5d As",
                  "--pot", "67"]


def test_m03_same_winners_in_another_order_share_one_division() -> None:
    result = run([*SAME_BOTH_WAYS, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert won(result) == {"A": 34, "B": 33}
    pot = json.loads(result.stdout)["pots"][0]
    assert pot["division"] == "same winners"
    assert [(o["to"], o["half"]) for o in pot["odd_chips"]] == [("A", "whole")]
    text = run(SAME_BOTH_WAYS).stdout
    assert "high and low both to A and B" in text and "A's 5h beats B's 5d after the shared 6d" in text


def test_m03_the_halves_really_order_them_differently() -> None:
    # What makes the case: the low half alone would give its odd chip to B.
    result = run([*SAME_BOTH_WAYS, "--format", "json"])
    hands = {p["name"]: (p["high"]["cards"], p["low"]["cards"]) for p in json.loads(result.stdout)["players"]}
    assert "5h" in hands["A"][0] and "5d" in hands["B"][0]
    assert "Ac" in hands["A"][1] and "As" in hands["B"][1]


# M22: the text format takes "folded" as well as "fold" for a folded player.
def test_m22_the_word_folded_marks_a_folded_player_in_a_text_line() -> None:
    line = ("board 4h 5h 9h Kc 2d | A: Ah Th Qs Qd @20 | B: Kd Ks 6h 7h @60 | C: Ac 3c Jc Jd @60 | D: {} @10")
    results = [run(["batch", "--format", "json", "-"], stdin=line.format(word) + "\n") for word in ("fold", "folded")]
    for result in results:
        assert result.exit_code == 0, result.output
    assert won(results[1]) == won(results[0]) == {"A": 35, "B": 40, "C": 75, "D": 0}
    assert [p["folded"] for p in json.loads(results[1].stdout)["players"]] == [False, False, False, True]


# M27: the largest amount hilo counts (10**15, so that every JSON reader keeps it exact) is accepted,
# written as an integer or as a whole float (1e15, 1000000000000000.0); one more is refused.
def test_m27_the_largest_amount_is_accepted_and_one_more_is_not() -> None:
    largest = 10**15
    for pot in (str(largest), "1e15", "1000000000000000.0"):
        record = json.dumps(SPLIT).replace('"pot": 1200', f'"pot": {pot}')
        ok = run(["batch", "--format", "json", "-"], stdin=record + "\n")
        assert ok.exit_code == 0, (pot, ok.output)
        assert won(ok) == {"A": largest // 4, "B": largest - largest // 4}
    over = run(["batch", "--format", "json", "-"], stdin=json.dumps({**SPLIT, "pot": largest + 1}) + "\n")
    assert over.exit_code == 2
    assert "1000000000000001" in over.stderr


# M28: a difference anywhere in a batch makes the exit status 1, even when later records agree.
def test_m28_a_difference_before_records_that_agree_still_exits_1() -> None:
    differs = {**SPLIT, "id": "paid wrong", "expected": {"A": 600, "B": 600}}
    agrees = {**SPLIT, "id": "paid right", "expected": {"A": 300, "B": 900}}
    for records in ([differs, agrees], [agrees, differs], [differs, SPLIT]):
        result = run(["batch", "--format", "json", "-"], stdin="".join(json.dumps(r) + "\n" for r in records))
        assert result.exit_code == 1, [r.get("id") for r in records]
        checks = [json.loads(line).get("check", {}).get("ok") for line in result.stdout.splitlines()]
        assert checks == [None if "expected" not in r else r is agrees for r in records]
