"""The --all-in summary and plot across sites and currencies (issue 30), in memory that does not grow with
the hands (issue 31).

A row per player and unit: money by its currency whichever site and however written (``$`` and ``USD``
are one row, ``4.96€`` and ``€3.50`` one), chips by site and scale, and tournament chips never in money.
The reference below groups every hand's net chips by its own small table of signs and codes; the summary
must give the same sums. The plot is a panel per unit on one axis of hands, a colour and a legend entry
per player, every line from hand 0.
"""

from __future__ import annotations

import json
import random
import re
import tracemalloc
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import SHARED_DIR, TEST_DATA

from hilo_cli.allin import BUCKETS, AllIn, HandLuck, Luck, PlayerAllIn, Thinned, Unit, unit_of
from hilo_cli.checking import Checked, process
from hilo_cli.cli import main
from hilo_cli.formats.allin_out import summary_dict, summary_text
from hilo_cli.histories import HandText, hands, read_text
from hilo_cli.histories.base import Currency

# -- which row a hand adds to ---------------------------------------------------------------------------

DOLLARS = Unit("USD", None, 100)
EUROS = Unit("EUR", None, 100)


@pytest.mark.parametrize(
    ("currency", "site", "unit"),
    [
        (Currency("$", "", 100), "pokerstars", DOLLARS),  # PokerStars: the sign, no code
        (Currency("$", "", 100, "USD"), "bovada", DOLLARS),
        (Currency("", "", 100, "USD"), "winning", DOLLARS),  # bare decimals, the code known
        (Currency("", "€", 100, "EUR"), "winamax", EUROS),  # 4.96€
        (Currency("€", "", 100), "ipoker", EUROS),  # €3.50, no code
        (Currency("EUR ", "", 100, "EUR"), "entraction", EUROS),
        (Currency("EUR ", "", 100), "entraction", EUROS),  # a code written as the sign
        (Currency("£", "", 100), "pokerstars", Unit("GBP", None, 100)),
        (Currency("SEK ", "", 100, "SEK"), "entraction", Unit("SEK", None, 100)),
        (Currency(), "pokerstars", Unit(None, "pokerstars", 1)),  # a tournament's chips
        (Currency("$", "", 1), "pacific888", Unit(None, "pacific888", 1)),  # tournament, with a $
        (Currency("", "", 100), "kingsclub", Unit(None, "kingsclub", 100)),  # no currency named
        (Currency("", "", 100), "pacific888", Unit(None, "pacific888", 100)),  # play money
        (None, "phh", Unit(None, "phh", 1)),
        (None, None, Unit(None, None, 1)),
    ],
)
def test_a_hands_unit_is_its_currency_or_its_sites_chips(
    currency: Currency | None, site: str | None, unit: Unit
) -> None:
    assert unit_of(currency, site) == unit


def test_every_currency_is_shown_one_way_whatever_the_site() -> None:
    assert DOLLARS.currency.show(-199) == "-$1.99"
    assert EUROS.currency.show(496) == "€4.96"
    assert Unit("SEK", None, 100).currency.show(400) == "SEK 4.00"
    assert Unit(None, "kingsclub", 100).currency.show(-36350) == "-363.50"
    assert Unit(None, "pokerstars", 1).currency.show(1500) == "1,500"


def _hand(net: dict[str, int], currency: Currency | None, hero: str | None = "Ann") -> HandLuck:
    return HandLuck("x.txt", 1, None, currency, net, None, hero)


