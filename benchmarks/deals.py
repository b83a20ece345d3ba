"""Seeded random deals for the benchmarks: the same deals as JSON Lines text, hilo ``Deal`` objects, or
pokerkit card strings.

Every deal is dealt from one freshly shuffled 52-card deck (``random.Random(seed)``): each player's hole
cards first, then the board. Each deal has one pot that every player is in (no side pots), so the
winners of each half can be compared directly with another evaluator. The sequence depends only on the
seed, players and game, so the first N deals of a longer run are the same N deals.

    python benchmarks/deals.py --count 100000 --players 6 --seed 1 > deals.jsonl

writes JSON Lines one deal at a time (it never holds the deals in memory).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)

# Hole and board cards per game (what the generator needs to know of a game).
SHAPES = {
    "omaha8": (4, 5),
    "omaha8-5": (5, 5),
    "omaha8-6": (6, 5),
    "courchevel8": (5, 5),
    "omaha": (4, 5),
    "omaha-5": (5, 5),
    "omaha-6": (6, 5),
}


@dataclass(frozen=True, slots=True)
class RawDeal:
    """One random deal as card strings: the common source of every other form."""

    id: str
    game: str
    board: tuple[str, ...]
    holes: tuple[tuple[str, ...], ...]
    names: tuple[str, ...]
    pot: int


def generate(
    count: int, players: int = 6, seed: int = 1, game: str = "omaha8"
) -> Iterator[RawDeal]:
    """``count`` random deals (a generator: nothing is kept)."""
    hole_cards, board_cards = SHAPES[game]
    needed = players * hole_cards + board_cards
    if needed > 52:
        raise ValueError(f"{players} players of {game} need {needed} cards; a deck has 52")
    rng = random.Random(seed)
    names = tuple(f"P{i}" for i in range(1, players + 1))
    deck = list(DECK)
    shuffle = rng.shuffle
    randrange = rng.randrange
    for n in range(count):
        shuffle(deck)
        holes = tuple(tuple(deck[i * hole_cards : (i + 1) * hole_cards]) for i in range(players))
        board = tuple(deck[players * hole_cards : needed])
        # Any whole number of chips: odd pots exercise the odd-chip rules.
        pot = randrange(2, 2001)
        yield RawDeal(f"d{n + 1}", game, board, holes, names, pot)


def record(d: RawDeal) -> dict[str, Any]:
    """One deal as a record of the ``hilo batch`` JSON schema."""
    return {
        "id": d.id,
        "game": d.game,
        "board": " ".join(d.board),
        "players": [
            {"name": name, "hole": " ".join(hole)}
            for name, hole in zip(d.names, d.holes, strict=True)
        ],
        "pot": d.pot,
    }


def records(
    count: int, players: int = 6, seed: int = 1, game: str = "omaha8"
) -> Iterator[dict[str, Any]]:
    for d in generate(count, players, seed, game):
        yield record(d)


def json_lines(count: int, players: int = 6, seed: int = 1, game: str = "omaha8") -> Iterator[str]:
    """JSON Lines text, one line (with its newline) per deal."""
    dumps = json.dumps
    for d in generate(count, players, seed, game):
        yield dumps(record(d), separators=(", ", ": ")) + "\n"


def write_json_lines(
    out: IO[str], count: int, players: int = 6, seed: int = 1, game: str = "omaha8"
) -> None:
    """Stream ``count`` deals to ``out`` in batches of lines (flat memory)."""
    batch: list[str] = []
    for line in json_lines(count, players, seed, game):
        batch.append(line)
        if len(batch) >= 4096:
            out.write("".join(batch))
            batch.clear()
    out.write("".join(batch))


def hilo_deal(d: RawDeal) -> Any:
    """One deal as a ``hilo_cli.deal.Deal`` (one pot; the button is the last player, seats 1..n)."""
    from hilo_cli.cards import parse_cards
    from hilo_cli.deal import Deal, Player
    from hilo_cli.games import game

    players = tuple(
        Player(name, seat, parse_cards(list(hole)))
        for seat, (name, hole) in enumerate(zip(d.names, d.holes, strict=True), 1)
    )
    return Deal(game(d.game), parse_cards(list(d.board)), players, pot=d.pot, chip_unit=1, id=d.id)


def hilo_deals(count: int, players: int = 6, seed: int = 1, game: str = "omaha8") -> list[Any]:
    return [hilo_deal(d) for d in generate(count, players, seed, game)]


def pokerkit_deal(d: RawDeal) -> tuple[str, tuple[str, ...]]:
    """One deal for pokerkit's ``from_game``: ``(board, (hole, ...))`` as card strings like ``"Ac3d6hKsKd"``."""
    return "".join(d.board), tuple("".join(h) for h in d.holes)


def pokerkit_deals(
    count: int, players: int = 6, seed: int = 1, game: str = "omaha8"
) -> list[tuple[str, tuple[str, ...]]]:
    return [pokerkit_deal(d) for d in generate(count, players, seed, game)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Write seeded random deals as JSON Lines to stdout."
    )
    parser.add_argument("--count", type=int, default=1000, help="number of deals (default 1000)")
    parser.add_argument("--players", type=int, default=6, help="players per deal (default 6)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--game", default="omaha8", choices=sorted(SHAPES), help="game (default omaha8)"
    )
    args = parser.parse_args(argv)
    try:
        write_json_lines(sys.stdout, args.count, args.players, args.seed, args.game)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()


if __name__ == "__main__":
    main()
