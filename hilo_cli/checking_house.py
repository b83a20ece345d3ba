"""A site's house rules (``histories.house``) at work in a check: the odd chips paid by the site's own
practice where it differs from RULES §4, and the rake a site that prints none took, held against its
published rule (issue 29 item 10: a short payout must not pass as more rake).

``checking`` settles every hand by RULES.md first; what this module works out is only ever a second
reading of the same settlement, named as such in the verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from hilo_cli.betting import Replayed
from hilo_cli.deal import Deal
from hilo_cli.formats.check_out import RakeNote
from hilo_cli.histories import PLUGINS, HandRecord
from hilo_cli.histories.house import Practice, house, rule_rake
from hilo_cli.histories.summary import derived_rake
from hilo_cli.pots import divide
from hilo_cli.showdown import PotResult, Settlement

RULES_CHOICES = ("house", "strict")
"""``hilo check --rules``: ``house`` (a site's own known practice pays the odd chips: OK, with a note) or
``strict`` (RULES §4 alone: such a hand is a MISMATCH of the kind "odd chips")."""


def title(site: str | None) -> str:
    """How people call the reader ``site``."""
    return next((p.title for p in PLUGINS if p.name == site), site or "this site")


def rake_check(
    record: HandRecord,
    replayed: Replayed,
    deal: Deal,
    site: str | None,
    show: Callable[[int], str],
) -> tuple[RakeNote | None, Deal]:
    """Where the rake of ``record`` was derived (``deal``: the site's deal, ``checking.site_deal``), what the
    site's rule says of it, and the deal to settle: the site's own where the rule agrees or is not known,
    else one raked as the rule gives (each pot its share, ``summary.derived_rake``), so that the players
    paid short are named. ``None`` where no rake was derived, or none was and no rule says otherwise."""
    if record.summary is not None or not record.derive_rake or record.recorded_won is None:
        return None, deal
    derived = sum(deal.rake)
    rule = house(site).rake
    hand = record.hand
    built = [p.amount for p in replayed.pots]
    paid = sum(record.recorded_won.values())
    if not record.won_excludes_returned:
        paid -= sum(replayed.returned.values())
    if not derived and paid < sum(built):
        # More unpaid than a rake can be (``summary.RAKE_SHARE``): a pot never awarded, said as such.
        return None, deal
    expected, why_not = None, f"no rake rule of {title(site)} is known"
    if rule is not None and hand is not None:
        currency = record.currency
        board = replayed.deal.board
        if currency is None or currency.code != rule.currency or currency.scale != 100:
            why_not = f"{title(site)}'s rule is known for {rule.currency} tables only"
        elif rule.flop_only and (hand.game.board_cards == 0 or len(board or ()) < 3):
            why_not = f"{title(site)}'s rule is known for hands that see a flop only"
        else:
            expected, why_not = rule_rake(
                rule, hand.structure, hand.big_bet, len(hand.players), sum(built)
            )
            why_not = f"{title(site)}'s rule: {why_not}"
    if expected is None:
        if not derived:
            return None, deal
        note = f"rake derived, not checked: {show(derived)} not paid out ({why_not})"
        return RakeNote(derived, None, note), deal
    assert rule is not None
    if expected == derived:
        note = f"rake derived: {show(derived)}, as {title(site)}'s rule gives ({rule.says})"
        return RakeNote(derived, expected, note), deal
    note = (
        f"the site prints no rake: {show(derived)} was not paid out, but {title(site)}'s rake rule gives "
        f"{show(expected)} ({rule.says})"
    )
    raked = derived_rake(built, sum(built) - expected) or ()
    return RakeNote(derived, expected, note), deal._replace(rake=raked if any(raked) else ())


class HouseReading(NamedTuple):
    """The settlement as the site's practice pays it: each player's winnings and the pots."""

    practice: Practice
    won: dict[str, int]
    settlement: Settlement


def house_reading(settlement: Settlement, site: str | None) -> HouseReading | None:
    """``settlement`` paid by ``site``'s odd-chip practice (``histories.house``), where the site has one and
    it pays some pot otherwise than RULES §4; else ``None``."""
    practice = house(site).odd_chips
    if practice is None:
        return None
    pay = _PRACTICES.get(practice.name)
    if pay is None:
        return None
    unit = settlement.deal.chip_unit
    pots = [pay(pot, unit) for pot in settlement.pots]
    if pots == list(settlement.pots):
        return None
    won = {p.name: p.won for p in settlement.players}
    for old, new in zip(settlement.pots, pots, strict=True):
        for name in set(old.shares) | set(new.shares):
            won[name] = won.get(name, 0) + new.shares.get(name, 0) - old.shares.get(name, 0)
    return HouseReading(practice, won, settlement._replace(pots=tuple(pots)))


def _low_leftover_to_high(pot: PotResult, unit: int) -> PotResult:
    """Bovada (VARIANTS.md): each winner of a tied low half gets the share rounded down, and the leftover
    goes to the high half, divided among its winners as RULES §4.4 divides it (a lone high winner takes it
    all). A pot divided whole, or between boards, is as RULES pays it."""
    low, high = pot.low, pot.high
    if pot.division != "split" or low is None or len(low.winners) < 2 or high.shares is None:
        return pot
    each, left = divmod(low.amount // unit, len(low.winners))
    if not left:
        return pot
    low_shares = {name: each * unit for name in low.winners if each}
    got, _ = divide(high.amount // unit + left, list(high.winners))
    high_shares = {name: units * unit for name, units in got.items() if units}
    shares = dict(high_shares)
    for name, chips in low_shares.items():
        shares[name] = shares.get(name, 0) + chips
    return pot._replace(
        high=high._replace(amount=high.amount + left * unit, shares=high_shares),
        low=low._replace(amount=low.amount - left * unit, shares=low_shares),
        shares=shares,
    )


_PRACTICES: dict[str, Callable[[PotResult, int], PotResult]] = {
    "low-leftover-to-high": _low_leftover_to_high,
}
