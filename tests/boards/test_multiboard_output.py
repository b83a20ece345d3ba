"""Several boards and rake in the writers (JSON, text, CSV; in CSV the per-board columns in the header and
on every row, empty for one board), and the same cards settling the same however a several-board deal is
written (RULES §12, §13; issue 9)."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest
from conftest import describe, paid, run
from test_multiboard import courchevel, random_deal

from hilo_cli.cards import parse_cards
from hilo_cli.deal import Deal, Player
from hilo_cli.errors import DealError
from hilo_cli.formats import csv_out
from hilo_cli.formats.csv_out import BOARD_COLUMNS, COLUMNS
from hilo_cli.formats.json_out import settlement_dict
from hilo_cli.formats.text_out import settlement_text
from hilo_cli.games import GAMES
from hilo_cli.showdown import settle

NEW_TOP, NEW_POT, NEW_PLAYER = {"boards", "multi_board"}, {"runs", "rake"}, {"boards"}


def test_a_single_board_deal_has_none_of_the_new_fields():
    d = courchevel()._replace(boards=())
    out = settlement_dict(settle(d))
    assert not NEW_TOP & set(out)
    assert not NEW_POT & set(out["pots"][0])
    assert not NEW_PLAYER & set(out["players"][0])


def test_json_of_a_deal_run_twice():
    out = settlement_dict(settle(courchevel(pot=16351, rake=(50,))))
    assert out["board"] == out["boards"][0] and out["boards"][1] == ["7h", "5d", "3s", "2s", "4h"]
    assert out["multi_board"] == "each"
    (pot,) = out["pots"]
    assert (pot["amount"], pot["rake"], pot["division"]) == (16301, 50, "by board")
    assert [(r["board"], r["name"], r["amount"]) for r in pot["runs"]] == [
        (0, "run 1", 8151),
        (1, "run 2", 8150),
    ]
    assert {"to": "run 1", "amount": 1, "half": "board"}.items() <= pot["odd_chips"][0].items()
    assert sum(pot["shares"].values()) == 16301
    assert all(sum(r["shares"].values()) == r["amount"] for r in pot["runs"])
    button = next(p for p in out["players"] if p["name"] == "Button")
    assert [b["high"]["name"] for b in button["boards"]] == [
        "Full house, fives full of sevens",
        "Straight, seven high",
    ]
    assert button["high"] == button["boards"][0]["high"]


def test_json_rake_is_written_only_where_taken():
    players = (
        Player("A", 1, parse_cards("Ad 4c Kd Qh"), 100),
        Player("B", 2, parse_cards("5c 5h 6c 3c"), 200),
        Player("C", 3, parse_cards("9s 9d 8s 8d"), 200),
    )
    out = settlement_dict(
        settle(Deal(GAMES["omaha8"], parse_cards("7h 5d 3s 7s Ts"), players, rake=(30,)))
    )
    assert out["pots"][0]["rake"] == 30 and "rake" not in out["pots"][1]
    assert "boards" not in out


def test_text_reads_run_by_run():
    text = settlement_text(settle(courchevel(pot=16350, rake=(50,))))
    lines = text.splitlines()
    assert "run 1 7h 5d 3s 7s Ts   run 2 7h 5d 3s 2s 4h   pot 16350" in lines[0]
    pot = next(i for i, line in enumerate(lines) if line.startswith("pot 16300"))
    assert "after 50 rake taken by the house first (RULES §13)" in lines[pot]
    assert lines[pot + 1].strip() == "split between 2 runs: 8150 each (RULES §12.2)"
    assert lines[pot + 2].strip().startswith("run 1 8150   high 4075 to Button")
    assert lines[pot + 4].strip().startswith("run 2 8150   high 4075 to Button")
    assert "low  4075 tied by BigBlind and Button (5-4-3-2-A), 2037 each" in lines[pot + 5]
    assert (
        lines[pot + 6]
        .strip()
        .startswith("odd chip 1 to BigBlind: 4075 units of the low half on run 2")
    )
    assert lines[-1] == "BigBlind wins 6113 (quartered)   Button wins 10187"


def test_text_names_disjoint_boards_and_the_unit_between_them():
    d = courchevel(pot=16301)._replace(
        boards=(parse_cards("7h 5d 3s 7s Ts"), parse_cards("2s 4h 8c 8d Jh"))
    )
    text = settlement_text(settle(d))
    assert "board 1 7h 5d 3s 7s Ts   board 2 2s 4h 8c 8d Jh" in text
    assert "odd chip 1 to board 1: 16301 units of the pot do not divide between 2 boards" in text


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_csv_adds_per_board_columns_at_the_end():
    s = settle(courchevel())
    head, *body = rows(csv_out.header() + csv_out.settlement_rows(s))
    assert head[: len(csv_out.COLUMNS)] == list(csv_out.COLUMNS)
    assert head[len(csv_out.COLUMNS) :] == list(csv_out.BOARD_COLUMNS)
    for row in body:
        cells = dict(zip(head, row, strict=True))
        assert cells["boards"] == "7h 5d 3s 7s Ts | 7h 5d 3s 2s 4h"
        assert sum(map(int, cells["board_won"].split(" | "))) == int(cells["won"])
    button = dict(zip(head, body[1], strict=True))
    assert button["board_high_name"] == "Full house, fives full of sevens | Straight, seven high"
    assert (
        button["board_low_name"] == "7-6-5-3-A | 5-4-3-2-A" and button["board_won"] == "4075 | 6112"
    )


def test_csv_of_a_single_board_deal_has_the_board_columns_empty():
    s = settle(courchevel()._replace(boards=()))
    table = rows(csv_out.header() + csv_out.settlement_rows(s))
    assert all(len(r) == len(csv_out.HEADER) for r in table)
    assert all(r[len(csv_out.COLUMNS) :] == [""] * len(csv_out.BOARD_COLUMNS) for r in table[1:])
    assert len(rows(csv_out.error_row("f:1", None, "bad"))[0]) == len(csv_out.HEADER)


def rewritten(deal: Deal, rnd: random.Random) -> Deal:
    """The deal with hole cards and the listing of players shuffled, and the boards' cards shuffled the
    same way in their common first cards and each board's own way after them (seats, button kept)."""
    boards = deal.boards
    prefix = next((i for i in range(5) if len({b[i] for b in boards}) > 1), 5)
    shared = list(range(prefix))
    rnd.shuffle(shared)
    new_boards = []
    for b in boards:
        own = list(b[prefix:])
        rnd.shuffle(own)
        new_boards.append(tuple(b[i] for i in shared) + tuple(own))
    players = [
        p._replace(hole=None if p.hole is None else tuple(rnd.sample(p.hole, len(p.hole))))
        for p in deal.players
    ]
    rnd.shuffle(players)
    return deal._replace(board=new_boards[0], boards=tuple(new_boards), players=tuple(players))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_the_same_cards_settle_the_same_however_written(seed):
    rnd = random.Random(seed)
    done = 0
    while done < 300:
        deal = random_deal(rnd)
        if deal.button is None:
            deal = deal._replace(button=deal.players[-1].seat)
        try:
            a = settle(deal)
        except DealError:
            continue
        b = settle(rewritten(deal, rnd))
        assert paid(a) == paid(b), describe(deal)
        assert sorted((o.to, o.amount, o.half) for p in a.pots for o in p.odd_chips) == sorted(
            (o.to, o.amount, o.half) for p in b.pots for o in p.odd_chips
        ), describe(deal)
        done += 1


