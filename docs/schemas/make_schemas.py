"""Write hilo's JSON Schemas (draft 2020-12) into hilo_cli/schemas/, one file per kind of record.

    python docs/schemas/make_schemas.py          # from the repository root

The schemas are written from here so that the pieces the kinds share (a hand, a pot, a card) are said
once, and the bounds come from ``hilo_cli.bounds`` and the games from ``hilo_cli.games``: a bound
changed there is a schema changed here. Each file is self-contained (no reference to another file), so
that ``hilo schema KIND`` prints one a validator can use alone. tests/project/test_schema.py checks that the
files in the repository are the ones this script writes, and validates hilo's own outputs against them.

What hilo writes is described exactly (``additionalProperties: false``): a field hilo writes and the
schema does not name fails the tests. A later release may add fields (CHANGELOG.md lists them): validate
its output with its own schemas. What hilo reads (``record``) is open: unknown fields are ignored.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from hilo_cli import __version__  # noqa: E402
from hilo_cli.bounds import MAX_AMOUNT, MAX_SAMPLES, MAX_SEAT  # noqa: E402
from hilo_cli.games import GAMES  # noqa: E402

OUT = ROOT / "hilo_cli" / "schemas"
BASE = "https://github.com/hilo-cli/hilo/schemas/"
KINDS = ("record", "settlement", "error", "check", "equity", "limits", "allin-summary")

Schema = dict[str, Any]


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def strict(
    properties: dict[str, Schema], required: list[str] | None = None, **extra: Any
) -> Schema:
    """An object with exactly these fields (``required``: all of them unless said otherwise)."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
        **extra,
    }


def by_name(value: Schema) -> Schema:
    """An object keyed by player name."""
    return {"type": "object", "additionalProperties": value}


CHIPS = {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT}
NAME = {"type": "string", "minLength": 1}
CARD = {
    "type": "string",
    "pattern": "^[2-9TJQKA][shdc]$",
    "description": "a card: rank 2-9 T J Q K A, suit s h d c",
}
CARDS = {"type": "array", "items": CARD}
GAME = {"enum": list(GAMES)}
CHANCE = {"type": "number", "minimum": 0, "maximum": 1}
FRACTION = {
    "type": "string",
    "pattern": "^[0-9]+/[1-9][0-9]*$",
    "description": "an exact fraction n/d",
}

# -- what hilo reads ------------------------------------------------------------------------------------

IN_CARDS = {
    "anyOf": [
        {"type": "string", "description": "card text: 'Ac 3d 6h', 'Ac,3d', 'Ac3d6h', '10h', 'A♣'"},
        {"type": "array", "items": {"type": "string"}, "description": "one card per element"},
    ]
}
IN_CHIPS = {
    "type": "integer",
    "minimum": 0,
    "maximum": MAX_AMOUNT,
    "description": f"whole chips in the smallest unit (600 or 600.0), 0 to {MAX_AMOUNT:,}",
}
SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_SEAT}

RECORD: Schema = {
    "title": "hilo batch record",
    "description": "One deal of hilo batch's JSON input (README, 'JSON input'). Unknown fields are ignored.",
    "type": "object",
    "required": ["players"],
    "properties": {
        "id": {
            "type": ["string", "number", "null"],
            "description": "any identifier; written back as text",
        },
        "game": {**GAME, "description": "the game (default omaha8, or hilo batch --game)"},
        "board": IN_CARDS,
        "boards": {
            "type": "array",
            "minItems": 1,
            "items": IN_CARDS,
            "description": "several boards, in dealing order (RULES §12); instead of board",
        },
        "multi_board": {"enum": ["each", "either"]},
        "players": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "properties": {
                    "name": {
                        "type": "string",
                        "pattern": "\\S",
                        "description": "default P1, P2, ... in listed order",
                    },
                    "hole": {
                        "anyOf": [IN_CARDS, {"type": "null"}],
                        "description": "a folded player may leave it out; a record that asks for "
                        "equity may write ?? for a card not seen, random, or a range (A2**, 15%)",
                    },
                    "seat": {
                        **SEAT,
                        "description": "default 1, 2, ... in listed (clockwise) order",
                    },
                    "contributed": {
                        **IN_CHIPS,
                        "description": "what the player put in over the whole hand",
                    },
                    "folded": {"type": "boolean"},
                },
            },
        },
        "pot": {
            **IN_CHIPS,
            "description": "one pot every live player is in; or give each player's contributed",
        },
        "button": {**SEAT, "description": "the button's seat (default: the last listed player's)"},
        "chip_unit": {**IN_CHIPS, "minimum": 1, "description": "the smallest chip in play"},
        "qualifier": {
            "enum": [8, 9, "8", "9", "none", None],
            "description": "the low qualifier; null: none",
        },
        "odd_chip": {"enum": ["button", "suit", None]},
        "expected": by_name(
            {
                "anyOf": [
                    IN_CHIPS,
                    {"type": "object", "required": ["won"], "properties": {"won": IN_CHIPS}},
                ]
            }
        ),
        "rake": {
            "anyOf": [IN_CHIPS, {"type": "array", "items": IN_CHIPS}],
            "description": "taken by the house before dividing: one amount, or one per pot (RULES §13)",
        },
        "equity": {"type": "boolean", "description": "true: equity even with a full board"},
        "dead": {**IN_CARDS, "description": "cards known to be out of play (equity)"},
        "samples": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_SAMPLES,
            "description": "sample this many runouts",
        },
        "seed": {
            "type": "integer",
            "minimum": 0,
            "description": "the seed of a sampled run (with samples)",
        },
        "exact": {
            "type": "boolean",
            "description": "deal every runout even when that takes long (not with samples)",
        },
    },
}

