"""``hilo check`` on PartyPoker hand histories (issue 17): the project's own files in the site's format,
the shared real files (skipped when ../shared is absent), what the reader fills, and a verdict that does
not depend on the order the seats or the cards are written in.

PartyPoker prints no rake: every verdict below is after the rake the checker derives (RULES §13). The own
files in tests/data/partypoker/ were worked out by hand (cents):

* split: a buy-in header ($100 PL: the blinds are the posts, 50/100); 1900 put in, 95 taken: high 903 Bob
  (three kings), low 902 Ann (7-5-3-2-A), the odd cent to high.
* quartered: $2/$4 limit; 2400 − 106 = 2294: high 1147 Cy (three kings); low 1147 tied by Bob and Ann,
  574 to Bob (first left of the button), 573 to Ann.
* side-pot: Bob all in for $10: main pot 3000 (150 taken) high 1425 Cy, low 1425 Bob; side pot 1 2000 (100
  taken) both halves 950 to Cy; Cy's $20 nobody called written as "side pot 2" (the bet returned).
* no-showdown: "Ann wins $10.55 USD" of a pot of $9 and her $2 nobody called: 855 from the pot.
* stud: 7 Card Stud Hi/Lo $1/$2, bring-in $0.50; 830 − 41 = 789: high 395 Bob, low 394 Ann.
* tournament: chips; Hero wins 240 chips, 120 of them his bet nobody called. holdem: not checkable.
* tampered: split and quartered with the odd cent the other way; side-pot with side pot 1 paid $4 short
  (more than a rake could be: a pot part of which was never awarded).
* bad-input: an amount that is no amount, a line no PartyPoker hand has, a limit that is none, cards dealt
  to nobody seated, between good hands.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from archive_sites import TextSite, shared_files_or_skip, shuffled
from click.testing import CliRunner
from conftest import SHARED_DIR, TEST_DATA, verdict
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.checking import check
from hilo_cli.cli import main
from hilo_cli.histories import HandText, detect, hands, read, read_text
from hilo_cli.histories.base import Currency
from hilo_cli.histories.partypoker import PartyPoker
from hilo_cli.histories.site import SiteHand

SITE = TextSite("partypoker", PartyPoker)
verdicts, text_of, hand_of = SITE.verdicts, SITE.text, SITE.hand


@pytest.mark.parametrize(
    "name, depth",
    [
        ("split.txt", "per half"),
        ("quartered.txt", "per half"),
        ("side-pot.txt", "per half"),
        ("no-showdown.txt", "per player"),
        ("stud.txt", "per half"),
        ("tournament.txt", "per player"),
    ],
)
def test_each_own_hand_is_ok_at_its_depth(name: str, depth: str) -> None:
    ((_, status, found, why),) = verdicts(text_of(name))
    assert (status, found) == ("ok", depth), why


def test_the_buy_in_header_takes_its_blinds_from_the_posts_and_no_rake_is_printed() -> None:
    hand = hand_of("split.txt")
    assert (hand.header.small, hand.header.big, hand.header.limit) == (50, 100, "Pot Limit")
    assert [(c.player, c.amount, c.pot, c.half) for c in hand.collects] == [
        ("Bob", 903, 0, "high"),
        ("Ann", 902, 0, "low"),
    ]
    assert (hand.total, hand.rake, hand.rake_printed, hand.pots_printed) == (None, 0, False, False)
    assert hand.currency == Currency("$", "", 100, "USD") and hand.button == 1
    (record,) = read("split.txt", text_of("split.txt"), "partypoker")
    settlement, _ = check(record)
    assert settlement is not None and [p.rake for p in settlement.pots] == [95]


def test_amounts_in_brackets_are_what_the_player_added() -> None:
    hand = hand_of("side-pot.txt")
    raises = [
        (a.player, a.verb, a.amount, a.to) for a in hand.actions if a.verb in ("raise", "call")
    ]
    assert raises == [
        ("Ann", "raise", 300, 300),
        ("Bob", "raise", 950, 1000),
        ("Cy", "call", 900, None),
        ("Ann", "call", 700, None),
        ("Ann", "call", 1000, None),
    ]
    assert [a.all_in for a in hand.actions if a.player == "Bob" and a.verb == "raise"] == [True]


def test_an_uncalled_bet_paid_as_a_side_pot_or_with_the_pot_is_returned() -> None:
    side = hand_of("side-pot.txt")
    assert side.uncalled == {"Cy": 2000} and all(c.pot < 2 for c in side.collects)
    alone = hand_of("no-showdown.txt")
    assert alone.uncalled == {"Ann": 200}
    assert [(c.player, c.amount, c.half) for c in alone.collects] == [("Ann", 855, None)]
    assert not alone.pots_named  # "wins $10.55 USD" names no pot


def test_stud_bring_in_and_completion() -> None:
    hand = hand_of("stud.txt")
    first = [
        (a.player, a.verb, a.amount, a.to)
        for a in hand.actions
        if a.verb in ("bring in", "complete")
    ]
    assert first == [("Ann", "bring in", 50, None), ("Bob", "complete", 100, 100)]
    assert (hand.header.small, hand.header.big) == (100, 200)


def test_a_game_hilo_does_not_play_is_not_checkable() -> None:
    ((_, status, _, why),) = verdicts(text_of("holdem.txt"))
    assert status == "not-checkable" and why == "Texas Hold'em No Limit is not a game hilo plays"


def test_tampered_payouts_are_mismatches() -> None:
    found = verdicts(text_of("tampered.txt"))
    assert [(id, status) for id, status, _, _ in found] == [
        ("6001", "mismatch"),
        ("6002", "mismatch"),
        ("6003", "mismatch"),
    ]
    assert found[0][3].startswith("an odd chip went to another player")
    assert found[1][3].startswith("an odd chip went to another player")
    assert "never awarded" in found[2][3]
    result = CliRunner().invoke(main, ["check", str(SITE.path("tampered.txt"))])
    assert result.exit_code == 1


def test_bad_input_is_one_error_record_per_hand_and_the_others_are_read() -> None:
    found = verdicts(text_of("bad-input.txt"))
    assert [(id, status) for id, status, _, _ in found] == [
        ("5001", "ok"),
        ("7001", "error"),
        ("7002", "error"),
        ("7003", "error"),
        ("7004", "error"),
        ("7005", "ok"),
    ]
    assert found[1][3] == "cannot read the action 'Ann bets [$3.x USD]'"
    assert found[2][3] == "cannot read the action 'Cy scratches his head 3 times'"
    assert found[3][3].startswith(
        "game #7003: cannot read the game, limit and stakes in '$100 USD PX Omaha"
    )
    assert found[4][3] == "cannot read the cards dealt in 'Dealt to Zed [  As 3s Qd Jh ]'"
    result = CliRunner().invoke(main, ["check", str(SITE.path("bad-input.txt"))])
    assert result.exit_code == 2 and "Traceback" not in result.output + result.stderr


def test_a_button_seat_past_its_bound_is_the_button_lines_error() -> None:
    text = text_of("split.txt").replace("Seat 1 is the button", "Seat 99999999 is the button")
    (record,) = read("t.txt", text, "partypoker")
    assert record.line == 7 and record.error is not None and "button's seat" in record.error


def test_chat_and_the_lines_around_a_header_are_no_part_of_the_hand() -> None:
    hand = hand_of("tournament.txt")
    assert (
        hand.header.tournament
        and hand.currency == Currency()
        and (hand.header.small, hand.header.big) == (20, 40)
    )
    assert not any("nice hand" in a.text for a in hand.actions)
    found = list(read("t.txt", text_of("tournament.txt") + "\n#Game No : 5008\n", "partypoker"))
    assert [r.id for r in found] == [
        "5007"
    ]  # "Game #5008 starts." and "#Game No" alone make no hand


def test_detect_claims_partypoker_and_not_888_or_pokerstars() -> None:
    assert detect(text_of("split.txt")) == "partypoker"
    assert detect("#Game No : 1\n***** 888poker Hand History for Game 1 *****\n") != "partypoker"
    assert detect("#Game No : 1\n***** Cassava Hand History for Game 1 *****\n") != "partypoker"
    others = TEST_DATA / "pokerstars"
    assert all(detect(p.read_text(encoding="utf-8")) != "partypoker" for p in others.glob("*.txt"))


# -- the shared real files -------------------------------------------------------------------------------------


def test_every_shared_hand_gets_a_record_and_each_is_ok() -> None:
    total = 0
    for path in shared_files_or_skip(SITE.name):
        text = path.read_text(encoding="utf-8-sig")
        found = verdicts(text, path.name)
        assert len(found) == len(
            re.findall(r"^\*{5} Hand History for Game", text, flags=re.MULTILINE)
        ), path.name
        total += len(found)
        assert all(status == "ok" for _, status, _, _ in found), (path.name, found)
    assert total == 4


# -- the same hand written in another order ---------------------------------------------------------------------

FILES = [
    "split.txt",
    "quartered.txt",
    "side-pot.txt",
    "no-showdown.txt",
    "stud.txt",
    "tampered.txt",
    "summary-2023.txt",
    "tampered-2023.txt",
    "variants-2010.txt",
]


_SEAT = re.compile(r"^Seat \d+: .*\)$")
_CARDS = re.compile(
    r"^((?:Dealt to \S+ |\S+ shows |\S+ balance [^\[\n]*)\[)( [^\]\n]* )\]", re.MULTILINE
)


def reorder(text: str, rng: random.Random) -> str:
    """The seat lines in another order, and the cards a board-game player shows or is dealt (not a stud
    player's: their order says which card is up)."""
    return shuffled(text, rng, None if "Stud" in text else _CARDS, _SEAT)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(FILES), st.randoms(use_true_random=False))
