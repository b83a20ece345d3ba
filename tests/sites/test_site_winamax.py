"""``hilo check`` on Winamax hand histories: the project's own files (tests/data/winamax/, written in the
site's format) each get the verdict worked out by hand, every hand of the shared real files gets a record
(skipped when ../shared is absent), and a hand's verdict does not depend on the order its seats or cards
are written in.

Worked out by hand (cents; Winamax prints Total pot after rake, each award tagged HI or LO):

* split: 1650 put in, rake 79, 1571: high 786 Cy (trip nines), low 785 Alice (7-4-3-2-A): the odd cent high.
* quartered: 1700, rake 85, 1615: high 808 Alice (trip kings); low 807 tied by Alice and Bob, 404 to Bob
  (first left of the button), 403 to Alice.
* side-pot: main pot 6000 and side pot 6000, rake 150 from each: Alice scoops the main pot (wheel, and
  the five-high straight), Bob the side pot (trip kings, 8-7-5-3-2).
* no-showdown: Alice's raise to 300 is not called: 250 won, 200 returned, which Winamax writes inside its
  two halves (225 + 225) and in Total pot 450.
* stud: 5600 put in, rake 99, 5501: high 2751 Bob (kings and fours), low 2750 Alice (7-5-3-2-A); Bob's
  down cards are ``X`` until he shows them.
* mixed: hold'em and razz are not checkable; the Omaha Hi/Lo hand is the split hand.
* tampered: the split hand with the odd cent paid to the low.
* bad-input: a line no reader knows, and a hand cut short, between two good hands.
* hold-up (issue 28): "Hold-up to Pot: total 5€" after the seats, the house's chips in the main pot: 1650
  put in and 500 added, rake 165 (of the players' chips, as the real hand's), 1985: high 993 Cy, low 992
  Alice. Then 2.50€ added to a main pot of 2400 (Cy all in for 8€), side pot 2000 (Alice, Bob); rake 120
  and 80: main pot 2530, 1265 Cy (four kings), 1265 Alice (7-5-3-2-A); side pot 1920 Alice (kings and
  queens, 7-5-3-2-A). hold-up-tampered: the first hand with the low paid 500 less (742 Alice, 1243 Cy).
* variants-out-of-position (issue 28): a live big blind posted out of position, both blinds posted in
  two lines, and a post written as a raise among the blinds (worked out in the test).
"""

from __future__ import annotations

import io
import random
import re

import pytest
from archive_sites import TextSite, file_verdicts, records, shared_files_or_skip, shuffled
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli import histories
from hilo_cli.checking import check
from hilo_cli.histories import HandText, read_text
from hilo_cli.histories.base import Currency
from hilo_cli.histories.site import Collect, SiteHand
from hilo_cli.histories.winamax import Winamax

SITE = TextSite("winamax", Winamax)


def won(name: str) -> dict[str, int]:
    (piece,) = histories.hands(name, io.BytesIO(SITE.data(name)))
    assert isinstance(piece, HandText)
    settlement, verdict = check(read_text(piece))
    assert settlement is not None and verdict.status == "ok", verdict.why
    return {p.name: p.won for p in settlement.players}


def test_the_files_are_winamax_and_no_other_reader_claims_them() -> None:
    for path in sorted(SITE.folder.glob("*.txt")):
        assert histories.detect(path.read_text(encoding="utf-8")) == "winamax", path.name
    assert (
        histories.detect("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.50/$1 USD)\n")
        == "pokerstars"
    )
    assert histories.detect('variant = "FO/8"\n') != "winamax"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("split.txt", {"Alice": 785, "Bob": 0, "Cy": 786}),
        ("quartered.txt", {"Alice": 808 + 403, "Bob": 404, "Cy": 0}),
        ("side-pot.txt", {"Alice": 5850, "Bob": 5850, "Cy": 0}),
        ("no-showdown.txt", {"Alice": 250 + 200, "Bob": 0, "Cy": 0}),
        ("stud.txt", {"Alice": 2750, "Bob": 2751}),
        ("variants-stud.txt", {"Alice": 2750, "Bob": 2751}),  # "7stud8", "bring-in"
    ],
)
def test_own_files_the_site_paid_right_are_ok(name: str, expected: dict[str, int]) -> None:
    assert won(name) == expected


