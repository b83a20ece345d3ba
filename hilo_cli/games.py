"""Each game as data: how many hole and board cards, how hands are made, halves and odd-chip order.

RULES §6 lists the variants. The Omaha family uses exactly two hole cards and three board cards
(§2.1); stud uses any five of the player's seven (§6). The low qualifier is a property of the deal,
8 by default (§3.6, §9 V7), so it is not fixed here; high-only games have no low half at all.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from hilo_cli.errors import DealError

OddChipRule = Literal["button", "suit"]


class Game(NamedTuple):
    """A game's showdown rules.

    ``hole_used`` is 2 for the Omaha family (exactly two hole cards with exactly three board cards);
    ``None`` means any five of the player's cards (stud). ``split`` says whether there is a low half.
    ``odd_chip`` is the default rule for leftover units inside a tied half (§4.4 button, §4.6 suit).
    """

    name: str
    title: str
    hole_cards: int
    board_cards: int
    hole_used: int | None
    split: bool
    odd_chip: OddChipRule


GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game("omaha8", "Omaha Hi/Lo 8 or better", 4, 5, 2, True, "button"),
        Game("omaha8-5", "Big O (5-card Omaha Hi/Lo)", 5, 5, 2, True, "button"),
        Game("omaha8-6", "6-card Omaha Hi/Lo", 6, 5, 2, True, "button"),
        Game("courchevel8", "Courchevel Hi/Lo", 5, 5, 2, True, "button"),
        Game("omaha", "Omaha (high only)", 4, 5, 2, False, "button"),
        Game("omaha-5", "5-card Omaha (high only)", 5, 5, 2, False, "button"),
        Game("omaha-6", "6-card Omaha (high only)", 6, 5, 2, False, "button"),
        Game("stud8", "Seven-card Stud Hi/Lo 8 or better", 7, 0, None, True, "suit"),
    )
}

QUALIFIERS: dict[str, int | None] = {"8": 8, "9": 9, "none": None}


def game(name: object) -> Game:
    """Look a game up by name; an unknown name raises ``DealError`` listing the known ones."""
    found = GAMES.get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise DealError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return found


def qualifier(value: object) -> int | None:
    """Read a low qualifier: 8, 9, or none (no qualifier, RULES §3.6)."""
    if value is None:
        return None
    key = str(value).strip().lower()
    if key in QUALIFIERS:
        return QUALIFIERS[key]
    raise DealError(f"qualifier {value!r} is not 8, 9 or none")
