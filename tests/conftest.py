"""What many test files share: running ``hilo`` through Click's CliRunner (``run``) or as the installed
command (``hilo()``, ``HILO``), each player's chips from what it gives, the README's example deal, random
deals for hypothesis (``deals``), the paths to the repository, its test data and ../shared, and the
``slow`` mark.

The tests sit in folders by subject (tests/hands, tests/showdown, tests/sites, ...; CONTRIBUTING.md).
A test file in any of them imports the helpers by name (``from conftest import run, won``): pytest puts
this folder on ``sys.path`` as it does for ``reference.py``. A test module is importable only from its
own folder, so what two folders share lives here.

**Slow tests.** The long randomised runs are marked ``slow`` (``@pytest.mark.slow``, registered in
pyproject.toml): ``pytest -m "not slow"`` is the quick loop of CONTRIBUTING.md, and plain ``pytest`` (CI,
the README) runs them all. Each is marked in its own file.
"""

from __future__ import annotations

import json
import shutil
import signal
import sys
from collections.abc import Mapping
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import strategies as st

from hilo_cli.cards import DECK
from hilo_cli.cli import main
from hilo_cli.deal import Deal, Player
from hilo_cli.games import GAMES
from hilo_cli.histories.base import HandRecord
from hilo_cli.showdown import Settlement

# The paths, from here, so that no test file counts its own depth below the repository. SHARED_DIR
# holds the vectors, the contract and the real histories; it may be absent (a clone alone).
ROOT = Path(__file__).resolve().parent.parent  # the repository
TEST_DATA = ROOT / "tests" / "data"  # the project's own test inputs, one folder per reader
SHARED_DIR = ROOT.parent / "shared"

# The README's example: B's four kings take high, A and B tie for low: A 300, B 900.
BOARD = "Ac 3d 6h Ks Kd"
A_HOLE, B_HOLE = "2c 4d Qc Jd", "Kh Kc 2h 4s"
RECORD = {
    "board": BOARD,
    "players": [{"name": "A", "hole": A_HOLE}, {"name": "B", "hole": B_HOLE}],
    "pot": 1200,
}
LINE = f"{BOARD} | A: {A_HOLE} | B: {B_HOLE} | pot 1200"  # the same deal as a text line
SHOWDOWN = ["showdown", "--board", BOARD, f"A={A_HOLE}", f"B={B_HOLE}", "--pot", "1200"]


def run(
    args: list[str], stdin: str | bytes | None = None, env: Mapping[str, str | None] | None = None
) -> Result:
    """``hilo ARGS`` in-process, ``stdin`` as its standard input, ``env`` over the environment."""
    return CliRunner().invoke(main, args, input=stdin, env=env)


def one_error_line(result: Result) -> str:
    """The one line on stderr of a run that ended in bad input: exit 2, and never a traceback."""
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, (result.exit_code, result.stderr)
    assert "Traceback" not in result.output
    return lines[0]


def totals(record: Mapping[str, Any]) -> dict[str, int]:
    """Each player's chips in one JSON result record."""
    return {p["name"]: p["won"] for p in record["players"]}


def won(result: Result) -> dict[str, int]:
    """Each player's chips from one ``--format json`` object on stdout."""
    return totals(json.loads(result.stdout))


def lines_won(result: Result) -> list[dict[str, int]]:
    """Each record's chips from JSON Lines on stdout (``hilo batch --format json``)."""
    return [totals(json.loads(line)) for line in result.stdout.splitlines()]


def paid(settlement: Settlement) -> dict[str, int]:
    """Each player's chips in a ``Settlement``."""
    return {p.name: p.won for p in settlement.players}


def describe(deal: Deal) -> str:
    """A deal in one line, for the message of a failed assertion on a random deal."""
    boards = (
        " / ".join(" ".join(map(str, b)) for b in deal.boards)
        or " ".join(map(str, deal.board))
        or "-"
    )
    people = "; ".join(
        f"{p.name} seat {p.seat} {' '.join(map(str, p.hole or ())) or '??'} in {p.contributed}"
        f"{' folded' if p.folded else ''}"
        for p in deal.players
    )
    return (
        f"{deal.game.name} {deal.multi_board or ''} board {boards} button {deal.button} unit {deal.chip_unit} "
        f"pot {deal.pot} rake {deal.rake} q {deal.qualifier} odd {deal.odd_chip}: {people}"
    )


