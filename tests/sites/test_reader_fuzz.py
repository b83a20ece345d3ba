"""Every reader fed mutated copies of its own test files: ``hilo check --format json`` never ends in a
traceback, gives one record per hand in file order, and the same bytes with ``--jobs 1`` and ``--jobs 2``
(issue 16). A black box over the command, so it holds whatever the readers look like inside.

**The mutants.** Sets: ``pokerstars`` (tests/data/pokerstars/*.txt and all of them concatenated),
``phh`` (tests/data/phh/*.phh, *.phhs, and a collection made of the .phh files), each other site's
(tests/data/<site>/*.txt, concatenated too: ``winamax``, ``winning``, ``bovada``, ``partypoker``,
``pacific888``, the closed sites' ``fulltilt``, ``everleaf``, ``cake``, ``ongame``, ``pkr``, ``entraction``,
``kingsclub``, ``absolute``; ``ipoker``: the cp1252 sessions' text, written as UTF-8; the closed sites' XML
``merge``, ``boss``, ``microgaming``: tests/data/<site>/*.xml; ``igt``: IGT's JSON documents), and the same
for the real histories of ../shared/handhistories
(``pokerstars-shared``, ``phh-shared``, ``winamax-shared``, ..., ``ipoker-shared``; skipped when absent).
Mutant ``n`` of a set is made by ``random.Random(f"{set}:{n}")`` alone, so it is the same mutant on every
machine and whatever the count: its kind is ``KINDS[n % len(KINDS)]`` (lines deleted, duplicated,
swapped, a line cut mid-way, the file cut short, hostile characters, numbers made huge, a 20,000-character
line, brackets or TOML nested 500 deep, two files concatenated, invalid UTF-8, NUL bytes, line ends
changed, a byte-order mark or UTF-16, several of these stacked, another site's test file glued after
the file, and one digit of an amount written as another script's digit of another value).
``HILO_FUZZ_MUTANTS`` sets how many of each set (default 100); a failure names the set, the seed,
the mutation and its base file; rerun one with ``pytest tests/sites/test_reader_fuzz.py -k
'pokerstars-17-'``, and ``HILO_FUZZ_KEEP=DIR`` writes every mutant there to look at. The quick loop
checks each mutant of the project's own files with ``--jobs 1``, one test a mutant; the ``slow``
tests, one per set and kind, check every set's mutants with ``--jobs 1`` and ``--jobs 2`` (forking
the workers is most of the time), the real histories' among them.

**Counting the hands, independently of the readers.** The test reads the mutant's bytes itself: UTF-16
with its byte-order mark, else UTF-8 (a leading byte-order mark dropped). Bytes that are not UTF-8, or a
NUL that does not start a line (NULs starting one are dropped, as byte-order marks are: PartyPoker writes
them), make a file that is not text: one file-level error record is then an answer as good as reading its
hands (a reader may also read it as cp1252, or report the bad bytes in their hand). Lines end at LF, CRLF
or CR alone, numbered from 1. A line is blank when ``str.strip`` leaves nothing.

* Every site but PHH: a hand starts at a line its reader says starts one (``Reader.starts_hand``, from
  the registry: ``histories.reader(name)``, so the test and the reader cannot hold two lists of where a
  hand starts) and runs to the next. Text before the first hand that is neither blank nor the site's own
  (``Reader.blank``: PartyPoker's ``Game #N starts.``, 888's ``#Game No : N``, an XML file's declaration
  and closing tags) is one more "hand" (a bad one: it must be reported, not dropped). A file whose head
  the registry no longer takes for the site's (``Plugin.first``: a mutant cut its only header) is one
  file-level record.
* IGT: each document (from a line that starts with ``{`` to the next) is as many hands as its
  ``"history"`` list holds when it is JSON, each spanning the document's lines; else the hands of its
  history read whole before the first fault (or byte that is not UTF-8), and one more: the error.
* PHH: a hand starts at each ``[table]`` header line (single brackets, nothing after but a comment) and
  runs to the next; the lines before the first header that are not blank and not ``#`` comments are one
  hand (a ``.phh`` hand, or what a ``.phh`` put in front of a collection by ``cat``).
* A file with no hand at all (empty, or not a history) is one record: the file-level error.

**What is asserted**, for ``--jobs 1`` and ``--jobs 2`` alike: exit status 0, 1 or 2, and the one that
the records give (2 if any is an error, else 1 if any is a MISMATCH, else 0); no traceback and no
exception name on stderr, one stderr line per error record, none longer than 2,000 characters (an
error quotes at most a couple of hundred characters of a line) and none with a character that is not
printable (a control character, escape sequence or bidi override from the file must come out escaped,
as ``formats.safe.shown`` writes it; a forged line cannot start there); every stdout line a JSON object of this
file; as many records as hands, record ``i`` at a line inside hand ``i`` (so in file order), a record
without a line only as the one record of a file without hands; ``--jobs 2`` byte for byte ``--jobs 1``.
A mutant that only changes the line ends or the encoding must give what the plain UTF-8, LF file gives.
Of a glued file (issue 29), the hand that holds the other site's first line must be an error record; of
a changed digit, the hand that holds it an error record, or the record the base file gives that hand
(a line from which no amount is read): never read with the other digit's value.
"""

from __future__ import annotations

import codecs
import json
import os
import random
import re
import subprocess
import sys
import traceback
import unicodedata
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import NamedTuple

import pytest
from click.testing import CliRunner
from conftest import ROOT, SHARED_DIR

from hilo_cli import histories
from hilo_cli.cli import main

DATA = ROOT / "tests" / "data"
SHARED = SHARED_DIR / "handhistories"
HILO = str(Path(sys.executable).parent / "hilo")
COUNT = int(os.environ.get("HILO_FUZZ_MUTANTS", "100"))
KEEP = os.environ.get("HILO_FUZZ_KEEP")

