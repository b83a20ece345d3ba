"""Issue 8 items 5-7, where only a real process shows them: Ctrl-C, closed standard streams, an output
encoding that cannot spell a name. Each runs the installed ``hilo`` (the venv's console script).

Ctrl-C at any moment (issue 29 item 8): while Python imports hilo and Click, while Click parses the
command line and imports the command, and where Python drops the KeyboardInterrupt (a callback's),
Ctrl-C is the same one line and exit 130 as in the middle of the work. ``hilo_pressed`` presses it at a
chosen moment (the process sends SIGINT to itself the moment a given module is first looked for, or
from a callback of the collector once the workers run), then runs the console script (or ``python -m
hilo_cli``) as it is. benchmarks/interrupt.py presses it at random moments."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import BOARD, RECORD, ROOT, SHOWDOWN, TEST_DATA, hilo

pytestmark = pytest.mark.usefixtures("ctrl_c_reaches_children")

LINE = json.dumps(RECORD)
# A guard against a hang, not a measure of speed: every run here takes a second or two.
HANG = 120


def shell(command: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["bash", "-c", command], capture_output=True, timeout=HANG)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_item5_ctrl_c_ends_the_run_with_one_line_and_whole_output_lines(
    tmp_path: Path, jobs: str
) -> None:
    deals = tmp_path / "many.jsonl"
    deals.write_text((LINE + "\n") * 200_000)
    out = tmp_path / "out.jsonl"
    with out.open("wb") as sink:
        process = subprocess.Popen(
            [hilo(), "batch", "--jobs", jobs, "--format", "json", str(deals)],
            stdout=sink,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        # Wait until results are flowing, then press Ctrl-C for the whole process group, as a terminal does.
        deadline = time.monotonic() + HANG
        while (
            out.stat().st_size < 200_000 and process.poll() is None and time.monotonic() < deadline
        ):
            time.sleep(0.05)
        assert process.poll() is None, "the run ended before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=HANG)
    assert process.returncode == 130, err
    assert err.decode().splitlines() == ["hilo: interrupted"]
    data = out.read_bytes()
    assert data.endswith(b"\n")
    lines = data.splitlines()
    assert 0 < len(lines) < 200_000
    assert all(json.loads(line)["players"][1]["won"] == 900 for line in lines)


# Ctrl-C pressed by the process itself, then ``hilo`` run as the console script does (``script``: its
# file) or as ``python -m hilo_cli`` does (``script`` None). ``press()`` sends SIGINT, handled at once;
# ``press_in_a_callback()`` sends it from a weakref's callback, where Python drops any exception the
# handler raises (as it does in importlib's module-lock callbacks, run after every import, in ``__del__``
# methods and in the collector's callbacks) with an "Exception ignored in" report on stderr.
PRESS = """
import gc, os, runpy, signal, sys, weakref

def press():
    os.kill(os.getpid(), signal.SIGINT)

def press_in_a_callback():
    class Box:
        pass
    box = Box()
    ref = weakref.ref(box, lambda ref: os.kill(os.getpid(), signal.SIGINT))
    del box

def pressed():
    open({marker!r}, "w").close()
"""
RUN = """
sys.argv, script = {argv!r}, {script!r}
if script is None:
    runpy.run_module("hilo_cli", run_name="__main__", alter_sys=True)
else:
    runpy.run_path(script, run_name="__main__")
"""
# Ctrl-C the moment ``module`` is first looked for.
AT_IMPORT = """
class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            pressed()
            {how}()
        return None

sys.meta_path.insert(0, Interrupt())
"""
# Ctrl-C from a callback of the cycle collector once the workers are running (the output loop is on):
# SIGINT not blocked at that moment, so that the handler runs inside the callback.
IN_THE_LOOP = """
parent = os.getpid()

def interrupt(phase, info):
    workers = getattr(sys.modules.get("multiprocessing"), "active_children", None)
    if (
        phase == "start" and os.getpid() == parent and workers is not None and workers()
        and signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    ):
        gc.callbacks.remove(interrupt)
        pressed()
        press()

