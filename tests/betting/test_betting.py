"""The replay (``hilo_cli.betting.replay``): contributions, uncalled chips and dead hands from a hand's actions,
and one test per rule of RULES §14 that an action can break (the error names the action and the section).

Hands are built directly as ``Hand``/``Action`` values, the way any reader builds them; the figures are
worked out by hand in the comments.
"""

from __future__ import annotations

import re

import pytest
from conftest import paid

from hilo_cli.betting import Action, Hand, replay
from hilo_cli.cards import parse_cards
from hilo_cli.checking import settle_replayed
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES
from hilo_cli.showdown import settle

NAMES = ("Ann", "Bob", "Cat")
HOLES = {"Ann": "Ac 2h Kc Qc", "Bob": "As 2d 9c 9h", "Cat": "Qh Qd Jc Tc"}


def acts(*texts: str) -> tuple[Action, ...]:
    """Actions from short text: 'Ann call', 'Bob raise 300', 'Cat fold', 'board 3c 5d 7h', 'Ann show ...'."""
    out = []
    for number, text in enumerate(texts, 1):
        words = text.split()
        if words[0] == "board":
            out.append(
                Action(number, text, None, "deal-board", cards=parse_cards(" ".join(words[1:])))
            )
            continue
        actor, verb, rest = words[0], words[1], words[2:]
        kinds = {
            "raise": "raise-to",
            "bet": "bet",
            "complete": "complete",
            "allin": "all-in",
            "call": "call",
            "check": "check",
            "fold": "fold",
            "cc": "check-call",
            "bringin": "bring-in",
            "post": "post",
            "ante": "ante",
            "straddle": "straddle",
            "muck": "muck",
        }
        if verb == "show":
            out.append(Action(number, text, actor, "show", cards=parse_cards(" ".join(rest))))
        elif verb == "deal":
            out.append(Action(number, text, actor, "deal-hole", cards=parse_cards(" ".join(rest))))
        else:
            amount = int(rest[0]) if rest else None
            out.append(Action(number, text, actor, kinds[verb], amount))  # type: ignore[arg-type]
    return tuple(out)


def deal_holes(names: tuple[str, ...] = NAMES) -> tuple[str, ...]:
    return tuple(f"{n} deal {HOLES[n]}" for n in names)


def hand(
    *texts: str,
    structure: str = "fixed",
    stacks: tuple[int, ...] = (1000, 1000, 1000),
    blinds: tuple[int, ...] = (50, 100, 0),
    **kwargs: object,
) -> Hand:
    names = kwargs.pop("names", NAMES)
    assert isinstance(names, tuple)
    return Hand(
        GAMES[str(kwargs.pop("game", "omaha8"))],
        structure,
        names,
        stacks,  # type: ignore[arg-type]
        acts(*deal_holes(names), *texts),
        blinds=blinds,
        small_bet=100,
        big_bet=200,
        **kwargs,
    )  # type: ignore[arg-type]


def broken(h: Hand, number: int, section: str) -> str:
    """Replay ``h``, which must fail at action ``number`` (counted after the deals) citing ``section``."""
    with pytest.raises(DealError) as e:
        replay(h)
    message = str(e.value)
    number += len(h.players)  # the hole-card deals come first
    assert message.startswith(f"action {number} "), message
    assert re.search(rf"RULES §{re.escape(section)}\b", message), message
    return message


# -- contributions, returns and dead hands ------------------------------------------------------------

QUARTERED = (
    "Cat call",
    "Ann call",
    "Bob check",
    "board 3c 5d 7h",
    "Ann check",
    "Bob check",
    "Cat check",
    "board Kd",
    "Ann bet 200",
    "Bob call",
    "Cat call",
    "board Ks",
    "Ann check",
    "Bob check",
    "Cat check",
)


