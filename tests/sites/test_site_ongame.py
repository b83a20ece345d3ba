"""``hilo check`` on OnGame histories (issue 18): the project's own files in OnGame's format, the shared
real files (skipped when ../shared is absent), and order invariance.

OnGame prints each pot before rake with its winners, tagged High/Low where the pot was split ("Main pot:
N won by A (x High), B (y Low)"; its 2014 cash files give totals untagged), then "Rake taken: $x", and the
cards shown only in the summary's seat lines. The own files in tests/data/ongame/:

* split ($1/$2 cash): $36 less $1 rake → high $17.50 Ann (three aces), low $17.50 Bob (6-4-3-2-A).
* untagged: the same hand with each winner's total only (checked per pot).
* quartered (chips, 10/20): 171 → high 86 Dee (four kings), low 85 tied by Eve and Fay: 43 Eve (first
  left of the button), 42 Fay.
* side-pot: Gil all in for 60: main pot 180 → 90 Hal, 90 Gil; side pot 200 → 100 Hal, 100 Ida.
* side-pot-rake: the same in dollars with $2 rake, which the site does not place in a pot: the checker
  derives each pot's share ($0.95 and $1.05, RULES §13) and holds the printed rake against what was paid.
* no-showdown: Jo's bet of $5 nobody calls is returned without a line; he wins the pot of $6.50.
* mixed-games: a hold'em hand (not checkable), an Omaha Hi/Lo walk.
* tampered: the split's low paid to the high hand, the quartered low's odd chip to Fay, the side pot's
  low to Hal.
* bad-input: an unreadable line, a hand cut short, a card that is none, stakes that are no amounts.
* variants (issue 28): "posts small & big blind ( $3)" (a dollar dead, two live), "New hand for Ann:
  [..]", "Dee sits out", "bets $14.00 and is all-in": $63, no rake → high $31.50 Ann (three aces), low
  $31.50 Bob (6-4-3-2-A).
* stud (issue 28): 7 Card Stud Hi/Lo $1/$2, ante $0.10: "Ann small bring in $0.50", each street's
  "Dealing to X: [-, -, Kd]" ("-" a card not shown), fifth street's "Ann raises $4 to $5.50" (the "to" is
  Ann's total over the streets: $4 on the street); $11.20 less $0.50 → high $5.35 Bob (kings full), low
  $5.35 Ann (5-4-3-2-A).
"""

from __future__ import annotations

import random
import re

import pytest
from archive_sites import own, records, shared_counts, shuffled, statuses, verdicts
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.checking import check
from hilo_cli.histories import HandText, detect, split

