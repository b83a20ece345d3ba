"""Small exact runs in pure Python: a spot that enumerates in milliseconds never imports numpy.

The whole-array path pays numpy's import and its tables before its first runout (about a tenth of a
second); a turn, most flops and a stud hand on sixth street have a few dozen to a few tens of thousands
of runouts. Here each runout's hands are evaluated by the same evaluator ``settle`` uses
(``evaluate.evaluate_deal``), a runout is counted by its pattern (who wins each half of each pot, as
on the whole-array path), and one runout of each pattern is settled by ``settle`` for the pattern's
chips (and held to its winners). Under the suit odd-chip rule a pattern whose chips depend on the cards
(RULES §4.6) has each of its runouts settled.

* ``board_runs``: the Omaha games, every runout of the board.
* ``stud_runs``: stud, every way to deal each hand its cards to come; each hand's values depend on its
  own cards only, so each hand is evaluated once per set of cards it may receive, then the deals are
  counted by the patterns those values make.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, product

from hilo_cli.cards import Card
from hilo_cli.deal import Deal, Player
from hilo_cli.equity.runouts import Setup, Tally
from hilo_cli.evaluate import evaluate_deal

Progress = Callable[[int, int], None]
SMALL_WORK = 1_000_000
"""The most hand selections a pure-Python exact run evaluates (runouts x live hands x selections of
a hand: 60 for Omaha, 100 for Big O, 21 for stud): about a tenth of a second of one core, what
numpy's import costs. A count, never a clock."""


def _patterns(
    highs: Sequence[int], lows: Sequence[int] | None, members: list[list[int]], n: int
) -> tuple[int, ...]:
    """A runout's pattern: for each group of players, those with the best high and (shifted by ``n``)
    those with the best qualifying low (none: 0)."""
    out = []
    for group in members:
        best = max(highs[i] for i in group)
        code = 0
        for i in group:
            if highs[i] == best:
                code |= 1 << i
        if lows is not None:
            top = max(lows[i] for i in group)
            if top >= 0:
                for i in group:
                    if lows[i] == top:
                        code |= 1 << (i + n)
        out.append(code)
    return tuple(out)


def _members(setup: Setup) -> list[list[int]]:
    n = len(setup.live)
    return [[i for i in range(n) if group >> i & 1] for group in setup.groups]


def _count(
    setup: Setup,
    tally: Tally,
    counts: dict[tuple[int, ...], int],
    first: dict[tuple[int, ...], Deal],
    again: Callable[[], Iterable[tuple[tuple[int, ...], Deal]]],
) -> None:
    """Settle one deal of each pattern for its chips and count the pattern; a pattern whose chips
    depend on the cards (the suit rule) has each of its deals settled (``again`` deals them anew)."""
    exact: set[tuple[int, ...]] = set()
    for pattern, count in counts.items():
        tally.learn(pattern, setup.settle(first[pattern]))
        if tally.cards_matter(pattern):
            exact.add(pattern)
        else:
            tally.add(pattern, count)
    if exact:
        for pattern, deal in again():
            if pattern in exact:
                settlement = setup.settle(deal)
                tally.check(settlement, pattern)
                tally.add(pattern, 1, tally.shares(settlement))


def board_runs(setup: Setup, tally: Tally, progress: Progress | None) -> None:
    """Every runout of an Omaha board, counted by pattern."""
    deal = setup.deal
    game, qualifier = deal.game, deal.qualifier
    holes = [deal.players[i].hole or () for i in setup.live]
    members, n = _members(setup), len(setup.live)

    def each() -> Iterator[tuple[tuple[int, ...], Deal]]:
        for runout in combinations(setup.unknown, setup.to_come):
            board = setup.board + runout
            ev = evaluate_deal(game, holes, board, qualifier)
            yield _patterns(ev.highs, ev.lows, members, n), setup.full(runout)

    counts: dict[tuple[int, ...], int] = {}
    first: dict[tuple[int, ...], tuple[Card, ...]] = {}
    known: dict[tuple[int, ...], tuple[int, ...]] = {}  # the hands' values -> their pattern
    for runout in combinations(setup.unknown, setup.to_come):
        ev = evaluate_deal(game, holes, setup.board + runout, qualifier)
        values = (*ev.highs, *(ev.lows or ()))
        pattern = known.get(values)
        if pattern is None:
            pattern = known[values] = _patterns(ev.highs, ev.lows, members, n)
        if pattern in counts:
            counts[pattern] += 1
        else:
            counts[pattern] = 1
            first[pattern] = runout
    _count(setup, tally, counts, {p: setup.full(r) for p, r in first.items()}, each)
    if progress is not None:
        progress(setup.runouts, setup.runouts)


