"""Cards: parsing liberal card text and writing canonical card text (``Td``).

A card is a small ``int`` subclass, ``(rank - 2) * 4 + suit``, so that cards index tables directly and
compare by rank first, then by suit (clubs < diamonds < hearts < spades, the order used for the stud
odd chip, RULES §4.6). There are exactly 52 card objects; parsing returns them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from hilo_cli.errors import CardError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
RANK_NAMES = {
    2: "twos",
    3: "threes",
    4: "fours",
    5: "fives",
    6: "sixes",
    7: "sevens",
    8: "eights",
    9: "nines",
    10: "tens",
    11: "jacks",
    12: "queens",
    13: "kings",
    14: "aces",
}
ACE = 14

_SUIT_ALIASES = {
    "c": 0,
    "♣": 0,
    "♧": 0,
    "d": 1,
    "♦": 1,
    "♢": 1,
    "h": 2,
    "♥": 2,
    "♡": 2,
    "s": 3,
    "♠": 3,
    "♤": 3,
}
_RANK_ALIASES = {c: i + 2 for i, c in enumerate(RANK_CHARS)} | {"10": 10}


class Card(int):
    """One of the 52 cards; ``rank`` is 2..14 (ace 14), ``suit`` 0..3 (c, d, h, s)."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return int(self) // 4 + 2

    @property
    def suit(self) -> int:
        return int(self) % 4

    @property
    def low_rank(self) -> int:
        """The rank for ace-to-five low: the ace counts 1."""
        r = int(self) // 4 + 2
        return 1 if r == ACE else r

    def __str__(self) -> str:
        return RANK_CHARS[int(self) // 4] + SUIT_CHARS[int(self) % 4]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
TEXT: tuple[str, ...] = tuple(str(c) for c in DECK)
"""Canonical text of each card, by card number: ``TEXT[card]`` is ``str(card)`` without a call."""
LOW_RANKS: tuple[int, ...] = tuple(c.low_rank for c in DECK)
"""Each card's rank for ace-to-five low (ace 1), by card number: the one table of it."""
_BY_TEXT = {str(c): c for c in DECK}
_CARD_OF_TEXT = _BY_TEXT.__getitem__  # bound once: parse_cards' fast path calls it for every card

# One card: a rank (2-9, T, 10, J, Q, K, A) then a suit letter or symbol, in either case.
_CARD = r"(?i)(10|[2-9tjqka])([cdhs♣♧♦♢♥♡♠♤])"
_SEPARATORS = r"[\s,]+"


@cache
def _card_pattern() -> re.Pattern[str]:
    """One card as people write it, compiled the first time a card is not written as hilo writes it."""
    return re.compile(_CARD)


def card(text: str) -> Card:
    """Parse one card such as ``Td``, ``10h``, ``td`` or ``T♦``."""
    found = _BY_TEXT.get(text)
    if found is not None:
        return found
    m = _card_pattern().fullmatch(text.strip())
    if not m:
        raise CardError(
            f"{text!r} is not a card (expected a rank 2-9, T, J, Q, K, A and a suit s, h, d, c)"
        )
    rank = _RANK_ALIASES[m.group(1).upper()]
    suit = _SUIT_ALIASES[m.group(2).lower()]
    return DECK[(rank - 2) * 4 + suit]


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, or written together (``AsKd2c3h``), or a list of them.

    A bad token raises ``CardError`` naming the token and its position (1-based).
    """
    # The common case first: canonical cards separated by white space, or a list of them. For text, a token
    # that is not canonical raises KeyError, which is cheaper than checking each look-up for None.
    if isinstance(text, str):
        try:
            return tuple(map(_CARD_OF_TEXT, text.split()))
        except KeyError:
            pass
        # U+FE0F (emoji presentation) often follows a pasted suit symbol such as ♥️; it means nothing here.
        tokens = re.split(_SEPARATORS, text.replace("\ufe0f", "").strip())
    else:
        tokens = list(text)
        if all(type(t) is str for t in tokens):
            fast = list(map(_BY_TEXT.get, tokens))
            if None not in fast:
                return tuple(fast)  # type: ignore[arg-type]
    cards: list[Card] = []
    for token in tokens:
        if not isinstance(token, str):
            raise CardError(f"card {len(cards) + 1} is {token!r}, not card text")
        if not token:
            continue
        found = _BY_TEXT.get(token)
        if found is not None:
            cards.append(found)
            continue
        pos = 0
        stripped = token.replace("\ufe0f", "").strip()
        while pos < len(stripped):
            m = _card_pattern().match(stripped, pos)
            if not m:
                bad = stripped if pos == 0 else stripped[pos:]
                raise CardError(
                    f"{bad!r} (card {len(cards) + 1}) is not a card: expected a rank 2-9, T, J, Q, K, A "
                    "and a suit s, h, d, c"
                )
            cards.append(card(m.group(0)))
            pos = m.end()
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text for cards, space separated."""
    return " ".join([TEXT[c] for c in cards])


def parse_labelled(text: str | Iterable[str], label: str) -> tuple[Card, ...]:
    """``parse_cards(text)``, a bad card's ``CardError`` saying first whose cards they were: ``dead: 'Zz'
    (card 2) is not a card ...``. The one wrapper for the readers that name the field they parse."""
    try:
        return parse_cards(text)
    except CardError as e:
        raise CardError(f"{label}: {e.message}") from None
