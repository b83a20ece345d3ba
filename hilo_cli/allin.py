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

``Luck`` adds hands up per player and ``Unit`` (a currency, whatever sign or code each site writes it
with; or one site's chips): hands, all-in hands, chips won, all-in adjusted chips (chips won, with each
all-in pot's payout replaced by its expectation) and the difference, in memory that does not grow with
the hands.
"""

from __future__ import annotations

import struct
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import IO, NamedTuple

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
        {p.name: p.dead for p in spot.players if p.dead},
        spot.added,
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
    run = _equity(
        spot._replace(players=alone, pot=amount, added=0)
    )  # ``amount`` holds the house's chips
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

SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
"""The ISO code of a currency sign, for the readers that give a sign and no code (PokerStars' ``$``)."""

SHOWN = {code: Currency(sign, "", 100, code) for sign, code in SIGNS.items()}
"""How the summary writes the money of a code, whatever each site's own way (``4.96€`` and ``€3.50``
are one row, shown ``€``)."""


class Unit(NamedTuple):
    """What a summary row counts in: money of one ISO ``code`` (USD, EUR, GBP: every site's dollars
    are one row), or, with ``code`` ``None``, chips, told apart by the ``site`` that writes them (its
    reader's name, ``None`` where no reader read the hand) and their ``scale`` (units to one chip as the
    site writes it: 1, or 100 for amounts written with two decimals and no currency named). Tournament
    chips and play money are chips: they never add to money."""

    code: str | None
    site: str | None
    scale: int

    @property
    def currency(self) -> Currency:
        """How the row's amounts are shown: money by its code (``$1.99``, ``€3.50``, ``SEK 4.00``),
        chips as plain numbers (with two decimals at scale 100)."""
        if self.code is None:
            return Currency("", "", self.scale)
        return SHOWN.get(self.code) or Currency(f"{self.code} ", "", 100, self.code)


def unit_of(currency: Currency | None, site: str | None) -> Unit:
    """The row a hand's amounts add to: money where the site writes cents of a currency it names (by
    ``code``, else by its sign: ``$``, ``€``, ``£``, or a three-letter code written as the sign); chips
    of ``site`` otherwise (no currency, a tournament's chips, play money, cents of no named currency)."""
    if currency is not None and currency.scale == 100:
        sign = (currency.before + currency.after).strip()
        code = currency.code or SIGNS.get(sign) or (sign if _is_code(sign) else None)
        if code is not None:
            return Unit(code, None, 100)
    return Unit(None, site, currency.scale if currency is not None else 1)


def _is_code(sign: str) -> bool:
    return len(sign) == 3 and sign.isascii() and sign.isalpha() and sign.isupper()


class Row(NamedTuple):
    """One player's line of the summary, in one ``unit``. ``adjusted`` is ``won`` plus the sum of the
    all-in differences; ``difference`` that sum."""

    name: str
    unit: Unit
    hands: int
    all_in: int
    won: int
    adjusted: Fraction
    difference: Fraction
    exact: bool


class Line(NamedTuple):
    """One line of the plot: a player's chips won (``kind`` ``won``) or all-in adjusted chips
    (``adjusted``) in one unit, after each hand: ``hands`` the hand's number among every hand read (from
    1; the line starts at 0 before the first), ``values`` the running total then, in the unit's smallest
    amount. At most ``4 * BUCKETS`` points (``thinned``)."""

    name: str
    unit: Unit
    kind: str
    hands: tuple[int, ...]
    values: tuple[float, ...]


BUCKETS = 1024
"""A plot's line keeps, of each of this many runs of hands, its first, lowest, highest and last point:
as many runs as a wide picture has columns of pixels, so the line looks as it would with every hand."""


@dataclass(slots=True)  # one per player and unit: every player's, for the hero is known at the end
class _Sum:
    hands: int = 0
    all_in: int = 0
    won: int = 0
    difference: Fraction = Fraction(0)
    exact: bool = True
    line: int = -1  # this row's number in the points file, once it has one


_POINT = struct.Struct("<QIdd")  # hand, row, chips won so far, all-in adjusted so far


class Luck:
    """Every hand's ``HandLuck`` added up, in memory that does not grow with the hands: one running sum
    per (player, ``Unit``) and the counts of all-in and not computable hands (a hand counts once however
    many play it). ``players``: only these players' rows (empty: every player's, for the hero is known
    only at the end). ``plot``: keep each row's running totals after every hand for ``lines``, in a
    temporary file (deleted when the summary is), not in memory."""

    def __init__(self, players: Iterable[str] = (), plot: bool = False) -> None:
        self.chosen = tuple(players)
        self.hands = 0
        self.all_in = 0
        self.not_computable = 0
        self.why: dict[str, int] = {}
        self.heroes: dict[str, int] = {}
        self._sums: dict[tuple[str, Unit], _Sum] = {}
        self._keys: list[tuple[str, Unit]] = []
        self._points: IO[bytes] | None = tempfile.TemporaryFile() if plot else None

    def add(self, hand: HandLuck, site: str | None = None) -> None:
        """Count one hand, read by ``site``'s reader (a hand with no known result counts for nothing)."""
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
        mine = {p.name: p.difference for p in found.players} if found is not None else {}
        unit = unit_of(hand.currency, site)
        for name, net in hand.net.items():
            if self.chosen and name not in self.chosen:
                continue
            row = self._sums.get((name, unit))
            if row is None:
                row = self._sums[name, unit] = _Sum()
            row.hands += 1
            row.won += net
            if name in mine and found is not None:
                row.all_in += 1
                row.difference += mine[name]
                row.exact = row.exact and bool(found.exact)
            if self._points is not None:
                if row.line < 0:
                    row.line = len(self._keys)
                    self._keys.append((name, unit))
                adjusted = float(row.won + row.difference)
                self._points.write(_POINT.pack(self.hands, row.line, row.won, adjusted))

    def merge(self, other: Luck) -> None:
        """Add ``other``'s hands to these, as if they had been added after these (a summary made of
        parts: a Dask reduction over files). Both must have the same ``players``; a plot's points are
        not merged (neither may keep them)."""
        if self.chosen != other.chosen:
            raise ValueError("cannot merge the summaries of different players")
        if self._points is not None or other._points is not None:
            raise ValueError("cannot merge the summaries of a plot")
        self.hands += other.hands
        self.all_in += other.all_in
        self.not_computable += other.not_computable
        for why, count in other.why.items():
            self.why[why] = self.why.get(why, 0) + count
        for hero, count in other.heroes.items():
            self.heroes[hero] = self.heroes.get(hero, 0) + count
        for key, theirs in other._sums.items():
            row = self._sums.get(key)
            if row is None:
                row = self._sums[key] = _Sum()
            row.hands += theirs.hands
            row.all_in += theirs.all_in
            row.won += theirs.won
            row.difference += theirs.difference
            row.exact = row.exact and theirs.exact

    @property
    def plotted(self) -> bool:
        """Whether the points of a plot are kept (``plot``; until ``close``)."""
        return self._points is not None

    def hero(self) -> str | None:
        """The player the files mark as their own most often, if any."""
        return max(self.heroes, key=lambda n: self.heroes[n]) if self.heroes else None

    def shown(self) -> tuple[str, ...]:
        """The players a summary shows: those chosen, else the hero, else everyone (empty)."""
        hero = self.hero()
        return self.chosen or ((hero,) if hero is not None else ())

    def rows(self) -> list[Row]:
        """The summary's rows, by name, then money (by code) before chips (by site and scale)."""
        names = self.shown()
        out = []
        for (name, unit), s in sorted(self._sums.items(), key=lambda kv: _order(*kv[0])):
            if not names or name in names:
                adjusted = s.won + s.difference
                out.append(
                    Row(name, unit, s.hands, s.all_in, s.won, adjusted, s.difference, s.exact)
                )
        return out

    def lines(self, names: Iterable[str]) -> list[Line]:
        """The plot's lines of the players ``names`` (each row's chips won, then its all-in adjusted
        chips), thinned to at most ``4 * BUCKETS`` points each; empty without ``plot``."""
        if self._points is None:
            return []
        wanted = set(names)
        keep = {i: key for i, key in enumerate(self._keys) if key[0] in wanted}
        width = max(1, -(-self.hands // BUCKETS))
        thin = {(i, kind): Thinned(width) for i in keep for kind in (0, 1)}
        self._points.flush()
        self._points.seek(0)
        while chunk := self._points.read(_POINT.size * 4096):
            for hand, i, won, adjusted in _POINT.iter_unpack(chunk):
                if i in keep:
                    thin[i, 0].add(hand, won)
                    thin[i, 1].add(hand, adjusted)
        self._points.seek(0, 2)
        out = []
        for i, (name, unit) in sorted(keep.items(), key=lambda kv: _order(*kv[1])):
            for kind, label in ((0, "won"), (1, "adjusted")):
                hands, values = thin[i, kind].points()
                out.append(Line(name, unit, label, hands, values))
        return out

    def close(self) -> None:
        """Delete the points file, if any."""
        if self._points is not None:
            self._points.close()
            self._points = None


def unit_order(unit: Unit) -> tuple[bool, str, str, int]:
    """Money first, by code; then chips, by site and scale."""
    return (unit.code is None, unit.code or "", unit.site or "", unit.scale)


def _order(name: str, unit: Unit) -> tuple[str, tuple[bool, str, str, int]]:
    return (name, unit_order(unit))


class Thinned:
    """A line's points thinned for a picture: of each run of ``width`` hands (hands 1 to ``width``,
    then the next ``width``, ...), its first, lowest, highest and last point, in hand order (the M4
    rule: a line through them covers the same pixels as the line through every point). A width of 1
    keeps every point."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.hands: list[int] = []
        self.values: list[float] = []
        self._run: list[tuple[int, float]] = []
        self._at = -1

    def add(self, hand: int, value: float) -> None:
        """The value after ``hand`` (hands in increasing order)."""
        run = (hand - 1) // self.width
        if run != self._at:
            self._flush()
            self._at = run
        self._run.append((hand, value))
        if len(self._run) > 4:  # the first, the lowest and highest between, the last
            first, *middle, last = self._run
            low = min(middle, key=lambda p: p[1])
            high = max(middle, key=lambda p: p[1])
            self._run = [first, *sorted({low, high}), last]

    def _flush(self) -> None:
        for hand, value in self._run:
            self.hands.append(hand)
            self.values.append(value)
        self._run = []

    def points(self) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """Every point kept, in hand order."""
        self._flush()
        return tuple(self.hands), tuple(self.values)
