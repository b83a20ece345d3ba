"""The play of a hand and its end, as every site's reader writes it into a ``SiteHand``, written once.

A site reads its own lines with its own patterns and rules (how a raise is written, what a stack means,
whether a board line repeats the board so far); what it then records is the same for every site:

* the words most sites post, call and bet in (``POSTS_BETS_CALLS``);
* a street's line read (``street_match``), its number by the site's name for it (``street_number``,
  in a table of the names in order, ``street_numbers``);
* a new street (``new_street``) and the cards it deals to a board (``deal_board``; both at once,
  ``board_street``), and how an error names the board so far (``board_so_far``, ``repeats_board``);
* a line that moves chips (``add_bet``; at a site that writes what each adds, the street's bets
  followed by ``added_to``); the cards of a ``shows [...]`` line (``shown_cards``);
* cards dealt to a player (``deal_cards``; a whole hand at once, ``deal_hand``; by a ``Dealt to`` line
  that lists them with commas or without, ``dealt_to``, ``comma_cards``; to a player not seated,
  ``unseated``), a fold or a check (``fold_or_check``), cards shown
  (``show_cards``), a hand mucked (``muck_hand``), or a "mucks" that is a muck only at a showdown
  (``muck_at_showdown``: a lone winner keeps the pot), either of them at a showdown (``show_or_muck``);
* a player's line that is only a note (``only_a_note``); where a player's name may end in a line
  that begins with one (``name_ends``);
* uncalled chips returned (``return_uncalled``), a player's award from a pot (``add_award``, the pot's
  index by ``pot_number``);
* the stakes of a header that names none, from the blinds posted (``first_posts``, ``posted_stakes``);
* a summary's ``Seat N: NAME ...`` line (``summary_seat_line``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.cards import Card
from hilo_cli.errors import InputError
from hilo_cli.histories.amounts import money
from hilo_cli.histories.archive import live, speaker
from hilo_cli.histories.site import (
    BRACKETS,
    Collect,
    Header,
    Line,
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


def new_street(hand: SiteHand, number: int, street: int, text: str, run: int = 0) -> None:
    """Street ``street`` begins at line ``number`` (``text`` as the site wrote it), on board ``run``."""
    hand.actions.append(Line(number, street, "", "street", 0, None, False, text, (), run))


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


def only_a_note(notes: re.Pattern[str], rest: str, line: str) -> None:
    """The last of a player's lines a site reads: ``rest`` (what follows the name) is a note, by the
    site's ``notes``, which moves no chips; anything else is a line hilo cannot read."""
    if not notes.match(rest):
        raise InputError(f"cannot read the action {quote(line)}")


def name_ends(line: str) -> Iterator[int]:
    """Where a player's name may end in ``line``, which begins with one (a name may hold spaces): at
    each space after the line's first character, in order."""
    at = line.find(" ")
    while at > 0:
        yield at
        at = line.find(" ", at + 1)


def deal_board(
    hand: SiteHand, number: int, street: int, text: str, new: tuple[Card, ...], run: int = 0
) -> None:
    """The ``new`` cards a line deals to the board of ``run`` (0: the only board): added to the board so
    far and kept as the hand's ``board`` line."""
    hand.boards.setdefault(run, []).extend(new)
    hand.actions.append(Line(number, street, "", "board", 0, None, False, text, new, run))


def board_street(
    hand: SiteHand, number: int, street: int, text: str, new: tuple[Card, ...]
) -> None:
    """A line that begins street ``street`` and deals its ``new`` board cards (``new_street``,
    ``deal_board``)."""
    new_street(hand, number, street, text)
    deal_board(hand, number, street, text, new)


def board_so_far(board: Sequence[Card]) -> str:
    """The board dealt so far as an error names it: its cards, or ``empty``."""
    return " ".join(map(str, board)) or "empty"