# The console script beside the running interpreter (the venv's bin/hilo): the command a user runs.
HILO = Path(sys.executable).parent / ("hilo.exe" if sys.platform == "win32" else "hilo")


def hilo() -> str:
    """The installed ``hilo`` console script (the one beside the running interpreter), for tests that
    need a real process; the test is skipped where it is not installed."""
    path = str(HILO) if HILO.exists() else shutil.which("hilo")
    if path is None:
        pytest.skip("the hilo command is not installed")
    return path


def deal_holes(rest, board, size, n, mirror):
    """Hole cards from the shuffled ``rest``. With ``mirror``, players copy the first hand's ranks in other
    suits where those cards are free, so that tied halves and odd chips come up often."""
    used = set(board)
    fresh = iter(rest)
    holes: list[tuple] = []
    for i in range(n):
        hole = None
        if mirror and holes and i % 4:
            copy = tuple(DECK[(c.rank - 2) * 4 + (c.suit + i) % 4] for c in holes[0])
            hole = None if used & set(copy) else copy
        if hole is None:
            hole = tuple(islice((c for c in fresh if c not in used), size))
        used |= set(hole)
        holes.append(hole)
    return holes


@st.composite
def deals(draw, explicit_button=False):
    """Random deals for hypothesis: any game, 2-9 players within the deck, random seats and button (one
    of the seats with ``explicit_button``), a chip unit of 1, 2, 5 or 25, contributions in whole units
    (or one ``pot``), random folds keeping a live hand, qualifier 8, 9 or none (tests/showdown's
    properties, the suit odd-chip runs, the colour tests)."""
    g = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    n = draw(st.integers(2, min(9, (52 - g.board_cards) // g.hole_cards)))
    deck = draw(st.permutations(DECK))
    board = tuple(deck[: g.board_cards])
    holes = deal_holes(deck[g.board_cards :], board, g.hole_cards, n, mirror=draw(st.booleans()))
    seats = draw(st.lists(st.integers(0, 9), min_size=n, max_size=n, unique=True))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    unit = draw(st.sampled_from([1, 2, 5, 25]))
    button = draw(st.sampled_from(seats) | st.integers(0, 10) | st.none())
    if explicit_button and button is None:
        button = seats[0]
    pot, amounts = None, [None] * n
    if draw(st.booleans()):
        pot = unit * draw(st.integers(0, 300))
    else:
        amounts = [unit * draw(st.integers(0, 40)) for _ in range(n)]
        deepest = max(a for a, f in zip(amounts, folded, strict=True) if not f)
        amounts = [min(a, deepest) if f else a for a, f in zip(amounts, folded, strict=True)]
    lone = folded.count(False) == 1
    players = []
    for i in range(n):
        # Folded hands, and a lone live hand, need not be shown (RULES §7).
        hidden = (folded[i] or lone) and draw(st.booleans())
        players.append(
            Player(f"P{i}", seats[i], None if hidden else holes[i], amounts[i], folded[i])
        )
    qualifier = draw(st.sampled_from([8, 9, None]))
    return Deal(
        g, board, tuple(players), pot=pot, button=button, chip_unit=unit, qualifier=qualifier
    )


def verdict(record: HandRecord) -> tuple[str, str, str]:
    """(status, depth, why) of one history record as ``hilo check`` decides it; a record the check
    refuses is ``("error", "", its message)``. The site tests' verdicts are this per record."""
    from hilo_cli.checking import check
    from hilo_cli.errors import HiloError

    try:
        _, found = check(record)
    except HiloError as e:
        return "error", "", e.message
    return found.status, found.depth, found.why


@pytest.fixture
def ctrl_c_reaches_children() -> Any:
    """SIGINT as a terminal's shell leaves it, for the processes a test starts and interrupts: a runner
    that started pytest in the background with SIGINT ignored (a non-interactive shell's ``&`` does)
    would hand that on to every child, and no Ctrl-C would reach hilo. A handler of pytest's own is
    reset to the default at ``exec``, so each child starts as from a terminal."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)
