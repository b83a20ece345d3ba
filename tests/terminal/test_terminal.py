"""Colour and the terminal helpers (issue 13), as functions: ``formats.styled`` and ``cli.terminal``.

The command-line behaviour (what a pipe gets, ``--color``, help) is in test_terminal_cli.py; a real
pseudo-terminal is driven in test_terminal_pty.py.
"""

from __future__ import annotations

import io
import re

import pytest
from conftest import deals
from hypothesis import given, settings

from hilo_cli.cards import parse_cards
from hilo_cli.cli import terminal
from hilo_cli.formats import check_out, text_out
from hilo_cli.formats.records import Defaults, deal_from_record
from hilo_cli.formats.styled import (
    BLUE,
    BOLD,
    BOLD_GREEN,
    BOLD_RED,
    GREEN,
    RED,
    RESET,
    SYMBOLS,
    YELLOW,
    Look,
    strip_colour,
)
from hilo_cli.formats.text_in import record_from_line
from hilo_cli.histories.base import failed
from hilo_cli.showdown import settle

SPLIT = "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200 | expect A=300 B=900"
WRONG = "3c 4d 5h Ks Qd | A: As 2c 9h 9d | B: Ad 2s Jh Jc | pot 66 | expect A=34 B=32"
SIDE = "board 4h 5h 9h Kc 2d | A: Ah Th Qs Qd @20 | B: Kd Ks 6h 7h @60 | C: Ac 3c Jc Jd @60 | D: fold @10"
ODD = (
    "3c 4d 7h Kc Ks | Alice: As 2d 9c 9d seat 1 | Bob: Ad 2h Qh Jh seat 3 | Carol: Ac 2s 5h 6h seat 5 | "
    "Dave: Kd Qd Jd Td seat 7 | button 3 | pot 100"
)
STUD = "game stud8 | A: 9h 8d 7c 6s 5h Kd Qc | B: 9s 8c 7d 6h 5d Ks Jh | pot 101"
# Players whose names look like cards: a name is never taken for a card.
NAMES = "Ac 3d 6h Ks Kd | As: 2c 4d Qc Jd | Kd: Kh Kc 2h 4s | pot 1200"
LINES = [SPLIT, WRONG, SIDE, ODD, STUD]
DEFAULTS = Defaults("omaha8", 8, 1, None)


def report(line: str) -> str:
    return text_out.settlement_text(
        settle(deal_from_record(record_from_line(line), DEFAULTS), cards=True)
    )


def styled(line: str, suits: str = "four-colour", colour: bool = True) -> str:
    """The report of ``line`` as its writer styles it (issue 22: the look goes to the writer)."""
    return text_out.settlement_text(
        settle(deal_from_record(record_from_line(line), DEFAULTS), cards=True),
        look=Look(colour, suits),  # type: ignore[arg-type]
    )


def coloured(card: str, code: str) -> str:
    return f"{code}{card}{RESET}"


# --- the look of a report: formats.styled -------------------------------------------------------------


@pytest.mark.parametrize("line", [*LINES, NAMES])
def test_taking_the_colour_out_gives_the_plain_report_back(line: str) -> None:
    plain = report(line)
    for suits in ("four-colour", "two-colour"):
        shown = styled(line, suits)
        assert "\x1b[" in shown
        assert strip_colour(shown) == plain


@pytest.mark.parametrize("line", LINES)
def test_plain_output_is_left_alone(line: str) -> None:
    plain = report(line)
    assert styled(line, "four-colour", colour=False) == plain
    assert styled(line, "two-colour", colour=False) == plain


def test_four_colour_deck() -> None:
    shown = styled(SPLIT)
    board = shown.splitlines()[0]
    assert board == (
        "Omaha Hi/Lo 8 or better   board "
        f"{coloured('Ac', GREEN)} {coloured('3d', BLUE)} {coloured('6h', RED)} Ks {coloured('Kd', BLUE)}"
        "   pot 1200"
    )  # spades in the terminal's own colour


def test_two_colour_deck() -> None:
    board = styled(SPLIT, "two-colour").splitlines()[0]
    assert board.endswith(
        f"board Ac {coloured('3d', RED)} {coloured('6h', RED)} Ks {coloured('Kd', RED)}   pot 1200"
    )