SITE = "ongame"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.txt", [("R5-100000001-1", "ok")]),
        ("variants.txt", [("R5-100000021-1", "ok")]),
        ("stud.txt", [("R5-100000031-1", "ok")]),
        ("untagged.txt", [("R5-100000001-2", "ok")]),
        ("quartered.txt", [("T5-200000001-1", "ok")]),
        ("side-pot.txt", [("T5-200000001-2", "ok")]),
        ("side-pot-rake.txt", [("R5-100000004-1", "ok")]),
        ("no-showdown.txt", [("R5-100000002-1", "ok")]),
        ("mixed-games.txt", [("R5-100000003-1", "not-checkable"), ("R5-100000003-2", "ok")]),
        (
            "tampered.txt",
            [
                ("R5-100000009-1", "mismatch"),
                ("T5-200000009-2", "mismatch"),
                ("T5-200000009-3", "mismatch"),
            ],
        ),
        (
            "bad-input.txt",
            [
                ("R5-100000002-1", "ok"),
                ("R5-100000008-1", "error"),
                ("T5-200000008-2", "error"),
                ("T5-200000008-3", "error"),
                ("R5-100000008-4", "error"),
                ("R5-100000003-2", "ok"),
            ],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_tagged_halves_are_checked_per_half_and_the_rake_comes_off_the_pot() -> None:
    (record,) = records(SITE, text("split.txt"))
    assert record.recorded_halves == ({"high": {"Ann": 1750}, "low": {"Bob": 1750}},)
    assert record.summary is not None and (record.summary.total, record.summary.rake) == (3600, 100)
    assert record.summary.printed == (3500,) and not record.derive_rake
    assert record.currency is not None and record.currency.show(1750) == "$17.50"
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per half"


def test_money_in_euros_or_without_a_sign_is_cents_at_a_real_money_table() -> None:
    euros = text("split.txt").replace("$", "€")
    (record,) = records(SITE, euros)
    assert record.currency is not None and record.currency.show(1750) == "€17.50"
    assert [s for _, s, _ in verdicts(SITE, euros)] == ["ok"]
    plain = text("split.txt").replace("$", "")
    (record,) = records(SITE, plain)
    assert record.summary is not None and (record.summary.total, record.summary.rake) == (3600, 100)
    assert [s for _, s, _ in verdicts(SITE, plain)] == ["ok"]


def test_untagged_totals_are_checked_per_pot() -> None:
    (record,) = records(SITE, text("untagged.txt"))
    assert record.recorded_halves is None and record.recorded_by_pot == (
        {"Ann": 1750, "Bob": 1750},
    )
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per pot"


def test_a_pot_without_tags_beside_a_tagged_one_is_checked_per_pot() -> None:
    hand = text("side-pot.txt").replace(
        "Side pot 1: 200 won by Hal (100 High), Ida (100 Low)",
        "Side pot 1: 200 won by Hal (100), Ida (100)",
    )
    (record,) = records(SITE, hand)
    assert record.recorded_halves is None and record.recorded_by_pot == (
        {"Hal": 90, "Gil": 90},
        {"Hal": 100, "Ida": 100},
    )
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per pot"


def test_a_cash_hand_without_its_rake_line_has_its_rake_derived() -> None:
    (record,) = records(SITE, text("split.txt").replace("Rake taken: $1\n", ""))
    assert record.derive_rake and record.summary is None
    assert [s for _, s, _ in verdicts(SITE, text("split.txt").replace("Rake taken: $1\n", ""))] == [
        "ok"
    ]


def test_side_pots_are_read_with_their_halves() -> None:
    (record,) = records(SITE, text("side-pot.txt"))
    assert record.recorded_halves == (
        {"high": {"Hal": 90}, "low": {"Gil": 90}},
        {"high": {"Hal": 100}, "low": {"Ida": 100}},
    )
    assert record.summary is not None and record.summary.printed == (180, 200)


def test_a_player_at_the_showdown_without_cards_printed_mucked() -> None:
    hand = text("quartered.txt").replace(
        "Seat 5: Fay (985), net: -15, [As, 3d, 9c, 9h] (TWO_PAIR KING, NINE)",
        "Seat 5: Fay (985), net: -15",
    )
    (record,) = records(SITE, hand)
    assert record.hand is not None and [
        a.actor for a in record.hand.actions if a.kind == "muck"
    ] == ["Fay"]
    _, verdict = check(record)
    assert verdict.status == "mismatch"  # Eve's low is now alone: 85 to her, not 43


def test_an_all_in_player_not_shown_is_turned_face_up_from_the_cards_dealt() -> None:
    hand = text("side-pot.txt").replace(
        "Seat 1: Gil (90), net: +30, [Ah, 3h, Ts, Td] (PAIR TEN)", "Seat 1: Gil (90), net: +30"
    )
    (record,) = records(SITE, hand)
    assert record.hand is not None and not [a for a in record.hand.actions if a.kind == "muck"]
    assert statuses(SITE, hand) == [("T5-200000001-2", "ok")]


def test_a_rake_of_several_pots_is_derived_and_held_against_what_was_paid() -> None:
    (record,) = records(SITE, text("side-pot-rake.txt"))
    assert record.derive_rake and record.summary is None and record.site_inconsistency is None
    _, verdict = check(record)
    assert verdict.status == "ok"
    (record,) = records(SITE, text("side-pot-rake.txt").replace("Rake taken: $2", "Rake taken: $3"))
    assert (
        record.site_inconsistency is not None and "the rake was $3.00" in record.site_inconsistency
    )
    _, verdict = check(record)
    assert verdict.status == "mismatch"


def test_detect_claims_ongame_and_no_other_file() -> None:
    assert detect(text("split.txt")) == SITE
    # A byte-order mark is the reading layer's: a file that starts with one is still OnGame's.
    (piece,) = split("t.txt", "\ufeff" + text("quartered.txt"))
    assert isinstance(piece, HandText) and piece.reader == SITE
    assert detect("***** History for the club *****\n") is None
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"
    assert detect(own("cake", "split.txt")) == "cake"


def test_tampered_payouts_name_the_likely_reason() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.txt"))]
    assert "wrong hand" in why[0] and "odd chip" in why[1] and "wrong hand" in why[2]


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.txt")) if s == "error"]
    assert "'Bob juggles 5 chips'" in errors[0] and "cut short" in errors[1] and "'5x'" in errors[2]
    assert "stakes" in errors[3]


def test_every_shared_hand_gets_a_record_and_is_ok() -> None:
    assert shared_counts(SITE) == {
        "hhsmithy-HandActionTests-OmahaHiLo.txt": {"ok": 1},
        "tour-R-186-1481_1.txt": {"ok": 12},
    }


_CARDS = re.compile(r"(^Dealing to [^\[\n]+ \[|net: [^\[\n]*, \[)([^\]]+)\]", re.MULTILINE)
_SEAT = re.compile(r"^Seat \d+: .+ \(\$?[\d,.]+\)$")
OWN = [
    "variants.txt",
    "split.txt",
    "untagged.txt",
    "quartered.txt",
    "side-pot.txt",
    "side-pot-rake.txt",
    "no-showdown.txt",
    "tampered.txt",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    changed = shuffled(original, rng, _CARDS, _SEAT)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_the_variants_post_deal_and_go_all_in_as_the_site_means() -> None:
    (record,) = records(SITE, text("variants.txt"))
    assert record.hand is not None
    dee = [(a.kind, a.amount) for a in record.hand.actions if a.actor == "Dee"]
    assert dee[:2] == [("ante", 100), ("post", 200)]  # the small blind dead, the big one live
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per half"


def test_a_dead_blind_is_in_the_pot_and_no_bet() -> None:
    dead = text("variants.txt").replace(
        "Dee posts small & big blind ( $3)", "Dee posts dead blind ($1)\nDee posts big blind ($2)"
    )
    assert statuses(SITE, dead) == [("R5-100000021-1", "ok")]


def test_a_stud_raise_is_to_the_street_total_and_a_big_bring_in_completes() -> None:
    (record,) = records(SITE, text("stud.txt"))
    assert record.hand is not None
    ann = [(a.kind, a.amount) for a in record.hand.actions if a.actor == "Ann" and a.amount]
    assert ("raise-to", 400) in ann  # "raises $4 to $5.50": $1.50 was hers on the streets before
    big = (
        text("stud.txt")
        .replace("Ann small bring in $0.50\nBob calls $0.50", "Ann big bring in $1\nBob calls $1")
        .replace("Ann raises $4 to $5.50", "Ann raises $4 to $6")
    )
    big = big.replace(
        "$11.20 won by Bob ($5.35 High), Ann ($5.35 Low)",
        "$12.20 won by Bob ($5.85 High), Ann ($5.85 Low)",
    )
    big = big.replace("($49.75), net: -$0.25", "($49.75), net: -$0.25")
    assert statuses(SITE, big) == [("R5-100000031-1", "ok")]


def test_a_stud_card_dealt_to_nobody_seated_is_an_error() -> None:
    bad = text("stud.txt").replace("Dealing to Bob: [9s]", "Dealing to Zed: [9s]")
    assert [s for _, s, _ in verdicts(SITE, bad)] == ["error"]


# A stud player's dealt cards keep their order (the last of third street's is the up card): only the
# summary's cards and the seat lines are written in another order.
_SUMMARY_CARDS = re.compile(r"(net: [^\[\n]*, \[)([^\]]+)\]", re.MULTILINE)


@settings(max_examples=20, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_stud_verdict_does_not_depend_on_the_order_of_the_summary_cards_and_seats(
    rng: random.Random,
) -> None:
    original = text("stud.txt")
    changed = shuffled(original, rng, _SUMMARY_CARDS, _SEAT)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_the_stud_reorder_changes_the_text() -> None:
    original = text("stud.txt")
    assert any(
        shuffled(original, random.Random(n), _SUMMARY_CARDS, _SEAT) != original for n in range(5)
    )


def test_at_equal_blinds_the_first_big_blind_posted_is_the_small_one() -> None:
    """fpdb-3's 2011 $0.50/$0.50 file writes both blinds as "posts big blind ($0.50)"."""
    split = text("split.txt")
    equal = (
        split.replace("OMAHA_HI_LO $1/$2", "OMAHA_HI_LO $2/$2")
        .replace("Ann posts small blind ($1)", "Ann posts big blind ($2)")
        .replace("Bob calls $4.00", "Bob calls $4.00")
    )
    assert "Ann posts big blind ($2)" in equal
    (record,) = records(SITE, equal)
    assert record.hand is not None
    posts = [(a.actor, a.kind, a.amount) for a in record.hand.actions if a.kind == "post"]
    assert posts == [("Ann", "post", 200), ("Bob", "post", 200)]
    assert statuses(SITE, equal) == statuses(SITE, split)
