"""The house rules of issue 22 that a reader of the code would otherwise have to take on trust."""

from __future__ import annotations

import ast
from pathlib import Path

import hilo_cli

PACKAGE = Path(hilo_cli.__file__).parent
# Equity's whole-array path reads the evaluator's lookups itself (evaluate/__init__ names it).
PAST_THE_DOOR = {"equity/vector.py"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            # ``from hilo_cli.evaluate import tables`` names a module too
            folder = PACKAGE.parent.joinpath(*node.module.split("."))
            found.update(
                f"{node.module}.{alias.name}"
                for alias in node.names
                if (folder / f"{alias.name}.py").exists()
            )
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_evaluator_has_one_door():
    """Outside ``evaluate/`` only ``hilo_cli.evaluate`` itself is imported (bar the named exception)."""
    past = {}
    for path in PACKAGE.rglob("*.py"):
        name = path.relative_to(PACKAGE).as_posix()
        if name.startswith("evaluate/") or name in PAST_THE_DOOR:
            continue
        inner = sorted(m for m in _imports(path) if m.startswith("hilo_cli.evaluate."))
        if inner:
            past[name] = inner
    assert past == {}


def test_one_table_of_low_ranks() -> None:
    from hilo_cli.cards import DECK, LOW_RANKS, parse_cards

    assert [LOW_RANKS[c] for c in parse_cards("Ah 2c 8d Ts Kc")] == [1, 2, 8, 10, 13]
    assert LOW_RANKS == tuple(c.low_rank for c in DECK)


def test_cards_parsed_under_a_label_say_whose_they_were() -> None:
    import pytest

    from hilo_cli.cards import parse_labelled
    from hilo_cli.errors import CardError

    assert parse_labelled("As Kd", "dead") == parse_labelled(["As", "Kd"], "dead")
    with pytest.raises(CardError) as caught:
        parse_labelled("As Zz", "dead")
    assert caught.value.message.startswith("dead: 'Zz' (card 2) is not a card")


def test_one_threshold_for_progress_of_records_and_of_runouts(monkeypatch) -> None:
    """``HILO_PROGRESS_AFTER`` moves the runout bar as it moves the records' progress line."""
    import io

    from hilo_cli.cli import terminal

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    for after, shown in (("0", True), ("1000", False)):
        monkeypatch.setenv("HILO_PROGRESS_AFTER", after)
        stream, now = Tty(), [0.0]
        assert terminal.Progress("hilo batch", stream).after == float(after)
        with terminal.RunoutBar(stream, clock=lambda now=now: now[0]) as bar:
            bar(1, 1000)
            now[0] += 0.01  # a thousand runouts at this pace take ten seconds
            bar(2, 1000)
        assert ("runouts" in stream.getvalue()) is shown, after
