"""Equity: each live player's expected share of the pots while board cards are still to come.

``equity(deal, dead)`` deals every remaining board (or ``samples`` of them) and settles each runout
exactly as a showdown is settled (``showdown.settle``: halves, ties, quarters, scoops, no low, side pots,
odd chips; RULES §3.5, §4, §5), so the expected chips are exact fractions of whole chips. Two ways to
the same numbers:

* ``vector``: every runout's hand values at once with numpy (``vector.py``, the Omaha games with a
  qualifier or high only). Runouts are counted by their pattern (who wins each half of each pot), and
  one runout of each pattern is settled by ``settle`` for the pattern's chips; under the suit odd-chip
  rule (§4.6) a pattern with leftover units in a tied half is divided further by the order of its
  tied winners' shown cards, worked out on the whole arrays too (``suit.py``).
* ``plain``: ``settle`` on every runout: the reference the vectorised path is held to, and the quicker
  way for a small exact run (a turn, most flops), which then never imports numpy.

Exact or sampled is decided from counts alone (``choose``: the runouts, and the work of those settled
one at a time; the vectorised path settles none so, and is exact), never a clock, so one spot gives the
same answer on every machine. Several boards (RULES §12) are in ``boards.py`` (each board its share,
§12.2) and ``either.py`` (the best over the boards, §12.4); stud and hands with hidden cards (``??``,
``random``) in ``completions.py``; a batch record that asks for equity in ``records.py``.

Equity is a player's expected chips over everything in the pots (returned uncalled chips, §5.3, are
no one's to win); with no money given it is the plain share of one pot. Sampling reports the standard
error of every figure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt
from typing import TYPE_CHECKING, NamedTuple

from hilo_cli.bounds import MAX_SAMPLES, within
from hilo_cli.cards import DECK, Card
from hilo_cli.deal import Deal
from hilo_cli.equity.runouts import NO_MONEY_POT, Setup, Tally, prepare
from hilo_cli.equity.suit import settle_by_cards
from hilo_cli.errors import DealError
from hilo_cli.evaluate import evaluate_deal
from hilo_cli.games import Game

if TYPE_CHECKING:
    from hilo_cli.equity import vector
    from hilo_cli.equity.ranges import Range

__all__ = [
    "NO_MONEY_POT",
    "SETTLE_BUDGET",
    "SLOW_SAMPLES",
    "SUIT_COST",
    "Choice",
    "Equity",
    "PlayerEquity",
    "PotEquity",
    "RangeInfo",
    "choose",
    "equity",
    "prepare",
    "settle_cost",
]

SETTLE_BUDGET = 40_000_000
"""The most work an exact run does by settling runouts one at a time, in hand selections compared
(``settle_cost`` per settle): about ten seconds of one core (a settle compares four to nine million
selections a second). A count, never a clock, so a spot gets the same answer on every machine."""
SUIT_COST = 10
"""How much more a settle costs under the suit odd-chip rule (RULES §4.6), which works out the cards
of every tied hand: measured, 8 to 12 times."""
SLOW_SAMPLES = 10_000
"""Runouts sampled instead of an exact run over ``SETTLE_BUDGET`` (never more than exact deals)."""
CHUNK = 1 << 15
"""Runouts evaluated at once on the whole-array path: its temporaries (a few arrays of this many rows a
player) are what ``hilo check --all-in`` holds at its peak, and a larger chunk is no faster."""

Progress = Callable[[int, int], None]


class PlayerEquity(NamedTuple):
    """One live player's figures. Chances are fractions of the runouts; the low ones are ``None`` in a
    high-only game. ``se`` (sampled runs) holds the standard error of each figure by field name."""

    name: str
    equity: Fraction
    expected_chips: Fraction | None
    scoop: Fraction | None
    high_win: Fraction | None
    high_tie: Fraction | None
    low_win: Fraction | None
    low_tie: Fraction | None
    quartered: Fraction | None
    se: dict[str, float] | None


class PotEquity(NamedTuple):
    """One pot: its chips, who may win it, and each eligible player's expected chips from it."""

    name: str
    amount: int
    eligible: tuple[str, ...]
    expected_chips: dict[str, Fraction]
    se: dict[str, float] | None