def test_a_fixed_limit_hand_gives_each_contribution_and_settles() -> None:
    r = replay(hand(*QUARTERED))
    # 100 before the flop, 200 on the turn, each.
    assert r.contributed == {"Ann": 300, "Bob": 300, "Cat": 300}
    assert r.stacks == {"Ann": 700, "Bob": 700, "Cat": 700}
    assert r.returned == {} and r.folded == () and r.mucked == ()
    won = paid(settle(r.deal))
    assert won == {"Ann": 675, "Bob": 225, "Cat": 0}  # Ann high 450 + quarter 225, Bob a quarter


def test_an_uncalled_bet_is_returned_and_a_fold_is_dead() -> None:
    r = replay(hand("Cat raise 200", "Ann fold", "Bob fold"))
    assert r.contributed == {"Ann": 50, "Bob": 100, "Cat": 200}
    assert r.returned == {
        "Cat": 100
    }  # Bob called nothing of the raise: 100 of it comes back (§5.3)
    assert r.folded == ("Ann", "Bob")
    assert paid(settle_replayed(r))["Cat"] == 350


def test_a_mucked_hand_is_dead_and_wins_nothing() -> None:
    r = replay(hand(*QUARTERED, "Ann muck", "Bob show As 2d 9c 9h", "Cat show Qh Qd Jc Tc"))
    assert r.mucked == ("Ann",)
    dead = {p.name for p in r.deal.players if p.folded}
    assert dead == {"Ann"}
    won = paid(settle(r.deal))
    # Without Ann's three kings, Cat's kings and queens take high and Bob's A-2-3-5-7 the low alone.
    assert won == {"Ann": 0, "Bob": 450, "Cat": 450}


def test_shown_cards_must_be_those_dealt() -> None:
    with pytest.raises(DealError, match="shows cards other than those dealt"):
        replay(hand(*QUARTERED, "Ann show Ad 2h Kc Qc"))


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop() -> None:
    # Seat order Ann, Bob; Bob has the button. Ann posts the big blind, Bob the small one (blinds by seat).
    h = hand(
        "Bob raise 200",
        "Ann call",
        "board 3c 5d 7h",
        "Ann check",
        "Bob check",
        "board Kd",
        "Ann check",
        "Bob check",
        "board Ks",
        "Ann check",
        "Bob check",
        names=("Ann", "Bob"),
        stacks=(1000, 1000),
        blinds=(100, 50),
    )
    assert replay(h).contributed == {"Ann": 200, "Bob": 200}
    wrong = hand("Ann check", names=("Ann", "Bob"), stacks=(1000, 1000), blinds=(100, 50))
    assert "it is Bob's turn" in broken(wrong, 1, "14.1")


def test_the_turn_check_can_be_left_to_a_history_that_does_not_give_the_order() -> None:
    h = hand("Ann call", "Cat call", "Bob check", check_turns=False)
    assert replay(h).contributed == {"Ann": 100, "Bob": 100, "Cat": 100}


def test_blinds_and_antes_as_actions_with_a_straddle() -> None:
    # Blinds 50/100 and a straddle of 200 by Cat, posted as actions; antes of 10 each are dead money.
    h = Hand(
        GAMES["omaha8"],
        "no",
        (*NAMES, "Dan"),
        (1000,) * 4,
        acts(
            "Ann ante 10",
            "Bob ante 10",
            "Cat ante 10",
            "Dan ante 10",
            "Ann post 50",
            "Bob post 100",
            "Cat straddle 200",
            "Dan raise 400",
            "Ann fold",
            "Bob fold",
            "Cat fold",
        ),
        small_bet=100,
    )
    r = replay(h)
    assert r.contributed == {"Ann": 60, "Bob": 110, "Cat": 210, "Dan": 410}
    assert r.returned == {"Dan": 200}
    # the smallest raise over a straddle of 200 is to 400: to 399 is refused
    short = h._replace(actions=h.actions[:7] + acts("Dan raise 399"))
    with pytest.raises(DealError, match="smallest raise is to 400"):
        replay(short)


