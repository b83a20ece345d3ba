"""All-in equity (issue 20): what each all-in pot was worth when the betting ended with cards to come.

A hand is *all in with cards to come* when its last betting action came before the board was complete
and two or more hands were live: nothing anyone did could change the pots after that, only the cards.
Its players' expected chips at that moment are ``equity.equity`` on the deal as it stood (the board
dealt before the last betting action, every live hand's cards, every player's contribution, folded
chips included), exact, or sampled by ``equity``'s own rule (``equity.choose``, from counts alone: an
exact run that would settle too many runouts one by one samples 10,000, seed 0, and says so): the very
figures ``hilo equity`` gives on that spot.

Rake (RULES §13): the site's rake comes off each pot before it is divided (``checking.site_deal`` gives
it per pot). ``equity`` divides whole pots, so a raked hand is run pot by pot, each pot after its rake
on its own among its eligible players (§5.4: each pot on its own), which is ``hilo equity --pot N`` on
that pot. A hand run twice or three times (§12) is worth the same expectation as once: every run is a
runout of the same deck, and the pot is split between runs in expectation evenly.

A hand whose live hand was not shown (a loser who mucked, PHH ``??``), or that ``equity`` does not cover
(stud; more than nine live hands), is *not computable*: counted, with the reason, never guessed.

``Luck`` adds hands up per player (and per currency): hands, all-in hands, chips won, all-in adjusted
chips (chips won, with each all-in pot's payout replaced by its expectation) and the difference.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from hilo_cli.betting import BETTING_KINDS, Hand, Replayed
from hilo_cli.cards import Card
from hilo_cli.deal import Deal
from hilo_cli.equity import Equity, equity
from hilo_cli.errors import DealError
from hilo_cli.histories.base import Currency
from hilo_cli.pots import Pot, build_pots

STREETS = {0: "preflop", 3: "flop", 4: "turn"}


class PlayerAllIn(NamedTuple):
    """One live player of an all-in pot: ``equity`` (expected chips over every chip the pots paid, after
    rake), ``expected_chips``, ``won`` (what the pots paid them: uncalled chips returned are no one's to
    win and left out) and ``difference`` (expected minus won: positive, the cards ran below expectation)."""

    name: str
    equity: Fraction
    expected_chips: Fraction
    won: int
    difference: Fraction


class AllIn(NamedTuple):
    """One hand all in with cards to come: the ``street`` and ``board`` when the betting ended; the
    equity run (``runouts``, ``exact``, ``note`` where ``equity`` chose to sample); ``players``, the
    live hands in seat order; ``why`` is set instead (and ``players`` empty) when not computable."""

    street: str
    board: tuple[Card, ...]
    runouts: int | None
    exact: bool | None
    note: str | None
    players: tuple[PlayerAllIn, ...]
    why: str | None = None


class HandLuck(NamedTuple):
    """One hand's part of the summary: ``net`` chips won by each player dealt in (what they collected,
    uncalled chips included, minus what they put in), ``all_in`` where the hand was all in with cards to
    come, and ``hero`` where the site marks one (the one player the history deals known cards to)."""

    source: str
    line: int
    id: str | None
    currency: Currency | None
    net: dict[str, int]
    all_in: AllIn | None
    hero: str | None


def board_at_all_in(hand: Hand) -> tuple[Card, ...] | None:
    """The board dealt before the hand's last betting action, if more board cards were dealt after it
    (the betting ended with cards to come); ``None`` otherwise."""
    board: list[Card] = []
    at: int | None = None
    for action in hand.actions:
        if action.kind == "deal-board":
            board.extend(c for c in action.cards if c is not None)
        elif action.kind in BETTING_KINDS:
            at = len(board)
    if at is None or at >= hand.game.board_cards:
        return None
    return tuple(board[:at])


def stud_cards_to_come(hand: Hand) -> bool:
    """Whether a stud hand's betting ended before its last cards were dealt."""
    betting = [i for i, a in enumerate(hand.actions) if a.kind in BETTING_KINDS]
    dealt = [i for i, a in enumerate(hand.actions) if a.kind == "deal-hole"]
    return bool(betting and dealt and dealt[-1] > betting[-1])


def may_be_all_in(hand: Hand) -> bool:
    """Whether a hand's actions end with cards dealt after the last betting action (a quick look at the
    actions: ``all_in`` decides, after the replay)."""
    if hand.game.board_cards == 0:
        return stud_cards_to_come(hand)
    return board_at_all_in(hand) is not None


