"""Whatever is glued together, ``hilo check`` loses nothing (issue 29): the lines after a hand hilo does
not check, text between or after an XML site's hands, a file of blank lines however long, and a player
named like another site's header."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from conftest import TEST_DATA

from hilo_cli import histories
from hilo_cli.cli import main
from hilo_cli.histories.reading import HEAD

FULL_TILT = (TEST_DATA / "fulltilt" / "tampered.txt").read_text()  # three MISMATCHes
EIGHT_GAME = (TEST_DATA / "pokerstars" / "mixed-8-game.txt").read_text().split("\n")
HOLDEM = "\n".join(EIGHT_GAME[:21]) + "\n"  # an 8-game table's hold'em hand: not checkable
OMAHA = "\n".join(EIGHT_GAME[23:61]) + "\n"  # the Omaha hi/lo hand after it: OK


def check(path: Path, *options: str) -> tuple[Result, list[dict[str, Any]]]:
    """``hilo check --format json`` of ``path``: the run, and its records."""
    result = CliRunner().invoke(main, ["check", "--format", "json", *options, str(path)])
    return result, [json.loads(line) for line in result.stdout.splitlines()]


def written(tmp_path: Path, text: str, name: str = "glued.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, start: str) -> int:
    """The file line of ``text``'s first line that starts with ``start``."""
    return next(n for n, line in enumerate(text.split("\n"), 1) if line.startswith(start))


# --- 1. what follows a hand hilo does not check is read ----------------------------------------------


@pytest.mark.parametrize("gap", ["", "\n\n"])
def test_another_sites_history_after_a_hand_hilo_does_not_check_is_an_error(
    tmp_path: Path, gap: str
) -> None:
    text = HOLDEM + gap + FULL_TILT
    result, records = check(written(tmp_path, text))
    ft = line_of(text, "Full Tilt Poker Game #")
    assert result.exit_code == 2
    assert [(r.get("line"), "error" in r) for r in records] == [(ft, True)]
    assert "Full Tilt Poker Game #40000000011" in records[0]["error"]
    assert "Full Tilt Poker hand's first line" in records[0]["error"]


def test_the_same_lines_after_a_checked_hand_are_an_error_at_the_same_line(tmp_path: Path) -> None:
    text = OMAHA + "\n\n" + FULL_TILT
    result, records = check(written(tmp_path, text))
    assert result.exit_code == 2
    assert [(r.get("line"), "error" in r) for r in records] == [
        (line_of(text, "Full Tilt Poker Game #"), True)
    ]


def test_a_header_cut_short_after_a_hand_hilo_does_not_check_is_an_error(tmp_path: Path) -> None:
    cut = "PokerStars Hand #200000000011"  # START needs the colon and the game after it
    text = HOLDEM + cut + OMAHA[OMAHA.index("\n") :]
    result, records = check(written(tmp_path, text))
    assert result.exit_code == 2
    assert [(r.get("line"), "error" in r) for r in records] == [(22, True)]
    assert cut in records[0]["error"] and "PokerStars hand's first line" in records[0]["error"]


def test_lines_after_the_blank_line_that_ends_a_hand_hilo_does_not_check_are_read(
    tmp_path: Path,
) -> None:
    text = HOLDEM + "\n\nthese lines are no hand\nnor these\n\n" + OMAHA
    result, records = check(written(tmp_path, text))
    assert result.exit_code == 2
    assert [(r.get("line"), "error" in r) for r in records] == [(24, True), (27, False)]
    assert "these lines are no hand" in records[0]["error"]
    assert records[1]["check"]["verdict"] == "OK"


def test_a_hand_hilo_does_not_check_and_its_blank_lines_alone_stay_not_checkable(
    tmp_path: Path,
) -> None:
    result, records = check(written(tmp_path, HOLDEM + "\n\n\n" + OMAHA))
    assert result.exit_code == 0
    assert [r["check"]["verdict"] for r in records] == ["NOT CHECKABLE", "OK"]


