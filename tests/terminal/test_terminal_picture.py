"""The README's colour picture (issue 13): made from a real run by docs/terminal/make_picture.py, and the
SVG in the repository is the one the current hilo makes (so it cannot drift from the report)."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from types import ModuleType

import pytest
from conftest import ROOT

SCRIPT = ROOT / "docs" / "terminal" / "make_picture.py"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def make_picture() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_picture", SCRIPT)
    assert spec is not None and spec.loader is not None, SCRIPT
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ansi_codes_become_looks(make_picture: ModuleType) -> None:
    Look = make_picture.Look
    red, green = make_picture.COLOURS[31], make_picture.COLOURS[32]
    lines = make_picture.runs("a \x1b[31m6h\x1b[0m b\n\x1b[1mA\x1b[0m wins \x1b[1;32m300\x1b[0m\n")
    assert lines == [
        [("a ", Look()), ("6h", Look(red)), (" b", Look())],
        [("A", Look(None, True)), (" wins ", Look()), ("300", Look(green, True))],
    ]


def test_each_word_group_sits_in_its_column_and_text_is_escaped(make_picture: ModuleType) -> None:
    picture = make_picture.svg("hilo x", "A  <&>   \x1b[31mKh\x1b[0m\n")
    texts = ET.fromstring(picture).iter(f"{SVG}text")
    placed = [(float(t.get("x", "")), t.text, t.get("fill")) for t in texts]
    width, pad = make_picture.CHAR_WIDTH, make_picture.PAD
    assert placed == [
        (pad, "$ hilo x", make_picture.PROMPT),
        (pad, "A", None),
        (round(pad + 3 * width, 1), "<&>", None),
        (round(pad + 9 * width, 1), "Kh", make_picture.COLOURS[31]),
    ]


def test_the_picture_in_the_repository_is_the_current_one(make_picture: ModuleType) -> None:
    made = make_picture.picture()
    kept = make_picture.PICTURE.read_text(encoding="utf-8")
    assert made == kept, (
        "docs/terminal/showdown.svg is stale: run python docs/terminal/make_picture.py"
    )
    root = ET.fromstring(kept)
    fills = {t.get("fill") for t in root.iter(f"{SVG}text")}
    assert {make_picture.COLOURS[31], make_picture.COLOURS[32], make_picture.COLOURS[34]} <= fills
    shown = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "A wins" in shown and "900" in shown