def test_the_verdict_does_not_depend_on_the_order_of_seats_and_cards(
    name: str, rng: random.Random
) -> None:
    text = text_of(name)
    assert [v[:3] for v in verdicts(reorder(text, rng))] == [v[:3] for v in verdicts(text)]


def test_reorder_changes_the_text() -> None:
    text = text_of("quartered.txt")
    assert any(reorder(text, random.Random(seed)) != text for seed in range(5))
    summary = "\n".join(
        line for line in text_of("summary-2023.txt").splitlines() if "balance" in line
    )
    assert any(reorder(summary, random.Random(seed)) != summary for seed in range(5))


def test_a_show_line_cut_in_its_brackets_is_an_error_not_a_traceback() -> None:
    text = text_of("stud.txt").replace(
        "Ann shows [ Ah, 3h, 2c, 6d, 7c, 8s, Jh ]high card Ace.", "Ann shows [ Ah, 3h"
    )
    ((_, status, _, why),) = verdicts(text)
    assert status == "error" and why == "cannot read the cards shown in 'Ann shows [ Ah, 3h'"


def test_a_hand_cut_before_its_awards_is_an_error_not_a_pot_never_awarded() -> None:
    text = text_of("split.txt").split("Bob wins ")[0]
    ((_, status, _, why),) = verdicts(text)
    assert status == "error" and why == "game #5001 is cut short: no 'wins' line"


