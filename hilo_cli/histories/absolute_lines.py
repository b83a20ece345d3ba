"""The lines of an Absolute Poker / Cereus hand (``absolute``'s module docstring shows them) into a
``SiteHand``: ``HandReader`` reads each line, ``settle_summary`` puts the summary's halves on the collect
lines and decides the rake (printed, or derived where the summary does not say it per pot)."""

from __future__ import annotations

from hilo_cli.betting import Structure
from hilo_cli.bounds import MAX_SEAT, digits, quote
from hilo_cli.errors import InputError
from hilo_cli.histories import lines as play
from hilo_cli.histories.amounts import money, sign_currency
from hilo_cli.histories.archive import speaker
from hilo_cli.histories.base import Currency
from hilo_cli.histories.grammar import grammar, words
from hilo_cli.histories.seats import STRUCTURES as BASE_STRUCTURES
from hilo_cli.histories.seats import HandState, add_seat, read_seat
from hilo_cli.histories.site import Collect, Header, SiteHand, cards_of
from hilo_cli.histories.site import Line as Action

GAME_NAMES: dict[str, str] = words(
    """
    Seven Card Hi/Lo  = stud8
    7 Card Stud Hi/Lo = stud8
    Stud Hi/Lo        = stud8
    Omaha Hi/Lo       = omaha8
    Omaha Hi-Lo       = omaha8
    Omaha             = omaha
    """
)
STUD = {"stud8"}
STRUCTURES: dict[str, Structure] = {**BASE_STRUCTURES, "Normal": "fixed", "Fixed Limit": "fixed"}

