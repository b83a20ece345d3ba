"""The text-reader base: ``TextReader`` owns one hand of a text site while it is read.

A site's reader is a subclass. It declares its plug-in (``NAME``, ``TITLE``, ``START`` the pattern of a
hand's first line, ``GAMES`` its game names as hilo's, ``STRUCTURES`` its limits) and writes three
hooks:

* ``header()``: the hand's header, from ``lines[0]`` (a site whose header takes several lines moves
  ``at`` past them); it sets ``id`` as soon as it has read the hand's number, so that an error names it;
* ``line(text)``: each line after the header, in order; ``number`` is the line's file line meanwhile;
* ``finish()``, once every line is read (by default: a hand no line of which says who won is cut short).

Everything else is the base's: the hand's lines stripped and numbered, the ``SiteHand`` begun from the
header (``begin``, a hook too), NOT CHECKABLE for a game hilo does not play as soon as the header is read
(no other line is read), every ``HiloError`` the hand's error record at the line it names, and the
record the checker replays (``records.record``). The state of the hand is the reader's own: the hand
(``hand``), the line being read (``at``, ``number``, ``text``), the unit (``scale``), the street
(``street``, ``run``), the seated names (``names``, longest first) and the street's bets (``bets``,
``street_bet``). The methods that record a line (``act``, ``fold_or_check``, ``new_street``,
``deal_board``, ``deal_cards``, ``show``, ``muck``, ``award``, ``return_uncalled``, ``seat``...) write
into that state; a site's own code only reads its lines.

``plugin()`` makes the ``base.Reader`` the registry (``histories/__init__.py``) imports when a file
needs it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from hilo_cli.betting import Structure
from hilo_cli.bounds import MAX_SEAT, digits, quote, short
from hilo_cli.cards import Card
from hilo_cli.errors import DealError, HiloError, InputError
from hilo_cli.histories import header_of
from hilo_cli.histories.amounts import NUMBER, money, sign_currency
from hilo_cli.histories.base import HandRecord, Reader, failed
from hilo_cli.histories.records import STRUCTURES, not_played, record
from hilo_cli.histories.site import (
    BRACKETS,
    Header,
    Line,
    Seat,
    SiteHand,
    cards_of,
    summary_seat,
)

POSTS_BETS_CALLS = {
    "posts small blind": "small blind",
    "posts big blind": "big blind",
    "posts ante": "ante",
    "calls": "call",
    "bets": "bet",
}
"""The verbs of the sites that write a post, a call and a bet in these words, as hilo's; a site adds
its raise (``{**POSTS_BETS_CALLS, "raises": "raise"}``) and any more."""


CARRIES = re.compile(
    # An amount: a number with a currency sign or code beside it, a decimal point or thousands
    # separators, or a bare number that is no part of a word, a time, a date, a seat or a duration.
    rf"[$€£]\s?{NUMBER}|{NUMBER}\s?(?:[$€£]|EUR\b|USD\b|GBP\b)|(?<![\w#+:./-])\d+[.,]\d+(?![\w:/-])"
    r"|(?<![\w#+:./-])(?<!Seat )(?<!seat )(?<!Table )(?<!level )(?<!Level )\d+(?![\w:/.,+-])"
    r"(?!\s?(?:s|secs?|seconds?|mins?|minutes?|ms|hours?|h)\b)"
    # Money in words ("bets three dollars"), and the words of a line that moves chips without saying
    # how many ("Bob is disconnected and ALL IN.", "Bob calls").
    r"|\b(?:dollars?|euros?|cents?|pounds?)\b"
    r"|(?i:\b(?:all[- ]?in|bets?|calls?|raises?|posts?|antes?|straddles?|collect(?:s|ed)?|wins?|won|"
    r"returned|uncalled|pot)\b)"
    # A card: a rank and a suit standing alone ("As", "Td", "10h").
    r"|(?<![\w-])(?:10|[2-9TJQKA])[shdc](?![\w-])"
)
"""Whether a line carries an amount or a card: the one test of a line that a reader does not know
(``UnreadLine``). Such a line may move chips or deal cards, so it is the hand's error; a line without
either (a disconnect, a time bank, chat, sitting out, a table note, a duration) is skipped, and the
record counts it. A site whose amounts or cards look otherwise sets its own ``TextReader.CARRIES``."""


class UnreadLine(InputError):
    """A line that the reader does not know (``TextReader.unread``): skipped where it carries no amount
    and no card (``CARRIES``), else the hand's error. Raised before the line records anything."""


