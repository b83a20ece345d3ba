"""Boss Media hand histories: XML, each hand a ``<HISTORY>`` (several in a ``<ROOT>``, or one per file).

What the site writes (../shared/handhistories/SITES.md), in cp1252 bytes where a name is not ASCII
(``TABLE="€500 GTD"``), whatever the XML declaration says:

* ``<HISTORY ID="2907049023" GAME="GAME_OMAHL" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="PL"
  STAKES="0.05/0.10" ...>`` (``GAME_OMAHL`` Omaha Hi/Lo, ``GAME_OMA`` Omaha, ``GAME_THM`` hold'em; the
  stakes are the blinds; ``GAMEKIND_SITGO`` and ``GAMEKIND_TOURNAMENT`` play chips);
* ``<PLAYER NAME="Hero" SEAT="2" AMOUNT="10.00" STATE="STATE_PLAYING" DEALER="N">`` (``STATE_EMPTY`` an
  empty seat, ``STATE_RESERVED`` one kept for a player not yet seated: ``NAME=""`` and no chips);
* ``<ACTION TYPE="HAND_BLINDS" PLAYER="X" KIND="HAND_SB" VALUE="0.05">`` (``HAND_BB``; ``HAND_DSB`` a dead
  small blind: dead money, no bet), ``HAND_ANTE``; ``HAND_DEAL`` with ``<CARD LINK="48">`` children (a
  card as a number: 0-12 diamonds, 13-25 clubs, 26-38 hearts, 39-51 spades, each ace to king; ``b``
  unknown); ``ACTION_FOLD``, ``ACTION_CHECK``, ``ACTION_CALL``, ``ACTION_BET``, ``ACTION_RAISE`` (``VALUE``
  the street total raised to), ``ACTION_ALLIN`` (the street total too: in fpdb-3's real Boss files
  every all-in by a player with chips already in on the street writes his stack, not what he adds, and
  only so do the pots printed after it add up); ``HAND_BOARD VALUE="BOARD_FLOP"``
  with the board so far;
* ``<SHOWDOWN POT="0.76" RAKE="0.04" MAINPOT="0.76" LEFTPOT="" RIGHTPOT="">``: the pot after rake and
  the rake; then ``<RESULT WINTYPE="WINTYPE_HI" PLAYER="X" WIN="0.76">`` with the player's cards
  (``WINTYPE_LO`` the low half, ``WINTYPE_HILO`` both; a player who won nothing has no ``WINTYPE``).

Observed: a call's ``VALUE`` is sometimes what it adds and sometimes the street total it calls to; a call
always matches the bet (or puts in what the player has), so it is read as that. The uncalled bet is
returned without a line and is not in ``WIN`` (the top layer only one player put in, RULES §5.3). Where
the showdown names no side pots (``LEFTPOT`` and ``RIGHTPOT`` empty), each ``RESULT`` is an award from
the one pot, by half; else one total per player, and ``MAINPOT``, ``LEFTPOT`` and ``RIGHTPOT`` are read
as the pots after rake, main pot first (no shared file has side pots: a reading the check holds against
the pots the actions build).

The XML is a stranger's: each ``<HISTORY>`` is parsed on its own by ``safexml.parse``.
"""

from __future__ import annotations

import re

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import CODES
from hilo_cli.histories.base import Currency, HandRecord
from hilo_cli.histories.safexml import Element
from hilo_cli.histories.site import NAMELESS, Header, Seat, SiteHand, cards_of, check_seat
from hilo_cli.histories.site import Line as Action
from hilo_cli.histories.uncalled import unreturned
from hilo_cli.histories.xml_hand import Hands, XmlHand, reader

GAME_NAMES: dict[str, str] = {"GAME_OMAHL": "omaha8", "GAME_OMA": "omaha", "GAME_OMATU": "omaha"}
LIMIT_WORDS = {"PL": "Pot Limit", "NL": "No Limit", "FL": "Limit"}
SIGNS = {code: sign for sign, code in CODES.items()}
STREETS = {"BOARD_FLOP": 1, "BOARD_TURN": 2, "BOARD_RIVER": 3}
# HAND_AB: both blinds at once (a player coming in), the small one dead.
BLINDS = {
    "HAND_SB": "small blind",
    "HAND_BB": "big blind",
    "HAND_DSB": "ante",
    "HAND_AB": "big blind",  # its dead part an ante (``_Hand._chips``)
}
MOVES = {"HAND_BLINDS", "HAND_ANTE", "ACTION_CALL", "ACTION_BET", "ACTION_RAISE", "ACTION_ALLIN"}
HALVES = {"WINTYPE_HI": "high", "WINTYPE_LO": "low", "WINTYPE_HILO": None}
_SUITS = "dchs"
_RANKS = "A23456789TJQK"
_HISTORY_OPEN = re.compile(r"<HISTORY[\s>]")
_OWN_LINE = re.compile(r"^\s*(?:<\?xml[^>]*\?>|</?ROOT>|</HISTORY>)*\s*$")


