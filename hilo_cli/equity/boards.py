"""Equity on several boards (RULES §12): run it twice or three times, or a double-board deal, with the
cards known so far on each board.

Under the default rule (§12.2, ``each``) every pot is cut into one share per board (the leftover units
to the first boards) and each share is divided as a single pot on its board alone. A player's chips from
a share depend on that board's cards only, so by linearity of expectation their expected chips are the
sum over boards and pots of the expected chips from that share on that board. The cards still to come on
one board are, whatever the other boards receive, every set of the unseen cards equally likely (the
cards of every board that are known, the hole cards and the dead cards are seen): so each share's
expectation is a single-board equity run (``equity``) of that board, with the cards known on the other
boards dead, the pot's eligible players live and the others folded, and the share as its pot. The shares
are those ``settle`` gives a completed deal (``BoardResult.amount``).

``either`` (§12.4, each player's best high and low over all boards in one division) depends on every
board at once: its runouts are the joint ones (``either.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import sqrt
from typing import TYPE_CHECKING

from hilo_cli.cards import DECK, Card
from hilo_cli.deal import Deal
from hilo_cli.equity.runouts import NO_MONEY_POT
from hilo_cli.errors import DealError
from hilo_cli.showdown import Settlement, settle

if TYPE_CHECKING:
    from hilo_cli.equity import Equity


def several_boards(
    deal: Deal,
    dead: Sequence[Card],
    samples: int | None,
    seed: int | None,
    exact: bool,
    run: Callable[..., Equity],
) -> Equity:
    """Equity of a deal on several boards (``deal.boards``, each with 0 to 5 known cards) by RULES §12.2;
    ``run`` is the single-board ``equity``. A sampled run samples ``samples`` runouts of each board's
    share, each board with its own seed (``seed + b``)."""
    deal, money = checked(deal)
    # Every check of a showdown on several boards (RULES §12.5), and the shares.
    first = settle(completed(deal, tuple(dead)))
    names = tuple(p.name for p in deal.players if not p.folded)
    per_board: list[Equity] = []
    chips = dict.fromkeys(names, Fraction(0))
    variance = dict.fromkeys(names, 0.0)
    pot_chips: list[dict[str, Fraction]] = [
        dict.fromkeys(pot.eligible, Fraction(0)) for pot in first.pots
    ]
    for b in range(len(deal.boards)):
        one, others, figures = alone(deal, b, tuple(dead), samples, seed, exact, run)
        board_chips = dict.fromkeys(names, Fraction(0))
        board_se = dict.fromkeys(names, 0.0)
        for p, pot in enumerate(first.pots):
            # A pot with one eligible player is not divided between boards (§12.3): whole, once.
            share = pot.runs[b].amount if pot.runs else pot.amount if b == 0 else 0
            expected, se = _share(one, pot.eligible, share, others, samples, seed, b, exact, run)
            for name, value in expected.items():
                board_chips[name] += value
                pot_chips[p][name] += value
                # Pots on one board share their runouts: the sum of their errors is a bound.
                board_se[name] += se.get(name, 0.0)
        for name in names:
            chips[name] += board_chips[name]
            variance[name] += board_se[name] ** 2
        per_board.append(
            _board_figures(figures, board_chips, board_se if samples is not None else None, money)
        )
    return _total(deal, tuple(dead), first, per_board, chips, variance, pot_chips, money)


def checked(deal: Deal) -> tuple[Deal, bool]:
    """A deal on several boards that equity takes (no rake, no board of more cards than the game
    deals), with ``NO_MONEY_POT`` for each board when no money was given; and whether money was."""
    if any(deal.rake):
        raise DealError("equity divides whole pots; rake (RULES §13) is out of scope")
    game = deal.game
    for b, board in enumerate(deal.boards):
        if len(board) > game.board_cards:
            raise DealError(
                f"board {b + 1} has {len(board)} cards; {game.name} deals {game.board_cards}"
            )
    money = deal.pot is not None or any(p.contributed is not None for p in deal.players)
    if not money:  # the plain share of one pot: every board's share divides evenly (NO_MONEY_POT)
        deal = deal._replace(pot=NO_MONEY_POT * len(deal.boards) * deal.chip_unit)
    return deal, money


def alone(
    deal: Deal,
    b: int,
    dead: tuple[Card, ...],
    samples: int | None,
    seed: int | None,
    exact: bool,
    run: Callable[..., Equity],
) -> tuple[Deal, tuple[Card, ...], Equity]:
    """Board ``b`` on its own: the one-board deal, the cards out of its play (``dead`` and the cards
    known on the other boards), and its run without money (its chances; ``samples`` with seed
    ``seed + b``)."""
    seen = {c for board in deal.boards for c in board}
    board = deal.boards[b]
    out = (*dead, *(c for c in DECK if c in seen and c not in board))
    one = deal._replace(board=board, boards=(), multi_board="each")
    figures = run(
        one._replace(
            pot=None, added=0, players=tuple(p._replace(contributed=None) for p in deal.players)
        ),
        out,
        samples,
        None if samples is None else (seed or 0) + b,
        exact,
    )
    return one, out, figures


def completed(deal: Deal, dead: tuple[Card, ...]) -> Deal:
    """The deal with every board and hidden hand filled from the unseen cards, each card once: a deal
    ``settle`` checks."""
    seen = set(dead) | {c for board in deal.boards for c in board}
    for p in deal.players:
        seen.update(p.hole or ())
    unseen = [c for c in DECK if c not in seen]
    game = deal.game
    wanted = [game.board_cards - len(board) for board in deal.boards]
    hidden = [
        0 if p.folded else max(game.hole_cards - len(p.hole or ()), 0) for p in deal.players
    ]  # hidden hole cards (``??``, ``random``): dealt by each board's run
    if sum(wanted) + sum(hidden) > len(unseen):
        raise DealError(
            f"too few cards left: {len(unseen)} unseen cards for the {sum(wanted)} board cards "
            f"to come on the boards together and the {sum(hidden)} hidden hole cards"
        )
    at = 0
    boards = []
    for board, k in zip(deal.boards, wanted, strict=True):
        boards.append(board + tuple(unseen[at : at + k]))
        at += k
    players = []
    for p, k in zip(deal.players, hidden, strict=True):
        players.append(p._replace(hole=(*(p.hole or ()), *unseen[at : at + k])) if k else p)
        at += k
    return deal._replace(board=boards[0], boards=tuple(boards), players=tuple(players))


def _share(
    one: Deal,
    eligible: tuple[str, ...],
    share: int,
    dead: tuple[Card, ...],
    samples: int | None,
    seed: int | None,
    b: int,
    exact: bool,
    run: Callable[..., Equity],
) -> tuple[dict[str, Fraction], dict[str, float]]:
    """Each eligible player's expected chips from ``share`` chips of one pot divided on one board."""
    if not share:
        return dict.fromkeys(eligible, Fraction(0)), {}
    if len(eligible) == 1:
        return {eligible[0]: Fraction(share)}, {}
    players = tuple(
        p._replace(contributed=None, folded=p.folded or p.name not in eligible) for p in one.players
    )
    e = run(
        one._replace(pot=share, added=0, players=players),  # ``share`` holds the house's chips
        dead,
        samples,
        None if samples is None else (seed or 0) + b,
        exact,
    )
    se = {p.name: (p.se or {}).get("expected_chips", 0.0) for p in e.players}
    return {p.name: p.expected_chips or Fraction(0) for p in e.players}, se


