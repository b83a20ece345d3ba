"""Microgaming hand histories: XML, each hand a ``<Game>``, one ``<Action type="Win">`` of results.

What the site writes (../shared/handhistories/SITES.md):

* ``<Game id="4577018979" stakes="1|2" betlimit="PL" gametype="Omaha H/L" realmoney="true"
  currencysymbol="rCA=" istournament="0" rake="300">``: the blinds, the rake in cents (always cents:
  ``rake="3"`` at a 0.01/0.02 table is three cents), the currency sign as base64 of its UTF-16LE bytes
  (``rCA=`` is €); a ``----PRIMA.DAT----`` line may stand before the hands and an
  ``ExtendedTableName: ...`` line after one;
* ``<Seat num="2" alias="X" balance="831.76" endbalance="881.76" dealer="true"/>``;
* ``<Action seq="1" type="SmallBlind" seat="3" value="1.00"/>`` (``BigBlind``, ``Ante``, ``Fold``,
  ``Check``, ``Call`` and ``Bet`` the chips added, ``Raise`` the chips added too, ``AllIn``), ``DealCards``,
  ``DealFlop``, ``DealTurn``, ``DealRiver`` and ``ShowCards`` with ``<Card value="10" suit="h"/>``;
  ``MuckCards`` (by the one player left when the others have folded: he does not show, and wins);
* ``<Action type="Win"><Seat num="2" amount="102.00" pot="0" lowhandwin="1"/></Action>``: what each
  player won from each pot. Its ``lowhandwin`` flag does not reliably mark the low winner, so it is not
  read: the awards are checked per pot, and the cards settle who wins each half.

No pot total is printed; the total before rake is the awards plus the rake. Whether an uncalled bet is in
a player's award is read from the player's ``endbalance``: the balance after the hand tells the chips
they got back.

The XML is a stranger's: each ``<Game>`` is parsed on its own by ``safexml.parse``.
"""

from __future__ import annotations

import base64
import binascii
import re

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import CODES
from hilo_cli.histories.base import Currency, HandRecord
from hilo_cli.histories.safexml import Element
from hilo_cli.histories.site import NAMELESS, Header, Seat, SiteHand, cards_of, check_seat
from hilo_cli.histories.site import Line as Action
from hilo_cli.histories.uncalled import contributions, fold_back, pots_as_paid, unreturned
from hilo_cli.histories.xml_hand import Hands, XmlHand, reader

GAME_NAMES: dict[str, str] = {"Omaha H/L": "omaha8", "Omaha Hi/Lo": "omaha8", "Omaha": "omaha"}
LIMIT_WORDS = {"PL": "Pot Limit", "NL": "No Limit", "FL": "Limit", "L": "Limit"}
STREETS = {"DealFlop": 1, "DealTurn": 2, "DealRiver": 3}
VERBS = {"SmallBlind": "small blind", "BigBlind": "big blind", "Ante": "ante", "Call": "call"}
# Actions that move no chip of the pot: a player's connection.
IGNORED = {"Disconnect", "Reconnect"}
_RANKS = {"10": "T", **{r: r for r in "23456789TJQKA"}}
_GAME_OPEN = re.compile(r"<Game[\s>]")
_OWN_LINE = re.compile(
    r"^\s*(?:<\?xml[^>]*\?>|-{2,}[A-Z0-9_.]+-{2,}|ExtendedTableName: .*|</Game>)*\s*$"
)


HANDS = Hands("Game", _GAME_OPEN, _OWN_LINE, "id", "a Microgaming hand")


def _cards(element: Element, what: str) -> tuple[Card, ...]:
    out: list[Card] = []
    for c in (c for c in element.children if c.tag == "Card"):
        rank, suit = _RANKS.get(c.attrs.get("value", "").upper()), c.attrs.get("suit", "").lower()
        if rank is None or suit not in ("c", "d", "h", "s"):
            raise InputError(
                f"{what}: cannot read the card {quote(c.attrs.get('value', '') + suit, 20)}"
            )
        out.extend(cards_of(rank + suit, what))
    return tuple(out)


def _sign(text: str) -> str:
    """The currency sign of ``currencysymbol`` (base64 of its UTF-16LE bytes), or ``""``."""
    try:
        sign = base64.b64decode(text[:16], validate=True).decode("utf-16-le")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return ""
    return sign if sign in CODES else ""