def test_each_award_keeps_its_half_and_pot_and_money_is_written_as_the_site_does() -> None:
    hand = SITE.hand("side-pot.txt")
    assert [(c.player, c.amount, c.pot, c.half) for c in hand.collects] == [
        ("Bob", 2925, 1, "high"),
        ("Bob", 2925, 1, "low"),
        ("Alice", 2925, 0, "high"),
        ("Alice", 2925, 0, "low"),
    ]
    assert (hand.total, hand.rake, hand.printed_pots, hand.pots_printed) == (
        12000,
        300,
        [5850, 5850],
        False,
    )
    assert hand.currency == Currency("", "€", 100, "EUR")
    assert hand.currency.show(496) == "4.96€"


def test_a_tournament_hand_plays_in_chips() -> None:
    # The split hand as a tournament writes it: its header, and chips where the cash game has euros.
    text = (
        SITE.text("split.txt")
        .replace("CashGame", 'Tournament "Monster Stack" buyIn: 9€ + 1€ level: 3')
        .replace("(0.50€/1€)", "(50/100)")
    )
    text = re.sub(r"(\d+(?:\.\d+)?)€", lambda m: str(round(float(m.group(1)) * 100)), text)
    ((_, _, status, _),) = file_verdicts(text.encode())
    hand = SITE.read_hand("t.txt", 1, text.split("\n"))
    assert isinstance(hand, SiteHand) and hand.header.tournament and hand.currency == Currency()
    assert status == "ok" and (hand.total, hand.rake, hand.header.big) == (1650, 79, 100)


def test_a_button_seat_past_its_bound_is_the_table_lines_error() -> None:
    text = SITE.text("split.txt").replace("Seat #1 is the button", "Seat #99999999 is the button")
    ((_, line, status, why),) = file_verdicts(text.encode())
    assert (line, status) == (2, "error") and "the button seat is 99999999" in why


def test_returned_chips_paid_inside_the_halves_are_taken_out_and_the_halves_merged() -> None:
    # Winamax prints no uncalled bet: Total pot 450 holds it, and the halves 225 + 225 pay it back.
    hand = SITE.hand("no-showdown.txt")
    assert hand.collects == [Collect(14, "Alice", 250, 0, "pot", 0)]
    assert (hand.total, hand.won) == (250, {"Alice": 250})


def test_mixed_table_games_hilo_does_not_play_are_not_checkable() -> None:
    assert [(i, s, w) for i, _, s, w in file_verdicts(SITE.data("mixed.txt"))] == [
        ("200-1-1600001001", "not-checkable", "Holdem no limit is not a game hilo plays"),
        ("200-2-1600001002", "not-checkable", "Razz fixed limit is not a game hilo plays"),
        ("200-3-1600001003", "ok", "the recorded result is what the cards and the rules give"),
    ]


def test_a_tampered_payout_is_a_mismatch() -> None:
    ((_, _, status, why),) = file_verdicts(SITE.data("tampered.txt"))
    assert status == "mismatch" and "odd chip" in why


def test_bad_hands_are_errors_at_their_line_and_the_others_are_still_read() -> None:
    found = file_verdicts(SITE.data("bad-input.txt"))
    assert [(i, line, s) for i, line, s, _ in found] == [
        ("100-1-1600000001", 1, "ok"),
        ("300-2-1600002002", 51, "error"),
        ("300-3-1600002003", 100, "error"),
        ("300-4-1600002004", 102, "ok"),
    ]
    assert found[1][3] == "cannot read the action 'Cy dances a jig for 2 chips'"
    assert "cut short" in found[2][3]


