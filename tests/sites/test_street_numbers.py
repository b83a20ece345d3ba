"""``text.street_numbers``: a site's street names to street numbers, as the text readers' tables use them."""

from __future__ import annotations

import pytest

from hilo_cli.histories import bovada, merge, partypoker
from hilo_cli.histories.text import street_numbers


@pytest.mark.parametrize(
    ("streets", "expected"),
    [
        (("PREFLOP", "FLOP"), {"PREFLOP": 0, "FLOP": 1}),
        ((("BRING_IN", "THIRD"), "FOURTH"), {"BRING_IN": 0, "THIRD": 0, "FOURTH": 1}),
        (("3RD", ("RIVER", "7TH")), {"3RD": 0, "RIVER": 1, "7TH": 1}),
        (("", "Fourth street"), {"": 0, "Fourth street": 1}),
        ((), {}),
    ],
)
def test_names_in_order_numbered_from_zero(
    streets: tuple[str | tuple[str, ...], ...], expected: dict[str, int]
) -> None:
    got = street_numbers(*streets)
    assert got == expected, f"{streets}: expected {expected}, got {got}"
    assert list(got) == list(expected), f"{streets}: names out of order: {list(got)}"


def test_a_name_is_not_taken_for_its_letters() -> None:
    """A street's name is one name, not the letters of it (a string is iterable too)."""
    assert street_numbers("FLOP") == {"FLOP": 0}


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        (bovada.BOARD_STREETS, {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}),
        (
            bovada.STUD_STREETS,
            {
                "3RD STREET": 0,
                "4TH STREET": 1,
                "5TH STREET": 2,
                "6TH STREET": 3,
                "RIVER": 4,
                "7TH STREET": 4,
            },
        ),
        (partypoker.BOARD_STREETS, {"down cards": 0, "Flop": 1, "Turn": 2, "River": 3}),
        (
            partypoker.STUD_STREETS,
            {
                "": 0,
                "Fourth street": 1,
                "Fifth street": 2,
                "Sixth street": 3,
                "River": 4,
                "Seventh street": 4,
            },
        ),
        (merge.BOARD_ROUNDS, {"PREFLOP": 0, "POSTFLOP": 1, "POSTTURN": 2, "POSTRIVER": 3}),
        (
            merge.STUD_ROUNDS,
            {
                "BRING_IN": 0,
                "THIRD_STREET": 0,
                "FOURTH_STREET": 1,
                "FIFTH_STREET": 2,
                "SIXTH_STREET": 3,
                "SEVENTH_STREET": 4,
            },
        ),
    ],
)
def test_the_sites_tables_are_the_ones_they_wrote_out(
    table: dict[str, int], expected: dict[str, int]
) -> None:
    """Each table as the site's module wrote it as a dict literal before ``street_numbers``."""
    assert table == expected, f"expected {expected}, got {table}"
