"""``hilo check`` on IGT's JSON (issue 28): Boss Media's schema as one document, ``{"history": [hand,
...]}``, each hand one record in order; the project's own files, the shared real file (skipped when
../shared is absent), the card numbering, the bounds, and order invariance.

The own files in tests/data/igt/ (pot limit €0.05/€0.10 Omaha Hi/Lo unless said; one document on one
line after a byte-order mark, as IGT writes it):

* split: €0.70 in, rake €0.03 → high €0.34 Ann (trip kings), low €0.33 Bob (7-4-3-2-A).
* scoop: €1.75 in, rake €0.08 → €1.67 to Ann (queens and 7-5-3-2-A), ``WINTYPE_HILO``.
* no-showdown: Bob raises to €0.35, nobody calls: ``ACTION_ADJUSTEMENT`` leaves €0.10 in (€0.25 given
  back), he wins the €0.25 pot; no flop, no rake.
* side-pot: Ann all in for €1.00 (``ACTION_ALLIN``, a raise); Bob and Cid bet on into a side pot of
  €2.00; the showdown prints one pot (€4.85) and one rake (€0.15): per player, Bob €2.43, Ann €1.45,
  Cid €0.97.
* dead-blind: the 2019 header (``small``/``large``, SEK); Cid posts ``HAND_DSB`` €0.05 and a big blind:
  0.95 in, rake 0.04 → 0.46 Ann, 0.45 Cid.
* tournament: ``GAMEKIND_TOURNAMENT``, chips 10/20, no rake: 60 and 60.
* mixed-games: a hold'em hand (``TEXASHOLDEM``: not checkable), then the split.
* several: the split, the scoop, the walk and the side pot in one document; pretty: a document written
  by ``json.dumps(indent=2)`` over many lines.
* tampered: the split's odd cent to the low, the scoop paid to Cid, the split with a rake of €0.05.
* bad-input: a good document; one cut in half; a history of a number, a seat ``x``, card 60, an action
  hilo does not read carrying a value, an amount as a list, a hand without its showdown; a document
  without a history; a good document.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from archive_sites import depth_verdicts, file_records, own, records, statuses, verdicts
from click.testing import CliRunner
from conftest import SHARED_DIR
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.checking import check
from hilo_cli.cli import main
from hilo_cli.errors import InputError
from hilo_cli.histories import detect, igt

SITE = "igt"
SHARED = SHARED_DIR / "handhistories" / "newer" / "igt"


def text(name: str) -> str:
    return own(SITE, name).removeprefix("\ufeff")


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.txt", [("7000001.hand.1", "ok")]),
        ("scoop.txt", [("7000001.hand.2", "ok")]),
        ("no-showdown.txt", [("7000001.hand.3", "ok")]),
        ("side-pot.txt", [("7000001.hand.4", "ok")]),
        ("dead-blind.txt", [("7000003.hand.1", "ok")]),
        ("tournament.txt", [("7000004.hand.1", "ok")]),
        ("mixed-games.txt", [("7000002.hand.1", "not-checkable"), ("7000002.hand.2", "ok")]),
        (
            "several.txt",
            [(f"7000005.hand.{n}", "ok") for n in (1, 2, 3, 4)],
        ),
        ("pretty.txt", [("7000006.hand.1", "ok"), ("7000006.hand.2", "ok")]),
        ("tampered.txt", [(f"7000007.hand.{n}", "mismatch") for n in (1, 2, 3)]),
        (
            "bad-input.txt",
            [("7000008.hand.1", "ok"), (None, "error"), (None, "error")]
            + [(f"7000008.hand.{n}", "error") for n in range(3, 8)]
            + [(None, "error"), ("7000008.hand.8", "ok")],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_each_hand_is_a_record_in_order_at_its_documents_line() -> None:
    found = [(r.id, r.line) for r in records(SITE, text("bad-input.txt"))]
    assert [line for _, line in found] == [1, 2, 3, 3, 3, 3, 3, 3, 4, 5]
    several = records(SITE, text("several.txt"))
    assert [r.id for r in several] == [f"7000005.hand.{n}" for n in (1, 2, 3, 4)]


def test_bad_hands_say_what_is_wrong_and_where() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.txt")) if s == "error"]
    assert errors[0].startswith("malformed JSON: Unterminated string starting at (column ")
    assert errors[1] == "hand 1 of the history is a number, not an object: '5'"
    assert "a seat is 'x'" in errors[2] and "'60' is not a card number" in errors[3]
    assert "ACTION_JUGGLE Bob 0.05: an action hilo does not read" in errors[4]
    assert "'amount' is a list, not an amount" in errors[5] and "cut short" in errors[6]
    assert errors[7].startswith('not an IGT history: the JSON document has no "history"')


def test_what_the_site_printed_is_what_the_check_holds_it_to() -> None:
    (split,) = records(SITE, text("split.txt"))
    assert split.recorded_halves == ({"high": {"Ann": 34}, "low": {"Bob": 33}},)
    assert split.summary is not None and (split.summary.total, split.summary.rake) == (70, 3)
    assert split.currency is not None and split.currency.show(67) == "€0.67"
    (walk,) = records(SITE, text("no-showdown.txt"))
    assert walk.summary is not None and walk.summary.uncalled == {"Bob": 25}
    (side,) = records(SITE, text("side-pot.txt"))
    assert (
        side.summary is None
        and side.derive_rake
        and side.recorded_won
        == {
            "Bob": 243,
            "Ann": 145,
            "Cid": 97,
        }
    )
    depths = [d for _, _, d, _ in depth_verdicts(SITE, text("several.txt"))]
    assert depths == ["per half", "per pot", "per pot", "per player"]


def test_dead_blinds_tournaments_and_the_2019_header() -> None:
    (dead,) = records(SITE, text("dead-blind.txt"))
    assert dead.hand is not None
    assert [(a.actor, a.kind) for a in dead.hand.actions[:4]] == [
        ("Cid", "ante"),
        ("Ann", "post"),
        ("Cid", "post"),
        ("Bob", "post"),
    ]
    assert dead.currency is not None and dead.currency.show(91) == "SEK 0.91"
    assert dead.currency.code == "SEK"
    (chips,) = records(SITE, text("tournament.txt"))
    assert chips.currency is not None and chips.currency.scale == 1
    assert chips.recorded_halves == ({"high": {"Ann": 60}, "low": {"Bob": 60}},)


def test_card_numbers_are_deuce_to_ace_from_the_clubs() -> None:
    assert [str(igt.card(n, "x")) for n in ("0", "12", "13", "25", "26", "51")] == [
        "2c",
        "Ac",
        "2d",
        "Ad",
        "2h",
        "As",
    ]
    assert igt.card("b", "x") is None
    for bad in ("52", "-1", "1.5", "٣"):
        with pytest.raises(InputError, match="not a card number"):
            igt.card(bad, "x")


def _document(path: Path) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(path.read_text(encoding="utf-8-sig"))
    return found


def test_the_shared_file_checks_ok_and_its_showdown_names_the_hands_hilo_makes() -> None:
    if not SHARED.is_dir():
        pytest.skip("../shared/handhistories/newer/igt is absent (a user's clone)")
    paths = sorted(p for p in SHARED.iterdir() if p.is_file())
    assert paths
    for path in paths:
        found = file_records(path.read_bytes(), str(path))
        hands = _document(path)["history"]
        assert len(found) == len(hands)
        assert [check(r)[1].status for r in found] == ["ok"] * len(hands)
        run = CliRunner().invoke(main, ["check", "--format", "json", str(path)])
        checked = [json.loads(line) for line in run.stdout.splitlines()]
        for record, hand in zip(checked, hands, strict=True):
            lows = {p["name"]: p["low"] for p in record["players"]}
            named = [r for r in hand["showDown"]["result"] if r.get("handExt")]
            assert named  # the site names the low it paid: hilo makes the same of the same cards
            for result in named:
                assert lows[result["player"]]["name"] == "-".join(result["handExt"].split())


def test_detect_knows_igt_and_claims_no_other_json() -> None:
    assert detect(text("split.txt")) == SITE
    assert detect(text("pretty.txt")) == SITE
    assert detect("\ufeff" + text("split.txt")) == SITE
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"
    assert detect('{"game": "omaha8", "players": []}\n') is None
    assert detect('[{"history": []}]\n') is None


def _one(hand: object) -> str:
    return json.dumps({"history": [hand]})


def test_hands_past_the_bounds_are_their_own_error_and_the_others_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    history = json.loads(text("several.txt"))["history"]
    sizes = [len(json.dumps(hand, separators=(",", ":"))) for hand in history]
    document = json.dumps({"history": history}, separators=(",", ":"))
    longest = max(sizes)
    monkeypatch.setattr(igt, "MAX_HAND", longest - 1)
    found = verdicts(SITE, document)
    assert [s for _, s, _ in found] == ["ok" if n < longest else "error" for n in sizes]
    assert f"a hand of {longest:,} characters: more than hilo reads as one (at most " in "".join(
        w for _, _, w in found
    )
    monkeypatch.setattr(igt, "MAX_HAND", longest)
    assert [s for _, s in statuses(SITE, document)] == ["ok"] * len(history)
    monkeypatch.undo()
    assert verdicts(SITE, '{"history": []}') == [(None, "error", "the IGT history holds no hands")]
    deep = '{"history": [' + "[" * 5000 + "]" * 5000 + "]}"
    assert statuses(SITE, deep) == [(None, "error")]
    hand = json.loads(text("split.txt"))["history"][0]
    hand["action"] = hand["action"] * (igt.MAX_ACTIONS // len(hand["action"]) + 1)
    (why,) = [w for _, _, w in verdicts(SITE, _one(hand))]
    assert f"more than hilo reads ({igt.MAX_ACTIONS})" in why


def test_a_document_is_read_a_hand_at_a_time() -> None:
    """The first hand comes out before the document's end is read: the bytes are asked for as needed,
    and a hand's text is what the worker reads."""
    history = json.loads(text("several.txt"))["history"] * 50
    data = ("\ufeff" + json.dumps({"history": history}, separators=(",", ":")) + "\n").encode()
    asked: list[int] = []

    def blocks() -> Iterator[bytes]:
        for at in range(0, len(data), 4096):
            asked.append(at)
            yield data[at : at + 4096]

    cut = igt.documents(blocks())
    line, lines, problem = next(cut)
    assert (line, lines[0], problem) == (1, "1", None)
    assert json.loads(lines[1]) == history[0]
    assert len(asked) * 4096 < len(data) // 10
    rest = list(cut)
    assert [lines[0] for _, lines, _ in rest] == [str(n) for n in range(2, len(history) + 1)]
    assert all(p is None for _, _, p in rest)


