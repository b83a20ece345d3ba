"""Uncalled chips a site pays back inside its pot lines, for the readers of sites that do (Winamax, Winning).

RULES §5.3: the top layer of contributions that only one player made is returned to that player; it is
not won and not divided. PokerStars says so in a line ("Uncalled bet ($6) returned to X") and leaves it
out of its "Total pot". Winamax never prints that line: its "Total pot" holds the returned chips and its
award lines pay them back, as a pot of their own ("collected 84€ from side pot 1") or inside the pot's
halves ("collected 114€ from pot(HI)", "collected 114€ from pot(LO)"). Winning's walks do the same.

``fold_back`` takes those chips out of what the site printed, so that the record says what the pots were
and what each player won from them, as the base expects: the returned chips are the rule's (the top
layer of the contributions the site's own lines print), never a guess. Where the returned chips sit
inside a pot's tagged halves, they cannot be told apart from the halves: the player's awards from that
pot become one untagged award (the check then goes no deeper than that pot).
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo_cli.histories.site import Collect, Line, SiteHand
from hilo_cli.pots import uncalled

_ADDS = frozenset(
    {"bet", "call", "small blind", "big blind", "small and big blinds", "bring in", "straddle"}
)


def contributions(actions: Sequence[Line]) -> dict[str, int]:
    """What each player put in, from a hand's lines: antes, then each street's total (RULES §5.1)."""
    total: dict[str, int] = {}
    street: dict[str, int] = {}
    for a in actions:
        verb, who = a.verb, a.player
        if verb == "street" and a.street > 0:
            for name, chips in street.items():
                total[name] = total.get(name, 0) + chips
            street = {}
        elif verb == "ante":
            total[who] = total.get(who, 0) + a.amount
        elif verb in ("raise", "complete"):
            street[who] = a.to if a.to is not None else street.get(who, 0) + a.amount
        elif verb in _ADDS:
            street[who] = street.get(who, 0) + a.amount
    for name, chips in street.items():
        total[name] = total.get(name, 0) + chips
    return total


def bets(actions: Sequence[Line]) -> dict[str, int]:
    """What each player *bet*, from a hand's lines: each street's total without the dead money (antes,
    and the dead small blind of a "small and big blinds" post: only the big blind of it is live, the
    hand's largest "big blind" post; RULES §14.1). An uncalled bet is measured against these (§5.3)."""
    blind = max((a.amount for a in actions if a.verb == "big blind"), default=None)
    live = [
        a._replace(verb="big blind", amount=min(a.amount, blind))
        if a.verb == "small and big blinds" and blind is not None
        else a
        for a in actions
        if a.verb != "ante"
    ]
    return contributions(live)


def unreturned(actions: Sequence[Line]) -> tuple[str, int] | None:
    """The player whose top bet nobody else reached, and its chips (RULES §5.3, measured on the bets, never
    on dead money: ``pots.uncalled``); ``None`` if none."""
    return uncalled(bets(actions))


def fold_back(hand: SiteHand, label: str = "pot") -> None:
    """Take the uncalled chips the site returned without a line out of its total, its award lines and its
    summary's "won" (see the module docstring). ``label`` names a pot whose halves were merged."""
    found = unreturned(hand.actions)
    if found is None:
        return
    name, chips = found
    extra = chips - hand.uncalled.get(name, 0)
    if extra <= 0:
        return
    if hand.total is not None and hand.total >= extra:
        hand.total -= extra
    _take(hand, name, extra, label)
    if hand.won.get(name, 0) >= extra:
        hand.won[name] -= extra


def _take(hand: SiteHand, name: str, extra: int, label: str) -> None:
    mine = [c for c in hand.collects if c.player == name]
    if not mine:
        return
    exact = [c for c in mine if c.amount == extra and c.pot > 0 and c.half is None]
    if exact:
        # Paid back as a pot of its own: the last such award is the returned bet, not a pot won.
        hand.collects.remove(exact[-1])
        return
    top = max(c.pot for c in mine)
    inside = [c for c in mine if c.pot == top]
    paid = sum(c.amount for c in inside)
    if paid < extra or len({c.run for c in inside}) > 1:
        return  # the site paid the player less than it returned: the check shows the difference
    first = inside[0]
    at = hand.collects.index(first)
    for c in inside:
        hand.collects.remove(c)
    if paid > extra:
        hand.collects.insert(
            at,
            Collect(
                first.line, name, paid - extra, top, label if top == 0 else first.label, first.run
            ),
        )


def pots_as_paid(hand: SiteHand) -> None:
    """Where the summary lists no pots but the award lines name side pots, each pot as the awards pay it
    (main pot first, runs added together), so that the checker can hold each pot against the pot the
    actions build: a pot paid more than went into it, a pot never paid, awards that do not add up to
    Total pot less the rake are each the site's own inconsistency (RULES §5.1, §13)."""
    if hand.printed_pots or not any(c.pot for c in hand.collects):
        return
    pots = [0] * (max(c.pot for c in hand.collects) + 1)
    for c in hand.collects:
        pots[c.pot] += c.amount
    hand.printed_pots = pots
