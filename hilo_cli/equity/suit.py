"""The suit odd-chip rule (RULES §4.6) on the whole-array path.

Under the suit rule the chips of a runout whose pattern (who wins each half of each pot) leaves units
over in a tied half depend on its cards too: the leftover units go to the tied winners in the order of
the cards each shows for that half, from the highest down by rank then suit (§4.6), the high hands
deciding where the same players win both halves (§4.5). Those chips are a function of the pattern and
of that order among the tied winners alone. So the runouts of such a pattern are grouped by the order
(``vector.Shown`` works out every tied hand's shown cards at once), one runout of each group is settled
by ``settle`` for the group's chips, and the group is counted with them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from hilo_cli.cards import DECK
from hilo_cli.equity.runouts import Setup, Tally
from hilo_cli.pots import clockwise_from_button

if TYPE_CHECKING:
    from hilo_cli.equity import vector

Progress = Callable[[int, int], None]


def _tied(pattern: tuple[int, ...], n: int, shift: int) -> list[int]:
    """The live players tied for one half (``shift`` 0 the high, ``n`` the low) in some pot."""
    found = 0
    for code in pattern:
        half = code >> shift & ((1 << n) - 1)
        if half & (half - 1):
            found |= half
    return [i for i in range(n) if found >> i & 1]


def settle_by_cards(
    setup: Setup,
    tally: Tally,
    each: Sequence[tuple[tuple[int, ...], vector.Array]],
    progress: Progress | None,
    evaluator: vector.Evaluator | vector.Boards,
) -> None:
    """Count the runouts whose chips depend on their cards (the suit rule with leftover units in a
    tied half), each pattern's grouped by the order of its tied winners' shown cards, one ``settle``
    per group; ``evaluator`` is the one that found the patterns."""
    from hilo_cli.equity import vector

    deal = setup.deal
    n = len(setup.live)
    live = [deal.players[i] for i in setup.live]
    turn = clockwise_from_button({p.name: p.seat for p in live}, deal.button_seat)
    after = [len(turn) - turn.index(p.name) for p in live]
    total = sum(cards.shape[1] for _, cards in each)
    done = 0
    for pattern, kept in each:
        cards = kept.astype("int64")  # the evaluator works on card numbers in int64
        values = evaluator.values(cards)
        high, low = evaluator.masks(cards, values, _tied(pattern, n, 0), _tied(pattern, n, n))
        high_order, _ = vector.order_code(high, after, cards.shape[1])
        low_order, size = vector.order_code(low, after, cards.shape[1])
        for row, count in zip(*vector.first_rows(high_order * size + low_order), strict=True):
            settlement = setup.settle(setup.full(tuple(DECK[c] for c in cards[:, row].tolist())))
            tally.check(settlement, pattern)
            tally.add(pattern, count, tally.shares(settlement))
        done += cards.shape[1]
        if progress is not None:
            progress(done, total)
