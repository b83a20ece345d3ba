"""A deal as the library takes it, and the checks that make it one a dealer could have dealt.

Readers (``formats``) build ``Deal`` values; ``check_deal`` rejects what breaks the rules of the game
(RULES §2, §4.2, §5, §7, several boards §12.5, rake §13) with a ``DealError`` that says what and where.
"""

from __future__ import annotations

from typing import NamedTuple

from hilo_cli.cards import Card
from hilo_cli.errors import DealError
from hilo_cli.games import Game, OddChipRule


class Player(NamedTuple):
    """One seat at showdown. ``hole`` may be ``None`` for a folded player (or a lone live one).

    ``dead``: the part of ``contributed`` that was dead money (antes, a dead small blind): in the pot but
    no bet, so never what an uncalled bet is measured against, and the main pot's (``pots.build_pots``).
    """

    name: str
    seat: int
    hole: tuple[Card, ...] | None
    contributed: int | None = None
    folded: bool = False
    dead: int = 0


class Deal(NamedTuple):
    """One showdown: the game, the board, the players in clockwise order, and the money.

    Either ``pot`` (one pot every live player is in) or every player's ``contributed``. ``button`` is a
    seat number; ``None`` means the last listed player's seat. ``odd_chip`` ``None`` means the game's
    own rule. ``expected`` holds amounts someone paid out, to be checked.

    Several boards (RULES §12): ``boards`` holds two or more boards (run it twice or three times, or a
    double-board game), and then ``board`` is ``boards[0]``; it is empty for a single-board deal.
    ``multi_board`` is ``"each"`` (every pot split between the boards, §12.2) or ``"either"`` (the best
    high and the best low over all boards, Ultimate Big O, §12.4). ``rake`` (§13) is the chips the house
    took from each pot before dividing it, in pot order (main pot, side pot 1, ...); missing entries are 0.
    ``added``: chips the house put in the main pot that no player contributed (a "splash the pot"; with
    ``contributed`` only, ``pots.build_pots``).
    """

    game: Game
    board: tuple[Card, ...]
    players: tuple[Player, ...]
    pot: int | None = None
    button: int | None = None
    chip_unit: int = 1
    qualifier: int | None = 8
    odd_chip: OddChipRule | None = None
    id: str | None = None
    expected: dict[str, int] | None = None
    boards: tuple[tuple[Card, ...], ...] = ()
    multi_board: str = "each"
    rake: tuple[int, ...] = ()
    added: int = 0

    @property
    def button_seat(self) -> int:
        return self.button if self.button is not None else self.players[-1].seat

    @property
    def odd_chip_rule(self) -> OddChipRule:
        return self.odd_chip or self.game.odd_chip

    @property
    def all_boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every board in dealing order: ``boards``, or the one ``board``."""
        return self.boards or (self.board,)


MULTI_BOARD = ("each", "either")


def _whole(value: object) -> bool:
    """A whole number that is not a bool (``True`` is an ``int`` in Python, never an amount)."""
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def _amount(value: object, what: str, unit: int) -> int:
    if not _whole(value):
        raise DealError(f"{what} is {value!r}: amounts are whole numbers of chips")
    assert isinstance(value, int)
    if value < 0:
        raise DealError(f"{what} is {value}: amounts cannot be negative")
    if value % unit:
        raise DealError(f"{what} is {value}, not a multiple of the chip unit {unit} (RULES §4.2)")
    return value


def check_deal(deal: Deal) -> None:
    """Raise ``DealError`` unless the deal could have happened under its game's rules."""
    game, unit, players = deal.game, deal.chip_unit, deal.players
    if not _whole(unit) or unit <= 0:
        raise DealError(f"chip unit is {unit!r}: it must be a whole number of chips, 1 or more")
    if deal.qualifier not in (8, 9, None):
        raise DealError(f"qualifier {deal.qualifier!r} is not 8, 9 or none")
    if not players:
        raise DealError("no players")
    if deal.multi_board not in MULTI_BOARD:
        raise DealError(f"multi_board {deal.multi_board!r} is not each or either (RULES §12)")
    if deal.boards:
        _check_boards(deal)
    else:
        _check_board(deal)
    if deal.rake:
        _check_rake(deal.rake, unit)
    if type(unit) is int and not deal.boards and _plainly_valid(deal, game.hole_cards, unit):
        return
    _check_seating(deal)
    _check_hands(deal)
    if deal.expected is not None:
        # The names as a set once: a set per name made a hand of many players quadratic.
        seated = {p.name for p in players}
        strangers = [n for n in deal.expected if n not in seated]
        if strangers:
            raise DealError(
                f"expected amounts name {', '.join(map(repr, strangers))}, who did not play this deal"
            )
    _check_money(deal)