# Characters that have forged lines, moved cursors or broken line counting somewhere: control characters,
# ANSI escapes, bidi overrides, zero-width and byte-order marks, and what str.splitlines (not a file) calls
# a line end (VT, FF, FS, NEL, LINE SEPARATOR).
HOSTILE = (
    "\x07",
    "\x08",
    "\x1b[31m",
    "\x1b[2J\x1b[H",
    "\x1b]0;title\x07",
    "\x7f",
    "\u202e",
    "\u2066",
    "\u200b",
    "\ufeff",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x85",
    "\u2028",
    "\t",
    "\ufffd",
    "\U0001f0a1",
    "\n",
)
BAD_UTF8 = (
    b"\xff",
    b"\xfe",
    b"\xc3",
    b"\x80",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xc0\xaf",
    b"\xe2\x82",
)
# What a number is replaced by ("{0}": the number itself): a number Python will not convert, one beyond 64
# bits, words that float() reads, a negative, 400 leading zeros, the number repeated to 40 times its length.
HUGE = ("9" * 5000, str(10**20), "Infinity", "-{0}", "NaN", "1e400", "0" * 400 + "7", "{0}" * 40)
_NUMBER = re.compile(r"\d+")
# The XML sites (issue 18): a set of mutants each (``_xml_bases``).
_XML = ("merge", "boss", "microgaming")
_PHH_HEADER = re.compile(r"[ \t]*\[[^\[\]]+\][ \t]*(?:#.*)?")


_PLUGINS = {plugin.name: plugin for plugin in histories.PLUGINS}


def _head(text: str) -> str:
    """The file's head as the registry sees it (``reading.open_lines``): its first 64 KiB, line ends
    ``\\n``, byte-order marks at the starts of lines dropped."""
    head = text[: 1 << 16].replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.lstrip("\ufeff\x00") for line in head.split("\n"))


class Base(NamedTuple):
    name: str
    text: str


class Mutant(NamedTuple):
    """A mutated file: its bytes, what was done (to say in a failure), and for a mutant that changes only
    the line ends or the encoding, the plain text that must check the same."""

    data: bytes
    what: str
    plain: str | None = None
    mark: int | None = None  # the line a glued file or a changed amount starts at (``MARKED``)


class Hands(NamedTuple):
    """The hands the test counts in a mutant: each hand's first line and the line after its last;
    ``text`` False when the file is not text (a file-level error then also answers)."""

    spans: list[tuple[int, int]]
    text: bool
    headers: int


# --- the base files of each set ------------------------------------------------------------------------


def _files(folder: Path, *patterns: str) -> list[Base]:
    found = sorted({p for pattern in patterns for p in folder.glob(pattern)})
    return [Base(p.name, p.read_text(encoding="utf-8-sig")) for p in found]


def _stars_bases(folder: Path) -> list[Base]:
    files = _files(folder, "*.txt")
    if len(files) > 1:
        files.append(Base("all-concatenated.txt", "\n\n".join(b.text for b in files)))
    return files


def _phh_bases(folder: Path) -> list[Base]:
    files = _files(folder, "*.phh", "*.phhs")
    hands = [b for b in files if b.name.endswith(".phh")]
    if len(hands) > 1:  # a collection of the .phh hands, each a [table]
        text = "".join(f"# {b.name}\n[{b.name.removesuffix('.phh')}]\n{b.text}\n" for b in hands)
        files.append(Base("collection-of-phh.phhs", text))
    return files


def _ipoker_bases(folder: Path) -> list[Base]:
    """iPoker sessions are cp1252 bytes: their text, mutated and written as UTF-8 like every set's."""
    found = sorted(p for pattern in ("*.xml", "*.txt") for p in folder.glob(pattern))
    files = [Base(p.name, p.read_bytes().decode("cp1252").replace("\r\n", "\n")) for p in found]
    if len(files) > 1:
        files.append(Base("all-concatenated.xml", "".join(b.text for b in files)))
    return files


def _xml_bases(folder: Path) -> list[Base]:
    """An XML archive's files (UTF-8, a byte-order mark dropped), and all of them concatenated."""
    found = sorted(p for pattern in ("*.xml", "*.txt") for p in folder.glob(pattern))
    files = [Base(p.name, p.read_text(encoding="utf-8-sig").replace("\r\n", "\n")) for p in found]
    if len(files) > 1:
        files.append(Base("all-concatenated.xml", "\n".join(b.text for b in files)))
    return files


def _site_bases(folder: Path) -> list[Base]:
    """A site's files (UTF-16 ones decoded, a stray last byte left out), and all of them concatenated."""
    found = sorted(folder.glob("*.txt"))
    files = []
    for p in found:
        raw = p.read_bytes()
        utf16 = raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
        text = raw.decode("utf-16", "ignore") if utf16 else raw.decode("utf-8-sig")
        files.append(
            Base(p.name, text.replace("\r\n", "\n"))
        )  # LF, as the mutations of line ends expect
    if len(files) > 1:
        files.append(Base("all-concatenated.txt", "\n\n".join(b.text for b in files)))
    return files


