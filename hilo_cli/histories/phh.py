"""PHH, the Poker Hand History format (TOML): ``.phh`` files of one hand, ``.phhs`` collections of many.

The fields read are those of the PHH standard (uoftcprg/phh-std, "Required fields" and "Optional
fields"): ``variant``, ``antes``, ``blinds_or_straddles``, ``bring_in``, ``small_bet``/``big_bet`` or
``min_bet``, ``starting_stacks``, ``actions``, and ``players``, ``seats``, ``hand``, ``table``,
``finishing_stacks``, ``winnings``. Player ``pN`` is the N-th listed, clockwise from the first seat left
of the button; the last player has the button. In heads-up play the antes and blinds are reverse-assigned
(the standard says so): the button posts the small blind.

Action notation: ``d db CARDS``, ``d dh pN CARDS`` (``??`` an unknown card), ``pN pb`` (bring-in),
``pN f``, ``pN cc`` (check or call), ``pN cbr AMOUNT`` (complete, bet or raise *to*), ``pN sm [CARDS]``
(show, or muck when no cards are given); ``# commentary`` is ignored.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from hilo_cli.betting import Action, ActionKind, Hand, Structure
from hilo_cli.cards import Card, card
from hilo_cli.errors import HiloError
from hilo_cli.games import GAMES
from hilo_cli.histories.base import HandRecord, Reader, failed

# The variant codes of the PHH standard that hilo plays (FO/8, F7S/8, PO), and the same pattern for the
# other Omaha forms hilo plays that the standard does not list yet: structure letter F/P/N, O, /8 for hi/lo.
VARIANTS: dict[str, tuple[str, Structure]] = {
    "FO/8": ("omaha8", "fixed"),
    "F7S/8": ("stud8", "fixed"),
    "PO": ("omaha", "pot"),
    "PO/8": ("omaha8", "pot"),
    "NO": ("omaha", "no"),
    "NO/8": ("omaha8", "no"),
    "FO": ("omaha", "fixed"),
}

# The standard's other variants: games hilo does not play, so their hands are not checkable.
OTHER_VARIANTS = {
    "FT": "fixed-limit Texas hold 'em", "NT": "no-limit Texas hold 'em", "NS": "no-limit short-deck hold 'em",
    "F7S": "fixed-limit seven card stud (high only)", "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw", "F2L3D": "fixed-limit deuce-to-seven triple draw",
    "FB": "fixed-limit badugi",
}

_PLAYER = re.compile(r"p([1-9][0-9]*)$")
_HEADER = re.compile(r"^\s*\[\[?([^\[\]]+)\]\]?\s*(?:#.*)?$")
_TOP_KEY = re.compile(r"""^\s*([A-Za-z0-9_-]+|"[^"]*"|'[^']*')\s*=""")
_CARD_TEXT = re.compile(r"[2-9TJQKAtjqka?][cdhs?]")


class PHHError(HiloError):
    """A PHH hand that cannot be read: a missing field, a value of the wrong kind, bad action notation."""


