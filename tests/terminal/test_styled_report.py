"""The text writers style the pieces they write (issue 22): a card is coloured because the writer wrote a
card, never because some text looks like one."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import TEST_DATA, deals, run
from hypothesis import given, settings

from hilo_cli.formats import text_out
from hilo_cli.formats.styled import BOLD, BOLD_GREEN, GREEN, RESET, SYMBOLS, Look, strip_colour
from hilo_cli.showdown import settle

DATA = TEST_DATA
CARD_NAMES = [
    "showdown",
    "--board",
    "Ac 3d 6h Ks Kd",
    "As Kh=2c 4d Qc Jd",
    "Td=Kh Kc 2h 4s",
    "--pot",
    "1200",
]


def hilo(*args: str) -> str:
    result = run(list(args), env={"NO_COLOR": None})
    assert result.exit_code == 0, result.output
    return result.output


def test_a_player_named_like_cards_keeps_the_name_under_symbols() -> None:
    lines = hilo(*CARD_NAMES, "--suits", "symbols").splitlines()
    assert lines[0] == "Omaha Hi/Lo 8 or better   board A♣ 3♦ 6♥ K♠ K♦   pot 1200"
    assert lines[1].startswith("As Kh  2♣ 4♦ Q♣ J♦   high  Q♣ J♦ + K♠ K♦ A♣")
    assert lines[3].startswith("Td     K♥ K♣ 2♥ 4♠")
    assert "tied by As Kh and Td (" in lines[6]
    assert lines[-1] == "As Kh wins 300 (quartered)   Td wins 900"


def test_in_colour_the_name_is_a_winner_not_cards() -> None:
    lines = hilo(*CARD_NAMES, "--suits", "symbols", "--color", "always").splitlines()
    assert lines[1].startswith("As Kh  ")
    assert lines[-1] == (
        f"{BOLD}As Kh{RESET} wins {BOLD_GREEN}300{RESET} (quartered)   "
        f"{BOLD}Td{RESET} wins {BOLD_GREEN}900{RESET}"
    )


def test_the_plain_look_writes_exactly_the_plain_report() -> None:
    plain = hilo(*CARD_NAMES)
    assert hilo(*CARD_NAMES, "--color", "never", "--suits", "two-colour") == plain
    assert strip_colour(hilo(*CARD_NAMES, "--color", "always")) == plain


def test_amounts_in_a_site_s_money_are_styled_too() -> None:
    """The writer knows an amount whatever the money looks like (``$3.00``), where a pattern for digits
    did not."""
    from hilo_cli.formats.records import Defaults, deal_from_record
    from hilo_cli.formats.text_in import record_from_line

    line = "Ac 3d 6h Ks Kd | A: 2c 4d Qc Jd | B: Kh Kc 2h 4s | pot 1200 | expect A=300 B=900"
    settlement = settle(
        deal_from_record(record_from_line(line), Defaults("omaha8", 8, 1, None)), cards=True
    )
    shown = text_out.settlement_text(settlement, show=lambda n: f"${n / 100:.2f}", look=Look(True))
    assert f"{BOLD}A{RESET} wins {BOLD_GREEN}$3.00{RESET} (quartered)" in shown
    assert f"check: {GREEN}the amounts paid agree{RESET}" in shown


def _letters(text: str) -> str:
    back = {symbol: letter for letter, symbol in SYMBOLS.items()}
    return re.sub("[♠♥♦♣]", lambda m: back[m[0]], text)


@given(deals())
@settings(max_examples=100, deadline=None)
def test_any_report_in_any_look_is_the_plain_report_styled(deal) -> None:

    settlement = settle(deal, cards=True)
    plain = text_out.settlement_text(settlement)
    for look in (
        Look(True, "four-colour"),
        Look(True, "two-colour"),
        Look(True, "symbols"),
        Look(False, "symbols"),
    ):
        assert _letters(strip_colour(text_out.settlement_text(settlement, look=look))) == plain


# -- batch and check: the look goes to the writer (issue 22), no report is read back -------------------

CARD_NAMED_RECORD = {
    "board": "Ac 3d 6h Ks Kd",
    "players": [
        {"name": "As Kh", "hole": "2c 4d Qc Jd"},
        {"name": "Td", "hole": "Kh Kc 2h 4s"},
    ],
    "pot": 1200,
}


def symbols(command: str, path: Path, *more: str) -> list[list[str]]:
    """The lines of ``hilo COMMAND PATH --suits symbols``, without and with colour, the codes taken out."""
    return [
        strip_colour(
            hilo(command, str(path), *more, "--suits", "symbols", "--color", c)
        ).splitlines()
        for c in ("never", "always")
    ]


def test_batch_keeps_a_card_like_name_under_symbols(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(CARD_NAMED_RECORD))
    for lines in symbols("batch", path):
        assert lines[0].endswith("board A♣ 3♦ 6♥ K♠ K♦   pot 1200")
        assert lines[1].startswith("As Kh  2♣ 4♦ Q♣ J♦   high  Q♣ J♦ + K♠ K♦ A♣")
        assert "tied by As Kh and Td (" in lines[6]
        assert lines[-2:] == ["As Kh wins 300 (quartered)   Td wins 900", ""]


def test_batch_with_workers_styles_as_one_process_does(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text("".join(json.dumps({**CARD_NAMED_RECORD, "id": i}) + "\n" for i in range(5)))
    args = ["batch", str(path), "--suits", "symbols", "--color", "always"]
    assert hilo(*args, "--jobs", "2") == hilo(*args)


def card_named_hand(tmp_path: Path) -> Path:
    """tests/data/phh/quartered.phh with Ann and Bob renamed ``As Kh`` and ``Td``."""
    text = (DATA / "phh" / "quartered.phh").read_text()
    path = tmp_path / "hand.phh"
    path.write_text(text.replace("['Ann', 'Bob', 'Cat']", "['As Kh', 'Td', 'Cat']"))
    return path


def test_check_keeps_a_card_like_name_under_symbols(tmp_path: Path) -> None:
    for lines in symbols("check", card_named_hand(tmp_path)):
        assert lines[0].startswith("OK: ")
        assert lines[1].endswith("board 3♣ 5♦ 7♥ K♦ K♠   900 put in")
        assert lines[2].startswith("As Kh  A♣ 2♥ K♣ Q♣   high  K♣ A♣ + K♠ K♦ 7♥")
        assert "tied by As Kh and Td (" in lines[-4]
        assert lines[-3] == "As Kh wins 675   Td wins 225 (quartered)   Cat wins 0"


def test_check_in_colour_names_the_winner_not_cards(tmp_path: Path) -> None:
    path = card_named_hand(tmp_path)
    lines = hilo("check", str(path), "--suits", "symbols", "--color", "always").splitlines()
    assert lines[0].startswith(f"{BOLD_GREEN}OK{RESET}: ")
    assert lines[-3].startswith(f"{BOLD}As Kh{RESET} wins {BOLD_GREEN}675{RESET}")


def test_check_all_in_lines_show_every_board_card_under_symbols() -> None:
    """The board of an all-in line is a piece of cards: its last card, before a comma, was left as
    letters when the pattern looked for cards followed by a space."""
    path = DATA / "allin" / "pokerstars-all-in.txt"
    plain = [
        line for line in hilo("check", str(path), "--all-in").splitlines() if "all in " in line
    ]
    assert plain and any(line.split(", ")[1].startswith("board ") for line in plain)
    for lines in symbols("check", path, "--all-in"):
        shown = [line for line in lines if "all in " in line]
        assert len(shown) == len(plain)
        for mine, letters in zip(shown, plain, strict=True):
            assert mine == re.sub(
                r"\b([2-9TJQKA])([shdc])\b", lambda m: m[1] + SYMBOLS[m[2]], letters
            )
