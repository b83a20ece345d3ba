"""``hilo check`` on Boss Media histories (issue 18): the project's own files in Boss Media's XML, the
shared real files (skipped when ../shared is absent), a billion-laughs file, and order invariance.

Boss Media writes cards as numbers (0-12 diamonds, 13-25 clubs, 26-38 hearts, 39-51 spades, ace to king),
dead small blinds (``HAND_DSB``), the pot after rake and the rake on the showdown (``POT``, ``RAKE``) and
one ``RESULT`` per winner with ``WINTYPE_HI``, ``WINTYPE_LO`` or ``WINTYPE_HILO``. The own files in
tests/data/boss/ (pot limit €0.05/€0.10, Omaha Hi/Lo):

* split: €0.60, rake €0.03 → high €0.29 Ann, low €0.28 Bob.
* quartered: €0.90, rake €0.04 → high €0.43 Ann, low €0.43 tied by Bob (€0.22) and Cid (€0.21).
* side-pot: Cid all in for €0.30: ``MAINPOT`` €0.90, ``LEFTPOT`` €0.80; one total per player.
* all-in-raise: Cid bets €0.30 on the flop, Ann raises to €0.60, Bob calls, and Cid goes all in with
  ``VALUE="0.90"``, his street total (€0.60 more: all he has), as in fpdb-3's real Boss files; main pot
  €3.00 (high Cid €1.50, low Ann €1.50), side pot €2.00 (high Bob €1.00, low Ann €1.00).
* no-showdown: Ann's €0.30 flop bet is not called: it comes back without a line; she wins €0.30.
* dead-blind: Cid posts a dead small blind and a big blind; €1.35, rake €0.06 → €0.65 Ann, €0.64 Bob.
* variants (issue 28): the split with Eve coming in with ``KIND="HAND_AB"`` €0.15 (both blinds: €0.05
  dead, €0.10 live) and folding, Dee ``STATE_SITOUT`` (seated, dealt no cards, never acting), seat 7
  ``STATE_RESERVED`` with ``NAME=""`` and no chips (kept for a player not yet seated: nobody): €0.75,
  rake €0.03 → €0.36 Ann, €0.36 Bob.
* mixed-games: a hold'em hand (``GAME_THM``: not checkable), an Omaha Hi/Lo walk.
* cut-holdem (fpdb-3's regression files, issue 28): a fixed-limit hold'em hand, the file cut after its
  last ``RESULT`` (no ``</SHOWDOWN>``, ``</HISTORY>``, ``</ROOT>``): not checkable, as it is whole.
* tampered: the split's low paid to Ann, the quartered low's odd cent to Cid, the side pot's low to Bob.
* bad-input: an action hilo does not know, card number 60, a hand cut before its showdown, an amount
  that is none; the hands around them are read.
"""

from __future__ import annotations

import random
import re

import pytest
from archive_sites import own, records, shared_counts, statuses, verdicts
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from xml_archives import refuses_billion_laughs, reorder_xml

from hilo_cli.checking import check
from hilo_cli.cli import main
from hilo_cli.errors import InputError
from hilo_cli.histories import boss, detect