_OPENING = re.compile(
    r'<HISTORY ID="(?P<id>\d+)"[^>]*? GAME="(?P<game>\w+)"[^>]*? LIMIT="(?P<limit>\w*)"'
)


def _unplayed(line: str) -> Header | None:
    """The header of a hand of a game hilo does not play, from the ``<HISTORY ...>`` line that opens it."""
    m = _OPENING.search(line)
    if m is None or m.group("game") in GAME_NAMES:
        return None
    limit = LIMIT_WORDS.get(m.group("limit"), m.group("limit"))
    return Header(m.group("id"), m.group("game"), limit, None, False, "", 0, 0)


HANDS = Hands("HISTORY", _HISTORY_OPEN, _OWN_LINE, "ID", "a Boss Media hand", unplayed=_unplayed)


def card(link: str, what: str) -> Card | None:
    """A card by its number (``None``: ``b``, unknown)."""
    if link == "b":
        return None
    number = int(link) if link.isascii() and link.isdigit() and len(link) <= 2 else -1
    if not 0 <= number <= 51:
        raise InputError(f"{what}: {quote(link, 20)} is not a card number (0 to 51, or b)")
    return cards_of(_RANKS[number % 13] + _SUITS[number // 13], what)[0]


def _cards(element: Element, what: str) -> tuple[Card, ...]:
    found = (card(c.attrs.get("LINK", ""), what) for c in element.children if c.tag == "CARD")
    return tuple(c for c in found if c is not None)


class _Hand(XmlHand):
    """One ``<HISTORY>`` into a ``SiteHand``."""

    GAMES = GAME_NAMES

    def __init__(self, source: str, history: Element) -> None:
        super().__init__(source, history.attrs.get("ID", ""))
        self.history = history
        self.stacks: dict[str, int] = {}
        self.board: list[Card] = []

    def header(self) -> tuple[Header, Currency]:
        a = self.history.attrs
        tournament = a.get("GAMEKIND", "GAMEKIND_CASH") != "GAMEKIND_CASH"
        code = a.get("TABLECURRENCY", "")
        real = a.get("GAMETYPE", "GAMETYPE_REAL") == "GAMETYPE_REAL"
        sign = SIGNS.get(code, "") if real and not tournament else ""
        limit = LIMIT_WORDS.get(a.get("LIMIT", ""), a.get("LIMIT", ""))
        return self.blinds_header(
            a.get("GAME", ""), limit, tournament, sign, a.get("STAKES", ""), "/"
        )

    def read(self) -> SiteHand:
        hand = self.begin(self.history.line, *self.header(), rake=True, pots=True)
        if self.played is None:
            return hand
        self._players(hand)
        names = {s.name for s in hand.seats}
        hand.add_street(self.history.line, 0, "pre-flop")
        showdown: Element | None = None
        for c in self.history.children:
            if c.tag == "ACTION":
                self._action(hand, c, names)
            elif c.tag == "SHOWDOWN":
                showdown = c
        if showdown is None:
            raise InputError(f"hand #{self.id} is cut short: no <SHOWDOWN> says who won")
        self._showdown(hand, showdown, names)
        found = unreturned(hand.actions)
        if found is not None:
            # returned without a line, and not in WIN (RULES §5.3)
            hand.uncalled[found[0]] = found[1]
        hand.end = max((a.line for a in hand.actions), default=hand.line)
        return hand

    def _players(self, hand: SiteHand) -> None:
        for p in (c for c in self.history.children if c.tag == "PLAYER"):
            if p.attrs.get("STATE") in ("STATE_EMPTY", "STATE_RESERVED"):
                continue  # nobody at the seat: empty, or kept for a player not yet seated
            name, seat = (
                p.attrs.get("NAME", ""),
                digits(p.attrs.get("SEAT", ""), "a seat", MAX_SEAT),
            )
            check_seat(hand, seat, name, NAMELESS)
            stack = self.money(p.attrs.get("AMOUNT"), f"{name}'s amount")
            hand.seats.append(Seat(seat, name, stack))
            self.stacks[name] = stack
            if p.attrs.get("DEALER") == "Y":
                hand.button = seat

    def _action(self, hand: SiteHand, a: Element, names: set[str]) -> None:
        kind, who = a.attrs.get("TYPE", ""), a.attrs.get("PLAYER", "")
        text = f"{kind} {who} {a.attrs.get('KIND', '')} {a.attrs.get('VALUE', '')}".strip()
        if kind == "HAND_BOARD":
            self._board(hand, a, text)
            return
        if who not in names:
            raise InputError(f"an action of {quote(who)}, who is not seated")
        street = max((x.street for x in hand.actions), default=0)
        if kind == "HAND_DEAL":
            known = _cards(a, f"the cards of {who}")
            if known:
                hand.dealt[who] = known
                hand.actions.append(
                    Action(a.line, street, who, "dealt", 0, None, False, text, known)
                )
            return
        if kind in ("ACTION_FOLD", "ACTION_CHECK"):
            hand.actions.append(Action(a.line, street, who, kind[7:].lower(), 0, None, False, text))
            return
        if kind not in MOVES:
            raise InputError(f"an action {quote(text)} is not one hilo reads")
        self._chips(hand, a, kind, who, street, text)

    def _board(self, hand: SiteHand, a: Element, text: str) -> None:
        """``HAND_BOARD``: a new street and the board cards it adds to the ones dealt before."""
        street = STREETS.get(a.attrs.get("VALUE", ""))
        if street is None:
            raise InputError(
                f"the board {quote(a.attrs.get('VALUE', ''), 40)} is not a street hilo knows"
            )
        self.bets = {}
        hand.add_street(a.line, street, text)
        new = _cards(a, "the board")[len(self.board) :]
        self.board.extend(new)
        hand.add_board(a.line, street, text, new)

    def _chips(
        self, hand: SiteHand, a: Element, kind: str, who: str, street: int, text: str
    ) -> None:
        """A post, a call, a bet, a raise or an all-in (``MOVES``): ``ACTION_RAISE``'s and
        ``ACTION_ALLIN``'s value is the player's street total after it, a bet's what the player adds;
        whether it calls, bets or raises follows from the street's bets so far."""
        value = self.money(a.attrs.get("VALUE"), "the action's value")
        before, top = self.bets.get(who, 0), max(self.bets.values(), default=0)
        left = self.stacks[who] - self.put.get(who, 0)
        verb: str | None
        if kind == "HAND_BLINDS" or kind == "HAND_ANTE":
            verb, added, to = (
                ("ante" if kind == "HAND_ANTE" else BLINDS.get(a.attrs.get("KIND", ""))),
                value,
                None,
            )
        elif kind == "ACTION_CALL":
            verb, added, to = "call", min(top - before, left, max(value, top - before)), None
        elif kind in ("ACTION_BET", "ACTION_RAISE", "ACTION_ALLIN"):
            to = before + value if kind == "ACTION_BET" else value
            added = to - before
            verb = self.raised(to)
        else:
            verb = None
        if verb is None:
            raise InputError(f"an action {quote(text)} is not one hilo reads")
        if a.attrs.get("KIND") == "HAND_AB":  # both blinds: the big one live, the rest dead
            posted = [x.amount for x in hand.actions if x.verb == "big blind"]
            live = min(value, max(posted, default=hand.header.big))
            if value > live:
                self.chips(hand, a.line, street, who, "ante", value - live, None, False, text)
            added = live
        self.chips(hand, a.line, street, who, verb, added, to, kind == "ACTION_ALLIN", text)

    def _showdown(self, hand: SiteHand, showdown: Element, names: set[str]) -> None:
        a = showdown.attrs
        rake = self.money(a.get("RAKE", "0") or "0", "the rake")
        hand.total, hand.rake = self.money(a.get("POT"), "the pot") + rake, rake
        sides = [x for x in (a.get("LEFTPOT", ""), a.get("RIGHTPOT", "")) if x]
        hand.pots_named = (
            not sides
        )  # one pot: each result is an award from it; else one total per player
        if sides:  # the main pot and the side pots, after rake, as the showdown prints them
            hand.printed_pots = [self.money(x, "a pot") for x in (a.get("MAINPOT"), *sides)]
        street = max((x.street for x in hand.actions), default=0)
        folded = {x.player for x in hand.actions if x.verb == "fold"}
        for r in (c for c in showdown.children if c.tag == "RESULT"):
            who = r.attrs.get("PLAYER", "")
            if who not in names:
                raise InputError(f"a result of {quote(who)}, who is not seated")
            won = self.money(r.attrs.get("WIN", "0"), f"{who}'s win")
            kind = r.attrs.get("WINTYPE")
            if kind is not None and kind not in HALVES:
                raise InputError(f"the win type {quote(kind, 40)} is not one hilo reads")
            if won:
                half = HALVES.get(kind or "WINTYPE_HILO")
                hand.add_award(r.line, who, won, 0, kind or "win", half)
            cards = _cards(r, f"the cards of {who}")
            if who in folded:
                continue
            if r.attrs.get("HAND") == "$(STR_G_MUCK)":
                hand.add_muck(r.line, street, who, f"{who} mucks")
            elif cards:
                hand.add_show(r.line, street, who, cards, f"{who} shows")
        if not any(c.half for c in hand.collects):
            hand.collects = [c._replace(half=None) for c in hand.collects]


def _read(source: str, history: Element, _header: list[str]) -> HandRecord:
    """One ``<HISTORY>``'s record."""
    reading = _Hand(source, history)
    return reading.record(reading.read())


READER = reader("boss", "Boss Media", HANDS, _read, encodings=("cp1252",))