ARCHIVES = (
    "fulltilt",
    "everleaf",
    "cake",
    "ongame",
    "pkr",
    "entraction",
    "kingsclub",
    "absolute",
)  # issue 18
SETS: dict[str, tuple[str, Callable[[], list[Base]]]] = {
    "pokerstars": ("pokerstars", lambda: _stars_bases(DATA / "pokerstars")),
    "phh": ("phh", lambda: _phh_bases(DATA / "phh")),
    "winamax": ("winamax", lambda: _site_bases(DATA / "winamax")),
    "winning": ("winning", lambda: _site_bases(DATA / "winning")),
    "pokerstars-shared": ("pokerstars", lambda: _stars_bases(SHARED / "pokerstars")),
    "phh-shared": ("phh", lambda: _phh_bases(SHARED / "phh")),
    **{site: (site, partial(_stars_bases, DATA / site)) for site in ARCHIVES},
    **{
        f"{site}-shared": (site, partial(_site_bases, SHARED / "sites" / site)) for site in ARCHIVES
    },
    "winamax-shared": ("winamax", lambda: _site_bases(SHARED / "sites" / "winamax")),
    "winning-shared": ("winning", lambda: _site_bases(SHARED / "sites" / "winning")),
    "pacific888": ("pacific888", lambda: _stars_bases(DATA / "pacific888")),
    "pacific888-shared": ("pacific888", lambda: _stars_bases(SHARED / "sites" / "pacific888")),
    "ipoker": ("ipoker", lambda: _ipoker_bases(DATA / "ipoker")),
    "ipoker-shared": ("ipoker", lambda: _ipoker_bases(SHARED / "sites" / "ipoker")),
    "bovada": ("bovada", lambda: _stars_bases(DATA / "bovada")),
    "partypoker": ("partypoker", lambda: _stars_bases(DATA / "partypoker")),
    "bovada-shared": ("bovada", lambda: _stars_bases(SHARED / "sites" / "bovada")),
    "partypoker-shared": ("partypoker", lambda: _stars_bases(SHARED / "sites" / "partypoker")),
    # issue 28: the newer formats (Bovada 2022; PokerMaster's PokerStars text with its "# {json}" line)
    "bovada-newer-shared": ("bovada", lambda: _stars_bases(SHARED / "newer" / "bovada")),
    "pokermaster-newer-shared": (
        "pokerstars",
        lambda: _stars_bases(SHARED / "newer" / "pokermaster"),
    ),
    "partypoker-newer": ("partypoker", lambda: _stars_bases(SHARED / "newer" / "partypoker")),
    # issue 28: IGT's JSON, one document of many hands (``_igt_spans`` counts them)
    "igt": ("igt", lambda: _stars_bases(DATA / "igt")),
    "igt-newer-shared": ("igt", lambda: _stars_bases(SHARED / "newer" / "igt")),
    **{site: (site, partial(_xml_bases, DATA / site)) for site in _XML},
    **{f"{site}-shared": (site, partial(_xml_bases, SHARED / "sites" / site)) for site in _XML},
}


# --- mutations: each (rng, base, every base of the set, reader) -> (text, what) ---------------------------


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _delete_lines(rng: random.Random, base: Base, _all: list[Base], _r: str) -> tuple[str, str]:
    lines = _lines(base.text)
    at, k = rng.randrange(len(lines)), rng.randint(1, 3)
    return "\n".join(lines[:at] + lines[at + k :]), f"delete lines {at + 1}-{at + k}"


def _duplicate_lines(rng: random.Random, base: Base, _all: list[Base], _r: str) -> tuple[str, str]:
    lines = _lines(base.text)
    at, k = rng.randrange(len(lines)), rng.randint(1, 3)
    return "\n".join(
        lines[: at + k] + lines[at : at + k] + lines[at + k :]
    ), f"duplicate lines {at + 1}-{at + k}"


def _swap_lines(rng: random.Random, base: Base, _all: list[Base], _r: str) -> tuple[str, str]:
    lines = _lines(base.text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines), f"swap lines {i + 1} and {j + 1}"


def _cut_line(rng: random.Random, base: Base, _all: list[Base], _r: str) -> tuple[str, str]:
    lines = _lines(base.text)
    at = rng.choice([i for i, line in enumerate(lines) if len(line) > 1] or [0])
    keep = rng.randrange(max(len(lines[at]), 1))
    lines[at] = lines[at][:keep]
    return "\n".join(lines), f"cut line {at + 1} after {keep} characters"


def _cut_file(rng: random.Random, base: Base, _all: list[Base], _r: str) -> tuple[str, str]:
    at = rng.randrange(len(base.text) + 1)
    return base.text[:at], f"cut the file after {at} of {len(base.text)} characters"


def _hostile(rng: random.Random, base: Base, _all: list[Base], _r: str) -> tuple[str, str]:
    text, done = base.text, []
    for _ in range(rng.randint(1, 4)):
        at, what = rng.randrange(len(text) + 1), rng.choice(HOSTILE)
        text = text[:at] + what + text[at:]
        done.append(f"{what!r} at {at}")
    return text, "insert " + ", ".join(done)


def _huge_number(rng: random.Random, base: Base, _all: list[Base], _r: str) -> tuple[str, str]:
    text, done = base.text, []
    for _ in range(rng.randint(1, 3)):
        numbers = list(_NUMBER.finditer(text))
        if not numbers:
            break
        found = rng.choice(numbers)
        new = rng.choice(HUGE).format(found.group())
        text = text[: found.start()] + new + text[found.end() :]
        done.append(
            f"{found.group()!r} at {found.start()} -> {new[:12]!r}{'...' if len(new) > 12 else ''}"
            f" ({len(new)} characters)"
        )
    return text, "replace numbers: " + ("; ".join(done) or "none found")