def test_csv_either_board_has_hands_per_board_but_no_chips_per_board():
    s = settle(courchevel(multi_board="either"))
    head, *body = rows(csv_out.header() + csv_out.settlement_rows(s))
    for row in body:
        cells = dict(zip(head, row, strict=True))
        assert cells["board_won"] == "" and cells["board_high_name"].count(" | ") == 1


# --- CSV of several-board batches: the board columns on every row ---------------------------------------------

TWICE = {
    "boards": ["7h 5d 3s 7s Ts", "7h 5d 3s 2s 4h"],
    "game": "courchevel8",
    "pot": 16300,
    "players": [{"name": "A", "hole": "As 4c 2d Kd Jh"}, {"name": "B", "hole": "Ad 7c 7d 6s 3c"}],
}
ONCE = {
    "board": "Ac 3d 6h Ks Kd",
    "pot": 1200,
    "expected": {"A": 400, "B": 800},
    "players": [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}],
}


def batch_rows(*records: dict[str, object], jobs: str = "1") -> list[dict[str, str]]:
    stdin = "".join(json.dumps(r) + "\n" for r in records)
    result = run(["batch", "--format", "csv", "--jobs", jobs, "-"], stdin=stdin)
    table = list(csv.reader(io.StringIO(result.stdout)))
    assert all(len(row) == len(table[0]) for row in table), "every row has the header's columns"
    return [dict(zip(table[0], row, strict=True)) for row in table[1:]]


def test_a_batch_has_the_board_columns_on_every_row_whichever_deal_comes_first() -> None:
    got = batch_rows(TWICE, ONCE)
    assert list(got[0]) == [*COLUMNS, *BOARD_COLUMNS]
    assert [r["board_won"] for r in got] == ["4075 | 2038", "4075 | 6112", "", ""]
    assert [r["difference"] for r in got[2:]] == ["-100", "100"]
    # Before: a first deal on one board gave a 19-column header, and a later run-twice deal's rows 26.
    later = batch_rows(ONCE, TWICE)
    assert list(later[0]) == [*COLUMNS, *BOARD_COLUMNS]
    assert [r["board_won"] for r in later] == ["", "", "4075 | 2038", "4075 | 6112"]


def test_jobs_2_writes_the_same_rows() -> None:
    assert batch_rows(TWICE, ONCE, ONCE, jobs="2") == batch_rows(TWICE, ONCE, ONCE)
    assert batch_rows(ONCE, TWICE, ONCE, jobs="2") == batch_rows(ONCE, TWICE, ONCE)


def test_a_single_board_batch_has_the_same_columns() -> None:
    assert list(batch_rows(ONCE)[0]) == [*COLUMNS, *BOARD_COLUMNS]


def test_showdown_csv_with_two_boards() -> None:
    result = run(
        [
            "showdown",
            "--board",
            "7h 5d 3s 7s Ts",
            "--board",
            "7h 5d 3s 2s 4h",
            "--game",
            "courchevel8",
            "A=As 4c 2d Kd Jh",
            "B=Ad 7c 7d 6s 3c",
            "--pot",
            "16300",
            "--format",
            "csv",
        ]
    )
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["name"], r["won"], r["board_won"]) for r in table] == [
        ("A", "6113", "4075 | 2038"),
        ("B", "10187", "4075 | 6112"),
    ]
