"""``hilo check`` on Merge Network (Carbon Poker) histories (issue 18): the project's own files in Merge's
XML, the shared real files (skipped when ../shared is absent), a billion-laughs file, and order invariance.

Merge tags each award with its half (``pottype`` h, l, or n for the whole pot) and its pot
(``potnumber``), prints no rake (derived, RULES §13) and writes an uncalled bet as a pot of its own
(``uncalled="true"``). The own files in tests/data/merge/ (limit $0.25/$0.50, Omaha H/L8):

* split: $1.00 → high $0.50 Ann (kings), low $0.50 Bob (7-4-3-2-A).
* quartered: $1.50 → high $0.75 Ann, low $0.75 tied by Bob and Cid: $0.38 Bob (first left of the
  button), $0.37 Cid.
* side-pot: Cid all in for $0.50: main pot $1.50 → $0.75 Ann, $0.75 Cid; side pot $1.00 → $0.50 Ann,
  $0.50 Bob.
* no-showdown: Ann's $0.25 bet comes back as pot 2 ``uncalled="true"``; she wins pot 1, $0.75.
* mixed-games: a HORSE table's hold'em hand (``multigametype="25"``: not checkable), an Omaha walk.
* horse (issue 28): a HORSE table's rounds, each ``<game>`` naming its own by ``multigametype``: 23
  hold'em, 49 razz and 41 seven-card stud (not checkable, named as Merge names those tables); 37 the
  split's Omaha H/L8 hand ($1.00: high $0.50 Ann, low $0.50 Bob); 45 stud hi/lo to a showdown (antes
  $0.02 each, Bob brings in $0.05, Ann calls, checked down: $0.14, high $0.07 Ann's kings full, low
  $0.07 Bob's 7-6-4-3-2).
* horse-tournament (fpdb-3's regression files, issue 28): ``type="HORSE Tournament" stakes="Limit"``, no
  amounts: an Omaha H/L8 hand of blinds 15/30 (the small bet 30, the big 60: Bob bets 30 on the flop and
  60 on the turn, Cid calls; 270: high 135 Bob's kings, low 135 Cid's 7-5-4-2-A) and a stud hi/lo hand
  of antes 5 and a bring-in of 10, Ann completing to 50 (the small bet, the big 100); 410: high 205 Ann,
  low 205 Bob.
* tampered: the split's low paid to Ann, the quartered low's odd cent to Cid, the side pot's low to Cid.
* bad-input: an event hilo does not know, a card that is none, a hand cut before its winners, an amount
  that is none; the hands around them are read.
* variants (issue 28): the split with Dee back at the table, ``RETURN_BLIND`` $0.35 (both blinds, the
  small one dead), ``INITIAL_BLIND`` for the big blind and ``DISCONNECTED``, ``RECONNECTED``, ``LEAVE``:
  $1.35 → high $0.68 Ann, low $0.67 Bob; ``GAME_CANCELLED`` (not checkable); a HOSE table's Omaha hand
  (``multigametype="34"``); stakes "Pot Limit ($0.10/$0.25)"; "Half Pot Limit" (not checkable).
"""

from __future__ import annotations

import random
import re

import pytest
from archive_sites import DATA, own, records, shared_counts, statuses, verdicts
from hypothesis import given, settings
from hypothesis import strategies as st
from xml_archives import refuses_billion_laughs, reorder_xml

from hilo_cli.checking import check
from hilo_cli.histories import detect

SITE = "merge"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.xml", [("100-1", "ok")]),
        ("quartered.xml", [("100-2", "ok")]),
        ("side-pot.xml", [("100-3", "ok")]),
        ("no-showdown.xml", [("100-4", "ok")]),
        (
            "variants.xml",
            [
                ("100-21", "ok"),
                ("100-22", "not-checkable"),
                ("100-23", "ok"),
                ("100-24", "ok"),
                ("100-25", "not-checkable"),
            ],
        ),
        ("mixed-games.xml", [("100-5", "not-checkable"), ("100-6", "ok")]),
        (
            "horse.xml",
            [
                ("100-21", "not-checkable"),
                ("100-22", "ok"),
                ("100-23", "not-checkable"),
                ("100-24", "not-checkable"),
                ("100-25", "ok"),
            ],
        ),
        ("tampered.xml", [("100-11", "mismatch"), ("100-12", "mismatch"), ("100-13", "mismatch")]),
        (
            "bad-input.xml",
            [
                ("100-4", "ok"),
                ("100-21", "error"),
                ("100-22", "error"),
                ("100-23", "error"),
                ("100-24", "error"),
                ("100-6", "ok"),
            ],
        ),
    ],
)
def test_own_files_have_their_verdicts(name: str, expected: list[tuple[str, str]]) -> None:
    assert statuses(SITE, text(name)) == expected


