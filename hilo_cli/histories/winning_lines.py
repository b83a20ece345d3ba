"""Winning Poker Network (ACR) hand histories, the current format, line by line, into a ``SiteHand``.

What the lines mean (../shared/handhistories/SITES.md, and the site's own files):

* the header ``Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC`` (fixed
  limit stakes are the small and big bets; tournaments ``Game Hand #N - Tournament #T - ... - Level 1
  (250.00/500.00)- date``, in chips), then ``St. Lucie 6-max Seat #1 is the button`` and the seats;
* ``X posts the small blind $3.00``, ``raises $120.00 to $120.00 and is all-in`` (a raise *to*);
* running pot lines ``Main pot $79.20 | Rake $0.80`` after each street: a running figure, not read;
* one award line per player per pot, high and low added together: ``collected $199.00 from main pot``;
  a hand run twice: ``*** RUN IT TWICE ***``, ``*** FLOP 1 ***`` … ``*** SHOW DOWN 2 ***``, ``collected
  $92.25 from main pot 1`` (run 1);
* the summary: ``Total pot $199.00 | Rake $0.96 | JP Fee $0.04`` (Total pot after rake and the jackpot
  fee, both taken from the pot), ``Board [...]`` (``Board 1``, ``Board 2``), the seats' lines with "won
  $x" (once per board run: they can disagree with the award lines, a site inconsistency);
* a walk has no award line: the summary's "did not show and won $9.00" is the award, and it holds the
  uncalled big blind, as ``Total pot`` does (``uncalled.fold_back``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money, sign_currency
from hilo_cli.histories.base import Currency
from hilo_cli.histories.seats import (
    HandState,
    add_seat,
    read_seat,
    reads_wanted,
    table_button,
)
from hilo_cli.histories.site import (
    BRACKETS,
    Collect,
    Header,
    Line,
    SiteHand,
    cards_of,
)
from hilo_cli.histories.uncalled import fold_back, pots_as_paid

HEADER = re.compile(
    r"^(?:Game )?Hand #(?P<id>\d+) - (?:(?P<tournament>(?:[$\d.,K]+ GTD )?Tournament #\d+) - )?"
    r"(?P<game>[A-Za-z0-9/' ]+?)\((?P<limit>No Limit|Pot Limit|Fixed Limit|All-in or Fold Limit)\) - "
    r"(?:Level \w+ )?\(?(?P<sb>\$?[\d.,]+)/(?P<bb>\$?[\d.,]+)\)? ?- .*$"
)
TABLE = re.compile(
    r"^(?P<table>.+?) (?P<max>\d+)-max (?:\(Play Money\) )?(?:Seat #(?P<button>\d+) is the button)?$"
)
SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>\$?[\d.,]+)\)(?P<out> is sitting out)?$"
)
STREET = re.compile(r"^\*\*\* (?P<name>[A-Za-z0-9 ]+?)(?: (?P<run>[12]))? \*\*\*(?P<cards>.*)$")
_AMOUNT = r"\$?[\d.,]+"
_ACTION = re.compile(
    rf"^(?P<verb>posts the small blind|posts the big blind|posts ante|posts dead|posts|calls|bets|brings in|"
    rf"brings-in|brings in low|raises) (?P<amount>{_AMOUNT})(?: to (?P<to>{_AMOUNT}))?(?P<all_in> and is all-in)?$"
)
COLLECTED = re.compile(
    rf"^collected (?P<amount>{_AMOUNT}) from (?P<pot>main pot|side pot[- ]?(?P<n>\d+))(?: (?P<run>\d+))?$"
)
UNCALLED = re.compile(rf"^Uncalled bet \((?P<amount>{_AMOUNT})\) returned to (?P<name>.+)$")
TOTAL = re.compile(
    rf"^Total pot (?P<total>{_AMOUNT})(?: \| Rake (?P<rake>{_AMOUNT}))?(?: \| JP Fee (?P<jp>{_AMOUNT}))?$"
)
RUNNING = re.compile(r"^(?:Main|Side) pot")
SUMMARY_BOARD = re.compile(r"^Board(?: (?P<run>[12]))? \[(?P<cards>[^\[\]]*)\]$")
_WON = re.compile(rf"\b(?:won|collected) \(?(?P<amount>{_AMOUNT})\)?")
_SHOWED = re.compile(r"\b(?P<how>showed|mucked) \[(?P<cards>[^\[\]]*)\]")
_NOTES = re.compile(
    r"^(?:does not show|doesn't show|sits out|is sitting out|is back|is disconnected|"
    r"is connected|leaves the table|joins the table.*|will be allowed to play after the button)$"
)

VERBS = {
    "posts the small blind": "small blind",
    "posts the big blind": "big blind",
    "posts ante": "ante",
    "posts dead": "small and big blinds",
    "posts": "big blind",
    "calls": "call",
    "bets": "bet",
    "brings in": "bring in",
    "brings-in": "bring in",
    "brings in low": "bring in",
    "raises": "raise",
}
BOARD_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
STUD_STREETS = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4}
DOLLARS = sign_currency("$")


_START = re.compile(r"[ \t]*(?:Game )?Hand #\d")


def starts_hand(line: str) -> bool:
    """Whether ``line`` starts a hand: it begins (after spaces) with "Hand #" (or "Game Hand #") and a digit."""
    return _START.match(line) is not None


def read_header(line: str) -> Header:
    m = HEADER.match(line)
    if m is None:
        raise InputError(
            f"not a Winning hand header (expected 'Hand #N - GAME(LIMIT) - $SB/$BB - date'): "
            f"{quote(line)}"
        )
    tournament = m.group("tournament") is not None
    sign = "" if tournament or not m.group("sb").startswith("$") else "$"
    scale = 100 if sign else 1
    return Header(
        m.group("id"),
        m.group("game").strip(),
        m.group("limit"),
        None,
        tournament,
        sign,
        money(m.group("sb"), scale),
        money(m.group("bb"), scale),
    )


class HandReader(HandState):
    """Reads one hand's lines (blank lines removed, ``numbers`` their file lines) into a ``SiteHand``."""

    def __init__(self, source: str, lines: list[str], numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.lines = lines
        self.names: list[str] = []
        self.run = 0

    def read(self, wanted: Callable[[Header], bool]) -> SiteHand:
        header = self.failing(lambda: read_header(self.lines[0]))
        self.id = header.id
        hand = self.new_hand(
            header,
            currency=DOLLARS if header.currency else Currency(),
        )
        if not wanted(header):
            return hand
        self.scale = 100 if header.currency else 1
        self.failing(lambda: self._read_lines(hand))
        self.number = hand.end
        if hand.total is None:
            raise self.fail(f"hand #{header.id} is cut short: no 'Total pot' line in a summary")
        if not hand.collects:
            # A walk: the summary's "won" is the only award the site prints.
            hand.collects.extend(
                Collect(hand.end, n, w, 0, "pot", 0) for n, w in hand.won.items() if w
            )
        fold_back(hand)
        pots_as_paid(hand)
        return hand

    def _read_lines(self, hand: SiteHand) -> None:
        streets = STUD_STREETS if "Stud" in hand.header.game else BOARD_STREETS
        summary = False
        for line, number in zip(self.lines[1:], self.numbers[1:], strict=True):
            self.number = number
            if summary:
                self._summary(hand, line)
            elif line.startswith("*** "):
                summary = self._street(hand, line, number, streets)
            elif line.startswith("Seat ") and not hand.actions:
                self._seat(hand, line)
            elif line.startswith("Dealt to "):
                self._dealt(hand, line, number)
            elif RUNNING.match(line):
                continue  # a running pot figure; the summary's is the one checked
            elif line.startswith("Uncalled bet ("):
                u = UNCALLED.match(line)
                if u is None or u.group("name") not in self.names:
                    raise InputError(f"cannot read the uncalled bet line {quote(line)}")
                name = u.group("name")
                play.return_uncalled(hand, name, money(u.group("amount"), self.scale))
            elif not hand.seats and not hand.actions:
                hand.button = table_button(TABLE, line)
            else:
                self._player_line(hand, line, number)

    def _seat(self, hand: SiteHand, line: str) -> None:
        self.names = add_seat(hand, read_seat(SEAT, line, self.scale))

    def _street(self, hand: SiteHand, line: str, number: int, streets: dict[str, int]) -> bool:
        """A ``*** NAME ***`` line; ``True`` for the summary."""
        m = STREET.match(line)
        if m is None:
            raise InputError(f"cannot read the street line {quote(line)}")
        name, run = m.group("name"), int(m.group("run") or 0)
        if name == "SUMMARY":
            return True
        if name == "RUN IT TWICE":
            hand.runs = 2
            return False
        if name == "SHOW DOWN":
            self.run = run
            return False
        if name not in streets:
            raise InputError(f"unknown street {quote(name)}")
        self.street, self.run = streets[name], run
        play.new_street(hand, number, self.street, line, run)
        found = BRACKETS.findall(m.group("cards"))
        if streets is STUD_STREETS or self.street == 0:
            return False
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        board = hand.boards.get(run)
        if board is None:
            board = hand.boards[run] = list(hand.boards.get(0, [])) if run else []
        what = f"the {name.lower()}"
        before = cards_of(" ".join(found[:-1]), what) if len(found) > 1 else ()
        new = cards_of(found[-1], what)
        if len(found) == 1 and tuple(board) == new[: len(board)]:
            new = new[len(board) :]  # a run's flop after cards dealt before the all-in
        elif tuple(board) != before:
            raise play.repeats_board(what, " ".join(map(str, before)) or "nothing", board)
        play.deal_board(hand, number, self.street, line, new, run)
        return False

    def _dealt(self, hand: SiteHand, line: str, number: int) -> None:
        body = line[len("Dealt to ") :]
        name = next((n for n in self.names if body.startswith(n + " [")), None)
        if name is None:
            raise InputError(f"cards dealt to {quote(body)}, who has no seat in this hand")
        found = BRACKETS.findall(body[len(name) :])
        if not found:
            raise InputError(f"cannot read the cards dealt in {quote(line)}")
        new = cards_of(
            found[-1], f"{name}'s cards"
        )  # stud repeats the cards dealt before in a first bracket
        hand.dealt[name] = hand.dealt.get(name, ()) + new
        hand.actions.append(Line(number, self.street, name, "dealt", 0, None, False, line, new))

    def _player_line(self, hand: SiteHand, line: str, number: int) -> None:
        name = next((n for n in self.names if line.startswith(n + " ")), None)
        if name is None:
            raise InputError(f"cannot read the line {quote(line)}")
        rest = line[len(name) + 1 :]
        if play.fold_or_check(hand, number, self.street, name, rest, line):
            return
        m = _ACTION.match(rest)
        if m is not None:
            verb = VERBS[m.group("verb")]
            amount = money(m.group("amount"), self.scale)
            header = hand.header
            if m.group("verb") == "posts" and amount < (
                header.small if header.limit == "Fixed Limit" else header.big
            ):
                verb = (
                    "ante"  # a post smaller than the big blind is dead money (a missed small blind)
                )
            to = money(m.group("to"), self.scale) if m.group("to") else None
            if (verb == "raise") != (to is not None):
                raise InputError(f"cannot read the action {quote(line)}")
            hand.actions.append(
                Line(
                    number, self.street, name, verb, amount, to, m.group("all_in") is not None, line
                )
            )
            return
        if rest.startswith("shows ["):
            if name not in hand.shows:  # shown again at a second run's showdown
                shown = BRACKETS.findall(rest)
                if not shown:
                    raise InputError(f"cannot read the cards shown in {quote(line)}")
                cards = cards_of(shown[0], f"{name}'s cards")
                play.show_cards(hand, number, self.street, name, cards, line)
            return
        if rest.startswith("mucks"):
            play.muck_hand(hand, number, self.street, name, line)
            return
        m = COLLECTED.match(rest)
        if m is not None:
            pot = play.pot_number(m.group("n"), 0)
            run = digits(m.group("run"), "a run's number", MAX_SEAT) if m.group("run") else 0
            amount = money(m.group("amount"), self.scale)
            play.add_award(hand, number, name, amount, pot, m.group("pot"), run=run)
            return
        if _NOTES.match(rest):
            return
        raise InputError(f"cannot read the action {quote(line)}")

    def _summary(self, hand: SiteHand, line: str) -> None:
        m = TOTAL.match(line)
        if m is not None:
            rake = sum(money(m.group(g), self.scale) for g in ("rake", "jp") if m.group(g))
            hand.rake = rake  # the jackpot fee is taken from the pot as the rake is
            hand.total = (
                money(m.group("total"), self.scale) + rake
            )  # Total pot is printed after both
            return
        b = SUMMARY_BOARD.match(line)
        if b is not None:
            hand.summary_boards[int(b.group("run") or 0)] = cards_of(
                b.group("cards"), "the summary board"
            )
            return
        if line.startswith("Seat "):
            play.summary_seat_line(hand, line, _WON, self.scale)
            return
        raise InputError(f"cannot read the summary line {quote(line)}")


# One hand from its lines (as the base cuts them), ``line`` the number of the first; ``None`` if blank.
read_hand = reads_wanted(HandReader)
