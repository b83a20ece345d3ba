"""hilo in a real pseudo-terminal (issue 13): colour, progress, the summary and the stdin hint appear
there, and the same command piped gets none of them, byte for byte the plain output.

The installed ``hilo`` runs with stdin, stdout and stderr on a pty (Python's ``pty`` module), as in a
terminal window. ``HILO_PROGRESS_AFTER=0`` shows progress from the first record instead of after a
second, so a small input shows it. A pty turns each newline into CR LF; the tests undo that. Each run
has a generous guard against hanging (not a speed check: the tests assert nothing about time).
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import HILO, LINE, ROOT, SHOWDOWN

pty = pytest.importorskip("pty")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

GUARD = 120.0  # seconds before a run that hangs is given up (a failure, never a pass)
ANSI = re.compile(r"\x1b\[[0-9;]*m")
FILES = ["examples/hands.txt", "examples/disputed.jsonl"]


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    return {**env, "TERM": "xterm-256color", "HILO_PROGRESS_AFTER": "0", **extra}


def in_pty(
    args: list[str], typed: tuple[bytes, ...] = (), output: Path | None = None, **env: str
) -> tuple[int, str]:
    """Run hilo with its streams on one pseudo-terminal (stdout into ``output`` if given, as ``> file``
    would); the status and what the terminal showed. ``typed`` is written to the terminal after the
    first thing hilo shows, as a person would type it."""
    master, slave = pty.openpty()
    stdout = open(output, "wb") if output is not None else None
    process = subprocess.Popen(
        [str(HILO), *args],
        stdin=slave,
        stdout=stdout or slave,
        stderr=slave,
        cwd=ROOT,
        env=environment(**env),
        close_fds=True,
    )
    if stdout is not None:
        stdout.close()
    os.close(slave)
    shown = bytearray()
    pending = list(typed)
    deadline = time.monotonic() + GUARD
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: the other side closed, hilo has ended
                    break
                if not data:
                    break
                shown += data
            if pending and shown:
                os.write(master, pending.pop(0))
        else:
            pytest.fail(
                f"hilo {' '.join(args)} did not end in {GUARD} s; it showed:\n{shown.decode()}"
            )
        status = process.wait(GUARD)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    return status, shown.decode("utf-8").replace("\r\n", "\n")


def piped(args: list[str], stdin: str = "", **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(HILO), *args],
        input=stdin.encode(),
        capture_output=True,
        cwd=ROOT,
        env=environment(**env),
        check=False,
    )


def plain(shown: str) -> str:
    """What the terminal showed without colour, the progress line and the summary: on each line, as on
    the screen, what was written after the last carriage return."""
    lines = ANSI.sub("", shown).split("\n")
    text = "\n".join(line.rsplit("\r", 1)[-1] for line in lines)
    return "".join(
        line for line in text.splitlines(keepends=True) if not line.startswith("hilo batch: ")
    )


def test_the_console_script_is_there() -> None:
    assert HILO.is_file(), f"{HILO} missing: install the project (pip install -e '.[test]')"


def test_showdown_at_a_terminal_is_in_colour_and_piped_is_not() -> None:
    status, shown = in_pty(SHOWDOWN)
    assert status == 0
    assert (
        "\x1b[31m6h\x1b[0m" in shown
        and "\x1b[34mKd\x1b[0m" in shown
        and "\x1b[32mAc\x1b[0m" in shown
    )
    assert "\x1b[1;32m900\x1b[0m" in shown
    pipe = piped(SHOWDOWN)
    assert pipe.returncode == 0 and pipe.stderr == b""
    assert b"\x1b" not in pipe.stdout
    assert pipe.stdout.decode() == ANSI.sub("", shown)


def test_no_color_and_a_dumb_terminal_are_respected() -> None:
    for env in ({"NO_COLOR": "1"}, {"TERM": "dumb"}):
        status, shown = in_pty(SHOWDOWN, **env)
        assert status == 0 and "\x1b" not in shown, env
    status, shown = in_pty([*SHOWDOWN, "--color", "never"])
    assert "\x1b" not in shown
    status, shown = in_pty([*SHOWDOWN, "--format", "json"])
    assert "\x1b" not in shown and '"won":900' in shown.replace(" ", "")


def test_batch_at_a_terminal_shows_colour_progress_and_the_summary() -> None:
    status, shown = in_pty(["batch", *FILES])
    assert status == 1  # a check differs: the same status as ever
    assert "\x1b[1;31mDIFFERENCE\x1b[0m" in shown
    assert re.search(r"\rhilo batch: \d+ records? done, [\d,]+/s, 0 bad, \d+ differs?", shown), (
        shown
    )
    summary = shown.rstrip("\n").splitlines()[-1]
    assert re.fullmatch(
        r"hilo batch: 8 records in \d+\.\d\d s: 8 settled, 1 check differs, 0 bad records", summary
    )
    pipe = piped(["batch", *FILES])
    assert pipe.returncode == 1
    assert pipe.stderr == b""  # no progress, no summary
    assert b"\x1b" not in pipe.stdout and b"\r" not in pipe.stdout
    assert pipe.stdout.decode() == plain(shown)


def test_batch_into_a_file_shows_progress_and_summary_on_the_terminal(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    status, shown = in_pty(["batch", "--format", "json", "--jobs", "2", *FILES], output=out)
    assert status == 1
    assert (
        re.search(r"\rhilo batch: \d+ records? done, ", shown)
        and "hilo batch: 8 records in " in shown
    )
    assert "\x1b" not in shown and "{" not in shown  # the results went to the file
    assert out.read_bytes() == piped(["batch", "--format", "json", "--jobs", "2", *FILES]).stdout


def test_json_is_never_coloured_even_when_asked() -> None:
    status, shown = in_pty(["batch", "--format", "json", "--color", "always", *FILES])
    assert status == 1 and "\x1b" not in shown and '"won":900' in shown.replace(" ", "")


def test_the_summary_goes_to_a_log_only_when_asked() -> None:
    quiet = piped(["batch", *FILES])
    asked = piped(["batch", "--summary", *FILES])
    assert quiet.stdout == asked.stdout and quiet.returncode == asked.returncode == 1
    assert quiet.stderr == b""
    assert re.fullmatch(
        rb"hilo batch: 8 records in \d+\.\d\d s: 8 settled, 1 check differs, 0 bad records\n",
        asked.stderr,
    )


def test_batch_from_a_terminal_says_how_to_end_the_input() -> None:
    status, shown = in_pty(["batch"], typed=(LINE.encode() + b"\n", b"\x04"))
    assert status == 0
    hint, _, rest = shown.partition("\n")
    assert hint.startswith("hilo batch: reading deals from the terminal") and "Ctrl-D" in hint
    assert "A wins 300 (quartered)   B wins 900" in ANSI.sub("", rest)
    pipe = piped(["batch"], stdin=LINE + "\n")
    assert pipe.returncode == 0 and pipe.stderr == b""  # piped stdin: no hint
