"""hilo check --all-in (issue 20): all-in equity from histories.

Random all-in spots (2-6 players, side pots, folded dead money, rake) are written as PokerStars and PHH
histories; each player's expected chips must be what ``hilo equity`` says on the same spot, and the
average over every runout of the settlement as the site would record it must equal them.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from click.testing import CliRunner
from conftest import ROOT

from hilo_cli.allin import HandLuck, Luck
from hilo_cli.betting import replay
from hilo_cli.cards import DECK, Card, format_cards
from hilo_cli.checking import hand_luck, process, site_deal
from hilo_cli.cli import main
from hilo_cli.deal import Deal, Player
from hilo_cli.errors import HiloError
from hilo_cli.games import GAMES
from hilo_cli.histories import read_text, split
from hilo_cli.pots import build_pots
from hilo_cli.showdown import settle

DATA = ROOT / "tests" / "data"
GAME = GAMES["omaha8"]
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
SB, BB = 5, 10


class Spot(NamedTuple):
    """A random all-in spot: who put in what (``events``: (player, kind, added, street total, all in)),
    the board as it stood, the full board, the holes, and the rake taken from the main pot."""

    names: list[str]
    stacks: dict[str, int]
    holes: dict[str, tuple[Card, ...]]
    streets: list[list[tuple[str, str, int, int, bool]]]
    folded: set[str]
    contributed: dict[str, int]
    board_at: int
    board: tuple[Card, ...]
    rake: int


def _orders(names: list[str]) -> tuple[list[str], list[str]]:
    """Preflop and postflop order: the button is the last seat; heads-up it posts the small blind."""
    if len(names) == 2:
        return [names[1], names[0]], [names[0], names[1]]
    return names[2:] + names[:2], list(names)


def make_spot(rng: random.Random, rake: bool = True, street: int | None = None) -> Spot:
    while True:
        spot = _try_spot(rng, rake, rng.choice([0, 3, 4]) if street is None else street)
        if spot is not None:
            return spot


def _try_spot(rng: random.Random, raked: bool, board_at: int) -> Spot | None:
    n = rng.randint(2, 6)
    names = NAMES[:n]
    stacks = {p: rng.randint(10, 200) * BB for p in names}
    deck = list(DECK)
    rng.shuffle(deck)
    holes = {p: tuple(deck[4 * i : 4 * i + 4]) for i, p in enumerate(names)}
    board = tuple(deck[4 * n : 4 * n + 5])
    left = dict(stacks)
    put = dict.fromkeys(names, 0)
    pre, post = _orders(names)
    small, big = (names[1], names[0]) if n == 2 else (names[0], names[1])
    streets: list[list[tuple[str, str, int, int, bool]]] = []
    bets = {small: SB, big: BB}
    for p, c in ((small, SB), (big, BB)):
        left[p] -= c
        put[p] += c
    folded: set[str] = set()
    rounds = [0, 3, 4].index(board_at)
    for r in range(rounds + 1):
        events: list[tuple[str, str, int, int, bool]] = []
        order = pre if r == 0 else post
        cur = BB if r == 0 else 0
        if r < rounds:  # everyone limps, then checks
            for p in order:
                owe = cur - bets.get(p, 0)
                if owe:
                    events.append((p, "call", owe, cur, False))
                    left[p] -= owe
                    put[p] += owe
                else:
                    events.append((p, "check", 0, cur, False))
            streets.append(events)
            bets = {}
            continue
        for i, p in enumerate(order):
            mine = bets.get(p, 0)
            last = i == len(order) - 1
            if rng.random() < 0.3 and p != order[0]:
                folded.add(p)
                events.append((p, "fold", 0, mine, False))
                continue
            if mine + left[p] <= cur:
                add, kind = left[p], "call"
            elif last and cur > mine and rng.random() < 0.5:
                add, kind = cur - mine, "call"
            else:
                add, kind = left[p], ("bet" if cur == 0 else "raise")
            left[p] -= add
            put[p] += add
            bets[p] = mine + add
            cur = max(cur, bets[p])
            events.append((p, kind, add, bets[p], left[p] == 0))
        streets.append(events)
    live = [p for p in names if p not in folded]
    if len(live) < 2 or sum(1 for p in live if left[p]) > 1:
        return None
    pots, _ = build_pots(put, folded)
    if len(pots) and all(len(pot.eligible) < 2 for pot in pots):
        return None
    rake = min(rng.randint(0, 60), pots[0].amount // 10) if raked else 0
    return Spot(names, stacks, holes, streets, folded, put, board_at, board, rake)


def known(spot: Spot, site: bool) -> set[str]:
    """The players whose cards the history names: every one in PHH; a site shows the live hands and the
    hero's (the first seat)."""
    return (
        set(spot.names)
        if not site
        else {p for p in spot.names if p not in spot.folded} | {spot.names[0]}
    )


