"""Equity with hidden hole cards: seven-card stud hi/lo (each player's known cards, 3 to 7, the rest to
come), and Omaha hands partly known or not seen at all.

Every card not seen (not on the board, in no hand shown, not dead) is equally likely to be any hidden
card: a completion deals the board's missing cards, then each live player's missing hole cards, from
the unseen cards, no card twice. Exact deals every completion (each hand's cards as a set: a board's
or a player's missing cards in any order are one completion); sampled draws them uniformly. Each
completion is a whole deal settled by ``settle`` (RULES §3-§5; stud's odd chip by suit, §4.6), counted
as ``equity``'s plain path counts runouts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from math import comb, prod

from hilo_cli.cards import DECK, Card
from hilo_cli.deal import Deal
from hilo_cli.equity import Equity, Progress, answer, choose, settle_cost, settle_deals
from hilo_cli.equity.runouts import Setup, Tally, prepare
from hilo_cli.errors import DealError


def hidden_cards(
    deal: Deal,
    dead: tuple[Card, ...],
    samples: int | None,
    seed: int | None,
    exact: bool,
    progress: Progress | None,
) -> Equity:
    """Equity of a deal with board cards and live players' hole cards still hidden (``Player.hole``
    shorter than the game deals, or ``None``: the rest unseen). Exact or sampled as ``choose`` says,
    every completion settled one at a time: the reference the whole-array path is held to."""
    setup, fill, unseen, slots = _prepared(deal, dead)
    runouts = _count(len(unseen), slots)
    samples, note = choose(runouts, runouts, settle_cost(deal, len(setup.live)), samples, exact)
    seed = None if samples is None else seed or 0
    tally = Tally(setup)
    chosen = (
        _every(unseen, slots) if samples is None else _sampled(unseen, slots, samples, seed or 0)
    )
    settle_deals(
        setup,
        tally,
        (fill(cards) for cards in chosen),
        runouts if samples is None else samples,
        progress,
    )
    result = answer(setup, tally, samples is None, seed, "plain", note)
    return result._replace(deal=deal if setup.money else deal._replace(pot=None))


def small_stud(deal: Deal, dead: tuple[Card, ...], progress: Progress | None) -> Equity | None:
    """Exact stud equity in pure Python (``small.stud_runs``) when every live hand's cards so far are
    known and its deals are few (``small.SMALL_WORK``); ``None`` otherwise (the whole-array path)."""
    from hilo_cli.equity.small import SMALL_WORK, stud_runs

    if deal.game.board_cards:
        return None
    setup, fill, unseen, slots = _prepared(deal, dead)
    # The work: each hand evaluated once per set of cards it may get (21 selections each), then each
    # deal's pattern from those values (about five selections' worth of work a hand).
    deals = _count(len(unseen), slots)
    each = sum(comb(len(unseen), k) for k in slots[1:]) * comb(deal.game.hole_cards, 5)
    if each + deals * len(setup.live) * 5 > SMALL_WORK:
        return None
    tally = Tally(setup)
    stud_runs(setup, tally, unseen, slots[1:], fill, progress)
    result = answer(setup, tally, True, None, "small", None)
    return result._replace(deal=deal if setup.money else deal._replace(pot=None))


def check_partial(deal: Deal, dead: tuple[Card, ...]) -> list[Card]:
    """The cards seen of a deal whose hands and board may be partial (hidden cards, ranges): none more
    than its game deals, none twice among the board, the hole cards and ``dead``."""
    game = deal.game
    if len(deal.board) > game.board_cards:
        raise DealError(
            f"the board has {len(deal.board)} cards; {game.name} deals {game.board_cards}"
        )
    for p in deal.players:
        if p.hole is not None and len(p.hole) > game.hole_cards:
            raise DealError(
                f"player {p.name} has {len(p.hole)} hole cards; {game.name} deals {game.hole_cards}"
            )
    seen = [*deal.board, *dead, *(c for p in deal.players for c in p.hole or ())]
    if len(set(seen)) != len(seen):
        twice = next(c for i, c in enumerate(seen) if c in seen[:i])
        raise DealError(f"{twice} is given twice (board, hole cards and dead cards)")
    return seen


def _prepared(
    deal: Deal, dead: tuple[Card, ...]
) -> tuple[Setup, _Filler, tuple[Card, ...], list[int]]:
    """A deal with hidden cards checked (every check of a showdown), its setup, the filler of a
    completion, the unseen cards and the cards each slot takes (the board, then each live hand)."""
    game = deal.game
    seen = check_partial(deal, dead)
    unseen = tuple(c for c in DECK if c not in set(seen))
    slots = [
        game.board_cards - len(deal.board)
    ]  # the board first, then each live player's hidden cards
    hidden = [i for i, p in enumerate(deal.players) if not p.folded]
    slots += [game.hole_cards - len(deal.players[i].hole or ()) for i in hidden]
    if sum(slots) > len(unseen):
        raise DealError(
            f"too few cards left: {len(unseen)} unseen cards for the {sum(slots)} hidden ones"
        )
    fill = _Filler(deal, hidden, slots)
    setup = prepare(fill(unseen[: sum(slots)]), dead, completed=True)  # every check of a showdown
    setup = setup._replace(
        deal=_ready(deal, setup), board=tuple(deal.board), unknown=unseen, to_come=slots[0]
    )
    fill.deal = setup.deal  # with its pot: the no-money pot when no money was given
    return setup, fill, unseen, slots


class _Filler:
    """A completion's cards (the board's missing cards, then each hidden hand's, in ``slots`` order) as
    the whole deal."""

    def __init__(self, deal: Deal, hidden: list[int], slots: list[int]) -> None:
        self.deal, self.hidden, self.slots = deal, hidden, slots

    def __call__(self, cards: Sequence[Card]) -> Deal:
        deal = self.deal
        at = self.slots[0]
        players = list(deal.players)
        for i, k in zip(self.hidden, self.slots[1:], strict=True):
            p = players[i]
            players[i] = p._replace(hole=(*(p.hole or ()), *cards[at : at + k]))
            at += k
        return deal._replace(board=(*deal.board, *cards[: self.slots[0]]), players=tuple(players))


def _ready(deal: Deal, setup: Setup) -> Deal:
    """The deal every completion is settled from: ``setup``'s pot (the no-money pot when no money)."""
    return deal._replace(
        pot=setup.deal.pot,
        players=tuple(
            p._replace(contributed=q.contributed)
            for p, q in zip(deal.players, setup.deal.players, strict=True)
        ),
    )


def _count(unseen: int, slots: list[int]) -> int:
    """Completions: each slot's cards as a set from what the slots before it left."""
    left = unseen
    counts = []
    for k in slots:
        counts.append(comb(left, k))
        left -= k
    return prod(counts)


def _every(unseen: Sequence[Card], slots: list[int]) -> Iterator[tuple[Card, ...]]:
    """Every completion, in order: the board's cards as a combination, then each hand's of what is left."""
    from itertools import combinations

    if not slots:
        yield ()
        return
    for cards in combinations(unseen, slots[0]):
        rest = [c for c in unseen if c not in cards]
        for more in _every(rest, slots[1:]):
            yield (*cards, *more)


def _sampled(
    unseen: Sequence[Card], slots: list[int], samples: int, seed: int
) -> Iterator[tuple[Card, ...]]:
    """``samples`` completions drawn uniformly (the same seed, the same completions)."""
    rng = random.Random(seed)
    need = sum(slots)
    pool = list(unseen)
    for _ in range(samples):
        yield tuple(rng.sample(pool, need))
