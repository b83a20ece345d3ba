"""The installed ``hilo`` console script, run as a real process: stdin from a pipe, real exit statuses.

The script is the one beside the running interpreter (the venv's ``bin/hilo``), so these tests run
the command a user would run, not the Python function CliRunner calls.
"""

from __future__ import annotations

import json
import subprocess

from conftest import HILO, ROOT

BOARD = "Ac 3d 6h Ks Kd"
RECORD = {
    "id": "piped",
    "board": BOARD,
    "players": [{"name": "A", "hole": "2c 4d Qc Jd"}, {"name": "B", "hole": "Kh Kc 2h 4s"}],
    "pot": 1200,
}


def hilo(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(HILO), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        check=False,
    )


def test_the_console_script_is_installed() -> None:
    assert HILO.is_file(), f"{HILO} missing: install the project (pip install -e '.[test]')"


def test_batch_reads_json_lines_from_a_pipe() -> None:
    wrong = {**RECORD, "id": "wrong", "expected": {"A": 600, "B": 600}}
    p = hilo(
        "batch", "--format", "json", "-", stdin=json.dumps(RECORD) + "\n" + json.dumps(wrong) + "\n"
    )
    assert p.returncode == 1, p.stderr
    first, second = (json.loads(line) for line in p.stdout.splitlines())
    assert first["id"] == "piped" and {q["name"]: q["won"] for q in first["players"]} == {
        "A": 300,
        "B": 900,
    }
    assert second["check"]["ok"] is False
    assert p.stderr == ""


def test_showdown_in_a_process() -> None:
    p = hilo("showdown", "--board", BOARD, "A=2c 4d Qc Jd", "B=Kh Kc 2h 4s", "--pot", "1200")
    assert p.returncode == 0, p.stderr
    assert "A wins 300" in p.stdout and "B wins 900" in p.stdout


def test_bad_input_in_a_process_is_one_line_and_exit_2() -> None:
    p = hilo("showdown", "--board", BOARD, "A=2c 4d Qc Zd", "B=Kh Kc 2h 4s", "--pot", "1200")
    assert p.returncode == 2
    assert p.stdout == ""
    assert (
        len(p.stderr.splitlines()) == 1
        and p.stderr.startswith("hilo: error: ")
        and "Zd" in p.stderr
    )


def test_batch_jobs_2_in_a_process_keeps_input_order() -> None:
    records = [{**RECORD, "id": f"r{i}", "pot": 1200 + 2 * i} for i in range(600)]
    records[77]["board"] = "Ac 3d 6h Ks Xx"  # one bad record, reported in its place
    stdin = "".join(json.dumps(r) + "\n" for r in records)
    one = hilo("batch", "--format", "json", "--jobs", "1", stdin=stdin)
    two = hilo("batch", "--format", "json", "--jobs", "2", stdin=stdin)
    assert one.returncode == two.returncode == 2
    assert two.stdout == one.stdout
    assert (
        two.stderr
        == one.stderr
        == "<stdin>:78: " + json.loads(one.stdout.splitlines()[77])["error"] + "\n"
    )
    assert [json.loads(line).get("id") for line in two.stdout.splitlines()] == [
        f"r{i}" for i in range(600)
    ]


def test_version_in_a_process() -> None:
    from hilo_cli import __version__

    p = hilo("--version")
    assert p.returncode == 0 and __version__ in p.stdout