class TextReader:
    """One hand of a text site being read (see the module docstring). A subclass is one site."""

    NAME: ClassVar[str]
    """The ``--input-format`` name (``everleaf``)."""
    TITLE: ClassVar[str]
    """How people call the site (``Everleaf``), in help and errors."""
    SUFFIXES: ClassVar[tuple[str, ...]] = (".txt",)
    """The files a folder is searched for."""
    ENCODINGS: ClassVar[tuple[str, ...]] = ()
    """Encodings to try after UTF-8 (``("cp1252",)``)."""
    START: ClassVar[re.Pattern[str]]
    """A hand's first line, matched at the start of a line (spaces and tabs before it the pattern's)."""
    GAMES: ClassVar[Mapping[str, str]]
    """The site's game names (``Header.game``) as hilo's (RULES §6); any other is not checkable."""
    LIMITS: ClassVar[Mapping[str, Structure]] = STRUCTURES
    """The site's limits (``Header.limit``, title-cased) as betting structures."""
    CARRIES: ClassVar[re.Pattern[str]] = CARRIES
    """A line that carries an amount or a card (``text.CARRIES``): one the reader does not know is the
    hand's error; any other line it does not know is skipped and counted (``skipped``)."""
    BLANK: ClassVar[re.Pattern[str] | None] = None
    """A line of the site's own that is no part of a hand (PartyPoker's ``Game #N starts.``, matched
    on the stripped line): left out like a blank line, and a piece of such lines only is no hand."""
    ENDS_AT_BLANK: ClassVar[bool] = True
    """Whether a hand's lines end at its first blank line (no site's hand holds one but a few: theirs
    say ``False``). A hand hilo does not check is not read, so after its blank line any line is none of
    its own (``unplayed_rest``)."""

    def __init__(self, source: str, numbers: list[int], lines: list[str]) -> None:
        self.source, self.numbers, self.lines = source, numbers, lines
        self.at = 0
        self.number = numbers[0]
        self.text = lines[0]
        self.id: str | None = None
        self.scale = 1
        self.street = 0
        self.run = 0
        self.names: list[str] = []
        self.bets: dict[str, int] = {}
        self.street_bet = 0
        self.hand: SiteHand  # begun from the header (``begin``)
        # The method that reads the next line: ``line``, or the part of the hand a site has moved on to.
        self.reading: Callable[[str], None] = self.line

    # --- the plug-in -------------------------------------------------------------------------------

    @classmethod
    def starts_hand(cls, line: str) -> bool:
        """Whether ``line`` (its line end removed) starts a hand: ``START`` matches it."""
        return cls.START.match(line) is not None

    @classmethod
    def read_hand(cls, source: str, line: int, raw: list[str]) -> HandRecord:
        """The record of one hand from its ``raw`` lines (the first is file line ``line``): each line
        stripped, the blank ones dropped, the rest read by a new reader (``read``)."""
        numbers: list[int] = []
        lines: list[str] = []
        blank = cls.BLANK
        for i, text in enumerate(raw):
            kept = text.strip()
            if kept and (blank is None or blank.match(kept) is None):
                numbers.append(line + i)
                lines.append(kept)
        if not lines:
            return failed(source, line, "no hand in these lines")
        return cls(source, numbers, lines).read()

    @classmethod
    def plugin(cls) -> Reader:
        """The site's ``base.Reader``, the module's ``READER`` (the registry finds a file's site by its
        own table, ``histories.PLUGINS``, without importing the readers)."""
        blank = cls.BLANK
        return Reader(
            cls.NAME,
            cls.TITLE,
            cls.SUFFIXES,
            cls.starts_hand,
            cls.read_hand,
            cls.ENCODINGS,
            None if blank is None else lambda line: blank.match(line.strip()) is not None,
        )

    # --- reading a hand ----------------------------------------------------------------------------

    def read(self) -> HandRecord:
        """The hand's record: its header, then (for a game hilo plays) every line and ``finish``. Any
        ``HiloError`` raised while the lines are read is the hand's error at the line being read; one
        the record raises (a ``DealError``: the deal breaks a rule) at the hand's first line."""
        try:
            header = self.header()
            self.id = header.id
            self.hand = self.begin(header)
            game = self.GAMES.get(header.game)
            if game is None:
                return self.unplayed_rest() or not_played(self.hand)
            numbers, lines = self.numbers, self.lines
            for at in range(self.at + 1, len(lines)):
                self.at, self.number, self.text = at, numbers[at], lines[at]
                try:
                    self.reading(self.text)
                except UnreadLine as unread:
                    self.skip(unread)
            self.finish()
        except HiloError as e:
            return failed(self.source, self.number, e.message, self.id)
        try:
            return record(self.hand, game, self.LIMITS)
        except DealError as e:
            return failed(self.source, self.numbers[0], e.message, self.id)

    def skip(self, unread: UnreadLine) -> None:
        """The line being read, which the reader does not know (``unread``), skipped and counted in the
        hand where it carries no amount and no card (``CARRIES``); else ``unread`` is the hand's error."""
        text = self.text
        if self.CARRIES.search(text) is not None:
            raise InputError(unread.message) from None
        hand = self.hand
        if hand.first_skipped is None:
            hand.first_skipped = (self.number, short(text, 80))
        hand.skipped += 1

    def unread(self, what: str = "line") -> UnreadLine:
        """The error of the line being read, which the reader does not know ("cannot read the ``what``
        ..."): skipped where it carries no amount and no card (``skip``)."""
        return UnreadLine(f"cannot read the {what} {quote(self.text)}")

    def unplayed_rest(self) -> HandRecord | None:
        """The lines after the header of a hand hilo does not check are not read, but they are its own
        only while no line reads as a hand's first line (of any site hilo reads: files glued together,
        or a header cut short) and, at a site whose hands hold no blank line, up to its first blank
        line. ``None``: every line is the hand's; else the error at the first that is not, as the same
        line after a checked hand is an error."""
        numbers, lines = self.numbers, self.lines
        for at in range(self.at + 1, len(lines)):
            site = header_of(lines[at])
            if site is not None:
                why = f"it reads as a {site} hand's first line"
            elif self.ENDS_AT_BLANK and self.blank_ends(at):
                why = "the hand ends at the blank line before it"
            else:
                continue
            return failed(
                self.source,
                numbers[at],
                f"cannot read the line {quote(lines[at])} after hand #{self.hand.header.id}, which "
                f"hilo does not check: {why}",
                self.id,
            )
        return None

    def blank_ends(self, at: int) -> bool:
        """Whether the blank lines before line ``at`` (of a site whose hands hold none, ``ENDS_AT_BLANK``)
        end the hand: any one does, unless the site says otherwise."""
        return self.numbers[at] > self.numbers[at - 1] + 1

    def header(self) -> Header:
        """The hand's header (``lines[0]``, and more lines for a site whose header takes several:
        ``goto`` the last of them)."""
        raise NotImplementedError

    def begin(self, header: Header) -> SiteHand:
        """The hand ``header`` begins, with the fields of ``SiteHand`` the site sets (what it prints,
        its currency): here none (``new_hand``)."""
        return self.new_hand(header)

    def line(self, text: str) -> None:
        """One line after the header (``number`` its file line). A site whose hand comes in parts
        (the seats, the play, the summary) may read the lines after this one by another method: it sets
        ``reading`` to it (``self.reading = self.summary_line``)."""
        raise NotImplementedError

    def finish(self) -> None:
        """What is left once every line is read: a hand no line of which says who won is cut short."""
        if not self.hand.collects:
            raise InputError(
                f"hand #{self.hand.header.id} is cut short: no line says who won the pot"
            )

    def goto(self, at: int) -> str:
        """Line ``at`` of the hand, now the line being read (``number``, ``text``)."""
        self.at = at
        self.number, self.text = self.numbers[at], self.lines[at]
        return self.text

    def new_hand(self, header: Header, **fields: Any) -> SiteHand:
        """The hand ``header`` starts, from the first line to the last; ``fields`` of ``SiteHand`` as
        the site sets them."""
        hand = SiteHand(self.source, self.numbers[0], header, **fields)
        hand.end = self.numbers[-1]
        return hand

    def without_summary(self, header: Header, rake_printed: bool) -> SiteHand:
        """The hand ``header`` starts, of a site that prints no summary: no pots and nothing to hold
        the award lines against (``won_printed``), the rake printed where ``rake_printed`` says so; in
        the currency of the header's sign, if any."""
        hand = self.new_hand(
            header, rake_printed=rake_printed, pots_printed=False, won_printed=False
        )
        if header.currency:
            hand.currency = sign_currency(header.currency)
        return hand

    def amount(self, text: str) -> int:
        """``text`` in the hand's unit (``amounts.money``, ``scale``)."""
        return money(text, self.scale)

    # --- seats and players -------------------------------------------------------------------------

    def seat(self, seat: Seat) -> None:
        """``seat`` taken, once ``site.check_seat`` allows it; ``names`` kept longest first."""
        self.hand.add_seat(seat)
        # ``names`` kept longest first, as ``longest_first`` sorts them: the new name after those as long.
        names, length = self.names, len(seat.name)
        at = 0
        while at < len(names) and len(names[at]) >= length:
            at += 1
        names.insert(at, seat.name)

    def seat_line(
        self, pattern: re.Pattern[str], text: str, amount: Callable[[str, int], int] = money
    ) -> None:
        """A seat line by the site's ``pattern`` (groups ``seat``, ``name``, ``stack`` read by
        ``amount`` in the hand's unit): "cannot read the seat line" where it does not match."""
        found = pattern.match(text)
        if found is None:
            raise InputError(f"cannot read the seat line {quote(text)}")
        self.take_seat(found.group("seat"), found.group("name"), found.group("stack"), amount)

    def take_seat(
        self, seat: str, name: str, stack: str, amount: Callable[[str, int], int] = money
    ) -> None:
        """Seat number ``seat`` taken by ``name`` with ``stack``: the number bounded, the stack read,
        then the seat checked (``seat``)."""
        number = digits(seat, "a seat", MAX_SEAT)
        self.seat(Seat(number, name, amount(stack, self.scale)))

    def player_line(self, text: str) -> tuple[str, str]:
        """``text`` as a seated player's (``speaker``): the player and what follows the name; a line
        that is no seated player's is bad input."""
        found = speaker(text, self.names)
        if found is None:
            raise UnreadLine(f"cannot read the line {quote(text)}")
        return found

    def player_action(self, text: str, read: Callable[[str, str], None]) -> None:
        """A seated player's line (``player_line``): a fold or a check kept, anything else read by the
        site's ``read(name, rest)``."""
        name, rest = self.player_line(text)
        if not self.fold_or_check(name, rest):
            read(name, rest)

    # --- what moves chips --------------------------------------------------------------------------

    def act(
        self,
        name: str,
        verb: str,
        amount: int,
        to: int | None = None,
        all_in: bool = False,
        text: str | None = None,
    ) -> None:
        """``name``'s ``verb`` of ``amount`` (a raise or completion ``to`` its street total), on the
        line being read (or as ``text`` says it). The street's bets follow it (an ante is none)."""
        line = self.text if text is None else text
        self.hand.actions.append(
            Line(self.number, self.street, name, verb, amount, to, all_in, line)
        )
        if verb != "ante":
            mine = to if to is not None else self.bets.get(name, 0) + amount
            self.bets[name] = mine
            self.street_bet = max(self.street_bet, mine)

    def all_in_adding(self, name: str, added: int) -> None:
        """An all-in that names only the chips the player adds (``All-In (x)``, ``is all in x``): a bet, a
        call or a raise by the street's bets so far."""
        mine = self.bets.get(name, 0) + added
        if self.street_bet == 0:
            self.act(name, "bet", added, None, True)
        elif mine <= self.street_bet:
            self.act(name, "call", added, None, True)
        else:
            self.act(name, "raise", added, mine, True)

    def fold_or_check(self, name: str, rest: str) -> bool:
        """Whether ``rest`` (what follows the player's name) is ``folds`` or ``checks``; if so, it is kept
        as the hand's ``fold`` or ``check`` line."""
        if rest in ("folds", "checks"):  # the most frequent lines: no bet to follow
            line = Line(self.number, self.street, name, rest[:-1], 0, None, False, self.text)
            self.hand.actions.append(line)
            return True
        return False

    def added_to(self, name: str, verb: str, amount: int) -> int | None:
        """For a site that writes the chips each action adds: the street total a raise of ``amount``
        comes to, as the replay takes it (``None`` for any other verb)."""
        return self.bets.get(name, 0) + amount if verb == "raise" else None

    def return_uncalled(self, name: str, amount: int) -> None:
        """Uncalled chips returned to ``name`` (RULES §5.3), added to any returned before."""
        self.hand.add_uncalled(name, amount)

    def award(
        self, name: str, amount: int, pot: int, label: str, half: str | None = None, run: int = 0
    ) -> None:
        """``name`` collects ``amount`` from pot ``pot`` (as printed: ``label``) of board ``run``, from
        its ``half`` where the site tags one (``site.Collect``)."""
        self.hand.add_award(self.number, name, amount, pot, label, half, run)

    # --- streets and cards -------------------------------------------------------------------------

    def new_street(self, street: int, text: str | None = None, run: int = 0) -> None:
        """Street ``street`` begins on the line being read (as ``text`` says it), on board ``run``;
        after the first, nobody has bet on it."""
        self.street = street
        if street > 0:
            self.bets, self.street_bet = {}, 0
        self.hand.add_street(self.number, street, self.text if text is None else text, run)

    def deal_board(self, new: tuple[Card, ...], text: str | None = None, run: int = 0) -> None:
        """The ``new`` cards the line deals to the board of ``run`` (0: the only board): added to the
        board so far and kept as the hand's ``board`` line."""
        line = self.text if text is None else text
        self.hand.add_board(self.number, self.street, line, new, run)

    def board_street(self, street: int, new: tuple[Card, ...]) -> None:
        """A line that begins street ``street`` and deals its ``new`` board cards."""
        self.new_street(street)
        self.deal_board(new)

    def deal_cards(self, name: str, new: tuple[Card, ...], text: str | None = None) -> None:
        """The ``new`` cards the line deals to ``name``: added to those dealt before (stud deals a street
        at a time) and kept as the hand's ``dealt`` line."""
        line = self.text if text is None else text
        self.hand.add_dealt(self.number, self.street, name, new, line, self.run)

    def deal_hand(self, name: str, cards: tuple[Card, ...]) -> None:
        """The ``cards`` the line deals to ``name``: the whole hand, at once; kept as its ``dealt``
        line."""
        self.hand.dealt[name] = cards
        self.hand.actions.append(
            Line(self.number, self.street, name, "dealt", 0, None, False, self.text, cards)
        )

    def dealt_to(self, text: str) -> None:
        """A ``Dealt to NAME [cards]`` line (the name seated): the player's whole hand, listed with
        commas or without (``deal_hand``)."""
        found = speaker(text[len("Dealt to ") :], self.names)
        bracket = BRACKETS.search(text)
        if found is None or bracket is None:
            raise InputError(f"cannot read the cards dealt in {quote(text)}")
        self.deal_hand(found[0], comma_cards(bracket.group(1), f"{found[0]}'s cards"))

    def show(self, name: str, cards: tuple[Card, ...], text: str | None = None) -> None:
        """``name`` shows ``cards`` (at a showdown, or a winner showing)."""
        line = self.text if text is None else text
        self.hand.add_show(self.number, self.street, name, cards, line)

    def muck(self, name: str) -> None:
        """``name`` mucks: the hand is dead (RULES §7.3)."""
        self.hand.add_muck(self.number, self.street, name, self.text)

    def muck_at_showdown(self, name: str) -> None:
        """A "mucks" or "does not show": at a showdown, a dead hand (RULES §7.3); a lone winner not
        showing keeps the pot (``SiteHand.live``), so it is no muck."""
        if self.hand.live() > 1:
            self.muck(name)

    def show_or_muck(self, name: str, rest: str, muck: str) -> bool:
        """Whether ``rest`` (what follows the player's name) shows cards (``shows [...]``, read by
        ``shown_cards``) or is the site's ``muck`` words (``muck_at_showdown``); if so, it is kept."""
        if rest.startswith("shows ["):
            self.show(name, shown_cards(rest, name))
            return True
        if rest == muck:
            self.muck_at_showdown(name)
            return True
        return False

    def summary_seat_line(self, text: str, won: re.Pattern[str]) -> None:
        """A summary's ``Seat N: NAME ...`` line, where every amount the seat won is ``won``'s first
        group (``site.summary_seat`` reads the rest)."""
        number, _, rest = text[len("Seat ") :].partition(": ")
        seat = digits(number, "a seat", MAX_SEAT)
        summary_seat(
            self.hand, seat, rest, lambda tail: [self.amount(a) for a in won.findall(tail)]
        )


