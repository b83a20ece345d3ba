"""The code stays as the house style asks: mypy --strict and ruff clean, and imports pointing one way."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

BIN = Path(sys.executable).parent

# Each layer may import only the layers listed after it (STYLE.md: cli -> formats -> showdown -> ...).
# Hand histories (``histories``) are readers beside ``formats``; ``checking`` compares what a file
# recorded with what hilo settles; ``betting`` replays a hand's actions into a Deal; ``equity`` settles
# every runout with ``showdown``.
LAYERS = [
    ("hilo_cli.__main__",),  # python -m hilo_cli: the command
    (
        "hilo_cli.cli",
        "hilo_cli.api",
        "hilo_cli.dask",
    ),  # the faces of the library: the command, the Python API, and the API on Dask (issue 32)
    ("hilo_cli.batch", "hilo_cli.checking", "hilo_cli.checking_house"),
    ("hilo_cli.pool",),
    (
        "hilo_cli.formats",
        "hilo_cli.histories",
        "hilo_cli.allin",
    ),  # allin: issue 20, the all-in figures
    ("hilo_cli.equity",),
    ("hilo_cli.showdown", "hilo_cli.betting"),
    ("hilo_cli.evaluate", "hilo_cli.pots", "hilo_cli.deal"),
    ("hilo_cli.games",),
    ("hilo_cli.cards",),
    ("hilo_cli.bounds",),
    ("hilo_cli.errors",),
]


def _tool(name: str) -> str:
    found = BIN / name
    if found.exists():
        return str(found)
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed; pip install -e '.[test]' installs it")
    return path


def test_mypy_strict_is_clean() -> None:
    run = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_code_is_formatted_by_the_one_formatter() -> None:
    # ruff format, lines of at most 100 (pyproject.toml): the code reads one way everywhere.
    paths = ["hilo_cli", "tests", "benchmarks", "docs"]
    run = subprocess.run(
        [_tool("ruff"), "format", "--check", *paths], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_is_clean() -> None:
    run = subprocess.run(
        [_tool("ruff"), "check", "hilo_cli", "tests", "benchmarks", "docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def _layer(module: str) -> int:
    if module == "hilo_cli":
        return 1  # the package itself: the version, and the API re-exported from hilo_cli.api
    for i, names in enumerate(LAYERS):
        if any(module == n or module.startswith(n + ".") for n in names):
            return i
    return len(LAYERS)  # the package itself (__init__: the version)


def test_imports_point_one_way() -> None:
    wrong = []
    for path in sorted((ROOT / "hilo_cli").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.module.startswith("hilo_cli.")
            ):
                target = node.module
            elif isinstance(node, ast.Import):
                target = next((a.name for a in node.names if a.name.startswith("hilo_cli.")), "")
            else:
                continue
            if target and _layer(target) < _layer(module):
                wrong.append(f"{module} imports {target}")
    assert not wrong, wrong


def test_library_has_no_click_print_or_exit() -> None:
    offenders = []
    for path in sorted((ROOT / "hilo_cli").rglob("*.py")):
        if path.parent.name == "cli" or path == ROOT / "hilo_cli" / "__main__.py":
            continue  # the command, and its entry point above it (LAYERS)
        text = path.read_text()
        for word in ("import click", "print(", "sys.exit", "sys.argv"):
            if word in text:
                offenders.append(f"{path.relative_to(ROOT)}: {word}")
    assert not offenders, offenders


# Equity's whole-array path reads the evaluator's lookups itself (evaluate/__init__ names it).
PAST_THE_DOOR = {"equity/vector.py"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            # ``from hilo_cli.evaluate import tables`` names a module too
            folder = ROOT.joinpath(*node.module.split("."))
            found.update(
                f"{node.module}.{alias.name}"
                for alias in node.names
                if (folder / f"{alias.name}.py").exists()
            )
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_evaluator_has_one_door() -> None:
    """Outside ``evaluate/`` only ``hilo_cli.evaluate`` itself is imported (bar the named exception)."""
    past = {}
    for path in (ROOT / "hilo_cli").rglob("*.py"):
        name = path.relative_to(ROOT / "hilo_cli").as_posix()
        if name.startswith("evaluate/") or name in PAST_THE_DOOR:
            continue
        inner = sorted(m for m in _imports(path) if m.startswith("hilo_cli.evaluate."))
        if inner:
            past[name] = inner
    assert past == {}


_NAMEDTUPLE = {"_replace", "_asdict", "_make", "_fields"}
_PUBLIC = {*_NAMEDTUPLE, "_exit"}  # and os._exit, public despite its name


def private_reaches(source: str) -> list[str]:
    """Where ``source`` takes another module's private name: ``from M import _x``, or ``m._x`` on an
    imported module (a named tuple's own ``_replace``, ``_asdict``, ``_make``, ``_fields`` are public, as is
    ``os._exit``)."""
    tree = ast.parse(source)
    modules = {
        (a.asname or a.name).split(".")[0]
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
        if isinstance(n, ast.Import) or (n.module or "").startswith("hilo_cli")
    }
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("hilo_cli"):
            found += [f"line {n.lineno}: {a.name}" for a in n.names if _private(a.name)]
        elif isinstance(n, ast.Attribute) and _private(n.attr) and n.attr not in _PUBLIC:
            if isinstance(n.value, ast.Name) and n.value.id in modules:
                found.append(f"line {n.lineno}: {n.value.id}.{n.attr}")
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_the_private_check_sees_both_ways_in() -> None:
    assert private_reaches("from hilo_cli.cards import _RANKS\n") == ["line 1: _RANKS"]
    assert private_reaches("from hilo_cli import deal\ndeal._check_money(1)\n") == [
        "line 2: deal._check_money"
    ]
    assert private_reaches("from hilo_cli.deal import Deal\nDeal(1)._replace(pot=2)\n") == []


def test_no_module_takes_another_s_private_name() -> None:
    """Issue 22: what other modules need is public; the rest stays private to its module."""
    found = {
        p.relative_to(ROOT).as_posix(): hits
        for p in sorted((ROOT / "hilo_cli").rglob("*.py"))
        if (hits := private_reaches(p.read_text(encoding="utf-8")))
    }
    assert not found, found