def read(source: str, text: str) -> Iterator[HandRecord]:
    """Every hand in a ``.phh`` file (one hand) or ``.phhs`` collection (a table per hand)."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        found = re.search(r"at line (\d+)", str(e))
        yield HandRecord(source, int(found.group(1)) if found else 0, None, None, error=f"not valid TOML: {e}")
        return
    if "variant" in document or "actions" in document:
        yield _record(source, 1, None, document, text)
        return
    if not any(isinstance(v, dict) for v in document.values()):
        yield HandRecord(source, 0, None, None, error="no hands: neither a PHH hand nor a collection of them")
        return
    lines = _header_lines(text)
    for key, table in document.items():
        if isinstance(table, dict):
            yield _record(source, lines.get(key, 0), key, table, text)
        else:  # a stray key or an array of tables: said, not dropped
            yield HandRecord(source, lines.get(key, 0), key, None,
                             error=f"{key} is not a hand: a PHH collection holds one [table] per hand")


def _header_lines(text: str) -> dict[str, int]:
    """The line of each ``[table]`` (or ``[[array]]``) header, and of each key before the first header, by
    its key (bare or quoted), found in one pass."""
    lines: dict[str, int] = {}
    top = True
    for number, line in enumerate(text.splitlines(), 1):
        found = _HEADER.match(line)
        if found:
            top = False
        elif top:
            found = _TOP_KEY.match(line)
        if found:
            lines.setdefault(found.group(1).strip().strip("\"'"), number)
    return lines


def _record(source: str, line: int, key: str | None, fields: dict[str, Any], text: str) -> HandRecord:
    hand_id = _hand_id(fields, key)
    try:
        record = _read_hand(source, line, hand_id, fields)
    except HiloError as e:
        return HandRecord(source, line, hand_id, None, error=e.message)
    return record._replace(action_lines=_action_lines(text, line, fields.get("actions")))


def _action_lines(text: str, line: int, actions: object) -> tuple[int, ...]:
    """The line each action is written on: each action's text found in turn after the hand's ``actions``
    key (a string with TOML escapes that cannot be found gives the hand's own line)."""
    if not isinstance(actions, list):
        return ()
    start = 0
    for _ in range(max(line - 1, 0)):
        start = text.find("\n", start) + 1
    found = re.compile(r"^\s*actions\s*=", re.MULTILINE).search(text, start)
    pos = found.end() if found else start
    lines = []
    for action in actions:
        at = text.find(str(action), pos) if isinstance(action, str) and action else -1
        if at < 0:
            lines.append(line)
            continue
        lines.append(text.count("\n", 0, at) + 1)
        pos = at + len(action)
    return tuple(lines)


def _hand_id(fields: dict[str, Any], key: str | None) -> str | None:
    hand = fields.get("hand")
    if hand is not None and not isinstance(hand, dict | list):
        table = fields.get("table")
        return f"{table}-{hand}" if isinstance(table, str | int) and not isinstance(table, bool) else str(hand)
    return key


def _read_hand(source: str, line: int, hand_id: str | None, fields: dict[str, Any]) -> HandRecord:
    variant = fields.get("variant")
    if not isinstance(variant, str):
        raise PHHError("no variant: a PHH hand names its game in 'variant'")
    if variant not in VARIANTS:
        why = (f"variant {variant} ({OTHER_VARIANTS[variant]}) is not a game hilo plays" if variant in OTHER_VARIANTS
               else f"unknown variant {variant!r}: hilo plays {', '.join(VARIANTS)}")
        return HandRecord(source, line, hand_id, None, not_checkable=why)
    game_name, structure = VARIANTS[variant]
    game = GAMES[game_name]
    scale = _scale(fields)
    stacks = _amounts(fields, "starting_stacks", scale, required=True)
    count = len(stacks)
    if count < 2:
        raise PHHError(f"starting_stacks has {count} entries: a hand needs two players or more")
    names = _names(fields, count)
    antes = _amounts(fields, "antes", scale, count=count)
    stud = game.board_cards == 0
    blinds = () if stud else _amounts(fields, "blinds_or_straddles", scale, count=count)
    if count == 2:
        # The standard: antes and blinds are reverse-assigned heads-up (the button posts the small blind).
        antes, blinds = antes[::-1], blinds[::-1]
    if structure == "fixed":
        small, big = _amount(fields, "small_bet", scale), _amount(fields, "big_bet", scale)
    else:
        small = big = _amount(fields, "min_bet", scale, required=False)
    seats = _seats(fields, count)
    actions = tuple(_actions(fields, names, scale))
    hand = Hand(game, structure, names, stacks, actions, seats=seats, blinds=blinds, antes=antes,
                bring_in=_amount(fields, "bring_in", scale) if stud else 0, small_bet=small, big_bet=big,
                id=hand_id)
    recorded_stacks = recorded_won = None
    not_checkable = None
    if "finishing_stacks" in fields:
        recorded_stacks = dict(zip(names, _amounts(fields, "finishing_stacks", scale, count=count), strict=True))
    elif "winnings" in fields:
        recorded_won = dict(zip(names, _amounts(fields, "winnings", scale, count=count), strict=True))
    else:
        not_checkable = "no recorded result: the hand gives neither finishing_stacks nor winnings"
    return HandRecord(source, line, hand_id, hand, recorded_won=recorded_won, recorded_stacks=recorded_stacks,
                      not_checkable=not_checkable, won_excludes_returned=recorded_won is not None)


def _numbers(fields: dict[str, Any]) -> Iterator[object]:
    for key in ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings"):
        value = fields.get(key)
        if isinstance(value, list):
            yield from value
    for key in ("bring_in", "small_bet", "big_bet", "min_bet"):
        yield fields.get(key)
    for action in fields.get("actions") or ():
        if isinstance(action, str):
            words = action.split("#")[0].split()
            if len(words) == 3 and words[1] == "cbr":
                yield _number_text(words[2])


def _number_text(text: str) -> object:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def _scale(fields: dict[str, Any]) -> int:
    """1 when every amount is whole; 100 (cents) when money is written with decimals."""
    for value in _numbers(fields):
        if isinstance(value, float) and math.isfinite(value) and value != int(value):
            return 100
    return 1


def _chips(value: object, what: str, scale: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PHHError(f"{what} is {value!r}: amounts are numbers")
    if isinstance(value, float) and not math.isfinite(value):
        raise PHHError(f"{what} is {value}: hilo needs every amount known")
    # Whole numbers exactly; a float by Decimal from its shortest text (17 digits at most, so scaling by 100
    # is exact): exact cents, and no float overflow for a huge amount.
    exact = Decimal(value * scale) if isinstance(value, int) else Decimal(str(value)) * scale
    if exact != exact.to_integral_value() or exact < 0:
        raise PHHError(f"{what} is {value}: not a whole number of {'cents' if scale == 100 else 'chips'}, 0 or more")
    return int(exact)


def _amount(fields: dict[str, Any], key: str, scale: int, required: bool = True) -> int:
    if key not in fields:
        if required:
            raise PHHError(f"missing field {key!r}")
        return 0
    return _chips(fields[key], key, scale)


def _amounts(fields: dict[str, Any], key: str, scale: int, count: int | None = None,
             required: bool = False) -> tuple[int, ...]:
    value = fields.get(key)
    if value is None:
        if required:
            raise PHHError(f"missing field {key!r}")
        return (0,) * (count or 0)
    if not isinstance(value, list):
        raise PHHError(f"{key} is {value!r}: a list of amounts, one per player")
    if count is not None and len(value) != count:
        raise PHHError(f"{key} has {len(value)} entries for {count} players")
    return tuple(_chips(v, f"{key}[{i}]", scale) for i, v in enumerate(value))


def _names(fields: dict[str, Any], count: int) -> tuple[str, ...]:
    given = fields.get("players")
    if given is None:
        return tuple(f"p{i}" for i in range(1, count + 1))
    if not isinstance(given, list) or len(given) != count or not all(isinstance(n, str) for n in given):
        raise PHHError(f"players must be {count} names, one per starting stack")
    # An empty name (an anonymous player, the standard's convention) keeps the player's pN.
    names = tuple(n.strip() or f"p{i}" for i, n in enumerate(given, 1))
    if len(set(names)) != count:
        raise PHHError("two players have the same name")
    return names


def _seats(fields: dict[str, Any], count: int) -> tuple[int, ...]:
    given = fields.get("seats")
    if given is None:
        return tuple(range(1, count + 1))
    if (not isinstance(given, list) or len(given) != count
            or not all(type(s) is int and s >= 0 for s in given) or len(set(given)) != count):
        raise PHHError(f"seats must be {count} different seat numbers, one per player")
    return tuple(given)


def _cards(text: str, where: str) -> tuple[Card | None, ...]:
    if len(text) % 2 or not all(_CARD_TEXT.fullmatch(text[i:i + 2]) for i in range(0, len(text), 2)):
        raise PHHError(f"{where}: cannot read the cards {text!r}")
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        pair = text[i:i + 2]
        if "?" in pair:
            out.append(None)
        else:
            try:
                out.append(card(pair))
            except HiloError as e:
                raise PHHError(f"{where}: {e.message}") from None
    return tuple(out)


def _actions(fields: dict[str, Any], names: tuple[str, ...], scale: int) -> Iterator[Action]:
    given = fields.get("actions")
    if given is None:
        raise PHHError("missing field 'actions' (a list of action strings)")
    if not isinstance(given, list):
        raise PHHError(f"actions is {given!r}: a list of action strings")
    for number, text in enumerate(given, 1):
        if not isinstance(text, str):
            raise PHHError(f"action {number} is {text!r}: actions are strings")
        words = text.split("#", 1)[0].split()
        if not words:
            continue  # a commentary on its own: a no-op
        yield _action(number, text.strip(), words, names, scale)


def _player(word: str, names: tuple[str, ...], where: str) -> str:
    found = _PLAYER.match(word)
    if found is None or int(found.group(1)) > len(names):
        raise PHHError(f"{where}: no player {word!r} (players are p1 to p{len(names)})")
    return names[int(found.group(1)) - 1]


def _action(number: int, text: str, words: list[str], names: tuple[str, ...], scale: int) -> Action:
    where = f"action {number} {text!r}"
    actor, verb, args = words[0], words[1] if len(words) > 1 else "", words[2:]
    if actor == "d":
        if verb == "db" and len(args) == 1:
            return Action(number, text, None, "deal-board", cards=_cards(args[0], where))
        if verb == "dh" and len(args) == 2:
            return Action(number, text, _player(args[0], names, where), "deal-hole", cards=_cards(args[1], where))
        raise PHHError(f"{where}: the dealer deals the board ('d db CARDS') or hole cards ('d dh pN CARDS')")
    name = _player(actor, names, where)
    simple: dict[str, ActionKind] = {"f": "fold", "cc": "check-call", "pb": "bring-in"}
    if verb in simple and not args:
        return Action(number, text, name, simple[verb])
    if verb == "cbr" and len(args) == 1:
        return Action(number, text, name, "raise-to", amount=_chips(_number_text(args[0]), where, scale))
    if verb == "sm" and len(args) <= 1:
        if not args or args[0] == "-":
            return Action(number, text, name, "muck")
        return Action(number, text, name, "show", cards=_cards(args[0], where))
    if verb == "sd":
        raise PHHError(f"{where}: standing pat or discarding belongs to draw games, which hilo does not play")
    raise PHHError(f"{where}: not PHH action notation (f, cc, cbr AMOUNT, pb, sm [CARDS])")


# -- the plug-in (interim: the PHH engineer's streaming reader replaces this) --------------------------

def detect(head: str) -> bool:
    """PHH is TOML with a ``variant =`` key or ``[...]`` table headers (a ``.phhs`` collection)."""
    for line in head.lstrip("\ufeff \t\r\n").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") or line.replace(" ", "").startswith("variant="):
            return True
        return "=" in line and "variant" in head
    return False


def starts_hand(line: str) -> bool:
    return _HEADER.match(line) is not None


def read_hand(source: str, line: int, lines: list[str]) -> HandRecord:
    found = list(read(source, "\n" * (line - 1) + "\n".join(lines)))
    return found[0] if len(found) == 1 else failed(source, line, "no hand in these lines")


def blank(line: str) -> bool:
    return line.lstrip().startswith("#")


READER = Reader("phh", "PHH", (".phh", ".phhs"), detect, starts_hand, read_hand, blank=blank)
