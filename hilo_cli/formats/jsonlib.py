"""JSON for batch work: orjson when it is installed, else the standard library, with the same output.

At hilo's rates most of a JSON batch is spent reading and writing JSON; on a six-player settlement
orjson encodes about 14 times and decodes about 3 times as fast as the standard library (the
measurements are in the closing note of the speed issue), so it is a dependency. The fallback keeps
hilo working where orjson cannot be installed; both write compact JSON with UTF-8 text unescaped.

A number of more digits than hilo reads (``bounds.MAX_DIGITS``) is never converted (Python refuses to
convert 4,300 digits, and a million would take minutes): ``DECODER`` keeps it as its text, a
``LongNumber``, and ``refuse_long_numbers`` makes it one error naming the bound.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from hilo_cli import bounds

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
    """Parse JSON text; raises ``ValueError`` (a ``json.JSONDecodeError`` or orjson's) when malformed, and
    ``DealError`` (``refuse_long_numbers``) when it holds a number too long to read."""
    if orjson is not None:
        try:
            return orjson.loads(data)
        except ValueError as e:
            # orjson reads a number too long for 64 bits as a double: malformed only past 308 digits.
            try:
                value = DECODER.decode(data.decode() if isinstance(data, bytes) else data)
            except (ValueError, RecursionError):
                raise e from None
            refuse_long_numbers(value)
            raise
    text = data.decode() if isinstance(data, bytes) else data
    value = DECODER.decode(text)
    if has_long_run(text):
        refuse_long_numbers(value)
    return value


class LongNumber(str):
    """A JSON number of more digits than hilo reads (``bounds.MAX_DIGITS``), kept as its text."""


def _whole(text: str) -> int | LongNumber:
    if len(text) > bounds.MAX_DIGITS and len(text.lstrip("-").lstrip("0")) > bounds.MAX_DIGITS:
        return LongNumber(text)
    return int(text)


def _fraction(text: str) -> float | LongNumber:
    whole = re.split("[.eE]", text.lstrip("-"), maxsplit=1)[0]
    if len(whole.lstrip("0")) > bounds.MAX_DIGITS:
        return LongNumber(text)
    return float(text)


# The standard library's decoder, with numbers too long to read kept as text.
DECODER = json.JSONDecoder(parse_int=_whole, parse_float=_fraction)
_LONG_RUN = re.compile(rf"\d{{{bounds.MAX_DIGITS + 1}}}")


def has_long_run(text: str, start: int = 0, end: int | None = None) -> bool:
    """Whether ``text`` (from ``start`` to ``end``) holds a run of digits longer than a number hilo reads:
    the cheap test that says whether ``refuse_long_numbers`` has anything to look for."""
    return _LONG_RUN.search(text, start, len(text) if end is None else end) is not None


def refuse_long_numbers(value: Any) -> None:
    """``DealError`` for the first ``LongNumber`` in a value read by ``DECODER`` (naming the bound on
    amounts and quoting a short cut of the number); nothing if there is none."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, LongNumber):
            whole = re.split("[.eE]", item.lstrip("-"), maxsplit=1)[0]
            bounds.digits(whole, "a number in this record")  # raises: it has too many digits
        elif type(item) is dict:
            stack.extend(reversed(item.values()))
        elif type(item) is list:
            stack.extend(reversed(item))


_KEY = re.compile(r'"\s*:')


def duplicate_key(text: str, value: Any) -> str | None:
    """The first key given twice in one object of ``text`` (which parsed to ``value``), or None.

    JSON readers keep the last of a repeated key silently (``{"pot": 600, "pot": 700}`` is 700), and a
    repeated amount is bad input, never "the last one wins". Each key is followed by a colon, so when
    the parsed objects hold as many keys as the text has colons, nothing was repeated: the usual record
    is settled by that count alone; anything else is read again, key by key.
    """
    keys = _count_keys(value)
    if text.count(":") <= keys or len(_KEY.findall(text)) <= keys:
        return None
    found: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: set[str] = set()
        for key, _ in items:
            if key in seen and not found:
                found.append(key)
            seen.add(key)
        return dict(items)

    try:
        json.loads(text, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return None
    return found[0] if found else None


def _count_keys(value: Any) -> int:
    """Keys in every object of a parsed JSON value (a loop, not recursion: it runs once per record)."""
    count = 0
    stack = [value]
    pop, push = stack.pop, stack.append
    children: Iterable[Any]
    while stack:
        item = pop()
        if type(item) is dict:
            count += len(item)
            children = item.values()
        elif type(item) is list:
            children = item
        else:
            continue
        for child in children:
            if type(child) is dict or type(child) is list:
                push(child)
    return count