class Equity(NamedTuple):
    """The whole answer. ``runouts`` is the number of boards enumerated (exact) or sampled; ``method``
    is ``vector`` or ``plain``; ``note`` says why a run sampled when exact was asked for by default."""

    deal: Deal
    dead: tuple[Card, ...]
    exact: bool
    runouts: int
    seed: int | None
    players: tuple[PlayerEquity, ...]
    pots: tuple[PotEquity, ...]
    returned: dict[str, int]
    no_low: Fraction | None
    no_low_se: float | None
    money: bool
    method: str
    note: str | None
    boards: tuple[Equity, ...] = ()
    """Several boards (RULES §12): each board's run, its chances and each player's expected chips from
    that board's shares; then the chances of the whole are ``None``."""
    ranges: tuple[RangeInfo, ...] = ()
    """The players given a range (``equity.ranges``): each range as written and its hands left."""


class RangeInfo(NamedTuple):
    """A player's range as written, and how many of its hands the cards seen leave (the board, the
    dead cards, the hands shown; other ranges share cards with it deal by deal)."""

    name: str
    text: str
    combinations: int


def method_for(deal: Deal, runouts: int, samples: int | None, live: int = 2) -> str:
    """``small`` for an exact run whose hand selections (runouts x live hands x a hand's selections)
    are at most ``small.SMALL_WORK``: evaluated in pure Python, one settle per pattern, without
    numpy's import; ``vector`` otherwise (numpy, every runout at once). Sampled runs always take
    ``vector``, so a seed draws the same runouts whatever the deal. (``plain``, settle on every runout,
    is the reference, run when asked for.)"""
    from hilo_cli.equity.small import SMALL_WORK

    # No qualifier: ``settle``'s evaluator searches every selection for the low, ten times the work.
    slow = 10 if deal.game.split and deal.qualifier is None else 1
    if samples is None and runouts * live * selections(deal.game) * slow <= SMALL_WORK:
        return "small"
    return "vector"


def selections(game: Game) -> int:
    """The five-card selections of one hand (RULES §2.1, §2.3)."""
    if game.hole_used is None:
        return comb(game.hole_cards, 5)
    return comb(game.hole_cards, game.hole_used) * comb(game.board_cards, 5 - game.hole_used)


class Choice(NamedTuple):
    """Exact or sampled, and why: ``samples`` is ``None`` for exact; ``note`` says why a run that was
    not asked to sample samples."""

    samples: int | None
    note: str | None


def settle_cost(deal: Deal, live: int) -> int:
    """The work of ``settle`` on one runout, in hand selections compared: every live hand's (RULES
    §2.3), ``SUIT_COST`` times that under the suit odd-chip rule."""
    game = deal.game
    if game.hole_used is None:
        selections = comb(game.hole_cards, 5)
    else:
        selections = comb(game.hole_cards, game.hole_used) * comb(
            game.board_cards, 5 - game.hole_used
        )
    return live * selections * (SUIT_COST if deal.odd_chip_rule == "suit" else 1)


def choose(
    runouts: int, settled: int, cost: int, samples: int | None = None, exact: bool = False
) -> Choice:
    """Exact or sampled, from counts alone: ``runouts`` the exact run deals, ``settled`` of them settled
    one at a time by ``settle`` (every runout on the plain path and of hidden hands; the vectorised
    path settles none so, the suit rule's included), ``cost`` the hand selections of one such settle.

    Asked for (``samples``, or ``exact``), that is what runs. Otherwise exact, unless its one-by-one
    settles compare more than ``SETTLE_BUDGET`` selections and it deals more than ``SLOW_SAMPLES``
    runouts: a sample never deals as many runouts as the exact run it replaces."""
    if samples is not None or exact:
        return Choice(samples, None)
    if settled * cost <= SETTLE_BUDGET or runouts <= SLOW_SAMPLES:
        return Choice(None, None)
    return Choice(
        SLOW_SAMPLES,
        f"exact would settle {settled:,} of its {runouts:,} runouts one at a time, more than "
        f"the {max(SETTLE_BUDGET // cost, 1):,} hilo settles by default for this spot; "
        f"sampling {SLOW_SAMPLES:,} instead",
    )