# -- the 2023 format and the other line variants (issue 28) ----------------------------------------------------


def _first_hand(text: str) -> SiteHand:
    """The ``SiteHand`` of the first hand of ``text`` (the lines before its header left out)."""
    first = text[text.index("***** Hand History") :].split("\n\n")[0]
    hand = SITE.read_hand("t.txt", 1, first.splitlines())
    assert isinstance(hand, SiteHand), hand
    return hand


def test_the_2023_format_reads_its_summary_and_each_hand_is_ok() -> None:
    """``Hand History For Game <letters>``, amounts in parentheses, ``raises X to Y``, the summary's pots
    and rake and each player's ``balance ... collected ...`` (worked out by hand, cents): a split 86 after
    4 raked, 43 each; a bet of 50 nobody called, collected with the pot (112 = 62 + 50); a side pot."""
    found = verdicts(text_of("summary-2023.txt"))
    assert [(id, status, depth) for id, status, depth, _ in found] == [
        ("1700000000001abcde", "ok", "per player"),
        ("1700000000002fghij", "ok", "per player"),
        ("1700000000003klmno", "ok", "per player"),
    ]
    split = _first_hand(text_of("summary-2023.txt"))
    assert (split.total, split.rake, split.printed_pots, split.rake_printed) == (90, 4, [86], True)
    assert [(c.player, c.amount, c.half) for c in split.collects] == [
        ("Ann", 43, None),
        ("Bob", 43, None),
    ]
    assert set(split.shows) == {"Ann", "Bob"} and split.button == 1  # cards from the summary lines
    assert split.currency == Currency("$", "", 100, "USD")  # no sign on the stakes: the stacks'
    uncalled = _first_hand(text_of("summary-2023.txt").split("\n\n", 1)[1])
    assert uncalled.uncalled == {"Ann": 50}
    assert [(a.verb, a.amount, a.to) for a in uncalled.actions if a.verb == "raise"] == [
        ("raise", 30, 30)
    ]


def test_the_2023_format_tampered_is_a_mismatch() -> None:
    found = verdicts(text_of("tampered-2023.txt"))
    assert [(id, status) for id, status, _, _ in found] == [
        ("1700000000009tampa", "mismatch"),
        ("1700000000010tampb", "mismatch"),
    ]
    assert found[0][3].startswith("an odd chip went to another player")
    assert "the summary's Total pot is 75, but the actions put 65 in the pots" in found[1][3]


def test_a_2023_raise_whose_two_amounts_disagree_is_an_error() -> None:
    text = text_of("summary-2023.txt").replace("Ann raises 0.30 to 0.30", "Ann raises 0.25 to 0.30")
    assert verdicts(text)[1][1:4:2] == ("error", "cannot read the action 'Ann raises 0.25 to 0.30'")


