"""``hilo check FOLDER`` on a folder as players keep one (issue 30): subfolders, ``.zip`` and ``.gz``
archives read as they are, hidden folders skipped, symbolic links followed but never round a loop; and
whatever should not be read (a zip bomb, a member named ``../x.txt``, a FIFO: issue 29) is one error
line, every other file checked.

The folder is built in tmp_path from every file of tests/data (each site's own, copied at test time)
in nested subfolders, some in an archive. The expected output is each file checked alone, by name,
its records renamed to where the file sits in the folder (``export.zip:cake/quartered.txt``), in the
order of the paths sorted part by part (each folder's entries by name).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import HILO, TEST_DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.cli import main
from hilo_cli.formats import files
from hilo_cli.histories import HandText, read_text, suffixes

ZIPPED = (
    "cake",
    "merge",
    "winning",
)  # sites whose files go into export.zip, under site/ (merge: deeper)
DEEP = ("everleaf", "ongame", "boss")  # sites whose files sit three folders down
GZ = ("pokerstars", "quartered.txt")  # one file gzipped in place: quartered.txt.gz


def _originals() -> list[Path]:
    known = suffixes()
    found = sorted(p for p in TEST_DATA.rglob("*") if p.is_file() and p.name.endswith(known))
    assert len({p.parent.name for p in found}) >= 20  # every reader's folder, and allin/
    return found


def _place(original: Path) -> tuple[str, ...]:
    """Where a file of tests/data goes in the folder: its parts below the folder (a zip member's after
    the archive's name)."""
    site, name = original.parent.name, original.name
    if site in ZIPPED:
        inner = ("deep", "er", site, name) if site == "merge" else (site, name)
        return ("export.zip", *inner)
    if site in DEEP:
        return ("nested", "2011", site, name)
    if (site, name) == GZ:
        return (site, name + ".gz")
    return (site, name)


def _name(place: tuple[str, ...], root: Path) -> str:
    """The source a hand of a file at ``place`` is named by: the path, a member after the archive's."""
    if place[0] == "export.zip":
        return f"{root / 'export.zip'}:{'/'.join(place[1:])}"
    if place[-1].endswith(".gz"):
        return f"{root.joinpath(*place)}:{place[-1][:-3]}"
    return str(root.joinpath(*place))


def build(root: Path) -> list[tuple[tuple[str, ...], Path]]:
    """The folder of every site's files under ``root``; each file's place and original, in sorted order.
    Beside the ``pokerstars`` folder a file ``pokerstars.txt``: by path parts the folder comes first
    (``pokerstars`` < ``pokerstars.txt``), though as strings ``pokerstars/`` sorts after it."""
    placed = [(_place(p), p) for p in _originals()]
    placed.append((("pokerstars.txt",), TEST_DATA / "pokerstars" / "odd-cent.txt"))
    with zipfile.ZipFile(root / "export.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        # Written in reverse order: the members are read sorted, not as the archive lists them.
        for place, original in sorted(placed, reverse=True):
            if place[0] == "export.zip":
                archive.write(original, "/".join(place[1:]))
        archive.writestr("readme.pdf", b"%PDF- not a history: skipped")
        archive.writestr("__MACOSX/cake/._quartered.txt", b"\x00\x05\x16\x07 resource fork")
    for place, original in placed:
        if place[0] == "export.zip":
            continue
        target = root.joinpath(*place)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.name.endswith(".gz"):
            target.write_bytes(gzip.compress(original.read_bytes()))
        else:
            shutil.copyfile(original, target)
    # What a folder is searched past: hidden folders and files, names no reader claims, a loop.
    (root / ".trash").mkdir()
    shutil.copyfile(TEST_DATA / "phh" / "changed.phh", root / ".trash" / "old.phh")
    (root / "phh" / "._changed.phh").write_bytes(b"\x00\x05\x16\x07 resource fork")
    (root / "phh" / "notes.md").write_text("not a history\n")
    if hasattr(os, "symlink"):
        os.symlink("..", root / "nested" / "2011" / "up")  # a loop back to the folder
    return sorted(placed)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    """The folder, and the JSON records each of its files gives checked alone, renamed, in order."""
    root = tmp_path_factory.mktemp("histories")
    expected: list[dict[str, Any]] = []
    for place, original in build(root):
        alone = CliRunner().invoke(main, ["check", "--format", "json", str(original)])
        assert alone.exit_code in (0, 1, 2) and "Traceback" not in alone.output
        expected += [_renamed(json.loads(line), _name(place, root)) for line in _lines(alone)]
    return root, expected


def _lines(result: Any) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.strip()]


def _renamed(record: dict[str, Any], source: str) -> dict[str, Any]:
    renamed = {**record, "source": source}
    if "where" in record:
        renamed["where"] = f"{source}:{record['line']}" if record["line"] else source
    return renamed


def _check(*args: str) -> Any:
    return CliRunner().invoke(main, ["check", "--format", "json", *args])


def test_every_hand_of_the_folder_is_read_once_in_sorted_path_order(
    folder: tuple[Path, list[dict[str, Any]]],
) -> None:
    root, expected = folder
    result = _check(str(root))
    assert result.exit_code == 2 and "Traceback" not in result.output  # bad-input files among them
    got = [json.loads(line) for line in _lines(result)]
    assert [r["source"] for r in got] == [r["source"] for r in expected]
    assert got == expected
    sources = {r["source"] for r in got}
    assert not any(".trash" in s or "._" in s or "__MACOSX" in s or "up/" in s for s in sources)
    assert len(sources) == len(_originals()) + 1  # each file once (pokerstars.txt the one more)


def test_jobs_2_gives_the_same_bytes(folder: tuple[Path, list[dict[str, Any]]]) -> None:
    root, _ = folder
    one, two = _check(str(root)), _check("--jobs", "2", str(root))
    assert one.stdout == two.stdout and one.stderr == two.stderr
    assert one.exit_code == two.exit_code == 2


def test_the_text_report_names_members_after_their_archive(
    folder: tuple[Path, list[dict[str, Any]]],
) -> None:
    root, _ = folder
    result = CliRunner().invoke(main, ["check", str(root / "export.zip")])
    zipped = f"{root / 'export.zip'}:cake/quartered.txt:1"
    assert f"OK: {zipped} hand " in result.stdout
    gz = CliRunner().invoke(main, ["check", str(root / "pokerstars" / "quartered.txt.gz")])
    assert gz.exit_code == 0
    assert gz.stdout.startswith(f"OK: {root / 'pokerstars' / 'quartered.txt.gz'}:quartered.txt:1 ")


def test_no_recursive_reads_only_the_folder_s_own_files(
    folder: tuple[Path, list[dict[str, Any]]],
) -> None:
    root, expected = folder
    result = _check("--no-recursive", str(root))
    top = [r for r in expected if r["source"].startswith((f"{root / 'export.zip'}:", f"{root}/p"))]
    top = [r for r in top if "/" not in r["source"][len(str(root)) + 1 :].split(":")[0]]
    assert [json.loads(line) for line in _lines(result)] == top
    assert {r["source"].split(":")[0] for r in top} == {
        str(root / "export.zip"),
        str(root / "pokerstars.txt"),
    }


def test_a_folder_with_no_history_says_what_it_looked_at(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("no hands\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "photo.png").write_bytes(b"\x89PNG")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "hands.txt").write_text("PokerStars Hand #1\n")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"hilo: error: {tmp_path}: no .phh, .phhs, .txt, .xml, .gz, .zip files in this folder or its "
        "subfolders: looked at 2 files in 2 folders, 1 hidden skipped\n"
    )
    flat = CliRunner().invoke(main, ["check", "--no-recursive", str(tmp_path)])
    assert flat.stderr == (
        f"hilo: error: {tmp_path}: no .phh, .phhs, .txt, .xml, .gz, .zip files in this folder: looked at 1 file "
        "in 1 folder, 1 hidden skipped, 1 subfolders not read (not recursive)\n"
    )


# -- what is not read: one error line each, and every other file checked -------------------------------
def _with_the_bad(root: Path) -> dict[str, str]:
    """Add to a copy of the folder what must not be read; the source of each one's error record and a
    piece of its message."""
    bad: dict[str, str] = {}
    with zipfile.ZipFile(root / "bomb.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("hands.txt", "w") as member:
            for _ in range(80):  # 80 MB of spaces: about 80 kB packed, past the 64 MB floor
                member.write(b" " * 1_000_000)
    bad[str(root / "bomb.zip")] = "refused: unpacks to 80 MB from 7"  # kB
    with zipfile.ZipFile(root / "sneaky.zip", "w") as archive:
        for name in ("../x.txt", "/etc/hands.txt", "a/../../b.txt", "C:\\hands.txt"):
            archive.writestr(name, (TEST_DATA / "phh" / "quartered.phh").read_bytes())
            bad[f"{root / 'sneaky.zip'}:{name}"] = "refused: a member named outside its archive"
        archive.write(TEST_DATA / "phh" / "quartered.phh", "fine/quartered.phh")
        archive.writestr("inner.zip", b"PK")
        bad[f"{root / 'sneaky.zip'}:inner.zip"] = "an archive inside an archive"
    # A .gz declares no size to trust: it is stopped as it unpacks, at the bound (64 MB here). What it
    # unpacks to is read as a history (a header, then long lines), so only the bound stops it.
    (root / "gz").mkdir()
    header = (TEST_DATA / "pokerstars" / "quartered.txt").read_bytes().split(b"\n")[0] + b"\n"
    bomb = gzip.compress(header + (b" " * 9_999 + b"\n") * 7_000, 9)
    (root / "gz" / "bomb.txt.gz").write_bytes(bomb)
    bad[f"{root / 'gz' / 'bomb.txt.gz'}:bomb.txt"] = "refused: unpacks to more than 64 MB from "
    (root / "gz" / "cut.txt.gz").write_bytes(gzip.compress(b"PokerStars Hand #1: " * 1000)[:-30])
    bad[f"{root / 'gz' / 'cut.txt.gz'}:cut.txt"] = "the archive is damaged"
    (root / "gz" / "plain.txt.gz").write_bytes(b"not gzip at all\n" * 10)
    bad[f"{root / 'gz' / 'plain.txt.gz'}:plain.txt"] = "the archive is damaged (Not a gzipped file"
    (root / "torn.zip").write_bytes(b"PK\x03\x04 torn")
    bad[str(root / "torn.zip")] = "not a zip archive hilo can read"
    return bad


@pytest.fixture(scope="module")
def spoiled(
    folder: tuple[Path, list[dict[str, Any]]], tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict[str, str]]:
    root = tmp_path_factory.mktemp("spoiled") / "h"
    shutil.copytree(folder[0], root, symlinks=True)
    return root, _with_the_bad(root)


def test_a_bomb_and_a_member_named_outside_are_one_error_line_each(
    folder: tuple[Path, list[dict[str, Any]]], spoiled: tuple[Path, dict[str, str]]
) -> None:
    clean, expected = folder
    root, bad = spoiled
    result = _check(str(root))
    assert result.exit_code == 2 and "Traceback" not in result.output
    got = [json.loads(line) for line in _lines(result)]
    errors = {r["source"]: r["error"] for r in got if r["source"] in bad}
    assert set(errors) == set(bad)
    assert len([r for r in got if r["source"] in bad]) == len(bad)  # one each
    for source, piece in bad.items():
        assert piece in errors[source], (source, errors[source])
        said = f"hilo: error: {source}: "
        assert [line for line in result.stderr.splitlines() if line.startswith(said)] == [
            f"{said}{errors[source]}"
        ]
    # Every other file is checked as before: the clean folder's records, and sneaky.zip's good member.
    others = [r for r in got if r["source"] not in bad]
    renamed = [_renamed(r, r["source"].replace(str(clean), str(root), 1)) for r in expected]
    fine = f"{root / 'sneaky.zip'}:fine/quartered.phh"
    assert [r for r in others if r["source"] != fine] == renamed
    assert [r["check"]["verdict"] for r in others if r["source"] == fine] == ["OK"]


def test_a_zip_bomb_is_refused_before_anything_is_unpacked(
    spoiled: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, _ = spoiled

    def no_unpacking(*args: object, **kwargs: object) -> None:
        raise AssertionError("a member of a zip bomb was opened")

    monkeypatch.setattr(zipfile.ZipFile, "open", no_unpacking)
    (record,) = list(files.Sources([str(root / "bomb.zip")]))
    assert isinstance(record, tuple) and record.error is not None
    assert record.error.startswith("refused: unpacks to 80 MB from ")


# -- FIFOs, sockets and devices in a folder (issue 29, item 7) -----------------------------------------
GUARD = 120  # seconds before a run that hangs is given up: a failure, never a pass (no speed check)

posix_only = pytest.mark.skipif(
    sys.platform == "win32" or not hasattr(os, "mkfifo"), reason="FIFOs and sockets are POSIX"
)


@pytest.fixture
def odd_files(tmp_path: Path) -> Iterator[tuple[Path, list[str]]]:
    """A folder with a FIFO, a socket and a device among histories, and the paths that are not files."""
    shutil.copyfile(TEST_DATA / "phh" / "quartered.phh", tmp_path / "a.phh")
    os.mkfifo(tmp_path / "b-fifo.txt")
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(tmp_path / "c-socket.txt"))
    os.symlink(os.devnull, tmp_path / "d-device.txt")
    os.mkfifo(tmp_path / "e-not-a-history")  # a name no reader claims: not looked into at all
    shutil.copyfile(TEST_DATA / "phh" / "changed.phh", tmp_path / "f.phh")
    try:
        yield tmp_path, [str(tmp_path / n) for n in ("b-fifo.txt", "c-socket.txt", "d-device.txt")]
    finally:
        server.close()


@posix_only
def test_a_fifo_socket_or_device_in_a_folder_is_one_error_line_and_blocks_nothing(
    odd_files: tuple[Path, list[str]],
) -> None:
    root, odd = odd_files
    try:
        run = subprocess.run(
            [str(HILO), "check", "--format", "json", str(root)],
            capture_output=True,
            timeout=GUARD,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"hilo check waited on a FIFO for {GUARD} s")
    records = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r["source"] for r in records] == [str(root / "a.phh"), *odd, str(root / "f.phh")]
    assert [r["check"]["verdict"] for r in (records[0], records[-1])] == ["OK", "MISMATCH"]
    kinds = ["a FIFO (named pipe)", "a socket", "a device"]
    assert [r["error"] for r in records[1:-1]] == [
        f"not read: {kind}, not a regular file (in a folder hilo reads only files)"
        for kind in kinds
    ]
    assert run.stderr.decode().splitlines() == [
        f"hilo: error: {p}: {r['error']}" for p, r in zip(odd, records[1:-1], strict=True)
    ]
    assert run.returncode == 2


@posix_only
def test_a_fifo_named_outright_is_read(tmp_path: Path) -> None:
    """``hilo check <(zcat hands.phh.gz)``: a pipe given by name is what the person asked to read."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    process = subprocess.Popen(
        [str(HILO), "check", str(fifo)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    with open(fifo, "wb") as writer:
        writer.write((TEST_DATA / "phh" / "quartered.phh").read_bytes())
    out, err = process.communicate(timeout=GUARD)
    assert process.returncode == 0, err
    assert out.startswith(f"OK: {fifo}:1 ".encode())


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_link_to_a_folder_is_read_once_and_a_loop_not_at_all(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    shutil.copyfile(TEST_DATA / "phh" / "quartered.phh", tmp_path / "real" / "q.phh")
    os.symlink("real", tmp_path / "also")  # a second way to the same folder: read once, the first
    os.symlink("..", tmp_path / "real" / "loop")
    os.symlink(TEST_DATA / "phh" / "changed.phh", tmp_path / "real" / "linked.phh")  # a file: read
    result = _check(str(tmp_path))
    assert [json.loads(line)["source"] for line in _lines(result)] == [
        str(tmp_path / "also" / "linked.phh"),
        str(tmp_path / "also" / "q.phh"),
    ]


# -- damaged archives: records and errors, never an exception ------------------------------------------
def _archives() -> list[tuple[str, bytes]]:
    data = (TEST_DATA / "pokerstars" / "quartered.txt").read_bytes()
    made = [("hands.txt.gz", gzip.compress(data))]
    for kind in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", kind) as archive:
            archive.writestr("a/hands.txt", data)
            archive.writestr("b.phh", (TEST_DATA / "phh" / "quartered.phh").read_bytes())
        made.append(("export.zip", buffer.getvalue()))
    return made


ARCHIVES = _archives()
DAMAGE = st.lists(
    st.tuples(st.floats(0, 1), st.sampled_from(["set", "cut", "add"]), st.binary(max_size=12)),
    min_size=1,
    max_size=6,
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(range(len(ARCHIVES))), DAMAGE)
def test_a_damaged_archive_gives_records_and_errors_never_an_exception(
    which: int, damage: list[tuple[float, str, bytes]]
) -> None:
    name, data = ARCHIVES[which]
    damaged = bytearray(data)
    for where, how, piece in damage:
        at = int(where * (len(damaged) - 1))
        if how == "set":
            damaged[at : at + len(piece)] = piece
        elif how == "cut":
            del damaged[at : at + len(piece) + 1]
        else:
            damaged[at:at] = piece
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(bytes(damaged))
        for piece in files.Sources([str(path)]):  # every hand cut, or one error: nothing raised
            if isinstance(piece, HandText):
                read_text(piece)
            else:
                assert piece.error is None or piece.error.strip()


def test_the_position_moves_through_a_file_and_its_archives(tmp_path: Path) -> None:
    """For the progress line: the bytes read so far grow as the hands are cut, in a plain file, a .gz and
    a zip's one big member alike (in proportion to what it unpacked), and end at the bytes on disk."""
    data = (TEST_DATA / "pokerstars" / "side-pots-rake.txt").read_bytes() * 4_000  # 5.7 MB
    (tmp_path / "plain.txt").write_bytes(data)
    (tmp_path / "packed.txt.gz").write_bytes(gzip.compress(data))
    with zipfile.ZipFile(tmp_path / "zipped.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.txt", data)
    for name in ("plain.txt", "packed.txt.gz", "zipped.zip"):
        sources = files.Sources([str(tmp_path / name)])
        seen = [sources.position()[1] for _ in sources]
        size = (tmp_path / name).stat().st_size
        assert seen == sorted(seen) and 0 < seen[0] < size, name
        assert len(set(seen)) > 3, name  # it moves within the file, not only at its end
        assert sources.size == sources.position()[1] == size
        assert sources.position()[0] == sources.files == 1