# --- what every text site reads the same way -------------------------------------------------------


def speaker(line: str, names: list[str]) -> tuple[str, str] | None:
    """``(name, rest)`` of a line that starts with a seated player's name, with or without a colon after
    it ("Villain: bets ...", "Villain calls ..."); ``names`` longest first, so that "Bob Smith" is not
    read as "Bob". ``None``: the line starts with no seated name."""
    for name in names:
        if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", ":"):
            rest = line[len(name) :]
            return name, rest[1:].strip() if rest.startswith(":") else rest.strip()
    return None


def longest_first(names: Iterable[str]) -> list[str]:
    """``names`` longest first (in their order where as long), so that the first name a line starts
    with is the player's whole name: "Bob Smith" is not read as "Bob"."""
    return sorted(names, key=len, reverse=True)


def name_ends(line: str) -> Iterator[int]:
    """Where a player's name may end in ``line``, which begins with one (a name may hold spaces): at
    each space after the line's first character, in order."""
    at = line.find(" ")
    while at > 0:
        yield at
        at = line.find(" ", at + 1)


def only_a_note(notes: re.Pattern[str], rest: str, line: str) -> None:
    """The last of a player's lines a site reads: ``rest`` (what follows the name) is a note, by the
    site's ``notes``, which moves no chips; anything else is a line hilo cannot read."""
    if not notes.match(rest):
        raise UnreadLine(f"cannot read the action {quote(line)}")