def test_header_of_finds_any_sites_first_line_and_nothing_else() -> None:
    assert histories.header_of(FULL_TILT.split("\n")[0]) == "Full Tilt Poker"
    assert histories.header_of(EIGHT_GAME[0]) == "PokerStars"
    assert histories.header_of('<game id="1-2" starttime="20111108010704">') == "Merge (Carbon)"
    assert histories.header_of("Seat 1: PokerStars Hand #1: ($10 in chips)") is None
    assert histories.header_of("Rod: raises $0.10 to $0.20") is None


# --- 2. text between or after an XML site's hands ----------------------------------------------------

XML_FILES = {
    "merge": ("tampered.xml", "</game>"),
    "boss": ("tampered.xml", "</HISTORY>"),
    "microgaming": ("tampered.xml", "</Game>"),
    "ipoker": ("tampered.xml", "</game>"),
}


def test_thirty_merge_hands_then_a_full_tilt_history(tmp_path: Path) -> None:
    one = (TEST_DATA / "merge" / "split.xml").read_text()
    text = "".join(one.replace('"100-1"', f'"100-{n}"') for n in range(1, 31)) + FULL_TILT
    result, records = check(written(tmp_path, text, "glued.xml"))
    assert result.exit_code == 2
    assert [r.get("check", {}).get("verdict") for r in records[:29]] == ["OK"] * 29
    ft = line_of(text, "Full Tilt Poker Game #")
    assert (records[29]["line"], records[29]["id"]) == (ft, "100-30")
    assert "Full Tilt Poker Game #40000000011" in records[29]["error"]
    assert "not part of a Merge hand" in records[29]["error"]


@pytest.mark.parametrize("site", list(XML_FILES))
@pytest.mark.parametrize("where", ["between", "after", "on the closing line"])
def test_text_between_or_after_an_xml_sites_hands_is_an_error(
    tmp_path: Path, site: str, where: str
) -> None:
    name, closing = XML_FILES[site]
    text = (TEST_DATA / site / name).read_text(encoding="cp1252" if site == "ipoker" else "utf-8")
    # iPoker closes a game on the line that opens the next: the text between goes on a line of its own
    text = text.replace("</game><game", "</game>\n<game")
    _, clean_records = check(written(tmp_path, text, "clean.xml"))
    lines = text.split("\n")
    closes = [n for n, line in enumerate(lines) if closing in line]
    at = closes[0] if where == "between" else closes[-1]
    if where == "on the closing line":
        lines[at] += " stray words"
    else:
        lines.insert(at + 1, "stray words")
    result, records = check(written(tmp_path, "\n".join(lines), "glued.xml"))
    assert result.exit_code == 2
    errors = [r for r in records if "error" in r]
    assert len(records) == len(clean_records) and len(errors) == 1
    assert errors[0]["line"] == at + (1 if where == "on the closing line" else 2)
    assert "'stray words': not part of" in errors[0]["error"]
    # every other hand as it was
    assert [(r["id"], r["check"]) for r in records if "error" not in r] == [
        (r["id"], r["check"]) for r in clean_records if r["id"] != errors[0]["id"]
    ]


# --- 3. a file of blank lines, however long -----------------------------------------------------------


@pytest.mark.parametrize("count", [HEAD - 1, HEAD, HEAD + 1, 3 * HEAD + 5])
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_file_of_blank_lines_is_empty_input_whatever_its_length(
    tmp_path: Path, count: int, end: str
) -> None:
    path = tmp_path / "blank.txt"
    path.write_bytes((end * count).encode())
    for options in (("--input-format", "pokerstars"), ("--input-format", "merge"), ()):
        result, records = check(path, *options)
        assert result.exit_code == 2, options
        assert [r["error"] for r in records] == ["empty input: no hands"]
    result = CliRunner().invoke(
        main, ["check", "--input-format", "everleaf", "-"], input=path.read_bytes()
    )
    assert result.exit_code == 2 and "empty input" in result.stderr


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_history_after_64_kib_of_blank_lines_is_read_at_its_own_lines(
    tmp_path: Path, end: str
) -> None:
    blank = 2 * HEAD + 7
    path = tmp_path / "late.txt"
    path.write_bytes((end * blank).encode() + FULL_TILT.replace("\n", end).encode())
    result, records = check(path)
    plain, plain_records = check(written(tmp_path, FULL_TILT, "plain.txt"))
    assert result.exit_code == plain.exit_code == 1
    assert [r["line"] for r in records] == [r["line"] + blank for r in plain_records]
    assert [r["check"]["verdict"] for r in records] == ["MISMATCH"] * 3


