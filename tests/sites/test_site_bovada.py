"""``hilo check`` on Bovada / Ignition hand histories (issue 17): the project's own files in the site's
format, the shared real files (skipped when ../shared is absent), what the reader fills, and a verdict that
does not depend on the order the seats or the cards are written in.

The own files in tests/data/bovada/ were worked out by hand (cents; board 2h 5c 7d Kc Ks or 2c 4d 7h Ks Qs):

* split: $1.90 − $0.09 rake = 181: high 91 Small Blind (three kings), low 90 Dealer (7-5-3-2-A): per half.
* quartered: $1.20 − $0.06 = 114: high 57 Big Blind (three kings); low 57 tied by Dealer and Small Blind,
  29 to Small Blind (first left of the button, seat 1), 28 to Dealer.
* side-pot: Small Blind all in for $1: main pot 300, side pot 200, no rake printed (the site took 15 and
  10): main high 143 Big Blind, low 142 Small Blind; side pot 190 to Big Blind; $2 uncalled returned.
* side-pots: two all-ins at $1 and $1.50 make a main pot 400 and side pots 150 and 100, no rake printed
  (the site took 20, 7 and 5): main high 190 Big Blind, low 190 Small Blind; both side pots Big Blind's.
  "Hand result-Side pot" does not say which side pot: checked on each player's total.
* no-showdown: $0.75 − 3 (not printed) = 72 to Dealer, $0.50 uncalled returned.
* stud: 7 Card Stud Hi/Lo, $2.15 − $0.10 = 205: high 103 Seat+2 [ME] (three kings), low 102 Seat+1.
* holdem: not a game hilo plays.
* tampered: split with the odd cent paid to low; quartered with the low's odd cent paid to high (the
  practice SITES.md observed at Bovada); split with a summary LO that is not the Hand result.
* bad-input: a hand whose call lost its "X : " prefix, an amount that is no amount, a card that is no card,
  a hand cut short, between good hands.

The line variants (issue 28), each hand worked out by hand:

* variants-2022: the 2022 format ("Set dealer [5]", plain "Small Blind $0.10" and "Big blind $0.25"),
  heads-up: $3.50 − $0.15 = 335: high 168 Big Blind (three queens), low 167 Dealer [ME] (8-5-4-2-A);
  "Checks(timeout)", lower-case "bets", "Shows [..] (..)", and a line hilo does not know that moves no
  chips ("Seat timebank on": skipped and counted). A three-handed hand: "raises $0.75 to $0.75",
  "Fold(Blind Disconnected)", "Call $0.50", "Folds(timeout)", $1 returned, $1.60 − $0.05 = 155 to Dealer,
  the summary's "lose with".
* variants-headers: "Bodog.com Hand #C…" with "OMAHA_HL 1 on 1 Pot Limit [MVS]" and "Fold(timeout)" (a
  walk: $0.10 to Big Blind, $0.05 returned); "Ignition Hand #N: Zone Poker ID#875 OMAHA HiLoZonePoker"
  ($1.75 − $0.05 = 170: high 85 Dealer, low 85 Big Blind [ME]); a tournament "#M-123456" whose speed
  ("Normal-") stands where the limit goes (not checkable: no betting structure is named); a tournament
  hand with "All-in(raise-timeout) 170 to 200", "Call 110" and a "BOUNTY PRIZE [$2.50]" (from the prize
  pool, not the pot): 400 to Dealer.
* variants-stud: "7CARD_HL", "Bring in (timeout) $0.10", "Folds(timeout)", "bets", "Double bets",
  "Checks(timeout)", "Shows": $2.25 − $0.10 = 215: high 108 Seat+2 [ME], low 107 Seat+1.
"""

from __future__ import annotations

import random
import re

import pytest
from archive_sites import TextSite, shared_files_or_skip, shuffled
from click.testing import CliRunner
from conftest import SHARED_DIR, TEST_DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.checking import check
from hilo_cli.cli import main
from hilo_cli.histories import detect, read
from hilo_cli.histories.base import Currency
from hilo_cli.histories.bovada import Bovada
from hilo_cli.histories.site import SiteHand

SITE = TextSite("bovada", Bovada)
verdicts, text_of, read_hand, hand_of = SITE.verdicts, SITE.text, SITE.read_hand, SITE.hand


