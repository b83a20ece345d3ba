"""``hilo check`` on Full Tilt Poker histories (issue 18): the project's own files in Full Tilt's format, the
shared real files (skipped when ../shared is absent), the table's chip unit, and order invariance.

The own files in tests/data/fulltilt/ were worked out by hand (cents, after rake):

* split: FL $0.50/$1, $6.50 − $0.25 = $6.25, divided in $0.05 (125 units): high 63 units $3.15 to Cy
  (trip kings), low 62 units $3.10 to Ann (7-5-3-2-A). In cents it would be $3.13/$3.12.
* quartered: PL $0.05/$0.10, $2.70 − $0.12 = 258 cents: high 129 Dee (four kings), low 129 tied by Eve
  and Fay (8-4-3-2-A): 65 to Eve (seat 3, first left of the button, seat 1), 64 to Fay.
* side-pot: NL $0.25/$0.50, "Total pot $35 Main pot $15. Side pot $20. | Rake $0.95": Full Tilt prints
  its pots before rake; the main pot pays the rake, 1405 → high 703 Hal (trip nines), low 702 Gil
  (6-4-3-2-A); the side pot 2000 → 1000 Hal, 1000 Ida (6-5-3-2-A).
* no-showdown: $1.80 − $0.05 to Jo plus his $1.80 uncalled; a second hand with no "wins the pot" line
  (the summary's "collected ($0.50)" is all the site says it paid), as in the real 10-Game file.
* mixed-10-game: a 10-Game table's razz and 2-7 triple draw (not checkable) around a Stud H/L hand at
  $2.50/$5: $33.70 − $1.95 = 635 units of $0.05: high 318 ($15.90) Mo, low 317 ($15.85) Oz.
* old-2006: "FullTiltPoker Game #", the stakes before the game, observers' chat, "*** SHOW DOWN ***"
  twice with the lows on lines of their own; $2,000 − $3 at $200/$400, divided in $0.50: $998.50 each.
* tampered: the split with the odd $0.05 paid to low, the quartered low paid whole to Eve, the side
  pot's low paid to Hal.
* bad-input: a line no one can read, a hand cut short, a card that is none, a pot-limit raise over the
  pot, between two good hands.

The line variants (issue 28), in variants.txt: the split at a "Play Chip" table with "(partial)" after the
date, in chips (divided in chips: 313 high Cy, 312 low Ann); the split with notes between the blinds
("sits out", "has requested TIME"); a cancelled hand ("Hand #N has been canceled", its antes returned:
not checkable). variants-run-twice.txt: PL $0.25/$0.50 heads-up, all in on the turn, "Players agree to
Run It Twice", "*** RIVER 1 ***"/"*** RIVER 2 ***", "*** SHOW DOWN 1 ***"/"2", "wins the high pot 1",
"wins pot 2", "*** SUMMARY 1 ***"/"2" with "Pot 1 $19.50": $40 − $1 = 3900, 1950 a run; run 1 high 975
Bob (three kings), low 975 Ann (7-5-3-2-A); run 2 Ann scoops 1950 (a wheel).
variants-archive.txt (issue 28): "FullTiltPoker Game #" with a blank line after the header (the archives),
at a capped table, "$400 Cap Pot Limit Omaha Hi" (no one puts in more than $400 a hand): "Bob raises to
$365, and is capped" and "Dee calls $265, and is capped" put each at $400, all in for the replay; $835 −
$3 to Dee (two pair, aces); "Duration 65s" in the summary. Then a hold'em hand with a blank line between
each of its lines (the 2010-11 exports; not checkable, every line its own), and a walk at "$400 Pot Limit
Omaha Hi" (the cap without the word). The archives' "BEGIN" before the first hand and "********************
# 2 *******************" between hands are no part of one. variants-run-twice-side.txt: PL $1/$2, Ann all in
for $12 preflop, Bob and Cy $20 each: main pot $36, side pot $16; Cy folds the flop, the two left run it
twice: the side pot (Bob's alone, not run) written in the whole hand's summary as "Seat 2: Bob  wins the
side pot ($16)", each run's $17.50 ($36 − $1) in its own: Bob $33.50 (run 1, a flush), Ann $17.50 (run 2).
"""

from __future__ import annotations

import codecs
import random
import re
from pathlib import Path

import pytest
from archive_sites import (
    counts,
    own,
    records,
    shared_files_or_skip,
    shared_verdicts,
    shuffled,
    statuses,
    verdicts,
)
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.checking import check
from hilo_cli.cli import main
from hilo_cli.histories import detect
from hilo_cli.histories.fulltilt import after_rake, read_header, table_cap

