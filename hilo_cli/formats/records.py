"""One input record (a JSON object, or a text line read into the same shape) into a ``Deal``.

Both readers build a plain ``dict`` with the JSON schema of the README and call ``deal_from_record``, so
the two formats cannot drift. Command-line options arrive as ``Defaults`` that a record's own fields
override.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

from hilo_cli.bounds import MAX_AMOUNT, MAX_SEAT
from hilo_cli.cards import Card, parse_cards, parse_labelled
from hilo_cli.deal import Deal, Player
from hilo_cli.errors import CardError, DealError, HiloError, InputError
from hilo_cli.games import GAMES, Game, OddChipRule, game, qualifier


class Defaults(NamedTuple):
    """Options that apply to every record unless the record says otherwise."""

    game: str = "omaha8"
    qualifier: int | None = 8
    chip_unit: int = 1
    odd_chip: OddChipRule | None = None


DEFAULTS = Defaults()


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if isinstance(value, str) or (
        isinstance(value, list) and all(isinstance(v, str) for v in value)
    ):
        return parse_labelled(value, what)
    if isinstance(value, list):
        index, bad = next((i, v) for i, v in enumerate(value, 1) if not isinstance(v, str))
        raise InputError(
            f'{what}: card {index} of the list is {_shown(bad)}, not card text such as "Ah"'
        )
    raise InputError(f"{what} must be card text or a list of cards, not {type(value).__name__}")


def _shown(value: object) -> str:
    """A value as the user wrote it in JSON, cut short if long."""
    text = (
        "null"
        if value is None
        else "true"
        if value is True
        else "false"
        if value is False
        else repr(value)
    )
    return text if len(text) <= 40 else text[:37] + "..."


def _hole(value: object, name: str) -> tuple[Card, ...]:
    try:
        return parse_cards(value)  # type: ignore[arg-type]
    except (CardError, TypeError):
        return _cards(value, f"player {name}: hole")  # says what was wrong, or parses after all


def amount(value: object, what: str) -> int:
    """A chip amount: a whole number (``600`` or ``600.0``) from 0 to ``MAX_AMOUNT``; else an error."""
    if type(value) is int and 0 <= value <= MAX_AMOUNT:
        return value  # the usual amount, settled by one check
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DealError(f"{what} is {value!r}, not a whole number of chips")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DealError(f"{what} is {value!r}, not a number of chips")
        if not value.is_integer():
            raise DealError(
                f"{what} is {value!r}: amounts are whole numbers of chips, not fractions"
            )
    shown = value if isinstance(value, int) else f"{value:g}"
    if value < 0:
        raise DealError(f"{what} is {shown}: amounts cannot be negative")
    if value > MAX_AMOUNT:
        raise DealError(f"{what} is {shown}: more chips than hilo counts (at most {MAX_AMOUNT:,})")
    return int(value)


def _seat(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEAT:
        raise DealError(
            f"{what} is {value!r}, not a seat number (a whole number from 0 to {MAX_SEAT})"
        )
    return value


def _player(raw: object, index: int) -> Player:
    # Most players are just {"name": text, "hole": card text}: build them directly. Anything else, or any
    # error, takes the careful code below, which gives the same Player or the error and its message.
    # Player._make skips the NamedTuple's keyword-handling __new__ (about half the cost of a Player) yet
    # still checks that every field is given.
    if type(raw) is dict and len(raw) == 2:
        name, hole_text = raw.get("name"), raw.get("hole")
        if type(name) is str and type(hole_text) is str and (name := name.strip()):
            try:
                hole_cards = parse_cards(hole_text)
            except CardError:
                hole_cards = ()
            if hole_cards:
                return Player._make((name, index, hole_cards, None, False, 0))
    if type(raw) is not dict and not isinstance(raw, Mapping):
        raise InputError(f"player {index} must be an object with name and hole")
    name = raw.get("name", f"P{index}")
    if type(name) is not str or not name.strip():
        raise InputError(f"player {index}: name must be a non-empty string")
    name = name.strip()
    folded = raw.get("folded", False)
    if type(folded) is not bool:
        raise InputError(f"player {name}: folded must be true or false")
    hole_raw = raw.get("hole")
    hole = (
        None
        if hole_raw is None
        else _hole(hole_raw, name)
        if type(hole_raw) in (str, list)
        else _cards(hole_raw, f"player {name}: hole")
    )
    if hole is not None and not hole:
        hole = None  # no cards shown: a folded hand, or a lone live hand that need not be shown (RULES §7)
    seat = raw.get("seat", index)
    if type(seat) is not int or not 0 <= seat <= MAX_SEAT:
        seat = _seat(seat, f"player {name}: seat")
    contributed = raw.get("contributed")
    if contributed is not None:
        contributed = amount(contributed, f"player {name}: contributed")
    return Player(name, seat, hole, contributed, folded)


def _expected(raw: object) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise InputError("expected must be an object of player name to amount won")
    out: dict[str, int] = {}
    for name, value in raw.items():
        # A vectors.json style entry {"won": N, ...} is accepted as well as a bare amount.
        if isinstance(value, Mapping) and "won" in value:
            value = value["won"]
        out[str(name)] = amount(value, f"expected amount for {name}")
    return out


def deal_from_record(record: object, defaults: Defaults = DEFAULTS) -> Deal:
    """Build a ``Deal`` from one record of the JSON schema; unknown fields are ignored."""
    if type(record) is not dict and not isinstance(record, Mapping):
        raise InputError(f"a deal must be a JSON object, not {type(record).__name__}")
    name = record.get("game", defaults.game)
    # A canonical game name is a key of GAMES as it stands; game() strips, lowercases and explains.
    g = GAMES.get(name) if type(name) is str else None
    if g is None:
        g = game(name)
    players_raw = record.get("players")
    if not isinstance(players_raw, list) or not players_raw:
        raise InputError("players must be a non-empty list")
    players = tuple([_player(raw, i) for i, raw in enumerate(players_raw, 1)])
    boards = _boards(record)
    board = _board(record.get("board"), boards, g, players)
    if len(boards) == 1:
        boards = ()  # one board in a list is just the board
    pot = record.get("pot")
    button = record.get("button")
    qual = qualifier(record["qualifier"]) if "qualifier" in record else defaults.qualifier
    odd = record.get("odd_chip", defaults.odd_chip)
    if odd is not None:
        odd = _odd_chip(odd)
    unit = amount(record.get("chip_unit", defaults.chip_unit), "chip_unit")
    rid = record.get("id")
    if type(rid) is not str and rid is not None:
        _check_id(rid)
    expected = record.get("expected")
    # Positional arguments, in Deal's field order: a NamedTuple built by keyword takes twice as long.
    deal = Deal(
        g,
        board,
        players,
        None if pot is None else amount(pot, "pot"),
        None if button is None else _seat(button, "button"),
        unit,
        qual,
        odd,
        None if rid is None else str(rid),
        None if expected is None else _expected(expected),
    )
    if "rake" in record:
        deal = deal._replace(rake=_rake(record["rake"]))
    if boards or "multi_board" in record:
        deal = deal._replace(
            boards=boards, multi_board=_multi_board(record.get("multi_board", "each"))
        )
    return deal


def _board(
    raw: object, boards: tuple[tuple[Card, ...], ...], g: Game, players: tuple[Player, ...]
) -> tuple[Card, ...]:
    """The record's ``board``: as written, or the first of ``boards``, or none for a lone live hand."""
    if raw is None and boards:
        return boards[0]
    if raw is None:
        # A lone live hand takes every pot without a showdown (RULES §7): such a deal needs no board.
        if g.board_cards and sum(not p.folded for p in players) != 1:
            raise DealError(f"no board: {g.name} needs {g.board_cards} board cards")
        return ()
    board = _cards(raw, "board")
    if boards and board != boards[0]:
        raise InputError(
            "board and boards are both given and differ: give boards alone for several boards"
        )
    return board


