"""The JSON contract: one object per settled deal, the same fields for ``showdown`` and ``batch``.

Field names are a contract that scripts rely on: add fields, never rename these. Every object hilo writes
names the kind and version of its schema in ``schema`` (``formats.schema_tag``: ``settlement/0.1``), the end of
that schema's ``$id`` (``hilo schema KIND``); the version is hilo's release line, in which fields are
only added.

A deal on several boards (RULES §12) adds, and only then: ``boards`` (each board's cards) and
``multi_board`` after ``board``; per player ``boards`` (``high``, ``low``, ``no_low`` on each board); per pot
``runs`` (each board's share divided: ``board`` its index in ``boards``, ``name``, ``amount``, ``high``,
``low``, ``no_low``, ``division``, ``shares``, ``odd_chips``). A pot the house raked (§13) adds ``rake``.
A single-board deal without rake is written exactly as before.
"""

from __future__ import annotations

from typing import Any

from hilo_cli.bounds import short
from hilo_cli.cards import TEXT
from hilo_cli.evaluate import CATEGORY_NAMES, Hands, HighHand, LowHand, high_name
from hilo_cli.formats import schema_tag
from hilo_cli.formats.safe import capped
from hilo_cli.showdown import BoardResult, Half, OddChip, PotResult, Settlement

_text = TEXT.__getitem__


_SETTLEMENT, _ERROR = schema_tag("settlement"), schema_tag("error")


def _high(hand: HighHand) -> dict[str, Any]:
    value = hand.value
    return {
        "cards": list(map(_text, hand.cards)),
        "name": high_name(value),
        "category": CATEGORY_NAMES[value >> 20],
    }


def _low(hand: LowHand | None) -> dict[str, Any] | None:
    return None if hand is None else {"cards": list(map(_text, hand.cards)), "name": hand.name}


def _half(half: Half | None) -> dict[str, Any] | None:
    if half is None:
        return None
    return {"amount": half.amount, "winners": list(half.winners), "hand": half.hand}


def _odd(chips: tuple[OddChip, ...]) -> list[dict[str, Any]]:
    return [{"to": o.to, "amount": o.amount, "half": o.half, "why": o.why} for o in chips]


def _hands(hands: Hands) -> dict[str, Any]:
    return {"high": _high(hands.high), "low": _low(hands.low), "no_low": hands.no_low}


def _run(run: BoardResult) -> dict[str, Any]:
    return {
        "board": run.board,
        "name": run.name,
        "amount": run.amount,
        "high": _half(run.high),
        "low": _half(run.low),
        "no_low": run.no_low,
        "division": run.division,
        "shares": run.shares,
        "odd_chips": _odd(run.odd_chips),
    }


def _pot(pot: PotResult) -> dict[str, Any]:
    out = {
        "name": pot.name,
        "amount": pot.amount,
        "eligible": list(pot.eligible),
        "high": _half(pot.high),
        "low": _half(pot.low),
        "no_low": pot.no_low,
        "division": pot.division,
        "shares": pot.shares,
        "odd_chips": _odd(pot.odd_chips),
    }
    if pot.runs:
        out["runs"] = [_run(r) for r in pot.runs]
    if pot.rake:
        out["rake"] = pot.rake
    return out


def settlement_dict(s: Settlement) -> dict[str, Any]:
    """The contract object for one settlement."""
    deal = s.deal
    players = []
    for r in s.players:
        p, hands = r.player, r.hands
        hole = p.hole
        players.append(
            {
                "name": p.name,
                "seat": p.seat,
                "hole": list(map(_text, hole)) if hole is not None else None,
                "folded": p.folded,
                "high": _high(hands.high) if hands is not None else None,
                "low": _low(hands.low) if hands is not None else None,
                "no_low": hands.no_low if hands is not None else None,
                "contributed": p.contributed,
                "returned": r.returned,
                "won": r.won,
            }
        )
        board_hands = r.board_hands
        if board_hands is not None:
            players[-1]["boards"] = [_hands(h) for h in board_hands]
        elif deal.boards:
            players[-1]["boards"] = None
    out: dict[str, Any] = {
        "id": deal.id,
        "game": deal.game.name,
        "board": list(map(_text, deal.board)),
    }
    if deal.boards:
        out["boards"] = [list(map(_text, b)) for b in deal.boards]
        out["multi_board"] = deal.multi_board
    out |= {
        "button": deal.button_seat,
        "chip_unit": deal.chip_unit,
        "qualifier": deal.qualifier,
        "players": players,
        "pots": [_pot(pot) for pot in s.pots],
        "returned": s.returned,
    }
    if deal.added:
        out["house_added"] = deal.added  # added in issue 28: the house's chips in the main pot
    if s.check is not None:
        out["check"] = {
            "ok": s.check.ok,
            "expected": s.check.expected,
            "differences": {
                n: {"expected": e, "won": w} for n, (e, w) in s.check.differences.items()
            },
        }
    out["schema"] = _SETTLEMENT  # added in 0.1.0 (issue 30)
    return out


def error_dict(record_id: str | None, line: int, message: str) -> dict[str, Any]:
    """The contract object for a record that could not be settled (``line`` null: the whole file). The
    message is cut to a few hundred characters, and the id quoted as an error line quotes input
    (``bounds.short``): an error record never echoes a huge field."""
    return {
        "id": None if record_id is None else short(record_id),
        "line": line or None,
        "error": capped(message),
        "schema": _ERROR,  # added in 0.1.0 (issue 30)
    }
