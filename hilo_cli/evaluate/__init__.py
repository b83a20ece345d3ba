"""Best high and best low for every live hand: the evaluator's one door.

Layers, each file importing only those before it:

1. ``hands.py``: what a hand is: values that compare "stronger is greater" (RULES §1, §3), names, card
   order, ``HighHand``/``LowHand``/``Hands``.
2. ``tables.py``: lookups built from those values: five-rank and flush tables, each board's row, the
   best low from two masks of low ranks, and why a hand has no low (§2.4).
3. ``fast.py`` (table-driven Omaha, exactly two hole and three board cards, §2.1) and ``generic.py``
   (every legal selection: stud, the no-qualifier low, the suit odd-chip rule, where the exact cards
   of equal hands matter, §4.6). Neither calls the other.
4. Here: ``path`` is the one place that decides which of them serves a deal; ``evaluate_deal`` returns
   an ``Evaluation`` (the values settling compares, each player's ``Hands`` when a report asks).

Everything outside ``evaluate/`` comes in here, by the names in ``__all__`` (the writers name a hand
with ``high_name`` and ``CATEGORY_NAMES``), with one exception: equity's whole-array path,
``equity/vector.py``, works every runout of a deal at once with numpy and so reads the lookups
themselves: ``tables.rank_table``, ``tables.flush_table``, ``tables.PRIMES``, ``tables.TRIPLES``,
``tables.low_value`` and ``tables.low_values``, and ``hands.LOW_LIMIT`` and ``hands.low_key``. Those are
its door; nothing else reaches past this one.
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo_cli.cards import Card
from hilo_cli.evaluate import fast, generic
from hilo_cli.evaluate.hands import CATEGORY_NAMES, Hands, HighHand, LowHand, high_name, low_name
from hilo_cli.games import Game

__all__ = [
    "CATEGORY_NAMES",
    "Board",
    "Evaluation",
    "Hands",
    "HighHand",
    "LowHand",
    "best_over_boards",
    "evaluate",
    "evaluate_all",
    "evaluate_deal",
    "high_name",
    "path",
    "prepare_board",
]

Board = fast.Board
prepare_board = fast.prepare_board


NO_LOW_HALF = fast.NO_LOW_HALF


def evaluate(
    game: Game,
    hole: Sequence[Card],
    board: Sequence[Card] | Board,
    qualifier: int | None = 8,
    by_suit: bool = False,
) -> Hands:
    """Evaluate one live hand: the API for a single hand (the tests and worked examples use it);
    settling asks ``evaluate_deal`` for every hand at once.

    ``by_suit`` asks, among equal best hands, for the one holding the highest card by rank then suit:
    the cards that decide a suit-based odd chip (RULES §4.6, §9 V2).
    """
    return evaluate_all(game, [hole], board, qualifier, by_suit)[0]


def evaluate_all(
    game: Game,
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] | Board,
    qualifier: int | None = 8,
    by_suit: bool = False,
) -> list[Hands]:
    """Evaluate several live hands on one board, with their cards, preparing the board once."""
    prepared = board if isinstance(board, fast.Board) else fast.prepare_board(board, qualifier)
    return _all_hands(path(game, qualifier, by_suit, cards=True), game, holes, prepared, qualifier)


def _all_hands(
    chosen: str,
    game: Game,
    holes: Sequence[Sequence[Card]],
    prepared: Board,
    qualifier: int | None,
) -> list[Hands]:
    """Every hand with its cards, by the evaluator ``path`` chose."""
    if chosen == EVERY_SELECTION:
        return [_every_selection(game, hole, prepared.cards, qualifier) for hole in holes]
    return fast.omaha_hands(holes, prepared, qualifier if game.split else None)


VALUES, CARDS, EVERY_SELECTION = "values", "cards", "every selection"


def path(game: Game, qualifier: int | None, by_suit: bool, cards: bool) -> str:
    """Which evaluator serves a deal: the one place that decides.

    ``EVERY_SELECTION`` (``generic``) for stud, the no-qualifier low and the suit odd-chip rule, which the
    tables do not serve; otherwise the tables (``fast``): ``VALUES`` alone for settling, or ``CARDS``
    when a report shows every hand.
    """
    if game.hole_used is None or by_suit or (qualifier is None and game.split):
        return EVERY_SELECTION
    return CARDS if cards else VALUES


def _every_selection(
    game: Game, hole: Sequence[Card], board: Sequence[Card], qualifier: int | None
) -> Hands:
    high = generic.best_high(game, hole, board)
    if not game.split:
        return Hands(high, None, NO_LOW_HALF)
    return Hands(high, *generic.best_low(game, hole, board, qualifier))


class Evaluation:
    """Every live hand of one deal: ``highs[i]`` and ``lows[i]`` compare "stronger is greater" (a low
    below 0 is no low; ``lows`` is ``None`` in a high-only game); ``hands(i)`` is hand ``i`` in full."""

    __slots__ = ("_board", "_game", "_hands", "_holes", "_qualifier", "highs", "lows")

    def __init__(
        self,
        highs: list[int],
        lows: list[int] | None,
        game: Game,
        holes: Sequence[Sequence[Card]],
        board: Board,
        qualifier: int | None,
        hands: Sequence[Hands | None] | None = None,
    ) -> None:
        self.highs, self.lows = highs, lows
        self._game, self._holes, self._board, self._qualifier = game, holes, board, qualifier
        self._hands: list[Hands | None] = list(hands) if hands is not None else [None] * len(highs)

    def hands(self, i: int) -> Hands:
        """Hand ``i``: its best high and low with their cards, or why it has no low."""
        found = self._hands[i]
        if found is None:
            # Whoever asks for one hand (a report, the JSON contract) asks for them all.
            self._hands = list(evaluate_all(self._game, self._holes, self._board, self._qualifier))
            found = self._hands[i]
            assert found is not None
        return found

    def high_name(self, i: int) -> str:
        """The name of hand ``i``'s high, e.g. ``Full house, kings full of sevens``."""
        return high_name(self.highs[i])

    def low_name(self, i: int) -> str:
        """The name of hand ``i``'s low, e.g. ``8-7-4-2-A``; hand ``i`` must have one."""
        found = self._hands[i]
        if found is not None and found.low is not None:
            return found.low.name
        assert self.lows is not None and self.lows[i] >= 0
        return low_name(self.lows[i])


