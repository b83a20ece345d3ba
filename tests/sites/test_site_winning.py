"""``hilo check`` on Winning Poker Network (ACR) hand histories, both formats: the project's own files
(tests/data/winning/, written in the site's formats) each get the verdict worked out by hand, every hand of
the shared real files gets a record (skipped when ../shared is absent), and a hand's verdict does not
depend on the order its seats or cards are written in.

Worked out by hand (cents; Total pot is printed after the rake and the jackpot fee, both taken from it):

* split: 3300 put in, rake 147 + fee 2, 3151: high 1576 Cy (trip nines), low 1575 Alice (7-4-3-2-A).
* quartered: 1700, rake 80 + fee 5, 1615: high 808 Alice; the low 807 tied, 404 to Bob (first left of the
  button), 403 to Alice: Alice 1211 in one award line, high and low added together.
* side-pot: main pot 6000 and side pot 6000, 150 taken from each (as the award lines pay them): Alice
  scoops the main pot, Bob the side pot.
* no-showdown: Alice's raise is not called (400 returned, 500 won); a walk: the summary's "won $3.00"
  holds the big blind's uncalled 100, as Total pot does: 200 won.
* run-twice: 20100 put in, 200 taken, 19900: 9950 a run; run 1 high 4975 Alice, low 4975 Cy; run 2 Cy
  scoops 9950.
* mixed: the hold'em hand is not checkable; the Omaha hand is the split hand.
* button-draw (issue 28): the split hand with the draw for the button before the blinds, one card a
  seat ("Dealt to Alice [Ks]", the highest at the button): no card of the hand.
* tampered: the split hand with the odd cent paid to the low.
* bad-input: a line no reader knows, and a hand cut short, between two good hands.
* old-format (UTF-16LE, one ``Collects:`` total a player): the split hand, rake 77 + fee 2; a hand won
  without a showdown, 200 returned.

The line variants (issue 28):

* variants: the split hand as "4Card Omaha H/L Reshuffle(No Limit)"; as "5Card Omaha H/L Reshuffle"
  (five cards each, the same halves); with "Alice straddle $4.00" (Cy raises to $8, Alice calls: 3700,
  3551 paid, 1776 Cy, 1775 Alice); at "Fixed Limit" $2/$4 with "Alice caps $2.00 to $8.00" (2100, rake
  100 + fee 2: 999 each).
* old-variants (UTF-16LE): the split hand at a "(CAP)" table with Cy on 8 all in by "Player Cy allin"
  (no amount: the 5 he had left), "Player Bob wait BB" and "Player Bob sitting out"; the walk with "mucks
  (does not show: [..])"; the walk again with "Player Alice ante (0.10)" and "posts ante (0.10)".
* old-stud (UTF-16LE): "Seven Cards Stud HiLow" 1/2 (the small and big bets), antes 0.10, Bob's 2c
  brings in 0.25, Cy completes ("raises (1)"); "*** Third street ***" deals the fourth card, "*** Sixth
  street ***" the seventh (down: "received a card." for Cy). 1730 put in, rake 80 + fee 5, 1645: high
  823 Cy (three kings, the odd cent), low 822 Alice (8-5-4-2-A). Then a hand Alice wins on fourth
  street, 100 returned: 230 won.
* old-capped (UTF-16LE, issue 28): Omaha 5/10 at "Testtable (PRR) - CAP - 6-Max - 3", where a player puts
  in at most 300 a hand (the real files' 30 big blinds): Cy raises to 30, Bob calls; on the flop "Player
  Bob caps (230)" puts his 300 in, Cy's call of 150 his; no betting on the turn or river (both at the
  cap). 605 put in, rake 2.76 + fee 0.24: 602 to Bob (three kings), Cy mucking.
* old-sitting-out (UTF-16LE, issue 28): old-format's walk with Dee seated but sitting out ("Player Dee
  is timed out.", "Player Dee sitting out", no card received): Alice's "mucks cards" is the last live
  hand's, not a fold; 300 won, 200 returned.
* old-disconnected (UTF-16LE, issue 28): "Player Bob is disconnected and ALL IN." then "Player Bob
  allin" facing Alice's flop bet: all-in protection, Bob in for the 1 he had put in (the summary's "Bets:
  1"), no more. RULES.md has no rule for it: not checkable, saying why.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from archive_sites import (
    SITES,
    TextSite,
    file_records,
    file_verdicts,
    shared_files_or_skip,
    shuffled,
    text_hand,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli import histories
from hilo_cli.checking import check
from hilo_cli.histories import HandText
from hilo_cli.histories.base import Currency
from hilo_cli.histories.site import SiteHand, cards_of
from hilo_cli.histories.winning import Winning, WinningOld

SITE = TextSite("winning", Winning)
OK = "the recorded result is what the cards and the rules give"


def won(name: str) -> list[dict[str, int]]:
    out = []
    for record in file_records(SITE.data(name), name):
        settlement, verdict = check(record)
        assert settlement is not None and verdict.status == "ok", verdict.why
        out.append({p.name: p.won for p in settlement.players})
    return out


def test_both_formats_are_winning_and_no_other_reader_claims_them() -> None:
    for path in sorted(SITE.folder.glob("*.txt")):
        head = next(histories.hands(path.name, io.BytesIO(path.read_bytes())))
        assert isinstance(head, HandText) and head.reader == "winning", path.name
    assert (
        histories.detect("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.50/$1 USD)\n")
        == "pokerstars"
    )
    assert (
        histories.detect(
            "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha Hi/Lo pot limit (1€/2€) - x\n"
        )
        == "winamax"
    )
    assert histories.detect("My Hand #1 was a flush\n") is None


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("split.txt", [{"Alice": 1575, "Bob": 0, "Cy": 1576}]),
        ("button-draw.txt", [{"Alice": 1575, "Bob": 0, "Cy": 1576}]),
        ("quartered.txt", [{"Alice": 808 + 403, "Bob": 404, "Cy": 0}]),
        ("side-pot.txt", [{"Alice": 5850, "Bob": 5850, "Cy": 0}]),
        (
            "no-showdown.txt",
            [{"Alice": 500 + 400, "Bob": 0, "Cy": 0}, {"Alice": 200 + 100, "Bob": 0, "Cy": 0}],
        ),
        ("run-twice.txt", [{"Alice": 4975, "Bob": 0, "Cy": 4975 + 9950}]),
        (
            "old-format.txt",
            [{"Alice": 785, "Bob": 0, "Cy": 786}, {"Alice": 300 + 200, "Bob": 0, "Cy": 0}],
        ),
        (
            "variants.txt",
            [
                {"Alice": 1575, "Bob": 0, "Cy": 1576},
                {"Alice": 1575, "Bob": 0, "Cy": 1576},
                {"Alice": 1775, "Bob": 0, "Cy": 1776},
                {"Alice": 999, "Bob": 0, "Cy": 999},
            ],
        ),
        (
            "old-variants.txt",
            [
                {"Alice": 785, "Bob": 0, "Cy": 786},
                {"Alice": 300 + 200, "Bob": 0, "Cy": 0},
                {"Alice": 330 + 200, "Bob": 0, "Cy": 0},
            ],
        ),
        (
            "old-stud.txt",
            [{"Alice": 822, "Bob": 0, "Cy": 823}, {"Alice": 230 + 100, "Bob": 0, "Cy": 0}],
        ),
        ("old-capped.txt", [{"Ann": 0, "Bob": 60200, "Cy": 0}]),
        ("old-sitting-out.txt", [{"Alice": 300 + 200, "Bob": 0, "Cy": 0}]),
    ],
)
def test_own_files_the_site_paid_right_are_ok(name: str, expected: list[dict[str, int]]) -> None:
    assert won(name) == expected


def test_rake_and_jackpot_fee_are_taken_from_the_pot_and_money_is_written_as_the_site_does() -> (
    None
):
    hand = SITE.read_hand("t.txt", 1, SITE.text("split.txt").split("\n"))
    assert isinstance(hand, SiteHand)
    assert (hand.total, hand.rake, hand.currency) == (3300, 149, Currency("$", "", 100, "USD"))
    (record,) = file_records(SITE.data("run-twice.txt"))
    assert record.summary is not None and (record.summary.total, record.summary.rake) == (
        20100,
        200,
    )
    assert [len(b) for b in record.boards] == [5, 5]


def _with_dan(post: str, acts: list[tuple[str, str]], pot: int, high: int, low: int) -> bytes:
    """The split hand with Dan sitting in at seat 4 and posting ``post``; ``acts``: (line after which, Dan's
    line); ``pot``, ``high``, ``low`` in cents."""
    text = SITE.text("split.txt").replace(
        "Seat 3: Cy ($200.00)\n", "Seat 3: Cy ($200.00)\nSeat 4: Dan ($200.00)\n"
    )
    for after, line in [("Cy posts the big blind $2.00", f"Dan posts {post}"), *acts]:
        text = text.replace(after + "\n", f"{after}\n{line}\n", 1)

    def cents(units: int) -> str:
        return f"${units // 100}.{units % 100:02d}"

    return (
        text.replace("$31.51", cents(pot))
        .replace("$15.76", cents(high))
        .replace("$15.75", cents(low))
        .encode()
    )


def test_a_joining_players_post_of_the_big_blind_is_live() -> None:
    data = _with_dan("$2.00", [("Dealt to Alice [As 2s Kd Qc]", "Dan folds")], 3351, 1676, 1675)
    (record,) = file_records(data)
    settlement, verdict = check(record)
    assert settlement is not None and verdict.status == "ok", verdict.why
    assert {p.name: p.won for p in settlement.players} == {
        "Alice": 1675,
        "Bob": 0,
        "Cy": 1676,
        "Dan": 0,
    }


def test_a_post_smaller_than_the_big_blind_is_dead_money() -> None:
    # Dan's missed small blind is dead: his call of the big blind adds $2.00 to it, his call of the raise $4.
    acts = [
        ("Dealt to Alice [As 2s Kd Qc]", "Dan calls $2.00"),
        ("Cy calls $4.00", "Dan calls $4.00"),
        ("Cy checks", "Dan checks"),
        ("Cy calls $10.00", "Dan folds"),
    ]  # the first "Cy checks" is the flop's
    text = _with_dan("$1.00", acts, 3851, 1926, 1925).decode()
    (record,) = file_records(text.encode())
    settlement, verdict = check(record)
    assert settlement is not None and verdict.status == "ok", verdict.why
    assert {p.name: p.won for p in settlement.players} == {
        "Alice": 1925,
        "Bob": 0,
        "Cy": 1926,
        "Dan": 0,
    }


def test_a_tournament_hand_plays_in_chips() -> None:
    # The split hand as a tournament writes it: its header, and chips (written with two decimals).
    text = SITE.text("split.txt").replace(
        "Hand #500000001 - Omaha H/L(No Limit) - $1.00/$2.00 - ",
        "Game Hand #500000010 - Tournament #123 - Omaha H/L(No Limit) - Level 1 (100.00/200.00)- ",
    )
    text = re.sub(
        r"\$(\d+)\.(\d\d)", lambda m: f"{int(m.group(1)) * 100 + int(m.group(2))}.00", text
    )
    hand = SITE.read_hand("t.txt", 1, text.split("\n"))
    assert isinstance(hand, SiteHand) and hand.header.tournament and hand.currency == Currency()
    assert (hand.total, hand.rake, hand.header.big) == (3300, 149, 200)
    assert [s for _, _, s, _ in file_verdicts(text.encode())] == ["ok"]


def test_the_old_format_pays_one_total_a_player_naming_no_pot() -> None:
    text = SITE.data("old-format.txt").decode("utf-16")
    lines = text.split("\r\n")
    hand = text_hand(
        WinningOld, "t.txt", 1, lines[: lines.index("Game started at: 2024/5/1 10:02:00")]
    )
    assert isinstance(hand, SiteHand)
    assert (hand.pots_named, hand.header.limit, hand.total, hand.rake) == (
        False,
        "Pot Limit",
        1650,
        79,
    )
    assert [(c.player, c.amount, c.label) for c in hand.collects] == [
        ("Alice", 785, "Collects"),
        ("Cy", 786, "Collects"),
    ]
    assert hand.currency is not None and hand.currency.show(785) == "7.85"


def test_the_summarys_won_disagreeing_with_the_award_lines_is_the_sites_inconsistency() -> None:
    text = SITE.text("run-twice.txt").replace(
        "won $49.75 with HI - high", "won $4.75 with HI - high"
    )
    ((_, _, status, why),) = file_verdicts(text.encode())
    assert status == "mismatch" and "Cy collected $149.25, the summary says won $104.25" in why


def test_mixed_table_games_hilo_does_not_play_are_not_checkable() -> None:
    assert [(i, s, w) for i, _, s, w in file_verdicts(SITE.data("mixed.txt"))] == [
        ("600000001", "not-checkable", "Holdem No Limit is not a game hilo plays"),
        ("600000002", "ok", OK),
    ]


def test_a_tampered_payout_is_a_mismatch() -> None:
    ((_, _, status, why),) = file_verdicts(SITE.data("tampered.txt"))
    assert status == "mismatch" and "odd chip" in why


def test_bad_hands_are_errors_at_their_line_and_the_others_are_still_read() -> None:
    found = file_verdicts(SITE.data("bad-input.txt"))
    assert [(i, line, s) for i, line, s, _ in found] == [
        ("500000001", 1, "ok"),
        ("700000002", 53, "error"),
        ("700000003", 106, "error"),
        ("700000004", 108, "ok"),
    ]
    assert found[1][3] == "cannot read the action 'Cy dances a jig for 2 chips'"
    assert "cut short" in found[2][3]


def test_lines_cut_short_are_errors_not_tracebacks() -> None:
    text = SITE.text("split.txt")
    for bad in (
        text.replace("Dealt to Alice [As 2s Kd Qc]", "Dealt to Alice [As 2s"),
        text.replace("Cy shows [9h 9c Jd Td]", "Cy shows [9h 9c"),
        text.replace("(No Limit)", "(No Lim"),
    ):
        first = file_verdicts(bad.encode())[0]
        assert first[2] == "error", first


def test_the_old_formats_allin_is_the_chips_put_in() -> None:
    # Cy has 8 left after his call preflop: "allin (5)" calls Alice's bet with his last chips.
    text = SITE.data("old-format.txt").decode("utf-16")
    text = text.replace("Seat 3: Cy (100).", "Seat 3: Cy (8).", 1)
    text = text.replace("Player Cy calls (5)", "Player Cy allin (5)", 1)
    at = text.index("allin (5)")
    end = text.index("------ Summary ------")
    # Nobody acts after the all-in: the turn and the river are only dealt.
    text = (
        text[:at]
        + text[at:end]
        .replace("Player Cy checks\r\n\r\n", "")
        .replace("Player Alice checks\r\n\r\n", "")
        + text[end:]
    )
    assert [(i, s) for i, _, s, _ in file_verdicts(text.encode("utf-16"))] == [
        ("900000001", "ok"),
        ("900000002", "ok"),
    ]


def test_a_seat_number_past_its_bound_is_the_seat_lines_error_in_either_format() -> None:
    text = SITE.text("split.txt").replace("Seat 2: Bob", "Seat 99999999: Bob")
    ((_, line, status, why),) = file_verdicts(text.encode())
    assert (line, status) == (4, "error") and "a seat is 99999999" in why
    old = (
        SITE.data("old-format.txt").decode("utf-16").replace("Seat 2: Bob", "Seat 99999999: Bob", 1)
    )
    (_, line, status, why) = file_verdicts(old.encode("utf-16"))[0]
    assert (line, status) == (9, "error") and "a seat is 99999999" in why


def test_old_format_bad_lines_are_errors_not_tracebacks() -> None:
    text = SITE.data("old-format.txt").decode("utf-16")
    for bad in (
        text.replace("Player Alice bets (5)", "Player Alice bets (five)"),
        text.replace("Game ID: 900000001 0.50/1.00", "Game ID: 900000001 x/y"),
        text.replace("*** TURN ***: [3h 4c 7d] [Kh]", "*** TURN ***: [3h 4c 8d] [Kh]"),
    ):
        first = file_verdicts(bad.encode("utf-16"))[0]
        assert first[2] == "error", first


def test_a_utf16_file_one_byte_short_keeps_every_hand_and_the_stray_byte_is_an_error_of_its_own() -> (
    None
):
    found = file_verdicts(SITE.data("old-format.txt") + b"\n")
    assert [(i, s) for i, _, s, _ in found] == [
        ("900000001", "ok"),
        ("900000002", "ok"),
        (None, "error"),
    ]
    assert "the file ends in the middle of a UTF-16 character" in found[-1][3]


# -- the order seats and cards are written in ------------------------------------------------------------

_BRACKET = re.compile(
    r"(shows \[|showed \[|mucked \[|^Dealt to [^\[\n]+ \[)([^\]]+)\]", re.MULTILINE
)
OWN = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "tampered.txt",
    "mixed.txt",
    "run-twice.txt",
    "variants.txt",
]

_SEAT = re.compile(r"Seat \d+: .* \(\$[\d.]+\)$")


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


def test_every_shared_hand_gets_a_record_and_each_not_ok_one_is_the_sites_own() -> None:
    files = shared_files_or_skip(SITE.name)
    found = {path.name: file_verdicts(path.read_bytes(), path.name) for path in files}
    statuses = {(name, i): s for name, v in found.items() for i, _, s, _ in v}
    assert len([i for _, i in statuses if i is not None]) == 8
    not_ok = {k: s for k, s in statuses.items() if s != "ok"}
    # The run-twice hand: the summary's "won" is each board's high half only (a site inconsistency).
    ((name, hand),) = [k for k in not_ok if k[1] is not None]
    assert hand == "779379637" and not_ok[(name, hand)] == "mismatch"
    why = next(w for i, _, _, w in found[name] if i == hand)
    assert why.startswith(
        "the site's own lines disagree: Hero collected $92.25, the summary says won $61.50"
    )


@pytest.mark.skipif(
    not SITES.is_dir(), reason="../shared/handhistories/sites is absent (a user's clone)"
)
def test_winamax_and_winning_claim_no_other_sites_file() -> None:
    from hilo_cli.histories.reading import open_lines

    for path in sorted(SITES.glob("*/*")):
        with path.open("rb") as stream:
            opened = open_lines(stream)
        found = None if isinstance(opened, str) else histories.detect(opened.head)
        site = path.parent.name
        if site in ("winamax", "winning"):
            assert found == site, path.name
        else:
            assert found not in ("winamax", "winning"), path.name


# -- the line variants (issue 28) ----------------------------------------------------------------------------


def test_a_straddle_and_a_cap_are_read_as_the_site_writes_them() -> None:
    hands = SITE.text("variants.txt").split("\n\n")
    straddle = SITE.read_hand("t.txt", 1, hands[2].splitlines())
    capped = SITE.read_hand("t.txt", 1, hands[3].splitlines())
    assert isinstance(straddle, SiteHand) and isinstance(capped, SiteHand)
    assert [(a.verb, a.amount) for a in straddle.actions if a.player == "Alice"][:1] == [
        ("straddle", 400)
    ]
    assert [(a.verb, a.to) for a in capped.actions if a.verb == "raise"] == [
        ("raise", 400),
        ("raise", 600),
        ("raise", 800),  # "caps $2.00 to $8.00"
    ]


def test_a_stud_table_line_names_no_button() -> None:
    from hilo_cli.histories.winning import TABLE

    found = TABLE.match("Pampa 8-max")
    assert found is not None and found.group("button") is None
    found = TABLE.match("St. Lucie 6-max Seat #1 is the button")
    assert found is not None and found.group("button") == "1"


def test_the_old_format_s_allin_without_an_amount_is_the_rest_of_the_stack() -> None:
    text = SITE.data("old-variants.txt").decode("utf-16")
    first = text.split("Game started at: ")[1]
    hand = text_hand(WinningOld, "t.txt", 1, ("Game started at: " + first).splitlines())
    assert isinstance(hand, SiteHand)
    assert [(a.verb, a.amount, a.all_in) for a in hand.actions if a.player == "Cy"][-1:] == [
        ("call", 500, True)
    ]
    assert hand.skipped == 0  # "wait BB" and "sitting out" are notes the reader knows


def test_the_old_format_s_caps_and_straddle_are_read() -> None:
    text = SITE.data("old-format.txt").decode("utf-16")
    first = "Game started at: " + text.split("Game started at: ")[1]
    capped = first.replace("Player Alice raises (3)", "Player Alice caps (3)")
    assert capped != first
    hand = text_hand(WinningOld, "t.txt", 1, capped.splitlines())
    plain = text_hand(WinningOld, "t.txt", 1, first.splitlines())
    assert isinstance(hand, SiteHand) and isinstance(plain, SiteHand)
    assert [(a.verb, a.amount, a.to) for a in hand.actions if a.player == "Alice"] == [
        (a.verb, a.amount, a.to) for a in plain.actions if a.player == "Alice"
    ]
    straddled = first.replace(
        "Player Cy has big blind (1)", "Player Cy has big blind (1)\nPlayer Alice straddle (2)"
    )
    hand = text_hand(WinningOld, "t.txt", 1, straddled.splitlines())
    assert isinstance(hand, SiteHand)
    alice = [(a.verb, a.amount) for a in hand.actions if a.player == "Alice"]
    assert alice[:1] == [("straddle", 200)]


# -- the older format's stud (issue 28) ------------------------------------------------------------------


def _old_stud() -> str:
    return SITE.data("old-stud.txt").decode("utf-16")


def _old_first(text: str) -> list[str]:
    lines = text.split("\r\n")
    return lines[: lines.index("Game started at: 2024/6/1 12:02:00")]


def test_the_old_formats_stud_streets_deal_one_street_later_than_they_are_named() -> None:
    hand = text_hand(WinningOld, "t.txt", 1, _old_first(_old_stud()))
    assert isinstance(hand, SiteHand) and hand.header.limit == "Fixed Limit"
    assert [a.street for a in hand.actions if a.verb == "street"] == [0, 1, 2, 3, 4]
    # Third street deals Alice three cards she sees and the others their up card; the seventh is down.
    assert [(a.street, a.player, len(a.cards)) for a in hand.actions if a.verb == "dealt"] == [
        (0, "Alice", 3),
        (0, "Bob", 1),
        (0, "Cy", 1),
        (1, "Alice", 1),
        (1, "Bob", 1),
        (1, "Cy", 1),
        (2, "Alice", 1),
        (2, "Cy", 1),
        (3, "Alice", 1),
        (3, "Cy", 1),
        (4, "Alice", 1),
    ]
    assert hand.dealt["Alice"] == cards_of("As 2s 5d 4h 8c 2d Qh", "Alice's cards")
    assert (hand.total, hand.rake) == (1730, 85)


def test_the_old_formats_stud_street_lines_set_the_bet_sizes() -> None:
    # "Third street" deals the fourth card: the small bet (1); "Fourth street" the fifth: the big bet (2).
    text = _old_stud()
    for line, bet in (
        ("Player Cy bets (1)", "Player Cy bets (2)"),
        ("Player Cy bets (2)", "Player Cy bets (1)"),
    ):
        wrong = text.replace(line, bet, 1)
        assert wrong != text
        (_, _, status, why) = file_verdicts(wrong.encode("utf-16"))[0]
        assert status == "error" and "fixed limit" in why, why


def test_the_old_formats_stud_paid_wrong_is_a_mismatch() -> None:
    # The odd cent paid to the low half (RULES §4.3 gives it to the high).
    text = _old_stud()
    text = text.replace("Collects: 8.22. Wins: 0.12", "Collects: 8.2x. Wins: 0.1x", 1)
    text = text.replace("Collects: 8.23. Wins: 0.13", "Collects: 8.22. Wins: 0.12", 1)
    text = text.replace("Collects: 8.2x. Wins: 0.1x", "Collects: 8.23. Wins: 0.13", 1)
    found = file_verdicts(text.encode("utf-16"))
    assert [(i, s) for i, _, s, _ in found] == [("900000021", "mismatch"), ("900000022", "ok")]
    assert "odd chip" in found[0][3]


_OLD_CARDS = re.compile(r"(shows: [^\[\n]*\[)([^\]]+)\]")
_OLD_SEAT = re.compile(r"Seat \d+: .* \([\d.]+\)\.$")
OLD_OWN = [
    "old-format.txt",
    "old-variants.txt",
    "old-stud.txt",
    "old-capped.txt",
    "old-sitting-out.txt",
    "old-disconnected.txt",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OLD_OWN), st.randoms(use_true_random=False))
def test_old_format_verdict_does_not_depend_on_the_order_seats_and_cards_are_written(
    name: str, rng: random.Random
) -> None:
    # The blank lines between the lines left out, so that the seat lines are one run to shuffle.
    text = "\n".join(line for line in SITE.data(name).decode("utf-16").split("\r\n") if line)
    again = shuffled(text, rng, _OLD_CARDS, _OLD_SEAT, consistent=True)
    assert [(i, s) for i, _, s, _ in file_verdicts(again.encode("utf-16"))] == [
        (i, s) for i, _, s, _ in file_verdicts(SITE.data(name))
    ]


def test_the_old_format_property_patterns_find_the_lines_they_move() -> None:
    text = SITE.data("old-stud.txt").decode("utf-16")
    assert len(_OLD_CARDS.findall(text)) == 2
    assert len([line for line in text.split("\r\n") if _OLD_SEAT.match(line)]) == 6


def test_the_old_formats_stud_showdown_must_hold_the_up_cards_dealt() -> None:
    # Cy's third-street up card was Kh: a summary showing Kc in its place is not the hand dealt.
    text = _old_stud().replace("[Kd 10c Kh Ks 9d Js 6h]", "[Kd 10c Kc Ks 9d Js 6h]")
    (_, _, status, why) = file_verdicts(text.encode("utf-16"))[0]
    assert status == "error" and "Cy shows cards other than those dealt" in why, why


def test_at_a_capped_table_a_player_at_the_cap_is_all_in() -> None:
    text = SITE.data("old-capped.txt").decode("utf-16")
    hand = text_hand(WinningOld, "t.txt", 1, text.split("\r\n"))
    assert isinstance(hand, SiteHand)
    assert {s.name: s.stack for s in hand.seats} == {"Ann": 30000, "Bob": 30000, "Cy": 30000}
    flop = [(a.player, a.verb, a.all_in) for a in hand.actions if a.street == 1 and a.player]
    assert flop == [
        ("Bob", "bet", False),
        ("Cy", "raise", False),
        ("Bob", "raise", True),
        ("Cy", "call", True),
    ]
    # At a table that is not capped the cap is only a raise: the turn comes with the round open.
    uncapped = text.replace(" - CAP -", " -")
    (_, _, status, why) = file_verdicts(uncapped.encode("utf-16"))[0]
    assert status == "error" and "still to act" in why


def test_a_seated_player_dealt_no_card_is_not_live_when_the_winner_mucks() -> None:
    text = SITE.data("old-sitting-out.txt").decode("utf-16")
    hand = text_hand(WinningOld, "t.txt", 1, text.split("\r\n"))
    # Alice's "mucks cards" is no muck (Dee, sitting out, was never live): she takes the pot.
    assert isinstance(hand, SiteHand) and hand.mucks == set() and hand.skipped == 0
    assert [s for _, _, s, _ in file_verdicts(SITE.data("old-sitting-out.txt"))] == ["ok"]


def test_the_button_draw_deals_no_card_of_the_hand() -> None:
    (record,) = file_records(SITE.data("button-draw.txt"), "button-draw.txt")
    assert record.hand is not None
    (plain,) = file_records(SITE.data("split.txt"), "split.txt")[:1]
    assert plain.hand is not None
    assert record.hand.players == plain.hand.players  # Alice's Ks and the others' are in no hand
    text = SITE.data("button-draw.txt").decode()
    two = text.replace("Dealt to Bob [7h]", "Dealt to Bob [7h 2d]", 1)
    (_, line, status, why) = file_verdicts(two.encode())[0]
    assert status == "error" and "button draw" in why and line == 7


def test_all_in_protection_is_not_checkable_and_puts_in_no_chips() -> None:
    (_, _, status, why) = file_verdicts(SITE.data("old-disconnected.txt"))[0]
    assert status == "not-checkable"
    assert why == (
        "Bob was put all in on a disconnection for the chips already in (all-in protection): "
        "RULES.md has no rule for it"
    )
    text = SITE.data("old-disconnected.txt").decode("utf-16")
    hand = text_hand(WinningOld, "t.txt", 1, text.split("\r\n"))
    assert isinstance(hand, SiteHand)
    assert [a.amount for a in hand.actions if a.player == "Bob" and a.verb != "dealt"] == [100]
    # Without the disconnection, "allin" is the rest of Bob's stack.
    plain = text.replace("Player Bob is disconnected and ALL IN.\r\n\r\n", "", 1)
    hand = text_hand(WinningOld, "t.txt", 1, plain.split("\r\n"))
    assert isinstance(hand, SiteHand)
    assert [a.amount for a in hand.actions if a.player == "Bob" and a.verb != "dealt"] == [
        100,
        9900,
    ]
