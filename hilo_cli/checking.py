"""Checking recorded hands: replay each hand's actions, settle it, compare with what the history recorded.

Every ``HandRecord`` ends as one ``Checked`` outcome, in input order: OK (the recorded result is what the
cards and the rules give), MISMATCH (the players whose amounts differ, recorded and recomputed, each pot
that differs where the history prints a line per pot, and the likely reason; or the history's own lines
disagreeing with each other, a finding about the site), NOT CHECKABLE (why: a game hilo does not play,
nothing recorded), or an error (bad input: an action that breaks RULES §14, a file that cannot be read).
Each is rendered as text (a floor decision, verdict first), a JSON Lines object (the showdown contract
plus ``check``), or CSV rows (the batch columns plus ``verdict`` and ``why``), with the existing writers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from hilo_cli.betting import Replayed, replay
from hilo_cli.checking_house import house_reading, rake_check
from hilo_cli.checking_house import title as _title
from hilo_cli.deal import Deal
from hilo_cli.errors import HiloError
from hilo_cli.formats import OutputFormat
from hilo_cli.formats.check_out import (
    PotDifference,
    RakeNote,
    Status,
    Verdict,
    error_output,
    money,
    render,
)
from hilo_cli.formats.styled import PLAIN, Look
from hilo_cli.formats.text_out import names_list
from hilo_cli.histories import HandRecord, HandText, read_text
from hilo_cli.histories.summary import SiteInconsistency, check_returned, derived_rake, rake_by_pot
from hilo_cli.showdown import PotResult, Settlement, settle

if TYPE_CHECKING:  # the all-in figures and the worker pool are imported when asked for
    from hilo_cli import allin


class Checked(NamedTuple):
    """One hand's outcome: ``output`` to print (UTF-8) and its ``status``; ``error`` for bad input."""

    source: str
    line: int
    output: bytes
    status: Status
    error: str | None
    site: str | None = (
        None  # the reader that read the hand (its ``--input-format`` name), where one did
    )
    luck: allin.HandLuck | None = (
        None  # issue 20: with --all-in, the hand's part of the all-in summary
    )
    kind: str | None = None  # issue 28: what differs from RULES.md (``Verdict.kind``)

    @property
    def differs(self) -> bool:
        """Whether the check found a difference (a MISMATCH)."""
        return self.status == "mismatch"


def settle_replayed(replayed: Replayed, deal: Deal | None = None) -> Settlement:
    """Settle a replayed hand (``deal``: the replayed deal, adjusted), every hand's cards worked out.

    A hand won without a showdown may stop before the board is complete; ``settle`` takes it as it is,
    since a lone live hand needs no full board (RULES §7: nothing is evaluated).
    """
    return settle(deal or replayed.deal, cards=True, built=(list(replayed.pots), replayed.returned))


def site_deal(record: HandRecord, replayed: Replayed) -> Deal:
    """The replayed deal as the site settled it: after the rake each pot paid (RULES §13, from the pots the
    replay built and the pots the site printed), on every board of a hand run more than once (§12.2).
    Raises ``SiteInconsistency`` where the site's summary does not add up."""
    deal = replayed.deal
    if record.summary is not None:
        # Older histories give some uncalled bets back without a line: Total pot, checked against the
        # pots, shows it.
        check_returned(record.summary, replayed.returned)
        rake = rake_by_pot(record.summary, [p.amount for p in replayed.pots])
        if any(rake):
            deal = deal._replace(rake=rake)
    elif record.derive_rake and record.recorded_won is not None:
        # The site took rake but printed none: what was put in and not paid (RULES §13).
        paid = sum(record.recorded_won.values())
        if not record.won_excludes_returned:
            paid -= sum(replayed.returned.values())
        built = [p.amount for p in replayed.pots]
        by_pot = record.recorded_by_pot
        if by_pot is not None and len(by_pot) == len(built):
            # What the site paid from each pot: each pot's own rake is what it did not pay out.
            each = [
                derived_rake([b], sum(paid_from.values()))
                for b, paid_from in zip(built, by_pot, strict=True)
            ]
            derived = (
                None if None in each else tuple(r[0] if r else 0 for r in each if r is not None)
            )
        else:
            derived = derived_rake(built, paid)
        if derived and any(derived):
            deal = deal._replace(rake=derived)
    if record.boards:
        deal = deal._replace(boards=record.boards, board=record.boards[0])
    return deal


