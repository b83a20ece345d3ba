"""Each site's house rules where they differ from RULES.md, or where RULES.md leaves them to the site: data,
one entry per site, read by the checker (``checking_house``) without importing any reader.

* ``odd_chips``: how the site pays the odd chips of a pot where it does not follow RULES §4 (``Practice``):
  a hand paid so is the site's practice, not the site paying wrong (``hilo check --rules strict`` holds it
  to RULES §4 all the same).
* ``rake``: the site's published rake rule (``RakeRule``), for a site that prints no rake on some hands:
  the rake hilo derives (what was put in and not paid out, RULES §13) is held against it, so that a short
  payout cannot pass as more rake.

Only what a source says is here, and each entry names its source; a site missing from ``HOUSE``, or an
entry's field ``None``, is not known. docs/readers.md ("House rules", "Rake") lists every site.
"""

from __future__ import annotations

from typing import NamedTuple


class Practice(NamedTuple):
    """A site's way of paying odd chips that RULES §4 pays otherwise. ``name``: the practice's key (what
    ``checking_house`` does for it); ``says``: the practice in a few words, for a verdict; ``source``."""

    name: str
    says: str
    source: str


class CapRow(NamedTuple):
    """One row of a rake schedule: the games of ``structures`` (hilo's betting structures) whose big bet
    (the big blind at pot and no limit, the big bet at fixed limit) is more than ``above`` and at most
    ``up_to``, in cents; ``caps``: ``(most players, cap)``, the first whose most players is at least the
    number of players dealt in. More players than the last row names: not known."""

    structures: tuple[str, ...]
    above: int
    up_to: int
    caps: tuple[tuple[int, int], ...]


class RakeRule(NamedTuple):
    """A published rake rule: ``take`` cents for each full ``per`` cents in the pot (rounded down), at most
    the cap of the schedule's row for the game's stakes and players (``rows``), in ``currency`` (its ISO
    code; the amounts are cents). ``flop_only``: the source does not say what a hand that ends before the
    flop pays (no flop, no drop or not), so the rule is held only against hands that saw a flop."""

    take: int
    per: int
    currency: str
    rows: tuple[CapRow, ...]
    flop_only: bool
    says: str
    source: str


class HouseRules(NamedTuple):
    """A site's rules that RULES.md does not give (``None``: not known)."""

    odd_chips: Practice | None = None
    rake: RakeRule | None = None


_LIMIT = ("fixed",)
_POT = ("pot", "no")

HOUSE: dict[str, HouseRules] = {
    "bovada": HouseRules(
        odd_chips=Practice(
            "low-leftover-to-high",
            "the leftover of an unevenly tied low half goes to the high half's winner",
            "../shared/handhistories/VARIANTS.md (Bovada's odd chip: hand 2902253333 of "
            "bovada/cash-PLO8-9max-…part1.txt, HI 2.29 and LO 1.13 + 1.13 of a 4.55 pot); "
            "SITES.md (observed: the cent left over when a low half is quartered goes to high)",
        ),
        rake=RakeRule(
            take=1,
            per=20,
            currency="USD",
            rows=(
                CapRow(_LIMIT, 0, 10, ((10, 10),)),
                CapRow(_LIMIT, 10, 25, ((10, 20),)),
                CapRow(_LIMIT, 25, 50, ((10, 40),)),
                CapRow(_LIMIT, 50, 100, ((10, 50),)),
                CapRow(_LIMIT, 100, 200, ((10, 100),)),
                CapRow(_LIMIT, 200, 6000, ((3, 100), (5, 200), (10, 300))),
                CapRow(_POT, 0, 25, ((2, 50), (4, 100), (10, 200))),
                CapRow(_POT, 25, 2000, ((2, 100), (3, 200), (5, 300), (6, 400))),
            ),
            flop_only=True,
            says="$0.01 for each full $0.20 in the pot, up to a cap by stakes and players",
            source="bodog.eu, 'Bodog rake' (www.bodog.eu/poker/get-started/bodog-rake, undated); "
            "ignitioncasino.net, 'Everything you need to know about poker rake' ($0.01 for every $0.20)",
        ),
    ),
}


def house(site: str | None) -> HouseRules:
    """The house rules of the reader ``site`` (its ``--input-format`` name): ``HouseRules()`` when none are
    known."""
    return HOUSE.get(site or "", HouseRules())


def rule_rake(
    rule: RakeRule, structure: str, big_bet: int, players: int, pot: int
) -> tuple[int | None, str]:
    """The rake ``rule`` gives a pot of ``pot`` cents at these stakes (``structure``, ``big_bet`` in cents)
    with ``players`` dealt in, and the cap it applied; ``None`` (and why) where the schedule has no row for
    them."""
    for row in rule.rows:
        if structure in row.structures and row.above < big_bet <= row.up_to:
            cap = next((c for most, c in row.caps if players <= most), None)
            if cap is None:
                return None, f"its schedule names no cap for {players} players at these stakes"
            return min(rule.take * (pot // rule.per), cap), f"capped at {cap} cents"
    return None, "its schedule has no row for these stakes"
