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
from collections.abc import Callable, Generator, Iterable, Iterator
from functools import partial
from itertools import islice
from typing import Any, Literal, NamedTuple

from hilo_cli.betting import Replayed, replay
from hilo_cli.deal import Deal
from hilo_cli.errors import HiloError
from hilo_cli.formats import csv_out, json_out, jsonlib, text_out
from hilo_cli.formats.safe import shown, unlike
from hilo_cli.histories import HandRecord, HandText, read_text
from hilo_cli.histories.summary import SiteInconsistency, check_returned, derived_rake, rake_by_pot
from hilo_cli.pots import divide
from hilo_cli.showdown import Half, PotResult, Settlement, settle

Status = Literal["ok", "mismatch", "not-checkable", "error"]
OutputFormat = Literal["text", "json", "csv"]
VERDICTS: dict[Status, str] = {"ok": "OK", "mismatch": "MISMATCH", "not-checkable": "NOT CHECKABLE", "error": "ERROR"}
CSV_COLUMNS = (*csv_out.COLUMNS, "verdict", "why")


class PotDifference(NamedTuple):
    """One pot the history paid differently: what each player collected from it, and what the cards and
    the rules give each (players with nothing left out)."""

    pot: str
    recorded: dict[str, int]
    recomputed: dict[str, int]
    half: str | None = None  # "high" or "low" where the site tags each half (``None``: the pot whole)


class Verdict(NamedTuple):
    """The check of one hand. ``differences`` maps each player whose amount differs to ``(recorded,
    recomputed)`` in the terms of ``basis`` (``finishing stack`` or ``won``). ``pots``: for a MISMATCH of
    a history with a line per pot, each pot that differs (``None``: the history has no per-pot lines).
    ``site``: where the history's own lines disagree (a MISMATCH whatever the payout). ``depth``: how deep
    the record let the check go (``per half``, ``per pot``, ``per player``)."""

    status: Status
    why: str
    basis: str
    differences: dict[str, tuple[int, int]]
    pots: tuple[PotDifference, ...] | None = None
    site: str | None = None
    depth: str = "per player"


class Checked(NamedTuple):
    """One hand's outcome: ``output`` to print (UTF-8) and its ``status``; ``error`` for bad input."""

    source: str
    line: int
    output: bytes
    status: Status
    error: str | None


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
            each = [derived_rake([b], sum(paid_from.values())) for b, paid_from in zip(built, by_pot, strict=True)]
            derived = None if None in each else tuple(r[0] if r else 0 for r in each if r is not None)
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
        return {n: s - replayed.stacks[n] for n, s in record.recorded_stacks.items() if n in replayed.stacks}, \
            "finishing stack"
    if record.recorded_won is not None:
        won = dict(record.recorded_won)
        if record.won_excludes_returned:
            for name, chips in replayed.returned.items():
                won[name] = won.get(name, 0) + chips
        return won, "won"
    return None, "won"


