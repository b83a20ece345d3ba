"""A site's house rules (issue 28): the odd chips a site pays by its own practice where it differs from
RULES §4 (Bovada's leftover of an unevenly tied low half to the high half's winner, VARIANTS.md), the
three kinds of difference a verdict names, ``--rules strict``, and the count of each kind in the closing
summary. The project's own files only (tests/data/bovada/tampered.txt, worked out by hand there)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import TEST_DATA
from hypothesis import given, settings
from hypothesis import strategies as st

import hilo_cli
from hilo_cli.checking import check
from hilo_cli.checking_house import _low_leftover_to_high
from hilo_cli.cli import main
from hilo_cli.histories import read
from hilo_cli.histories.house import HOUSE, house
from hilo_cli.showdown import Half, PotResult

TAMPERED = TEST_DATA / "bovada" / "tampered.txt"


def _json(*args: str) -> tuple[int, list[dict[str, object]], str]:
    result = CliRunner().invoke(main, ["check", "--format", "json", *args])
    return (
        result.exit_code,
        [json.loads(line) for line in result.stdout.splitlines()],
        result.stderr,
    )


def _checks(rows: list[dict[str, object]]) -> dict[str, dict[str, object]]:
    return {str(row["id"]): row["check"] for row in rows}  # type: ignore[misc]


def test_a_hand_paid_by_bovadas_own_practice_is_ok_with_a_note() -> None:
    # Hand 2002: $1.14 after rake; high 57 to Big Blind alone, the low's 57 tied by Dealer and Small Blind.
    # RULES §4.4: 29 to Small Blind (first left of the button), 28 to Dealer. Bovada: 28 each, the
    # leftover cent to the high half: Big Blind 58.
    status, rows, _ = _json(str(TAMPERED))
    found = _checks(rows)["2002"]
    assert found["verdict"] == "OK" and found["ok"] is True
    assert found["kind"] == "odd-chips"
    assert found["practice"] == (
        "Bovada / Ignition's practice: the leftover of an unevenly tied low half goes to the high half's "
        "winner"
    )
    assert "--rules strict: MISMATCH" in str(found["why"])
    # JSON still says what RULES §4 gives each (the settlement's own check): the kind says why it is OK.
    assert found["differences"] == {
        "Big Blind": {"expected": 58, "won": 57},
        "Small Blind": {"expected": 28, "won": 29},
    }
    assert status == 1  # hands 2001 and 2003 still differ


def test_strict_rules_make_the_same_hand_a_mismatch_of_the_kind_odd_chips() -> None:
    status, rows, _ = _json("--rules", "strict", str(TAMPERED))
    found = _checks(rows)["2002"]
    assert found["verdict"] == "MISMATCH" and found["ok"] is False
    assert found["kind"] == "odd-chips"
    assert str(found["why"]).startswith(
        "the odd chips only: paid by Bovada / Ignition's practice: the leftover of an unevenly tied low "
        "half goes to the high half's winner, not as RULES §4.3/§4.4 give them"
    )
    # What RULES §4.4 gives each, against what was recorded.
    assert (
        found["differences"]["Big Blind"]["recorded"]
        - found["differences"]["Big Blind"]["recomputed"]
        == 1
    )  # type: ignore[index]
    assert status == 1


@pytest.mark.parametrize("rules", ["house", "strict"])
def test_the_other_two_kinds_are_the_same_under_either_rules(rules: str) -> None:
    _, rows, _ = _json("--rules", rules, str(TAMPERED))
    found = _checks(rows)
    # 2001: the split's odd cent paid to low: no practice of Bovada's gives it.
    assert (found["2001"]["verdict"], found["2001"]["kind"], found["2001"]["practice"]) == (
        "MISMATCH",
        "payout",
        None,
    )
    # 2003: the summary's LO is not the Hand result.
    assert (found["2003"]["verdict"], found["2003"]["kind"]) == ("MISMATCH", "site")
    assert found["2001"]["ok"] is False and found["2003"]["ok"] is False


def test_a_practice_is_the_site_s_own_never_another_sites() -> None:
    # The same hand read without its reader's name (no site's house rules apply) is RULES §4's MISMATCH.
    record = list(read(str(TAMPERED), TAMPERED.read_text()))[1]
    _, verdict = check(record)
    assert (verdict.status, verdict.kind, verdict.practice) == ("mismatch", "payout", None)
    _, verdict = check(record, "everleaf")
    assert verdict.status == "mismatch" and verdict.practice is None
    _, verdict = check(record, "bovada")
    assert (verdict.status, verdict.kind) == ("ok", "odd-chips")
    assert house("everleaf").odd_chips is None and set(HOUSE) == {"bovada"}


def _pot(high: tuple[str, ...], low: tuple[str, ...], units: int) -> PotResult:
    """A split pot of ``units`` cents as RULES §4.3/§4.4 divide it, winners in odd-chip order."""
    high_units, low_units = units - units // 2, units // 2

    def shares(winners: tuple[str, ...], n: int) -> dict[str, int]:
        each, left = divmod(n, len(winners))
        return {w: each + (i < left) for i, w in enumerate(winners)}

    hs, ls = shares(high, high_units), shares(low, low_units)
    total = dict(hs)
    for name, chips in ls.items():
        total[name] = total.get(name, 0) + chips
    return PotResult(
        "pot",
        units,
        (*high, *low),
        Half(high_units, high, "h", hs),
        Half(low_units, low, "l", ls),
        None,
        "split",
        total,
        (),
    )


def test_bovadas_practice_by_hand_a_lone_and_a_tied_high() -> None:
    # 4.55 (VARIANTS.md's hand): high 228, low 227 tied by two: 113 each, the cent to high, 229.
    paid = _low_leftover_to_high(_pot(("UTG",), ("Dealer", "UTG+9"), 455), 1)
    assert paid.shares == {"UTG": 229, "Dealer": 113, "UTG+9": 113}
    assert paid.high.shares == {"UTG": 229} and paid.low.shares == {"Dealer": 113, "UTG+9": 113}
    # A tied high: the low's leftover joins the high half, divided as §4.4 divides it (114 + 1 = 115:
    # 58 to the first from the button, 57), the low's 113 split 56 and 56.
    paid = _low_leftover_to_high(_pot(("A", "B"), ("C", "D"), 227), 1)
    assert paid.high.shares == {"A": 58, "B": 57} and paid.low.shares == {"C": 56, "D": 56}
    assert sum(paid.shares.values()) == 227
    # An even low, a lone low winner, a scoop: as RULES pays them.
    for pot in (_pot(("A",), ("C", "D"), 228), _pot(("A",), ("C",), 227)):
        assert _low_leftover_to_high(pot, 1) == pot
    # In units of 5: 45 units, low 22 tied by three: 7 each, one leftover unit (5 chips) to high.
    paid = _low_leftover_to_high(
        _pot(("A",), ("C", "D", "E"), 45)
        ._replace(amount=225)
        ._replace(
            high=Half(115, ("A",), "h", {"A": 115}),
            low=Half(110, ("C", "D", "E"), "l", {"C": 40, "D": 35, "E": 35}),
            shares={"A": 115, "C": 40, "D": 35, "E": 35},
        ),
        5,
    )
    assert paid.shares == {"A": 120, "C": 35, "D": 35, "E": 35}


def test_summary_counts_each_kind_apart(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["check", "--summary", str(TAMPERED)])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[-2:] == [
        "  differing from RULES.md: 1 odd chips only, 1 payout, 1 site's own lines "
        "(1 OK: a site's own odd-chip practice)",
        "    Bovada / Ignition  1 odd chips only, 1 payout, 1 site's own lines "
        "(1 OK: a site's own odd-chip practice)",
    ]
    assert lines[-4].split() == ["by", "site", "OK", "MISMATCH", "NOT", "CHECKABLE", "bad"]
    assert lines[-3].split()[-4:] == ["1", "2", "0", "0"]
    strict = runner.invoke(main, ["check", "--summary", "--rules", "strict", str(TAMPERED)])
    assert strict.stderr.splitlines()[-2] == (
        "  differing from RULES.md: 1 odd chips only, 1 payout, 1 site's own lines"
    )
    checked = hilo_cli.check_history(TAMPERED, rules="strict")
    assert [row["check"]["kind"] for row in checked] == ["payout", "odd-chips", "site"]
    assert checked.summary["kinds"] == {"odd_chips": 1, "payout": 1, "site": 1, "house": 0}
    assert checked.summary["mismatch"] == 3
    house_run = hilo_cli.check_history(TAMPERED)
    assert [row["check"]["verdict"] for row in house_run] == ["MISMATCH", "OK", "MISMATCH"]
    assert house_run.summary["kinds"] == {"odd_chips": 1, "payout": 1, "site": 1, "house": 1}
    with pytest.raises(hilo_cli.HiloError, match="rules must be 'house' or 'strict'"):
        hilo_cli.check_history(TAMPERED, rules="lax")


def test_a_run_with_nothing_differing_has_no_line_of_kinds() -> None:
    result = CliRunner().invoke(
        main, ["check", "--summary", str(TEST_DATA / "bovada" / "split.txt")]
    )
    assert result.exit_code == 0
    assert "differing from RULES.md" not in result.stderr
    assert result.stderr.splitlines()[-2].split() == [  # the table as before, nothing after it
        "by",
        "site",
        "OK",
        "MISMATCH",
        "NOT",
        "CHECKABLE",
        "bad",
    ]


@pytest.mark.parametrize("rules", ["house", "strict"])
def test_jobs_do_not_change_the_verdicts(rules: str) -> None:
    one = CliRunner().invoke(main, ["check", "--rules", rules, str(TAMPERED)])
    two = CliRunner().invoke(main, ["check", "--rules", rules, "--jobs", "2", str(TAMPERED)])
    assert one.stdout == two.stdout and one.exit_code == two.exit_code == 1


def test_csv_names_the_kind_in_its_last_column_every_row_as_wide_as_the_header() -> None:
    import csv
    import io

    from hilo_cli.formats.check_out import CSV_COLUMNS

    result = CliRunner().invoke(main, ["check", "--format", "csv", str(TAMPERED)])
    header, *rows = list(csv.reader(io.StringIO(result.stdout)))
    assert tuple(header) == CSV_COLUMNS and header[-1] == "kind"
    assert all(len(row) == len(header) for row in rows)
    assert {(row[1], row[-1]) for row in rows} == {
        ("2001", "payout"),
        ("2002", "odd-chips"),
        ("2003", "site"),
    }


_SEATS = re.compile(r"(?:^Seat \d+: .*in chips\)\n)+", re.MULTILINE)
_DEALT = re.compile(r"^(.* : Card dealt to a spot \[)([^\]\n]*)\]$", re.MULTILINE)


def _reordered(text: str, rng: random.Random) -> str:
    """Each hand's seat lines in another order, and each player's dealt cards."""

    def seats(m: re.Match[str]) -> str:
        lines = m.group(0).splitlines(keepends=True)
        rng.shuffle(lines)
        return "".join(lines)

    def cards(m: re.Match[str]) -> str:
        found = m.group(2).split()
        rng.shuffle(found)
        return f"{m.group(1)}{' '.join(found)}]"

    return _DEALT.sub(cards, _SEATS.sub(seats, text))


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["house", "strict"]))
def test_cards_speak_the_practice_whatever_the_order_of_seats_and_cards(
    rng: random.Random, rules: str
) -> None:
    text = TAMPERED.read_text()
    moved = _reordered(text, rng)
    _, before, _ = _json("--rules", rules, str(TAMPERED))
    result = CliRunner().invoke(
        main, ["check", "--format", "json", "--rules", rules, "-"], input=moved
    )
    after = [json.loads(line)["check"] for line in result.stdout.splitlines()]
    keys = ("verdict", "kind", "practice", "rake")
    assert [{k: c[k] for k in keys} for c in after] == [
        {k: row["check"][k] for k in keys}  # type: ignore[index]
        for row in before
    ]


def test_the_reorder_moves_something() -> None:
    text = TAMPERED.read_text()
    assert any(_reordered(text, random.Random(seed)) != text for seed in range(5))
