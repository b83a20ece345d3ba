"""The JSON Schemas (issue 21): valid draft 2020-12, the files docs/schemas/make_schemas.py writes, printed
by ``hilo schema KIND``, and true of what hilo reads and writes: every example, every test history's
verdicts, every README example's JSON (each README command run again with ``--format json``), and the
bounds of hilo_cli/bounds.py, which the schema and the reader both hold to."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import ROOT, SHARED_DIR, SHOWDOWN
from jsonschema import Draft202012Validator
from test_readme import console_examples, readme_text

import hilo_cli
from hilo_cli.bounds import MAX_AMOUNT, MAX_SAMPLES, MAX_SEAT
from hilo_cli.cli import main
from hilo_cli.cli.schema import KINDS
from hilo_cli.formats import SCHEMA_VERSION, schema_tag
from hilo_cli.formats.text_in import record_from_line, strip_comment

SCHEMAS = ROOT / "hilo_cli" / "schemas"
EXAMPLES = sorted(p.name for p in (ROOT / "examples").iterdir() if p.is_file())
HISTORIES = sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "data").rglob("*") if p.is_file()
)


def validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMAS / f"{kind}.json").read_text(encoding="utf-8")))


VALIDATORS = {kind: validator(kind) for kind in KINDS}


def assert_valid(kind: str, value: Any, what: str = "") -> None:
    errors = sorted(VALIDATORS[kind].iter_errors(value), key=lambda e: list(e.absolute_path))
    assert not errors, f"{what} is not a valid {kind}: " + "; ".join(
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5]
    )


def json_lines(args: list[str], stdin: str | None = None) -> list[dict[str, Any]]:
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    text = result.stdout
    if text.lstrip().startswith("{") and "\n{" not in text.strip():
        return [json.loads(text)]  # one object, perhaps indented (hilo equity)
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def kind_of(command: str, value: dict[str, Any]) -> str:
    """Which schema an object a command printed must satisfy (by its shape and its command), which the
    object's own ``schema`` field must name."""
    if "error" in value:
        kind = "error"
    elif "all_in_summary" in value:
        kind = "allin-summary"  # issue 20: the last line of hilo check --all-in
    elif command in ("equity", "limits", "check"):
        kind = command
    else:
        kind = "equity" if "runouts" in value else "settlement"
    assert value.get("schema") == schema_tag(kind), (kind, value.get("schema"))
    return kind


