"""What the readers of closed sites' archives (Full Tilt, Everleaf, Cake) share beyond the base (issue 18).

* the **chip unit** the site divided pots in (Full Tilt: the table's smallest unit, RULES §4.2), found
  from the amounts of a hand (``largest_unit``) and set on ``SiteHand.chip_unit``;
* lines that start with a seated player's name, with or without a colon (``speaker``), and whether a
  "mucks" is a muck at a showdown or a lone winner not showing (``live``).
"""

from __future__ import annotations

from collections.abc import Iterable

from hilo_cli.histories.site import SiteHand


def largest_unit(candidate: int, amounts: Iterable[int], ladder: tuple[int, ...]) -> int:
    """The largest unit of ``ladder`` (each a multiple of the next, descending) not above ``candidate``
    that divides every one of ``amounts``: the pots can only be divided in a unit every chip put in is a
    whole number of (RULES §4.2.3)."""
    values = [a for a in amounts if a]
    for unit in ladder:
        if unit <= candidate and all(a % unit == 0 for a in values):
            return unit
    return 1


def amounts_of(hand: SiteHand) -> list[int]:
    """Every amount a hand's lines put in or take out of the pots (for ``largest_unit``)."""
    found = [a.amount for a in hand.actions] + [a.to for a in hand.actions if a.to]
    found += [hand.rake, *hand.printed_pots, *hand.uncalled.values()]
    return found


def speaker(line: str, names: list[str]) -> tuple[str, str] | None:
    """``(name, rest)`` of a line that starts with a seated player's name, with or without a colon after
    it ("Villain: bets ...", "Villain calls ..."); ``names`` longest first, so that "Bob Smith" is not
    read as "Bob". ``None``: the line starts with no seated name."""
    for name in names:
        if line.startswith(name) and line[len(name):len(name) + 1] in (" ", ":"):
            rest = line[len(name):]
            return name, rest[1:].strip() if rest.startswith(":") else rest.strip()
    return None


def live(hand: SiteHand) -> int:
    """How many players dealt in have neither folded nor mucked so far (a lone winner "mucks" or "does
    not show" too: that is no muck, the pot is still theirs)."""
    acting = {a.player for a in hand.actions if a.player}
    gone = hand.mucks | {a.player for a in hand.actions if a.verb == "fold"}
    return len(acting - gone)
