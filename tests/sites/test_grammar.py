"""A site's line grammar (histories/grammar.py): a table of entries, one pattern a kind of line."""

from __future__ import annotations

import re

import pytest

from hilo_cli.histories import grammar as grammar_module
from hilo_cli.histories.amounts import AMOUNT, NUMBER
from hilo_cli.histories.grammar import Grammar, entries, grammar, words


def test_each_entry_is_its_name_and_its_pattern_compiled() -> None:
    lines = grammar(
        r"""
        seat     ^Seat (?P<seat>\d+): (?P<name>.+?)$
        button   ^Button: seat (?P<seat>\d+)\s*$
        """
    )
    assert lines.seat.pattern == r"^Seat (?P<seat>\d+): (?P<name>.+?)$"
    assert lines.button.pattern == r"^Button: seat (?P<seat>\d+)\s*$"
    assert lines.names == ("seat", "button")
    found = lines.seat.match("Seat 3: Ann Lee")
    assert found is not None and found.group("name") == "Ann Lee"


def test_an_indented_line_goes_on_the_entry_above_its_spaces_dropped() -> None:
    assert entries(
        """
        total    ^Total pot (?P<total>\\d+)
                 (?: \\| Rake (?P<rake>\\d+))?
                 $
        next     x
        """
    ) == [("total", r"^Total pot (?P<total>\d+)(?: \| Rake (?P<rake>\d+))?$"), ("next", "x")]


def test_comments_and_blank_lines_are_not_entries() -> None:
    assert entries("\n    # the header\n\n    header  ^H\n    # end\n") == [("header", "^H")]


def test_shared_pieces_are_put_in_and_a_site_may_write_its_own() -> None:
    lines = grammar(
        "  stack  ^(?P<stack>{AMOUNT}) of {NUMBER}$\n  bet  ^{MONEY}\\*{2}$", MONEY="M+"
    )
    assert lines.stack.pattern == f"^(?P<stack>{AMOUNT}) of {NUMBER}$"
    assert lines.bet.pattern == r"^M+\*{2}$"  # braces around a count are the pattern's own
    mine = grammar("  stack  ^{AMOUNT}$", AMOUNT=r"\$\d+")
    assert mine.stack.pattern == r"^\$\d+$"
    assert grammar_module.PIECES == {"AMOUNT": AMOUNT, "NUMBER": NUMBER}


def test_a_flag_is_written_in_the_pattern() -> None:
    lines = grammar("  returned  (?i)^returned$")
    assert lines.returned.flags & re.IGNORECASE
    assert lines.returned.match("RETURNED") is not None


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ("  seat  a\n  seat  b", "'seat' line is written twice"),
        ("  names  a", "'names' line is written twice (or is a reserved name)"),
        ("  seat  {STACK}", "'seat' line uses {STACK}, a piece no one gave"),
        ("  seat  (unclosed", "'seat' line does not compile"),
        ("  Seat  a", "not a line of a grammar"),
        ("  seat", "not a line of a grammar"),
        ("  seat  a\n  b@d  c", "not a line of a grammar"),
    ],
)
def test_a_table_that_does_not_read_fails_with_the_entry_named(table: str, said: str) -> None:
    with pytest.raises(ValueError, match=re.escape(said)):
        grammar(table)


def test_a_table_cannot_begin_with_a_continuation() -> None:
    with pytest.raises(ValueError, match="begins with a continuation line: 'more'"):
        entries("\n\n      more\n    seat  a")


def test_an_entry_the_table_does_not_have_names_those_it_has() -> None:
    lines = Grammar({"seat": re.compile("s"), "button": re.compile("b")})
    with pytest.raises(AttributeError, match=r"no 'sate' line .*it has seat, button"):
        _ = lines.sate


def test_an_entry_in_capitals_is_a_piece_of_the_table_for_the_entries_after_it() -> None:
    lines = grammar(
        r"""
        ALL_IN  (?P<all_in> \(all-in\))?
        AMOUNT  \d+
        bet     ^bets (?P<amount>{AMOUNT}){ALL_IN}$
        """
    )
    assert lines.bet.pattern == r"^bets (?P<amount>\d+)(?P<all_in> \(all-in\))?$"
    assert lines.names == ("bet",)  # a piece is no line of the site's
    with pytest.raises(AttributeError):
        _ = lines.ALL_IN
    with pytest.raises(ValueError, match=r"'bet' line uses \{ALL_IN\}, a piece no one gave"):
        grammar("  bet  ^bets{ALL_IN}$\n  ALL_IN  x")  # a piece is known from its entry on


def test_a_table_of_words_is_the_site_s_word_and_hilo_s_a_line() -> None:
    verbs = words(
        """
        # what the site writes = what hilo calls it
        posts small blind = small blind
        raises to         = raise
        """
    )
    assert verbs == {"posts small blind": "small blind", "raises to": "raise"}
    assert list(verbs) == ["posts small blind", "raises to"]  # in the table's order


@pytest.mark.parametrize(
    "table", ["calls call", "calls = ", " = call", "calls = call\ncalls = bet"]
)
def test_a_table_of_words_that_does_not_read_fails(table: str) -> None:
    with pytest.raises(ValueError, match="not a line of a table of words"):
        words(table)
