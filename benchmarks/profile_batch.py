"""Where ``hilo batch --format json`` spends its time: cProfile over the in-process batch pipeline.

    python benchmarks/profile_batch.py [--deals 20000] [--players 6] [--seed 1] [--top 25]

Runs ``hilo_cli.formats.batch_in.read_records`` + ``hilo_cli.batch.run(..., fmt="json", jobs=1)`` over an in-memory
JSON Lines file of seeded deals (``benchmarks/deals.py``), writing to an ``io.BytesIO``, under cProfile.
Prints the top functions by cumulative and by total (own) time, the share of time in each stage (JSON
decode, deal building, evaluation, the rest of settlement, JSON encode), and then the same stages timed
one after another without the profiler (whose overhead inflates many small calls), plus a few JSON
alternatives on the same data.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import deals as gen


def say(text: str = "") -> None:
    print(text, flush=True)


def pipeline(data: bytes) -> str:
    from hilo_cli.batch import run
    from hilo_cli.formats.batch_in import read_records
    from hilo_cli.formats.records import Defaults

    out = io.BytesIO()
    for outcome in run(read_records("bench.jsonl", io.BytesIO(data)), Defaults(), "json", jobs=1):
        if outcome.error is not None:
            raise SystemExit(f"{outcome.source}:{outcome.line}: {outcome.error}")
        out.write(outcome.output)
    return out.getvalue()


def _find(stats: dict[Any, Any], file_part: str, func: str) -> list[Any]:
    return [k for k in stats if k[2] == func and file_part in k[0].replace("\\", "/")]


MISSING: list[str] = []


def cumulative(stats: dict[Any, Any], file_part: str, func: str) -> float:
    """Cumulative time of the functions named ``func`` in files whose path contains ``file_part``."""
    found = _find(stats, file_part, func)
    if not found:
        MISSING.append(f"{file_part}:{func}")
    return sum(stats[k][3] for k in found)


def called_from(stats: dict[Any, Any], callee_part: str, caller_part: str) -> float:
    """Cumulative time of calls made from files matching ``caller_part`` into files matching
    ``callee_part`` (e.g. settlement calling the evaluator, whatever its functions are named)."""
    total = 0.0
    for key, (_cc, _nc, _tt, _ct, callers) in stats.items():
        if callee_part not in key[0].replace("\\", "/"):
            continue
        for caller, (_c, _n, _t, ct) in callers.items():
            if caller_part in caller[0].replace("\\", "/"):
                total += ct
    if not total:
        MISSING.append(f"calls from {caller_part} into {callee_part}")
    return total


def cumulative_any(stats: dict[Any, Any], *where: tuple[str, str]) -> float:
    """The cumulative time of the first of ``where`` found in the profile."""
    for file_part, func in where:
        if _find(stats, file_part, func):
            return cumulative(stats, file_part, func)
    MISSING.append(" or ".join(f"{f}:{fn}" for f, fn in where))
    return 0.0


def stage_shares(profile: cProfile.Profile) -> None:
    st = pstats.Stats(profile)
    stats = st.stats  # type: ignore[attr-defined]
    total = st.total_tt  # type: ignore[attr-defined]
    read = cumulative(stats, "hilo_cli/formats/batch_in.py", "read_records")
    # hilo's own JSON wrapper if it has one (hilo_cli/formats/jsonlib.py), else the standard library.
    decode = cumulative_any(
        stats, ("hilo_cli/formats/jsonlib.py", "loads"), ("json/__init__.py", "loads")
    )
    build = cumulative(stats, "hilo_cli/formats/records.py", "deal_from_record")
    evaluate = called_from(stats, "hilo_cli/evaluate/", "hilo_cli/showdown.py")
    settle_all = cumulative(stats, "hilo_cli/showdown.py", "settle")
    check = cumulative(stats, "hilo_cli/deal.py", "check_deal")
    to_dict = cumulative(stats, "hilo_cli/formats/json_out.py", "settlement_dict")
    jsonlib = "hilo_cli/formats/jsonlib.py"
    dumps = cumulative_any(
        stats, (jsonlib, "dumps_line"), (jsonlib, "dumps"), ("json/__init__.py", "dumps")
    )
    rows = [
        ("reading lines (read_records)", read),
        ("JSON decode (hilo's loads)", decode),
        ("deal building (deal_from_record)", build),
        ("evaluation (settle's calls into hilo_cli.evaluate)", evaluate),
        ("settlement excl. evaluation (check_deal, pots, shares)", settle_all - evaluate),
        ("   of which check_deal", check),
        ("JSON encode: settlement_dict (hand names, card text)", to_dict),
        ("JSON encode: hilo's dumps", dumps),
    ]
    accounted = read + decode + build + settle_all + to_dict + dumps
    say(f"Share of profiled time by stage (total {total:.2f} s under cProfile):")
    for label, t in rows:
        say(f"  {label:<58} {t:7.3f} s  {100 * t / total:5.1f}%")
    say(
        f"  {'JSON encode total':<58} {to_dict + dumps:7.3f} s  {100 * (to_dict + dumps) / total:5.1f}%"
    )
    say(
        f"  {'other (process/run loop, Outcome, BytesIO writes)':<58} {total - accounted:7.3f} s  "
        f"{100 * (total - accounted) / total:5.1f}%"
    )
    if MISSING:
        say(f"  (not found in the profile, counted as 0: {', '.join(MISSING)})")


def timed(label: str, n: int, fn: Callable[[], Any], repeat: int = 3) -> None:
    """The best of ``repeat`` runs of ``fn``."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    say(f"  {label:<70} {best:7.3f} s  {1e6 * best / n:7.1f} us/deal")