def test_symbols_without_colour_are_the_same_cards() -> None:
    plain = report(SIDE)
    shown = styled(SIDE, "symbols", colour=False)
    assert "\x1b[" not in shown
    assert shown.splitlines()[0] == "Omaha Hi/Lo 8 or better   board 4♥ 5♥ 9♥ K♣ 2♦   150 put in"
    assert shown.splitlines()[1].startswith("A  A♥ T♥ Q♠ Q♦   high  A♥ T♥ + 9♥ 5♥ 4♥")
    # hilo reads its own symbols back as the same cards
    assert parse_cards("4♥ 5♥ 9♥ K♣ 2♦") == parse_cards("4h 5h 9h Kc 2d")
    assert _letters(shown) == plain


def test_symbols_in_colour() -> None:
    board = styled(SPLIT, "symbols").splitlines()[0]
    assert (
        f"board {coloured('A♣', GREEN)} {coloured('3♦', BLUE)} {coloured('6♥', RED)} K♠ " in board
    )


def test_a_name_that_looks_like_a_card_stays_a_name() -> None:
    shown = styled(NAMES, "symbols")
    lines = strip_colour(shown).splitlines()
    assert lines[1].startswith("As  2♣ 4♦ Q♣ J♦")
    assert lines[3].startswith("Kd  K♥ K♣ 2♥ 4♠")
    assert lines[-1] == "As wins 300 (quartered)   Kd wins 900"
    assert "tied by As and Kd (" in strip_colour(shown)


def test_winners_and_amounts_are_highlighted() -> None:
    shown = styled(SPLIT).splitlines()
    assert shown[5] == f"pot 1200   high {BOLD}600{RESET} to {BOLD}B{RESET} (four of a kind, kings)"
    assert shown[6] == (
        f"           low  {BOLD}600{RESET} tied by {BOLD}A{RESET} and {BOLD}B{RESET} (6-4-3-2-A), "
        f"{BOLD}300{RESET} each"
    )
    assert shown[7] == (
        f"{BOLD}A{RESET} wins {BOLD_GREEN}300{RESET} (quartered)   "
        f"{BOLD}B{RESET} wins {BOLD_GREEN}900{RESET}"
    )
    assert shown[8] == f"check: {GREEN}the amounts paid agree{RESET}"


def test_a_player_who_wins_nothing_is_not_highlighted() -> None:
    settlement = settle(deal_from_record(record_from_line(ODD), DEFAULTS), cards=True)
    last = text_out.settlement_text(settlement, look=Look(True)).splitlines()[-1]
    entries = last.split("   ")
    assert [strip_colour(e) for e in entries] == [
        f"{r.name} wins {r.won}" for r in settlement.players
    ]
    for entry, r in zip(entries, settlement.players, strict=True):
        won = f"{BOLD}{r.name}{RESET} wins {BOLD_GREEN}{r.won}{RESET}"
        assert entry == (won if r.won else f"{r.name} wins 0")
    assert any(r.won == 0 for r in settlement.players)


def test_odd_chips_and_side_pots_name_who_is_paid() -> None:
    shown = styled(ODD)
    assert f"odd chip {BOLD}1{RESET} to {BOLD}Carol{RESET}: 50 units" in shown
    assert (
        f"tied by {BOLD}Carol{RESET}, {BOLD}Alice{RESET} and {BOLD}Bob{RESET} (7-4-3-2-A)" in shown
    )
    side = styled(SIDE)
    assert (
        f"side pot 1 80 (B, C)   high {BOLD}40{RESET} to {BOLD}B{RESET} (flush, nine high)" in side
    )


def test_a_difference_is_red() -> None:
    shown = styled(WRONG)
    assert f"check: {BOLD_RED}DIFFERENCE{RESET} A was paid 34, should win 33" in shown


