"""Sessions for a release (``pip install -e '.[release]'`` installs nox): ``nox -s minimums`` runs the
whole suite with every runtime dependency and every test tool at exactly the lowest version that
``pyproject.toml`` declares, on the lowest Python; ``nox -s release`` builds the sdist and the wheel from
a clean copy of the tree, checks them and the README as the package index renders it, and tries the
wheel in a fresh virtual environment.

The project's CI is ``.ci/run`` (the README's test command); these sessions are what a release adds.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
nox.options.sessions = ["minimums", "release"]


# What a clean copy of the tree leaves out: what a checkout gathers but the sdist must not ship.
LEFT_OUT = shutil.ignore_patterns(
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


def floors() -> list[str]:
    """Each runtime dependency and each test tool pinned at its declared lowest version
    (``click>=8.2.0`` -> ``click==8.2.0``): what the minimums session installs."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pinned = []
    for dep in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        found = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)\s*>=\s*([^,;\s]+)\s*", dep)
        if found is None:
            raise ValueError(f"{dep!r} has no lowest version (name>=version) to test")
        pinned.append(f"{found.group(1)}=={found.group(2)}")
    return pinned


@nox.session(python="3.11")
def minimums(session: nox.Session) -> None:
    """The whole suite with click, orjson, numpy and the test tools at exactly their floors, on the
    lowest Python the package supports (``requires-python``)."""
    pinned = floors()
    session.install("-e", ".[test]", *pinned)
    session.run("python", "-m", "pip", "list")
    installed = session.run("python", "-m", "pip", "freeze", "--all", silent=True)
    listed = {line.lower().replace("_", "-") for line in str(installed or "").splitlines()}
    unpinned = [p for p in pinned if p.lower().replace("_", "-") not in listed]
    if unpinned:
        session.error(f"not installed at the floor: {', '.join(unpinned)}")
    session.run("pytest", *session.posargs)


@nox.session(python="3.11")
def release(session: nox.Session) -> None:
    """``python -m build`` with warnings refused, ``twine check --strict``, the README's anchors, the
    wheel in a fresh venv, and the quick loop in the unpacked sdist installed in another."""
    session.install("build>=1.2", "twine>=6.1", "readme_renderer[md]>=45")
    dist = ROOT / "dist"
    for old in dist.glob("hilo_cli-*"):
        old.unlink()
    # The sdist ships the tree with its tests (MANIFEST.in grafts whole folders): built from a clean
    # copy, it holds no byte code or cache a working checkout has gathered.
    tree = Path(session.create_tmp()) / "tree"
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(ROOT, tree, ignore=LEFT_OUT)
    # PYTHONDONTWRITEBYTECODE set in a shell makes setuptools warn that it skips byte-compiling: a
    # warning about the shell, not the project, so the build runs without it.
    with session.chdir(tree):
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
    # Every #anchor link of the README names a heading as the package index renders it.
    session.run("python", "-c", README_ANCHORS, str(ROOT / "README.md"))
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
    # The sdist is a source tree whose tests run: unpacked, installed with the test extra in a fresh
    # venv, the quick loop there (the tests that read ../shared skip: it is not beside it).
    sdist = next(dist.glob("hilo_cli-*.tar.gz"))
    unpacked = Path(session.create_tmp()) / "sdist"
    shutil.rmtree(unpacked, ignore_errors=True)
    shutil.unpack_archive(sdist, unpacked, filter="data")
    (source,) = unpacked.iterdir()
    tested = unpacked / "venv"
    session.run("python", "-m", "venv", str(tested))
    session.run(str(tested / "bin" / "pip"), "install", "-q", f"{source}[test]", external=True)
    with session.chdir(source):
        session.run(
            str(tested / "bin" / "pytest"),
            "-q",
            "-m",
            "not slow",
            "-p",
            "no:cacheprovider",
            *session.posargs,
            external=True,
        )


README_ANCHORS = """
import re, sys
from readme_renderer.markdown import render
html = render(open(sys.argv[1], encoding="utf-8").read())
ids = set(re.findall(r'id="([^"]+)"', html))
broken = [h for h in re.findall(r'href="#([^"]+)"', html) if h not in ids]
print(f"README as the package index renders it: {len(ids)} anchors, broken links: {broken or 'none'}")
sys.exit(1 if broken else 0)
"""
