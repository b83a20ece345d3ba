"""hilo: showdown calculator for Omaha Hi/Lo (8 or better) and its relatives.

The library settles a ``Deal`` into a ``Settlement`` (``hilo_cli.showdown.settle``); the ``hilo``
command (``cli/``, a module per command) is a thin layer over it. Readers of hand histories
(``histories/``) replay a hand's actions (``betting/``) into a ``Deal``; ``checking`` compares what a
history recorded with what ``settle`` gives; ``equity`` settles every runout still to come. Where each
rule of docs/rules.md (numbered as the specification, RULES.md) lives:

=======================================  ==========================================================
Rule (docs/rules.md section)              Implemented by
=======================================  ==========================================================
§1.1–1.2 categories, comparing within      ``evaluate.hands.rank_value`` (value layout),
                                           ``evaluate.tables.rank_table`` / ``flush_table``
§1.3 ace high, the wheel, no wrap-around   ``evaluate.hands._straight_top``
§1.4 suits never rank hands                ``evaluate.hands.rank_value`` (ranks only)
§1.5 kickers only inside the five cards    ``evaluate.fast.omaha_hands``, ``evaluate.generic.selections``
§2.1 exactly two hole + three board cards  ``evaluate.fast.omaha_values`` (settling: values only) and
                                           ``omaha_hands`` (the cards), both by board rows per
                                           hole-rank pair; ``evaluate.generic.selections``
§2.2 high and low chosen independently     ``evaluate.evaluate`` / ``evaluate_all`` / ``evaluate_deal``
                                           (separate searches); ``evaluate.path`` picks the evaluator
§2.3 best of C(h,2)×C(5,3) candidates      ``evaluate.tables.board_row``, ``evaluate.generic``
§2.4 misreads: flush, straight, board      ``evaluate.fast._best_flush`` (a flush
     quads, trips in the hole, low needs   needs 2 suited hole cards and 3 suited board cards),
                                           ``evaluate.tables.low_choice``
     two low hole cards, counterfeiting    (two distinct hole ranks + three other board ranks) and
                                           ``evaluate.tables.no_low_reason``
§3.1 8-or-better qualification             ``evaluate.hands.low_value``, ``evaluate.tables.low_choice``
§3.2 straights and flushes ignored for low ``evaluate.hands.low_key`` (ranks only, ace = 1)
§3.3 comparing lows from the top down      ``evaluate.hands.low_key``
§3.4 equal lows tie                        ``showdown._winners`` (ties by value)
§3.5 no low: high takes the whole pot      ``showdown._winners`` (why no low), ``_divide_pot``
                                           ("high only")
§3.6 qualifier 8, 9 or none                ``games.qualifier``, ``deal.Deal.qualifier``
§4.1 halves, scoops, quartering            ``showdown._divide_pot``, ``_split``
§4.2 chip unit, whole units only           ``deal.check_deal`` (multiples), ``showdown._give``
§4.3 odd chip between halves to high       ``showdown._split`` (``units - units // 2``)
§4.4 tied half: leftovers one each,        ``pots.divide``, ``pots.clockwise_from_button``
     clockwise from the button
§4.5 same winners both ways: one division  ``showdown._divide_pot`` ("same winners")
§4.6 stud: by highest card then suit       ``showdown._OddChipOrder`` (tied players by their cards
     (which five cards, when equal)        from the highest down, identical cards clockwise; the
                                           reason names the deciding card), ``evaluate.generic.shown``
                                           (among equal selections, the greatest cards from the top)
§4.7 chips conserved; totals               ``showdown.settle`` (``won`` = shares + returned)
§5.1 side pots by layers, merged           ``pots.build_pots``
§5.2 folded players never eligible         ``pots.build_pots``, ``showdown.settle``
§5.3 uncalled top layer returned           ``pots.build_pots``, ``pots.uncalled`` (measured on the bets;
     (dead money is no bet)                dead money, posted by ``betting.replay.Replay.post``, is the
                                           main pot's)
§5.4 each pot divided on its own           ``showdown._divide_pot`` (per pot, its own eligible players)
§6 the variants                            ``games.GAMES``
§7 cards speak; folded hands dead; a       ``showdown.settle`` (evaluates every live hand, no
   single live player takes all            declarations), ``deal.check_deal``
§9 V1 odd chip by suit in button games     ``--odd-chip suit`` → ``deal.Deal.odd_chip``
§12.1 several boards                       ``deal.Deal.boards`` / ``multi_board``
§12.2 each pot split between the boards,   ``showdown._divide_by_board`` (shares in chip units, the
      each board divided on its own        leftover units to the first boards; ``_divide_pot`` per
                                           board); ``formats`` show each run
§12.3 one eligible player: the pot whole   ``showdown._divide_by_board``, ``_uncontested``
§12.4 either board (Ultimate Big O)        ``evaluate.best_over_boards``, one ``showdown._divide_pot``
§12.5 validating several boards            ``deal._check_boards``
§13 rake off each pot before dividing      ``deal.Deal.rake``, ``deal._check_rake``, ``showdown._raked``
§13 a site's rake, printed or not          ``histories.summary.rake_by_pot`` (built minus printed pots),
                                           ``histories.summary.derived_rake`` (what was put in, not paid)
§14.1 blinds and order                     ``betting.replay.Replay.start_betting``, ``check_actor``
§14.2 fixed limit                          ``betting.replay.Replay.check_size``, ``limit_size``;
                                           ``betting.limits``
§14.3-14.4 pot limit, no limit             ``betting.replay.Replay.check_size``; ``betting.limits``;
                                           ``betting.turn.next_turn``
§14.5 all in for less does not reopen      ``betting.replay.Replay.raise_to``, ``reopened``
§14 a round nobody can continue ends       ``betting.replay.Replay.close_if_nobody_can_act``
§14.6 stud: bring-in, highest showing      ``betting.stud.lowest_up``, ``highest_showing``;
                                           ``betting.replay.Replay.bring_in``, ``check_bring_in``,
                                           ``check_high_showing``, ``street_now``
§14.7 showdown; mucked hands dead (§7)     ``betting.replay.Replay.show``, ``betting.replay._finish``
equity: every runout settled as a          ``equity.equity`` (exact or sampled), ``equity.runouts.Tally``
showdown (§3-§5 per runout)                (pots per runout), ``equity.vector`` (numpy, winners of
                                           all runouts at once, checked against ``settle``)
=======================================  ==========================================================

The Python API (``__all__``, from ``hilo_cli.api``, imported when first used; docs/python.md).
"""

from __future__ import annotations

TYPE_CHECKING = (
    False  # typing.TYPE_CHECKING without importing typing: ``import hilo_cli`` stays cheap
)

__version__ = "0.1.0"

__all__ = [
    "CardError",
    "Deal",
    "DealError",
    "HiloError",
    "InputError",
    "Player",
    "Settlement",
    "__version__",
    "check_history",
    "equity_record",
    "limits",
    "settle",
    "settle_record",
    "settle_records",
    "settlement_dict",
]

if TYPE_CHECKING:
    from hilo_cli.api import (
        CardError,
        Deal,
        DealError,
        HiloError,
        InputError,
        Player,
        Settlement,
        check_history,
        equity_record,
        limits,
        settle,
        settle_record,
        settle_records,
        settlement_dict,
    )
else:
    # Out of a type checker's sight: it knows each name by its import above, so that a misspelt one
    # (hilo_cli.settle_recrod) is an error, not Any.

    def __getattr__(name: str) -> object:
        """The API's names, imported on first use: ``import hilo_cli`` (which every ``hilo`` command
        does, for the version) stays as cheap as the version alone."""
        if name in __all__:
            import importlib

            value = getattr(importlib.import_module("hilo_cli.api"), name)
            globals()[name] = value
            return value
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
