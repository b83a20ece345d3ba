"""What the XML site readers (iPoker, Merge, Boss Media, Microgaming) share, written once.

* the site's plug-in (``reader``) and how its file holds its hands (``Hands``): each an element
  (``<game>``) opened on a line of its own (``opening``); one hand's record from its lines, its element
  parsed by ``safexml.parse`` and every error the hand's error record (``read_hand``);
* a hand being read (``XmlHand``, each site's ``_Hand``): the table's money (``table``, then ``money`` for
  every amount), the stakes where the site writes the blinds (``blinds_header``), the street's bets so
  far and the chips each action puts in (``raised``, ``chips``).

What the sites write differently (their tags and attributes, their action codes, what they print of pots
and rake) stays in each site's module; the words an error says the site's hands with are arguments.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import ClassVar

from hilo_cli.betting import Structure
from hilo_cli.bounds import quote
from hilo_cli.errors import HiloError, InputError
from hilo_cli.histories.amounts import money, table_currency
from hilo_cli.histories.base import Currency, HandRecord, Reader, failed
from hilo_cli.histories.records import STRUCTURES, not_played, record
from hilo_cli.histories.safexml import DECLARATION, Element, element_text, parse
from hilo_cli.histories.site import Header, SiteHand
from hilo_cli.histories.site import Line as Action


def opening(tag: str, pattern: re.Pattern[str]) -> Callable[[str], bool]:
    """The test of whether a line opens an element: ``tag`` (``"<game"``) in it, and ``pattern``
    (``<game[\\s>]``) that tells ``<game>`` from ``<gametype>``. The base asks it of every line: the plain
    text is looked for first."""

    def opens(line: str) -> bool:
        return tag in line and pattern.search(line) is not None

    return opens


class Hands:
    """How an XML site's file holds its hands, and the words its errors say them with.

    * each hand is an element ``tag``: from ``<tag`` on a line ``opening_tag`` matches (``starts_hand``)
      to ``</tag>``; its attribute ``number`` is its hand number (an error record names it);
    * ``own_line``: a line of the file's own, outside any hand (the XML declaration, closing tags): a
      piece of such lines is no hand (``blank``);
    * ``what``: the file's hands, as a line where no hand starts is "not part of ``what``" (``a Merge
      hand``); ``declarer``: who declares a document type found there (``the file``);
    * ``header_declares``: a document type or entity declaration in the lines the base keeps before a
      hand (a session's header) is that hand's error (``declarer`` declares it);
    * ``unplayed``: the header of a hand of a game hilo does not play, read from the line that opens its
      element (``None``: a game hilo plays, or none named there): where the element cannot be parsed (a
      file cut inside the hand), the hand is still not checkable, naming its game, as it would be whole.
    """

    __slots__ = (
        "declarer",
        "header_declares",
        "number",
        "opening",
        "own_line",
        "starts_hand",
        "tag",
        "unplayed",
        "what",
    )

    def __init__(
        self,
        tag: str,
        opening_tag: re.Pattern[str],
        own_line: re.Pattern[str],
        number: str,
        what: str,
        declarer: str = "the file",
        header_declares: bool = False,
        unplayed: Callable[[str], Header | None] | None = None,
    ) -> None:
        self.tag, self.opening, self.own_line, self.number = tag, opening_tag, own_line, number
        self.what, self.declarer, self.header_declares = what, declarer, header_declares
        self.unplayed = unplayed
        self.starts_hand = opening(f"<{tag}", opening_tag)

    def blank(self, line: str) -> bool:
        """Whether ``line`` is one of the file's own (``own_line``), nothing of a hand."""
        return self.own_line.match(line) is not None


def reader(
    name: str,
    title: str,
    hands: Hands,
    read: Callable[[str, Element, list[str]], HandRecord],
    *,
    encodings: tuple[str, ...] = (),
    session: Callable[[str], bool] | None = None,
) -> Reader:
    """An XML site's plug-in (``base.Reader``): its files ``.xml`` or ``.txt``, its hands where
    ``hands`` finds them, each one's record ``read`` from its element (``read_hand``)."""

    def read_record(source: str, line: int, lines: list[str]) -> HandRecord:
        return read_hand(source, line, lines, hands, read)

    return Reader(
        name,
        title,
        (".xml", ".txt"),
        hands.starts_hand,
        read_record,
        encodings,
        hands.blank,
        session,
    )


def read_hand(
    source: str,
    line: int,
    lines: list[str],
    hands: Hands,
    read: Callable[[str, Element, list[str]], HandRecord],
) -> HandRecord:
    """One hand's record from its lines (``line`` the file line of ``lines[0]``): ``read(source,
    element, header)`` of its element, parsed on its own (``safexml``), and the lines the base kept
    before it (``header``: a session's); or the hand's error record, at the line that opens its element,
    with its number where the element was parsed. Lines where no hand starts: ``no_hand_start``."""
    at = next((i for i, text in enumerate(lines) if hands.starts_hand(text)), None)
    if at is None:
        return no_hand_start(source, line, lines, hands.blank, hands.what, hands.declarer)
    start = line + at
    element: Element | None = None
    try:
        if hands.header_declares and any(DECLARATION.search(t) for t in lines[:at]):
            raise InputError(
                f"{hands.declarer} declares a document type or entities: "
                "hilo does not read XML declarations"
            )
        text = element_text(lines[at:], hands.opening, f"</{hands.tag}>", f"<{hands.tag}>")
        element = parse(text, start, "the hand")
        found = read(source, element, lines[:at])
        after = None if found.error is not None else _after_hand(lines, at, hands)
        if after is None:
            return found
        i, stray = after
        return failed(
            source,
            line + i,
            f"cannot read {quote(stray.strip())}: not part of {hands.what}",
            element.attrs.get(hands.number),
        )
    except HiloError as e:  # a DealError too: a hand that breaks a rule is its own error record
        header = hands.unplayed(lines[at]) if hands.unplayed and element is None else None
        if header is not None:  # its element unread, of a game hilo does not play
            return not_played(SiteHand(source, start, header))
        return failed(
            source, start, e.message, element.attrs.get(hands.number) if element else None
        )


def _after_hand(lines: list[str], at: int, hands: Hands) -> tuple[int, str] | None:
    """The first text after the hand's closing tag (on its line, or a line after it) that is not the
    file's own (``Hands.blank``: its closing tags, a session's header for the hands after it), and the
    index of its line; ``None``: there is none, or the hand's element is not closed (the file stops)."""
    closing = f"</{hands.tag}>"
    opened = hands.opening.search(lines[at])
    for i in range(at, len(lines)):
        # the line that opens the hand may start with the previous hand's closing tag
        found = lines[i].find(closing, opened.end() if opened is not None and i == at else 0)
        if found < 0:
            continue
        rest = lines[i][found + len(closing) :]
        if rest.strip() and not hands.blank(rest):
            return i, rest
        return next(
            (
                (j, t)
                for j, t in enumerate(lines[i + 1 :], i + 1)
                if t.strip() and not hands.blank(t)
            ),
            None,
        )
    return None


def no_hand_start(
    source: str,
    line: int,
    lines: list[str],
    blank: Callable[[str], bool],
    what: str,
    declarer: str = "the file",
) -> HandRecord:
    """The error record of an XML site's lines (the first is line ``line``) in which no line starts a
    hand, at the first that is not the file's own (``blank``): a document type or entity declaration
    refused (``declarer`` made it), or else that line quoted as "not part of ``what``"."""
    bad = next(
        ((i, t) for i, t in enumerate(lines) if not blank(t)), (0, lines[0] if lines else "")
    )
    if DECLARATION.search(bad[1]):
        return failed(
            source,
            line + bad[0],
            f"{declarer} declares a document type or entities: hilo does not read XML declarations",
        )
    return failed(source, line + bad[0], f"cannot read {quote(bad[1].strip())}: not part of {what}")


def stud_small_bet(hand: SiteHand) -> int:
    """The small bet of a fixed-limit stud hand whose stakes are written nowhere (a tournament's; stud
    posts no blinds to read them from): the least of a third street completion or bet, a fourth street
    bet and half a bet of a later street, each then checked against it by the replay (0: none)."""
    bets = [
        (a.to or 0) if a.verb == "complete" else a.amount if a.street < 2 else a.amount // 2
        for a in hand.actions
        if a.verb in ("complete", "bet")
    ]
    return min(bets, default=0)


class XmlHand:
    """One hand's element being read into a ``SiteHand``: what every XML site keeps while it reads.

    A site declares ``GAMES`` (its game names as hilo's, RULES §6) and ``LIMITS`` (its limits as
    betting structures). ``scale``: the table's unit (100, cents, until ``table`` says a tournament's
    chips); ``played``: hilo's name of the hand's game, looked up once when the hand begins (``None``:
    a game hilo does not play, whose element need not be read further); ``bets``: each player's chips
    in the street's betting so far (a site empties it where a street begins); ``put``: each player's
    chips in the whole hand."""

    GAMES: ClassVar[Mapping[str, str]] = {}
    LIMITS: ClassVar[Mapping[str, Structure]] = STRUCTURES

    def __init__(self, source: str, id: str) -> None:
        self.source, self.id = source, id
        self.scale = 100
        self.played: str | None = None
        self.bets: dict[str, int] = {}
        self.put: dict[str, int] = {}

    def record(self, hand: SiteHand) -> HandRecord:
        """The record of the ``hand`` read: not checkable for a game hilo does not play
        (``records.not_played``), else ``records.record``."""
        if self.played is None:
            return not_played(hand)
        return record(hand, self.played, self.LIMITS)

    def money(self, text: str | None, what: str) -> int:
        """``text`` in the table's unit (``amounts.money``); ``what`` names it where it is missing."""
        if text is None:
            raise InputError(f"{what} is missing")
        return money(text, self.scale)

    def table(self, tournament: bool, sign: str) -> Currency:
        """The table's money, and the unit every later amount is read in: a tournament's chips, else
        cents with ``sign``'s currency (``""``: play money, bare cents; ``amounts.table_currency``)."""
        self.scale = 1 if tournament else 100
        return table_currency(tournament, sign)

    def begin(
        self, line: int, header: Header, currency: Currency, *, rake: bool, pots: bool
    ) -> SiteHand:
        """The hand its ``header`` begins at file line ``line``: whether the site prints its ``rake``
        and its ``pots`` (``SiteHand.rake_printed``, ``pots_printed``). No XML site prints what each
        player won beside the awards (``won_printed``). The hand's game is looked up (``played``)."""
        self.played = self.GAMES.get(header.game)
        return SiteHand(
            self.source,
            line,
            header,
            currency=currency,
            rake_printed=rake,
            pots_printed=pots,
            won_printed=False,
        )

    def blinds_header(
        self, game: str, limit: str, tournament: bool, sign: str, stakes: str, between: str
    ) -> tuple[Header, Currency]:
        """The header and money of a site that writes its stakes as the blinds (Boss Media
        ``STAKES="0.05/0.10"``, Microgaming ``stakes="1|2"``): ``stakes`` as written, ``between`` what
        stands between the blinds. At a fixed-limit table the bets are the big blind and twice
        it; else the blinds are the header's stakes."""
        currency = self.table(tournament, sign)
        blinds = stakes.split(between)
        if len(blinds) != 2:
            raise InputError(f"cannot read the stakes {quote(stakes, 40)}")
        small, big = (self.money(s, "the stakes") for s in blinds)
        if limit == "Limit":
            small, big = big, 2 * big
        return Header(self.id, game, limit, None, tournament, sign, small, big), currency

    def raised(self, to: int, first: str = "bet") -> str:
        """What an action that takes its player's bet on the street to ``to`` is: a call where that is no
        more than the street's top bet, the street's ``first`` bet where nobody has bet (``complete``: a
        stud completion), else a raise."""
        top = max(self.bets.values(), default=0)
        return "call" if to <= top else first if top == 0 else "raise"

    def chips(
        self,
        hand: SiteHand,
        line: int,
        street: int,
        who: str,
        verb: str,
        added: int,
        to: int | None,
        all_in: bool,
        text: str,
    ) -> None:
        """``who``'s line of ``verb`` (a post, call, bet, raise or completion) that adds ``added`` chips,
        ``to`` the street total it raises or completes to: a raise's amount is what it raises by. The
        street's bets grow by it (an ante is no bet of the street), and what ``who`` put in the hand."""
        if added < 0:
            raise InputError(f"{text}: raises to less than {who} has in")
        before = self.bets.get(who, 0)
        amount = (to or 0) - max(self.bets.values(), default=0) if verb == "raise" else added
        kept = to if verb in ("raise", "complete") else None
        hand.actions.append(Action(line, street, who, verb, amount, kept, all_in, text))
        if verb != "ante":
            self.bets[who] = before + added
        self.put[who] = self.put.get(who, 0) + added
