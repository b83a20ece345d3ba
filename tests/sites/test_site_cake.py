"""``hilo check`` on Cake Poker histories (issue 18): the project's own files in Cake's format, the shared
real file (skipped when ../shared is absent), and order invariance.

Cake prints no summary ("wins high pot 327", "wins low pot 327 with", "There is no low hand"); these are
tournament chips, so no rake is taken. The own files in tests/data/cake/ (chips, 0/10/20 pot limit):

* split: 1480 → high 740 Ann (aces), low 740 Bob (8-5-4-3-2).
* quartered: 171 → high 86 Dee (four kings), low 85 tied by Eve and Fay: 43 Eve (first left of the
  button), 42 Fay.
* side-pot: Gil all in for 100: main pot 300 → 150 Hal, 150 Gil; side pot 500 → 250 Hal, 250 Ida.
* no-showdown: Jo's 150 returned ("returns uncalled bet"), he mucks and wins the pot of 150.
* mixed-games: a hold'em hand (not checkable), an Omaha Hi/Lo walk.
* tampered: the split's low paid to the high hand, the quartered low's odd chip to Fay, the side pot's
  low to Hal.
* bad-input: an unreadable line, a hand cut short, a card that is none, stakes that are no amounts.
* cash-variants (issue 28): a cash table's header ("Falcon 3 -- $0.10/$0.25 PL Omaha Hi/Lo"), euro
  values after the amounts ("(EUR 0.18)"), "Dee:posts dead blind $0.10 and big blind $0.25", "raises
  $0.75" (to $0.75), "is all in $1.25" (what Cy adds: a bet), then the notes "finished 4 out of 6
  players" and "Player left the table"; 495 put in, no rake: high 248 Ann (three kings), low 247 Cy.
* comma-format (fpdb-3's regression files): each header after a byte-order mark read twice ("ï»¿Hand#"),
  decimal commas ("$0,10/$0,25", "$12,50 in chips", "wins high pot $2,05": 410 put in, 205 a half), a
  seat's "DEALER"; a "$0,05/$0,10 NL Hold'em" hand (not checkable: hilo does not play it); a tournament
  with the ante "-1", thousands after a no-break space ("1 500"), "raises to 1 500, and is all in",
  and its last lines after two blank lines ("Dee finished 1 out of 2 players.", "Player left the table").
"""

from __future__ import annotations

import io
import random
import re

import pytest
from archive_sites import own, records, shared_counts, shuffled, statuses, verdicts
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.checking import check
from hilo_cli.histories import HandText, detect, hands, read_text