def recorded_won(record: HandRecord, replayed: Replayed) -> tuple[dict[str, int] | None, str]:
    """What the record says each player won (uncalled chips returned included), and the terms it was given in."""
    if record.recorded_stacks is not None:
        return {
            n: s - replayed.stacks[n]
            for n, s in record.recorded_stacks.items()
            if n in replayed.stacks
        }, "finishing stack"
    if record.recorded_won is not None:
        won = dict(record.recorded_won)
        if record.won_excludes_returned:
            for name, chips in replayed.returned.items():
                won[name] = won.get(name, 0) + chips
        return won, "won"
    return None, "won"


def check(
    record: HandRecord, reader: str | None = None, rules: str = "house"
) -> tuple[Settlement | None, Verdict]:
    """Replay, settle and compare one hand (``check_hand``). A hand whose reader skipped lines it did not
    know (``record.skipped``: none carries an amount or a card) must still add up by the site's own
    totals: a MISMATCH where the site's lines disagree (its pot, rake or returned bets against the
    actions) or where what was paid is not what the pots hold is an error instead, since a skipped line
    may be what is missing. A MISMATCH whose totals add up (chips paid to other players than the cards
    give them to) stays one."""
    settlement, verdict = check_hand(record, reader, rules)
    if record.skipped and verdict.status == "mismatch" and not _adds_up(verdict):
        line, text = record.first_skipped or (record.line, "")
        raise HiloError(
            f"{skipped_lines(record.skipped)} that hilo does not know (the first, line {line}: "
            f"{text!r}), and the hand does not add up by the site's own totals: {verdict.why}"
        )
    return settlement, verdict


def skipped_lines(count: int) -> str:
    """``count`` skipped lines, in words: "skipped 1 line", "skipped 3 lines"."""
    return f"skipped {count} line{'s' if count != 1 else ''}"


def _adds_up(verdict: Verdict) -> bool:
    """Whether a MISMATCH still adds up by the site's own totals: its lines agree with each other, and
    what the site paid is, in all, what the cards and the rules pay (only who was paid differs)."""
    return verdict.site is None and sum(r - c for r, c in verdict.differences.values()) == 0


def check_hand(
    record: HandRecord, reader: str | None = None, rules: str = "house"
) -> tuple[Settlement | None, Verdict]:
    """Replay, settle and compare one hand (read by ``reader``, whose house rules apply:
    ``histories.house``; ``rules`` ``strict``: RULES §4 alone pays the odd chips). Raises ``HiloError``
    for bad input (the record's own error, an action that breaks RULES §14, a deal that breaks the
    showdown rules).

    A history whose own lines disagree (``record.site_inconsistency``, or ``SiteInconsistency`` from its
    summary, ``site_deal``) is a MISMATCH saying so: the file was read, the site is at fault. It is still
    replayed first, so an illegal action stays bad input, and settled where its pots can be built, so the
    payout's own differences are shown with it."""
    if record.error is not None:
        raise HiloError(record.error)
    hand = record.hand
    if hand is None:
        return None, Verdict(
            "not-checkable", record.not_checkable or "nothing to replay", "won", {}
        )
    replayed = replay(hand)
    unsettled = _unsettled(replayed)
    if unsettled is not None:
        return None, Verdict("not-checkable", unsettled, "won", {})
    site = record.site_inconsistency
    depth = record.depth
    expected, basis = recorded_won(record, replayed)
    try:
        deal = site_deal(record, replayed)
    except SiteInconsistency as e:
        found = f"{site}; {e.message}" if site else e.message
        return None, Verdict("mismatch", SITE + found, basis, {}, site=found, depth=depth)
    if expected is None or record.not_checkable is not None:
        settlement = settle_replayed(replayed, deal)
        return settlement, Verdict(
            "not-checkable", record.not_checkable or "no recorded result", basis, {}, depth=depth
        )
    raked, deal = rake_check(record, replayed, deal, reader, money(record))
    return _compare(
        record, replayed, deal._replace(expected=expected), basis, _House(reader, rules, raked)
    )


