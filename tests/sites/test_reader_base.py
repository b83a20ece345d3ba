"""The reader base every site plugs into (``hilo_cli.histories``): decoding, line ends, cutting a file
into hands, amounts, the registry of plug-ins, and the defects of issue 16 it fixes once for every
reader (CR-only files losing hands, undecodable bytes losing the file, huge numbers, a rake larger than
the pot). The project's own small files only."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from conftest import TEST_DATA
from hypothesis import given
from hypothesis import strategies as st

from hilo_cli import histories
from hilo_cli.cli import main
from hilo_cli.errors import InputError
from hilo_cli.histories import HandRecord, HandText, Reader, hands, read, read_text, reading
from hilo_cli.histories.amounts import money
from hilo_cli.histories.base import failed

DATA = TEST_DATA / "pokerstars"
ODD = (DATA / "odd-cent.txt").read_text(encoding="utf-8")
QUARTERED = (DATA / "quartered.txt").read_text(encoding="utf-8")
THREE = "\n\n".join([QUARTERED, ODD, QUARTERED.replace("#200000000002", "#200000000099")])


def records_of(data: bytes, input_format: str = "auto") -> list[HandRecord]:
    return [
        read_text(p) if isinstance(p, HandText) else p
        for p in hands("f.txt", io.BytesIO(data), input_format)
    ]


def summary(records: list[HandRecord]) -> list[tuple[int, str | None, str | None]]:
    return [(r.line, r.id, r.error) for r in records]


def check(data: bytes, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", "-", *args], input=data)
    return result.exit_code, result.stdout, result.stderr


# -- line ends and decoding -------------------------------------------------------------------------


@pytest.mark.parametrize("end", ["\r\n", "\r", "\n\r\n"])
def test_every_line_end_gives_the_hands_lf_gives(end: str) -> None:
    # CR-only line ends lost a hand before the base (issue 16, defect 3).
    plain = records_of(THREE.encode())
    assert len(plain) == 3 and all(r.error is None for r in plain)
    other = records_of(THREE.replace("\n", end).encode())
    if (
        end == "\n\r\n"
    ):  # every line followed by a blank one: the numbers double, the hands are the same
        assert [r.id for r in other] == [r.id for r in plain]
        assert [r.recorded_won for r in other] == [r.recorded_won for r in plain]
    else:
        assert other == plain


def test_mixed_line_ends_and_ends_cut_between_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    text = THREE.replace("\n", "\r\n", 20).replace("\n", "\r", 30)
    whole = records_of(text.encode())
    assert len(whole) == 3
    for size in (1, 2, 7, 64):  # a CR at the end of a block, its LF at the start of the next
        monkeypatch.setattr(reading, "BLOCK", size)
        monkeypatch.setattr(reading, "HEAD", 100 + size)  # enough of the first line for detect
        assert records_of(text.encode()) == whole


@given(
    text=st.binary(max_size=80).map(lambda b: bytes(b"ab\r\n"[c % 4] for c in b)),
    size=st.integers(1, 9),
    cut=st.integers(0, 80),
)
def test_byte_lines_are_the_lines_whatever_the_blocks(text: bytes, size: int, cut: int) -> None:
    """Lines longer than a block, and line ends cut between blocks, come out as ``splitlines`` gives
    them (a line's blocks are held, not copied at each block)."""
    first = text[:cut]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reading, "BLOCK", size)
        got = list(reading.byte_lines(io.BytesIO(text[len(first) :]), first))
    want = [line.rstrip(b"\n").removesuffix(b"\r") for line in text.splitlines(keepends=True)]
    assert got == want


@pytest.mark.parametrize(
    "encode",
    [
        lambda t: b"\xef\xbb\xbf" + t.encode(),
        lambda t: t.encode("utf-16"),
        lambda t: b"\xfe\xff" + t.encode("utf-16-be"),
        lambda t: b"\xff\xfe" + t.replace("\n", "\r\n").encode("utf-16-le"),
    ],
    ids=["utf8-bom", "utf16", "utf16-be", "utf16-le-crlf"],
)
def test_byte_order_marks(encode: object) -> None:
    assert callable(encode)
    assert records_of(encode(THREE)) == records_of(THREE.encode())


