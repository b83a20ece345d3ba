"""A slow, obviously-correct reference for the rules, written from RULES.md alone.

It shares nothing with ``hilo_cli.evaluate``, ``hilo_cli.pots`` or ``hilo_cli.showdown``: it reads each
card's rank and suit from its text, enumerates every legal five-card selection (RULES §2.3: C(h,2) x
C(5,3) for the Omaha family, C(7,5) for stud), scores each selection with plain code (§1, §3) and divides
the pots with the pseudo-code of RULES §8 (side pots §5.1, odd chips §4.3-§4.6).

Keys:
* ``high_key(cards)`` is ``(category, ranks)``: greater is stronger (§1). ``category`` indexes
  ``CATEGORIES``.
* ``low_key(cards, qualifier)`` is ``(pair class, ranks highest first)`` with the ace as 1: **smaller is
  better** (ace-to-five, §3.3), or ``None`` when the five cards do not qualify (§3.1). With no qualifier
  (§3.6) pairs are allowed and rank below every unpaired low, as in ace-to-five lowball.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from hilo_cli.cards import DECK, parse_cards

CATEGORIES = (
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
RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs < diamonds < hearts < spades (RULES §4.6)

# game -> (hole cards, board cards, Omaha "exactly 2 + 3"?, low half?)  (RULES §6)
GAMES = {
    "omaha8": (4, 5, True, True),
    "omaha8-5": (5, 5, True, True),
    "omaha8-6": (6, 5, True, True),
    "courchevel8": (5, 5, True, True),
    "omaha": (4, 5, True, False),
    "omaha-5": (5, 5, True, False),
    "omaha-6": (6, 5, True, False),
    "stud8": (7, 0, False, True),
}

# Rank 2..14 and suit 0..3 of every card, read from its text, not from its integer encoding.
_RANK = {c: RANKS.index(str(c)[0]) + 2 for c in DECK}
_SUIT = {c: SUITS.index(str(c)[1]) for c in DECK}
_LOW = {c: 1 if r == 14 else r for c, r in _RANK.items()}  # ace-to-five: the ace is 1


def rank(c) -> int:
    return _RANK[c]


def suit(c) -> int:
    return _SUIT[c]


def low_rank(c) -> int:
    return _LOW[c]


def cards(text: str | Iterable[str]) -> tuple:
    return parse_cards(text)


def _groups(ranks: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes, ranks) ordered by bigger group first, then higher rank."""
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(n for _, n in groups), tuple(r for r, _ in groups)


@cache
def _high_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...]]:
    shape, order = _groups(ranks)
    top = 0
    if shape == (1, 1, 1, 1, 1):
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == (14, 5, 4, 3, 2):  # the wheel: its top card is the five (§1.3)
            top = 5
    if top and flush:
        return 8, (top,)
    if shape == (4, 1):
        return 7, order
    if shape == (3, 2):
        return 6, order
    if flush:
        return 5, order
    if top:
        return 4, (top,)
    if shape == (3, 1, 1):
        return 3, order
    if shape == (2, 2, 1):
        return 2, order
    if shape == (2, 1, 1, 1):
        return 1, order
    return 0, order


def high_key(five: Sequence) -> tuple[int, tuple[int, ...]]:
    """The high key of five cards (RULES §1); greater is stronger, suits never matter except for flushes."""
    assert len(five) == 5 and len(set(five)) == 5
    return _high(five)


def _high(five: Sequence) -> tuple[int, tuple[int, ...]]:
    ranks = tuple(sorted([_RANK[c] for c in five], reverse=True))
    return _high_key(ranks, len({_SUIT[c] for c in five}) == 1)


_PAIR_CLASSES = ((1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1))


@cache
def _low_key(lows: tuple[int, ...], qualifier: int | None) -> tuple[int, tuple[int, ...]] | None:
    if qualifier is not None:
        if len(set(lows)) != 5 or lows[0] > qualifier:
            return None
        return 0, lows
    shape, order = _groups(lows)
    return _PAIR_CLASSES.index(shape), order


