"""Card text: liberal parsing, canonical output (``Td``), and errors that name the token and its place."""

from __future__ import annotations

import pytest

from hilo_cli.cards import DECK, LOW_RANKS, Card, card, format_cards, parse_cards, parse_labelled
from hilo_cli.errors import CardError, ExitStatus, HiloError

GOOD = [
    ("AsKd2c3h", "As Kd 2c 3h"),
    ("As Kd 2c 3h", "As Kd 2c 3h"),
    ("As,Kd, 2c ,3h", "As Kd 2c 3h"),
    ("  as  kd\t2C\n3H ", "As Kd 2c 3h"),
    ("10h 10d", "Th Td"),
    ("10h10dTc", "Th Td Tc"),
    ("td tD Td TD", "Td Td Td Td"),
    ("T♦ A♠ 2♥ 3♣", "Td As 2h 3c"),
    ("K♤ Q♡ J♢ 9♧", "Ks Qh Jd 9c"),
    ("A♠K♥", "As Kh"),
    ("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac", "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"),
    ("", ""),
    (["Ah", "td", "10S", "k♦"], "Ah Td Ts Kd"),
    ([], ""),
]


@pytest.mark.parametrize(("text", "canonical"), GOOD, ids=[repr(t) for t, _ in GOOD])
def test_parse_good(text, canonical):
    got = format_cards(parse_cards(text))
    assert got == canonical, f"parse_cards({text!r}): expected {canonical!r}, got {got!r}"


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("As Kx", "Kx", 2),
        ("As 1h", "1h", 2),
        ("Xs", "Xs", 1),
        ("AsKdX", "X", 3),
        ("AsK", "K", 2),
        ("As Kd 2c3hZz", "Zz", 5),
        ("As,Kd,11h", "11h", 3),
        ("Ah 0c", "0c", 2),
        ("A", "A", 1),
        ("s", "s", 1),
        ("Ah 2c 3d 4s 5h 6c 7e", "7e", 7),
        (["As", "Kd", "zz"], "zz", 3),
        (["Ah", "Ahh"], "h", 3),
    ],
)
def test_parse_bad_names_token_and_position(text, token, position):
    with pytest.raises(CardError) as raised:
        parse_cards(text)
    message = str(raised.value)
    assert repr(token) in message, (
        f"parse_cards({text!r}): message {message!r} does not name {token!r}"
    )
    assert f"card {position}" in message, (
        f"parse_cards({text!r}): message {message!r} lacks 'card {position}'"
    )


def test_parse_list_with_non_text_item():
    with pytest.raises(CardError, match="card 2"):
        parse_cards(["As", 3])


@pytest.mark.parametrize(
    ("text", "rank", "suit", "canonical"),
    [
        ("Td", 10, 1, "Td"),
        ("10h", 10, 2, "Th"),
        ("td", 10, 1, "Td"),
        ("T♦", 10, 1, "Td"),
        ("2c", 2, 0, "2c"),
        ("As", 14, 3, "As"),
        ("a♠", 14, 3, "As"),
        ("9♧", 9, 0, "9c"),
        (" Qh ", 12, 2, "Qh"),
    ],
)
def test_single_card(text, rank, suit, canonical):
    c = card(text)
    assert isinstance(c, Card)
    assert (c.rank, c.suit, str(c)) == (rank, suit, canonical), f"card({text!r}) gave {c!r}"
    assert int(c) == (rank - 2) * 4 + suit


@pytest.mark.parametrize("text", ["1h", "Tdx", "T", "d", "", "11c", "Ax", "AsKd", "10"])
def test_single_card_rejects(text):
    with pytest.raises(CardError):
        card(text)


def test_low_rank_counts_the_ace_as_one():
    assert card("Ah").low_rank == 1
    assert card("Ah").rank == 14
    assert [card(f"{r}c").low_rank for r in "2345678"] == [2, 3, 4, 5, 6, 7, 8]
    assert card("Kc").low_rank == 13


def test_deck_is_52_distinct_cards_in_rank_then_suit_order():
    assert len(DECK) == 52 and len(set(DECK)) == 52
    texts = [str(c) for c in DECK]
    assert texts[:5] == ["2c", "2d", "2h", "2s", "3c"]
    assert texts[-4:] == ["Ac", "Ad", "Ah", "As"]
    assert all(card(t) is c or card(t) == c for t, c in zip(texts, DECK, strict=True))
    assert sorted({t[0] for t in texts}) == sorted("23456789TJQKA")


def test_cards_compare_by_rank_then_suit():
    # The stud odd-chip order (RULES §4.6): spades > hearts > diamonds > clubs within a rank.
    assert card("As") > card("Ah") > card("Ad") > card("Ac") > card("Ks")
    assert max(parse_cards("Th Ts 9s")) == card("Ts")


def test_format_and_repr():
    assert format_cards(parse_cards("ah 10c 2♦")) == "Ah Tc 2d"
    assert repr(card("Td")) == "Card('Td')"


def test_card_error_is_a_hilo_error_with_bad_input_status():
    with pytest.raises(HiloError) as raised:
        parse_cards("Zz")
    assert isinstance(raised.value, CardError)
    assert raised.value.exit_status == ExitStatus.BAD_INPUT == 2


def test_one_table_of_low_ranks() -> None:
    assert [LOW_RANKS[c] for c in parse_cards("Ah 2c 8d Ts Kc")] == [1, 2, 8, 10, 13]
    assert LOW_RANKS == tuple(c.low_rank for c in DECK)


def test_cards_parsed_under_a_label_say_whose_they_were() -> None:
    assert parse_labelled("As Kd", "dead") == parse_labelled(["As", "Kd"], "dead")
    with pytest.raises(CardError) as caught:
        parse_labelled("As Zz", "dead")
    assert caught.value.message.startswith("dead: 'Zz' (card 2) is not a card")
