"""PartyPoker hand histories.

PartyPoker writes a hand as::

    Game #5001 starts.                        (this line and the next say nothing of the hand)
    #Game No : 5001
    ***** Hand History for Game 5001 *****
    $100 USD PL Omaha Hi-Lo - Monday, January 06, 10:49:40 EST 2014
    Table Alpha (Real Money)
    Seat 1 is the button
    Total number of players : 3/6
    Seat 1: Ann ( $50 USD )
    Bob posts small blind [$0.50 USD].
    ** Dealing down cards **
    Dealt to Ann [  As 3s Qd Jh ]
    Ann calls [$1 USD]
    Bob: nice hand                            (chat)
    ** Dealing Flop ** [ 2h, 5c, 7d ]
    Bob is all-In  [$19 USD]
    Bob shows [ Kh, Th, 9s, 9d ] three Kings.
    Bob wins $9.03 USD from the main pot with three Kings.
    Ann wins Lo ($9.02 USD) from the main pot with 7 5 3 2 A.

What the lines mean (../shared/handhistories/SITES.md):

* The game line gives the stakes (``$10/$20 USD FL 7 Card Stud Hi-Lo``), or the table's buy-in instead
  (``$100 USD PL Omaha Hi-Lo``: the blinds are then the posts), or a tournament's blinds (``PL Omaha
  Hi-Lo $22 USD Buy-in Trny: N Level: 2  Blinds(20/40)``).
* Every amount in brackets is what the player added: ``raises [$30 USD]`` from a small blind of $10 ends
  at $40; ``is all-In [$19 USD]`` is a bet, a call or a raise by what the street's bets were before it.
* Awards: ``wins $x USD from the main pot with …`` (the high half, or the whole pot where nobody qualifies
  for low: ``There was no qualifying low hand``), ``wins Lo ($x USD) from the main pot with …`` (the low
  half), ``from the side pot 1``; a pot won without a showdown, ``wins $x USD``.
* No rake line and no summary: the rake is what was put in minus what was paid (``rake_printed`` False,
  RULES §13); the pot is the pot the actions built.
* An uncalled bet is never said to be returned: the site pays it with the pot (``wins $239 USD`` of a pot
  of $200 and a $40 bet nobody called) or as a "side pot" of its own (``wins $1 USD from the side pot 1``,
  the $1 a raise went over an all-in). The uncalled top of the bets (RULES §5.3) is read from the actions;
  a last side pot of exactly that amount won by its bettor is that bet returned, else it is taken out of
  that player's win from the pot (where the win holds it; where not, the payout is left as printed and the
  check finds the difference).
"""

from __future__ import annotations

import re

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money, pattern, sign_currency
from hilo_cli.histories.base import Currency
from hilo_cli.histories.site import BRACKETS, Header, cards_of
from hilo_cli.histories.text import (
    POSTS_BETS_CALLS,
    TextReader,
    chips_header,
    first_posts,
    only_a_note,
    posted_stakes,
    street_numbers,
)

# An amount as PartyPoker writes it: "$0.50", "2,910", "€3" (a currency code may follow it).
MONEY = r"[$€£]?[\d.,]+"
ISO = r"(?: (?:USD|EUR|GBP|CAD))?"

