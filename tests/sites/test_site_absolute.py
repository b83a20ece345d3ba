"""``hilo check`` on Absolute Poker / Cereus histories (issue 18): the project's own files in Absolute's
format, the shared real file (skipped when ../shared is absent), and order invariance.

Absolute prints ``X Collects $x from main pot`` (the pot, not the half) and a summary with the halves of
each player (``won Total ($x) HI:($x) LO:($x)``), ``Total Pot($x) | Rake ($x)`` (before rake), and ``H`` for
every card nobody sees. The own files in tests/data/absolute/ (Omaha Hi/Lo, $0.25/$0.50 pot limit):

* split: $7.25, rake $0.35 → high $3.45 Ann (aces), low $3.45 Cy (7-5-4-3-2).
* quartered: $10.50, rake $0.51 → high $5 Ann (four kings), low $4.99 tied by Bob and Cy: $2.50 Bob
  (first left of the button), $2.49 Cy.
* side-pot: Dee all in for $1.75: main pot $5.25, side pot $6 (Eve, Fay); rake $0.45, derived per pot
  ($0.21, $0.24: the summary prints no pot beside its Total) → main $2.52 Dee high, $2.52 Eve low; side
  $2.88 Fay high, $2.88 Eve low. Eve collects from two pots: checked per pot.
* no-showdown: Ann's $3.25 returned ("returned ($3.25) : not called"), she mucks and wins $3.10.
* mixed-games: a hold'em hand (not checkable), an Omaha Hi/Lo walk.
* stud: Seven Card Hi/Lo $0.10/$0.20, $0.56, rake $0.03 → high $0.27 Cy (three nines), low $0.26 Ann
  (7-6-3-2-A) whose last card is ``H``; Bob's folded ``Pocket [H H Kd]`` printed again on 4th street.
* tampered: the split's low paid to the high hand, the quartered low's odd chip to Cy, the side pot's
  low to Fay (summary and collect lines alike).
* bad-input: an unreadable line, a hand cut short, a card that is none, stakes that are no amounts.
* variants (issue 28): the split in upper case ("OMAHA HI/LO  POT LIMIT") with ", $0.05 ante Turbo
  (7-2)" after the stakes, "Seat #1 is the dead dealer", Dee coming in with "Posts dead $0.75 dead
  $0.25" (both: $0.75 in all, $0.25 of it dead) and folding, "Dealt to Ann [..]", "collected Total":
  $8.00 less $0.35 → high $3.83 Ann, low $3.82 Cy.
* horse (issue 28): a HORSE table's hands, each with its game on its second line, ``Game Type: Limit
  Holdem`` (not checkable), ``Limit Omaha Hi/Lo`` (the split at $0.50/$1 fixed limit: $3.25 less
  $0.15 → high $1.55 Ann, low $1.55 Cy), ``Limit Seven Card Hi/Lo`` (the stud hand), ``Limit Razz``
  (not checkable); the header with ``Normal`` and without it.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from archive_sites import (
    own,
    records,
    shared_counts,
    shared_files_or_skip,
    shuffled,
    statuses,
    text_hand,
    verdicts,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.cards import parse_cards
from hilo_cli.checking import check
from hilo_cli.histories import detect
from hilo_cli.histories.absolute import Absolute
from hilo_cli.histories.site import SiteHand

SITE = "absolute"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.txt", [("1300000101", "ok")]),
        ("variants.txt", [("1300000201", "ok")]),
        ("quartered.txt", [("1300000102", "ok")]),
        ("side-pot.txt", [("1300000103", "ok")]),
        ("no-showdown.txt", [("1300000104", "ok")]),
        ("mixed-games.txt", [("1300000105", "not-checkable"), ("1300000106", "ok")]),
        ("stud.txt", [("1300000107", "ok")]),
        (
            "horse.txt",
            [
                ("1300000301", "not-checkable"),
                ("1300000302", "ok"),
                ("1300000303", "ok"),
                ("1300000304", "not-checkable"),
            ],
        ),
        (
            "tampered.txt",
            [("1300000111", "mismatch"), ("1300000112", "mismatch"), ("1300000113", "mismatch")],
        ),
        (
            "bad-input.txt",
            [
                ("1300000104", "ok"),
                ("1300000121", "error"),
                ("1300000122", "error"),
                ("1300000123", "error"),
                ("1300000124", "error"),
                ("1300000106", "ok"),
            ],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_the_summary_halves_are_checked_per_half() -> None:
    (record,) = records(SITE, text("quartered.txt"))
    assert record.site_inconsistency is None and not record.derive_rake
    assert record.recorded_halves == ({"high": {"Ann": 500}, "low": {"Bob": 250, "Cy": 249}},)
    assert record.summary is not None and (record.summary.total, record.summary.rake) == (1050, 51)
    assert record.currency is not None and record.currency.show(1050) == "$10.50"
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per half"


def test_stud_pockets_deal_each_street_its_new_cards_hidden_ones_unknown() -> None:
    (record,) = records(SITE, text("stud.txt"))
    assert record.hand is not None and record.recorded_halves == (
        {"high": {"Cy": 27}, "low": {"Ann": 26}},
    )
    dealt = [(a.actor, a.cards) for a in record.hand.actions if a.kind == "deal-hole"]
    assert [c for p, c in dealt if p == "Bob"] == [
        (None, None, *parse_cards("Kd"))
    ]  # 4th street: nothing new
    ann = [c for p, c in dealt if p == "Ann"]
    assert ann[0] == (None, None, *parse_cards("7c")) and ann[-1] == (None,) and len(ann) == 5


def test_a_player_paid_from_two_pots_is_checked_per_pot_with_the_rake_derived() -> None:
    (record,) = records(SITE, text("side-pot.txt"))
    assert record.recorded_halves is None and record.derive_rake and record.summary is None
    assert record.recorded_by_pot == ({"Dee": 252, "Eve": 252}, {"Fay": 288, "Eve": 288})
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per pot"


def test_a_summary_that_disagrees_with_the_collect_lines_is_a_mismatch() -> None:
    changed = text("split.txt").replace("Cy won Total ($3.45)", "Cy won Total ($3.54)")
    (record,) = records(SITE, changed)
    assert record.site_inconsistency is not None
    assert check(record)[1].status == "mismatch"
    side = text("side-pot.txt").replace("Rake ($0.45)", "Rake ($0.40)")
    (record,) = records(SITE, side)
    assert record.site_inconsistency is not None and "Rake $0.40" in record.site_inconsistency
    assert check(record)[1].status == "mismatch"


def test_the_summary_board_is_held_against_the_board_dealt() -> None:
    changed = text("split.txt").replace("Board: [4d 5h Jc Ks 2s]", "Board: [4d 5h Jc Ks 3s]")
    ((_, status, why),) = verdicts(SITE, changed)
    assert status == "mismatch" and "the summary's board 4d 5h Jc Ks 3s" in why


@pytest.mark.parametrize("cut", ["Rake line", "summary"])
def test_a_hand_without_its_rake_has_it_derived(cut: str) -> None:
    split = text("split.txt")
    changed = (
        split.replace("Total Pot($7.25) | Rake ($0.35)", "Total Pot($7.25)")
        if cut == "Rake line"
        else split.split("*** SUMMARY ***")[0]
    )
    (record,) = records(SITE, changed)
    assert record.derive_rake and record.summary is None and record.site_inconsistency is None
    assert check(record)[1].status == "ok"


def test_the_returned_bet_and_a_lone_winners_muck() -> None:
    (record,) = records(SITE, text("no-showdown.txt"))
    assert record.hand is not None and not [a for a in record.hand.actions if a.kind == "muck"]
    assert record.summary is not None and record.summary.uncalled == {"Ann": 325}
    settlement, _ = check(record)
    won = {p.name: p.won for p in settlement.players} if settlement is not None else {}
    assert won["Ann"] == 310 + 325  # the pot after rake, and her bet back


def test_detect_finds_an_absolute_hand_and_claims_no_other_file() -> None:
    assert detect(text("split.txt")) == SITE
    assert detect("exported by a tracker\n\n" + text("split.txt")) == SITE
    assert detect("Stage #12 of the tournament\n") is None
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"
    assert detect(own("cake", "split.txt")) == "cake"


def test_tampered_payouts_name_the_likely_reason() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.txt"))]
    assert "wrong hand" in why[0] and "odd chip" in why[1] and "wrong hand" in why[2]


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.txt")) if s == "error"]
    assert (
        "'Ann - juggles 5 chips'" in errors[0] and "cut short" in errors[1] and "'1x'" in errors[2]
    )
    assert "stakes" in errors[3] and "'Omaha Hi/Lo  Pot Limit $x/$y - " in errors[3]


@pytest.mark.parametrize(
    "line",
    [
        "Stage #1300000131: " + " " * 20_000 + "x",  # spaces between the game and its limit
        "Stage #1300000132: Omaha Hi/Lo  Pot Limit $0.25/$0.50 - 2009\nTable: "
        + " " * 20_000
        + "x",
        "Stage #1300000133: Omaha Hi/Lo  Pot Limit $0.25/$0.50 - 2009\nSeat 1 - Ann ($20 in chips)\nAnn - Pocket "
        + "[" * 20_000,
    ],
)
def test_a_long_hostile_line_is_one_error_read_in_one_pass(tmp_path: Path, line: str) -> None:
    """The header was read by a pattern that backtracked over the line (2,000 spaces: 18 seconds; 20,000:
    far longer), the others by patterns quadratic in it (2 seconds each). The timeout only guards against
    such a hang."""
    path = tmp_path / "long.txt"
    path.write_text(line + "\n", encoding="utf-8")
    hilo = str(Path(sys.executable).parent / "hilo")
    run = subprocess.run(
        [hilo, "check", "--input-format", SITE, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (
        run.returncode == 2 and len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr
    )


def test_every_shared_hand_gets_a_record_and_is_ok() -> None:
    assert shared_counts(SITE) == {
        "cash-7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt": {"ok": 1}
    }


def test_the_shared_stud_hand_is_checked_per_half_with_hidden_cards() -> None:
    (path,) = shared_files_or_skip(SITE)
    (record,) = records(SITE, path.read_text(encoding="utf-8"))
    assert record.recorded_halves == ({"high": {"PLAYER6": 20}, "low": {"PLAYER3": 19}},)
    assert check(record)[1].depth == "per half"


_CARDS = re.compile(r"(Shows \[)([^\]]+)\]")
_SEAT = re.compile(r"^Seat \d+ - .+ \(\$[\d.,]+ in chips\)$")
OWN = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "no-showdown.txt",
    "stud.txt",
    "tampered.txt",
    "horse.txt",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    changed = shuffled(original, rng, _CARDS, _SEAT)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_the_variants_post_and_deal_as_the_site_means() -> None:
    (record,) = records(SITE, text("variants.txt"))
    assert record.hand is not None
    dee = [(a.kind, a.amount) for a in record.hand.actions if a.actor == "Dee"]
    assert dee[:2] == [("ante", 25), ("post", 50)]
    assert record.recorded_won == {"Ann": 383, "Cy": 382}


@pytest.mark.parametrize(
    "old, new",
    [
        ("Dee - Posts dead $0.75 dead $0.25", "Dee - Posts $0.50 dead $0.25"),
        ("Dee - Posts dead $0.75 dead $0.25", "Dee - Posts dead $0.25 $0.50"),
        (
            "Total Pot($8.00) | Rake ($0.35)",
            "Total Pot($8.00) | Rake ($0.25) | Jackpot Rake ($0.10)",
        ),
        ("OMAHA HI/LO  POT LIMIT", "Tourney ID 77 OMAHA HI/LO Single Tournament POT LIMIT"),
        ("OMAHA HI/LO  POT LIMIT", "OMAHA HI/LO (1 on 1) POT LIMIT"),
    ],
)
def test_each_variant_reads_as_the_line_it_replaces(old: str, new: str) -> None:
    original = text("variants.txt")
    assert old in original
    assert statuses(SITE, original.replace(old, new)) == [("1300000201", "ok")]


def test_a_tournament_header_says_so_and_a_completion_is_to_its_total() -> None:
    named = text("variants.txt").replace(
        "OMAHA HI/LO  POT", "OMAHA HI/LO Multi Normal Tournament POT"
    )
    hand = text_hand(Absolute, "t.txt", 1, named.splitlines())
    assert isinstance(hand, SiteHand)
    assert (hand.header.game, hand.header.limit, hand.header.tournament) == (
        "OMAHA HI/LO",
        "Pot Limit",
        True,
    )
    stud = text("stud.txt").replace(
        "Ann - Calls $0.05", "Ann - Completes to $0.10\nCy - Calls $0.05"
    )
    (record,) = records(SITE, stud)
    assert record.hand is not None
    ann = [(a.kind, a.amount) for a in record.hand.actions if a.actor == "Ann" and a.kind != "ante"]
    assert ann[1] == ("complete", 10)  # to $0.10: what the replay completes to


def test_a_lone_winner_who_does_not_show_keeps_the_pot() -> None:
    text_ = text("no-showdown.txt")
    assert "Ann - Mucks" in text_
    quiet = text_.replace("Ann - Mucks", "Ann - Does not show")
    assert statuses(SITE, quiet) == statuses(SITE, text_)


def test_a_summary_board_without_its_colon_is_the_board() -> None:
    split = text("split.txt")
    assert "Board: [" in split
    assert statuses(SITE, split.replace("Board: [", "Board [")) == statuses(SITE, split)
    wrong = split.replace("Board: [4d 5h Jc Ks 2s]", "Board [4d 5h Jc Ks 3s]")
    assert [s for _, s in statuses(SITE, wrong)] == ["mismatch"]


def test_a_horse_hand_reads_its_game_on_its_second_line() -> None:
    found = verdicts(SITE, text("horse.txt"))
    assert [w for _, s, w in found if s == "not-checkable"] == [
        "Holdem Limit (HORSE table) is not a game hilo plays",
        "Razz Limit (HORSE table) is not a game hilo plays",
    ]
    omaha, stud = (
        r for r in records(SITE, text("horse.txt")) if r.id in ("1300000302", "1300000303")
    )
    assert omaha.hand is not None and omaha.hand.game.name == "omaha8"
    assert omaha.hand.structure == "fixed" and (omaha.hand.small_bet, omaha.hand.big_bet) == (
        50,
        100,
    )
    assert omaha.recorded_halves == ({"high": {"Ann": 155}, "low": {"Cy": 155}},)
    assert stud.hand is not None and stud.hand.game.name == "stud8"
    missing = text("horse.txt").replace("Game Type: Limit Omaha Hi/Lo\n", "")
    assert [s for _, s, _ in verdicts(SITE, missing)][1] == "error"
    assert "is not 'Game Type: Limit GAME'" in verdicts(SITE, missing)[1][2]