def test_a_broken_document_keeps_the_hands_before_the_fault() -> None:
    """A document cut short, or with junk in it, is its hands up to the fault and one error there;
    the next document is read."""
    hands = [
        json.dumps(h, separators=(",", ":")) for h in json.loads(text("several.txt"))["history"]
    ]
    several = '{"history":[' + ",".join(hands) + "]}"
    third = len('{"history":[') + len(hands[0]) + len(hands[1]) + 1  # the comma before hand 3
    cut_short = several[: third + len(hands[2]) // 2]
    glued = f"{cut_short}\n{text('split.txt')}"
    assert statuses(SITE, glued) == [
        ("7000005.hand.1", "ok"),
        ("7000005.hand.2", "ok"),
        (None, "error"),
        ("7000001.hand.1", "ok"),
    ]
    junk = several[:third] + " junk" + several[third:]
    found = verdicts(SITE, junk)
    assert [s for _, s, _ in found] == ["ok", "ok", "error"]
    assert found[2][2] == f"malformed JSON: Expecting ',' delimiter (column {third + 2})"
    after = several + ' {"more": 1}'
    assert [w for _, s, w in verdicts(SITE, after) if s == "error"] == [
        f"malformed JSON: more after the document's end (column {len(several) + 2})"
    ]


def test_the_document_s_other_fields_are_passed_over_and_a_second_history_is_an_error() -> None:
    split = json.loads(text("split.txt"))
    first = json.dumps({"version": {"a": [1, 2]}, **split, "count": 1})
    assert statuses(SITE, first) == [("7000001.hand.1", "ok")]
    twice = json.dumps(split)[:-1] + ', "history": []}'
    found = verdicts(SITE, twice)
    assert [s for _, s, _ in found] == ["ok", "error"]
    assert 'gives its "history" twice' in found[1][2]
    for bad, says in [
        ('{"history" [1]}', "':' after a name expected (column 12)"),
        ("{history: [1]}", "a name in double quotes expected (column 2)"),
        ('{"history": [1] "x"', "',' or '}' after a value expected (column 17)"),
        ('{"history": [1]', "',' or '}' after a value expected (the document ends)"),
    ]:
        assert [w for _, s, w in verdicts(SITE, bad) if s == "error"][-1].endswith(says), bad


def test_pretty_documents_with_any_line_ends_put_each_hand_at_its_own_line() -> None:
    pretty = text("pretty.txt")
    lines = pretty.split("\n")
    starts = [n for n, line in enumerate(lines, 1) if line == "    {"]
    assert len(starts) == 2
    for end in ("\n", "\r\n", "\r"):
        again = end.join(lines) + end + "\ufeff" + text("split.txt").replace("\n", end)
        found = [(r.id, r.line) for r in records(SITE, again)]
        assert found == [
            ("7000006.hand.1", starts[0]),
            ("7000006.hand.2", starts[1]),
            ("7000001.hand.1", len(lines) + 1),
        ], end


def test_a_field_of_the_wrong_type_is_the_hands_error_quoting_little() -> None:
    hand = json.loads(text("split.txt"))["history"][0]
    for key, value, says in [
        ("handId", 5, "'handId' is a number, not text"),
        ("player", {"a": 1}, "'player' is an object, not a list"),
        ("showDown", [], "'showDown' is a list, not an object"),
        ("limit", None, "not one hilo replays"),
    ]:
        changed = {**hand, key: value}
        (found,) = verdicts(SITE, _one(changed))
        assert says in found[2], found
    (long,) = verdicts(SITE, json.dumps({"history": ["x" * 10_000]}))
    assert long[1] == "error" and len(long[2]) < 200


def test_two_names_of_two_games_are_bad_input() -> None:
    hand = json.loads(text("split.txt"))["history"][0]
    (found,) = verdicts(SITE, _one({**hand, "game": "GAME_THM"}))
    assert found[1] == "error" and "differ" in found[2]


def _reordered(document: str, rng: random.Random) -> str:
    """The same hands with each hand's players, its results and the cards of each player's deal and
    result in another order (the board stays as dealt: its streets are in its order)."""
    data = json.loads(document)
    for hand in data["history"]:
        if not isinstance(hand, dict):
            continue
        rng.shuffle(hand["player"])
        for action in hand["action"]:
            if action.get("type") == "HAND_DEAL":
                rng.shuffle(action["card"])
        rng.shuffle(hand["showDown"]["result"])
        for result in hand["showDown"]["result"]:
            rng.shuffle(result["card"])
    return json.dumps(data)


OWN = [
    "split.txt",
    "scoop.txt",
    "no-showdown.txt",
    "side-pot.txt",
    "dead-blind.txt",
    "tournament.txt",
    "mixed-games.txt",
    "tampered.txt",
    "several.txt",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_players_and_cards_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    changed = _reordered(original, rng)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_the_reordering_moves_players_and_cards() -> None:
    original = json.loads(text("split.txt"))
    changed = json.loads(_reordered(text("split.txt"), random.Random(3)))
    hand, again = original["history"][0], changed["history"][0]
    assert [p["name"] for p in hand["player"]] != [p["name"] for p in again["player"]]
    assert hand["action"][2]["card"] != again["action"][2]["card"]
    assert sorted(map(str, hand["action"][2]["card"])) == sorted(
        map(str, again["action"][2]["card"])
    )


def test_a_key_given_twice_is_its_hands_error_and_the_others_are_read() -> None:
    several = text("several.txt")
    twice = several.replace('"win":"0.34"', '"win":"0.34","win":"0.67"', 1)
    assert twice != several
    found = verdicts(SITE, twice)
    assert [s for _, s, _ in found] == ["error", "ok", "ok", "ok"]
    assert "gives the key 'win' twice" in found[0][2]


def _changed(name: str, change: Any) -> str:
    data = json.loads(text(name))
    change(data["history"][0])
    return json.dumps(data)


def _set(path: list[str | int], value: str) -> Any:
    def change(hand: Any) -> None:
        for key in path[:-1]:
            hand = hand[key]
        hand[path[-1]] = value

    return change


@pytest.mark.parametrize(
    "name, path, value, says",
    [
        ("split.txt", ["action", 8, "pot"], "0.30", "the flop's pot €0.30 and rake €0.01"),
        ("split.txt", ["pot"], "0.70", "the hand's pot 0.70 is not the showdown's pot €0.67"),
        ("side-pot.txt", ["showDown", "rake"], "0.20", "the showdown's pot €4.85 and rake €0.20"),
        ("side-pot.txt", ["showDown", "result", 0, "win"], "2.44", "the results pay €4.86"),
        ("scoop.txt", ["showDown", "result", 0, "win"], "1.60", "the results pay €1.60 in all"),
    ],
)
def test_the_sites_own_totals_that_do_not_add_up_are_a_mismatch(
    name: str, path: list[str | int], value: str, says: str
) -> None:
    (found,) = verdicts(SITE, _changed(name, _set(path, value)))
    assert found[1] == "mismatch" and "the site's own lines disagree" in found[2], found
    assert says in found[2], found


def test_a_bet_given_back_that_the_actions_do_not_leave_is_a_mismatch() -> None:
    def give_back(hand: Any) -> None:
        hand["action"].insert(
            9, {"type": "ACTION_ADJUSTEMENT", "player": "Cid", "value": "0.50", "bankRoll": "9.50"}
        )

    (found,) = verdicts(SITE, _changed("side-pot.txt", give_back))
    assert found[1] == "mismatch", found
    assert "the site gives back €0.50 to 'Cid', but the actions leave nothing" in found[2]


def test_a_newline_written_raw_inside_a_text_is_read_however_long_the_text() -> None:
    """A text holding a raw newline (the site's lenient JSON) runs past the first window it is read
    from: it is read whole, not taken for a fault at the window's end."""
    hand = json.loads(text("split.txt"))["history"][0]
    raw = _one({"note": "a<newline>" + "x" * 5000, **hand}).replace("<newline>", "\n")
    assert statuses(SITE, raw) == [("7000001.hand.1", "ok")]


def _cut(data: bytes) -> list[tuple[int, str | None]]:
    """Each hand (its place in the history) or error that ``documents`` cuts ``data`` into, at its line."""
    return [
        (line, lines[0] if lines else problem)
        for line, lines, problem in igt.documents(iter([data]))
    ]


def test_a_byte_that_is_not_utf8_ends_its_document_after_the_hands_before_it() -> None:
    several = text("several.txt").rstrip("\n").encode()
    split = text("split.txt").encode()
    at = several.index(b'"handId":"7000005.hand.3"')
    bad = several[:at] + b"\xff" + several[at:]
    assert _cut(bad + b"\n" + split) == [
        (1, "1"),
        (1, "2"),
        (1, f"not UTF-8 text (byte {at + 1} of the line)"),
        (2, "1"),
    ]
    # A fault and a bad byte after it: one error (the fault's or the byte's), then the next document.
    for at in (12, several.index(b'{"name"')):  # before the first hand; inside it
        broken = several[:at] + b"?" + several[at:] + b"\xff"
        found = _cut(broken + b"\n" + split)
        assert [line for line, _ in found] == [1, 2] and found[1][1] == "1", found
        assert found[0][1] is not None and found[0][1].startswith(("malformed JSON", "not UTF-8"))


def test_byte_order_marks_starting_a_line_are_no_text() -> None:
    """As for the other readers: a mark at the start of the file or of a line (files joined with cat)
    moves no column of an error."""
    broken = text("split.txt").rstrip("\n").encode() + b" ?"  # something after the document
    mark = "\ufeff".encode()
    plain = _cut(broken + b"\n" + broken)
    column = len(broken)
    assert [p for _, p in plain] == [
        "1",
        f"malformed JSON: more after the document's end (column {column})",
    ] * 2
    assert _cut(mark + broken + b"\n" + mark * 2 + broken) == plain
    assert _cut(mark + broken + b"\r\n" + mark + broken + b"\r\n") == plain
