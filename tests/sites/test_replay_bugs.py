"""Issue 28's two replay bugs, on hands in the sites' own formats (``tests/betting/test_dead_money.py`` has
the replay's own tests):

1. An uncalled bet is measured against the bets, never a dead post (RULES §5.3, §14.1): a player new to
   the game posts the small and big blinds (the small one dead) and a later bet goes uncalled. PokerStars
   (``posts small & big blinds``), Full Tilt (``posts a dead small blind of``), Winning (``posts dead``)
   and Boss Media (``HAND_DSB``); before the fix each was "the site's own lines disagree", or (Winning
   paying the bet back inside its collect) OK with a pot and a returned bet each wrong by the dead chips.
2. A round nobody can continue ends (RULES §14 does not say it in words; §14.1's option to raise needs
   someone to answer it, and an all-in player takes no more action, §14.5): the big blind facing a short
   all-in call is not asked to act, the next cards come.
   PHH (``tests/data/phh/nobody-to-act.phh``, which pokerkit 0.7.7 replays to the same finishing stacks)
   and PokerStars; before the fix both were refused ("cards are dealt while the betting round is open").
"""

from __future__ import annotations

from archive_sites import own, records, verdicts
from conftest import TEST_DATA

from hilo_cli.checking import check

OK = "the recorded result is what the cards and the rules give"

STARS_DEAD_UNCALLED = """\
PokerStars Hand #300000000001:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2024/05/01 21:00:00 ET
Table 'Hilo Dead Blind' 6-max Seat #1 is the button
Seat 1: Hal ($50 in chips)
Seat 2: Ivy ($50 in chips)
Seat 3: Jon ($50 in chips)
Seat 4: Kim ($20 in chips)
Ivy: posts small blind $0.25
Jon: posts big blind $0.50
Kim: posts small & big blinds $0.75
*** HOLE CARDS ***
Dealt to Ivy [2h 3h 4c 9s]
Kim: checks
Hal: raises $1.25 to $1.75
Ivy: folds
Jon: folds
Kim: folds
Uncalled bet ($1.25) returned to Hal
Hal collected $2 from pot
Hal: doesn't show hand
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: Hal (button) collected ($2)
Seat 2: Ivy (small blind) folded before Flop
Seat 3: Jon (big blind) folded before Flop
Seat 4: Kim folded before Flop
"""

STARS_DEAD_SHOWDOWN = """\
PokerStars Hand #300000000002:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2024/05/01 21:05:00 ET
Table 'Hilo Dead Blind' 6-max Seat #1 is the button
Seat 1: Hal ($50 in chips)
Seat 2: Ivy ($50 in chips)
Seat 3: Jon ($50 in chips)
Seat 4: Kim ($20 in chips)
Ivy: posts small blind $0.25
Jon: posts big blind $0.50
Kim: posts small & big blinds $0.75
*** HOLE CARDS ***
Dealt to Ivy [2h 3h 4c 9s]
Kim: checks
Hal: folds
Ivy: folds
Jon: checks
*** FLOP *** [Jd 8d 3c]
Jon: checks
Kim: checks
*** TURN *** [Jd 8d 3c] [Qs]
Jon: checks
Kim: checks
*** RIVER *** [Jd 8d 3c Qs] [Kh]
Jon: checks
Kim: checks
*** SHOW DOWN ***
Jon: shows [Ac Kc Td 9h] (a straight, Ten to Ace)
Kim: shows [5s 6s 7h 2c] (high card King)
Jon collected $1.50 from pot
*** SUMMARY ***
Total pot $1.50 | Rake $0
Board [Jd 8d 3c Qs Kh]
Seat 1: Hal (button) folded before Flop (didn't bet)
Seat 2: Ivy (small blind) folded before Flop
Seat 3: Jon (big blind) showed [Ac Kc Td 9h] and won ($1.50) with a straight, Ten to Ace
Seat 4: Kim showed [5s 6s 7h 2c] and lost with high card King
"""