def test_dollars_are_one_row_euros_one_and_chips_a_row_per_site() -> None:
    luck = Luck()
    luck.add(_hand({"Ann": 150, "Bob": -150}, Currency("$", "", 100)), "pokerstars")
    luck.add(_hand({"Ann": -40, "Bob": 40}, Currency("$", "", 100, "USD")), "bovada")
    luck.add(_hand({"Ann": 496, "Bob": -496}, Currency("", "€", 100, "EUR")), "winamax")
    luck.add(_hand({"Ann": -350, "Bob": 350}, Currency("€", "", 100)), "ipoker")
    luck.add(_hand({"Ann": 2000, "Bob": -2000}, Currency()), "pokerstars")  # tournament chips
    luck.add(_hand({"Ann": 300, "Bob": -300}, Currency()), "cake")
    rows = {(r.name, r.unit): (r.hands, r.won) for r in luck.rows()}
    assert rows == {
        ("Ann", EUROS): (2, 146),
        ("Ann", DOLLARS): (2, 110),
        ("Ann", Unit(None, "cake", 1)): (1, 300),
        ("Ann", Unit(None, "pokerstars", 1)): (1, 2000),
    }
    text = summary_text(luck)
    assert "\nAnn     EUR " in text and "€1.46" in text and "4.96€" not in text
    assert "$1.10" in text and "\nAnn     USD " in text and "\nAnn     $" not in text
    assert "Cake Poker chips" in text and "PokerStars chips" in text and "2,000" in text
    players = summary_dict(luck)["players"]
    assert [(p["unit"], p["money"], p["site"]) for p in players] == [
        ("EUR", True, None),
        ("USD", True, None),
        ("Cake Poker chips", False, "cake"),
        ("PokerStars chips", False, "pokerstars"),
    ]
    assert players[1]["currency"] == {"before": "$", "after": "", "scale": 100, "code": "USD"}


# -- the project's own histories of several sites ----------------------------------------------------------

OWN = [
    TEST_DATA / "pokerstars" / "side-pots-rake.txt",  # $, no code
    TEST_DATA / "bovada" / "side-pot.txt",  # $ and USD
    TEST_DATA / "winamax" / "side-pot.txt",  # 4.96€
    TEST_DATA / "ipoker" / "side-pot.xml",  # €3.50
    TEST_DATA / "ipoker" / "tournament.xml",  # iPoker chips
    TEST_DATA / "cake" / "side-pot.txt",  # Cake chips
    TEST_DATA / "kingsclub" / "side-pot.txt",  # amounts of no named currency
    TEST_DATA / "phh" / "plo8-side-pots.phh",
]
SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}


def reference_unit(currency: Currency | None, site: str | None) -> tuple[Any, ...]:
    """The test's own grouping: money by code, else by a known sign; anything else a site's chips."""
    if currency is not None and currency.scale == 100:
        sign = currency.before.strip() + currency.after.strip()
        code = (
            currency.code or SIGNS.get(sign) or (sign if re.fullmatch("[A-Z]{3}", sign) else None)
        )
        if code is not None:
            return ("money", code)
    return ("chips", site, currency.scale if currency is not None else 1)


def checked(paths: list[Path]) -> list[Checked]:
    out = []
    for path in paths:
        with path.open("rb") as stream:
            for piece in hands(str(path), stream, "auto"):
                record = read_text(piece) if isinstance(piece, HandText) else piece
                site = piece.reader if isinstance(piece, HandText) else None
                out.append(process(record, "json", all_in=True)._replace(site=site))
    return out


def _sums(outcomes: list[Checked], players: tuple[str, ...] = ()) -> Luck:
    luck = Luck(players)
    for outcome in outcomes:
        if outcome.luck is not None:
            luck.add(outcome.luck, outcome.site)
    return luck


def _check_rows_against_the_reference(outcomes: list[Checked], luck: Luck) -> None:
    expected: dict[tuple[str, tuple[Any, ...]], list[int]] = {}
    for outcome in outcomes:
        hand = outcome.luck
        if hand is None or not hand.net:
            continue
        unit = reference_unit(hand.currency, outcome.site)
        for name, net in hand.net.items():
            row = expected.setdefault((name, unit), [0, 0])
            row[0] += 1
            row[1] += net
    got = {}
    for r in luck.rows():
        unit = ("money", r.unit.code) if r.unit.code else ("chips", r.unit.site, r.unit.scale)
        assert (r.name, unit) not in got, f"two rows of {r.name} in {unit}"
        got[r.name, unit] = [r.hands, r.won]
    shown = luck.shown()
    assert got == {k: v for k, v in expected.items() if not shown or k[0] in shown}


def test_the_own_histories_sum_a_row_per_currency_and_site_chips() -> None:
    outcomes = checked(OWN)
    names = tuple(sorted({n for o in outcomes if o.luck for n in o.luck.net}))
    luck = _sums(outcomes, names)  # every player, though the sites mark a hero
    _check_rows_against_the_reference(outcomes, luck)
    units = {r.unit for r in luck.rows()}
    assert {u.code for u in units if u.code} == {"USD", "EUR"}
    assert {u.site for u in units if u.code is None} >= {"ipoker", "cake", "kingsclub", "phh"}


