"""Merge Network (Carbon Poker) hand histories: XML, a ``<description>`` then each hand a ``<game>``.

What the site writes (../shared/handhistories/SITES.md; files named ``.txt`` or ``.xml``):

* ``<description type="Omaha H/L8" stakes="Limit $0.25/$0.50"/>`` before the hands it names (a mixed
  table's ``type="HORSE"``, ``HOSE``, ``RASH``, ``HA``, ``HO``, ``SHOE``, ``HAR``, ``HORSE Tournament``:
  each ``<game multigametype="43">`` says its own game, ``MIXED_GAMES``: 34, 35, 37 Omaha H/L8, 43, 45
  stud hi/lo, checked; hold'em, 7-Stud and Razz named and not checkable);
  tournaments ``type="Omaha H/L8 Tournament" stakes="Pot Limit"`` (no amounts: the blinds posted say them;
  at a fixed-limit table the big blind is the small bet, and a stud game's small bet is read from its
  completion and bets, ``_stakes``).
* ``<players dealer="7">`` of ``<player seat="0" nickname="Hero" balance="$12.00" dealtin="true"/>``;
  ``<round id="BLINDS">``, ``PREFLOP``, ``POSTFLOP``, ``POSTTURN``, ``POSTRIVER`` (stud: ``BRING_IN``,
  ``THIRD_STREET`` ... ``SEVENTH_STREET``), ``SHOWDOWN``, ``END_OF_GAME`` / ``END_OF_FOLDED_GAME``.
* Each round's ``<event type="CALL" player="8" amount="0.15"/>`` (``amount`` the chips the action adds,
  never a street total; ``player`` a seat number), then the cards dealt in that round written after its
  betting: ``<cards type="COMMUNITY" cards="Jc,Kh,Td"/>`` (the board so far), ``type="HOLE"`` (the
  hero's cards so far), ``type="DRAW_DRAWN_CARDS" cards="null,null,7h"`` (a stud player's cards so far,
  ``null`` unknown), ``SHOWN`` and ``MUCKED`` at the showdown.
* ``<winner amount="2.30" uncalled="false" potnumber="1" player="7" pottype="h"/>``: ``pottype`` ``h``
  the high half, ``l`` the low half, ``n`` the whole pot; ``potnumber`` 1 the main pot. An uncalled bet
  returned is written as a pot of its own (``uncalled="true"``): a returned bet, not a collect.
* No rake and no pot totals are printed: the rake is derived (RULES §13), the pots are the replay's.
* Observed: a tournament's balances are written after the blinds were posted (the blinds are added back);
  the older files (2011) pay a bet nobody called inside the winner's award, which is taken out of it
  (``uncalled.fold_back``); text exports of the site are not read (no file here has one).

The XML is a stranger's: each ``<game>`` is parsed on its own by ``safexml.parse`` (no declarations, no
entity expansion), so one broken hand is one error record.
"""

from __future__ import annotations

import re

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.games import GAMES
from hilo_cli.histories.base import Currency, HandRecord
from hilo_cli.histories.safexml import Element, parse
from hilo_cli.histories.site import NAMELESS, Header, Seat, SiteHand, cards_of, check_seat
from hilo_cli.histories.site import Line as Action
from hilo_cli.histories.text import street_numbers
from hilo_cli.histories.uncalled import fold_back
from hilo_cli.histories.xml_hand import Hands, XmlHand, opening, reader, stud_small_bet