@pytest.mark.parametrize(
    "name, depth",
    [
        ("split.txt", "per half"),
        ("quartered.txt", "per half"),
        ("side-pot.txt", "per pot"),
        ("side-pots.txt", "per player"),
        ("no-showdown.txt", "per pot"),
        ("stud.txt", "per half"),
        ("variants-stud.txt", "per half"),
    ],
)
def test_each_own_hand_is_ok_at_its_depth(name: str, depth: str) -> None:
    ((_, status, found, why),) = verdicts(text_of(name))
    assert (status, found) == ("ok", depth), why


def test_the_halves_are_the_summary_s_and_the_hand_results_its_won() -> None:
    hand = hand_of("quartered.txt")
    assert [(c.player, c.amount, c.half) for c in hand.collects] == [
        ("Dealer", 28, "low"),
        ("Small Blind", 29, "low"),
        ("Big Blind", 57, "high"),
    ]
    assert hand.won == {"Big Blind": 57, "Small Blind": 29, "Dealer": 28}
    assert (hand.total, hand.rake, hand.rake_printed, hand.pots_printed) == (120, 6, True, True)
    assert hand.currency == Currency("$", "", 100, "USD") and hand.button == 1
    assert (hand.header.small, hand.header.big) == (
        5,
        10,
    )  # the posts: the cash header gives no stakes


def test_a_side_pot_is_read_pot_by_pot_and_its_rake_is_derived() -> None:
    hand = hand_of("side-pot.txt")
    assert [(c.player, c.amount, c.pot, c.half) for c in hand.collects] == [
        ("Big Blind", 190, 1, None),
        ("Big Blind", 143, 0, None),
        ("Small Blind", 142, 0, None),
    ]
    assert hand.won == {
        "Small Blind": 142,
        "Big Blind": 333,
    }  # the summary's HI and LO, over the pots
    # No rake printed: no summary, so that the checker derives it (the Total Pot held against the actions).
    assert (hand.total, hand.rake_printed, hand.pots_printed, hand.uncalled) == (
        None,
        False,
        False,
        {"Big Blind": 200},
    )
    assert hand.disagreements == []
    (record,) = read("side-pot.txt", text_of("side-pot.txt"), "bovada")
    assert record.derive_rake and record.summary is None
    settlement, verdict = check(record)
    assert settlement is not None and [p.rake for p in settlement.pots] == [15, 10], verdict


def test_positions_are_names_and_the_hero_keeps_his_mark() -> None:
    hand = hand_of("split.txt")
    assert [s.name for s in hand.seats] == ["Dealer", "Small Blind", "Big Blind [ME]", "UTG"]
    # The Showdown line gives the best fives; the hand shown is the hand dealt.
    assert [str(c) for c in hand.shows["Dealer"]] == ["As", "3s", "Qd", "Jh"]
    stud = hand_of("stud.txt")
    assert [s.name for s in stud.seats] == ["Seat+1", "Seat+2 [ME]", "Seat+3"]
    assert (stud.header.small, stud.header.big) == (25, 50)  # fixed limit: read from the bets


def test_a_game_hilo_does_not_play_is_not_checkable() -> None:
    ((_, status, _, why),) = verdicts(text_of("holdem.txt"))
    assert status == "not-checkable" and why == "HOLDEM No Limit is not a game hilo plays"


def test_tampered_payouts_are_mismatches() -> None:
    found = verdicts(text_of("tampered.txt"))
    assert [(id, status) for id, status, _, _ in found] == [
        ("2001", "mismatch"),
        ("2002", "mismatch"),
        ("2003", "mismatch"),
    ]
    assert found[0][3].startswith("an odd chip went to another player")
    assert found[1][3].startswith(
        "an odd chip went to another player"
    )  # Bovada's quartered cent to high
    assert found[2][3].startswith(
        "the site's own lines disagree: Dealer collected $0.89, the summary says won $0.90"
    )


def test_bad_input_is_one_error_record_per_hand_and_the_others_are_read() -> None:
    found = verdicts(text_of("bad-input.txt"))
    assert [(id, status) for id, status, _, _ in found] == [
        ("1004", "ok"),
        ("3001", "error"),
        ("3002", "error"),
        ("3003", "error"),
        ("3004", "error"),
        ("3005", "ok"),
    ]
    assert found[1][3] == "cannot read the line 'Calls $0.25' (no 'PLAYER : ' in front of it)"
    assert found[2][3] == "cannot read the action 'Dealer : Bets $0.5x'"
    assert found[3][3].startswith("Dealer's cards: 'Zc' (card 4) is not a card")
    assert found[4][3] == "hand #3004 is cut short: no '*** SUMMARY ***' line"
    result = CliRunner().invoke(main, ["check", str(SITE.path("bad-input.txt"))])
    assert result.exit_code == 2 and "Traceback" not in result.output + result.stderr


