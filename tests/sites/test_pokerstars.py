"""The PokerStars reader, line by line (``hilo_cli.histories.pokerstars`` into ``SiteHand`` values) and
hand by hand (``READER.read_hand``): money into cents, headers, every line kind, runs, the summary, and
the records it makes (issue 11).

The hands are small texts written here in the site's format; the amounts are worked out in the comments.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from archive_sites import text_hand
from conftest import TEST_DATA

from hilo_cli.cards import parse_cards
from hilo_cli.errors import InputError
from hilo_cli.histories import HandRecord, HandText, pokerstars, split
from hilo_cli.histories.amounts import money
from hilo_cli.histories.pokerstars import PokerStars, read_header
from hilo_cli.histories.site import SiteHand as StarsHand
from hilo_cli.histories.summary import collected_by_pot


def read_hands(source: str, text: str) -> Iterator[StarsHand | HandRecord]:
    """Each hand of ``text`` as the base cuts it, read by the PokerStars reader: the hand as its lines
    say (before the record is made of it), or the error record of a hand that cannot be read."""
    for piece in split(source, text, "pokerstars"):
        assert isinstance(piece, HandText), piece
        yield text_hand(PokerStars, source, piece.line, piece.lines)


DATA = TEST_DATA / "pokerstars"

# A heads-up no-showdown hand: Bo raises, Al folds; 10 + 25 in the pot, Bo's 50 uncalled comes back.
SMALL = """\
PokerStars Hand #111:  Omaha Hi/Lo Pot Limit ($0.10/$0.25 USD) - 2024/01/01 10:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Al ($5 in chips)
Seat 2: Bo ($1,000.50 in chips)
Al: posts small blind $0.10
Bo: posts big blind $0.25
*** HOLE CARDS ***
Dealt to Al [Ah 2h 3c Kd]
Al: calls $0.15
Bo: raises $0.50 to $0.75
Al: folds
Uncalled bet ($0.50) returned to Bo
Bo collected $0.50 from pot
Bo: doesn't show hand
*** SUMMARY ***
Total pot $0.50 | Rake $0
Seat 1: Al (button) (small blind) folded before Flop
Seat 2: Bo (big blind) collected ($0.50)
"""


def one(text: str) -> StarsHand:
    hands = list(read_hands("t.txt", text))
    assert len(hands) == 1
    hand = hands[0]
    assert isinstance(hand, StarsHand), hand
    return hand


def bad(text: str) -> HandRecord:
    hands = list(read_hands("t.txt", text))
    assert len(hands) == 1 and isinstance(hands[0], HandRecord), hands
    assert hands[0].error is not None, hands[0]
    return hands[0]


@pytest.mark.parametrize(
    ("text", "scale", "units"),
    [
        ("$7.06", 100, 706),
        ("$5", 100, 500),
        ("$0.1", 100, 10),
        ("€1,234.50", 100, 123450),
        ("£0.05", 100, 5),
        ("1,500", 1, 1500),
        ("4851", 1, 4851),
        ("$0", 100, 0),
    ],
)
def test_money_becomes_integer_units_at_the_reader(text: str, scale: int, units: int) -> None:
    assert money(text, scale) == units


@pytest.mark.parametrize(
    ("text", "scale"), [("$0.005", 100), ("12.5", 1), ("$1.2.3", 100), ("$", 100)]
)
def test_money_finer_than_the_unit_or_unreadable_is_refused(text: str, scale: int) -> None:
    with pytest.raises(InputError):
        money(text, scale)


@pytest.mark.parametrize(
    ("line", "game", "limit", "mixed", "currency", "small", "big"),
    [
        (
            "PokerStars Hand #109677324649:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2014/01/06 4:56:52 ET",
            "Omaha Hi/Lo",
            "Pot Limit",
            None,
            "$",
            5,
            10,
        ),
        (
            "PokerStars Game #35875034981:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2009/11/26 10:37:53 ET",
            "Omaha Hi/Lo",
            "Pot Limit",
            None,
            "$",
            1,
            2,
        ),
        (
            "PokerStars Hand #1: Tournament #7817460, $5.00+$0.50 USD Omaha Hi/Lo Pot Limit - Level III (25/50) - 2005",
            "Omaha Hi/Lo",
            "Pot Limit",
            None,
            "",
            25,
            50,
        ),
        (
            "PokerStars Hand #2: Tournament #986831247, $37.50+$37.50+$7.00 USD Omaha Hi/Lo No Limit - Level III "
            "(20/40) - 2014/10/19 13:35:54 ET",
            "Omaha Hi/Lo",
            "No Limit",
            None,
            "",
            20,
            40,
        ),
        (
            "PokerStars Hand #3:  5 Card Omaha Hi/Lo Pot Limit ($2/$4 USD) - 2013/04/10",
            "5 Card Omaha Hi/Lo",
            "Pot Limit",
            None,
            "$",
            200,
            400,
        ),
        (
            "PokerStars Hand #4:  6 Card Omaha Hi/Lo Pot Limit (€0.50/€1 EUR) - 2023",
            "6 Card Omaha Hi/Lo",
            "Pot Limit",
            None,
            "€",
            50,
            100,
        ),
        (
            "PokerStars Hand #5:  Courchevel Hi/Lo Pot Limit (£0.25/£0.50 GBP) - 2015",
            "Courchevel Hi/Lo",
            "Pot Limit",
            None,
            "£",
            25,
            50,
        ),
        (
            "PokerStars Hand #164954571644:  8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD) - 2017/01/21 16:58:03 ET",
            "7 Card Stud Hi/Lo",
            "Limit",
            "8-Game",
            "$",
            40000,
            80000,
        ),
        (
            "PokerStars Game #7006091899: Tournament #24502577, $2+$1 HORSE (7 Card Stud Hi/Lo Limit) - Level XV "
            "(40000/80000) - 2006",
            "7 Card Stud Hi/Lo",
            "Limit",
            "HORSE",
            "",
            40000,
            80000,
        ),
        (
            "PokerStars Hand #6:  Mixed Omaha H/L (Omaha Hi/Lo Pot Limit, $0.10/$0.25 USD) - 2020",
            "Omaha Hi/Lo",
            "Pot Limit",
            "Mixed Omaha H/L",
            "$",
            10,
            25,
        ),
        (
            "PokerStars Hand #7:  HORSE (Hold'em Limit, $0.10/$0.20 USD) - 2020",
            "Hold'em",
            "Limit",
            "HORSE",
            "$",
            10,
            20,
        ),
        (
            "PokerStars Home Game Hand #8: {Club 12345}  Omaha Hi/Lo Limit (10/20) - 2020",
            "Omaha Hi/Lo",
            "Limit",
            None,
            "",
            10,
            20,
        ),
        (
            "PokerStars Zoom Hand #9:  Omaha Pot Limit ($0.05/$0.10) - 2020",
            "Omaha",
            "Pot Limit",
            None,
            "$",
            5,
            10,
        ),
    ],
)
def test_header_gives_game_limit_table_kind_and_stakes(
    line: str, game: str, limit: str, mixed: str | None, currency: str, small: int, big: int
) -> None:
    header = read_header(line)
    assert (header.game, header.limit, header.mixed, header.currency, header.small, header.big) == (
        game,
        limit,
        mixed,
        currency,
        small,
        big,
    )
    assert header.id == line.split("#", 1)[1].split(":", 1)[0]


def test_header_that_is_not_one_is_refused() -> None:
    with pytest.raises(InputError, match="not a PokerStars hand header"):
        read_header("Full Tilt Poker Game #1: Omaha Hi/Lo")


def test_a_hand_read_field_by_field() -> None:
    hand = one(SMALL)
    assert hand.header.id == "111" and hand.button == 1 and hand.line == 1
    assert [(s.seat, s.name, s.stack) for s in hand.seats] == [(1, "Al", 500), (2, "Bo", 100050)]
    chips = [
        (a.player, a.verb, a.amount, a.to)
        for a in hand.actions
        if a.verb not in ("street", "dealt")
    ]
    assert chips == [
        ("Al", "small blind", 10, None),
        ("Bo", "big blind", 25, None),
        ("Al", "call", 15, None),
        ("Bo", "raise", 50, 75),
        ("Al", "fold", 0, None),
    ]
    assert hand.dealt == {"Al": parse_cards("Ah 2h 3c Kd")}
    assert hand.uncalled == {"Bo": 50} and hand.won == {"Bo": 50}
    assert [(c.player, c.amount, c.pot, c.label) for c in hand.collects] == [("Bo", 50, 0, "pot")]
    assert (hand.total, hand.rake, hand.printed_pots) == (50, 0, [])


def test_byte_order_mark_crlf_and_several_blank_lines_between_hands() -> None:
    text = "\ufeff" + (SMALL + "\n\n\n" + SMALL.replace("#111", "#112")).replace("\n", "\r\n")
    hands = list(read_hands("t.txt", text))
    assert [h.header.id for h in hands if isinstance(h, StarsHand)] == ["111", "112"]
    assert [h.line for h in hands if isinstance(h, StarsHand)] == [1, 22]


def test_a_header_starts_a_hand_even_without_a_blank_line_before_it() -> None:
    hands = list(read_hands("t.txt", SMALL + SMALL.replace("#111", "#112")))
    assert [h.header.id for h in hands if isinstance(h, StarsHand)] == ["111", "112"]


def test_notes_chat_and_players_coming_and_going_move_no_chips() -> None:
    notes = [
        'Bo said, "nice: hand"',
        "Cy joins the table at seat #3",
        "Cy: is sitting out",
        "Al has timed out",
        "Al is disconnected",
        "Al is connected",
        "Al has returned",
        "Cy leaves the table",
        "Cy will be allowed to play after the button",
        "Dee has timed out while disconnected",
    ]
    text = SMALL.replace("Al: folds\n", "Al: folds\n" + "\n".join(notes) + "\n")
    assert one(text).actions == one(SMALL).actions


@pytest.mark.parametrize(
    ("line", "verb", "amount", "to", "all_in"),
    [
        ("Bo: bets $5.78 and is all-in", "bet", 578, None, True),
        ("Bo: calls $4.99 and is all-in", "call", 499, None, True),
        ("Bo: raises $7.34 to $39.09 and is all-in", "raise", 734, 3909, True),
        ("Bo: raises $72 to $80 and has reached the $80 cap", "raise", 7200, 8000, False),
        ("Bo: posts small & big blinds $0.35", "small and big blinds", 35, None, False),
        ("Bo: posts the ante $0.02", "ante", 2, None, False),
        ("Bo: brings in for $0.05", "bring in", 5, None, False),
        ("Bo: completes it to $0.10", "complete", 10, 10, False),
    ],
)
def test_each_chip_line(line: str, verb: str, amount: int, to: int | None, all_in: bool) -> None:
    hand = one(SMALL.replace("Al: folds\n", line + "\nAl: folds\n"))
    found = next(a for a in hand.actions if a.text == line)
    assert (found.verb, found.amount, found.to, found.all_in) == (verb, amount, to, all_in)


def test_collected_lines_name_their_pot_and_run() -> None:
    lines = "Bo collected $0.43 from side pot\nAl collected $0.22 from side pot-2\nBo collected $23.83 from main pot\n"
    hand = one(SMALL.replace("Bo collected $0.50 from pot\n", lines))
    assert [(c.player, c.amount, c.pot, c.label, c.run) for c in hand.collects] == [
        ("Bo", 43, 1, "side pot", 0),
        ("Al", 22, 2, "side pot-2", 0),
        ("Bo", 2383, 0, "main pot", 0),
    ]


def test_summary_pots_rake_and_won_amounts() -> None:
    text = SMALL.replace(
        "Total pot $0.50 | Rake $0",
        "Total pot $3.70 Main pot $2.35. Side pot-1 $0.88. Side pot-2 $0.29. | Rake $0.18",
    )
    hand = one(text)
    assert (hand.total, hand.printed_pots, hand.rake) == (370, [235, 88, 29], 18)


def test_summary_pots_out_of_order_are_refused() -> None:
    text = SMALL.replace(
        "Total pot $0.50 | Rake $0", "Total pot $3.70 Side pot $2.35. Main pot $1.17. | Rake $0.18"
    )
    assert "not in order" in str(bad(text).error)


def test_summary_won_sums_every_won_of_a_seat() -> None:
    # Run twice: "and lost with ..., and won ($8385.36) with ..." counts once; two wins add up.
    text = SMALL.replace(
        "Seat 2: Bo (big blind) collected ($0.50)",
        "Seat 2: Bo (big blind) showed [Ac Ad 2c 3d] and won ($0.20) with HI: x, "
        "and won ($0.30) with y",
    )
    assert one(text).won == {"Bo": 50}


RUN_TWICE = """\
PokerStars Hand #222:  Omaha Hi/Lo Pot Limit ($0.10/$0.25 USD) - 2024/01/01 10:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Al ($5 in chips)
Seat 2: Bo ($5 in chips)
Al: posts small blind $0.10
Bo: posts big blind $0.25
*** HOLE CARDS ***
Al: raises $0.50 to $0.75
Bo: calls $0.50
*** FLOP *** [2c 5h 9d]
Bo: bets $1.50
Al: raises $2.75 to $4.25 and is all-in
Bo: calls $2.75 and is all-in
*** FIRST TURN *** [2c 5h 9d] [Kc]
*** FIRST RIVER *** [2c 5h 9d Kc] [3s]
*** SECOND TURN *** [2c 5h 9d] [6c]
*** SECOND RIVER *** [2c 5h 9d 6c] [Td]
*** FIRST SHOW DOWN ***
Al collected $5 from pot
*** SECOND SHOW DOWN ***
Bo collected $5 from pot
*** SUMMARY ***
Total pot $10 | Rake $0
Hand was run twice
FIRST Board [2c 5h 9d Kc 3s]
SECOND Board [2c 5h 9d 6c Td]
Seat 1: Al (button) (small blind) showed [Ah 4h Jd Js] and won ($5) with x, and lost with y
Seat 2: Bo (big blind) showed [Kd Ks 8c 8h] and lost with x, and won ($5) with y
"""


def test_run_twice_boards_share_the_cards_dealt_before_the_all_in() -> None:
    hand = one(RUN_TWICE)
    assert hand.boards == {
        0: list(parse_cards("2c 5h 9d")),
        1: list(parse_cards("2c 5h 9d Kc 3s")),
        2: list(parse_cards("2c 5h 9d 6c Td")),
    }
    assert hand.summary_boards == {
        1: parse_cards("2c 5h 9d Kc 3s"),
        2: parse_cards("2c 5h 9d 6c Td"),
    }
    assert hand.runs == 2
    assert [(c.player, c.run) for c in hand.collects] == [("Al", 1), ("Bo", 2)]
    assert hand.summary_cards == {
        "Al": parse_cards("Ah 4h Jd Js"),
        "Bo": parse_cards("Kd Ks 8c 8h"),
    }


@pytest.mark.parametrize(
    "lines",
    [
        ("*** HOLE CARDS *** [5d]", "*** FLOP *** [5d Ah 7c]"),
        ("*** HOLE CARDS ***", "*** FLOP *** [5d] [Ah 7c]"),
    ],
)
def test_courchevel_first_board_card_before_the_flop(lines: tuple[str, str]) -> None:
    text = SMALL.replace("*** HOLE CARDS ***", lines[0]).replace(
        "Al: folds\n", f"Al: calls $0.50\n{lines[1]}\n"
    )
    hand = one(text.replace("Omaha Hi/Lo", "Courchevel Hi/Lo"))
    assert hand.boards[0] == list(parse_cards("5d Ah 7c"))


def test_a_turn_that_repeats_a_different_board_is_refused() -> None:
    text = RUN_TWICE.replace("*** FIRST TURN *** [2c 5h 9d]", "*** FIRST TURN *** [2c 5h 9s]")
    found = bad(text)
    assert (found.source, found.line) == ("t.txt", 14) and "repeats the board" in str(found.error)


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (("Al: folds", "Al: dances for $1"), 11, "cannot read the action 'Al: dances for $1'"),
        (("Al: calls $0.15", "Al: calls $0.1x5"), 9, "'$0.1x5' is not an amount"),
        (("Dealt to Al [Ah 2h 3c Kd]", "Dealt to Al [Ah 2h 3c Kx]"), 8, "'Kx'"),
        (("Dealt to Al", "Dealt to Zed"), 8, "no seat"),
        (("Seat 2: Bo ($1,000.50 in chips)", "Seat 2: Bo (lots in chips)"), 4, "seat line"),
        (("Total pot $0.50 | Rake $0", "Total pot $0.50 | Rake"), 16, "pot line"),
        (("Seat 1: Al", "Seat 100000000000000000000: Al"), 3, "more than hilo counts"),
        (("*** SUMMARY ***", "*** SUMMERY ***"), 15, "unknown street"),
        (
            ("Bo: doesn't show hand", "Bo: doesn't show hand\nsomething else for 5"),
            15,
            "cannot read the line",
        ),
    ],
)
def test_a_line_that_cannot_be_read_is_named_with_its_file_and_line(
    change: tuple[str, str], line: int, words: str
) -> None:
    found = bad(SMALL.replace(*change))
    assert (found.source, found.line, found.id) == ("t.txt", line, "111")
    assert words in str(found.error)


def test_a_hand_cut_short_is_bad_input_and_the_next_hand_is_still_read() -> None:
    cut = SMALL.split("*** SUMMARY ***")[0]
    hands = list(read_hands("t.txt", cut + "\n" + SMALL.replace("#111", "#112")))
    assert isinstance(hands[0], HandRecord) and hands[0].id == "111"
    assert "cut short" in str(hands[0].error)
    assert isinstance(hands[1], StarsHand) and hands[1].header.id == "112"


def test_a_line_that_starts_as_a_header_but_is_none_is_a_line_of_the_hand_before() -> None:
    # Only a whole header's start (the hand's number, a colon, something after it) starts a hand.
    damaged = (
        "PokerStars Hand \U0001f0a1#112:  Omaha Hi/Lo Pot Limit ($0.10/$0.25 USD) - 2024/01/01"
    )
    (found,) = read_hands("t.txt", SMALL + damaged + "\n")
    assert isinstance(found, HandRecord) and (found.id, found.line) == ("111", 19)
    assert "cannot read the summary line 'PokerStars Hand" in str(found.error)
    assert pokerstars.PokerStars.starts_hand(" \tPokerStars Hand #112: Omaha Hi/Lo")
    assert not pokerstars.PokerStars.starts_hand("PokerStars Hand #112:  \t")


def test_text_before_the_first_hand_is_reported() -> None:
    hands = list(read_hands("t.txt", "hello\n" + SMALL))
    assert isinstance(hands[0], HandRecord) and hands[0].error is not None
    assert (hands[0].source, hands[0].line) == ("t.txt", 1)
    assert isinstance(hands[1], StarsHand)


# -- records: what hilo check replays ------------------------------------------------------------------


def records(text: str) -> list[HandRecord]:
    return list(pokerstars.read("t.txt", text))


def test_record_id_is_the_site_hand_number_and_recorded_amounts_are_the_collected_lines() -> None:
    (rec,) = records(SMALL)
    assert rec.id == "111" and rec.error is None and rec.not_checkable is None
    assert rec.recorded_won == {"Bo": 50} and rec.won_excludes_returned
    assert (
        rec.hand is not None
        and rec.hand.players == ("Al", "Bo")
        and rec.hand.starting_stacks == (500, 100050)
    )
    assert rec.hand.structure == "pot" and rec.hand.small_bet == 25 and rec.hand.button == 1


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (
            ("Omaha Hi/Lo Pot Limit", "Hold'em No Limit"),
            "Hold'em No Limit is not a game hilo plays",
        ),
        (
            ("Omaha Hi/Lo Pot Limit ($0.10/$0.25 USD)", "HORSE (Razz Limit, $0.10/$0.25 USD)"),
            "Razz Limit (HORSE table) is not a game hilo plays",
        ),
        (
            ("Omaha Hi/Lo Pot Limit", "Courchevel Pot Limit"),
            "Courchevel Pot Limit is not a game hilo plays",
        ),
        (
            ("Bo: doesn't show hand", "Bo cashed out the hand for $0.49 | Cash Out Fee $0.01"),
            "cashed out",
        ),
        (("Al: folds", "Hand cancelled"), "the hand was cancelled"),
    ],
)
def test_not_checkable_with_the_reason(change: tuple[str, str], why: str) -> None:
    (rec,) = records(SMALL.replace(*change))
    assert (
        rec.hand is None
        and rec.error is None
        and rec.not_checkable is not None
        and why in rec.not_checkable
    )


def test_a_game_not_played_is_not_read_line_by_line() -> None:
    # Draw lines hilo does not read are no error in a hand it does not check.
    text = SMALL.replace("Omaha Hi/Lo Pot Limit", "Triple Draw 2-7 Lowball Limit").replace(
        "Al: folds", "*** FIRST DRAW ***\nAl: discards 2 cards [Ah 2h]\nAl: folds"
    )
    (rec,) = records(text)
    assert rec.not_checkable is not None and "Triple Draw" in rec.not_checkable


def test_collected_lines_and_summary_disagree_is_the_sites_own_inconsistency() -> None:
    # A finding about the site, not bad input: the hand is still there to replay and check.
    (rec,) = records(
        SMALL.replace("Bo (big blind) collected ($0.50)", "Bo (big blind) collected ($0.60)")
    )
    assert rec.error is None and rec.hand is not None and rec.id == "111"
    assert rec.site_inconsistency == "Bo collected $0.50, the summary says won $0.60"
    assert rec.recorded_won == {"Bo": 50}  # what the site paid is the "collected" lines (issue 11)
    assert records(SMALL)[0].site_inconsistency is None


def test_collected_lines_are_summed_per_player() -> None:
    text = SMALL.replace(
        "Bo collected $0.50 from pot", "Bo collected $0.25 from pot\nBo collected $0.25 from pot"
    )
    assert records(text)[0].recorded_won == {"Bo": 50}


def test_stud_records_no_button_and_no_turn_checks() -> None:
    text = (DATA / "stud-hilo.txt").read_text(encoding="utf-8")
    (rec,) = records(text)
    assert rec.hand is not None and rec.hand.button is None and not rec.hand.check_turns
    assert rec.hand.structure == "fixed" and (
        rec.hand.small_bet,
        rec.hand.big_bet,
        rec.hand.bring_in,
    ) == (10, 20, 5)
    # Every player still in gets each street's cards, unknown ones as None (RULES §14.6).
    dealt = [a for a in rec.hand.actions if a.kind == "deal-hole"]
    assert [len(a.cards) for a in dealt[:3]] == [3, 3, 3]
    assert dealt[1].cards[:2] == (None, None) and dealt[1].cards[2] == parse_cards("Qs")[0]


def test_a_new_players_big_blind_does_not_move_the_start_of_the_action() -> None:
    # Two big blinds: the real one (first listed) is replayed last, so the action starts left of it.
    text = SMALL.replace(
        "Seat 2: Bo ($1,000.50 in chips)",
        "Seat 2: Bo ($1,000.50 in chips)\nSeat 3: Cy ($5 in chips)",
    )
    text = text.replace(
        "Bo: posts big blind $0.25", "Bo: posts big blind $0.25\nCy: posts big blind $0.25"
    )
    (rec,) = records(text.replace("Al: folds", "Cy: folds\nAl: folds"))
    assert rec.hand is not None
    posts = [a.actor for a in rec.hand.actions if a.kind == "post"]
    assert posts == ["Al", "Cy", "Bo"]


def test_dead_small_blind_posted_with_the_big_blind_is_dead_money() -> None:
    text = SMALL.replace(
        "Seat 2: Bo ($1,000.50 in chips)",
        "Seat 2: Bo ($1,000.50 in chips)\nSeat 3: Cy ($5 in chips)",
    )
    text = text.replace(
        "Bo: posts big blind $0.25", "Bo: posts big blind $0.25\nCy: posts small & big blinds $0.35"
    )
    (rec,) = records(text.replace("Al: folds", "Cy: folds\nAl: folds"))
    assert rec.hand is not None
    cy = [(a.kind, a.amount) for a in rec.hand.actions if a.actor == "Cy"]
    assert cy[:2] == [("ante", 10), ("post", 25)]


def test_summary_board_must_be_the_board_dealt() -> None:
    text = (DATA / "odd-cent.txt").read_text(encoding="utf-8")
    text = text.replace("Board [3h 6d Qc 8s Kd]", "Board [3h 6d Qc 8s Ks]")
    (rec,) = records(text)
    assert rec.error is None and rec.hand is not None
    assert (
        rec.site_inconsistency
        == "the summary's board 3h 6d Qc 8s Ks is not the board dealt, 3h 6d Qc 8s Kd"
    )


def test_run_twice_summary_must_match_the_runs_dealt() -> None:
    text = (DATA / "run-twice.txt").read_text(encoding="utf-8")
    (rec,) = records(text.replace("Hand was run twice", "Hand was run three times"))
    assert rec.error is None
    assert (
        rec.site_inconsistency == "the summary says the hand was run 3 times, but 2 runs were dealt"
    )
    (rec,) = records(text.replace("SECOND Board [4d 7s Qh 6c Td]", "SECOND Board [4d 7s Qh 6c Th]"))
    assert rec.site_inconsistency is not None
    assert rec.site_inconsistency.startswith("the summary's SECOND board 4d 7s Qh 6c Th")


def by_pot(hand: StarsHand) -> tuple[dict[str, int], ...]:
    return collected_by_pot(hand.collects, len(hand.printed_pots))


def test_collected_lines_by_pot() -> None:
    text = (DATA / "side-pots-rake.txt").read_text(encoding="utf-8")
    assert by_pot(one(text)) == ({"Carol": 200, "Alice": 199}, {"Carol": 380})
    assert records(text)[0].recorded_by_pot == ({"Carol": 200, "Alice": 199}, {"Carol": 380})
    text = (DATA / "run-twice.txt").read_text(encoding="utf-8")
    assert by_pot(one(text)) == ({"Max": 480, "Ned": 479},)
    assert records(text)[0].recorded_by_pot == ({"Max": 480, "Ned": 479},)


def test_collected_from_a_pot_the_summary_does_not_print() -> None:
    text = (
        (DATA / "odd-cent.txt")
        .read_text(encoding="utf-8")
        .replace("Eve collected $0.90 from pot", "Eve collected $0.90 from side pot-2")
    )
    (rec,) = records(text)
    assert rec.error is None and rec.recorded_by_pot is None
    assert (
        rec.site_inconsistency
        == "line 28: Eve collected from the side pot-2, but the summary prints 1 pot"
    )


def test_hands_can_be_read_one_by_one_where_they_are_checked() -> None:
    # A parent splits the file cheaply; each hand is read on its own (in a worker) to the same record.
    text = "\n\n".join(
        (DATA / name).read_text(encoding="utf-8") for name in ("bad-input.txt", "mixed-8-game.txt")
    )
    pieces = [p for p in split("t.txt", text) if isinstance(p, HandText)]
    one_by_one = [pokerstars.READER.read_hand("t.txt", p.line, p.lines) for p in pieces]
    assert one_by_one == records(text)
    assert len(one_by_one) == 9