def _check_hands(deal: Deal) -> None:
    """Someone live; every live hand shown whole (a lone live one need not be, RULES §7), none over the
    game's count; no more cards than a deck, and none twice."""
    game, players = deal.game, deal.players
    live = [p for p in players if not p.folded]
    if not live:
        raise DealError("every player folded: there is nobody to award the pot to")
    cards = list(_board_cards(deal))
    for p in players:
        hole = p.hole
        if hole is None:
            if not p.folded and len(live) > 1:
                raise DealError(
                    f"player {p.name}: no hole cards; a live hand must show them all (RULES §7)"
                )
            continue
        if (len(hole) != game.hole_cards and not p.folded) or len(hole) > game.hole_cards:
            has = "1 hole card" if len(hole) == 1 else f"{len(hole)} hole cards"
            raise DealError(f"player {p.name} has {has}; {game.name} deals {game.hole_cards}")
        cards += hole
    if len(cards) > 52:
        # Only the cards the deal shows count: folded players who gave no cards take none (issue 8).
        raise DealError(
            f"the board and {len(players)} players show {len(cards)} cards; a deck has 52"
        )
    if len(set(cards)) != len(cards):
        _duplicate(deal)


def _check_money(deal: Deal) -> None:
    """Either the one ``pot`` or every player's ``contributed``, in whole chip units (RULES §4.2)."""
    players, unit = deal.players, deal.chip_unit
    if deal.pot is not None:
        if [p for p in players if p.contributed is not None]:
            raise DealError("give the pot or what each player put in, not both")
        _amount(deal.pot, "pot", unit)
        if deal.added:
            raise DealError("chips the house added go with what each player put in, not with a pot")
        return
    missing = [p.name for p in players if p.contributed is None]
    if len(missing) == len(players):
        raise DealError("no money: give the pot, or what each player put in")
    if missing:
        raise DealError(
            f"what {', '.join(missing)} put in is not given: give it for every player, or give the "
            "pot instead"
        )
    if deal.added:
        _amount(deal.added, "the chips the house added", unit)
    for p in players:
        _amount(p.contributed, f"player {p.name}: contributed", unit)
        if p.dead:
            _amount(p.dead, f"player {p.name}: dead money", 1)
            if p.dead > (p.contributed or 0):
                raise DealError(
                    f"player {p.name}: dead money {p.dead} is more than the {p.contributed} put in"
                )


def _check_board(deal: Deal) -> None:
    """One board of the game's size; a lone live hand wins without a showdown, so it needs no board, or
    only the cards dealt before everyone else folded (RULES §7)."""
    game, count = deal.game, len(deal.board)
    if count == game.board_cards or (count < game.board_cards and _lone_hand(deal)):
        return
    if game.board_cards == 0:
        given = "1 board card was" if count == 1 else f"{count} board cards were"
        raise DealError(f"{game.name} has no board, but {given} given")
    raise DealError(
        f"the board has {'1 card' if count == 1 else f'{count} cards'}; "
        f"{game.name} needs exactly {game.board_cards}"
    )


def _lone_hand(deal: Deal) -> bool:
    """Exactly one live player (RULES §7: no showdown, so the board need not be complete)."""
    return sum(not getattr(p, "folded", False) for p in deal.players) == 1


def _board_cards(deal: Deal) -> list[Card]:
    """Every card on the boards, a card of a common prefix once (RULES §12.5)."""
    if not deal.boards:
        return list(deal.board)
    seen: dict[Card, None] = {}
    for board in deal.boards:
        seen.update(dict.fromkeys(board))
    return list(seen)


def _check_boards(deal: Deal) -> None:
    """RULES §12.5: two or more boards of the game's size, ``board`` the first of them, and a card on two
    boards only at the same position of their common prefix (the cards dealt before the all-in)."""
    boards, game = deal.boards, deal.game
    if type(boards) is not tuple or not all(type(b) is tuple for b in boards):
        raise DealError("boards must be a tuple of boards, each a tuple of cards")
    if len(boards) < 2:
        raise DealError(
            f"{len(boards)} board given in boards: several boards means 2 or more (RULES §12)"
        )
    if game.board_cards == 0:
        raise DealError(f"{game.name} has no board, so it cannot be dealt on several boards")
    sizes = sorted({len(b) for b in boards})
    if len(sizes) > 1:
        raise DealError(
            f"the boards have different numbers of cards ({', '.join(map(str, sizes))}); "
            "every board of a deal has the same (RULES §12.5)"
        )
    if sizes[0] != game.board_cards:
        raise DealError(
            f"each board has {sizes[0]} cards; {game.name} needs exactly {game.board_cards}"
        )
    if tuple(deal.board) != boards[0]:
        raise DealError(
            "board differs from the first of boards: with several boards, board is the first"
        )
    # The cards dealt before the all-in are on every board (§12.1): the prefix common to all of them, not
    # to two of them. After it every board is dealt on its own, so two runs of three cannot share a card
    # the third run does not have at that place.
    prefix = next(
        (k for k in range(len(boards[0])) if len({b[k] for b in boards}) > 1), len(boards[0])
    )
    where: dict[Card, tuple[int, int]] = {}
    for b, board in enumerate(boards):
        if len(set(board)) != len(board):
            twice = next(c for i, c in enumerate(board) if c in board[:i])
            raise DealError(f"{twice} is on board {b + 1} twice")
        for i, card in enumerate(board):
            if card not in where:
                where[card] = (b, i)
                continue
            first, at = where[card]
            if at != i or i >= prefix:
                common = (
                    f"the boards' common first {'card' if prefix == 1 else f'{prefix} cards'}"
                    if prefix
                    else "the boards have no first card in common"
                )
                raise DealError(
                    f"{card} is on board {first + 1} (card {at + 1}) and board {b + 1} (card {i + 1}): a card "
                    f"may be on two boards only at the same place among the cards dealt before the all-in ({common}, "
                    "RULES §12.5)"
                )