def equity(
    deal: Deal,
    dead: Sequence[Card] = (),
    samples: int | None = None,
    seed: int | None = None,
    exact: bool = False,
    progress: Progress | None = None,
    method: str | None = None,
    ranges: Mapping[str, Range] | None = None,
) -> Equity:
    """Every runout of ``deal``'s board (or ``samples`` of them, drawn with ``seed``), settled.

    ``deal.board`` holds the cards known (0 to 5); ``dead`` are cards out of play; ``ranges`` gives
    some live players a range (``equity.ranges``, by name; their ``hole`` empty) instead of a hand.
    Exact by default; an exact run that would take too long samples instead (``choose``, from counts
    alone, and says so in ``note``) unless ``exact``. Raises ``DealError`` for a deal that cannot be
    run out (``prepare``).
    """
    ranges = dict(ranges or {})
    if deal.boards and deal.multi_board == "either":
        from hilo_cli.equity.either import Asked, either_boards

        if ranges:
            raise DealError(
                "equity under --multi-board either takes every live hand's cards; a range is for "
                "one board or --multi-board each"
            )
        return either_boards(deal, tuple(dead), Asked(samples, seed, exact), progress)
    if deal.boards:
        from functools import partial

        from hilo_cli.equity.boards import several_boards

        return several_boards(deal, dead, samples, seed, exact, partial(equity, ranges=ranges))
    if ranges or _hidden(deal):
        return _not_all_known(deal, tuple(dead), ranges, samples, seed, exact, progress, method)
    setup = prepare(deal, tuple(dead))
    how = method or method_for(deal, setup.runouts, samples, len(setup.live))
    if samples is not None and samples < 1:
        raise DealError(f"samples is {samples}: at least 1")
    if samples is not None:
        within(samples, "samples", MAX_SAMPLES)
    cost = settle_cost(deal, len(setup.live))
    tally = Tally(setup)
    if how == "small":
        from hilo_cli.equity.small import board_runs

        board_runs(setup, tally, progress)
        return answer(setup, tally, True, None, how, None)
    if how == "plain":
        samples, note = choose(setup.runouts, setup.runouts, cost, samples, exact)
        seed = None if samples is None else seed or 0
        total = setup.runouts if samples is None else samples
        deals = (setup.full(runout) for runout in _plain_runouts(setup, samples, seed or 0))
        settle_deals(setup, tally, deals, total, progress)
        return answer(setup, tally, samples is None, seed, how, note)
    return run_arrays(setup, samples, seed, progress)


def _not_all_known(
    deal: Deal,
    dead: tuple[Card, ...],
    ranges: dict[str, Range],
    samples: int | None,
    seed: int | None,
    exact: bool,
    progress: Progress | None,
    method: str | None,
) -> Equity:
    """Ranges, cards not seen and stud: a small stud run in pure Python (``completions.small_stud``),
    the reference when asked for (``method="plain"``: ``settle`` on every completion), otherwise the
    whole-array path of ranges (``ranged``)."""
    if not ranges and method is None and samples is None:
        from hilo_cli.equity.completions import small_stud

        found = small_stud(deal, dead, progress)
        if found is not None:
            return found
    if method == "plain" and not ranges:
        from hilo_cli.equity.completions import hidden_cards

        return hidden_cards(deal, dead, samples, seed, exact, progress)
    from hilo_cli.equity.ranged import ranged

    return ranged(deal, dead, ranges, samples, seed, exact, progress)


def _hidden(deal: Deal) -> bool:
    """True for stud, and for a deal with a live hand's cards not all seen (``??``, ``random``)."""
    return deal.game.hole_used is None or any(
        not p.folded and len(p.hole or ()) < deal.game.hole_cards for p in deal.players
    )


def run_arrays(
    setup: Setup,
    samples: int | None,
    seed: int | None,
    progress: Progress | None,
    source: Source | None = None,
) -> Equity:
    """Every runout of ``setup`` (or ``samples`` of them) on the whole-array path: nothing is settled
    one runout at a time there, so it is exact by ``choose``. ``source``: the evaluator and the chunks
    of runouts, where they are not one board's (several boards under either, ``either.py``)."""
    tally = Tally(setup)
    evaluator, each = _vector(setup, tally, samples, seed or 0, progress, source)
    settle_by_cards(setup, tally, each, progress, evaluator)
    seed = None if samples is None else seed or 0
    return answer(setup, tally, samples is None, seed, "vector", None)