def _long_line(rng: random.Random, base: Base, _all: list[Base], _r: str) -> tuple[str, str]:
    lines = _lines(base.text)
    at = rng.randrange(len(lines))
    if rng.random() < 0.5:
        lines.insert(at, "x" * 20_000)
        return "\n".join(lines), f"insert a line of 20,000 x before line {at + 1}"
    lines[at] = lines[at][: len(lines[at]) // 2] + "Y" * 20_000 + lines[at][len(lines[at]) // 2 :]
    return "\n".join(lines), f"put 20,000 Y in the middle of line {at + 1}"


def _deep(rng: random.Random, base: Base, _all: list[Base], reader: str) -> tuple[str, str]:
    lines = _lines(base.text)
    at = rng.randrange(len(lines) + 1)
    if reader == "phh":
        if rng.random() < 0.5:
            line, what = "deep = " + "[" * 500 + "0" + "]" * 500, "a TOML array nested 500 deep"
        else:
            line, what = (
                "deep = " + "{ a = " * 500 + "0" + " }" * 500,
                "a TOML inline table nested 500 deep",
            )
        lines.insert(at, line)
        return "\n".join(lines), f"insert {what} before line {at + 1}"
    at = min(at, len(lines) - 1)
    lines[at] += " [" * 500 + "]" * 500
    return "\n".join(lines), f"append brackets nested 500 deep to line {at + 1}"


def _concatenate(rng: random.Random, base: Base, every: list[Base], reader: str) -> tuple[str, str]:
    first, second = base, rng.choice(every)
    if reader == "phh":  # what `cat one.phh many.phhs` makes
        if not first.name.endswith(".phh"):
            first = rng.choice([b for b in every if b.name.endswith(".phh")] or every)
        second = rng.choice([b for b in every if b.name.endswith(".phhs")] or every)
    gap = rng.choice(["", "\n", "\n\n"])
    return (
        first.text + gap + second.text,
        f"concatenate {first.name} and {second.name} with {gap!r} between",
    )


def _other_sites(reader: str) -> list[tuple[str, Base]]:
    """Every other reader's own test files (text and XML, PHH too), by site."""
    found = []
    for plugin in histories.PLUGINS:
        if plugin.name != reader:
            for p in sorted((DATA / plugin.name).iterdir()):
                if p.suffix in (".txt", ".xml", ".phh", ".phhs"):
                    raw = p.read_bytes()
                    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
                        text = raw.decode("utf-16", "ignore")
                    else:
                        try:
                            text = raw.decode("utf-8-sig")
                        except UnicodeDecodeError:
                            text = raw.decode("cp1252", "replace")
                    found.append((plugin.name, Base(p.name, text.replace("\r\n", "\n"))))
    return found


def _glue_sites(
    rng: random.Random, base: Base, _all: list[Base], reader: str
) -> tuple[str, str, int | None]:
    """The file, then another site's file after it (``cat`` of two sites' exports): the hand that holds
    the other file's first line must be an error (``MARKED``)."""
    site, other = rng.choice(_other_sites(reader))
    gap = rng.choice(["", "\n", "\n\n"])
    text = base.text + gap + other.text
    lines = _lines(text)
    start = base.text.count("\n") + gap.count("\n") + 1
    first = next((n for n in range(start, len(lines) + 1) if lines[n - 1].strip()), None)
    return text, f"glue {site}/{other.name} after it with {gap!r} between", first


# Digits that ``\d`` and ``int`` take and no site writes: Arabic-Indic, extended Arabic-Indic,
# Devanagari, Bengali, fullwidth, mathematical bold.
UNICODE_ZEROS = ("\u0660", "\u06f0", "\u0966", "\u09e6", "\uff10", "\U0001d7ce")
_CENTS = re.compile(r"(?<![\w#/:.-])[$€£]?[0-9]+(?:,[0-9]{3})*\.[0-9]{2}(?![\w/:.-])")


def _unicode_digits(
    rng: random.Random, base: Base, _all: list[Base], _r: str
) -> tuple[str, str, int | None]:
    """One digit of an amount (a number with cents) written as another script's digit of another value:
    the hand that holds it must be an error, or read as if unchanged (a line no reader reads an amount
    from), never read with the other digit's value (``MARKED``)."""
    found = list(_CENTS.finditer(base.text))
    if not found:
        return base.text, "no amount with cents to change", None
    amount = rng.choice(found)
    at = rng.choice([i for i in range(amount.start(), amount.end()) if base.text[i].isdigit()])
    zero = rng.choice(UNICODE_ZEROS)
    new = chr(ord(zero) + (int(base.text[at]) + rng.randint(1, 9)) % 10)
    line = base.text.count("\n", 0, at) + 1
    return (
        base.text[:at] + new + base.text[at + 1 :],
        f"digit {base.text[at]!r} of {amount.group()!r} on line {line} -> {new!r} (U+{ord(new):04X})",
        line,
    )


def _as_is(_rng: random.Random, base: Base, _all: list[Base], _r: str) -> tuple[str, str]:
    return base.text, "the file as it is"


def _stacked(rng: random.Random, base: Base, every: list[Base], reader: str) -> tuple[str, str]:
    text, done = base.text, []
    for _ in range(rng.randint(2, 3)):
        mutate = rng.choice(TEXT_KINDS)
        text, what = mutate(rng, Base(base.name, text), every, reader)
        done.append(what)
    return text, "; then ".join(done)


TEXT_KINDS = [
    _delete_lines,
    _duplicate_lines,
    _swap_lines,
    _cut_line,
    _cut_file,
    _hostile,
    _huge_number,
    _long_line,
    _deep,
]


# --- mutations of the bytes: (rng, text) -> Mutant --------------------------------------------------------


def _bad_utf8(rng: random.Random, text: str, what: str) -> Mutant:
    data, done = bytearray(text.encode()), []
    for _ in range(rng.randint(1, 3)):
        at, bad = rng.randrange(len(data) + 1), rng.choice(BAD_UTF8)
        data[at:at] = bad
        done.append(f"{bad!r} at byte {at}")
    return Mutant(bytes(data), f"{what}; then insert {', '.join(done)}")


def _nul(rng: random.Random, text: str, what: str) -> Mutant:
    data, done = bytearray(text.encode()), []
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data) + 1)
        data[at:at] = b"\x00"
        done.append(str(at))
    return Mutant(bytes(data), f"{what}; then insert NUL at byte {', '.join(done)}")


def _line_ends(rng: random.Random, text: str, what: str) -> Mutant:
    how = rng.choice(["CRLF", "CR", "mixed"])
    if how == "mixed":
        parts, end, pieces = text.split("\n"), "", []
        for part in parts[:-1]:
            # CR then LF would read as one CRLF: an empty line after a CR ends in CR or CRLF.
            end = rng.choice(["\r\n", "\r"] if end == "\r" and not part else ["\n", "\r\n", "\r"])
            pieces.append(part + end)
        new = "".join(pieces) + parts[-1]
    else:
        new = text.replace("\n", "\r\n" if how == "CRLF" else "\r")
    return Mutant(new.encode(), f"{what}; then line ends {how}", plain=text)


