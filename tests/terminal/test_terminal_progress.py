"""Progress through a long folder at a terminal (issue 30): the files and hands done, a percentage and
the time left, the line cut to the terminal's width and gone cleanly before anything else is written;
and input typed at a terminal, read whole at one Ctrl-D, its typing time not counted as the run's.

The first half holds ``FileProgress`` to its line with a clock the test moves; the second runs the
installed ``hilo`` on a pseudo-terminal and reads the screen as a terminal would draw it (``screen``:
a carriage return goes back to the start of the line, the next characters overwrite it).
"""

from __future__ import annotations

import io
import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import HILO, LINE, ROOT, TEST_DATA

from hilo_cli.cli import terminal

pty = pytest.importorskip("pty")
posix = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

GUARD = 120.0  # seconds before a run that hangs is given up (a failure, never a pass)
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Reading:
    """A reading of files as ``formats.files.Sources`` reports it."""

    def __init__(self, files: int, size: int | None) -> None:
        self.files, self.size = files, size
        self.at = (0, 0)

    def position(self) -> tuple[int, int]:
        return self.at


def test_the_line_says_files_hands_percentage_and_time_left() -> None:
    clock, err, reading = Clock(), Tty(), Reading(12, 1000)
    progress = terminal.FileProgress("hilo check", reading, stream=err, after=0, clock=clock)
    pieces = iter(progress.feed(range(10)))
    for at in ((0, 100), (0, 200), (3, 250)):  # what was read when each hand was cut
        reading.at = at
        next(pieces)
    clock.now += 0.5
    progress.advance()  # the first hand: its file's reading stood at 100 bytes of 1,000
    assert err.getvalue() == "\rhilo check: 0 of 12 files, 1 hand, 10%, 0 MISMATCH, 0 bad"
    clock.now += 1.5
    progress.advance(errors=1)
    progress.advance(differences=1)  # the third: 3 files done, 250 bytes in 2 s, 750 to go
    assert progress.line(2.0) == (
        "hilo check: 3 of 12 files, 3 hands, 25%, 6 s left, 1 MISMATCH, 1 bad"
    )


def test_without_every_size_known_there_is_no_percentage() -> None:
    progress = terminal.FileProgress("hilo check", Reading(1, None), stream=Tty(), after=0)
    progress.advance(5)
    assert progress.line(3.0) == "hilo check: 0 of 1 file, 5 hands, 0 MISMATCH, 0 bad"


def test_time_left_is_as_round_as_a_guess() -> None:
    assert [terminal.estimate(s) for s in (0.2, 9.4, 44.6, 59.4, 125)] == [
        "1 s",
        "9 s",
        "45 s",
        "59 s",
        "2 min 05 s",
    ]


def test_a_line_too_wide_keeps_its_first_parts_whole() -> None:
    line = "hilo check: 3 of 12 files, 1,234 hands, 25%, 40 s left, 0 MISMATCH, 2 bad"
    assert terminal.fitted(line, 100) == line
    assert terminal.fitted(line, 60) == "hilo check: 3 of 12 files, 1,234 hands, 25%, 40 s left"
    assert terminal.fitted(line, 20) == "hilo check: 3 of 12 "  # not even one part: cut


class Interrupted(Tty):
    """A terminal where Ctrl-C comes while the progress line is being written."""

    def write(self, text: str) -> int:
        written = super().write(text)
        if text.startswith("\rhilo"):
            raise KeyboardInterrupt
        return written


def test_a_line_interrupted_as_it_is_drawn_is_still_cleared() -> None:
    err = Interrupted()
    progress = terminal.Progress("hilo batch", err, after=0)
    with pytest.raises(KeyboardInterrupt):
        progress.advance()
    drawn = err.getvalue()
    progress.clear()  # as the run's Ctrl-C handling does, before its one line
    assert err.getvalue() == drawn + "\r" + " " * (len(drawn) - 1) + "\r"


def test_typed_input_is_read_whole_and_the_clock_starts_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    err = Tty()
    monkeypatch.setattr("sys.stderr", err)
    clock = Clock()
    progress = terminal.Progress("hilo batch", err, after=1, clock=clock)
    clock.now += 30  # the person types for half a minute
    typed = terminal.read_typed(io.BytesIO(b"Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd"), progress)
    assert typed.read() == b"Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd"
    assert progress.elapsed == 0
    assert err.getvalue() == "\n"  # the last line typed had no line end: the report starts below it
    ended = Tty()
    monkeypatch.setattr("sys.stderr", ended)
    terminal.read_typed(io.BytesIO(b"a line\n"))
    assert ended.getvalue() == ""


