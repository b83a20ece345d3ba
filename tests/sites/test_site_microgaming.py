"""``hilo check`` on Microgaming histories (issue 18): the project's own files in Microgaming's XML, the
shared real files (skipped when ../shared is absent), a billion-laughs file, and order invariance.

Microgaming prints the rake in cents (``rake="3"``), what each player won from each pot (``<Seat num="1"
amount="0.29" pot="0" lowhandwin="1"/>``) and each player's ``endbalance``. Its ``lowhandwin`` flag does
not reliably mark the low winner: it is never read, the cards settle the halves and the awards are checked
per pot. The own files in tests/data/microgaming/ (pot limit €0.05/€0.10, Omaha H/L):

* split: €0.60, rake 3 cents → €0.29 Ann (high), €0.28 Bob (low); the low flag is on Ann.
* quartered: €0.90, rake 4 cents → €0.43 Ann, €0.22 Bob, €0.21 Cid.
* side-pot: Cid all in for €0.30: pot 0 €0.90 → €0.45 Ann, €0.45 Cid; pot 1 €0.80 → €0.40 Ann, €0.40 Bob.
* no-showdown: Ann's €0.30 bet is not called; her award of €0.60 holds it (her end balance says so).
* variants (issue 28): the no-showdown hand with Eve coming in (``PostedToPlay`` €0.10, a big blind) and
  folding, Dee ``sittingout="true"``, ``Disconnect``/``Reconnect``, ``MoneyReturned`` €0.30 to Ann (the
  bet the actions leave uncalled) and ``badbeatcontribution`` €0.02 (the jackpot's share, taken from the
  pot as the rake is): €0.70 put in, Ann's award €0.68 holds €0.38 of the pot and her €0.30.
* mixed-games: a hold'em hand (not checkable), an Omaha H/L walk.
* posted-small (fpdb-3's regression files, issue 28): ``hhversion="5"``, Ann coming in with
  ``PostedToPlay`` €0.05 (the small blind's amount, live) and raising €0.30 more, to €0.35, which Bob calls
  with €0.35 and Dee's big blind with €0.25; Ann's €0.50 flop bet is not called and she mucks
  (``MuckCards``, the one player left): €1.60 put in, rake 5 cents, her award €1.55 holds €1.05 of the pot
  and her €0.50.
* version-1: a hold'em hand of the format before 2012, whose ``<Game`` has no ``hhversion``.
* tampered: the split's whole pot paid to Ann, the quartered low's odd cent to Cid, and an end balance
  that is not what the hand leaves (the site's own inconsistency).
* bad-input: an action hilo does not know, a card that is none, a hand with no Win, an amount that is
  none; the hands around them are read.
"""

from __future__ import annotations

import random
import re

import pytest
from archive_sites import file_verdicts, own, records, shared_counts, statuses, verdicts
from hypothesis import given, settings
from hypothesis import strategies as st
from xml_archives import refuses_billion_laughs, reorder_xml

from hilo_cli.checking import check
from hilo_cli.histories import detect

SITE = "microgaming"


def text(name: str) -> str:
    return own(SITE, name)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("split.xml", [("1", "ok")]),
        ("quartered.xml", [("2", "ok")]),
        ("side-pot.xml", [("3", "ok")]),
        ("no-showdown.xml", [("4", "ok")]),
        ("variants.xml", [("21", "ok")]),
        ("posted-small.xml", [("31", "ok")]),
        ("version-1.xml", [("7", "not-checkable")]),
        ("mixed-games.xml", [("5", "not-checkable"), ("6", "ok")]),
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


def test_the_low_flag_is_not_read_each_pot_is_checked_with_the_rake_in_cents() -> None:
    (record,) = records(SITE, text("split.xml"))
    assert record.recorded_halves is None and record.recorded_by_pot == ({"Ann": 29, "Bob": 28},)
    assert record.summary is not None and (record.summary.total, record.summary.rake) == (60, 3)
    assert record.currency is not None and record.currency.show(57) == "€0.57"
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per pot"
    (side,) = records(SITE, text("side-pot.xml"))
    assert side.recorded_by_pot == ({"Ann": 45, "Cid": 45}, {"Ann": 40, "Bob": 40})


def test_a_returned_bet_inside_the_award_comes_out_of_it() -> None:
    (record,) = records(SITE, text("no-showdown.xml"))
    assert record.recorded_won == {"Ann": 30} and record.site_inconsistency is None
    assert check(record)[1].status == "ok"


def test_an_end_balance_the_hand_does_not_leave_is_the_sites_inconsistency() -> None:
    why = [w for _, _, w in verdicts(SITE, text("tampered.xml"))]
    assert "wrong hand" in why[0] and "odd chip" in why[1]
    assert "Bob's end balance is €10.28, but the hand leaves €9.98" in why[2]


def test_detect_knows_microgaming_and_claims_no_other_file() -> None:
    assert detect(text("split.xml")) == SITE
    assert detect(text("no-showdown.xml")) == SITE
    assert detect(own("pokerstars", "quartered.txt")) == "pokerstars"
    assert detect(own("boss", "split.xml")) == "boss"
    assert detect("<Game>notes</Game>\n") is None