def test_each_half_of_each_pot_is_checked_and_the_rake_derived() -> None:
    (record,) = records(SITE, text("side-pot.xml"))
    assert record.recorded_halves == (
        {"high": {"Ann": 75}, "low": {"Cid": 75}},
        {"high": {"Ann": 50}, "low": {"Bob": 50}},
    )
    assert record.derive_rake and record.summary is None
    assert record.currency is not None and record.currency.show(175) == "$1.75"
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per half"


def test_the_uncalled_pot_is_a_returned_bet_not_an_award() -> None:
    (record,) = records(SITE, text("no-showdown.xml"))
    assert record.recorded_won == {"Ann": 75}
    settlement, verdict = check(record)
    assert verdict.status == "ok" and settlement is not None
    assert {p.name: p.won for p in settlement.players}["Ann"] == 100


def test_detect_knows_merge_and_claims_no_other_file() -> None:
    assert detect(text("split.xml")) == SITE
    assert detect(text("mixed-games.xml")) == SITE
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"
    assert detect((DATA / "ipoker" / "split.xml").read_bytes().decode("cp1252")) == "ipoker"
    assert detect('<game id="1-1" starttime="2011">\n') is None  # no players: nothing of a hand


def test_tampered_payouts_name_the_likely_reason() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.xml"))]
    assert "wrong hand" in why[0] and "odd chip" in why[1] and "wrong hand" in why[2]


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.xml")) if s == "error"]
    assert (
        "'JUGGLE'" in errors[0]
        and "'9x'" in errors[1]
        and "cut short" in errors[2]
        and "'lots'" in errors[3]
    )


def test_a_billion_laughs_is_refused_and_nothing_is_expanded() -> None:
    split = text("split.xml")
    refuses_billion_laughs(
        SITE,
        laughing=split.replace('nickname="Ann"', 'nickname="&lol9;"'),
        good=split.split("\n", 1)[1],  # the game without the description line before it
        declaring=split.replace("<players", "<!ENTITY lol 'lol'>\n<players"),
    )


def test_every_shared_hand_gets_a_record_and_is_ok() -> None:
    assert shared_counts(SITE) == {
        "cash-7-StudHL-USD-0.25-0.50-201111.txt": {"ok": 1},
        "cash-HORSE-8max-USD-0.25-0.50-201409.new.format.txt": {"ok": 3},
        "cash-PLO8-USD-0.25-0.50-201111.txt": {"ok": 1},
        "tour-PLO8-USD-SNG-2-2012.Sample.xml": {"ok": 1},
    }


_SEAT = re.compile(r"^\s*<player seat=")
_SHOWN = re.compile(r'<cards type="(?:SHOWN|MUCKED|HOLE)"')
_CARDS = re.compile(r'cards="([^"]+)"')
OWN = [
    "split.xml",
    "quartered.xml",
    "side-pot.xml",
    "no-showdown.xml",
    "tampered.xml",
    "variants.xml",
    "horse.xml",
    "horse-tournament.xml",
]
# A stud player's cards so far (``HOLE``, ``DRAW_DRAWN_CARDS``) are written in the order dealt, each
# street's new card last, and the reader takes the new ones by their place: in a file with stud hands
# only the seats and the hands shown are written in another order.
_SHOWN_STUD = re.compile(r'<cards type="(?:SHOWN|MUCKED)"')


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    shown = _SHOWN_STUD if "THIRD_STREET" in original else _SHOWN
    changed = reorder_xml(original, rng, _SEAT, shown, _CARDS)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_the_variant_events_post_what_the_site_means() -> None:
    back, cancelled, hose, parenthesised, half = records(SITE, text("variants.xml"))
    assert back.hand is not None
    dee = [(a.kind, a.amount) for a in back.hand.actions if a.actor == "Dee"]
    assert dee[:2] == [("ante", 10), ("post", 25)]  # RETURN_BLIND 0.35: 0.10 dead, 0.25 live
    bob = [(a.kind, a.amount) for a in back.hand.actions if a.actor == "Bob"]
    assert bob[0] == ("post", 25)  # INITIAL_BLIND: the big blind
    assert cancelled.not_checkable == "the hand was cancelled"
    assert hose.hand is not None and hose.hand.game.name == "omaha8"
    assert parenthesised.hand is not None and parenthesised.hand.structure == "pot"
    assert half.not_checkable is not None and "Half Pot Limit" in half.not_checkable


@pytest.mark.parametrize("amount, cents", [("0.10", 10), ("0.25", 25)])
def test_a_return_blind_of_one_blind_is_that_blind(amount: str, cents: int) -> None:
    one = text("variants.xml").replace('player="3" amount="0.35"', f'player="3" amount="{amount}"')
    back = records(SITE, one)[0]
    assert back.hand is not None
    dee = [(a.kind, a.amount) for a in back.hand.actions if a.actor == "Dee"]
    assert dee[0] == ("post", cents)  # no dead part