def _encoding(rng: random.Random, text: str, what: str) -> Mutant:
    how = rng.choice(["UTF-8 BOM", "UTF-16-LE BOM", "UTF-16-BE BOM"])
    data = {
        "UTF-8 BOM": codecs.BOM_UTF8 + text.encode(),
        "UTF-16-LE BOM": codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
        "UTF-16-BE BOM": codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
    }[how]
    return Mutant(data, f"{what}; then encoded {how}", plain=text)


def _unchanged(_rng: random.Random, text: str, what: str) -> Mutant:
    return Mutant(text.encode(), what)


# Each kind: a change to the text, then a change to the bytes.
KINDS: list[
    tuple[str, Callable[..., tuple[str, str]], Callable[[random.Random, str, str], Mutant]]
] = [
    ("delete", _delete_lines, _unchanged),
    ("duplicate", _duplicate_lines, _unchanged),
    ("swap", _swap_lines, _unchanged),
    ("cut-line", _cut_line, _unchanged),
    ("cut-file", _cut_file, _unchanged),
    ("hostile", _hostile, _unchanged),
    ("huge-number", _huge_number, _unchanged),
    ("long-line", _long_line, _unchanged),
    ("deep", _deep, _unchanged),
    ("concatenate", _concatenate, _unchanged),
    ("bad-utf8", _hostile, _bad_utf8),
    ("nul", _swap_lines, _nul),
    ("line-ends", _as_is, _line_ends),
    ("encoding", _as_is, _encoding),
    ("stacked", _stacked, _unchanged),
    ("stacked-line-ends", _stacked, _line_ends),
    ("stacked-encoding", _stacked, _encoding),
    ("glue-sites", _glue_sites, _unchanged),
    ("unicode-digits", _unicode_digits, _unchanged),
]
MARKED = {"glue-sites", "unicode-digits"}
"""The kinds whose mutant marks a line (``Mutant.mark``), and what is asserted of the hand holding it
(``_marked_problems``)."""


def mutant(set_name: str, seed: int, bases: list[Base]) -> tuple[str, Base, Mutant]:
    """Mutant ``seed`` of a set: its kind, its base file and the mutant, from the set name and seed alone."""
    rng = random.Random(f"{set_name}:{seed}")
    kind, change_text, change_bytes = KINDS[seed % len(KINDS)]
    base = rng.choice(bases)
    text, what, *mark = change_text(rng, base, bases, SETS[set_name][0])
    return kind, base, change_bytes(rng, text, what)._replace(mark=mark[0] if mark else None)


# --- the test's own count of the hands ---------------------------------------------------------------------


_LINE_NULS = re.compile(r"(?:^|(?<=[\r\n]))\ufeff*\x00+")


def decode(data: bytes) -> tuple[str, bool]:
    """The text of a file as the test reads it, and whether it is text at all (see the module docstring)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16"), True
    text = data.decode("utf-8", errors="replace").removeprefix("\ufeff")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return text, False
    # NULs starting a line (after byte-order marks) are no text, as ``reading.open_lines`` drops them.
    return text, "\x00" not in _LINE_NULS.sub("", text)


def count_hands(data: bytes, reader: str) -> Hands:
    """Where each hand of a mutant is, by the rules of the module docstring."""
    text, is_text = decode(data)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    # Byte-order marks starting a line are dropped, as by ``reading.cut`` (files joined with cat).
    lines = [line.lstrip("\ufeff\x00") for line in lines]
    if reader == "phh":
        starts = [n for n, line in enumerate(lines, 1) if _PHH_HEADER.fullmatch(line)]
        before = lines[: starts[0] - 1] if starts else lines
        front = any(line.strip() and not line.strip().startswith("#") for line in before)
    elif _PLUGINS[reader].first(_head(text)) is None:
        starts, front = [], False  # not the site's file at all: one record, the file's error
    else:
        site = histories.reader(reader)
        own = site.blank or (lambda line: False)
        starts = [n for n, line in enumerate(lines, 1) if site.starts_hand(line)]
        before = lines[: starts[0] - 1] if starts else lines
        front = any(line.strip() and not own(line) for line in before)
    headers = len(starts)
    if front or not starts:
        starts.insert(0, 1)
    ends = [*starts[1:], len(lines) + 1]
    spans = list(zip(starts, ends, strict=True))
    if reader == "igt" and headers:
        bad = _bad_bytes(data)
        spans = [
            span
            for span in spans
            for _ in range(_igt_hands(lines[span[0] - 1 : span[1] - 1], span[0], bad))
        ]
    return Hands(spans, is_text, headers)


_IGT_HEAD = re.compile(r'[ \t\n\ufeff]*\{[ \t\n]*"history"[ \t\n]*:[ \t\n]*\[')
_IGT_DECODER = json.JSONDecoder(strict=False)  # control characters inside text too


def _bad_bytes(data: bytes) -> list[tuple[int, int]]:
    """Where each byte (or run of bytes) that is not UTF-8 is: its line and the characters before it on
    the line as ``decode`` reads it (the byte-order marks that start a line left out); none in UTF-16."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return []
    found, pos = [], 0
    while True:
        try:
            data[pos:].decode("utf-8")
        except UnicodeDecodeError as e:
            before = data[: pos + e.start].decode("utf-8", errors="replace")
            lines = before.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            found.append((len(lines), len(lines[-1].lstrip("\ufeff"))))
            pos += e.end
        else:
            return found