def test_bad_hands_are_errors_and_the_others_are_read() -> None:
    errors = [w for _, s, w in verdicts(SITE, text("bad-input.xml")) if s == "error"]
    assert (
        "Juggle" in errors[0]
        and "'Xh'" in errors[1]
        and "cut short" in errors[2]
        and "'lots'" in errors[3]
    )


def test_a_billion_laughs_is_refused_and_nothing_is_expanded() -> None:
    split = text("split.xml")
    refuses_billion_laughs(
        SITE,
        laughing=split.replace('alias="Ann"', 'alias="&lol9;"'),
        good=split,
        declaring=split.replace("   <Seats>", "<!ENTITY lol 'lol'>\n   <Seats>", 1),
    )


def test_every_shared_hand_gets_a_record_and_is_ok() -> None:
    assert shared_counts(SITE) == {
        "cash-PLO8-EUR-1.00-2.00-201209.txt": {"ok": 1},
        "hhsmithy-PlayerTests-OmahaHiLoShowdown.txt": {"ok": 1},
    }


_SEAT = re.compile(r"^\s*<Seat num=\"\d+\" alias=")
_DEALT = re.compile(r'type="(?:DealCards|ShowCards)"')
_CARD = re.compile(r"^\s*(<Card [^>]*/>)")
OWN = [
    "split.xml",
    "quartered.xml",
    "side-pot.xml",
    "no-showdown.xml",
    "tampered.xml",
    "variants.xml",
    "posted-small.xml",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    original = text(name)
    changed = reorder_xml(original, rng, _SEAT, _DEALT, _CARD)
    assert statuses(SITE, changed) == statuses(SITE, original)


def test_the_variant_actions_post_return_and_take_what_the_site_means() -> None:
    (record,) = records(SITE, text("variants.xml"))
    assert record.hand is not None and record.site_inconsistency is None
    eve = [(a.kind, a.amount) for a in record.hand.actions if a.actor == "Eve"]
    assert eve[0] == ("post", 10)  # PostedToPlay of the big blind: live
    settlement, _ = check(record)
    assert settlement is not None and sum(p.rake for p in settlement.pots) == 2


def test_a_wrong_money_returned_is_the_sites_inconsistency() -> None:
    wrong = text("variants.xml").replace(
        'type="MoneyReturned" seat="1" value="0.30"', 'type="MoneyReturned" seat="1" value="0.20"'
    )
    ((_, status, why),) = verdicts(SITE, wrong)
    assert status == "mismatch" and "MoneyReturned gives back €0.20 to Ann" in why


def test_a_posted_small_blind_is_live_and_the_one_player_left_mucking_wins() -> None:
    # fpdb-3's PLO-6max-EUR-5-10-201603.v5.secondsb.raised.txt: PostedToPlay 5.00 at 5/10, Raise 30.00,
    # and the next player's Call of 35.00 (his balance 1420.00 to 1385.00): the 5.00 is a bet
    (record,) = records(SITE, text("posted-small.xml"))
    assert record.hand is not None and record.error is None
    ann = [(a.kind, a.amount) for a in record.hand.actions if a.actor == "Ann" and a.amount]
    assert ann[:2] == [("post", 5), ("raise-to", 35)]
    assert "muck" not in {a.kind for a in record.hand.actions}
    assert record.recorded_won == {"Ann": 105}  # her award without the €0.50 that comes back
    both = text("posted-small.xml").replace('seat="1" value="0.05"', 'seat="1" value="0.15"')
    both = both.replace('seat="1" value="0.30"', 'seat="1" value="0.25"')
    both = both.replace(
        'amount="1.55"', 'amount="1.60"'
    )  # the pot €0.05 more, the end balance the same
    (record,) = records(SITE, both)  # over the big blind: both blinds, the €0.05 over it dead
    assert record.hand is not None
    ann = [(a.kind, a.amount) for a in record.hand.actions if a.actor == "Ann" and a.amount]
    assert ann[:3] == [("ante", 5), ("post", 10), ("raise-to", 35)]
    assert statuses(SITE, both) == [("31", "ok")]


def test_a_muck_by_a_player_not_the_last_left_is_still_a_muck() -> None:
    early = text("posted-small.xml").replace(
        '<Action seq="12" type="Fold" seat="2" />', '<Action seq="12" type="MuckCards" seat="2" />'
    )
    (record,) = records(SITE, early)
    assert record.hand is not None
    assert ("Bob", "muck") in [(a.actor, a.kind) for a in record.hand.actions]


def test_the_format_before_hhversion_is_detected() -> None:
    assert detect(text("version-1.xml")) == "microgaming"


def test_an_mtt_table_is_a_tournament() -> None:
    mtt = text("split.xml").replace('tabletype="Cash Game"', 'tabletype="MTT"')
    (record,) = records(SITE, mtt)
    # read in tournament chips, whole ones: the cash file's €0.05 is no chip count
    assert record.error == "'0.05' is not a whole number of units (a chip)"


def test_a_cp1252_file_is_read() -> None:
    """Microgaming's files are cp1252 bytes (issue 28): a name with an é in that encoding still reads."""
    data = text("split.xml").replace('alias="Ann"', 'alias="Ané"').encode("cp1252")
    assert [(v[0], v[2]) for v in file_verdicts(data, "t.xml")] == [("1", "ok")]
