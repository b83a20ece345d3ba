"""``hilo check`` on PKR histories (issue 18): the project's own files in PKR's format, the shared real
file (skipped when ../shared is absent), and order invariance.

PKR prints no summary: "X wins N with high hand: ...", "ties N with low hand", "wins N from side pot #1
with ...", the pots after each street ("Pot sizes: N", main pot first) and, at cash tables, "Taking Rake
of $1 from pot 1". Calls, bets and raises are written as the player's total in the round. The own files
in tests/data/pkr/:

* split ($1/$2 cash): $36 less $1 rake from pot 1 → high $17.50 Ann (three aces), low $17.50 Bob.
* quartered (chips, 10/20): 171 → high 86 Dee (four kings), low 85 tied ("ties") by Eve and Fay: 43 Eve
  (first left of the button), 42 Fay.
* side-pot: Gil all in for 60: main pot 180 → 90 Hal, 90 Gil; side pot 200 → 100 Hal, 100 Ida (chat, an
  emote and the showdown's "has ..." lines in between).
* side-pot-rake: the same in dollars, $1 rake from each pot: 89.50 and 89.50, 99.50 and 99.50.
* no-showdown: Jo's bet of 100 returned ("Returning 100 to Jo uncalled"), he mucks and wins 130; a
  player joins the table mid-hand.
* mixed-games: a hold'em hand (not checkable), an Omaha Hi/Lo walk.
* tampered: the split's low paid to the high hand, the quartered low's odd chip to Fay, the side pot's
  low to Hal, rake taken from a pot that is not printed.
* bad-input: an unreadable line, a hand cut short, a card that is none, blinds that are no amounts.
* variants (issue 28): "Money Type: Real money"; Cy coming in with "posts $2" (a big blind) and "posts $1
  dead", then "folds and shows [..]": $21 less $1 rake → high $10 Ann (three aces), low $10 Bob.
* variants-fpdb (issue 28, the lines of fpdb-3's files): the split as Omaha high, "Blinds are now
  $1/$2" (no spaces), Cy "(away from table)" in his seat line (dealt no cards), "Cy rebuys $10" in the
  hand and "Bob rebuys $20" after it (no chip of the hand moves), "Ann wins $35 with: Three of a Kind:
  Aces" ($36 less $1 rake); then a hold'em hand (not checkable) with a rebuy after its end.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from archive_sites import own, records, shared_counts, shuffled, statuses, verdicts
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.checking import check
from hilo_cli.cli import main
from hilo_cli.histories import detect

SITE = "pkr"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.txt", [("3000000001", "ok")]),
        ("variants.txt", [("3000000021", "ok")]),
        ("quartered.txt", [("3000000002", "ok")]),
        ("side-pot.txt", [("3000000003", "ok")]),
        ("side-pot-rake.txt", [("3000000007", "ok")]),
        ("no-showdown.txt", [("3000000004", "ok")]),
        ("mixed-games.txt", [("3000000005", "not-checkable"), ("3000000006", "ok")]),
        (
            "tampered.txt",
            [
                ("3000000011", "mismatch"),
                ("3000000012", "mismatch"),
                ("3000000013", "mismatch"),
                ("3000000014", "mismatch"),
            ],
        ),
        (
            "bad-input.txt",
            [
                ("3000000004", "ok"),
                ("3000000021", "error"),
                ("3000000022", "error"),
                ("3000000023", "error"),
                ("3000000024", "error"),
                ("3000000006", "ok"),
            ],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_halves_and_the_rake_of_each_pot() -> None:
    (record,) = records(SITE, text("side-pot-rake.txt"))
    assert record.recorded_halves == (
        {"high": {"Hal": 8950}, "low": {"Gil": 8950}},
        {"high": {"Hal": 9950}, "low": {"Ida": 9950}},
    )
    assert record.summary is not None and (record.summary.total, record.summary.rake) == (
        38000,
        200,
    )
    assert record.summary.printed == (17900, 19900) and not record.derive_rake
    assert record.currency is not None and record.currency.show(8950) == "$89.50"
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per half"


def test_money_in_euros_is_cents_in_euros() -> None:
    euros = text("side-pot-rake.txt").replace("$", "€")
    (record,) = records(SITE, euros)
    assert record.currency is not None and record.currency.show(8950) == "€89.50"
    assert [s for _, s, _ in verdicts(SITE, euros)] == ["ok"]


def test_calls_are_round_totals() -> None:
    (record,) = records(SITE, text("quartered.txt"))
    assert record.hand is not None
    calls = [a.amount for a in record.hand.actions if a.kind == "call"]
    assert calls == [47, 37]  # "Eve calls 57" after her 10, "Fay calls 57" after her 20


def test_the_returned_bet_and_a_lone_winners_muck() -> None:
    (record,) = records(SITE, text("no-showdown.txt"))
    assert record.hand is not None and not [a for a in record.hand.actions if a.kind == "muck"]
    assert record.summary is not None and record.summary.uncalled == {"Jo": 100}
    settlement, _ = check(record)
    assert settlement is not None and {p.name: p.won for p in settlement.players}["Jo"] == 230


def test_detect_claims_pkr_and_no_other_file() -> None:
    assert detect(text("split.txt")) == SITE
    assert detect("Table #12 - notes\nabout a table\n") is None
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"
    assert detect(own("ongame", "split.txt")) == "ongame"


def test_tampered_payouts_name_the_likely_reason() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.txt"))]
    assert "wrong hand" in why[0] and "odd chip" in why[1] and "wrong hand" in why[2]
    assert "pot 3" in why[3]


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.txt")) if s == "error"]
    assert "'Bob juggles 5 chips'" in errors[0] and "cut short" in errors[1] and "'5x'" in errors[2]
    assert "blinds" in errors[3]


def test_a_folder_mixing_sites_reads_each_file_with_its_own_reader(tmp_path: Path) -> None:
    for site, name in (
        ("pkr", "quartered.txt"),
        ("ongame", "quartered.txt"),
        ("pokerstars", "quartered.txt"),
    ):
        (tmp_path / f"{site}.txt").write_text(own(site, name), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--format", "json", str(tmp_path)])
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    found = {Path(r["source"]).stem: (r["id"], r["check"]["verdict"]) for r in rows}
    assert result.exit_code == 0, result.output
    assert found == {
        "pkr": ("3000000002", "OK"),
        "ongame": ("T5-200000001-1", "OK"),
        "pokerstars": (found["pokerstars"][0], "OK"),
    }


def test_every_shared_hand_gets_a_record_and_is_ok() -> None:
    assert shared_counts(SITE) == {"tour-PLO8-USD-MTT-201205.txt": {"ok": 5}}


_BRACKETS = re.compile(r"^(Dealing |.+ shows )((?:\[[^\]]*\])+)(.*)$", re.MULTILINE)
_SEAT = re.compile(r"^Seat \d+: .+ - \$?[\d,.]+$")
OWN = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "side-pot-rake.txt",
    "no-showdown.txt",
    "tampered.txt",
    "variants.txt",
    "variants-fpdb.txt",
]


def _reorder_cards(text: str, rng: random.Random) -> str:
    def reorder(m: re.Match[str]) -> str:
        if m.group(1) == "Dealing " and not m.group(3).startswith(" to "):
            return m.group(0)  # a board: its order is the deal
        cards = re.findall(r"\[[^\]]*\]", m.group(2))
        rng.shuffle(cards)
        return m.group(1) + "".join(cards) + m.group(3)

    return _BRACKETS.sub(reorder, text)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    changed = shuffled(_reorder_cards(original, rng), rng, None, _SEAT)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_a_player_coming_in_posts_a_big_blind_and_a_dead_one() -> None:
    (record,) = records(SITE, text("variants.txt"))
    assert record.hand is not None and record.currency is not None
    cy = [(a.kind, a.amount) for a in record.hand.actions if a.actor == "Cy"]
    assert cy == [("post", 200), ("ante", 100), ("fold", None)]
    assert record.currency.show(2100) == "$21.00"  # "Real money": cents


@pytest.mark.parametrize(
    "old, new",
    [
        (
            "Ida wins 100 from side pot #1 with low hand",
            "Ida ties side pot #1, and wins 100 with low hand",
        ),
        ("Hal wins 90 with high hand", "Hal ties, and wins 90 with high hand"),
    ],
)
def test_each_award_form_reads_as_the_line_it_replaces(old: str, new: str) -> None:
    original = text("side-pot.txt")
    assert old in original
    assert statuses(SITE, original.replace(old, new)) == [("3000000003", "ok")]


def test_an_ante_of_and_a_dead_post_that_is_no_post_are_read_or_refused() -> None:
    original = text("variants.txt")
    antes = (
        original.replace(
            "Bob posts small blind ($1)",
            "Ann posts ante of $1\nBob posts ante of $1\nDee posts ante of $1\nCy posts ante of $1\n"
            "Bob posts small blind ($1)",
        )
        .replace("wins $10 ", "wins $12 ")
        .replace("Pot sizes: $21", "Pot sizes: $25")
    )
    assert statuses(SITE, antes) == [("3000000021", "ok")]
    bad = original.replace("Cy posts $1 dead", "Cy calls $1 dead")
    assert [s for _, s, _ in verdicts(SITE, bad)] == ["error"]


def test_the_lines_of_fpdb3s_files_read() -> None:
    assert statuses(SITE, text("variants-fpdb.txt")) == [
        ("3000000051", "ok"),
        ("3000000052", "not-checkable"),
    ]
    (omaha, _) = records(SITE, text("variants-fpdb.txt"))
    assert omaha.hand is not None and omaha.hand.game.name == "omaha"
    assert omaha.hand.starting_stacks == (20000, 20000)  # Cy, away, plays no part


def test_a_file_that_starts_inside_a_hand_is_one_error_and_the_next_hand_is_read() -> None:
    cut = "Bob wins $35 with: Three of a Kind: Aces\nEnd of Hand #3000000050\n\n"
    found = statuses(SITE, cut + text("split.txt"))
    assert found == [(None, "error"), ("3000000001", "ok")]
    (first, _) = verdicts(SITE, cut + text("split.txt"))
    assert first[2].startswith("the file starts inside a hand"), first
