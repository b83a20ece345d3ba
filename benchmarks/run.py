"""One benchmark run: pokerkit's hand classes, hilo in-process, ``hilo batch`` end to end, start-up and
peak memory, all on the same seeded deals (``benchmarks/deals.py``), then a table against the targets of
issue 4.

    python benchmarks/run.py [--deals 20000] [--players 6] [--seed 1] [--batch 100000] [--big 1000000]

The deals are one seeded sequence: pokerkit gets its first ``--pokerkit-deals``, hilo in-process its first
``--deals``, ``hilo batch`` a file of its first ``--batch`` (written before the timing starts), and the
memory run a file of ``--big`` (``--big 0`` skips it). pokerkit is imported here only, never by hilo_cli.
Nothing here asserts a time; it prints figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import deals as gen

HILO = str(Path(sys.executable).parent / "hilo")
SHOWDOWN = [
    "showdown",
    "--board",
    "Ac 3d 6h Ks Kd",
    "A=2c 4d Qc Jd",
    "B=Kh Kc 2h 4s",
    "--pot",
    "1200",
]

TARGETS = {
    "inprocess": 400.0,
    "batch1": 100.0,
    "batch2": 180.0,
    "startup": 1.5,
    "memory_mb": 100.0,
    "speedup": 1.6,
}


def say(text: str = "") -> None:
    print(text, flush=True)


# --- pokerkit -------------------------------------------------------------------------------------


def pokerkit_winners(
    pk_deals: Sequence[tuple[str, tuple[str, ...]]], names: Sequence[str]
) -> list[Any]:
    """Best high, best low (None when no 8-or-better low) for every player; the winners of each half."""
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

    high_of = OmahaHoldemHand.from_game
    low_of = OmahaEightOrBetterLowHand.from_game
    out = []
    for board, holes in pk_deals:
        highs = [high_of(hole, board) for hole in holes]
        lows: list[Any] = []
        for hole in holes:
            try:
                lows.append(low_of(hole, board))
            except ValueError:
                lows.append(None)
        best = max(highs)
        high_winners = frozenset(n for n, h in zip(names, highs, strict=True) if h == best)
        present = [lo for lo in lows if lo is not None]
        if present:
            best_low = max(present)
            low_winners = frozenset(
                n for n, lo in zip(names, lows, strict=True) if lo is not None and lo == best_low
            )
        else:
            low_winners = frozenset()
        out.append((high_winners, low_winners))
    return out


def hilo_winners(settlement: Any) -> tuple[frozenset[str], frozenset[str]]:
    (pot,) = settlement.pots
    low = frozenset(pot.low.winners) if pot.low is not None else frozenset()
    return frozenset(pot.high.winners), low


# --- subprocesses ---------------------------------------------------------------------------------

# A small intermediary process starts each measured child. On Linux a child's ru_maxrss starts from the
# high-water mark of the process it was forked (or vforked) from, so a child started straight from this
# script, which holds thousands of deals, would report this script's peak, not its own. The
# intermediary is a bare interpreter (about 10 MB), below any hilo run. It times the child itself, so
# its own start-up is not counted.
_TIMER = r"""
import json, os, subprocess, sys, time
start = time.perf_counter()
proc = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(proc.pid, 0)
elapsed = time.perf_counter() - start
print(json.dumps([elapsed, usage.ru_maxrss, os.waitstatus_to_exitcode(status)]))
"""


def run_child(argv: list[str]) -> tuple[float, float, int]:
    """Run one child, output to /dev/null: its wall time (s), its own peak RSS in MB (``ru_maxrss`` from
    ``wait4``: the largest single process among it and the children it waited for), its exit code."""
    done = subprocess.run(
        [sys.executable, "-c", _TIMER, *argv], stdout=subprocess.PIPE, text=True, check=True
    )
    elapsed, maxrss_kb, code = json.loads(done.stdout)
    return elapsed, maxrss_kb / 1024, code


def median_time(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        elapsed, _, code = run_child(argv)
        if code != 0:
            raise SystemExit(f"{' '.join(argv)} exited {code}")
        times.append(elapsed)
    return statistics.median(times)


# --- the run --------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--deals", type=int, default=20000, help="deals for hilo in-process (default 20000)"
    )
    p.add_argument("--players", type=int, default=6, help="players per deal (default 6)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument(
        "--pokerkit-deals",
        type=int,
        default=300,
        help="deals for pokerkit, which is slow (default 300; 0 skips pokerkit and the ratios)",
    )
    p.add_argument(
        "--batch",
        type=int,
        default=100000,
        help="deals in the file for hilo batch --jobs 1/2 (default 100000; 0 skips)",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="runs of each hilo batch --jobs timing; the fastest is reported (default 1)",
    )
    p.add_argument(
        "--startup-runs",
        type=int,
        default=20,
        help="runs of each start-up command (default 20; 0 skips)",
    )
    p.add_argument(
        "--big",
        type=int,
        default=1_000_000,
        help="deals in the file for the peak-memory run (default 1000000; 0 skips)",
    )
    p.add_argument(
        "--tmp", default=None, help="directory for the deal files (default: a new temporary one)"
    )
    args = p.parse_args(argv)
    players, seed = args.players, args.seed
    names = tuple(f"P{i}" for i in range(1, players + 1))
    fig: dict[str, Any] = {}

    say(
        f"hilo benchmark: {players} players of omaha8 per deal, seed {seed}, Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} CPUs"
    )
    say(f"hilo console script: {HILO}; hilo_cli at {_revision()}")
    say(
        "load average at start: {:.2f} {:.2f} {:.2f} "
        "(other work on these CPUs skews the figures, --jobs 2 most)".format(*os.getloadavg())
    )

    # Inputs, all built before any timing.
    n = args.deals
    raw = list(gen.generate(max(n, args.pokerkit_deals), players, seed))
    hilo_deals = [gen.hilo_deal(d) for d in raw[:n]]
    records = [gen.record(d) for d in raw[:n]]
    lines = [(json.dumps(r, separators=(", ", ": ")) + "\n").encode() for r in records]
    pk_deals = [gen.pokerkit_deal(d) for d in raw[: args.pokerkit_deals]]

    from hilo_cli.batch import process
    from hilo_cli.formats.batch_in import Raw
    from hilo_cli.formats.records import Defaults, deal_from_record
    from hilo_cli.showdown import settle

    # b. hilo in-process. The first pass is cold (lazy tables and per-board rows are built as needed);
    # the second pass over the same deals is warm.
    say()
    say(f"[b] hilo in-process, {n} deals")
    for label, key in (
        ("cold (first pass, builds tables)", "inproc_cold"),
        ("warm (second pass)", "inproc_warm"),
    ):
        start = time.perf_counter()
        for d in hilo_deals:
            settle(d)
        elapsed = time.perf_counter() - start
        fig[key] = n / elapsed
        say(
            f"    settle(deal), Deal objects prebuilt, {label}: {elapsed:.3f} s, {fig[key]:,.0f} deals/s"
        )
    defaults = Defaults()
    start = time.perf_counter()
    for r in records:
        settle(deal_from_record(r, defaults))
    elapsed = time.perf_counter() - start
    fig["inproc_record"] = n / elapsed
    say(
        f"    settle(deal_from_record(record)), dict records prebuilt: {elapsed:.3f} s, "
        f"{fig['inproc_record']:,.0f} deals/s"
    )
    raws = [Raw("bench", i, "json-line", line) for i, line in enumerate(lines, 1)]
    start = time.perf_counter()
    for rw in raws:
        process(rw, defaults, "json")
    elapsed = time.perf_counter() - start
    fig["inproc_process"] = n / elapsed
    say(
        f"    batch.process(line) (json.loads + build + settle + JSON out, no file I/O): {elapsed:.3f} s, "
        f"{fig['inproc_process']:,.0f} deals/s"
    )

    # a. pokerkit, and agreement with hilo on the same deals.
    if pk_deals:
        say()
        say(
            f"[a] pokerkit {_pokerkit_version()}, {len(pk_deals)} deals "
            "(OmahaHoldemHand / OmahaEightOrBetterLowHand .from_game for each player, winners of each half)"
        )
        pokerkit_winners(pk_deals[:5], names)  # warm-up, not timed
        start = time.perf_counter()
        pk = pokerkit_winners(pk_deals, names)
        elapsed = time.perf_counter() - start
        fig["pokerkit"] = len(pk_deals) / elapsed
        say(f"    {elapsed:.3f} s, {fig['pokerkit']:,.1f} deals/s")
        ours = [hilo_winners(settle(gen.hilo_deal(d))) for d in raw[: len(pk_deals)]]
        bad_high = sum(a[0] != b[0] for a, b in zip(pk, ours, strict=True))
        bad_low = sum(a[1] != b[1] for a, b in zip(pk, ours, strict=True))
        with_low = sum(bool(b[1]) for b in ours)
        split_high = sum(len(b[0]) > 1 for b in ours)
        fig["disagree"] = bad_high + bad_low
        say(
            f"    agreement with hilo on the same {len(pk_deals)} deals: {bad_high} high-winner and {bad_low} "
            f"low-winner disagreements ({with_low} deals have a low, {split_high} have a tied high)"
        )
        for key in ("inproc_cold", "inproc_warm", "inproc_record", "inproc_process"):
            fig[key + "_x"] = fig[key] / fig["pokerkit"]
        say(
            f"    hilo in-process / pokerkit: cold {fig['inproc_cold_x']:,.1f}x, warm {fig['inproc_warm_x']:,.1f}x, "
            f"with deal_from_record {fig['inproc_record_x']:,.1f}x, whole process() {fig['inproc_process_x']:,.1f}x"
        )

    tmp_ctx = tempfile.TemporaryDirectory(prefix="hilo-bench-") if args.tmp is None else None
    tmp = Path(args.tmp if args.tmp is not None else tmp_ctx.name)  # type: ignore[union-attr]
    try:
        # c. hilo batch --format json end to end.
        if args.batch:
            say()
            path, written = _deal_file(tmp, args.batch, players, seed)
            say(
                f"[c] hilo batch --format json, {args.batch} deals ({written}, not timed), output to /dev/null"
            )
            _check_batch_output(path, min(2000, args.batch), settle, deal_from_record, defaults)
            for jobs in (1, 2):
                runs = [
                    run_child([HILO, "batch", "--format", "json", "--jobs", str(jobs), str(path)])
                    for _ in range(max(1, args.repeat))
                ]
                elapsed, peak, code = min(runs)
                if any(r[2] != 0 for r in runs):
                    say(f"    --jobs {jobs}: exit status {max(r[2] for r in runs)}!")
                if len(runs) > 1:
                    say(
                        f"    --jobs {jobs}: runs of {', '.join(f'{r[0]:.2f}' for r in runs)} s; the fastest counts"
                    )
                fig[f"batch{jobs}"] = args.batch / elapsed
                fig[f"batch{jobs}_mem"] = peak
                ratio = (
                    f", {fig[f'batch{jobs}'] / fig['pokerkit']:,.1f}x pokerkit"
                    if "pokerkit" in fig
                    else ""
                )
                say(
                    f"    --jobs {jobs}: {elapsed:.2f} s, {fig[f'batch{jobs}']:,.0f} deals/s{ratio} "
                    f"(peak RSS of one process {peak:.1f} MB)"
                )
                if "pokerkit" in fig:
                    fig[f"batch{jobs}_x"] = fig[f"batch{jobs}"] / fig["pokerkit"]
            fig["speedup"] = fig["batch2"] / fig["batch1"]
            say(f"    --jobs 2 / --jobs 1: {fig['speedup']:.2f}x")
            path.unlink()

        # d. Start-up.
        if args.startup_runs:
            say()
            runs = args.startup_runs
            say(f"[d] start-up, median of {runs} runs each (after one warm-up run each)")
            # pip compiles an installed package's bytecode, and click's is compiled; an editable install
            # under PYTHONDONTWRITEBYTECODE=1 (set on this machine) never is, so compile hilo's first.
            import compileall

            import hilo_cli

            compileall.compile_dir(str(Path(hilo_cli.__file__).parent), quiet=1)
            show = [HILO, *SHOWDOWN]
            click = [sys.executable, "-c", "import click"]
            median_time(show, 1)
            median_time(click, 1)
            t_show, t_click = [], []
            for _ in range(runs):  # interleaved, so drift affects both alike
                t_show.append(median_time(show, 1))
                t_click.append(median_time(click, 1))
            fig["startup_show"] = statistics.median(t_show) * 1000
            fig["startup_click"] = statistics.median(t_click) * 1000
            fig["startup"] = fig["startup_show"] / fig["startup_click"]
            say(
                f'    hilo showdown --board "Ac 3d 6h Ks Kd" A="2c 4d Qc Jd" B="Kh Kc 2h 4s" --pot 1200: '
                f"{fig['startup_show']:.1f} ms"
            )
            say(f'    python -c "import click": {fig["startup_click"]:.1f} ms')
            say(f"    ratio: {fig['startup']:.2f}x")

        # e. Peak memory over a big file.
        if args.big:
            say()
            path, written = _deal_file(tmp, args.big, players, seed)
            say(
                f"[e] peak memory, hilo batch --format json --jobs 1 over {args.big} deals ({written}), "
                "output to /dev/null"
            )
            _, floor, _ = run_child([sys.executable, "-c", "pass"])
            elapsed, peak, code = run_child(
                [HILO, "batch", "--format", "json", "--jobs", "1", str(path)]
            )
            if code != 0:
                say(f"    exit status {code}!")
            say(
                f"    (floor: a bare 'python -c pass' measured the same way peaks at {floor:.1f} MB)"
            )
            fig["memory_mb"] = peak
            fig["big_rate"] = args.big / elapsed
            say(
                f"    peak RSS (ru_maxrss of the hilo process, wait4): {peak:.1f} MB; {elapsed:.1f} s, "
                f"{fig['big_rate']:,.0f} deals/s"
            )
            path.unlink()
    finally:
        if tmp_ctx is not None:
            tmp_ctx.cleanup()

    say()
    say("load average at end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    _table(fig, args)


def _deal_file(tmp: Path, count: int, players: int, seed: int) -> tuple[Path, str]:
    """Write ``count`` seeded deals as JSON Lines under ``tmp``; the path, and its size and writing time."""
    path = tmp / f"deals-{count}.jsonl"
    start = time.perf_counter()
    with open(path, "w", encoding="utf-8") as f:
        gen.write_json_lines(f, count, players, seed)
    return (
        path,
        f"{path.stat().st_size / 1e6:.1f} MB file written in {time.perf_counter() - start:.1f} s",
    )


def _check_batch_output(
    path: Path, count: int, settle: Any, deal_from_record: Any, defaults: Any
) -> None:
    """Run ``hilo batch --jobs 2`` over the first ``count`` lines and compare its winners and shares with
    the in-process settlement of the same records (a sanity check, not timed)."""
    with open(path, "rb") as f:
        head = b"".join(f.readline() for _ in range(count))
    out = (
        subprocess.run(
            [HILO, "batch", "--format", "json", "--jobs", "2", "-"],
            input=head,
            capture_output=True,
            check=False,
        )
        .stdout.decode()
        .splitlines()
    )
    wrong = 0
    for line, result in zip(head.decode().splitlines(), out, strict=False):
        s = settle(deal_from_record(json.loads(line), defaults))
        got = json.loads(result)
        want = {r.name: r.won for r in s.players}
        if {p["name"]: p["won"] for p in got["players"]} != want or got["id"] != s.deal.id:
            wrong += 1
    wrong += abs(len(out) - count)
    say(
        f"    sanity check: batch --jobs 2 output of the first {count} deals vs in-process: {wrong} differ"
    )


def _revision() -> str:
    """The git commit of the working tree (with ``+changes`` if hilo_cli differs from it), if any."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--", "hilo_cli", "pyproject.toml"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "an unknown revision"
    return f"commit {head}{' +changes' if dirty else ''}"