def hero_of(hand: Hand) -> str | None:
    """The player the history marks as its own: the one player dealt known hole cards (PokerStars and
    the other sites' ``Dealt to``); ``None`` where every hand is dealt face up to the file (PHH) or none."""
    known = {
        a.actor for a in hand.actions if a.kind == "deal-hole" and a.cards and None not in a.cards
    }
    return next(iter(known)) if len(known) == 1 else None


def all_in(replayed: Replayed, deal: Deal, paid: Mapping[str, int], hand: Hand) -> AllIn | None:
    """The all-in figures of a replayed hand (``deal``: as the site settled it, its rake per pot;
    ``paid``: what each player collected from the pots), or ``None`` if it was not all in with cards to
    come. Never raises for a hand it cannot compute: the ``AllIn`` says why."""
    folded = set(replayed.folded)
    live = [p for p in replayed.deal.players if p.name not in folded]
    if len(live) < 2:
        return None
    game = deal.game
    if game.board_cards == 0:
        if not stud_cards_to_come(hand):
            return None
        return AllIn(
            "stud",
            (),
            None,
            None,
            None,
            (),
            f"equity covers the board games; {game.name} is out of scope",
        )
    board = board_at_all_in(hand)
    if board is None:
        return None
    street = STREETS.get(len(board), f"{len(board)} cards")
    unseen = [p.name for p in live if p.hole is None]
    if unseen:
        return AllIn(street, board, None, None, None, (), f"cards not shown: {', '.join(unseen)}")
    players = tuple(p._replace(folded=p.name in folded) for p in deal.players)
    spot = deal._replace(board=board, boards=(), rake=(), expected=None, players=players)
    try:
        return _figures(spot, deal.rake, paid, street)
    except DealError as e:
        return AllIn(street, board, None, None, None, (), e.message)


def _figures(spot: Deal, rake: tuple[int, ...], paid: Mapping[str, int], street: str) -> AllIn:
    """Each live player's expected chips on ``spot``: one ``equity`` run for every pot the site did not
    rake (each pot's own figures, ``PotEquity``), and one for each raked pot after its rake, among its
    eligible players alone (a site rakes the main pot first: most hands need two runs at most)."""
    if not any(rake):
        run = _equity(spot)
        expected = {p.name: p.expected_chips or Fraction(0) for p in run.players}
        return _all_in(spot, street, expected, [run], paid)
    pots, _ = build_pots(
        {p.name: p.contributed or 0 for p in spot.players},
        {p.name for p in spot.players if p.folded},
    )
    raked = {i for i in range(len(pots)) if i < len(rake) and rake[i]}
    expected = {p.name: Fraction(0) for p in spot.players if not p.folded}
    runs: list[Equity] = []
    if any(len(pot.eligible) > 1 for i, pot in enumerate(pots) if i not in raked):
        whole = _equity(spot)
        runs.append(whole)
        for i, pot_equity in enumerate(whole.pots):
            if i not in raked:
                for name, chips in pot_equity.expected_chips.items():
                    expected[name] += chips
    else:
        for i, pot in enumerate(pots):
            if i not in raked:
                expected[pot.eligible[0]] += pot.amount
    for i in sorted(raked):
        runs += _raked_pot(spot, pots[i], pots[i].amount - rake[i], expected)
    return _all_in(spot, street, expected, runs, paid)


def _raked_pot(spot: Deal, pot: Pot, amount: int, expected: dict[str, Fraction]) -> list[Equity]:
    """Add one pot's expected chips after its rake (``hilo equity --pot N`` among its eligible players,
    the other hands dead); the run, if one was needed."""
    if len(pot.eligible) == 1:
        expected[pot.eligible[0]] += amount
        return []
    alone = tuple(
        p._replace(contributed=None, folded=p.name not in pot.eligible) for p in spot.players
    )
    run = _equity(spot._replace(players=alone, pot=amount))
    for p in run.players:
        expected[p.name] += p.expected_chips or Fraction(0)
    return [run]


def _equity(spot: Deal) -> Equity:
    """``equity`` on a spot, the numpy way for the Omaha games: exact either way and the same figures, but
    in a run of many hands numpy is imported once, and settling a flop's runouts one by one costs ten
    times more (``equity.method_for`` weighs the import against one run)."""
    return equity(spot, method="vector" if spot.game.hole_used == 2 else None)