def test_files_joined_with_cat_each_with_a_byte_order_mark() -> None:
    joined = b"\xef\xbb\xbf" + QUARTERED.encode() + b"\n\n\xef\xbb\xbf" + ODD.encode()
    assert [r.id for r in records_of(joined)] == ["200000000002", "200000000003"]


def test_a_line_no_encoding_reads_is_its_hands_error_and_the_others_are_read() -> None:
    # Before the base, the whole file was one error and no hand was checked. 0x81 is no character in
    # UTF-8 or in cp1252, PokerStars' other encoding.
    data = THREE.encode().replace(b"Eve: checks", b"Eve: checks \x81\xfe", 1)
    found = records_of(data)
    assert [r.id for r in found] == ["200000000002", None, "200000000099"]
    bad = found[1]
    line = THREE.splitlines().index("Eve: checks") + 1
    assert bad.line == line and bad.error is not None
    assert "byte 13 of the line (0x81)" in bad.error and "UTF-8 or cp1252" in bad.error
    code, out, err = check(data)
    assert (
        code == 2 and out.count("OK: ") == 2 and err.count("\n") == 1 and f"<stdin>:{line}:" in err
    )


def _fake(encodings: tuple[str, ...] = ()) -> Reader:
    def read_hand(source: str, line: int, lines: list[str]) -> HandRecord:
        return HandRecord(
            source,
            line,
            lines[0].split()[1],
            None,
            not_checkable=" | ".join(t for t in lines[1:] if t),
        )

    return Reader(
        "fake",
        "Fake Poker",
        (".fake",),
        lambda line: line.startswith("FAKE "),
        read_hand,
        encodings,
    )


def _register(monkeypatch: pytest.MonkeyPatch, fake: Reader) -> None:
    """The fake site in the registry (first, as detection tries it), its reader without a module."""
    plugin = histories.Plugin(
        fake.name,
        fake.title,
        fake.suffixes,
        "",
        lambda head: 0 if head.startswith("FAKE ") else None,
    )
    monkeypatch.setattr(histories, "PLUGINS", (plugin, *histories.PLUGINS))
    known = histories.reader
    monkeypatch.setattr(histories, "reader", lambda name: fake if name == "fake" else known(name))


def test_a_readers_own_encoding_and_what_it_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    _register(monkeypatch, _fake(("cp1252",)))
    data = "FAKE 1\nJosé won\n\nFAKE 2\n".encode("cp1252") + b"bad \x81 byte\nFAKE 3\nok\n"
    found = records_of(data)
    assert [(r.line, r.id) for r in found] == [(1, "1"), (5, None), (6, "3")]
    assert found[0].not_checkable == "José won"
    assert (
        found[1].error is not None
        and "0x81" in found[1].error
        and "UTF-8 or cp1252" in found[1].error
    )


# -- the registry -----------------------------------------------------------------------------------


def test_detect_choices_suffixes_and_the_unknown_file_error_come_from_the_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every site's reader is in the registry (issue 18 adds the archives' sites): PHH and PokerStars
    # among them, the choices sorted, and the error naming every reader.
    names = histories.input_formats()
    assert names == sorted(p.name for p in histories.PLUGINS) and {"phh", "pokerstars"} <= set(
        names
    )
    assert {".phh", ".phhs", ".txt"} <= set(histories.suffixes())
    (unknown,) = records_of(b"hello\n")
    assert unknown.error is not None and unknown.error.startswith("not a hand history hilo reads (")
    assert all(p.title in unknown.error for p in histories.PLUGINS)
    assert unknown.error.endswith(f"give --input-format {'|'.join(names)}")
    _register(monkeypatch, _fake())
    assert histories.input_formats() == sorted(["fake", *names])
    assert ".fake" in histories.suffixes()
    assert histories.detect("FAKE 1\n") == "fake" and histories.detect(QUARTERED) == "pokerstars"
    (unknown,) = records_of(b"hello\n")
    assert unknown.error is not None and "Fake Poker, " in unknown.error
    assert unknown.error.endswith(f"give --input-format {'|'.join(sorted(['fake', *names]))}")


