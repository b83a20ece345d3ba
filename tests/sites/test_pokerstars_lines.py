"""PokerStars lines the first reader did not read (issue 17): a header in capitals as trackers export it,
``*** PRE-FLOP ***`` in Courchevel hands, ``Betting is capped``, and a summary that names another player
than the seat line (the site's own inconsistency, a MISMATCH, not bad input). Small hands of our own."""

from __future__ import annotations

from click.testing import CliRunner
from conftest import TEST_DATA

from hilo_cli.checking import check
from hilo_cli.cli import main
from hilo_cli.histories import read
from hilo_cli.histories.pokerstars import read_header

DATA = TEST_DATA / "pokerstars"
STUD = (DATA / "stud-hilo.txt").read_text(encoding="utf-8")
COURCHEVEL = (DATA / "courchevel-run-twice.txt").read_text(encoding="utf-8")
ODD = (DATA / "odd-cent.txt").read_text(encoding="utf-8")


def verdict_of(text: str) -> str:
    (record,) = read("t.txt", text)
    assert record.error is None, record.error
    return check(record)[1].status


def test_a_header_in_capitals_reads_as_the_site_writes_it() -> None:
    header = read_header(
        "POKERSTARS GAME #27853262758: 7 CARD STUD HI/LO LIMIT - LEVEL I (10/20) - "
        "2009/05/06 16:38:19 ET"
    )
    assert (header.id, header.game, header.limit) == ("27853262758", "7 Card Stud Hi/Lo", "LIMIT")
    assert header.tournament and header.currency == "" and (header.small, header.big) == (10, 20)
    cash = read_header(
        "POKERSTARS HAND #1: OMAHA HI/LO POT LIMIT ($0.05/$0.10 USD) - 2024/03/02 20:25:00 ET"
    )
    assert (cash.game, cash.currency, cash.small, cash.big) == ("Omaha Hi/Lo", "$", 5, 10)


def test_a_stud_hand_exported_in_capitals_checks_as_the_original() -> None:
    first, rest = STUD.split("\n", 1)
    assert first.startswith("PokerStars Hand #")
    capitals = first.replace("PokerStars Hand", "POKERSTARS GAME").replace(
        "7 Card Stud Hi/Lo Limit", "7 CARD STUD HI/LO LIMIT"
    )
    assert capitals != first
    assert verdict_of(capitals + "\n" + rest) == verdict_of(STUD) == "ok"


def test_courchevel_pre_flop_street_deals_the_first_board_card() -> None:
    # The first board card on its own street line, the first betting round after it; the flop line then
    # repeats it, as run-it-twice Courchevel hands write it.
    text = COURCHEVEL.replace(
        "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n*** PRE-FLOP *** [7h]\n", 1
    )
    text = text.replace("*** FLOP *** [7h] [5d 3s]", "*** FLOP *** [7h 5d 3s]")
    (record,) = read("t.txt", text)
    (plain,) = read("t.txt", COURCHEVEL)
    assert record.error is None and record.hand is not None and plain.hand is not None
    assert record.boards == plain.boards
    board = [a.cards for a in record.hand.actions if a.kind == "deal-board"]
    assert board == [a.cards for a in plain.hand.actions if a.kind == "deal-board"]
    assert check(record)[1].status == check(plain)[1].status == "ok"


def test_betting_is_capped_moves_no_chips() -> None:
    text = ODD.replace("Eve: calls $0.30\n", "Eve: calls $0.30\nBetting is capped\n")
    assert text != ODD and verdict_of(text) == "ok"


def test_a_summary_naming_another_player_is_the_sites_inconsistency() -> None:
    text = ODD.replace("Seat 5: Eve (button) showed", "Seat 5: Zed (button) showed")
    result = CliRunner().invoke(main, ["check", "-"], input=text.encode())
    assert result.exit_code == 1 and result.stderr == ""
    first = result.stdout.splitlines()[0]
    assert first.startswith(
        "MISMATCH: <stdin>:1 hand 200000000003: the site's own lines disagree: the summary's "
        "seat 5 is 'Zed (button) showed"
    )
    assert "but seat 5 is 'Eve' in the seat lines" in first
