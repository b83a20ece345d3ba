"""Hand values, names and canonical card order for both halves.

Values compare "stronger is greater" in both halves, so ``max()`` picks the winner either way.

High (RULES §1): ``category << 20`` plus up to five 4-bit ranks in comparison order: the ranks by
group size (quads, trips, pairs, singles), then by rank. Straights carry only their top card, and the
wheel A-2-3-4-5 has top card 5 (§1.3). Suits never count (§1.4).

Low (RULES §3): ace-to-five. The ace counts 1, straights and flushes are ignored (§3.2), and the hand
is compared from its highest card down (§3.3). With a qualifier (8 or 9) only five different ranks
each at or below it qualify (§3.1); with no qualifier (§3.6) pairs are allowed but rank below every
unpaired hand, as in ace-to-five lowball.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, NamedTuple, cast

from hilo_cli.cards import ACE, RANK_CHARS, RANK_NAMES, Card

HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)
_SINGULAR = {r: n[:-1] if not n.endswith("xes") else n[:-2] for r, n in RANK_NAMES.items()}
LOW_LIMIT = 1 << 24


class _Hand:
    """Five cards and a comparable value; the canonical card order is worked out when first asked for,
    since a file of many deals often needs only the values. Treat instances as immutable."""

    __slots__ = ("_cards", "_raw", "value")

    def __init__(self, value: int, cards: Sequence[Card]) -> None:
        self.value = value
        self._raw: Any = cards  # a subclass may keep what it needs to pick the cards later
        self._cards: tuple[Card, ...] | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        if self._cards is None:
            self._cards = self._order()
        return self._cards

    def _order(self) -> tuple[Card, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and (self.value, self.cards) == (other.value, other.cards)

    def __hash__(self) -> int:
        return hash((self.value, self.cards))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.value}, {' '.join(map(str, self.cards))})"


class HighHand(_Hand):
    """A five-card high hand: its comparable ``value`` and its cards in canonical order."""

    __slots__ = ()

    def _order(self) -> tuple[Card, ...]:
        # high_order, written in: every hand a report shows comes through here.
        arrange = _ARRANGE.get(self.value)
        if arrange is None:
            return high_order(self._raw, self.value)
        return arrange(sorted(self._raw, reverse=True))

    @property
    def category(self) -> str:
        """The category, e.g. ``Three of a kind`` (RULES §1.1)."""
        return CATEGORY_NAMES[self.value >> 20]

    @property
    def name(self) -> str:
        """A floor person's name for the hand, e.g. ``Four of a kind, kings``."""
        return high_name(self.value)


class LowHand(_Hand):
    """A five-card low hand: its comparable ``value`` and its cards, highest first (ace last)."""

    __slots__ = ()

    def _order(self) -> tuple[Card, ...]:
        return low_order(self._raw)

    @property
    def name(self) -> str:
        """The low as a floor person says it, e.g. ``8-7-4-2-A``."""
        name = _LOW_NAMES.get(self.value)
        if name is None:
            name = _LOW_NAMES[self.value] = "-".join(low_rank_text(c.low_rank) for c in self.cards)
        return name


_LOW_NAMES: dict[int, str] = {}


def low_name(value: int) -> str:
    """Name a low of five different ranks from its value alone, e.g. ``8-7-4-2-A``."""
    name = _LOW_NAMES.get(value)
    if name is None:
        key = LOW_LIMIT - value
        assert key < 1 << 20, "a low with a pair is named from its cards"
        name = _LOW_NAMES[value] = "-".join(
            low_rank_text(key >> shift & 15) for shift in (16, 12, 8, 4, 0)
        )
    return name


class Hands(NamedTuple):
    """One player's best high, best low, and if there is no low, why not."""

    high: HighHand
    low: LowHand | None
    no_low: str | None


def low_rank_text(rank: int) -> str:
    return "A" if rank in (1, ACE) else RANK_CHARS[rank - 2]


def _straight_top(distinct_desc: Sequence[int]) -> int:
    """The top card of a straight made by five distinct ranks, or 0 (the wheel's top card is 5)."""
    if len(distinct_desc) != 5:
        return 0
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if list(distinct_desc) == [ACE, 5, 4, 3, 2]:
        return 5
    return 0


