"""The one pool runner of batch and check (``hilo_cli.pool``), and Ctrl-C on ``hilo check --jobs 2``
(issue 16, defect 5): exit 130, one line on stderr, whole records on stdout, no process left behind.

The interrupt tests run the installed ``hilo`` in its own process group and send SIGINT to the whole
group, as a terminal does for Ctrl-C: the workers get it too."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import hilo

from hilo_cli import pool

pytestmark = pytest.mark.usefixtures("ctrl_c_reaches_children")

# A guard against a hang, not a measure of speed.
HANG = 120

# A PokerStars hand (adapted from tests/data/pokerstars/quartered.txt): a pot quartered three ways, rake
# taken, every amount recorded as the rules give it (an OK verdict). ``{number}`` is the hand number.
HAND = """\
PokerStars Hand #{number}:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2025/01/05 09:30:00 ET
Table 'Pool Test' 6-max Seat #2 is the button
Seat 1: Wil ($12 in chips)
Seat 2: Xia ($9 in chips)
Seat 3: Yan ($10 in chips)
Seat 4: Zed ($11 in chips)
Yan: posts small blind $0.05
Zed: posts big blind $0.10
*** HOLE CARDS ***
Wil: calls $0.10
Xia: folds
Yan: calls $0.05
Zed: checks
*** FLOP *** [As 2s 7c]
Yan: checks
Zed: bets $0.30
Wil: calls $0.30
Yan: calls $0.30
*** TURN *** [As 2s 7c] [Kh]
Yan: checks
Zed: checks
Wil: checks
*** RIVER *** [As 2s 7c Kh] [4s]
Yan: checks
Zed: checks
Wil: checks
*** SHOW DOWN ***
Yan: shows [3d 5c Td Tc] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
Zed: shows [Qs Js 9d 9c] (HI: a flush, Ace high)
Wil: shows [3c 5h Jd Jh] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
Zed collected $0.58 from pot
Yan collected $0.29 from pot
Wil collected $0.28 from pot
*** SUMMARY ***
Total pot $1.20 | Rake $0.05
Board [As 2s 7c Kh 4s]
Seat 1: Wil showed [3c 5h Jd Jh] and won ($0.28) with HI: a straight, Ace to Five; LO: 5,4,3,2,A
Seat 2: Xia (button) folded before Flop (didn't bet)
Seat 3: Yan (small blind) showed [3d 5c Td Tc] and won ($0.29) with HI: a straight, Ace to Five; LO: 5,4,3,2,A
Seat 4: Zed (big blind) showed [Qs Js 9d 9c] and won ($0.58) with HI: a flush, Ace high


"""
HANDS = 12_000


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pool") / "many.txt"
    path.write_text("".join(HAND.format(number=500_000_000_000 + i) for i in range(HANDS)))
    return path


def _group(pgid: int) -> list[int]:
    """The processes of a process group that still run (a zombie has ended; only its parent's wait is due)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, _, group = stat[stat.rindex(")") + 2 :].split()[:3]
        if int(group) == pgid and state != "Z":
            found.append(int(entry.name))
    return found


def _numbers(count: int) -> list[str]:
    """The hand numbers of the first ``count`` hands, in order."""
    return [str(500_000_000_000 + i) for i in range(count)]


def _interrupt(history: Path, fmt: str, after: int, out: Path) -> tuple[int, bytes, list[int]]:
    """Run ``hilo check --jobs 2`` on ``history``, press Ctrl-C once ``after`` bytes are out; the exit
    status, stderr and the processes of its group still running once it has exited."""
    with out.open("wb") as sink:
        process = subprocess.Popen(
            [hilo(), "check", "--jobs", "2", "--format", fmt, str(history)],
            stdout=sink,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        deadline = time.monotonic() + HANG
        while out.stat().st_size < after and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        assert process.poll() is None, "the run ended before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=HANG)
    left = _group(process.pid)
    while (
        left and time.monotonic() < deadline
    ):  # hang guard: the workers are given time to end, no more
        time.sleep(0.05)
        left = _group(process.pid)
    return process.returncode, err, left


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_ctrl_c_on_check_with_two_jobs_ends_cleanly(
    history: Path, tmp_path: Path, fmt: str
) -> None:
    # Interrupted at several points of the run: just after the first hand, early, and well into it.
    for after in (1, 60_000, 400_000, 1_500_000):
        out = tmp_path / f"out-{after}"
        status, err, left = _interrupt(history, fmt, after, out)
        assert status == 130, err
        assert err.decode().splitlines() == ["hilo: interrupted"], err.decode()[-2000:]
        assert left == [], "worker processes still running after hilo check ended"
        data = out.read_bytes()
        if fmt == "json":
            assert data.endswith(b"\n")
            lines = data.splitlines()
            assert 0 < len(lines) < HANDS
            assert [json.loads(line)["id"] for line in lines] == _numbers(len(lines))
            assert all(json.loads(line)["check"]["verdict"] == "OK" for line in lines)
        else:
            assert data.endswith(b"\n\n")
            records = data.decode().split("\n\n")[:-1]
            assert 0 < len(records) < HANDS
            assert all(
                r.startswith("OK: ") and r.endswith("check: the amounts paid agree")
                for r in records
            )
            assert [r.split()[3].rstrip(":") for r in records] == _numbers(len(records))


# -- the runner itself ----------------------------------------------------------------------------------


def _squares(chunk: list[int]) -> list[int]:
    if chunk[0] % 7 == 0:
        time.sleep(0.01)  # uneven work: results come back out of order, and are yielded in order
    return [n * n for n in chunk]


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_results_come_in_input_order(jobs: int) -> None:
    assert list(pool.ordered(range(1000), _squares, jobs, 3)) == [n * n for n in range(1000)]


def test_no_items_no_results() -> None:
    assert list(pool.ordered([], _squares, 2, 10)) == []


def test_at_most_a_few_chunks_per_worker_are_read_ahead() -> None:
    taken = 0

    def counted() -> Iterator[int]:
        nonlocal taken
        for n in range(100_000):
            taken = n + 1
            yield n

    results = pool.ordered(counted(), _squares, 2, 10)
    assert next(results) == 0
    assert taken <= (pool.DEPTH * 2 + 1) * 10
    results.close()


def _fails(chunk: list[int]) -> list[int]:
    if 50 in chunk:
        raise ValueError("no fifty")
    time.sleep(0.02)  # the failure comes back before the chunks ahead of it
    return chunk


def test_an_error_in_a_worker_reaches_the_parent_in_its_place() -> None:
    got: list[int] = []
    with pytest.raises(pool.WorkerError, match="no fifty"):
        for n in pool.ordered(range(100), _fails, 2, 10):
            got.append(n)
    assert got == list(range(50))


def _dies(chunk: list[int]) -> list[int]:
    if 50 in chunk:
        os._exit(3)  # as the out-of-memory killer would end it
    return chunk


def test_a_worker_that_dies_is_an_error_not_a_wait() -> None:
    with pytest.raises(pool.WorkerError, match="ended"):
        list(pool.ordered(range(100), _dies, 2, 10))


def _slow(chunk: list[int]) -> list[int]:
    time.sleep(0.05)
    return chunk


def test_closing_the_run_ends_its_workers() -> None:
    before = set(_group(os.getpgid(0)))
    results = pool.ordered(range(10_000), _slow, 2, 5)
    next(results)
    assert len(set(_group(os.getpgid(0))) - before) == 2
    results.close()
    assert set(_group(os.getpgid(0))) - before == set()
