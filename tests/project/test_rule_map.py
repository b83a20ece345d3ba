"""The rule map in the package docstring (``hilo_cli/__init__.py``, the table "Rule ... Implemented by")
names real code: every name it gives resolves to a module, a module attribute, a class attribute or a
method (issue 22), so that renaming or removing a function cannot leave the map pointing at nothing.

How the table is read: each row whose first character is not a space starts a rule; the names are its
double-backquoted spans that are Python names. A dotted name is taken from ``hilo_cli``
(``evaluate.hands.rank_value`` is ``hilo_cli.evaluate.hands.rank_value``). A bare name continues the
dotted name before it in the same rule, as the map writes a list (``evaluate.tables.rank_table`` /
``flush_table``: ``flush_table`` beside ``rank_table`` in ``evaluate.tables``), or else is a module of
``hilo_cli`` (``formats``). Not names: an option (``--odd-chip suit``), an expression
(``units - units // 2``), and a name followed by ``=``, which says what a field holds.
"""

from __future__ import annotations

import importlib
import re
from typing import Any, NamedTuple

import pytest

import hilo_cli

_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_SPAN = re.compile(r"``([^`]+)``(\s*=(?!=))?")


class Entry(NamedTuple):
    rule: str  # the rule's section, as the table's first column starts (``§1.3``, ``equity:``)
    name: str  # as the map writes it
    qualified: (
        str  # the dotted path from hilo_cli it stands for (a bare name: beside the name before it)
    )
    sibling: (
        bool  # a bare name, resolved beside the dotted name before it (else a module of hilo_cli)
    )


def table_rows(doc: str) -> list[str]:
    """The rows of the rule table: the lines between the rule under its header and the closing rule."""
    lines = doc.splitlines()
    header = next(
        n for n, line in enumerate(lines) if line.startswith("Rule ") and "Implemented by" in line
    )
    end = next(n for n in range(header + 2, len(lines)) if lines[n].startswith("=="))
    return lines[header + 2 : end]


def entries(doc: str) -> list[Entry]:
    found: list[Entry] = []
    rule, last = "", ""
    for row in table_rows(doc):
        if row and not row[0].isspace():
            rule, last = row.split()[0], ""
        for span in _SPAN.finditer(row):
            text, describes_a_field = span.group(1), span.group(2)
            if describes_a_field or not _NAME.fullmatch(text):
                continue
            if "." in text:
                last = text
                found.append(Entry(rule, text, text, False))
            elif last:
                found.append(Entry(rule, text, f"{last.rpartition('.')[0]}.{text}", True))
            else:
                found.append(Entry(rule, text, text, False))
    return found


def resolve(qualified: str) -> Any:
    """The object ``hilo_cli.<qualified>`` names; AttributeError naming the first part that is missing."""
    obj: Any = hilo_cli
    path = "hilo_cli"
    for part in qualified.split("."):
        path = f"{path}.{part}"
        if isinstance(obj, type(hilo_cli)) and hasattr(
            obj, "__path__"
        ):  # a package: its modules too
            try:
                obj = importlib.import_module(path)
                continue
            except ModuleNotFoundError as e:
                if e.name != path:
                    raise
        if hasattr(obj, part):
            obj = getattr(obj, part)
        elif isinstance(obj, type) and any(
            part in vars(c).get("__annotations__", {}) for c in obj.__mro__
        ):
            obj = None  # a field a class declares (a dataclass field without a default)
        else:
            raise AttributeError(f"{path} does not exist")
    return obj


def _resolves(entry: Entry) -> None:
    if entry.sibling:
        try:
            resolve(entry.qualified)
            return
        except AttributeError:
            pass
        try:
            resolve(entry.name)
            return
        except AttributeError:
            raise AttributeError(
                f"neither {entry.qualified} nor hilo_cli.{entry.name} exists"
            ) from None
    resolve(entry.qualified)


ENTRIES = entries(hilo_cli.__doc__ or "")


def test_the_map_is_read() -> None:
    """The reading finds the table and its names: the map is not checked vacuously."""
    assert len(ENTRIES) > 60, ENTRIES
    assert (
        Entry("§1.1–1.2", "evaluate.hands.rank_value", "evaluate.hands.rank_value", False)
        in ENTRIES
    )
    assert Entry("§1.1–1.2", "flush_table", "evaluate.tables.flush_table", True) in ENTRIES
    assert {"won", "units - units // 2", "--odd-chip suit"}.isdisjoint(e.name for e in ENTRIES)
    assert {e.rule for e in ENTRIES} >= {"§1.3", "§4.4", "§12.4", "§14.7", "equity:"}


def test_resolve_fails_on_a_name_that_is_not_there() -> None:
    assert resolve("showdown.settle") is importlib.import_module("hilo_cli.showdown").settle
    for missing in (
        "showdown.no_such_function",
        "no_such_module.settle",
        "deal.Deal.no_such_field",
    ):
        with pytest.raises(AttributeError, match=missing.rpartition(".")[0].replace(".", r"\.")):
            resolve(missing)
    with pytest.raises(AttributeError, match="neither"):
        _resolves(Entry("§0", "no_such_name", "showdown.no_such_name", True))


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e.rule.lstrip('§')} {e.name}" for e in ENTRIES])
def test_every_name_in_the_rule_map_resolves(entry: Entry) -> None:
    _resolves(entry)