# -- what hilo writes -----------------------------------------------------------------------------------

HIGH = strict(
    {
        "cards": {**CARDS, "minItems": 5, "maxItems": 5},
        "name": {"type": "string"},
        "category": {"type": "string"},
    }
)
LOW = strict({"cards": {**CARDS, "minItems": 5, "maxItems": 5}, "name": {"type": "string"}})
HANDS = strict({"high": HIGH, "low": nullable(LOW), "no_low": {"type": ["string", "null"]}})
HALF = strict(
    {
        "amount": CHIPS,
        "winners": {"type": "array", "items": NAME, "minItems": 1},
        "hand": {"type": "string"},
    }
)
ODD_CHIP = strict(
    {
        "to": NAME,
        "amount": CHIPS,
        "half": {"enum": ["high", "low", "whole", "board"]},
        "why": {"type": "string"},
    }
)
DIVISION = {"enum": ["scoop", "split", "high only", "same winners", "by board", "uncontested"]}
RUN = strict(
    {
        "board": {"type": "integer", "minimum": 0},
        "name": {"type": "string"},
        "amount": CHIPS,
        "high": {"$ref": "#/$defs/half"},
        "low": nullable({"$ref": "#/$defs/half"}),
        "no_low": {"type": ["string", "null"]},
        "division": DIVISION,
        "shares": by_name(CHIPS),
        "odd_chips": {"type": "array", "items": {"$ref": "#/$defs/odd_chip"}},
    }
)
POT = strict(
    {
        "name": {"type": "string"},
        "amount": CHIPS,
        "eligible": {"type": "array", "items": NAME},
        "high": {"$ref": "#/$defs/half"},
        "low": nullable({"$ref": "#/$defs/half"}),
        "no_low": {"type": ["string", "null"]},
        "division": DIVISION,
        "shares": by_name(CHIPS),
        "odd_chips": {"type": "array", "items": {"$ref": "#/$defs/odd_chip"}},
        "runs": {"type": "array", "items": {"$ref": "#/$defs/run"}, "minItems": 2},
        "rake": CHIPS,
    },
    required=[
        "name",
        "amount",
        "eligible",
        "high",
        "low",
        "no_low",
        "division",
        "shares",
        "odd_chips",
    ],
)
PLAYER = strict(
    {
        "name": NAME,
        "seat": SEAT,
        "hole": nullable(CARDS),
        "folded": {"type": "boolean"},
        "high": nullable({"$ref": "#/$defs/high"}),
        "low": nullable({"$ref": "#/$defs/low"}),
        "no_low": {"type": ["string", "null"]},
        "contributed": nullable(CHIPS),
        "returned": CHIPS,
        "won": CHIPS,
        "boards": nullable({"type": "array", "items": {"$ref": "#/$defs/hands"}}),
    },
    required=[
        "name",
        "seat",
        "hole",
        "folded",
        "high",
        "low",
        "no_low",
        "contributed",
        "returned",
        "won",
    ],
)
SETTLED_CHECK = strict(
    {
        "ok": {"type": "boolean"},
        "expected": by_name(CHIPS),
        "differences": by_name(strict({"expected": CHIPS, "won": CHIPS})),
    }
)
SETTLEMENT_FIELDS: dict[str, Schema] = {
    "id": {"type": ["string", "null"]},
    "game": GAME,
    "board": CARDS,
    "boards": {
        "type": "array",
        "items": CARDS,
        "minItems": 2,
        "description": "several boards only",
    },
    "multi_board": {"enum": ["each", "either"], "description": "several boards only"},
    "button": SEAT,
    "chip_unit": {**CHIPS, "minimum": 1},
    "qualifier": {"enum": [8, 9, None]},
    "players": {"type": "array", "items": {"$ref": "#/$defs/player"}, "minItems": 1},
    "pots": {"type": "array", "items": {"$ref": "#/$defs/pot"}},
    "returned": by_name(CHIPS),
}
SETTLEMENT_REQUIRED = [
    "id",
    "game",
    "board",
    "button",
    "chip_unit",
    "qualifier",
    "players",
    "pots",
    "returned",
]
SETTLEMENT_DEFS = {
    "high": HIGH,
    "low": LOW,
    "hands": HANDS,
    "half": HALF,
    "odd_chip": ODD_CHIP,
    "run": RUN,
    "pot": POT,
    "player": PLAYER,
}
SOURCE = {
    "type": "string",
    "description": "where the record was read: FILE:LINE (FILE: the file as a whole)",
}

