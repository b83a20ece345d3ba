"""Who acts first on a stud street (RULES §14.6): the lowest up card on third street, the highest hand
showing after. A stud player's cards are in the order dealt: two down, four up (third to sixth street),
the seventh down; a card the history does not name is ``None``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from hilo_cli.cards import Card


def lowest_up(
    hole: Mapping[str, Sequence[Card | None]], live: Iterable[str]
) -> tuple[Card, str] | None:
    """Third street: the lowest up card the history names among ``live`` players, and whose it is; the ace
    is high, ties go by suit (the card order: clubs, diamonds, hearts, spades). ``None`` if none is named."""
    ups = [(card, n) for n in live if len(hole[n]) >= 3 and (card := hole[n][2]) is not None]
    return min(ups) if ups else None


def highest_showing(
    hole: Mapping[str, Sequence[Card | None]], able: Iterable[str]
) -> tuple[str, list[Card]] | None:
    """Fourth street on: the player among ``able`` (those who may act) with the highest hand showing, and
    the up cards. Up cards count as pairs, two pair, trips and quads, then ranks (no straights or flushes
    with fewer than five cards). ``None`` unless every such player's up cards are named and one hand is
    highest (a tie is left alone: §14.6 is silent)."""
    shown: list[tuple[list[tuple[int, int]], str, list[Card]]] = []
    for n in able:
        up = hole[n][2:6]
        if any(c is None for c in up):
            return None
        cards = [c for c in up if c is not None]
        counts = {c.rank: sum(1 for d in cards if d.rank == c.rank) for c in cards}
        shown.append((sorted(((k, r) for r, k in counts.items()), reverse=True), n, cards))
    shown.sort(key=lambda x: x[0], reverse=True)
    if len(shown) < 2 or shown[0][0] == shown[1][0]:
        return None
    return shown[0][1], shown[0][2]