@pytest.mark.parametrize(
    ("status", "code"),
    [("ok", BOLD_GREEN), ("not-checkable", YELLOW), ("mismatch", BOLD_RED), ("error", BOLD_RED)],
)
def test_check_verdicts(status: check_out.Status, code: str) -> None:
    verdict = check_out.Verdict(status, "why", "won", {})
    shown = check_out.verdict_text(failed("a.phh", 5, "bad"), verdict, Look(True))
    word = check_out.VERDICTS[status]
    assert shown.startswith(f"{code}{word}{RESET}: a.phh:5: why")
    assert strip_colour(shown) == check_out.verdict_text(failed("a.phh", 5, "bad"), verdict)


def test_a_verdict_word_in_a_name_is_data() -> None:
    verdict = check_out.Verdict("mismatch", "MISMATCH was paid 10", "won", {"OK": (10, 0)})
    shown = check_out.verdict_text(failed("OK.phh", 5, "bad"), verdict, Look(True))
    assert shown.count("\x1b[") == 2  # the verdict word and its reset, nothing else


def _letters(text: str) -> str:
    back = {symbol: letter for letter, symbol in SYMBOLS.items()}
    return re.sub("[♠♥♦♣]", lambda m: back[m[0]], text)


@given(deals())
@settings(max_examples=150, deadline=None)
def test_any_report_keeps_its_text_and_colours_every_card_it_shows(deal) -> None:
    plain = text_out.settlement_text(settle(deal, cards=True))
    shown = text_out.settlement_text(settle(deal, cards=True), look=Look(True, "symbols"))
    assert _letters(strip_colour(shown)) == plain
    codes = {"s": "", "h": RED, "d": BLUE, "c": GREEN}
    head = shown.splitlines()[0]
    for card in deal.board:
        text = str(card)
        symbol = text[0] + SYMBOLS[text[1]]
        assert (coloured(symbol, codes[text[1]]) if codes[text[1]] else symbol) in head


# --- cli.terminal: deciding colour ----------------------------------------------------------------------


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("choice", "env", "tty", "expected"),
    [
        ("auto", {}, True, True),
        ("auto", {}, False, False),
        ("auto", {"NO_COLOR": "1"}, True, False),
        ("auto", {"NO_COLOR": ""}, True, True),  # no-color.org: set and not empty
        ("auto", {"TERM": "dumb"}, True, False),
        ("auto", {"TERM": "xterm-256color"}, True, True),
        ("always", {"NO_COLOR": "1", "TERM": "dumb"}, False, True),  # an explicit option wins
        ("never", {}, True, False),
    ],
)
def test_colour_wanted(choice: str, env: dict[str, str], tty: bool, expected: bool) -> None:
    stream = Tty() if tty else io.StringIO()
    assert terminal.colour_wanted(choice, stream, env, platform="linux") is expected


@pytest.mark.parametrize(
    ("env", "expected"), [({}, False), ({"WT_SESSION": "1"}, True), ({"TERM": "xterm"}, True)]
)
def test_windows_consoles_that_show_codes_as_text_get_none(
    env: dict[str, str], expected: bool
) -> None:
    assert terminal.colour_wanted("auto", Tty(), env, platform="win32") is expected
    assert terminal.colour_wanted("always", io.StringIO(), env, platform="win32") is True


def test_a_closed_stream_is_not_a_terminal() -> None:
    stream = io.StringIO()
    stream.close()
    assert terminal.is_terminal(stream) is False
    assert terminal.is_terminal(None) is False


def test_style_says_whether_a_report_is_plain() -> None:
    assert terminal.Style(False, "four-colour").plain
    assert not terminal.Style(False, "symbols").plain
    assert not terminal.Style(True, "two-colour").plain


# --- cli.terminal: progress and the summary -------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_waits_a_second_then_shows_counts_and_rate() -> None:
    clock, err = Clock(), Tty()
    with terminal.Progress("hilo batch", err, after=1.0, clock=clock) as progress:
        for _ in range(10):
            clock.now += 0.05
            progress.advance()
        assert err.getvalue() == ""  # half a second: nothing yet
        clock.now += 1.5
        progress.advance(5, errors=1, differences=2)
        assert err.getvalue() == "\rhilo batch: 15 records done, 8/s, 1 bad, 2 differ"
        clock.now += 0.01
        progress.advance()  # too soon to draw again
        assert err.getvalue().count("\r") == 1
        clock.now += 1
        progress.advance()
        assert err.getvalue().endswith("\rhilo batch: 17 records done, 6/s, 1 bad, 2 differ")
    # leaving the block takes the line off the screen
    assert err.getvalue().endswith(
        "\r" + " " * len("hilo batch: 17 records done, 6/s, 1 bad, 2 differ") + "\r"
    )


