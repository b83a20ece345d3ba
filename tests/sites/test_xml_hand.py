"""``histories.xml_hand``: what the four XML readers (iPoker, Merge, Boss Media, Microgaming) share.

Each piece on its own: the line tests (``opening``, ``Hands``), one hand's record or error record
(``read_hand``), and the hand being read (``XmlHand``: money, the stakes written as blinds, the street's
bets and the chips each action puts in). The sites' own tests read their files through these pieces.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from hilo_cli.errors import DealError, InputError
from hilo_cli.histories import boss, ipoker, merge, microgaming
from hilo_cli.histories.base import HandRecord
from hilo_cli.histories.safexml import Element
from hilo_cli.histories.site import Header, SiteHand
from hilo_cli.histories.xml_hand import Hands, XmlHand, opening, read_hand

OPEN = re.compile(r"<hand[\s>]")
OWN = re.compile(r"^\s*(?:<\?xml[^>]*\?>|</?file>|</hand>)*\s*$")
HANDS = Hands("hand", OPEN, OWN, "id", "a Test hand")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('<hand id="1">', True),
        ("<hand>", True),
        ('  </file><hand id="2">', True),
        ("<handle>", False),
        ("<hands>", False),
        ("</hand>", False),
        ("hand", False),
        ("", False),
    ],
)
def test_a_line_opens_the_element_only_where_its_tag_stands_whole(
    line: str, expected: bool
) -> None:
    got = opening("<hand", OPEN)(line)
    assert got is expected, f"{line!r}: expected {expected}, got {got}"
    assert HANDS.starts_hand(line) is expected, f"{line!r}: Hands.starts_hand differs"


@pytest.mark.parametrize(
    ("line", "expected"),
    [('<?xml version="1.0"?>', True), ("</hand>", True), ("  <file>", True), ("<hand>", False)],
)
def test_the_files_own_lines_are_blank(line: str, expected: bool) -> None:
    assert HANDS.blank(line) is expected, f"{line!r}: expected {expected}"


Read = Callable[[str, Element, list[str]], HandRecord]


def _kept(calls: list[tuple[Element, list[str]]]) -> Read:
    """A ``read`` that keeps what it is given and returns a record of the element's line and id."""

    def read(source: str, element: Element, header: list[str]) -> HandRecord:
        calls.append((element, header))
        return HandRecord(source, element.line, element.attrs.get("id"), None, not_checkable="ok")

    return read


def test_a_hand_is_read_from_its_element_with_the_lines_before_it() -> None:
    calls: list[tuple[Element, list[str]]] = []
    lines = ["<header/>", '<hand id="7">', "<x/>", "</hand>"]
    got = read_hand("f.xml", 10, lines, HANDS, _kept(calls))
    assert (got.line, got.id, got.not_checkable) == (11, "7", "ok"), got
    [(element, header)] = calls
    assert (element.tag, element.line, header) == ("hand", 11, ["<header/>"])
    assert [c.tag for c in element.children] == ["x"]


def test_an_element_the_file_stops_inside_is_closed_for_it() -> None:
    calls: list[tuple[Element, list[str]]] = []
    got = read_hand("f.xml", 1, ['<hand id="8">', "<x/>"], HANDS, _kept(calls))
    assert got.error is None and calls[0][0].children[0].tag == "x", got


@pytest.mark.parametrize(
    ("raised", "message"),
    [
        (InputError("the seat is bad"), "the seat is bad"),
        (DealError("two aces of spades"), "two aces of spades"),
    ],
)
def test_an_error_reading_the_element_is_the_hands_record_with_its_number(
    raised: Exception, message: str
) -> None:
    def read(source: str, element: Element, header: list[str]) -> HandRecord:
        raise raised

    got = read_hand("f.xml", 5, ["", '<hand id="9">', "</hand>"], HANDS, read)
    assert (got.line, got.id, got.error) == (6, "9", message), got


def test_broken_xml_is_an_error_at_the_hands_first_line_without_a_number() -> None:
    def read(source: str, element: Element, header: list[str]) -> HandRecord:
        raise AssertionError("a broken element is never read")

    got = read_hand("f.xml", 3, ['<hand id="9">', "<x>", "</hand>"], HANDS, read)
    assert got.line == 3 and got.id is None, got
    assert got.error is not None and "is not well-formed XML" in got.error, got