def test_a_seat_number_past_its_bound_is_the_seat_lines_error() -> None:
    text = text_of("split.txt").replace("Seat 2: Small Blind", "Seat 99999999: Small Blind")
    ((_, status, _, why),) = verdicts(text)
    (record,) = read("t.txt", text, "bovada")
    assert status == "error" and record.line == 3 and "a seat is 99999999" in why


def test_lines_that_lost_their_prefix_and_move_no_chips_are_passed_over() -> None:
    text = text_of("split.txt").replace(
        "UTG : Folds\n",
        "UTG : Folds\nTable enter user\nSeat sit down\nTable deposit $3\nUTG : Seat sit out\n",
    )
    text = text.replace("Dealer : Set dealer/Bring in spot [1]\n", "Set dealer/Bring in spot\n")
    assert [status for _, status, _, _ in verdicts(text)] == ["ok"]  # the button: the Dealer's seat


def test_no_dealer_seated_puts_the_button_before_the_small_blind() -> None:
    # The dealer line lost its seat and no player is the Dealer: the button is the seat before the Small
    # Blind's (seat 1), so the action and the tied low's odd cent (to seat 2, first left of it) stay right.
    text = text_of("quartered.txt").replace(
        "Dealer : Set dealer/Bring in spot [1]\n", "Set dealer/Bring in spot\n"
    )
    text = text.replace("Dealer", "UTG")
    hand = read_hand("t.txt", 1, text.splitlines())
    assert isinstance(hand, SiteHand) and hand.button == 1
    assert [status for _, status, _, _ in verdicts(text)] == ["ok"]


def test_a_missing_street_line_is_an_error_naming_it() -> None:
    text = text_of("split.txt").replace("*** RIVER *** [2h 5c 7d Kc] [Ks]\n", "")
    ((_, status, _, why),) = verdicts(text)
    assert status == "error" and why == (
        "hand #1001: the summary's board 2h 5c 7d Kc Ks has cards no street line "
        "dealt: the '*** RIVER ***' line is missing"
    )
    (record,) = read("t.txt", text, "bovada")
    assert (
        record.line == text.splitlines().index("Board [2h 5c 7d Kc Ks]") + 1
    )  # FILE:LINE is the summary's board


def test_a_hand_that_writes_no_street_line_takes_its_streets_from_the_betting() -> None:
    # The format of April to July 2012: no street line at all, the board only in the summary. The flop
    # begins where Big Blind checks after the preflop round closed (Dealer raised, Big Blind called).
    text = text_of("no-showdown.txt").replace("*** FLOP *** [2c 4d 7h]\n", "")
    assert [v[:3] for v in verdicts(text)] == [v[:3] for v in verdicts(text_of("no-showdown.txt"))]
    hand = hand_of_text(text)
    board = [a for a in hand.actions if a.verb == "board"]
    assert [(a.street, " ".join(map(str, a.cards))) for a in board] == [(1, "2c 4d 7h")]
    checks = next(a for a in hand.actions if a.verb == "check")
    assert (checks.player, checks.street) == ("Big Blind", 1)


def test_the_2012_variants_read_as_the_site_means() -> None:
    first, walk, table, tour = (hand_of_text(h) for h in _hands(text_of("variants-2012.txt")))
    # "Raises $0.30" by the big blind: to $0.30; "All-in(raise) $4.70": to $4.70 on the flop.
    raises = [(a.player, a.street, a.amount, a.to) for a in first.actions if a.verb == "raise"]
    assert raises == [
        ("Big Blind [ME]", 0, 20, 30),
        ("Dealer", 1, 180, 270),
        ("Big Blind [ME]", 1, 200, 470),
    ]
    # The turn and the river nobody bet on: dealt before the showdown, from the summary.
    assert [(a.street, len(a.cards)) for a in first.actions if a.verb == "board"] == [
        (1, 3),
        (2, 1),
        (3, 1),
    ]
    # The walk: the big blind's unmatched $0.05 returned without a line, the pot $0.10.
    assert (walk.uncalled, walk.collects[0].amount) == ({"Big Blind": 5}, 10)
    # "Posts dead chip $0.15" at $0.05/$0.10: $0.05 dead, $0.10 live; "Card dealt to table": the flop.
    posts = [(a.verb, a.amount) for a in table.actions if a.player == "UTG" and a.street == 0][:2]
    assert posts == [("ante", 5), ("big blind", 10)]
    assert [a.street for a in table.actions if a.verb == "board"] == [1]
    # A fixed-limit tournament's level is its blinds: the bets are 150 and 300.
    assert (tour.header.small, tour.header.big) == (150, 300)