def test_a_broken_header_or_amount_is_an_error_not_a_traceback() -> None:
    text = SITE.text("split.txt")
    for bad in (
        text.replace("(0.50€/1€)", "(0.50€)"),
        text.replace("bets 5€", "bets 5.001€"),
        text.replace("Seat 3: Cy (100€)", "Seat 3: Cy (lots)"),
        text.replace("[Kh]", "[Kx]"),
        text.replace("Dealt to Alice [As 2s Kd Qc]", "Dealt to Alice [As 2s"),
        text.replace("Cy shows [9h 9c Jd Td]", "Cy shows [9h 9c"),
    ):
        ((_, _, status, why),) = file_verdicts(bad.encode("utf-8"))
        assert status == "error" and why, why


def test_cp1252_bytes_read_as_the_utf8_text() -> None:
    """Winamax's older files are cp1252: the euro is byte 0x80."""
    text = SITE.text("split.txt")
    data = text.encode("cp1252")
    assert b"\x80" in data
    assert [(i, s) for i, _, s, _ in file_verdicts(data)] == [
        (i, s) for i, _, s, _ in file_verdicts(text.encode("utf-8"))
    ]
    assert [s for _, _, s, _ in file_verdicts(data)] == ["ok"]


def test_a_tournament_summary_is_one_clear_error_and_no_hand() -> None:
    summary = (
        "Winamax Poker - Tournament summary : Omaha Hi-Lo 5€(400000003)\n"
        "Player : Ann\nBuy-In : 4.50€ + 0.50€\nRegistered players : 6\nYou finished in 2nd place\n"
    )
    ((_, line, status, why),) = file_verdicts(summary.encode("cp1252"))
    assert (line, status) == (1, "error")
    assert why.startswith("a tournament summary (tournament 400000003: places and prizes)"), why


# -- the order seats and cards are written in ------------------------------------------------------------

_BRACKET = re.compile(r"(shows \[|showed \[|^Dealt to [^\[\n]+ \[)([^\]]+)\]", re.MULTILINE)
# Not stud.txt: a stud hand's dealt cards in another order are another hand (which card is up).
OWN = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "tampered.txt",
    "mixed.txt",
    "no-showdown.txt",
    "variants.txt",
    "variants-out-of-position.txt",
    "hold-up.txt",
    "hold-up-tampered.txt",
]


_SEAT = re.compile(r"Seat \d+: .*\(\d[\d.]*€?\)$")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_seats_and_cards_are_written(
    name: str, rng: random.Random
) -> None:
    text = SITE.text(name)
    again = shuffled(text, rng, _BRACKET, _SEAT, consistent=True).encode("utf-8")
    assert [(i, s) for i, _, s, _ in file_verdicts(again)] == [
        (i, s) for i, _, s, _ in file_verdicts(text.encode())
    ]


# -- the shared real files ---------------------------------------------------------------------------------


def test_every_shared_hand_gets_a_record_and_each_is_ok() -> None:
    files = shared_files_or_skip(SITE.name)
    found = {path.name: file_verdicts(path.read_bytes(), path.name) for path in files}
    assert sum(len(v) for v in found.values()) == 3
    assert all(s == "ok" for v in found.values() for _, _, s, _ in v), found


def test_a_summary_naming_another_player_is_the_sites_inconsistency_not_bad_input() -> None:
    # As for PokerStars (issue 17): one summary reader for the sites that write its summary.
    from hilo_cli.histories import read

    for path in sorted(SITE.folder.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r"^Seat (\d+): (\S+)", text, re.MULTILINE):
            if (
                text.count(f"Seat {found.group(1)}: {found.group(2)}") > 1
            ):  # seat line and summary line
                last = text.rindex(f"Seat {found.group(1)}: {found.group(2)}")
                changed = (
                    text[:last] + f"Seat {found.group(1)}: Zed" + text[last + len(found.group(0)) :]
                )
                records = list(read(path.name, changed))
                assert all(r.error is None or "summary names seat" not in r.error for r in records)
                assert any(r.site_inconsistency and "Zed" in r.site_inconsistency for r in records)
                return
    raise AssertionError("no summary seat line in the Winamax test files")