def _all_in(
    spot: Deal,
    street: str,
    expected: dict[str, Fraction],
    runs: list[Equity],
    paid: Mapping[str, int],
) -> AllIn:
    total = sum(expected.values(), Fraction(0))
    players = tuple(
        PlayerAllIn(
            name,
            chips / total if total else Fraction(0),
            chips,
            paid.get(name, 0),
            chips - paid.get(name, 0),
        )
        for name, chips in expected.items()
    )
    exact = all(r.exact for r in runs)
    runouts = max((r.runouts for r in runs), default=1)
    note = next((r.note for r in runs if r.note), None)
    if not exact and note is None:
        note = f"sampled {runouts:,} runouts"
    return AllIn(street, spot.board, runouts, exact, note, players)


def net_won(replayed: Replayed, won: Mapping[str, int] | None) -> dict[str, int]:
    """Each player's chips won in a hand: what they collected (``won``, uncalled chips included) minus
    what they put in; empty when the result is unknown."""
    if won is None:
        return {}
    return {name: won.get(name, 0) - put for name, put in replayed.contributed.items()}


# -- the summary ------------------------------------------------------------------------------------------


class Row(NamedTuple):
    """One player's line of the summary, in one currency. ``adjusted`` is ``won`` plus the sum of the
    all-in differences; ``difference`` that sum."""

    name: str
    currency: Currency | None
    hands: int
    all_in: int
    won: int
    adjusted: Fraction
    difference: Fraction
    exact: bool


class Point(NamedTuple):
    """One hand of a player's series: chips won and all-in adjusted chips so far (``hand``: its number
    in the player's hands, from 1)."""

    hand: int
    won: int
    adjusted: Fraction


@dataclass
class _Sum:
    hands: int = 0
    all_in: int = 0
    won: int = 0
    difference: Fraction = Fraction(0)
    exact: bool = True


class Luck:
    """Every hand's ``HandLuck`` added up: per (player, currency) rows, the series for a plot, and the
    counts of all-in and not computable hands (a hand counts once however many play it). ``players``:
    only these players' rows and series (empty: every player's)."""

    def __init__(self, players: Iterable[str] = ()) -> None:
        self.chosen = tuple(players)
        self.hands = 0
        self.all_in = 0
        self.not_computable = 0
        self.why: dict[str, int] = {}
        self.heroes: dict[str, int] = {}
        self._sums: dict[tuple[str, Currency | None], _Sum] = {}
        self.series: dict[tuple[str, Currency | None], list[Point]] = {}

    def add(self, hand: HandLuck) -> None:
        """Count one hand (a hand with no known result counts for nothing)."""
        if not hand.net:
            return
        self.hands += 1
        if hand.hero is not None:
            self.heroes[hand.hero] = self.heroes.get(hand.hero, 0) + 1
        found = hand.all_in
        if found is not None and found.why is None:
            self.all_in += 1
        elif found is not None:
            self.not_computable += 1
            why = (found.why or "").split(":")[0]
            self.why[why] = self.why.get(why, 0) + 1
        mine = {p.name: p for p in found.players} if found is not None else {}
        for name, net in hand.net.items():
            if self.chosen and name not in self.chosen:
                continue
            key = (name, hand.currency)
            row = self._sums.setdefault(key, _Sum())
            row.hands += 1
            row.won += net
            change = Fraction(0)
            if name in mine and found is not None:
                change = mine[name].difference
                row.all_in += 1
                row.difference += change
                row.exact = row.exact and bool(found.exact)
            series = self.series.setdefault(key, [])
            before = series[-1] if series else Point(0, 0, Fraction(0))
            series.append(Point(before.hand + 1, before.won + net, before.adjusted + net + change))

    def hero(self) -> str | None:
        """The player the files mark as their own most often, if any."""
        return max(self.heroes, key=lambda n: self.heroes[n]) if self.heroes else None

    def shown(self) -> tuple[str, ...]:
        """The players a summary shows: those chosen, else the hero, else everyone (empty)."""
        hero = self.hero()
        return self.chosen or ((hero,) if hero is not None else ())

    def rows(self) -> list[Row]:
        """The summary's rows, by name then currency."""
        names = self.shown()
        out = []
        for (name, currency), s in sorted(
            self._sums.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))
        ):
            if not names or name in names:
                out.append(
                    Row(
                        name,
                        currency,
                        s.hands,
                        s.all_in,
                        s.won,
                        s.won + s.difference,
                        s.difference,
                        s.exact,
                    )
                )
        return out
