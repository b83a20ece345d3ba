"""Issue 19, item 5: a live player who put in nothing (``A=...@0``) is in no pot: the figures are only for
the pots a player can win, so theirs are ``-`` (JSON ``null``), and the others' are judged among the
main pot's players, as if that player had folded with their cards seen."""

from __future__ import annotations

import json

from click.testing import CliRunner

from hilo_cli.cli import main
from hilo_cli.equity import equity
from hilo_cli.formats.records import deal_from_record

PLAYERS = [
    {"name": "A", "hole": "As 2s 3d Kh", "contributed": 0},
    {"name": "B", "hole": "Kd Kc Qs Jh", "contributed": 50},
    {"name": "C", "hole": "Ad 4c 5h 6s", "contributed": 50},
]
CHANCES = ("scoop", "high_win", "high_tie", "low_win", "low_tie", "quartered")


def test_a_player_in_no_pot_has_no_chances_and_the_others_are_judged_without_them() -> None:
    for board, samples in (("Ah 7c 8d", None), ("Ah 7c 8d", 500), ("Ah 7c 8d 2c", None)):
        deal = deal_from_record({"board": board, "players": PLAYERS})
        e = equity(deal, samples=samples)
        folded = equity(
            deal_from_record(
                {"board": board, "players": [{**PLAYERS[0], "folded": True}, *PLAYERS[1:]]}
            ),
            samples=samples,
        )
        a, *others = e.players
        assert a.expected_chips == 0 and all(getattr(a, k) is None for k in CHANCES)
        assert a.se is None or set(a.se) == {"equity", "expected_chips"}
        assert [p[:-1] for p in others] == [p[:-1] for p in folded.players]
        assert e.no_low == folded.no_low


def test_the_table_shows_a_dash_for_a_player_in_no_pot() -> None:
    args = [
        "equity",
        "--board",
        "Ah 7c 8d",
        "A=As 2s 3d Kh@0",
        "B=Kd Kc Qs Jh@50",
        "C=Ad 4c 5h 6s@50",
    ]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    row = next(line for line in r.stdout.splitlines() if line.startswith("A "))
    assert row.split()[1:] == ["0.00%", "0.00", "-", "-", "-", "-", "-", "-"]
    out = json.loads(CliRunner().invoke(main, [*args, "--format", "json"]).stdout)
    assert [out["players"][0][k] for k in CHANCES] == [None] * 6