SETTLEMENT: Schema = {
    "title": "hilo settlement",
    "description": "One settled deal: hilo showdown --format json, and each line of hilo batch --format json "
    "(which adds source). check: only when amounts paid (expected) were given.",
    **strict(
        {**SETTLEMENT_FIELDS, "check": SETTLED_CHECK, "source": SOURCE},
        required=SETTLEMENT_REQUIRED,
    ),
    "$defs": SETTLEMENT_DEFS,
}

ERROR: Schema = {
    "title": "hilo error",
    "description": "A record (hilo batch) or a hand (hilo check) that could not be read or settled.",
    **strict(
        {
            "id": {"type": ["string", "null"]},
            "line": {
                "type": ["integer", "null"],
                "minimum": 1,
                "description": "null: the file as a whole",
            },
            "error": {"type": "string", "minLength": 1},
            "source": {
                "type": "string",
                "description": "hilo batch: FILE:LINE (FILE: the file as a whole); "
                "hilo check: the file (line says where)",
            },
        }
    ),
}

VERDICT = strict(
    {
        "ok": {"type": ["boolean", "null"], "description": "null: not checkable"},
        "verdict": {"enum": ["OK", "MISMATCH", "NOT CHECKABLE"]},
        "why": {"type": "string"},
        "basis": {"enum": ["finishing stack", "won"]},
        "expected": by_name(CHIPS),
        "differences": by_name(
            strict(
                {
                    "recorded": {"type": "integer"},
                    "recomputed": {"type": "integer"},
                    "expected": CHIPS,
                    "won": CHIPS,
                },
                required=[],
            )
        ),
        "pots": nullable(
            {
                "type": "array",
                "items": strict(
                    {
                        "pot": {"type": "string"},
                        "recorded": by_name(CHIPS),
                        "recomputed": by_name(CHIPS),
                        "half": {
                            "enum": ["high", "low", None],
                            "description": "where the site tags each half of a pot",
                        },
                    },
                    required=["pot", "recorded", "recomputed"],
                ),
            }
        ),
        "site_inconsistency": {"type": ["string", "null"]},
        "depth": {
            "enum": ["per half", "per pot", "per player"],
            "description": "how deep the record let the check go: each half of each pot, each pot, or one total "
            "per player",
        },
        "currency": nullable(
            strict(
                {
                    "before": {"type": "string"},
                    "after": {"type": "string"},
                    "scale": {"enum": [1, 100], "description": "units to one of the currency"},
                    "code": {"type": ["string", "null"]},
                },
                description="how the site writes money: amounts stay integers in the smallest unit",
            )
        ),
    },
    required=[
        "ok",
        "verdict",
        "why",
        "basis",
        "differences",
        "pots",
        "site_inconsistency",
        "depth",
        "currency",
    ],
)

