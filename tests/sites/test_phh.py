"""The PHH reader (``hilo_cli.histories.phh``) and format detection, on small hands of our own; and the 21
shared WSOP hands (skipped when ../shared is absent): each replays, settles and matches its finishing
stacks, stud hi/lo with the suit odd-chip rule."""

from __future__ import annotations

import pytest
from conftest import ROOT, SHARED_DIR

from hilo_cli.checking import check
from hilo_cli.histories import HandRecord, detect, read
from hilo_cli.histories.phh import read as read_phh

DATA = ROOT / "tests" / "data" / "phh"
SHARED = SHARED_DIR / "handhistories" / "phh"

HEAD = """variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
small_bet = 100
big_bet = 200
starting_stacks = [1000, 1000, 1000]
"""


def one(text: str, source: str = "t.phh") -> HandRecord:
    records = list(read_phh(source, text))
    assert len(records) == 1
    return records[0]


def test_a_hand_is_read_into_a_replayable_hand() -> None:
    record = one((DATA / "quartered.phh").read_text(), "quartered.phh")
    assert record.error is None and record.not_checkable is None
    hand = record.hand
    assert hand is not None
    assert hand.game.name == "omaha8" and hand.structure == "fixed"
    assert hand.players == ("Ann", "Bob", "Cat") and hand.blinds == (50, 100, 0)
    assert (hand.small_bet, hand.big_bet) == (100, 200)
    assert record.id == "3" and record.recorded_stacks == {"Ann": 1375, "Bob": 925, "Cat": 700}
    kinds = [a.kind for a in hand.actions[:5]]
    assert kinds == ["deal-hole", "deal-hole", "deal-hole", "check-call", "check-call"]


@pytest.mark.parametrize(
    "variant, game, structure",
    [
        ("FO/8", "omaha8", "fixed"),
        ("PO", "omaha", "pot"),
        ("PO/8", "omaha8", "pot"),
        ("NO/8", "omaha8", "no"),
    ],
)
def test_omaha_variants(variant: str, game: str, structure: str) -> None:
    text = HEAD.replace("'FO/8'", f"'{variant}'") + "min_bet = 100\nactions = []\n"
    hand = one(text).hand
    assert hand is not None and (hand.game.name, hand.structure) == (game, structure)


def test_stud_hi_lo_reads_bring_in_and_antes() -> None:
    text = (
        "variant = 'F7S/8'\nantes = [5, 5]\nbring_in = 10\nsmall_bet = 20\nbig_bet = 40\n"
        "starting_stacks = [100, 200]\nactions = ['d dh p1 AcAd2h', 'd dh p2 ????3s', 'p2 pb']\n"
    )
    hand = one(text).hand
    assert (
        hand is not None and hand.game.name == "stud8" and hand.bring_in == 10 and hand.check_turns
    )
    assert hand.actions[1].cards[:2] == (None, None)  # unknown cards


@pytest.mark.parametrize(
    "variant, why",
    [
        ("NT", "no-limit Texas hold 'em) is not a game hilo plays"),
        ("FR", "razz"),
        ("XYZ", "unknown variant 'XYZ'"),
    ],
)
def test_other_variants_are_not_checkable(variant: str, why: str) -> None:
    record = one(HEAD.replace("'FO/8'", f"'{variant}'") + "actions = []\n")
    assert record.hand is None and record.not_checkable is not None and why in record.not_checkable


def test_no_recorded_result_is_not_checkable() -> None:
    record = one(HEAD + "actions = []\n")
    assert (
        record.not_checkable
        == "no recorded result: the hand gives neither finishing_stacks nor winnings"
    )


def test_heads_up_blinds_are_reverse_assigned() -> None:
    text = (
        HEAD.replace("[0, 0, 0]", "[0, 0]")
        .replace("[50, 100, 0]", "[50, 100]")
        .replace("[1000, 1000, 1000]", "[1000, 1000]")
        + "actions = []\n"
    )
    hand = one(text).hand
    assert hand is not None and hand.blinds == (100, 50)  # p2, the button, posts the small blind


def test_money_with_decimals_becomes_cents() -> None:
    text = (
        HEAD.replace("[50, 100, 0]", "[0.25, 0.5, 0]")
        .replace("small_bet = 100", "small_bet = 0.5")
        .replace("big_bet = 200", "big_bet = 1")
        .replace("[1000, 1000, 1000]", "[10, 10, 10]")
        + "actions = ['p3 cbr 1.0']\n"
    )
    hand = one(text).hand
    assert hand is not None
    assert hand.blinds == (25, 50, 0) and hand.starting_stacks == (1000, 1000, 1000)
    assert hand.actions[0].amount == 100


@pytest.mark.parametrize(
    "text, message",
    [
        (HEAD + "actions = ['p4 cc']\n", "action 1 'p4 cc': no player 'p4' (players are p1 to p3)"),
        (HEAD + "actions = ['p1 xx']\n", "not PHH action notation"),
        (HEAD + "actions = ['d dh p1 AcZz']\n", "cannot read the cards 'AcZz'"),
        (HEAD + "actions = ['p1 cbr ten']\n", "amounts are numbers"),
        (
            HEAD.replace("starting_stacks = [1000, 1000, 1000]\n", "") + "actions = []\n",
            "missing field 'starting_stacks'",
        ),
        (
            HEAD.replace("[0, 0, 0]", "[0, 0]") + "actions = []\n",
            "antes has 2 entries for 3 players",
        ),
        ("variant = 'FO/8'\nantes = [", "not valid TOML"),
        # found in review: a string where the list of actions belongs was called a missing field
        (HEAD + "actions = 'p1 f'\n", "actions is 'p1 f': a list of action strings"),
    ],
)
def test_bad_hands_are_error_records(text: str, message: str) -> None:
    record = one(text)
    assert record.error is not None and message in record.error, record.error