def test_the_2012_variants_are_ok() -> None:
    found = [(v[0], v[1]) for v in verdicts(text_of("variants-2012.txt"))]
    assert found == [("2001", "ok"), ("2002", "ok"), ("2003", "ok"), ("2004", "ok")]


def _hands(text: str) -> list[str]:
    return [h for h in re.split(r"\n\n+", text.strip()) if h]


def hand_of_text(text: str) -> SiteHand:
    hand = read_hand("t.txt", 1, text.splitlines())
    assert isinstance(hand, SiteHand), hand
    return hand


def test_a_total_pot_the_actions_do_not_make_is_the_site_s_inconsistency() -> None:
    text = text_of("side-pot.txt").replace("Total Pot($5)", "Total Pot($5.20)")
    ((_, status, _, why),) = verdicts(text)
    assert (
        status == "mismatch"
        and "the summary's Total Pot is $5.20, but the actions put $5.00 in the pots" in why
    )


def test_detect_claims_bovada_and_ignition_and_nothing_else() -> None:
    assert detect(text_of("split.txt")) == "bovada"
    assert detect(text_of("split.txt").replace("Bovada Hand", "Ignition Hand")) == "bovada"
    others = TEST_DATA / "pokerstars"
    assert all(detect(p.read_text(encoding="utf-8")) != "bovada" for p in others.glob("*.txt"))


# -- the shared real files -------------------------------------------------------------------------------------


# The one hand of a game hilo plays that is not OK, and why: its flop line is missing from the file (the
# summary's board has three cards no street line dealt).
def test_every_shared_hand_gets_a_record_and_each_is_ok() -> None:
    # Hand 2645486142 writes no street line (the 2012 format): its flop is read from the betting.
    total = 0
    for path in shared_files_or_skip(SITE.name):
        text = path.read_text(encoding="utf-8")
        found = verdicts(text, path.name)
        assert len(found) == len(re.findall(r"^Bovada Hand #", text, flags=re.MULTILINE)), path.name
        total += len(found)
        for id, status, _, why in found:
            assert status == "ok", (path.name, id, why)
    assert total == 28


# -- the same hand written in another order ---------------------------------------------------------------------

FILES = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "side-pots.txt",
    "no-showdown.txt",
    "stud.txt",
    "tampered.txt",
    "variants-2022.txt",
    "variants-headers.txt",
    "variants-stud.txt",
    "variants-2012.txt",
]


_SEAT = re.compile(r"^Seat[ +]\d+:? .*in chips")
_DEALT = re.compile(r"^(.* : Card dealt to a spot \[)([^\]\n]*)\]$", re.MULTILINE)


def reorder(text: str, rng: random.Random) -> str:
    """The seat lines in another order, and the cards of every 'Card dealt' line but stud's (their order
    says which card is up)."""
    return shuffled(text, rng, None if "7CARD" in text else _DEALT, _SEAT)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(FILES), st.randoms(use_true_random=False))
def test_the_verdict_does_not_depend_on_the_order_of_seats_and_cards(
    name: str, rng: random.Random
) -> None:
    text = text_of(name)
    assert [v[:3] for v in verdicts(reorder(text, rng))] == [v[:3] for v in verdicts(text)]


def test_reorder_changes_the_text() -> None:
    text = text_of("split.txt")
    assert any(reorder(text, random.Random(seed)) != text for seed in range(5))
    assert isinstance(read_hand("t.txt", 1, reorder(text, random.Random(1)).splitlines()), SiteHand)


def test_a_side_pot_hand_with_its_rake_printed_is_checked_pot_by_pot_against_that_rake() -> None:
    # The summary prints one Total Pot and one Rake, no pot of its own: each pot's rake is what it did not
    # pay, and together they must be the rake printed.
    text = text_of("side-pot.txt").replace("Total Pot($5)", "Total Pot($5) | Rake ($0.25)")
    ((_, status, depth, why),) = verdicts(text)
    assert (status, depth) == ("ok", "per pot"), why
    wrong = text.replace("Rake ($0.25)", "Rake ($0.30)")
    ((_, status, _, why),) = verdicts(wrong)
    assert (
        status == "mismatch"
        and "the summary's Rake is $0.30, but the pots paid out $4.75 of $5.00" in why
    )


