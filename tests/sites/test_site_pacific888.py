"""``hilo check`` on 888 / Pacific hand histories (issue 17): the project's own hands in the site's format,
the shared real files (skipped when ../shared is absent), and a verdict that does not depend on the order
seats and cards are written in.

The own files in tests/data/pacific888/ were worked out by hand (amounts in cents; the site prints no
rake, so the rake is what was put in minus what was paid, RULES §13):

* split: $9.00 put in, $8.55 paid ($0.45 rake): high $4.28 Carol (trip kings), low $4.27 Alice (6-5-4-2-A);
  the odd cent to the high half (RULES §4.3).
* quartered: a practice-money fixed-limit table, 180.00 put in, no rake: high 90 Lee, low tied by Jo and
  Kim, 45 each.
* side-pot: Dan all in for $5: main pot $15 scooped by Dan (wheel straight and wheel), two collect lines
  of $7.50; side pot $20: high $10 Eve, low $10 Fay. No rake.
* no-showdown: a tournament (chips written with ``$``): Gus raises to 600, both fold: pot 500, his 400
  uncalled returned; he collects 500.
* holdem: a game hilo does not play.
* tampered: the split hand with the odd cent paid to the low; the quartered hand with the low paid whole
  to Jo.
* bad-input: a line that cannot be read, a hand cut short, a pot-limit bet over the pot, between good hands.
* newer-*: the newer header (``GAME #N Version: ...``, ``Table Info: Blinds: ...``, ``Table NAME, ID``)
  over the older format's body (issue 28): the split hand in euros (high €4.28 Carol, low €4.27 Alice);
  the same at ``Omaha PL``, high only (Carol's trip kings take €8.55 of €9, €0.45 rake); a hand won
  without a showdown (Alice raises to €3, both fold: she collects the €2.50 pot, her €2 not called
  back); ``Holdem NL``, a game hilo does not play.
* languages (fpdb-3's regression files, issue 28): the split hand as a Dutch client writes it ("$ 0,50",
  "$ 1.050" a thousand and fifty, "$ 552,72"; the ranks H, V, B for K, Q, J); a Swedish client's hand
  ("0,50 $/1 $", no-break spaces, "1 050 $", the ranks Kn, D, E for J, Q, A; a game line with no date):
  Alice raises to 3,50 $, Carol calls, Alice's flop bet of 7,50 $ is not called: she collects 7,13 $ of
  the 7,50 $ pot (her bet apart); a walk with a dead blind ("posts dead blind [$25 + $0]"): Gil collects
  $100, his $25 nobody matched inside it (the pot is $75); a BLAST hold'em hand whose game line reads
  "42.797,60 $/0 $" (not checkable: hilo does not play the game, whatever the stakes say).
"""

from __future__ import annotations

import io
import random
import re

import pytest
from archive_sites import shuffled
from conftest import SHARED_DIR, TEST_DATA, verdict
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli import histories
from hilo_cli.checking import check
from hilo_cli.histories import HandRecord, read
from hilo_cli.histories.base import Currency

DATA = TEST_DATA / "pacific888"
SHARED = SHARED_DIR / "handhistories" / "sites" / "pacific888"
SHARED_FILES = sorted(SHARED.glob("*.txt")) if SHARED.is_dir() else []


def records(text: str, source: str = "t.txt") -> list[HandRecord]:
    return list(read(source, text, "pacific888"))


def verdicts(text: str, source: str = "t.txt") -> list[tuple[str | None, str, str]]:
    return [(r.id, *verdict(r)[::2]) for r in records(text, source)]


def text_of(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["split.txt", "quartered.txt", "side-pot.txt", "no-showdown.txt"])
def test_own_hands_the_site_paid_right_are_ok(name: str) -> None:
    assert [s for _, s, _ in verdicts(text_of(name))] == ["ok"]


