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
from hilo_cli.formats.styled import PLAIN, Agree, Alarm, Amount, Cards, Line, Look, Name, Piece, Won
from hilo_cli.showdown import BoardResult, Half, OddChip, PotResult, Settlement


def names_list(names: Sequence[str]) -> str:
    """Names as a sentence lists them: ``A``, ``A and B``, ``A, B and C``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _names(names: Sequence[str]) -> Line:
    """``names_list`` with each name a piece of its own: those who are paid."""
    if len(names) == 1:
        return [Name(names[0])]
    parts: Line = []
    for k, name in enumerate(names):
        if k:
            parts.append(" and " if k == len(names) - 1 else ", ")
        parts.append(Name(name))
    return parts


def _cards(cards: Sequence[Card]) -> Piece:
    """Cards as ``format_cards`` writes them, as one piece: a run of cards, single spaces between."""
    return Cards(format_cards(cards))


def _used(hand: HighHand | LowHand, hole: Sequence[Card], board_game: bool) -> Line:
    # A low reads best from the bottom up, the way it is spoken: A-3-6 with 2-4.
    cards = hand.cards if isinstance(hand, HighHand) else hand.cards[::-1]
    if not board_game:
        return [_cards(cards)]
    from_hole = format_cards([c for c in cards if c in hole])
    return [Cards(from_hole), " + ", Cards(format_cards([c for c in cards if c not in hole]))]


Show = Callable[[int], str]
"""How an amount is written for people: ``str`` (units), or a site's money (``$3.99``, ``4.96€``)."""


def _paid(show: Show, amount: int) -> Piece:
    return Amount(show(amount))


def _half(label: str, half: Half, unit: int, show: Show) -> Line:
    winners = half.winners
    hand = half.hand.lower() if label == "high" else half.hand
    if len(winners) == 1:
        return [f"{label:<4} ", _paid(show, half.amount), " to ", Name(winners[0]), f" ({hand})"]
    each = half.amount // unit // len(winners) * unit
    return [
        f"{label:<4} ",
        _paid(show, half.amount),
        " tied by ",
        *_names(winners),
        f" ({hand}), ",
        _paid(show, each),
        " each",
    ]


def _division_lines(pot: PotResult | BoardResult, unit: int, show: Show) -> list[Line]:
    """How one pot, or one board's share of it, was divided, and its odd chips."""
    lines: list[Line] = []
    high, low = pot.high, pot.low
    if pot.division == "uncontested":
        lines.append(
            [_paid(show, pot.amount), " to ", Name(high.winners[0]), " (the only player eligible)"]
        )
    elif pot.division == "scoop" and low is not None:
        lines.append(
            [
                "scoop ",
                _paid(show, pot.amount),
                " to ",
                Name(high.winners[0]),
                f" (high {high.hand.lower()}, low {low.hand})",
            ]
        )
    elif pot.division == "same winners" and low is not None:
        each = pot.amount // unit // len(high.winners) * unit
        lines.append(
            [
                "high and low both to ",
                *_names(high.winners),
                f" ({high.hand.lower()}; {low.hand}): one division of the whole pot, ",
                _paid(show, each),
                " each (RULES §4.5)",
            ]
        )
    else:
        lines.append(_half("high", high, unit, show))
        if low is not None and high.amount > low.amount and len(high.winners) > 1:
            lines[-1].append(" (with the odd chip of the split, RULES §4.3)")
        if low is not None:
            lines.append(_half("low", low, unit, show))
        else:
            lines.append([f"no low: {pot.no_low}"])
    lines += [_odd_chip(odd, show) for odd in pot.odd_chips]
    return lines


def _odd_chip(odd: OddChip, show: Show) -> Line:
    return ["odd chip ", _paid(show, odd.amount), " to ", Name(odd.to), f": {odd.why}"]


def _labelled(label: str, body: list[Line]) -> list[Line]:
    """``body`` after ``label`` and three spaces, its further lines lined up under the first."""
    pad = " " * (len(label) + 3)
    lines = [[label + "   ", *body[0]]]
    lines += [[pad, *line] for line in body[1:]]
    return lines


def _by_board_lines(pot: PotResult, unit: int, show: Show) -> list[Line]:
    """A pot divided between boards (RULES §12.2): the shares per board, then each board on its own."""
    runs = pot.runs
    sizes = sorted({r.amount for r in runs}, reverse=True)
    each = f"{show(sizes[0])} each" if len(sizes) == 1 else " / ".join(show(r.amount) for r in runs)
    lines: list[Line] = [
        [
            f"split between {len(runs)} {'runs' if runs[0].name.startswith('run') else 'boards'}: "
            f"{each} (RULES §12.2)"
        ]
    ]
    lines += [_odd_chip(o, show) for o in pot.odd_chips if o.half == "board"]
    for run in runs:
        lines += _labelled(f"{run.name} {show(run.amount)}", _division_lines(run, unit, show))
    return lines


def _pot_lines(pot: PotResult, unit: int, single: bool, show: Show) -> list[Line]:
    label = f"{pot.name} {show(pot.amount)}"
    if not single:
        label += f" ({', '.join(pot.eligible)})"
    lines = _by_board_lines(pot, unit, show) if pot.runs else _division_lines(pot, unit, show)
    if pot.rake:
        lines.insert(0, [f"after {show(pot.rake)} rake taken by the house first (RULES §13)"])
    return _labelled(label, lines)