def _settle(
    spot: Spot, board: tuple[Card, ...], site: bool = True
) -> tuple[Any, list[Any], dict[str, int]]:
    shown = known(spot, site)
    players = tuple(
        Player(
            p, i + 1, spot.holes[p] if p in shown else None, spot.contributed[p], p in spot.folded
        )
        for i, p in enumerate(spot.names)
    )
    pots, returned = build_pots(spot.contributed, spot.folded)
    deal = Deal(
        GAME, board, players, button=len(spot.names), rake=(spot.rake,) if spot.rake else ()
    )
    return settle(deal), pots, returned


def money(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


STREET_NAMES = ["FLOP", "TURN", "RIVER"]


def pokerstars(spot: Spot, number: int = 1) -> str:
    names, n = spot.names, len(spot.names)
    lines = [
        f"PokerStars Hand #{300000000000 + number}:  Omaha Hi/Lo No Limit ($0.05/$0.10 USD) - "
        "2024/03/02 20:15:00 ET",
        f"Table 'Hilo Random' 6-max Seat #{n} is the button",
    ]
    lines += [f"Seat {i + 1}: {p} ({money(spot.stacks[p])} in chips)" for i, p in enumerate(names)]
    small, big = (names[1], names[0]) if n == 2 else (names[0], names[1])
    lines += [
        f"{small}: posts small blind $0.05",
        f"{big}: posts big blind $0.10",
        "*** HOLE CARDS ***",
        f"Dealt to {names[0]} [{format_cards(spot.holes[names[0]])}]",
    ]
    cuts = [0, 3, 4, 5]
    settlement, pots, returned = _settle(spot, spot.board)
    for r in range(4):
        if r:
            shown = spot.board[: cuts[r]]
            before = f"[{format_cards(shown[: cuts[r - 1]])}] " if r > 1 else ""
            lines.append(
                f"*** {STREET_NAMES[r - 1]} *** {before}[{format_cards(shown[cuts[r - 1] :])}]"
            )
        for p, kind, add, total, all_in in spot.streets[r] if r < len(spot.streets) else []:
            tail = " and is all-in" if all_in else ""
            if kind == "fold":
                lines.append(f"{p}: folds")
            elif kind == "check":
                lines.append(f"{p}: checks")
            elif kind == "call":
                lines.append(f"{p}: calls {money(add)}{tail}")
            elif kind == "bet":
                lines.append(f"{p}: bets {money(add)}{tail}")
            else:
                raised = total - max(
                    (
                        t
                        for q, k, _, t, _ in spot.streets[r][
                            : [e[0] for e in spot.streets[r]].index(p)
                        ]
                        if k in ("bet", "raise", "call")
                    ),
                    default=BB if r == 0 else 0,
                )
                lines.append(f"{p}: raises {money(raised)} to {money(total)}{tail}")
        if r == len(spot.streets) - 1:
            for p, chips in returned.items():
                lines.append(f"Uncalled bet ({money(chips)}) returned to {p}")
    lines.append("*** SHOW DOWN ***")
    live = [p for p in names if p not in spot.folded]
    lines += [f"{p}: shows [{format_cards(spot.holes[p])}]" for p in live]
    labels = ["main pot"] + (
        ["side pot"]
        if len(settlement.pots) == 2
        else [f"side pot-{k}" for k in range(1, len(settlement.pots))]
    )
    for pot, label in zip(settlement.pots, labels, strict=True):
        lines += [f"{p} collected {money(c)} from {label}" for p, c in pot.shares.items() if c]
    total = sum(pot.amount for pot in pots)
    printed = [pot.amount - (spot.rake if k == 0 else 0) for k, pot in enumerate(pots)]
    sides = (
        ""
        if len(pots) == 1
        else f" Main pot {money(printed[0])}."
        + "".join(
            f" Side pot{'' if len(pots) == 2 else f'-{k}'} {money(a)}."
            for k, a in enumerate(printed[1:], 1)
        )
    )
    lines += [
        "*** SUMMARY ***",
        f"Total pot {money(total)}{sides} | Rake {money(spot.rake)}",
        f"Board [{format_cards(spot.board)}]",
    ]
    for i, p in enumerate(names):
        if p in spot.folded:
            lines.append(f"Seat {i + 1}: {p} folded")
            continue
        won = settlement.players[i].won - returned.get(p, 0)
        lines.append(
            f"Seat {i + 1}: {p} showed [{format_cards(spot.holes[p])}] and "
            + (f"won ({money(won)})" if won else "lost")
        )
    return "\n".join(lines) + "\n\n\n"


def phh(spot: Spot) -> str:
    """The spot as PHH: p1 ... pn in seat order, the button last (heads-up: the small blind)."""
    names, n = spot.names, len(spot.names)
    index = {p: i + 1 for i, p in enumerate(names)}
    blinds = [SB, BB] + [0] * (
        n - 2
    )  # heads-up PHH reverse-assigns them: the button posts the small
    actions = [f"d dh p{index[p]} {''.join(map(str, spot.holes[p]))}" for p in names]
    cuts = [0, 3, 4, 5]
    for r in range(4):
        if r:
            actions.append(f"d db {''.join(map(str, spot.board[cuts[r - 1] : cuts[r]]))}")
        for p, kind, _, total, _ in spot.streets[r] if r < len(spot.streets) else []:
            code = {"fold": "f", "check": "cc", "call": "cc"}.get(kind, f"cbr {total}")
            actions.append(f"p{index[p]} {code}")
    actions += [
        f"p{index[p]} sm {''.join(map(str, spot.holes[p]))}" for p in names if p not in spot.folded
    ]
    settlement, _, _ = _settle(spot._replace(rake=0), spot.board, site=False)
    finishing = [
        spot.stacks[p] - spot.contributed[p] + settlement.players[i].won
        for i, p in enumerate(names)
    ]
    return (
        "\n".join(
            [
                "variant = 'NO/8'",
                f"antes = {[0] * n}",
                f"blinds_or_straddles = {blinds}",
                f"min_bet = {BB}",
                f"starting_stacks = {[spot.stacks[p] for p in names]}",
                f"players = {names!r}",
                "hand = 1",
                f"actions = {actions!r}",
                f"finishing_stacks = {finishing}",
            ]
        ).replace('"', "'")
        + "\n"
    )


def luck_of(text: str, source: str) -> HandLuck:
    (piece,) = list(split(source, text))
    record = read_text(piece) if not hasattr(piece, "hand") else piece
    assert record.error is None, record.error
    found = process(record, "json", all_in=True)
    assert found.error is None, found.error
    assert found.luck is not None and found.luck.all_in is not None, found.output
    assert found.luck.all_in.why is None, found.luck.all_in.why
    return found.luck


def equity_cli(spot: Spot, site: bool = True) -> dict[str, Fraction]:
    """``hilo equity`` on the spot as it stood: one run with every contribution, or one per pot after its
    rake (``--pot``, the other hands dead)."""
    board = spot.board[: spot.board_at]
    live = [p for p in spot.names if p not in spot.folded]
    expected = dict.fromkeys(live, Fraction(0))
    base = ["equity", "--format", "json"] + (["--board", format_cards(board)] if board else [])
    if not spot.rake:
        args = base + [f"{p}={format_cards(spot.holes[p])}@{spot.contributed[p]}" for p in live]
        args += [arg for p in spot.folded for arg in ("--folded", f"{p}={spot.contributed[p]}")]
        dead = [c for p in spot.folded & known(spot, site) for c in spot.holes[p]]
        args += ["--dead", format_cards(dead)] if dead else []
        runs = [(args, None)]
    else:
        pots, _ = build_pots(spot.contributed, spot.folded)
        runs = []
        for k, pot in enumerate(pots):
            amount = pot.amount - (spot.rake if k == 0 else 0)
            if len(pot.eligible) == 1:
                expected[pot.eligible[0]] += amount
                continue
            dead = [c for p in known(spot, site) if p not in pot.eligible for c in spot.holes[p]]
            runs.append(
                (
                    base
                    + ["--pot", str(amount), "--dead", format_cards(dead)]
                    + [f"{p}={format_cards(spot.holes[p])}" for p in pot.eligible],
                    None,
                )
            )
    for args, _ in runs:
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        for p in json.loads(result.stdout)["players"]:
            expected[p["name"]] += Fraction(p["expected_chips_fraction"])
    return expected


def average_settlement(spot: Spot, site: bool = True) -> dict[str, Fraction]:
    """What each live player is paid from the pots, after rake, averaged over every runout of the cards
    the history does not name."""
    board = spot.board[: spot.board_at]
    seen = set(board) | {c for p in known(spot, site) for c in spot.holes[p]}
    unknown = [c for c in DECK if c not in seen]
    live = [p for p in spot.names if p not in spot.folded]
    total = dict.fromkeys(live, 0)
    count = 0
    for runout in combinations(unknown, 5 - len(board)):
        settlement, _, returned = _settle(spot, board + runout, site)
        for r in settlement.players:
            if r.player.name in total:
                total[r.player.name] += r.won - returned.get(r.player.name, 0)
        count += 1
    return {p: Fraction(c, count) for p, c in total.items()}


SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_pokerstars_expected_chips_are_hilo_equity_and_the_average_settlement(seed: int) -> None:
    rng = random.Random(seed)
    spot = make_spot(rng, rake=seed % 3 != 0, street=rng.choice([3, 4]))
    luck = luck_of(pokerstars(spot, seed), "random.txt")
    assert luck.all_in is not None and luck.all_in.exact
    ours = {p.name: p.expected_chips for p in luck.all_in.players}
    assert ours == equity_cli(spot)
    assert ours == average_settlement(spot)
    assert spot.rake == 0 or sum(ours.values()) == sum(spot.contributed.values()) - spot.rake - sum(
        build_pots(spot.contributed, spot.folded)[1].values()
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_phh_expected_chips_are_hilo_equity_and_the_average_settlement(seed: int) -> None:
    rng = random.Random(1000 + seed)
    spot = make_spot(rng, rake=False, street=rng.choice([3, 4]))
    luck = luck_of(phh(spot), "random.phh")
    assert luck.all_in is not None
    ours = {p.name: p.expected_chips for p in luck.all_in.players}
    assert ours == equity_cli(spot, site=False)
    assert ours == average_settlement(spot, site=False)


def _hero_folded(count: int) -> list[Spot]:
    """The first ``count`` random preflop spots (seeds from 3000) where the hero (the first seat, dealt
    known cards; after the flop the generator's first to act, who never folds) folded before two
    others went all in."""
    spots = []
    seed = 3000
    while len(spots) < count:
        spot = make_spot(random.Random(seed), rake=False, street=0)
        if spot.names[0] in spot.folded and len(spot.names) - len(spot.folded) == 2:
            spots.append(spot)
        seed += 1
    return spots


def test_a_folded_heros_cards_are_dead() -> None:
    """The README's word: the hero's folded cards are known, so they are not among the cards to come;
    the figures are hilo equity's with them --dead, which differ from the figures without."""
    for number, spot in enumerate(_hero_folded(2)):
        luck = luck_of(pokerstars(spot, number), "folded.txt")
        assert luck.all_in is not None
        ours = {p.name: p.expected_chips for p in luck.all_in.players}
        assert ours == equity_cli(spot)  # the hero's cards --dead
        assert ours != _without_dead(spot)  # the same spot, no folded card known


def _without_dead(spot: Spot) -> dict[str, Fraction]:
    board = spot.board[: spot.board_at]
    live = [p for p in spot.names if p not in spot.folded]
    args = ["equity", "--format", "json"] + (["--board", format_cards(board)] if board else [])
    args += [f"{p}={format_cards(spot.holes[p])}@{spot.contributed[p]}" for p in live]
    args += [arg for p in spot.folded for arg in ("--folded", f"{p}={spot.contributed[p]}")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return {
        p["name"]: Fraction(p["expected_chips_fraction"])
        for p in json.loads(result.stdout)["players"]
    }


@pytest.mark.parametrize("seed", range(4))
def test_a_preflop_all_in_is_hilo_equity_on_the_empty_board(seed: int) -> None:
    rng = random.Random(2000 + seed)
    spot = make_spot(rng, rake=seed % 2 == 1, street=0)
    luck = luck_of(pokerstars(spot, seed), "random.txt")
    assert luck.all_in is not None and luck.all_in.street == "preflop"
    assert {p.name: p.expected_chips for p in luck.all_in.players} == equity_cli(spot)


def test_the_random_spots_cover_side_pots_folded_money_rake_and_every_table_size() -> None:
    spots = [
        make_spot(random.Random(s), rake=s % 3 != 0, street=random.Random(s).choice([3, 4]))
        for s in SEEDS
    ]
    sizes = {len(s.names) for s in spots} | {
        len(make_spot(random.Random(1000 + s)).names) for s in SEEDS
    }
    assert any(len(build_pots(s.contributed, s.folded)[0]) > 1 for s in spots)
    assert any(s.folded for s in spots) and any(s.rake for s in spots)
    assert {2, 6} <= sizes or len(sizes) >= 4


def test_paid_minus_expected_is_the_difference_and_the_rake_is_the_sites() -> None:
    spot = make_spot(random.Random(5), rake=True, street=3)
    text = pokerstars(spot)
    luck = luck_of(text, "r.txt")
    assert luck.all_in is not None
    (piece,) = list(split("r.txt", text))
    record = read_text(piece) if not hasattr(piece, "hand") else piece
    assert record.hand is not None
    deal = site_deal(record, replay(record.hand))
    assert sum(deal.rake) == spot.rake
    for p in luck.all_in.players:
        assert p.difference == p.expected_chips - p.won
    in_pots = sum(
        build_pots(spot.contributed, spot.folded)[0][k].amount
        for k in range(len(build_pots(spot.contributed, spot.folded)[0]))
    )
    assert sum(p.expected_chips for p in luck.all_in.players) == in_pots - spot.rake


# -- real hands -----------------------------------------------------------------------------------------


def _record(path: Path) -> Any:
    (piece,) = list(split(str(path), path.read_text(encoding="utf-8")))
    return read_text(piece) if not hasattr(piece, "hand") else piece


@pytest.mark.parametrize("name", ["run-twice.txt", "courchevel-run-twice.txt"])
def test_a_hand_run_twice_is_worth_the_expectation_of_once(name: str) -> None:
    """RULES §12: the runs share the cards before the all-in; the hand is worth what it was worth once."""
    record = _record(DATA / "pokerstars" / name)
    assert len(record.boards) == 2
    once = record._replace(boards=())
    twice_luck, once_luck = hand_luck(record, None), hand_luck(once, None)
    assert twice_luck is not None and once_luck is not None
    twice, single = twice_luck.all_in, once_luck.all_in
    assert twice is not None and single is not None and twice.why is None
    assert [(p.name, p.expected_chips) for p in twice.players] == [
        (p.name, p.expected_chips) for p in single.players
    ]
    assert all(len(b) == 5 and b[: len(twice.board)] == twice.board for b in record.boards)


def test_a_live_hand_not_shown_is_not_computable_and_counted() -> None:
    text = (
        (DATA / "phh" / "plo8-side-pots.phh")
        .read_text(encoding="utf-8")
        .replace("3c4h9s9d", "????????", 1)
    )
    text = text.replace("'p2 sm 3c4h9s9d', ", "")
    (piece,) = list(split("x.phh", text))
    record = read_text(piece) if not hasattr(piece, "hand") else piece
    outcome = process(record, "text", all_in=True)
    assert outcome.luck is not None and outcome.luck.all_in is not None
    assert outcome.luck.all_in.why == "cards not shown: Bob"
    luck = Luck()
    luck.add(outcome.luck)
    assert luck.not_computable == 1 and luck.all_in == 0
    assert b"not computable: cards not shown: Bob" in outcome.output


# -- the command --------------------------------------------------------------------------------------


def _folder(tmp_path: Path, count: int = 6) -> Path:
    text = "".join(
        pokerstars(make_spot(random.Random(300 + s), street=random.Random(s).choice([3, 4])), s)
        for s in range(count)
    )
    path = tmp_path / "hands.txt"
    path.write_text(
        text + (DATA / "pokerstars" / "side-pots-rake.txt").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    return path


def test_the_summary_reconciles_adjusted_minus_won_is_the_sum_of_differences(
    tmp_path: Path,
) -> None:
    path = _folder(tmp_path)
    result = CliRunner().invoke(main, ["check", "--all-in", "--format", "json", str(path)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    hands, (summary,) = lines[:-1], [line["all_in_summary"] for line in lines[-1:]]
    assert summary["hero"] == "Ann"
    differences: dict[str, Fraction] = {}
    for hand in hands:
        for p in (hand["all_in"] or {}).get("players", []):
            differences[p["name"]] = differences.get(p["name"], Fraction(0)) + Fraction(
                p["difference"]
            )
    (row,) = summary["players"]
    assert (
        row["name"] == "Ann" and row["hands"] == len(hands) - 1
    )  # the last hand (Alice) is not hers
    exact = Fraction(row["adjusted_fraction"]) - row["won"]
    assert exact == Fraction(row["difference_fraction"])
    assert abs(float(exact) - float(differences.get("Ann", 0))) < 1e-6
    assert summary["all_in"] == sum(1 for h in hands if h["all_in"])


def test_the_summary_for_every_player_sums_to_the_rake(tmp_path: Path) -> None:
    """Over every player, chips won sum to minus the rake, and so do the adjusted chips."""
    path = _folder(tmp_path)
    args = ["check", "--all-in", "--format", "json", str(path)]
    args += [a for name in [*NAMES, "Alice", "Carol"] for a in ("--player", name)]
    result = CliRunner().invoke(main, args)
    summary = json.loads(result.stdout.splitlines()[-1])["all_in_summary"]
    rake = sum(
        round(float(line.split("Rake $")[1]) * 100)
        for line in path.read_text().splitlines()
        if "| Rake $" in line
    )
    won = sum(r["won"] for r in summary["players"])
    adjusted = sum(Fraction(r["adjusted_fraction"]) for r in summary["players"])
    assert won == adjusted == -rake != 0


def test_without_all_in_the_output_is_unchanged(tmp_path: Path) -> None:
    """--all-in only adds: its lines and the summary (text), the all_in key and the summary line (JSON);
    CSV rows stay as they are."""
    path = _folder(tmp_path, 3)

    def out(*args: str) -> str:
        return CliRunner().invoke(main, ["check", *args, str(path)]).stdout

    plain, added = out(), out("--all-in")
    assert "  all in " not in plain and "all-in summary" not in plain
    kept = [
        line
        for line in added.split("\n\nall-in summary:")[0].splitlines()
        if not line.startswith("  all in ")
        and not line.startswith(tuple(f"  {n}: equity " for n in NAMES))
    ]
    assert "\n".join(kept) + "\n\n" == plain and added != plain
    plain_json, added_json = (
        out("--format", "json").splitlines(),
        out("--all-in", "--format", "json").splitlines(),
    )
    assert "all_in" not in "".join(plain_json).replace(str(tmp_path), "")
    assert [json.loads(line) for line in plain_json] == [
        {k: v for k, v in json.loads(line).items() if k != "all_in"} for line in added_json[:-1]
    ]
    assert out("--format", "csv") == out("--all-in", "--format", "csv")


def test_text_report_has_a_line_per_player_and_a_summary(tmp_path: Path) -> None:
    path = _folder(tmp_path, 2)
    result = CliRunner().invoke(main, ["check", "--all-in", str(path)])
    assert "  all in on the " in result.stdout
    assert "difference " in result.stdout
    assert "all-in summary: 3 hands" in result.stdout
    assert "\nplayer " in result.stdout


def test_a_plot_needs_an_svg_or_png_name(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["check", "--plot", str(tmp_path / "x.pdf"), str(_folder(tmp_path, 1))]
    )
    assert result.exit_code == 2 and ".svg or a .png" in result.output


def test_a_plot_without_matplotlib_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    real = builtins.__import__

    def no_matplotlib(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    result = CliRunner().invoke(
        main, ["check", "--plot", str(tmp_path / "x.svg"), str(_folder(tmp_path, 1))]
    )
    assert result.exit_code == 2 and "hilo-cli[plot]" in result.output


def test_a_plot_is_drawn_from_a_small_history_and_holds_its_series(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = _folder(tmp_path, 4)
    svg = tmp_path / "luck.svg"
    result = CliRunner().invoke(main, ["check", "--all-in", "--plot", str(svg), str(path)])
    assert result.exit_code == 0, result.output
    text = svg.read_text(encoding="utf-8")
    assert svg.stat().st_size > 5000
    for series in ("won:Ann", "adjusted:Ann"):
        start = text.index(f'id="{series}"')
        path_d = text[start : text.index("</g>", start)]
        # Ann plays the 4 random hands (the last is Alice's): the origin, then a step per hand
        # (across to the hand, then up or down to her total after it), and one to hold it on
        assert path_d.count("\nL ") == 2 * (4 + 1), path_d[:400]
    png = tmp_path / "luck.png"
    result = CliRunner().invoke(main, ["check", "--plot", str(png), "--player", "Bob", str(path)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_loser_who_mucks_a_known_hand_still_had_its_equity() -> None:
    """At the all-in the mucked hand was live: its share of the expectation is its, its payout nothing."""
    text = (DATA / "phh" / "plo8-side-pots.phh").read_text(encoding="utf-8")
    mucked = text.replace("'p2 sm 3c4h9s9d'", "'p2 sm'").replace(
        "finishing_stacks = [280, 450, 2570]", "finishing_stacks = [280, 0, 3020]"
    )
    shown, hidden = luck_of(text, "a.phh"), luck_of(mucked, "b.phh")
    assert shown.all_in is not None and hidden.all_in is not None
    assert [(p.name, p.expected_chips) for p in shown.all_in.players] == [
        (p.name, p.expected_chips) for p in hidden.all_in.players
    ]
    bob = next(p for p in hidden.all_in.players if p.name == "Bob")
    assert bob.won == 0 and bob.difference == bob.expected_chips > 0


def test_worker_processes_give_the_same_summary(tmp_path: Path) -> None:
    path = _folder(tmp_path, 4)
    one = CliRunner().invoke(main, ["check", "--all-in", "--format", "json", str(path)]).stdout
    two = (
        CliRunner()
        .invoke(main, ["check", "--all-in", "--jobs", "2", "--format", "json", str(path)])
        .stdout
    )
    assert one == two and "all_in_summary" in one.splitlines()[-1]


SAMPLE = DATA / "allin" / "pokerstars-all-in.txt"


def sample_history(count: int = 30, seed: int = 20) -> str:
    """The README's sample: ``count`` random all-in hands, Ann the hero (``Dealt to``)."""
    rng = random.Random(seed)
    return "".join(pokerstars(make_spot(rng), n) for n in range(count))


def test_the_readme_sample_is_the_generators() -> None:
    """tests/data/allin/pokerstars-all-in.txt is written by ``sample_history`` (python -c "import sys;
    sys.path[:0] = ['tests', 'tests/equity']; from test_allin import *;
    SAMPLE.write_text(sample_history())")."""
    assert SAMPLE.read_text(encoding="utf-8") == sample_history()


def test_the_readme_shows_the_samples_summary_as_hilo_prints_it() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("$ hilo check --all-in tests/data/allin/pokerstars-all-in.txt\n...\n", 1)[
        1
    ].split("```")[0]
    printed = CliRunner().invoke(main, ["check", "--all-in", str(SAMPLE.relative_to(ROOT))]).stdout
    assert block.strip("\n") and printed.rstrip("\n").endswith(block.rstrip("\n"))
    assert (ROOT / "docs" / "allin-luck.svg").stat().st_size > 5000


def test_the_json_is_valid_against_the_schemas(tmp_path: Path) -> None:
    from jsonschema import Draft202012Validator

    schemas = {
        k: Draft202012Validator(
            json.loads((ROOT / "hilo_cli" / "schemas" / f"{k}.json").read_text())
        )
        for k in ("check", "allin-summary")
    }
    hidden = (
        (DATA / "phh" / "plo8-side-pots.phh")
        .read_text(encoding="utf-8")
        .replace("3c4h9s9d", "????????", 1)
    )
    (tmp_path / "hidden.phh").write_text(hidden.replace("'p2 sm 3c4h9s9d', ", ""), encoding="utf-8")
    for path in (SAMPLE, tmp_path / "hidden.phh", DATA / "pokerstars" / "run-twice.txt"):
        lines = (
            CliRunner()
            .invoke(main, ["check", "--all-in", "--format", "json", str(path)])
            .stdout.splitlines()
        )
        for line in lines:
            value = json.loads(line)
            kind = "allin-summary" if "all_in_summary" in value else "check"
            errors = list(schemas[kind].iter_errors(value))
            assert not errors, (path, errors[0].message)
        assert "all_in" in json.loads(lines[0])


@pytest.mark.parametrize("seed", range(3))
def test_run_twice_averages_to_the_expectation_of_once_up_to_the_odd_chip(seed: int) -> None:
    """RULES §12.2 on a turn all-in: over every pair of rivers, the two-board settlement (the pot split
    between the runs, the odd chip to the first) averages to the once-expectation within one chip a player
    (only the odd chips of dividing the pot twice differ)."""
    spot = make_spot(random.Random(4000 + seed), rake=True, street=4)
    luck = luck_of(pokerstars(spot, seed), "t.txt")
    assert luck.all_in is not None
    once = {p.name: p.expected_chips for p in luck.all_in.players}
    board = spot.board[:4]
    shown = known(spot, True)
    seen = set(board) | {c for p in shown for c in spot.holes[p]}
    unknown = [c for c in DECK if c not in seen]
    players = tuple(
        Player(
            p, i + 1, spot.holes[p] if p in shown else None, spot.contributed[p], p in spot.folded
        )
        for i, p in enumerate(spot.names)
    )
    _, returned = build_pots(spot.contributed, spot.folded)
    total = dict.fromkeys(once, 0)
    count = 0
    for first in unknown:
        for second in unknown:
            if first == second:
                continue
            runs = ((*board, first), (*board, second))
            deal = Deal(
                GAME,
                runs[0],
                players,
                button=len(spot.names),
                boards=runs,
                rake=(spot.rake,) if spot.rake else (),
            )
            for r in settle(deal).players:
                if r.player.name in total:
                    total[r.player.name] += r.won - returned.get(r.player.name, 0)
            count += 1
    for name, chips in total.items():
        assert abs(Fraction(chips, count) - once[name]) <= 1


def test_a_plot_into_a_missing_folder_fails_before_any_hand(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["check", "--plot", str(tmp_path / "no" / "x.svg"), str(_folder(tmp_path, 1))]
    )
    assert result.exit_code == 2 and "cannot write" in result.output and "OK:" not in result.stdout


def _every_test_record() -> list[Any]:
    out = []
    for path in sorted(DATA.rglob("*")):
        if path.is_file() and path.suffix in (".txt", ".phh", ".phhs", ".xml"):
            for piece in split(str(path), path.read_bytes().decode("utf-8", "replace")):
                out.append(read_text(piece) if not hasattr(piece, "hand") else piece)
    return out


def test_chips_won_from_the_checks_settlement_are_the_replays() -> None:
    """The quick way (most hands: no all-in, no second replay) and the replay give the same chips won."""
    from hilo_cli.checking import check, recorded_won

    compared = 0
    for record in _every_test_record():
        try:
            settlement, _ = check(record)
        except HiloError:  # bad input: no chips won either way
            continue
        if settlement is None or record.hand is None:
            continue
        replayed = replay(record.hand)
        quick = hand_luck(record, settlement)
        assert quick is not None
        won, _ = recorded_won(record, replayed)
        if won is None:
            won = {p.player.name: p.won for p in settlement.players}
        assert quick.net == {n: won.get(n, 0) - put for n, put in replayed.contributed.items()}, (
            record.source
        )
        compared += 1
    assert compared > 50


STUD = """variant = 'F7S/8'
antes = [5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [45, 200]
players = ['Ann', 'Bob']
actions = ['d dh p1 AcAd2h', 'd dh p2 KsKd3s', 'p1 pb', 'p2 cbr 20', 'p1 cbr 40', 'p2 cc', 'd dh p1 5c',
  'd dh p2 9h', 'd dh p1 6c', 'd dh p2 9c', 'd dh p1 8s', 'd dh p2 Qh', 'd dh p1 7d', 'd dh p2 Jh',
  'p1 sm AcAd2h5c6c8s7d', 'p2 sm KsKd3s9h9cQhJh']
finishing_stacks = [45, 200]
"""


def test_a_stud_all_in_is_counted_not_computable() -> None:
    """Stud all in on third street: equity covers the board games, so the hand is counted, never guessed."""
    (piece,) = list(split("stud.phh", STUD))
    record = read_text(piece) if not hasattr(piece, "hand") else piece
    outcome = process(record, "text", all_in=True)
    assert outcome.luck is not None and outcome.luck.all_in is not None
    assert outcome.luck.all_in.street == "stud" and "out of scope" in (
        outcome.luck.all_in.why or ""
    )
    assert b"all in with stud cards to come: not computable" in outcome.output


def test_a_player_named_like_a_verdict_cannot_write_one_in_the_summary() -> None:
    text = (
        (DATA / "phh" / "plo8-side-pots.phh")
        .read_text(encoding="utf-8")
        .replace("'Bob'", "'OK: all fine'")
    )
    result = CliRunner().invoke(main, ["check", "--all-in", "-"], input=text)
    summary = result.stdout.split("all-in summary:")[1]
    assert not any(line.startswith("OK:") for line in summary.splitlines())
    assert "\\x4fK: all fine" in summary


def test_the_same_hands_draw_the_same_svg(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = _folder(tmp_path, 2)
    drawn = []
    for name in ("a.svg", "b.svg"):
        result = CliRunner().invoke(main, ["check", "--plot", str(tmp_path / name), str(path)])
        assert result.exit_code == 0, result.output
        drawn.append((tmp_path / name).read_bytes())
    assert drawn[0] == drawn[1]