# "for" (to 2022) or "For" with letters in the id (2023), and the client the hand came from.
SOURCE = r"(?: \((?:Poker Stars|PokerMaster|PartyPoker|Party|IPoker|Pacific|WPN|PokerBros)\))?"
HEADER = re.compile(
    rf"^\*{{5}} Hand History [Ff]or Game (?P<id>[0-9A-Za-z]{{1,64}}) \*{{5}}{SOURCE}[ \t]*$"
)
# The lines around a header that say nothing of a hand: they are no line of it (``read_hand``).
NOISE = re.compile(r"^(?:Game #\d+ starts\.|#Game No : \d+)$")
# A game as the site names it: what the game line's pattern takes for one (a word it does not know, as
# "PX", is no game line).
GAME = r"(?P<game>(?:Texas |Double |\d Card )?(?:Hold'?em|Omaha|Stud|Short Deck|Razz)[^()]*?)"
# The stakes (or the table's buy-in), a currency code, the table's speed, the limit before the game or
# after it in parentheses (none: fixed limit), "Game Table" (2023), a sit-and-go's number, then the date:
# "$2/$4 USD FL Omaha Hi-Lo - Monday, ...", "0.05/0.10 Omaha Hi/Lo Game Table (PL) - Sun Feb 19 ...".
CASH = pattern(
    r"^(?P<stakes>{MONEY}(?:/{MONEY})?){ISO} (?:(?:fastforward|SPOTPOKER|Tourney) )?"
    r"(?:(?P<limit>FL|PL|NL) )?{GAME}(?: Game Table)?(?: \((?P<after>FL|PL|NL|Limit|)\))?"
    r"(?: \((?P<sng>SNG|STT|MTT)(?: JackPot)? Tournament #\d+\))?(?: \(Buyin {MONEY} \+ {MONEY}\))?"
    r" +- +\w{3}",
    MONEY=MONEY,
    ISO=ISO,
    GAME=GAME,
)
# A tournament's: "PL Omaha Hi-Lo $22 USD Buy-in Trny: 7 Level: 2 Blinds(20/40)" (also "Stakes(..)",
# "Blinds-Antes(20/40 -5)"), or with no blinds ("... $22 USD Buy-in - date", "Tourney Hand PL Omaha
# Hi-Lo - date": the blinds are a later "Blinds(..)" line's, or the posts).
BLINDS = r"(?:Blinds|Stakes)(?:-Antes)?\((?P<sb>[\d.,]+) ?/(?P<bb>[\d.,]+)(?: ?- ?[\d.,]+)?\)"
TOURNAMENT = pattern(
    r"^(?:Tourney Hand )?(?P<limit>FL|PL|NL|) ?{GAME} +(?:(?:{MONEY}{ISO} Buy-in )?"
    r"(?:\+ {MONEY} Entry Fee )?Trny: ?\d+ +Level: ?\d+ +{BLINDS}|(?:{MONEY}{ISO} Buy-in )?- )",
    MONEY=MONEY,
    ISO=ISO,
    GAME=GAME,
    BLINDS=BLINDS,
)
LEVEL = re.compile(rf"^{BLINDS}$")
TABLE = re.compile(
    r"^Table .*\( ?(?P<money>Real|Play) Money ?\)(?: -- Seat (?P<button>\d+) is the button)?$"
)
BUTTON = re.compile(r"^Seat (?P<seat>\d+) is the button$")
SEAT = pattern(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \( ?(?P<stack>{MONEY}){ISO} ?\)$", MONEY=MONEY, ISO=ISO
)
# Lines among the seats that say nothing to check.
HEAD_NOTES = re.compile(
    r"^(?:Total number of players : \d+(?:/\d+)?|Trny: ?\d+ +Level: ?\d+|"
    r"Blinds\([\d.,]+/[\d.,]+\)(?: Ante\([\d.,]+\))?)$"
)
STREET = re.compile(r"^\*\* Dealing ?(?P<name>[\w ]*?) ?\*\*(?P<cards>.*)$")
# What follows a player's name.
# The amount in brackets (to 2022: "calls [$1 USD]") or parentheses (2023: "calls (0.10)"); a 2023
# raise writes what the player adds and the street total: "raises 0.35 to 0.40".
CHIPS = pattern(
    r"^(?P<verb>posts small blind|posts big blind \+ dead|posts big blind|posts button blind|"
    r"posts ante(?: of)?|bring-ins|completes|double bets|bets|calls|raises|is all-In) +"
    r"(?:[\[(] ?(?P<amount>{MONEY}){ISO} ?[\])]|(?P<by>{MONEY}) to (?P<to>{MONEY}))\.?$",
    MONEY=MONEY,
    ISO=ISO,
)
# The 2023 summary: the pots after rake and the rake, then one line a player, from the balance after the
# hand: "Main Pot: $2.23 Rake: $0.11" ("Side Pot 1: $x" too), "Board: [ 6h, Kc, 3h, As, 8h ]",
# "Ann balance $14.91, bet $0.97, collected $2.23, net +$1.26[ Ad, 5c, 4s, Th ] [ a pair of aces -- ..]",
# "Bob balance $19.11, lost $0.97[ 4h, 7s, Kd, 4c ] [ ... ]", "Cy balance $4.59, lost $0.40 (folded)",
# "Di balance $21.97, didn't bet (folded)"; "Cashed out balance" where the player cashed out.
POT = pattern(
    r"(?P<which>Main Pot|Side Pot (?P<n>\d+)): (?P<amount>{MONEY}){ISO}", MONEY=MONEY, ISO=ISO
)
POTS = pattern(
    r"^(?:(?:Main Pot|Side Pot \d+): {MONEY}{ISO}[ |,]*)+(?:Rake: (?P<rake>{MONEY}){ISO})?$",
    MONEY=MONEY,
    ISO=ISO,
)
BALANCE = pattern(
    r"^(?P<out>Cashed out )?balance {MONEY}{ISO}, (?:didn't bet|lost {MONEY}{ISO}|"
    r"bet {MONEY}{ISO}, collected (?P<collected>{MONEY}){ISO}, net [+-]?{MONEY}{ISO})"
    r"(?P<folded> \(folded\))?(?: ?\[(?P<cards>[^\[\]]*)\](?: \[[^\[\]]*\])?)?$",
    MONEY=MONEY,
    ISO=ISO,
)
CASHOUT = pattern(r"^Cashout Amount is {MONEY}{ISO}$", MONEY=MONEY, ISO=ISO)
# Lines about the table that move no chip.
# A player's action by a name no seat line gives.
UNSEATED = re.compile(
    r"^(?P<name>\S+) (?:folds|checks|calls|bets|raises|is all-In|posts|shows|mucks|wins|does not show)\b"
)
TABLE_NOTES = (
    "There is no Small Blind in this hand as the Big Blind of the previous hand left the table",
    "Connection Lost due to some reason",
)
WINS = pattern(
    r"^wins (?:(?P<lo>Lo) \((?P<lo_amount>{MONEY})(?: (?:USD|EUR|GBP|CAD|chips))?\)|"
    r"(?P<amount>{MONEY})(?: (?:USD|EUR|GBP|CAD|chips))?)(?: from the (?P<pot>main pot|"
    r"side pot(?: \d+)?))?(?P<with> with .*)?\.?$",
    MONEY=MONEY,
)
NOTES = re.compile(
    r"^(?:opens|does not show cards\.?|shows\s*[^\[].*|doesn't show \[.*|checks|folds|"
    r"is sitting out\.?|has joined the table\.?|has left the table\.?|will be using .*|"
    r"did not respond in time\.?|is disconnected\.?|has been reconnected\.?|"
    r"is connected\.?|finished in .*|wins \$?[\d.,]+ (?:USD )?as a bounty.*|"
    r"has requested TIME\.?|is back\.?)$"
)