def _plain_runouts(setup: Setup, samples: int | None, seed: int) -> Iterator[tuple[Card, ...]]:
    if samples is None:
        return combinations(setup.unknown, setup.to_come)
    import random

    rng = random.Random(seed)
    return (tuple(rng.sample(setup.unknown, setup.to_come)) for _ in range(samples))


def settle_deals(
    setup: Setup, tally: Tally, deals: Iterator[Deal], total: int, progress: Progress | None
) -> None:
    """``settle`` on every runout (each a whole deal), one at a time: the reference the vectorised path is
    held to."""
    deal = setup.deal
    live = [deal.players[i] for i in setup.live]
    names = tuple(p.name for p in live)
    n = len(live)
    group = tuple(
        name for i, name in enumerate(names) if setup.groups[0] >> i & 1
    )  # the figures' players
    done = 0
    for full in deals:
        settlement = setup.settle(full)
        everyone = next(
            (
                pot
                for pot in settlement.pots
                if pot.eligible == group and pot.division != "uncontested"
            ),
            None,
        )
        if everyone is not None:
            high = sum(1 << names.index(w) for w in everyone.high.winners)
            low = (
                sum(1 << names.index(w) for w in everyone.low.winners)
                if everyone.low is not None
                else 0
            )
        else:
            high, low = _winners(full, setup.groups[0])
        tally.add((high | low << n,), 1, tally.shares(settlement))
        done += 1
        if progress is not None and done % 4096 == 0:
            progress(done, total)
    if progress is not None:
        progress(done, total)


def _winners(deal: Deal, group: int) -> tuple[int, int]:
    """Bit masks of the best high and best low among the live players of ``group`` (bits by live
    index; for the figures)."""
    players = [p for p in deal.players if not p.folded]
    ev = evaluate_deal(deal.game, [p.hole or () for p in players], deal.board, deal.qualifier)
    inside = [i for i in range(len(players)) if group >> i & 1]
    best = max(ev.highs[i] for i in inside)
    high = sum(1 << i for i in inside if ev.highs[i] == best)
    low = 0
    if ev.lows is not None and max(ev.lows[i] for i in inside) >= 0:
        top = max(ev.lows[i] for i in inside)
        low = sum(1 << i for i in inside if ev.lows[i] == top)
    return high, low


Each = list[tuple[tuple[int, ...], "vector.Array"]]
Source = tuple["vector.Evaluator | vector.Boards", Iterator["vector.Array"]]


def _vector(
    setup: Setup,
    tally: Tally,
    samples: int | None,
    seed: int,
    progress: Progress | None,
    source: Source | None = None,
) -> tuple[vector.Evaluator | vector.Boards, Each]:
    """Every runout's values with numpy, counted by pattern; one ``settle`` per new pattern.

    Returns the evaluator, and the runouts whose chips depend on their cards (the suit odd-chip rule
    with leftover units in a tied half, RULES §4.6), by pattern, for ``settle_by_cards``: they are not
    counted yet.
    """
    from hilo_cli.equity import vector

    deal = setup.deal
    n = len(setup.live)
    members = [[i for i in range(n) if group >> i & 1] for group in setup.groups]
    unknown = vector.as_array(setup.unknown)
    total = setup.runouts if samples is None else samples
    if source is not None:
        evaluator, chunks = source
    else:
        holes = [deal.players[i].hole or () for i in setup.live]
        evaluator = vector.Evaluator(
            holes, setup.board, setup.unknown, deal.qualifier, deal.game.split
        )
        chunks = vector.runouts(len(setup.unknown), (setup.to_come,), samples, seed, CHUNK)
    each: Each = []
    done = 0
    for rows in chunks:
        cards = unknown[rows.T]  # one row per card position: each is read as one contiguous column
        values = evaluator.values(cards)
        columns = []
        for group in members:
            code = vector.winners(values.highs, group)
            if values.lows is not None:
                code |= vector.winners(values.lows, group) << n
            columns.append(code)
        codes = vector.pack(columns, 2 * n)
        for _code, row, count in zip(*vector.pattern_counts(codes), strict=True):
            pattern = tuple(int(column[row]) for column in columns)
            if not tally.known(pattern):
                tally.learn(pattern, setup.settle(setup.full(_runout(cards, row))))
            if tally.cards_matter(pattern):
                # Kept as bytes (a card's number fits) until settle_by_cards works on them: they are
                # every such runout of the spot, held at once.
                kept = cards[:, vector.rows_with(codes, codes[row])].astype(vector.CARD_BYTE)
                each.append((pattern, kept))
            else:
                tally.add(pattern, count)
        done += len(rows)
        if progress is not None:
            progress(done, total)
    return evaluator, each