SITE = "cake"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.txt", [("AA00000001", "ok")]),
        ("quartered.txt", [("AA00000002", "ok")]),
        ("side-pot.txt", [("AA00000003", "ok")]),
        ("no-showdown.txt", [("AA00000004", "ok")]),
        ("cash-variants.txt", [("CC00000001", "ok")]),
        (
            "comma-format.txt",
            [("CC00000002", "ok"), ("CC00000003", "not-checkable"), ("CC00000004", "ok")],
        ),
        ("mixed-games.txt", [("AA00000005", "not-checkable"), ("AA00000006", "ok")]),
        (
            "tampered.txt",
            [("AA00000011", "mismatch"), ("AA00000012", "mismatch"), ("AA00000013", "mismatch")],
        ),
        (
            "bad-input.txt",
            [
                ("AA00000004", "ok"),
                ("AA00000021", "error"),
                ("AA00000022", "error"),
                ("AA00000023", "error"),
                ("AA00000024", "error"),
                ("AA00000006", "ok"),
            ],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_chips_without_a_summary_are_checked_per_half() -> None:
    (record,) = records(SITE, text("quartered.txt"))
    assert record.summary is None and not record.derive_rake and record.site_inconsistency is None
    assert record.recorded_halves == ({"high": {"Dee": 86}, "low": {"Eve": 43, "Fay": 42}},)
    assert record.currency is not None and record.currency.show(1480) == "1,480"
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per half"


def test_the_returned_bet_and_a_lone_winners_muck() -> None:
    (record,) = records(SITE, text("no-showdown.txt"))
    assert record.hand is not None and not [a for a in record.hand.actions if a.kind == "muck"]
    settlement, _ = check(record)
    assert settlement is not None and {p.name: p.won for p in settlement.players}["Jo"] == 300


def test_detect_finds_a_cake_hand_anywhere_in_the_head_and_claims_no_other_file() -> None:
    assert detect(text("split.txt")) == SITE
    assert (
        detect("exported by a tracker\n\n" + text("split.txt")) == SITE
    )  # was "not a hand history"
    assert detect("Hand #12 - notes about a hand\n") is None
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"


def test_tampered_payouts_name_the_likely_reason() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.txt"))]
    assert "wrong hand" in why[0] and "odd chip" in why[1] and "wrong hand" in why[2]


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.txt")) if s == "error"]
    assert "'Lu: juggles 5 chips'" in errors[0] and "cut short" in errors[1] and "'7x'" in errors[2]
    assert "stakes" in errors[3]


def test_every_shared_hand_gets_a_record_and_is_ok() -> None:
    assert shared_counts(SITE) == {"tour-PLO8-2max-USD-5-201307.txt": {"ok": 2}}


_CARDS = re.compile(r"(shows \[|^Dealt to [^\[\n]+ \[)([^\]]+)\]", re.MULTILINE)
_SEAT = re.compile(r"^Seat \d+: .+ \(\$?[\d,.]+ in chips\)$")
OWN = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "no-showdown.txt",
    "tampered.txt",
    "cash-variants.txt",
    "comma-format.txt",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    changed = shuffled(original, rng, _CARDS, _SEAT)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_the_cash_header_the_dead_and_big_blind_and_an_all_in_read_as_the_site_means() -> None:
    (record,) = records(SITE, text("cash-variants.txt"))
    assert record.hand is not None and record.currency is not None
    assert record.currency.show(495) == "$4.95"
    assert record.recorded_halves == ({"high": {"Ann": 248}, "low": {"Cy": 247}},)
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per half"


@pytest.mark.parametrize(
    "old, new",
    [
        (
            "Bob: posts small blind 10",
            "Bob: posts ante of 5\nAnn: posts ante of 5\nBob: posts small blind 10",
        ),
        ("Ann: calls 40", "Ann: calls 40 (EUR 29)"),
        ("Bob: raises to 600", "Bob: raises 600"),
        ("Bob wins low pot 740 with", "Bob wins low pot 740 with\nBob finished 2 out of 2 players"),
    ],
)
def test_each_line_variant_reads_as_the_line_it_replaces(old: str, new: str) -> None:
    original = text("split.txt")
    assert old in original
    if "ante" in new:  # the antes are in the pot: 745 a half
        original = original.replace("pot 740", "pot 745")
    assert statuses(SITE, original.replace(old, new)) == [("AA00000001", "ok")]


def test_a_dead_and_big_blind_that_does_not_read_is_an_error() -> None:
    bad = text("cash-variants.txt").replace("and big blind $0.25", "and big blind $0.2x")
    ((_, status, why),) = verdicts(SITE, bad)
    assert status == "error" and "Dee:posts dead blind" in why


def test_decimal_commas_and_spaced_thousands_read_as_the_site_means() -> None:
    first, _, tour = records(SITE, text("comma-format.txt"))
    assert first.currency is not None and first.currency.show(410) == "$4.10"
    assert first.recorded_halves == ({"high": {"Ann": 205}, "low": {"Cy": 205}},)
    assert tour.recorded_halves == ({"high": {"Eve": 1500}, "low": {"Dee": 1500}},)


def test_a_hand_of_a_game_hilo_does_not_play_says_which_game() -> None:
    (why,) = [w for _, s, w in verdicts(SITE, text("comma-format.txt")) if s == "not-checkable"]
    assert "Hold'em No Limit" in why


def test_a_cp1252_file_and_a_dollar_table_seen_in_euros() -> None:
    # A euro player's file: the header's stakes in euros (byte 0x80 in cp1252), every amount in dollars.
    hand = text("cash-variants.txt").replace("$0.10/$0.25", "\u20ac0.07/\u20ac0.18")
    hand = hand.replace("($10.00 in chips)", "($10.00 in chips)  (EUR \u20ac7.20)")
    data = hand.encode("cp1252")
    assert b"\x80" in data
    found = [
        r if not isinstance(r, HandText) else read_text(r) for r in hands("f.txt", io.BytesIO(data))
    ]
    (record,) = found
    assert record.error is None and record.currency is not None
    assert record.currency.show(495) == "$4.95"
    assert check(record)[1].status == "ok"


def test_detect_reads_a_header_after_a_byte_order_mark_read_twice() -> None:
    assert detect(text("comma-format.txt")[:200]) == SITE


def test_lines_before_the_first_header_are_one_error_saying_so() -> None:
    # fpdb-3's "trim.hh" file begins inside a hand: its lines up to the first header are no hand.
    cut = "Bob: calls 40\nBob wins pot 80\n" + text("split.txt")
    (first, second) = verdicts(SITE, cut)
    assert first[1] == "error" and "no Cake hand header before it" in first[2]
    assert "'Bob: calls 40'" in first[2] and second[:2] == ("AA00000001", "ok")
