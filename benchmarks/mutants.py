"""Hand-made mutants: would the tests notice a realistic bug? (issue 8, "Tests that let real bugs through")

Each mutant is one small change a person could plausibly make to ``hilo_cli/`` (an off-by-one, a rule
applied to the wrong half, a check that forgets a case). The project at a commit (``--commit``, default
HEAD) is copied to a temporary folder with ``git archive``; for each mutant the one change is made in the
COPY (the real files are never touched), and a fast subset of the copy's tests runs against it from
there (``PYTHONPATH`` points there, so the library, CliRunner and the ``hilo`` subprocesses all use it;
``../shared`` is linked beside the copy when the checkout has it, so the vector tests run). A mutant is
killed when a test fails, survives when all pass, and is not applicable when its line has changed since
it was written (the script says so; update the mutant).

    python benchmarks/mutants.py                 # every mutant, the default test subset
    python benchmarks/mutants.py --only M03 M14  # some of them
    python benchmarks/mutants.py --tests tests/showdown/test_pots.py tests/cli/test_cli.py

Prints one line per mutant, the survivors with what they change, and the kill rate. A baseline run on the
unchanged copy comes first: if it fails, no mutant is judged.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]


class Mutant(NamedTuple):
    id: str
    path: str  # inside hilo_cli/
    old: str  # must occur exactly once in the file
    new: str
    what: str  # the behaviour it changes


MUTANTS = [
    Mutant(
        "M01",
        "showdown.py",
        "high_units, low_units = units - units // 2, units // 2",
        "high_units, low_units = units // 2, units - units // 2",
        "the hi/lo odd chip goes to the low half (RULES §4.3)",
    ),
    Mutant(
        "M02",
        "showdown.py",
        "if units % 2 and len(high_winners) == 1:",
        "if pot.amount % 2 and len(high_winners) == 1:",
        "the hi/lo odd chip is recorded by pot amount, not units (issue 8 item 14)",
    ),
    Mutant(
        "M03",
        "showdown.py",
        "if low_winners == high_winners or set(low_winners) == set(high_winners):",
        "if low_winners == high_winners:",
        "the same winners both ways in another order are halved, not divided once (§4.5)",
    ),
    Mutant(
        "M04",
        "pots.py",
        "shares = {name: each + (1 if i < left else 0) for i, name in enumerate(winners)}",
        "shares = {name: each + (left if i == 0 else 0) for i, name in enumerate(winners)}",
        "every leftover unit to the first winner (§9 V3 variant)",
    ),
    Mutant(
        "M05",
        "pots.py",
        "return sorted(seats, key=lambda n: (seats[n] <= button, seats[n]))",
        "return sorted(seats, key=lambda n: (seats[n] < button, seats[n]))",
        "the button comes first, not last, among tied winners (§4.4)",
    ),
    Mutant(
        "M06",
        "pots.py",
        "return sorted(seats, key=lambda n: (seats[n] <= button, seats[n]))",
        "return sorted(seats, key=lambda n: seats[n])",
        "leftover units by seat number, ignoring the button (§4.4)",
    ),
    Mutant(
        "M07",
        "pots.py",
        "returned[payers[0]] = levels[-1] - below",
        "returned[payers[0]] = levels[-1]",
        "an uncalled bet returns the player's whole contribution (§5.3)",
    ),
    Mutant(
        "M08",
        "pots.py",
        "if c >= level and n not in folded)",
        "if c >= level)",
        "folded players are eligible for pots (§5.2)",
    ),
    Mutant(
        "M09",
        "pots.py",
        "if pots and pots[-1].eligible == eligible:",
        "if False:",
        "layers open to the same players are not merged (§5.6)",
    ),
    Mutant(
        "M10",
        "evaluate/hands.py",
        "if qualifier is not None and (len(set(ranks)) != 5 or max(ranks) > qualifier):",
        "if qualifier is not None and (len(set(ranks)) != 5 or max(ranks) >= qualifier):",
        "an eight-high low does not qualify (§3.1)",
    ),
    Mutant(
        "M11",
        "evaluate/tables.py",
        "if board_mask.bit_count() < 3:",
        "if board_mask.bit_count() < 2:",
        "a board with two low ranks is taken to allow a low (§2.4)",
    ),
    Mutant(
        "M12",
        "evaluate/tables.py",
        "elif hole_mask.bit_count() < 2:",
        "elif hole_mask.bit_count() < 1:",
        "one low hole card is taken to allow a low (§2.4)",
    ),
    Mutant(
        "M13",
        "evaluate/hands.py",
        "if list(distinct_desc) == [ACE, 5, 4, 3, 2]:\n        return 5",
        "if list(distinct_desc) == [ACE, 5, 4, 3, 2]:\n        return ACE",
        "the wheel is an ace-high straight (§1.3)",
    ),
    Mutant(
        "M14",
        "cards.py",
        '"h": 2, "♥": 2, "♡": 2,\n    "s": 3, "♠": 3, "♤": 3,',
        '"h": 3, "♥": 2, "♡": 2,\n    "s": 2, "♠": 3, "♤": 3,',
        "typed h and s swap suits (hearts read as spades)",
    ),
    Mutant(
        "M15",
        "formats/csv_out.py",
        "difference = r.won - s.check.expected.get(p.name, 0)",
        "difference = s.check.expected.get(p.name, 0) - r.won",
        "the CSV difference has its sign flipped (issue 8 item 16)",
    ),
    Mutant(
        "M16",
        "showdown.py",
        "differences = {n: (expected.get(n, 0), w) for n, w in won.items() if expected.get(n, 0) != w}",
        "differences = {n: (e, won[n]) for n, e in expected.items() if won.get(n) != e}",
        "a check ignores players left out of expected (issue 8 item 17)",
    ),
    Mutant(
        "M17",
        "deal.py",
        "    if value % unit:\n",
        "    if False:\n",
        "amounts that are not whole chip units are accepted (§4.2)",
    ),
    Mutant(
        "M18",
        "deal.py",
        "if len(set(seats)) != len(seats):",
        "if False:",
        "two players in one seat are accepted",
    ),
    Mutant(
        "M19",
        "formats/text_out.py",
        "        if len(half.winners) == 2\n",
        "        if len(half.winners) >= 2\n",
        "a third of a half is called quartered",
    ),
    Mutant(
        "M20",
        "deal.py",
        "return self.button if self.button is not None else self.players[-1].seat",
        "return self.button if self.button is not None else self.players[0].seat",
        "the default button is the first listed player, not the last",
    ),
    Mutant(
        "M22",
        "formats/text_in.py",
        'if lower in ("fold", "folded"):',
        'if lower == "fold":',
        "the text word 'folded' is read as a card",
    ),
    Mutant(
        "M23",
        "formats/records.py",
        "        if not value.is_integer():\n",
        "        if False:\n",
        "a fractional JSON amount is truncated instead of refused",
    ),
    Mutant(
        "M25",
        "showdown.py",
        "return sorted(clockwise, key=lambda n: self._shown(n, half), reverse=True)",
        "return sorted(clockwise, key=lambda n: self._shown(n, half))",
        "the suit rule gives leftover units to the lowest cards (§4.6)",
    ),
    Mutant(
        "M26",
        "games.py",
        'Game("omaha-6", "6-card Omaha (high only)", 6, 5, 2, False, "button")',
        'Game("omaha-6", "6-card Omaha (high only)", 6, 5, 2, True, "button")',
        "6-card Omaha high is split hi/lo (a typo in the games table)",
    ),
    Mutant(
        "M27",
        "formats/records.py",
        "    if value > MAX_AMOUNT:\n",
        "    if value >= MAX_AMOUNT:\n",
        "the largest amount hilo counts is refused",
    ),
    Mutant(
        "M28",
        "cli/batch.py",
        "differs = differs or outcome.differs",
        "differs = outcome.differs",
        "batch exits 0 when a record that differs is followed by one that agrees",
    ),
    Mutant(
        "M29",
        "cli/batch.py",
        "sys.exit(ExitStatus.BAD_INPUT if bad else ExitStatus.DIFFERENCE if differs else ExitStatus.OK)",
        "sys.exit(ExitStatus.DIFFERENCE if differs else ExitStatus.BAD_INPUT if bad else ExitStatus.OK)",
        "batch exits 1, not 2, when it met both a bad record and a difference",
    ),
    Mutant(
        "M30",
        "pots.py",
        "        if len(payers) == 1:\n",
        "        if len(payers) == 1 and len(levels) > 1:\n",
        "a lone contributor's chips are a pot won, not an uncalled bet returned (§5.3)",
    ),
    Mutant(
        "M31",
        "showdown.py",
        'return "main pot" if i == 0 else f"side pot {i}"',
        'return "main pot" if i == 0 else f"side pot {i + 1}"',
        "side pots are numbered from 2",
    ),
    Mutant(
        "M32",
        "showdown.py",
        "share = Pot((each + (k < left)) * unit, pot.eligible)",
        "share = Pot((each + (k >= count - left)) * unit, pot.eligible)",
        "the chips left over between boards go to the last boards, not the first (§12.2)",
    ),
    Mutant(
        "M33",
        "showdown.py",
        "out[i] = Pot(pot.amount - taken, pot.eligible)",
        "out[i] = Pot(pot.amount, pot.eligible)",
        "rake is not taken from the pot before it is divided (§13)",
    ),
]

TESTS = [
    "tests/batch/test_batch_bounds.py",
    "tests/hands/test_cards.py",
    "tests/showdown/test_vectors.py",
    "tests/showdown/test_worked_examples.py",
    "tests/showdown/test_pots.py",
    "tests/hands/test_evaluate.py",
    "tests/cli/test_cli.py",
    "tests/project/test_examples.py",
    "tests/project/test_contract.py",
    "tests/batch/test_bad_inputs.py",
    "tests/batch/test_batch_reading.py",
    "tests/cli/test_showdown_arguments.py",
    "tests/formats/test_name_escaping.py",
    "tests/showdown/test_properties.py",
    "tests/showdown/test_suit_odd_chip.py",
    "tests/hands/test_tables.py",
    "tests/boards/test_multiboard_deal.py",
    "tests/boards/test_multiboard_output.py",
    "tests/boards/test_multiboard.py",
]


DESELECT: list[str] = []  # tests known to fail at the commit, left out of every run (--deselect)


def run_tests(package_parent: Path, tests: list[str]) -> tuple[bool, str]:
    """Run ``tests`` against the package in ``package_parent``; True if they all pass, and the first
    failing test's line."""
    env = dict(os.environ, PYTHONPATH=str(package_parent), PYTHONDONTWRITEBYTECODE="1")
    command = [
        str(Path(sys.executable).parent / "pytest"),
        "-q",
        "-x",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=-ra",
        *tests,
        *(f"--deselect={t}" for t in DESELECT),
    ]
    p = subprocess.run(
        command, cwd=package_parent, env=env, capture_output=True, text=True, check=False
    )
    failed = next(
        (line for line in p.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))), ""
    )
    return p.returncode == 0, failed or (p.stdout.strip().splitlines() or [""])[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Apply hand-made mutants to a copy of hilo_cli and run tests."
    )
    parser.add_argument("--only", nargs="*", default=None, help="mutant ids to run (default: all)")
    parser.add_argument(
        "--tests", nargs="*", default=None, help="test files (default: a fast subset)"
    )
    parser.add_argument(
        "--deselect", nargs="*", default=[], help="test ids to leave out (failing at the commit)"
    )
    parser.add_argument(
        "--commit", default="HEAD", help="the commit whose files are mutated and tested"
    )
    args = parser.parse_args(argv)
    mutants = [m for m in MUTANTS if args.only is None or m.id in args.only]
    DESELECT[:] = args.deselect
    with tempfile.TemporaryDirectory(prefix="hilo-mutants-") as tmp:
        # A committed state of the whole project (package, tests, examples, README), so that work in
        # progress in the checkout cannot make a mutant look killed or the baseline fail.
        parent = Path(tmp) / ROOT.name
        parent.mkdir()
        if (
            ROOT.parent / "shared"
        ).is_dir():  # beside the copy as beside the checkout: the vector tests run
            (Path(tmp) / "shared").symlink_to(ROOT.parent / "shared")
        archive = subprocess.run(
            ["git", "archive", args.commit], cwd=ROOT, capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", str(parent)], input=archive.stdout, check=True)
        package = parent / "hilo_cli"
        tests = [t for t in (args.tests or TESTS) if (parent / t).is_file()]
        # The tests must import the copy, as pytest runs them from the repository: a test says so.
        probe = parent / "probe_test.py"
        probe.write_text(
            "import hilo_cli\n\n\ndef test_copy():\n"
            f"    assert hilo_cli.__file__.startswith({str(package)!r})\n"
        )
        ok, line = run_tests(parent, [str(probe)])
        probe.unlink()
        if not ok:
            print(f"the tests do not import the copy of hilo_cli ({line}): stopping")
            return 2
        start = time.perf_counter()
        ok, line = run_tests(parent, tests)
        print(
            f"baseline (no mutant): {'pass' if ok else 'FAIL: ' + line} ({time.perf_counter() - start:.0f} s; "
            f"{len(tests)} test files)",
            flush=True,
        )
        if not ok:
            return 2
        killed, survived, skipped = [], [], []
        for m in mutants:
            target = package / m.path
            original = target.read_text(encoding="utf-8")
            if original.count(m.old) != 1:
                skipped.append(m)
                print(
                    f"{m.id} not applicable: its line is not in {m.path} exactly once", flush=True
                )
                continue
            target.write_text(original.replace(m.old, m.new), encoding="utf-8")
            start = time.perf_counter()
            try:
                ok, line = run_tests(parent, tests)
            finally:
                target.write_text(original, encoding="utf-8")
            (survived if ok else killed).append(m)
            verdict = "SURVIVED" if ok else f"killed by {line.removeprefix('FAILED ')[:100]}"
            print(f"{m.id} {verdict} ({time.perf_counter() - start:.0f} s) - {m.what}", flush=True)
    judged = len(killed) + len(survived)
    print(
        f"\nkilled {len(killed)} of {judged} mutants ({100 * len(killed) / max(judged, 1):.0f} %)"
        + (f"; {len(skipped)} not applicable" if skipped else "")
    )
    for m in survived:
        print(f"  survived {m.id} ({m.path}): {m.what}")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