# -- the line variants (issue 28) ----------------------------------------------------------------------------


def test_the_variants_have_their_verdicts() -> None:
    found = SITE.verdicts(SITE.text("variants.txt"))
    assert [(id, status) for id, status, _, _ in found] == [
        ("100-9-1600009001", "ok"),  # Go Fast, "Omaha8", "Dee deny SB"
        ("100-9-1600009002", "ok"),  # "posts small blind 0.50€ out of position"
        ("100-9-1600009003", "ok"),  # "posts dead blind (0.50€)"
        ("100-9-1600009004", "ok"),  # "Dee: posts small & big blind ( 1.50€)"
        ("100-9-1600009005", "ok"),  # play money in hundredths
        ("100-9-1600009006", "not-checkable"),  # an Escape pot
    ]
    assert found[5][3] == (
        "the site added 2€ to the pot (Escape): no Winamax file shows where it counts that bonus, in "
        "the pot or outside it"
    )


def nth(name: str, n: int) -> SiteHand:
    hand = SITE.read_hand("t.txt", 1, SITE.text(name).split("\n\n")[n].splitlines())
    assert isinstance(hand, SiteHand), hand
    return hand


def test_a_post_out_of_position_or_dead_is_dead_and_both_blinds_are_one_dead_one_live() -> None:
    for n in (1, 2):
        dee = [(a.verb, a.amount) for a in nth("variants.txt", n).actions if a.player == "Dee"]
        assert dee == [("ante", 50), ("fold", 0)], n
    both = [(a.verb, a.amount) for a in nth("variants.txt", 3).actions if a.player == "Dee"]
    assert both[0] == ("small and big blinds", 150)
    # A note that moves no chips: nothing recorded, nothing skipped.
    first = nth("variants.txt", 0)
    assert [a for a in first.actions if a.player == "Dee"] == [] and first.skipped == 0


def test_a_big_blind_out_of_position_is_live_and_both_blinds_may_take_two_lines() -> None:
    """variants-out-of-position (fpdb-3's files): "Dee posts big blind 1€ out of position" is a live big
    blind (Dee raises to 3€: 100 of it was in); "Dee posts small blind 1.50€ out of position" with "Dee
    posts big blind 0€ out of position" after it is both blinds in one amount, 50 dead and 100 live (Dee
    checks the big blind's 1€): 450 put in before the flop, Bob's 450 bet not called, 900 in Total pot."""
    name = "variants-out-of-position.txt"
    assert [(id, status) for id, status, _, _ in SITE.verdicts(SITE.text(name))] == [
        ("100-9-1600000041", "ok"),
        ("100-9-1600000042", "ok"),
        ("100-9-1600000043", "ok"),
    ]
    live = [(a.verb, a.amount) for a in nth(name, 0).actions if a.player == "Dee"]
    assert live[0] == ("big blind", 100)
    both = [(a.verb, a.amount) for a in nth(name, 1).actions if a.player == "Dee"]
    assert both[:2] == [("small and big blinds", 150), ("check", 0)]
    # "Dee raises 0.50€ to 1.50€" among the blinds, then "Dee posts small blind 0.50€": both blinds (50
    # dead, 100 live) and 50 more dead; Dee checks Cy's 1€ and Alice calls 1€: 100 of Dee's 200 is live.
    raised = [(a.verb, a.amount) for a in nth(name, 2).actions if a.player == "Dee"]
    assert raised[:3] == [("small and big blinds", 150), ("ante", 50), ("check", 0)]


def test_play_money_is_hundredths_without_a_currency() -> None:
    hand = nth("variants.txt", 4)
    assert hand.currency == Currency("", "", 100)
    assert (hand.header.small, hand.header.big, hand.header.currency) == (50, 100, "")
    assert hand.seats[0].stack == 10000


