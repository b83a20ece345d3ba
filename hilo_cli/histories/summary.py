"""The checks of what a site printed about its pots, for every site: the site's own lines disagreeing.

A site's summary says what the pots were (before and after rake), what each player collected from each
pot, and what each player won. Where these disagree with each other, or with the pots the actions build
(RULES §5.1, §5.3, §13), the file is readable and the site is at fault: a ``SiteInconsistency``, which
``hilo check`` reports as a MISMATCH naming it, never as bad input.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from hilo_cli.cards import Card, format_cards
from hilo_cli.errors import DealError
from hilo_cli.histories.base import Summary
from hilo_cli.histories.site import Collect, SiteHand


class SiteInconsistency(DealError):
    """The history's own lines disagree (the summary's pots do not add up, a returned uncalled bet the
    actions do not leave): reported as a MISMATCH, never as bad input."""


def pot_name(index: int, count: int) -> str:
    """The usual name of pot ``index`` of ``count``: "pot", or "main pot", "side pot-1", ..."""
    if count == 1:
        return "pot"
    return "main pot" if index == 0 else f"side pot-{index}"


def collected(collects: Sequence[Collect]) -> dict[str, int]:
    """What the site paid each player from the pots: the collect lines, summed per player."""
    paid: dict[str, int] = {}
    for c in collects:
        paid[c.player] = paid.get(c.player, 0) + c.amount
    return paid


def collected_by_pot(collects: Sequence[Collect], pots: int | None) -> tuple[dict[str, int], ...]:
    """What the site paid from each of its ``pots`` printed pots (main pot first, runs added together;
    ``None``: as many pots as the collect lines name). A collect from a pot the summary does not print is
    the site's own inconsistency."""
    count = max(pots if pots is not None else max((c.pot + 1 for c in collects), default=1), 1)
    paid: list[dict[str, int]] = [{} for _ in range(count)]
    for c in collects:
        if c.pot >= count:
            raise SiteInconsistency(
                f"line {c.line}: {c.player} collected from the {c.label}, but the summary "
                f"prints {count} pot{'s' if count > 1 else ''}"
            )
        paid[c.pot][c.player] = paid[c.pot].get(c.player, 0) + c.amount
    return tuple(paid)


def collected_by_half(
    collects: Sequence[Collect], pots: int
) -> tuple[dict[str, dict[str, int]], ...] | None:
    """What the site paid from each half of each of ``pots`` pots (``{"high": ..., "low": ...}`` per pot,
    runs added together), where every collect line names its half; else ``None``."""
    if not collects or any(c.half not in ("high", "low") for c in collects):
        return None
    paid: list[dict[str, dict[str, int]]] = [{"high": {}, "low": {}} for _ in range(pots)]
    for c in collects:
        half = paid[c.pot][c.half or "high"]
        half[c.player] = half.get(c.player, 0) + c.amount
    return tuple(paid)


def won_disagreement(
    paid: Mapping[str, int], won: Mapping[str, int], show: Callable[[int], str] = str
) -> str | None:
    """Where the summary's "won" amounts differ from the collect lines (naming both amounts of each
    player, as ``show`` writes money), or ``None``."""
    summary = {n: w for n, w in won.items() if w or n in paid}
    if paid == summary:
        return None
    return "; ".join(
        f"{n} collected {show(paid.get(n, 0))}, the summary says won {show(summary.get(n, 0))}"
        for n in sorted(set(paid) | set(summary))
        if paid.get(n, 0) != summary.get(n, 0)
    )