def repeats_board(what: str, written: str, board: Sequence[Card]) -> InputError:
    """The error of a street line (``what``: "the turn") that repeats the board as ``written``, not as
    the board dealt so far."""
    return InputError(
        f"{what} line repeats the board as {written}, but the board so far is {board_so_far(board)}"
    )


def deal_cards(
    hand: SiteHand, number: int, street: int, name: str, new: tuple[Card, ...], text: str
) -> None:
    """The ``new`` cards a line deals to ``name``: added to those dealt before (stud deals a street at a
    time) and kept as the hand's ``dealt`` line."""
    hand.dealt[name] = hand.dealt.get(name, ()) + new
    hand.actions.append(Line(number, street, name, "dealt", 0, None, False, text, new))


def unseated(name: str, text: str) -> InputError:
    """The error of a line ``text`` that deals cards to ``name``, who has no seat."""
    return InputError(f"cards dealt to {quote(name, 40)}, who is not seated, in {quote(text)}")


def deal_hand(
    hand: SiteHand, number: int, street: int, name: str, cards: tuple[Card, ...], text: str
) -> None:
    """The ``cards`` a line deals to ``name``: the whole hand, at once; kept as its ``dealt`` line."""
    hand.dealt[name] = cards
    hand.actions.append(Line(number, street, name, "dealt", 0, None, False, text, cards))


def comma_cards(text: str, what: str) -> tuple[Card, ...]:
    """The cards ``text`` lists, with commas or without (``Ah, 5d`` or ``Ah 5d``); ``what`` they are
    names them in an error."""
    return cards_of(text.replace(",", " "), what)


def dealt_to(hand: SiteHand, number: int, street: int, text: str, names: list[str]) -> None:
    """A ``Dealt to NAME [cards]`` line ``text`` (the name one of ``names``, seated, longest first):
    the player's whole hand, listed with commas or without (``deal_hand``)."""
    found = speaker(text[len("Dealt to ") :], names)
    bracket = BRACKETS.search(text)
    if found is None or bracket is None:
        raise InputError(f"cannot read the cards dealt in {quote(text)}")
    cards = comma_cards(bracket.group(1), f"{found[0]}'s cards")
    deal_hand(hand, number, street, found[0], cards, text)


def fold_or_check(
    hand: SiteHand, number: int, street: int, name: str, rest: str, text: str
) -> bool:
    """Whether ``rest`` (what follows the player's name) is ``folds`` or ``checks``; if so, it is kept as
    the hand's ``fold`` or ``check`` line."""
    if rest in ("folds", "checks"):
        hand.actions.append(Line(number, street, name, rest[:-1], 0, None, False, text))
        return True
    return False


def add_bet(
    hand: SiteHand,
    number: int,
    street: int,
    name: str,
    verb: str,
    amount: int,
    to: int | None,
    found: re.Match[str],
    text: str,
) -> None:
    """A line that moves chips, ``found`` by the site's pattern (all in where its group ``all_in``
    matched): ``name``'s ``verb`` of ``amount`` (a raise ``to`` its street total)."""
    all_in = found.group("all_in") is not None
    hand.actions.append(Line(number, street, name, verb, amount, to, all_in, text))


def added_to(bets: dict[str, int], name: str, verb: str, amount: int) -> int | None:
    """For a site that writes the chips each action adds: ``name``'s bet of the street followed in
    ``bets`` (an ante is none), and the total a raise comes to, as the replay takes it (``None`` for
    any other verb)."""
    if verb == "ante":
        return None
    bets[name] = bets.get(name, 0) + amount
    return bets[name] if verb == "raise" else None


def shown_cards(rest: str, name: str) -> tuple[Card, ...]:
    """The cards of a ``shows [cards] ...`` line (``rest`` what follows ``name``), listed with commas
    or without; "cannot read the cards shown" where no bracket holds them."""
    found = BRACKETS.findall(rest)
    if not found:
        raise InputError(f"cannot read the cards shown in {quote(rest)}")
    return comma_cards(found[0], f"{name}'s cards")


