"""PokerStars hand histories for ``hilo check``: each hand into a ``HandRecord`` to replay and settle.

``pokerstars_lines`` reads the lines into a ``StarsHand`` (``pokerstars_hand``); this module turns one
``StarsHand`` into the ``Hand`` the replay takes (RULES §14), what the site paid (the "collected" lines,
RULES §13), and the change to make to the replayed deal before it is settled: the rake of each pot and
the boards of a hand run twice.

* **Rake** (RULES §13): the site's "Main pot"/"Side pot-N" amounts are after rake and "Total pot" before
  it, so the rake each pot paid is the pot the actions built minus the pot printed. The printed pots
  must add up to Total pot − Rake and none may be more than the pot the actions built. A single pot
  pays the whole rake.
* **Runs** (RULES §12): "FIRST/SECOND FLOP|TURN|RIVER" are the boards of a hand run twice; every pot
  is divided between the runs, then each run's share on its own board.
* **What the site paid**: the "collected" lines summed per player (several per player when a player
  wins both halves, several pots, or both runs), and by the pot each names. The uncalled bet the site
  returned must be the one the actions leave (RULES §5.3); the check adds it to both sides.
* **The site's own inconsistencies** are findings, not bad input: the summary's "won (…)" differing from
  the "collected" lines, a collect from a pot the summary does not print, a summary board that is not
  the board dealt (``HandRecord.site_inconsistency``, found here), printed pots that do not add up or a
  returned uncalled bet the actions do not leave (``SiteInconsistency``, raised by ``adjust`` once the
  replay has built the pots). ``hilo check`` reports them as a MISMATCH.
* **Not checkable**, with the reason, never an error: a game hilo does not play (hold'em, razz, draw in a
  mixed game), a cancelled hand, a cashed-out hand, a contested showdown whose cards are not all shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import NamedTuple

from hilo_cli.betting import Action, ActionKind, Hand, Structure
from hilo_cli.cards import Card, format_cards
from hilo_cli.deal import Deal
from hilo_cli.errors import DealError
from hilo_cli.games import GAMES
from hilo_cli.histories import HandRecord, HandText, SiteInconsistency
from hilo_cli.histories.pokerstars_hand import Action as Line
from hilo_cli.histories.pokerstars_hand import BadHand, Header, StarsHand
from hilo_cli.histories.pokerstars_lines import hand_texts, read_hand
from hilo_cli.pots import build_pots

# The site's game names for the games hilo plays (RULES §6).
GAME_NAMES: dict[str, str] = {
    "Omaha Hi/Lo": "omaha8",
    "5 Card Omaha Hi/Lo": "omaha8-5",
    "6 Card Omaha Hi/Lo": "omaha8-6",
    "Courchevel Hi/Lo": "courchevel8",
    "7 Card Stud Hi/Lo": "stud8",
    "Omaha": "omaha",
    "5 Card Omaha": "omaha-5",
    "6 Card Omaha": "omaha-6",
}
STRUCTURES: dict[str, Structure] = {"Limit": "fixed", "Fixed Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}

# A stud street deals three cards (two down, one up) on third street and one card on each later street.
_STUD_DEAL = (3, 1, 1, 1, 1)


def read(source: str, text: str) -> Iterator[HandRecord]:
    """Every hand of a PokerStars history file, in file order: a hand to replay, a hand that is not
    checkable (with the reason), or an error for a hand that cannot be read (the others still come)."""
    for line, lines in hand_texts(text):
        found = read_record(source, line, lines)
        if found is not None:
            yield found


def split(source: str, text: str) -> Iterator[HandText]:
    """Every hand of a file, in file order, as its lines (``hand_texts``), to be read by ``read_record``
    where it is checked; blank text between hands left out, as ``read`` leaves it out."""
    for line, lines in hand_texts(text):
        # Only the text before the first hand can be blank; any() stops at a hand's first line.
        if any(map(str.strip, lines)):
            yield HandText(source, line, lines, __name__)


def read_record(source: str, line: int, lines: list[str]) -> HandRecord | None:
    """One hand's record from its lines as ``hand_texts`` gives them (``None`` for blank text), so that
    hands can be read where they are checked: a parent splits the file, each worker reads its hands."""
    hand = read_hand(source, line, lines, _played)
    if hand is None:
        return None
    if isinstance(hand, BadHand):
        # ``line`` is the line that could not be read, so FILE:LINE points at it.
        return HandRecord(source, hand.line, hand.id, None, error=hand.message)
    try:
        return record(hand)
    except DealError as e:
        return HandRecord(source, hand.line, hand.header.id, None, error=e.message)


def _played(header: Header) -> bool:
    return header.game in GAME_NAMES


def pot_name(index: int, count: int) -> str:
    """The site's name for pot ``index`` of ``count``: "pot", or "main pot", "side pot-1", ..."""
    if count == 1:
        return "pot"
    return "main pot" if index == 0 else f"side pot-{index}"


