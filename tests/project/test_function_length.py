"""The library reads in screens (issue 22): no function of ``hilo_cli`` runs over 60 lines, counted from
its ``def`` line to its last line, docstring included. The failure names each function, where it
starts, and its length.
"""

from __future__ import annotations

import ast

import pytest
from conftest import ROOT

PACKAGE = ROOT / "hilo_cli"
MODULES = sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py"))
MOST = 60


def long_functions(source: str) -> list[tuple[str, int, int]]:
    """Each function (methods and nested functions too) longer than ``MOST`` lines: name, line, length."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MOST:
                found.append((node.name, node.lineno, length))
    return found


def test_the_measure_counts_from_def_to_the_last_line() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MOST - 2))
    fits = f'def f() -> None:\n    """Doc."""\n{body}\n'
    assert long_functions(fits) == []
    assert long_functions(fits + "    return None\n") == [("f", 1, MOST + 1)]


@pytest.mark.parametrize("module", MODULES)
def test_no_function_is_over_60_lines(module: str) -> None:
    long = long_functions((PACKAGE / module).read_text(encoding="utf-8"))
    assert not long, f"{module}: " + ", ".join(f"{n} (line {at}, {k} lines)" for n, at, k in long)