@pytest.mark.parametrize(
    ("lines", "line", "error"),
    [
        (["<file>", "stray text"], 4, "cannot read 'stray text': not part of a Test hand"),
        (
            ["<!DOCTYPE x>"],
            3,
            "the file declares a document type or entities: hilo does not read XML declarations",
        ),
    ],
)
def test_lines_where_no_hand_starts_are_one_error(lines: list[str], line: int, error: str) -> None:
    def read(source: str, element: Element, header: list[str]) -> HandRecord:
        raise AssertionError("no element to read")

    got = read_hand("f.xml", 3, lines, HANDS, read)
    assert (got.line, got.error) == (line, error), got


@pytest.mark.parametrize(
    ("header_declares", "error"),
    [
        (True, "the log declares a document type or entities: hilo does not read XML declarations"),
        (False, None),
    ],
)
def test_a_declaration_in_a_sessions_header_is_the_hands_error_where_the_site_says(
    header_declares: bool, error: str | None
) -> None:
    hands = Hands("hand", OPEN, OWN, "id", "a Test hand", "the log", header_declares)
    calls: list[tuple[Element, list[str]]] = []
    got = read_hand("f.xml", 1, ["<!ENTITY e 'x'>", '<hand id="1"></hand>'], hands, _kept(calls))
    assert got.error == error, got
    assert got.line == 2 and len(calls) == (0 if header_declares else 1), (got, calls)
    if header_declares:
        assert got.id is None, got


@pytest.mark.parametrize(
    ("tournament", "text", "expected"),
    [(False, "$1.25", 125), (False, "3", 300), (True, "1,500", 1500), (True, "3", 3)],
)
def test_amounts_are_read_in_the_tables_unit(tournament: bool, text: str, expected: int) -> None:
    hand = XmlHand("f.xml", "1")
    assert hand.money("2", "x") == 200, "cents until the table says otherwise"
    currency = hand.table(tournament, "" if tournament else "$")
    got = hand.money(text, "the bet")
    assert got == expected, f"{text}: expected {expected}, got {got} (scale {hand.scale})"
    assert currency.scale == (1 if tournament else 100), currency
    assert currency.show(1500) == ("1,500" if tournament else "$15.00"), currency


def test_a_missing_amount_is_named() -> None:
    with pytest.raises(InputError, match=r"^the big blind is missing$"):
        XmlHand("f.xml", "1").money(None, "the big blind")


@pytest.mark.parametrize(
    ("limit", "stakes", "between", "expected"),
    [
        ("Pot Limit", "0.05/0.10", "/", (5, 10)),
        ("No Limit", "1|2", "|", (100, 200)),
        ("Limit", "0.25/0.50", "/", (50, 100)),  # fixed limit: the big blind and twice it
        ("Limit", "1|2", "|", (200, 400)),
    ],
)
def test_stakes_written_as_the_blinds(
    limit: str, stakes: str, between: str, expected: tuple[int, int]
) -> None:
    header, currency = XmlHand("f.xml", "42").blinds_header(
        "GAME_OMAHL", limit, False, "€", stakes, between
    )
    assert header == Header("42", "GAME_OMAHL", limit, None, False, "€", *expected), header
    assert currency.show(expected[1]).startswith("€"), currency.show(expected[1])


def test_tournament_stakes_are_chips() -> None:
    hand = XmlHand("f.xml", "42")
    header, _ = hand.blinds_header("GAME_OMAHL", "Pot Limit", True, "", "50/100", "/")
    assert (header.small, header.big, hand.scale) == (50, 100, 1), header


@pytest.mark.parametrize("stakes", ["0.05", "0.05/0.10/0.20", "", "a/b"])
def test_stakes_that_are_not_two_blinds_are_refused(stakes: str) -> None:
    with pytest.raises(InputError, match=r"stakes|amount"):
        XmlHand("f.xml", "1").blinds_header("G", "Pot Limit", False, "$", stakes, "/")


def test_stakes_not_split_in_two_quote_the_attribute() -> None:
    with pytest.raises(InputError, match=r"^cannot read the stakes '1/2/3'$"):
        XmlHand("f.xml", "1").blinds_header("G", "Pot Limit", False, "$", "1/2/3", "/")