# The site's game names for the games hilo plays (RULES §6).
GAME_NAMES = {
    "Omaha Hi-Lo": "omaha8",
    "Omaha Hi/Lo": "omaha8",
    "5 Card Omaha Hi-Lo": "omaha8-5",
    "5 Card Omaha Hi/Lo": "omaha8-5",
    "7 Card Stud Hi-Lo": "stud8",
    "7 Card Stud Hi/Lo": "stud8",
    "Omaha": "omaha",
}
LIMIT_NAMES = {"FL": "Limit", "PL": "Pot Limit", "NL": "No Limit", "Limit": "Limit", "": "Limit"}
VERBS = {
    **POSTS_BETS_CALLS,
    "posts big blind + dead": "small and big blinds",
    "posts button blind": "big blind",
    "posts ante of": "ante",
    "double bets": "bet",
    "bring-ins": "bring in",
    "completes": "complete",
    "raises": "raise",
}
BOARD_STREETS = street_numbers("down cards", "Flop", "Turn", "River")
STUD_STREETS = street_numbers(
    "", "Fourth street", "Fifth street", "Sixth street", ("River", "Seventh street")
)


class PartyPoker(TextReader):
    """One PartyPoker hand: the header and the game line, the table and the seats, then the play."""

    NAME = "partypoker"
    TITLE = "PartyPoker"
    START = re.compile(
        rf"[ \t]*\*{{5}} Hand History [Ff]or Game [0-9A-Za-z]+ \*{{5}}{SOURCE}[ \t]*$"
    )
    GAMES = GAME_NAMES
    BLANK = NOISE  # the lines around a header say nothing of a hand
    ENDS_AT_BLANK = False  # the next hand's ``#Game No`` line comes after one

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        super().__init__(source, numbers, lines)
        self.stud = False
        self.playing = False  # past the table, button and seat lines (``table_line``)
        self.put_in: dict[str, int] = {}  # what each player added, over the hand
        self.no_low = False
        self.summary = False  # past "** Summary **" (2023)
        self.posts_looked_for = False  # the hand's first action line is read (``silent_blinds``)

    def header(self) -> Header:
        m = HEADER.match(self.lines[0])
        self.id = m.group("id") if m else None
        if self.id is None or len(self.lines) < 2:
            raise InputError(
                "not a PartyPoker hand (expected '***** Hand History for Game N *****' and a game line)"
            )
        # Runs of spaces are one ("$5  USD  NL  Texas Hold'em - ...", "Game Table (NL)  (MTT ...").
        id, text = self.id, " ".join(self.goto(1).split())
        t = TOURNAMENT.match(text)
        if t is not None:
            limit = LIMIT_NAMES[t.group("limit")]
            sb, bb = (
                t.group("sb") or "0",
                t.group("bb") or "0",
            )  # none: a later line's, or the posts
            header = chips_header(id, t.group("game"), limit, sb, bb)
        else:
            header = cash_header(id, text)
            if not header.currency:  # "0.05/0.10 ...": the seats' stacks name the money
                header = header._replace(currency=self.stack_sign())
        self.scale = 1 if header.tournament else 100
        self.stud = "Stud" in header.game
        return header

    def stack_sign(self) -> str:
        """The currency sign of the first seat line's stack (``Seat 1: Ann ($4.99)``), or none."""
        for text in self.lines[2:]:
            s = SEAT.match(text)
            if s is not None:
                sign = s.group("stack")[0]
                return sign if sign in "$€£" else ""
        return ""

    def line(self, text: str) -> None:
        if self.playing or not self.table_line(text):
            self.playing = True
            self.play(text)

    def table_line(self, text: str) -> bool:
        """Whether ``text`` is a line before the play (the table, the button, a seat, a note), read."""
        t = TABLE.match(text)
        if t is not None:
            if t.group("button"):  # "Table NAME (Real Money) -- Seat 1 is the button"
                self.hand.button = digits(t.group("button"), "the button's seat", MAX_SEAT)
            return True
        if HEAD_NOTES.match(text):
            return True
        level = LEVEL.match(text)
        if level is not None:
            header = self.hand.header
            if header.tournament and header.big == 0:  # a header that gave no blinds
                small, big = money(level.group("sb"), 1), money(level.group("bb"), 1)
                self.hand.header = header._replace(small=small, big=big)
            return True
        b = BUTTON.match(text)
        if b is not None:
            self.hand.button = digits(b.group("seat"), "the button's seat", MAX_SEAT)
            return True
        s = SEAT.match(text)
        if s is not None:
            self.take_seat(s.group("seat"), s.group("name"), s.group("stack"))
            return True
        if text.startswith("Seat "):
            raise InputError(f"cannot read the seat line {quote(text)}")
        return False

    def play(self, text: str) -> None:
        """A line of the play: a street's, the cards dealt, a player's (``NAME: ...`` is chat)."""
        if self.summary:
            self.summary_line(text)
        elif text.startswith("** "):
            if text == "** Summary **":
                self.summary = True
            else:
                self.street_line(text)
        elif text.startswith("There was no qualifying low hand"):
            self.no_low = True
        elif text.startswith("Dealt to "):
            self.dealt(text)
        else:
            name = self.player(text)
            if name is None:
                self.table_note(text)
                return
            rest = text[len(name) :]
            if not rest.startswith(": "):
                if not self.posts_looked_for:
                    self.posts_looked_for = True
                    self.silent_blinds(rest.strip())
                self.action(name, rest.strip())

    def silent_blinds(self, rest: str) -> None:
        """Before the first action line of a tournament hand that writes no post (fpdb-3's
        ``PLO-USD-STT-1.00.201008.Sample.txt``: ``Blinds(50/100)``, then ``Player6 raises [350]``,
        ``Villain calls [300]``, ``Hero calls [250]``: the calls say 50 and 100 were in): the blinds of
        the level, posted by the first two seats after the button (heads-up: the button, then the other),
        as the lines would say them."""
        hand, header = self.hand, self.hand.header
        posts = ("small blind", "big blind", "small and big blinds", "ante", "bring in")
        if (
            not header.tournament
            or self.stud
            or not header.big
            or hand.button is None
            or rest.startswith("posts")
            or any(a.verb in posts for a in hand.actions)
            or len(hand.seats) < 2
        ):
            return
        button = hand.button
        seats = sorted(hand.seats, key=lambda s: (s.seat <= button, s.seat))
        if len(seats) == 2:
            seats = seats[::-1]  # heads-up: the button posts the small blind
        for seat, verb, blind in (
            (seats[0], "small blind", header.small),
            (seats[1], "big blind", header.big),
        ):
            chips = min(blind, seat.stack)
            self.put_in[seat.name] = self.put_in.get(seat.name, 0) + chips
            line = f"(no line: {seat.name} posts {verb} [{chips}])"
            self.act(seat.name, verb, chips, all_in=chips == seat.stack, text=line)

    def table_note(self, text: str) -> None:
        """A line about the table, no player's: a note, the table closed (the hand cancelled)."""
        if text == "Table Closed":
            self.hand.cancelled = True
        elif text not in TABLE_NOTES:
            unseated = UNSEATED.match(text)
            if unseated is not None:
                # fpdb-3's "preamble" files: the seat lines name other players than the actions do.
                raise InputError(
                    f"cannot read the line {quote(text)}: {quote(unseated.group('name'))} has no seat "
                    "in this hand (the seat lines name other players)"
                )
            raise InputError(f"cannot read the line {quote(text)}")

    def player(self, text: str) -> str | None:
        """The seated player a line is about: the longest name it starts with, followed by a space or ':'."""
        for name in self.names:  # longest first
            if text.startswith(name) and text[len(name) : len(name) + 1] in (" ", ":"):
                return name
        return None

    def pots(self, text: str) -> None:
        """``Main Pot: $2.23 Rake: $0.11``: the pots after rake, and the rake where printed."""
        found = POTS.match(text)
        assert found is not None
        pots = [money(p.group("amount"), self.scale) for p in POT.finditer(text)]
        rake = found.group("rake")
        hand = self.hand
        hand.printed_pots = pots
        hand.rake = money(rake, self.scale) if rake else 0
        hand.total = sum(pots) + hand.rake

    def summary_line(self, text: str) -> None:
        """A line of the 2023 summary: the pots and the rake, the board, or a player's balance, what
        the player collected (the award, with any bet of theirs nobody called) and the cards shown."""
        if POTS.match(text):
            self.pots(text)
            return
        if text.startswith("Board: "):
            found = BRACKETS.findall(text)
            if len(found) != 1:
                raise InputError(f"cannot read the summary's board in {quote(text)}")
            self.hand.summary_boards[0] = cards_of(
                found[0].replace(",", " "), "the summary's board"
            )
            return
        name = self.player(text)
        b = BALANCE.match(text[len(name) + 1 :]) if name is not None else None
        if name is None or b is None:
            raise InputError(f"cannot read the summary line {quote(text)}")
        if b.group("out"):
            self.hand.cashed_out.append(name)
        if b.group("cards") is not None and not b.group("folded"):
            self.show(name, cards_of(b.group("cards").replace(",", " "), f"{name}'s cards"))
        if b.group("collected") is not None:
            amount = money(b.group("collected"), self.scale)
            self.hand.pots_named = False  # one total a player, every pot and half in it
            if amount:
                self.award(name, amount, 0, "collected")

    def street_line(self, text: str) -> None:
        """``** Dealing Flop ** [ 2h, 5c, 7d ]``; stud's third street is ``** Dealing **``."""
        streets = STUD_STREETS if self.stud else BOARD_STREETS
        m = STREET.match(text)
        if m is None or m.group("name") not in streets:
            raise InputError(f"cannot read the street line {quote(text)}")
        # The posts before the first street line are bets of its round.
        self.new_street(streets[m.group("name")])
        if not self.stud and self.street > 0:
            found = BRACKETS.findall(m.group("cards"))
            if len(found) != 1:
                raise InputError(f"cannot read the board cards in {quote(text)}")
            self.deal_board(cards_of(found[0].replace(",", " "), "the board"))

    def dealt(self, text: str) -> None:
        body = text[len("Dealt to ") :]
        name = self.player(body)
        found = BRACKETS.findall(body)
        if name is None or len(found) != 1:
            raise InputError(f"cannot read the cards dealt in {quote(text)}")
        self.deal_cards(name, cards_of(found[0].replace(",", " "), f"{name}'s cards"))

    def action(self, name: str, rest: str) -> None:
        if self.fold_or_check(name, rest):
            return
        m = CHIPS.match(rest)
        if m is not None:
            if m.group("to") is not None:  # "raises 0.35 to 0.40": adds 0.35, to 0.40 in all
                self.raise_to(name, m.group("verb"), m.group("by"), m.group("to"))
            else:
                self.chips(name, m.group("verb"), money(m.group("amount"), self.scale))
            return
        if rest.startswith("Cashout") and CASHOUT.match(
            rest
        ):  # cashed out before the showdown: the pot is not awarded by cards
            self.hand.cashed_out.append(name)
            return
        if rest.startswith("shows [") or rest.startswith("shows  ["):
            found = BRACKETS.findall(rest)
            if len(found) != 1:
                raise InputError(f"cannot read the cards shown in {quote(self.text)}")
            self.show(name, cards_of(found[0].replace(",", " "), f"{name}'s cards"))
            return
        if rest.startswith("mucks"):
            self.muck(name)
            return
        w = WINS.match(rest)
        if w is not None:
            self.wins(name, w)
            return
        only_a_note(NOTES, rest, self.text)

    def raise_to(self, name: str, verb: str, by: str, to: str) -> None:
        """``raises X to Y`` (2023): X what the player adds, Y the street total; the two must agree."""
        added, total = money(by, self.scale), money(to, self.scale)
        if verb != "raises" or self.bets.get(name, 0) + added != total:
            raise InputError(f"cannot read the action {quote(self.text)}")
        self.chips(name, verb, added)

    def chips(self, name: str, verb: str, amount: int) -> None:
        """A line that moves chips: ``amount`` is what the player added."""
        self.put_in[name] = self.put_in.get(name, 0) + amount
        if verb.startswith("posts ante"):
            self.act(name, "ante", amount)
            return
        mine = self.bets.get(name, 0) + amount
        kind = VERBS.get(verb)
        if verb == "is all-In":
            kind = "bet" if self.street_bet == 0 else "call" if mine <= self.street_bet else "raise"
            if kind == "bet" and self.stud and self.street == 0:
                kind = "complete"
        assert kind is not None
        to = mine if kind in ("raise", "complete") else None
        self.act(name, kind, amount, to, verb == "is all-In")

    def wins(self, name: str, w: re.Match[str]) -> None:
        low = w.group("lo") is not None
        amount = money(w.group("lo_amount") if low else w.group("amount"), self.scale)
        pot = w.group("pot") or ""
        if pot in ("", "main pot"):
            index = 0
        elif pot[-1].isdigit():
            index = digits(pot.split()[-1], "a side pot's number", MAX_SEAT)
        else:
            index = 1
        if not pot:
            self.hand.pots_named = False
        half = "low" if low else ("high" if w.group("with") else None)
        self.award(name, amount, index, pot or "pot", half)

    def finish(self) -> None:
        """The stakes from the posts where the header gave the buy-in, the uncalled bet, the pot and rake."""
        hand = self.hand
        header = hand.header
        if not hand.collects and not (hand.cancelled or hand.cashed_out):
            raise InputError(f"game #{header.id} is cut short: no 'wins' line")
        if header.big == 0:
            hand.header = posted_stakes(header, first_posts(hand))
        if not header.game.endswith(("Hi-Lo", "Hi/Lo")):
            hand.collects = [c._replace(half=None) for c in hand.collects]
        elif not any(c.half == "low" for c in hand.collects) and not self.no_low:
            # No low award and no "no qualifying low" line: the award is the whole pot, not a half.
            hand.collects = [c._replace(half=None) for c in hand.collects]
        self.uncalled()
        hand.won_printed = (
            False  # the awards are the only amounts won: nothing to hold them against
        )
        if (
            hand.total is None
        ):  # no "Main Pot: ... Rake: ...": the pots are the ones the actions build
            hand.pots_printed = False
            hand.rake_printed = header.tournament
        hand.currency = (
            Currency()
            if header.tournament or not header.currency
            else sign_currency(header.currency)
        )

    def uncalled(self) -> None:
        """The top of the bets only one player put in (RULES §5.3), which the site pays with the pot."""
        if len(self.put_in) < 2:
            return
        hand = self.hand
        ranked = sorted(self.put_in.items(), key=lambda kv: kv[1], reverse=True)
        (top, most), (_, second) = ranked[0], ranked[1]
        over = most - second
        if over <= 0:
            return
        hand.uncalled[top] = over
        last = max((c.pot for c in hand.collects), default=0)
        for i, c in enumerate(hand.collects):
            if c.player == top and c.pot == last and last > 0 and c.amount == over:
                del hand.collects[i]  # the "side pot" that is the bet returned
                return
        for i, c in enumerate(hand.collects):
            if c.player == top and c.half != "low" and c.amount >= over:
                hand.collects[i] = c._replace(amount=c.amount - over)
                return


def cash_header(id: str, text: str) -> Header:
    """A cash game's line: the game, the limit and the stakes (0/0 where it gives the table's buy-in)."""
    c = CASH.match(text)
    if c is None:
        raise InputError(f"game #{id}: cannot read the game, limit and stakes in {quote(text)}")
    small, _, big = c.group("stakes").partition("/")
    sign = small[0] if small[0] in "$€£" else ""
    # The limit before the game, or after it in parentheses ("Game Table (PL)"); none is fixed limit.
    game, limit = c.group("game"), LIMIT_NAMES[c.group("limit") or c.group("after") or ""]
    if c.group("sng"):  # "(SNG Tournament #N)": a sit-and-go's line, its blinds in chips
        return chips_header(id, game, limit, small, big or "0")
    if not big:  # the table's buy-in: the blinds are the posts
        return Header(id, game, limit, None, False, sign, 0, 0)
    return Header(id, game, limit, None, False, sign, money(small, 100), money(big, 100))


READER = PartyPoker.plugin()
