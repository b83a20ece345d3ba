"""A site's lines into the actions ``betting.replay`` takes (RULES §14), for every site alike.

Sites write a bet as what was added and a raise as "raises X to Y"; the replay takes street totals
("raise to"). Dead blinds become an ante plus a live post; the big blind's post goes after blinds posted
by players joining the game; a stud street deals every player still in its cards (the ones the history
shows, unknown ones for the rest).
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo_cli.betting import Action, ActionKind, Structure
from hilo_cli.cards import Card, format_cards
from hilo_cli.errors import DealError
from hilo_cli.histories.site import Line, SiteHand

# A stud street deals three cards (two down, one up) on third street and one card on each later street.
STUD_DEAL = (3, 1, 1, 1, 1)

_KINDS: dict[str, ActionKind] = {
    "fold": "fold",
    "check": "check",
    "call": "call",
    "small blind": "post",
    "big blind": "post",
    "straddle": "straddle",
    "ante": "ante",
    "bring in": "bring-in",
    "bet": "bet",
    "raise": "raise-to",
    "complete": "complete",
    "show": "show",
    "muck": "muck",
}


def players_in(hand: SiteHand) -> list[str]:
    """The players dealt in, in seat order: every seated player with a line of their own in the hand
    (posts, antes, actions, cards dealt, shows or mucks). Players sitting out have none."""
    acting = {a.player for a in hand.actions if a.player}
    return [s.name for s in sorted(hand.seats, key=lambda s: s.seat) if s.name in acting]


def replay_actions(
    hand: SiteHand, players: list[str], stud: bool, structure: Structure
) -> list[Action]:
    """The hand's lines as replay actions, bets and raises as street totals (RULES §14). Each action's
    ``number`` is its file line."""
    live_blind = hand.header.small if structure == "fixed" else hand.header.big
    out: list[Action] = []
    append = out.append
    street_bets: dict[str, int] = {}
    folded: set[str] = set()
    lines = hand.actions
    first_big_blind: int | None = None
    for i, a in enumerate(lines):
        verb, who, number, text = a.verb, a.player, a.line, a.text
        if verb == "board":
            # A hand run twice is replayed on its first run's board; the record carries the others (§12).
            if a.run <= 1:
                street_bets = {}
                append(Action(number, text, None, "deal-board", None, a.cards))
            continue
        if verb == "street":
            if (
                a.street > 0
            ):  # the blinds are posted before the first street line and are bets of its round
                street_bets = {}
            if stud:
                _deal_stud(out, lines, i, players, folded)
            continue
        if verb == "dealt":
            if not stud:
                append(Action(number, text, who, "deal-hole", None, a.cards))
            continue
        if verb in ("show", "muck", "fold", "check"):
            if verb == "fold":
                folded.add(who)
            append(Action(number, text, who, _KINDS[verb], None, a.cards))
            continue
        if verb == "big blind" and first_big_blind is None:
            first_big_blind = len(out)
        street_bets[who] = _chips(out, a, street_bets.get(who, 0), live_blind)
    _big_blind_last(out, first_big_blind)
    return out


def _chips(out: list[Action], a: Line, bet: int, live_blind: int) -> int:
    """Append the action of a line that moves chips; the player's street total after it."""
    verb, number, text, who, amount = a.verb, a.line, a.text, a.player, a.amount
    if verb == "small and big blinds":
        # A dead small blind with a live big blind (a player coming in between the blinds).
        live = min(amount, live_blind)
        if amount > live:
            out.append(Action(number, text, who, "ante", amount - live))
        out.append(Action(number, text, who, "post", live))
        return bet + live
    kind = _KINDS.get(verb)
    if kind is None:
        raise DealError(f"line {number}: cannot replay {text!r}")
    if verb == "ante":
        out.append(Action(number, text, who, "ante", amount))
        return bet
    if verb in ("bet", "raise", "complete"):
        total = bet + amount if verb == "bet" else (a.to or 0)
        out.append(Action(number, text, who, "all-in" if a.all_in else kind, total))
        return total
    out.append(Action(number, text, who, kind, amount))
    return bet + amount


def _big_blind_last(out: list[Action], at: int | None) -> None:
    """Move the big blind's post after the other live blinds of the opening posts (before any straddle).

    Sites list the small and big blinds first, then blinds posted by players joining the game ("Hero:
    posts big blind" from a seat after the big blind). The action still starts left of the big blind
    (RULES §14.1); the replay takes the last of the largest live blinds as the big blind, so the real one
    goes last.
    """
    if at is None:
        return
    end = at
    while end + 1 < len(out) and out[end + 1].kind in ("post", "ante"):
        end += 1
    if end > at:
        out.insert(end, out.pop(at))


def _deal_stud(
    out: list[Action], lines: Sequence[Line], at: int, players: list[str], folded: set[str]
) -> None:
    """A stud street: every player still in gets the street's cards (RULES §14.6), those the history
    shows (the player's own, the up cards) and unknown ones (``None``) for the rest."""
    street = lines[at]
    count = STUD_DEAL[min(street.street, 4)]
    shown: dict[str, tuple[Card, ...]] = {}
    for a in lines[at + 1 :]:
        if a.verb != "dealt":
            break
        shown[a.player] = a.cards[-count:]
    for name in players:
        if name in folded:
            continue
        known: tuple[Card | None, ...] = shown.get(name, ())
        cards = (None,) * (count - len(known)) + known
        out.append(
            Action(
                street.line,
                f"{street.text} ({name}: {format_cards(c for c in known if c)})",
                name,
                "deal-hole",
                None,
                cards,
            )
        )