def _igt_hands(lines: list[str], first: int, bad_bytes: list[tuple[int, int]]) -> int:
    """The hands of one IGT document (its lines, from file line ``first``): each of its history's, when
    it is JSON; else each read whole before the first place it is not (or before its first byte that
    is not UTF-8, of ``bad_bytes``), and one more for the error; one (the error) for what is no history."""
    text = "\n".join(lines)
    inside = [(n, at) for n, at in bad_bytes if first <= n < first + len(lines)]
    bad = -1
    if inside:
        n, at = inside[0]
        bad = sum(len(line) + 1 for line in lines[: n - first]) + at
    if bad < 0:
        try:
            document = json.loads(text, strict=False)
        except (ValueError, RecursionError):
            pass
        else:
            history = document.get("history") if type(document) is dict else None
            return len(history) if type(history) is list and history else 1
    head = _IGT_HEAD.match(text)
    if head is None:
        return 1
    pos, read = head.end(), 0
    while True:
        pos = len(text) - len(text[pos:].lstrip(" \t\n"))
        try:
            _, after = _IGT_DECODER.raw_decode(text, pos)
        except (ValueError, RecursionError):
            return read + 1
        if 0 <= bad < after:
            return read + 1
        read += 1
        pos = len(text) - len(text[after:].lstrip(" \t\n"))
        if text[pos : pos + 1] != ",":
            return read + 1
        pos += 1


# --- running hilo check and judging what it gives ------------------------------------------------------------


class Run(NamedTuple):
    code: int
    out: bytes
    err: str
    crash: str | None  # the traceback of an exception that escaped the command


def check_in_process(paths: list[str], jobs: int) -> Run:
    result = CliRunner().invoke(main, ["check", "--format", "json", "--jobs", str(jobs), *paths])
    crash = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        e = result.exception
        frames = traceback.extract_tb(e.__traceback__)
        ours = [f for f in frames if f"{os.sep}hilo_cli{os.sep}" in f.filename] or frames
        crash = (
            f"{type(e).__name__}: {str(e)[:300]} (raised in {frames[-1].name}, {frames[-1].filename}:"
            f"{frames[-1].lineno}; last hilo_cli frame {ours[-1].name}, {ours[-1].filename}:{ours[-1].lineno})"
        )
    return Run(result.exit_code, result.stdout_bytes, result.stderr, crash)


def check_subprocess(paths: list[str], jobs: int) -> Run:
    done = subprocess.run(
        [HILO, "check", "--format", "json", "--jobs", str(jobs), *paths],
        capture_output=True,
        timeout=600,
        check=False,
    )  # the timeout only guards against a hang
    return Run(done.returncode, done.stdout, done.stderr.decode("utf-8", "replace"), None)


_EXCEPTION = re.compile(
    r"Traceback|\b[A-Z]\w*(?:Error|Exception)\b|\bInvalidOperation\b|recursion depth"
)


def problems(run: Run, files: list[tuple[str, Hands]]) -> list[str]:
    """Everything wrong with one run of ``hilo check`` over ``files`` (each path with its hands)."""
    if run.crash is not None:
        return [f"an exception escaped: {run.crash}"]
    found: list[str] = []
    if run.code not in (0, 1, 2):
        found.append(f"exit status {run.code}")
    named = _EXCEPTION.search(run.err)
    if named:
        last = run.err.rstrip("\n").rsplit("\n", 1)[-1]
        found.append(
            f"stderr names an exception ({named.group()!r}); its last line: {last[:300]!r}"
        )
        if "Traceback" in run.err:
            return found  # what follows a crash is lost, not worth a list
    records: list[dict[str, object]] = []
    for n, line in enumerate(run.out.split(b"\n")[:-1] if run.out else [], 1):
        try:
            record = json.loads(line)
        except ValueError:
            return [*found, f"stdout line {n} is not JSON: {line[:300]!r}"]
        if not isinstance(record, dict):
            return [*found, f"stdout line {n} is not a JSON object: {line[:300]!r}"]
        records.append(record)
    if run.out and not run.out.endswith(b"\n"):
        found.append(f"stdout does not end in a whole line: ...{run.out[-200:]!r}")
    found += _status_problems(run, records)
    position = 0
    for path, hands in files:
        mine = []
        while position < len(records) and records[position].get("source") == path:
            mine.append(records[position])
            position += 1
        found += [f"{Path(path).name}: {p}" for p in _record_problems(mine, hands)]
    if position < len(records):
        found.append(
            f"record {position + 1} is not of the next file: {json.dumps(records[position])[:300]}"
        )
    return found


def _status_problems(run: Run, records: list[dict[str, object]]) -> list[str]:
    errors = [r for r in records if "error" in r]
    verdicts = [
        check.get("verdict")
        for check in (r.get("check") for r in records)
        if isinstance(check, dict)
    ]
    found = []
    want = 2 if errors else 1 if "MISMATCH" in verdicts else 0
    if run.code != want:
        found.append(f"exit status {run.code}, but the records say {want}")
    err_lines = run.err.split("\n")[:-1] if run.err else []
    if len(err_lines) != len(errors):
        found.append(
            f"{len(errors)} error records but {len(err_lines)} stderr lines (forged or lost lines?): "
            f"{[line[:120] for line in err_lines[:6]]}"
        )
    longest = max(err_lines, key=len, default="")
    if len(longest) > 2000:
        found.append(f"a stderr line of {len(longest):,} characters: {longest[:160]!r}...")
    raw = next((line for line in err_lines if not all(map(_printable, line))), None)
    if (
        raw is not None
    ):  # a control character, escape sequence or bidi override from the file, unescaped
        found.append(f"a stderr line with characters not escaped: {raw[:300]!r}")
    return found


def _printable(c: str) -> bool:
    return c.isprintable() or unicodedata.category(c) == "Zs"  # other scripts' spaces are fine


