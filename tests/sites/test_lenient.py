"""Lenient where no chip moves, strict where one does (issue 28), for every text reader: a line the reader
does not know is skipped where it carries no amount and no card (``text.CARRIES``), and counted in the
record; a line that carries one stays the hand's error; a hand with skipped lines that does not add up by
the site's own totals is an error, not a MISMATCH (``checking.check``).

The hands are the project's own files (Everleaf's split, which prints no summary; Bovada's, which prints
its Total Pot and Rake), with lines put in.
"""

from __future__ import annotations

import json

import pytest
from archive_sites import own, records
from conftest import verdict

from hilo_cli.checking import process
from hilo_cli.histories.text import CARRIES


def everleaf(after: str, *added: str, replace: tuple[str, str] | None = None) -> str:
    """Everleaf's split hand with ``added`` lines after the line ``after`` (and one text replaced)."""
    lines = own("everleaf", "split.txt").splitlines()
    at = lines.index(after) + 1
    text = "\n".join([*lines[:at], *added, *lines[at:]]) + "\n"
    return text.replace(*replace) if replace else text


def bovada(after: str, *added: str, replace: tuple[str, str] | None = None) -> str:
    lines = own("bovada", "split.txt").splitlines()
    at = lines.index(after) + 1
    text = "\n".join([*lines[:at], *added, *lines[at:]]) + "\n"
    return text.replace(*replace) if replace else text


@pytest.mark.parametrize(
    "line, carries",
    [
        ("Dealer : Seat sit out", False),
        ("Bob has timed out", False),
        ("Bob is disconnected", False),
        ("Bob has 15 seconds left to act", False),
        ("Bob is connected (timebank 20 sec)", False),
        ("Seat 3 is sitting out", False),
        ("UTG+1 : Seat sit down", False),
        ("Level 5 begins at 2024-01-01 10:00:00", False),
        ("Bob: bets 100", True),
        ("Bob calls 1,500", True),
        ("Bob wins 3.50€", True),
        ("Bob adds 10 EUR", True),
        ("Table deposit $25", True),
        ("Carol bets three dollars", True),
        ("Bob shows [As Kd]", True),
        ("Bob peeks at As", True),
        ("Bob mucks 10h", True),
        ("Bob is disconnected and ALL IN.", True),
        ("Bob calls", True),
        ("Bob wins the pot", True),
        ("Uncalled bet returned to Bob", True),
    ],
)
def test_a_line_carries_an_amount_or_a_card_by_one_pattern(line: str, carries: bool) -> None:
    assert (CARRIES.search(line) is not None) is carries


def test_lines_that_move_no_chips_are_skipped_and_counted() -> None:
    text = everleaf("Bob folds", "Bob is disconnected", "Bob has timed out", "Bob waves")
    [record] = records("everleaf", text)
    assert verdict(record)[0] == "ok"
    assert record.skipped == 2  # "has timed out" is a note Everleaf knows
    assert record.first_skipped == (21, "Bob is disconnected")
    [plain] = records("everleaf", own("everleaf", "split.txt"))
    assert (plain.skipped, plain.first_skipped) == (0, None)


def test_a_line_with_an_amount_or_a_card_that_does_not_read_stays_an_error() -> None:
    [record] = records("everleaf", everleaf("Bob folds", "Bob juggles 5 chips"))
    assert record.error == "cannot read the action 'Bob juggles 5 chips'"
    [record] = records("everleaf", everleaf("Bob folds", "Bob peeks at Kh"))
    assert record.error == "cannot read the action 'Bob peeks at Kh'"
    # A line of no seated player's, with an amount: the base's own error, as before.
    [record] = records("bovada", bovada("UTG : Folds", "Calls $0.25"))
    assert record.error == "cannot read the line 'Calls $0.25' (no 'PLAYER : ' in front of it)"


def test_a_hand_with_skipped_lines_that_does_not_add_up_is_an_error() -> None:
    # Bovada prints its Total Pot: one that the actions do not make is the site's own inconsistency...
    wrong = ("Total Pot($1.90)", "Total Pot($2.00)")
    [tampered] = records("bovada", bovada("UTG : Folds", replace=wrong))
    assert verdict(tampered)[0] == "mismatch"
    # ... but with a line skipped, the skipped line may be what is missing: an error.
    [skipped] = records("bovada", bovada("UTG : Folds", "UTG : Waves goodbye", replace=wrong))
    status, _, why = verdict(skipped)
    assert status == "error"
    assert why.startswith(
        "skipped 1 line that hilo does not know (the first, line 15: 'UTG : Waves goodbye'), and the "
        "hand does not add up by the site's own totals: the site's own lines disagree: "
    )
    # Everleaf prints no total: what was paid must still be what the pots hold, less the rake.
    more = ("high ($ 4.04 USD)", "high ($ 4.54 USD)")
    [paid] = records("everleaf", everleaf("Bob folds", "Bob waves", replace=more))
    status, _, why = verdict(paid)
    assert (
        status == "error" and "the recorded amounts pay out $0.07 more" in why
    )  # 0.50 less the 0.43 rake
    [unskipped] = records("everleaf", everleaf("Bob folds", replace=more))
    assert verdict(unskipped)[0] == "mismatch"


def test_a_mismatch_that_adds_up_stays_a_mismatch_with_skipped_lines() -> None:
    # The odd cent paid to low instead of high: the totals add up, only who was paid differs.
    odd = everleaf(
        "Bob folds",
        "Bob waves",
        replace=("high ($ 4.04 USD)", "high ($ 4.03 USD)"),
    ).replace("low ($4.03)", "low ($4.04)")
    [record] = records("everleaf", odd)
    assert verdict(record)[0] == "mismatch"


def test_the_report_says_what_was_skipped_in_text_and_json() -> None:
    hostile = "Bob waves \x1b[31mred\u202e"
    [record] = records("everleaf", everleaf("Bob folds", hostile, "Bob is disconnected"))
    text = process(record, "text").output.decode()
    lines = text.splitlines()
    assert lines[0].startswith("OK: ")
    assert lines[1] == (
        "  skipped 2 lines that move no chips and deal no cards (the first, line 21: "
        "'Bob waves \\x1b[31mred\\u202e')"
    )
    found = json.loads(process(record, "json").output)
    assert found["check"]["skipped_lines"] == 2
    assert found["check"]["first_skipped"] == {"line": 21, "text": hostile}
    [plain] = records("everleaf", own("everleaf", "split.txt"))
    found = json.loads(process(plain, "json").output)
    assert (found["check"]["skipped_lines"], found["check"]["first_skipped"]) == (0, None)
    assert "skipped" not in process(plain, "text").output.decode()


def test_a_long_skipped_line_is_quoted_short() -> None:
    [record] = records("everleaf", everleaf("Bob folds", "Bob says " + "la" * 500))
    assert record.first_skipped is not None
    assert record.first_skipped[1].startswith("Bob says lala")
    assert len(record.first_skipped[1]) < 120
