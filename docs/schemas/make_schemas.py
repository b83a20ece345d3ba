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

Every field has a description (``field``; ``strict`` refuses an object with a field that has none). Each
schema's ``$id`` holds its version (``formats.SCHEMA_VERSION``, hilo's release line: ``0.1``), and
every object hilo writes names its kind and that version in ``schema`` (``settlement/0.1``), the end of
the ``$id`` of the schema that describes it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from hilo_cli.bounds import MAX_AMOUNT, MAX_SAMPLES, MAX_SEAT  # noqa: E402
from hilo_cli.formats import SCHEMA_VERSION, schema_tag  # noqa: E402
from hilo_cli.games import GAMES  # noqa: E402

OUT = ROOT / "hilo_cli" / "schemas"
BASE = "https://github.com/hilo-cli/hilo/schemas/"
KINDS = ("record", "settlement", "error", "check", "equity", "limits", "allin-summary")

Schema = dict[str, Any]


def field(schema: Schema, description: str) -> Schema:
    """``schema`` with its ``description``: what the field means to someone reading the JSON."""
    return {**schema, "description": description}


def nullable(schema: Schema, description: str | None = None) -> Schema:
    out: Schema = {"anyOf": [schema, {"type": "null"}]}
    return field(out, description) if description else out


def strict(
    properties: dict[str, Schema], required: list[str] | None = None, **extra: Any
) -> Schema:
    """An object with exactly these fields (``required``: all of them unless said otherwise), each
    described."""
    missing = [name for name, value in properties.items() if "description" not in value]
    if missing:
        raise ValueError(f"fields without a description: {', '.join(missing)}")
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
        **extra,
    }


def by_name(value: Schema, description: str | None = None) -> Schema:
    """An object keyed by player name."""
    out: Schema = {"type": "object", "additionalProperties": value}
    return field(out, description) if description else out


def tag(kind: str) -> Schema:
    """The ``schema`` field every object of ``kind`` hilo writes holds."""
    return field(
        {"const": schema_tag(kind)},
        f"the kind and version of this object's schema: hilo schema {kind} prints it "
        f"(its $id ends {schema_tag(kind)}.json); added in 0.1.0",
    )


