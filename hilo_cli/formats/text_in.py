"""The plain text line format: one deal per line, fields separated by ``|``.

    # a comment: a line whose first character (after blanks) is #; blank lines are skipped
    Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200
    board 3c 4d 7h Kc Ks | Alice: As 2d 9c 9d @15 | Bob: Ad 2h Qh Jh @40 | Dave: fold @10 | button 5
    game stud8 | A: As 2d 3c 4h 8s 8d Kc | B: Ks Kd Kh 7c 6c 5d 2h | pot 80 | expect A=40 B=40
    board 7h 5d 3s 7s Ts | board 7h 5d 3s 2s 4h | A: ... | B: ... | pot 16300 | multi-board each

A field ``NAME: CARDS`` is a player (listed clockwise); after the cards, ``@N`` is what the player put in,
``seat N`` the seat, and ``fold`` marks a folded player (whose cards may be left out). Other fields are
``KEY VALUE``: ``board``, ``pot``, ``game``, ``button``, ``chip-unit``, ``qualifier``, ``odd-chip``,
``multi-board``, ``rake N ...`` (per pot, main pot first, RULES §13), ``id``, ``expect NAME=N ...``. A
field of cards alone is the board. Several ``board`` fields are several boards, in dealing order (RULES
§12). The line becomes the same record as the JSON
format's and goes through ``records.deal_from_record``.

``#`` starts a comment only at the start of a line: inside a line it is an ordinary character (``id
hand#42``), so a field is never cut short. A value given twice in one line (``pot``, ``@N``, ``seat``, a
name in ``expect``) is an error, never "the last one wins".
"""

from __future__ import annotations

import re
from typing import Any

from hilo_cli.bounds import MAX_DIGITS, digits, short
from hilo_cli.cards import parse_cards
from hilo_cli.errors import CardError, InputError

KEYS = {
    "board": "board",
    "pot": "pot",
    "game": "game",
    "button": "button",
    "chip-unit": "chip_unit",
    "chip_unit": "chip_unit",
    "unit": "chip_unit",
    "qualifier": "qualifier",
    "odd-chip": "odd_chip",
    "odd_chip": "odd_chip",
    "id": "id",
    "expect": "expected",
    "expected": "expected",
    "multi-board": "multi_board",
    "multi_board": "multi_board",
    "rake": "rake",
}
_INT = re.compile(r"[+-]?\d+(\.\d*)?")


def number(text: str, what: str) -> int | float:
    """A number written in a text field; a later check rejects fractions, negatives and amounts over the
    bound. One of more digits than any bound allows is refused here, unread (``bounds.digits``). ``what``
    is cut short too: on the command line it quotes the argument, number and all."""
    what = short(what, 100)
    if not _INT.fullmatch(text):
        raise InputError(f"{what}: {short(text)!r} is not a number")
    whole = text.lstrip("+-").partition(".")[0]
    if len(whole) > MAX_DIGITS:
        digits(
            whole, what
        )  # refuses a number too long to read, naming the bound; passes leading zeros
    # Whole numbers exactly (a float would misquote a huge one in the error that rejects it).
    return int(text) if "." not in text else float(text)


def strip_comment(line: str) -> str:
    """The line without its blanks, or nothing for a comment line (``#`` first, RULES of the format above)."""
    text = line.strip()
    return "" if text.startswith("#") else text


def record_from_line(line: str) -> dict[str, Any]:
    """Read one non-blank, comment-free line into a JSON-schema record."""
    record: dict[str, Any] = {}
    players: list[dict[str, Any]] = []
    boards: list[str] = []
    for position, raw in enumerate(line.split("|"), 1):
        field = raw.strip()
        if not field:
            raise InputError(f"field {position} is empty")
        first = re.split(r"[\s:]", field, maxsplit=1)[0]
        if first.lower() in KEYS:
            name = KEYS[first.lower()]
            value = field[len(first) :].strip().removeprefix(":").strip()
            if not value:
                raise InputError(f"{first} has no value")
            if name == "board":
                boards.append(value)
                continue
            if name in record:
                raise InputError(f"{first} is given twice")
            record[name] = _value(name, value)
            continue
        if ":" in field:
            head, _, rest = field.partition(":")
            players.append(_player(head.strip(), rest.split()))
            continue
        if not _looks_like_cards(field):
            raise InputError(
                f"field {position} ({short(field)!r}) is not cards, NAME: CARDS or a known KEY VALUE"
                + (
                    " (a player's name needs a colon: NAME: CARDS)"
                    if _looks_like_cards(field.split(None, 1)[-1])
                    else ""
                )
            )
        if boards:
            raise InputError(
                f"field {position} ({short(field)!r}) is a second board without the word board: "
                "write each board of a multi-board deal as board CARDS"
            )
        boards.append(field)
    if len(boards) == 1:
        record["board"] = boards[0]
    elif boards:
        record["boards"] = boards
    record["players"] = players
    return record


def _looks_like_cards(field: str) -> bool:
    try:
        return bool(parse_cards(field))
    except CardError:
        return False


def _value(name: str, value: str) -> Any:
    if name in ("pot", "button", "chip_unit"):
        return number(value, name)
    if name == "rake":
        amounts = [number(v, "rake") for v in value.replace(",", " ").split()]
        return amounts[0] if len(amounts) == 1 else amounts
    if name == "expected":
        expected: dict[str, int | float] = {}
        for token in value.replace(",", " ").split():
            who, eq, amount = token.partition("=")
            if not eq or not who:
                raise InputError(f"expect takes NAME=AMOUNT pairs, not {short(token)!r}")
            if who in expected:
                raise InputError(f"expect gives {short(who)} twice")
            expected[who] = number(amount, f"expected amount for {who}")
        return expected
    return value


def _player(name: str, tokens: list[str]) -> dict[str, Any]:
    player: dict[str, Any] = {"name": name}
    quoted = short(name)  # the name as error lines quote it
    cards: list[str] = []
    # "Jd@600" as well as "Jd @600" and "Jd @ 600".
    tokens = [part for token in tokens for part in token.replace("@", " @").split()]
    i = 0
    while i < len(tokens):
        token = tokens[i]
        lower = token.lower()
        if lower in ("fold", "folded"):
            player["folded"] = True
        elif token.startswith("@"):
            amount = token[1:] or (tokens[i + 1] if i + 1 < len(tokens) else "")
            if not token[1:]:
                i += 1
            if "contributed" in player:
                raise InputError(
                    f"player {quoted}: @ is given twice (what the player put in is one amount)"
                )
            player["contributed"] = number(amount, f"player {quoted}: amount after @")
        elif lower == "seat":
            if i + 1 >= len(tokens):
                raise InputError(f"player {quoted}: seat needs a number")
            if "seat" in player:
                raise InputError(f"player {quoted}: seat is given twice")
            i += 1
            player["seat"] = number(tokens[i], f"player {quoted}: seat")
        else:
            cards.append(token)
        i += 1
    if cards:
        player["hole"] = " ".join(cards)
    return player