def test_a_call_amount_as_written_is_checked() -> None:
    assert replay(hand("Cat call 100", "Ann call 50", "Bob check")).contributed["Ann"] == 100
    assert "the call is 50, not 100" in broken(hand("Cat call 100", "Ann call 100"), 2, "14")


def test_raise_to_is_a_street_total_on_every_street() -> None:
    # Flop: Ann bets 100, Bob raises to 200 (a street total), Cat calls 200, Ann calls.
    r = replay(
        hand(
            "Cat call",
            "Ann call",
            "Bob check",
            "board 3c 5d 7h",
            "Ann bet 100",
            "Bob raise 200",
            "Cat call",
            "Ann call",
        )
    )
    assert r.contributed == {"Ann": 300, "Bob": 300, "Cat": 300}


# -- each rule of §14 an action can break -------------------------------------------------------------


def test_14_1_out_of_turn() -> None:
    assert "it is Cat's turn to act, not Ann's" in broken(hand("Ann call"), 1, "14.1")


def test_14_1_later_rounds_start_left_of_the_button() -> None:
    h = hand("Cat call", "Ann call", "Bob check", "board 3c 5d 7h", "Bob check")
    assert "it is Ann's turn" in broken(h, 5, "14.1")


def test_14_2_fixed_limit_sizes() -> None:
    assert "exactly 200" in broken(hand("Cat raise 300"), 1, "14.2")  # before the flop: 100 + 100
    h = hand(
        "Cat call",
        "Ann call",
        "Bob check",
        "board 3c 5d 7h",
        "Ann check",
        "Bob check",
        "Cat check",
        "board Kd",
        "Ann bet 100",
    )
    assert "exactly 200" in broken(h, 9, "14.2")  # the turn: the big bet


def test_14_2_fixed_limit_all_in_for_less_may_bet_less() -> None:
    r = replay(hand("Cat raise 150", "Ann call", "Bob call", stacks=(1000, 1000, 150)))
    assert r.contributed == {"Ann": 150, "Bob": 150, "Cat": 150}


def test_14_2_a_raise_cap_only_when_told() -> None:
    raises = ("Cat raise 200", "Ann raise 300", "Bob raise 400", "Cat raise 500")
    assert replay(hand(*raises, "Ann call", "Bob call")).contributed["Ann"] == 500
    assert "a bet and 3 raises" in broken(hand(*raises, raise_cap=3), 4, "14.2")


def test_14_3_pot_limit_most_and_least() -> None:
    # Blinds 50/100: Cat may raise to at most 100 + (150 + 100) = 350.
    assert "the most is a raise to 350" in broken(hand("Cat raise 400", structure="pot"), 1, "14.3")
    assert replay(hand("Cat raise 350", "Ann fold", "Bob fold", structure="pot")).returned == {
        "Cat": 250
    }
    # After Cat's raise to 300 (by 200), the smallest re-raise is to 500.
    assert "smallest raise is to 500" in broken(
        hand("Cat raise 300", "Ann raise 400", structure="pot"), 2, "14.3"
    )
    # The smallest bet is the big blind.
    h = hand("Cat call", "Ann call", "Bob check", "board 3c 5d 7h", "Ann bet 50", structure="pot")
    assert "smallest bet is 100" in broken(h, 5, "14.3")
    # The pot-limit largest bet is the pot, 300. (The message's words are matched by the PokerStars tests.)
    h = hand("Cat call", "Ann call", "Bob check", "board 3c 5d 7h", "Ann bet 301", structure="pot")
    assert "the most is a bet 300 (the pot" in broken(h, 5, "14.3")


def test_14_4_no_limit_any_amount_up_to_the_stack() -> None:
    r = replay(hand("Cat raise 1000", "Ann fold", "Bob fold", structure="no"))
    assert r.returned == {"Cat": 900}
    assert "smallest raise is to 200" in broken(hand("Cat raise 150", structure="no"), 1, "14.4")