def street_match(pattern: re.Pattern[str], line: str) -> re.Match[str]:
    """``line``, a street's line (``*** FLOP *** [...]``), read by the site's ``pattern``; one that it
    does not read is bad input."""
    found = pattern.match(line)
    if found is None:
        raise InputError(f"cannot read the street line {quote(line)}")
    return found


def street_number(streets: Mapping[str, int], name: str) -> int:
    """The number of the street the site calls ``name`` (0 the first); a name it has not is bad input."""
    number = streets.get(name)
    if number is None:
        raise InputError(f"unknown street {quote(name)}")
    return number


def street_numbers(*streets: str | tuple[str, ...]) -> dict[str, int]:
    """A site's street names to the streets' numbers: ``streets`` in order, the first numbered 0 (the
    first betting round: pre-flop, or stud's third street); a tuple is the names one street goes by
    (``("RIVER", "7TH STREET")``)."""
    return {
        name: number
        for number, names in enumerate(streets)
        for name in ((names,) if isinstance(names, str) else names)
    }


def comma_cards(text: str, what: str) -> tuple[Card, ...]:
    """The cards ``text`` lists, with commas or without (``Ah, 5d`` or ``Ah 5d``); ``what`` they are
    names them in an error."""
    return cards_of(text.replace(",", " "), what)


