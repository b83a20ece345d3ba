"""What a release needs (issue 21, issue 30): the package index's name and metadata, ``python -m
hilo_cli``, the example files installed with the package (tests/project/test_help_examples.py runs every
``--help`` example on them), and an sdist that is the repository's tree, whose tests run there."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, SHOWDOWN

from hilo_cli import __version__
from hilo_cli.cli import main
from hilo_cli.cli.examples import DESCRIPTIONS, shipped

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_distribution_is_hilo_cli_with_an_spdx_licence() -> None:
    project = PYPROJECT["project"]
    assert project["name"] == "hilo-cli"
    assert PYPROJECT["project"]["scripts"] == {"hilo": "hilo_cli.__main__:run"}
    assert project["license"] == "MIT"  # an SPDX expression, not the deprecated table
    for name in project["license-files"]:
        assert (ROOT / name).is_file(), name
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    # With an SPDX licence, a licence classifier is an error in setuptools: there must be none.
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]
    assert project["authors"] and project["keywords"]
    (backend,) = PYPROJECT["build-system"]["requires"]
    found = re.fullmatch(r"setuptools>=(\d+)\.(\d+)\.(\d+)", backend)
    assert found and tuple(map(int, found.groups())) >= (77, 0, 3), (
        backend
    )  # PEP 639 without warnings


def test_build_and_twine_are_not_runtime_dependencies() -> None:
    runtime = " ".join(PYPROJECT["project"]["dependencies"])
    assert "build" not in runtime and "twine" not in runtime and "jsonschema" not in runtime
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert any(d.startswith("jsonschema") for d in extras["test"])
    assert {d.split(">=")[0] for d in extras["release"]} >= {"build", "twine"}


def test_every_dependency_declares_a_lowest_version_for_nox_to_test() -> None:
    # noxfile.py's minimums session pins each at its floor (name>=version -> name==version).
    deps = PYPROJECT["project"]["dependencies"]
    floors = [re.fullmatch(r"([a-z]+)>=([0-9.]+)", d) for d in deps]
    assert all(floors), deps
    assert [f.group(1) for f in floors if f] == ["click", "orjson", "numpy"]
    assert "def minimums(" in (ROOT / "noxfile.py").read_text(encoding="utf-8")


def test_no_project_url_names_a_place_nobody_has_confirmed() -> None:
    # The package index shows [project.urls] as links beside the description; no public home of the
    # repository is confirmed yet, so there are none (CONTRIBUTING.md, "Making a release", says when to
    # add them). The README's links are relative to the tree (tests/project/test_readme.py).
    assert "urls" not in PYPROJECT["project"], PYPROJECT["project"].get("urls")


def test_the_classifiers_name_each_python_the_suite_runs_on() -> None:
    versions = [
        c.rsplit(" ", 1)[1]
        for c in PYPROJECT["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    assert versions == ["3.11", "3.12", "3.13"]
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"


def test_the_changelog_has_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"\n## {__version__}\n" in text


def test_python_dash_m_hilo_cli_is_hilo() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "hilo_cli", "--version"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == f"hilo, version {__version__}\n"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "hilo_cli",
            *SHOWDOWN,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0 and run.stdout.endswith("A wins 300 (quartered)   B wins 900\n"), (
        run.stderr
    )


# What a clean copy of the tree leaves out, as noxfile.py's release session copies it (LEFT_OUT).
IGNORED = shutil.ignore_patterns(
    ".git",
    ".venv*",
    ".nox",
    "dist",
    "build",
    "*.egg-info",
    "__pycache__",
    "*.py[cod]",
    ".*_cache",
    ".hypothesis",
    ".DS_Store",
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The sdist and the wheel that setuptools builds from a copy of the repository, and what it printed.

    The backend is called as ``python -m build`` calls it (sdist, then the wheel from the unpacked sdist),
    without the isolated environment, which would fetch setuptools: the test extra installs it."""
    tree = tmp_path_factory.mktemp("tree") / "hilo"
    shutil.copytree(ROOT, tree, ignore=IGNORED)
    env = {
        **os.environ,
        "PYTHONDONTWRITEBYTECODE": "",
    }  # set, it makes setuptools warn about the shell
    code = (
        "import sys, tarfile; from setuptools import build_meta as b; out = sys.argv[1]; "
        "name = b.build_sdist(out); tarfile.open(f'{out}/{name}').extractall(out, filter='data'); "
        "import os; os.chdir(f'{out}/{name[:-7]}'); print('WHEEL', b.build_wheel(out))"
    )
    dist = tree / "dist"
    run = subprocess.run(
        [sys.executable, "-c", code, str(dist)],
        cwd=tree,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    (sdist,) = dist.glob("hilo_cli-*.tar.gz")
    (wheel,) = dist.glob("hilo_cli-*.whl")
    return sdist, wheel, run.stdout + run.stderr


def test_the_build_prints_no_warning(built: tuple[Path, Path, str]) -> None:
    *_, log = built
    warnings = [line for line in log.splitlines() if "warn" in line.lower()]
    assert not warnings, warnings


def tree_files(folder: Path = ROOT, prefix: str = "") -> set[str]:
    """The files of the repository's tree as the sdist names them: what the copy in ``built`` holds."""
    names = sorted(os.listdir(folder))
    left_out = IGNORED(str(folder), names)
    kept = set()
    for name in names:
        if name in left_out:
            continue
        if (folder / name).is_dir():
            kept |= tree_files(folder / name, f"{prefix}{name}/")
        else:
            kept.add(prefix + name)
    return kept


def test_the_sdist_is_the_tree_with_its_tests(built: tuple[Path, Path, str]) -> None:
    """The tests ship with what they read (tests/data, examples/expected, docs/, the benchmarks' deals,
    .ci/run), so that pytest in an unpacked sdist runs them (today it found nothing and exited 5)."""
    sdist, _, _ = built
    members = tarfile.open(sdist).getmembers()
    files = {m.name.split("/", 1)[1] for m in members if m.isfile()}
    built_by_setuptools = {"PKG-INFO", "setup.cfg"} | {n for n in files if ".egg-info/" in n}
    for needed in (
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "CONTRIBUTING.md",
        "pyproject.toml",
        "hilo_cli/schemas/record.json",
        "hilo_cli/examples/hands.txt",
        "hilo_cli/examples/histories/hand.phh",
        "hilo_cli/evaluate/tables.bin",
        "tests/conftest.py",
        "tests/data/phh/quartered.phh",
        "examples/expected/hands.txt.out.txt",
        "docs/rules.md",
        "benchmarks/soak.py",
        ".ci/run",
    ):
        assert needed in files, needed
    assert not [n for n in files if "__pycache__" in n or n.endswith(".pyc")]
    # In an unpacked sdist, the tree has what setuptools wrote into the sdist it came from.
    in_tree = {n for n in tree_files() if not n.startswith(("dist/", ".gitignore"))}
    in_tree -= {"PKG-INFO", "setup.cfg"}
    assert files - built_by_setuptools == in_tree, (
        sorted(files - built_by_setuptools - in_tree),
        sorted(in_tree - files),
    )


def test_pytest_in_the_unpacked_sdist_collects_the_suite(
    built: tuple[Path, Path, str], tmp_path: Path
) -> None:
    """Collection alone (the run is test_the_unpacked_sdist_runs_its_tests, slow): every test file of
    the tree is collected there, with the sdist's own hilo_cli first on the path."""
    sdist, _, _ = built
    tarfile.open(sdist).extractall(tmp_path, filter="data")
    (unpacked,) = tmp_path.iterdir()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=unpacked,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(unpacked)},
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    collected = re.search(r"^(\d+) tests? collected", run.stdout, re.MULTILINE)
    assert collected and int(collected.group(1)) > 1000, run.stdout[-500:]
    files = {line.split("::")[0] for line in run.stdout.splitlines() if "::" in line}
    every = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py")}
    # A file of ../shared's cases only skips whole at collection there; none other may be missing.
    shared_only = {"tests/showdown/test_vectors.py"}
    assert every - shared_only <= files <= every, sorted(every - files)