# -- at a real terminal -------------------------------------------------------------------------------
def run_in_pty(
    args: list[str],
    typed: tuple[tuple[float, bytes], ...] = (),
    output: Path | None = None,
    columns: int = 80,
    **env: str,
) -> tuple[int, str]:
    """Run hilo with its streams on one pseudo-terminal of ``columns`` (stdout into ``output`` if given);
    ``typed``: what a person types once hilo has shown something, each after waiting so many seconds.
    The status and what the terminal was sent."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    stdout = open(output, "wb") if output is not None else None
    environment = {
        k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "HILO_PROGRESS_AFTER")
    }
    process = subprocess.Popen(
        [str(HILO), *args],
        stdin=slave,
        stdout=stdout or slave,
        stderr=slave,
        cwd=ROOT,
        env={**environment, "TERM": "xterm-256color", **env},
    )
    if stdout is not None:
        stdout.close()
    os.close(slave)
    shown = bytearray()
    pending = list(typed)
    start = time.monotonic()
    next_at: float | None = None  # the typing starts once hilo has shown something (its hint)
    try:
        while time.monotonic() < start + GUARD:
            if pending and next_at is None and shown:
                next_at = time.monotonic() + pending[0][0]
            if pending and next_at is not None and time.monotonic() >= next_at:
                os.write(master, pending.pop(0)[1])
                next_at = time.monotonic() + pending[0][0] if pending else None
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: hilo has ended
                    break
                if not data:
                    break
                shown += data
        else:
            pytest.fail(f"hilo {' '.join(args)} did not end in {GUARD} s:\n{shown.decode()}")
        status = process.wait(GUARD)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    return status, shown.decode("utf-8").replace("\r\n", "\n")


def screen(shown: str) -> list[str]:
    """The lines a terminal shows for ``shown``: a carriage return goes back to the line's start and what
    follows overwrites it (colour codes left out)."""
    lines = []
    for text in ANSI.sub("", shown).split("\n"):
        row: list[str] = []
        for piece in text.split("\r"):  # each piece written from the start of the line
            row[: len(piece)] = piece
        lines.append("".join(row).rstrip())
    return lines


def test_the_screen_model_overwrites_after_a_carriage_return() -> None:
    assert screen("abc\rX\n\rprogress\r        \rdone") == ["Xbc", "done"]


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("progress")
    for site in ("pokerstars", "phh", "fulltilt"):
        shutil.copytree(TEST_DATA / site, root / site / "2011")
    return root


@posix
def test_a_folder_shows_its_progress_then_a_clean_summary(histories: Path, tmp_path: Path) -> None:
    status, shown = run_in_pty(
        ["check", str(histories)], output=tmp_path / "out.txt", columns=60, HILO_PROGRESS_AFTER="0"
    )
    assert status == 2  # bad-input files among them
    files = sum(1 for p in histories.rglob("*") if p.is_file())
    drawn = re.findall(r"\rhilo check: (\d+) of (\d+) files, [\d,]+ hands?, (\d+)%", shown)
    assert drawn and {total for _, total, _ in drawn} == {str(files)}, shown
    # Each progress line fits the 60 columns (the closing summary, written once, may wrap).
    assert all(len(line) <= 59 for line in re.findall(r"\rhilo check: \d+ of [^\r\n]*", shown))
    lines = screen(shown)
    first = next(i for i, line in enumerate(lines) if f" hands from {files} files in " in line)
    assert lines[first].startswith(
        "hilo check: "
    )  # at the start of its line: nothing left before it
    assert lines[first + 1].split() == ["by", "site", "OK", "MISMATCH", "NOT", "CHECKABLE", "bad"]
    errors = lines[:first]
    assert errors and all(line.startswith(str(histories)) for line in errors)  # one error a line


@posix
def test_the_all_in_summary_is_not_written_after_the_progress_line(histories: Path) -> None:
    status, shown = run_in_pty(
        ["check", "--all-in", str(histories / "pokerstars")], HILO_PROGRESS_AFTER="0"
    )
    assert status == 2  # pokerstars/bad-input.txt
    lines = screen(shown)
    summary = next(i for i, line in enumerate(lines) if line.startswith("all-in summary: "))
    assert lines[summary - 1] == ""  # the line before it is clear
    assert not any(" of 11 files, " in line for line in lines), lines


@posix
def test_typed_deals_show_no_progress_for_the_time_spent_typing() -> None:
    """Typing took two seconds, settling takes a moment: nothing to show progress of (before, the line
    came at once, "1 record done, 0/s", and the summary counted the typing as the run's time)."""
    status, shown = run_in_pty(
        ["batch"], typed=((0.3, LINE.encode() + b"\n"), (2.0, b"\x04")), HILO_PROGRESS_AFTER="1"
    )
    assert status == 0
    assert "record done" not in shown
    summary = screen(shown)[-2]
    took = re.fullmatch(r"hilo batch: 1 record in (\d+\.\d\d) s: 1 settled, .*", summary)
    assert took and float(took.group(1)) < 2.0, summary


@posix
def test_ctrl_d_after_text_still_starts_the_report_on_a_line_of_its_own() -> None:
    status, shown = run_in_pty(
        ["batch"], typed=((0.3, LINE.encode()), (0.3, b"\x04"), (0.3, b"\x04"))
    )
    assert status == 0
    lines = screen(shown)
    typed = lines.index(LINE)
    assert lines[typed + 1].startswith("<stdin>:1   Omaha Hi/Lo 8 or better")


@posix
def test_a_history_typed_at_a_terminal_ends_at_one_ctrl_d() -> None:
    hand = (TEST_DATA / "phh" / "quartered.phh").read_bytes()
    status, shown = run_in_pty(["check"], typed=((0.3, hand), (0.3, b"\x04")))
    assert status == 0
    assert any(line.startswith("OK: <stdin>:1 hand 3: ") for line in screen(shown))
