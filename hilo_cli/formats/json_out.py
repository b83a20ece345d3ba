"""The JSON contract: one object per settled deal, the same fields for ``showdown`` and ``batch``.

Field names are a contract that scripts rely on: add fields, never rename these.
"""

from __future__ import annotations

from typing import Any

from hilo_cli.cards import TEXT
from hilo_cli.evaluate import HighHand, LowHand
from hilo_cli.evaluate.hands import CATEGORY_NAMES, high_name
from hilo_cli.showdown import Half, Settlement

_text = TEXT.__getitem__


def _high(hand: HighHand) -> dict[str, Any]:
    value = hand.value
    return {"cards": list(map(_text, hand.cards)), "name": high_name(value), "category": CATEGORY_NAMES[value >> 20]}


def _low(hand: LowHand | None) -> dict[str, Any] | None:
    return None if hand is None else {"cards": list(map(_text, hand.cards)), "name": hand.name}


def _half(half: Half | None) -> dict[str, Any] | None:
    if half is None:
        return None
    return {"amount": half.amount, "winners": list(half.winners), "hand": half.hand}


def settlement_dict(s: Settlement) -> dict[str, Any]:
    """The contract object for one settlement."""
    deal = s.deal
    players = []
    for r in s.players:
        p, hands = r.player, r.hands
        hole = p.hole
        players.append({
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
        })
    out: dict[str, Any] = {
        "id": deal.id,
        "game": deal.game.name,
        "board": list(map(_text, deal.board)),
        "button": deal.button_seat,
        "chip_unit": deal.chip_unit,
        "qualifier": deal.qualifier,
        "players": players,
        "pots": [
            {
                "name": pot.name,
                "amount": pot.amount,
                "eligible": list(pot.eligible),
                "high": _half(pot.high),
                "low": _half(pot.low),
                "no_low": pot.no_low,
                "division": pot.division,
                "shares": pot.shares,
                "odd_chips": [{"to": o.to, "amount": o.amount, "half": o.half, "why": o.why} for o in pot.odd_chips],
            }
            for pot in s.pots
        ],
        "returned": s.returned,
    }
    if s.check is not None:
        out["check"] = {
            "ok": s.check.ok,
            "expected": s.check.expected,
            "differences": {n: {"expected": e, "won": w} for n, (e, w) in s.check.differences.items()},
        }
    return out


def error_dict(record_id: str | None, line: int, message: str) -> dict[str, Any]:
    """The contract object for a record that could not be settled (``line`` null: the whole file)."""
    return {"id": record_id, "line": line or None, "error": message}
