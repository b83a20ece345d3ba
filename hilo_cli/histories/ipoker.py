"""iPoker hand histories: an XML session file of several hands, each ``<game gamecode="N">`` a hand.

What the site writes (../shared/handhistories/SITES.md): cp1252 bytes (whatever the XML declaration
says); a session header ``<session><general>`` naming the game of every hand after it
(``<gametype>7 Card Stud Hi-Lo L €0.05/€0.10</gametype>``, ``<tablecurrency>EUR</tablecurrency>``);
then each ``<game>``: its players (``<player seat="6" name="Hero" chips="€2.86" dealer="0" win="€0.79"
bet="€0.41" .../>``: the stack before the hand, what the player got back and what they put in) and its
rounds (``<round no="N">``, round 0 the antes and blinds) of ``<cards type="Third Street"
player="Hero">CA D5 H4</cards>`` (suit then rank, ``X`` unknown) and ``<action no="3" player="Hero"
type="5" sum="€0.05"/>``, not always in order: ``no`` gives the order.

Action types: 0 fold, 1 small blind, 2 big blind (more than the big blind: with the small blind, dead,
posted by a player coming in), 3 call, 4 check, 5 bet (on third street, the
completion), 7 all in (``sum`` what it adds), 15 ante, 16 bring-in, 23 raise (``sum`` the total raised
to). No rake, no pots and no halves are printed: one ``win`` total per player, which counts the uncalled
chips returned too. So the reader fills ``pots_named=False``, ``pots_printed=False``,
``rake_printed=False`` (derived, RULES §13) and the check is of the totals per player. A player's ``bet``
that is not what their actions put in is the site's own inconsistency.

The XML is a stranger's: the base cuts the session into hands (a line that opens a ``<game>`` element)
and each hand is parsed on its own, by expat with every document type and entity declaration refused
before parsing (no entity expansion, no external entities: a "billion laughs" file is one error). A
hand whose XML is broken is one error record; the other hands are still read.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import DealError, InputError
from hilo_cli.games import GAMES
from hilo_cli.histories.amounts import CODES
from hilo_cli.histories.archive import uncalled
from hilo_cli.histories.base import Currency, HandRecord, failed
from hilo_cli.histories.safexml import Element, parse
from hilo_cli.histories.site import (
    NAMELESS,
    Header,
    Seat,
    SiteHand,
    cards_of,
    check_seat,
    collects_only,
)
from hilo_cli.histories.site import Line as Action
from hilo_cli.histories.xml_hand import Hands, XmlHand, opening, reader, stud_small_bet

# The game a game type without a game's name is: fpdb-3 reads it as 5-card Omaha (high only).
UNNAMED = "5 Card Omaha"
GAME_NAMES: dict[str, str] = {
    "7 Card Stud Hi-Lo": "stud8",
    "7 Card Stud HiLow": "stud8",
    "Omaha Hi-Lo": "omaha8",
    "Omaha HiLow": "omaha8",
    "Omaha": "omaha",
    UNNAMED: "omaha-5",
}
LIMIT_WORDS = {
    "L": "Limit",
    "Limit": "Limit",
    "PL": "Pot Limit",
    "LP": "Pot Limit",
    "Pot limit": "Pot Limit",
    "NL": "No Limit",
    "БЛ": "No Limit",
    "SL": "No Limit",
    "LZ": "No Limit",
    "No limit": "No Limit",
}
SIGNS = {code: sign for sign, code in CODES.items()}
VERBS = {"1": "small blind", "2": "big blind", "3": "call", "15": "ante", "16": "bring in"}

# The session's game: "7 Card Stud Hi-Lo L €0.05/€0.10", "Omaha Hi-Lo PL 0.02/0.04 Ante 0.01"; a
# tournament's without stakes ("Holdem NL", "7 Card Stud L"); 5-card Omaha's without a game ("PL €2/€4").
GAME_TYPE = re.compile(
    r"^(?:(?P<game>.+?) )?(?P<limit>NL|БЛ|SL|LZ|PL|LP|L|No limit|Pot limit|Limit)"
    r"(?: (?P<small>[^\s/]+)/(?P<big>[^\s/]+))?(?: Ante \S+)?$"
)

# An amount with a decimal comma: "€0,50", "€301,49", "€1.234,56" (the comma before the two cents; a
# comma before three digits is a thousands separator, "1,500").
DECIMAL_COMMA = re.compile(
    r"(?P<before>\D*)(?P<whole>\d{1,3}(?:\.\d{3})+|\d+),(?P<cents>\d{2})(?P<after>\D*)"
)
# "LH 0.02/0.04 ...": limit hold'em, its stakes first.
LIMIT_HOLDEM = re.compile(r"^LH (?P<small>[^\s/]+)/(?P<big>[^\s/]+)(?: .*)?$")
# The first client that writes ``win`` without the player's uncalled bet (with ``uncalled_bet_enabled``).
UNCALLED_CLIENT = 20
GAME_OPEN = re.compile(r"<game[\s>]")
SESSION_OPEN = re.compile(r"<session[\s>]")
# The session's own lines, outside any game: nothing of a hand. A tournament's summary is one line of
# elements with spaces between them, a ``<br/>`` in one's text, and a stray ``}`` after the last
# (``<tournamentname>$5 Stud</tournamentname><place>5</place> <win>$16.40</win>}``).
SESSION_LINE = re.compile(
    r"^\s*(?:(?:<\?xml[^>]*\?>|<session(?:\s[^>]*)?>|</session>|</?general>|</game>|"
    r"<(\w+)>(?:[^<]|<\w+\s*/>)*</\1>|<\w+/>)\s*)*\}?\s*$"
)
STUD_ROUNDS = {
    2: 0,
    3: 1,
    4: 2,
    5: 3,
    6: 4,
}  # round no: third street ... seventh street (the river)
BOARD_ROUNDS = {1: 0, 2: 1, 3: 2, 4: 3}  # round no: pre-flop, flop, turn, river
_RANKS = {
    "10": "T",
    "T": "T",
    "J": "J",
    "Q": "Q",
    "K": "K",
    "A": "A",
    **{str(n): str(n) for n in range(2, 10)},
}


# Each ``<game>`` a hand; the session's own lines outside any game are nothing of a hand.
HANDS = Hands(
    "game",
    GAME_OPEN,
    SESSION_LINE,
    "gamecode",
    "an iPoker session's games",
    "the session",
)
# A line that opens a session, whose header names the game of every hand after it.
session = opening("<session", SESSION_OPEN)


class _Hand(XmlHand):
    """One ``<game>`` into a ``SiteHand``."""

    GAMES = GAME_NAMES

    def __init__(self, source: str, general: dict[str, str], game: Element) -> None:
        super().__init__(source, game.attrs.get("gamecode", ""))
        self.general, self.game = general, game
        self.raked: int | None = None  # the players' ``rakeamount``, where written
        self.dealt_in: set[str] = set()  # the players a ``<cards>`` element names
        # a currency without a sign, written as its code before each amount (``RSD1``)
        code = general.get("tablecurrency", "")
        self.code = code if len(code) == 3 and code.isalpha() and code not in SIGNS else ""

    def money(self, text: str | None, what: str) -> int:
        """``text`` in the table's unit: the session's currency code before it left out (``RSD45.70``),
        and a decimal comma read as the point (``€301,49``, ``€1.234,56``: the comma before the cents)."""
        if text is not None:
            text = text.strip()
            if self.code and text.startswith(self.code):
                text = text[len(self.code) :]
            comma = DECIMAL_COMMA.fullmatch(text)
            if comma is not None:
                whole = comma.group("whole").replace(".", "")
                text = (
                    f"{comma.group('before')}{whole}.{comma.group('cents')}{comma.group('after')}"
                )
        return super().money(text, what)

    def read(self) -> tuple[SiteHand, dict[str, int]]:
        """The hand, and what the site says each player put in (``bet``)."""
        general, game = self.general, self.game
        typed = general.get("gametype", "")
        m = GAME_TYPE.match(typed)
        lh = LIMIT_HOLDEM.match(typed) if m is None else None
        if m is None and lh is None:
            raise InputError(f"cannot read the session's game type {quote(typed)}")
        named, limit_word = (
            (m.group("game") or UNNAMED, m.group("limit")) if m is not None else ("Holdem", "L")
        )
        stakes = m or lh
        assert stakes is not None
        small, big = stakes.group("small"), stakes.group("big")
        tournament = "tournamentcode" in general or "tournamentname" in general
        code = (
            general.get("tablecurrency")
            or general.get("tournamentcurrency")
            or general.get("currency")
            or ""
        )
        sign = "" if tournament else SIGNS.get(code, "")
        play_money = general.get("mode", "real") != "real"
        currency = self.table(tournament, "" if play_money else sign)
        if self.code and not (tournament or play_money):
            currency = Currency(self.code, "", 100, self.code)
        limit = LIMIT_WORDS[limit_word]
        self.played = GAME_NAMES.get(named)
        # a game hilo does not play is not checkable whatever its stakes: they are not read
        header = Header(
            self.id,
            named,
            limit,
            None,
            tournament,
            sign,
            self.money(small, "the small bet") if small and self.played else 0,
            self.money(big, "the big bet") if big and self.played else 0,
        )
        # the win attributes are the awards themselves
        hand = collects_only(SiteHand(self.source, game.line, header, currency=currency))
        if self.played is None:
            return hand, {}
        stud = GAMES[self.played].board_cards == 0
        bets = self._players(hand)
        rounds = [c for c in game.children if c.tag == "round"]
        self.dealt_in = {
            c.attrs.get("player", "") for r in rounds for c in r.children if c.tag == "cards"
        }
        numbered = sorted(
            ((digits(r.attrs.get("no", ""), "a round's number", MAX_SEAT), r) for r in rounds),
            key=lambda x: x[0],
        )
        for no, element in numbered:
            self._round(hand, no, element, stud)
        self._showdown(hand, GAMES[self.played].hole_cards)
        if big is None:  # a tournament's game type names no stakes: the blinds posted are
            hand.header = _posted(hand.header, hand)
        return hand, bets

    def _players(self, hand: SiteHand) -> dict[str, int]:
        """The seats, the button, what each player got back (``win``) and put in (``bet``)."""
        general = next((c for c in self.game.children if c.tag == "general"), None)
        players = (
            next((c for c in general.children if c.tag == "players"), None) if general else None
        )
        if players is None:  # the gamecode as written (None where the game has none)
            raise InputError(f"hand #{self.game.attrs.get('gamecode')} lists no players")
        bets: dict[str, int] = {}
        for p in players.children:
            name = p.attrs.get("name", "")
            if not name and not any(
                self.money(p.attrs.get(k, "0"), f"seat {p.attrs.get('seat', '')}'s {k}")
                for k in ("chips", "win", "bet")
            ):  # an empty seat: no name, no chips, nothing won or put in
                continue
            seat = digits(p.attrs.get("seat", ""), "a seat", MAX_SEAT)
            check_seat(hand, seat, name, NAMELESS)
            hand.seats.append(Seat(seat, name, self.money(p.attrs.get("chips"), f"{name}'s chips")))
            if p.attrs.get("dealer") == "1":
                hand.button = seat
            won = self.money(p.attrs.get("win", "0"), f"{name}'s win")
            if won:
                hand.add_award(p.line, name, won, 0, "win")
            bets[name] = self.money(p.attrs.get("bet", "0"), f"{name}'s bet")
            if "rakeamount" in p.attrs:
                raked = self.money(p.attrs["rakeamount"], f"{name}'s rake")
                self.raked = (self.raked or 0) + raked
        return bets

    def _round(self, hand: SiteHand, no: int, element: Element, stud: bool) -> None:
        streets = STUD_ROUNDS if stud else BOARD_ROUNDS
        names = {s.name for s in hand.seats}
        street = streets.get(no)
        if street is None and no != 0:
            if any(c.tag in ("action", "cards") for c in element.children):
                raise InputError(
                    f"round {no} of a {'stud' if stud else 'board'} game is not a street hilo knows"
                )
            return
        if street is not None:
            if street:
                self.bets = {}  # the blinds of round 0 are bets of the first street
            hand.add_street(element.line, street, f"round {no}")
            for c in element.children:
                if c.tag == "cards":
                    self._cards(hand, c, street, names, stud)
        actions = [c for c in element.children if c.tag == "action"]
        order = sorted(
            actions, key=lambda a: digits(a.attrs.get("no", ""), "an action's number", MAX_SEAT)
        )
        for a in order:
            self._action(hand, a, street or 0, names, stud)

    def _cards(self, hand: SiteHand, c: Element, street: int, names: set[str], stud: bool) -> None:
        who = c.attrs.get("player", "")
        cards = _cards(c.text, f"the {c.attrs.get('type', 'cards')}")
        if not who:
            if stud:
                raise InputError("a stud game deals no board cards")
            known = tuple(x for x in cards if x is not None)
            hand.add_board(c.line, street, f"board {c.text}", known)
            return
        if who not in names:
            raise InputError(f"cards dealt to {quote(who)}, who is not seated")
        known = tuple(x for x in cards if x is not None)
        if stud and None in cards[[x is None for x in cards].index(False) :] if known else False:
            raise InputError(f"cannot read {quote(c.text)}: an unknown card after a known one")
        if known:
            hand.dealt[who] = hand.dealt.get(who, ()) + known
        if stud or known:
            hand.actions.append(
                Action(c.line, street, who, "dealt", 0, None, False, f"{who}: {c.text}", known)
            )

    def _action(self, hand: SiteHand, a: Element, street: int, names: set[str], stud: bool) -> None:
        who, kind = a.attrs.get("player", ""), a.attrs.get("type", "")
        if who not in names:
            raise InputError(f"an action of {quote(who)}, who is not seated")
        text = f"action {a.attrs.get('no', '')}: {who} type {kind} {a.attrs.get('sum', '')}".strip()
        line = a.line
        if kind == "9" and who not in self.dealt_in and not self.put.get(who):
            return  # sitting out, dealt no cards and nothing in: not in the hand
        if kind in ("0", "4", "9"):  # 9: sitting out, a fold
            hand.actions.append(
                Action(line, street, who, "check" if kind == "4" else "fold", 0, None, False, text)
            )
            return
        added = self.money(a.attrs.get("sum"), "the action's sum")
        if kind == "8":  # a player just seated, no action this hand: no chip may move
            if added:
                raise InputError(f"action type 8 moves no chips, but {quote(text)} does")
            return
        before = self.bets.get(who, 0)
        first = "complete" if stud and street == 0 else "bet"  # on third street, a bet completes
        verb, to = VERBS.get(kind), None
        if verb is None and kind == "5":
            verb, to = first, before + added
        elif kind == "23":
            verb, to, added = "raise", added, added - before
        elif kind == "6":  # raise by: the street's top bet and this much more
            to = max(self.bets.values(), default=0) + added
            verb, added = "raise", to - before
        elif kind == "7":
            to = before + added
            verb = self.raised(to, first)
        if verb is None:
            raise InputError(f"action type {quote(kind)} is not one hilo reads ({text})")
        header = hand.header
        live = header.small if header.limit == "Limit" else header.big
        dead = added - live if kind == "2" and live and street == 0 and added > live else 0
        if dead:  # a big blind and the small blind posted together: the small is dead
            verb = "small and big blinds"
        self.chips(hand, line, street, who, verb, added, to, kind == "7", text)
        if dead:
            self.bets[who] -= dead

    def _showdown(self, hand: SiteHand, hole_cards: int) -> None:
        """Every live hand whose ``hole_cards`` are all known is shown (the site writes them at the
        showdown)."""
        folded = {a.player for a in hand.actions if a.verb == "fold"}
        for s in hand.seats:
            cards = hand.dealt.get(s.name, ())
            if s.name not in folded and len(cards) == hole_cards and s.name in self.put:
                hand.summary_cards[s.name] = cards
        hand.end = max((a.line for a in hand.actions), default=hand.line)


def _posted(header: Header, hand: SiteHand) -> Header:
    """``header`` with the stakes of the blinds first posted in ``hand`` (a fixed-limit table's bets the
    big blind and twice it); a stud game posts no blinds: its small bet is read from its bets
    (``xml_hand.stud_small_bet``)."""
    posts = {a.verb: a.amount for a in reversed(hand.actions) if a.verb.endswith(" blind")}
    big = posts.get("big blind")
    if big is None:
        small = stud_small_bet(hand)
        return header._replace(small=small, big=2 * small)
    if header.limit == "Limit":
        return header._replace(small=big, big=2 * big)
    return header._replace(small=posts.get("small blind", 0), big=big)


def _cards(text: str, what: str) -> tuple[Card | None, ...]:
    """``CA D5 H10 X`` (suit, then rank; ``X`` unknown) as cards, ``None`` for each unknown one."""
    out: list[Card | None] = []
    for word in text.split():
        if word.upper() == "X":
            out.append(None)
            continue
        rank = _RANKS.get(word[1:].upper()) if len(word) in (2, 3) else None
        if rank is None or word[0].upper() not in "CDHS":
            raise InputError(f"{what}: cannot read the card {quote(word, 20)}")
        out.extend(cards_of(rank + word[0].lower(), what))
    return tuple(out)


@lru_cache(maxsize=16)
def _general(text: str) -> tuple[tuple[str, str], ...]:
    """The session header's ``<general>`` elements (``gametype``, ``tablecurrency``, ...) as text: read
    once for all the hands of a session. The header's lines are not the hand's: an error says the line
    within the header."""
    start, end = text.find("<general>"), text.find("</general>")
    if start < 0 or end < start:
        raise InputError("the session has no <general> header naming its game")
    element = parse(text[start : end + len("</general>")], None, "the session header")
    return tuple((c.tag, c.text) for c in element.children)


def _read(source: str, game: Element, header: list[str]) -> HandRecord:
    """The hand of ``game`` under its session's ``header``, each player's ``bet`` held against what
    their actions put in."""
    if not header:
        raise InputError("a <game> before any <session> header: nothing says what game it is")
    reading = _Hand(source, dict(_general("\n".join(header))), game)
    hand, bets = reading.read()
    try:
        found = reading.record(hand)
    except DealError as e:  # with the id the header was read with ("" where no gamecode)
        return failed(source, game.line, e.message, hand.header.id)
    if found.hand is None:
        return found
    put = reading.put
    wrong = [
        f"{n} put in {put.get(n, 0)}, the site says bet {b}"
        for n, b in bets.items()
        if b != put.get(n, 0)
    ]
    excludes = without_uncalled(header)
    if reading.raked is not None:  # the rake the players' ``rakeamount`` add up to
        kept = sum(put.values()) - sum(c.amount for c in hand.collects)
        returned = uncalled(put)[1] if excludes else 0  # returned without a line
        if reading.raked != kept - returned:
            show = (hand.currency or Currency()).show
            wrong.append(
                f"the players' rakeamount adds up to {show(reading.raked)}, but "
                f"{show(kept - returned)} of what was put in was not paid back"
            )
    inconsistency = "; ".join(x for x in (found.site_inconsistency, *wrong) if x) or None
    # ``win`` counts the uncalled chips returned to the player (before client 20 and where the session
    # says ``uncalled_bet_enabled``: it does not).
    return found._replace(won_excludes_returned=excludes, site_inconsistency=inconsistency)


def without_uncalled(header: list[str]) -> bool:
    """Whether the session's ``win`` leaves out the player's uncalled bet: ``<uncalled_bet_enabled>
    true</...>``, or a ``<client_version>`` of 20 or later."""
    general = dict(_general("\n".join(header)))
    if general.get("uncalled_bet_enabled", "").strip().lower() == "true":
        return True
    major = general.get("client_version", "").strip().split(".")[0]
    return major.isdigit() and len(major) < 6 and int(major) >= UNCALLED_CLIENT


READER = reader("ipoker", "iPoker", HANDS, _read, encodings=("cp1252",), session=session)