def _pot_index(printed: str) -> int:
    """The pot a "collected ... from <pot>" line names: main pot first (0), then side pot 1, 2, ..."""
    if printed in ("pot", "main pot"):
        return 0
    if printed == "side pot":
        return 1
    return int(printed.rsplit("-", 1)[1])


def collected_by_pot(hand: StarsHand) -> tuple[dict[str, int], ...]:
    """What the site paid from each pot (main pot first, runs added together): the "collected" lines by
    the pot they name. A line naming a pot the summary does not print is the site's own inconsistency."""
    count = max(len(hand.printed_pots), 1)
    paid: list[dict[str, int]] = [{} for _ in range(count)]
    for c in hand.collects:
        i = _pot_index(c.pot)
        if i >= count:
            raise SiteInconsistency(f"line {c.line}: {c.player} collected from the {c.pot}, but the summary prints "
                            f"{count} pot{'s' if count > 1 else ''}")
        paid[i][c.player] = paid[i].get(c.player, 0) + c.amount
    return tuple(paid)


def record(hand: StarsHand) -> HandRecord:
    """One hand into the record ``hilo check`` replays and settles (see the module docstring)."""
    header = hand.header
    source, line, id = hand.source, hand.line, header.id

    def not_checkable(why: str) -> HandRecord:
        return HandRecord(source, line, id, None, not_checkable=why)

    if hand.cancelled:
        return not_checkable("the hand was cancelled")
    name = GAME_NAMES.get(header.game)
    if name is None:
        where = f" ({header.mixed} table)" if header.mixed else ""
        return not_checkable(f"{header.game} {header.limit}{where} is not a game hilo plays")
    structure = STRUCTURES.get(header.limit.title())
    if structure is None:
        return not_checkable(f"the betting structure {header.limit!r} is not one hilo replays")
    if hand.cashed_out:
        return not_checkable(f"{', '.join(hand.cashed_out)} cashed out the hand: the pot was not awarded "
                             "at a showdown")
    game = GAMES[name]
    found = [found for found in (_board_disagreement(hand), summary_disagreement(hand)) if found]
    by_pot: tuple[dict[str, int], ...] | None = None
    try:
        by_pot = collected_by_pot(hand)
    except SiteInconsistency as e:
        found.append(e.message)
    players = _players(hand)
    dead = hand.mucks | {a.player for a in hand.actions if a.verb == "fold"}  # folded or mucked (RULES §7.3)
    live = [p for p in players if p not in dead]
    seats = {s.name: s.seat for s in hand.seats}
    shown_in_summary: list[Action] = []
    for p in sorted(hand.mucks - {a.player for a in hand.actions if a.verb == "muck"}, key=seats.__getitem__):
        # Mucked in the summary only ("Seat 3: X mucked [...]"): a dead hand (RULES §7.3).
        shown_in_summary.append(Action(hand.end, f"Seat {seats[p]}: {p} mucked", p, "muck"))
    if len(live) > 1:
        unseen = [p for p in live if p not in hand.shows and p not in hand.summary_cards]
        if unseen:
            return not_checkable(f"cards not shown at a contested showdown: {', '.join(unseen)}")
        for p in live:
            if p not in hand.shows:
                # Shown in the summary only ("Seat 3: X showed [...] and won"): the cards speak (RULES §7.1).
                cards = hand.summary_cards[p]
                text = f"Seat {seats[p]}: {p} showed [{format_cards(cards)}]"
                shown_in_summary.append(Action(hand.end, text, p, "show", None, cards))
    written = _actions(hand, players, game.board_cards == 0, structure) + shown_in_summary
    # Actions are numbered in order, and each keeps its file line, so that a broken rule is reported
    # at FILE:LINE (``action_lines``).
    actions = [Action(i, a.text, a.actor, a.kind, a.amount, a.cards) for i, a in enumerate(written, 1)]
    stacks = {s.name: s.stack for s in hand.seats}
    bring_in = next((a.amount for a in hand.actions if a.verb == "bring in"), 0)
    small, big = (header.small, header.big) if structure == "fixed" else (header.big, header.big)
    replayable = Hand(
        game, structure, tuple(players), tuple(stacks[p] for p in players), tuple(actions),
        seats=tuple(seats[p] for p in players), button=hand.button if game.board_cards else None,
        bring_in=bring_in, small_bet=small, big_bet=big, check_turns=game.board_cards > 0, id=id,
        qualifier=8 if game.split else None)
    boards = tuple(tuple(hand.boards[r]) for r in sorted(hand.boards) if r > 0)
    summary = Summary(hand.total or 0, hand.rake, tuple(hand.printed_pots), dict(hand.uncalled))
    return HandRecord(source, line, id, replayable, recorded_won=collected(hand),
                      recorded_pots=summary.printed or (summary.total - summary.rake,), won_excludes_returned=True,
                      adjust=partial(adjust, summary=summary, boards=boards),
                      action_lines=tuple(a.number for a in written), recorded_by_pot=by_pot,
                      site_inconsistency="; ".join(found) or None)


