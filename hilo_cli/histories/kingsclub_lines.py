"""The lines of a KingsClub hand (``kingsclub`` is the plug-in): header, seats, streets and runs, actions
as street totals, the awards and the summary's stacks and rake; the format is in ``kingsclub``'s docstring.
"""

from __future__ import annotations

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money
from hilo_cli.histories.archive import put_in, rake_disagreement, speaker, uncalled
from hilo_cli.histories.base import Currency
from hilo_cli.histories.grammar import grammar, words
from hilo_cli.histories.seats import HandState, add_seat, button_seat, collects_only
from hilo_cli.histories.site import BRACKETS, Header, Seat, SiteHand, cards_of
from hilo_cli.histories.site import Line as Action

GAME_NAMES: dict[str, str] = words(
    """
    Omaha Hi-Lo           = omaha8
    Omaha Hi/Lo           = omaha8
    Big O                 = omaha8-5
    5 Card Omaha Hi-Lo    = omaha8-5
    Omaha                 = omaha
    Seven Card Stud Hi-Lo = stud8
    7 Card Stud Hi-Lo     = stud8
    """
)

STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
LINES = grammar(
    r"""
    header  ^#(?P<id>\d+): (?P<limit>Pot Limit|No Limit|Limit) (?P<game>.+?) - (?P<small>{NUMBER})/
            (?P<big>{NUMBER})$
    seat    ^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{NUMBER})\)(?: (?P<net>[-+]{NUMBER}))?$
    table   ^Table '.*'(?: Seat (?P<button>\d+) is the button)?$
    date    ^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$
    street  ^\*\*\* (?:BOARD (?P<run>\d) - )?(?P<name>HOLE CARDS|FLOP|TURN|RIVER|SHOW ?DOWN|SUMMARY|
            [3-7](?:RD|TH) STREET) \*\*\*(?P<cards>.*)$
    rake    ^Rake (?P<amount>{NUMBER})$
    shows   ^shows \[([^\]]*)\]$
    action  ^(?P<verb>posts the small blind|posts the big blind|posts ante|posts the ante|
            brings in for|calls|bets|raises to) (?P<amount>{NUMBER})(?P<all_in>,? and is all in)?$
    wins    ^wins (?:\((?P<amount>{NUMBER})\) from (?P<label>.+)|(?P<label2>pot) \(
            (?P<amount2>{NUMBER})\))$
    """,
)


def _cards(text: str, what: str) -> tuple[Card, ...]:
    """The cards of a bracket, the ones not shown (``X``) left out."""
    return cards_of(" ".join(c for c in text.split() if c != "X"), what)


def read_header(line: str) -> Header:
    m = LINES.header.match(line)
    if m is None:
        raise InputError("not a KingsClub hand header (expected '#N: LIMIT GAME - x/y')")
    return Header(
        m.group("id"),
        m.group("game"),
        m.group("limit"),
        None,
        False,
        "",
        money(m.group("small"), 100),
        money(m.group("big"), 100),
    )