def test_the_command_keeps_currencies_apart(tmp_path: Path) -> None:
    args = ["check", "--all-in", "--format", "json"]
    names = {n for o in checked(OWN) if o.luck for n in o.luck.net}
    args += [a for name in sorted(names) for a in ("--player", name)]
    result = CliRunner().invoke(main, [*args, *map(str, OWN)])
    summary = json.loads(result.stdout.splitlines()[-1])["all_in_summary"]
    labels: dict[str, list[str]] = {}
    for row in summary["players"]:
        labels.setdefault(row["name"], []).append(row["unit"])
        assert row["money"] == (row["site"] is None)
        assert row["money"] == (row["unit"] in ("USD", "EUR"))
        assert row["currency"]["code"] == (row["unit"] if row["money"] else None)
    assert all(len(set(units)) == len(units) for units in labels.values())
    assert {u for units in labels.values() for u in units} >= {
        "USD",
        "EUR",
        "iPoker chips",
        "Cake Poker chips",
        "KingsClub chips",
        "PHH chips",
    }


# -- the real histories of every site -------------------------------------------------------------------

HISTORIES = SHARED_DIR / "handhistories"


def _shared_files() -> list[Path]:
    if not HISTORIES.is_dir():
        pytest.skip("../shared/handhistories is absent")
    return sorted(p for p in HISTORIES.rglob("*") if p.is_file() and p.suffix != ".md")


@pytest.mark.slow
def test_every_sites_real_histories_keep_currencies_apart(tmp_path: Path) -> None:
    """Issue 30's done-when: over ../shared/handhistories (every site), the summary and the plot keep
    currencies apart: a row per unit, each the sum of its own hands, and a panel per row."""
    pytest.importorskip("matplotlib")
    from hilo_cli.formats.allin_plot import picture

    outcomes = checked(_shared_files())
    luck = _sums(outcomes)
    assert luck.hero() == "Hero"
    _check_rows_against_the_reference(outcomes, luck)
    units = [r.unit for r in luck.rows()]
    assert [u.code for u in units if u.code] == ["EUR", "USD"]  # one row each
    assert "pokerstars" in {u.site for u in units if u.code is None}  # the tournaments' chips
    plotted = Luck(plot=True)
    for outcome in outcomes:
        if outcome.luck is not None:
            plotted.add(outcome.luck, outcome.site)
    figure = picture(plotted)
    titles = [axes.get_title(loc="left") for axes in figure.axes]
    assert titles == ["EUR", "USD", *(t for t in titles[2:] if t.endswith(" chips"))]
    assert len(titles) == len(units)


# -- the plot ---------------------------------------------------------------------------------------------


def _all_in(name: str, difference: Fraction) -> AllIn:
    player = PlayerAllIn(name, Fraction(1, 2), Fraction(0), 0, difference)
    return AllIn("flop", (), 1, True, None, (player,))


def test_a_plot_is_a_panel_per_unit_a_colour_and_a_legend_entry_per_player() -> None:
    pytest.importorskip("matplotlib")
    from hilo_cli.formats.allin_plot import picture

    luck = Luck(["Ann", "Bob"], plot=True)
    luck.add(_hand({"Ann": 100, "Bob": -100, "Cat": 0}, Currency("$", "", 100)), "pokerstars")
    luck.add(_hand({"Ann": -500, "Cat": 500}, Currency()), "pokerstars")
    hand = _hand({"Bob": 300, "Ann": -300}, Currency("", "€", 100, "EUR"))
    luck.add(hand._replace(all_in=_all_in("Bob", Fraction(-100))), "winamax")
    luck.add(_hand({"Bob": 50, "Ann": -50}, Currency("$", "", 100, "USD")), "bovada")
    figure = picture(luck)
    panels = figure.axes
    assert [a.get_title(loc="left") for a in panels] == ["EUR", "USD", "PokerStars chips"]
    assert all(a.get_shared_x_axes().joined(panels[0], a) for a in panels)
    colours: dict[str, set[str]] = {}
    for axes in panels:
        for line in axes.get_lines():
            gid = line.get_gid()
            if gid is None:
                continue  # the zero line
            label = gid.split(":")[1]
            colours.setdefault(label.split()[0], set()).add(str(line.get_color()))
            x = list(line.get_xdata())
            assert x[0] == 0, gid  # every line counts from before the first hand
    assert colours.keys() == {"Ann", "Bob"} and all(len(c) == 1 for c in colours.values())
    assert colours["Ann"] != colours["Bob"]
    (legend,) = figure.legends
    assert [t.get_text() for t in legend.get_texts()] == [
        "Ann",
        "Bob",
        "chips won",
        "all-in adjusted",
    ]
    usd = {line.get_gid(): line for line in panels[1].get_lines() if line.get_gid()}
    bob = usd["won:Bob USD"]
    # Bob: -$1.00 after hand 1, +$0.50 at hand 4 (the hand axis is every hand read, whatever its unit)
    assert list(bob.get_xdata())[:3] == [0, 1, 4] and list(bob.get_ydata())[:3] == [0, -1, -0.5]
    eur = {line.get_gid(): line for line in panels[0].get_lines() if line.get_gid()}
    assert list(eur["adjusted:Bob EUR"].get_ydata())[:2] == [0, 2]  # won 3, difference -1
    luck.close()