def test_14_5_all_in_for_less_does_not_reopen() -> None:
    # Cat raises to 300 (by 200); Ann is all in for 400, 100 more: less than a full raise. Bob may still
    # raise (he has not acted); Cat, who has, may only call or fold.
    base = ("Cat raise 300", "Ann allin", "Bob fold")
    ok = replay(hand(*base, "Cat call", structure="no", stacks=(400, 1000, 1000)))
    assert ok.contributed == {"Ann": 400, "Bob": 100, "Cat": 400}
    assert "call or fold only" in broken(
        hand(*base, "Cat raise 700", structure="no", stacks=(400, 1000, 1000)), 4, "14.5"
    )
    # A full raise reopens it: Ann all in for 500 (by 200) lets Cat raise again.
    r = replay(hand(*base, "Cat raise 700", structure="no", stacks=(500, 1000, 1000)))
    assert r.returned == {"Cat": 200}


def test_14_nothing_after_folding_or_all_in_and_no_stack_below_zero() -> None:
    assert "has folded" in broken(
        hand(
            "Cat fold",
            "Ann call",
            "Bob check",
            "board 3c 5d 7h",
            "Ann check",
            "Bob check",
            "Cat check",
        ),
        7,
        "14",
    )
    all_in = hand(
        "Cat raise 300",
        "Ann call",
        "Bob call",
        "board 3c 5d 7h",
        "Ann check",
        "Bob check",
        "Cat check",
        structure="no",
        stacks=(1000, 1000, 300),
    )
    assert "is all in" in broken(all_in, 7, "14.5")
    assert "has only 1000" in broken(hand("Cat raise 1200", structure="no"), 1, "14")


def test_14_checking_facing_a_bet_and_calling_nothing() -> None:
    assert "cannot check facing a bet: 100 to call" in broken(hand("Cat check"), 1, "14")
    h = hand("Cat call", "Ann call", "Bob check", "board 3c 5d 7h", "Ann call")
    assert "nothing to call" in broken(h, 5, "14")


def test_14_a_round_ends_only_when_everyone_has_acted() -> None:
    message = broken(hand("Cat call", "Ann call", "board 3c 5d 7h"), 3, "14")
    assert "Bob still to act" in message
    assert (
        replay(hand("Cat call", "Ann call")).unfinished
        == "the history ends while Bob still has to act (RULES §14)"
    )
    assert replay(hand("Cat call", "Ann call", "Bob check")).unfinished == (
        "the history ends before the showdown: 0 of the 5 board cards dealt, 3 hands live"
    )
    assert replay(hand(*QUARTERED)).unfinished is None


STUD = {"Ann": "Ac 8d As", "Bob": "Tc 4h 5s", "Cat": "Td 7h 2h"}


def stud(
    *texts: str, stacks: tuple[int, ...] = (1000, 1000, 1000), check_turns: bool = True
) -> Hand:
    deals = tuple(f"{n} deal {STUD[n]}" for n in NAMES)
    return Hand(
        GAMES["stud8"],
        "fixed",
        NAMES,
        stacks,
        acts(*deals, *texts),
        antes=(10, 10, 10),
        bring_in=25,
        small_bet=100,
        big_bet=200,
        check_turns=check_turns,
    )


