"""The rake of a site that prints none (issue 29 item 10): hilo derives it (what was put in and not paid
out, RULES §13), so a lone winner paid one unit short would pass as one unit more rake. Where the site's
rake rule is known (``histories.house``: Bovada's), the derived rake is held against it and the verdict is
OK only if they agree; elsewhere the verdict says the rake was derived and not checked.

The hands are the project's own (tests/data/bovada/no-showdown.txt, tests/data/everleaf/no-showdown.txt),
tampered here."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import TEST_DATA

from hilo_cli.cli import main
from hilo_cli.histories.house import HOUSE, rule_rake

BOVADA = (TEST_DATA / "bovada" / "no-showdown.txt").read_text()
EVERLEAF = (TEST_DATA / "everleaf" / "no-showdown.txt").read_text()


def _check(text: str, *args: str) -> tuple[int, list[dict[str, object]]]:
    result = CliRunner().invoke(main, ["check", "--format", "json", *args, "-"], input=text)
    return result.exit_code, [json.loads(line)["check"] for line in result.stdout.splitlines()]


def _bovada_paid(cents: int) -> str:
    """Bovada's hand 1004 (a $0.75 pot, Dealer alone at the flop, $0.50 uncalled returned) with the winner
    paid ``cents``, in both of the site's lines, so that its own lines agree."""
    paid = f"$0.{cents:02d}"
    assert BOVADA.count("$0.72") == 2
    return BOVADA.replace("$0.72", paid)


def test_bovadas_own_hand_is_ok_and_its_rake_checked() -> None:
    # $0.75: $0.01 for each full $0.20 is $0.03, under the 3-player cap of $1.00 at $0.05/$0.10.
    status, (found,) = _check(BOVADA)
    assert status == 0 and found["verdict"] == "OK"
    assert found["rake"] == {
        "derived": 3,
        "rule": 3,
        "note": "rake derived: $0.03, as Bovada / Ignition's rule gives ($0.01 for each full $0.20 in "
        "the pot, up to a cap by stakes and players)",
    }
    assert found["kind"] is None


def test_a_winner_paid_one_cent_short_at_bovada_is_a_mismatch() -> None:
    status, (found,) = _check(_bovada_paid(71))
    assert status == 1 and found["verdict"] == "MISMATCH" and found["ok"] is False
    assert found["kind"] == "payout"
    assert found["rake"]["derived"] == 4 and found["rake"]["rule"] == 3  # type: ignore[index]
    assert str(found["why"]).startswith(
        "the site prints no rake: $0.04 was not paid out, but Bovada / Ignition's rake rule gives $0.03"
    )
    # The winner is named: recorded $0.71 + $0.50 returned, the pot as the rule rakes it gives $1.22.
    assert found["differences"]["Dealer"]["recorded"] == 121  # type: ignore[index]
    assert found["differences"]["Dealer"]["recomputed"] == 122  # type: ignore[index]


def test_a_winner_paid_one_cent_more_than_the_rule_leaves_is_a_mismatch_too() -> None:
    status, (found,) = _check(_bovada_paid(73))
    assert status == 1 and found["kind"] == "payout"
    assert found["rake"]["derived"] == 2 and found["rake"]["rule"] == 3  # type: ignore[index]


def test_strict_rules_do_not_change_the_rake_check() -> None:
    assert _check(_bovada_paid(71), "--rules", "strict") == _check(_bovada_paid(71))


def test_where_no_rule_is_known_the_verdict_says_derived_not_checked() -> None:
    # Everleaf prints no rake and no rule of its is known: $2.25 put in, Jo paid $2.14 of it (tampered
    # from $2.15). The cent more rake passes, and the verdict says the rake was not checked.
    assert EVERLEAF.count("wins $ 2.15 USD") == 1
    status, found = _check(EVERLEAF.replace("wins $ 2.15 USD", "wins $ 2.14 USD"))
    assert status == 0 and found[0]["verdict"] == "OK"
    assert found[0]["rake"] == {
        "derived": 11,
        "rule": None,
        "note": "rake derived, not checked: $0.11 not paid out (no rake rule of Everleaf is known)",
    }
    assert str(found[0]["why"]).endswith(
        "; rake derived, not checked: $0.11 not paid out (no rake rule of Everleaf is known)"
    )
    text = CliRunner().invoke(main, ["check", "-"], input=EVERLEAF).stdout
    assert (
        "rake derived, not checked: $0.10 not paid out (no rake rule of Everleaf is known)" in text
    )


def test_a_site_that_prints_its_rake_has_no_rake_note() -> None:
    text = (TEST_DATA / "bovada" / "quartered.txt").read_text()  # "Total Pot($1.20) | Rake ($0.06)"
    _, (found,) = _check(text)
    assert found["rake"] is None and found["why"] == (
        "the recorded result is what the cards and the rules give"
    )


def test_bovadas_schedule_by_stakes_and_players() -> None:
    rule = HOUSE["bovada"].rake
    assert rule is not None
    # Pot and no limit up to $0.10/$0.25: $0.50 heads-up, $1.00 at 3-4, $2.00 at 5 or more.
    assert rule_rake(rule, "pot", 10, 2, 1200)[0] == 50
    assert rule_rake(rule, "no", 25, 4, 3000)[0] == 100
    assert rule_rake(rule, "pot", 5, 9, 1999)[0] == 99  # each full $0.20: rounded down
    assert rule_rake(rule, "pot", 5, 9, 6000)[0] == 200
    # Fixed limit up to $1/$2: by stakes alone ($0.40 at $0.25/$0.50); above, by players.
    assert rule_rake(rule, "fixed", 50, 9, 2000)[0] == 40
    assert rule_rake(rule, "fixed", 400, 3, 5000)[0] == 100
    # What the schedule does not give is not known: more players than its rows name, stakes above it.
    assert rule_rake(rule, "pot", 100, 7, 5000)[0] is None
    assert rule_rake(rule, "pot", 5000, 2, 5000)[0] is None
    assert rule_rake(rule, "fixed", 12000, 2, 5000)[0] is None


@pytest.mark.parametrize("cents", [71, 72, 73])
def test_the_rake_note_is_the_same_in_text(cents: int) -> None:
    text = CliRunner().invoke(main, ["check", "-"], input=_bovada_paid(cents)).stdout
    first = text.splitlines()[0]
    if cents == 72:
        assert first.endswith(
            "as Bovada / Ignition's rule gives ($0.01 for each full $0.20 in the pot, "
            "up to a cap by stakes and players)"
        )
    else:
        assert (
            first.startswith("MISMATCH: ")
            and "but Bovada / Ignition's rake rule gives $0.03" in first
        )


def test_more_unpaid_than_a_rake_can_be_is_still_a_pot_never_awarded() -> None:
    # Dealer paid $0.50 of $0.75: no rake takes a third; the reason says so, with no rake note.
    status, (found,) = _check(_bovada_paid(50))
    assert status == 1 and found["kind"] == "payout" and found["rake"] is None
    assert "more than a tenth of the pot unpaid is no rake" in str(found["why"])