def low_key(five: Sequence, qualifier: int | None = 8) -> tuple[int, tuple[int, ...]] | None:
    """The ace-to-five key of five cards (RULES §3); smaller is better; ``None`` if not qualifying."""
    assert len(five) == 5 and len(set(five)) == 5
    return _low(five, qualifier)


def _low(five: Sequence, qualifier: int | None) -> tuple[int, tuple[int, ...]] | None:
    return _low_key(tuple(sorted([_LOW[c] for c in five], reverse=True)), qualifier)


def selections(game: str, hole: Sequence, board: Sequence) -> list[tuple]:
    """Every legal five-card hand: exactly two hole cards and three board cards (§2.1), any 5 for stud."""
    omaha = GAMES[game][2]
    if not omaha:
        return list(combinations(tuple(hole) + tuple(board), 5))
    return [pair + triple for pair in combinations(hole, 2) for triple in combinations(board, 3)]


@dataclass(frozen=True)
class Best:
    """The best key and every selection that reaches it."""

    key: tuple
    hands: tuple[tuple, ...]

    @property
    def top_card(self) -> tuple[int, int]:
        """Highest (rank, suit), ace high, over the best selections: the stud odd-chip card (§4.6)."""
        return max(max((rank(c), suit(c)) for c in hand) for hand in self.hands)


def best_high(game: str, hole: Sequence, board: Sequence) -> Best:
    scored = [(_high(s), s) for s in selections(game, hole, board)]
    top = max(k for k, _ in scored)
    return Best(top, tuple(s for k, s in scored if k == top))


def best_low(game: str, hole: Sequence, board: Sequence, qualifier: int | None = 8) -> Best | None:
    scored = [(_low(s, qualifier), s) for s in selections(game, hole, board)]
    scored = [(k, s) for k, s in scored if k is not None]
    if not scored:
        return None
    top = min(k for k, _ in scored)
    return Best(top, tuple(s for k, s in scored if k == top))


def no_low_reason(game: str, hole: Sequence, board: Sequence, qualifier: int) -> str:
    """Why there is no low, as a short code: ``board``, ``hole``, ``counterfeited`` (§2.4), or ``stud``."""
    hole_lows = {low_rank(c) for c in hole if low_rank(c) <= qualifier}
    board_lows = {low_rank(c) for c in board if low_rank(c) <= qualifier}
    if not GAMES[game][2]:
        return "stud"
    if len(board_lows) < 3:
        return "board"
    if len(hole_lows) < 2:
        return "hole"
    return "counterfeited"


def canonical_high(five: Sequence) -> list:
    """§10 order: bigger group first, then higher rank, then higher suit; a wheel reads 5-4-3-2-A."""
    counts = Counter(rank(c) for c in five)
    ordered = sorted(five, key=lambda c: (counts[rank(c)], rank(c), suit(c)), reverse=True)
    if high_key(five)[0] in (4, 8) and high_key(five)[1] == (5,):
        ordered = ordered[1:] + ordered[:1]
    return ordered


def canonical_low(five: Sequence) -> list:
    """Highest low rank first, the ace last (ties of rank, possible only without a qualifier: by suit)."""
    return sorted(five, key=lambda c: (low_rank(c), suit(c)), reverse=True)


def low_name(five: Sequence) -> str:
    """A low as a floor person says it, highest first: ``8-7-4-2-A``."""
    return "-".join(
        "A" if low_rank(c) == 1 else RANKS[low_rank(c) - 2] for c in canonical_low(five)
    )


# ---------------------------------------------------------------------------------------------------
# Pots: RULES §5.1 and §8, step by step.