@pytest.mark.slow
def test_the_unpacked_sdist_runs_its_tests(built: tuple[Path, Path, str], tmp_path: Path) -> None:
    """A quick share of the suite, run in the unpacked sdist with its own hilo_cli: the golden files,
    the README's examples, the help's examples, the command line; what reads ../shared skips there."""
    sdist, _, _ = built
    tarfile.open(sdist).extractall(tmp_path, filter="data")
    (unpacked,) = tmp_path.iterdir()
    chosen = [
        "tests/project/test_examples.py",
        "tests/project/test_readme.py",
        "tests/cli/test_cli.py",
        "tests/showdown/test_vectors.py",
    ]
    code = (
        "import sys, pytest, hilo_cli; "
        f"assert hilo_cli.__file__.startswith({str(unpacked)!r}), hilo_cli.__file__; "
        "sys.exit(pytest.main(sys.argv[1:]))"
    )
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "-q",
            "-m",
            "not slow",
            "-p",
            "no:cacheprovider",
            "-rs",
            *chosen,
        ],
        cwd=unpacked,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(unpacked)},
        timeout=1200,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    summary = run.stdout.strip().splitlines()[-1]
    assert re.search(r"\d+ passed", summary) and "failed" not in summary, summary


def test_the_wheel_carries_the_data_and_the_licence(built: tuple[Path, Path, str]) -> None:
    _, wheel, _ = built
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = z.read(info).decode()
        entry_points = z.read(info.replace("METADATA", "entry_points.txt")).decode()
    shipped_data = {n for n in names if n.startswith(("hilo_cli/schemas/", "hilo_cli/examples/"))}
    assert {
        f"hilo_cli/schemas/{k}.json"
        for k in ("record", "settlement", "error", "check", "equity", "limits")
    } <= shipped_data
    assert {f"hilo_cli/examples/{n}" for n in DESCRIPTIONS} <= shipped_data
    assert "hilo_cli/__main__.py" in names and "hilo_cli/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not [n for n in names if n.startswith("tests/")]
    assert "Name: hilo-cli\n" in metadata and "License-Expression: MIT\n" in metadata
    assert "hilo = hilo_cli.__main__:run" in entry_points