def example_records(name: str) -> list[Any]:
    text = (ROOT / "examples" / name).read_text(encoding="utf-8")
    if name.endswith(".txt"):
        return [record_from_line(line) for line in map(strip_comment, text.splitlines()) if line]
    if name.endswith(".jsonl"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    value = json.loads(text)
    return value if isinstance(value, list) else [value]


# -- the schemas themselves -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_schema_is_draft_2020_12_and_printed_by_hilo_schema(kind: str) -> None:
    schema = json.loads((SCHEMAS / f"{kind}.json").read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    result = CliRunner().invoke(main, ["schema", kind])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == schema


def test_hilo_schema_lists_the_kinds_and_refuses_others() -> None:
    listed = CliRunner().invoke(main, ["schema"])
    assert listed.exit_code == 0 and [
        line.split()[0] for line in listed.stdout.splitlines()
    ] == list(KINDS)
    assert sorted(p.stem for p in SCHEMAS.glob("*.json")) == sorted(KINDS)
    refused = CliRunner().invoke(main, ["schema", "hand"])
    assert refused.exit_code == 2 and "'hand' is not one of" in refused.output


def test_the_schema_files_are_the_ones_the_script_writes() -> None:
    spec = importlib.util.spec_from_file_location(
        "make_schemas", ROOT / "docs" / "schemas" / "make_schemas.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, text in module.made().items():
        assert (SCHEMAS / name).read_text(encoding="utf-8") == text, (
            f"hilo_cli/schemas/{name} is stale: run python docs/schemas/make_schemas.py"
        )


def fields(node: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every named field of a schema (each property of every object in it), with its path."""
    found: list[tuple[str, Any]] = []
    if isinstance(node, dict):
        for name, value in (node.get("properties") or {}).items():
            found.append((f"{path}.{name}", value))
        for key, value in node.items():
            found += fields(value, f"{path}/{key}" if key != "properties" else path)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += fields(value, f"{path}[{i}]")
    return found


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_field_of_every_schema_says_what_it_means(kind: str) -> None:
    schema = json.loads((SCHEMAS / f"{kind}.json").read_text(encoding="utf-8"))
    named = fields(schema)
    assert len(named) >= 5
    missing = [path for path, value in named if not value.get("description")]
    assert not missing, f"{kind}: fields without a description: {missing}"


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_schema_s_id_holds_its_version_and_each_output_names_it(kind: str) -> None:
    schema = json.loads((SCHEMAS / f"{kind}.json").read_text(encoding="utf-8"))
    assert schema["$id"].endswith(f"/{kind}/{SCHEMA_VERSION}.json")
    assert schema["$id"].endswith(f"/{schema_tag(kind)}.json")
    assert f"schema version {SCHEMA_VERSION}" in schema["description"]
    if kind != "record":  # what hilo reads names no schema; everything it writes does
        assert schema["properties"]["schema"] == {
            "const": f"{kind}/{SCHEMA_VERSION}",
            "description": schema["properties"]["schema"]["description"],
        }
        assert "schema" in schema["required"]
    assert SCHEMA_VERSION == ".".join(hilo_cli.__version__.split(".")[:2])


def test_the_schemas_readme_lists_every_kind() -> None:
    text = (ROOT / "docs" / "schemas" / "README.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `([a-z-]+)` \|", text, re.MULTILINE)
    assert listed == list(KINDS)
    for kind in KINDS:
        assert f"[{kind}.json](../../hilo_cli/schemas/{kind}.json)" in text


# -- what hilo reads --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_record_is_a_valid_record(name: str) -> None:
    records = example_records(name)
    assert records
    for i, record in enumerate(records, 1):
        assert_valid("record", record, f"{name} record {i}")


def test_the_readme_json_input_is_a_valid_record() -> None:
    blocks = re.findall(r"^```json\n(.*?)^```$", readme_text(), re.MULTILINE | re.DOTALL)
    assert len(blocks) >= 2
    for block in blocks:
        assert_valid("record", json.loads(block), "a README json block")


BASE = {
    "board": "Ac 3d 6h Ks Kd",
    "pot": 1200,
    "players": [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}],
}


def record(**changes: Any) -> dict[str, Any]:
    """BASE with these fields changed (``None``: left out)."""
    return {k: v for k, v in {**BASE, **changes}.items() if v is not None}


def paying(amount: int) -> list[dict[str, Any]]:
    return [{**p, "contributed": amount} for p in BASE["players"]]


def seated(seat: int) -> list[dict[str, Any]]:
    return [{**BASE["players"][0], "seat": 1}, {**BASE["players"][1], "seat": seat}]


BOUNDS = {  # a record at a bound, and the same record just past it
    "pot": (record(pot=MAX_AMOUNT), record(pot=MAX_AMOUNT + 1)),
    "pot below 0": (record(pot=0), record(pot=-1)),
    "whole chips": (record(pot=1200.0), record(pot=1200.5)),
    "contributed": (
        record(pot=None, players=paying(MAX_AMOUNT)),
        record(pot=None, players=paying(MAX_AMOUNT + 1)),
    ),
    "seat": (
        record(players=seated(MAX_SEAT), button=MAX_SEAT),
        record(players=seated(MAX_SEAT + 1)),
    ),
    "button": (record(button=MAX_SEAT), record(button=MAX_SEAT + 1)),
    "chip_unit": (record(chip_unit=1), record(chip_unit=0)),
    "expected": (record(expected={"A": 300, "B": 900}), record(expected={"A": -300, "B": 900})),
    "samples": (record(board="Ac 3d 6h", samples=1, seed=0), record(board="Ac 3d 6h", samples=0)),
    "seed": (
        record(board="Ac 3d 6h", samples=10, seed=0),
        record(board="Ac 3d 6h", samples=10, seed=-1),
    ),
}


@pytest.mark.parametrize(("good", "bad"), list(BOUNDS.values()), ids=list(BOUNDS))
def test_the_record_schema_holds_the_bounds_hilo_holds(
    good: dict[str, Any], bad: dict[str, Any]
) -> None:
    assert_valid("record", good, "a record at a bound")
    assert list(VALIDATORS["record"].iter_errors(bad)), f"the schema accepts {bad}"
    settled = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=json.dumps(good))
    assert settled.exit_code in (0, 1), settled.output
    refused = CliRunner().invoke(main, ["batch", "--format", "json", "-"], input=json.dumps(bad))
    assert refused.exit_code == 2, f"hilo settles what the schema refuses: {bad}"


def test_the_schema_bounds_samples_as_bounds_py_does() -> None:
    samples = json.loads((SCHEMAS / "record.json").read_text())["properties"]["samples"]
    assert samples["maximum"] == MAX_SAMPLES
    assert list(
        VALIDATORS["record"].iter_errors({**BASE, "board": "Ac 3d 6h", "samples": MAX_SAMPLES + 1})
    )


# -- what hilo writes -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLES)
def test_hilo_batch_output_on_every_example_is_valid(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    printed = json_lines(["batch", "--format", "json", f"examples/{name}"])
    assert printed
    for value in printed:
        assert_valid(kind_of("batch", value), value, f"hilo batch examples/{name}")
    committed = (
        (ROOT / "examples" / "expected" / f"{name}.out.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()
    )
    for line in committed:
        value = json.loads(line)
        assert_valid(kind_of("batch", value), value, f"examples/expected/{name}.out.jsonl")


@pytest.mark.parametrize("path", HISTORIES)
def test_hilo_check_output_on_every_test_history_is_valid(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    printed = json_lines(["check", "--format", "json", path])
    assert printed
    for value in printed:
        assert_valid(kind_of("check", value), value, f"hilo check {path}")
        if "error" not in value:
            assert value["where"] == (
                f"{value['source']}:{value['line']}" if value["line"] else value["source"]
            )


README_COMMANDS = [
    command
    for command, _ in console_examples(readme_text())
    if command.split()[1] in ("showdown", "batch", "check", "limits", "equity")
]


@pytest.mark.parametrize("command", README_COMMANDS, ids=[c[:60] for c in README_COMMANDS])
def test_every_readme_example_in_json_is_valid(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = [a for a in shlex.split(command)[1:]]
    if "--format" in args:
        del args[args.index("--format") : args.index("--format") + 2]
    args += ["--format", "json"]
    for value in json_lines(args):
        assert_valid(kind_of(args[0], value), value, f"$ hilo {' '.join(args)}")


def test_the_readme_equity_json_is_valid() -> None:
    text = readme_text()
    start = text.index(
        '$ hilo equity --board "Ah 7c 8d Ks" A="As 2s Kd Qh" B="Ac 3c Th Td" --pot 101 --format json'
    )
    body = text[text.index("\n", start) + 1 : text.index("\n```", start)]
    assert_valid("equity", json.loads(body), "the README's equity JSON")


ERRORS = [
    '{"board": "Ac 3d 6h Ks Kd", "pot": "lots", "players": [{"name": "A", "hole": "2c 4d Qc Jd"}]}',
    "not json at all {",
    '{"id": 7, "players": []}',
]


@pytest.mark.parametrize("stdin", ERRORS)
def test_batch_errors_are_valid_errors(stdin: str) -> None:
    (value,) = json_lines(["batch", "--format", "json", "-"], stdin=stdin)
    assert "error" in value
    assert_valid("error", value, stdin)


def test_sampled_and_noted_equity_from_batch_are_valid() -> None:
    records = [
        {**BASE, "board": "Ac 3d 6h", "samples": 500, "seed": 3},
        {**BASE, "board": "", "game": "omaha", "pot": 10},
        {
            "board": "Ac 3d",
            "pot": 100,
            "players": [
                {"name": n, "hole": h} for n, h in (("A", "2c 4d Qc Jd"), ("B", "Kh Kc 2h 4s"))
            ],
        },
    ]
    for value in json_lines(
        ["batch", "--format", "json", "-"], stdin="\n".join(map(json.dumps, records))
    ):
        assert "runouts" in value, value
        assert_valid("equity", value, "a batch equity record")


def test_limits_from_a_history_is_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    (value,) = json_lines(["limits", "tests/data/phh/to-act.phh", "--format", "json"])
    assert value["name"] == "Bob"
    assert_valid("limits", value, "hilo limits HISTORY")


def test_the_output_schemas_refuse_a_field_they_do_not_name() -> None:
    (value,) = json_lines(
        [
            *SHOWDOWN,
            "--format",
            "json",
        ]
    )
    assert_valid("settlement", value)
    assert list(VALIDATORS["settlement"].iter_errors({**value, "surprise": 1}))
    value["players"][0]["won"] = -1
    assert list(VALIDATORS["settlement"].iter_errors(value))


# -- the shared data, where it is beside the project --------------------------------------------------------

SHARED = SHARED_DIR


@pytest.mark.skipif(
    not (SHARED / "handhistories").is_dir(), reason="../shared/handhistories is not here"
)
def test_hilo_check_output_on_the_shared_histories_is_valid() -> None:
    files = sorted(
        p for p in (SHARED / "handhistories").rglob("*") if p.suffix in (".phh", ".phhs", ".txt")
    )
    assert files
    hands = 0
    for path in files:
        for value in json_lines(["check", "--format", "json", str(path)]):
            hands += 1
            assert_valid(kind_of("check", value), value, f"hilo check {path}")
    assert hands > len(files) // 2


@pytest.mark.skipif(
    not (SHARED / "vectors.json").is_file(), reason="../shared/vectors.json is not here"
)
def test_the_shared_vectors_are_valid_records_that_settle_into_valid_settlements() -> None:
    vectors = json.loads((SHARED / "vectors.json").read_text(encoding="utf-8"))
    for v in vectors:
        assert_valid("record", v, f"vector {v['id']}")
    printed = json_lines(
        ["batch", "--format", "json", "-"], stdin="\n".join(map(json.dumps, vectors))
    )
    assert len(printed) == len(vectors)
    for value in printed:
        assert_valid(kind_of("batch", value), value, f"vector {value.get('id')}")