def test_a_2023_summary_line_that_does_not_read_is_an_error() -> None:
    text = text_of("summary-2023.txt").replace(
        "Cy balance $9.90, lost $0.10 (folded)", "Cy balance"
    )
    assert verdicts(text)[0][1:4:2] == ("error", "cannot read the summary line 'Cy balance'")


def test_every_newer_2023_hand_gets_a_record_and_each_is_ok() -> None:
    folder = SHARED_DIR / "handhistories" / "newer" / "partypoker"
    if not folder.is_dir():
        pytest.skip("../shared/handhistories/newer/partypoker is absent (a user's clone)")
    total = 0
    for path in sorted(folder.iterdir()):
        text = path.read_text(encoding="utf-8-sig")
        found = verdicts(text, path.name)
        assert len(found) == len(re.findall(r"^\*{5} Hand History [Ff]or Game", text, re.M))
        assert all(status == "ok" for _, status, _, _ in found), (path.name, found)
        total += len(found)
    assert total == 1


# Each variant written into an own hand reads as the hand does: (file, the line as the file has it, the
# variant, the same verdict).
VARIANTS = [
    # the 2023 header's source tag
    (
        "split.txt",
        "***** Hand History for Game 5001 *****",
        "***** Hand History For Game 5001 ***** (Party)",
    ),
    # the limit after the game, in parentheses; a speed word; no limit word at a stud table
    (
        "quartered.txt",
        "$2/$4 USD FL Omaha Hi-Lo",
        "$2/$4 USD Omaha Hi-Lo Game Table (FL)",
    ),
    ("quartered.txt", "$2/$4 USD FL Omaha Hi-Lo", "$2/$4 USD fastforward FL Omaha Hi-Lo"),
    ("stud.txt", "$1/$2 USD FL 7 Card Stud Hi-Lo", "$1/$2 USD 7 Card Stud Hi-Lo"),
    # the button on the table line, "(No DP)"; stacks without spaces in their parentheses
    (
        "split.txt",
        "Table Alpha (Real Money)\nSeat 1 is the button",
        "Table Alpha (No DP) (Real Money) -- Seat 1 is the button",
    ),
    ("split.txt", "Seat 1: Ann ( $50 USD )", "Seat 1: Ann ($50)"),
    # posts, bets and calls in parentheses; "posts ante of"; "double bets"
    ("split.txt", "Bob posts small blind [$0.50 USD].", "Bob posts small blind ($0.50)"),
    ("split.txt", "Ann calls [$1 USD]", "Ann calls (1)"),
    ("stud.txt", "Ann posts ante [$0.10 USD]", "Ann posts ante of [$0.10 USD]"),
    ("split.txt", "Ann bets [$3 USD]", "Ann double bets [$3 USD]"),
    # table notes that move nothing
    (
        "split.txt",
        "** Dealing down cards **",
        "There is no Small Blind in this hand as the Big Blind of the previous hand left the table\n"
        "** Dealing down cards **",
    ),
    ("split.txt", "Cy folds", "Cy folds\nConnection Lost due to some reason"),
    # tournaments: "Stakes(..)", "Blinds-Antes(..)", no blinds on the line ("Blinds(..)" below it)
    ("tournament.txt", "Blinds(20/40) - Thursday", "Stakes(20/40) - Thursday"),
    ("tournament.txt", "Blinds(20/40) - Thursday", "Blinds-Antes(20/40 -0) - Thursday"),
    (
        "tournament.txt",
        "PL Omaha Hi-Lo $22 USD Buy-in Trny: 900 Level: 2  Blinds(20/40) - Thursday",
        "PL Omaha Hi-Lo $22 USD Buy-in - Thursday",
    ),
    (
        "tournament.txt",
        "***** Hand History for Game 5007 *****\nPL Omaha Hi-Lo $22 USD Buy-in Trny: 900 Level: 2  "
        "Blinds(20/40) - Thursday",
        "***** Hand History For Game 5007 ***** (Party)\nTourney Hand PL Omaha Hi-Lo - Thursday",
    ),
]


@pytest.mark.parametrize("name, old, new", VARIANTS)
def test_each_line_variant_reads_as_the_hand_does(name: str, old: str, new: str) -> None:
    text = text_of(name)
    assert old in text
    found = verdicts(text.replace(old, new, 1))
    assert [v[:3] for v in found] == [v[:3] for v in verdicts(text)], found