def test_no_progress_when_stderr_is_not_a_terminal() -> None:
    clock, err = Clock(), io.StringIO()
    with terminal.Progress("hilo batch", err, after=0, clock=clock) as progress:
        for _ in range(100):
            clock.now += 1
            progress.advance(differences=1)
    progress.finish()
    assert err.getvalue() == ""
    assert (progress.done, progress.differences) == (100, 100)


def test_progress_makes_way_for_results_on_the_same_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdout", Tty())
    clock, err = Clock(), Tty()
    progress = terminal.Progress("hilo batch", err, after=0, clock=clock)
    progress.advance()
    drawn = err.getvalue()
    assert drawn.startswith("\rhilo batch: 1 record done")
    progress.before_output()
    assert err.getvalue() == drawn + "\r" + " " * (len(drawn) - 1) + "\r"


def test_summary_line() -> None:
    assert terminal.summary("hilo batch", 8, 1, 1, 0.042) == (
        "hilo batch: 8 records in 0.04 s: 7 settled, 1 check differs, 1 bad record"
    )
    assert terminal.summary("hilo check", 1, 0, 2, 75) == (
        "hilo check: 1 record in 1 min 15 s: 1 settled, 2 checks differ, 0 bad records"
    )
    assert terminal.summary("hilo batch", 12345, 0, 0, 12.34) == (
        "hilo batch: 12,345 records in 12.3 s: 12,345 settled, 0 checks differ, 0 bad records"
    )


def test_the_summary_at_a_terminal_or_when_asked() -> None:
    for err, force, shown in (
        (Tty(), False, True),
        (io.StringIO(), False, False),
        (io.StringIO(), True, True),
    ):
        clock = Clock()
        progress = terminal.Progress("hilo batch", err, after=1, clock=clock)
        progress.advance(3, errors=1)
        clock.now += 0.5
        progress.finish(force=force)
        expected = "hilo batch: 3 records in 0.50 s: 2 settled, 0 checks differ, 1 bad record\n"
        assert err.getvalue() == (expected if shown else "")


def test_in_flight_counts_what_is_done_not_what_was_read() -> None:
    flight = terminal.InFlight()
    records = [("a", 1), ("a", 2), ("a", 2), ("b", 1), ("b", 5)]
    fed = flight.feed(records, key=lambda r: r)
    read = [next(fed) for _ in range(4)]
    assert read == records[:4] and flight.read == 4
    assert flight.reached(("a", 1)) == 1
    assert flight.reached(("a", 2)) == 2  # a run of records headed by the first (a, 2)
    assert flight.reached(("b", 1)) == 4
    assert flight.reached(("nowhere", 0)) == 0


def test_stdin_hint_only_for_a_terminal() -> None:
    err = io.StringIO()
    terminal.stdin_hint("hilo batch", io.StringIO(), err)
    assert err.getvalue() == ""
    terminal.stdin_hint("hilo batch", Tty(), err)
    hint = err.getvalue()
    assert (
        hint.count("\n") == 1
        and "Ctrl-D" in hint
        and "FILE" in hint
        and "hilo batch --help" in hint
    )


def test_one_threshold_for_progress_of_records_and_of_runouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``HILO_PROGRESS_AFTER`` moves the runout bar as it moves the records' progress line."""
    for after, shown in (("0", True), ("1000", False)):
        monkeypatch.setenv("HILO_PROGRESS_AFTER", after)
        stream, now = Tty(), [0.0]
        assert terminal.Progress("hilo batch", stream).after == float(after)
        with terminal.RunoutBar(stream, clock=lambda now=now: now[0]) as bar:
            bar(1, 1000)
            now[0] += 0.01  # a thousand runouts at this pace take ten seconds
            bar(2, 1000)
        assert ("runouts" in stream.getvalue()) is shown, after
