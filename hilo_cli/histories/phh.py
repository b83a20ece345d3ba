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

On the reader base (``READER``): a file is cut into pieces at each collection hand's ``[table]`` header
(``starts_hand``); the lines before the first header are a piece too (a ``.phh`` file's one hand, or a
collection's opening comments). Each piece is parsed alone (``read_hand``), so ``cat one.phh many.phhs``
gives every hand, a broken hand is one error among hands still read, and a collection of any size is
never parsed whole. Every amount, seat and count is bounded (``hilo_cli.bounds``) before it is used.
"""

from __future__ import annotations

import math
import re
import sys
import tomllib
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from hilo_cli.betting import Action, ActionKind, Hand, Structure
from hilo_cli.bounds import MAX_AMOUNT, MAX_DIGITS, MAX_SEAT, digits, short, within
from hilo_cli.cards import Card, card
from hilo_cli.errors import HiloError
from hilo_cli.games import GAMES, Game
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
    "FT": "fixed-limit Texas hold 'em",
    "NT": "no-limit Texas hold 'em",
    "NS": "no-limit short-deck hold 'em",
    "F7S": "fixed-limit seven card stud (high only)",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven triple draw",
    "FB": "fixed-limit badugi",
}

NO_HANDS = "no hands: neither a PHH hand nor a collection of them"
NESTED = "nested too deeply to read (TOML of arrays or tables within each other)"

# A TOML key: bare, or quoted as a basic string (with escapes) or a literal one; keys joined by dots; the
# end of a header line (a comment may follow it).
KEY = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
DOTTED = rf"{KEY}(?:[ \t]*\.[ \t]*{KEY})*"
END = r"[ \t]*(?:#.*)?"
PLAYER = re.compile(r"p([1-9][0-9]*)")
CARD_TEXT = re.compile(r"[2-9TJQKAtjqka?][cdhs?]")
# A collection's hand starts at a [table] header of one key (a dotted [hand.sub] belongs to its hand); an
# [[array]] header of one key starts a piece too, read as no hand.
HAND_HEADER = re.compile(rf"[ \t]*\[[ \t]*{KEY}[ \t]*\]{END}")
ARRAY_HEADER = re.compile(rf"[ \t]*\[\[[ \t]*{KEY}[ \t]*\]\]{END}")
ANY_HEADER = re.compile(rf"\[\[?[ \t]*{DOTTED}[ \t]*\]\]?{END}")
# A line shaped as a table header whose key TOML refuses ([a\x7fb]): a piece of its own, whose error is
# its own, so that the hand before it keeps its record.
# (One word of no commas, quotes or blanks: ``[1, 2]`` is a line of an array.)
LOOSE_HEADER = re.compile(rf"[ \t]*\[[^\[\]\n,\"' \t=]+\]{END}")
KEY_LINE = re.compile(rf"{DOTTED}[ \t]*=")
VARIANT_KEY = re.compile(r"""(?m)^[ \t]*(?:variant|"variant"|'variant')[ \t]*=""")
# The actions array, and its tokens: blanks and commas, a comment, a string (multi-line, basic, literal),
# its end.
ACTIONS = re.compile(r"(?m)^[ \t]*actions[ \t]*=[ \t]*\[")
_TOKEN = re.compile(
    r'''[ \t\r\n,]+|#[^\n]*|"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|\]''',
    re.DOTALL,
)


class PHHError(HiloError):
    """A PHH hand that cannot be read: a missing field, a value of the wrong kind, bad action notation."""


# -- the reader on the base: recognise a file, cut it into hands, read one hand ---------------------------


def detect(head: str) -> bool:
    """Whether ``head`` (a file's first lines) is PHH: TOML whose first line that is neither blank nor a
    comment is a table header (a ``.phhs`` collection), or a ``key =`` line in a file with a ``variant =``."""
    content = [
        line
        for line in (raw.strip() for raw in head.removeprefix("\ufeff").split("\n"))
        if line and not line.startswith("#")
    ]
    if not content:
        return False
    if ANY_HEADER.fullmatch(content[0]):
        return True
    variant = VARIANT_KEY.search(head) is not None
    if KEY_LINE.match(content[0]) is not None:
        return variant
    # A damaged first line (a stray line before the first table) does not hide a collection's hands.
    return variant and any(HAND_HEADER.fullmatch(line) for line in content)


def starts_hand(line: str) -> bool:
    """Whether ``line`` starts a hand of a collection: a ``[table]`` header of one key (bare or quoted), an
    ``[[array]]`` header (read as no hand), or a line shaped as a header whose key is not TOML (an
    error of its own). A dotted ``[hand.sub]`` is part of its hand."""
    if not line.lstrip(" \t").startswith("["):
        return False
    if HAND_HEADER.fullmatch(line) is not None or ARRAY_HEADER.fullmatch(line) is not None:
        return True
    return (
        LOOSE_HEADER.fullmatch(line) is not None
        and ANY_HEADER.fullmatch(line.lstrip(" \t")) is None
    )


def read_hand(source: str, line: int, lines: list[str]) -> HandRecord:
    """The record of one piece ``starts_hand`` cut: a ``.phh`` hand (top-level keys) or a collection's
    ``[table]``; ``line`` is the file line of ``lines[0]``. A piece of only comments and blank lines (a
    collection's opening comments) is no hand: ``read_piece`` gives ``None`` for it, this an error."""
    record = read_piece(source, line, lines)
    return record if record is not None else failed(source, line, "no hand in these lines")


def blank(line: str) -> bool:
    """A comment line holds nothing of a hand: a piece of comments only (a collection's opening comments)
    is left out by the base, as blank lines are."""
    return line.lstrip().startswith("#")


READER = Reader(
    name="phh",
    title="PHH",
    suffixes=(".phh", ".phhs"),
    starts_hand=starts_hand,
    read_hand=read_hand,
    blank=blank,
)
"""The plug-in (the registry finds a PHH file by ``detect``, without this module's patterns until the
file holds a ``[`` or a ``variant``)."""


def read(source: str, text: str) -> Iterator[HandRecord]:
    """Every hand in a ``.phh`` file (one hand), a ``.phhs`` collection (a table per hand) or both one after
    the other, read hand by hand: ``text`` cut into pieces by ``starts_hand`` and each piece read alone."""
    found = False
    for line, lines in _pieces(text):
        record = read_piece(source, line, lines)
        if record is not None:
            found = True
            yield record
    if not found:
        yield failed(source, 0, NO_HANDS)


def _pieces(text: str) -> Iterator[tuple[int, list[str]]]:
    """Each hand's lines and the file line of its first; the lines before the first hand are a piece too."""
    piece: list[str] = []
    first = 1
    for number, line in enumerate(_lines(text), 1):
        if starts_hand(line):
            if piece:
                yield first, piece
            piece, first = [], number
        piece.append(line)
    if piece:
        yield first, piece


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` at LF or CRLF, TOML's line ends (``str.splitlines`` also cuts at U+2028 and
    other characters a TOML string may hold)."""
    start, end = 0, len(text)
    while start < end:
        stop = text.find("\n", start)
        if stop < 0:
            stop = end
        yield text[start:stop].removesuffix("\r")
        start = stop + 1


def read_piece(source: str, line: int, lines: list[str]) -> HandRecord | None:
    """``read_hand``, but ``None`` for a piece that holds no TOML key (only comments and blank lines)."""
    text = "\n".join(lines)
    document = _parse(source, line, lines, text)
    if isinstance(document, HandRecord):
        return document
    if not document:
        return None
    if lines and starts_hand(lines[0]):
        key, *others = document
        table = document[key]
        if not isinstance(table, dict):  # an array of tables: said, not dropped
            return failed(
                source,
                line,
                f"{short(key)} is not a hand: a PHH collection holds one [table] per hand",
                key,
            )
        if others:
            return failed(
                source,
                line,
                f"the table {short(others[0], 40)!r} is written within hand "
                f"{short(key, 40)!r}: a hand's own tables are [{short(key, 40)}.name]",
                key,
            )
        return _record(source, line, key, table, text)
    if "variant" in document or "actions" in document:
        return _record(source, line, None, document, text)
    keys = list(document)  # keys before a collection's first hand: said, not dropped
    verb = "is not a hand" if len(keys) == 1 else "are not hands"
    return failed(
        source,
        line,
        f"{short(', '.join(keys))} {verb}: a PHH collection holds one [table] per hand",
        keys[0],
    )


def _parse(source: str, line: int, lines: list[str], text: str) -> dict[str, Any] | HandRecord:
    """One piece's TOML, or the error record saying why it cannot be read (at the file's line)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        found = re.search(r"at line (\d+)", message)
        at = line + int(found.group(1)) - 1 if found else line
        message = re.sub(r"at line \d+", f"at line {at}", message, count=1)
        return failed(source, at, f"not valid TOML: {short(message)}", _table_name(lines))
    except RecursionError:
        return failed(source, line, NESTED, _table_name(lines))
    except ValueError as e:
        # Python's int conversion limit (4,300 digits): a number beyond every bound.
        long = re.compile(rf"[0-9][0-9_]{{{sys.get_int_max_str_digits() or MAX_DIGITS},}}")
        for number, written in enumerate(lines, line):
            run = long.search(written)
            if run:
                count = len(run.group().replace("_", ""))
                return failed(
                    source,
                    number,
                    f"a number of {count:,} digits: more than hilo counts (at most {MAX_AMOUNT:,})",
                    _table_name(lines),
                )
        return failed(source, line, f"cannot read this hand: {short(str(e))}", _table_name(lines))


def _table_name(lines: list[str]) -> str | None:
    """The name of a collection's hand from its header line alone (for a hand whose TOML cannot be read)."""
    if not lines or not starts_hand(lines[0]):
        return None
    try:
        return next(iter(tomllib.loads(lines[0])), None)
    except tomllib.TOMLDecodeError:  # an [[array]] header's own error shows when its piece is read
        return None


def _record(
    source: str, line: int, key: str | None, fields: dict[str, Any], text: str
) -> HandRecord:
    hand_id = _hand_id(fields, key)
    try:
        record = _read_hand(source, line, hand_id, fields)
    except HiloError as e:
        return failed(source, line, e.message, hand_id)
    except RecursionError:
        # A value nested just short of the TOML reader's limit, quoted in an error.
        return failed(source, line, NESTED, hand_id)
    return record._replace(action_lines=_action_lines(text, line, fields.get("actions")))


def _action_lines(text: str, line: int, actions: object) -> tuple[int, ...]:
    """The file line each action is written on, from the tokens of the piece's ``actions`` array, each line
    counted once (``line``: the file line of the piece's first). An element that is not a string ends the
    count: it and the actions after it are placed at the hand's own line."""
    if not isinstance(actions, list):
        return ()
    found = ACTIONS.search(text)
    lines: list[int] = []
    if found is not None:
        at = line + text.count("\n", 0, found.start())
        pos = found.end()
        while len(lines) < len(actions):
            token = _TOKEN.match(text, pos)
            if token is None or token.group() == "]":
                break
            written = token.group()
            if written[0] in "'\"":
                lines.append(at)
            at += written.count("\n")
            pos = token.end()
    return (*lines, *(line,) * (len(actions) - len(lines)))


# -- one hand's fields ------------------------------------------------------------------------------------


def _hand_id(fields: dict[str, Any], key: str | None) -> str | None:
    hand = fields.get("hand")
    if hand is not None and not isinstance(hand, dict | list):
        table = fields.get("table")
        return (
            f"{table}-{hand}"
            if isinstance(table, str | int) and not isinstance(table, bool)
            else str(hand)
        )
    return key


def _read_hand(source: str, line: int, hand_id: str | None, fields: dict[str, Any]) -> HandRecord:
    variant = _variant(fields)
    if isinstance(variant, str):
        return HandRecord(source, line, hand_id, None, not_checkable=variant)
    game, structure = variant
    scale = _scale(fields)
    stacks = _amounts(fields, "starting_stacks", scale, required=True)
    count = len(stacks)
    if count < 2:
        raise PHHError(f"starting_stacks has {count} entries: a hand needs two players or more")
    # Every pot and payout within the bound too.
    within(sum(stacks), "the sum of the starting stacks")
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
    hand = Hand(
        game,
        structure,
        names,
        stacks,
        actions,
        seats=seats,
        blinds=blinds,
        antes=antes,
        bring_in=_amount(fields, "bring_in", scale) if stud else 0,
        small_bet=small,
        big_bet=big,
        id=hand_id,
    )
    return _recorded(HandRecord(source, line, hand_id, hand), fields, names, scale)


def _variant(fields: dict[str, Any]) -> tuple[Game, Structure] | str:
    """The game and betting structure of the hand's ``variant``, or why hilo does not check it."""
    variant = fields.get("variant")
    if not isinstance(variant, str):
        raise PHHError("no variant: a PHH hand names its game in 'variant'")
    if variant in VARIANTS:
        game_name, structure = VARIANTS[variant]
        return GAMES[game_name], structure
    if variant in OTHER_VARIANTS:
        return f"variant {variant} ({OTHER_VARIANTS[variant]}) is not a game hilo plays"
    return f"unknown variant {short(variant)!r}: hilo plays {', '.join(VARIANTS)}"


def _recorded(
    record: HandRecord, fields: dict[str, Any], names: tuple[str, ...], scale: int
) -> HandRecord:
    """``record`` with the result the hand records: its finishing stacks or its winnings (the chips
    won, returned bets not counted), or why it cannot be checked without either."""
    count = len(names)
    if "finishing_stacks" in fields:
        stacks = _amounts(fields, "finishing_stacks", scale, count=count)
        return record._replace(recorded_stacks=dict(zip(names, stacks, strict=True)))
    if "winnings" in fields:
        won = _amounts(fields, "winnings", scale, count=count)
        return record._replace(
            recorded_won=dict(zip(names, won, strict=True)), won_excludes_returned=True
        )
    return record._replace(
        not_checkable="no recorded result: the hand gives neither finishing_stacks nor winnings"
    )


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
    """An action's amount as a number: ``int`` only for a few digits (no int conversion of thousands),
    ``float`` for the rest (a long one is then refused by its size), else the text itself. Only ASCII
    is a number (``int`` and ``float`` would read "٣" or "３" as 3)."""
    if not text.isascii():
        return text
    if len(text) <= MAX_DIGITS:
        try:
            return int(text)
        except ValueError:
            pass
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
        raise PHHError(f"{what} is {short(repr(value))}: amounts are numbers")
    if isinstance(value, float) and not math.isfinite(value):
        raise PHHError(f"{what} is {value}: hilo needs every amount known")
    # Whole numbers exactly; a float by Decimal from its shortest text (17 digits at most, so scaling by 100
    # is exact): exact cents, and no float overflow for a huge amount.
    exact = Decimal(value * scale) if isinstance(value, int) else Decimal(str(value)) * scale
    if exact != exact.to_integral_value() or exact < 0:
        raise PHHError(
            f"{what} is {short(str(value), 40)}: not a whole number of "
            f"{'cents' if scale == 100 else 'chips'}, 0 or more"
        )
    return within(int(exact), what)


def _amount_text(text: str, what: str, scale: int) -> int:
    """An amount written in an action (``cbr 600``); a run of digits bounded before it is converted."""
    if text.isascii() and text.isdigit():
        # Leading zeros cut first: bounds.digits converts what it checked, and int() counts zeros as digits.
        return _chips(digits(text.lstrip("0") or "0", what), what, scale)
    return _chips(_number_text(text), what, scale)


def _amount(fields: dict[str, Any], key: str, scale: int, required: bool = True) -> int:
    if key not in fields:
        if required:
            raise PHHError(f"missing field {key!r}")
        return 0
    return _chips(fields[key], key, scale)


def _amounts(
    fields: dict[str, Any], key: str, scale: int, count: int | None = None, required: bool = False
) -> tuple[int, ...]:
    value = fields.get(key)
    if value is None:
        if required:
            raise PHHError(f"missing field {key!r}")
        return (0,) * (count or 0)
    if not isinstance(value, list):
        raise PHHError(f"{key} is {short(repr(value))}: a list of amounts, one per player")
    within(len(value), f"the number of {key}", MAX_SEAT)
    if count is not None and len(value) != count:
        raise PHHError(f"{key} has {len(value)} entries for {count} players")
    return tuple(_chips(v, f"{key}[{i}]", scale) for i, v in enumerate(value))


def _names(fields: dict[str, Any], count: int) -> tuple[str, ...]:
    given = fields.get("players")
    if given is None:
        return tuple(f"p{i}" for i in range(1, count + 1))
    if (
        not isinstance(given, list)
        or len(given) != count
        or not all(isinstance(n, str) for n in given)
    ):
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
    if (
        not isinstance(given, list)
        or len(given) != count
        or not all(type(s) is int and s >= 0 for s in given)
        or len(set(given)) != count
    ):
        raise PHHError(f"seats must be {count} different seat numbers, one per player")
    return tuple(within(s, f"seats[{i}]", MAX_SEAT) for i, s in enumerate(given))


def _cards(text: str, where: str) -> tuple[Card | None, ...]:
    if len(text) % 2 or not all(
        CARD_TEXT.fullmatch(text[i : i + 2]) for i in range(0, len(text), 2)
    ):
        raise PHHError(f"{where}: cannot read the cards {short(text)!r}")
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
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
        raise PHHError(f"actions is {short(repr(given))}: a list of action strings")
    for number, text in enumerate(given, 1):
        if not isinstance(text, str):
            raise PHHError(f"action {number} is {short(repr(text))}: actions are strings")
        words = text.split("#", 1)[0].split()
        if not words:
            continue  # a commentary on its own: a no-op
        yield _action(number, text.strip(), words, names, scale)


def _player(word: str, names: tuple[str, ...], where: str) -> str:
    found = PLAYER.fullmatch(word)
    # The index's length first: no int conversion of a thousand digits.
    if (
        found is None
        or len(found.group(1)) > len(str(len(names)))
        or int(found.group(1)) > len(names)
    ):
        raise PHHError(f"{where}: no player {short(word, 24)!r} (players are p1 to p{len(names)})")
    return names[int(found.group(1)) - 1]


def _action(number: int, text: str, words: list[str], names: tuple[str, ...], scale: int) -> Action:
    where = f"action {number} {short(text)!r}"
    actor, verb, args = words[0], words[1] if len(words) > 1 else "", words[2:]
    if actor == "d":
        if verb == "db" and len(args) == 1:
            return Action(number, text, None, "deal-board", cards=_cards(args[0], where))
        if verb == "dh" and len(args) == 2:
            return Action(
                number,
                text,
                _player(args[0], names, where),
                "deal-hole",
                cards=_cards(args[1], where),
            )
        raise PHHError(
            f"{where}: the dealer deals the board ('d db CARDS') or hole cards ('d dh pN CARDS')"
        )
    name = _player(actor, names, where)
    simple: dict[str, ActionKind] = {"f": "fold", "cc": "check-call", "pb": "bring-in"}
    if verb in simple and not args:
        return Action(number, text, name, simple[verb])
    if verb == "cbr" and len(args) == 1:
        return Action(number, text, name, "raise-to", amount=_amount_text(args[0], where, scale))
    if verb == "sm" and len(args) <= 1:
        if not args or args[0] == "-":
            return Action(number, text, name, "muck")
        return Action(number, text, name, "show", cards=_cards(args[0], where))
    if verb == "sd":
        raise PHHError(
            f"{where}: standing pat or discarding belongs to draw games, which hilo does not play"
        )
    raise PHHError(f"{where}: not PHH action notation (f, cc, cbr AMOUNT, pb, sm [CARDS])")