class _House(NamedTuple):
    """What a check knows of the site's house rules: the reader's name, ``--rules``, and the rake derived
    and held against the site's rule (``checking_house.rake_check``)."""

    site: str | None = None
    rules: str = "house"
    rake: RakeNote | None = None


def _unsettled(replayed: Replayed) -> str | None:
    """Why a replayed hand cannot be settled (it stops before its end, or a live hand's cards are not
    known at a contested showdown), or ``None``."""
    if replayed.unfinished is not None:
        return replayed.unfinished
    live = [p for p in replayed.deal.players if not p.folded]
    unseen = [p.name for p in live if p.hole is None]
    if len(live) > 1 and unseen:
        # A valid history that does not know a live hand's cards (PHH ??): nothing to settle it with (§7).
        return f"cards not shown at a contested showdown: {', '.join(unseen)}"
    return None


def _compare(
    record: HandRecord, replayed: Replayed, deal: Deal, basis: str, house: _House
) -> tuple[Settlement, Verdict]:
    """Settle the site's ``deal`` (its ``expected``: what the record says was paid, in the terms of
    ``basis``) and say what differs: each player's amount, each pot, and the likely reason; the odd chips
    paid by the site's own practice (``house``) are OK with a note, or under ``--rules strict`` a MISMATCH
    of their own kind. The rake derived where the site prints none is named, and is the payout's
    difference where the site's rule gives another."""
    settlement = settle_replayed(replayed, deal)
    assert settlement.check is not None
    offset = replayed.stacks if basis == "finishing stack" else dict.fromkeys(replayed.stacks, 0)
    differences = {
        n: (e + offset[n], w + offset[n]) for n, (e, w) in settlement.check.differences.items()
    }
    pots = pot_differences(record, settlement)
    show = money(record)
    site, depth = record.site_inconsistency, record.depth
    raked = house.rake
    noted = f"; {raked.note}" if raked is not None else ""
    if site:
        why = (
            SITE
            + site
            + (
                f"; and the payout differs: {likely_reason(settlement, show)}"
                if differences
                else ""
            )
        )
        return settlement, Verdict(
            "mismatch", why + noted, basis, differences, pots, site, depth, rake=raked
        )
    if not differences and not pots:
        return settlement, Verdict(
            "ok",
            "the recorded result is what the cards and the rules give" + noted,
            basis,
            {},
            pots,
            depth=depth,
            rake=raked,
        )
    paid_so = _by_practice(record, settlement, deal, house.site)
    if paid_so is not None:
        practised = Verdict("mismatch", "", basis, differences, pots, depth=depth, rake=raked)
        return settlement, _practised(
            practised, f"{_title(house.site)}'s practice: {paid_so}", house
        )
    why = _payout_why(record, settlement, differences, pots, raked)
    return settlement, Verdict("mismatch", why, basis, differences, pots, depth=depth, rake=raked)


def _payout_why(
    record: HandRecord,
    settlement: Settlement,
    differences: dict[str, tuple[int, int]],
    pots: tuple[PotDifference, ...] | None,
    raked: RakeNote | None,
) -> str:
    """Why a payout differs (the kind ``payout``): the likely reason, after the site's rake rule where the
    rake derived is not what it gives (issue 29), or with the rake derived and not checked."""
    why = likely_reason(settlement, money(record)) if differences else _misplaced(pots or ())
    if raked is not None and raked.rule is not None and raked.rule != raked.derived:
        return f"{raked.note}: {why}"
    if (
        differences
        and record.derive_rake
        and sum(e - w for e, w in differences.values()) < 0
        and not settlement.deal.rake
    ):
        why += (
            " (the site prints no rake; more than a tenth of the pot unpaid is no rake, RULES §13: a pot or "
            "part of one was never awarded)"
        )
    return why + (f"; {raked.note}" if raked is not None else "")