def test_14_6_stud_bring_in_completion_and_streets() -> None:
    # Cat brings in for 25; Ann completes to 100 (the small bet); Bob folds; Cat calls.
    # Fourth street (one more card each): the small bet still; fifth: the big bet.
    r = replay(
        stud(
            "Cat bringin",
            "Ann complete 100",
            "Bob fold",
            "Cat call",
            "Ann deal 3c",
            "Cat deal 9s",
            "Ann bet 100",
            "Cat call",
            "Ann deal Th",
            "Cat deal 6c",
            "Ann bet 200",
            "Cat fold",
        )
    )
    assert r.contributed == {"Ann": 410, "Bob": 10, "Cat": 210}
    assert r.returned == {"Ann": 200}
    assert len(broken(stud("Cat bringin 50"), 1, "14.6")) > 0
    assert "exactly 100" in broken(stud("Cat bringin", "Ann complete 75"), 2, "14.2")
    assert "exactly 200" in broken(
        stud(
            "Cat bringin",
            "Ann complete 100",
            "Bob fold",
            "Cat call",
            "Ann deal 3c",
            "Cat deal 9s",
            "Ann check",
            "Cat check",
            "Ann deal Th",
            "Cat deal 6c",
            "Ann bet 100",
        ),
        11,
        "14.2",
    )
    assert "Ann, Cat still to act" in broken(
        stud(
            "Cat bringin",
            "Ann complete 100",
            "Bob fold",
            "Cat call",
            "Ann deal 3c",
            "Cat deal 9s",
            "Ann deal Th",
        ),
        7,
        "14",
    )


def test_everyone_calling_the_bring_in_ends_the_round() -> None:
    r = replay(
        stud(
            "Cat bringin",
            "Ann call",
            "Bob call",
            "Ann deal 3c",
            "Bob deal 9s",
            "Cat deal 6c",
            "Ann check",
            "Bob check",
            "Cat check",
        )
    )
    assert r.contributed == {"Ann": 35, "Bob": 35, "Cat": 35}


def test_unknown_players_and_amounts_are_bad_input() -> None:
    with pytest.raises(DealError, match="no player named 'Dan'"):
        replay(hand("Dan call"))
    with pytest.raises(DealError, match="starting_stacks has 2 entries for 3 players"):
        replay(hand(stacks=(1000, 1000)))
    with pytest.raises(DealError, match="fixed limit needs a small bet and a big bet"):
        replay(hand()._replace(small_bet=0))


# -- found in review ----------------------------------------------------------------------------------


def test_14_5_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    # TDA (the source §14.5 cites): an all-in, "or cumulative multiple short all-ins", totalling less than
    # a full raise does not reopen the betting; a player facing at least a full raise when the action
    # returns may raise. Cat raises to 300 (by 200). Ann is all in for 400 (+100), Bob for 520 (+120):
    # neither is a full raise, but Cat now faces 220, more than the 200 of a full raise.
    base = ("Cat raise 300", "Ann allin", "Bob allin")
    r = replay(hand(*base, "Cat raise 1000", structure="no", stacks=(400, 520, 1000)))
    assert r.contributed == {"Ann": 400, "Bob": 520, "Cat": 1000}
    assert r.returned == {"Cat": 480}
    # Facing 150 (all in for 400 and 450) Cat may still only call or fold.
    assert "call or fold only" in broken(
        hand(*base, "Cat raise 1000", structure="no", stacks=(400, 450, 1000)), 4, "14.5"
    )
    # The smallest raise stays the last full raise (200): to 720 at least.
    assert "smallest raise is to 720" in broken(
        hand(*base, "Cat raise 700", structure="no", stacks=(400, 520, 1000)), 4, "14.4"
    )


def test_14_5_fixed_limit_short_all_ins_reopen_at_half_a_bet_together() -> None:
    # Fixed limit 100/200, flop: Ann bets 100. Bob is all in for 130 (+30), Cat for 160 (+30): each less
    # than half a bet, together 60, at least half: Ann, who has acted, may raise (to 160 + 100).
    flop = (
        "Cat call",
        "Ann call",
        "Bob check",
        "board 3c 5d 7h",
        "Ann bet 100",
        "Bob allin",
        "Cat allin",
    )
    r = replay(hand(*flop, "Ann raise 260", stacks=(1000, 230, 260)))
    assert r.returned == {"Ann": 100}
    # With Cat all in for 140 (+40 in all: less than half) Ann may only call or fold.
    assert "call or fold only" in broken(
        hand(*flop, "Ann raise 240", stacks=(1000, 230, 240)), 8, "14.5"
    )


