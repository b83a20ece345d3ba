"""Sessions for a release (``pip install -e '.[release]'`` installs nox): ``nox -s minimums`` runs the
tests with the lowest versions of the dependencies that ``pyproject.toml`` declares; ``nox -s release``
builds the wheel and the sdist, checks them, and tries the wheel in a fresh virtual environment.

The project's CI is ``.ci/run`` (the README's test command); these sessions are what a release adds.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
nox.options.sessions = ["minimums", "release"]


def floors() -> list[str]:
    """Each runtime dependency pinned at its declared lowest version (``click>=8.5.1`` -> ``click==8.5.1``)."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "dependencies"
    ]
    pinned = []
    for dep in deps:
        found = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)\s*>=\s*([^,;\s]+)\s*", dep)
        if found is None:
            raise ValueError(f"{dep!r} has no lowest version (name>=version) to test")
        pinned.append(f"{found.group(1)}=={found.group(2)}")
    return pinned


@nox.session(python="3.11")
def minimums(session: nox.Session) -> None:
    """The test suite with click, orjson and numpy at exactly the declared lowest versions."""
    pinned = floors()
    session.install("-e", ".[test]", *pinned)
    session.run("python", "-m", "pip", "list")
    session.run("pytest", *session.posargs)


@nox.session(python="3.11")
def release(session: nox.Session) -> None:
    """``python -m build`` with warnings refused, ``twine check --strict``, and the wheel in a fresh venv."""
    session.install("build>=1.2", "twine>=6.1")
    dist = ROOT / "dist"
    for old in dist.glob("hilo_cli-*"):
        old.unlink()
    # PYTHONDONTWRITEBYTECODE set in a shell makes setuptools warn that it skips byte-compiling: a
    # warning about the shell, not the project, so the build runs without it.
    log = session.run(
        "python",
        "-m",
        "build",
        "--outdir",
        str(dist),
        silent=True,
        env={"PYTHONDONTWRITEBYTECODE": ""},
    )
    shown = log if isinstance(log, str) else ""
    print(shown)
    if re.search(r"warning", shown, re.IGNORECASE):
        session.error("the build printed a warning (see above)")
    session.run("twine", "check", "--strict", *map(str, sorted(dist.glob("hilo_cli-*"))))
    wheel = next(dist.glob("hilo_cli-*.whl"))
    tmp = Path(session.create_tmp()) / "fresh"
    session.run("python", "-m", "venv", "--clear", str(tmp))
    python = str(tmp / "bin" / "python")
    session.run(python, "-m", "pip", "install", "-q", str(wheel), external=True)
    session.run(str(tmp / "bin" / "hilo"), "--version", external=True)
    session.run(python, "-m", "hilo_cli", "--version", external=True)
    session.run(
        str(tmp / "bin" / "hilo"),
        "showdown",
        "--board",
        "Ac 3d 6h Ks Kd",
        "A=2c 4d Qc Jd",
        "B=Kh Kc 2h 4s",
        "--pot",
        "1200",
        external=True,
    )
    session.run(
        python,
        "-c",
        "import hilo_cli, json; print(json.dumps(hilo_cli.settle_record("
        "{'board': 'Ac 3d 6h Ks Kd', 'pot': 1200, 'players': [{'name': 'A', 'hole': '2c 4d Qc Jd'}, "
        "{'name': 'B', 'hole': 'Kh Kc 2h 4s'}]})['players'][0]['won']))",
        external=True,
    )