@pytest.mark.parametrize(
    ("bets", "to", "first", "expected"),
    [
        ({}, 10, "bet", "bet"),
        ({}, 10, "complete", "complete"),
        ({"A": 10}, 10, "bet", "call"),
        ({"A": 10}, 5, "bet", "call"),
        ({"A": 10}, 30, "bet", "raise"),
        ({"A": 10}, 30, "complete", "raise"),
        ({"A": 0}, 10, "bet", "bet"),
    ],
)
def test_what_taking_a_bet_to_a_total_is(
    bets: dict[str, int], to: int, first: str, expected: str
) -> None:
    hand = XmlHand("f.xml", "1")
    hand.bets = dict(bets)
    got = hand.raised(to, first)
    assert got == expected, f"bets {bets}, to {to}, first {first}: expected {expected}, got {got}"


def _site_hand() -> SiteHand:
    return SiteHand("f.xml", 1, Header("1", "g", "Pot Limit", None, False, "$", 5, 10))


def test_a_raise_is_recorded_by_what_it_raises_by_and_the_street_total() -> None:
    hand, reading = _site_hand(), XmlHand("f.xml", "1")
    reading.chips(hand, 3, 0, "A", "small blind", 5, None, False, "A posts")
    reading.chips(hand, 4, 0, "B", "big blind", 10, None, False, "B posts")
    reading.chips(hand, 5, 0, "A", "raise", 25, 30, False, "A raises to 30")
    got = [(a.line, a.player, a.verb, a.amount, a.to) for a in hand.actions]
    assert got == [
        (3, "A", "small blind", 5, None),
        (4, "B", "big blind", 10, None),
        (5, "A", "raise", 20, 30),
    ], got
    assert (reading.bets, reading.put) == ({"A": 30, "B": 10}, {"A": 30, "B": 10})


@pytest.mark.parametrize(
    ("verb", "to", "kept"),
    [("complete", 20, 20), ("bet", 20, None), ("call", 20, None), ("bring in", None, None)],
)
def test_only_a_raise_or_a_completion_keeps_its_total(
    verb: str, to: int | None, kept: int | None
) -> None:
    hand, reading = _site_hand(), XmlHand("f.xml", "1")
    reading.chips(hand, 2, 0, "A", verb, 20, to, True, "A moves")
    [action] = hand.actions
    assert (action.amount, action.to, action.all_in) == (20, kept, True), action


def test_an_ante_is_put_in_but_is_no_bet_of_the_street() -> None:
    hand, reading = _site_hand(), XmlHand("f.xml", "1")
    reading.chips(hand, 2, 0, "A", "ante", 1, None, False, "A antes")
    assert (reading.bets, reading.put) == ({}, {"A": 1})


def test_a_raise_to_less_than_the_player_has_in_is_refused() -> None:
    hand, reading = _site_hand(), XmlHand("f.xml", "1")
    with pytest.raises(InputError, match=r"^A raises: raises to less than A has in$"):
        reading.chips(hand, 2, 0, "A", "raise", -5, 5, False, "A raises")
    assert hand.actions == [] and reading.put == {}


@pytest.mark.parametrize(("rake", "pots"), [(True, True), (True, False), (False, False)])
def test_a_hand_begun_says_what_the_site_prints(rake: bool, pots: bool) -> None:
    header = Header("1", "g", "Pot Limit", None, False, "$", 5, 10)
    reading = XmlHand("f.xml", "1")
    currency = reading.table(False, "$")
    hand = reading.begin(7, header, currency, rake=rake, pots=pots)
    assert (hand.source, hand.line, hand.header, hand.currency) == ("f.xml", 7, header, currency)
    assert (hand.rake_printed, hand.pots_printed, hand.won_printed) == (rake, pots, False), hand


@pytest.mark.parametrize(
    ("module", "line", "opens"),
    [
        (ipoker, '\t\t<game gamecode="1">', True),
        (ipoker, "<gametype>Omaha Hi-Lo PL €0.05/€0.10</gametype>", False),
        (merge, '<game id="1-2" starttime="20110101">', True),
        (merge, '<description type="Omaha H/L8" stakes="Limit $0.25/$0.50"/>', False),
        (boss, '<HISTORY ID="1" SESSION="2">', True),
        (boss, "<ROOT>", False),
        (microgaming, '<Game hhversion="4" id="1">', True),
        (microgaming, "<Gameplay>", False),
    ],
)
def test_each_xml_site_starts_a_hand_at_its_element(module: object, line: str, opens: bool) -> None:
    reader = module.READER  # type: ignore[attr-defined]
    assert reader.starts_hand(line) is opens, (reader.name, line)
    assert reader.suffixes == (".xml", ".txt"), reader.suffixes
    assert reader.blank is not None and not reader.blank("stray"), reader.name
