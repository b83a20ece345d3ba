"""A long line of words costs a hand's reader time in proportion to its length (issue 29, item 5):
PokerStars tried its notes at every space of a line, each on a copy of the rest of the line, and took
the square of the line's length (9 s on 400 KB). Counted here in steps, not seconds: the patterns a
reader matches a line against, for a line ten times as long (benchmarks/long_line.py prints the time)."""

from __future__ import annotations

import re
from collections import Counter
from types import ModuleType
from typing import Any

import pytest
from conftest import TEST_DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli import histories
from hilo_cli.histories import fulltilt, pokerstars
from hilo_cli.histories.text import name_ends


class Counted:
    """A compiled pattern that counts its calls (``match``, ``search``, ``fullmatch``...)."""

    def __init__(self, pattern: re.Pattern[str], calls: Counter[str], name: str) -> None:
        self._pattern, self._calls, self._name = pattern, calls, name

    def __getattr__(self, attr: str) -> Any:
        found = getattr(self._pattern, attr)
        if not callable(found):
            return found

        def counted(*args: Any, **kwargs: Any) -> Any:
            self._calls[self._name] += 1
            return found(*args, **kwargs)

        return counted


def steps(monkeypatch: pytest.MonkeyPatch, module: ModuleType, text: str, reader: str) -> int:
    """How many times the reader's module matched one of its patterns while ``text`` was read."""
    calls: Counter[str] = Counter()
    with monkeypatch.context() as patched:
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                patched.setattr(module, name, Counted(value, calls, name))
        records = list(histories.read("long", text, reader))
    # The line is no line the reader knows: the hand's error, or, holding no amount and no card, a
    # line skipped and counted (issue 28's lenient reading).
    first = records[0]
    assert (first.error is not None and "cannot read the line" in first.error) or first.skipped == 1
    return sum(calls.values())


def with_line(path: str, words: int, word: str) -> str:
    lines = (TEST_DATA / path).read_text().split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("*** HOLE CARDS"))
    return "\n".join([*lines[: at + 1], " ".join([word] * words), *lines[at + 1 :]])


@pytest.mark.parametrize("word", ["word", "wins", "split the", "a:"])
@pytest.mark.parametrize(
    ("module", "reader", "path"),
    [
        (pokerstars, "pokerstars", "pokerstars/quartered.txt"),
        (fulltilt, "fulltilt", "fulltilt/quartered.txt"),
    ],
)
def test_a_line_ten_times_as_long_takes_no_more_matches(
    monkeypatch: pytest.MonkeyPatch, module: ModuleType, reader: str, path: str, word: str
) -> None:
    short = steps(monkeypatch, module, with_line(path, 200, word), reader)
    long = steps(monkeypatch, module, with_line(path, 2000, word), reader)
    assert long == short


def old_is_note(text: str) -> bool:
    """PokerStars' notes as they were read: ``NOTES`` at each place a name may end."""
    notes = pokerstars.NOTES.match
    return any(notes(text[at + 1 :]) or notes(text[at:]) for at in name_ends(text))


WORDS = st.sampled_from(
    [
        "Bob",
        "Smith",
        "wins",
        "the",
        "split",
        "bounty",
        "for",
        "eliminating",
        "splitting",
        "elimination",
        "of",
        "is",
        "sitting",
        "out",
        "said,",
        "joins",
        "table",
        "at",
        "seat",
        "#3",
        "#x",
        "tournament",
        ":",
        "",
        "has",
        "timed",
        "low",
        "with",
        "$5",
    ]
)


@settings(max_examples=3000, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=14))
def test_pokerstars_notes_read_in_one_pass_are_the_notes_read_at_every_space(
    words: list[str],
) -> None:
    text = " ".join(words).strip()
    if text:
        assert pokerstars.is_note(text) == old_is_note(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Bob wins the $5 bounty for eliminating Al",
        "Bob Smith wins wins $1 for splitting the elimination of Al and Cy",
        "Bob split the split the bounty for eliminating Al",
        "wins the tournament",
        "Bob: is sitting out",
        "Bob joins the table at seat #3",
        'Bob said, "wins the x bounty for eliminating"',
    ],
)
def test_the_notes_pokerstars_reads(text: str) -> None:
    assert pokerstars.is_note(text) == old_is_note(text)


def test_full_tilts_notes_read_in_one_pass_are_the_notes_read_at_every_space() -> None:
    notes = fulltilt.NOTES.match
    for text in [
        "Bob is sitting out",
        "Bob Smith is feeling happy",
        "Bob has 15 seconds left to act",
        "Bob adds $5",
        "is sitting out",
        "Bob shows [Ah]",
        "Bob shows x",
        "Bob Smith seat #4 is reserved",
        "Bob is feeling happy!",
    ]:
        old = any(notes(text[at + 1 :]) for at in name_ends(text))
        assert (fulltilt.NOTE_END.search(text, 1) is not None) == old, text
