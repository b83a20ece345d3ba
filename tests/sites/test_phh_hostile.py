"""The PHH reader under hostile and huge input (issue 16): every hand in is a record out, read hand by hand
(a ``.phh`` hand followed by a ``[table]`` collection, a broken hand among good ones), every number
bounded before it is converted, TOML nested too deep, error lines that quote a short cut of the input,
``hilo check`` giving one verdict in text, JSON and CSV, and verdicts that do not depend on the order
a collection's hands or a hand's keys are written in."""

from __future__ import annotations

import csv
import io
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import TEST_DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.betting import Action, ActionKind, Hand
from hilo_cli.betting.replay import run
from hilo_cli.checking import check, process
from hilo_cli.cli import main
from hilo_cli.errors import DealError, HiloError
from hilo_cli.games import GAMES
from hilo_cli.histories import HandRecord, phh
from hilo_cli.histories.phh import read

DATA = TEST_DATA / "phh"
HANDS = ["quartered.phh", "plo8-side-pots.phh", "muck-dead.phh", "changed.phh"]

HEAD = """variant = 'NO/8'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
"""
FOLDS = "actions = ['d dh p1 Ac2hKcQc', 'd dh p2 As2d9c9h', 'd dh p3 QhQdJcTc', 'p3 f', 'p1 f']\n"
FOLDED = HEAD + FOLDS + "finishing_stacks = [950, 1050, 1000]\n"  # p2's big blind wins the blinds


def records(text: str, source: str = "t.phhs") -> list[HandRecord]:
    return list(read(source, text))


def tables() -> list[tuple[str, str]]:
    """Every hand of the own test files as a collection's table (name, text), the .phh files included."""
    found = [(name.removesuffix(".phh"), (DATA / name).read_text()) for name in HANDS]
    text = (DATA / "illegal.phhs").read_text()
    for block in re.split(r"\n(?=\[)", text)[1:]:
        head, _, body = block.partition("\n")
        found.append((head.strip("[]"), body))
    return found


def collection(hands: list[tuple[str, str]]) -> str:
    return "".join(f"[{name}]\n{body.rstrip()}\n\n" for name, body in hands)


# -- every hand in is a record out -------------------------------------------------------------------


def test_a_phh_hand_followed_by_a_collection_gives_every_hand() -> None:
    # `cat one.phh many.phhs`: before, the first hand was checked and the rest ignored without a word.
    one = (DATA / "quartered.phh").read_text()
    many = (DATA / "illegal.phhs").read_text()
    text = one + many
    got = records(text)
    alone = records(many, "t.phhs")
    assert [r.id for r in got] == ["3", *[r.id for r in alone]]
    assert got[0].line == 1 and got[0].error is None
    shift = one.count("\n")
    assert [
        (r.line - shift, r.error, r.action_lines and r.action_lines[-1] - shift) for r in got[1:]
    ] == [(r.line, r.error, r.action_lines and r.action_lines[-1]) for r in alone]
    lines = text.splitlines()
    assert all(lines[r.line - 1] == f"[{r.id}]" for r in got[1:])


def test_a_broken_hand_is_one_error_and_the_others_are_read() -> None:
    # Before, one hand of invalid TOML made the whole collection one error record.
    hands = tables()
    broken = [
        (name, body.replace("antes = [", "antes = [[", 1) if name == "fixed-size" else body)
        for name, body in hands
    ]
    got = records(collection(broken))
    good = records(collection(hands))
    assert [r.id for r in got] == [r.id for r in good]
    bad = [r for r in got if r.id == "fixed-size"]
    assert len(bad) == 1 and bad[0].error is not None and bad[0].error.startswith("not valid TOML")
    assert [r for r in got if r.id != "fixed-size"] == [r for r in good if r.id != "fixed-size"]
    # the TOML error names the file's line, not the line within the hand
    text = collection(broken)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("antes = [[")) + 1
    assert f"at line {line}," in (bad[0].error or "") and bad[0].line == line


@pytest.mark.parametrize(
    "line, starts",
    [
        ("[one]", True),
        ("  [one]  # a hand", True),
        ("['two words']", True),
        ('["a.b"]', True),
        ('["a\\"b"]', True),
        ("[[array]]", True),
        (
            "[stud-highest-show\x7fing]",
            True,
        ),  # a key TOML refuses: a piece (and an error) of its own
        ("[one.meta]", False),
        ("[ one . meta ]", False),
        ("[[one.rows]]", False),
        ('["a". b]', False),
        ("x = [1]", False),
        ("  'p1 cc',", False),
        ("[1, 2]", False),
        ("[]", False),
        ("", False),
        ("# [one]", False),
    ],
)
def test_a_hand_starts_at_a_table_header(line: str, starts: bool) -> None:
    assert phh.READER.starts_hand(line) is starts


