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
from typing import Any

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money, sign_currency
from hilo_cli.histories.base import Currency
from hilo_cli.histories.grammar import grammar, words
from hilo_cli.histories.seats import reads_wanted, table_button
from hilo_cli.histories.site import BRACKETS, Collect, Header, SiteHand, cards_of
from hilo_cli.histories.winning_family import (
    STUD_STREETS,
    FamilyReader,
    Words,
    header_match,
    header_of,
)

VERBS = words(
    """
    posts the small blind = small blind
    posts the big blind   = big blind
    posts ante            = ante
    posts dead            = small and big blinds
    posts                 = big blind
    calls                 = call
    bets                  = bet
    brings in             = bring in
    brings-in             = bring in
    brings in low         = bring in
    raises                = raise
    """
)
BOARD_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
DOLLARS = sign_currency("$")


LINES = grammar(
    r"""
    AMOUNT         \$?[\d.,]+
    header         ^(?:Game )?Hand #(?P<id>\d+) - (?:(?P<tournament>(?:[$\d.,K]+ GTD )
                   ?Tournament #\d+) - )?(?P<game>[A-Za-z0-9/' ]+?)\((?P<limit>No Limit|Pot Limit|
                   Fixed Limit|All-in or Fold Limit)\) - (?:Level \w+ )?\(?(?P<sb>\$?[\d.,]+)/
                   (?P<bb>\$?[\d.,]+)\)? ?- .*$
    table          ^(?P<table>.+?) (?P<max>\d+)-max (?:\(Play Money\) )?(?:Seat #
                   (?P<button>\d+) is the button)?$
    seat           ^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>\$?[\d.,]+)\)
                   (?P<out> is sitting out)?$
    street         ^\*\*\* (?P<name>[A-Za-z0-9 ]+?)(?: (?P<run>[12]))? \*\*\*(?P<cards>.*)$
    action         ^(?P<verb>posts the small blind|posts the big blind|posts ante|posts dead|posts|
                   calls|bets|brings in|brings-in|brings in low|raises) (?P<amount>{AMOUNT})
                   (?: to (?P<to>{AMOUNT}))?(?P<all_in> and is all-in)?$
    collected      ^collected (?P<amount>{AMOUNT}) from (?P<pot>main pot|side pot[- ]?(?P<n>\d+))
                   (?: (?P<run>\d+))?$
    uncalled       ^Uncalled bet \((?P<amount>{AMOUNT})\) returned to (?P<name>.+)$
    total          ^Total pot (?P<total>{AMOUNT})(?: \| Rake (?P<rake>{AMOUNT}))?
                   (?: \| JP Fee (?P<jp>{AMOUNT}))?$
    running        ^(?:Main|Side) pot
    summary_board  ^Board(?: (?P<run>[12]))? \[(?P<cards>[^\[\]]*)\]$
    won            \b(?:won|collected) \(?(?P<amount>{AMOUNT})\)?
    notes          ^(?:does not show|doesn't show|sits out|is sitting out|is back|is disconnected|
                   is connected|leaves the table|joins the table.*|
                   will be allowed to play after the button)$
    start          [ \t]*(?:Game )?Hand #\d
    """,
)


def starts_hand(line: str) -> bool:
    """Whether ``line`` starts a hand: it begins (after spaces) with "Hand #" (or "Game Hand #") and a digit."""
    return LINES.start.match(line) is not None


def read_header(line: str) -> Header:
    m = header_match(LINES.header, line, "Winning", "Hand #N - GAME(LIMIT) - $SB/$BB - date")
    tournament = m.group("tournament") is not None
    sign = "" if tournament or not m.group("sb").startswith("$") else "$"
    return header_of(m, m.group("game").strip(), tournament, sign, m.group("sb"), m.group("bb"))


WORDS = Words(read_header, LINES, VERBS, BOARD_STREETS)
"""Winning's words, as the family's reader reads them."""


class HandReader(FamilyReader):
    """Reads one Winning hand's lines (blank lines removed, ``numbers`` their file lines) into a
    ``SiteHand``: the family's reader (``winning_family``) in Winning's words, with its runs."""

    WORDS = WORDS

    def __init__(self, source: str, lines: list[str], numbers: list[int]) -> None:
        super().__init__(source, lines, numbers)
        self.run = 0

    def _fields(self, header: Header) -> dict[str, Any]:
        return {"currency": DOLLARS if header.currency else Currency()}

    def _ended(self, hand: SiteHand) -> None:
        if not hand.collects:
            # A walk: the summary's "won" is the only award the site prints.
            hand.collects.extend(
                Collect(hand.end, n, w, 0, "pot", 0) for n, w in hand.won.items() if w
            )

    def _other(self, hand: SiteHand, line: str, number: int) -> None:
        if LINES.running.match(line):
            return  # a running pot figure; the summary's is the one checked
        if line.startswith("Uncalled bet ("):
            u = LINES.uncalled.match(line)
            if u is None or u.group("name") not in self.names:
                raise InputError(f"cannot read the uncalled bet line {quote(line)}")
            name = u.group("name")
            play.return_uncalled(hand, name, money(u.group("amount"), self.scale))
        elif not hand.seats and not hand.actions:
            hand.button = table_button(LINES.table, line)
        else:
            self._player_line(hand, line, number)

    def _street(self, hand: SiteHand, m: re.Match[str], line: str, number: int) -> None:
        streets = self.streets
        name, run = m.group("name"), int(m.group("run") or 0)
        if name == "RUN IT TWICE":
            hand.runs = 2
            return
        if name == "SHOW DOWN":
            self.run = run
            return
        self.street, self.run = play.street_number(streets, name), run
        play.new_street(hand, number, self.street, line, run)
        found = BRACKETS.findall(m.group("cards"))
        if streets is STUD_STREETS or self.street == 0:
            return
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

    def _verb(self, hand: SiteHand, found: re.Match[str], amount: int) -> str:
        header = hand.header
        if found.group("verb") == "posts" and amount < (
            header.small if header.limit == "Fixed Limit" else header.big
        ):
            return "ante"  # a post smaller than the big blind is dead money (a missed small blind)
        return self.WORDS.verbs[found.group("verb")]

    def _award(
        self, hand: SiteHand, found: re.Match[str], number: int, name: str, amount: int, pot: int
    ) -> None:
        run = digits(found.group("run"), "a run's number", MAX_SEAT) if found.group("run") else 0
        play.add_award(hand, number, name, amount, pot, found.group("pot"), run=run)

    def _rake(self, found: re.Match[str]) -> int:
        # the jackpot fee is taken from the pot as the rake is
        return sum(money(found.group(g), self.scale) for g in ("rake", "jp") if found.group(g))

    def _summary_board(self, hand: SiteHand, line: str) -> bool:
        b = LINES.summary_board.match(line)
        if b is None:
            return False
        hand.summary_boards[int(b.group("run") or 0)] = cards_of(
            b.group("cards"), "the summary board"
        )
        return True


# One hand from its lines (as the base cuts them), ``line`` the number of the first; ``None`` if blank.
read_hand = reads_wanted(HandReader)