def _evaluator() -> Callable[[Any], Any]:
    """Evaluation alone for one deal, through whichever public entry point this hilo has."""
    import hilo_cli.evaluate as ev

    if hasattr(ev, "evaluate_all"):

        def run_all(d: Any) -> Any:
            return ev.evaluate_all(d.game, [p.hole for p in d.players], d.board, d.qualifier)

        return run_all

    def run_each(d: Any) -> Any:
        board = ev.prepare_board(d.board, d.qualifier)
        return [ev.evaluate(d.game, p.hole, board, d.qualifier) for p in d.players]

    return run_each


def stages_unprofiled(data: bytes, n: int) -> None:
    """One streaming pass like ``batch``'s, with a clock read between the stages of each record."""
    from hilo_cli.formats import json_out
    from hilo_cli.formats.batch_in import read_records
    from hilo_cli.formats.records import Defaults, deal_from_record
    from hilo_cli.showdown import settle

    try:
        from hilo_cli.formats import jsonlib

        loads, dumps = jsonlib.loads, jsonlib.dumps_line
        backend = getattr(jsonlib, "BACKEND", "?")
    except (
        ImportError
    ):  # a hilo without its JSON wrapper: the standard library, as batch.py used it
        loads, backend = json.loads, "json"

        def dumps(value: Any) -> bytes:
            return (json.dumps(value, ensure_ascii=False) + "\n").encode()

    evaluate = _evaluator()
    defaults = Defaults()
    clock = time.perf_counter
    names = (
        "reading lines (read_records)",
        f"JSON decode (hilo's loads, {backend})",
        "deal building (deal_from_record)",
        "settle (check, evaluation, pots, shares)",
        "JSON encode: settlement_dict",
        f"JSON encode: hilo's dumps ({backend})",
        "writing (BytesIO.write)",
    )
    spent = [0.0] * len(names)
    eval_only = 0.0
    out = io.BytesIO()
    gc.collect()
    it = read_records("b", io.BytesIO(data))
    t0 = clock()
    for raw in it:
        t1 = clock()
        record = loads(raw.payload)
        t2 = clock()
        deal = deal_from_record(record, defaults)
        t3 = clock()
        settlement = settle(deal, cards=True)  # as batch does: every format shows the hands
        t4 = clock()
        as_dict = json_out.settlement_dict(settlement)
        t5 = clock()
        text = dumps(as_dict)
        t6 = clock()
        out.write(text)
        t7 = clock()
        evaluate(deal)  # evaluation again, alone: reported, not in the sum
        t8 = clock()
        for i, (a, b) in enumerate(
            ((t0, t1), (t1, t2), (t2, t3), (t3, t4), (t4, t5), (t5, t6), (t6, t7))
        ):
            spent[i] += b - a
        eval_only += t8 - t7
        t0 = clock()
    whole = sum(spent)
    say(
        f"The same stages without the profiler: one streaming pass over the {n} deals (tables already "
        "built), a clock read between stages:"
    )
    for label, t in zip(names, spent, strict=True):
        say(f"  {label:<58} {t:7.3f} s  {1e6 * t / n:7.1f} us/deal  {100 * t / whole:5.1f}%")
        if label.startswith("settle"):
            say(
                f"  {'   of which evaluation (timed again on its own)':<58} {eval_only:7.3f} s  "
                f"{1e6 * eval_only / n:7.1f} us/deal  {100 * eval_only / whole:5.1f}%"
            )
    say(
        f"  {'sum of stages':<58} {whole:7.3f} s  {1e6 * whole / n:7.1f} us/deal  ({n / whole:,.0f} deals/s)"
    )

    raws = list(read_records("b", io.BytesIO(data)))
    dicts = [
        json_out.settlement_dict(settle(deal_from_record(loads(r.payload), defaults))) for r in raws
    ]
    say()
    say(
        "JSON libraries on the same data (decode every input line, encode every settlement dict; best of 3):"
    )
    timed("json.loads (bytes)", n, lambda: [json.loads(r.payload) for r in raws])
    timed(
        "json.loads of str (bytes decoded first)",
        n,
        lambda: [json.loads(r.payload.decode()) for r in raws],
    )
    timed(
        "json.dumps(ensure_ascii=False)",
        n,
        lambda: [json.dumps(d, ensure_ascii=False) for d in dicts],
    )
    enc = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":"))
    timed(
        "json.JSONEncoder(ensure_ascii=False, check_circular=False, compact)",
        n,
        lambda: [enc.encode(d) for d in dicts],
    )
    for name in ("orjson", "msgspec", "ujson"):
        try:
            mod = __import__(name)
        except ImportError:
            say(f"  {name}: not installed")
            continue
        if name == "msgspec":
            decoder, encoder = mod.json.Decoder(), mod.json.Encoder()
            timed(
                "msgspec.json decode", n, lambda dec=decoder: [dec.decode(r.payload) for r in raws]
            )
            timed(
                "msgspec.json encode (bytes)", n, lambda en=encoder: [en.encode(d) for d in dicts]
            )
        elif name == "orjson":
            timed("orjson.loads", n, lambda m=mod: [m.loads(r.payload) for r in raws])
            timed("orjson.dumps (bytes)", n, lambda m=mod: [m.dumps(d) for d in dicts])
            timed(
                "orjson.dumps(...).decode()", n, lambda m=mod: [m.dumps(d).decode() for d in dicts]
            )
        else:
            timed(f"{name}.loads", n, lambda m=mod: [m.loads(r.payload) for r in raws])
            timed(f"{name}.dumps", n, lambda m=mod: [m.dumps(d, ensure_ascii=False) for d in dicts])


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--deals", type=int, default=20000, help="deals (default 20000)")
    p.add_argument("--players", type=int, default=6, help="players per deal (default 6)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--top", type=int, default=25, help="functions to list (default 25)")
    args = p.parse_args(argv)

    data = "".join(gen.json_lines(args.deals, args.players, args.seed)).encode()
    say(
        f"profile of the in-process batch pipeline: {args.deals} deals, {args.players} players, seed {args.seed}, "
        f"{len(data) / 1e6:.1f} MB of JSON Lines in memory, output to io.BytesIO"
    )

    import hilo_cli.batch  # noqa: F401  (imports outside the profile)

    # Unprofiled first pass: the rate a cold process sees (lazy tables are built here).
    start = time.perf_counter()
    pipeline(data)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    out = pipeline(data)
    warm = time.perf_counter() - start
    say(
        f"unprofiled: cold pass {cold:.2f} s ({args.deals / cold:,.0f} deals/s), warm pass {warm:.2f} s "
        f"({args.deals / warm:,.0f} deals/s); {len(out) / 1e6:.1f} MB of output"
    )

    profile = cProfile.Profile()
    profile.enable()
    pipeline(data)
    profile.disable()

    for sort, title in (("cumulative", "cumulative"), ("tottime", "total (own)")):
        say()
        say(f"Top {args.top} functions by {title} time (warm pass, under cProfile):")
        buf = io.StringIO()
        pstats.Stats(profile, stream=buf).strip_dirs().sort_stats(sort).print_stats(args.top)
        text = buf.getvalue()
        # Drop pstats' preamble lines up to the table header.
        lines = text.splitlines()
        head = next((i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls")), 0)
        say("\n".join(line for line in lines[head:] if line.strip()))

    say()
    stage_shares(profile)
    say()
    stages_unprofiled(data, args.deals)


if __name__ == "__main__":
    main()