def _record_problems(records: list[dict[str, object]], hands: Hands) -> list[str]:
    if not hands.text and len(records) == 1 and "error" in records[0]:
        return []  # a file that is not text: one file-level error is an answer
    spans = hands.spans
    if len(records) != len(spans):
        return [
            f"{len(spans)} hands in (first lines {[s for s, _ in spans][:12]}), {len(records)} records out "
            f"(lines {[r.get('line') for r in records][:12]}; first error "
            f"{next((str(r['error'])[:200] for r in records if 'error' in r), None)!r})"
        ]
    found = []
    for n, (record, (first, end)) in enumerate(zip(records, spans, strict=True), 1):
        line = record.get("line")
        if line is None:
            if hands.headers or len(records) != 1:
                found.append(
                    f"record {n} has no line, but the file has hands: {str(record.get('error'))[:200]!r}"
                )
        elif not isinstance(line, int) or not first <= line < end:
            found.append(
                f"record {n} is at line {line}, but hand {n} is lines {first}-{end - 1}: "
                f"{str(record.get('error', record.get('id')))[:200]!r}"
            )
    return found


# --- the tests ---------------------------------------------------------------------------------------------------


def _bases(set_name: str) -> list[Base]:
    bases = SETS[set_name][1]()
    if not bases:
        pytest.skip(f"no files for {set_name} (../shared is absent)")
    return bases


def _write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    if KEEP:
        Path(KEEP).mkdir(parents=True, exist_ok=True)
        (Path(KEEP) / name).write_bytes(data)
    return str(path)


def _suffix(base: Base) -> str:
    return Path(base.name).suffix or ".txt"


OWN = [s for s in SETS if not s.endswith("-shared")]
SHARED_SETS = [s for s in SETS if s.endswith("-shared")]
CASES = [
    pytest.param(s, n, id=f"{s}-{n}-{KINDS[n % len(KINDS)][0]}") for s in OWN for n in range(COUNT)
]


@pytest.mark.parametrize(("set_name", "seed"), CASES)
def test_a_mutant_checks_whole(tmp_path: Path, set_name: str, seed: int) -> None:
    """One mutant of the project's own files, with ``--jobs 1`` (and its plain file, if it has one);
    that ``--jobs 2`` gives the same bytes is the slow test below, as forking workers for every mutant is
    most of the time of these tests."""
    _check_one_job(_made(tmp_path, set_name, seed))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("set_name", "kind"),
    [pytest.param(s, k, id=f"{s}-{KINDS[k][0]}") for s in SETS for k in range(len(KINDS))],
)
def test_the_mutants_of_a_kind_check_whole_with_two_jobs(
    tmp_path: Path, set_name: str, kind: int
) -> None:
    """The mutants of one kind in one set (seeds ``kind``, ``kind + len(KINDS)``, ...), each checked
    with ``--jobs 1`` and with ``--jobs 2``, byte for byte the same: fewer and longer tests, as they are
    the slow part of the suite (a failure still names its seed). The project's own files' mutants are
    checked with ``--jobs 1`` in the quick loop too, one test a mutant (``test_a_mutant_checks_whole``);
    ../shared's real histories' only here."""
    for seed in range(kind, COUNT, len(KINDS)):
        made = _made(tmp_path, set_name, seed)
        _check_two_jobs(made, _check_one_job(made))


class Made(NamedTuple):
    """A mutant written to a file: its path, the hands the test counts in it, what it is (to say in a
    failure), and its plain text's file (for a mutant that changes only the line ends or the encoding)."""

    path: str
    hands: Hands
    label: str
    plain: str | None
    kind: str = ""
    mark: int | None = None
    base: str | None = None  # the base file, for a mutant of ``unicode-digits``


def _made(tmp_path: Path, set_name: str, seed: int) -> Made:
    bases = _bases(set_name)
    kind, base, made = mutant(set_name, seed, bases)
    path = _write(tmp_path, f"{set_name}-{seed}{_suffix(base)}", made.data)
    hands = count_hands(made.data, SETS[set_name][0])
    label = f"{set_name} seed {seed} ({kind}: {made.what}) of {base.name}; the mutant is {path}"
    plain = None
    if made.plain is not None:
        plain = _write(tmp_path, f"{set_name}-{seed}-plain{_suffix(base)}", made.plain.encode())
    unchanged = None
    if kind == "unicode-digits" and made.mark is not None:
        unchanged = _write(tmp_path, f"{set_name}-{seed}-base{_suffix(base)}", base.text.encode())
    return Made(path, hands, label, plain, kind, made.mark, unchanged)


def _check_one_job(made: Made) -> Run:
    """``hilo check --jobs 1`` over the mutant has no problem, and gives what its plain file gives."""
    one = check_in_process([made.path], 1)
    found = problems(one, [(made.path, made.hands)])
    if not found and made.mark is not None:
        found = _marked_problems(made, one)
    assert not found, f"{made.label}, --jobs 1:\n  " + "\n  ".join(found)
    if made.plain is not None:
        same = check_in_process([made.plain], 1)
        assert (
            same.code,
            same.out.replace(made.plain.encode(), made.path.encode()),
            same.err.replace(made.plain, made.path),
        ) == (one.code, one.out, one.err), (
            f"{made.label}: not what the plain UTF-8, LF file gives:\n{one.out[:600]!r}\n"
            f"{same.out[:600]!r}"
        )
    return one


def _records(run: Run) -> list[dict[str, object]]:
    return [json.loads(line) for line in run.out.split(b"\n")[:-1]] if run.out else []


def _marked_problems(made: Made, run: Run) -> list[str]:
    """What is wrong with the record of the hand that holds the mutant's marked line: a glued file's
    first line must be in an error record's hand; a changed amount's hand an error, or the record the
    base file gives that hand (its amount never read)."""
    spans = made.hands.spans
    holding = [i for i, (first, end) in enumerate(spans) if first <= made.mark < end]
    # An IGT document's hands share its lines, and its error comes after the hands read before it.
    at = (holding[-1] if made.kind == "glue-sites" else holding[0]) if holding else None
    records = _records(run)
    if at is None or len(records) != len(spans):
        return []
    record = records[at]
    if "error" in record:
        return []
    if made.kind == "glue-sites":
        return [f"line {made.mark} begins another site's file, but its hand's record is no error"]
    assert made.base is not None
    base = _records(check_in_process([made.base], 1))
    mine = {k: v for k, v in record.items() if k not in ("source", "where")}
    theirs = {k: v for k, v in base[at].items() if k not in ("source", "where")} if base else {}
    if len(base) != len(spans) or mine != theirs:
        return [
            f"line {made.mark}'s changed digit is read: hand {at + 1} is no error and not what the "
            f"base file gives: {json.dumps(record)[:300]}"
        ]
    return []


