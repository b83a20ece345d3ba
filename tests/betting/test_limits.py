"""``hilo limits`` and ``hilo_cli.betting.limits``: call, smallest and largest bet or raise (RULES §14.2-14.4).

The founding text's example (§14.3): pot 100, a bet of 100: call 100, raise to at least 200, at most 400.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import TEST_DATA

from hilo_cli.betting import Action, Hand, limits, next_turn, replay
from hilo_cli.cli import main
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES


def test_the_founding_example() -> None:
    found = limits("pot", 100, [100])
    assert (found.call, found.action, found.least, found.most) == (100, "raise", 200, 400)


def test_a_pot_limit_round_of_raises_walked_by_hand() -> None:
    """Pot 100 from earlier rounds; A bets, B raises the pot, C raises the pot, A raises the pot.

    A (nothing to call): bet 10 (the big blind) to 100 (the pot).               A bets 100: in the middle 200.
    B: call 100; raise to 100 + 100 at least; at most 100 + (200 + 100) = 400.  B raises to 400: 600.
    C: call 400; the last raise was 300, so at least 700; at most 400 + (600 + 400) = 1400.  C to 1400: 2000.
    A (100 in): call 1300; at least 1400 + 1000 = 2400; at most 1400 + (2000 + 1300) = 4700.
    """
    a = limits("pot", 100, [], big_blind=10)
    assert (a.call, a.action, a.least, a.most) == (0, "bet", 10, 100)
    b = limits("pot", 100, [100], big_blind=10)
    assert (b.call, b.least, b.most, b.pot) == (100, 200, 400, 200)
    c = limits("pot", 100, [100, 400], big_blind=10)
    assert (c.call, c.least, c.most, c.pot) == (400, 700, 1400, 600)
    a2 = limits("pot", 100, [400, 1400], already_in=100, big_blind=10)
    assert (a2.call, a2.least, a2.most, a2.pot) == (1300, 2400, 4700, 2000)


def test_the_replay_agrees_with_the_walk() -> None:
    """The same round replayed: the pot-limit raises to 400, 1400 and 4700 are allowed, 4701 is not."""
    names = ("A", "B", "C")

    def round_of(last: int) -> Hand:
        moves = [
            ("A", "raise-to", 100),
            ("B", "raise-to", 400),
            ("C", "raise-to", 1400),
            ("A", "raise-to", last),
            ("B", "call", None),
            ("C", "call", None),
        ]
        actions = tuple(Action(i, f"{n} {k} {t}", n, k, t) for i, (n, k, t) in enumerate(moves, 1))  # type: ignore[arg-type]
        # Antes of 100 in all (dead money) stand in for the earlier rounds' pot of 100.
        return Hand(
            GAMES["omaha"], "pot", names, (10000,) * 3, actions, antes=(34, 33, 33), small_bet=10
        )

    assert replay(round_of(4700)).contributed == {"A": 4734, "B": 4733, "C": 4733}
    with pytest.raises(DealError, match="the most is a raise to 4700"):
        replay(round_of(4701))
    with pytest.raises(DealError, match="the smallest raise is to 2400"):
        replay(round_of(2399))


def test_fixed_and_no_limit() -> None:
    # Fixed 100/200: before the flop and on the flop 100 steps, on the turn and river 200.
    flop = limits("fixed", 300, [100], small_bet=100, big_bet=200, street=1)
    assert (flop.call, flop.least, flop.most) == (100, 200, 200)
    turn = limits("fixed", 300, [], small_bet=100, big_bet=200, street=2)
    assert (turn.action, turn.least, turn.most) == ("bet", 200, 200)
    # No limit, blinds 1/2, raised to 6: call 6, at least 10 (the raise was 4), at most the stack.
    nl = limits("no", 0, [1, 2, 6], big_blind=2)
    assert (nl.call, nl.least, nl.most) == (6, 10, None)
    assert limits("no", 0, [1, 2, 6], big_blind=2, stack=50).most == 50


def test_a_short_stack_is_all_in_for_less() -> None:
    found = limits("pot", 100, [100], stack=150)
    assert (found.call, found.least, found.most, found.all_in) == (100, 150, 150, True)


@pytest.mark.parametrize(
    "args, message",
    [
        (("pot", -1, []), "pot is -1"),
        (("pot", 100, []), "needs the big blind"),
        (("fixed", 100, [100]), "small bet and the big bet"),
    ],
)
def test_bad_figures(args: tuple[str, int, list[int]], message: str) -> None:
    with pytest.raises(DealError, match=message):
        limits(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize("street", [0, 1, 2, 3])
@pytest.mark.parametrize("small_bet, big_bet", [(0, 20), (10, 0)])
def test_fixed_limit_needs_both_bets_on_every_street(
    street: int, small_bet: int, big_bet: int
) -> None:
    """Both sizes are asked for whichever street is played: the street picks the size, not the check."""
    with pytest.raises(DealError, match="small bet and the big bet"):
        limits("fixed", 100, [10], small_bet=small_bet, big_bet=big_bet, street=street)


def test_cli_text_and_json() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["limits", "--structure", "pot", "--pot", "100", "--bet", "100"])
    assert result.exit_code == 0, result.output
    assert (
        result.output
        == "pot limit, pot 200\ncall 100\nraise to at least 200, at most 400 (pot limit)\n"
    )
    result = runner.invoke(main, ["limits", "--pot", "100", "--bet", "100", "--format", "json"])
    assert json.loads(result.output) == {
        "structure": "pot",
        "pot": 200,
        "call": 100,
        "action": "raise",
        "least": 200,
        "most": 400,
        "all_in": False,
        "schema": "limits/0.1",
    }
    fixed = runner.invoke(
        main, ["limits", "--structure", "fixed", "--limits", "100/200", "--street", "river"]
    )
    assert fixed.output.splitlines()[1:] == ["check", "bet 200 (fixed limit)"]


def test_cli_bad_input_is_one_line_and_exit_2() -> None:
    result = CliRunner().invoke(main, ["limits", "--pot", "100"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "hilo: error: --blinds: pot limit needs the big blind (the smallest bet, RULES §14.3)"
    )
    result = CliRunner().invoke(main, ["limits", "--structure", "fixed", "--limits", "ten"])
    assert (
        result.exit_code == 2 and "--limits" in result.output and "Traceback" not in result.output
    )


# -- found in review ----------------------------------------------------------------------------------


def test_the_smallest_raise_is_the_last_full_raise_not_a_short_all_in() -> None:
    # Blinds 50/100: raised to 1000 (by 900), then all in for 1500 (by 500: less than a full raise). The
    # smallest raise is still 900 (§14.3, TDA): to 2400, not 1500 + 500 = 2000. The replay agrees.
    found = limits("no", 0, [50, 100, 1000, 1500], big_blind=100)
    assert (found.call, found.least) == (1500, 2400)
    # Without the blinds, a short all-in over the big blind: to 130 + 100 at least.
    assert limits("no", 0, [100, 130]).least == 230
    names = ("A", "B", "C", "D")
    moves = [("C", "raise-to", 1000), ("D", "all-in", None), ("A", "raise-to", 2399)]
    actions = tuple(Action(i, f"{n} {k} {t}", n, k, t) for i, (n, k, t) in enumerate(moves, 1))  # type: ignore[arg-type]
    hand = Hand(
        GAMES["omaha"],
        "no",
        names,
        (5000, 5000, 5000, 1500),
        actions,
        blinds=(50, 100, 0, 0),
        small_bet=100,
    )
    with pytest.raises(DealError, match="the smallest raise is to 2400"):
        replay(hand)


def test_fixed_limit_raises_from_the_last_full_bet_as_the_replay_does() -> None:
    # Flop 100/200: a bet of 100, all in for 130 (less than half a bet): the next raise is to 200 (the
    # replay's 'exactly 200'); all in for 160 (half a bet or more) is a full raise: to 260.
    assert limits("fixed", 300, [100, 130], small_bet=100, big_bet=200, street=1).least == 200
    assert limits("fixed", 300, [100, 160], small_bet=100, big_bet=200, street=1).least == 260


def test_a_stack_that_covers_only_the_call_cannot_raise() -> None:
    # 130 to call, 50 behind: all in for a call of 50, no raise (it was 'raise to all in for 50').
    found = limits("pot", 300, [100, 130], stack=50)
    assert (found.call, found.action, found.least, found.most, found.all_in) == (
        50,
        "call",
        None,
        None,
        True,
    )
    result = CliRunner().invoke(
        main, ["limits", "--pot", "300", "--bet", "100", "--bet", "130", "--stack", "50"]
    )
    assert (
        result.output
        == "pot limit, pot 530\ncall 50, all in (the stack does not cover the call: no raise)\n"
    )
    # Exactly the call: all in to call, no raise either.
    assert limits("no", 0, [100, 130], already_in=100, stack=30).action == "call"


# -- from a round's actions: hilo limits HISTORY (the other way to ask) ----------------------------

DATA = TEST_DATA / "phh"


def _round(
    *moves: tuple[str, str, int | None],
    stacks: tuple[int, ...] = (10000,) * 3,
    structure: str = "pot",
) -> Hand:
    actions = tuple(Action(i, f"{n} {k} {t}", n, k, t) for i, (n, k, t) in enumerate(moves, 1))  # type: ignore[arg-type]
    # Antes of 100 in all (dead money) stand in for the earlier rounds' pot of 100, as in the walk above.
    return Hand(
        GAMES["omaha"],
        structure,
        ("A", "B", "C"),
        stacks,
        actions,
        antes=(34, 33, 33),  # type: ignore[arg-type]
        small_bet=10,
    )


def test_the_walk_from_the_rounds_actions_gives_the_same_figures() -> None:
    # Each step of test_a_pot_limit_round_of_raises_walked_by_hand, asked of the actions so far.
    a = next_turn(_round())
    assert (a.name, a.limits.call, a.limits.action, a.limits.least, a.limits.most) == (
        "A",
        0,
        "bet",
        10,
        100,
    )
    b = next_turn(_round(("A", "raise-to", 100)))
    assert (b.name, b.limits.call, b.limits.least, b.limits.most, b.limits.pot) == (
        "B",
        100,
        200,
        400,
        200,
    )
    c = next_turn(_round(("A", "raise-to", 100), ("B", "raise-to", 400)))
    assert (c.name, c.limits.call, c.limits.least, c.limits.most, c.limits.pot) == (
        "C",
        400,
        700,
        1400,
        600,
    )
    a2 = next_turn(_round(("A", "raise-to", 100), ("B", "raise-to", 400), ("C", "raise-to", 1400)))
    assert (a2.name, a2.limits.call, a2.limits.least, a2.limits.most) == ("A", 1300, 2400, 4700)


def test_from_the_actions_an_all_in_for_less_leaves_call_or_fold_and_the_stack_caps() -> None:
    # No limit: A bets 100, B raises to 300 (by 200), C is all in for 400 (100 more: short of a full raise).
    # A, who bet 100, faces 300 more, a full raise: he may raise. After A calls, B faces only C's 100 more:
    # call or fold (§14.5).
    moves = (
        ("A", "raise-to", 100),
        ("B", "raise-to", 300),
        ("C", "all-in", None),
        ("A", "call", None),
    )
    b = next_turn(_round(*moves, stacks=(10000, 10000, 433), structure="no"))
    assert (b.name, b.limits.action, b.limits.call, b.limits.least, b.limits.most) == (
        "B",
        "call",
        100,
        None,
        None,
    )
    a = next_turn(_round(*moves[:3], stacks=(10000, 10000, 433), structure="no"))
    # A faces 300 more than his 100: at least 400 + 200 (the last full raise), at most all in.
    assert (a.name, a.limits.call, a.limits.least, a.limits.most) == ("A", 300, 600, 9966)


def test_hilo_limits_from_a_history_names_the_player_to_act() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["limits", str(DATA / "to-act.phh")])
    assert result.exit_code == 0, result.output
    assert result.output == (
        "Bob to act: pot limit, pot 200\ncall 100\nraise to at least 200, at most 400 (pot limit)\n"
    )
    out = json.loads(
        runner.invoke(main, ["limits", "--format", "json", str(DATA / "to-act.phh")]).output
    )
    assert out == {
        "structure": "pot",
        "pot": 200,
        "call": 100,
        "action": "raise",
        "least": 200,
        "most": 400,
        "all_in": False,
        "name": "Bob",
        "street": 1,
        "schema": "limits/0.1",
    }
    piped = runner.invoke(main, ["limits", "-"], input=(DATA / "to-act.phh").read_text())
    assert piped.output == result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["--pot", "100", str(DATA / "to-act.phh")], "--pot: a HISTORY gives the figures"),
        ([str(DATA / "illegal.phhs")], "14 hands: give a history of the one hand"),
        ([str(DATA / "quartered.phh")], "the betting is over and the hand goes to the showdown"),
        ([str(DATA / "missing.phh")], "cannot read"),
        # A PokerStars history is read whole here, though hilo check only cuts it into hands for its workers.
        (
            [str(DATA.parent / "pokerstars" / "no-showdown.txt")],
            "the hand is over: one live hand is left",
        ),
    ],
)
def test_hilo_limits_from_a_history_bad_input_is_one_line_exit_2(
    args: list[str], message: str
) -> None:
    result = CliRunner().invoke(main, ["limits", *args])
    assert result.exit_code == 2, result.output
    assert (
        len(result.output.splitlines()) == 1
        and message in result.output
        and "Traceback" not in result.output
    )
