"""IGT hand histories: JSON in Boss Media's schema (issue 28), one document holding many hands.

What the site writes (learnt from ggratte's PokerHandHistoryParser, ``IGTJSONParserImpl``, its sample
files, and ../shared/handhistories/newer/igt/): a UTF-8 file (a byte-order mark first) holding one JSON
document on one line, ``{"history": [hand, hand, ...]}``; a pretty-printed document (``jq .``) and
documents one after another are read too, each starting on a line that starts with ``{``. Numbers are
written as text (``"0.25"``). A hand is an object:

* the table: ``"handId": "54503445.hand.201"``; ``"gameType": "OMAHAHILO"`` (``OMAHA`` Omaha high,
  ``TEXASHOLDEM`` hold'em, not checkable), which ``"game": "GAME_OMAHL"`` (``GAME_OMA``, ``GAME_OMATU``,
  ``GAME_THM``) says again; ``"limit": "Pot Limit"`` (``No Limit``, ``Fixed Limit``); ``"gameKind":
  "GAMEKIND_CASH"`` (``GAMEKIND_TOURNAMENT``, ``GAMEKIND_SITGO``: chips, as at ``"tournamentTable":
  true``); ``"tableCurrency": "SEK"`` (``EUR``, ``USD``); the blinds, ``"stake": "0.25/0.5"`` (2018) or
  ``"small": "0.25", "large": "0.50"`` (2019): at a fixed-limit table the bets are the big blind and
  twice it. ``"pot"`` is the showdown's pot again; ``bet``, ``win`` and ``loss`` are the file owner's.
* ``"player": [{"name": "Ann", "seat": "1", "state": "STATE_PLAYING", "dealer": "N", "amount": "20.00"},
  ...]``: ``STATE_EMPTY`` an empty seat (named ``UNKNOWN``); any other state is seated, acting or not;
  ``dealer`` ``Y`` the button; ``amount`` the stack.
* ``"action": [...]``, in order, each with its ``type``: ``HAND_BLINDS`` with ``kind`` ``HAND_SB``,
  ``HAND_BB`` or ``HAND_DSB`` (a dead small blind: in the pot, no bet) and ``value``; ``HAND_ANTE``;
  ``HAND_DEAL`` with the player's ``card`` list; ``ACTION_FOLD``, ``ACTION_CHECK``; ``ACTION_CALL``,
  ``ACTION_BET``, ``ACTION_RAISE`` and ``ACTION_ALLIN``, whose ``value`` is the player's total on the
  street after the action (the small blind of 0.25 calling 0.50 writes ``0.50``; an all-in writes the
  stack the player began the street with); ``ACTION_ADJUSTEMENT`` (sic), the bet nobody called given
  back, ``value`` the player's street total after it; ``HAND_BOARD`` with ``value`` ``BOARD_FLOP``,
  ``BOARD_TURN`` or ``BOARD_RIVER``, the whole board so far in ``card``, and the pot so far: ``pot``
  after the rake taken so far, ``rake``, ``mainpot``. ``bankRoll``, the stack after the action, is not
  read: a dead small blind is in the pot and not out of it (a 2019 file).
* ``"showDown": {"pot": "6.57", "rake": "0.18", "mainpot": "6.57", "result": [...]}``: the pot after
  rake, the rake (absent where none was taken); one result per player dealt in: ``player``, ``win``
  (what the pots paid them: an uncalled bet given back is not in it), ``winType`` (``WINTYPE_HI``,
  ``WINTYPE_LO``, ``WINTYPE_HILO``; none for a player paid nothing), ``card`` (the cards shown, empty
  for a hand not shown), ``folded``, ``hand`` (``$(STR_G_MUCK)`` for a hand not shown), and what the
  site says the hand made (``winCard``, ``handExt``: not read, the cards speak).

A card is ``{"link": "51"}``: rank ``n % 13`` from the deuce (0) to the ace (12), suit ``n // 13``
(clubs, diamonds, hearts, spades, as ggratte reads them); ``"b"`` a card not shown. It is not Boss
Media's XML numbering (ace to king from the diamonds): the shared file's showdown says which, its
straight to the eight and its low ``8 7 5 4 2`` are made by these ranks. Which suit is called which
cannot be seen without a flush, and no verdict depends on it: only on which cards share a suit.

How deep the check goes: every action is replayed; the pot and rake printed at each board and at the
showdown are held against what the actions put in; the bet the site gives back against the bet the
replay leaves uncalled; the results' wins against the showdown's pot; and each player's ``win`` against
hilo's settlement of the shown hands, by half of a single pot (``WINTYPE_HI``/``WINTYPE_LO``), by pot
for a scoop (``WINTYPE_HILO``), per player where the actions build side pots (the showdown prints one
pot and one rake: the rake is then derived, and held to the printed one here).

The file is cut from its bytes (``documents``), not its lines: a document is read a piece at a time
(``formats.json_in``'s windowed reader, which ``hilo batch`` reads a JSON array with) and its history's
hands come out one at a time, so memory holds one hand and a block of the file, however long the
document's one line. Every hand of a history is one record, in order, at the line it starts on (one
that is not an object, is longer than ``MAX_HAND`` characters, has a field of the wrong type or a key
given twice in one object, is its own error; a hand is at most ``MAX_ACTIONS`` actions). A document
that stops being JSON part-way is its hands read before the fault, then one error record there; one
with no history, an empty one or two, is one error record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Generator, Iterator, Mapping
from typing import Any

from hilo_cli.bounds import MAX_SEAT, digits, quote, short
from hilo_cli.cards import Card
from hilo_cli.errors import HiloError, InputError
from hilo_cli.formats.json_in import BLANK, SPACE, Cut, Found, JsonText, Malformed, array
from hilo_cli.formats.jsonlib import duplicate_key
from hilo_cli.histories.actions import players_in
from hilo_cli.histories.amounts import CODES
from hilo_cli.histories.base import Currency, HandRecord, Reader, failed
from hilo_cli.histories.site import NAMELESS, Header, Seat, SiteHand, cards_of, check_seat
from hilo_cli.histories.site import Line as Action
from hilo_cli.histories.uncalled import contributions, unreturned
from hilo_cli.histories.xml_hand import XmlHand
from hilo_cli.pots import build_pots

try:
    import orjson
except ImportError:  # pragma: no cover - the standard library reads the same documents
    orjson = None  # type: ignore[assignment]

# Characters of one hand (a real one has some 3,000): a longer one is an error of its own, not read.
MAX_HAND = 1 << 20
MAX_ACTIONS = 2_000  # actions of one hand (a real hand has fewer than a hundred)
MAX_CARDS = 7  # cards in one list (a hand or the board)
MAX_LISTED = 100  # players, or results, listed for one hand (empty seats too)

GAME_NAMES: dict[str, str] = {
    "OMAHAHILO": "omaha8",
    "GAME_OMAHL": "omaha8",
    "OMAHA": "omaha",
    "GAME_OMA": "omaha",
    "GAME_OMATU": "omaha",
}
# Every game name known, with the game it is (hold'em is not a game hilo plays): a hand whose two names
# disagree is bad input.
_KNOWN_GAMES = {**GAME_NAMES, "TEXASHOLDEM": "holdem", "GAME_THM": "holdem"}
LIMIT_WORDS = {
    "Fixed Limit": "Limit",
    "Pot Limit": "Pot Limit",
    "No Limit": "No Limit",
    "FL": "Limit",
    "PL": "Pot Limit",
    "NL": "No Limit",
}
SIGNS = {code: sign for sign, code in CODES.items()}
STREETS = {"BOARD_FLOP": 1, "BOARD_TURN": 2, "BOARD_RIVER": 3}
BLINDS = {"HAND_SB": "small blind", "HAND_BB": "big blind", "HAND_DSB": "ante"}
MOVES = {"ACTION_CALL", "ACTION_BET", "ACTION_RAISE", "ACTION_ALLIN"}
HALVES = {"WINTYPE_HI": "high", "WINTYPE_LO": "low", "WINTYPE_HILO": None}
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_CODE = re.compile(r"[A-Z]{3}")
_MARKER = re.compile(r"[0-9]{1,9}")


# -- the file, cut into its documents and each document into its hands -----------------------------------

# A document starts where a line starts with ``{`` (after byte-order marks, as files joined with cat hold).
_FENCE = re.compile(rb"\n(?:\xef\xbb\xbf)*\{")
# The end of what was read so far that may be the start of such a line: kept for the next block.
_FENCE_START = re.compile(rb"\n(?:\xef\xbb\xbf)*(?:\xef\xbb?)?\Z")
_LINE_MARKS = re.compile(rb"(?<=\n)(?:\xef\xbb\xbf)+")
_FIRST_MARKS = re.compile(rb"(?:\A|(?<=\n))(?:\xef\xbb\xbf)+")
# The hands are only cut here (a worker reads each, ``_parse``): numbers are kept as their text, and a
# control character written raw inside a name is read.
_CUTTER = json.JSONDecoder(strict=False, parse_int=str, parse_float=str, parse_constant=str)
_NO_HISTORY = 'not an IGT history: the JSON document has no "history" list of hands'
_TOO_LONG = object()  # a hand too long to read: the hands after it are still read

# What ``documents`` gives: each hand's line, its lines for ``read_hand`` and ``None``, or an error.
Piece = tuple[int, list[str], str | None]
Pieces = Iterator[Piece]


def starts_hand(line: str) -> bool:
    """A document starts on a line that starts with ``{`` (a pretty-printed one indents the rest)."""
    return line.startswith("{")


class _Documents:
    """A file's bytes cut into its documents at each line that starts with ``{``, a block at a time;
    CRLF and CR line ends are made LF (JSON reads each as a blank; lines are numbered as the other
    readers number them). ``line`` is the file line the next document starts on."""

    def __init__(self, blocks: Iterator[bytes], line: int) -> None:
        self._blocks, self.line = blocks, line
        self._data, self._at, self._cr, self._started = b"", 0, False, False

    def _read(self) -> bool:
        """The next block after what is left to cut; False at the end of the file."""
        block = next(self._blocks, None)
        if block is None:
            if not self._cr:
                return False
            block, self._cr = b"\n", False
        else:
            block = b"\r" + block if self._cr else block
            self._cr = block.endswith(b"\r")
            block = (block[:-1] if self._cr else block).replace(b"\r\n", b"\n")
        data = self._data[self._at :] + block.replace(b"\r", b"\n")
        # A byte-order mark at the start of a line is no text (files joined with cat), as for the other
        # readers (``reading.cut``); a line end and the marks after it are kept whole for the next block.
        self._data, self._at = (_LINE_MARKS if self._started else _FIRST_MARKS).sub(b"", data), 0
        self._started = True
        return True

    def more(self) -> bool:
        """Whether there is another document (perhaps of blanks only)."""
        while self._at == len(self._data):
            if not self._read():
                return False
        return True

    def pieces(self) -> Iterator[bytes]:
        """The next document's bytes, in pieces of a block or less, to the line end before the next one
        (or the file's last line end), as a document's lines without their last line end."""
        while True:
            found = _FENCE.search(self._data, self._at)
            end = found.start() if found else len(self._data)
            if found is None and (tail := _FENCE_START.search(self._data, self._at)) is not None:
                end = tail.start()
            piece, self._at = self._data[self._at : end], end
            self.line += piece.count(b"\n")
            if piece:
                yield piece
            if found is not None:
                # The line end before the next document: of neither.
                self._at, self.line = end + 1, self.line + 1
                return
            if not self._read():
                rest = self._data[self._at :].removesuffix(b"\n")  # the file's last line end: none
                self._at = len(self._data)
                self.line += rest.count(b"\n")
                if rest:
                    yield rest
                return


def documents(blocks: Iterator[bytes], line: int = 1) -> Pieces:
    """Every hand of a file of IGT documents (its bytes, UTF-8, from file line ``line``), in order: the
    line the hand starts on, its lines for ``read_hand`` (its place in the history, then its JSON text),
    ``None``; or a line and the error of what cannot be read there. A document is read a piece at a
    time (``formats.json_in``: its history's hands one at a time, each from a window that starts
    where it does), so memory holds one hand and a block, whatever the document's length. Each hand
    read before a fault is a record; the fault is one error, and reading goes on at the next document."""
    cut = _Documents(blocks, line)
    while cut.more():
        start = cut.line
        pieces = cut.pieces()
        yield from _document(JsonText(pieces, start, _CUTTER))
        for _ in pieces:  # the rest of a document after its error: not read
            pass


def _document(text: JsonText) -> Pieces:
    """The hands of one document, then its one error if it has one (the rest of it is not read)."""
    line = 1
    try:
        pos = text.skip(0, BLANK)
        if text.char(pos) == "":
            return
        line = text.line(pos)
        if text.char(pos) != "{":
            text.decode(pos)  # Malformed: it is not JSON
            yield line, [], _NO_HISTORY
            return
        after = yield from _fields(text, pos + 1, line)
        if after is None:
            return
        pos = text.skip(after, BLANK)
        if text.char(pos) != "":
            message = f"malformed JSON: more after the document's end (column {text.column(pos)})"
            yield text.line(pos), [], message
    except Malformed as e:
        bad = text.malformed(e)
        yield bad.line, [], bad.error
    except RecursionError:
        yield line, [], "the JSON document is nested too deeply to read"
    except Cut as e:
        yield e.line, [], e.message


def _fields(text: JsonText, pos: int, line: int) -> Generator[Piece, None, int | None]:
    """The fields of the document's object from ``pos`` (after its ``{``, on ``line``): the hands of
    its history, each other field passed over; where the object ends, or ``None`` after its error."""
    found, first = False, True
    while True:
        pos = text.skip(pos, SPACE)
        if first and text.char(pos) == "}":
            break
        if text.char(pos) != '"':
            yield _fault(text, pos, "a name in double quotes")
            return None
        key, pos = text.decode(pos)
        pos = text.skip(pos, SPACE)
        if text.char(pos) != ":":
            yield _fault(text, pos, "':' after a name")
            return None
        pos = text.skip(pos + 1, SPACE)
        if key == "history" and found:
            twice = 'the JSON document gives its "history" twice: which is meant cannot be known'
            yield text.line(pos), [], twice
            return None
        if key == "history" and text.char(pos) != "[":
            yield line, [], _NO_HISTORY
            return None
        if key == "history":
            found, after = True, (yield from _history(text, pos))
            if after is None:
                return None
            pos = after
        else:
            pos = text.decode(pos)[1]  # another field of the document: not read
        pos = text.skip(pos, SPACE)
        if text.char(pos) == "}":
            break
        if text.char(pos) != ",":
            yield _fault(text, pos, "',' or '}' after a value")
            return None
        pos, first = pos + 1, False
    if not found:
        yield line, [], _NO_HISTORY
        return None
    return pos + 1


def _history(text: JsonText, pos: int) -> Generator[Piece, None, int | None]:
    """Each hand of the history at ``pos`` (its ``[``); where the history ends, or ``None`` after a fault
    that ends the reading of the document (``array`` would go on at the next line that starts with
    ``{``: in a document, its end; nothing more of it is read, not even a byte that is not UTF-8)."""
    hands = array(
        text,
        pos,
        _hand_text,
        "the IGT history holds no hands",
        "a hand of the history is nested too deeply to read",
    )
    count = 0
    while True:
        try:
            found = next(hands)
        except StopIteration as stop:
            return int(stop.value)
        count += 1
        if found.error is None:
            yield found.line, [str(count), str(found.value)], None
            continue
        yield found.line, [], found.error
        if found.value is not _TOO_LONG:
            return None


def _hand_text(text: JsonText, start: int, after: int, line: int, value: object) -> Found:
    """One hand of the history, read from ``start`` to ``after``: its JSON text, for its worker."""
    if after - start > MAX_HAND:
        return Found(
            line,
            _TOO_LONG,
            f"a hand of {after - start:,} characters: more than hilo reads as one (at most "
            f"{MAX_HAND:,})",
        )
    return Found(line, text.slice(start, after))


def _fault(text: JsonText, pos: int, what: str) -> tuple[int, list[str], str]:
    """The error where the document is not JSON: ``what`` was expected at ``pos``."""
    where = "the document ends" if text.char(pos) == "" else f"column {text.column(pos)}"
    return text.line(pos), [], f"malformed JSON: {what} expected ({where})"


def _parse(text: str) -> Any:
    """JSON text as values: orjson, else the standard library, which reads what orjson refuses and JSON
    allows or the standard library accepts (a number beyond 64 bits, ``NaN``, an escaped lone surrogate,
    a control character written raw inside a name): a value then refused where it is read, as its
    field, and a name shown escaped (formats/safe.py). Raises ``ValueError`` or ``RecursionError``."""
    if orjson is not None:
        try:
            return orjson.loads(text)
        except ValueError:
            pass
    return json.loads(text, strict=False)


def _reason(e: ValueError) -> str:
    """What is wrong with JSON text, where (the column of the line the error is at)."""
    if isinstance(e, json.JSONDecodeError):
        return f"{short(e.msg, 80)} (column {e.colno:,})"
    return short(str(e), 120)


# -- one hand --------------------------------------------------------------------------------------------


def _kind(value: object) -> str:
    """What a JSON value is, for an error."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    return "a list" if isinstance(value, list) else "an object"


def _text(
    item: Mapping[str, object],
    key: str,
    what: str,
    default: str | None = None,
    number: bool = False,
) -> str:
    """``item[key]``: text (``number``: or a JSON number, as its text); ``default`` where it is missing
    or null (``None``: it must be there)."""
    value = item.get(key)
    if value is None:
        if default is None:
            raise InputError(f"{what} has no {key!r}")
        return default
    if isinstance(value, str):
        return value
    if number and isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise InputError(f"{what}: {key!r} is {_kind(value)}, not {'an amount' if number else 'text'}")


def _objects(item: Mapping[str, object], key: str, what: str, bound: int) -> list[dict[str, Any]]:
    """``item[key]``: a list of objects, at most ``bound`` (missing or null: none)."""
    value = item.get(key)
    if value is None:
        return []
    if type(value) is not list:
        raise InputError(f"{what}: {key!r} is {_kind(value)}, not a list")
    if len(value) > bound:
        raise InputError(
            f"{what}: {key!r} lists {len(value):,} items, more than hilo reads ({bound})"
        )
    for n, found in enumerate(value, 1):
        if type(found) is not dict:
            raise InputError(f"{what}: item {n} of {key!r} is {_kind(found)}, not an object")
    return value


def card(link: str, what: str) -> Card | None:
    """A card by its number (``None``: ``b``, a card not shown)."""
    if link == "b":
        return None
    number = int(link) if link.isascii() and link.isdigit() and len(link) <= 2 else -1
    if not 0 <= number <= 51:
        raise InputError(f"{what}: {quote(link, 20)} is not a card number (0 to 51, or b)")
    return cards_of(_RANKS[number % 13] + _SUITS[number // 13], what)[0]


def _cards(item: Mapping[str, object], key: str, what: str) -> tuple[Card, ...]:
    """The cards of ``item[key]`` that are shown."""
    found = (
        card(_text(c, "link", what, number=True), what)
        for c in _objects(item, key, what, MAX_CARDS)
    )
    return tuple(c for c in found if c is not None)


def _flag(item: Mapping[str, object], key: str, what: str) -> bool:
    value = item.get(key)
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    raise InputError(f"{what}: {key!r} is {_kind(value)}, not true or false")


class _Hand(XmlHand):
    """One hand's object into a ``SiteHand``: every action and the result at the document's line."""

    GAMES = GAME_NAMES

    def __init__(self, source: str, line: int, data: dict[str, Any]) -> None:
        super().__init__(source, "")
        self.line, self.data = line, data
        self.board: list[Card] = []
        self.street = 0
        self.currency = Currency()

    def header(self) -> tuple[Header, Currency]:
        d = self.data
        self.id = short(_text(d, "handId", "the hand", ""), 100)
        game = self._game()
        raw = _text(d, "limit", "the hand", "")
        limit = LIMIT_WORDS.get(raw, raw)
        tournament = _text(d, "gameKind", "the hand", "GAMEKIND_CASH") != "GAMEKIND_CASH"
        tournament = tournament or _flag(d, "tournamentTable", "the hand")
        code = _text(d, "tableCurrency", "the hand", "")
        sign = SIGNS.get(code, "")
        if "stake" in d and d["stake"] is not None:
            stakes = _text(d, "stake", "the hand", number=True)
        else:
            small = _text(d, "small", "the hand", number=True)
            stakes = f"{small}/{_text(d, 'large', 'the hand', number=True)}"
        header, currency = self.blinds_header(game, limit, tournament, sign, stakes, "/")
        if not tournament and not sign and code:
            if not _CODE.fullmatch(code):
                raise InputError(f"the table's currency {quote(code, 20)} is no currency code")
            currency = Currency(f"{code} ", "", 100, code)
        self.currency = currency
        return header, currency

    def _game(self) -> str:
        """The game as the hand names it: ``gameType``, else ``game``; both must name the same."""
        d = self.data
        kind, code = _text(d, "gameType", "the hand", ""), _text(d, "game", "the hand", "")
        if (
            kind in _KNOWN_GAMES
            and code in _KNOWN_GAMES
            and _KNOWN_GAMES[kind] != _KNOWN_GAMES[code]
        ):
            raise InputError(
                f"the hand's gameType {quote(kind, 40)} and game {quote(code, 40)} differ"
            )
        return kind or code

    def read(self) -> SiteHand:
        hand = self.begin(self.line, *self.header(), rake=True, pots=True)
        if self.played is None:
            return hand
        self._players(hand)
        names = {s.name for s in hand.seats}
        hand.add_street(self.line, 0, "pre-flop")
        for n, action in enumerate(_objects(self.data, "action", "the hand", MAX_ACTIONS), 1):
            self._action(hand, action, n, names)
        showdown = self.data.get("showDown")
        if showdown is None:
            raise InputError(f"hand #{self.id} is cut short: no showDown says who won")
        if type(showdown) is not dict:
            raise InputError(f"the hand's 'showDown' is {_kind(showdown)}, not an object")
        self._showdown(hand, showdown, names)
        hand.end = self.line
        return hand

    def _players(self, hand: SiteHand) -> None:
        for n, p in enumerate(_objects(self.data, "player", "the hand", MAX_LISTED), 1):
            what = f"player {n}"
            if _text(p, "state", what, "STATE_PLAYING") == "STATE_EMPTY":
                continue
            name = _text(p, "name", what)
            seat = digits(_text(p, "seat", what, number=True), "a seat", MAX_SEAT)
            check_seat(hand, seat, name, NAMELESS)
            stack = self.money(_text(p, "amount", what, number=True), f"{name}'s amount")
            hand.seats.append(Seat(seat, name, stack))
            if _text(p, "dealer", what, "N") == "Y":
                hand.button = seat

    def _action(self, hand: SiteHand, a: dict[str, Any], n: int, names: set[str]) -> None:
        what = f"action {n}"
        kind = _text(a, "type", what)
        who = _text(a, "player", what, "")
        shown = " ".join(
            x
            for x in (kind, who, _text(a, "kind", what, ""), _text(a, "value", what, "", True))
            if x
        )
        text = short(f"{what}: {shown}", 120)
        if kind == "HAND_BOARD":
            self._board(hand, a, text)
            return
        if kind not in (
            "HAND_DEAL",
            "HAND_BLINDS",
            "HAND_ANTE",
            "ACTION_FOLD",
            "ACTION_CHECK",
            "ACTION_ADJUSTEMENT",
            *MOVES,
        ):
            if "value" in a or "card" in a:
                raise InputError(f"{text}: an action hilo does not read")
            hand.skipped += 1  # moves no chip, deals no card (docs/readers.md, "Lenient")
            if hand.first_skipped is None:
                hand.first_skipped = (self.line, short(text, 80))
            return
        if who not in names:
            raise InputError(f"{text}: {quote(who, 60)} is not seated")
        if kind == "HAND_DEAL":
            known = _cards(a, "card", f"the cards of {who}")
            if known:
                hand.add_dealt(self.line, self.street, who, known, text)
        elif kind in ("ACTION_FOLD", "ACTION_CHECK"):
            verb = kind[7:].lower()
            hand.actions.append(Action(self.line, self.street, who, verb, 0, None, False, text))
        elif kind == "ACTION_ADJUSTEMENT":
            self._given_back(hand, a, who, text)
        else:
            self._chips(hand, a, kind, who, text)

    def _chips(self, hand: SiteHand, a: dict[str, Any], kind: str, who: str, text: str) -> None:
        """A blind, an ante, a call, a bet, a raise or an all-in: each ``value`` but a post's is the
        player's street total after it; whether it calls, bets or raises follows from the street's bets."""
        value = self.money(_text(a, "value", text, number=True), f"{text}: the value")
        line, street = self.line, self.street
        if kind == "HAND_BLINDS" or kind == "HAND_ANTE":
            verb = "ante" if kind == "HAND_ANTE" else BLINDS.get(_text(a, "kind", text, ""))
            if verb is None:
                raise InputError(f"{text}: a blind hilo does not read")
            self.chips(hand, line, street, who, verb, value, None, False, text)
            return
        before = self.bets.get(who, 0)
        if value < before:
            raise InputError(f"{text}: a street total below the {before} {who} has in")
        verb = "call" if kind == "ACTION_CALL" else self.raised(value)
        all_in = kind == "ACTION_ALLIN"
        self.chips(hand, line, street, who, verb, value - before, value, all_in, text)

    def _given_back(self, hand: SiteHand, a: dict[str, Any], who: str, text: str) -> None:
        """``ACTION_ADJUSTEMENT``: the bet nobody called, given back; ``value`` is what stays in."""
        value = self.money(_text(a, "value", text, number=True), f"{text}: the value")
        before = self.bets.get(who, 0)
        if value > before:
            raise InputError(f"{text}: leaves more in than the {before} {who} bet")
        if value < before:
            hand.add_uncalled(who, before - value)
            self.bets[who] = value
            self.put[who] -= before - value

    def _board(self, hand: SiteHand, a: dict[str, Any], text: str) -> None:
        """``HAND_BOARD``: a new street, the board so far (its new cards are dealt), and the pot so far."""
        street = STREETS.get(_text(a, "value", text, ""))
        if street is None or street <= self.street:
            raise InputError(f"{text}: not the next street of the hand")
        cards = _cards(a, "card", "the board")
        if cards[: len(self.board)] != tuple(self.board):
            raise InputError(f"{text}: the board does not go on from the board dealt before")
        self._pot_so_far(hand, a, f"the {a['value'][6:].lower()}'s")
        self.bets, self.street = {}, street
        new = cards[len(self.board) :]
        self.board.extend(new)
        hand.add_street(self.line, street, text)
        hand.add_board(self.line, street, text, new)

    def _pot_so_far(
        self, hand: SiteHand, at: Mapping[str, object], whose: str, check: bool = True
    ) -> tuple[int, int] | None:
        """The pot ``at`` prints (after rake) and its rake, held against what the actions put in so far
        (``check``; a disagreement is the site's own); ``None`` where no pot is printed."""
        written = _text(at, "pot", whose, "", True)
        if not written:
            return None
        pot = self.money(written, f"{whose} pot")
        rake = self.money(_text(at, "rake", whose, "0", True) or "0", f"{whose} rake")
        main = _text(at, "mainpot", whose, "", True)
        if check:
            self._held_to_actions(hand, whose, pot, rake)
        show = self.currency.show
        if main and self.money(main, f"{whose} main pot") > pot:
            hand.disagreements.append(f"{whose} main pot {main} is more than its pot {show(pot)}")
        return pot, rake

    def _held_to_actions(self, hand: SiteHand, whose: str, pot: int, rake: int) -> None:
        """A pot and rake printed, against what the actions put in so far: the site's own lines."""
        show, put = self.currency.show, sum(self.put.values())
        if pot + rake != put:
            hand.disagreements.append(
                f"{whose} pot {show(pot)} and rake {show(rake)} add up to {show(pot + rake)}, "
                f"but the actions put {show(put)} in"
            )

    def _showdown(self, hand: SiteHand, showdown: dict[str, Any], names: set[str]) -> None:
        printed = self._pot_so_far(hand, showdown, "the showdown's", check=False)
        if printed is None:
            raise InputError(f"hand #{self.id} is cut short: the showdown prints no pot")
        pot, rake = printed
        show = self.currency.show
        table = _text(self.data, "pot", "the hand", "", True)
        if table and self.money(table, "the hand's pot") != pot:
            hand.disagreements.append(
                f"the hand's pot {table} is not the showdown's pot {show(pot)}"
            )
        folded = {x.player for x in hand.actions if x.verb == "fold"}
        alive = set(players_in(hand)) - folded
        seen: set[str] = set()
        for n, r in enumerate(_objects(showdown, "result", "the showdown", MAX_LISTED), 1):
            who = _text(r, "player", f"result {n}")
            if who not in names or who in seen:
                raise InputError(f"result {n}: {quote(who, 60)} is not seated, or named twice")
            seen.add(who)
            won = self.money(_text(r, "win", f"{who}'s result", "0", True), f"{who}'s win")
            kind = _text(r, "winType", f"{who}'s result", "") or None
            if kind is not None and kind not in HALVES:
                raise InputError(f"the win type {quote(kind, 40)} is not one hilo reads")
            if won:
                hand.add_award(
                    self.line, who, won, 0, kind or "win", HALVES.get(kind or "WINTYPE_HILO")
                )
            cards = _cards(r, "card", f"the cards of {who}")
            _flag(
                r, "folded", f"{who}'s result"
            )  # read to be sure of its type: the actions say who folded
            if who in folded:
                continue
            if cards:
                hand.add_show(self.line, self.street, who, cards, f"{who} shows")
            elif len(alive) > 1:
                hand.add_muck(self.line, self.street, who, f"{who} mucks")
        if not any(c.half for c in hand.collects):
            hand.collects = [c._replace(half=None) for c in hand.collects]
        paid = sum(c.amount for c in hand.collects)
        if paid != pot:
            hand.disagreements.append(
                f"the results pay {show(paid)} in all, but the showdown's pot is {show(pot)}"
            )
        self._pots(hand, pot, rake, folded)

    def _pots(self, hand: SiteHand, pot: int, rake: int, folded: set[str]) -> None:
        """One pot: the site's pot and rake are the summary the checker holds the pots to, each award
        from that pot. Side pots (the showdown prints one pot for all): one total per player, the rake
        derived from what was paid, which the pot and rake printed were held to above, and the bet
        given back held to the one the rule leaves uncalled (RULES §5.3)."""
        antes: dict[str, int] = {}
        for a in hand.actions:
            if a.verb == "ante":
                antes[a.player] = antes.get(a.player, 0) + a.amount
        # Folds alone (a hand mucked still shapes the pots): never fewer pots than the replay builds.
        built, _ = build_pots(contributions(hand.actions), folded, antes)
        if len([p for p in built if p.amount]) <= 1:
            hand.total, hand.rake = pot + rake, rake
            return
        hand.pots_named = hand.rake_printed = hand.pots_printed = False
        self._held_to_actions(hand, "the showdown's", pot, rake)
        left = unreturned(hand.actions)
        rule = {} if left is None else {left[0]: left[1]}
        if dict(hand.uncalled) != rule:
            hand.disagreements.append(
                f"the site gives back {self._given(hand.uncalled)}, but the actions leave "
                f"{self._given(rule)} uncalled (RULES §5.3)"
            )
        hand.uncalled = {}

    def _given(self, chips: Mapping[str, int]) -> str:
        """Chips given back, for a disagreement: ``€0.25 to Bob``, or nothing."""
        show = self.currency.show
        return ", ".join(f"{show(n)} to {quote(who, 60)}" for who, n in chips.items()) or "nothing"


def read_hand(source: str, line: int, lines: list[str]) -> HandRecord:
    """One hand's record from what ``documents`` gave: its place in the history and its JSON. Lines
    that ``documents`` did not give (a caller's own): read as a document of one hand."""
    marker = _MARKER.fullmatch(lines[0]) if len(lines) == 2 else None
    if marker is None:
        data = "\n".join(lines).encode("utf-8", "surrogatepass")
        pieces = list(documents(iter([data]), line))
        if len(pieces) != 1:
            return failed(
                source, line, f"the lines hold {len(pieces)} hands: read them with histories.hands"
            )
        at, lines, problem = pieces[0]
        if problem is not None:
            return failed(source, at, problem)
        return read_hand(source, at, lines)
    place = f"hand {marker.group(0)} of the history"
    reading: _Hand | None = None
    try:
        value = _parse(lines[1])
        if type(value) is not dict:
            return failed(
                source, line, f"{place} is {_kind(value)}, not an object: {quote(lines[1], 60)}"
            )
        twice = duplicate_key(lines[1], value)
        if twice is not None:
            return failed(
                source,
                line,
                f"{place} gives the key {quote(twice, 40)} twice in one object: which is meant "
                "cannot be known",
            )
        reading = _Hand(source, line, value)
        return reading.record(reading.read())
    except RecursionError:
        return failed(source, line, f"{place} is nested too deeply to read")
    except ValueError as e:  # not JSON: only a caller's own lines, with a place of their own
        return failed(source, line, f"{place} is not valid JSON: {_reason(e)}")
    except HiloError as e:  # a DealError too: a hand that breaks a rule is its own error record
        return failed(
            source, line, f"{place}: {e.message}", (reading.id or None) if reading else None
        )


READER = Reader("igt", "IGT", (".txt",), starts_hand, read_hand, documents=documents)
