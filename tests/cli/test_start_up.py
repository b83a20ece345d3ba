"""A piped ``hilo showdown``'s start-up and end (issue 22): it imports none of what it never uses, and
the script skips the cycle collector's last pass over the objects of a process that is ending.

The showdown runs in a fresh interpreter started with ``-S`` (no ``site``: an editable install's import
hook loads ``pathlib`` and more at start-up, which would hide them), with the repository and click's
folder on its path, its text output piped; the modules it has loaded at the end are listed."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import click
import pytest
from conftest import ROOT

SHOWDOWN = [
    "showdown",
    "--board",
    "Ac 3d 6h Ks Kd",
    "A=2c 4d Qc Jd",
    "B=Kh Kc 2h 4s",
    "--pot",
    "1200",
]
SCRIPT = """
import sys
sys.path[:0] = {paths!r}
from hilo_cli.cli import main
try:
    main({args!r})
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""
# Terminal handling, history readers, equity, batch work, the other writers, and what only they need.
NEVER = (
    "hilo_cli.cli.terminal",
    "hilo_cli.cli.output",
    "hilo_cli.histories",
    "hilo_cli.equity",
    "hilo_cli.batch",
    "hilo_cli.checking",
    "hilo_cli.pool",
    "hilo_cli.formats.json_out",
    "hilo_cli.formats.csv_out",
    "hilo_cli.formats.jsonlib",
    "numpy",
    "orjson",
    "pathlib",
    "signal",
    "multiprocessing",
)


def loaded(args: list[str]) -> set[str]:
    paths = [str(ROOT), str(Path(click.__file__).resolve().parent.parent)]
    done = subprocess.run(
        [sys.executable, "-S", "-c", SCRIPT.format(paths=paths, args=args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )  # the timeout only guards against a hang
    assert done.stdout.startswith("Omaha Hi/Lo 8 or better"), done.stderr[-2000:]
    return set(done.stderr.split())


@pytest.fixture(scope="module")
def modules() -> set[str]:
    found = loaded(SHOWDOWN)
    assert "hilo_cli.showdown" in found  # the run did settle
    return found


@pytest.mark.parametrize("name", NEVER)
def test_a_piped_showdown_never_imports_what_it_does_not_use(modules: set[str], name: str) -> None:
    assert not any(m == name or m.startswith(name + ".") for m in modules), name


def test_the_script_freezes_the_collector_at_the_end_and_main_does_not(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from hilo_cli.__main__ import run
    from hilo_cli.cli import main

    gc.unfreeze()
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)  # run sets the script's own
    monkeypatch.setattr(sys, "argv", ["hilo", *SHOWDOWN])
    try:
        with pytest.raises(SystemExit) as ended:
            main()
        assert ended.value.code == 0 and gc.get_freeze_count() == 0
        with pytest.raises(SystemExit) as ended:
            run()
        assert ended.value.code == 0 and gc.get_freeze_count() > 0
        assert capsys.readouterr().out.count("Omaha Hi/Lo 8 or better") == 2
    finally:
        gc.unfreeze()