def test_a_collection_keeps_each_hands_line_and_name() -> None:
    records = list(read_phh("illegal.phhs", (DATA / "illegal.phhs").read_text()))
    assert [r.id for r in records][:3] == ["legal", "out-of-turn", "fixed-size"]
    text = (DATA / "illegal.phhs").read_text().splitlines()
    for r in records:
        assert text[r.line - 1] == f"[{r.id}]"


def test_detection() -> None:
    assert detect(HEAD) == "phh"
    assert detect("# a comment\n\n[1]\nvariant = 'FO/8'\n") == "phh"
    assert detect("\ufeffPokerStars Hand #1: Omaha Hi/Lo Limit") == "pokerstars"
    assert detect("junk\nPokerStars Game #12: ...") == "pokerstars"
    assert detect('{"board": "Ac"}') is None
    records = list(read("x.txt", "hello world"))
    assert records[0].error is not None and "not a hand history" in records[0].error
    (empty,) = read("x.txt", "  \n")
    assert "no hands" in (empty.error or "")


def test_an_unknown_input_format_is_an_error_record_not_a_traceback() -> None:
    records = list(read("h.txt", "PokerStars Hand #1: Omaha", "no-such-site"))
    error = records[0].error
    assert error is not None and error.startswith("unknown input format 'no-such-site' (known: ")
    known = (
        error.removeprefix("unknown input format 'no-such-site' (known: ")
        .removesuffix(")")
        .split(", ")
    )
    assert (
        error.endswith(")") and known == sorted(known) and {"phh", "pokerstars"} <= set(known)
    )  # sorted


SHARED_FILES = sorted(SHARED.glob("*.phh")) if SHARED.is_dir() else []


@pytest.mark.skipif(
    not SHARED_FILES, reason="../shared/handhistories/phh is absent (a user's clone)"
)
def test_all_21_shared_hands_replay_settle_and_match() -> None:
    assert len(SHARED_FILES) == 21
    variants = set()
    for path in SHARED_FILES:
        (record,) = read(path.name, path.read_text())
        assert record.hand is not None, record.error
        variants.add(record.hand.game.name)
        settlement, verdict = check(record)
        assert verdict.status == "ok", (path.name, verdict)
        assert settlement is not None
        # finishing stacks: before the push plus what was won, equal to what the file records
        assert record.recorded_stacks is not None
        assert sum(record.recorded_stacks.values()) == sum(record.hand.starting_stacks)
    assert variants == {"omaha8", "stud8"}


def test_a_collection_drops_nothing_silently() -> None:
    # Found in review: in a .phhs collection every top-level value that is not a hand's table (a stray key,
    # an array of tables) was skipped without a word; each is now an error record at its line.
    text = "[one]\n" + HEAD + "actions = []\n\n[[two]]\nvariant = 'FO/8'\n"
    text = "stray = 1\n" + text
    records = list(read_phh("c.phhs", text))
    two = text.splitlines().index("[[two]]") + 1
    assert [(r.id, r.line) for r in records] == [("stray", 1), ("one", 2), ("two", two)]
    assert records[0].error == "stray is not a hand: a PHH collection holds one [table] per hand"
    assert records[1].error is None
    assert records[2].error == "two is not a hand: a PHH collection holds one [table] per hand"


def test_a_huge_amount_in_a_money_hand_is_refused_by_the_bound_not_a_traceback() -> None:
    # Found by fuzzing: 1e308 chips in a hand written in money (another amount has cents) overflowed a
    # float to infinity on the way to cents (OverflowError, a traceback from hilo check). Since issue 16 every
    # amount is bounded (hilo_cli.bounds): one error naming the bound.
    text = HEAD.replace("small_bet = 100", "small_bet = 1.5").replace(
        "[1000, 1000, 1000]", "[1e308, 1000, 1000]"
    )
    record = one(text + "actions = []\n")
    assert record.hand is None
    assert (
        record.error
        == "starting_stacks[0] is more than hilo counts (at most 1,000,000,000,000,000)"
    )
    # Money amounts become whole cents exactly: 0.29 is 29 cents, not a float's 28.999...
    assert (
        one(HEAD.replace("small_bet = 100", "small_bet = 0.29") + "actions = []\n").hand.small_bet
        == 29
    )  # type: ignore[union-attr]
    # Whole numbers up to the bound stay exact (more digits than a float keeps); one chip more is refused.
    most = 10**15 - 2000
    record = one(HEAD.replace("[1000, 1000, 1000]", f"[{most}, 1000, 1000]") + "actions = []\n")
    assert record.hand is not None and record.hand.starting_stacks[0] == most
    record = one(HEAD.replace("[1000, 1000, 1000]", f"[{most + 1}, 1000, 1000]") + "actions = []\n")
    assert (
        record.error
        == "the sum of the starting stacks is more than hilo counts (at most 1,000,000,000,000,000)"
    )