STARS_NOBODY_TO_ACT = """\
PokerStars Hand #300000000003:  Omaha Hi/Lo Limit ($1/$2 USD) - 2024/05/01 21:10:00 ET
Table 'Hilo Short Call' 6-max Seat #3 is the button
Seat 1: Ann ($0.80 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cat ($10 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Cat: folds
Ann: calls $0.30 and is all-in
Uncalled bet ($0.20) returned to Bob
*** FLOP *** [4c 5d 7h]
*** TURN *** [4c 5d 7h] [Kd]
*** RIVER *** [4c 5d 7h Kd] [Js]
*** SHOW DOWN ***
Ann: shows [Ac 2h Ks 9d] (HI: a pair of Kings; LO: 7,5,4,2,A)
Bob: shows [Qh Qd Jc Jh] (HI: three of a kind, Jacks)
Bob collected $0.80 from pot
Ann collected $0.80 from pot
*** SUMMARY ***
Total pot $1.60 | Rake $0
Board [4c 5d 7h Kd Js]
Seat 1: Ann (small blind) showed [Ac 2h Ks 9d] and won ($0.80) with HI: a pair of Kings; LO: 7,5,4,2,A
Seat 2: Bob (big blind) showed [Qh Qd Jc Jh] and won ($0.80) with HI: three of a kind, Jacks
Seat 3: Cat (button) folded before Flop (didn't bet)
"""


FULLTILT_DEAD_UNCALLED = """\
Full Tilt Poker Game #40000000009: Table Delta (6 max) - PL Omaha H/L - $0.10/$0.25 - 10:20:00 ET - 2013/05/01
Seat 1: Jo ($10)
Seat 2: Kim ($10)
Seat 3: Lu ($10)
Seat 4: Mo ($10)
Kim posts the small blind of $0.10
Lu posts the big blind of $0.25
Mo posts a dead small blind of $0.10
Mo posts the big blind of $0.25
The button is in seat #1
*** HOLE CARDS ***
Mo checks
Jo raises to $0.85
Kim folds
Lu folds
Mo folds
Uncalled bet of $0.60 returned to Jo
Jo mucks
Jo wins the pot ($0.95)
*** SUMMARY ***
Total pot $0.95 | Rake $0
Seat 1: Jo (button) collected ($0.95), mucked
Seat 2: Kim (small blind) folded before the Flop
Seat 3: Lu (big blind) folded before the Flop
Seat 4: Mo folded before the Flop
"""

# Winning's "posts dead" is the small and big blinds; the raise nobody called is $6 less Cy's and Dee's
# live $2: $4 (on the totals, $6 less Dee's $3 with the dead $1: $3).
WINNING_DEAD_UNCALLED = """\
Hand #500000009 - Omaha H/L(Pot Limit) - $1.00/$2.00 - 2024/05/01 10:20:00 UTC
Testtable 6-max Seat #1 is the button
Seat 1: Alice ($200.00)
Seat 2: Bob ($200.00)
Seat 3: Cy ($200.00)
Seat 4: Dee ($200.00)
Bob posts the small blind $1.00
Cy posts the big blind $2.00
Dee posts dead $3.00
*** HOLE CARDS ***
Dealt to Alice [As 2d Kc Kd]
Dee checks
Alice raises $6.00 to $6.00
Bob folds
Cy folds
Dee folds
Uncalled bet ($4.00) returned to Alice
Alice does not show
Alice collected $8.00 from main pot
*** SUMMARY ***
Total pot $8.00
Seat 1: Alice (button) did not show and won $8.00
Seat 2: Bob (small blind) folded on the Pre-Flop
Seat 3: Cy (big blind) folded on the Pre-Flop
Seat 4: Dee folded on the Pre-Flop
"""


