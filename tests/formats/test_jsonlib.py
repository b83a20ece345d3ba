"""The JSON backend: orjson and the standard-library fallback write the same bytes and read the same."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT

from hilo_cli.batch import process
from hilo_cli.formats import jsonlib
from hilo_cli.formats.batch_in import Raw
from hilo_cli.formats.records import Defaults

EXAMPLES = ROOT / "examples"


def _outputs() -> list[bytes]:
    lines = (EXAMPLES / "side-pots.jsonl").read_bytes().splitlines()
    lines.append(b'{"id": "bad", "board": "Ac 3d 6h Ks", "players": []}')
    lines.append(
        b'{"id": "caf\xc3\xa9", "board": "Ac 3d 6h Ks Kd", "players": [{"name": "\xc3\xa9", '
        b'"hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}], "pot": 1200}'
    )
    raws = [Raw("x", i, "json-line", line) for i, line in enumerate(lines, 1)]
    return [process(raw, Defaults(), "json").output for raw in raws]


def test_fallback_writes_the_same_as_orjson(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("orjson")
    fast = _outputs()
    monkeypatch.setattr(jsonlib, "orjson", None)
    slow = _outputs()
    assert fast == slow
    assert "é".encode() in fast[-1]  # UTF-8 text is written as it is, not escaped
    assert all(line.endswith(b"}\n") and json.loads(line) for line in fast)


@pytest.mark.parametrize("use_orjson", [True, False])
def test_malformed_json_is_a_value_error(use_orjson: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not use_orjson:
        monkeypatch.setattr(jsonlib, "orjson", None)
    elif jsonlib.orjson is None:
        pytest.skip("orjson is not installed")
    with pytest.raises(ValueError):
        jsonlib.loads(b'{"board": ')
