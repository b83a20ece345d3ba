"""What the readers of closed sites' archives (Full Tilt, Everleaf, Cake) add to ``records.record``.

``records.record`` makes the record every site shares; these sites print things it does not carry yet,
so a reader finishes its record here (issue 18), from the ``SiteHand`` it filled:

* the **chip unit** the site divided pots in (Full Tilt: the table's smallest unit, RULES §4.2), on the
  replayable ``Hand``;
* **the halves paid** (``recorded_halves``), where the site tags every award high or low;
* the **currency** as the site writes money, the **depth** a check can reach, and **derived rake** where
  the site took rake but prints none (RULES §13);
* **no summary** where the site prints none (Everleaf, Cake): the checker then holds no printed total
  against the pots the actions build.
"""

from __future__ import annotations

from collections.abc import Iterable

from hilo_cli.histories.base import HandRecord
from hilo_cli.histories.site import Collect, SiteHand
from hilo_cli.histories.summary import collected


def halves(collects: Iterable[Collect], pots: int) -> tuple[dict[str, dict[str, int]], ...] | None:
    """What each player was paid from each half of each pot (main pot first), or ``None`` when an award
    is not tagged high or low (then only pots or totals can be checked)."""
    found = list(collects)
    if not found or any(c.half is None for c in found):
        return None
    count = max([pots, *(c.pot + 1 for c in found)])
    out: list[dict[str, dict[str, int]]] = [{"high": {}, "low": {}} for _ in range(count)]
    for c in found:
        half = out[c.pot][c.half or "high"]
        half[c.player] = half.get(c.player, 0) + c.amount
    return tuple(out)


def finish(rec: HandRecord, hand: SiteHand, chip_unit: int = 1) -> HandRecord:
    """``rec`` (from ``records.record``) with what the site printed that the base's record leaves out."""
    if rec.hand is None:
        return rec
    paid_halves = halves(hand.collects, len(hand.printed_pots))
    depth = "per half" if paid_halves is not None else "per pot" if hand.pots_named else "per player"
    out = rec._replace(hand=rec.hand._replace(chip_unit=chip_unit), recorded_halves=paid_halves,
                       currency=hand.currency, depth=depth, derive_rake=not hand.rake_printed)
    if not hand.pots_named:
        out = out._replace(recorded_by_pot=None)
    if hand.total is None:
        # No summary at all: nothing printed to hold the pots against (the rake, if any, is derived).
        out = out._replace(summary=None, recorded_pots=None)
    return out


def without_summary(hand: SiteHand) -> SiteHand:
    """A hand of a site that prints no summary (Everleaf, Cake): no "won" figures to hold the award lines
    against, so the award lines stand for them (``records.record`` would read the missing summary as
    one that says each player won nothing)."""
    hand.won = collected(hand.collects)
    return hand


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