def boss_dead_uncalled() -> str:
    """Boss Media's dead-blind hand (Cid posts ``HAND_DSB`` €0.05 and ``HAND_BB`` €0.10), with Ann's
    river bet of €0.20 called by nobody: it comes back without a line (€0.20, not the €0.15 above Cid's
    total with the dead €0.05); €0.95 in, rake €0.04, Ann wins €0.91."""
    text = own("boss", "dead-blind.xml").replace('HISTORY ID="7"', 'HISTORY ID="8"')
    river = text.index(
        '<ACTION TYPE="ACTION_CALL" PLAYER="Bob" VALUE="0.20"></ACTION>\n<ACTION TYPE="ACTION_FOLD"'
    )
    return (
        text[:river]
        + '<ACTION TYPE="ACTION_FOLD" PLAYER="Bob"></ACTION>\n'
        + '<ACTION TYPE="ACTION_FOLD" PLAYER="Cid"></ACTION>\n'
        + '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.91" RAKE="0.04" MAINPOT="0.91" LEFTPOT="" RIGHTPOT="">\n'
        + '<RESULT WINTYPE="WINTYPE_HI" PLAYER="Ann" WIN="0.91" HAND="$(STR_BY_DEFAULT)" WINCARDS="" '
        + 'HANDEXT=""></RESULT></SHOWDOWN></HISTORY>\n</ROOT>\n'
    )


def test_pokerstars_an_uncalled_raise_over_a_dead_small_blind() -> None:
    (record,) = records("pokerstars", STARS_DEAD_UNCALLED)
    settlement, verdict = check(record)
    assert (verdict.status, verdict.why) == ("ok", OK)
    assert settlement is not None and settlement.returned == {"Hal": 125}


def test_pokerstars_the_dead_small_blind_stays_in_the_pot_to_the_showdown() -> None:
    # Kim's dead 25 is nobody's uncalled bet: Total pot $1.50 holds it, and Jon wins it.
    assert verdicts("pokerstars", STARS_DEAD_SHOWDOWN) == [("300000000002", "ok", OK)]


def test_full_tilt_an_uncalled_raise_over_a_dead_small_blind() -> None:
    # "posts a dead small blind of $0.10", then the live big blind: $0.85 less the live $0.25 comes back.
    assert verdicts("fulltilt", FULLTILT_DEAD_UNCALLED) == [("40000000009", "ok", OK)]


def test_winning_an_uncalled_raise_over_a_dead_post_with_the_line_and_without_it() -> None:
    assert verdicts("winning", WINNING_DEAD_UNCALLED) == [("500000009", "ok", OK)]
    # Without the "Uncalled bet" line the site pays the $4 back inside the collect ($12): the reader
    # takes out what the lines leave uncalled (``uncalled.fold_back``), the bets, not the totals.
    inside = WINNING_DEAD_UNCALLED.replace("Uncalled bet ($4.00) returned to Alice\n", "").replace(
        "$8.00", "$12.00"
    )
    (record,) = records("winning", inside)
    settlement, verdict = check(record)
    assert (verdict.status, verdict.why) == ("ok", OK)
    assert settlement is not None and settlement.returned == {"Alice": 400}
    assert [p.amount for p in settlement.pots] == [800]


def test_boss_an_uncalled_bet_over_a_dead_small_blind() -> None:
    (record,) = records("boss", boss_dead_uncalled(), "t.xml")
    assert record.summary is not None and record.summary.uncalled == {"Ann": 20}
    _, verdict = check(record)
    assert (verdict.status, verdict.why) == ("ok", OK)


def test_phh_the_big_blind_facing_a_short_all_in_call_does_not_act() -> None:
    text = (TEST_DATA / "phh" / "nobody-to-act.phh").read_text(encoding="utf-8")
    (record,) = records("phh", text, "nobody-to-act.phh")
    settlement, verdict = check(record)
    assert verdict.status == "ok", verdict.why
    assert settlement is not None and settlement.returned == {"Bob": 20}


def test_pokerstars_the_big_blind_facing_a_short_all_in_call_does_not_act() -> None:
    assert verdicts("pokerstars", STARS_NOBODY_TO_ACT) == [("300000000003", "ok", OK)]


def test_a_site_that_writes_the_big_blinds_check_there_is_read_too() -> None:
    text = STARS_NOBODY_TO_ACT.replace(
        "Ann: calls $0.30 and is all-in\n", "Ann: calls $0.30 and is all-in\nBob: checks\n"
    )
    assert verdicts("pokerstars", text) == [("300000000003", "ok", OK)]