def test_detected_by_the_header_and_no_other_reader_claims_it() -> None:
    for name in ("split.txt", "quartered.txt", "no-showdown.txt"):
        assert histories.detect(text_of(name)) == "pacific888"
    assert (
        histories.detect("PokerStars Hand #1: Omaha Hi/Lo Limit ($0.10/$0.20 USD)\n")
        == "pokerstars"
    )
    # PartyPoker writes the same banner without a site name: not 888's (PartyPoker's own reader's).
    assert (
        histories.detect("***** Hand History for Game 123 *****\n$1/$2 USD Hold'em No Limit\n")
        == "partypoker"
    )


def test_a_split_pot_is_checked_half_by_half_after_the_rake_it_took() -> None:
    (record,) = records(text_of("split.txt"))
    assert record.recorded_halves == ({"high": {"Carol": 428}, "low": {"Alice": 427}},)
    assert record.depth == "per half" and record.derive_rake and record.summary is None
    assert record.currency == Currency("$", "", 100, "USD")
    settlement, verdict = check(record)
    assert verdict.status == "ok" and settlement is not None
    assert [p.rake for p in settlement.pots] == [45]


def test_a_quartered_low_on_a_practice_table_is_in_cents_without_a_sign() -> None:
    (record,) = records(text_of("quartered.txt"))
    assert record.recorded_halves == ({"high": {"Lee": 9000}, "low": {"Jo": 4500, "Kim": 4500}},)
    assert record.currency == Currency("", "", 100)
    assert record.hand is not None and record.hand.structure == "fixed"
    assert (record.hand.small_bet, record.hand.big_bet) == (
        3000,
        6000,
    )  # "15/30 Blinds": bets of 30 and 60


def test_side_pots_are_checked_on_the_totals_per_player() -> None:
    # The collect lines name no pot: with an all-in there are several, so only each player's total is known.
    (record,) = records(text_of("side-pot.txt"))
    assert record.recorded_won == {"Dan": 1500, "Eve": 1000, "Fay": 1000}
    assert (
        record.recorded_by_pot is None
        and record.recorded_halves is None
        and record.depth == "per player"
    )
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per player"


def test_tournament_chips_are_written_with_a_dollar_sign_and_are_whole_chips() -> None:
    (record,) = records(text_of("no-showdown.txt"))
    assert record.hand is not None and record.hand.starting_stacks == (1500, 2250, 1250)
    assert record.recorded_won == {"Gus": 500} and record.currency == Currency("$", "", 1)
    assert record.recorded_halves is None  # no showdown: no half is named


def test_a_game_hilo_does_not_play_is_not_checkable() -> None:
    assert verdicts(text_of("holdem.txt")) == [
        ("1000005", "not-checkable", "Holdem No Limit is not a game hilo plays")
    ]


def test_tampered_payouts_are_mismatches() -> None:
    found = verdicts(text_of("tampered.txt"))
    assert [s for _, s, _ in found] == ["mismatch", "mismatch"]
    assert "odd chip" in found[0][2] and "tied half paid whole" in found[1][2]


def test_a_half_paid_to_the_wrong_player_is_a_mismatch_even_when_the_totals_agree() -> None:
    # Carol's trip kings win the high half; the lines say Alice won it and Carol the low: same totals swapped.
    text = (
        text_of("split.txt")
        .replace("(Lo: 2s, 4d, 5h, 6c, Ah)", "(Hi: 9d, 9s, Ks, Jc, 5h)")
        .replace("(Hi: Kd, Kh, Ks, Jc, 5h)", "(Lo: Kd, Kh, Ks, Jc, 5h)")
        .replace(
            "Carol collected [ $4.28 ]\nAlice collected [ $4.27 ]",
            "Alice collected [ $4.28 ]\nCarol collected [ $4.27 ]",
        )
    )
    (record,) = records(text)
    assert record.recorded_halves == ({"high": {"Alice": 428}, "low": {"Carol": 427}},)
    _, verdict = check(record)
    assert verdict.status == "mismatch"


def test_bad_hands_are_errors_at_their_line_and_the_others_are_still_read() -> None:
    found = verdicts(text_of("bad-input.txt"), "bad-input.txt")
    assert [s for _, s, _ in found] == ["ok", "error", "error", "error", "ok"]
    lines = [r.line for r in records(text_of("bad-input.txt"))]
    assert lines[1:4] == [
        54,
        99,
        100,
    ]  # the line that cannot be read; the cut hand; the hand (its bet: 117)
    assert "cannot read the action 'Carol bets three dollars'" in found[1][2]
    assert "hand #1000012 is cut short" in found[2][2]
    assert "pot limit: the most is a bet 300" in found[3][2]