SITE = "boss"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.xml", [("1", "ok")]),
        ("quartered.xml", [("2", "ok")]),
        ("side-pot.xml", [("3", "ok")]),
        ("all-in-raise.xml", [("8", "ok")]),
        ("no-showdown.xml", [("4", "ok")]),
        ("dead-blind.xml", [("7", "ok")]),
        ("variants.xml", [("21", "ok")]),
        ("mixed-games.xml", [("5", "not-checkable"), ("6", "ok")]),
        ("cut-holdem.xml", [("9", "not-checkable")]),
        ("tampered.xml", [("11", "mismatch"), ("12", "mismatch"), ("13", "mismatch")]),
        (
            "bad-input.xml",
            [
                ("4", "ok"),
                ("21", "error"),
                ("22", "error"),
                ("23", "error"),
                ("24", "error"),
                ("6", "ok"),
            ],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_card_numbers_are_diamonds_clubs_hearts_spades_ace_to_king() -> None:
    assert [str(boss.card(n, "x")) for n in ("0", "12", "13", "38", "39", "51")] == [
        "Ad",
        "Kd",
        "Ac",
        "Kh",
        "As",
        "Ks",
    ]
    assert boss.card("b", "x") is None
    with pytest.raises(InputError, match="52"):
        boss.card("52", "x")


def test_one_pot_is_checked_per_half_with_its_printed_rake() -> None:
    (record,) = records(SITE, text("quartered.xml"))
    assert record.recorded_halves == ({"high": {"Ann": 43}, "low": {"Bob": 22, "Cid": 21}},)
    assert record.summary is not None and (record.summary.total, record.summary.rake) == (90, 4)
    assert record.currency is not None and record.currency.show(86) == "€0.86"
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per half"


def test_side_pots_are_checked_per_player_against_the_printed_pots() -> None:
    (record,) = records(SITE, text("side-pot.xml"))
    assert (
        record.recorded_halves is None
        and record.summary is not None
        and record.summary.printed == (90, 80)
    )
    assert check(record)[1].depth == "per player"


def test_an_all_in_s_value_is_its_street_total() -> None:
    """``ACTION_ALLIN``'s ``VALUE`` is what the player has in on the street after it, as a raise's: in
    fpdb-3's real Boss files, every all-in by a player with chips already in on the street (17 of 58)
    writes that total, his stack (e.g. a small blind of 10 all in for his 1,610 writes 1610, and the
    pot printed after it adds up only so)."""
    (record,) = records(SITE, text("all-in-raise.xml"))
    assert record.hand is not None, record.error
    flop = [(a.actor, a.kind, a.amount) for a in record.hand.actions[7:15]]
    assert flop == [
        ("Ann", "check", None),
        ("Bob", "check", None),
        ("Cid", "bet", 30),
        ("Ann", "raise-to", 60),
        ("Bob", "call", 60),
        ("Cid", "all-in", 90),  # to 90: the 60 more that he has, not 90 more
        ("Ann", "call", 30),
        ("Bob", "call", 30),
    ]
    assert record.summary is not None and record.summary.printed == (300, 200)
    assert check(record)[1].depth == "per player"


def test_the_bet_nobody_called_comes_back_and_the_dead_blind_stays_in() -> None:
    (record,) = records(SITE, text("no-showdown.xml"))
    assert record.summary is not None and record.summary.uncalled == {"Ann": 30}
    (dead,) = records(SITE, text("dead-blind.xml"))
    assert dead.hand is not None and [a.kind for a in dead.hand.actions[:4]] == [
        "post",
        "ante",
        "post",
        "post",
    ]


def test_detect_knows_boss_and_claims_no_other_file() -> None:
    assert detect(text("split.xml")) == SITE
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"
    assert detect(own("merge", "split.xml")) == "merge"
    assert detect("<HISTORY>notes</HISTORY>\n") is None


def test_tampered_payouts_name_the_likely_reason() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.xml"))]
    assert "wrong hand" in why[0] and "odd chip" in why[1] and "wrong hand" in why[2]


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.xml")) if s == "error"]
    assert "'ACTION_JUGGLE Bob'" in errors[0] and "60" in errors[1] and "cut short" in errors[2]
    assert "'lots'" in errors[3]


def test_a_billion_laughs_is_refused_and_nothing_is_expanded() -> None:
    split = text("split.xml")
    refuses_billion_laughs(
        SITE,
        laughing=split.replace('NAME="Ann" SEAT', 'NAME="&lol9;" SEAT'),
        good=split,
        declaring=split.replace("<PLAYER", "<!ENTITY lol 'lol'>\n<PLAYER", 1),
    )


def test_every_shared_hand_gets_a_record_and_is_ok() -> None:
    assert shared_counts(SITE) == {
        "cash-LO8-EUR-0.05-0.10-201207.xml": {"ok": 1},
        "hhsmithy-HandActionTests-OmahaHiLo.txt": {"ok": 1},
    }


_SEAT = re.compile(r"^<PLAYER NAME=")
_DEALT = re.compile(r'TYPE="HAND_DEAL"|^<RESULT ')
_CARD = re.compile(r'^<CARD LINK="([^"]+)"')
OWN = [
    "split.xml",
    "quartered.xml",
    "side-pot.xml",
    "all-in-raise.xml",
    "no-showdown.xml",
    "dead-blind.xml",
    "tampered.xml",
    "variants.xml",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    changed = reorder_xml(original, rng, _SEAT, _DEALT, _CARD)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_both_blinds_at_once_are_a_dead_small_and_a_live_big_blind() -> None:
    (record,) = records(SITE, text("variants.xml"))
    assert record.hand is not None
    eve = [(a.kind, a.amount) for a in record.hand.actions if a.actor == "Eve"]
    assert eve[:2] == [("ante", 5), ("post", 10)]
    assert "Dee" not in {a.actor for a in record.hand.actions}


def test_a_reserved_seat_is_nobody_and_a_nameless_seat_that_plays_is_an_error() -> None:
    (record,) = records(SITE, text("variants.xml"))
    assert record.hand is not None and 7 not in record.hand.seats and record.error is None
    playing = text("variants.xml").replace('STATE="STATE_RESERVED"', 'STATE="STATE_PLAYING"')
    (record,) = records(SITE, playing)
    assert record.error is not None and "seat 7 ('') is listed twice or has no name" in record.error


def test_a_table_name_in_cp1252_bytes_is_read_as_the_site_writes_it() -> None:
    # fpdb-3's real Boss files name tables "Söndagssteken" and "€500 GTD" in cp1252, under a declaration
    # of UTF-8
    data = text("split.xml").replace('TABLE="Test 1"', 'TABLE="€500 Söndag"').encode("cp1252")
    assert b"\x80500 S\xf6ndag" in data
    result = CliRunner().invoke(main, ["check", "-", "--input-format", "boss"], input=data)
    assert result.exit_code == 0 and result.stderr == "" and result.stdout.startswith("OK: ")


def test_a_cut_hand_of_a_game_hilo_does_not_play_names_its_game_and_one_it_plays_is_an_error() -> (
    None
):
    assert verdicts(SITE, text("cut-holdem.xml")) == [
        ("9", "not-checkable", "GAME_THM Limit is not a game hilo plays")
    ]
    omaha = text("cut-holdem.xml").replace('GAME="GAME_THM"', 'GAME="GAME_OMAHL"')
    ((_, status, why),) = verdicts(SITE, omaha)
    assert status == "error" and "not well-formed XML" in why


def test_omaha_of_the_turbo_tables_is_omaha() -> None:
    turbo = text("split.xml").replace('GAME="GAME_OMAHL"', 'GAME="GAME_OMATU"')
    (record,) = records(SITE, turbo)
    assert record.hand is not None and record.hand.game.name == "omaha"