def test_a_stud_history_that_stops_before_seventh_street_is_unfinished() -> None:
    # Like a board game's partial history (not bad input): two or more live hands without all their cards.
    r = replay(stud("Cat bringin", "Ann call", "Bob call"))
    assert (
        r.unfinished == "the history ends before the showdown: 3 of the 7 cards dealt, 3 hands live"
    )
    # A hand won on third street is finished.
    assert (
        replay(stud("Cat bringin", "Ann complete 100", "Bob fold", "Cat fold")).unfinished is None
    )


def test_14_6_the_lowest_up_card_brings_in() -> None:
    # Up cards As (Ann), 5s (Bob), 2h (Cat): Cat brings in (or completes); the ace is high for the bring-in.
    assert "Cat has the lowest up card (2h)" in broken(stud("Ann bringin"), 1, "14.6")
    assert "Cat has the lowest up card (2h)" in broken(stud("Bob complete 100"), 1, "14.6")
    # Cat completes instead; uncalled, the 100 comes back (the antes are everyone's 10).
    assert replay(stud("Cat complete 100", "Ann fold", "Bob fold")).returned == {"Cat": 100}


def test_14_6_later_streets_start_with_the_highest_hand_showing() -> None:
    # Third street all call Cat's bring-in. Fourth street up cards: Ann As 3c, Bob 5s 9s, Cat 2h 2c: Cat's
    # open pair of twos is the highest hand showing and acts first (no straights or flushes on board).
    third = ("Cat bringin", "Ann call", "Bob call", "Ann deal 3c", "Bob deal 9s", "Cat deal 2c")
    assert "Cat has the highest hand showing (2h 2c)" in broken(
        stud(*third, "Ann check"), 7, "14.6"
    )
    r = replay(
        stud(
            *third,
            "Cat check",
            "Ann check",
            "Bob check",
            "Ann deal 7c",
            "Bob deal 5d",
            "Cat deal Kd",
            # Fifth street: Bob's 5s 9s 5d (a pair of fives) beats Cat's 2h 2c Kd (twos) and Ann's ace high.
            "Bob bet 200",
            "Cat fold",
            "Ann fold",
        )
    )
    assert r.returned == {"Bob": 200}
    assert "Bob has the highest hand showing (5s 9s 5d)" in broken(
        stud(
            *third,
            "Cat check",
            "Ann check",
            "Bob check",
            "Ann deal 7c",
            "Bob deal 5d",
            "Cat deal Kd",
            "Cat check",
        ),
        13,
        "14.6",
    )


def test_14_6_stud_after_the_first_action_the_turn_goes_clockwise() -> None:
    # Seats Ann, Bob, Cat. Cat brings in, then Ann (left of Cat), then Bob; fourth street Cat's open pair
    # of twos acts first, then Ann, then Bob.
    third = ("Cat bringin", "Ann call", "Bob call", "Ann deal 3c", "Bob deal 9s", "Cat deal 2c")
    r = replay(stud(*third, "Cat bet 100", "Ann call", "Bob fold"))
    assert r.contributed == {"Ann": 135, "Bob": 35, "Cat": 135}
    assert "it is Ann's turn to act, not Bob's" in broken(
        stud("Cat bringin", "Bob call"), 2, "14.1"
    )
    assert "it is Ann's turn" in broken(stud(*third, "Cat bet 100", "Bob call"), 8, "14.1")
    # A history that does not give the order (check_turns off) is not turn-checked, nor who acts first.
    assert (
        replay(stud("Cat bringin", "Bob call", "Ann call", check_turns=False)).contributed["Bob"]
        == 35
    )
    assert (
        replay(stud("Ann bringin", "Bob call", "Cat call", check_turns=False)).contributed["Ann"]
        == 35
    )