# --- 9. detection by the file's first hand header -----------------------------------------------------


def test_a_player_named_like_another_sites_header_does_not_switch_detection(
    tmp_path: Path,
) -> None:
    named = re.sub(r"\bAnn\b", "PokerStars Hand #1:", FULL_TILT)
    assert "PokerStars Hand #1:" in named
    assert histories.detect(named) == "fulltilt"
    plain, plain_records = check(written(tmp_path, FULL_TILT, "plain.txt"))
    result, records = check(written(tmp_path, named))
    assert result.exit_code == plain.exit_code == 1
    assert [r["check"]["verdict"] for r in records] == [
        r["check"]["verdict"] for r in plain_records
    ]


def test_detection_takes_the_site_whose_hand_starts_first() -> None:
    stars = "\n".join(EIGHT_GAME)
    assert histories.detect(stars + "\n\n" + FULL_TILT) == "pokerstars"
    assert histories.detect(FULL_TILT + "\n\n" + stars) == "fulltilt"
    assert histories.detect("nothing here\n") is None


# --- 6. amounts are ASCII digits ------------------------------------------------------------------------

# Arabic-Indic, extended Arabic-Indic, Devanagari, Bengali, fullwidth and mathematical bold digits: each
# is a digit to ``str.isdigit``, ``\d`` and ``int``, and none is a digit any site writes.
UNICODE_ZEROS = ("\u0660", "\u06f0", "\u0966", "\u09e6", "\uff10", "\U0001d7ce")


def unicode_digits(text: str, zero: str) -> str:
    return "".join(chr(ord(zero) + int(c)) if c.isascii() and c.isdigit() else c for c in text)


@pytest.mark.parametrize("zero", UNICODE_ZEROS)
@pytest.mark.parametrize("amount", ["$0.57", "1,500", "€3.50", "12"])
def test_an_amount_in_other_digits_is_not_an_amount(zero: str, amount: str) -> None:
    from hilo_cli.errors import InputError
    from hilo_cli.histories.amounts import money

    assert money(amount, 100) >= 0  # the same amount in ASCII is one
    other = unicode_digits(amount, zero)
    with pytest.raises(InputError, match="is not an amount"):
        money(other, 100)
    with pytest.raises(InputError, match="is not an amount"):
        money(amount[:-1] + other[-1], 1 if "." not in amount else 100)


@pytest.mark.parametrize("zero", UNICODE_ZEROS)
def test_a_hand_whose_amount_is_in_other_digits_is_an_error_not_a_verdict(
    tmp_path: Path, zero: str
) -> None:
    lines = list(EIGHT_GAME)
    at = next(i for i in range(23, 61) if lines[i] == "Rod collected $0.57 from pot")
    lines[at] = "Rod collected $0.5" + unicode_digits("7", zero) + " from pot"
    result, records = check(written(tmp_path, "\n".join(lines)))
    assert result.exit_code == 2
    errors = [r for r in records if "error" in r]
    assert [(r["line"], r["id"]) for r in errors] == [(at + 1, "200000000011")]
    assert "is not an amount" in errors[0]["error"]


@pytest.mark.parametrize(
    ("site", "name", "ascii"),
    [
        ("merge", "split.xml", 'amount="0.50"'),
        ("boss", "tampered.xml", 'WIN="0.29"'),
        ("phh", "changed.phh", "200'"),
    ],
)
def test_other_digits_are_bad_input_in_xml_and_phh_amounts_too(
    tmp_path: Path, site: str, name: str, ascii: str
) -> None:
    text = (TEST_DATA / site / name).read_text()
    at = text.index(ascii)
    digit = next(i for i in range(at, len(text)) if text[i].isdigit())
    other = text[:digit] + unicode_digits(text[digit], "\u0660") + text[digit + 1 :]
    plain, plain_records = check(written(tmp_path, text, "plain" + Path(name).suffix))
    result, records = check(written(tmp_path, other, "other" + Path(name).suffix))
    assert plain.exit_code != 2 and result.exit_code == 2
    assert len(records) == len(plain_records)
    assert [r for r in records if "error" in r]
