"""``hilo check`` on Entraction histories (issue 18): the project's own files in Entraction's format, the
shared real files (skipped when ../shared is absent), and order invariance.

Entraction writes "X wins: EUR x" once per half with no high/low tag, and "Rake: EUR x" with no total pot:
the check is of each player's total, the rake is derived from the actions and the payout (RULES §13) and a
printed rake that disagrees with them is the site's own inconsistency. The own files in
tests/data/entraction/ (EUR 2.00/4.00 fixed limit, blinds 1.00/2.00):

* split: 4.00, rake 0.20 → high 1.90 Ann (three kings), low 1.90 Bob (7-4-3-2-A).
* quartered: 6.00, rake 0.30 → high 2.85 Ann (four kings), low 2.85 tied by Bob and Cy: 1.43 Bob (first
  left of the button), 1.42 Cy.
* side-pot: Cy all in for 4.00: main pot 12.00 → 5.70 Cy (four queens), 5.70 Ann (low); side pot 4.00
  → 1.90 Bob, 1.90 Ann; rake 0.80 (0.60 and 0.20).
* no-showdown: Ann raises, both fold: 2.00 of hers uncalled, she wins the 5.00 pot, rake 0.00.
* mixed-games: a hold'em hand (not checkable), an Omaha Hi/Lo split.
* tampered: the split's low paid to the high hand, the quartered low's odd cent to Cy, a rake line of
  0.30 where 0.20 was kept, the side pot's low to Bob.
* bad-input: an unreadable action, a hand cut short, a card that is none, stakes that are no amounts.
* variants (issue 28): "and 0.50 ante" in the header, "Ann  Ante (0.50)", "Small + Big Blind: Dee
  (3.00)" (1.00 dead, 2.00 live), "Ann was dealt: Kd - Kh - Qc - Jc", "Bob  All-In (1.50)" (a call short
  of Cy's 2.00 bet); 16.50 put in, no rake: main pot 15.50 → high 7.75 Ann (three kings), low 7.75 Bob
  (7-4-3-2-A); side pot 1.00 → 0.50 Ann, 0.50 Cy (7-6-5-4-2).
* payback (issue 28, Omaha High Pot Limit EUR 0.50/1.00): "Ann  Payback (6.00)", her uncalled flop bet
  back after Dee's "Small + Big Blind" (0.50 of it dead): 16.00 put in, 6.00 back, 9.50 won, rake 0.50;
  "Ann shows: 7c - 6h - 3s - 3c (a straight, Nine high)" and "Ann wins: EUR 4.00 side pot (with a
  straight, Nine high)", "split pot", "main pot": Ann and Cy tie both pots, 4.50 and 4.00 each.
"""

from __future__ import annotations

import random
import re

import pytest
from archive_sites import own, records, shared_counts, shuffled, statuses, verdicts
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.checking import check
from hilo_cli.histories import detect

SITE = "entraction"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.txt", [("1001", "ok")]),
        ("quartered.txt", [("1002", "ok")]),
        ("side-pot.txt", [("1003", "ok")]),
        ("no-showdown.txt", [("1004", "ok")]),
        ("variants.txt", [("1101", "ok")]),
        ("payback.txt", [("1201", "ok"), ("1202", "ok")]),
        ("mixed-games.txt", [("1005", "not-checkable"), ("1006", "ok")]),
        (
            "tampered.txt",
            [
                ("1011", "mismatch"),
                ("1012", "mismatch"),
                ("1013", "mismatch"),
                ("1014", "mismatch"),
            ],
        ),
        (
            "bad-input.txt",
            [
                ("1004", "ok"),
                ("1021", "error"),
                ("1022", "error"),
                ("1023", "error"),
                (None, "error"),
                ("1006", "ok"),
            ],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str | None, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_untagged_halves_are_checked_per_player_with_the_rake_derived_in_euros() -> None:
    (record,) = records(SITE, text("side-pot.txt"))
    assert record.summary is None and record.derive_rake and record.site_inconsistency is None
    assert record.recorded_halves is None and record.recorded_by_pot is None
    assert record.recorded_won == {"Cy": 570, "Ann": 760, "Bob": 190}
    assert record.currency is not None and record.currency.show(159850) == "EUR 1,598.50"
    settlement, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per player"
    assert settlement is not None and sum(settlement.deal.rake) == 80


def test_a_printed_rake_that_is_not_what_was_kept_is_the_sites_inconsistency() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.txt"))]
    assert "wrong hand" in why[0] and "odd chip" in why[1] and "wrong hand" in why[3]
    assert "Rake is EUR 0.30" in why[2] and "EUR 3.80 of the EUR 4.00 put in" in why[2]


def test_the_uncalled_raise_comes_back_and_is_no_rake() -> None:
    (record,) = records(SITE, text("no-showdown.txt"))
    assert record.site_inconsistency is None
    settlement, verdict = check(record)
    assert verdict.status == "ok"
    assert settlement is not None and {p.name: p.won for p in settlement.players}["Ann"] == 700


def test_detect_finds_an_entraction_hand_and_claims_no_other_file() -> None:
    assert detect(text("split.txt")) == SITE
    assert detect("exported by a tracker\n\n" + text("split.txt")) == SITE
    damaged = text("split.txt").replace("Fixed Limit", "Fixed\x07Limit", 1)
    assert (
        detect(damaged) == SITE
    )  # was "not a hand history": a damaged header is still this site's hand
    assert [s for _, s, _ in verdicts(SITE, damaged)] == ["error"]
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"
    assert detect("PokerStars Game #12: Omaha Hi/Lo Limit ($2/$4)\n") != SITE


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.txt")) if s == "error"]
    assert "'Bob                         Juggles'" in errors[0] and "cut short" in errors[1]
    assert "'Ax'" in errors[2] and "Entraction hand header" in errors[3]


def test_every_shared_hand_gets_a_record_and_is_ok() -> None:
    assert shared_counts(SITE) == {
        "hhsmithy-GameTypeTests-FixedLimitOmahaHiLo.txt": {"ok": 1},
        "hhsmithy-PlayerTests-OmahaHiLoShowdown.txt": {"ok": 1},
    }


# No cards in brackets: Entraction writes "Ann shows: 9d - 5d - Ad - 6h", reordered here, not by shuffled.
# The site's words after the cards ("(a straight, Nine high)") stay where they are.
_SHOWS = re.compile(r"^(\S+ shows:\s+)(.+?)( \([a-z][^)]*\))?$", re.MULTILINE)
_SEAT = re.compile(r"^\S.*\((?:EUR )?[\d.,]+ in seat \d+\)$")
OWN = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "no-showdown.txt",
    "tampered.txt",
    "variants.txt",
    "payback.txt",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)

    def reorder(m: re.Match[str]) -> str:
        cards = m.group(2).split(" - ")
        rng.shuffle(cards)
        return m.group(1) + " - ".join(cards) + (m.group(3) or "")

    changed = shuffled(_SHOWS.sub(reorder, original), rng, None, _SEAT)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_the_variants_read_as_the_site_means_them() -> None:
    (record,) = records(SITE, text("variants.txt"))
    assert record.recorded_won == {"Ann": 825, "Bob": 775, "Cy": 50}
    assert record.hand is not None
    settlement, verdict = check(record)
    assert verdict.status == "ok" and settlement is not None
    assert [p.amount for p in settlement.pots] == [1550, 100]