class Summary(NamedTuple):
    """What the site printed about the pots: Total pot (before rake), Rake, the Main and Side pot
    amounts (after rake; empty for a single pot) and the uncalled bets returned."""

    total: int
    rake: int
    printed: tuple[int, ...]
    uncalled: dict[str, int]


def collected(hand: StarsHand) -> dict[str, int]:
    """What the site paid each player from the pots: the "collected" lines, summed per player."""
    paid: dict[str, int] = {}
    for c in hand.collects:
        paid[c.player] = paid.get(c.player, 0) + c.amount
    return paid


def summary_disagreement(hand: StarsHand) -> str | None:
    """Where the summary's "won (…)"/"collected (…)" differ from the "collected" lines (naming both
    amounts of each player), or ``None``: the site's own inconsistency, not bad input."""
    paid = collected(hand)
    summary = {n: w for n, w in hand.won.items() if w or n in paid}
    if paid == summary:
        return None
    return "; ".join(f"{n} collected {paid.get(n, 0)}, the summary says won {summary.get(n, 0)}"
                     for n in sorted(set(paid) | set(summary)) if paid.get(n, 0) != summary.get(n, 0))


def rake_by_pot(summary: Summary, built: list[int]) -> tuple[int, ...]:
    """The rake each pot paid (RULES §13): the pot the actions built minus the pot the site printed.

    Raises ``SiteInconsistency`` when the site's summary does not add up: Total pot is not what the
    actions put in, the printed pots are not Total pot − Rake, a printed pot is more than its built pot,
    or the site printed a different number of pots.
    """
    total, rake = summary.total, summary.rake
    if sum(built) != total:
        raise SiteInconsistency(f"the summary's Total pot is {total}, but the actions put {sum(built)} in the pots")
    printed = list(summary.printed) or [total - rake]
    if sum(printed) != total - rake:
        raise SiteInconsistency(f"the printed pots add up to {sum(printed)}, not Total pot {total} − Rake {rake} "
                        f"= {total - rake} (RULES §13)")
    if len(printed) != len(built):
        raise SiteInconsistency(f"the site printed {len(printed)} pot(s) and the actions build {len(built)}: "
                        f"{', '.join(map(str, built))} (RULES §5.1)")
    for i, (b, p) in enumerate(zip(built, printed, strict=True)):
        if p > b:
            raise SiteInconsistency(f"the {pot_name(i, len(built))} is printed as {p}, more than the {b} the actions "
                            "put in it (RULES §13)")
    return tuple(b - p for b, p in zip(built, printed, strict=True))


def adjust(deal: Deal, summary: Summary, boards: tuple[tuple[Card, ...], ...]) -> Deal:
    """The replayed deal as the site settled it: after the rake each pot paid (RULES §13), on every
    board of a hand run twice (§12.2).

    The pots are built from the replay's contributions (§5.1); an uncalled bet the site returned must be
    the one the actions leave (§5.3). Older histories give some back without a line: Total pot, checked
    against the pots, shows it.
    """
    contributions = {p.name: p.contributed or 0 for p in deal.players}
    pots, returned = build_pots(contributions, {p.name for p in deal.players if p.folded})
    for name, chips in summary.uncalled.items():
        if returned.get(name, 0) != chips:
            raise SiteInconsistency(f"the site returned an uncalled bet of {chips} to {name}, but the actions leave "
                            f"{returned.get(name, 0)} uncalled (RULES §5.3)")
    rake = rake_by_pot(summary, [p.amount for p in pots])
    if boards:
        deal = deal._replace(boards=boards, board=boards[0])
    if any(rake):
        deal = deal._replace(rake=rake)
    return deal


def _board_disagreement(hand: StarsHand) -> str | None:
    """Where the summary's boards are not the boards dealt, or "Hand was run twice" has not two runs
    (RULES §12.1); ``None`` when they agree. The replay uses the boards dealt."""
    runs = [r for r in hand.boards if r > 0]
    if hand.runs > 1 and len(runs) != hand.runs:
        return f"the summary says the hand was run {hand.runs} times, but {len(runs)} runs were dealt"
    for run, cards in hand.summary_boards.items():
        dealt = tuple(hand.boards.get(run, ()))
        if cards != dealt:
            label = {0: "board", 1: "FIRST board", 2: "SECOND board", 3: "THIRD board"}[run]
            return (f"the summary's {label} {format_cards(cards)} is not the board dealt, "
                    f"{format_cards(dealt) or 'none'}")
    return None