def stud_runs(
    setup: Setup,
    tally: Tally,
    unseen: Sequence[Card],
    to_come: Sequence[int],
    fill: Callable[[Sequence[Card]], Deal],
    progress: Progress | None,
) -> int:
    """Every way to deal each live stud hand its ``to_come`` cards from ``unseen`` (no card twice),
    counted by pattern; ``fill`` makes the whole deal of one dealing (the hands' new cards in turn).
    Returns the number of deals.

    Each hand's values depend on its own cards only: each hand is evaluated once per set of cards it
    may get, the sets with equal values share a class, and a deal is counted by its hands' classes
    (one dictionary step a deal); each tuple of classes then gives its pattern."""
    deal = setup.deal
    live = [deal.players[i] for i in setup.live]
    members, n = _members(setup), len(live)
    options, values = _stud_classes(deal, live, unseen, to_come)
    counts, first = _by_classes(options)
    split = deal.game.split

    def pattern_of(key: tuple[int, ...]) -> tuple[int, ...]:
        highs = [values[i][c][0] for i, c in enumerate(key)]
        lows = [values[i][c][1] for i, c in enumerate(key)] if split else None
        return _patterns(highs, lows, members, n)

    def whole(dealt: tuple[Option, ...]) -> Deal:
        return fill([c for _, _, cards in dealt for c in cards])

    by_pattern: dict[tuple[int, ...], int] = {}
    exemplar: dict[tuple[int, ...], Deal] = {}
    for key, count in counts.items():
        pattern = pattern_of(key)
        by_pattern[pattern] = by_pattern.get(pattern, 0) + count
        if pattern not in exemplar:
            exemplar[pattern] = whole(first[key])

    def each() -> Iterator[tuple[tuple[int, ...], Deal]]:
        for dealt in product(*options):
            masks = [mask for mask, _, _ in dealt]
            if sum(masks) == _union(masks):
                yield pattern_of(tuple(c for _, c, _ in dealt)), whole(dealt)

    _count(setup, tally, by_pattern, exemplar, each)
    total = sum(counts.values())
    if progress is not None:
        progress(total, total)
    return total


Option = tuple[int, int, tuple[Card, ...]]
"""One set of cards a stud hand may get: their mask, the class of the hand's values with them, the
cards."""


def _stud_classes(
    deal: Deal, live: Sequence[Player], unseen: Sequence[Card], to_come: Sequence[int]
) -> tuple[list[list[Option]], list[list[tuple[int, int]]]]:
    """Each live hand's options (every set of ``to_come`` cards of ``unseen``, with the class of its
    values), and each hand's classes as (high, low) values (-1: no low)."""
    options: list[list[Option]] = []
    values: list[list[tuple[int, int]]] = []
    for p, k in zip(live, to_come, strict=True):
        found: list[Option] = []
        classes: dict[tuple[int, int], int] = {}
        for cards in combinations(unseen, k):
            ev = evaluate_deal(deal.game, [(*(p.hole or ()), *cards)], (), deal.qualifier)
            value = (ev.highs[0], ev.lows[0] if ev.lows is not None else -1)
            found.append(
                (sum(1 << c for c in cards), classes.setdefault(value, len(classes)), cards)
            )
        options.append(found)
        values.append(list(classes))
    return options, values


def _by_classes(
    options: list[list[Option]],
) -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], tuple[Option, ...]]]:
    """Every dealing of one option per hand with no card twice, counted by the hands' classes, with
    the first dealing of each tuple of classes."""
    counts: dict[tuple[int, ...], int] = {}
    first: dict[tuple[int, ...], tuple[Option, ...]] = {}
    for dealt in product(*options):
        used = 0
        for mask, _, _ in dealt:
            if used & mask:
                break
            used |= mask
        else:
            key = tuple([c for _, c, _ in dealt])
            if key in counts:
                counts[key] += 1
            else:
                counts[key] = 1
                first[key] = dealt
    return counts, first


def _union(masks: Sequence[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out