def test_a_blind_out_of_turn_is_a_big_blind_posted() -> None:
    original = text("variants.txt")
    late = original.replace(
        "Small + Big Blind:          Dee         (3.00)",
        "Blind out of turn:          Dee         (2.00)",
    )
    late = late.replace("EUR 7.75", "EUR 7.25")  # the pot holds 1.00 less: 0.50 off each half
    assert statuses(SITE, late) == [("1101", "ok")]


def test_an_all_in_without_an_amount_is_an_error() -> None:
    bad = text("variants.txt").replace("All-In      (1.50)", "All-In      (1.x0)")
    assert [s for _, s, _ in verdicts(SITE, bad)] == ["error"]


def test_a_payback_is_the_uncalled_bet_back_outside_the_pot() -> None:
    first, second = records(SITE, text("payback.txt"))
    assert first.site_inconsistency is None  # 16.00 in, 6.00 back, 9.50 paid: the 0.50 printed
    settlement, verdict = check(first)
    assert verdict.status == "ok" and settlement is not None and sum(settlement.deal.rake) == 50
    # the excess of Ann's 10.00 over Dee's 4.50 is not what came back: Dee's 0.50 is dead
    short = text("payback.txt").replace("EUR 9.50", "EUR 9.00", 1)
    assert "the rake would be EUR 1.00" in (records(SITE, short)[0].site_inconsistency or "")
    less = text("payback.txt").replace("Payback     (6.00)", "Payback     (5.00)", 1)
    assert "the rake would be EUR 1.50" in (records(SITE, less)[0].site_inconsistency or "")
    assert second.recorded_won == {"Ann": 850, "Cy": 850}


def test_the_sites_words_for_a_hand_are_neither_cards_nor_chips() -> None:
    original = text("payback.txt")
    bare = re.sub(
        r" (?:side |split |main )?(?:pot )?\((?:with )?[a-z][^)]*\)$", "", original, flags=re.M
    )
    assert "(a straight" not in bare and "side pot" not in bare
    assert statuses(SITE, bare) == statuses(SITE, original)
    wrong = original.replace("3s - 3c (a straight", "3s - 3x (a straight", 1)
    assert [s for _, s, _ in verdicts(SITE, wrong)] == ["ok", "error"]


def test_the_games_end_line_holds_its_date_and_time_and_nothing_after_them() -> None:
    """``Game ended DATE TIME ZONE`` is passed over; anything after its zone (another file glued on with
    no line end between: chips and cards) is no part of it, and the hand is an error there (the reader
    fuzz found a JSON history glued so, read as nothing)."""
    text = own("entraction", "split.txt")
    ends = re.findall(r"^Game ended .*$", text, re.MULTILINE)
    assert ends
    glued = text.replace(ends[0], ends[0] + '{"history":[{"pot":"6.57"}]}', 1)
    found = records("entraction", glued)
    assert [r.error for r in found if r.error] == [
        "cannot read the line " + repr(ends[0] + '{"history":[{"pot":"6.57"}]}')
    ]
    assert len(found) == len(records("entraction", text))
