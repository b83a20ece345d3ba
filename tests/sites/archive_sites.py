"""What the tests of the site readers share (written for the archive sites, Full Tilt, Everleaf, Cake, in
issue 18; the live sites' tests use it too): verdicts of a history text or a file as ``hilo check``
decides them, a text site's own files and reader (``TextSite``), the shared real files (a test of them
skips where ../shared is absent), and the rewriting of a hand with its seats and cards in another order
(cards speak: the verdict must not move)."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import SHARED_DIR, TEST_DATA, verdict

from hilo_cli.histories import HandRecord, HandText, hands, read, read_text
from hilo_cli.histories.site import SiteHand
from hilo_cli.histories.text import TextReader

DATA = TEST_DATA
SITES = SHARED_DIR / "handhistories" / "sites"


def records(site: str, text: str, source: str = "t.txt") -> list[HandRecord]:
    return list(read(source, text, site))


def verdicts(site: str, text: str) -> list[tuple[str | None, str, str]]:
    """(hand id, status, why) for every hand of ``text`` read by ``site``'s reader."""
    return [(r.id, *verdict(r)[::2]) for r in records(site, text)]


def statuses(site: str, text: str) -> list[tuple[str | None, str]]:
    """(hand id, status) for every hand of ``text`` read by ``site``'s reader."""
    return [(r.id, verdict(r)[0]) for r in records(site, text)]


def depth_verdicts(
    site: str, text: str, source: str = "t.txt"
) -> list[tuple[str | None, str, str, str]]:
    """(hand number, status, depth, why) of every hand, as ``hilo check`` decides them."""
    return [(r.id, *verdict(r)) for r in records(site, text, source)]


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


@dataclass(frozen=True)
class TextSite:
    """A text site as its tests read it: ``name``, its folder of own files (tests/data/NAME/) and of real
    ones (../shared), and ``reader``, its ``TextReader``."""

    name: str
    reader: type[TextReader]

    @property
    def folder(self) -> Path:
        return DATA / self.name

    def path(self, file: str) -> Path:
        return self.folder / file

    def text(self, file: str) -> str:
        return self.path(file).read_text(encoding="utf-8")

    def data(self, file: str) -> bytes:
        return self.path(file).read_bytes()

    def verdicts(self, text: str, source: str = "t.txt") -> list[tuple[str | None, str, str, str]]:
        """(hand id, status, depth, why) of every hand of ``text`` read by this site's reader."""
        return depth_verdicts(self.name, text, source)

    def read_hand(self, source: str, line: int, raw: list[str]) -> SiteHand | HandRecord:
        return text_hand(self.reader, source, line, raw)

    def hand(self, file: str) -> SiteHand:
        """The ``SiteHand`` the reader makes of the own file ``file`` (one hand)."""
        hand = self.read_hand(file, 1, self.text(file).splitlines())
        assert isinstance(hand, SiteHand), hand
        return hand


def own(site: str, name: str) -> str:
    return (DATA / site / name).read_text(encoding="utf-8")


def file_records(data: bytes, source: str = "t.txt") -> list[HandRecord]:
    """Every record of a file's bytes, read as ``hilo check FILE`` reads it (detected, decoded by the base)."""
    return [
        read_text(piece) if isinstance(piece, HandText) else piece
        for piece in hands(source, io.BytesIO(data))
    ]


def file_verdicts(data: bytes, source: str = "t.txt") -> list[tuple[str | None, int, str, str]]:
    """(hand id, line, status, why) of every hand of a file's bytes, as ``hilo check FILE`` decides them."""
    return [(r.id, r.line, *verdict(r)[::2]) for r in file_records(data, source)]


def shared_files(site: str) -> list[Path]:
    folder = SITES / site
    return sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []


def shared_files_or_skip(site: str) -> list[Path]:
    """``site``'s real files; the test that asks for them is skipped where there are none (../shared is
    absent in a user's clone)."""
    files = shared_files(site)
    if not files:
        pytest.skip(f"../shared/handhistories/sites/{site} is absent (a user's clone)")
    return files


def shared_verdicts(path: Path) -> list[tuple[str | None, str, str]]:
    """(hand id, status, why) of every hand of a real file, as ``hilo check FILE`` decides them."""
    return [(id, status, why) for id, _, status, why in file_verdicts(path.read_bytes(), str(path))]


def counts(found: list[tuple[str | None, str, str]]) -> dict[str, int]:
    return dict(Counter(status for _, status, _ in found))


def shared_counts(site: str) -> dict[str, dict[str, int]]:
    """Each real file of ``site`` by name, with the statuses of its hands counted (skipped where there are
    none)."""
    return {path.name: counts(shared_verdicts(path)) for path in shared_files_or_skip(site)}


def shuffled(
    text: str,
    rng: random.Random,
    cards: re.Pattern[str] | None,
    seat: re.Pattern[str],
    consistent: bool = False,
) -> str:
    """The same hands with the cards inside every bracket ``cards`` finds (group 1: up to the bracket,
    group 2: the cards, split at commas and spaces, then ``]``; ``None``: no cards moved) and each run of
    seat lines (``seat``) in another order; ``consistent``: the same cards written again in the same new
    order (as a site writes one hand's cards the same way each time). The spaces inside a bracket stay as
    the site wrote them."""
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
        if not found:
            return inside
        rng.shuffle(found)
        joined = (", " if ", " in inside else ",").join(found) if comma else " ".join(found)
        before, after = len(inside) - len(inside.lstrip()), len(inside.rstrip())
        return inside[:before] + joined + inside[after:]

    if cards is not None:
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
