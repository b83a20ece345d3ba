"""What a release needs (issue 21): the package index's name and metadata, ``python -m hilo_cli``, the
example files installed with the package (so the ``--help`` examples run after a plain install), an
sdist without half-shipped tests, and a README whose links work on the package index's page."""

from __future__ import annotations

import os
import re
import shlex
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
    assert project["authors"] and project["keywords"] and project["urls"]
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


IGNORED = shutil.ignore_patterns(
    ".git", ".venv", ".nox", "dist", "build", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
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


def test_the_sdist_leaves_the_tests_out(built: tuple[Path, Path, str]) -> None:
    sdist, _, _ = built
    names = [n.split("/", 1)[1] for n in tarfile.open(sdist).getnames() if "/" in n]
    assert not [
        n for n in names if n.startswith(("tests/", "benchmarks/", ".ci/"))
    ]  # tests need their data
    for needed in (
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "pyproject.toml",
        "hilo_cli/schemas/record.json",
        "hilo_cli/examples/hands.txt",
        "hilo_cli/evaluate/tables.bin",
    ):
        assert needed in names, needed


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
    inputs = sorted(p.name for p in (ROOT / "examples").iterdir() if p.is_file())
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
    assert sorted(p.name for p in (tmp_path / "examples").iterdir()) == sorted(DESCRIPTIONS)
    (tmp_path / "examples" / "split.json").write_text("{}")
    refused = CliRunner().invoke(main, ["examples", "--copy"])
    assert refused.exit_code == 2 and "split.json already there and different" in refused.output
    assert (tmp_path / "examples" / "split.json").read_text() == "{}"


@pytest.mark.parametrize("command", [[], ["batch"]], ids=["hilo", "batch"])
def test_the_help_examples_run_after_hilo_examples_copy(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["examples", "--copy"]).exit_code == 0
    text = CliRunner().invoke(main, [*command, "--help"]).stdout
    reading = [
        line.strip()
        for line in text.splitlines()
        if line.strip().startswith("hilo ") and "examples/" in line
    ]
    assert reading
    for example in reading:
        result = CliRunner().invoke(main, shlex.split(example)[1:])
        assert result.exit_code == 0, f"{example}\n{result.output}"


def test_the_readme_links_work_on_the_package_index() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    assert targets
    relative = [t for t in targets if not t.startswith(("https://", "http://"))]
    assert not relative, f"links that resolve only inside a checkout: {relative}"


def test_the_readme_first_screen_says_how_to_install() -> None:
    first = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:40])
    assert "pipx install hilo-cli" in first and "pip install hilo-cli" in first
    assert "$ hilo showdown" in first