def test_a_dotted_sub_table_is_part_of_its_hand() -> None:
    text = "[one]\n" + FOLDED + "[one.meta]\nnote = 'x'\n[two]\n" + FOLDED
    got = records(text)
    assert [(r.id, r.line, r.error) for r in got] == [("one", 1, None), ("two", 11, None)]


def test_read_hand_reads_one_hands_lines_at_their_own_file_lines() -> None:
    lines = ["[h]", *FOLDED.splitlines()]
    at_1 = phh.READER.read_hand("c.phhs", 1, lines)
    at_1001 = phh.READER.read_hand("c.phhs", 1001, lines)
    assert at_1.error is None and at_1.id == "h" and at_1.hand is not None
    assert at_1001.line == 1001 and at_1001.action_lines == tuple(
        n + 1000 for n in at_1.action_lines
    )
    assert set(at_1.action_lines) == {7}
    assert (
        phh.READER.read_hand("c.phh", 1, FOLDED.splitlines()).id is None
    )  # a .phh hand: no table name


def test_a_file_of_comments_only_has_no_hands_and_says_so() -> None:
    (only,) = records("# nothing\n\n# here\n")
    assert only.line == 0 and only.error == "no hands: neither a PHH hand nor a collection of them"
    # a collection's opening comments are no hand of their own
    assert [r.id for r in records("# a comment\n\n[one]\n" + FOLDED)] == ["one"]


def test_detection_by_content() -> None:
    assert phh.detect(FOLDED) and phh.detect("# c\n\n[1]\nvariant = 'FO/8'\n")
    assert phh.detect("hand = 3\nvariant = 'FO/8'\n")
    assert not phh.detect("PokerStars Hand #1: Omaha Hi/Lo Limit")
    assert (
        not phh.detect('{"board": "Ac"}')
        and not phh.detect('[{"board": "Ac"}]')
        and not phh.detect("")
    )
    assert phh.READER.name == "phh" and phh.READER.suffixes == (".phh", ".phhs")


def test_line_separators_inside_a_value_do_not_cut_a_line() -> None:
    # U+2028 and friends are no TOML line end: str.splitlines would cut a player's name in two.
    text = FOLDED + "players = ['A\u2028B', 'C\x85D', 'E\u2029F']\n"
    (one,) = records(text, "t.phh")
    assert one.error is None and one.hand is not None and one.hand.players[0] == "A\u2028B"


def test_each_action_is_at_its_own_line_escaped_or_after_a_comment() -> None:
    # Before, each action's text was searched for in the file: a comment naming it, or an action written with
    # a TOML escape, put a later action's error at another line.
    text = HEAD + (
        "actions = [\n  # p3 first: 'p3 cc'\n  'd dh p1 Ac2hKcQc', 'd dh p2 As2d9c9h', 'd dh p3 QhQdJcTc',\n"
        "  \"p3 \\u0063c\",\n  'p1 cc',\n  'p1 cc',\n]\nfinishing_stacks = [900, 900, 900]\n"
    )
    (one,) = records(text, "t.phh")
    assert one.action_lines == (8, 8, 8, 9, 10, 11)
    with pytest.raises(HiloError, match="action 6 'p1 cc'"):
        check(one)


# -- every number bounded, every input read without a traceback ---------------------------------------

BIG = "9" * 5000
BOUND = "more than hilo counts (at most 1,000,000,000,000,000)"


@pytest.mark.parametrize(
    "change, message",
    [
        # a value of 5,000 digits: Python's int conversion raised ValueError from the TOML reader
        (("[1000, 1000, 1000]", f"[{BIG}, 1000, 1000]"), "a number of 5,000 digits"),
        # a player index of 5,000 digits: int() raised ValueError
        (("'p1 f'", f"'p{BIG} f'"), "no player 'p99999999"),
        (("'p1 f'", f"'p1 cbr {BIG}'"), BOUND),
        (("[950, 1050, 1000]", f"[{2**70}, 1050, 1000]"), f"finishing_stacks[0] is {BOUND}"),
        (("[1000, 1000, 1000]", "[1e308, 1000, 1000]"), f"starting_stacks[0] is {BOUND}"),
        (
            ("[1000, 1000, 1000]", f"[{10**15}, {10**15}, 1000]"),
            f"the sum of the starting stacks is {BOUND}",
        ),
        (("min_bet = 100\n", f"min_bet = {10**16}\n"), f"min_bet is {BOUND}"),
        (
            ("min_bet = 100\n", "min_bet = 100\nseats = [1, 2, 10000000]\n"),
            "seats[2] is more than hilo counts",
        ),
        (("'p1 f'", f"'p1 cbr {10**15 + 1}'"), BOUND),
    ],
)
def test_every_number_is_bounded(change: tuple[str, str], message: str) -> None:
    (one,) = records(FOLDED.replace(*change), "t.phh")
    assert one.error is not None and message in one.error, one.error[:1000]
    assert len(one.error) < 600