SITE = "fulltilt"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.txt", [("40000000001", "ok")]),
        ("quartered.txt", [("40000000002", "ok")]),
        ("side-pot.txt", [("40000000003", "ok")]),
        ("no-showdown.txt", [("40000000004", "ok"), ("40000000005", "ok")]),
        (
            "mixed-10-game.txt",
            [
                ("40000000006", "not-checkable"),
                ("40000000007", "ok"),
                ("40000000008", "not-checkable"),
            ],
        ),
        ("old-2006.txt", [("1000000001", "ok")]),
        ("variants-run-twice-side.txt", [("40000000301", "ok")]),
        (
            "variants-archive.txt",
            [("40000000201", "ok"), ("40000000202", "not-checkable"), ("40000000203", "ok")],
        ),
        (
            "tampered.txt",
            [("40000000011", "mismatch"), ("40000000012", "mismatch"), ("40000000013", "mismatch")],
        ),
        (
            "bad-input.txt",
            [
                ("40000000004", "ok"),
                ("40000000021", "error"),
                ("40000000022", "error"),
                ("40000000023", "error"),
                ("40000000024", "error"),
                ("40000000005", "ok"),
            ],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_the_pot_is_divided_in_the_tables_smallest_unit() -> None:
    # $0.05 at $0.50/$1: the odd unit of 125 is $0.05, not a cent; in cents the site's payout differs.
    (record,) = records(SITE, text("split.txt"))
    assert record.hand is not None and record.hand.chip_unit == 5
    settlement, verdict = check(record)
    assert verdict.status == "ok" and settlement is not None
    assert {p.name: p.won for p in settlement.players} == {"Ann": 310, "Bob": 0, "Cy": 315}
    _, in_cents = check(record._replace(hand=record.hand._replace(chip_unit=1)))
    assert in_cents.status == "mismatch"


@pytest.mark.parametrize(
    "name, unit",
    [
        ("old-2006.txt", 50),  # $200/$400: at most $0.50
        ("quartered.txt", 1),  # $0.05/$0.10: cents
        ("side-pot.txt", 1),  # $0.25/$0.50
        ("mixed-10-game.txt", 5),  # $2.50/$5 would be $0.25, but the antes are $0.40
    ],
)
def test_the_chip_unit_comes_from_the_stakes_and_divides_every_amount(name: str, unit: int) -> None:
    found = {r.hand.chip_unit for r in records(SITE, text(name)) if r.hand is not None}
    assert found == {unit}


def test_pots_printed_before_rake_pay_the_rake_from_the_main_pot_first() -> None:
    assert after_rake([1500, 2000], 95) == [1405, 2000]
    assert after_rake([50, 2000], 95) == [0, 1955]
    (record,) = records(SITE, text("side-pot.txt"))
    assert record.summary is not None and record.summary.printed == (1405, 2000)
    assert record.recorded_halves == (
        {"high": {"Hal": 703}, "low": {"Gil": 702}},
        {"high": {"Hal": 1000}, "low": {"Ida": 1000}},
    )
    assert record.depth == "per half"


def test_a_pot_won_without_an_award_line_is_paid_as_the_summary_says() -> None:
    first, second = records(SITE, text("no-showdown.txt"))
    assert first.recorded_won == {"Jo": 175} and first.site_inconsistency is None
    assert second.recorded_won == {"Lu": 50} and second.site_inconsistency is None


def test_a_lone_winner_who_mucks_keeps_the_pot_and_a_showdown_muck_is_dead() -> None:
    first, _ = records(SITE, text("no-showdown.txt"))
    assert first.hand is not None and not [a for a in first.hand.actions if a.kind == "muck"]
    (stud,) = [r for r in records(SITE, text("mixed-10-game.txt")) if r.hand is not None]
    assert stud.hand is not None and stud.hand.game.name == "stud8"


def test_the_2006_header_observers_and_two_showdown_lines() -> None:
    (record,) = records(SITE, text("old-2006.txt"))
    assert record.id == "1000000001" and record.hand is not None
    assert record.currency is not None and record.currency.show(99850) == "$998.50"
    assert detect(text("old-2006.txt")) == SITE


def test_chat_of_a_player_whose_name_starts_with_another_seated_name_is_chat() -> None:
    seated = "Seat 2: Bob ($15.50)\nSeat 3: Bob Smith ($9), is sitting out"
    chat = text("split.txt").replace("Seat 2: Bob ($15.50)", seated)
    chat = chat.replace(
        "Cy checks\n", "Cy checks\nBob Smith: nice hand\nBob Smith (Observer): hi\n", 1
    )
    assert [s for _, s, _ in verdicts(SITE, chat)] == [
        "ok"
    ]  # was "cannot read the action 'Bob Smith: ...'"


@pytest.mark.parametrize(
    "header, game, mixed",
    [
        ("Table Echo (6 max) (HORSE) - $2.50/$5 - Limit Razz", "Razz", "HORSE"),
        ("Table Echo (6 max) - $2.50/$5 - HORSE (Limit Stud H/L)", "Stud H/L", "HORSE"),
        ("Table Echo (6 max) - $2.50/$5 - 10-Game (Limit Omaha H/L)", "Omaha H/L", "10-Game"),
        ("Table Echo (6 max) - $2.50/$5 - Limit Omaha H/L", "Omaha H/L", None),
    ],
)
def test_a_mixed_tables_game_and_name(header: str, game: str, mixed: str | None) -> None:
    read = read_header(f"Full Tilt Poker Game #1: {header} - 11:00:00 ET - 2011/04/07")
    assert (read.game, read.limit, read.mixed, read.small, read.big) == (
        game,
        "Limit",
        mixed,
        250,
        500,
    )


def test_a_mixed_tables_other_game_is_not_checkable_naming_the_table() -> None:
    razz = text("mixed-10-game.txt").replace(
        "(6 max) - $2.50/$5 Ante $0.40 - Limit Razz",
        "(6 max) - $2.50/$5 Ante $0.40 - HORSE (Limit Razz)",
    )
    assert verdicts(SITE, razz)[0][1:] == (
        "not-checkable",
        "Razz Limit (HORSE table) is not a game hilo plays",
    )


def test_a_utf16_export_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "export.txt"
    path.write_bytes(
        codecs.BOM_UTF16_LE + text("split.txt").replace("\n", "\r\n").encode("utf-16-le")
    )
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0 and result.output.startswith("OK: ")


def test_tampered_payouts_name_the_likely_reason() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.txt"))]
    assert "odd chip" in why[0] and "a tied half paid whole" in why[1] and "wrong hand" in why[2]


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    found = verdicts(SITE, text("bad-input.txt"))
    errors = [w for _, s, w in found if s == "error"]
    assert "cannot read the action 'Lu juggles 5 chips'" in errors[0]
    assert "cut short" in errors[1] and "'7x'" in errors[2] and "pot limit" in errors[3]


def test_a_show_line_without_its_closing_bracket_is_the_hands_error_not_a_crash() -> None:
    broken = text("old-2006.txt").replace("Pia shows [Ks Kd 9c 9h]", "Pia shows [Ks Kd 9c 9h", 1)
    found = verdicts(SITE, broken)
    errors = [w for _, s, w in found if s == "error"]
    assert len(found) == len(verdicts(SITE, text("old-2006.txt")))
    assert errors == [
        "cannot read the cards shown in 'shows [Ks Kd 9c 9h (three of a kind, Kings)'"
    ]


def test_a_seat_number_past_hilos_bounds_is_the_error_of_its_line() -> None:
    broken = text("split.txt").replace("Seat 1: ", "Seat 100000000000000000000: ", 1)
    record = records(SITE, broken)[0]
    assert record.error is not None and "more than hilo counts" in record.error
    assert record.line == 2


def test_the_command_exits_1_on_a_mismatch_and_2_on_bad_input(tmp_path: Path) -> None:
    for name, code in (("tampered.txt", 1), ("bad-input.txt", 2), ("split.txt", 0)):
        path = tmp_path / name
        path.write_text(text(name), encoding="utf-8")
        assert CliRunner().invoke(main, ["check", str(path)]).exit_code == code


# -- the shared real files ---------------------------------------------------------------------------------

# Every hand of every file: its verdicts, counted. The 10-Game file ends in half a UTF-16 character (it
# was cut there): its last hand, a no-limit hold'em hand, is still read (not checkable, as its 62 other
# hands of games hilo does not play), and the stray byte is one error of its own at the file's end.
EXPECTED = {
    "cash-10Game-6max-USD-2.50-5.201104.Sample.txt": {"ok": 21, "not-checkable": 63, "error": 1},
    "cash-LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt": {"ok": 1},
    "hhsmithy-GameTypeTests-FixedLimitOmahaHiLo.txt": {"ok": 1},
    "hhsmithy-GameTypeTests-NoLimitOmahaHiLo.txt": {"ok": 1},
    "hhsmithy-HandActionTests-OmahaHiLo.txt": {"ok": 1},
}


def test_every_shared_hand_gets_a_record_and_every_hand_of_a_game_hilo_plays_is_ok() -> None:
    found = {p.name: shared_verdicts(p) for p in shared_files_or_skip(SITE)}
    assert {name: counts(v) for name, v in found.items()} == EXPECTED
    for name, hands in found.items():
        for id, status, why in hands:
            if status == "not-checkable":
                assert why.endswith("is not a game hilo plays"), (name, id, why)
            if status == "error":
                assert "UTF-16" in why, (name, id, why)


# -- the order seats and cards are written in -------------------------------------------------------------

_CARDS = re.compile(r"(shows \[|showed \[|mucked \[|^Dealt to [^\[\n]+ \[)([^\]]+)\]", re.MULTILINE)
_SEAT = re.compile(r"^Seat \d+: .+ \([$\d.,]+\)(, is sitting out)?$")
OWN = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "mixed-10-game.txt",
    "old-2006.txt",
    "tampered.txt",
    "variants.txt",
    "variants-run-twice.txt",
    "variants-archive.txt",
    "variants-run-twice-side.txt",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    changed = shuffled(original, rng, _CARDS, _SEAT)
    assert statuses(SITE, changed) == statuses(SITE, original)


# -- the line variants (issue 28) ----------------------------------------------------------------------------


def test_the_variants_have_their_verdicts() -> None:
    found = verdicts(SITE, own(SITE, "variants.txt"))
    assert [(id, status) for id, status, _ in found] == [
        ("40000000101", "ok"),
        ("40000000102", "ok"),
        ("40000000103", "not-checkable"),
    ]
    assert found[2][2] == "the hand was cancelled"


def test_headers_of_a_heads_up_match_an_entry_and_a_partial_hand() -> None:
    match = read_header(
        "Full Tilt Poker Game #1: $10 + $1 Heads Up (123456), Match 2 - 10/20 - PL Omaha H/L - "
        "10:00:00 ET - 2013/05/01"
    )
    assert match.tournament and (match.small, match.big) == (10, 20)
    entry = read_header(
        "Full Tilt Poker Game #2: Table Rio Entry #3 (6 max) - $0.05/$0.10 - PL Omaha H/L - "
        "10:00:00 ET - 2013/05/01 (partial)"
    )
    assert not entry.tournament and (entry.game, entry.small, entry.big) == ("Omaha H/L", 5, 10)
    chips = read_header(
        "Full Tilt Poker Game #3: Play Chip Table Rio (6 max) - FL Omaha H/L - 50/100 - 10:00:00 ET"
    )
    assert chips.currency == "" and (chips.small, chips.big) == (50, 100)


def test_both_blinds_an_ante_returned_and_a_draw_line() -> None:
    text = own(SITE, "split.txt")
    both = text.replace(
        "Cy posts the big blind of $0.50\n",
        "Cy posts the big blind of $0.50\nAnn posts small & big blinds [$ 0.75]\n",
    )
    (record,) = records(SITE, both)
    assert record.hand is not None and record.error is None
    assert [(a.actor, a.kind, a.amount) for a in record.hand.actions if a.actor == "Ann"][:2] == [
        ("Ann", "ante", 25),
        ("Ann", "post", 50),
    ]
    returned = text.replace("Ann calls $0.50\n", "Ante of $0.05 returned to Ann\nAnn calls $0.50\n")
    (record,) = records(SITE, returned)
    assert record.not_checkable is not None and "an ante was returned" in record.not_checkable
    drawn = text.replace("Bob folds\n", "Bob folds\nBob stands pat\nBob discards 2 cards\n")
    (record,) = records(SITE, drawn)
    assert record.error is None and record.skipped == 0


def test_a_hand_run_twice_is_checked_run_by_run() -> None:
    text = own(SITE, "variants-run-twice.txt")
    (record,) = records(SITE, text)
    assert [len(b) for b in record.boards] == [5, 5] and record.error is None
    assert statuses(SITE, text) == [("40000000201", "ok")]
    wrong = text.replace("Ann wins pot 2 ($19.50)", "Bob wins pot 2 ($19.50)").replace(
        "and won ($19.50) with a straight", "and lost with a straight"
    )
    assert statuses(SITE, wrong) == [("40000000201", "mismatch")]
    capped = text.replace("Bob calls $6.50", "Bob calls $6.50, and is capped")
    assert capped != text and statuses(SITE, capped) == [("40000000201", "ok")]


def test_a_capped_tables_cap_makes_a_player_at_it_all_in() -> None:
    first = text("variants-archive.txt").splitlines()[1]
    assert table_cap(first, 100) == 40000 and read_header(first).game == "Omaha Hi"
    assert table_cap(first.replace("$400 Cap ", "$400 "), 100) == 40000
    assert table_cap(first.replace("$400 Cap ", ""), 100) is None
    record = records(SITE, text("variants-archive.txt"))[0]
    assert record.hand is not None
    settlement, verdict = check(record)
    assert verdict.status == "ok" and settlement is not None
    assert {p.name: p.won for p in settlement.players if p.won} == {"Dee": 83200}
    # Without the cap in the header, "and is capped" at $400 is no all in: Bob had $2,000.
    uncapped = text("variants-archive.txt").replace("$400 Cap ", "", 1)
    why = verdicts(SITE, uncapped)[0][2]
    assert "all in is a total of 196500" in why


def _double_spaced_holdem() -> str:
    """variants-archive.txt's hold'em hand, its blank line after every line left out."""
    original = text("variants-archive.txt")
    start = original.index("Full Tilt Poker Game #40000000202")
    return original[start : original.index("\n\n\n", start)].replace("\n\n", "\n")


def test_blank_lines_inside_an_archived_or_double_spaced_hand_do_not_end_it() -> None:
    original = text("variants-archive.txt")
    assert [s for _, s, _ in verdicts(SITE, original)] == ["ok", "not-checkable", "ok"]
    # A line after a blank in a hand written without blank lines is no line of the unchecked hand's.
    holdem = _double_spaced_holdem()
    assert holdem.startswith("Full Tilt Poker Game #40000000202") and "\n\n" not in holdem.strip()
    found = [(s, w) for _, s, w in verdicts(SITE, holdem.strip() + "\n\nSeat 3: Zed ($9)\n")]
    assert [s for s, _ in found] == ["error"]
    assert "'Seat 3: Zed ($9)'" in found[0][1] and "ends at the blank line before it" in found[0][1]


def test_the_archives_markers_between_hands_are_no_hand() -> None:
    original = text("variants-archive.txt")
    assert original.startswith("BEGIN\n") and "******************** # 2 ****" in original
    assert len(verdicts(SITE, original)) == 3  # no record for the markers, no error


@pytest.mark.parametrize(
    "stakes, small, big",
    [("500K/1000K", 500_000, 1_000_000), ("50K/100K Ante 10000", 50_000, 100_000)],
)
def test_stakes_in_thousands_are_read(stakes: str, small: int, big: int) -> None:
    header = read_header(
        f"Full Tilt Poker Game #1: Table T (heads up, deep) - {stakes} - No Limit Hold'em - 21:40:27 ET"
    )
    assert (header.small, header.big, header.currency) == (small, big, "")


def test_unreadable_stakes_of_a_game_hilo_does_not_play_leave_it_not_checkable() -> None:
    holdem = _double_spaced_holdem()
    assert holdem.startswith("Full Tilt Poker Game #40000000202")
    odd = holdem.replace("$0.10/$0.20 - No Limit", "No Limit", 1).replace(
        "No Limit Hold'em -", "NL Hold'em - 2B/2B Ante 2B -", 1
    )
    assert "2B/2B Ante 2B" in odd
    assert [s for _, s, _ in verdicts(SITE, odd)] == ["not-checkable"]
    omaha = odd.replace("NL Hold'em", "PL Omaha H/L", 1)
    (why,) = [w for _, s, w in verdicts(SITE, omaha) if s == "error"]
    assert "cannot read the stakes" in why


def test_a_side_pot_not_run_twice_is_won_in_the_whole_hands_summary() -> None:
    (record,) = records(SITE, text("variants-run-twice-side.txt"))
    assert record.site_inconsistency is None
    assert record.recorded_won == {"Bob": 3350, "Ann": 1750}
    settlement, verdict = check(record)
    assert verdict.status == "ok" and settlement is not None
    # The summary's side pot line left out, the site's lines disagree: Bob collected $33.50.
    short = text("variants-run-twice-side.txt").replace(
        "Seat 2: Bob  wins the side pot ($16)\n", ""
    )
    assert "Bob collected $33.50" in (records(SITE, short)[0].site_inconsistency or "")