# -- the bonus pots (issue 28) -------------------------------------------------------------------------------


def test_a_hold_up_is_the_houses_chips_in_the_main_pot_divided_with_it() -> None:
    found = SITE.verdicts(SITE.text("hold-up.txt"))
    assert [(id, status) for id, status, _, _ in found] == [
        ("100-10-1600010001", "ok"),
        ("100-10-1600010002", "ok"),
    ]
    first, second = records(SITE.name, SITE.text("hold-up.txt"))
    assert first.hand is not None and first.hand.added == 500
    assert second.hand is not None and second.hand.added == 250
    settlement, _ = check(first)
    assert settlement is not None
    assert [p.amount for p in settlement.pots] == [1985]  # 1650 + 500 - 165
    assert {p.player.name: p.player.contributed for p in settlement.players} == {
        "Alice": 800,
        "Bob": 50,
        "Cy": 800,
    }
    assert {p.player.name: p.won for p in settlement.players} == {"Alice": 992, "Bob": 0, "Cy": 993}
    settlement, _ = check(second)
    assert settlement is not None
    # The house's 2.50€ in the main pot only: 2400 + 250 - 120, and the side pot 2000 - 80.
    assert [p.amount for p in settlement.pots] == [2530, 1920]
    assert {p.player.name: p.won for p in settlement.players} == {
        "Alice": 1265 + 1920,
        "Bob": 0,
        "Cy": 1265,
    }


def test_a_hold_up_paid_otherwise_or_left_out_of_the_total_is_a_mismatch() -> None:
    ((_, status, _, why),) = SITE.verdicts(SITE.text("hold-up-tampered.txt"))
    assert status == "mismatch" and "wrong hand" in why, why
    # A site that paid the players' chips only, and printed a Total pot without the house's 5€.
    first = SITE.text("hold-up.txt").split("\n\n")[0]
    kept = (
        first.replace("Total pot 19.85€", "Total pot 14.85€")
        .replace("9.93€", "7.43€")
        .replace("9.92€", "7.42€")
    )
    ((_, status, _, why),) = SITE.verdicts(kept)
    assert status == "mismatch" and "Total pot" in why, why


def test_a_hold_up_line_is_read_wherever_it_comes_before_the_summary() -> None:
    first = SITE.text("hold-up.txt").split("\n\n")[0]
    moved = first.replace("Hold-up to Pot: total 5€\n", "").replace(
        "*** PRE-FLOP ***", "Hold-up to pot: total 5€\n*** PRE-FLOP ***"
    )
    assert [s for _, s, _, _ in SITE.verdicts(moved)] == ["ok"]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("Hold-up to Pot: total lots", "cannot read the line 'Hold-up to Pot: total lots'"),
        ("Hold-up to Pot: total 5€\nHold-up to Pot: total 5€", "a second Hold-up line"),
    ],
)
def test_a_hold_up_that_does_not_read_or_comes_twice_is_an_error(line: str, error: str) -> None:
    first = SITE.text("hold-up.txt").split("\n\n")[0]
    ((_, status, _, why),) = SITE.verdicts(first.replace("Hold-up to Pot: total 5€", line))
    assert status == "error" and error in why, why


@pytest.mark.parametrize(
    "line",
    [
        "Escape to Pot: total 5€",
        "Escape: total 5€",
        "Splash Pot: total 5€",
        "Splash to Pot: total 5€",
        "Splash Pot: 5€",
        "Drop Pot: total 5€",
        "Holdup: 5€",
    ],
)
def test_the_other_bonus_pots_are_not_checkable(line: str) -> None:
    # No Winamax file shows these lines: neither their words nor whether the total and awards hold them.
    first = SITE.text("hold-up.txt").split("\n\n")[0]
    ((_, status, _, why),) = SITE.verdicts(first.replace("Hold-up to Pot: total 5€", line))
    assert status == "not-checkable" and why.startswith("the site added 5€ to the pot ("), why
