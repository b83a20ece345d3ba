"""A site's hand (``SiteHand``) into the plain-data ``HandRecord`` the checker replays: every site alike.

* **What the site paid**: the collect lines summed per player, and by the pot each names; the uncalled
  bets returned are in the ``Summary`` (the checker holds them against the replay, RULES §5.3).
* **Rake** (RULES §13): the site's printed pots are after rake and its total before it; the checker takes
  the rake of each pot from the pots the replay builds (``summary.rake_by_pot``).
* **Runs** (RULES §12): the boards of a hand run twice go in ``HandRecord.boards``.
* **The site's own inconsistencies** found in the lines (the summary's "won" against the collect lines, a
  collect from a pot not printed, a summary board that is not the board dealt) go in
  ``site_inconsistency``: a MISMATCH, not bad input.
* **Not checkable**, with the reason: a game hilo does not play, a cancelled or cashed-out hand, a
  contested showdown whose cards are not all shown.
"""

from __future__ import annotations

from collections.abc import Mapping

from hilo_cli.betting import Action, Hand, Structure
from hilo_cli.bounds import quote, short
from hilo_cli.cards import format_cards
from hilo_cli.games import GAMES, Game
from hilo_cli.histories.actions import players_in, replay_actions
from hilo_cli.histories.amounts import sign_currency
from hilo_cli.histories.base import Currency, HandRecord, Summary
from hilo_cli.histories.site import Header, SiteHand
from hilo_cli.histories.summary import (
    SiteInconsistency,
    board_disagreement,
    collected,
    collected_by_half,
    collected_by_pot,
    won_disagreement,
)