class HandReader(HandState):
    """One KingsClub hand's lines into a ``SiteHand``."""

    def __init__(self, source: str, numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.stud = False
        self.bets: dict[str, int] = {}
        self.rake: int | None = None
        self.summary = False
        self.after: dict[str, int] = {}
        self.net: dict[str, int] = {}

    def read(self, lines: list[str]) -> SiteHand:
        header = read_header(lines[0])
        self.stud = "Stud" in header.game
        currency = Currency("", "", 100)
        hand = collects_only(self.new_hand(header, currency=currency))
        if header.game not in GAME_NAMES:
            return hand
        self.read_lines(hand, lines, self._line)
        found = [
            rake_disagreement(hand, self.rake, currency.show) if self.rake is not None else None,
            self._stacks(hand, currency),
        ]
        hand.disagreements += [f for f in found if f]
        return hand

    def _stacks(self, hand: SiteHand, currency: Currency) -> str | None:
        """Where a summary stack is not the stack before the hand less what it put in, plus what it was
        paid and any chips no one matched."""
        put = put_in(hand)
        back, chips = uncalled(put)
        paid: dict[str, int] = {}
        for c in hand.collects:
            paid[c.player] = paid.get(c.player, 0) + c.amount
        wrong = []
        for seat in hand.seats:
            if seat.name not in self.after:
                continue
            expected = (
                seat.stack
                - put.get(seat.name, 0)
                + paid.get(seat.name, 0)
                + (chips if back == seat.name else 0)
            )
            if expected != self.after[seat.name]:
                wrong.append(
                    f"{seat.name}'s stack after the hand is {currency.show(self.after[seat.name])} in the "
                    f"summary, but the lines leave {currency.show(expected)}"
                )
            net = self.net.get(seat.name)
            if net is not None and net != self.after[seat.name] - seat.stack:
                wrong.append(
                    f"{seat.name}'s summary line says {'+' if net > 0 else ''}{currency.show(net)}, but the "
                    f"stack went from {currency.show(seat.stack)} to {currency.show(self.after[seat.name])}"
                )
        return "; ".join(wrong) or None

    def _line(self, hand: SiteHand, line: str) -> None:
        if line.startswith("*** "):
            self._street(hand, line)
            return
        if line.startswith("Seat "):
            self._seat(hand, line)
            return
        if LINES.date.match(line):
            return
        m = LINES.table.match(line)
        if m is not None:
            if m.group("button"):
                hand.button = button_seat(m, "button")
            return
        m = LINES.rake.match(line)
        if m is not None and self.summary:
            if self.rake is not None:
                raise InputError(f"a second rake line {quote(line)}")
            self.rake = money(m.group("amount"), 100)
            return
        if line.startswith("Dealt to "):
            self._dealt(hand, line)
            return
        self.player_action(hand, line, self._action)

    def _seat(self, hand: SiteHand, line: str) -> None:
        s = LINES.seat.match(line)
        if s is None:
            raise InputError(f"cannot read the seat line {quote(line)}")
        name, stack = s.group("name"), money(s.group("stack"), 100)
        if self.summary:
            if name not in self.names or name in self.after:
                raise InputError(
                    f"the summary's seat line {quote(line)} names no player of the hand, or one twice"
                )
            self.after[name] = stack
            net = s.group("net")
            if net is not None:
                self.net[name] = money(net[1:], 100) * (-1 if net[0] == "-" else 1)
            return
        seat = Seat(digits(s.group("seat"), "a seat", MAX_SEAT), name, stack, False)
        self.names = add_seat(hand, seat)

    def _new_street(self, hand: SiteHand, street: int, line: str) -> None:
        if street > 0:  # the blinds are bets of the first round, posted before its street line
            self.bets = {}
        self.street = street
        play.new_street(hand, self.number, street, line)

    def _street(self, hand: SiteHand, line: str) -> None:
        m = play.street_match(LINES.street, line)
        name, run = m.group("name"), m.group("run")
        if name == "SUMMARY":
            self.summary = True
            return
        if name.startswith("SHOW"):
            return
        if self.stud:
            # The first cards come before any street line: each street line deals the next card.
            if not name.endswith("STREET"):
                raise InputError(f"a stud hand has no {name.lower()}: {quote(line)}")
            dealt = any(a.verb == "dealt" for a in hand.actions)
            self._new_street(hand, min(self.street + 1, 4) if dealt else 0, line)
            return
        if name not in STREETS:
            raise InputError(f"a board game has no {name.lower()}: {quote(line)}")
        found = BRACKETS.findall(m.group("cards"))
        if run is not None:
            self._run(hand, digits(run, "a board's number", 3), found, line)
            return
        self._new_street(hand, STREETS[name], line)
        if name == "HOLE CARDS":
            return
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        board = hand.boards.setdefault(0, [])
        before = _cards(found[0], f"the {name.lower()}") if len(found) > 1 else ()
        if tuple(board) != before:
            raise InputError(
                f"the {name.lower()} line {quote(line)} does not repeat the board so far"
            )
        new = _cards(found[-1], f"the {name.lower()}")
        play.deal_board(hand, self.number, self.street, line, new)

    def _run(self, hand: SiteHand, run: int, found: list[str], line: str) -> None:
        """``*** BOARD 2 - RIVER *** [- - - Qd] [Jd]``: the cards of run ``run`` after the ones it has so
        far (the board dealt before the runs, written ``-`` where the runs share it); the first bracket may
        hold the run's own turn too."""
        if not 1 <= run <= 3 or len(found) != 2:
            raise InputError(f"cannot read the board of a run in {quote(line)}")
        board = hand.boards.get(run) or list(hand.boards.get(0, []))
        written = found[0].split()
        if len(written) < len(board) or any(
            w not in ("-", str(c)) for w, c in zip(written, board, strict=False)
        ):
            raise InputError(
                f"the run's board {quote(line)} does not start with the board dealt before it"
            )
        new = _cards(" ".join(written[len(board) :]) + " " + found[1], "the run's board")
        hand.boards[run] = list(board)
        play.deal_board(hand, self.number, 3, line, new, run)

    def _dealt(self, hand: SiteHand, line: str) -> None:
        found = speaker(line[len("Dealt to ") :], self.names)
        bracket = BRACKETS.search(line)
        if found is None or bracket is None:
            raise InputError(f"cannot read the cards dealt in {quote(line)}")
        name = found[0]
        if self.stud and not any(a.verb == "street" for a in hand.actions):
            self._new_street(hand, 0, line)
        cards = _cards(bracket.group(1), f"{name}'s cards")
        if not cards and not self.stud:
            return  # another player's cards, not shown
        hand.dealt[name] = hand.dealt.get(name, ()) + cards
        hand.actions.append(
            Action(self.number, self.street, name, "dealt", 0, None, False, line, cards)
        )

    def _action(self, hand: SiteHand, name: str, rest: str, line: str) -> None:
        number, street = self.number, self.street
        m = LINES.action.match(rest)
        if m is not None:
            self._chips(
                hand,
                name,
                m.group("verb"),
                money(m.group("amount"), 100),
                m.group("all_in") is not None,
                line,
            )
            return
        m = LINES.wins.match(rest)
        if m is not None:
            amount = money(m.group("amount") or m.group("amount2"), 100)
            play.add_award(hand, number, name, amount, 0, m.group("label") or m.group("label2"))
            return
        m = LINES.shows.match(rest)
        if m is not None:
            cards = _cards(m.group(1), f"{name}'s cards")
            play.show_cards(hand, number, street, name, cards, line)
            return
        if rest in ("mucks", "mucks hand", "doesn't show hand"):
            play.muck_at_showdown(hand, number, street, name, line)
            return
        raise InputError(f"cannot read the action {quote(line)}")

    def _chips(
        self, hand: SiteHand, name: str, verb: str, amount: int, all_in: bool, line: str
    ) -> None:
        """A post, bet, call or raise; KingsClub writes calls, bets and raises as the street total."""
        mine = self.bets.get(name, 0)
        if verb.startswith("posts") and "ante" in verb:
            hand.actions.append(
                Action(self.number, self.street, name, "ante", amount, None, all_in, line)
            )
            return
        if verb.startswith("posts") or verb == "brings in for":
            kind = {"posts the small blind": "small blind", "posts the big blind": "big blind"}.get(
                verb, "bring in"
            )
            self.bets[name] = mine + amount
            hand.actions.append(
                Action(self.number, self.street, name, kind, amount, None, all_in, line)
            )
            return
        if amount <= mine:
            raise InputError(
                f"{quote(line)} puts in no more than the {amount} the player has in this street"
            )
        self.bets[name] = amount
        if verb == "calls":
            action = Action(
                self.number, self.street, name, "call", amount - mine, None, all_in, line
            )
        elif verb == "bets" and self.stud and self.street == 0 and any(self.bets.values()):
            action = Action(
                self.number, self.street, name, "complete", amount - mine, amount, all_in, line
            )
        elif verb == "bets":
            action = Action(
                self.number, self.street, name, "bet", amount - mine, None, all_in, line
            )
        else:
            action = Action(
                self.number, self.street, name, "raise", amount - mine, amount, all_in, line
            )
        hand.actions.append(action)