class _Hand(XmlHand):
    """One ``<Game>`` into a ``SiteHand``."""

    GAMES = GAME_NAMES

    def __init__(self, source: str, game: Element) -> None:
        super().__init__(source, game.attrs.get("id", ""))
        self.game = game
        self.names: dict[int, str] = {}
        self.ends: dict[str, int] = {}
        self.returned: dict[str, int] = {}
        self.written_back: dict[
            str, int
        ] = {}  # ``MoneyReturned``: the chips the site says came back
        self.jackpot = 0  # ``badbeatcontribution``: taken from the pot for the bad-beat jackpot

    def header(self) -> tuple[Header, Currency]:
        a = self.game.attrs
        tournament = a.get("istournament", "0") != "0" or a.get("tabletype") == "MTT"
        real = a.get("realmoney", "true") == "true"
        sign = _sign(a.get("currencysymbol", "")) if real and not tournament else ""
        limit = LIMIT_WORDS.get(a.get("betlimit", ""), a.get("betlimit", ""))
        game = a.get("gametype", "")
        return self.blinds_header(game, limit, tournament, sign, a.get("stakes", ""), "|")

    def read(self) -> SiteHand:
        hand = self.begin(self.game.line, *self.header(), rake=True, pots=False)
        if self.played is None:
            return hand
        self._seats(hand)
        gameplay = next((c for c in self.game.children if c.tag == "Gameplay"), None)
        if gameplay is None:
            raise InputError(f"hand #{self.id} has no <Gameplay>")
        hand.add_street(gameplay.line, 0, "pre-flop")
        for a in (c for c in gameplay.children if c.tag == "Action"):
            self._action(hand, a)
        if not hand.collects:
            raise InputError(f"hand #{self.id} is cut short: no Win action says who won")
        # The rake is printed in cents whatever the table's unit; the pot before it is the awards plus it.
        hand.rake = digits(self.game.attrs.get("rake", "0"), "the rake") * self.scale // 100
        # The bad-beat jackpot's share leaves the pot as the rake does: it is the house's take too.
        hand.rake += self.jackpot
        hand.total = sum(c.amount for c in hand.collects) + hand.rake
        pots_as_paid(hand)  # side pots: each as its awards pay it, so the rake is taken pot by pot
        self._uncalled(hand)
        self._end_balances(hand)
        hand.end = max((a.line for a in hand.actions), default=hand.line)
        return hand

    def _seats(self, hand: SiteHand) -> None:
        seats = next((c for c in self.game.children if c.tag == "Seats"), None)
        for s in seats.children if seats is not None else []:
            seat, name = (
                digits(s.attrs.get("num", ""), "a seat", MAX_SEAT),
                s.attrs.get("alias", ""),
            )
            check_seat(hand, seat, name, NAMELESS)
            self.names[seat] = name
            hand.seats.append(
                Seat(seat, name, self.money(s.attrs.get("balance"), f"{name}'s balance"))
            )
            if "endbalance" in s.attrs:
                self.ends[name] = self.money(s.attrs["endbalance"], f"{name}'s end balance")
            if s.attrs.get("dealer") == "true":
                hand.button = seat
        if not self.names:
            raise InputError(f"hand #{self.id} lists no seats")

    def player(self, element: Element) -> str:
        text = element.attrs.get("seat", element.attrs.get("num", ""))
        name = self.names.get(digits(text, "a seat", MAX_SEAT)) if text.isdigit() else None
        if name is None:
            raise InputError(f"an action of seat {quote(text, 40)}, where nobody is seated")
        return name

    def _action(self, hand: SiteHand, a: Element) -> None:
        kind = a.attrs.get("type", "")
        text = f"action {a.attrs.get('seq', '')}: {kind} seat {a.attrs.get('seat', '')} {a.attrs.get('value', '')}"
        street = max((x.street for x in hand.actions), default=0)
        if kind in STREETS:
            self.bets = {}
            new = _cards(a, "the board")
            hand.add_street(a.line, STREETS[kind], text.strip())
            hand.add_board(a.line, STREETS[kind], text.strip(), new)
            return
        if kind == "Win":
            for s in (c for c in a.children if c.tag == "Seat"):
                who, amount = self.player(s), self.money(s.attrs.get("amount"), "a win's amount")
                pot = digits(s.attrs.get("pot", "0") or "0", "a pot number", MAX_SEAT)
                if amount:
                    hand.add_award(s.line, who, amount, pot, f"pot {pot}")
            return
        if kind in IGNORED:
            return
        who = self.player(a)
        if kind == "MoneyReturned":
            amount = self.money(a.attrs.get("value"), "the money returned")
            self.written_back[who] = self.written_back.get(who, 0) + amount
            return
        if kind.lower() == "badbeatcontribution":
            self.jackpot += self.money(a.attrs.get("value"), "the jackpot contribution")
            return
        if kind == "PostedToPlay":
            self._posted(hand, a, street, who, text.strip())
            return
        if kind in ("DealCards", "ShowCards"):
            cards = _cards(a, f"the cards of {who}")
            verb = "dealt" if kind == "DealCards" else "show"
            (hand.dealt if verb == "dealt" else hand.shows)[who] = cards
            hand.actions.append(
                Action(a.line, street, who, verb, 0, None, False, text.strip(), cards)
            )
            return
        if kind == "MuckCards" and _last_live(hand) == who:
            return  # the one player left, not showing: he need not, and wins the pot
        if kind in ("Fold", "Check", "MuckCards"):
            verb = {"Fold": "fold", "Check": "check", "MuckCards": "muck"}[kind]
            if verb == "muck":
                hand.mucks.add(who)
            hand.actions.append(Action(a.line, street, who, verb, 0, None, False, text.strip()))
            return
        if kind not in VERBS and kind not in ("Bet", "Raise", "AllIn"):
            raise InputError(f"an action {quote(text.strip())} is not one hilo reads")
        added = self.money(a.attrs.get("value"), "the action's value")
        verb_of, to = VERBS.get(kind), None
        if kind in ("Bet", "Raise", "AllIn"):
            to = self.bets.get(who, 0) + added
            verb_of = self.raised(to)
        if verb_of is None:
            raise InputError(f"an action {quote(text.strip())} is not one hilo reads")
        self.chips(hand, a.line, street, who, verb_of, added, to, kind == "AllIn", text.strip())

    def _posted(self, hand: SiteHand, a: Element, street: int, who: str, text: str) -> None:
        """A player coming in (``PostedToPlay``): a live blind of its amount; over the big blind both
        blinds, what is over it dead (no bet of the street)."""
        added = self.money(a.attrs.get("value"), "the action's value")
        header = hand.header  # the big blind: at a fixed-limit table, the small bet
        big = header.small if header.limit == "Limit" else header.big
        if added > big:
            self.chips(hand, a.line, street, who, "ante", added - big, None, False, text)
            added = big
        verb = "small blind" if added < big else "big blind"
        self.chips(hand, a.line, street, who, verb, added, None, False, text)

    def _uncalled(self, hand: SiteHand) -> None:
        """The uncalled bet returned: inside the player's award where the end balance says so (it then
        comes out of the award, ``fold_back``), else returned beside it."""
        found = unreturned(hand.actions)
        written = sorted(self.written_back.items())
        if written and (found is None or written != [found]):
            show = (hand.currency or Currency()).show
            says = ", ".join(f"{show(c)} to {n}" for n, c in written)
            hand.disagreements.append(
                f"MoneyReturned gives back {says}, but the actions leave "
                f"{show(found[1]) + ' to ' + found[0] if found else 'nothing'} uncalled"
            )
        if found is None:
            return
        name, chips = found
        self.returned[name] = chips
        start = next(s.stack for s in hand.seats if s.name == name)
        won = sum(c.amount for c in hand.collects if c.player == name)
        inside = self.ends.get(name) == start - contributions(hand.actions).get(name, 0) + won
        if inside:
            fold_back(hand)
        else:
            hand.uncalled[name] = chips

    def _end_balances(self, hand: SiteHand) -> None:
        """Each player's ``endbalance`` against the balance, what they put in, won and got back: where they
        differ, the site's own lines disagree (a finding, not bad input)."""
        put = contributions(hand.actions)
        won: dict[str, int] = {}
        for c in hand.collects:
            won[c.player] = won.get(c.player, 0) + c.amount
        show = (hand.currency or Currency()).show
        for s in hand.seats:
            end = self.ends.get(s.name)
            expected = (
                s.stack - put.get(s.name, 0) + won.get(s.name, 0) + self.returned.get(s.name, 0)
            )
            if end is not None and end != expected:
                hand.disagreements.append(
                    f"{s.name}'s end balance is {show(end)}, but the hand leaves {show(expected)}"
                )


def _last_live(hand: SiteHand) -> str | None:
    """The one player of ``hand`` who has acted and not folded or mucked, where there is only one."""
    live = {a.player for a in hand.actions if a.player} - {
        a.player for a in hand.actions if a.verb in ("fold", "muck")
    }
    return next(iter(live)) if len(live) == 1 else None


def _read(source: str, game: Element, _header: list[str]) -> HandRecord:
    """One ``<Game>``'s record."""
    reading = _Hand(source, game)
    return reading.record(reading.read())


READER = reader("microgaming", "Microgaming", HANDS, _read, encodings=("cp1252",))
