"""``hilo check`` on KingsClub histories (issue 18): the project's own files in KingsClub's format, the
shared real files (skipped when ../shared is absent), and order invariance.

KingsClub writes one total per player ("X wins (1.90) from pot"; stud "wins pot (659)"), calls, bets and
raises as street totals, "Rake N" with no total pot, no currency sign, and a hand run twice as "*** BOARD 1
- RIVER ***" / "*** BOARD 2 - RIVER *** [- - - Qd] [Jd]" (RULES §12). The check is of each player's total;
the rake is derived (RULES §13), and a printed rake or a summary stack that disagrees with the lines is the
site's own inconsistency. The own files in tests/data/kingsclub/ (2/4 limit, blinds 1/2; Big O 1/2 pot
limit):

* split: 4, rake 0.20 → high 1.90 Bob (three kings), low 1.90 Ann (7-4-3-2-A).
* quartered: 6, rake 0.30 → high 2.85 Ann, low 2.85 tied: 1.43 Bob (first left of the button), 1.42 Cy.
* side-pot: Cy all in for 4: Ann 7.60 (both lows), Bob 1.90 (the side pot's high), Cy 5.70 (the main
  pot's high); rake 0.80.
* no-showdown: Ann raises to 4, both fold: 2 uncalled, she wins 5.
* run-twice: Big O, all in on the flop for 36, rake 1: run 1 high Ann, low Bob (8.75 each); run 2 Bob's
  flush, no low (17.50).
* stud: 7 Card Stud Hi-Lo, 33 with rake 1: high Bob (kings and nines), low Ann (7-4-3-2-A), 16 each; the
  first three cards before any street line, then "*** 3RD STREET ***" deals the fourth card, and so on.
* mixed-games: a hold'em hand (not checkable), an Omaha Hi-Lo split.
* tampered: the split's low to Bob; the quartered low's odd cent to Cy; the run twice split evenly; a
  summary stack one more than the lines leave; a rake line of 0.50 where 0.20 was kept; a summary line
  whose +0.10 is not its stack's -0.10.
* bad-input: an unreadable action, a hand cut short, a card that is none, a stack that is no amount.
* variants (issue 28): "Table ID '..' 6-max Seat #1 is the button"; "Dee: posts blind 3" (both blinds,
  1 dead), "raises 2 to 4", "folds (disconnect)", "calls 2 (disconnect)", "sits out": 19 → 9.50 Ann
  (three kings), 9.50 Cy (7-5-3-2-A). Then "Table 'T123 [4]'", "straddles 4", "raises 18 to 24",
  "Uncalled bet (18) returned to Ann", "wins (24)" and a bounty line: Ann wins the pot of 24.
* all-in-river (issue 28): both all in before the flop, and no flop or turn line: "*** RIVER *** [2c 5d
  7h Kd] [Qs]" deals the whole board; 20 → 10 Ann (three kings), 10 Bob (7-5-3-2-A).
* stp (issue 28): the split hand with "STP added: 10" after the blinds (the house's chips, in the main
  pot): 4 put in and 10 added, rake 0.20 → 6.90 Bob (high), 6.90 Ann (low), stacks 104.90, +4.90 each.
  Then "STP added: $5.50" in the summary of a hand Ann wins without a showdown: 2 uncalled, 4 + 5.50 =
  9.50 won. stp-tampered: the first hand with the house's 10 paid to Bob alone (1.90 Ann, 11.90 Bob).
* lone-side-pot (issue 28): Bob all in for 0.50 under Cy's small blind of 1, Cy folds: main pot 1.50
  (Bob scoops: a six-high straight, 6-5-3-2-A), side pot 1 of 1.00 (Cy's 0.50 and Ann's) that only Ann
  is left in, and her 1 uncalled. The site writes no award line for the side pot, as for the uncalled
  bet; her summary stack, 50 (the 50 she sat with: 2 in, 1 + 1 back), says it was paid.
* two-boards (issue 28): "Limit Omaha" with "*** BOARD 1 - FLOP *** [Tc Qd 3s]" and "*** BOARD 2 - FLOP
  ***" before the flop's bets, no one all in: double-board Omaha, bet street by street, not a hand run
  twice: not checkable, saying so.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from archive_sites import own, records, shared_counts, shuffled, statuses, verdicts
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.cards import parse_cards
from hilo_cli.checking import check
from hilo_cli.cli import main
from hilo_cli.histories import detect

SITE = "kingsclub"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.txt", [("2001", "ok")]),
        ("quartered.txt", [("2002", "ok")]),
        ("side-pot.txt", [("2003", "ok")]),
        ("no-showdown.txt", [("2004", "ok")]),
        ("run-twice.txt", [("2005", "ok")]),
        ("stud.txt", [("2008", "ok")]),
        ("variants.txt", [("2101", "ok"), ("2102", "ok")]),
        ("all-in-river.txt", [("2201", "ok")]),
        ("lone-side-pot.txt", [("2401", "ok")]),
        ("two-boards.txt", [("2501", "not-checkable")]),
        ("stp.txt", [("2301", "ok"), ("2302", "ok")]),
        ("stp-tampered.txt", [("2303", "mismatch")]),
        ("mixed-games.txt", [("2006", "not-checkable"), ("2007", "ok")]),
        (
            "tampered.txt",
            [
                ("2011", "mismatch"),
                ("2012", "mismatch"),
                ("2013", "mismatch"),
                ("2014", "mismatch"),
                ("2015", "mismatch"),
                ("2016", "mismatch"),
            ],
        ),
        (
            "bad-input.txt",
            [
                ("2004", "ok"),
                ("2021", "error"),
                ("2022", "error"),
                ("2023", "error"),
                ("2024", "error"),
                ("2007", "ok"),
            ],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_one_total_per_player_in_cents_without_a_sign() -> None:
    (record,) = records(SITE, text("quartered.txt"))
    assert record.summary is None and record.derive_rake and record.site_inconsistency is None
    assert record.recorded_by_pot is None and record.recorded_halves is None
    assert record.recorded_won == {"Ann": 285, "Bob": 143, "Cy": 142}
    assert record.currency is not None and record.currency.show(88848) == "888.48"
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per player"


def test_a_hand_run_twice_is_settled_on_both_boards() -> None:
    (record,) = records(SITE, text("run-twice.txt"))
    assert record.boards == (parse_cards("2h 7h Td Ks 4d"), parse_cards("2h 7h Td Qd Jd"))
    settlement, verdict = check(record)
    assert verdict.status == "ok"
    assert settlement is not None and {p.name: p.won for p in settlement.players} == {
        "Ann": 875,
        "Bob": 2625,
    }


def test_a_run_written_street_by_street_has_the_same_boards() -> None:
    by_street = (
        text("run-twice.txt")
        .replace(
            "*** BOARD 1 - RIVER *** [2h 7h Td Ks] [4d]",
            "*** BOARD 1 - TURN *** [2h 7h Td] [Ks]\n*** BOARD 1 - RIVER *** [2h 7h Td Ks] [4d]",
        )
        .replace(
            "*** BOARD 2 - RIVER *** [- - - Qd] [Jd]",
            "*** BOARD 2 - TURN *** [- - -] [Qd]\n*** BOARD 2 - RIVER *** [- - - Qd] [Jd]",
        )
    )
    (record,) = records(SITE, by_street)
    assert record.error is None  # was: "cannot read the board of a run" at the second line of a run
    assert record.boards == (parse_cards("2h 7h Td Ks 4d"), parse_cards("2h 7h Td Qd Jd"))
    assert [s for _, s, _ in verdicts(SITE, by_street)] == ["ok"]


def test_street_totals_are_replayed_as_what_each_action_adds() -> None:
    (record,) = records(SITE, text("split.txt"))
    assert record.hand is not None
    calls = [a.amount for a in record.hand.actions if a.kind == "call"]
    assert calls == [100]  # "Bob calls 2" after his small blind of 1: he adds 1


def test_a_stud_street_line_deals_the_next_card() -> None:
    (record,) = records(SITE, text("stud.txt"))
    assert record.hand is not None
    dealt = [a.cards for a in record.hand.actions if a.kind == "deal-hole" and a.actor == "Bob"]
    assert [len(c) for c in dealt] == [3, 1, 1, 1, 1]
    assert (
        dealt[0][2] == parse_cards("Kd")[0]
        and dealt[1] == parse_cards("Kc")
        and dealt[4] == (None,)
    )
    assert record.hand.bring_in == 100


def test_tampered_payouts_and_the_sites_own_disagreements() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.txt"))]
    assert "wrong hand" in why[0] and "odd chip" in why[1] and "wrong hand" in why[2]
    assert (
        "Bob's stack after the hand is 100.90 in the summary, but the lines leave 99.90" in why[3]
    )
    assert "Rake is 0.50" in why[4]
    assert "Ann's summary line says +0.10, but the stack went from 100.00 to 99.90" in why[5]


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.txt")) if s == "error"]
    assert "'Bob juggles 5 chips'" in errors[0] and "cut short" in errors[1] and "'Ax'" in errors[2]
    assert "'Seat 1: Ann (lots)'" in errors[3]


def test_a_show_line_cut_short_is_an_error_not_a_traceback() -> None:
    cut = text("split.txt").replace("Bob shows [Kd Kh Qc Jc]", "Bob shows [Kd K")
    (found,) = verdicts(SITE, cut)
    assert found[1] == "error" and "'Bob shows [Kd K'" in found[2]


def test_detect_finds_a_kingsclub_hand_and_claims_no_other_file() -> None:
    assert detect(text("split.txt")) == SITE
    assert detect("exported by the club\n\n" + text("split.txt")) == SITE
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"
    assert detect("# a comment\n#12: notes about a hand\n") is None


def test_every_shared_hand_gets_a_record_and_is_ok() -> None:
    assert shared_counts(SITE) == {
        "cash-5-Card-PLO8-USD-11-22-202010.quartered.txt": {"ok": 1},  # Big O run twice
        "cash-7-StudHL-USD-40-80-202101.txt": {"ok": 1},
        "cash-LO8-USD-40-80-202101.txt": {"ok": 1},
    }


_CARDS = re.compile(r"(shows \[|^Dealt to [^\[\n]+ \[)([^\]]+)\]", re.MULTILINE)
_SEAT = re.compile(r"^Seat \d+: .+ \([\d,.]+\)(?: [-+][\d,.]+)?$")
# Not stud.txt: where a stud card stands in its bracket says whether it is up (the bring-in is by up cards).
OWN = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "no-showdown.txt",
    "run-twice.txt",
    "tampered.txt",
    "variants.txt",
    "stp.txt",
    "stp-tampered.txt",
    "lone-side-pot.txt",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    changed = shuffled(original, rng, _CARDS, _SEAT)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_the_variants_post_straddle_and_return_as_the_site_means() -> None:
    both, straddled = records(SITE, text("variants.txt"))
    assert both.hand is not None and straddled.hand is not None
    dee = [(a.kind, a.amount) for a in both.hand.actions if a.actor == "Dee" and a.kind != "fold"]
    assert ("ante", 100) in dee and ("post", 200) in dee  # the small blind dead, the big one live
    ann = [(a.kind, a.amount) for a in straddled.hand.actions if a.actor == "Ann"]
    assert ann[0] == ("raise-to", 400)  # the straddle: a blind raise to 4 before the cards
    assert both.recorded_won == {"Ann": 950, "Cy": 950}


@pytest.mark.parametrize(
    "old, new",
    [
        ("Ann wins (7.60) from pot", "Ann wins pot (7.60)"),
        ("Bob wins (1.90) from pot", "Bob wins side pot 1 (1.90)"),
        ("Cy wins (5.70) from pot", "Cy wins (5.70)"),
        ("Seat 1: Ann (101.60) +1.60", "Seat 1: Ann (101.60) +1.60\nAnn sits out"),
    ],
)
def test_each_award_form_reads_as_the_line_it_replaces(old: str, new: str) -> None:
    original = text("side-pot.txt")
    assert old in original
    assert statuses(SITE, original.replace(old, new)) == [("2003", "ok")]


def test_a_cancelled_or_cashed_out_hand_is_not_checkable() -> None:
    original = text("split.txt")
    cancelled = original.split("*** SUMMARY ***")[0] + "Hand cancelled\n"
    assert [s for _, s, _ in verdicts(SITE, cancelled)] == ["not-checkable"]
    name = re.search(r"^Seat 1: (\S+)", original, re.M)
    assert name is not None
    cashed = original.replace(
        "*** SUMMARY ***", f"{name.group(1)} cashed out the hand\n*** SUMMARY ***"
    )
    ((_, status, why),) = verdicts(SITE, cashed)
    assert status == "not-checkable" and "cashed out the hand" in why


def test_an_uncalled_bet_returned_to_nobody_seated_is_an_error() -> None:
    bad = text("variants.txt").replace("returned to Ann", "returned to Zed")
    assert [s for _, s, _ in verdicts(SITE, bad)] == ["ok", "error"]


def test_a_river_line_after_an_all_in_deals_the_whole_board_and_must_start_with_the_board_so_far() -> (
    None
):
    (record,) = records(SITE, text("all-in-river.txt"))
    assert record.hand is not None
    dealt = [a.cards for a in record.hand.actions if a.kind == "deal-board"]
    assert [[str(c) for c in cards or ()] for cards in dealt] == [["2c", "5d", "7h", "Kd", "Qs"]]
    flopped = text("all-in-river.txt").replace(
        "*** RIVER *** [2c 5d 7h Kd] [Qs]",
        "*** FLOP *** [2c 5d 7h]\n*** RIVER *** [2c 5d 8h Kd] [Qs]",
    )
    ((_, status, why),) = verdicts(SITE, flopped)
    assert status == "error" and "does not repeat the board so far" in why


def test_a_raise_that_reaches_the_cap_and_the_5_card_omaha_name() -> None:
    capped = text("variants.txt").replace(
        "Ann raises 2 to 4", "Ann raises 2 to 4 and has reached the [4] cap"
    )
    assert "cap" in capped and statuses(SITE, capped) == [("2101", "ok"), ("2102", "ok")]
    five = text("split.txt").replace("Limit Omaha Hi-Lo", "Limit Omaha 5 Card", 1)
    assert [s for _, s, w in verdicts(SITE, five)] != [
        "not-checkable"
    ]  # a game hilo plays: replayed


# -- the house's chips (issue 28) ---------------------------------------------------------------------


def test_the_houses_chips_are_the_main_pots_and_no_players() -> None:
    first, second = records(SITE, text("stp.txt"))
    assert first.hand is not None and first.hand.added == 1000
    assert second.hand is not None and second.hand.added == 550
    settlement, verdict = check(first)
    assert verdict.status == "ok" and settlement is not None
    assert [p.amount for p in settlement.pots] == [1380]  # 400 + 1000, less the rake of 20
    assert {p.player.name: p.player.contributed for p in settlement.players} == {
        "Ann": 200,
        "Bob": 200,
    }
    settlement, verdict = check(second)
    assert verdict.status == "ok" and settlement is not None
    assert {p.player.name: p.won for p in settlement.players} == {
        "Ann": 950 + 200,
        "Bob": 0,
    }  # 200 uncalled


def test_the_house_paid_to_one_player_or_left_out_is_a_mismatch() -> None:
    ((_, status, why),) = verdicts(SITE, text("stp-tampered.txt"))
    assert status == "mismatch" and "wrong hand" in why
    # The site pays out only what the players put in: the house's 10 went nowhere.
    kept = text("stp.txt").split("#2302")[0]
    kept = kept.replace("(104.90) +4.90", "(99.90) -0.10").replace("wins (6.90)", "wins (1.90)")
    ((_, status, why),) = verdicts(SITE, kept)
    assert status == "mismatch"
    assert "the site's Rake is 0.20, but it paid 3.80 of the 14.00 put in, the house's 10.00" in why


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("STP added: lots", "cannot read the house's chips in 'STP added: lots'"),
        ("STP added: 10\nSTP added: 10", "a second 'STP added' line"),
    ],
)
def test_an_stp_line_that_does_not_read_or_comes_twice_is_an_error(line: str, error: str) -> None:
    bad = text("stp.txt").replace("STP added: 10", line, 1)
    (_, status, why) = verdicts(SITE, bad)[0]
    assert status == "error" and error in why, why


def test_the_json_of_a_hand_with_the_houses_chips_says_how_many() -> None:
    result = CliRunner().invoke(main, ["check", "--format", "json", "-"], input=text("stp.txt"))
    first, second = (json.loads(line) for line in result.output.splitlines())
    assert (first["house_added"], second["house_added"]) == (1000, 550)
    assert first["pots"][0]["amount"] == 1380 and first["check"]["verdict"] == "OK"
    plain = CliRunner().invoke(main, ["check", "--format", "json", "-"], input=text("split.txt"))
    assert "house_added" not in json.loads(plain.output)


def test_a_side_pot_only_one_player_is_left_in_is_paid_as_the_summary_stack_says() -> None:
    (record,) = records(SITE, text("lone-side-pot.txt"))
    assert record.site_inconsistency is None and record.recorded_won == {"Bob": 150, "Ann": 100}
    settlement, verdict = check(record)
    assert verdict.status == "ok" and settlement is not None
    # A summary stack that does not say so leaves the side pot unpaid: no award is guessed.
    lines = text("lone-side-pot.txt").split("\n")
    lines[15] = lines[15].replace("Ann (50)", "Ann (49)")
    (short,) = records(SITE, "\n".join(lines))
    assert short.recorded_won == {"Bob": 150}
    assert [s for _, s, _ in verdicts(SITE, "\n".join(lines))] == ["mismatch"]


def test_two_boards_bet_street_by_street_are_a_game_hilo_does_not_play() -> None:
    (why,) = [w for _, _, w in verdicts(SITE, text("two-boards.txt"))]
    assert why.endswith("Omaha Limit on two boards is not a game hilo plays")
    # The same board lines after an all in are a hand run twice's: read, not passed over.
    allin = text("two-boards.txt").replace("Cy checks", "Cy raises to 4, and is all in", 1)
    assert [s for _, s, _ in verdicts(SITE, allin)] == ["error"]
