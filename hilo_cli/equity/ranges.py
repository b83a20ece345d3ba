"""Ranges of hands, written as Omaha Hi/Lo players write them (close to ProPokerTools' syntax).

The grammar (``parse``; spaces around commas are free):

    range        := alternative ("," alternative)*          any of them
    alternative  := condition ((" " | ":") condition)*      all of them at once
    condition    := ["!"] atom                              ! : not this
    atom         := pattern | "$ds" | "$ss" | "$r" | share | "random"
    pattern      := card-spec{N} [shape]                    N: the game's hole cards (stud: 3 to 7)
    card-spec    := (rank | "*") [suit | variable]          A, As, Ax, *, *s, *x
    rank         := 2-9 T J Q K A (or 10), either case
    suit         := s h d c, either case                    that suit
    variable     := w x y z, lower case                     a suit; different letters, different suits
    shape        := "$ds" | "$ss" | "$r"                    double-suited, single-suited, rainbow
    share        := P% | P%-Q%                              the best P% of hands, or from P% to Q%

A pattern's specs are matched to different cards of the hand, in any order: ``A2**`` is every hand
with an ace and a deuce, ``AA23`` two aces, a deuce and a trey, ``As2s**`` the ace and deuce of spades
with any two, ``AxAy2x3y`` two aces, each suited to one low card. The shapes count suits among the
hand's cards: double-suited has two suits of two or more cards, single-suited exactly one, rainbow
none (no two cards of a suit). A share ranks hands by ``ranking`` (each hand's equity against one
random hand, before the flop, in that Omaha game): ``15%`` is the best hands until 15% of all hands,
``10%-20%`` those from 10% to 20%. ``random`` is every hand.

In stud a pattern is the cards a player holds so far (3 to 7 of them), the rest to come: ``A2*7c8h``
is an ace and a deuce down with anything, and the 7c and 8h showing.

``parse`` checks the text alone (no numpy); ``members`` (numpy) lists the hands a range holds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import permutations, product
from typing import TYPE_CHECKING, NamedTuple

from hilo_cli.errors import InputError
from hilo_cli.games import Game

if TYPE_CHECKING:
    from hilo_cli.equity.vector import Array

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # card number = rank index * 4 + suit index (cards.py)
VARIABLES = "wxyz"
SHAPES = ("ds", "ss", "r")
MAX_MEMBERS = 6_000_000
"""The most hands one range may hold (6-card Omaha has 20 million): a bound on memory."""


class RangeError(InputError):
    """A range that cannot be read, with what was wrong."""


class Spec(NamedTuple):
    """One card of a pattern: a rank (index 0-12) or any; a suit (0-3), a suit variable, or any."""

    rank: int | None
    suit: int | None
    variable: str | None


class Pattern(NamedTuple):
    specs: tuple[Spec, ...]
    shape: str | None


class Shape(NamedTuple):
    shape: str


class Share(NamedTuple):
    """The hands ranked from ``low`` to ``high`` percent of all hands."""

    low: float
    high: float


class Everything(NamedTuple):
    pass


Atom = Pattern | Shape | Share | Everything


class Condition(NamedTuple):
    negated: bool
    atom: Atom


class Range(NamedTuple):
    """A range as written and as read: any of ``alternatives``, each all of its conditions; ``cards``
    the cards of each hand (the game's hole cards; stud: the cards held so far)."""

    text: str
    alternatives: tuple[tuple[Condition, ...], ...]
    cards: int
    game: Game


def looks_like_range(text: str) -> bool:
    """True for text that only a range writes (a wild card, a share, a shape, a not, a colon)."""
    return any(c in text for c in "*%!$:")


def parse(text: str, game: Game) -> Range:
    """Read a range for ``game``; ``RangeError`` says what is wrong: ``range 'A2*': a pattern has 4
    cards in omaha8, this has 3``."""

    def fail(why: str) -> RangeError:
        shown = text if len(text) <= 40 else text[:37] + "..."
        return RangeError(f"range {shown!r}: {why}")

    alternatives = []
    stud_cards: set[int] = set()
    for part in text.split(","):
        conditions = []
        negate = False
        for word in re.split(r"[\s:]+", part.strip()):
            if not word:
                continue
            while word.startswith("!"):
                negate, word = not negate, word[1:]
            if not word:
                continue
            atom = _atom(word, game, fail, word == text.strip())
            if isinstance(atom, Pattern) and game.hole_used is None:
                stud_cards.add(len(atom.specs))
            conditions.append(Condition(negate, atom))
            negate = False
        if negate:
            raise fail("'!' is not followed by anything")
        if not conditions:
            raise fail("an empty alternative (two commas, or a comma at an end)")
        alternatives.append(tuple(conditions))
    cards = game.hole_cards
    if game.hole_used is None:
        if len(stud_cards) > 1:
            raise fail(f"its patterns have {' and '.join(map(str, sorted(stud_cards)))} cards")
        cards = stud_cards.pop() if stud_cards else game.hole_cards
    return Range(text, tuple(alternatives), cards, game)


def _atom(word: str, game: Game, fail: object, whole: bool = False) -> Atom:
    assert callable(fail)
    low = word.lower()
    if low == "random":
        return Everything()
    if low.startswith("$"):
        if low[1:] not in SHAPES:
            raise fail(f"{word!r} is not a shape ($ds, $ss or $r)")
        return Shape(low[1:])
    if word.endswith("%"):
        return _share(word, game, fail)
    shape = None
    written = word
    if "$" in word:
        written, _, suffix = word.partition("$")
        if suffix.lower() not in SHAPES:
            raise fail(f"'${suffix}' is not a shape ($ds, $ss or $r)")
        shape = suffix.lower()
    specs = _specs(written.replace("10", "T"), word, fail)
    this = "this" if whole else repr(word)
    if game.hole_used is None:
        if not 3 <= len(specs) <= 7:
            raise fail(
                f"a pattern has 3 to 7 cards in {game.name} (those dealt so far), {this} has "
                f"{len(specs)}"
            )
    elif len(specs) != game.hole_cards:
        raise fail(f"a pattern has {game.hole_cards} cards in {game.name}, {this} has {len(specs)}")
    cards = [(s.rank, s.suit) for s in specs if s.rank is not None and s.suit is not None]
    for c in cards:
        if cards.count(c) > 1:
            raise fail(f"{RANKS[c[0]]}{SUITS[c[1]]} is written twice in {word!r}")
    return Pattern(tuple(specs), shape)


def _specs(written: str, word: str, fail: object) -> list[Spec]:
    """The card specs of a pattern: ranks and suits in either case, suit variables in lower case."""
    assert callable(fail)
    specs = []
    i = 0
    while i < len(written):
        ch = written[i]
        if ch == "*":
            rank = None
        elif ch.upper() in RANKS:
            rank = RANKS.index(ch.upper())
        else:
            raise fail(f"{ch!r} in {word!r} is not a rank (2-9, T, J, Q, K, A), * or a suit")
        i += 1
        suit = variable = None
        if i < len(written) and written[i].lower() in SUITS:
            suit = SUITS.index(written[i].lower())
            i += 1
        elif i < len(written) and written[i] in VARIABLES:
            variable = written[i]
            i += 1
        specs.append(Spec(rank, suit, variable))
    return specs


def _share(word: str, game: Game, fail: object) -> Share:
    assert callable(fail)
    m = re.fullmatch(r"(\d+(?:\.\d+)?)%(?:-(\d+(?:\.\d+)?)%)?", word)
    if not m:
        raise fail(f"{word!r} is not a share of hands (15% or 10%-20%)")
    if game.hole_used is None:
        raise fail(f"a share of hands ranks Omaha hands before the flop; {game.name} has none")
    low, high = (0.0, float(m.group(1))) if m.group(2) is None else map(float, m.groups())
    if not 0 <= low < high <= 100:
        raise fail(f"{word!r}: a share runs from 0% to 100%, the first below the second")
    return Share(low, high)


# --- The hands of a range (numpy) -----------------------------------------------------------------


def members(r: Range) -> Array:
    """Every hand of ``r`` as sorted rows of card numbers, each hand once, in card order."""
    import numpy as np

    found: Array | None = None
    for conditions in r.alternatives:
        chosen = _alternative(conditions, r)
        found = chosen if found is None else np.union1d(found, chosen)
    assert found is not None
    return _rows(found, r.cards)


def _alternative(conditions: Sequence[Condition], r: Range) -> Array:
    import numpy as np

    wanted = [c.atom for c in conditions if not c.negated]
    unwanted = [c.atom for c in conditions if c.negated]
    if not wanted:
        wanted = [Everything()]
    # The narrowest first: a pattern's hands are listed, a shape or a share filters them.
    wanted.sort(key=lambda a: 0 if isinstance(a, Pattern) else 1 if isinstance(a, Share) else 2)
    masks = _masks(wanted[0], r)
    for atom in wanted[1:]:
        masks = masks[_holds(atom, masks, r)]
    for atom in unwanted:
        masks = masks[~_holds(atom, masks, r)]
    return np.asarray(masks, np.int64)


def _holds(atom: Atom, masks: Array, r: Range) -> Array:
    """Which hands of ``masks`` ``atom`` holds."""
    import numpy as np

    if isinstance(atom, Everything):
        return np.ones(len(masks), bool)
    if isinstance(atom, Shape):
        return _shaped(masks, atom.shape)
    held = np.isin(masks, _masks(atom, r))
    return held


def _masks(atom: Atom, r: Range) -> Array:
    """The hands of one atom as 52-bit masks, sorted, each once."""
    import numpy as np

    from hilo_cli.equity import vector

    if isinstance(atom, Share):
        from hilo_cli.equity import ranking

        return np.asarray(ranking.band(r.game, atom.low, atom.high))
    if isinstance(atom, Everything | Shape):
        every = vector.all_runouts(52, r.cards).astype(np.int64)
        masks = np.bitwise_or.reduce(np.int64(1) << every, axis=1)
        return np.asarray(
            masks if isinstance(atom, Everything) else masks[_shaped(masks, atom.shape)]
        )
    return _pattern_masks(atom, r)


def _pattern_masks(p: Pattern, r: Range) -> Array:
    import numpy as np

    from hilo_cli.equity import vector

    wild = sum(1 for s in p.specs if s.rank is None and s.suit is None and s.variable is None)
    fixed_specs = [
        s for s in p.specs if not (s.rank is None and s.suit is None and s.variable is None)
    ]
    names = sorted({s.variable for s in fixed_specs if s.variable is not None})
    fixed: set[int] = set()
    for suits in permutations(range(4), len(names)):
        by_name = dict(zip(names, suits, strict=True))
        options = []
        for s in fixed_specs:
            suit = s.suit if s.variable is None else by_name[s.variable]
            ranks = range(13) if s.rank is None else (s.rank,)
            kinds = range(4) if suit is None else (suit,)
            options.append([rank * 4 + k for rank in ranks for k in kinds])
        for cards in product(*options):
            if len(set(cards)) == len(cards):
                fixed.add(sum(1 << c for c in cards))
    if len(fixed) * _comb(52 - len(fixed_specs), wild) > 4 * MAX_MEMBERS:
        raise RangeError(f"range {r.text!r}: more hands than hilo lists ({MAX_MEMBERS:,})")
    bits = np.int64(1) << np.arange(52, dtype=np.int64)
    subsets = vector.all_runouts(52 - len(fixed_specs), wild).astype(np.int64)
    found = []
    for mask in sorted(fixed):
        rest = np.flatnonzero((mask >> np.arange(52)) & 1 == 0)
        filled = bits[rest[subsets]].sum(axis=1) if wild else np.zeros(1, np.int64)
        found.append(filled | mask)
    masks = np.unique(np.concatenate(found)) if found else np.zeros(0, np.int64)
    if p.shape is not None:
        masks = masks[_shaped(masks, p.shape)]
    return masks


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def _shaped(masks: Array, shape: str) -> Array:
    """Which hands have ``shape``: the number of suits holding two or more of their cards is 2 or more
    (ds), exactly 1 (ss), or 0 (r)."""
    import numpy as np

    suited = np.zeros(len(masks), np.int64)
    for suit in range(4):
        of_suit = np.zeros(len(masks), np.int64)
        for rank in range(13):
            of_suit += (masks >> (rank * 4 + suit)) & 1
        suited += of_suit >= 2
    if shape == "ds":
        return np.asarray(suited >= 2)
    if shape == "ss":
        return np.asarray(suited == 1)
    return np.asarray(suited == 0)


def _rows(masks: Array, cards: int) -> Array:
    """Masks of ``cards`` cards each as sorted rows of card numbers (a block at a time: a row of 52
    bits per hand)."""
    import numpy as np

    rows = np.zeros((len(masks), cards), np.int8)
    shifts = np.arange(52, dtype=np.int64)[None, :]
    for at in range(0, len(masks), 1 << 16):
        bits = (masks[at : at + (1 << 16), None] >> shifts) & 1
        rows[at : at + len(bits)] = np.nonzero(bits)[1].reshape(len(bits), cards)
    return rows