COUNT = {"type": "integer", "minimum": 0}
CHIPS = {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT}
NAME = {"type": "string", "minLength": 1}
TEXT = {"type": "string"}
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
ID = field({"type": ["string", "null"]}, "the record's or hand's own id, as text; null: none given")
NO_LOW = field({"type": ["string", "null"]}, "why there is no qualifying low; null: there is one")

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
        "board": field(IN_CARDS, "the board's cards (none for stud8; fewer than five: equity)"),
        "boards": {
            "type": "array",
            "minItems": 1,
            "items": IN_CARDS,
            "description": "several boards, in dealing order (RULES §12); instead of board",
        },
        "multi_board": field(
            {"enum": ["each", "either"]},
            "several boards: each (the default: every pot split between the boards, each divided "
            "on its own board) or either (the best high and best low over the boards)",
        ),
        "players": field(
            {
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
                            "description": "a folded player may leave it out; a record that "
                            "asks for equity may write ?? for a card not seen, random, or a range "
                            "(A2**, 15%)",
                        },
                        "seat": {
                            **SEAT,
                            "description": "default 1, 2, ... in listed (clockwise) order",
                        },
                        "contributed": {
                            **IN_CHIPS,
                            "description": "what the player put in over the whole hand",
                        },
                        "folded": {
                            "type": "boolean",
                            "description": "true: the player folded (a dead hand, in no pot)",
                        },
                    },
                },
            },
            "the players, listed clockwise",
        ),
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
        "odd_chip": field(
            {"enum": ["button", "suit", None]},
            "who gets a tied half's leftover chips: clockwise from the button, or by the highest "
            "card then suit (default: button; suit for stud8)",
        ),
        "expected": by_name(
            {
                "anyOf": [
                    IN_CHIPS,
                    {"type": "object", "required": ["won"], "properties": {"won": IN_CHIPS}},
                ]
            },
            "what each player was paid, to check (a player left out was paid 0)",
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

FIVE = {**CARDS, "minItems": 5, "maxItems": 5}
HIGH = strict(
    {
        "cards": field(FIVE, "the five cards of the hand, as they rank"),
        "name": field(TEXT, "the hand in words ('Four of a kind, kings')"),
        "category": field(TEXT, "the hand's category ('four of a kind')"),
    }
)
LOW = strict(
    {
        "cards": field(FIVE, "the five cards of the low, highest first"),
        "name": field(TEXT, "the low as its ranks from the top ('6-4-3-2-A')"),
    }
)
HANDS = strict(
    {
        "high": field(HIGH, "the player's best high hand"),
        "low": nullable(LOW, "the player's best qualifying low; null: none"),
        "no_low": NO_LOW,
    }
)
HALF = strict(
    {
        "amount": field(CHIPS, "the chips of this half"),
        "winners": field(
            {"type": "array", "items": NAME, "minItems": 1}, "who shares it (several: a tie)"
        ),
        "hand": field(TEXT, "the winning hand in words"),
    }
)
ODD_CHIP = strict(
    {
        "to": field(
            NAME, "who got it: a player, or a board (run 1) for a unit left over between boards"
        ),
        "amount": field(CHIPS, "its chips (one chip unit)"),
        "half": field(
            {"enum": ["high", "low", "whole", "board"]},
            "what was being divided: a half, the whole pot, or the pot between the boards",
        ),
        "why": field(TEXT, "the rule that gave it, in words (with its RULES section)"),
    }
)
DIVISION = field(
    {"enum": ["scoop", "split", "high only", "same winners", "by board", "uncontested"]},
    "how the pot was divided: scoop (one player both halves), split (high and low), high only (no "
    "qualifying low), same winners (the same players both ways: one division), by board (several "
    "boards), uncontested (one eligible player)",
)
SHARES = by_name(CHIPS, "what each player won from it")
ODD_CHIPS = field(
    {"type": "array", "items": {"$ref": "#/$defs/odd_chip"}},
    "each leftover chip unit and where it went",
)
RUN = strict(
    {
        "board": field({"type": "integer", "minimum": 0}, "the board's index in boards"),
        "name": field(TEXT, "run 1, run 2 ... (a pot run twice) or board 1, board 2 ..."),
        "amount": field(CHIPS, "this board's share of the pot"),
        "high": field({"$ref": "#/$defs/half"}, "the high half on this board"),
        "low": nullable({"$ref": "#/$defs/half"}, "the low half on this board; null: no low"),
        "no_low": NO_LOW,
        "division": DIVISION,
        "shares": SHARES,
        "odd_chips": ODD_CHIPS,
    }
)
POT = strict(
    {
        "name": field(TEXT, "main pot, side pot 1, ... (pot when there is one)"),
        "amount": field(CHIPS, "the chips divided (after rake)"),
        "eligible": field({"type": "array", "items": NAME}, "the live players who may win it"),
        "high": field({"$ref": "#/$defs/half"}, "the high half, or the whole pot without a low"),
        "low": nullable({"$ref": "#/$defs/half"}, "the low half; null: no qualifying low"),
        "no_low": NO_LOW,
        "division": DIVISION,
        "shares": SHARES,
        "odd_chips": ODD_CHIPS,
        "runs": field(
            {"type": "array", "items": {"$ref": "#/$defs/run"}, "minItems": 2},
            "several boards: each board's share, divided on that board alone",
        ),
        "rake": field(CHIPS, "what the house took from this pot before dividing it (RULES §13)"),
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
        "name": field(NAME, "the player's name"),
        "seat": field(SEAT, "the player's seat"),
        "hole": nullable(CARDS, "the hole cards; null: a folded player's, not given"),
        "folded": field({"type": "boolean"}, "true: folded, a dead hand"),
        "high": nullable({"$ref": "#/$defs/high"}, "the best high hand; null: folded"),
        "low": nullable({"$ref": "#/$defs/low"}, "the best qualifying low; null: none, or folded"),
        "no_low": NO_LOW,
        "contributed": nullable(CHIPS, "what the player put in; null: not given (one pot)"),
        "returned": field(CHIPS, "uncalled chips given back to the player"),
        "won": field(CHIPS, "what the player takes from the table: pots won plus returned"),
        "boards": nullable(
            {"type": "array", "items": {"$ref": "#/$defs/hands"}},
            "several boards only: the player's hands on each board; null: folded",
        ),
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
SETTLED_CHECK = field(
    strict(
        {
            "ok": field({"type": "boolean"}, "true: every player was paid what the rules give"),
            "expected": by_name(CHIPS, "what each player was paid, as the record says"),
            "differences": by_name(
                strict(
                    {
                        "expected": field(CHIPS, "what the record says the player was paid"),
                        "won": field(CHIPS, "what the cards and the rules give"),
                    }
                ),
                "each player paid differently",
            ),
        }
    ),
    "the check of what was paid: only when the record gives expected",
)
SETTLEMENT_FIELDS: dict[str, Schema] = {
    "id": ID,
    "game": field(GAME, "the game settled"),
    "board": field(CARDS, "the board (the first board, with several)"),
    "boards": {
        "type": "array",
        "items": CARDS,
        "minItems": 2,
        "description": "several boards only: each board's cards, in dealing order",
    },
    "multi_board": {
        "enum": ["each", "either"],
        "description": "several boards only: how the pots were divided between them",
    },
    "button": field(SEAT, "the button's seat"),
    "chip_unit": field(
        {**CHIPS, "minimum": 1}, "the smallest chip in play: every share is a multiple"
    ),
    "qualifier": field({"enum": [8, 9, None]}, "the low qualifier; null: none"),
    "players": field(
        {"type": "array", "items": {"$ref": "#/$defs/player"}, "minItems": 1},
        "every player, as listed",
    ),
    "pots": field(
        {"type": "array", "items": {"$ref": "#/$defs/pot"}},
        "the main pot first, then each side pot",
    ),
    "returned": by_name(CHIPS, "uncalled chips given back, by player"),
    # Issue 28: KingsClub's "STP added" (a splash the pot).
    "house_added": field(
        CHIPS,
        "only where the house put chips in the pot: how many, in the main pot's amount and nobody's "
        "contributed",
    ),
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
        {
            **SETTLEMENT_FIELDS,
            "check": SETTLED_CHECK,
            "source": SOURCE,
            "schema": tag("settlement"),
        },
        required=[*SETTLEMENT_REQUIRED, "schema"],
    ),
    "$defs": SETTLEMENT_DEFS,
}

ERROR: Schema = {
    "title": "hilo error",
    "description": "A record (hilo batch) or a hand (hilo check) that could not be read or settled.",
    **strict(
        {
            "id": ID,
            "line": {
                "type": ["integer", "null"],
                "minimum": 1,
                "description": "null: the file as a whole",
            },
            "error": field(
                {"type": "string", "minLength": 1}, "what is wrong, as stderr says it (cut if long)"
            ),
            "source": {
                "type": "string",
                "description": "hilo batch: FILE:LINE (FILE: the file as a whole); "
                "hilo check: the file (line says where)",
            },
            "schema": tag("error"),
        }
    ),
}

CURRENCY = nullable(
    strict(
        {
            "before": field(TEXT, "what the site writes before the number ('$')"),
            "after": field(TEXT, "what the site writes after the number ('€')"),
            "scale": {"enum": [1, 100], "description": "units to one of the currency"},
            "code": field({"type": ["string", "null"]}, "the ISO code (USD, EUR); null: not known"),
        },
        description="how the site writes money: amounts stay integers in the smallest unit",
    ),
    "how the site writes money: amounts stay integers in the smallest unit; null: plain units",
)
VERDICT = strict(
    {
        "ok": {"type": ["boolean", "null"], "description": "null: not checkable"},
        "verdict": field({"enum": ["OK", "MISMATCH", "NOT CHECKABLE"]}, "the verdict"),
        "why": field(TEXT, "the verdict's reason in words (a likely cause for a MISMATCH)"),
        "basis": field(
            {"enum": ["finishing stack", "won"]},
            "what the history recorded and the check compares: each player's finishing stack, or "
            "what each won",
        ),
        "expected": by_name(CHIPS, "what the history says each player won"),
        "differences": by_name(
            strict(
                {
                    "recorded": field({"type": "integer"}, "what the history recorded, in basis"),
                    "recomputed": field({"type": "integer"}, "what the cards and the rules give"),
                    "expected": field(CHIPS, "recorded, in won terms"),
                    "won": field(CHIPS, "recomputed, in won terms"),
                },
                required=[],
            ),
            "each player paid differently",
        ),
        "pots": nullable(
            {
                "type": "array",
                "items": strict(
                    {
                        "pot": field(TEXT, "the pot (main pot, side pot 1, ...)"),
                        "recorded": by_name(CHIPS, "what the history paid each from it"),
                        "recomputed": by_name(CHIPS, "what the cards and the rules give each"),
                        "half": {
                            "enum": ["high", "low", None],
                            "description": "where the site tags each half of a pot",
                        },
                    },
                    required=["pot", "recorded", "recomputed"],
                ),
            },
            "a MISMATCH: each pot paid differently (empty: none); null: the history prints no "
            "per-pot lines",
        ),
        "site_inconsistency": field(
            {"type": ["string", "null"]}, "where the history's own lines disagree; null: nowhere"
        ),
        "depth": {
            "enum": ["per half", "per pot", "per player"],
            "description": "how deep the record let the check go: each half of each pot, each pot, or one total "
            "per player",
        },
        "currency": CURRENCY,
        # Issue 28: what differs from RULES.md, and the practice that paid the odd chips.
        "kind": {
            "enum": ["odd-chips", "payout", "site", None],
            "description": "what differs from RULES.md: odd-chips (only the odd chips, paid by the "
            "practice named; OK where it is the site's own, unless --rules strict), payout (a payout no "
            "rule gives), site (the site's own lines disagree); null: nothing differs",
        },
        "practice": field(
            {"type": ["string", "null"]},
            "kind odd-chips: the practice that paid the odd chips (the site's, named); null otherwise",
        ),
        # Issue 29: the rake of a site that prints none, derived, and what the site's rule gives.
        "rake": nullable(
            strict(
                {
                    "derived": field(CHIPS, "what the actions put in and the site did not pay out"),
                    "rule": field(
                        {"type": ["integer", "null"], "minimum": 0},
                        "what the site's published rake rule gives; null: not known, not checked",
                    ),
                    "note": field(TEXT, "the sentence the verdict adds"),
                },
                required=["derived", "rule", "note"],
            ),
            "where the site prints no rake and the rake was derived (RULES §13); null: the site printed "
            "its rake, or nothing was left to derive",
        ),
        "skipped_lines": {
            "type": "integer",
            "minimum": 0,
            "description": "added for issue 28: how many lines of the hand the reader did not know "
            "and skipped (none carries an amount or a card, and the hand adds up by the site's own "
            "totals)",
        },
        "first_skipped": nullable(
            strict(
                {
                    "line": field({"type": "integer", "minimum": 1}, "its line in the file"),
                    "text": field(TEXT, "the line, cut to 80 characters"),
                },
                required=["line", "text"],
            ),
            "added for issue 28: the first line skipped; null: none was",
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
        "kind",
        "practice",
        "rake",
    ],
)

# Issue 20: hilo check --all-in adds all_in to each hand (null: not all in with cards to come) and writes
# the summary as one last line (allin-summary).
SIGNED_FRACTION = {
    "type": "string",
    "pattern": "^-?[0-9]+/[1-9][0-9]*$",
    "description": "an exact fraction n/d",
}
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
        "note": field({"type": ["string", "null"]}, "why the runouts were sampled; null: exact"),
        "not_computable": {
            "type": ["string", "null"],
            "description": "why the figures cannot be worked out "
            "(a live hand not shown); players is then empty",
        },
        "players": field(
            {
                "type": "array",
                "items": strict(
                    {
                        "name": field(NAME, "a live player"),
                        "equity": field(CHANCE, "the player's share of the pots, over the runouts"),
                        "expected_chips": {
                            "type": "number",
                            "minimum": 0,
                            "description": "after the site's rake",
                        },
                        "expected_chips_fraction": nullable(
                            FRACTION, "expected_chips exactly; null: sampled"
                        ),
                        "won": {
                            "type": "integer",
                            "description": "what the pots paid (uncalled chips not included)",
                        },
                        "difference": {"type": "number", "description": "expected_chips minus won"},
                    }
                ),
            },
            "each live player's figures",
        ),
    }
)
ALLIN_SUMMARY: Schema = {
    "title": "hilo check --all-in summary",
    "description": "The last line of hilo check --all-in --format json: per player and unit (a currency, or "
    "one site's chips) over every file read. adjusted is won plus difference, the sum of the hands' "
    "all-in differences.",
    **strict(
        {
            "all_in_summary": field(
                strict(
                    {
                        "hands": field(COUNT, "hands read"),
                        "all_in": field(COUNT, "hands all in with cards to come"),
                        "not_computable": field(
                            COUNT, "all-in hands whose figures cannot be worked out"
                        ),
                        "not_computable_why": by_name(
                            {"type": "integer", "minimum": 1},
                            "how many hands each reason made not computable (keyed by the reason)",
                        ),
                        "hero": field(
                            {"type": ["string", "null"]},
                            "the player in the most hands (the default of --player); null: no hands",
                        ),
                        "players": field(
                            {
                                "type": "array",
                                "items": strict(
                                    {
                                        "name": field(NAME, "the player"),
                                        "currency": {
                                            **CURRENCY,
                                            "description": "how the row's amounts are shown: money "
                                            "one way per currency whatever the site ($, €, £ before "
                                            "the number), chips as plain numbers",
                                        },
                                        "unit": {
                                            "type": "string",
                                            "minLength": 1,
                                            "description": "what the row counts in, as the text "
                                            "table names it: a currency's code (USD, EUR), or a "
                                            "site's chips (PokerStars chips; chips where no reader "
                                            "read the hands)",
                                        },
                                        "money": {
                                            "type": "boolean",
                                            "description": "true: a currency, every site's amounts "
                                            "of it added up; false: chips of one site (tournament "
                                            "chips, play money, no currency named), never added to "
                                            "money",
                                        },
                                        "site": {
                                            "type": ["string", "null"],
                                            "description": "the reader (--input-format name) whose "
                                            "chips the row counts; null for money",
                                        },
                                        "hands": field(
                                            {"type": "integer", "minimum": 1},
                                            "hands the player was dealt into, in this unit",
                                        ),
                                        "all_in": field(
                                            COUNT, "of them, all in with cards to come"
                                        ),
                                        "won": field(
                                            {"type": "integer"}, "chips won over the hands"
                                        ),
                                        "adjusted": field(
                                            {"type": "number"},
                                            "won, with each all-in pot at its equity",
                                        ),
                                        "adjusted_fraction": SIGNED_FRACTION,
                                        "difference": field(
                                            {"type": "number"}, "adjusted minus won: the luck"
                                        ),
                                        "difference_fraction": SIGNED_FRACTION,
                                        "exact": {
                                            "type": "boolean",
                                            "description": "false: some all-in pot was sampled",
                                        },
                                    }
                                ),
                            },
                            "one row per player and unit, by name",
                        ),
                    }
                ),
                "the summary over every file read",
            ),
            "schema": tag("allin-summary"),
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
            "check": field(
                VERDICT, "the verdict: what the history paid against what the rules give"
            ),
            "all_in": nullable(
                ALL_IN,
                "hilo check --all-in: the hand's all-in figures; null: not all in with cards to come",
            ),
            "schema": tag("check"),
        },
        required=["id", "source", "line", "where", "check", "schema"],
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
BOUNDS_95 = field(
    {"type": "object", "additionalProperties": BOUND_95},
    "sampled runs: the 95% interval of each figure the samples never moved",
)


def chance(what: str) -> Schema:
    return nullable(CHANCE, f"the chance {what}; null: in no pot")


EQUITY_PLAYER = strict(
    {
        "name": field(NAME, "a live player"),
        "equity": nullable(
            CHANCE, "the player's share of the pots, over the runouts; null: in no pot"
        ),
        "equity_fraction": nullable(FRACTION, "equity exactly; null: sampled, or in no pot"),
        "expected_chips": nullable(
            {"type": "number", "minimum": 0}, "the chips the player can expect; null: in no pot"
        ),
        "expected_chips_fraction": nullable(
            FRACTION, "expected_chips exactly; null: sampled, or in no pot"
        ),
        "scoop": chance("of winning both halves"),
        "high_win": chance("of winning the high alone"),
        "high_tie": chance("of tying for the high"),
        "low_win": chance("of winning the low alone"),
        "low_tie": chance("of tying for the low"),
        "quartered": chance("of a quarter of the pot: a low tied two ways"),
        "se": SE,
        "bound_95": BOUNDS_95,
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
        "name": field(TEXT, "the pot (main pot, side pot 1, ...)"),
        "amount": field(CHIPS, "its chips"),
        "eligible": field({"type": "array", "items": NAME}, "the live players who may win it"),
        "expected_chips": by_name(
            {"type": "number", "minimum": 0}, "what each eligible player can expect from it"
        ),
        "expected_chips_fraction": by_name(
            nullable(FRACTION), "expected_chips exactly (null: sampled)"
        ),
        "se": SE,
        "bound_95": field(
            by_name(BOUND_95), "sampled runs: the 95% interval of a share never moved"
        ),
    },
    required=["name", "amount", "eligible", "expected_chips", "expected_chips_fraction"],
)
EQUITY: Schema = {
    "title": "hilo equity result",
    "description": "hilo equity --format json, and a batch record whose cards are still to come (which adds "
    "source, and note when a run asked to be exact was sampled).",
    **strict(
        {
            "id": ID,
            "game": field(GAME, "the game"),
            "board": field(CARDS, "the board's cards so far"),
            "dead": field(CARDS, "cards known to be out of play"),
            "exact": field({"type": "boolean"}, "true: every runout was dealt; false: sampled"),
            "runouts": field({"type": "integer", "minimum": 1}, "runouts dealt or sampled"),
            "seed": {"type": ["integer", "null"], "minimum": 0, "description": "null when exact"},
            "players": field(
                {"type": "array", "items": EQUITY_PLAYER, "minItems": 1}, "each live player"
            ),
            "pots": field(
                {"type": "array", "items": EQUITY_POT}, "the main pot first, then each side pot"
            ),
            "returned": by_name(CHIPS, "uncalled chips given back, by player"),
            "no_low": nullable(
                CHANCE, "the chance that no low qualifies; null: a game without low"
            ),
            "no_low_se": field(
                {"type": "number", "minimum": 0}, "sampled runs: no_low's standard error"
            ),
            "no_low_bound_95": BOUND_95,
            "source": SOURCE,
            "note": {"type": "string", "description": "why the runouts were sampled, or how"},
            "hidden": by_name(
                {"type": "integer", "minimum": 1, "description": "hole cards not seen, dealt"},
                "hole cards still hidden, dealt at random, by player",
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
            "schema": tag("equity"),
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
            "schema",
        ],
    ),
}

STREET_TOTAL = "a street total ('raise to')"
LIMITS: Schema = {
    "title": "hilo limits",
    "description": "hilo limits --format json: what the next player may do. least and most are street "
    "totals ('raise to'); from a history, name and street too.",
    **strict(
        {
            "structure": field(
                {"enum": ["pot", "no", "fixed"]}, "pot limit, no limit or fixed limit"
            ),
            "pot": field(CHIPS, "the pot the player faces, before their call"),
            "call": field(CHIPS, "what the player must put in to call"),
            "action": field(
                {"enum": ["bet", "raise", "call"]},
                "bet (nothing to call), raise, or call (the stack covers no more than the call)",
            ),
            "least": nullable(CHIPS, f"the smallest bet or raise, {STREET_TOTAL}; null: call only"),
            "most": nullable(
                CHIPS, f"the largest bet or raise, {STREET_TOTAL}; null: no limit, or call only"
            ),
            "all_in": field(
                {"type": "boolean"}, "true: the stack is short of a full bet or raise (§14.5)"
            ),
            "name": field(NAME, "from a history: the player to act"),
            "street": field(
                {"type": "integer", "minimum": 0, "maximum": 4},
                "from a history: the street (0 preflop or third street, and on)",
            ),
            "schema": tag("limits"),
        },
        required=["structure", "pot", "call", "action", "least", "most", "all_in", "schema"],
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
            "$id": f"{BASE}{schema_tag(kind)}.json",
            **SCHEMAS[kind],
        }
        schema["description"] += f" (hilo {SCHEMA_VERSION}.x; schema version {SCHEMA_VERSION})"
        out[f"{kind}.json"] = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    return out


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, text in made().items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {(OUT / name).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