def shown_cards(rest: str, name: str) -> tuple[Card, ...]:
    """The cards of a ``shows [cards] ...`` line (``rest`` what follows ``name``), listed with commas
    or without; "cannot read the cards shown" where no bracket holds them."""
    found = BRACKETS.findall(rest)
    if not found:
        raise InputError(f"cannot read the cards shown in {quote(rest)}")
    return comma_cards(found[0], f"{name}'s cards")


def board_so_far(board: Sequence[Card]) -> str:
    """The board dealt so far as an error names it: its cards, or ``empty``."""
    return " ".join(map(str, board)) or "empty"


def repeats_board(what: str, written: str, board: Sequence[Card]) -> InputError:
    """The error of a street line (``what``: "the turn") that repeats the board as ``written``, not as
    the board dealt so far."""
    return InputError(
        f"{what} line repeats the board as {written}, but the board so far is {board_so_far(board)}"
    )


def unseated(name: str, text: str) -> InputError:
    """The error of a line ``text`` that deals cards to ``name``, who has no seat."""
    return InputError(f"cards dealt to {quote(name, 40)}, who is not seated, in {quote(text)}")


def pot_number(n: str | None, otherwise: int) -> int:
    """The index of the pot a line names by its number ``n`` (side pot ``n``); ``otherwise`` where it
    names no number (0: the main pot)."""
    return digits(n, "a side pot's number", MAX_SEAT) if n else otherwise