def board_disagreement(hand: SiteHand) -> str | None:
    """Where the summary's boards are not the boards dealt, or a hand "run twice" has not two runs
    (RULES §12.1); ``None`` when they agree. The replay uses the boards dealt."""
    runs = [r for r in hand.boards if r > 0]
    if hand.runs > 1 and len(runs) != hand.runs:
        return (
            f"the summary says the hand was run {hand.runs} times, but {len(runs)} runs were dealt"
        )
    for run, cards in hand.summary_boards.items():
        dealt: tuple[Card, ...] = tuple(hand.boards.get(run, ()))
        if cards != dealt:
            label = {0: "board", 1: "FIRST board", 2: "SECOND board", 3: "THIRD board"}.get(
                run, f"board {run}"
            )
            return (
                f"the summary's {label} {format_cards(cards)} is not the board dealt, "
                f"{format_cards(dealt) or 'none'}"
            )
    return None


def check_returned(summary: Summary, returned: Mapping[str, int]) -> None:
    """An uncalled bet the site returned must be the one the actions leave (RULES §5.3)."""
    for name, chips in summary.uncalled.items():
        if returned.get(name, 0) != chips:
            raise SiteInconsistency(
                f"the site returned an uncalled bet of {chips} to {name}, but the actions "
                f"leave {returned.get(name, 0)} uncalled (RULES §5.3)"
            )


def rake_by_pot(summary: Summary, built: Sequence[int]) -> tuple[int, ...]:
    """The rake each pot paid (RULES §13): the pot the actions built minus the pot the site printed.

    Raises ``SiteInconsistency`` when the site's summary does not add up: Total pot is not what the
    actions put in, the rake is more than the pot, the printed pots are not Total pot − Rake, a printed
    pot is more than its built pot, or the site printed a different number of pots.
    """
    total, rake = summary.total, summary.rake
    if sum(built) != total:
        raise SiteInconsistency(
            f"the summary's Total pot is {total}, but the actions put {sum(built)} in the pots"
        )
    if rake > total:
        raise SiteInconsistency(
            f"the summary's Rake {rake} is more than the Total pot {total} (RULES §13)"
        )
    printed = list(summary.printed) or [total - rake]
    if sum(printed) != total - rake:
        raise SiteInconsistency(
            f"the printed pots add up to {sum(printed)}, not Total pot {total} − Rake {rake} "
            f"= {total - rake} (RULES §13)"
        )
    if len(printed) != len(built):
        raise SiteInconsistency(
            f"the site printed {len(printed)} pot(s) and the actions build {len(built)}: "
            f"{', '.join(map(str, built))} (RULES §5.1)"
        )
    for i, (b, p) in enumerate(zip(built, printed, strict=True)):
        if p > b:
            raise SiteInconsistency(
                f"the {pot_name(i, len(built))} is printed as {p}, more than the {b} the "
                "actions put in it (RULES §13)"
            )
    return tuple(b - p for b, p in zip(built, printed, strict=True))


# A site that prints no rake: what was put in and not paid out is taken as its rake only up to this share
# of the pot (a tenth, rounded up: sites take 5% or less, with a cap); more is a pot, or part of one, never
# awarded, and is reported as such.
RAKE_SHARE = 10


def derived_rake(built: Sequence[int], paid: int) -> tuple[int, ...] | None:
    """The rake of each pot of a site that prints none (RULES §13): what the actions put in (``built``, main
    pot first) less what the site ``paid`` from the pots. Each pot pays its share of it in proportion to
    its size (the sites take one rate from every pot: PokerStars' printed pots, 21 and 20 of 420 and 400,
    are 5% each), the units left over one each to the pots with the largest remainders, the main pot first
    among equals. ``()`` when nothing is left over; ``None`` when more is left over than a rake could be
    (``RAKE_SHARE``)."""
    total = sum(built)
    taken = total - paid
    if taken <= 0:
        return ()
    if taken > -(-total // RAKE_SHARE):
        return None
    shares = [taken * amount // total for amount in built]
    remainders = [taken * amount % total for amount in built]
    order = sorted(range(len(built)), key=lambda i: (-remainders[i], i))
    for i in order[: taken - sum(shares)]:
        shares[i] += 1
    return tuple(shares)
