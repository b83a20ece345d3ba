"""The preflop ranking of each Omaha game: what a share range (``15%``, ``10%-20%``) reads.

Hands that differ only by a renaming of suits have the same equity before the flop: they are one class
(4-card Omaha has 16,432; 5-card 134,459; 6-card 962,988). Each class's equity against one random hand,
before any board card, was estimated once by ``scripts/make_ranking.py`` (docs/ranges.md says how:
the opponents, the samples, the error) and shipped in ``rankings/<game>.bin``, read only when a share
range asks for it. Courchevel deals its five hole cards and five board cards as Big O does, so the two
share a ranking (the first board card shown early changes nothing before it is dealt).

A file: ``HILORANK``, the number of classes, the samples per class and the bits of an equity (three
little-endian 32-bit numbers), then zlib: the classes (each its smallest member as a 52-bit mask) in
increasing order as the differences from one to the next (64-bit), then each one's equity times
2**bits - 1 (16 bits; 8 for the 6-card games, whose error is far above 1/255). The order of the
ranking (best first, equal equities by class) is worked out when the file is read.
"""

from __future__ import annotations

import struct
import zlib
from functools import cache
from importlib import resources
from itertools import permutations
from math import comb
from typing import NamedTuple

import numpy as np

from hilo_cli.equity.vector import Array
from hilo_cli.errors import InputError
from hilo_cli.games import Game

MAGIC = b"HILORANK"
SHARED = {"courchevel8": "omaha8-5"}
"""Games that read another game's ranking (the same hole cards and the same board to come)."""
_SUIT = sum(1 << (4 * r) for r in range(13))  # every rank's bit of suit 0 (clubs)
PERMUTATIONS = np.array(list(permutations(range(4))), np.int64)


class Ranking(NamedTuple):
    """One game's classes, best first: each class's smallest member, its equity against a random
    hand, its size (hands), and the share of all hands ranked above it."""

    classes: Array
    equity: Array
    sizes: Array
    above: Array
    samples: int


def renamed(masks: Array) -> Array:
    """Every renaming of suits of each hand: (hands, 24) masks."""
    out = np.zeros((len(masks), len(PERMUTATIONS)), np.int64)
    for j, perm in enumerate(PERMUTATIONS.tolist()):
        for suit, to in enumerate(perm):
            out[:, j] |= ((masks >> suit) & _SUIT) << to
    return out


def canonical(masks: Array) -> Array:
    """Each hand's class: the smallest mask over its renamings of suits."""
    return np.asarray(renamed(masks).min(axis=1))


def class_sizes(classes: Array) -> Array:
    """The hands in each class: its distinct renamings."""
    every = np.sort(renamed(classes), axis=1)
    return np.asarray(1 + (every[:, 1:] != every[:, :-1]).sum(axis=1))


def file_name(game: Game) -> str:
    return f"{SHARED.get(game.name, game.name)}.bin"


def write(classes: Array, equity: Array, samples: int, bits: int = 16) -> bytes:
    """A ranking file's bytes (``classes`` and ``equity`` in any order): the classes in increasing
    order as differences (small numbers that compress well), each with its equity in ``bits`` bits."""
    order = np.argsort(classes)
    deltas = np.diff(classes[order], prepend=np.int64(0)).astype("<u8")
    scale = (1 << bits) - 1
    scaled = np.round(np.clip(equity[order], 0, 1) * scale).astype("<u2" if bits == 16 else "u1")
    body = deltas.tobytes() + scaled.tobytes()
    return MAGIC + struct.pack("<III", len(classes), samples, bits) + zlib.compress(body, 9)


def read(data: bytes) -> tuple[Array, Array, int]:
    """The classes (best first, equal equities by class), their equities and the samples per class of
    a ranking file."""
    if data[:8] != MAGIC:
        raise ValueError("not a ranking file")
    n, samples, bits = struct.unpack("<III", data[8:20])
    body = zlib.decompress(data[20:])
    classes = np.cumsum(np.frombuffer(body[: 8 * n], "<u8").astype(np.int64))
    kind = "<u2" if bits == 16 else "u1"
    equity = np.frombuffer(body[8 * n :], kind).astype(np.float64) / ((1 << bits) - 1)
    order = np.lexsort((classes, -equity))
    return classes[order], equity[order], samples


@cache
def load(game: Game) -> Ranking:
    """``game``'s ranking, read once; ``InputError`` for a game without one."""
    if game.hole_used is None:
        raise InputError(f"{game.name} has no preflop ranking: a share range is for Omaha games")
    try:
        data = resources.files("hilo_cli.equity").joinpath("rankings", file_name(game)).read_bytes()
    except FileNotFoundError:
        raise InputError(f"no preflop ranking is installed for {game.name}") from None
    classes, equity, samples = read(data)
    sizes = class_sizes(classes)
    above = (np.cumsum(sizes) - sizes) / comb(52, game.hole_cards)
    return Ranking(classes, equity, sizes, above, samples)


def band(game: Game, low: float, high: float) -> Array:
    """Every hand of the classes ranked from ``low`` to ``high`` percent of all hands (a class is in
    the band where the share of hands ranked above it is from ``low`` up to, not including,
    ``high``), as sorted masks."""
    r = load(game)
    chosen = r.classes[(r.above * 100 >= low) & (r.above * 100 < high)]
    return np.unique(renamed(chosen))
