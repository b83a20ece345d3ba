"""Equity when the hands are not all known: ranges (``ranges.py``), cards not seen (``??``,
``random``) and stud's cards to come, on whole arrays (``rows.py``).

Each live player holds one hand of their choices (a range's hands, or the one hand shown so far),
and may have cards still to come. Every deal is equally likely: every tuple of one choice per player
with no card twice and none seen (the board, the dead cards, every hand shown: card removal between
ranges included), then every way to deal the cards still to come (the board's, then each hand's) from
the cards left. That is what "every combination consistent with the known cards equally likely" means;
a sampled run draws the same deals uniformly (a tuple of choices by rejection, then the cards to come).

Each deal is settled as ``equity``'s whole-array path settles a runout: the hands' values on every
row (``rows.RowEvaluator``), counted by pattern (who wins each half of each pot), one ``settle`` per
new pattern for its chips (and held to its winners); under the suit odd-chip rule a pattern with
leftover units in a tied half is settled deal by deal (RULES §4.6). Exact while the work (deals times
hands times selections) is at most ``EXACT_WORK``, sampled otherwise (a count, never a clock).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from math import ceil
from typing import NamedTuple

import numpy as np

from hilo_cli.bounds import MAX_SAMPLES, within
from hilo_cli.cards import DECK, Card
from hilo_cli.deal import Deal
from hilo_cli.equity import Equity, Progress, RangeInfo, answer, vector
from hilo_cli.equity import ranges as ranges_
from hilo_cli.equity.completions import check_partial
from hilo_cli.equity.rows import (
    RowEvaluator,
    completions,
    cross,
    every_to_come,
    free_cards,
    masks_of,
    sample_to_come,
)
from hilo_cli.equity.runouts import Setup, Tally, prepare
from hilo_cli.errors import DealError

EXACT_WORK = 150_000_000
"""The most five-card selections an exact run evaluates by default (deals x live hands x each hand's
selections): about two seconds of one core; more, and the run samples ``RANGE_SAMPLES`` deals."""
RANGE_SAMPLES = 200_000
"""Deals sampled instead of an exact run over ``EXACT_WORK``: a standard error of about 0.1% of the
pot for most spots."""
MAX_TUPLES = 20_000_000
"""The most tuples of choices an exact run lists (memory)."""


class Hand(NamedTuple):
    """A live player's hand: the hands they may hold now (rows of card numbers; one row if known),
    and how many cards are still to come to it."""

    choices: vector.Array
    to_come: int


def ranged(
    deal: Deal,
    dead: tuple[Card, ...],
    ranges: Mapping[str, ranges_.Range],
    samples: int | None,
    seed: int | None,
    exact: bool,
    progress: Progress | None,
) -> Equity:
    """Equity of ``deal`` with ``ranges`` for some players (by name; their ``hole`` is empty), and
    cards not seen or still to come for others (``hole`` shorter than the game deals)."""
    game = deal.game
    _check(deal, dead, ranges)
    live = [i for i, p in enumerate(deal.players) if not p.folded]
    # Out of play for every deal: the board, the dead cards, folded hands' cards. A range's hands are
    # also those the hands shown leave.
    out = [*deal.board, *dead, *(c for p in deal.players if p.folded for c in p.hole or ())]
    seen_mask = sum(1 << c for c in out)
    shown = seen_mask | sum(1 << c for p in deal.players if not p.folded for c in p.hole or ())
    hands, info = [], []
    for i in live:
        p = deal.players[i]
        r = ranges.get(p.name)
        if r is None:
            hole = tuple(p.hole or ())
            hands.append(
                Hand(np.array([hole], np.int64).reshape(1, len(hole)), game.hole_cards - len(hole))
            )
            continue
        every = ranges_.members(r).astype(np.int64)
        left = every[(masks_of(every) & shown) == 0]
        if not len(left):
            raise DealError(
                f"player {p.name}: no hand of range {r.text!r} is left with the cards seen "
                "(board, dead cards and the hands shown)"
            )
        hands.append(Hand(left, game.hole_cards - r.cards))
        info.append(RangeInfo(p.name, r.text, len(left)))
    run = _Run(deal, dead, live, hands, seen_mask)
    total, note = _choose(run, samples, exact)
    if total is not None:
        samples = total
    tally = Tally(run.setup)
    rows = run.exact_rows() if samples is None else run.sampled_rows(samples, seed or 0)
    done = 0
    for holes, board in rows:
        run.count(tally, holes, board)
        done += holes.shape[1]
        if progress is not None:
            progress(done, run.deals if samples is None else samples)
    seed = None if samples is None else seed or 0
    result = answer(run.setup, tally, samples is None, seed, "vector", note)
    return result._replace(
        deal=deal if run.setup.money else deal._replace(pot=None), ranges=tuple(info)
    )


def _check(deal: Deal, dead: tuple[Card, ...], ranges: Mapping[str, ranges_.Range]) -> None:
    check_partial(deal, dead)
    for p in deal.players:
        if p.name in ranges and p.folded:
            raise DealError(f"player {p.name} folded: a range is for a live hand")


class _Run:
    """One run's hands, the cards they leave, and its setup (the pots, checked once)."""

    def __init__(
        self, deal: Deal, dead: tuple[Card, ...], live: list[int], hands: list[Hand], seen: int
    ) -> None:
        game = deal.game
        self.deal, self.live, self.hands, self.seen = deal, live, hands, seen
        self.choices = [masks_of(h.choices) for h in hands]
        self.parts = [game.board_cards - len(deal.board)] + [h.to_come for h in hands]
        self.left = 52 - seen.bit_count() - sum(h.choices.shape[1] for h in hands)
        if sum(self.parts) > self.left:
            raise DealError(
                f"too few cards left: {self.left} unseen cards for the {sum(self.parts)} still to come"
            )
        self.evaluator = RowEvaluator(game, deal.qualifier)
        self.board = np.array(deal.board, np.int64)
        first = self._first_tuple()
        used = seen | sum(int(c[j]) for c, j in zip(self.choices, first, strict=True))
        dealt = [c for c in range(52) if not used >> c & 1][: sum(self.parts)]
        holes, board = self._holes([h.choices[j] for h, j in zip(hands, first, strict=True)], dealt)
        whole = self.deal_of(deal, holes, board)
        setup = prepare(whole, dead, completed=True)  # every check of a showdown
        ready = deal._replace(
            pot=setup.deal.pot,
            players=tuple(
                p._replace(contributed=q.contributed)
                for p, q in zip(deal.players, setup.deal.players, strict=True)
            ),
        )
        self.setup: Setup = setup._replace(
            deal=ready, board=tuple(deal.board), to_come=self.parts[0]
        )
        self.product = 1
        for c in self.choices:
            self.product *= len(c)
        self.per_tuple = completions(self.left, self.parts)
        self.tuples: tuple[vector.Array, ...] | None = None
        if self.product <= MAX_TUPLES:
            self.tuples = cross(self.choices, seen)
            if not len(self.tuples[0]):
                raise DealError(
                    "no deal gives every player a hand of their range with no card twice"
                )
        self.deals = (
            len(self.tuples[0]) if self.tuples is not None else self.product
        ) * self.per_tuple

    def _first_tuple(self) -> list[int]:
        """One tuple of choices with no card twice (a few tries at each hand, then every tuple)."""
        picked: list[int] = []

        def search(i: int, used: int) -> bool:
            if i == len(self.choices):
                return True
            free = np.flatnonzero(self.choices[i] & used == 0)[:64]
            for j in free.tolist():
                picked.append(j)
                if search(i + 1, used | int(self.choices[i][j])):
                    return True
                picked.pop()
            return False

        if not search(0, self.seen):
            raise DealError("no deal gives every player a hand of their range with no card twice")
        return picked

    def _holes(
        self, held: list[vector.Array], dealt: list[int]
    ) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
        at = self.parts[0]
        holes = []
        for h, k in zip(held, self.parts[1:], strict=True):
            holes.append((*h.tolist(), *dealt[at : at + k]))
            at += k
        return holes, (*self.deal.board, *dealt[: self.parts[0]])

    def deal_of(self, base: Deal, holes: list[tuple[int, ...]], board: tuple[int, ...]) -> Deal:
        """``base`` with one row's cards: each live player's, and the board."""
        players = list(base.players)
        for i, hole in zip(self.live, holes, strict=True):
            players[i] = players[i]._replace(hole=tuple(DECK[c] for c in hole))
        return base._replace(board=tuple(DECK[c] for c in board), players=tuple(players))

    def _assemble(
        self, held: list[vector.Array], dealt: vector.Array
    ) -> tuple[vector.Array, vector.Array | None]:
        """Rows of whole hands (players, rows, cards) and boards (rows, 5) from each player's held
        cards (rows, c) and the cards dealt (rows, every part in turn)."""
        n = len(dealt)
        at = self.parts[0]
        holes = []
        for h, k in zip(held, self.parts[1:], strict=True):
            holes.append(np.hstack([h, dealt[:, at : at + k]]))
            at += k
        board = None
        if self.deal.game.board_cards:
            board = np.hstack(
                [np.broadcast_to(self.board, (n, len(self.board))), dealt[:, : self.parts[0]]]
            )
        return np.stack(holes), board

    def exact_rows(self) -> Iterator[tuple[vector.Array, vector.Array | None]]:
        assert self.tuples is not None
        tuples = self.tuples
        used = np.full(len(tuples[0]), self.seen, np.int64)
        for c, t in zip(self.choices, tuples, strict=True):
            used |= c[t]
        k = sum(self.parts)
        order = _arrangements(self.parts)
        step = self.evaluator.rows_at_once(len(self.hands))
        per_block = max(1, step // (self.per_tuple or 1))
        for block in range(0, len(used), per_block):
            free = free_cards(used[block : block + per_block], self.left)
            for owner, cards in every_to_come(free, k, step):
                dealt = cards[:, order].reshape(len(cards) * len(order), k)
                at = np.repeat(owner, len(order)) + block
                held = [h.choices[t[at]] for h, t in zip(self.hands, tuples, strict=True)]
                yield self._assemble(held, dealt)

    def sampled_rows(
        self, samples: int, seed: int
    ) -> Iterator[tuple[vector.Array, vector.Array | None]]:
        rng = np.random.default_rng(seed)
        k = sum(self.parts)
        step = self.evaluator.rows_at_once(len(self.hands))
        done, tried, kept = 0, 0, 0
        while done < samples:
            want = min(step, samples - done)
            rate = kept / tried if tried else 1.0
            draw = min(max(want, ceil(want / max(rate, 1e-3) * 1.1)), 8 * step)
            picks = [rng.integers(len(c), size=draw) for c in self.choices]
            used = np.full(draw, self.seen, np.int64)
            ok = np.ones(draw, bool)
            for c, j in zip(self.choices, picks, strict=True):
                m = c[j]
                ok &= (used & m) == 0
                used |= m
            tried += draw
            kept += int(ok.sum())
            if tried > 1000 * samples and not kept:
                raise DealError("the ranges almost never fit together without a card twice")
            rows = np.flatnonzero(ok)[:want]
            if not len(rows):
                continue
            dealt = sample_to_come(used[rows], k, rng)
            held = [h.choices[j[rows]] for h, j in zip(self.hands, picks, strict=True)]
            done += len(rows)
            yield self._assemble(held, dealt)

    def count(self, tally: Tally, holes: vector.Array, board: vector.Array | None) -> None:
        """Add the rows' deals to ``tally``: by pattern, one ``settle`` per new pattern."""
        values = self.evaluator.values(holes, board)
        n = len(self.hands)
        columns = []
        for group in self.setup.groups:
            members = [i for i in range(n) if group >> i & 1]
            code = vector.winners(values.highs, members)
            if values.lows is not None:
                code |= vector.winners(values.lows, members) << n
            columns.append(code)
        codes = vector.pack(columns, 2 * n)
        for _code, row, count in zip(*vector.pattern_counts(codes), strict=True):
            pattern = tuple(int(column[row]) for column in columns)
            if not tally.known(pattern):
                tally.learn(pattern, self.setup.settle(self._row_deal(holes, board, row)))
            if not tally.cards_matter(pattern):
                tally.add(pattern, count)
                continue
            for r in vector.rows_with(codes, codes[row]).tolist():
                settlement = self.setup.settle(self._row_deal(holes, board, r))
                tally.check(settlement, pattern)
                tally.add(pattern, 1, tally.shares(settlement))

    def _row_deal(self, holes: vector.Array, board: vector.Array | None, r: int) -> Deal:
        cards = [tuple(holes[i, r].tolist()) for i in range(len(self.hands))]
        return self.deal_of(
            self.setup.deal, cards, () if board is None else tuple(board[r].tolist())
        )


def _arrangements(parts: list[int]) -> vector.Array:
    """Every way to share ``sum(parts)`` dealt positions among the parts in turn (each part's positions
    in increasing order): rows of positions, the multinomial number of them."""
    k = sum(parts)

    def split(left: tuple[int, ...], rest: list[int]) -> Iterator[tuple[int, ...]]:
        if not rest:
            yield ()
            return
        for chosen in combinations(left, rest[0]):
            others = tuple(x for x in left if x not in chosen)
            for more in split(others, rest[1:]):
                yield (*chosen, *more)

    found = list(split(tuple(range(k)), [p for p in parts if p]))
    return np.array(found, np.int64).reshape(len(found), k)


def _choose(run: _Run, samples: int | None, exact: bool) -> tuple[int | None, str | None]:
    """Exact or sampled from counts alone: ``(samples, note)``, samples ``None`` for exact."""
    if samples is not None:
        if samples < 1:
            raise DealError(f"samples is {samples}: at least 1")
        within(samples, "samples", MAX_SAMPLES)
        return samples, None
    work = run.deals * len(run.hands) * run.evaluator.selections
    # A sample never deals as many deals as the exact run it would replace.
    if exact or work <= EXACT_WORK or run.deals <= RANGE_SAMPLES:
        if run.tuples is None:
            raise DealError(
                f"exact would list {run.product:,} tuples of hands, more than the "
                f"{MAX_TUPLES:,} hilo lists; sample instead"
            )
        within(run.deals, "the deals of an exact run", MAX_SAMPLES)
        return None, None
    return RANGE_SAMPLES, (
        f"exact would deal {run.deals:,} deals (hands and runouts), more than hilo deals by "
        f"default for this spot; sampling {RANGE_SAMPLES:,} instead"
    )