# Issue 20: hilo check --all-in adds all_in to each hand (null: not all in with cards to come) and writes
# the summary as one last line (allin-summary).
SIGNED_FRACTION = {
    "type": "string",
    "pattern": "^-?[0-9]+/[1-9][0-9]*$",
    "description": "an exact fraction n/d",
}
CURRENCY = nullable(
    strict(
        {
            "before": {"type": "string"},
            "after": {"type": "string"},
            "scale": {"enum": [1, 100], "description": "units to one of the currency"},
            "code": {"type": ["string", "null"]},
        },
        description="how the site writes money: amounts stay integers in the smallest unit",
    )
)
ALL_IN = strict(
    {
        "street": {
            "enum": ["preflop", "flop", "turn", "stud"],
            "description": "when the betting ended",
        },
        "board": {**CARDS, "description": "the board as it stood when the betting ended"},
        "runouts": {
            "type": ["integer", "null"],
            "minimum": 1,
            "description": "runouts enumerated or sampled",
        },
        "exact": {
            "type": ["boolean", "null"],
            "description": "false: sampled by hilo equity's rule (note says so)",
        },
        "note": {"type": ["string", "null"]},
        "not_computable": {
            "type": ["string", "null"],
            "description": "why the figures cannot be worked out "
            "(a live hand not shown); players is then empty",
        },
        "players": {
            "type": "array",
            "items": strict(
                {
                    "name": NAME,
                    "equity": CHANCE,
                    "expected_chips": {
                        "type": "number",
                        "minimum": 0,
                        "description": "after the site's rake",
                    },
                    "expected_chips_fraction": nullable(FRACTION),
                    "won": {
                        "type": "integer",
                        "description": "what the pots paid (uncalled chips not included)",
                    },
                    "difference": {"type": "number", "description": "expected_chips minus won"},
                }
            ),
        },
    }
)
ALLIN_SUMMARY: Schema = {
    "title": "hilo check --all-in summary",
    "description": "The last line of hilo check --all-in --format json: per player (and currency) over every "
    "file read. adjusted is won plus difference, the sum of the hands' all-in differences.",
    **strict(
        {
            "all_in_summary": strict(
                {
                    "hands": {"type": "integer", "minimum": 0},
                    "all_in": {"type": "integer", "minimum": 0},
                    "not_computable": {"type": "integer", "minimum": 0},
                    "not_computable_why": by_name({"type": "integer", "minimum": 1}),
                    "hero": {"type": ["string", "null"]},
                    "players": {
                        "type": "array",
                        "items": strict(
                            {
                                "name": NAME,
                                "currency": CURRENCY,
                                "hands": {"type": "integer", "minimum": 1},
                                "all_in": {"type": "integer", "minimum": 0},
                                "won": {"type": "integer"},
                                "adjusted": {"type": "number"},
                                "adjusted_fraction": SIGNED_FRACTION,
                                "difference": {"type": "number"},
                                "difference_fraction": SIGNED_FRACTION,
                                "exact": {
                                    "type": "boolean",
                                    "description": "false: some all-in pot was sampled",
                                },
                            }
                        ),
                    },
                }
            )
        }
    ),
}

CHECK: Schema = {
    "title": "hilo check verdict",
    "description": "One hand of hilo check --format json: the settlement's fields where the hand could be "
    "settled, where the hand starts (source the file, line, and where, FILE:LINE as in batch) "
    "and check, the verdict. A hand that cannot be read is an error object instead.",
    **strict(
        {
            **SETTLEMENT_FIELDS,
            "source": {"type": "string", "description": "the file"},
            "line": {
                "type": ["integer", "null"],
                "minimum": 1,
                "description": "the hand's first line",
            },
            "where": {
                **SOURCE,
                "description": "FILE:LINE (FILE when line is null), as batch's source",
            },
            "check": VERDICT,
            "all_in": nullable(ALL_IN),
        },
        required=["id", "source", "line", "where", "check"],
    ),
    "$defs": SETTLEMENT_DEFS,
}

