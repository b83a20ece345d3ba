"""The text writers style the pieces they write (issue 22): a card is coloured because the writer wrote a
card, never because some text looks like one."""

from __future__ import annotations

import re

from conftest import deals, run
from hypothesis import given, settings

from hilo_cli.formats import text_out
from hilo_cli.formats.colour import BOLD, BOLD_GREEN, GREEN, RESET, SYMBOLS, strip_colour
from hilo_cli.showdown import settle

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
    from hilo_cli.formats.colour import Look
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
    from hilo_cli.formats.colour import Look

    settlement = settle(deal, cards=True)
    plain = text_out.settlement_text(settlement)
    for look in (
        Look(True, "four-colour"),
        Look(True, "two-colour"),
        Look(True, "symbols"),
        Look(False, "symbols"),
    ):
        assert _letters(strip_colour(text_out.settlement_text(settlement, look=look))) == plain