def test_toml_nested_too_deeply_is_one_error_and_the_other_hands_are_read() -> None:
    deep = FOLDED + "x = " + "[" * 500 + "]" * 500 + "\n"
    got = records("[one]\n" + FOLDED + "[deep]\n" + deep + "[two]\n" + FOLDED)
    assert [(r.id, r.error) for r in got] == [
        ("one", None),
        ("deep", "nested too deeply to read (TOML of arrays or tables within each other)"),
        ("two", None),
    ]


def test_amounts_beyond_64_bits_are_one_error_in_every_format(tmp_path: Path) -> None:
    # Before: a MISMATCH in text and CSV, and a TypeError error record in JSON.
    path = tmp_path / "big.phh"
    path.write_text(FOLDED.replace("[950, 1050, 1000]", f"[{2**70}, 1050, 1000]"))
    message = f"finishing_stacks[0] is {BOUND}"
    runs = {
        fmt: CliRunner().invoke(main, ["check", "--format", fmt, str(path)])
        for fmt in ("text", "json", "csv")
    }
    assert {fmt: r.exit_code for fmt, r in runs.items()} == {"text": 2, "json": 2, "csv": 2}
    assert runs["text"].stdout == "" and runs["text"].stderr == f"{path}:1: {message}\n"
    out = json.loads(runs["json"].stdout)
    assert out["error"] == message and "check" not in out
    rows = list(csv.DictReader(io.StringIO(runs["csv"].stdout)))
    assert len(rows) == 1 and rows[0]["verdict"] == "ERROR" and rows[0]["error"] == message


# -- error lines quote a short cut ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        ("'p1 f'", "'p1 " + "x" * 20_000 + "'"),
        ("'d dh p1 Ac2hKcQc'", "'d dh p1 " + "Ac" * 10_000 + "Z'"),
        ("variant = 'NO/8'", "variant = '" + "X" * 20_000 + "'"),
        ("min_bet = 100", "min_bet = '" + "1" * 20_000 + "'"),
        ("[950, 1050, 1000]", "'" + "x" * 20_000 + "'"),
        ("'p1 f'", "'p1 f', [" + "1, " * 10_000 + "]"),
        (
            "'p1 f'",
            "'p1 cbr " + "0" * 20_000 + "5'",
        ),  # read, then refused by the replay quoting the action
    ],
)
def test_error_lines_quote_a_short_cut_of_the_input(change: tuple[str, str]) -> None:
    (one,) = records(FOLDED.replace(*change), "t.phh")
    message = one.error or one.not_checkable
    if message is None:
        with pytest.raises(HiloError) as caught:
            check(one)
        message = caught.value.message
    assert len(message) < 600 and "[cut: " in message, message[:1000]


def test_a_stray_key_of_a_collection_is_named_in_a_short_cut() -> None:
    key = "k" * 20_000
    (stray, one) = records(f"{key} = 1\n[one]\n" + FOLDED)
    assert stray.error is not None and len(stray.error) < 400 and "is not a hand" in stray.error
    assert one.error is None


# -- the order hands and keys are written in does not change a verdict ----------------------------------


def _verdicts(text: str) -> dict[str, dict[str, object]]:
    """Each hand's outcome by its table header, where it was written left out (its file line)."""
    found = {}
    lines = text.splitlines()
    for record in read("c.phhs", text):
        out = json.loads(process(record, "json").output)
        out.pop("line")
        out.pop("where", None)  # FILE:LINE, the same place
        found[lines[record.line - 1]] = out
    return found


@settings(max_examples=25, deadline=None)
@given(st.permutations(tables()))
def test_a_collections_hands_reordered_keep_their_verdicts(hands: list[tuple[str, str]]) -> None:
    assert _verdicts(collection(hands)) == _verdicts(collection(tables()))


def _blocks(body: str) -> list[str]:
    """A hand's text cut at each top-level key (a multi-line array stays with its key)."""
    return [b for b in re.split(r"\n(?=[a-z_]+ =)", body.strip()) if not b.startswith("#")]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(tables()), st.data())
