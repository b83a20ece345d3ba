"""The seat and header pieces every site reader shares (``hilo_cli.histories.seats``, and the currency
of a sign in ``amounts``): each says what the sites said before it was written once."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from hilo_cli.bounds import MAX_SEATS
from hilo_cli.errors import DealError, InputError
from hilo_cli.histories.amounts import sign_currency, table_currency
from hilo_cli.histories.base import Currency
from hilo_cli.histories.seats import (
    NAMELESS,
    HandState,
    add_seat,
    check_seat,
    collects_only,
    kept_lines,
    longest_first,
    no_hand_start,
    read_kept,
    read_seat,
    reads_wanted,
    seat_of,
    table_button,
)
from hilo_cli.histories.site import BadHand, Header, Seat, SiteHand

SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$\d.,]+)\)(?P<out> out)?$")
PLAIN = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$\d.,]+)\)$")


def empty_hand() -> SiteHand:
    return SiteHand("f.txt", 1, Header("1", "Omaha Hi/Lo", "Pot Limit", None, False, "$", 5, 10))


def test_a_seat_line_is_read_by_the_patterns_groups() -> None:
    assert read_seat(SEAT, "Seat 3: Bob Jr ($12.50) out", 100) == Seat(3, "Bob Jr", 1250, True)
    assert read_seat(SEAT, "Seat 3: Bob ($12.50)", 100) == Seat(3, "Bob", 1250, False)
    assert read_seat(PLAIN, "Seat 4: Al (1,500)", 1) == Seat(4, "Al", 1500, False)


def test_a_seat_line_read_with_the_sites_own_amount() -> None:
    seat = read_seat(PLAIN, "Seat 4: Al (1.5)", 1, lambda text, scale: len(text) * scale)
    assert seat.stack == 3


def test_a_seat_line_the_pattern_does_not_read() -> None:
    with pytest.raises(InputError, match="cannot read the seat line 'Seat x: Al'"):
        read_seat(SEAT, "Seat x: Al", 100)
    with pytest.raises(DealError, match="a seat is"):
        read_seat(SEAT, "Seat 99999999: Al ($1)", 100)


def test_a_seat_or_a_name_taken_twice() -> None:
    hand = empty_hand()
    assert add_seat(hand, Seat(1, "Bob", 100, False)) == ["Bob"]
    with pytest.raises(InputError, match=r"seat 2 \('Bob'\) is listed twice$"):
        add_seat(hand, Seat(2, "Bob", 100, False))
    with pytest.raises(InputError, match=r"seat 1 \('Al'\) is listed twice$"):
        add_seat(hand, Seat(1, "Al", 100, False))
    assert [s.name for s in hand.seats] == ["Bob"]


def test_an_empty_name_is_refused_only_in_the_xml_sites_words() -> None:
    hand = empty_hand()
    with pytest.raises(InputError, match=r"seat 1 \(''\) is listed twice or has no name"):
        check_seat(hand, 1, "", NAMELESS)
    check_seat(hand, 1, "")  # a text site's pattern reads no empty name: nothing to refuse


def test_no_more_seats_than_a_table_holds() -> None:
    hand = empty_hand()
    for i in range(MAX_SEATS):
        add_seat(hand, Seat(i + 1, f"p{i}", 100, False))
    with pytest.raises(InputError, match=f"more than {MAX_SEATS} seats in one hand"):
        add_seat(hand, Seat(MAX_SEATS + 1, "late", 100, False))
    assert len(hand.seats) == MAX_SEATS


def test_names_longest_first_in_seat_order_where_as_long() -> None:
    hand = empty_hand()
    for i, name in enumerate(["Bob", "Al", "Bob Jr", "Cy"]):
        names = add_seat(hand, Seat(i + 1, name, 100, False))
    assert names == ["Bob Jr", "Bob", "Al", "Cy"]
    assert longest_first(["ab", "c", "de"]) == ["ab", "de", "c"]


def test_the_currency_of_a_sign() -> None:
    assert sign_currency("€") == Currency("€", "", 100, "EUR")
    assert sign_currency("$").show(123456) == "$1,234.56"
    assert sign_currency("") == Currency("", "", 100, None)


def test_the_currency_of_a_table() -> None:
    assert table_currency(True, "$") == Currency()
    assert table_currency(False, "£") == Currency("£", "", 100, "GBP")
    assert table_currency(False, "") == Currency("", "", 100)


def test_a_hands_lines_as_a_reader_reads_them() -> None:
    raw = ["  Hand #1 ", "", "\ufeffSeat 1: Al ($1)", "   ", "noise here", "last"]
    assert kept_lines(raw, 10) == (
        [10, 12, 14, 15],
        ["Hand #1", "\ufeffSeat 1: Al ($1)", "noise here", "last"],
    )
    noise = re.compile(r"noise")
    assert kept_lines(raw, 10, True, noise) == (
        [10, 12, 15],
        ["Hand #1", "Seat 1: Al ($1)", "last"],
    )


def test_a_hand_read_from_its_kept_lines_or_its_error() -> None:
    def reads(numbers: list[int], lines: list[str]) -> SiteHand:
        hand = empty_hand()
        hand.end = numbers[-1]
        if lines[0] == "bad":
            raise BadHand("cannot read it", "f.txt:3", "7", 3)
        return hand

    assert read_kept(["", "  "], 1, reads) is None
    read = read_kept(["x", "", "y"], 5, reads)
    assert isinstance(read, SiteHand) and read.end == 7
    bad = read_kept(["bad"], 1, reads)
    assert isinstance(bad, BadHand) and (bad.message, bad.line, bad.id) == (
        "cannot read it",
        3,
        "7",
    )


def test_a_readers_error_names_the_line_being_read() -> None:
    state = HandState("f.txt", [4, 6, 9])
    state.number, state.id = 6, "12"

    def broken() -> int:
        raise InputError("cannot read the line 'x'")

    with pytest.raises(BadHand) as caught:
        state.failing(broken)
    assert (caught.value.message, caught.value.line, caught.value.id) == (
        "cannot read the line 'x'",
        6,
        "12",
    )
    assert state.failing(lambda: 3) == 3


def test_a_hand_built_and_its_lines_read_in_turn() -> None:
    state = HandState("f.txt", [4, 6, 9])
    hand = state.new_hand(empty_hand().header, won_printed=False)
    assert (hand.line, hand.end, hand.won_printed) == (4, 9, False)
    seen: list[tuple[int, str]] = []
    with pytest.raises(InputError, match=r"hand #1 is cut short: no line says who won the pot"):
        state.read_lines(
            hand, ["head", "a", "b"], lambda h, line: seen.append((state.number, line))
        )
    assert seen == [(6, "a"), (9, "b")]


def test_a_seat_built_from_a_match_and_a_hand_of_collects_only() -> None:
    found = SEAT.match("Seat 2: Cy ($3) out")
    assert found is not None and seat_of(found, 100) == Seat(2, "Cy", 300, True)
    hand = collects_only(empty_hand())
    assert not (hand.rake_printed or hand.pots_named or hand.pots_printed or hand.won_printed)


def test_the_button_of_a_table_line() -> None:
    table = re.compile(r"^Table '(?P<t>[^']*)'(?: Seat #(?P<button>\d+) is the button)?$")
    assert table_button(table, "Table 'X' Seat #4 is the button") == 4
    assert table_button(table, "Table 'X'") is None
    with pytest.raises(InputError, match="cannot read the table line 'Table X'"):
        table_button(table, "Table X")


def test_xml_lines_that_start_no_hand() -> None:
    def blank(line: str) -> bool:
        return not line.strip() or line.startswith("<?xml")

    found = no_hand_start("f.xml", 10, ["<?xml ?>", "", "<junk/>"], blank, "a Boss Media hand")
    assert (found.line, found.error) == (12, "cannot read '<junk/>': not part of a Boss Media hand")
    declared = no_hand_start("f.xml", 1, ["<!DOCTYPE x>"], blank, "a hand", "the session")
    assert declared.error is not None and declared.error.startswith("the session declares")


def test_a_read_hand_of_the_hands_a_header_names() -> None:
    class Reads(HandState):
        def __init__(self, source: str, lines: list[str], numbers: list[int]) -> None:
            super().__init__(source, numbers)
            self.lines = lines

        def read(self, wanted: Callable[[Header], bool]) -> SiteHand:
            hand = self.new_hand(empty_hand().header)
            hand.cancelled = not wanted(hand.header)
            return hand

    read_hand = reads_wanted(Reads)
    assert read_hand("f.txt", 1, [" "], lambda h: True) is None
    hand = read_hand("f.txt", 3, ["a", "", "b"], lambda h: False)
    assert isinstance(hand, SiteHand) and (hand.line, hand.end, hand.cancelled) == (3, 5, True)