def _practised(verdict: Verdict, says: str, house: _House) -> Verdict:
    """The verdict of a hand whose odd chips the site paid by its own practice (``says``; ``verdict``: the
    MISMATCH RULES §4 gives it): that MISMATCH, of the kind odd chips, under ``--rules strict``; else OK,
    naming the practice (issue 28)."""
    noted = f"; {house.rake.note}" if house.rake is not None else ""
    if house.rules == "strict":
        why = (
            f"the odd chips only: paid by {says}, not as RULES §4.3/§4.4 give them (--rules strict)"
        )
        return verdict._replace(why=why + noted, practice=says)
    why = (
        f"the recorded result is what the cards and the site's own rules give: the odd chips paid by "
        f"{says}, where RULES §4.4 gives them otherwise (--rules strict: MISMATCH)"
    )
    return verdict._replace(status="ok", why=why + noted, differences={}, pots=(), practice=says)


def _by_practice(
    record: HandRecord, settlement: Settlement, deal: Deal, site: str | None
) -> str | None:
    """The site's odd-chip practice (``checking_house.house_reading``) where it pays exactly what the
    record says, each player and each pot (and half) the history prints; else ``None``."""
    reading = house_reading(settlement, site)
    if reading is None or deal.expected is None:
        return None
    names = set(reading.won) | set(deal.expected)
    if any(reading.won.get(n, 0) != deal.expected.get(n, 0) for n in names):
        return None
    if pot_differences(record, reading.settlement):
        return None
    return reading.practice.says


def _misplaced(pots: tuple[PotDifference, ...]) -> str:
    """Why a hand whose totals agree is still a MISMATCH: a pot or half paid to other players."""
    first = pots[0]
    where = f"the {first.pot}'s {first.half} half" if first.half else f"the {first.pot}"
    return (
        f"each player's total is right, but {where} was paid to other players than the cards and the "
        "rules give it to (RULES §5.4: each pot on its own; §4.1: each half on its own)"
    )


# The start of a verdict's ``why`` when the history's own lines disagree (issue 11).
SITE = "the site's own lines disagree: "


def pot_differences(record: HandRecord, settlement: Settlement) -> tuple[PotDifference, ...] | None:
    """Each pot (or, where the site tags them, each half of a pot) whose recorded payout is not the
    settlement's, main pot first; ``None`` when the history prints no per-pot lines, or prints another
    number of pots than the actions build (the site's own inconsistency, reported as such)."""
    by_pot, halves = record.recorded_by_pot, record.recorded_halves
    if by_pot is None or len(by_pot) != len(settlement.pots):
        return None
    found: list[PotDifference] = []
    seats = [p.name for p in settlement.players]  # both sides in the deal's order, to read across

    def differ(
        recorded: dict[str, int], given: dict[str, int], pot: str, half: str | None = None
    ) -> None:
        paid = {
            n: recorded[n] for n in [*seats, *sorted(set(recorded) - set(seats))] if recorded.get(n)
        }
        ours = {n: given[n] for n in seats if given.get(n)}
        if paid != ours:
            found.append(PotDifference(pot, paid, ours, half))

    for i, pot in enumerate(settlement.pots):
        shares = half_shares(pot) if halves is not None else None
        if halves is None or shares is None:
            differ(by_pot[i], pot.shares, pot.name)
            continue
        for half in ("high", "low"):
            differ(halves[i][half], shares[half], pot.name, half)
    return tuple(found)