def check(record: HandRecord) -> tuple[Settlement | None, Verdict]:
    """Replay, settle and compare one hand. Raises ``HiloError`` for bad input (the record's own error,
    an action that breaks RULES §14, a deal that breaks the showdown rules).

    A history whose own lines disagree (``record.site_inconsistency``, or ``SiteInconsistency`` from its
    summary, ``site_deal``) is a MISMATCH saying so: the file was read, the site is at fault. It is still
    replayed first, so an illegal action stays bad input, and settled where its pots can be built, so the
    payout's own differences are shown with it."""
    if record.error is not None:
        raise HiloError(record.error)
    hand = record.hand
    if hand is None:
        return None, Verdict("not-checkable", record.not_checkable or "nothing to replay", "won", {})
    replayed = replay(hand)
    if replayed.unfinished is not None:
        return None, Verdict("not-checkable", replayed.unfinished, "won", {})
    live = [p for p in replayed.deal.players if not p.folded]
    unseen = [p.name for p in live if p.hole is None]
    if len(live) > 1 and unseen:
        # A valid history that does not know a live hand's cards (PHH ??): nothing to settle it with (§7).
        return None, Verdict("not-checkable", f"cards not shown at a contested showdown: {', '.join(unseen)}",
                             "won", {})
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
        return settlement, Verdict("not-checkable", record.not_checkable or "no recorded result", basis, {},
                                   depth=depth)
    settlement = settle_replayed(replayed, deal._replace(expected=expected))
    assert settlement.check is not None
    offset = replayed.stacks if basis == "finishing stack" else dict.fromkeys(replayed.stacks, 0)
    differences = {n: (e + offset[n], w + offset[n]) for n, (e, w) in settlement.check.differences.items()}
    pots = pot_differences(record, settlement)
    show = money(record)
    if site:
        why = SITE + site + (f"; and the payout differs: {likely_reason(settlement, show)}" if differences else "")
        return settlement, Verdict("mismatch", why, basis, differences, pots, site, depth)
    if not differences and not pots:
        return settlement, Verdict("ok", "the recorded result is what the cards and the rules give", basis, {}, pots,
                                   depth=depth)
    why = likely_reason(settlement, show) if differences else _misplaced(pots or ())
    if differences and record.derive_rake and sum(e - w for e, w in differences.values()) < 0 and not deal.rake:
        why += (" (the site prints no rake; more than a tenth of the pot unpaid is no rake, RULES §13: a pot or "
                "part of one was never awarded)")
    return settlement, Verdict("mismatch", why, basis, differences, pots, depth=depth)


def _misplaced(pots: tuple[PotDifference, ...]) -> str:
    """Why a hand whose totals agree is still a MISMATCH: a pot or half paid to other players."""
    first = pots[0]
    where = f"the {first.pot}'s {first.half} half" if first.half else f"the {first.pot}"
    return (f"each player's total is right, but {where} was paid to other players than the cards and the "
            "rules give it to (RULES §5.4: each pot on its own; §4.1: each half on its own)")


def money(record: HandRecord) -> Callable[[int], str]:
    """How to show an amount of ``record`` to people: as its site writes money (``$3.99``), or as units."""
    return record.currency.show if record.currency is not None else str


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

    def differ(recorded: dict[str, int], given: dict[str, int], pot: str, half: str | None = None) -> None:
        paid = {n: recorded[n] for n in [*seats, *sorted(set(recorded) - set(seats))] if recorded.get(n)}
        ours = {n: given[n] for n in seats if given.get(n)}
        if paid != ours:
            found.append(PotDifference(pot, paid, ours, half))

    for i, pot in enumerate(settlement.pots):
        shares = half_shares(pot, settlement.deal.chip_unit) if halves is not None else None
        if halves is None or shares is None:
            differ(by_pot[i], pot.shares, pot.name)
            continue
        for half in ("high", "low"):
            differ(halves[i][half], shares[half], pot.name, half)
    return tuple(found)