def test_a_showdown_whose_summary_gives_no_halves_is_checked_on_its_hand_results() -> None:
    text = re.sub(r" (?:HI|LO) \$[\d.]+", "", text_of("split.txt"))
    ((_, status, depth, why),) = verdicts(text)
    assert (status, depth) == ("ok", "per pot"), why


# -- the line variants (issue 28) -------------------------------------------------------------------------------


def nth_hand(name: str, n: int) -> SiteHand:
    """The ``SiteHand`` of hand ``n`` (0 the first) of own file ``name``."""
    hand = read_hand("t.txt", 1, text_of(name).split("\n\n")[n].splitlines())
    assert isinstance(hand, SiteHand), hand
    return hand


def test_the_2022_format_its_dealer_line_plain_blinds_and_timeouts() -> None:
    found = verdicts(text_of("variants-2022.txt"))
    assert [(id, status, depth) for id, status, depth, _ in found] == [
        ("5000000001", "ok", "per half"),
        ("5000000002", "ok", "per pot"),
    ]
    hand = nth_hand("variants-2022.txt", 0)
    assert hand.button == 5  # "Set dealer [5]"
    assert [(a.player, a.verb, a.amount) for a in hand.actions if a.verb.endswith("blind")] == [
        ("Dealer [ME]", "small blind", 10),
        ("Big Blind", "big blind", 25),
    ]
    assert [a.verb for a in hand.actions if a.player == "Big Blind" and a.street == 0] == [
        "big blind",
        "dealt",
        "check",  # "Checks(timeout)"
    ]
    # "Big Blind : Seat timebank on" moves no chips and carries no card: skipped, and the record says so.
    (record, _) = list(read("t.txt", text_of("variants-2022.txt"), "bovada"))
    assert (record.skipped, record.first_skipped) == (1, (17, "Big Blind : Seat timebank on"))
    second = nth_hand("variants-2022.txt", 1)
    assert [(a.player, a.verb) for a in second.actions if a.verb == "fold"] == [
        ("Small Blind", "fold"),  # "Fold(Blind Disconnected)"
        ("Big Blind [ME]", "fold"),  # "Folds(timeout)"
    ]


def test_other_headers_zone_poker_heads_up_and_tournaments() -> None:
    found = verdicts(text_of("variants-headers.txt"))
    assert [(id, status) for id, status, _, _ in found] == [
        ("5000000003", "ok"),  # Bodog.com, "#C", OMAHA_HL 1 on 1 ... [MVS]
        ("5000000004", "ok"),  # Zone Poker
        ("5000000005", "not-checkable"),  # "Normal-" where the limit goes
        ("5000000006", "ok"),  # All-in(raise-timeout), BOUNTY PRIZE
    ]
    assert found[2][3] == "the betting structure 'Normal' is not one hilo replays"
    assert detect(text_of("variants-headers.txt")) == "bovada"
    for site in ("Bodog", "Bodog.eu", "Bodog UK", "Bodog Canada", "Bodog88"):
        assert detect(text_of("split.txt").replace("Bovada Hand", f"{site} Hand")) == "bovada"


def test_an_action_on_a_timeout_or_a_disconnect_is_that_action() -> None:
    hand = hand_of("variants-stud.txt")
    assert [
        (a.player, a.verb, a.amount) for a in hand.actions if a.verb in ("bring in", "fold")
    ] == [
        ("Seat+3", "bring in", 10),  # "Bring in (timeout) $0.10"
        ("Seat+3", "fold", 0),  # "Folds(timeout)"
    ]
    assert [(a.verb, a.amount) for a in hand.actions if a.street == 2 and a.verb == "bet"] == [
        ("bet", 50)  # "Double bets $0.50"
    ]
    records = list(read("t.txt", text_of("variants-headers.txt"), "bovada"))
    assert [(r.error, r.skipped) for r in records] == [(None, 0)] * 4


def test_an_unknown_line_with_an_amount_stays_an_error() -> None:
    text = text_of("variants-2022.txt").replace("Seat timebank on", "Seat timebank $0.10")
    (record, _) = list(read("t.txt", text, "bovada"))
    assert record.error == "cannot read the action 'Big Blind : Seat timebank $0.10'"


def test_the_newer_files_each_hand_gets_a_record_and_is_ok() -> None:
    folder = SHARED_DIR / "handhistories" / "newer" / "bovada"
    if not folder.is_dir():
        pytest.skip("../shared/handhistories/newer/bovada is absent")
    found = [v for path in sorted(folder.glob("*.txt")) for v in verdicts(path.read_text("utf-8"))]
    assert [(status, depth) for _, status, depth, _ in found] == [("ok", "per half")]