def test_a_seat_number_past_its_bound_is_the_seat_lines_error() -> None:
    text = text_of("split.txt").replace("Seat 2: Bob", "Seat 99999999: Bob")
    (record,) = records(text)
    assert record.line == 8 and record.error is not None and "a seat is 99999999" in record.error


@pytest.mark.parametrize(
    "change, message",
    [
        ("(Lo: 2s, 4d, 5h, 6c, Ah)\n", "follows no shown hand"),
        ("Carol collected [ $4.28 ]", "cannot read the summary line"),
    ],
)
def test_summary_lines_out_of_place_are_errors(change: str, message: str) -> None:
    text = text_of("split.txt")
    if change.startswith("(Lo"):
        text = text.replace("** Summary **\n", "** Summary **\n" + change)
    else:
        text = text.replace(change, "Carol collects everything")
    (found,) = verdicts(text)
    assert found[1] == "error" and message in found[2]


def test_a_player_who_won_both_halves_with_different_amounts_gets_no_half() -> None:
    # Which of Alice's two lines is the high half is not certain: the check falls back to the totals.
    low = "(Lo: 2s, 4d, 5h, 6c, Ah)"
    text = text_of("split.txt").replace(low, low + "\n(Hi: 9d, 9s, Ks, Jc, 5h)")
    text = text.replace("Carol collected [ $4.28 ]", "Alice collected [ $4.28 ]")
    (record,) = records(text)
    assert record.recorded_halves is None and record.recorded_won == {"Alice": 855}


def test_a_fold_before_the_cards_are_dealt_is_a_player_not_dealt_in() -> None:
    text = text_of("split.txt").replace(
        "** Dealing down cards **\n", "Dave folds\n** Dealing down cards **\n"
    )
    text = text.replace(
        "Seat 3: Carol ( $1,234.56 )\n", "Seat 3: Carol ( $1,234.56 )\nSeat 4: Dave ( $10 )\n"
    )
    (record,) = records(text)
    assert record.hand is not None and "Dave" not in record.hand.players
    assert [s for _, s, _ in verdicts(text)] == ["ok"]


# -- the order seats and cards are written in --------------------------------------------------------------

_CARDS = re.compile(r"((?:shows|mucks) \[|^Dealt to [^\[\n]+ \[)( [^\]]+? )\]", re.MULTILINE)
_SEAT = re.compile(r"Seat \d+: ")
OWN = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "no-showdown.txt",
    "tampered.txt",
    "newer-split.txt",
    "newer-omaha.txt",
    "newer-no-showdown.txt",
    "languages.txt",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    text = text_of(name)
    changed = shuffled(text, rng, _CARDS, _SEAT)
    assert [(i, s) for i, s, _ in verdicts(changed)] == [(i, s) for i, s, _ in verdicts(text)]
    assert [r.recorded_halves for r in records(changed)] == [
        r.recorded_halves for r in records(text)
    ]


# -- the shared real files ---------------------------------------------------------------------------------


@pytest.mark.skipif(
    not SHARED_FILES, reason="../shared/handhistories/sites/pacific888 is absent (a user's clone)"
)
def test_every_shared_hand_gets_a_record_and_each_is_ok() -> None:
    counts: dict[str, int] = {}
    for path in SHARED_FILES:
        text = path.read_text(encoding="utf-8-sig")
        headers = len(re.findall(r"^\*{5} .*Hand History for Game \d+", text, re.MULTILINE))
        found = verdicts(text, path.name)
        assert len(found) == headers, path.name
        for hand, status, why in found:
            assert status == "ok", (path.name, hand, why)
            counts[status] = counts.get(status, 0) + 1
    assert counts == {"ok": 3}