def test_a_legend_draws_a_player_named_like_matplotlib_mathematics(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from hilo_cli.formats.allin_plot import draw

    luck = Luck(["$\\frac$"], plot=True)
    luck.add(_hand({"$\\frac$": 10, "Bob": -10}, Currency()), "phh")
    draw(luck, str(tmp_path / "x.png"))
    assert (tmp_path / "x.png").stat().st_size > 1000


# -- thinning a line ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_a_thinned_line_keeps_each_runs_first_lowest_highest_and_last(seed: int) -> None:
    rng = random.Random(seed)
    width = rng.choice([1, 2, 3, 7, 50])
    hands = sorted(rng.sample(range(1, 2000), rng.randint(1, 600)))
    values = [float(rng.randint(-30, 30)) for _ in hands]
    thin = Thinned(width)
    for hand, value in zip(hands, values, strict=True):
        thin.add(hand, value)
    kept_hands, kept_values = thin.points()
    kept = list(zip(kept_hands, kept_values, strict=True))
    assert kept_hands == tuple(sorted(kept_hands)) and len(set(kept_hands)) == len(kept_hands)
    assert set(kept) <= set(zip(hands, values, strict=True))
    runs: dict[int, list[tuple[int, float]]] = {}
    for point in zip(hands, values, strict=True):
        runs.setdefault((point[0] - 1) // width, []).append(point)
    for run, points in runs.items():
        mine = [p for p in kept if (p[0] - 1) // width == run]
        assert mine[0] == points[0] and mine[-1] == points[-1], run
        assert min(v for _, v in mine) == min(v for _, v in points)
        assert max(v for _, v in mine) == max(v for _, v in points)
        assert len(mine) <= 4
    if width == 1:
        assert kept == list(zip(hands, values, strict=True))


def test_a_plot_of_many_hands_keeps_a_bounded_number_of_points() -> None:
    luck = Luck(["Ann"], plot=True)
    rng = random.Random(1)
    total = 0
    for _ in range(20 * BUCKETS):
        net = rng.randint(-100, 100)
        total += net
        luck.add(_hand({"Ann": net, "Bob": -net}, Currency()), "phh")
    won, adjusted = luck.lines(["Ann"])
    assert len(won.hands) <= 4 * BUCKETS and won.hands[-1] == 20 * BUCKETS
    assert won.values[-1] == adjusted.values[-1] == total
    luck.close()


# -- memory ---------------------------------------------------------------------------------------------------


def _grown(hands: int, plot: bool) -> int:
    """Bytes the summary holds after ``hands`` hands of the same four players (allocated, not freed)."""
    rng = random.Random(0)
    made = []
    for _ in range(hands):
        net = rng.randint(-500, 500)
        found = _all_in("Ann", Fraction(rng.randint(-999, 999), rng.choice([36, 666, 820])))
        made.append(
            _hand({"Ann": net, "Bob": -net, "Cat": 0, "Dan": 0}, Currency("$", "", 100))._replace(
                all_in=found
            )
        )
    tracemalloc.start()
    try:
        luck = Luck(plot=plot)
        before = tracemalloc.get_traced_memory()[0]
        for hand in made:
            luck.add(hand, "pokerstars")
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    luck.close()
    return held


@pytest.mark.parametrize("plot", [False, True])
def test_the_summary_holds_nothing_per_hand(plot: bool) -> None:
    """Issue 31: ten times the hands, the same memory (the plot's points go to a file, not memory)."""
    few, many = _grown(400, plot), _grown(4000, plot)
    assert many - few < 8_000, (few, many)