def _hand_lines(
    prefix: Line, hands: Hands, hole: Sequence[Card], board_game: bool, split: bool, indent: str
) -> list[Line]:
    """A hand's high and low after ``prefix`` (who, and which board); ``indent`` as wide as ``prefix``."""
    lines: list[Line] = [
        [*prefix, "high  ", *_used(hands.high, hole, board_game), f"   {hands.high.name.lower()}"]
    ]
    if hands.low is not None:
        lines.append(
            [indent, "low   ", *_used(hands.low, hole, board_game), f"   {hands.low.name}"]
        )
    elif split:
        lines.append([f"{indent}low   none: {hands.no_low}"])
    return lines


def _board_labels(s: Settlement) -> list[str]:
    for pot in s.pots:
        if pot.runs:
            return [r.name for r in pot.runs]
    word = "run" if all(b[0] == s.deal.boards[0][0] for b in s.deal.boards) else "board"
    return [f"{word} {k + 1}" for k in range(len(s.deal.boards))]


def settlement_text(s: Settlement, source: str = "", show: Show = str, look: Look = PLAIN) -> str:
    """The report for one settlement, ending with a newline; amounts written by ``show`` (a hand history's
    money, as its site writes it; units by default), the cards and payouts styled by ``look`` (plain by
    default)."""
    return look.text(settlement_lines(s, source, show))


def settlement_lines(s: Settlement, source: str = "", show: Show = str) -> list[Line]:
    """The report for one settlement, line by line, each line in parts (``colour.Look`` writes them)."""
    deal = s.deal
    labels = _board_labels(s) if deal.boards else []
    lines = [_head(s, source, labels, show), *_player_lines(s, labels, show)]
    single = len(s.pots) == 1
    for pot in s.pots:
        lines.extend(_pot_lines(pot, deal.chip_unit, single, show))
    for name, chips in s.returned.items():
        lines.append([_paid(show, chips), " uncalled returned to ", Name(name), " (RULES §5.3)"])
    lines.append(_wins_line(s, show))
    if s.check is not None:
        if s.check.ok:
            lines.append(["check: ", Agree("the amounts paid agree")])
        else:
            for name, (expected, won) in s.check.differences.items():
                lines.append(
                    [
                        "check: ",
                        Alarm("DIFFERENCE"),
                        f" {name} was paid {show(expected)}, should win {show(won)}",
                    ]
                )
    # Names and ids are data: a newline or an escape sequence in one is shown escaped (by the look), never
    # obeyed.
    return lines


def _wins_line(s: Settlement, show: Show) -> Line:
    """The closing line: what each player wins (a folded player who wins nothing left out)."""
    quartered = _quartered(s)
    line: Line = []
    for r in s.players:
        if r.player.folded and not r.won:
            continue
        if line:
            line.append("   ")
        won = show(r.won)
        line += [Name(r.name), " wins ", Won(won)] if r.won else [f"{r.name} wins {won}"]
        if r.name in quartered:
            line.append(" (quartered)")
    return line


def _head(s: Settlement, source: str, labels: list[str], show: Show) -> Line:
    """The first line: where the deal came from, the game, the board or boards, what was put in."""
    deal = s.deal
    head: list[Line] = [[deal.game.title]]
    if deal.id is not None or source:
        head.insert(
            0, [" ".join(x for x in (source, f"id {deal.id}" if deal.id is not None else "") if x)]
        )
    if deal.boards:
        head += [[f"{label} ", _cards(b)] for label, b in zip(labels, deal.boards, strict=True)]
        if deal.multi_board == "either":
            head.append(["best high and best low over either board (RULES §12.4)"])
    elif deal.board:
        head.append(["board ", _cards(deal.board)])
    total = (
        sum(p.amount + p.rake for p in s.pots) + sum(s.returned.values()) - deal.added
    )  # what the players put in, before rake
    house = f", {show(deal.added)} added by the house" if deal.added else ""
    head.append(
        [f"pot {show(deal.pot)}" if deal.pot is not None else f"{show(total)} put in{house}"]
    )
    return [part for k, item in enumerate(head) for part in (["   "] if k else []) + item]


def _player_lines(s: Settlement, labels: list[str], show: Show) -> list[Line]:
    """Each player's hole cards and hands (run by run on several boards), or why there are none."""
    deal = s.deal
    lines: list[Line] = []
    longest = max(len(r.name) for r in s.players)
    board_game, split = bool(deal.board), deal.game.split
    for r in s.players:
        p = r.player
        cards = _cards(p.hole) if p.hole else Cards("")
        name = p.name.ljust(longest)
        if p.folded or r.hands is None:
            why = "the only live hand (need not be shown)"
            if p.folded:
                why = f"folded, {show(p.contributed)} in" if p.contributed else "folded"
            lines.append([f"{name}  ", cards, "   ", why] if p.hole else [f"{name}  {why}"])
            continue
        prefix: Line = [f"{name}  ", cards, "   "]
        indent = " " * (len(name) + len(cards) + 5)
        hole = p.hole or ()
        board_hands = r.board_hands
        if board_hands is None:
            lines += _hand_lines(prefix, r.hands, hole, board_game, split, indent)
            continue
        for k, (label, on_board) in enumerate(zip(labels, board_hands, strict=True)):
            start = f"{label}  "
            lines += _hand_lines(
                [*prefix, start] if k == 0 else [indent + start],
                on_board,
                hole,
                board_game,
                split,
                indent + " " * len(start),
            )
        if deal.multi_board == "either":
            best = f"{indent}{'best'.ljust(len(labels[0]))}  "
            lines += _hand_lines([best], r.hands, hole, board_game, split, " " * len(best))
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