def evaluate_deal(
    game: Game,
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card],
    qualifier: int | None = 8,
    by_suit: bool = False,
    cards: bool = False,
) -> Evaluation:
    """Evaluate every live hand of one deal (``holes`` in listing order) on its board.

    ``cards`` asks for every hand's cards at once (a report that shows them all); otherwise only the
    values are worked out, and the cards when first asked for.
    """
    prepared = fast.prepare_board(board, qualifier)
    chosen = path(game, qualifier, by_suit, cards)
    if chosen == VALUES:
        highs, lows = fast.omaha_values(holes, prepared, qualifier if game.split else None)
        return Evaluation(highs, lows, game, holes, prepared, qualifier)
    hands = _all_hands(chosen, game, holes, prepared, qualifier)
    lows = [h.low.value if h.low is not None else -1 for h in hands] if game.split else None
    return Evaluation([h.high.value for h in hands], lows, game, holes, prepared, qualifier, hands)


def best_over_boards(evaluations: Sequence[Evaluation]) -> Evaluation:
    """Each hand's best high and best low over several boards ("either board", RULES §12.4).

    ``evaluations`` are one deal's hands on each board, made with ``cards``. Of equal values on two boards
    the player shows the greater cards from the highest down (§4.6), as among the selections of one
    board. A hand with no low on any board keeps the first board's reason.
    """
    first = evaluations[0]
    hands = []
    for i in range(len(first.highs)):
        each = [e.hands(i) for e in evaluations]
        high = max((h.high for h in each), key=_shown)
        lows = [h.low for h in each if h.low is not None]
        low = max(lows, key=_shown) if lows else None
        hands.append(Hands(high, low, None if low is not None else each[0].no_low))
    lows_values = None
    if first.lows is not None:
        lows_values = [h.low.value if h.low is not None else -1 for h in hands]
    return Evaluation(
        [h.high.value for h in hands],
        lows_values,
        first._game,
        first._holes,
        first._board,
        first._qualifier,
        hands,
    )


def _shown(hand: HighHand | LowHand) -> tuple[int, tuple[Card, ...]]:
    return hand.value, tuple(sorted(hand.cards, reverse=True))