def button_seat(found: re.Match[str], group: str = "seat") -> int:
    """The button's seat, as ``found``'s ``group`` writes it."""
    return digits(found.group(group), "the button seat", MAX_SEAT)


def table_button(pattern: re.Pattern[str], line: str) -> int | None:
    """The button's seat on a table line by ``pattern``'s group ``button`` (``None``: the line names
    none); "cannot read the table line" where the pattern does not match."""
    t = pattern.match(line)
    if t is None:
        raise InputError(f"cannot read the table line {quote(line)}")
    return button_seat(t, "button") if t.group("button") else None


def chips_header(id: str, game: str, limit: str, small: str, big: str) -> Header:
    """The ``Header`` of tournament hand ``id``: played in chips, its stakes ``small`` and ``big`` read as
    chips."""
    return Header(id, game, limit, None, True, "", money(small, 1), money(big, 1))


def first_posts(hand: SiteHand) -> dict[str, int]:
    """The amount of the first small blind and the first big blind posted in ``hand`` (by verb)."""
    return {
        a.verb: a.amount for a in reversed(hand.actions) if a.verb in ("small blind", "big blind")
    }


def posted_stakes(header: Header, posts: dict[str, int]) -> Header:
    """``header`` with the blinds ``posts`` (``first_posts``) as its stakes (0 where none was posted)."""
    return header._replace(small=posts.get("small blind", 0), big=posts.get("big blind", 0))