def half_shares(pot: PotResult) -> dict[str, dict[str, int]] | None:
    """What each player got from each half of ``pot`` where its halves were divided on their own (split,
    or high only: RULES §4.1), as ``settle`` divided them (``Half.shares``); ``None`` where the pot was
    divided whole (a scoop, the same winners both ways §4.5, one player eligible) or between boards
    (§12), which a site's halves cannot be held against."""
    if pot.division == "high only":
        return {"high": dict(pot.shares), "low": {}}
    if pot.division != "split" or pot.low is None or pot.high.shares is None:
        return None
    return {"high": dict(pot.high.shares), "low": dict(pot.low.shares or {})}


def likely_reason(s: Settlement, show: Callable[[int], str] = str) -> str:
    """The likeliest reason a recorded result differs from the settlement: an odd chip, a tied half paid
    whole to one of its winners, a pot or half given to another hand, or chips that do not add up."""
    assert s.check is not None
    diffs = {n: e - w for n, (e, w) in s.check.differences.items()}
    unit = s.deal.chip_unit
    total = sum(diffs.values())
    if total:
        more = "more" if total > 0 else "less"
        return (
            f"the recorded amounts pay out {show(abs(total))} {more} than the pots hold (a rake, or chips "
            "miscounted; RULES §4.7: chips are conserved)"
        )
    if all(abs(d) <= unit for d in diffs.values()):
        return "an odd chip went to another player (RULES §4.3, §4.4, §4.6)"
    for pot in s.pots:
        for half in (pot.high, pot.low):
            if half is None or len(half.winners) < 2:
                continue
            share = half.amount // len(half.winners)
            for name in half.winners:
                if abs(diffs.get(name, 0) - (half.amount - share)) <= unit * len(half.winners):
                    return (
                        f"a tied half paid whole: the {pot.name}'s {'high' if half is pot.high else 'low'} half "
                        f"({show(half.amount)}) went to {name} alone, but {names_list(half.winners)} tie for it "
                        "(RULES §4.1, §4.4)"
                    )
    gainers = [n for n, d in diffs.items() if d > 0]
    return (
        f"a pot or half given to the wrong hand: {names_list(gainers)} recorded more than the cards win "
        "(RULES §7: cards speak; §5.4: each pot on its own)"
    )


# -- rendering ----------------------------------------------------------------------------------------
def process(
    record: HandRecord | HandText,
    fmt: OutputFormat,
    all_in: bool = False,
    look: Look = PLAIN,
    rules: str = "house",
) -> Checked:
    """Read (a ``HandText``), check and render one hand (a text report styled by ``look``); bad input
    becomes an error outcome, never an exception. ``all_in`` (issue 20): work out the hand's all-in
    figures too, for its report and the summary. ``rules`` (issue 28): ``house`` or ``strict``
    (``check``)."""
    site = record.reader if isinstance(record, HandText) else None
    if isinstance(record, HandText):
        record = read_text(record)
    luck = None
    try:
        settlement, verdict = check(record, site, rules)
        if all_in:  # issue 20
            from hilo_cli.formats import allin_out

            luck = hand_luck(record, settlement)
            added = allin_out.added(luck.all_in if luck else None, record.currency, fmt)
            output = render(record, settlement, verdict, fmt, added, look)
        else:
            output = render(record, settlement, verdict, fmt, look=look)
    except HiloError as e:
        return _failed(_at_action(record, e.message), e.message, fmt)._replace(site=site)
    except (RecursionError, OverflowError, TypeError, ValueError) as e:
        return _failed(record, f"cannot check this hand ({type(e).__name__}: {e})", fmt)._replace(
            site=site
        )
    return Checked(
        record.source, record.line, output, verdict.status, None, site, luck, verdict.kind
    )