def test_check_help_and_choices_name_every_reader() -> None:
    result = CliRunner().invoke(main, ["check", "--help"])
    shown = " ".join(result.output.split())
    assert all(f"{p.title} {'/'.join(p.suffixes)}" in shown for p in histories.PLUGINS)
    assert "PHH .phh/.phhs" in shown and "PokerStars .txt" in shown
    bad = CliRunner().invoke(main, ["check", "--input-format", "nonsense", "-"], input=b"")
    assert bad.exit_code == 2 and "'phh'" in bad.stderr and "'pokerstars'" in bad.stderr


# -- cutting ----------------------------------------------------------------------------------------


def test_hands_start_at_their_headers_and_keep_their_first_line() -> None:
    text = "\n\n\n" + QUARTERED + ODD  # no blank line between the two hands
    found = records_of(text.encode())
    assert [(r.line, r.id) for r in found] == [
        (4, "200000000002"),
        (4 + len(QUARTERED.splitlines()), "200000000003"),
    ]


def test_text_before_the_first_hand_is_an_error_of_its_own() -> None:
    found = records_of(("junk line\n\n" + QUARTERED).encode())
    assert [(r.line, r.id, r.error is not None) for r in found] == [
        (1, None, True),
        (3, "200000000002", False),
    ]


def test_a_file_is_read_hand_by_hand() -> None:
    # The base reads a block at a time: the first hand comes out before the rest of the file is read.
    class Counting(io.BytesIO):
        reads = 0

        def read(self, size: int | None = -1, /) -> bytes:
            Counting.reads += 1
            return super().read(size)

    data = (QUARTERED + "\n\n").encode() * 2000  # about 3 MB: several blocks
    stream = Counting(data)
    first = next(hands("f.txt", stream))
    assert isinstance(first, HandText) and first.line == 1
    assert stream.tell() < len(data) / 2


def test_empty_binary_and_unknown_files_are_one_error_each() -> None:
    assert summary(records_of(b"")) == [(0, None, "empty input: no hands")]
    assert summary(records_of(b"  \n\r\n")) == [(0, None, "empty input: no hands")]
    assert summary(records_of(b"PK\x03\x04\x00\x00")) == [
        (0, None, "binary data, not a hand history")
    ]
    assert records_of(b"\xff\xfe\x00\xd8")[0].error is not None  # a lone surrogate in UTF-16


# -- amounts ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, scale, units",
    [
        ("$7.06", 100, 706),
        ("€1,234.50", 100, 123450),
        ("1,500", 1, 1500),
        ("3.50€", 100, 350),
        ("$5", 100, 500),
        ("$0.5", 100, 50),
        ("12.00", 1, 12),
        ("$1,000,000,000,000.00", 100, 10**14),
    ],
)
def test_one_reader_of_amounts(text: str, scale: int, units: int) -> None:
    assert money(text, scale) == units


@pytest.mark.parametrize(
    "text, scale, why",
    [
        ("9" * 5000, 1, "more than hilo counts"),
        ("$10,000,000,000,000.01", 100, "more than hilo counts"),
        ("Infinity", 1, "not an amount"),
        ("NaN", 100, "not an amount"),
        ("-5", 1, "not an amount"),
        ("1e400", 1, "not an amount"),
        ("1,5", 1, "not an amount"),
        ("$0.005", 100, "not a whole number"),
        ("12.5", 1, "not a whole number"),
    ],
)
def test_amounts_out_of_bounds_or_unreadable(text: str, scale: int, why: str) -> None:
    with pytest.raises(InputError, match=why) as found:
        money(text, scale)
    assert len(found.value.message) < 200  # a quote of the number, cut


@pytest.mark.parametrize("amount", ["9" * 5000, "Infinity", "1e400", str(2**70)])
def test_a_huge_amount_in_a_history_is_one_error_and_the_others_are_checked(amount: str) -> None:
    # Before the base: a ValueError (4,300 digits), an OverflowError (Infinity) or a MISMATCH of 64-bit
    # overflowing amounts, depending on the format (issue 16, defects 2 and 4).
    text = THREE.replace("Eve: calls $0.50", f"Eve: calls ${amount}", 1)
    verdicts = []
    for fmt in ("text", "json", "csv"):
        code, out, err = check(text.encode(), "--format", fmt)
        assert code == 2 and "Traceback" not in err and len(err.splitlines()) == 1, err
        assert len(err) < 400 and ("not an amount" in err or "more than hilo counts" in err), err
        verdicts.append((code, err))
    assert len({v for v in verdicts}) == 1  # the same verdict in every format
    code, out, _ = check(text.encode(), "--format", "json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert (
        len(rows) == 3
        and "error" in rows[1]
        and rows[0]["check"]["verdict"] == "OK" == rows[2]["check"]["verdict"]
    )


