"""JSON for batch work: orjson when it is installed, else the standard library, with the same output.

At hilo's rates most of a JSON batch is spent reading and writing JSON; on a six-player settlement
orjson encodes about 14 times and decodes about 3 times as fast as the standard library (the
measurements are in the closing note of the speed issue), so it is a dependency. The fallback keeps
hilo working where orjson cannot be installed; both write compact JSON with UTF-8 text unescaped.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - exercised by tests that hide orjson
    orjson = None  # type: ignore[assignment]

BACKEND = "orjson" if orjson is not None else "json"


def dumps(value: Any) -> str:
    """Compact JSON text for ``value``."""
    if orjson is not None:
        return orjson.dumps(value).decode()
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def dumps_line(value: Any) -> bytes:
    """``dumps(value)`` and a newline, as UTF-8 bytes: one JSON Lines record, ready to write."""
    if orjson is not None:
        return orjson.dumps(value, option=orjson.OPT_APPEND_NEWLINE)
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def loads(data: bytes | str) -> Any:
    """Parse JSON text; raises ``ValueError`` (a ``json.JSONDecodeError`` or orjson's) when malformed."""
    if orjson is not None:
        return orjson.loads(data)
    return json.loads(data)
