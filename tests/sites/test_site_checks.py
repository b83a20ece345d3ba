"""What the checker does with what a site prints, for every site reader (issue 17): rake derived where the
site prints none (RULES §13), each half of each pot checked where the site tags the halves, the depth a
check reached, and money shown as the site writes it. Records of the project's own PokerStars hands,
changed to say what another site would."""

from __future__ import annotations

import json

import pytest
from conftest import TEST_DATA

from hilo_cli.checking import check, half_shares, render
from hilo_cli.histories import HandRecord, read
from hilo_cli.histories.base import Currency
from hilo_cli.histories.summary import derived_rake

DATA = TEST_DATA / "pokerstars"


def record_of(name: str, hand: int = 0) -> HandRecord:
    records = [
        r for r in read(name, (DATA / name).read_text(encoding="utf-8")) if r.hand is not None
    ]
    return records[hand]


def no_rake_printed(record: HandRecord) -> HandRecord:
    """The record as a site that prints no rake, no pots and no pot lines gives it: totals only."""
    return record._replace(summary=None, derive_rake=True, recorded_by_pot=None, depth="per player")


# -- rake derived where the site prints none ----------------------------------------------------------


@pytest.mark.parametrize(
    "built, paid, rake",
    [
        ((1000,), 1000, ()),
        ((1000,), 950, (50,)),
        ((1000,), 900, (100,)),
        ((1000,), 899, None),
        ((420, 400), 779, (21, 20)),
        ((400, 380), 739, (21, 20)),
        ((10, 380), 360, (1, 29)),
        ((5,), 4, (1,)),
        ((1000,), 1100, ()),
        ((300, 300, 300), 898, (1, 1, 0)),
    ],
)
def test_derived_rake_in_proportion_and_never_more_than_a_tenth(
    built: tuple[int, ...], paid: int, rake: tuple[int, ...] | None
) -> None:
    assert derived_rake(built, paid) == rake


def test_a_site_without_a_rake_line_is_checked_after_the_rake_it_took() -> None:
    record = no_rake_printed(record_of("side-pots-rake.txt"))
    settlement, verdict = check(record)
    assert verdict.status == "ok", verdict
    assert settlement is not None and [p.rake for p in settlement.pots] == [
        21,
        20,
    ]  # as the site took it
    assert verdict.depth == "per player"


def test_with_a_line_per_pot_each_pot_pays_its_own_rake() -> None:
    record = record_of("side-pots-rake.txt")._replace(summary=None, derive_rake=True)
    assert record.recorded_by_pot == ({"Carol": 200, "Alice": 199}, {"Carol": 380})
    settlement, verdict = check(record)
    assert (
        verdict.status == "ok"
        and settlement is not None
        and [p.rake for p in settlement.pots] == [21, 20]
    )
    underpaid = record._replace(
        recorded_by_pot=({"Carol": 200, "Alice": 199}, {"Carol": 300}),
        recorded_won={"Carol": 500, "Alice": 199},
    )
    _, verdict = check(underpaid)  # the side pot paid 100 less than it holds: no rake, a finding
    assert verdict.status == "mismatch" and "never awarded" in verdict.why


def test_a_pot_never_awarded_is_no_rake() -> None:
    record = no_rake_printed(record_of("quartered.txt"))
    assert record.recorded_won is not None
    paid = dict(record.recorded_won)
    paid.pop("Dan")  # the high half never paid: far more than a rake
    _, verdict = check(record._replace(recorded_won=paid))
    assert verdict.status == "mismatch"
    assert (
        "more than a tenth of the pot unpaid is no rake" in verdict.why
        and "never awarded" in verdict.why
    )


# -- each half of each pot ------------------------------------------------------------------------------


def halves(record: HandRecord, paid: list[dict[str, dict[str, int]]]) -> HandRecord:
    return record._replace(recorded_halves=tuple(paid), depth="per half")


def test_halves_paid_right_are_ok_at_the_depth_of_halves() -> None:
    record = halves(record_of("odd-cent.txt"), [{"high": {"Gus": 91}, "low": {"Eve": 90}}])
    _, verdict = check(record)
    assert verdict.status == "ok" and verdict.depth == "per half" and verdict.pots == ()


def test_halves_swapped_with_the_totals_right_are_a_mismatch() -> None:
    # Rod's high and Tia's low are 57 each: paid the other way round, each total is still right.
    record = record_of("mixed-8-game.txt", 0)
    assert record.recorded_won == {"Rod": 57, "Tia": 57}
    _, verdict = check(halves(record, [{"high": {"Tia": 57}, "low": {"Rod": 57}}]))
    assert verdict.status == "mismatch" and verdict.differences == {}
    assert verdict.why.startswith(
        "each player's total is right, but the pot's high half was paid to other players"
    )
    assert [(p.half, p.recorded, p.recomputed) for p in verdict.pots or ()] == [
        ("high", {"Tia": 57}, {"Rod": 57}),
        ("low", {"Rod": 57}, {"Tia": 57}),
    ]
    text = render(
        halves(record, [{"high": {"Tia": 57}, "low": {"Rod": 57}}]), None, verdict, "text"
    ).decode()
    assert "\n  pot high half: recorded Tia $0.57; the cards and the rules give Rod $0.57\n" in text


def test_half_shares_divide_each_half_on_its_own() -> None:
    record = record_of("tampered.txt", 0)  # high 58 to Dan, low 57 tied by Cy and Ann
    settlement, _ = check(record)
    assert settlement is not None
    assert half_shares(settlement.pots[0]) == {"high": {"Dan": 58}, "low": {"Cy": 29, "Ann": 28}}
    scoop, _ = check(record_of("side-pots-rake.txt"))
    assert scoop is not None and half_shares(scoop.pots[1]) is None  # a scoop: the pot whole


# -- depth and money --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "currency, units, shown",
    [
        (Currency("$", "", 100), 399, "$3.99"),
        (Currency("", "€", 100), 496, "4.96€"),
        (Currency("EUR ", "", 100, "EUR"), 69925, "EUR 699.25"),
        (Currency(), 1500, "1,500"),
        (Currency("$", "", 100), -1, "-$0.01"),
        (Currency("$", "", 100), 123456789, "$1,234,567.89"),
    ],
)
def test_money_is_shown_as_the_site_writes_it(currency: Currency, units: int, shown: str) -> None:
    assert currency.show(units) == shown


def test_json_says_the_depth_and_the_currency_and_keeps_integer_cents() -> None:
    record = record_of("tampered.txt", 0)
    settlement, verdict = check(record)
    out = json.loads(render(record, settlement, verdict, "json"))
    assert out["check"]["depth"] == "per pot"
    assert out["check"]["currency"] == {"before": "$", "after": "", "scale": 100, "code": "USD"}
    assert out["check"]["differences"]["Ann"]["recorded"] == 29


def test_a_per_player_record_says_so_in_its_verdict() -> None:
    record = no_rake_printed(record_of("side-pots-rake.txt"))
    settlement, verdict = check(record)
    text = render(record, settlement, verdict, "text").decode()
    assert text.splitlines()[0].endswith("(checked: per player totals)")
    per_pot = record_of("side-pots-rake.txt")
    settlement, verdict = check(per_pot)
    assert "checked:" not in render(per_pot, settlement, verdict, "text").decode().splitlines()[0]
