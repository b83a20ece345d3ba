"""What the readers of closed sites' archives (Full Tilt, Everleaf, Cake) share beyond the base (issue 18).

* the **chip unit** the site divided pots in (Full Tilt: the table's smallest unit, RULES §4.2), found
  from the amounts of a hand (``largest_unit``) and set on ``SiteHand.chip_unit``;
* for a site that prints its rake but no total (Entraction, KingsClub): what each player put in
  (``put_in``), the chips no one matched (``uncalled``), and whether the payout and the printed rake
  add up to what was put in (``rake_disagreement``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

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


_CHIPS = ("call", "bet", "small blind", "big blind", "small and big blinds", "bring in", "straddle")


def put_in(hand: SiteHand) -> dict[str, int]:
    """What each player put in the pots by the hand's lines (antes, blinds, bets, street totals of raises),
    before any uncalled chips come back."""
    total: dict[str, int] = {}
    street: dict[str, int] = {}
    for a in hand.actions:
        if a.verb == "street" and a.street > 0:
            for name, chips in street.items():
                total[name] = total.get(name, 0) + chips
            street = {}
        elif a.verb == "ante":
            total[a.player] = total.get(a.player, 0) + a.amount
        elif a.verb in ("raise", "complete"):
            street[a.player] = a.to or 0
        elif a.verb in _CHIPS:
            street[a.player] = street.get(a.player, 0) + a.amount
    for name, chips in street.items():
        total[name] = total.get(name, 0) + chips
    return total


def uncalled(put: dict[str, int]) -> tuple[str | None, int]:
    """Who gets chips back no one matched, and how many: the largest contribution's excess over the next
    (RULES §5.3); ``(None, 0)`` when the two largest are equal."""
    ranked = sorted(put.items(), key=lambda item: -item[1])
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None, 0
    return ranked[0][0], ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0)


def rake_disagreement(hand: SiteHand, rake: int, show: Callable[[int], str]) -> str | None:
    """Where a site that prints its rake but no total (Entraction, KingsClub) paid out other than what was
    put in (the uncalled chips left out) and what the house added, less that rake: a finding about the
    site, or ``None``. The uncalled chips are the site's own where it wrote them (Entraction's
    ``Payback``: the excess of the largest contribution over the next is not what comes back when the
    next holds a dead blind), else that excess."""
    put = put_in(hand)
    back = sum(hand.uncalled.values()) if hand.uncalled else uncalled(put)[1]
    matched = sum(put.values()) - back + hand.added
    paid = sum(c.amount for c in hand.collects)
    if matched - paid == rake:
        return None
    house = f", the house's {show(hand.added)} with it" if hand.added else ""
    return (
        f"the site's Rake is {show(rake)}, but it paid {show(paid)} of the {show(matched)} put in{house} "
        f"(the rake would be {show(matched - paid)}, RULES §13)"
    )