def test_since_september_2010_a_raise_amount_is_its_street_total() -> None:
    """fpdb-3 reads a RAISE of a hand from 2010-09-08 on as the total raised to, before it as the chips
    added; the difference shows where the raiser had chips in already (a blind). Ann's small blind of
    $0.10 raised to $0.50, Bob's big blind calls $0.25: $1.50 in all, $0.75 a half."""
    raised = (
        text("split.xml")
        .replace(
            'type="CALL" timestamp="1" player="1" amount="0.15"',
            'type="RAISE" timestamp="1" player="1" amount="0.50"',
        )
        .replace(
            'type="CHECK" timestamp="1" player="2"/>\n\t\t<cards type="HOLE"',
            'type="CALL" timestamp="1" player="2" amount="0.25"/>\n\t\t<cards type="HOLE"',
        )
        .replace('amount="0.50" uncalled="false"', 'amount="0.75" uncalled="false"')
    )
    assert 'type="RAISE"' in raised and 'amount="0.75"' in raised
    assert statuses(SITE, raised) == [("100-1", "ok")]
    older = raised.replace('starttime="20111108010704"', 'starttime="20100101010704"')
    assert statuses(
        SITE, older.replace('player="1" amount="0.50"', 'player="1" amount="0.40"')
    ) == [("100-1", "ok")]


@pytest.mark.parametrize(
    "stakes", ["No Limit Level 3 Blinds (0.10/0.25)", "Pot Limit (0.10/0.25/0.05)"]
)
def test_the_stakes_forms_of_a_description(stakes: str) -> None:
    text_ = text("variants.xml").replace('stakes="Pot Limit ($0.10/$0.25)"', f'stakes="{stakes}"')
    found = statuses(SITE, text_)
    assert found[3] == ("100-24", "ok")


def test_a_mixed_games_rounds_are_named_and_its_hi_lo_rounds_checked() -> None:
    found = verdicts(SITE, text("horse.xml"))
    assert [w for _, s, w in found if s == "not-checkable"] == [
        "Holdem Limit (HORSE table) is not a game hilo plays",
        "Razz Limit (HORSE table) is not a game hilo plays",
        "7-Stud Limit (HORSE table) is not a game hilo plays",
    ]
    omaha, stud = (r for r in records(SITE, text("horse.xml")) if r.id in ("100-22", "100-25"))
    assert omaha.hand is not None and omaha.hand.game.name == "omaha8"
    assert stud.hand is not None and stud.hand.game.name == "stud8"
    assert stud.recorded_halves == ({"high": {"Ann": 7}, "low": {"Bob": 7}},)
    # The low paid to Ann instead: the check finds it.
    swapped = text("horse.xml").replace(
        'amount="0.07" uncalled="false" potnumber="1" player="2" pottype="l"',
        'amount="0.07" uncalled="false" potnumber="1" player="1" pottype="l"',
    )
    assert statuses(SITE, swapped)[-1] == ("100-25", "mismatch")


def test_a_mixed_tournament_is_named_without_its_tournament_word() -> None:
    # (A tournament's description names no stakes; its hold'em hand is not checkable before its
    # amounts, written here in dollars, are read.)
    horse = text("horse.xml").replace(
        'type="HORSE" stakes="Limit $0.25/$0.50"', 'type="HORSE Tournament" stakes="Limit"'
    )
    assert verdicts(SITE, horse)[0] == (
        "100-21",
        "not-checkable",
        "Holdem Limit (HORSE table) is not a game hilo plays",
    )


def test_a_tournaments_limit_stakes_are_read_from_its_blinds_and_a_stud_hands_from_its_bets() -> (
    None
):
    omaha, stud = records(SITE, text("horse-tournament.xml"))
    assert omaha.hand is not None and (omaha.hand.small_bet, omaha.hand.big_bet) == (30, 60)
    assert stud.hand is not None and (stud.hand.small_bet, stud.hand.big_bet) == (50, 100)
    assert stud.hand.bring_in == 10
    assert statuses(SITE, text("horse-tournament.xml")) == [("500-1", "ok"), ("500-2", "ok")]
    # a turn bet of 30 at a table whose big blind is 30: the small bet where the big one is due
    small = text("horse-tournament.xml").replace(
        'type="BET" timestamp="1" player="2" amount="60.00"',
        'type="BET" timestamp="1" player="2" amount="30.00"',
    )
    (_, status, why), _ = verdicts(SITE, small)
    assert status == "error" and "a bet or raise on this street is to exactly 60" in why