def test_a_hands_keys_in_another_order_give_the_same_verdict(
    hand: tuple[str, str], data: st.DataObject
) -> None:
    # TOML keys of a table may come in any order; PHH's players (p1, p2...) are positions, not free to move.
    name, body = hand
    shuffled = "\n".join(data.draw(st.permutations(_blocks(body)))) + "\n"
    assert _verdicts(f"[{name}]\n{shuffled}") == _verdicts(f"[{name}]\n{body}")


# -- the replay's turn order, kept as the hand goes (linear in the players), is the walk round the table ----


def _walk(state: Any, pending: set[str]) -> str:
    """Whose turn it is, the plain way: the first player from the round's cursor, clockwise, still to act."""
    count, cursor = len(state.names), state.round.cursor
    return next(
        state.names[(cursor + k) % count]
        for k in range(count)
        if state.names[(cursor + k) % count] in pending
    )


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 9),
    st.lists(st.integers(1, 40), min_size=9, max_size=9),
    st.lists(st.tuples(st.sampled_from(["f", "cc", "cbr"]), st.integers(1, 8)), max_size=30),
)
def test_the_turn_skips_only_players_who_cannot_act(
    count: int, stacks: list[int], steps: list[tuple[str, int]]
) -> None:
    # Folded and all-in seats are skipped by pointers kept as the hand goes (a hand of 100,000 players was
    # cubic: every action walked the table and looked each player up in the list of folded ones).
    names = tuple(f"p{i}" for i in range(1, count + 1))
    hand = Hand(
        GAMES["omaha8"], "no", names, tuple(stacks[:count]), (), blinds=(1, 2, *(0,) * (count - 2))
    )
    kinds: dict[str, ActionKind] = {"f": "fold", "cc": "check-call", "cbr": "raise-to"}
    for verb, size in steps:
        state = run(hand)
        pending = state.start_betting()
        if len(state.live()) < 2 or not pending:
            break
        turn = _walk(state, pending)
        assert state.next_to_act(pending) == turn
        bet = state.round.bets.get(turn, 0)
        amount = (
            min(state.round.to_call + 2 * size, bet + state.stacks[turn]) if verb == "cbr" else None
        )
        action = Action(len(hand.actions) + 1, f"{turn} {verb}", turn, kinds[verb], amount)
        try:
            run(hand._replace(actions=(*hand.actions, action)))
        except DealError:
            continue
        hand = hand._replace(actions=(*hand.actions, action))


# -- mutated copies of the own files: no traceback, every hand in a record out, in order ---------------------

SOURCES = [(DATA / name).read_text() for name in [*HANDS, "illegal.phhs"]]
NASTY = [
    "9" * 5000,
    "[" * 600,
    "]",
    "[",
    "[x]\n",
    "\n[[y]]\n",
    "'",
    '"',
    "\n",
    "#",
    " = ",
    "1e308",
    "-1",
    "p0",
    f"{2**70}",
    "\u2028",
    "\r",
    "0" * 5000 + "7",
    "'p1 cbr " + "9" * 50 + "'",
    "[a.b]\n",
    "\\u0000",
    "nan",
]


def _mutate(text: str, data: st.DataObject) -> str:
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["insert", "delete", "double"]))
        if kind == "insert":
            text = text[:at] + data.draw(st.sampled_from(NASTY) | st.text(max_size=3)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + data.draw(st.integers(1, 40)) :]
        else:
            lines = text.split("\n")
            i = at % max(len(lines), 1)
            text = "\n".join([*lines[: i + 1], *lines[i:]])
    return text


def _expected(text: str) -> int:
    """The records a text must give: one per hand's [table] header, one for what comes before the first if it
    holds any TOML (a .phh hand, stray keys, or what cannot be read), and one saying there are none."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if phh.READER.starts_hand(line.removesuffix("\r"))]
    before = "\n".join(
        line.removesuffix("\r") for line in lines[: starts[0] if starts else len(lines)]
    )
    try:
        empty = not tomllib.loads(before)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        empty = False
    count = len(starts) + (0 if empty else 1)
    return count or 1


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SOURCES), st.data())
def test_mutated_files_give_a_record_per_hand_in_order_and_no_traceback(
    text: str, data: st.DataObject
) -> None:
    mutated = _mutate(text, data)
    got = records(mutated, "m.phhs")
    assert len(got) == _expected(mutated)
    assert [r.line for r in got] == sorted(r.line for r in got)
    for record in got:
        for fmt in ("text", "json", "csv"):
            outcome = process(record, fmt)
            assert outcome.error is None or not outcome.error.startswith(
                "cannot check this hand"
            ), outcome.error
            assert outcome.error is None or len(outcome.error) < 1000