SE = {
    "type": "object",
    "additionalProperties": {"type": "number", "minimum": 0},
    "description": "sampled runs: the standard error of each figure",
}
BOUND_95 = {
    "type": "array",
    "items": {"type": "number"},
    "minItems": 2,
    "maxItems": 2,
    "description": "the 95% interval (rule of three) of a sampled figure the samples never moved",
}
EQUITY_PLAYER = strict(
    {
        "name": NAME,
        "equity": nullable(CHANCE),
        "equity_fraction": nullable(FRACTION),
        "expected_chips": nullable({"type": "number", "minimum": 0}),
        "expected_chips_fraction": nullable(FRACTION),
        "scoop": nullable(CHANCE),
        "high_win": nullable(CHANCE),
        "high_tie": nullable(CHANCE),
        "low_win": nullable(CHANCE),
        "low_tie": nullable(CHANCE),
        "quartered": nullable(CHANCE),
        "se": SE,
        "bound_95": {"type": "object", "additionalProperties": BOUND_95},
        "range": {"type": "string", "description": "the player's range as written (A2**, 15%)"},
        "combinations": {
            "type": "integer",
            "minimum": 1,
            "description": "the hands of the range the cards seen leave (board, dead, hands shown)",
        },
    },
    required=[
        "name",
        "equity",
        "equity_fraction",
        "expected_chips",
        "expected_chips_fraction",
        "scoop",
        "high_win",
        "high_tie",
        "low_win",
        "low_tie",
        "quartered",
    ],
    description="a chance is null for a player in no pot, and for the whole of a several-board run under "
    "each (each board's chances are in by_board)",
)
EQUITY_POT = strict(
    {
        "name": {"type": "string"},
        "amount": CHIPS,
        "eligible": {"type": "array", "items": NAME},
        "expected_chips": by_name({"type": "number", "minimum": 0}),
        "expected_chips_fraction": by_name(nullable(FRACTION)),
        "se": SE,
        "bound_95": by_name(BOUND_95),
    },
    required=["name", "amount", "eligible", "expected_chips", "expected_chips_fraction"],
)
EQUITY: Schema = {
    "title": "hilo equity result",
    "description": "hilo equity --format json, and a batch record whose cards are still to come (which adds "
    "source, and note when a run asked to be exact was sampled).",
    **strict(
        {
            "id": {"type": ["string", "null"]},
            "game": GAME,
            "board": CARDS,
            "dead": CARDS,
            "exact": {"type": "boolean"},
            "runouts": {"type": "integer", "minimum": 1},
            "seed": {"type": ["integer", "null"], "minimum": 0, "description": "null when exact"},
            "players": {"type": "array", "items": EQUITY_PLAYER, "minItems": 1},
            "pots": {"type": "array", "items": EQUITY_POT},
            "returned": by_name(CHIPS),
            "no_low": nullable(CHANCE),
            "no_low_se": {"type": "number", "minimum": 0},
            "no_low_bound_95": BOUND_95,
            "source": SOURCE,
            "note": {"type": "string", "description": "why the runouts were sampled, or how"},
            "hidden": by_name(
                {"type": "integer", "minimum": 1, "description": "hole cards not seen, dealt"}
            ),
            "boards": {
                "type": "array",
                "items": CARDS,
                "description": "several boards: the cards of each",
            },
            "by_board": {
                "type": "array",
                "items": {"type": "object"},
                "description": "several boards: each board's own result, in this schema's form",
            },
            "multi_board": {
                "const": "either",
                "description": "several boards under either board (RULES §12.4): one division of each "
                "player's best high and best low over the boards, whose chances the whole then has; "
                "absent under each (§12.2, the default)",
            },
        },
        required=[
            "id",
            "game",
            "board",
            "dead",
            "exact",
            "runouts",
            "seed",
            "players",
            "pots",
            "returned",
            "no_low",
        ],
    ),
}

LIMITS: Schema = {
    "title": "hilo limits",
    "description": "hilo limits --format json: what the next player may do. least and most are street "
    "totals ('raise to'); from a history, name and street too.",
    **strict(
        {
            "structure": {"enum": ["pot", "no", "fixed"]},
            "pot": CHIPS,
            "call": CHIPS,
            "action": {"enum": ["bet", "raise", "call"]},
            "least": nullable(CHIPS),
            "most": nullable({**CHIPS, "description": "null: no limit"}),
            "all_in": {"type": "boolean"},
            "name": NAME,
            "street": {"type": "integer", "minimum": 0, "maximum": 4},
        },
        required=["structure", "pot", "call", "action", "least", "most", "all_in"],
    ),
}

SCHEMAS = {
    "record": RECORD,
    "settlement": SETTLEMENT,
    "error": ERROR,
    "check": CHECK,
    "equity": EQUITY,
    "limits": LIMITS,
    "allin-summary": ALLIN_SUMMARY,
}


def made() -> dict[str, str]:
    """Each kind's file name and text."""
    out = {}
    for kind in KINDS:
        schema = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"{BASE}{kind}.json",
            **SCHEMAS[kind],
        }
        schema["description"] += f" (hilo {__version__.rsplit('.', 1)[0]}.x)"
        out[f"{kind}.json"] = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    return out


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, text in made().items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {(OUT / name).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