def test_the_installed_examples_are_the_repository_examples() -> None:
    installed = shipped()
    folder = ROOT / "examples"
    inputs = sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and p.relative_to(folder).parts[0] != "expected"  # the golden outputs
    )
    assert sorted(installed) == inputs
    for name in inputs:
        assert installed[name].read_bytes() == (ROOT / "examples" / name).read_bytes(), (
            f"hilo_cli/examples/{name} differs from examples/{name}: copy it"
        )
    assert set(DESCRIPTIONS) == set(inputs)


def test_hilo_examples_lists_prints_and_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listed = CliRunner().invoke(main, ["examples"])
    assert listed.exit_code == 0
    assert [line.split()[0] for line in listed.stdout.splitlines()[: len(DESCRIPTIONS)]] == list(
        DESCRIPTIONS
    )
    printed = CliRunner().invoke(main, ["examples", "split.json"])
    assert (
        printed.exit_code == 0 and printed.stdout == (ROOT / "examples" / "split.json").read_text()
    )
    missing = CliRunner().invoke(main, ["examples", "nothing.json"])
    assert missing.exit_code == 2 and "no example 'nothing.json'" in missing.output
    monkeypatch.chdir(tmp_path)  # no checkout here: the help examples read the copied files
    copied = CliRunner().invoke(main, ["examples", "--copy"])
    assert copied.exit_code == 0, copied.output
    copied = tmp_path / "examples"
    files = [p.relative_to(copied).as_posix() for p in copied.rglob("*") if p.is_file()]
    assert sorted(files) == sorted(DESCRIPTIONS)
    assert CliRunner().invoke(main, ["examples", "--copy"]).exit_code == 0  # the same bytes: left
    one = CliRunner().invoke(main, ["examples", "hand.phh"])  # a file name finds it in its folder
    assert one.exit_code == 0 and one.stdout == (copied / "histories" / "hand.phh").read_text()
    (tmp_path / "examples" / "split.json").write_text("{}")
    refused = CliRunner().invoke(main, ["examples", "--copy"])
    assert refused.exit_code == 2 and "split.json already there and different" in refused.output
    assert (tmp_path / "examples" / "split.json").read_text() == "{}"


def test_the_readme_first_screen_says_how_to_install() -> None:
    first = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:40])
    assert "pipx install hilo-cli" in first and "pip install hilo-cli" in first
    assert "$ hilo showdown" in first