@pytest.mark.skipif(
    not SHARED_FILES, reason="../shared/handhistories/sites is absent (a user's clone)"
)
def test_no_other_sites_file_is_taken_for_888() -> None:
    others = [
        p
        for p in sorted(SHARED.parents[1].glob("**/*"))
        if p.is_file() and p.suffix != ".md" and p.parent.name != "pacific888"
    ]
    assert len(others) > 40
    (plugin,) = [p for p in histories.PLUGINS if p.name == "pacific888"]
    for path in others:  # every other site's files, and the PokerStars and PHH ones
        head = path.read_bytes()[: 1 << 16].decode("utf-8", "replace")
        assert plugin.first(head) is None, path


def test_a_raise_that_reaches_the_cap_is_the_raise() -> None:
    """Issue 28: "raises [90] and has reached the 120 cap" (a bet and three raises at 15/30: 120); 450
    put in, no rake: high 225 Lee, low 112.50 each to Jo and Kim."""
    capped = (
        text_of("quartered.txt")
        .replace(
            "Lee bets [30]\nJo calls [30]\nKim calls [30]",
            "Lee bets [30]\nJo raises [60]\nKim raises [90]\n"
            "Lee raises [90] and has reached the 120 cap\nJo calls [60]\nKim calls [30]",
        )
        .replace("Lee collected [ 90 ]", "Lee collected [ 225 ]")
        .replace("Jo collected [ 45 ]", "Jo collected [ 112.50 ]")
        .replace("Kim collected [ 45 ]", "Kim collected [ 112.50 ]")
    )
    assert "cap" in capped and [status for _, status, _ in verdicts(capped)] == ["ok"]


# -- the newer header (issue 28) ---------------------------------------------------------------------------


def test_the_newer_header_reads_over_the_older_body() -> None:
    (split,) = records(text_of("newer-split.txt"))
    assert split.id == "1000101" and split.currency == Currency("€", "", 100, "EUR")
    assert split.recorded_halves == ({"high": {"Carol": 428}, "low": {"Alice": 427}},)
    assert split.hand is not None and split.hand.structure == "pot" and split.hand.big_bet == 100
    assert verdicts(text_of("newer-split.txt"))[0][1] == "ok"
    (omaha,) = records(text_of("newer-omaha.txt"))
    assert omaha.hand is not None and omaha.hand.game.name == "omaha"
    assert (
        omaha.recorded_won == {"Carol": 855} and verdicts(text_of("newer-omaha.txt"))[0][1] == "ok"
    )
    (walk,) = records(text_of("newer-no-showdown.txt"))
    assert walk.recorded_won == {"Alice": 250}
    assert verdicts(text_of("newer-no-showdown.txt"))[0][1] == "ok"
    assert verdicts(text_of("newer-holdem.txt")) == [
        ("1000104", "not-checkable", "Holdem No Limit is not a game hilo plays")
    ]
    for name in ("newer-split.txt", "newer-holdem.txt"):
        assert histories.detect(text_of(name)) == "pacific888"


def test_newer_and_older_hands_in_one_file_are_each_read() -> None:
    text = (
        text_of("split.txt")
        + "\n"
        + text_of("newer-split.txt")
        + "\n"
        + text_of("newer-holdem.txt")
    )
    assert verdicts(text) == [
        ("1000001", "ok", verdicts(text_of("split.txt"))[0][2]),
        ("1000101", "ok", verdicts(text_of("newer-split.txt"))[0][2]),
        ("1000104", "not-checkable", "Holdem No Limit is not a game hilo plays"),
    ]


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("Table Info: Blinds: €0.50/€1", "Table Info: Blinds: €0.25/€0.50", "are not the header's"),
        ("Table Info: Blinds: €0.50/€1", "Table Size 6", "cannot read the table info line"),
        ("Table Testville, 560234179", "Table Testville", "cannot read the table line"),
        ("Omaha Hi/Lo PL €0.50/€1", "Omaha Hi/Lo €0.50/€1", "not an 888 hand header"),
    ],
)
def test_a_newer_header_that_does_not_read_is_the_hands_error(
    old: str, new: str, message: str
) -> None:
    text = text_of("newer-split.txt").replace(old, new)
    (found,) = verdicts(text)
    assert found[1] == "error" and message in found[2]