def _runout(cards: vector.Array, r: int) -> tuple[Card, ...]:
    return tuple(DECK[c] for c in cards[:, r].tolist())


def _se(total: int, total2: int, n: int, scale: int = 1) -> float:
    """The standard error of a mean over ``n`` samples from its sum and sum of squares (divided by
    ``scale``)."""
    if n < 2:
        return 0.0
    mean = total / n
    variance = max(total2 / n - mean * mean, 0.0) * n / (n - 1)
    return sqrt(variance / n) / scale


def answer(
    setup: Setup, tally: Tally, exact: bool, seed: int | None, method: str, note: str | None
) -> Equity:
    """The figures of a run from its tally: each live player's (``PlayerEquity``), each pot's
    (``PotEquity``, with money only) and the chance of no low, exact fractions of the runouts."""
    deal = setup.deal
    n = tally.runouts
    split = deal.game.split
    live = [deal.players[i].name for i in setup.live]
    players = tuple([_player(setup, tally, i, name, exact) for i, name in enumerate(live)])
    pots = []
    if setup.money:
        for p, (name, amount, eligible) in enumerate(setup.pots):
            index = [live.index(e) for e in eligible]
            expected = {live[i]: Fraction(tally.pot_chips[p][i], n) for i in index}
            pot_se = (
                None
                if exact
                else {live[i]: _se(tally.pot_chips[p][i], tally.pot_chips2[p][i], n) for i in index}
            )
            pots.append(PotEquity(name, amount, eligible, expected, pot_se))
    no_low = Fraction(tally.no_low, n) if split else None
    no_low_se = _se(tally.no_low, tally.no_low, n) if split and not exact else None
    return Equity(
        deal if setup.money else deal._replace(pot=None),
        setup.dead,
        exact,
        n,
        seed,
        players,
        tuple(pots),
        setup.returned,
        no_low,
        no_low_se,
        setup.money,
        method,
        note,
    )


_FIGURES = ("scoop", "high_win", "high_tie", "low_win", "low_tie", "quartered")


def _player(setup: Setup, tally: Tally, i: int, name: str, exact: bool) -> PlayerEquity:
    """Live player ``i``'s figures. A player in no pot (who put in nothing) has no chance of anything:
    ``None``, as the low chances are in a high-only game; a sampled run adds each figure's standard
    error."""
    n, f = tally.runouts, tally.figures
    in_pots = sum(amount for _, amount, _ in setup.pots)
    split = setup.deal.game.split
    inside = bool(setup.groups[0] >> i & 1)
    counts = {k: getattr(f, k)[i] for k in _FIGURES}
    shown = {
        k: Fraction(c, n) if inside and (split or not k.startswith(("low", "quartered"))) else None
        for k, c in counts.items()
    }
    se = None
    if not exact:
        se = {"equity": _se(f.chips[i], f.chips2[i], n, in_pots) if in_pots else 0.0}
        if setup.money:
            se["expected_chips"] = _se(f.chips[i], f.chips2[i], n)
        for k, c in counts.items():
            if shown[k] is not None:
                se[k] = _se(c, c, n)
    return PlayerEquity(
        name,
        Fraction(f.chips[i], n * in_pots) if in_pots else Fraction(0),
        Fraction(f.chips[i], n) if setup.money else None,
        shown["scoop"],
        shown["high_win"],
        shown["high_tie"],
        shown["low_win"],
        shown["low_tie"],
        shown["quartered"],
        se,
    )