def _odd_chip(odd: object) -> OddChipRule:
    """The odd-chip rule a record names: ``button`` or ``suit``, in any case (RULES §4.4, §4.6)."""
    if isinstance(odd, str):
        odd = odd.strip().lower()
    if odd not in ("button", "suit"):
        raise InputError(f"odd_chip {odd!r} is not button or suit")
    return odd


def _check_id(rid: object) -> None:
    """A record's ``id`` is a string or a number."""
    if isinstance(rid, bool) or not isinstance(rid, str | int | float):
        raise InputError(f"id must be a string or a number, not {type(rid).__name__}")


def _boards(record: Mapping[str, object]) -> tuple[tuple[Card, ...], ...]:
    """The boards of ``"boards"`` (RULES §12): a list of card strings or card lists, in dealing order."""
    raw = record.get("boards")
    if raw is None:
        return ()
    if not isinstance(raw, list) or not raw:
        raise InputError(
            "boards must be a non-empty list of boards (each card text or a list of cards)"
        )
    return tuple(_cards(b, f"board {i}") for i, b in enumerate(raw, 1))


def _rake(value: object) -> tuple[int, ...]:
    """Rake (RULES §13): chips the house took from each pot before it was divided, main pot first; one
    amount is the main pot's (or the only pot's)."""
    if isinstance(value, list):
        return tuple(amount(v, f"rake of pot {i}") for i, v in enumerate(value, 1))
    return (amount(value, "rake"),)


def _multi_board(value: object) -> str:
    if isinstance(value, str) and value.strip().lower() in ("each", "either"):
        return value.strip().lower()
    raise InputError(f"multi_board {_shown(value)} is not each or either (RULES §12.2, §12.4)")


__all__ = ["Defaults", "HiloError", "amount", "deal_from_record"]