STRUCTURES: dict[str, Structure] = {"Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}
"""The limits as most sites name them (``record`` looks a header's limit up, title-cased), as the
betting structures hilo plays; a site that names another adds it (``{**STRUCTURES, ...}``)."""


def not_played(hand: SiteHand) -> HandRecord:
    """The record of a hand of a game hilo does not play (its header's game is none of the site's names
    for the games of RULES §6): not checkable, with the reason. Its lines need not be read."""
    header = hand.header
    where = f" ({header.mixed} table)" if header.mixed else ""
    reason = (
        f"{short(header.game, 80)} {short(header.limit, 40)}{short(where, 80)} is not a game hilo "
        "plays"
    )
    return HandRecord(hand.source, hand.line, header.id, None, not_checkable=reason)


def record(hand: SiteHand, game: str, structures: Mapping[str, Structure]) -> HandRecord:
    """One hand of ``game`` (hilo's name of the game the header names, RULES §6) into the record
    ``hilo check`` replays and settles (see the module docstring). ``structures`` maps the site's limit
    names to betting structures."""
    header = hand.header
    source, line, id = hand.source, hand.line, header.id
    structure = structures.get(header.limit.title())
    unplayable = _unplayable(hand, structure)
    if unplayable is not None or structure is None:
        return HandRecord(source, line, id, None, not_checkable=unplayable)
    rules = GAMES[game]
    paid = collected(hand.collects)
    currency = hand.currency or _currency(header)
    won = won_disagreement(paid, hand.won, currency.show) if hand.won_printed else None
    found = [*hand.disagreements, *(f for f in (board_disagreement(hand), won) if f)]
    by_pot, halves = _paid_by_pot(hand, found)
    players = players_in(hand)
    shown = _shown_in_summary(hand, players)
    if isinstance(shown, str):
        return HandRecord(source, line, id, None, not_checkable=shown)
    written = replay_actions(hand, players, rules.board_cards == 0, structure) + shown
    summary = None
    if hand.total is not None:
        summary = Summary(hand.total, hand.rake, tuple(hand.printed_pots), dict(hand.uncalled))
    boards = tuple(tuple(hand.boards[r]) for r in sorted(hand.boards) if r > 0)
    return HandRecord(
        source,
        line,
        id,
        _replayable(hand, rules, structure, players, written),
        recorded_won=paid,
        won_excludes_returned=True,
        action_lines=tuple(a.number for a in written),
        recorded_by_pot=by_pot,
        site_inconsistency="; ".join(found) or None,
        summary=summary,
        boards=boards,
        recorded_halves=halves,
        derive_rake=not hand.rake_printed,
        currency=currency,
        depth="per half" if halves else "per pot" if by_pot is not None else "per player",
        skipped=hand.skipped,
        first_skipped=hand.first_skipped,
    )


def site_record(
    hand: SiteHand, games: Mapping[str, str], structures: Mapping[str, Structure]
) -> HandRecord:
    """The record of a hand whose whole text was read before its game was looked up (an XML site's
    element): ``record`` for a game of ``games`` (the site's names of hilo's games), else
    ``not_played``."""
    game = games.get(hand.header.game)
    return not_played(hand) if game is None else record(hand, game, structures)


def _unplayable(hand: SiteHand, structure: Structure | None) -> str | None:
    """Why a hand of a game hilo plays is not checkable, or ``None``: a cancelled hand, a betting
    structure hilo does not replay (``structure`` is the header's, or ``None``), a hand cashed out
    before the showdown."""
    if hand.cancelled:
        return "the hand was cancelled"
    if hand.unplayable is not None:
        return hand.unplayable
    if structure is None:
        return f"the betting structure {quote(hand.header.limit, 40)} is not one hilo replays"
    if hand.cashed_out:
        return (
            f"{', '.join(hand.cashed_out)} cashed out the hand: the pot was not awarded "
            "at a showdown"
        )
    return None


def _replayable(
    hand: SiteHand, game: Game, structure: Structure, players: list[str], written: list[Action]
) -> Hand:
    """The hand as the replay takes it: the players in seat order with their stacks and seats, and the
    actions numbered in order, each keeping its file line (``HandRecord.action_lines``), so that a
    broken rule is reported at FILE:LINE."""
    header = hand.header
    actions = tuple(
        Action(i, a.text, a.actor, a.kind, a.amount, a.cards) for i, a in enumerate(written, 1)
    )
    stacks = {s.name: s.stack for s in hand.seats}
    seats = {s.name: s.seat for s in hand.seats}
    bring_in = next((a.amount for a in hand.actions if a.verb == "bring in"), 0)
    small, big = (header.small, header.big) if structure == "fixed" else (header.big, header.big)
    return Hand(
        game,
        structure,
        tuple(players),
        tuple(stacks[p] for p in players),
        actions,
        seats=tuple(seats[p] for p in players),
        button=hand.button if game.board_cards else None,
        bring_in=bring_in,
        small_bet=small,
        big_bet=big,
        check_turns=game.board_cards > 0,
        id=header.id,
        qualifier=8 if game.split else None,
        chip_unit=hand.chip_unit,
        added=hand.added,
    )


def _paid_by_pot(
    hand: SiteHand, found: list[str]
) -> tuple[tuple[dict[str, int], ...] | None, tuple[dict[str, dict[str, int]], ...] | None]:
    """What the site paid from each pot, and from each half of each pot, where its lines say (``None``
    where they do not); a collect from a pot the summary does not print is added to ``found``."""
    if not hand.pots_named:
        return None, None
    try:
        by_pot = collected_by_pot(
            hand.collects, len(hand.printed_pots) if hand.pots_printed else None
        )
    except SiteInconsistency as e:
        found.append(e.message)
        return None, None
    return by_pot, collected_by_half(hand.collects, len(by_pot))


def _currency(header: Header) -> Currency:
    """Money as the header writes it: cents after a currency sign, with the sign's ISO code; or chips."""
    return sign_currency(header.currency) if header.currency else Currency()


def _shown_in_summary(hand: SiteHand, players: list[str]) -> list[Action] | str:
    """The actions of hands shown or mucked only in the summary ("Seat 3: X showed [...] and won"), or
    why the hand is not checkable: a contested showdown with a live hand nobody shows."""
    dead = hand.mucks | {
        a.player for a in hand.actions if a.verb == "fold"
    }  # folded or mucked (RULES §7.3)
    live = [p for p in players if p not in dead]
    seats = {s.name: s.seat for s in hand.seats}
    out: list[Action] = []
    for p in sorted(
        hand.mucks - {a.player for a in hand.actions if a.verb == "muck"}, key=seats.__getitem__
    ):
        # Mucked in the summary only ("Seat 3: X mucked [...]"): a dead hand (RULES §7.3).
        out.append(Action(hand.end, f"Seat {seats[p]}: {p} mucked", p, "muck"))
    if len(live) > 1:
        unseen = [p for p in live if p not in hand.shows and p not in hand.summary_cards]
        if unseen:
            return f"cards not shown at a contested showdown: {', '.join(unseen)}"
        for p in live:
            if p not in hand.shows:
                # Shown in the summary only: the cards speak (RULES §7.1).
                cards = hand.summary_cards[p]
                out.append(
                    Action(
                        hand.end,
                        f"Seat {seats[p]}: {p} showed [{format_cards(cards)}]",
                        p,
                        "show",
                        None,
                        cards,
                    )
                )
    return out
