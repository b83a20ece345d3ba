"""Equity for a batch record: which records ask for it, the cards they hide, and the run they ask for.

A record of the JSON schema asks for equity with ``"equity": true`` or a board of fewer cards than its
game deals (``wants_equity``); it may add ``dead`` (cards), ``samples``, ``seed`` and ``exact``, and
hide cards of a live hand with ``??`` or ``random`` (``hide``). ``equity_from_record`` checks those
fields, turns the record into a ``Deal`` with the reader it is handed (``formats.records``, which sits
above equity: imports point one way) and runs it. The output is ``formats.equity_out``'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from hilo_cli.bounds import MAX_SAMPLES, within
from hilo_cli.cards import Card, parse_cards
from hilo_cli.deal import Deal
from hilo_cli.equity import Equity, equity
from hilo_cli.errors import CardError, HiloError, InputError
from hilo_cli.games import Game, game

if TYPE_CHECKING:
    from hilo_cli.equity.ranges import Range


class Defaults(Protocol):
    """What equity needs of a batch's defaults (``formats.records.Defaults``): the game of a record
    that names none."""

    @property
    def game(self) -> str: ...


D = TypeVar("D", bound=Defaults)


class Request(NamedTuple):
    """What a record asks of its run besides the deal: cards out of play, and how the runouts are dealt
    (``equity``'s ``dead``, ``samples``, ``seed`` and ``exact``)."""

    dead: tuple[Card, ...]
    samples: int | None
    seed: int | None
    exact: bool


def wants_equity(record: object, defaults: Defaults) -> bool:
    """True for a batch record that asks for equity: ``"equity": true``, or a board of fewer cards than
    its game deals, in a board game with two or more live players (a record with a full board stays a
    showdown, and so does a lone live hand, which wins whatever is to come, and a record with
    ``expected`` amounts to check, whose short board is then reported). The game is the record's
    own or ``defaults.game`` (``hilo batch --game``): a stud record's empty board is no board at all."""
    if not isinstance(record, Mapping):
        return False
    if record.get("equity") is True:
        return True
    players = record.get("players")
    if isinstance(players, list) and any(
        isinstance(p, Mapping) and isinstance(p.get("hole"), str) and _range_only(p["hole"])
        for p in players
    ):
        return record.get("expected") is None  # a range's hands are equity's, never a showdown's
    if record.get("expected") is not None:
        # Amounts to check are a showdown's: a board short of cards there is a mistake to report (exit 2),
        # never an equity run that drops the check and exits 0.
        return False
    board = record.get("board")
    if not isinstance(board, str | list) or "boards" in record:
        return False
    try:
        count = len(parse_cards(board))
        board_cards = game(record.get("game", defaults.game)).board_cards
    except (HiloError, TypeError):
        return False  # the showdown path says what is wrong with it
    if count >= board_cards:
        return False
    # A lone live hand wins with the board as it stands (RULES §7): that is a showdown, not a runout.
    players = record.get("players")
    live = (
        [p for p in players if not (isinstance(p, Mapping) and p.get("folded") is True)]
        if isinstance(players, list)
        else []
    )
    return len(live) > 1


def hide(record: dict[str, Any], game_name: object) -> tuple[dict[str, Any], dict[str, Range]]:
    """A record whose live hands may hide cards or be ranges, as ``equity`` takes it: ``??`` for each
    card not seen (``"As 2s ?? ??"``), ``random`` for a hand not seen at all, or a range (``"A2**"``,
    ``ranges.parse``); in stud, a hand's cards still to come need no ``??``. The hidden cards are
    left out of ``hole`` (``equity`` deals them), a range's hand is empty and the range returned by
    player name. An Omaha hand of fewer cards than the game deals without ``??`` for the rest is bad
    input, as in a showdown."""
    g = game(game_name)
    players = record.get("players")
    ranges: dict[str, Range] = {}
    if not isinstance(players, list):
        return record, ranges
    out = []
    for p in players:
        hole = p.get("hole") if isinstance(p, Mapping) else None
        if not isinstance(hole, str) or p.get("folded") is True:
            out.append(p)
            continue
        tokens = hole_tokens(hole)
        if tokens is None or ("," in hole and len(tokens) > g.hole_cards):
            # Not cards, or more than a hand of them in a list: a range (a list of hands).
            found = _range(hole, p.get("name"), g)
            if found is not None:
                ranges[str(p.get("name"))] = found
                p = {**p, "hole": ""}
            out.append(p)  # not cards nor a range: the showdown path says what is wrong with them
            continue
        if [t.lower() for t in tokens] == ["random"]:
            out.append({**p, "hole": ""})
            continue
        known = [t for t in tokens if t != "??"]
        if "??" in tokens and (
            len(tokens) > g.hole_cards if g.hole_used is None else len(tokens) != g.hole_cards
        ):
            raise InputError(
                f"player {p.get('name')} has {len(tokens)} hole cards with ??; {g.name} deals "
                f"{g.hole_cards}"
            )
        if "??" not in tokens and g.hole_used is not None:
            if 0 < len(tokens) < g.hole_cards:
                raise InputError(
                    f"player {p.get('name')} has {len(tokens)} hole cards; {g.name} deals "
                    f"{g.hole_cards} (?? for each card not seen, or random)"
                )
            out.append(p)  # all shown: the showdown checks apply
            continue
        out.append({**p, "hole": " ".join(known)})
    return {**record, "players": out}, ranges


def _range_only(text: str) -> bool:
    """True for text that only a range writes (``ranges.looks_like_range``, without importing it)."""
    return any(c in text for c in "*%!$:")


def _range(text: str, name: object, g: Game) -> Range | None:
    """The range ``text`` writes for player ``name``, or ``None`` for text that is neither cards nor
    a range (the showdown path then says which card is wrong). A range's mistake is one line that
    names the player: ``player A: range 'A2*': a pattern has 4 cards in omaha8, this has 3``."""
    from hilo_cli.equity.ranges import RangeError, looks_like_range, parse  # only for a range

    try:
        return parse(text, g)
    except RangeError as e:
        if looks_like_range(text):
            raise RangeError(f"player {name}: {e.message}") from None
        return None


def hole_tokens(text: str) -> list[str] | None:
    """A hand's cards as hilo writes them, each ``??`` (a card not seen) kept as one token, or
    ``["random"]``: cards may be written together (``As2s??Kd``), with commas, in either case or with
    suit symbols, as ``cards.parse_cards`` reads them. ``None`` for text that is not cards."""
    if text.strip().lower() == "random":
        return ["random"]
    tokens: list[str] = []
    for piece in re.split(r"(\?\?)", text):
        if piece == "??":
            tokens.append(piece)
            continue
        try:
            tokens += [str(c) for c in parse_cards(piece)]
        except CardError:
            return None
    return tokens


def request(fields: Mapping[str, Any]) -> Request:
    """The run a record asks for (``dead``, ``samples``, ``seed``, ``exact``), checked as ``hilo equity``
    checks its options: a field that cannot take effect is bad input, never ignored."""
    dead_raw = fields.get("dead", "")
    if not isinstance(dead_raw, str | list):
        raise InputError("dead must be card text or a list of cards")
    try:
        dead = parse_cards(dead_raw)
    except CardError as e:
        raise CardError(f"dead: {e.message}") from None
    samples, seed, exact = fields.get("samples"), fields.get("seed"), fields.get("exact", False)
    for name, value in (("samples", samples), ("seed", seed)):
        if value is not None and (
            type(value) is not int or value < (1 if name == "samples" else 0)
        ):
            raise InputError(
                f"{name} is {value!r}: a whole number, at least {1 if name == 'samples' else 0}"
            )
    if samples is not None:
        within(samples, "samples", MAX_SAMPLES)  # a billion: a tiny record never runs for years
    if type(exact) is not bool:
        raise InputError("exact must be true or false")
    if exact and samples is not None:
        raise InputError("exact and samples ask for different runs; give one")
    if seed is not None and samples is None:
        raise InputError("seed goes with samples (an exact run deals every board)")
    return Request(tuple(dead), samples, seed, exact)


def equity_from_record(
    record: object, defaults: D, read: Callable[[dict[str, Any], D], Deal]
) -> Equity:
    """Equity for one record of the JSON schema, with optional ``dead`` (cards), ``samples``, ``seed``
    and ``exact`` fields; a missing board means nothing dealt yet. ``read`` turns the record into a
    ``Deal`` under ``defaults`` (``formats.records.deal_from_record``)."""
    if not isinstance(record, Mapping):
        raise InputError(f"a deal must be a JSON object, not {type(record).__name__}")
    fields = dict(record)
    if "boards" not in fields:
        fields.setdefault("board", "")
    asked = request(fields)
    if fields.get("expected") is not None:
        raise InputError(
            "expected amounts are checked against a showdown, and this record asks for equity: "
            "give the whole board, or leave expected out"
        )
    fields, ranges = hide(fields, fields.get("game", defaults.game))
    return equity(read(fields, defaults), *asked, ranges=ranges)
