"""What the tests of the site readers share (written for the archive sites, Full Tilt, Everleaf, Cake, in
issue 18; the live sites' tests use it too): verdicts of a
history text as ``hilo check`` decides them, the shared real files, and the rewriting of a hand with its
seats and cards in another order (cards speak: the verdict must not move)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from conftest import SHARED_DIR, TEST_DATA, verdict

from hilo_cli.checking import check
from hilo_cli.errors import HiloError
from hilo_cli.histories import HandRecord, hands, read, read_text
from hilo_cli.histories.site import SiteHand
from hilo_cli.histories.text import TextReader

DATA = TEST_DATA
SITES = SHARED_DIR / "handhistories" / "sites"


def records(site: str, text: str, source: str = "t.txt") -> list[HandRecord]:
    return list(read(source, text, site))


def verdicts(site: str, text: str) -> list[tuple[str | None, str, str]]:
    """(hand id, status, why) for every hand of ``text`` read by ``site``'s reader."""
    return [(r.id, *verdict(r)[::2]) for r in records(site, text)]


def depth_verdicts(
    site: str, text: str, source: str = "t.txt"
) -> list[tuple[str | None, str, str, str]]:
    """(hand number, status, depth, why) of every hand, as ``hilo check`` decides them."""
    return [(r.id, *verdict(r)) for r in records(site, text, source)]


def site_hand(site: str, name: str, read_hand: Callable[[str, int, list[str]], object]) -> SiteHand:
    """The ``SiteHand`` the site's ``read_hand`` makes of its own file ``name``."""
    hand = read_hand(name, 1, own(site, name).splitlines())
    assert isinstance(hand, SiteHand), hand
    return hand


def text_hand(
    site: type[TextReader], source: str, line: int, raw: list[str]
) -> SiteHand | HandRecord:
    """The ``SiteHand`` a text site's reader (``site``, a ``TextReader``) made of one hand's ``raw``
    lines (the first is file line ``line``), as its plug-in reads them; the error record where it could
    not read them."""
    readers: list[TextReader] = []

    class Kept(site):  # type: ignore[valid-type,misc]
        def read(self) -> HandRecord:
            readers.append(self)
            return super().read()

    record = Kept.read_hand(source, line, raw)
    return record if record.error is not None or not readers else readers[0].hand


def own(site: str, name: str) -> str:
    return (DATA / site / name).read_text(encoding="utf-8")


def shared_files(site: str) -> list[Path]:
    folder = SITES / site
    return sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []


def shared_verdicts(path: Path) -> list[tuple[str | None, str, str]]:
    """Every hand of a real file, read as ``hilo check FILE`` reads it (detected, decoded by the base)."""
    out: list[tuple[str | None, str, str]] = []
    with path.open("rb") as stream:
        for piece in hands(str(path), stream):
            record = piece if isinstance(piece, HandRecord) else read_text(piece)
            try:
                _, verdict = check(record)
            except HiloError as e:
                out.append((record.id, "error", e.message))
                continue
            out.append((record.id, verdict.status, verdict.why))
    return out


def counts(found: list[tuple[str | None, str, str]]) -> dict[str, int]:
    return dict(Counter(status for _, status, _ in found))


def shuffled(
    text: str,
    rng: random.Random,
    cards: re.Pattern[str],
    seat: re.Pattern[str],
    consistent: bool = False,
) -> str:
    """The same hands with the cards inside every bracket ``cards`` finds (group 2: the cards, split at
    commas and spaces) and each run of seat lines (``seat``) in another order; ``consistent``: the same
    cards written again in the same new order (as a site writes one hand's cards the same way each time)."""
    orders: dict[str, str] = {}

    def reorder(m: re.Match[str]) -> str:
        if consistent and m.group(2) in orders:
            return m.group(1) + orders[m.group(2)] + "]"
        written = rewrite(m.group(2))
        orders[m.group(2)] = written
        return m.group(1) + written + "]"

    def rewrite(inside: str) -> str:
        comma = "," in inside
        found = [c for c in re.split(r"[,\s]+", inside) if c]
        rng.shuffle(found)
        joined = (", " if ", " in inside else ",").join(found) if comma else " ".join(found)
        return f" {joined} " if inside.startswith(" ") else joined

    text = cards.sub(reorder, text)
    out: list[str] = []
    seats: list[str] = []
    for line in text.split("\n"):
        if seat.match(line):
            seats.append(line)
            continue
        if seats:
            rng.shuffle(seats)
            out += seats
            seats = []
        out.append(line)
    return "\n".join(out + seats)