def _check_rake(rake: object, unit: int) -> None:
    """RULES §13: whole chips, in chip units; checked against the pots when they are built (``settle``)."""
    if type(rake) is not tuple:
        raise DealError("rake must be a tuple of amounts, one per pot")
    for i, amount in enumerate(rake):
        _amount(amount, "rake on the main pot" if i == 0 else f"rake on side pot {i}", unit)


def _plainly_valid(deal: Deal, hole_cards: int, unit: int) -> bool:
    """True if the rest of ``check_deal`` (from ``_check_seating`` on) would pass; False if unsure.

    ``check_deal`` runs once per deal, so the usual valid deal gets this single cheap pass instead of the
    careful checks. Anything unusual (a wrong type, a folded player's missing hand, any problem) returns
    False, and the careful checks then find the first problem in their own order, with their own message.
    Nothing here raises before the careful checks would have got as far: only ``set(cards)`` may (an
    unhashable card), and only once everything they check before it has passed.
    """
    board, players, pot = deal.board, deal.players, deal.pot
    if type(board) is not tuple or deal.added != 0:
        return False
    by_pot = pot is not None
    names: set[str] = set()
    seats: set[int] = set()
    cards = list(board)
    live = 0
    for p in players:
        if type(p) is not Player:
            return False
        name, seat, hole, contributed, folded, dead = p
        if (
            dead != 0
            or type(name) is not str
            or not name.strip()
            or type(seat) is not int
            or seat < 0
        ):
            return False
        if folded is False and type(hole) is tuple and len(hole) == hole_cards:
            live += 1
        elif folded is not True or (
            hole is not None and (type(hole) is not tuple or len(hole) > hole_cards)
        ):
            return False
        if contributed is None:
            if not by_pot:
                return False
        elif by_pot or type(contributed) is not int or contributed < 0 or contributed % unit:
            return False
        names.add(name)
        seats.add(seat)
        if hole is not None:
            cards += hole
    button, expected = deal.button, deal.expected
    if not live or len(names) != len(players) or len(seats) != len(players):
        return False
    if button is not None and (type(button) is not int or button < 0):
        return False
    if len(set(cards)) != len(cards):
        return False
    if expected is not None and (type(expected) is not dict or not names.issuperset(expected)):
        return False
    return not by_pot or (type(pot) is int and pot >= 0 and not pot % unit)


def _check_seating(deal: Deal) -> None:
    """Names and seats: distinct, names non-empty text, seats and the button non-negative numbers."""
    players = deal.players
    names = [p.name for p in players]
    seats = [p.seat for p in players]
    if set(map(type, names)) != {str} or not all(map(str.strip, names)):
        raise DealError("a player has no name")
    if len(set(names)) != len(names):
        twice = next(n for i, n in enumerate(names) if n in names[:i])
        raise DealError(f"two players are named {twice!r}")
    if set(map(type, seats)) != {int} or min(seats) < 0:  # the usual case, checked at once
        for p in players:
            if not _whole(p.seat) or p.seat < 0:
                raise DealError(
                    f"player {p.name}: seat {p.seat!r} is not a non-negative whole number"
                )
    if len(set(seats)) != len(seats):
        i = next(i for i, seat in enumerate(seats) if seat in seats[:i])
        first = names[seats.index(seats[i])]
        raise DealError(f"players {first} and {names[i]} both sit in seat {seats[i]}")
    button = deal.button
    if button is not None and (not _whole(button) or button < 0):
        raise DealError(f"button {button!r} is not a seat number")


def _duplicate(deal: Deal) -> None:
    """Raise ``DealError`` naming the first card that appears twice and both of its places."""
    seen: dict[Card, str] = {}
    places: list[tuple[str, tuple[Card, ...]]] = [("on the board", deal.board)]
    if deal.boards:  # a card of a common prefix is one card, named on the first board it is on
        earlier: set[Card] = set()
        places = []
        for k, board in enumerate(deal.boards):
            places.append((f"on board {k + 1}", tuple(c for c in board if c not in earlier)))
            earlier.update(board)
    places += [(f"in {p.name}'s hole cards", p.hole or ()) for p in deal.players]
    for place, cards in places:
        for c in cards:
            if c in seen and place == seen[c]:
                raise DealError(f"{c} is {place} twice")
            if c in seen:
                raise DealError(f"{c} appears twice: {place} and {seen[c]}")
            seen[c] = place
