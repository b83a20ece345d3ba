"""The text report: reads like a floor decision.

Each player's high and low with the hole cards used before the ``+``, "no low" with its reason, then
each pot: the high half to whom, the low half to whom, ties and odd chips with their reasons, and each
player's total. A deal on several boards (RULES §12) shows each player's hands run by run, and each pot
split between the runs, then run 1 and run 2 each divided as a pot of its own; rake (§13) is shown on
the pot it came from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hilo_cli.cards import Card, format_cards
from hilo_cli.evaluate import Hands, HighHand, LowHand
from hilo_cli.formats.safe import shown
from hilo_cli.showdown import BoardResult, Half, PotResult, Settlement


def names_list(names: Sequence[str]) -> str:
    """Names as a sentence lists them: ``A``, ``A and B``, ``A, B and C``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _used(hand: HighHand | LowHand, hole: Sequence[Card], board_game: bool) -> str:
    # A low reads best from the bottom up, the way it is spoken: A-3-6 with 2-4.
    cards = hand.cards if isinstance(hand, HighHand) else hand.cards[::-1]
    if not board_game:
        return format_cards(cards)
    from_hole = [c for c in cards if c in hole]
    from_board = [c for c in cards if c not in hole]
    return f"{format_cards(from_hole)} + {format_cards(from_board)}"


Show = Callable[[int], str]
"""How an amount is written for people: ``str`` (units), or a site's money (``$3.99``, ``4.96€``)."""


def _half(label: str, half: Half, unit: int, show: Show) -> str:
    winners = half.winners
    hand = half.hand.lower() if label == "high" else half.hand
    if len(winners) == 1:
        return f"{label:<4} {show(half.amount)} to {winners[0]} ({hand})"
    each = half.amount // unit // len(winners) * unit
    return f"{label:<4} {show(half.amount)} tied by {names_list(winners)} ({hand}), {show(each)} each"


def _division_lines(pot: PotResult | BoardResult, unit: int, show: Show) -> list[str]:
    """How one pot, or one board's share of it, was divided, and its odd chips."""
    lines: list[str] = []
    high, low = pot.high, pot.low
    if pot.division == "uncontested":
        lines.append(f"{show(pot.amount)} to {high.winners[0]} (the only player eligible)")
    elif pot.division == "scoop" and low is not None:
        lines.append(f"scoop {show(pot.amount)} to {high.winners[0]} (high {high.hand.lower()}, low {low.hand})")
    elif pot.division == "same winners" and low is not None:
        each = pot.amount // unit // len(high.winners) * unit
        lines.append(
            f"high and low both to {names_list(high.winners)} ({high.hand.lower()}; {low.hand}): "
            f"one division of the whole pot, {show(each)} each (RULES §4.5)"
        )
    else:
        lines.append(_half("high", high, unit, show))
        if low is not None and high.amount > low.amount and len(high.winners) > 1:
            lines[-1] += " (with the odd chip of the split, RULES §4.3)"
        if low is not None:
            lines.append(_half("low", low, unit, show))
        else:
            lines.append(f"no low: {pot.no_low}")
    for odd in pot.odd_chips:
        lines.append(f"odd chip {show(odd.amount)} to {odd.to}: {odd.why}")
    return lines


def _by_board_lines(pot: PotResult, unit: int, show: Show) -> list[str]:
    """A pot divided between boards (RULES §12.2): the shares per board, then each board on its own."""
    runs = pot.runs
    sizes = sorted({r.amount for r in runs}, reverse=True)
    each = f"{show(sizes[0])} each" if len(sizes) == 1 else " / ".join(show(r.amount) for r in runs)
    lines = [f"split between {len(runs)} {'runs' if runs[0].name.startswith('run') else 'boards'}: {each} "
             "(RULES §12.2)"]
    lines += [f"odd chip {show(o.amount)} to {o.to}: {o.why}" for o in pot.odd_chips if o.half == "board"]
    for run in runs:
        label = f"{run.name} {show(run.amount)}"
        pad = " " * (len(label) + 3)
        body = _division_lines(run, unit, show)
        lines += [label + "   " + body[0]] + [pad + line for line in body[1:]]
    return lines


def _pot_lines(pot: PotResult, unit: int, single: bool, show: Show) -> list[str]:
    label = f"{pot.name} {show(pot.amount)}"
    if not single:
        label += f" ({', '.join(pot.eligible)})"
    lines = _by_board_lines(pot, unit, show) if pot.runs else _division_lines(pot, unit, show)
    if pot.rake:
        lines.insert(0, f"after {show(pot.rake)} rake taken by the house first (RULES §13)")
    pad = " " * (len(label) + 3)
    return [label + "   " + lines[0]] + [pad + line for line in lines[1:]]