def _pokerkit_version() -> str:
    try:
        from importlib.metadata import version

        return version("pokerkit")
    except Exception:
        return "?"


def _table(fig: dict[str, Any], args: argparse.Namespace) -> None:
    def row(target: str, measured: str, met: bool | None) -> None:
        verdict = "" if met is None else ("meets" if met else "MISSES")
        say(f"  {target:<52} {measured:<44} {verdict}")

    say()
    say("Targets of issue 4 (measured here; no asserts)")
    say(f"  {'target':<52} {'measured':<44} verdict")
    say("  " + "-" * 104)
    pk = fig.get("pokerkit")
    if pk:
        say(f"  (pokerkit: {pk:,.1f} deals/s; disagreements with hilo: {fig['disagree']})")
    if "inproc_cold_x" in fig:
        row(
            ">= 400x pokerkit, in-process full settlement",
            f"{fig['inproc_warm_x']:,.1f}x warm ({fig['inproc_warm']:,.0f}/s); {fig['inproc_cold_x']:,.1f}x cold",
            fig["inproc_warm_x"] >= TARGETS["inprocess"],
        )
    else:
        row(">= 400x pokerkit, in-process full settlement", "skipped", None)
    for jobs, target in ((1, "batch1"), (2, "batch2")):
        key = f"batch{jobs}_x"
        label = f">= {TARGETS[target]:.0f}x pokerkit, hilo batch --format json --jobs {jobs}"
        if key in fig:
            row(
                label,
                f"{fig[key]:,.1f}x ({fig[f'batch{jobs}']:,.0f}/s)",
                fig[key] >= TARGETS[target],
            )
        else:
            row(label, "skipped", None)
    if "startup" in fig:
        row(
            "<= 1.5x python -c 'import click', hilo showdown",
            f"{fig['startup']:.2f}x ({fig['startup_show']:.0f} ms vs {fig['startup_click']:.0f} ms)",
            fig["startup"] <= TARGETS["startup"],
        )
    else:
        row("<= 1.5x python -c 'import click', hilo showdown", "skipped", None)
    if "memory_mb" in fig:
        row(
            f"< 100 MB peak, hilo batch of {args.big:,} deals",
            f"{fig['memory_mb']:.1f} MB",
            fig["memory_mb"] < TARGETS["memory_mb"],
        )
    else:
        row("< 100 MB peak, hilo batch of 1,000,000 deals", "skipped (--big 0)", None)
    if "speedup" in fig:
        row(
            ">= 1.6x, --jobs 2 over --jobs 1",
            f"{fig['speedup']:.2f}x ({args.batch:,} deals)",
            fig["speedup"] >= TARGETS["speedup"],
        )
    else:
        row(">= 1.6x, --jobs 2 over --jobs 1", "skipped", None)


if __name__ == "__main__":
    main()
