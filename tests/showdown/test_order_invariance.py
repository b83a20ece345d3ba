"""The same cards settle the same however they are written, at every input path (issue 8 item 4).

Cards speak (RULES §7.1): the order in which hole cards, board cards and players are written is not
part of a deal. A deal re-written with each player's hole cards, the board cards and the listing of the
players shuffled, seats and button kept, must give every player the same chips. This is checked through
the command line, for each way a deal comes in:

* a JSON record (``hilo batch``), seats and button given in the record;
* a text line (``hilo batch``), ``seat N`` and ``button N`` in the line;
* ``hilo showdown`` arguments, where seats are the listing order: the listing is rotated and ``--button``
  moved with it, which keeps every player's place clockwise from the button (folded players, given with
  ``--folded`` after the listed ones, are shuffled among themselves).

Every game of ``hilo_cli.games.GAMES`` under both odd-chip rules (button §4.4, suit §4.6), a quarter of
the board games' deals with a second board (§12, ``each`` or ``either``), each board shuffled on its
own and the boards kept in their order. Hands are
often dealt with the same ranks as another player's in other suits, so that tied halves, and leftover
units that the odd-chip rule must place, come up in most deals. The two records of issue 8 item 4 are
explicit cases, written every way.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import lines_won, run, totals, won
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hilo_cli.cli import main
from hilo_cli.games import GAMES

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida"]
RULES = ["button", "suit"]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Spec = dict[str, Any]


def _holes(
    rng: random.Random, deck: list[str], board: list[str], size: int, n: int, mirror: bool
) -> list[list[str]]:
    """Hole cards from ``deck``. With ``mirror``, players copy the first player's ranks in other suits
    where those cards are free, so that their hands tie."""
    used: set[str] = set(board)
    fresh = iter(deck)
    holes: list[list[str]] = []
    for i in range(n):
        hole = None
        if mirror and holes and rng.random() < 0.7:
            copy = [c[0] + SUITS[(SUITS.index(c[1]) + i) % 4] for c in holes[0]]
            hole = None if used & set(copy) else copy
        if hole is None:
            hole = list(itertools.islice((c for c in fresh if c not in used), size))
        used.update(hole)
        holes.append(hole)
    return holes


def _cards(
    rng: random.Random, board_cards: int, hole_cards: int, n: int, mode: str
) -> tuple[list[str], list[list[str]]]:
    """The board and each player's hole cards.

    ``random``: from a shuffled deck. ``narrow``: from a deck of few, mostly low ranks (pairs, shared
    ranks, ties). ``mirror``: players copy the first player's ranks in other suits. ``split pairs``
    (the shape of issue 8 item 4's records): the first two players hold two suits each of one low rank
    and one card of a second, lower rank, the board three higher low cards, so their lows tie with shared
    board cards on top and each player has two equal choices of hole cards that only a suit tells apart
    (and the choice decides the odd chip);
    their other cards mirror each other's ranks, so their highs often tie too.
    """
    deck = DECK[:]
    rng.shuffle(deck)
    if mode == "narrow":
        needed = n * hole_cards + board_cards
        ranks = rng.sample("A2345678", 8)[: max(-(-needed // 4), rng.randrange(4, 9))]
        ranks += rng.sample("9TJQK", max(0, -(-needed // 4) - len(ranks)))
        deck = [c for c in deck if c[0] in ranks]
    if mode != "split pairs" or hole_cards < 3:
        board = deck[:board_cards]
        return board, _holes(rng, deck, board, hole_cards, n, mirror=mode == "mirror")
    q, r = sorted(
        rng.sample("234", 2)
    )  # r above q: after the board cards, r is the first to compare
    # One player holds the highest and the lowest suit of rank r, the other the two between: which of
    # the first player's two r cards is shown decides the odd chip, however the other chooses.
    outer, inner = [[r + "s", r + "c"], [r + "h", r + "d"]][:: rng.choice([1, -1])]
    hands = [[*outer, q + rng.choice(SUITS)], inner]
    hands[1].append(q + rng.choice([x for x in SUITS if q + x not in hands[0]]))
    used = set(hands[0] + hands[1])
    if board_cards:
        board = [rank + rng.choice(SUITS) for rank in rng.sample("5678", 3)]
        board += [c for c in deck if c not in used and c not in board][:2]
    else:
        board = []
    used.update(board)
    high = [c for c in deck if c[0] in "9TJQK"]
    for _ in range(hole_cards - 3):
        card = next(c for c in high if c not in used)
        used.add(card)
        twin = next((card[0] + x for x in SUITS if card[0] + x not in used), None)
        twin = twin or next(c for c in high if c not in used)
        used.add(twin)
        hands[0].append(card)
        hands[1].append(twin)
    rest = [c for c in deck if c not in used]
    holes = hands + [rest[i * hole_cards : (i + 1) * hole_cards] for i in range(n - 2)]
    return board, [rng.sample(h, len(h)) for h in holes]


@st.composite
def deals(draw: st.DrawFn, game_name: str, rule: str, listed_seats: bool = False) -> Spec:
    """A deal as plain data. ``listed_seats``: seats are 1, 2, ... in listing order with folded players
    after the live ones, and the button on a live player's seat (what ``hilo showdown`` can express)."""
    g = GAMES[game_name]
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    mode = draw(st.sampled_from(["random", "narrow", "mirror", "split pairs", "split pairs"]))
    n = draw(
        st.integers(2, 3 if mode == "split pairs" else min(6, (52 - g.board_cards) // g.hole_cards))
    )
    board, holes = _cards(rng, g.board_cards, g.hole_cards, n, mode)
    # Sometimes a second board (a double-board deal, RULES §12), of cards nobody holds; each board is
    # shuffled on its own and the boards keep their order, which decides the odd chip between them.
    boards = [board]
    if g.board_cards and draw(st.integers(0, 3)) == 0:
        used = set(board).union(*holes)
        boards.append([c for c in rng.sample(DECK, 52) if c not in used][: g.board_cards])
    multi = draw(st.sampled_from(["each", "either"])) if len(boards) > 1 else None
    folded = [draw(st.integers(0, 4)) == 0 for _ in range(n)]
    if folded.count(False) < 2:
        folded = [False, False, *folded[2:]]
    unit = draw(st.sampled_from([1, 5, 25]))
    by_pot = (mode == "split pairs" or draw(st.booleans())) and not (listed_seats and any(folded))
    if listed_seats:
        order = sorted(range(n), key=lambda i: folded[i])  # live players first
        seats = [order.index(i) + 1 for i in range(n)]
        button = draw(st.integers(1, folded.count(False)))
    else:
        seats = draw(st.lists(st.integers(1, 10), min_size=n, max_size=n, unique=True))
        button = draw(st.sampled_from(seats) | st.integers(0, 11))
    players = []
    for i in range(n):
        hidden = folded[i] and (listed_seats or draw(st.booleans()))
        players.append(
            {
                "name": NAMES[i],
                "seat": seats[i],
                "hole": None if hidden else holes[i],
                "folded": folded[i],
                "contributed": None if by_pot else unit * draw(st.integers(0, 12)),
            }
        )
    if not by_pot:
        # No betting round leaves chips that only folded players could win.
        deepest = max(p["contributed"] for p in players if not p["folded"])
        for p in players:
            if p["folded"]:
                p["contributed"] = min(p["contributed"], deepest)
    players.sort(key=lambda p: p["seat"])
    return {
        "game": game_name,
        "boards": boards,
        "multi": multi,
        "players": players,
        "button": button,
        "unit": unit,
        "rule": rule,
        "pot": unit * (2 * draw(st.integers(0, 30)) + (mode == "split pairs")) if by_pot else None,
    }


def shuffled(spec: Spec, rng: random.Random, listed_seats: bool = False) -> Spec:
    """The same deal written another way: hole cards, board cards and the listing of the players
    shuffled; seats and button kept (or, with ``listed_seats``, the listing rotated with the button)."""
    players = [
        dict(p, hole=rng.sample(p["hole"], len(p["hole"])) if p["hole"] else p["hole"])
        for p in spec["players"]
    ]
    out = dict(spec, boards=[rng.sample(b, len(b)) for b in spec["boards"]])
    if not listed_seats:
        rng.shuffle(players)
        out["players"] = players
        return out
    live = [p for p in players if not p["folded"]]
    dead = [p for p in players if p["folded"]]
    k = rng.randrange(len(live))
    live = live[k:] + live[:k]
    rng.shuffle(dead)
    for seat, p in enumerate(live + dead, 1):
        p["seat"] = seat
    out["players"] = live + dead
    out["button"] = (spec["button"] - 1 - k) % len(live) + 1
    return out


def json_record(spec: Spec) -> str:
    record: dict[str, Any] = {
        "game": spec["game"],
        "button": spec["button"],
        "chip_unit": spec["unit"],
        "odd_chip": spec["rule"],
        "players": [],
    }
    boards = [" ".join(b) for b in spec["boards"] if b]
    if len(boards) == 1:
        record["board"] = boards[0]
    elif boards:
        record["boards"] = boards
        record["multi_board"] = spec["multi"]
    if spec["pot"] is not None:
        record["pot"] = spec["pot"]
    for p in spec["players"]:
        entry: dict[str, Any] = {"name": p["name"], "seat": p["seat"], "folded": p["folded"]}
        if p["hole"] is not None:
            entry["hole"] = " ".join(p["hole"])
        if p["contributed"] is not None:
            entry["contributed"] = p["contributed"]
        record["players"].append(entry)
    return json.dumps(record)


def text_line(spec: Spec) -> str:
    fields = [f"game {spec['game']}"]
    fields += ["board " + " ".join(b) for b in spec["boards"] if b]
    if spec["multi"]:
        fields.append(f"multi-board {spec['multi']}")
    for p in spec["players"]:
        words = list(p["hole"] or [])
        if p["folded"]:
            words.append("fold")
        if p["contributed"] is not None:
            words.append(f"@{p['contributed']}")
        fields.append(f"{p['name']}: " + " ".join([*words, "seat", str(p["seat"])]))
    if spec["pot"] is not None:
        fields.append(f"pot {spec['pot']}")
    fields += [f"button {spec['button']}", f"chip-unit {spec['unit']}", f"odd-chip {spec['rule']}"]
    return " | ".join(fields)


def showdown_args(spec: Spec) -> list[str]:
    """``hilo showdown`` arguments for a deal made with ``listed_seats``."""
    args = [
        "showdown",
        "--format",
        "json",
        "--game",
        spec["game"],
        "--button",
        str(spec["button"]),
        "--chip-unit",
        str(spec["unit"]),
        "--odd-chip",
        spec["rule"],
    ]
    for board in spec["boards"]:
        if board:
            args += ["--board", " ".join(board)]
    if spec["multi"]:
        args += ["--multi-board", spec["multi"]]
    if spec["pot"] is not None:
        args += ["--pot", str(spec["pot"])]
    # Seats are the listing order, the live players first, folded players after them.
    assert [p["seat"] for p in spec["players"]] == list(range(1, len(spec["players"]) + 1))
    assert [p["folded"] for p in spec["players"]] == sorted(p["folded"] for p in spec["players"])
    for p in spec["players"]:
        if p["folded"]:
            args += ["--folded", f"{p['name']}={p['contributed']}"]
        else:
            put = "" if p["contributed"] is None else f"@{p['contributed']}"
            args.append(f"{p['name']}={' '.join(p['hole'])}{put}")
    return args


def batch_chips(lines: list[str], input_format: str) -> list[dict[str, int]]:
    result = CliRunner().invoke(
        main,
        ["batch", "--format", "json", "--input-format", input_format, "-"],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, f"exit {result.exit_code}: {result.output}\n" + "\n".join(lines)
    return lines_won(result)


def showdown_chips(args: list[str]) -> dict[str, int]:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, f"exit {result.exit_code}: {result.output}\n{args}"
    return won(result)


CASES = [(g, rule) for g in GAMES for rule in RULES]


@pytest.mark.slow
@pytest.mark.parametrize(("game_name", "rule"), CASES)
@SETTINGS
@given(data=st.data())
def test_json_records_settle_the_same_however_written(
    game_name: str, rule: str, data: st.DataObject
) -> None:
    spec = data.draw(deals(game_name, rule))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    others = [shuffled(spec, rng) for _ in range(3)]
    chips = batch_chips([json_record(s) for s in [spec, *others]], "json")
    assert all(c == chips[0] for c in chips), f"{chips}\n{json_record(spec)}"


@pytest.mark.slow
@pytest.mark.parametrize(("game_name", "rule"), CASES)
@SETTINGS
@given(data=st.data())
def test_text_lines_settle_the_same_however_written(
    game_name: str, rule: str, data: st.DataObject
) -> None:
    spec = data.draw(deals(game_name, rule))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    others = [shuffled(spec, rng) for _ in range(3)]
    chips = batch_chips([text_line(s) for s in [spec, *others]], "text")
    assert all(c == chips[0] for c in chips), f"{chips}\n{text_line(spec)}"


@pytest.mark.slow
@pytest.mark.parametrize(("game_name", "rule"), CASES)
@SETTINGS
@given(data=st.data())
def test_showdown_arguments_settle_the_same_however_written(
    game_name: str, rule: str, data: st.DataObject
) -> None:
    spec = data.draw(deals(game_name, rule, listed_seats=True))
    other = shuffled(spec, random.Random(data.draw(st.integers(0, 2**32 - 1))), listed_seats=True)
    assert showdown_chips(showdown_args(spec)) == showdown_chips(showdown_args(other)), (
        showdown_args(spec)
    )


# --- The two records of issue 8 item 4, written every way -------------------------------------------------

FAY_HAL = {
    "game": "omaha8",
    "board": "7s 4c 8c 8s 4d",
    "pot": 3,
    "odd_chip": "suit",
    "players": [{"name": "Fay", "hole": "3c 2c 3s 7h"}, {"name": "Hal", "hole": "3d 2d 3h Th"}],
}
GUS_ANN = {
    "game": "omaha8",
    "board": "5c As 3h 4h Ks",
    "pot": 3,
    "odd_chip": "suit",
    "players": [{"name": "Gus", "hole": "3c 4c 2d 5s"}, {"name": "Ann", "hole": "3s 4s 2s 8d"}],
}


def rewritings(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The record with every order of each player's hole cards, every order of the board, and the two
    players listed either way (seats and button kept)."""
    first, second = record["players"]
    seated = [dict(first, seat=1), dict(second, seat=2)]
    out = []
    for a, b in itertools.product(
        itertools.permutations(first["hole"].split()),
        itertools.permutations(second["hole"].split()),
    ):
        holes = [dict(seated[0], hole=" ".join(a)), dict(seated[1], hole=" ".join(b))]
        out.append(dict(record, button=2, players=holes))
    for board in itertools.permutations(record["board"].split()):
        out.append(dict(record, button=2, board=" ".join(board), players=seated[::-1]))
    return out


@pytest.mark.slow  # every writing of the two records: a long run, if not a random one
@pytest.mark.parametrize(
    ("record", "chips"),
    [
        (FAY_HAL, {"Fay": 3, "Hal": 0}),
        (GUS_ANN, {"Gus": 2, "Ann": 1}),
    ],
)
def test_the_issues_two_records_however_written(
    record: dict[str, Any], chips: dict[str, int]
) -> None:
    written = rewritings(record)
    assert len(written) == 24 * 24 + 120
    results = batch_chips([json.dumps(r) for r in [record, *written]], "json")
    wrong = [
        (json.dumps(r), got)
        for r, got in zip([record, *written], results, strict=True)
        if got != chips
    ]
    assert not wrong, f"{len(wrong)} of {len(written) + 1} writings differ, e.g. {wrong[0]}"


@pytest.mark.slow  # every writing of the two records: a long run, if not a random one
@pytest.mark.parametrize(
    ("record", "chips"),
    [
        (FAY_HAL, {"Fay": 3, "Hal": 0}),
        (GUS_ANN, {"Gus": 2, "Ann": 1}),
    ],
)
def test_the_issues_two_records_as_text_and_arguments(
    record: dict[str, Any], chips: dict[str, int]
) -> None:
    first, second = record["players"]
    for a, b in [(first, second), (second, first)]:
        for hole_a in itertools.permutations(a["hole"].split()):
            hole_a_text = " ".join(hole_a)
            line = (
                f"game omaha8 | board {record['board']} | {a['name']}: {hole_a_text} seat {1 if a is first else 2}"
                f" | {b['name']}: {b['hole']} seat {2 if a is first else 1} | pot 3 | button 2 | odd-chip suit"
            )
            assert batch_chips([line], "text") == [chips], line
    for board in itertools.permutations(record["board"].split()):
        for listing, button in (([first, second], 2), ([second, first], 1)):
            args = [
                "showdown",
                "--format",
                "json",
                "--odd-chip",
                "suit",
                "--board",
                " ".join(board),
                "--pot",
                "3",
                "--button",
                str(button),
            ] + [f"{p['name']}={p['hole']}" for p in listing]
            assert showdown_chips(args) == chips, args


def test_suit_rule_in_a_board_game_does_not_depend_on_listing_order() -> None:
    # Both tied hands hold the board's As on top; the next card decides (Jd beats Jc), not the order.
    args = [
        "showdown",
        "--game",
        "omaha",
        "--board",
        "As Kd Qh 7c 2s",
        "--pot",
        "3",
        "--odd-chip",
        "suit",
        "--format",
        "json",
    ]
    one = json.loads(run([*args, "A=Jc Td 3h 4h", "B=Jd Th 5c 6c"]).stdout)
    two = json.loads(run([*args, "B=Jd Th 5c 6c", "A=Jc Td 3h 4h"]).stdout)
    assert totals(one) == totals(two) == {"A": 1, "B": 2}