def show_cards(
    hand: SiteHand, number: int, street: int, name: str, cards: tuple[Card, ...], text: str
) -> None:
    """``name`` shows ``cards`` (at a showdown, or a winner showing)."""
    hand.shows[name] = cards
    hand.actions.append(Line(number, street, name, "show", 0, None, False, text, cards))


def muck_hand(hand: SiteHand, number: int, street: int, name: str, text: str) -> None:
    """``name`` mucks: the hand is dead (RULES §7.3)."""
    hand.mucks.add(name)
    hand.actions.append(Line(number, street, name, "muck", 0, None, False, text))


def muck_at_showdown(hand: SiteHand, number: int, street: int, name: str, text: str) -> None:
    """A "mucks" or "does not show": at a showdown, a dead hand (RULES §7.3); a lone winner not showing
    keeps the pot (``archive.live``), so it is no muck."""
    if live(hand) > 1:
        muck_hand(hand, number, street, name, text)


def show_or_muck(
    hand: SiteHand, number: int, street: int, name: str, rest: str, text: str, muck: str
) -> bool:
    """Whether ``rest`` (what follows the player's name) shows cards (``shows [...]``, read by
    ``shown_cards``) or is the site's ``muck`` words (``muck_at_showdown``); if so, it is kept."""
    if rest.startswith("shows ["):
        show_cards(hand, number, street, name, shown_cards(rest, name), text)
        return True
    if rest == muck:
        muck_at_showdown(hand, number, street, name, text)
        return True
    return False


def return_uncalled(hand: SiteHand, name: str, amount: int) -> None:
    """Uncalled chips returned to ``name`` (RULES §5.3), added to any returned before."""
    hand.uncalled[name] = hand.uncalled.get(name, 0) + amount


def pot_number(n: str | None, otherwise: int) -> int:
    """The index of the pot a line names by its number ``n`` (side pot ``n``); ``otherwise`` where it
    names no number (0: the main pot)."""
    return digits(n, "a side pot's number", MAX_SEAT) if n else otherwise


def add_award(
    hand: SiteHand,
    number: int,
    name: str,
    amount: int,
    pot: int,
    label: str,
    half: str | None = None,
    run: int = 0,
) -> None:
    """``name`` collects ``amount`` from pot ``pot`` (as printed: ``label``) of board ``run``, from its
    ``half`` where the site tags one (``site.Collect``)."""
    hand.collects.append(Collect(number, name, amount, pot, label, run, half))


def first_posts(hand: SiteHand) -> dict[str, int]:
    """The amount of the first small blind and the first big blind posted in ``hand`` (by verb)."""
    return {
        a.verb: a.amount for a in reversed(hand.actions) if a.verb in ("small blind", "big blind")
    }


def posted_stakes(header: Header, posts: dict[str, int]) -> Header:
    """``header`` with the blinds ``posts`` (``first_posts``) as its stakes (0 where none was posted)."""
    return header._replace(small=posts.get("small blind", 0), big=posts.get("big blind", 0))


def summary_seat_line(hand: SiteHand, line: str, won: re.Pattern[str], scale: int) -> None:
    """A summary's ``Seat N: NAME ...`` line, where every amount the seat won is ``won``'s first group
    (``site.summary_seat`` reads the rest)."""
    number, _, rest = line[len("Seat ") :].partition(": ")
    seat = digits(number, "a seat", MAX_SEAT)
    summary_seat(hand, seat, rest, lambda tail: [money(a, scale) for a in won.findall(tail)])


def street_numbers(*streets: str | tuple[str, ...]) -> dict[str, int]:
    """A site's street names to the streets' numbers: ``streets`` in order, the first numbered 0 (the
    first betting round: pre-flop, or stud's third street); a tuple is the names one street goes by
    (``("RIVER", "7TH STREET")``)."""
    return {
        name: number
        for number, names in enumerate(streets)
        for name in ((names,) if isinstance(names, str) else names)
    }