# -- all-in equity (issue 20) ---------------------------------------------------------------------------
def hand_luck(record: HandRecord, settlement: Settlement | None) -> allin.HandLuck | None:
    """A checked hand's part of the all-in summary: each player's chips won and, where the betting ended
    with cards to come, the all-in figures (``allin.all_in``) from the pots as the site raked them
    (``site_deal``); ``None`` for a hand with nothing to replay."""
    from hilo_cli import allin

    hand = record.hand
    if record.error is not None or hand is None:
        return None
    if settlement is not None and not allin.may_be_all_in(hand):
        # Most hands: no all-in with cards to come, and the check's settlement has the contributions.
        return allin.HandLuck(
            record.source,
            record.line,
            record.id,
            record.currency,
            _net_from(record, settlement),
            None,
            allin.hero_of(hand),
        )
    replayed = replay(hand)
    if replayed.unfinished is not None:
        return None
    won, _ = recorded_won(record, replayed)
    if won is None and settlement is not None:
        won = {p.player.name: p.won for p in settlement.players}
    paid = {n: w - replayed.returned.get(n, 0) for n, w in (won or {}).items()}
    try:
        found = allin.all_in(replayed, site_deal(record, replayed), paid, hand)
    except SiteInconsistency as e:
        found = allin.all_in(replayed, replayed.deal, paid, hand)
        if found is not None:
            found = found._replace(
                players=(),
                runouts=None,
                exact=None,
                note=None,
                why=f"the site's own lines disagree: {e.message}",
            )
    return allin.HandLuck(
        record.source,
        record.line,
        record.id,
        record.currency,
        allin.net_won(replayed, won),
        found,
        allin.hero_of(hand),
    )


def _net_from(record: HandRecord, settlement: Settlement) -> dict[str, int]:
    """Each player's chips won from the check's settlement, without replaying again: what the record
    says they won (``recorded_won``'s terms), else what the settlement pays, minus what they put in."""
    put = {p.name: p.contributed or 0 for p in settlement.deal.players}
    if record.recorded_stacks is not None and record.hand is not None:
        start = dict(zip(record.hand.players, record.hand.starting_stacks, strict=True))
        won = {n: s - (start[n] - put[n]) for n, s in record.recorded_stacks.items() if n in put}
    elif record.recorded_won is not None:
        won = dict(record.recorded_won)
        if record.won_excludes_returned:
            for name, chips in settlement.returned.items():
                won[name] = won.get(name, 0) + chips
    else:
        won = {p.player.name: p.won for p in settlement.players}
    return {name: won.get(name, 0) - chips for name, chips in put.items()}


def _at_action(record: HandRecord, message: str) -> HandRecord:
    """The record placed at the line of the action a message names (``action N ...``), where known."""
    found = re.match(r"action (\d+) ", message)
    lines = record.action_lines
    if found and 0 < int(found.group(1)) <= len(lines):
        return record._replace(line=lines[int(found.group(1)) - 1])
    return record


def _failed(record: HandRecord, message: str, fmt: OutputFormat) -> Checked:
    return Checked(record.source, record.line, error_output(record, message, fmt), "error", message)


def _process_chunk(
    chunk: list[HandRecord | HandText], fmt: OutputFormat, all_in: bool, look: Look, rules: str
) -> list[Checked]:
    return [process(record, fmt, all_in, look, rules) for record in chunk]


def run(
    records: Iterable[HandRecord | HandText],
    fmt: OutputFormat,
    jobs: int = 1,
    all_in: bool = False,
    look: Look = PLAIN,
    rules: str = "house",
) -> Generator[Checked, None, None]:
    """Check every hand, in input order, here (``jobs`` 1) or in ``jobs`` worker processes (``pool``). A
        ``HandText`` (``histories.split``) is read where it is checked: with ``jobs`` > 1 the parent only cuts
        files into hands and writes the outcomes, and the workers read, replay, settle and render. ``all_in``
        (issue 20): each outcome carries its hand's all-in figures (``Checked.luck``). Text reports are styled
    by ``look`` where they are written; ``rules`` (issue 28): ``house`` or ``strict`` (``check``)."""
    if jobs <= 1:
        for record in records:
            yield process(record, fmt, all_in, look, rules)
        return
    from hilo_cli import pool

    work = partial(_process_chunk, fmt=fmt, all_in=all_in, look=look, rules=rules)
    yield from pool.ordered(records, work, jobs, 50)