def _players(hand: StarsHand) -> list[str]:
    """The players dealt in, in seat order: every seated player with a line of their own in the hand
    (posts, antes, actions, cards dealt, shows or mucks). Players sitting out have none."""
    acting = {a.player for a in hand.actions if a.player}
    return [s.name for s in sorted(hand.seats, key=lambda s: s.seat) if s.name in acting]


_KINDS: dict[str, ActionKind] = {
    "fold": "fold", "check": "check", "call": "call", "small blind": "post", "big blind": "post",
    "straddle": "straddle", "ante": "ante", "bring in": "bring-in", "bet": "bet", "raise": "raise-to",
    "complete": "complete", "show": "show", "muck": "muck",
}


def _actions(hand: StarsHand, players: list[str], stud: bool, structure: Structure) -> list[Action]:
    """The hand's lines as replay actions, bets and raises as street totals (RULES §14)."""
    header = hand.header
    out: list[Action] = []
    append = out.append
    street_bets: dict[str, int] = {}
    folded: set[str] = set()
    live_blind = header.small if structure == "fixed" else header.big
    lines = hand.actions
    first_big_blind: int | None = None
    for i, a in enumerate(lines):
        verb, who, number, text = a.verb, a.player, a.line, a.text
        if verb == "board":
            # A hand run twice is replayed on its first run's board; ``adjust`` adds the others (§12).
            if a.run <= 1:
                street_bets = {}
                append(Action(number, text, None, "deal-board", None, a.cards))
            continue
        if verb == "street":
            if a.street > 0:  # the blinds are posted before "*** HOLE CARDS ***" and are bets of its round
                street_bets = {}
            if stud:
                _deal_stud(out, lines, i, players, folded)
            continue
        if verb == "dealt":
            if not stud:
                append(Action(number, text, who, "deal-hole", None, a.cards))
            continue
        kind = _KINDS.get(verb)
        if verb in ("show", "muck", "fold", "check"):
            if verb == "fold":
                folded.add(who)
            append(Action(number, text, who, _KINDS[verb], None, a.cards))
            continue
        bet = street_bets.get(who, 0)
        amount = a.amount
        if verb == "small and big blinds":
            # A dead small blind with a live big blind (a player coming in between the blinds).
            live = min(amount, live_blind)
            if amount > live:
                append(Action(number, text, who, "ante", amount - live))
            append(Action(number, text, who, "post", live))
            street_bets[who] = bet + live
            continue
        if kind is None:
            raise DealError(f"line {number}: cannot replay {text!r}")
        if verb == "ante":
            append(Action(number, text, who, "ante", amount))
            continue
        if verb in ("bet", "raise", "complete"):
            total = bet + amount if verb == "bet" else (a.to or 0)
            amount, kind = total, ("all-in" if a.all_in else kind)
        elif verb == "big blind" and first_big_blind is None:
            first_big_blind = len(out)
        append(Action(number, text, who, kind, amount))
        street_bets[who] = total if verb in ("bet", "raise", "complete") else bet + amount
    _big_blind_last(out, first_big_blind)
    return out


def _big_blind_last(out: list[Action], at: int | None) -> None:
    """Move the big blind's post after the other live blinds of the opening posts (before any straddle).

    The site lists the small and big blinds first, then blinds posted by players joining the game
    ("Hero: posts big blind" from a seat after the big blind). The action still starts left of the big
    blind (RULES §14.1); the replay takes the last of the largest live blinds as the big blind, so the
    real one goes last.
    """
    if at is None:
        return
    end = at
    while end + 1 < len(out) and out[end + 1].kind in ("post", "ante"):
        end += 1
    if end > at:
        out.insert(end, out.pop(at))


def _deal_stud(out: list[Action], lines: list[Line], at: int, players: list[str], folded: set[str]) -> None:
    """A stud street: every player still in gets the street's cards (RULES §14.6), those the history
    shows (the player's own, the up cards) and unknown ones (``None``) for the rest."""
    street = lines[at]
    count = _STUD_DEAL[min(street.street, 4)]
    shown: dict[str, tuple[Card, ...]] = {}
    for a in lines[at + 1:]:
        if a.verb != "dealt":
            break
        shown[a.player] = a.cards[-count:]
    for name in players:
        if name in folded:
            continue
        known: tuple[Card | None, ...] = shown.get(name, ())
        cards = (None,) * (count - len(known)) + known
        out.append(Action(street.line, f"{street.text} ({name}: {format_cards(c for c in known if c)})",
                          name, "deal-hole", None, cards))