LIMITS = ("Normal", "Limit", "Fixed Limit", "Pot Limit", "No Limit")
STUD_STREETS = {"3RD STREET": 0, "4TH STREET": 1, "5TH STREET": 2, "6TH STREET": 3, "RIVER": 4}
BOARD_STREETS = {"POCKET CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
VERBS = words(
    """
    Ante              = ante
    Bring-In          = bring in
    Posts small blind = small blind
    Posts big blind   = big blind
    Posts dead blind  = ante
    Calls             = call
    Bets              = bet
    """
)
LINES = grammar(
    r"""
    AMOUNT    \$?{NUMBER}
    ALL_IN    (?P<all_in>All-In(?:\(Raise\))?)
    header    ^Stage #(?P<id>[A-Z]?\d+):(?P<rest>.*)$
    stakes    (?:(?P<sb>{AMOUNT})/)?(?P<bb>{AMOUNT})
    seat      ^Seat (?P<seat>\d+) - (?P<name>.+?) \((?P<stack>{AMOUNT}) in chips\)
              (?P<out> - sitting out)?\s*$
    dealer    Seat #(?P<seat>\d+) is the dealer\s*$
    street    (?i)^\*\*\* (?P<name>3RD STREET|4TH STREET|5TH STREET|6TH STREET|RIVER|POCKET CARDS|
              FLOP|TURN|SHOW DOWN|SUMMARY) \*\*\*(?P<cards>.*)$
    cards     \[([^\[\]]*)\]
    action    ^(?:(?P<verb>Ante|Bring-In|Posts small blind|Posts big blind|Posts dead blind|Calls|
              Bets)|{ALL_IN}) (?P<amount>{AMOUNT})(?: to (?P<to>{AMOUNT}))?\s*$
    raises    ^Raises (?P<amount>{AMOUNT}) to (?P<to>{AMOUNT})\s*$
    collect   ^Collects (?P<amount>{AMOUNT}) from (?P<label>main pot|side pot(?:[- #]*(?P<n>\d+))?)
              \s*$
    returned  (?i)^returned \((?P<amount>{AMOUNT})\) : not called\s*$
    total     ^Total Pot\s*\((?P<total>{AMOUNT})\)(?:\s*\|\s*Rake \((?P<rake>{AMOUNT})\))?
    won       \bwon Total \((?P<amount>{AMOUNT})\)
    half      \b(?P<half>HI|LO):\((?P<amount>{AMOUNT})\)
    notes     ^(?:sits down|stands up|is sitting out|has returned|is disconnected|has timed out)\s*$
    """,
)


def read_header(line: str) -> Header:
    """``Stage #ID: GAME LIMIT STAKES - DATE``, read word by word (no pattern that backtracks over a long
    line): the stakes are the last word before `` - ``, the limit the one or two words before them."""
    m = LINES.header.match(line)
    words = m.group("rest").split(" - ", 1)[0].split() if m else []
    limit = next((w for w in (" ".join(words[-3:-1]), " ".join(words[-2:-1])) if w in LIMITS), None)
    stakes = LINES.stakes.fullmatch(words[-1]) if words else None
    if m is None:
        raise InputError(
            "not an Absolute hand header (expected 'Stage #ID: GAME LIMIT STAKES - DATE')"
        )
    if limit is None or stakes is None or len(words) < len(limit.split()) + 2:
        raise InputError(
            f"hand #{m.group('id')}: cannot read the game, the limit and the stakes in "
            f"{quote(m.group('rest').strip())}"
        )
    game = " ".join(words[: -1 - len(limit.split())])
    sb, bb = stakes.group("sb"), stakes.group("bb")
    currency = "$" if bb.startswith("$") else ""
    scale = 100 if currency else 1
    big = money(bb, scale)
    small = money(sb, scale) if sb else big // 2
    return Header(m.group("id"), game, limit, None, not currency, currency, small, big)


class HandReader(HandState):
    """One hand's lines into a ``SiteHand`` (``read``); ``number`` the file line being read."""

    def __init__(self, source: str, numbers: list[int]) -> None:
        super().__init__(source, numbers)
        self.stud = False
        self.summary = False
        self.seen: dict[str, int] = {}  # cards dealt so far to each player (stud), hidden ones too
        self.halves: dict[str, dict[str, int]] = {}  # the summary's HI:(…) and LO:(…) per player
        self.rake = 0

    def read(self, lines: list[str]) -> SiteHand:
        header = read_header(lines[0])
        self.scale = 100 if header.currency else 1
        hand = self.new_hand(header, pots_printed=False)
        if header.currency:
            hand.currency = sign_currency("$")
        game = GAME_NAMES.get(header.game)
        if game is None:
            return hand
        self.stud = game in STUD
        self.read_lines(hand, lines, self._line)
        hand.won_printed = (
            self.summary
        )  # no summary: no "won Total" to hold the collect lines against
        settle_summary(hand, self.halves, self.rake)
        return hand

    def _line(self, hand: SiteHand, line: str) -> None:
        if line.startswith("Seat "):
            if self.summary:
                self._seat_summary(hand, line)
            else:
                self._seat(hand, line)
            return
        m = LINES.street.match(line)
        if m is not None:
            self._street(hand, m.group("name").upper(), m.group("cards"), line)
            return
        if self.summary:
            self._summary(hand, line)
            return
        if line.startswith("Table: "):
            t = LINES.dealer.search(line)
            if t is not None:
                hand.button = digits(t.group("seat"), "the dealer's seat", MAX_SEAT)
            return
        found = speaker(line, self.names)
        if found is None:
            raise InputError(f"cannot read the line {quote(line)}")
        name, rest = found
        if rest.startswith("- "):
            self._action(hand, name, rest[2:].strip(), line)
            return
        c = LINES.collect.match(rest)
        if c is None:
            raise InputError(f"cannot read the line {quote(line)}")
        n = c.group("n")
        pot = (
            digits(n, "a side pot's number", MAX_SEAT)
            if n
            else 1
            if c.group("label") != "main pot"
            else 0
        )
        amount = money(c.group("amount"), self.scale)
        play.add_award(hand, self.number, name, amount, pot, c.group("label"))

    def _street(self, hand: SiteHand, name: str, text: str, line: str) -> None:
        if name in ("SHOW DOWN", "SUMMARY"):
            self.summary = name == "SUMMARY"
            return
        streets = STUD_STREETS if self.stud else BOARD_STREETS
        if name not in streets:
            raise InputError(
                f"a {name.lower()} line in a {'stud' if self.stud else 'board'} game: {quote(line)}"
            )
        self.street = streets[name]
        play.new_street(hand, self.number, self.street, line)
        if self.stud or not self.street:
            return
        found = LINES.cards.findall(text)
        if not found:
            raise InputError(f"the {name.lower()} line shows no cards")
        new = cards_of(found[-1], f"the {name.lower()}")
        play.deal_board(hand, self.number, self.street, line, new)

    def _seat(self, hand: SiteHand, line: str) -> None:
        self.names = add_seat(hand, read_seat(LINES.seat, line, self.scale))

    def _pocket(self, hand: SiteHand, name: str, text: str, line: str) -> None:
        """``Pocket [H H Js 10d]``: every card of the player so far, ``H`` for one nobody sees; the
        action deals only the new ones (a stud street), or the hole cards where all are seen."""
        tokens = text.split()
        if self.stud:
            new, self.seen[name] = (
                tokens[self.seen.get(name, 0) :],
                max(len(tokens), self.seen.get(name, 0)),
            )
            if not new:
                return  # a folded player's cards, printed again
        elif "H" in tokens:
            return
        else:
            new = tokens
        known = cards_of(" ".join(t for t in new if t != "H"), f"{name}'s cards")
        hand.dealt[name] = hand.dealt.get(name, ()) + known if self.stud else known
        hand.actions.append(
            Action(self.number, self.street, name, "dealt", 0, None, False, line, known)
        )

    def _action(self, hand: SiteHand, name: str, rest: str, line: str) -> None:
        number, street = self.number, self.street
        if rest in ("Folds", "Checks"):
            hand.actions.append(
                Action(number, street, name, rest[:-1].lower(), 0, None, False, line)
            )
            return
        m = LINES.action.match(rest)
        if m is not None:
            amount = money(m.group("amount"), self.scale)
            to = money(m.group("to"), self.scale) if m.group("to") else None
            verb = (
                VERBS[m.group("verb")] if m.group("verb") else "raise" if to is not None else "bet"
            )
            hand.actions.append(
                Action(number, street, name, verb, amount, to, m.group("all_in") is not None, line)
            )
            return
        m = LINES.raises.match(rest)
        if m is not None:
            by, to = money(m.group("amount"), self.scale), money(m.group("to"), self.scale)
            hand.actions.append(Action(number, street, name, "raise", by, to, False, line))
            return
        r = LINES.returned.match(rest)
        if r is not None:
            play.return_uncalled(hand, name, money(r.group("amount"), self.scale))
            return
        bracket = LINES.cards.search(rest)
        if rest.startswith("Pocket [") and bracket is not None:
            self._pocket(hand, name, bracket.group(1), line)
            return
        if rest.startswith("Shows [") and bracket is not None:
            play.show_cards(
                hand, number, street, name, cards_of(bracket.group(1), f"{name}'s cards"), line
            )
            return
        if rest.startswith("Mucks"):
            play.muck_at_showdown(hand, number, street, name, line)
            return
        play.only_a_note(LINES.notes, rest, line)

    def _summary(self, hand: SiteHand, line: str) -> None:
        t = LINES.total.match(line)
        if t is not None:
            hand.total = money(t.group("total"), self.scale)
            self.rake = money(t.group("rake"), self.scale) if t.group("rake") else 0
            hand.rake, hand.rake_printed = self.rake, t.group("rake") is not None
            return
        bracket = LINES.cards.search(line)
        if line.startswith("Board: ") and bracket is not None:
            hand.summary_boards[0] = cards_of(bracket.group(1), "the summary's board")
            return
        if line.startswith("Dealer: "):
            return
        raise InputError(f"cannot read the summary line {quote(line)}")

    def _seat_summary(self, hand: SiteHand, line: str) -> None:
        head, _, rest = line.partition(": ")
        seat = digits(head[len("Seat ") :], "a seat", MAX_SEAT)
        name = next((s.name for s in hand.seats if s.seat == seat), None)
        if name is None or not rest.startswith(name):
            raise InputError(f"the summary names a seat nobody sits in: {quote(line)}")
        rest = rest[len(name) :]
        w = LINES.won.search(rest)
        if w is not None:
            hand.won[name] = money(w.group("amount"), self.scale)
        for h in LINES.half.finditer(rest):
            half = "high" if h.group("half") == "HI" else "low"
            self.halves.setdefault(name, {})[half] = money(h.group("amount"), self.scale)


def settle_summary(hand: SiteHand, halves: dict[str, dict[str, int]], rake: int) -> None:
    """The summary's halves onto the collect lines (a player's one collect split into the halves the
    summary gives); with side pots, the printed Total and Rake held against the collects and the rake
    per pot derived (RULES §13: the summary prints no pot beside its Total); without a Total pot line, or
    a Total without a Rake, the rake derived too."""
    show = (hand.currency or Currency()).show
    for name, won in halves.items():
        total = hand.won.get(name)
        if total is not None and total != sum(won.values()):
            hand.disagreements.append(
                f"the summary's HI and LO for {name} add up to {show(sum(won.values()))}, "
                f"not its Total {show(total)}"
            )
    if hand.total is None or not hand.rake_printed:
        # No Total pot line (a hand cut before its summary), or no Rake beside it: the rake is derived.
        hand.total, hand.rake, hand.rake_printed = None, 0, False
    elif any(c.pot for c in hand.collects):
        paid = sum(c.amount for c in hand.collects)
        if hand.rake_printed and hand.total - rake != paid:
            hand.disagreements.append(
                f"the summary's Total pot {show(hand.total)} − Rake {show(rake)} is not the "
                f"{show(paid)} the collect lines pay"
            )
        hand.total, hand.rake, hand.rake_printed = None, 0, False
    players = [c.player for c in hand.collects]
    if len(set(players)) != len(players) or hand.disagreements:
        return
    tagged: list[Collect] = []
    for c in hand.collects:
        won = halves.get(c.player, {})
        if sum(won.values()) != c.amount:
            return
        tagged += [c._replace(amount=a, half=h) for h, a in sorted(won.items()) if a]
    hand.collects = tagged