def test_pokertrackers_export_of_an_ipoker_hand_is_not_888s() -> None:
    # PokerTracker 4 writes iPoker hands under the same first line, its second "Table Size 6": not an
    # 888 hand (fpdb-3's PokerTrackerToFpdb reads those), so the file is not taken for 888's.
    head = (
        "GAME #1000201 Version:24.7.1.16 Uncalled:Y Omaha PL €0.01/€0.02 2024-11-06 23:38:55/GMT\n"
        "Table Size 6\nTable Testville, 560234179\n"
    )
    assert histories.detect(head) is None
    assert histories.header_of(head.splitlines()[0]) == "888 / Pacific"


@pytest.mark.parametrize(
    "game, limit, bets",
    [
        ("Omaha Hi/Lo PL", "Pot Limit", (50, 100)),
        ("Omaha Hi/Lo NL", "No Limit", (50, 100)),
        ("Omaha Hi/Lo FL", "Fix Limit", (100, 200)),  # the blinds of a fixed-limit table: bets 1, 2
        ("OmahaHL PL", "Pot Limit", (50, 100)),
    ],
)
def test_the_newer_headers_limit_words(game: str, limit: str, bets: tuple[int, int]) -> None:
    from hilo_cli.histories.pacific888 import Pacific888

    lines = text_of("newer-split.txt").replace("Omaha Hi/Lo PL", game).splitlines()
    header = Pacific888("t.txt", list(range(1, len(lines) + 1)), lines).header()
    assert (header.game, header.limit, (header.small, header.big)) == (game[:-3], limit, bets)
    assert (header.currency, header.tournament, header.mixed) == ("€", False, None)


# -- the clients in other languages, and the collects that hold a returned bet ------------------------------


def test_the_hands_of_other_languages_read_as_the_site_means() -> None:
    assert [(i, s) for i, s, _ in verdicts(text_of("languages.txt"))] == [
        ("1000011", "ok"),
        ("1000012", "ok"),
        ("1000013", "ok"),
        ("1000014", "not-checkable"),
    ]
    dutch, swedish, walk, _ = records(text_of("languages.txt"))
    english = records(text_of("split.txt"))[0]
    assert dutch.hand is not None and english.hand is not None
    # The same cards and amounts as the English hand (only the lines' words differ), the stacks read.
    assert [(a.kind, a.actor, a.amount, a.cards) for a in dutch.hand.actions] == [
        (a.kind, a.actor, a.amount, a.cards) for a in english.hand.actions
    ]
    assert dutch.hand.starting_stacks == (105000, 4000, 55272)
    assert dutch.recorded_halves == english.recorded_halves
    assert swedish.hand is not None
    dealt = next(a for a in swedish.hand.actions if a.kind == "deal-hole")
    assert " ".join(map(str, dealt.cards)) == "Js Jh Qd Ac"
    assert swedish.hand.starting_stacks == (105000, 4000, 55272)
    assert swedish.recorded_won == {"Alice": 713}
    # The walk: the $25 of Gil's blind nobody matched is returned, the collect's rest is the pot.
    assert walk.recorded_won == {"Gil": 7500}


def test_a_collect_that_is_no_more_than_the_pot_keeps_the_returned_bet_apart() -> None:
    (record,) = records(text_of("no-showdown.txt"))
    assert record.recorded_won == {"Gus": 500}  # 500 of a 500 pot: his 400 returned besides


def test_a_game_line_whose_stakes_do_not_read_is_an_error_in_a_game_hilo_plays() -> None:
    bad = text_of("languages.txt").replace("No Limit Holdem - ***", "Pot Limit Omaha - ***")
    assert verdicts(bad)[3][1] == "error"


def test_an_888_tournament_summary_is_named_for_what_it_is() -> None:
    data = b"***** Cassava Tournament Summary *****\nTournament ID: 1\nBuy-In: $3 + $0.30\n"
    (found,) = histories.hands("s.txt", io.BytesIO(data))
    assert isinstance(found, HandRecord) and found.error is not None
    assert "888 / Pacific tournament summary" in found.error and "not a hand history" in found.error
