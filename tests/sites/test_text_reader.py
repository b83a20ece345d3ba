"""The text-reader base (``hilo_cli.histories.text``, issue 27), on a small made-up site written here:
what ``TextReader`` does for every site (the lines stripped and numbered, the header, NOT CHECKABLE
before any other line, each error at the line it names), the seats (``site.check_seat``), and the
currency of a sign (``amounts``).

The made-up site writes a hand as::

    TOY #7: Omaha Hi/Lo $0.05/$0.10
    Seat 1: Ann ($5.00)
    Ann: posts 0.05
    *** FLOP *** [As 2d 7c]
    Bob collects 0.19
"""

from __future__ import annotations

import re

import pytest

from hilo_cli.bounds import MAX_SEATS
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import pattern, sign_currency, table_currency
from hilo_cli.histories.base import Currency, HandRecord
from hilo_cli.histories.site import (
    NAMELESS,
    Header,
    Seat,
    SiteHand,
    cards_of,
    check_seat,
    collects_only,
)
from hilo_cli.histories.text import (
    TextReader,
    longest_first,
    speaker,
    street_numbers,
    table_button,
)
from hilo_cli.histories.xml_hand import no_hand_start

HEADER = pattern(r"^TOY #(?P<id>\d+): (?P<game>.+?) \$(?P<sb>{NUMBER})/\$(?P<bb>{NUMBER})$")
SEAT = pattern(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(\$(?P<stack>{NUMBER})\)$")
ACTION = pattern(r"^(?P<verb>posts|bets|calls) (?P<amount>{NUMBER})$")
COLLECTS = pattern(r"^collects (?P<amount>{NUMBER})$")
STREET = re.compile(r"^\*\*\* (?P<name>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]$")
STREETS = street_numbers("PREFLOP", "FLOP", "TURN", "RIVER")
VERBS = {"bets": "bet", "calls": "call"}
GAME_NAMES = {"Omaha Hi/Lo": "omaha8"}


class Toy(TextReader):
    NAME = "toy"
    TITLE = "Toy Poker"
    START = re.compile(r"[ \t]*TOY #\d+: ")
    GAMES = GAME_NAMES
    BLANK = re.compile(r"^-- table closed --$")

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.read_lines: list[tuple[int, str]] = []  # what ``line`` was given, for the tests

    def header(self) -> Header:
        m = HEADER.match(self.lines[0])
        if m is None:
            raise InputError("not a Toy hand header")
        self.id = m.group("id")
        self.scale = 100
        sb, bb = self.amount(m.group("sb")), self.amount(m.group("bb"))
        return Header(self.id, m.group("game"), "Pot Limit", None, False, "$", sb, bb)

    def line(self, text: str) -> None:
        self.read_lines.append((self.number, text))
        if text.startswith("Seat "):
            self.seat_line(SEAT, text)
            return
        m = STREET.match(text)
        if m is not None:
            self.board_street(STREETS[m.group("name")], cards_of(m.group("cards"), "the board"))
            return
        self.player_action(text, self.action)

    def action(self, name: str, rest: str) -> None:
        m = ACTION.match(rest)
        if m is not None:
            posts = len([a for a in self.hand.actions if a.verb.endswith("blind")])
            verb = VERBS.get(m.group("verb")) or ("small blind", "big blind")[min(posts, 1)]
            self.act(name, verb, self.amount(m.group("amount")))
            return
        m = COLLECTS.match(rest)
        if m is None:
            raise InputError(f"cannot read the action {rest!r}")
        self.award(name, self.amount(m.group("amount")), 0, "pot")


HAND = [
    "TOY #7: Omaha Hi/Lo $0.05/$0.10",
    "Seat 1: Ann ($5.00)",
    "Seat 2: Bob Jr ($5.00)",
    "",
    "Ann: posts 0.05",
    "Bob Jr: posts 0.10",
    "-- table closed --",
    "Ann: folds",
    "Bob Jr collects 0.15",
]


def read(lines: list[str], first: int = 10) -> tuple[HandRecord, Toy]:
    """The record of ``lines`` (the first at file line ``first``), and the reader that read it."""
    kept = [(first + i, t.strip()) for i, t in enumerate(lines) if t.strip()]
    kept = [(n, t) for n, t in kept if not Toy.BLANK or not Toy.BLANK.match(t)]
    reader = Toy("toy.txt", [n for n, _ in kept], [t for _, t in kept])
    return reader.read(), reader


def test_a_hand_is_read_line_by_line_at_its_file_lines() -> None:
    record = Toy.read_hand("toy.txt", 10, ["  " + t + " " for t in HAND])
    assert record.error is None and record.id == "7", record
    assert record.recorded_won == {"Bob Jr": 15}
    assert record.hand is not None and record.hand.players == ("Ann", "Bob Jr")
    _, reader = read(HAND)
    # Stripped, blank and BLANK lines left out, each line at its own file line.
    assert reader.read_lines == [
        (11, "Seat 1: Ann ($5.00)"),
        (12, "Seat 2: Bob Jr ($5.00)"),
        (14, "Ann: posts 0.05"),
        (15, "Bob Jr: posts 0.10"),
        (17, "Ann: folds"),
        (18, "Bob Jr collects 0.15"),
    ]
    assert (reader.hand.line, reader.hand.end) == (10, 18)


def test_a_hand_of_no_lines_and_the_plugin() -> None:
    assert Toy.read_hand("toy.txt", 3, ["", "  ", "-- table closed --"]).error == (
        "no hand in these lines"
    )
    plugin = Toy.plugin()
    assert (plugin.name, plugin.title, plugin.suffixes) == ("toy", "Toy Poker", (".txt",))
    assert plugin.starts_hand("  TOY #1: x") and not plugin.starts_hand("Seat 1: TOY #1: x")
    assert plugin.blank is not None and plugin.blank(" -- table closed -- ")


def test_a_game_hilo_does_not_play_is_not_checkable_before_any_other_line() -> None:
    holdem = ["TOY #8: Hold'em $0.05/$0.10", "this line reads as nothing", "Ann collects"]
    record, reader = read(holdem)
    assert record.error is None and record.hand is None
    assert record.not_checkable == "Hold'em Pot Limit is not a game hilo plays"
    assert reader.read_lines == []


def test_an_error_is_the_line_being_read_naming_the_hand() -> None:
    record, _ = read([*HAND[:5], "Ann: dances", *HAND[5:]])
    assert (record.line, record.id, record.error) == (15, "7", "cannot read the action 'dances'")
    # A number past hilo's bounds is its own line's error too, not the hand's first line.
    record, _ = read([HAND[0], "Seat 99999999999: Ann ($5.00)", *HAND[2:]])
    assert record.line == 11 and record.error is not None and "a seat is" in record.error
    # A header that does not read: no id yet.
    record, _ = read(["TOY #x: ?", *HAND[1:]])
    assert (record.line, record.id, record.error) == (10, None, "not a Toy hand header")


def test_a_hand_no_line_of_which_says_who_won_is_cut_short() -> None:
    record, _ = read(HAND[:-1])
    assert record.error == "hand #7 is cut short: no line says who won the pot"
    assert record.line == 17  # the last line read


class Juggles(Toy):
    """A reader that records what the replay cannot take: the record's error, not a line's."""

    def action(self, name: str, rest: str) -> None:
        if rest == "juggles":
            self.act(name, "juggle", 0)
            return
        super().action(name, rest)


def test_a_deal_the_record_cannot_make_is_the_hands_error_at_its_first_line() -> None:
    lines = [*HAND[:6], "Ann: juggles", *HAND[7:]]
    record = Juggles.read_hand("toy.txt", 10, lines)
    assert (record.line, record.id, record.error) == (
        10,
        "7",
        "line 16: cannot replay 'Ann: juggles'",
    )


def test_a_seat_or_a_name_taken_twice_and_names_longest_first() -> None:
    record, _ = read([HAND[0], "Seat 1: Ann ($5.00)", "Seat 1: Cy ($5.00)", *HAND[3:]])
    assert (record.line, record.error) == (12, "seat 1 ('Cy') is listed twice")
    record, _ = read([HAND[0], "Seat 1: Ann ($5.00)", "Seat 2: Ann ($5.00)", *HAND[3:]])
    assert record.error == "seat 2 ('Ann') is listed twice"
    _, reader = read([HAND[0], "Seat 1: Bob ($5)", "Seat 2: Al ($5)", "Seat 3: Bob Jr ($5)"])
    assert reader.names == ["Bob Jr", "Bob", "Al"]
    assert longest_first(["ab", "c", "de"]) == ["ab", "de", "c"]
    assert speaker("Bob Jr: calls 1", reader.names) == ("Bob Jr", "calls 1")
    assert speaker("Bob calls 1", reader.names) == ("Bob", "calls 1")
    assert speaker("Bobby calls 1", reader.names) is None


def empty_hand() -> SiteHand:
    return SiteHand("f.txt", 1, Header("1", "Omaha Hi/Lo", "Pot Limit", None, False, "$", 5, 10))


def test_no_more_seats_than_a_table_holds_and_the_xml_sites_words() -> None:
    hand = empty_hand()
    for i in range(MAX_SEATS):
        hand.add_seat(Seat(i + 1, f"p{i}", 100))
    with pytest.raises(InputError, match=f"more than {MAX_SEATS} seats in one hand"):
        hand.add_seat(Seat(MAX_SEATS + 1, "late", 100))
    assert len(hand.seats) == MAX_SEATS
    with pytest.raises(InputError, match=r"seat 1 \(''\) is listed twice or has no name"):
        check_seat(empty_hand(), 1, "", NAMELESS)
    check_seat(empty_hand(), 1, "")  # a text site's pattern reads no empty name: nothing to refuse


def test_a_hand_of_collects_only_and_the_button_of_a_table_line() -> None:
    hand = collects_only(empty_hand())
    assert not (hand.rake_printed or hand.pots_named or hand.pots_printed or hand.won_printed)
    table = re.compile(r"^Table '(?P<t>[^']*)'(?: Seat #(?P<button>\d+) is the button)?$")
    assert table_button(table, "Table 'X' Seat #4 is the button") == 4
    assert table_button(table, "Table 'X'") is None
    with pytest.raises(InputError, match="cannot read the table line 'Table X'"):
        table_button(table, "Table X")


def test_the_currency_of_a_sign_and_of_a_table() -> None:
    assert sign_currency("€") == Currency("€", "", 100, "EUR")
    assert sign_currency("$").show(123456) == "$1,234.56"
    assert sign_currency("") == Currency("", "", 100, None)
    assert table_currency(True, "$") == Currency()
    assert table_currency(False, "£") == Currency("£", "", 100, "GBP")
    assert table_currency(False, "") == Currency("", "", 100)


def test_a_pattern_with_shared_pieces() -> None:
    assert pattern(r"^x {AMOUNT}$").match("x $1,234.56")
    assert pattern(r"^\*{5} {MONEY}$", MONEY=r"\d+ EUR").match("***** 12 EUR")
    with pytest.raises(KeyError):
        pattern(r"{NOPE}")


def test_xml_lines_that_start_no_hand() -> None:
    def blank(line: str) -> bool:
        return not line.strip() or line.startswith("<?xml")

    found = no_hand_start("f.xml", 10, ["<?xml ?>", "", "<junk/>"], blank, "a Boss Media hand")
    assert (found.line, found.error) == (12, "cannot read '<junk/>': not part of a Boss Media hand")
    declared = no_hand_start("f.xml", 1, ["<!DOCTYPE x>"], blank, "a hand", "the session")
    assert declared.error is not None and declared.error.startswith("the session declares")