def test_a_huge_seat_or_pot_number_is_an_error_not_a_traceback() -> None:
    for old, new in (
        ("Seat 5: Eve", "Seat " + "5" * 5000 + ": Eve"),
        ("Gus collected $0.91 from pot", "Gus collected $0.91 from side pot-" + "9" * 5000),
    ):
        (found,) = records_of(ODD.replace(old, new).encode())
        assert found.error is not None or found.site_inconsistency is not None


# -- the summary checks -------------------------------------------------------------------------------


def test_a_rake_larger_than_the_pot_is_the_sites_inconsistency_not_bad_input() -> None:
    # Before the base: exit 2, "rake ... is more than the pot" as if the file could not be read (defect 10).
    text = ODD.replace("Total pot $1.90 | Rake $0.09", "Total pot $1.90 | Rake $2.50")
    code, out, err = check(text.encode())
    assert code == 1 and err == ""
    assert out.startswith("MISMATCH: <stdin>:1 hand 200000000003: the site's own lines disagree: ")
    assert "Rake 250 is more than the Total pot 190" in out.splitlines()[0]


def test_a_long_line_is_quoted_short() -> None:
    # The line carries an amount ("5"): a line hilo does not know, and an error (issue 28).
    text = ODD.replace("Eve: checks", "Eve: dances 5 " + "x" * 20_000, 1)
    code, _, err = check(text.encode())
    assert code == 2 and len(err) < 500 and "[cut: 20,014 characters]" in err


def test_records_are_plain_data() -> None:
    # No callbacks: a record pickles and compares by value, so workers and tests see the same thing.
    import pickle

    (rec,) = read("t.txt", ODD)
    assert pickle.loads(pickle.dumps(rec)) == rec
    assert rec.summary is not None and rec.summary.total == 190 and rec.summary.rake == 9
    assert failed("x", 0, "m") == HandRecord("x", 0, None, None, error="m")


def test_a_hand_with_more_seats_than_a_table_has_is_an_error() -> None:
    seats = "".join(f"Seat {n}: P{n} ($10 in chips)\n" for n in range(7, 40))
    (found,) = records_of(
        ODD.replace("Seat 6: Fay ($10 in chips)\n", "Seat 6: Fay ($10 in chips)\n" + seats).encode()
    )
    assert found.error == "more than 23 seats in one hand: no table seats so many"


@pytest.mark.parametrize(
    "tail, why, whole",
    [
        (
            b"\x00",
            "the file ends in the middle of a UTF-16 character (an odd number of bytes)",
            True,
        ),
        # A high surrogate before a letter, which no UTF-16 decoder reads: the block it is in is lost.
        (
            "\ud800".encode("utf-16-le", "surrogatepass") + "x\n".encode("utf-16-le"),
            "not UTF-16 text, though it starts with a UTF-16 byte-order mark",
            False,
        ),
    ],
)
def test_a_utf16_file_that_stops_decoding_keeps_the_hands_read(
    tail: bytes, why: str, whole: bool
) -> None:
    """The hands read whole before UTF-16 decoding stopped are kept, and the rest is one error at the
    line after the last one read (past the first block, which the start of the file is in)."""
    count = reading.HEAD // len(QUARTERED) + 2
    text = f"{QUARTERED}\n\n" * count
    records = records_of(b"\xff\xfe" + text.encode("utf-16-le") + tail)
    *kept, last = records
    assert kept and all(r.error is None for r in kept)
    assert last.error is not None and why in last.error
    if whole:  # every line was read: every hand is kept
        assert len(kept) == count and last.line == text.count("\n") + 1
    else:  # the lines of the block before it were read, some of a hand that is then lost
        assert len(kept) < count and kept[-1].line < last.line < text.count("\n")