def _check_two_jobs(made: Made, one: Run) -> None:
    """``hilo check --jobs 2`` over the mutant has no problem, and gives ``one``'s bytes (``--jobs 1``)."""
    two = check_in_process([made.path], 2)
    found = problems(two, [(made.path, made.hands)])
    assert not found, f"{made.label}, --jobs 2:\n  " + "\n  ".join(found)
    assert (one.code, one.out, one.err) == (two.code, two.out, two.err), (
        f"{made.label}: --jobs 2 differs from --jobs 1:\n{one.out[:600]!r}\n{two.out[:600]!r}"
    )


@pytest.mark.slow
@pytest.mark.parametrize("set_name", list(SETS))
def test_mutants_in_one_real_process(tmp_path: Path, set_name: str) -> None:
    """The installed ``hilo`` over one mutant of each kind at once, as a user runs it: every file's hands
    come out, file after file, the same with ``--jobs 1`` and ``--jobs 2``."""
    bases = _bases(set_name)
    files: list[tuple[str, Hands]] = []
    labels = []
    for seed in range(len(KINDS)):
        kind, base, made = mutant(set_name, seed, bases)
        files.append(
            (
                _write(tmp_path, f"{set_name}-{seed}{_suffix(base)}", made.data),
                count_hands(made.data, SETS[set_name][0]),
            )
        )
        labels.append(f"seed {seed} ({kind}: {made.what[:160]})")
    paths = [path for path, _ in files]
    one, two = check_subprocess(paths, 1), check_subprocess(paths, 2)
    for jobs, run in ((1, one), (2, two)):
        found = problems(run, files)
        assert not found, (
            f"{set_name}, --jobs {jobs}, mutants {', '.join(labels)}:\n  " + "\n  ".join(found)
        )
    assert (one.code, one.out, one.err) == (two.code, two.out, two.err), (
        f"{set_name}: --jobs 2 differs"
    )


@pytest.mark.parametrize(
    ("reader", "data", "hands"),
    [
        ("pokerstars", b"", [(1, 2)]),
        (
            "pokerstars",
            b"junk\nPokerStars Hand #1: x\n\nPokerStars Game #2: y\n",
            [(1, 2), (2, 4), (4, 6)],
        ),
        ("pokerstars", b"PokerStars Hand #1: x\r\rPokerStars Hand #2: y", [(1, 3), (3, 4)]),
        ("pokerstars", b"\x07PokerStars Hand #1: x\n", [(1, 3)]),
        (
            "pokerstars",
            b"PokerStars Hand #1: x\r\r\nPokerStars Hand #2: y",
            [(1, 3), (3, 4)],
        ),  # CR, then CRLF
        ("phh", b"# c\n\nvariant = 'FO/8'\n", [(1, 5)]),
        ("phh", b"# c\n[a]\nx = 1\n[b] # two\n", [(2, 4), (4, 6)]),
        ("phh", b"variant = 'x'\n[a]\n", [(1, 2), (2, 4)]),
        ("phh", codecs.BOM_UTF16_LE + "[a]\r\n[b]".encode("utf-16-le"), [(1, 2), (2, 3)]),
        (
            "pacific888",
            b"#Game No : 1\n***** 888poker Hand History for Game 1 *****\nx\n#Game No : 2\n"
            b"***** Cassava Hand History for Game 2 *****\n",
            [(2, 5), (5, 7)],
        ),
        ("pacific888", b"junk\n  ***** 888 Hand History for Game 3\n", [(1, 2), (2, 4)]),
        (
            "ipoker",
            b'<?xml version="1.0"?>\n<session a="1">\n<general><mode>real</mode></general>\n<game gamecode="1">\n'
            b'</game><game gamecode="2">\n</game>\n</session>\n',
            [(4, 5), (5, 9)],
        ),
        ("ipoker", b'junk\n<game gamecode="1">\n', [(1, 2), (2, 4)]),
        (
            "merge",
            b'<description type="x"/>\n<game id="1-1" starttime="2">\n<players dealer="1">\n</game>\n'
            b'<game id="1-2">\n',
            [(2, 5), (5, 7)],
        ),
        (
            "boss",
            b'<ROOT>\n<!DOCTYPE x>\n<HISTORY ID="1" SESSION="s">\n</HISTORY>\n</ROOT>\n',
            [(1, 3), (3, 7)],
        ),
        (
            "microgaming",
            b'----PRIMA.DAT----\n<Game hhversion="4" id="1">\n</Game>\nExtendedTableName: t\n',
            [(2, 6)],
        ),
        (
            "microgaming",
            b'<Game id="1">\n</Game>\n',
            [(1, 4)],
        ),  # not the site's head: the file's one error
    ],
)
def test_the_count_of_hands_follows_its_rule(
    reader: str, data: bytes, hands: list[tuple[int, int]]
) -> None:
    """The test's own counting rule, on files small enough to count by eye."""
    assert count_hands(data, reader).spans == hands


def test_the_mutants_are_reproducible_and_cover_every_kind() -> None:
    bases = _phh_bases(DATA / "phh")
    assert [mutant("phh", n, bases)[2] for n in range(40)] == [
        mutant("phh", n, bases)[2] for n in range(40)
    ]
    assert {mutant("phh", n, bases)[0] for n in range(len(KINDS))} == {k for k, _, _ in KINDS}
    assert len({mutant("phh", n, bases)[2].data for n in range(40)}) == 40
