"""Make the preflop ranking of an Omaha game (hilo_cli/equity/rankings/<game>.bin; docs/ranges.md).

    nice python scripts/make_ranking.py omaha8 --samples 4000 [--seed 1]

Every class of hands that differ only by a renaming of suits (hilo_cli.equity.ranking.canonical) is
dealt ``--samples`` times against one random hand with a random board of five cards from the other
cards; each deal is settled heads-up as a showdown settles a pot (the high half to the best high, ties
split; the low half to the best qualifying low, or to the high when no one has one; RULES §3-§4), and
the class's equity is the mean of its share. Prints the standard error of the classes' equities. The
same game, samples and seed make the same file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from hilo_cli.equity import ranking, rows, vector
from hilo_cli.games import GAMES


def classes_of(hole_cards: int) -> np.ndarray:
    """Every class of ``hole_cards``-card hands (its smallest mask), sorted."""
    found: list[np.ndarray] = []
    bits = np.int64(1) << np.arange(52, dtype=np.int64)
    # The hands by their lowest card: a block at a time keeps 6-card Omaha's 20 million in memory.
    for first in range(52 - hole_cards + 1):
        rest = vector.all_runouts(51 - first, hole_cards - 1).astype(np.int64) + first + 1
        masks = bits[first] | bits[rest].sum(axis=1)
        for at in range(0, len(masks), 1 << 20):
            found.append(np.unique(ranking.canonical(masks[at : at + (1 << 20)])))
        found = [np.unique(np.concatenate(found))]
    return found[0]


def shares(values: vector.Values) -> np.ndarray:
    """The first player's share of the pot on each row, heads-up."""
    h0, h1 = values.highs
    high = np.where(h0 > h1, 1.0, np.where(h0 == h1, 0.5, 0.0))
    if values.lows is None:
        return high
    l0, l1 = values.lows
    some = np.maximum(l0, l1) >= 0
    low = np.where(l0 > l1, 1.0, np.where(l0 == l1, 0.5, 0.0))
    return np.where(some, 0.5 * high + 0.5 * low, high)


def estimate(game_name: str, samples: int, seed: int) -> tuple[np.ndarray, np.ndarray, float]:
    game = GAMES[game_name]
    h = game.hole_cards
    classes = classes_of(h)
    print(f"{game_name}: {len(classes):,} classes", file=sys.stderr)
    hands = np.nonzero((classes[:, None] >> np.arange(52, dtype=np.int64)[None, :]) & 1)[1]
    hands = hands.reshape(len(classes), h)
    evaluator = rows.RowEvaluator(game, 8 if game.split else None)
    rng = np.random.default_rng(seed)
    total = np.zeros(len(classes))
    total2 = np.zeros(len(classes))
    block = max(1, evaluator.rows_at_once(2) // samples)
    start = time.process_time()
    for at in range(0, len(classes), block):
        idx = np.repeat(np.arange(at, min(at + block, len(classes))), samples)
        dealt = rows.sample_to_come(classes[idx], h + 5, rng)
        holes = np.stack([hands[idx], dealt[:, :h]])
        share = shares(evaluator.values(holes, dealt[:, h:]))
        np.add.at(total, idx, share)
        np.add.at(total2, idx, share * share)
        if at // block % 200 == 0:
            print(f"  {at:,} classes, {time.process_time() - start:.0f} s", file=sys.stderr)
    mean = total / samples
    se = np.sqrt(np.maximum(total2 / samples - mean * mean, 0) / (samples - 1))
    return classes, mean, float(np.mean(se))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "game", choices=["omaha8", "omaha", "omaha8-5", "omaha-5", "omaha8-6", "omaha-6"]
    )
    parser.add_argument("--samples", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    classes, equity, se = estimate(args.game, args.samples, args.seed)
    out = Path(__file__).resolve().parent.parent / "hilo_cli/equity/rankings" / f"{args.game}.bin"
    out.parent.mkdir(exist_ok=True)
    bits = 8 if GAMES[args.game].hole_cards == 6 else 16  # 6-card: an error far above 1/255
    out.write_bytes(ranking.write(classes, equity, args.samples, bits))
    print(
        f"{args.game}: {len(classes):,} classes x {args.samples:,} deals against one random hand; "
        f"mean standard error of a class's equity {se:.4f}; {out.stat().st_size:,} bytes",
    )


if __name__ == "__main__":
    main()