def _hand_lines(prefix: str, hands: Hands, hole: Sequence[Card], board_game: bool, split: bool) -> list[str]:
    lines = [f"{prefix}high  {_used(hands.high, hole, board_game)}   {hands.high.name.lower()}"]
    indent = " " * len(prefix)
    if hands.low is not None:
        lines.append(f"{indent}low   {_used(hands.low, hole, board_game)}   {hands.low.name}")
    elif split:
        lines.append(f"{indent}low   none: {hands.no_low}")
    return lines


def _board_labels(s: Settlement) -> list[str]:
    for pot in s.pots:
        if pot.runs:
            return [r.name for r in pot.runs]
    word = "run" if all(b[0] == s.deal.boards[0][0] for b in s.deal.boards) else "board"
    return [f"{word} {k + 1}" for k in range(len(s.deal.boards))]


def settlement_text(s: Settlement, source: str = "", show: Show = str) -> str:
    """The report for one settlement, ending with a newline; amounts written by ``show`` (a hand history's
    money, as its site writes it; units by default)."""
    deal = s.deal
    labels = _board_labels(s) if deal.boards else []
    lines = [_head(s, source, labels, show), *_player_lines(s, labels, show)]
    single = len(s.pots) == 1
    for pot in s.pots:
        lines.extend(_pot_lines(pot, deal.chip_unit, single, show))
    for name, chips in s.returned.items():
        lines.append(f"{show(chips)} uncalled returned to {name} (RULES §5.3)")
    quartered = _quartered(s)
    lines.append("   ".join(
        f"{r.name} wins {show(r.won)}" + (" (quartered)" if r.name in quartered else "")
        for r in s.players
        if not r.player.folded or r.won
    ))
    if s.check is not None:
        if s.check.ok:
            lines.append("check: the amounts paid agree")
        else:
            for name, (expected, won) in s.check.differences.items():
                lines.append(f"check: DIFFERENCE {name} was paid {show(expected)}, should win {show(won)}")
    # Names and ids are data: a newline or an escape sequence in one is shown escaped, never obeyed.
    return "\n".join(map(shown, lines)) + "\n"


def _head(s: Settlement, source: str, labels: list[str], show: Show) -> str:
    """The first line: where the deal came from, the game, the board or boards, what was put in."""
    deal = s.deal
    head = [deal.game.title]
    if deal.id is not None or source:
        head.insert(0, " ".join(x for x in (source, f"id {deal.id}" if deal.id is not None else "") if x))
    if deal.boards:
        head += [f"{label} {format_cards(b)}" for label, b in zip(labels, deal.boards, strict=True)]
        if deal.multi_board == "either":
            head.append("best high and best low over either board (RULES §12.4)")
    elif deal.board:
        head.append(f"board {format_cards(deal.board)}")
    total = sum(p.amount + p.rake for p in s.pots) + sum(s.returned.values())  # what was put in, before rake
    head.append(f"pot {show(deal.pot)}" if deal.pot is not None else f"{show(total)} put in")
    return "   ".join(head)


def _player_lines(s: Settlement, labels: list[str], show: Show) -> list[str]:
    """Each player's hole cards and hands (run by run on several boards), or why there are none."""
    deal = s.deal
    lines: list[str] = []
    width = max(len(r.name) for r in s.players)
    board_game = bool(deal.board)
    for r in s.players:
        p = r.player
        hole = format_cards(p.hole) if p.hole else ""
        name = p.name.ljust(width)
        if p.folded:
            put = f", {show(p.contributed)} in" if p.contributed else ""
            lines.append(f"{name}  {hole + '   ' if hole else ''}folded{put}")
            continue
        if r.hands is None:
            lines.append(f"{name}  {hole + '   ' if hole else ''}the only live hand (need not be shown)")
            continue
        prefix = f"{name}  {hole}   "
        board_hands = r.board_hands
        if board_hands is None:
            lines += _hand_lines(prefix, r.hands, p.hole or (), board_game, deal.game.split)
            continue
        for k, (label, on_board) in enumerate(zip(labels, board_hands, strict=True)):
            start = prefix if k == 0 else " " * len(prefix)
            lines += _hand_lines(f"{start}{label}  ", on_board, p.hole or (), board_game, deal.game.split)
        if deal.multi_board == "either":
            lines += _hand_lines(f"{' ' * len(prefix)}{'best'.ljust(len(labels[0]))}  ", r.hands, p.hole or (),
                                 board_game, deal.game.split)
    return lines


def _quartered(s: Settlement) -> set[str]:
    """The players who won a quarter: one of two winners of a half, and not a winner of the other half."""
    return {
        name
        for whole in s.pots
        for pot in (whole.runs or (whole,))
        if pot.division == "split" and pot.low is not None
        for half, other in ((pot.high, pot.low), (pot.low, pot.high))
        if len(half.winners) == 2
        for name in half.winners
        if name not in other.winners
    }