def rank_value(ranks: Sequence[int], flush: bool) -> int:
    """The high value of five ranks (2..14), flush or not."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    top = _straight_top(order) if len(order) == 5 else 0
    if top:
        return ((STRAIGHT_FLUSH if flush else STRAIGHT) << 20) | (top << 16)
    if flush:
        category = FLUSH
    elif shape[0] == 4:
        category = QUADS
    elif shape[:2] == [3, 2]:
        category = FULL_HOUSE
    elif shape[0] == 3:
        category = TRIPS
    elif shape[:2] == [2, 2]:
        category = TWO_PAIR
    elif shape[0] == 2:
        category = ONE_PAIR
    else:
        category = HIGH_CARD
    value = category
    for r in order:
        value = (value << 4) | r
    return value << 4 * (5 - len(order))


def high_value(cards: Sequence[Card]) -> int:
    """The high value of five given cards (RULES §1): public, for whoever holds exactly five cards (the
    tests compare it with the reference evaluator); settling goes through the tables instead."""
    suits = {c.suit for c in cards}
    return rank_value([c.rank for c in cards], len(suits) == 1)


def high_order(cards: Sequence[Card], value: int) -> tuple[Card, ...]:
    """Five cards in canonical order: by group size, then rank, then suit; a wheel as 5-4-3-2-A.

    The value fixes the ranks, so it also fixes where each card of the rank-then-suit order goes: that
    rearrangement is worked out once per value and kept.
    """
    ordered = sorted(cards, reverse=True)  # card numbers sort by rank, then suit
    arrange = _ARRANGE.get(value)
    if arrange is None:
        arrange = _ARRANGE[value] = cast(
            Callable[[list[Card]], tuple[Card, ...]], itemgetter(*_arrangement(ordered, value))
        )
    return arrange(ordered)


_ARRANGE: dict[int, Callable[[list[Card]], tuple[Card, ...]]] = {}


def _arrangement(ordered: Sequence[Card], value: int) -> list[int]:
    """Positions in rank-then-suit order, listed in canonical order, for hands of this value."""
    positions = list(range(5))
    category = value >> 20
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        return positions[1:] + positions[:1] if (value >> 16) & 15 == 5 else positions
    ranks = [c >> 2 for c in ordered]
    # Larger groups first; within a group size the rank-then-suit order stands (a stable sort).
    return sorted(positions, key=lambda i: ranks.count(ranks[i]), reverse=True)


def high_name(value: int) -> str:
    """Name a high value, e.g. ``Full house, kings full of sevens``."""
    name = _HIGH_NAMES.get(value)
    if name is None:
        name = _HIGH_NAMES[value] = _high_name(value)
    return name


_HIGH_NAMES: dict[int, str] = {}


def _high_name(value: int) -> str:
    category = value >> 20
    ranks = [(value >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    label = CATEGORY_NAMES[category]
    plural = RANK_NAMES
    if category in (STRAIGHT, STRAIGHT_FLUSH, FLUSH):
        return f"{label}, {_SINGULAR[ranks[0]]} high"
    if category in (QUADS, TRIPS, ONE_PAIR):
        return f"{label}, {plural[ranks[0]]}"
    if category == FULL_HOUSE:
        return f"{label}, {plural[ranks[0]]} full of {plural[ranks[1]]}"
    if category == TWO_PAIR:
        return f"{label}, {plural[ranks[0]]} and {plural[ranks[1]]}"
    return f"{label}, {_SINGULAR[ranks[0]]}"


def low_key(low_ranks: Sequence[int]) -> int:
    """Ace-to-five order of five ranks (ace 1): smaller is better; pairs rank below no pair."""
    counts = Counter(low_ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    # Categories by the shape of the groups only: no pair, pair, two pair, trips, full house, quads.
    category = {1: 0, 2: 1 if shape[1:2] != [2] else 2, 3: 3 if shape[1:2] != [2] else 4, 4: 5}[
        shape[0]
    ]
    key = category
    for r in order:
        key = (key << 4) | r
    return key << 4 * (5 - len(order))


def low_value(cards: Sequence[Card], qualifier: int | None) -> int | None:
    """The low value of five cards (stronger is greater), or ``None`` if they do not qualify (§3.1)."""
    ranks = [c.low_rank for c in cards]
    if qualifier is not None and (len(set(ranks)) != 5 or max(ranks) > qualifier):
        return None
    return LOW_LIMIT - low_key(ranks)


def low_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Low cards highest first (the ace last), then by suit."""
    return tuple(sorted(cards, key=_LOW_ORDER.__getitem__, reverse=True))


# Card number with the aces moved below the twos: the order of cards in a low.
_LOW_ORDER = tuple((c + 4) % 52 for c in range(52))