def test_the_variants_mean_what_the_lines_they_replace_do() -> None:
    hand = _first_hand(text_of("stud.txt").replace("FL 7 Card", "7 Card"))
    assert hand.header.limit == "Limit"  # no limit word: fixed limit
    doubled = _first_hand(text_of("split.txt").replace("Ann bets [$3", "Ann double bets [$3"))
    assert ("Ann", "bet", 300) in [(a.player, a.verb, a.amount) for a in doubled.actions]
    blind = _first_hand(text_of("split.txt").replace("Cy posts big", "Cy posts button"))
    assert ("Cy", "big blind", 100) in [(a.player, a.verb, a.amount) for a in blind.actions]
    level = _first_hand(
        text_of("tournament.txt").replace(" Trny: 900 Level: 2  Blinds(20/40) -", " -")
    )
    assert (level.header.small, level.header.big) == (20, 40)  # from the "Blinds(20/40)" line
    sng = _first_hand(
        text_of("tournament.txt").replace(
            "PL Omaha Hi-Lo $22 USD Buy-in Trny: 900 Level: 2  Blinds(20/40) -",
            "20/40 PL Omaha Hi-Lo (SNG Tournament #900) (Buyin $20 + $2) -",
        )
    )
    assert sng.header.tournament and (sng.header.small, sng.header.big) == (20, 40)


def test_a_closed_table_or_a_cash_out_is_not_checkable() -> None:
    text = text_of("split.txt")
    closed = text.replace("Bob checks\nAnn checks\n", "Table Closed\n").split("Bob shows")[0]
    ((_, status, _, why),) = verdicts(closed)
    assert (status, why) == ("not-checkable", "the hand was cancelled")
    cashed = text.replace("Bob checks\nAnn checks\n", "Bob Cashout Amount is $8.50\n")
    ((_, status, _, why),) = verdicts(cashed)
    assert status == "not-checkable" and why.startswith("Bob cashed out the hand")


# -- fpdb-3's regression files (issue 28): NUL bytes, silent blinds, the 2019-2021 tournament line ---------


def _records_of_bytes(data: bytes) -> list[tuple[str | None, str]]:
    found = [
        r if not isinstance(r, HandText) else read_text(r) for r in hands("f.txt", io.BytesIO(data))
    ]
    return [(r.id, verdict(r)[0]) for r in found]


def test_nul_bytes_at_line_starts_are_no_text_and_the_hands_are_read() -> None:
    # tests/data/partypoker/variants-2010.txt: a NUL before two hands' first lines and before every line
    # of the second hand, as PartyPoker's files of 2010-2012 write them; the file ends "\n\x00\n".
    data = (TEST_DATA / "partypoker" / "variants-2010.txt").read_bytes()
    assert data.count(b"\n\x00") > 20
    assert _records_of_bytes(data) == [
        ("6001", "ok"),
        ("6002", "ok"),
        ("6003", "not-checkable"),
    ]
    # A NUL anywhere else is binary data, as before.
    (bad,) = list(hands("f.txt", io.BytesIO(data.replace(b"Seat 1: Ann", b"Seat 1:\x00Ann", 1))))
    assert not isinstance(bad, HandText) and bad.error == "binary data, not a hand history"


def test_a_tournament_hand_that_writes_no_post_has_the_levels_blinds_posted() -> None:
    text = (
        (TEST_DATA / "partypoker" / "variants-2010.txt").read_bytes().decode().replace("\x00", "")
    )
    hand = _first_hand(text)
    posts = [(a.player, a.verb, a.amount) for a in hand.actions if "blind" in a.verb]
    assert posts == [
        ("Ann", "small blind", 50),
        ("Bob", "big blind", 100),
    ]  # after the button, seat 6
    # Where the posts are written, none is added.
    tournament = _first_hand(text_of("tournament.txt"))
    assert [a.player for a in tournament.actions if "blind" in a.verb] == ["Bob", "Hero"]


def test_the_2019_tournament_line_and_runs_of_spaces_read() -> None:
    text = (
        (TEST_DATA / "partypoker" / "variants-2010.txt").read_bytes().decode().replace("\x00", "")
    )
    second = text[text.index("Game #6002") :]
    hand = _first_hand(second)
    assert hand.header.tournament and (hand.header.small, hand.header.big) == (20, 40)
    assert hand.header.game == "Omaha Hi-Lo" and hand.header.limit == "Pot Limit"


def test_an_action_of_a_player_with_no_seat_is_an_error_naming_them() -> None:
    text = text_of("split.txt").replace("Cy folds", "Zed folds", 1)
    ((_, status, _, why),) = verdicts(text)
    assert status == "error" and "'Zed' has no seat in this hand" in why