def side_pots(
    contributions: Sequence[tuple[str, int, bool]],
) -> tuple[list[tuple[int, list[str]]], dict[str, int]]:
    """``(name, contributed, folded)`` in seat order -> ``([(amount, eligible)], returned)`` (§5.1-§5.3)."""
    levels = sorted({c for _, c, _ in contributions if c > 0})
    layers = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for _, c, _ in contributions)
        payers = [n for n, c, _ in contributions if c >= level]
        eligible = [n for n, c, f in contributions if c >= level and not f]
        layers.append((amount, payers, eligible))
        previous = level
    returned: dict[str, int] = {}
    if layers and len(layers[-1][1]) == 1:  # an uncalled top layer goes back (§5.3)
        amount, payers, _ = layers.pop()
        returned[payers[0]] = amount
    pots: list[tuple[int, list[str]]] = []
    for amount, _, eligible in layers:
        if pots and set(pots[-1][1]) == set(eligible):  # merge equal eligibility (§5.1, §5.6)
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount, eligible))
    return pots, returned


def split(units: int, winners: Sequence[str]) -> dict[str, int]:
    """floor(n/k) each; the n mod k leftover units one each to the first winners (§4.4, §9 V3)."""
    shares = {w: units // len(winners) for w in winners}
    for w in winners[: units % len(winners)]:
        shares[w] += 1
    return shares


@dataclass
class RefPot:
    amount: int
    eligible: list[str]
    high: list[str]
    low: list[str]
    shares: dict[str, int]


def settle(deal) -> tuple[dict[str, int], list[RefPot], dict[str, int]]:
    """Settle a ``hilo_cli.deal.Deal`` by RULES §8 alone: ``(won, pots, returned)`` in chips."""
    game = deal.game.name
    split_game = GAMES[game][3]
    unit = deal.chip_unit
    live = [p for p in deal.players if not p.folded]
    highs = {p.name: best_high(game, p.hole, deal.board) for p in live if p.hole is not None}
    lows = {}
    if split_game:
        lows = {
            p.name: best_low(game, p.hole, deal.board, deal.qualifier)
            for p in live
            if p.hole is not None
        }
    if deal.pot is not None:
        pots, returned = [(deal.pot, [p.name for p in live])], {}
    else:
        pots, returned = side_pots([(p.name, p.contributed, p.folded) for p in deal.players])

    button = deal.button if deal.button is not None else deal.players[-1].seat
    seat = {p.name: p.seat for p in deal.players}
    around = max([*seat.values(), button]) + 1

    def in_order(names: list[str], half: str) -> list[str]:
        if GAMES[game][
            2
        ]:  # button games: first seat left of the button first, the button last (§4.4)
            return sorted(names, key=lambda n: (seat[n] - button - 1) % around)
        best = lows if half == "low" else highs  # stud: highest card by rank then suit (§4.6)
        return sorted(names, key=lambda n: best[n].top_card, reverse=True)

    won = {p.name: 0 for p in deal.players}
    results = []
    for amount, eligible in pots:
        units = amount // unit
        if len(highs) < 2:  # a single live hand takes everything it is eligible for (§7)
            h, lo, shares = eligible, [], {eligible[0]: units}
        else:
            top = max(highs[n].key for n in eligible)
            h = in_order([n for n in eligible if highs[n].key == top], "high")
            qualified = [n for n in eligible if lows.get(n) is not None]
            lo = []
            if qualified:
                best = min(lows[n].key for n in qualified)
                lo = in_order([n for n in qualified if lows[n].key == best], "low")
            if lo and set(lo) == set(h):
                shares = split(units, h)
            elif lo:
                shares = split(units - units // 2, h)
                for n, u in split(units // 2, lo).items():
                    shares[n] = shares.get(n, 0) + u
            else:
                shares = split(units, h)
        chips = {n: u * unit for n, u in shares.items() if u}
        for n, c in chips.items():
            won[n] += c
        results.append(RefPot(amount, list(eligible), list(h), list(lo), chips))
    for n, c in returned.items():
        won[n] += c
    return won, results, returned