def _board_figures(
    figures: Equity, chips: dict[str, Fraction], se: dict[str, float] | None, money: bool
) -> Equity:
    """One board's run: its chances, and each player's expected chips from that board's shares."""
    total = sum(chips.values(), Fraction(0))
    players = []
    for p in figures.players:
        value = chips[p.name]
        fields = dict(p.se) if p.se is not None else None
        if fields is not None and se is not None:
            fields["expected_chips"] = se[p.name]
            fields["equity"] = se[p.name] / float(total) if total else 0.0
        players.append(
            p._replace(
                equity=value / total if total else p.equity,
                expected_chips=value if money else None,
                se=fields,
            )
        )
    return figures._replace(players=tuple(players), pots=(), money=money)


def _total(
    deal: Deal,
    dead: tuple[Card, ...],
    settlement: Settlement,
    per_board: list[Equity],
    chips: dict[str, Fraction],
    variance: dict[str, float],
    pot_chips: list[dict[str, Fraction]],
    money: bool,
) -> Equity:
    from hilo_cli.equity import Equity, PlayerEquity, PotEquity

    pots_in = sum(pot.amount for pot in settlement.pots)
    sampled = not per_board[0].exact
    players = []
    for name, value in chips.items():
        se = None
        if sampled:
            se = {"expected_chips": sqrt(variance[name]), "equity": sqrt(variance[name]) / pots_in}
        players.append(
            PlayerEquity(
                name,
                value / pots_in if pots_in else Fraction(0),
                value if money else None,
                None,
                None,
                None,
                None,
                None,
                None,
                se,
            )
        )
    pots = tuple(
        PotEquity(pot.name, pot.amount, pot.eligible, pot_chips[p], None)
        for p, pot in enumerate(settlement.pots)
    )
    return Equity(
        deal if money else deal._replace(pot=None),
        dead,
        not sampled,
        sum(b.runouts for b in per_board),
        per_board[0].seed,
        tuple(players),
        pots if money else (),
        dict(settlement.returned),
        None,
        None,
        money,
        per_board[0].method,
        next((b.note for b in per_board if b.note), None),
        tuple(per_board),
        per_board[0].ranges,
    )