GAME_NAMES: dict[str, str] = {
    "Omaha H/L8": "omaha8",
    "Omaha H/L": "omaha8",
    "7-Stud H/L8": "stud8",
    "7 Stud H/L8": "stud8",
    "Omaha": "omaha",
}
# multigametype: the game of one hand of a mixed table (HORSE, HOSE, RASH, HA, HO, SHOE, HAR), named as
# the site names a table of that game alone (fpdb-3's MergeToFpdb.Multigametypes: several codes a game,
# by its betting structure and the kind of table). Hold'em, 7-Stud and Razz are not checkable; another
# code is "game type N", not checkable either.
MIXED_GAMES = {
    **dict.fromkeys(("1", "2", "9", "23"), "Holdem"),
    "4": "Omaha",
    **dict.fromkeys(("34", "35", "37"), "Omaha H/L8"),
    **dict.fromkeys(("38", "39", "41", "42"), "7-Stud"),
    **dict.fromkeys(("43", "45"), "7-Stud H/L8"),
    **dict.fromkeys(("46", "47", "49"), "Razz"),
}
BOARD_ROUNDS = street_numbers("PREFLOP", "POSTFLOP", "POSTTURN", "POSTRIVER")
STUD_ROUNDS = street_numbers(
    ("BRING_IN", "THIRD_STREET"), "FOURTH_STREET", "FIFTH_STREET", "SIXTH_STREET", "SEVENTH_STREET"
)
OTHER_ROUNDS = {"BLINDS", "SHOWDOWN", "END_OF_GAME", "END_OF_FOLDED_GAME"}
HALVES = {"h": "high", "l": "low", "n": None}
VERBS = {
    "SMALL_BLIND": "small blind",
    "BIG_BLIND": "big blind",
    "INITIAL_BLIND": "big blind",  # a player's first blind at the table: a big blind
    "ANTE": "ante",
    "BRING_IN": "bring in",
    "CALL": "call",
}
# Events that move no chip: a player's connection, a player leaving after the cards.
IGNORED = {
    "CHAT",
    "SHOW",
    "PLAYER_OUT",
    "SIT_OUT",
    "SIT_IN",
    "DISCONNECTED",
    "RECONNECTED",
    "LEAVE",
}
# "Limit $0.25/$0.50", "Pot Limit", "No Limit Level 3 Blinds (20/40)", "Pot Limit (25/50/5)" (with an
# ante), "Half Pot Limit ..." (a structure hilo does not replay: not checkable).
STAKES = re.compile(
    r"^(?P<limit>Limit|Pot Limit|No Limit|Half Pot Limit)(?: Level \d+ Blinds)?"
    r"(?: \(?(?P<small>[^\s/()]+)/(?P<big>[^\s/()]+)(?:/[^\s/()]+)?\)?)?$"
)
GAME_OPEN = re.compile(r"<game[\s>]")
DESCRIPTION = re.compile(r"<description[\s/>]")
OWN_LINE = re.compile(r"^\s*(?:<\?xml[^>]*\?>|<description\s[^<>]*/>|</game>)*\s*$")

# From this ``starttime`` on, a RAISE's amount is the street total it raises to, not the chips it adds.
RAISE_TO_SINCE = "20100908000000"

HANDS = Hands("game", GAME_OPEN, OWN_LINE, "id", "a Merge hand", header_declares=True)
# A <description> names the game and stakes of every hand after it.
session = opening("<description", DESCRIPTION)


def _stakes(hand: SiteHand, stud: bool) -> Header:
    """The stakes of a tournament's hand whose description names none (``stakes="Limit"``): the blinds
    posted (at a fixed-limit table the small bet the big blind, the big bet twice it); a stud game posts
    no blinds, and its small bet is read from the bets (``xml_hand.stud_small_bet``)."""
    header = hand.header
    if not stud:
        blinds = [a.amount for a in hand.actions if a.verb in ("small blind", "big blind")]
        small, big = min(blinds, default=0), max(blinds, default=0)
        if header.limit == "Limit":
            small, big = big, 2 * big
        return header._replace(small=small, big=big)
    small = stud_small_bet(hand)
    return header._replace(small=small, big=2 * small)