gc.callbacks.append(interrupt)
"""


def hilo_pressed(
    when: str, args: list[str], script: str | None, marker: Path
) -> subprocess.CompletedProcess[str]:
    """``hilo ARGS`` with Ctrl-C pressed ``when`` (AT_IMPORT or IN_THE_LOOP, filled in); ``marker`` is
    made when it is."""
    argv = [script or "hilo", *args]
    code = PRESS.format(marker=str(marker)) + when + RUN.format(argv=argv, script=script)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG
    )


# click: the console script's first import (before the fix, Python's traceback); the command's module and
# what the command imports when it runs: inside Click's main (before the fix, Click's blank line first).
@pytest.mark.parametrize(
    "module",
    ["click", "hilo_cli.cli.common", "hilo_cli.cli.check", "hilo_cli.checking", "hilo_cli.pool"],
)
@pytest.mark.parametrize("how", ["script", "-m"])
def test_ctrl_c_while_hilo_starts_is_one_line_and_exit_130(
    tmp_path: Path, module: str, how: str
) -> None:
    history = str(TEST_DATA / "pokerstars" / "quartered.txt")
    marker = tmp_path / "pressed"
    when = AT_IMPORT.format(module=module, how="press")
    done = hilo_pressed(
        when, ["check", "--jobs", "2", history], hilo() if how == "script" else None, marker
    )
    assert marker.exists(), f"{module} was not imported: {done.stderr[-2000:]}"
    assert done.returncode == 130, done.stderr[-2000:]
    assert done.stderr == "hilo: interrupted\n"


def test_the_entry_point_imports_nothing_before_it_is_running() -> None:
    # What the console script imports before ``run`` is running is outside any handler of hilo's: only
    # the package (with the compiler's __future__) and the entry point's module.
    code = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r}); before = set(sys.modules);"
        " import hilo_cli.__main__; print(*sorted(set(sys.modules) - before))"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=HANG
    )
    assert done.stdout.split() == ["__future__", "hilo_cli", "hilo_cli.__main__"], done.stderr


# An interrupt Python drops (before the fix the run went on to its end, exit 0, after "Exception ignored
# in: <function ...>" and the traceback of a KeyboardInterrupt on stderr): while the script imports Click,
# and while Click's main imports the command.
@pytest.mark.parametrize("module", ["click", "hilo_cli.cli.check"])
def test_ctrl_c_that_python_drops_while_hilo_starts_still_ends_the_run(
    tmp_path: Path, module: str
) -> None:
    history = str(TEST_DATA / "pokerstars" / "quartered.txt")
    marker = tmp_path / "pressed"
    when = AT_IMPORT.format(module=module, how="press_in_a_callback")
    done = hilo_pressed(when, ["check", "--jobs", "2", history], hilo(), marker)
    assert marker.exists(), f"{module} was not imported: {done.stderr[-2000:]}"
    assert done.returncode == 130, done.stderr[-2000:]
    assert done.stderr == "hilo: interrupted\n"
    assert done.stdout == ""


# The hang of issue 29 item 8: Ctrl-C while the parent of ``--jobs 2`` runs a callback whose exceptions
# Python drops (importlib's after an import, the collector's) was lost, and the run went on to its end.
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_ctrl_c_that_python_drops_in_the_output_loop_still_ends_the_run(
    tmp_path: Path, fmt: str
) -> None:
    hand = (TEST_DATA / "pokerstars" / "quartered.txt").read_text(encoding="utf-8")
    history = tmp_path / "many.txt"
    history.write_text((hand.rstrip("\n") + "\n\n\n") * 600, encoding="utf-8")
    marker = tmp_path / "pressed"
    args = ["check", "--jobs", "2", "--format", fmt, str(history)]
    done = hilo_pressed(IN_THE_LOOP, args, hilo(), marker)
    assert marker.exists(), f"never interrupted: {done.stderr[-2000:]}"
    assert done.returncode == 130, done.stderr[-2000:]
    assert done.stderr == "hilo: interrupted\n"
    if fmt == "json":
        lines = done.stdout.splitlines()
        assert len(lines) < 600 and all(
            json.loads(line)["check"]["verdict"] == "OK" for line in lines
        )
    else:
        records = done.stdout.split("\n\n")
        assert records[-1] == "" and all(r.startswith("OK: ") for r in records[:-1])


def test_item6_closed_stdin() -> None:
    run = shell(f"'{hilo()}' batch <&-")
    assert run.returncode == 2 and b"Traceback" not in run.stderr
    assert run.stderr.decode().splitlines() == [
        "hilo: error: <stdin>: standard input is closed: no deals to read"
    ]


@pytest.mark.parametrize("args", [["batch", "-"], SHOWDOWN])
def test_item6_closed_stdout(args: list[str]) -> None:
    quoted = " ".join(f"'{a}'" for a in args)
    run = subprocess.run(
        ["bash", "-c", f"'{hilo()}' {quoted} >&-"],
        input=(LINE + "\n").encode(),
        capture_output=True,
        timeout=HANG,
    )
    assert run.returncode == 2, run.stderr
    assert b"Traceback" not in run.stderr
    assert run.stderr.decode().splitlines() == [
        "hilo: error: standard output is closed: nowhere to write the result"
    ]


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_item7_a_name_the_output_encoding_cannot_spell(fmt: str) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    run = subprocess.run(
        [
            hilo(),
            "showdown",
            "--board",
            BOARD,
            "😀=2c 4d Qc Jd",
            "B=Kh Kc 2h 4s",
            "--pot",
            "1200",
            "--format",
            fmt,
        ],
        capture_output=True,
        env=env,
        timeout=HANG,
    )
    assert run.returncode == 0, run.stderr
    assert "😀" in run.stdout.decode("utf-8")  # hilo writes UTF-8 whatever the locale says


def test_a_reader_that_goes_away_ends_quietly() -> None:
    records = "".join(json.dumps({**RECORD, "id": str(i)}) + "\n" for i in range(3000))
    run = subprocess.run(
        f"'{hilo()}' batch --format json - | head -1",
        shell=True,
        input=records,
        capture_output=True,
        text=True,
        executable="/bin/bash",
        timeout=HANG,
    )
    assert run.stderr == "" and len(run.stdout.splitlines()) == 1


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_one_line_and_exit_2() -> None:
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [hilo(), *SHOWDOWN], stdout=full, stderr=subprocess.PIPE, text=True, timeout=HANG
        )
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "cannot write" in run.stderr, (
        run.stderr
    )