def half_shares(pot: PotResult, unit: int) -> dict[str, dict[str, int]] | None:
    """What each player gets from each half of ``pot`` where its halves are divided on their own (split,
    or high only: RULES §4.1); ``None`` where the pot is divided whole (a scoop, the same winners both ways
    §4.5, one player eligible) or between boards (§12), which a site's halves cannot be held against."""
    if pot.division == "high only":
        return {"high": dict(pot.shares), "low": {}}
    if pot.division != "split" or pot.low is None:
        return None

    def each(half: Half) -> dict[str, int]:
        got, _ = divide(half.amount // unit, half.winners)
        return {n: u * unit for n, u in got.items() if u}

    return {"high": each(pot.high), "low": each(pot.low)}


def likely_reason(s: Settlement, show: Callable[[int], str] = str) -> str:
    """The likeliest reason a recorded result differs from the settlement: an odd chip, a tied half paid
    whole to one of its winners, a pot or half given to another hand, or chips that do not add up."""
    assert s.check is not None
    diffs = {n: e - w for n, (e, w) in s.check.differences.items()}
    unit = s.deal.chip_unit
    total = sum(diffs.values())
    if total:
        more = "more" if total > 0 else "less"
        return (f"the recorded amounts pay out {show(abs(total))} {more} than the pots hold (a rake, or chips "
                "miscounted; RULES §4.7: chips are conserved)")
    if all(abs(d) <= unit for d in diffs.values()):
        return "an odd chip went to another player (RULES §4.3, §4.4, §4.6)"
    for pot in s.pots:
        for half in (pot.high, pot.low):
            if half is None or len(half.winners) < 2:
                continue
            share = half.amount // len(half.winners)
            for name in half.winners:
                if abs(diffs.get(name, 0) - (half.amount - share)) <= unit * len(half.winners):
                    return (f"a tied half paid whole: the {pot.name}'s {'high' if half is pot.high else 'low'} half "
                            f"({show(half.amount)}) went to {name} alone, but {_names(half.winners)} tie for it "
                            "(RULES §4.1, §4.4)")
    gainers = [n for n, d in diffs.items() if d > 0]
    return (f"a pot or half given to the wrong hand: {_names(gainers)} recorded more than the cards win "
            "(RULES §7: cards speak; §5.4: each pot on its own)")


# -- rendering ----------------------------------------------------------------------------------------
# Names, hand ids and file names are data: in text and CSV every line and cell is escaped (``safe``), so
# a name holding a newline, an escape sequence or a bidi override cannot write a line of its own or forge
# a verdict; JSON keeps them as they are. The reasons (``why``) name players raw, for JSON: each writer
# escapes them as it writes.

# The start of a verdict line: no other line of the text report may begin so (``safe.unlike``).
VERDICT_STARTS = tuple(f"{word}:" for word in VERDICTS.values())


def _names(names: tuple[str, ...] | list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _where(record: HandRecord) -> str:
    return f"{record.source}:{record.line}" if record.line else record.source


def _label(record: HandRecord) -> str:
    return _where(record) + (f" hand {record.id}" if record.id is not None else "")


def verdict_text(record: HandRecord, verdict: Verdict) -> str:
    """The verdict line, one line per differing player, and for a MISMATCH one per differing pot: each
    line escaped (``safe.shown``)."""
    show = money(record)
    head = f"{VERDICTS[verdict.status]}: {_label(record)}: {verdict.why}"
    if verdict.depth == "per player" and verdict.status in ("ok", "mismatch"):
        head += " (checked: per player totals)"  # never claim more than the record allows
    lines = [head]
    for name, (recorded, recomputed) in verdict.differences.items():
        change = recomputed - recorded
        lines.append(f"  {name}: recorded {verdict.basis} {show(recorded)}, the cards and the rules give "
                     f"{show(recomputed)} ({'+' if change > 0 else ''}{show(change)})")
    if verdict.status == "mismatch":
        for pot in verdict.pots or ():
            half = f" {pot.half} half" if pot.half else ""
            lines.append(f"  {pot.pot}{half}: recorded {_paid(pot.recorded, show)}; the cards and the rules give "
                         f"{_paid(pot.recomputed, show)}")
    return "\n".join(map(shown, lines)) + "\n"


def _paid(amounts: dict[str, int], show: Callable[[int], str]) -> str:
    return ", ".join(f"{name} {show(amount)}" for name, amount in amounts.items()) or "nothing"


def _check_dict(record: HandRecord, verdict: Verdict, settled: dict[str, Any] | None) -> dict[str, Any]:
    out: dict[str, Any] = dict(settled.get("check") or {}) if settled is not None else {}
    out["ok"] = {"ok": True, "mismatch": False}.get(verdict.status)
    out["verdict"] = VERDICTS[verdict.status]
    out["why"] = verdict.why
    out["basis"] = verdict.basis
    differences = out.get("differences") or {}
    for name, (recorded, recomputed) in verdict.differences.items():
        differences.setdefault(name, {}).update({"recorded": recorded, "recomputed": recomputed})
    out["differences"] = differences
    # Added for issue 11: the pots paid differently (a MISMATCH; null where the history prints no per-pot
    # lines) and the history's own inconsistency.
    pots = verdict.pots if verdict.status == "mismatch" or verdict.pots is None else ()
    out["pots"] = None if pots is None else [p._asdict() for p in pots]
    out["site_inconsistency"] = verdict.site
    # Added for issue 17: how deep the record let the check go, and how the site writes money (amounts
    # stay integers in the smallest unit).
    out["depth"] = verdict.depth
    out["currency"] = record.currency._asdict() if record.currency is not None else None
    return out


def render(record: HandRecord, settlement: Settlement | None, verdict: Verdict, fmt: OutputFormat) -> bytes:
    """One checked hand in ``fmt``."""
    if fmt == "json":
        settled = json_out.settlement_dict(settlement) if settlement is not None else None
        out: dict[str, Any] = {"id": record.id, "source": record.source, "line": record.line or None}
        out["where"] = _where(record)  # added in 0.1.0 (issue 21): FILE:LINE, as batch's source
        if settled is not None:
            out.update(settled)
            out["id"] = record.id
        out["check"] = _check_dict(record, verdict, settled)
        return jsonlib.dumps_line(out)
    if fmt == "csv":
        rows = csv_out.settlement_cells(settlement, _where(record)) if settlement is not None else []
        table = rows or [[_where(record), record.id or "", *[""] * (len(csv_out.COLUMNS) - 2)]]
        return csv_out.write([*row, VERDICTS[verdict.status], verdict.why] for row in table).encode()
    text = verdict_text(record, verdict)
    if settlement is not None:
        # A player or a file named "OK: ..." starts a line of the report: it must not read as a verdict.
        text += unlike(text_out.settlement_text(settlement, _where(record), money(record)), VERDICT_STARTS)
    return (text + "\n").encode()


def error_output(record: HandRecord, message: str, fmt: OutputFormat) -> bytes:
    if fmt == "json":
        return jsonlib.dumps_line({**json_out.error_dict(record.id, record.line, message), "source": record.source})
    if fmt == "csv":
        row = csv_out.error_row(_where(record), record.id, message).rstrip("\n")
        return (row + ",ERROR,\n").encode()
    return b""


def process(record: HandRecord | HandText, fmt: OutputFormat) -> Checked:
    """Read (a ``HandText``), check and render one hand; bad input becomes an error outcome, never an
    exception."""
    if isinstance(record, HandText):
        record = read_text(record)
    try:
        settlement, verdict = check(record)
        output = render(record, settlement, verdict, fmt)
    except HiloError as e:
        return _failed(_at_action(record, e.message), e.message, fmt)
    except (RecursionError, OverflowError, TypeError, ValueError) as e:
        return _failed(record, f"cannot check this hand ({type(e).__name__}: {e})", fmt)
    return Checked(record.source, record.line, output, verdict.status, None)


def _at_action(record: HandRecord, message: str) -> HandRecord:
    """The record placed at the line of the action a message names (``action N ...``), where known."""
    found = re.match(r"action (\d+) ", message)
    lines = record.action_lines
    if found and 0 < int(found.group(1)) <= len(lines):
        return record._replace(line=lines[int(found.group(1)) - 1])
    return record


def _failed(record: HandRecord, message: str, fmt: OutputFormat) -> Checked:
    return Checked(record.source, record.line, error_output(record, message, fmt), "error", message)


def _chunks(records: Iterable[HandRecord | HandText], size: int) -> Iterator[list[HandRecord | HandText]]:
    it = iter(records)
    while chunk := list(islice(it, size)):
        yield chunk


def _process_chunk(chunk: list[HandRecord | HandText], fmt: OutputFormat) -> list[Checked]:
    return [process(record, fmt) for record in chunk]


def run(records: Iterable[HandRecord | HandText], fmt: OutputFormat, jobs: int = 1
        ) -> Generator[Checked, None, None]:
    """Check every hand, in input order, here (``jobs`` 1) or in ``jobs`` worker processes. A ``HandText``
    (``histories.split``) is read where it is checked: with ``jobs`` > 1 the parent only cuts files into
    hands and writes the outcomes, and the workers read, replay, settle and render."""
    if jobs <= 1:
        for record in records:
            yield process(record, fmt)
        return
    import multiprocessing
    from collections import deque

    work = partial(_process_chunk, fmt=fmt)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        pending: deque[multiprocessing.pool.AsyncResult[list[Checked]]] = deque()
        for chunk in _chunks(records, 50):
            pending.append(pool.apply_async(work, (chunk,)))
            if len(pending) >= 4 * jobs:
                yield from pending.popleft().get()
        while pending:
            yield from pending.popleft().get()


def csv_header() -> bytes:
    return csv_out.write([CSV_COLUMNS]).encode()