class _Hand(XmlHand):
    """One ``<game>`` into a ``SiteHand``."""

    GAMES = GAME_NAMES

    def __init__(self, source: str, description: dict[str, str], game: Element) -> None:
        super().__init__(source, game.attrs.get("id", ""))
        self.description, self.game = description, game
        self.names: dict[int, str] = {}
        self.seen: dict[str, int] = {}  # cards written so far, per player (stud: ``null`` too)
        self.board: list[Card] = []

    def header(self) -> tuple[Header, Currency]:
        typed = self.description.get("type", "")
        tournament = typed.endswith(" Tournament")
        game, mixed = typed.removesuffix(" Tournament"), None
        if "multigametype" in self.game.attrs:
            code = self.game.attrs["multigametype"]
            game, mixed = MIXED_GAMES.get(code, f"game type {code}"), game
        m = STAKES.match(self.description.get("stakes", ""))
        if m is None:
            raise InputError(f"cannot read the stakes {quote(self.description.get('stakes', ''))}")
        real = self.game.attrs.get("realmoney", "true") == "true"
        sign = "$" if real and not tournament and "$" in (m.group("small") or "$") else ""
        currency = self.table(tournament, sign)
        small = self.money(m.group("small"), "the small bet") if m.group("small") else 0
        big = self.money(m.group("big"), "the big bet") if m.group("big") else 0
        return Header(
            self.id, game, m.group("limit"), mixed, tournament, sign, small, big
        ), currency

    def read(self) -> SiteHand:
        header, currency = self.header()
        hand = self.begin(self.game.line, header, currency, rake=False, pots=False)
        if self.played is None:
            return hand
        stud = GAMES[self.played].board_cards == 0
        self._players(hand)
        streets = STUD_ROUNDS if stud else BOARD_ROUNDS
        begun = False
        for r in (c for c in self.game.children if c.tag == "round"):
            name = r.attrs.get("id", "")
            if name not in streets and name not in OTHER_ROUNDS:
                raise InputError(
                    f"round {quote(name, 40)} is not one of a {'stud' if stud else 'board'} game"
                )
            street = streets.get(name)
            if street is not None and not (begun and name == "THIRD_STREET"):
                begun = True
                self.bets = {} if street else self.bets
                hand.add_street(r.line, street, f"round {name}")
            self._round(hand, r, street or 0, stud)
        if header.tournament:
            # observed: a tournament's balances are written after the blinds were posted
            posted: dict[str, int] = {}
            for a in hand.actions:
                if a.verb == "street":
                    break
                if a.verb in ("small blind", "big blind", "ante"):
                    posted[a.player] = posted.get(a.player, 0) + a.amount
            hand.seats = [s._replace(stack=s.stack + posted.get(s.name, 0)) for s in hand.seats]
        if not hand.collects and not hand.uncalled and not hand.cancelled:
            raise InputError(f"hand #{self.id} is cut short: no <winner> says who won")
        fold_back(hand)
        if not hand.header.big:
            hand.header = _stakes(hand, stud)
        hand.end = max((a.line for a in hand.actions), default=hand.line)
        return hand

    def _players(self, hand: SiteHand) -> None:
        players = next((c for c in self.game.children if c.tag == "players"), None)
        if players is None:
            raise InputError(f"hand #{self.id} lists no players")
        dealer = players.attrs.get("dealer")
        for p in players.children:
            seat = digits(p.attrs.get("seat", ""), "a seat", MAX_SEAT)
            name = p.attrs.get("nickname", "")
            check_seat(hand, seat, name, NAMELESS)
            self.names[seat] = name
            hand.seats.append(
                Seat(seat, name, self.money(p.attrs.get("balance"), f"{name}'s balance"))
            )
        button = digits(dealer, "the dealer's seat", MAX_SEAT) if dealer is not None else None
        if button in self.names:
            hand.button = button

    def player(self, element: Element) -> str:
        text = element.attrs.get("player", "")
        name = self.names.get(digits(text, "a player's seat", MAX_SEAT)) if text.isdigit() else None
        if name is None:
            raise InputError(f"{element.tag} of seat {quote(text, 40)}, where nobody is seated")
        return name

    def _round(self, hand: SiteHand, r: Element, street: int, stud: bool) -> None:
        for c in (
            c
            for c in r.children
            if c.tag == "cards" and c.attrs.get("type") not in ("SHOWN", "MUCKED")
        ):
            self._cards(hand, c, street, stud)
        for c in r.children:
            if c.tag == "event":
                self._event(hand, c, street, stud)
            elif c.tag == "cards" and c.attrs.get("type") in ("SHOWN", "MUCKED"):
                who = self.player(c)
                cards = cards_of(c.attrs.get("cards", "").replace(",", " "), f"the cards of {who}")
                verb = "show" if c.attrs["type"] == "SHOWN" else "muck"
                if verb == "muck":
                    hand.mucks.add(who)
                hand.shows.update({who: cards} if verb == "show" else {})
                hand.actions.append(
                    Action(c.line, street, who, verb, 0, None, False, f"{who} {verb}s", cards)
                )
            elif c.tag == "winner":
                self._winner(hand, c)

    def _cards(self, hand: SiteHand, c: Element, street: int, stud: bool) -> None:
        kind = c.attrs.get("type", "")
        words = [w.strip() for w in c.attrs.get("cards", "").split(",") if w.strip()]
        if kind == "COMMUNITY":
            if stud:
                raise InputError("a stud game deals no board cards")
            new = cards_of(" ".join(words[len(self.board) :]), "the board")
            self.board.extend(new)
            hand.add_board(c.line, street, f"board {','.join(words)}", new)
            return
        if kind not in ("HOLE", "DRAW_DRAWN_CARDS"):
            raise InputError(f"cards of type {quote(kind, 40)} are not ones hilo reads")
        who = self.player(c)
        fresh = words[self.seen.get(who, 0) :]
        self.seen[who] = len(words)
        known = cards_of(" ".join(w for w in fresh if w != "null"), f"the cards of {who}")
        if known:
            hand.dealt[who] = hand.dealt.get(who, ()) + known
        if stud or known:
            hand.actions.append(
                Action(
                    c.line, street, who, "dealt", 0, None, False, f"{who}: {','.join(words)}", known
                )
            )

    def _event(self, hand: SiteHand, e: Element, street: int, stud: bool) -> None:
        kind = e.attrs.get("type", "")
        if kind in IGNORED:
            return
        if kind == "GAME_CANCELLED":
            hand.cancelled = True
            return
        who = self.player(e)
        text = f"event {e.attrs.get('sequence', '')}: seat {e.attrs.get('player')} {kind} {e.attrs.get('amount', '')}"
        if kind in ("FOLD", "CHECK"):
            hand.actions.append(
                Action(e.line, street, who, kind.lower(), 0, None, False, text.strip())
            )
            return
        if kind == "MUCK":
            live = {a.player for a in hand.actions if a.player} - {
                a.player for a in hand.actions if a.verb == "fold"
            }
            if len(live - hand.mucks) > 1 and who not in hand.mucks and who not in hand.shows:
                hand.add_muck(e.line, street, who, text.strip())
            return
        if kind not in VERBS and kind not in ("BET", "RAISE", "COMPLETE", "ALL_IN", "RETURN_BLIND"):
            raise InputError(
                f"an event of type {quote(kind, 40)} is not one hilo reads ({quote(text.strip())})"
            )
        added = self.money(e.attrs.get("amount"), "the event's amount")
        verb, to = VERBS.get(kind), None
        if (
            kind == "RETURN_BLIND"
        ):  # a player back in: a small or a big blind, or both (the small dead)
            big = max((a.amount for a in hand.actions if a.verb == "big blind"), default=0)
            big = big or (hand.header.small if hand.header.limit == "Limit" else hand.header.big)
            verb = "small blind" if added < big else "big blind"
            if added > big:  # both blinds: the big one live, the rest dead (no bet of the round)
                self.chips(
                    hand, e.line, street, who, "ante", added - big, None, False, text.strip()
                )
                added = big
        if kind == "RAISE" and self.game.attrs.get("starttime", "") >= RAISE_TO_SINCE:
            added = added - self.bets.get(
                who, 0
            )  # since September 2010 a raise's amount is its total
        if kind in ("BET", "RAISE", "COMPLETE", "ALL_IN"):
            to, top = self.bets.get(who, 0) + added, max(self.bets.values(), default=0)
            small = hand.header.small  # 0: a tournament's stakes not yet known, the site's word
            completing = stud and street == 0 and kind != "BET" and (top < small or not small)
            completing = completing and (bool(small) or kind == "COMPLETE")
            verb = "complete" if completing and to > top else self.raised(to)
        if verb is None:
            raise InputError(
                f"an event of type {quote(kind, 40)} is not one hilo reads ({quote(text)})"
            )
        self.chips(hand, e.line, street, who, verb, added, to, kind == "ALL_IN", text.strip())

    def _winner(self, hand: SiteHand, w: Element) -> None:
        who = self.player(w)
        amount = self.money(w.attrs.get("amount"), "the winner's amount")
        if w.attrs.get("uncalled") == "true":
            hand.add_uncalled(who, amount)
            return
        pot = digits(w.attrs.get("potnumber", "1"), "a pot number", MAX_SEAT)
        kind = w.attrs.get("pottype", "n")
        if pot < 1 or kind not in HALVES:
            raise InputError(
                f"cannot read the pot {quote(w.attrs.get('potnumber', ''), 20)} of type {quote(kind, 20)}"
            )
        hand.add_award(w.line, who, amount, pot - 1, f"pot {pot} {kind}", HALVES[kind])


def _description(lines: list[str]) -> dict[str, str]:
    text = next((t for t in reversed(lines) if session(t)), None)
    if text is None:
        raise InputError("a <game> with no <description> before it: nothing says what game it is")
    start = DESCRIPTION.search(text)
    end = text.find(">", start.start() if start else 0)
    return dict(parse(text[start.start() if start else 0 : end + 1], None, "the description").attrs)


def _read(source: str, game: Element, header: list[str]) -> HandRecord:
    """One ``<game>``'s record, its ``<description>`` in the ``header`` the base kept."""
    reading = _Hand(source, _description(header), game)
    return reading.record(reading.read())


READER = reader("merge", "Merge (Carbon)", HANDS, _read, session=session)
