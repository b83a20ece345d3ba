"""``hilo check`` on PokerStars hand histories (issue 11): each of the project's own files has the verdict
it must have, every hand of the shared real files is checked (skipped when ../shared is absent), the site's
summary arithmetic is checked (rake per pot, RULES §13), and a hand's verdict does not depend on the order
its cards or seats are written in.

The own files in tests/data/pokerstars/ were worked out by hand (amounts in cents, after rake):

* side-pots-rake: Total $8.20, rake $0.41; main pot 420 − 21 = 399: high 200 Carol (six-high straight),
  low 199 Alice (wheel); side pot 400 − 20 = 380: Carol scoops.
* quartered: 120 − 5 = 115: high 58 Dan (flush), low 57 tied by Cy and Ann: 29 to Cy (first left of the
  button, seat 2), 28 to Ann (seat 1, after the wrap).
* odd-cent: 190 − 9 = 181: high 91 Gus (trip queens), low 90 Eve (8-6-3-2-A).
* no-showdown: 875 − 40 = 835 to Hal, plus his 600 uncalled.
* run-twice: 1000 − 41 = 959: run 1 480 (odd cent to the first run), Max scoops it; run 2 479 to Ned.
* courchevel-run-twice: the Courchevel hand of RULES §12.3, its first board card before the flop.
* stud-hilo: 306 − 15 = 291: high 146 Pam (full house), low 145 Quin (6-5-4-3-2).
* mixed-8-game: the Omaha Hi/Lo hand 120 − 6 = 114, 57/57; hold'em, razz and triple draw not checkable.
* tampered: the quartered hand with the low's odd cent paid to Ann, and with the tied low paid whole to Cy.
* bad-input: three bad hands (a line that cannot be read, a hand cut short, a pot-limit bet over the pot)
  between two good ones.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from archive_sites import shuffled
from click.testing import CliRunner
from conftest import SHARED_DIR, TEST_DATA, verdict
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo_cli.checking import PotDifference, check
from hilo_cli.cli import main
from hilo_cli.histories import HandRecord
from hilo_cli.histories.pokerstars import read

DATA = TEST_DATA / "pokerstars"
SHARED = SHARED_DIR / "handhistories" / "pokerstars"
SHARED_FILES = sorted(SHARED.glob("*.txt")) if SHARED.is_dir() else []


def verdicts(text: str, source: str = "t.txt") -> list[tuple[str | None, str, str]]:
    """(hand number, status, why) for every hand of a history text, as ``hilo check`` decides them."""
    return [(r.id, *verdict(r)[::2]) for r in read(source, text)]


def text_of(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def only(text: str) -> tuple[str, str]:
    (found,) = verdicts(text)
    return found[1], found[2]


@pytest.mark.parametrize(
    "name",
    [
        "side-pots-rake.txt",
        "quartered.txt",
        "odd-cent.txt",
        "no-showdown.txt",
        "run-twice.txt",
        "stud-hilo.txt",
        "courchevel-run-twice.txt",
        "variants-stud.txt",
        "variants-button-blind.txt",
    ],
)
def test_own_files_that_the_site_paid_right_are_ok(name: str) -> None:
    assert [status for _, status, _ in verdicts(text_of(name))] == ["ok"]


def test_side_pots_with_rake_are_settled_after_the_rake_of_each_pot() -> None:
    (record,) = read("t.txt", text_of("side-pots-rake.txt"))
    settlement, _ = check(record)
    assert settlement is not None
    assert [(p.amount, p.rake) for p in settlement.pots] == [(399, 21), (380, 20)]
    assert {p.name: p.won for p in settlement.players} == {"Alice": 199, "Bob": 0, "Carol": 580}


def test_run_twice_odd_cent_to_the_first_run() -> None:
    (record,) = read("t.txt", text_of("run-twice.txt"))
    settlement, _ = check(record)
    assert settlement is not None and settlement.pots[0].rake == 41
    assert [r.amount for r in settlement.pots[0].runs] == [480, 479]
    # Paying the odd cent to the second run instead is a mismatch, a cent each way.
    swapped = text_of("run-twice.txt").replace(
        "Max collected $2.40 from pot\nMax collected $2.40",
        "Max collected $2.40 from pot\nMax collected $2.39",
    )
    swapped = swapped.replace("Ned collected $4.79", "Ned collected $4.80").replace(
        "won ($4.80)", "won (X)"
    )
    swapped = swapped.replace("won ($4.79)", "won ($4.80)").replace("won (X)", "won ($4.79)")
    assert only(swapped)[0] == "mismatch"


def test_courchevel_run_twice_is_the_hand_of_rules_12_3() -> None:
    # RULES §12.3 (PokerStars #97007286518): 16350 − 50 rake = 16300, 8150 a run. Run 1: high to the
    # button (full house), low to the big blind (7-5-4-3-A), 4075 each. Run 2: high 4075 to the button
    # (seven-high straight); both lows 5-4-3-2-A share 4075: 2038 to the big blind, first left of the
    # button, 2037 to the button.
    (record,) = read("t.txt", text_of("courchevel-run-twice.txt"))
    settlement, verdict = check(record)
    assert settlement is not None and verdict.status == "ok"
    assert [(r.amount, r.shares) for r in settlement.pots[0].runs] == [
        (8150, {"Vic": 4075, "Walt": 4075}),
        (8150, {"Vic": 4075 + 2037, "Walt": 2038}),
    ]


def test_cancelled_hand_is_not_checkable() -> None:
    assert verdicts(text_of("cancelled.txt")) == [
        ("200000000005", "not-checkable", "the hand was cancelled")
    ]


def test_mixed_game_file_checks_its_omaha_hand_and_names_the_other_games() -> None:
    found = verdicts(text_of("mixed-8-game.txt"))
    assert [(i, s) for i, s, _ in found] == [
        ("200000000010", "not-checkable"),
        ("200000000011", "ok"),
        ("200000000012", "not-checkable"),
        ("200000000013", "not-checkable"),
    ]
    assert "Hold'em Limit (8-Game table) is not a game hilo plays" in found[0][2]
    assert "Razz" in found[2][2] and "Triple Draw 2-7 Lowball" in found[3][2]


def test_tampered_payouts_are_mismatches_with_the_likely_reason() -> None:
    found = verdicts(text_of("tampered.txt"))
    assert [(i, s) for i, s, _ in found] == [
        ("200000000020", "mismatch"),
        ("200000000021", "mismatch"),
    ]
    assert "odd chip" in found[0][2] and "tied half paid whole" in found[1][2]


def test_a_mismatch_names_each_pot_paid_differently() -> None:
    # Half of the side pot, Carol's scoop, paid to Bob instead: the main pot was paid right.
    text = text_of("side-pots-rake.txt").replace(
        "Carol collected $1.90 from side pot\n", "Bob collected $1.90 from side pot\n", 1
    )
    text = text.replace("and won ($5.80)", "and won ($3.90)").replace(
        "and lost with", "and won ($1.90) with"
    )
    _, verdict = check(only_record(text))
    assert verdict.status == "mismatch" and verdict.site is None
    assert verdict.differences == {"Bob": (190, 0), "Carol": (390, 580)}
    assert verdict.pots == (
        PotDifference("side pot 1", {"Bob": 190, "Carol": 190}, {"Carol": 380}),
    )
    code, out, _ = invoke_text(text)
    assert code == 1
    assert (
        "\n  side pot 1: recorded Bob $1.90, Carol $1.90; the cards and the rules give Carol $3.80\n"
        in out
    )
    assert "main pot:" not in out
    code, out, _ = invoke_text(text, "--format", "json")
    assert json.loads(out)["check"]["pots"] == [
        {
            "pot": "side pot 1",
            "recorded": {"Bob": 190, "Carol": 190},
            "recomputed": {"Carol": 380},
            "half": None,
        }
    ]


def test_pots_paid_right_list_no_pot_and_a_history_without_pot_lines_says_null() -> None:
    code, out, _ = invoke(str(DATA / "side-pots-rake.txt"), "--format", "json")
    assert code == 0 and json.loads(out)["check"]["pots"] == []
    phh = TEST_DATA / "phh" / "changed.phh"
    code, out, _ = invoke(str(phh), "--format", "json")
    assert code == 1 and json.loads(out)["check"]["pots"] is None


def test_a_tampered_single_pot_shows_the_pot_as_paid_and_as_settled() -> None:
    code, out, _ = invoke(str(DATA / "tampered.txt"))
    assert code == 1
    assert (
        "\n  pot: recorded Ann $0.29, Cy $0.28, Dan $0.58; the cards and the rules give Ann $0.28, Cy $0.29, "
        "Dan $0.58\n"
    ) in out
    assert (
        "\n  pot: recorded Cy $0.57, Dan $0.58; the cards and the rules give Ann $0.28, Cy $0.29, Dan $0.58\n"
        in out
    )


def invoke_text(text: str, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", "-", *args], input=text.encode())
    return result.exit_code, result.stdout, result.stderr


def test_bad_hands_are_errors_at_their_line_and_the_others_are_still_checked() -> None:
    records = list(read("bad-input.txt", text_of("bad-input.txt")))
    assert [r.id for r in records] == [f"2000000000{n}" for n in range(30, 35)]
    found = verdicts(text_of("bad-input.txt"), "bad-input.txt")
    assert [s for _, s, _ in found] == ["ok", "error", "error", "error", "ok"]
    assert (records[1].line, records[2].line) == (52, 90)
    assert "cannot read the action 'Gus: dances on the table for $5'" in found[1][2]
    assert "cut short" in found[2][2]
    assert re.search(r"'Gus: bets \$5'.*pot limit: the most is a bet 90.*RULES §14\.3", found[3][2])


# -- the summary's arithmetic (RULES §13): the site's own lines disagreeing is a finding, a MISMATCH ---------

SITE = "the site's own lines disagree: "


def test_printed_pots_must_add_up_to_total_pot_minus_rake() -> None:
    text = text_of("side-pots-rake.txt").replace("Main pot $3.99.", "Main pot $3.98.")
    status, why = only(text)
    assert (
        status == "mismatch"
        and why.startswith(SITE)
        and "add up to 778, not Total pot 820 − Rake 41 = 779" in why
    )


def test_a_printed_pot_cannot_be_more_than_the_pot_the_actions_built() -> None:
    text = text_of("side-pots-rake.txt").replace(
        "Main pot $3.99. Side pot $3.80. | Rake $0.41",
        "Main pot $4.30. Side pot $3.49. | Rake $0.41",
    )
    status, why = only(text)
    assert (
        status == "mismatch"
        and why.startswith(SITE)
        and "main pot is printed as 430, more than the 420" in why
    )


def test_total_pot_must_be_what_the_actions_put_in() -> None:
    status, why = only(text_of("odd-cent.txt").replace("Total pot $1.90", "Total pot $2"))
    assert (
        status == "mismatch"
        and why.startswith(SITE)
        and "Total pot is 200, but the actions put 190" in why
    )


def test_printed_uncalled_bet_must_be_what_the_actions_leave() -> None:
    status, why = only(text_of("no-showdown.txt").replace("Uncalled bet ($6)", "Uncalled bet ($5)"))
    assert status == "mismatch" and why.startswith(SITE)
    assert "returned an uncalled bet of 500 to Hal, but the actions leave 600" in why


def test_collected_lines_and_summary_disagreeing_is_a_mismatch_checked_on_the_collected_lines() -> (
    None
):
    # The site paid Eve 90 (her "collected" line) but its summary says 95: the payout is right, the
    # site's lines are not.
    text = text_of("odd-cent.txt").replace("won ($0.90)", "won ($0.95)")
    settlement, verdict = check(only_record(text))
    assert verdict.status == "mismatch" and verdict.differences == {}
    assert (
        verdict.why
        == SITE + "Eve collected $0.90, the summary says won $0.95"
        == SITE + (verdict.site or "")
    )
    assert settlement is not None  # settled all the same: the pots add up
    # And a payout that also differs says both.
    text = text.replace("Eve collected $0.90 from pot", "Eve collected $0.89 from pot")
    _, verdict = check(only_record(text))
    assert verdict.why.startswith(
        SITE + "Eve collected $0.89, the summary says won $0.95; and the payout differs: "
    )
    assert verdict.differences == {"Eve": (89, 90)}


def test_summary_board_not_the_board_dealt_is_a_mismatch() -> None:
    status, why = only(
        text_of("odd-cent.txt").replace("Board [3h 6d Qc 8s Kd]", "Board [3h 6d Qc 8s Ks]")
    )
    assert (status, why) == (
        "mismatch",
        SITE + "the summary's board 3h 6d Qc 8s Ks is not the board dealt, 3h 6d Qc 8s Kd",
    )


def test_a_collect_from_a_pot_the_summary_does_not_print_is_a_mismatch() -> None:
    text = text_of("odd-cent.txt").replace(
        "Eve collected $0.90 from pot", "Eve collected $0.90 from side pot-2"
    )
    status, why = only(text)
    assert status == "mismatch" and why.startswith(
        SITE + "line 28: Eve collected from the side pot-2"
    )


def test_an_illegal_action_is_bad_input_even_when_the_site_also_disagrees_with_itself() -> None:
    text = text_of("odd-cent.txt").replace("won ($0.90)", "won ($0.95)")
    text = text.replace("Eve: checks\n", "Eve: bets $9\n", 1)
    status, why = only(text)
    assert status == "error" and "RULES §14" in why


def test_the_command_exits_1_for_a_site_inconsistency_and_json_names_it(tmp_path: Path) -> None:
    path = tmp_path / "site.txt"
    path.write_text(
        text_of("no-showdown.txt").replace("Uncalled bet ($6)", "Uncalled bet ($5)"),
        encoding="utf-8",
    )
    code, out, err = invoke(str(path), "--format", "json")
    check_ = json.loads(out)["check"]
    assert code == 1 and err == ""
    assert check_["verdict"] == "MISMATCH" and check_["ok"] is False
    assert check_["site_inconsistency"] == (
        "the site returned an uncalled bet of 500 to Hal, but the actions leave "
        "600 uncalled (RULES §5.3)"
    )
    code, out, _ = invoke(str(path))
    assert code == 1 and out.startswith(
        f"MISMATCH: {path}:1 hand 200000000004: {SITE}the site returned"
    )
    code, out, _ = invoke(str(DATA / "odd-cent.txt"), "--format", "json")
    assert code == 0 and json.loads(out)["check"]["site_inconsistency"] is None


def only_record(text: str) -> HandRecord:
    (record,) = read("t.txt", text)
    return record


def test_a_single_pot_pays_the_whole_rake() -> None:
    (record,) = read("t.txt", text_of("odd-cent.txt"))
    settlement, _ = check(record)
    assert settlement is not None and [(p.amount, p.rake) for p in settlement.pots] == [(181, 9)]


def test_rake_halved_before_or_after_is_told_apart() -> None:
    # Halving the pot before rake would give high 95 and low 95 less rake shares; the site's 91/90 is
    # the pot after rake halved (RULES §13). Paying 95/86 is a mismatch.
    text = text_of("odd-cent.txt").replace("$0.91", "$0.95").replace("$0.90", "$0.86")
    assert only(text)[0] == "mismatch"


def test_contested_showdown_without_the_cards_is_not_checkable() -> None:
    text = text_of("odd-cent.txt")
    text = text.replace("Gus: shows [Qd Qh 9c Tc] (HI: three of a kind, Queens)\n", "")
    text = text.replace("showed [Qd Qh 9c Tc] and won", "won")
    status, why = only(text)
    assert status == "not-checkable" and why == "cards not shown at a contested showdown: Gus"


def test_a_mucked_hand_is_dead() -> None:
    # Gus mucks: Eve alone is live and takes the whole pot after rake.
    text = text_of("odd-cent.txt").replace(
        "Gus: shows [Qd Qh 9c Tc] (HI: three of a kind, Queens)", "Gus: mucks hand"
    )
    text = text.replace(
        "Gus collected $0.91 from pot\nEve collected $0.90 from pot", "Eve collected $1.81 from pot"
    )
    text = text.replace(
        "Seat 1: Gus (big blind) showed [Qd Qh 9c Tc] and won ($0.91) with HI: three of a kind, "
        "Queens",
        "Seat 1: Gus (big blind) mucked [Qd Qh 9c Tc]",
    )
    text = text.replace("won ($0.90)", "won ($1.81)")
    assert only(text)[0] == "ok"


def test_a_hand_won_before_the_river_is_settled_on_the_board_dealt() -> None:
    # Jon folds on the turn: Hal's lone live hand wins on four board cards. ``settle`` takes the short
    # board as it is (RULES §7: a lone live hand is not evaluated), so nothing pads it with unused cards.
    from hilo_cli.betting import replay
    from hilo_cli.checking import settle_replayed, site_deal
    from hilo_cli.showdown import settle

    (record,) = read("t.txt", text_of("no-showdown.txt"))
    assert record.hand is not None
    replayed = replay(record.hand)
    deal = site_deal(record, replayed)
    assert len(deal.board) == 4
    settlement = settle_replayed(replayed, deal)
    assert settlement == settle(deal, cards=True)
    assert settlement.deal.board == deal.board
    assert {p.name: p.won for p in settlement.players} == {"Hal": 835 + 600, "Ivy": 0, "Jon": 0}
    assert all(p.hands is None for p in settlement.players)


# -- the order cards and seats are written in (a property of every input path) ----------------------------

_BRACKET = re.compile(
    r"(shows \[|showed \[|mucked \[|^Dealt to [^\[\n]+ \[)([^\]]+)\]", re.MULTILINE
)
OWN = [
    "side-pots-rake.txt",
    "quartered.txt",
    "odd-cent.txt",
    "run-twice.txt",
    "stud-hilo.txt",
    "tampered.txt",
    "mixed-8-game.txt",
    "courchevel-run-twice.txt",
    "variants-sites.txt",
    "variants-stud.txt",
    "variants-button-blind.txt",
    "variants-headers.txt",
    "variants-cp1252.txt",
    "variants-archive.txt",
    "variants-rio.txt",
]


_SEAT = re.compile(r"Seat .* in chips\)")


def _shuffled(text: str, rng: random.Random) -> str:
    """The same hands with every shown and dealt hand's cards, and each hand's seat lines, in another order."""
    return shuffled(text, rng, _BRACKET, _SEAT)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OWN), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    text = text_of(name)
    assert [(i, s) for i, s, _ in verdicts(_shuffled(text, rng))] == [
        (i, s) for i, s, _ in verdicts(text)
    ]


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from(["tampered.txt", "side-pots-rake.txt", "run-twice.txt"]),
    st.randoms(use_true_random=False),
)
def test_pots_and_differences_do_not_depend_on_the_order_cards_and_seats_are_written(
    name: str, rng: random.Random
) -> None:
    # Through the command's own path (split in the parent, each hand read where it is checked).
    def checks(text: str) -> list[object]:
        _, out, _ = invoke_text(text, "--format", "json")
        _, lines, _ = invoke_text(text)
        # JSON as values, and the text's verdict lines as written (the order names are listed in).
        return [json.loads(line)["check"] for line in out.splitlines()] + [
            line
            for line in lines.splitlines()
            if ": recorded " in line or line.startswith(("OK", "MISMATCH"))
        ]

    text = text_of(name)
    assert checks(_shuffled(text, rng)) == checks(text)


# -- the shared real files -----------------------------------------------------------------------------


@pytest.mark.skipif(
    not SHARED_FILES, reason="../shared/handhistories/pokerstars is absent (a user's clone)"
)
def test_every_shared_hand_gets_a_record_and_every_checkable_one_is_ok() -> None:
    counts: dict[str, int] = {}
    for path in SHARED_FILES:
        text = path.read_text(encoding="utf-8-sig")
        headers = len(re.findall(r"^PokerStars (?:Hand|Game) #", text, re.MULTILINE))
        found = verdicts(text.replace("\r\n", "\n"), path.name)
        assert len(found) == headers, path.name
        for hand, status, why in found:
            assert status in ("ok", "not-checkable"), (path.name, hand, why)
            counts[status] = counts.get(status, 0) + 1
    # Ten files, 96 hands: the one cancelled hand is the only one not checkable.
    assert counts == {"ok": 95, "not-checkable": 1}


# -- the command -----------------------------------------------------------------------------------------


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", *args])
    return result.exit_code, result.stdout, result.stderr


def test_command_on_a_folder_reads_every_txt_file() -> None:
    code, out, err = invoke(str(DATA), "--format", "json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2  # bad-input.txt has bad hands
    assert (
        len(rows) == 54 and len(err.strip().splitlines()) == 3
    )  # 54 hands in 18 files, 3 of them bad
    by_id = {
        r["id"]: r["check"]["verdict"] if "check" in r else "ERROR: " + r["error"] for r in rows
    }
    assert by_id["200000000001"] == "OK" and by_id["200000000020"] == "MISMATCH"
    assert by_id["200000000005"] == "NOT CHECKABLE" and by_id["200000000031"].startswith(
        "ERROR: cannot read"
    )


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("quartered.txt", 0),
        ("mixed-8-game.txt", 0),
        ("cancelled.txt", 0),
        ("tampered.txt", 1),
        ("bad-input.txt", 2),
    ],
)
def test_command_exit_status(name: str, code: int) -> None:
    assert invoke(str(DATA / name))[0] == code


def test_command_input_format_pokerstars_and_text_starts_with_the_hand_number() -> None:
    code, out, _ = invoke("--input-format", "pokerstars", str(DATA / "quartered.txt"))
    assert code == 0 and out.startswith("OK: ") and "hand 200000000002" in out.splitlines()[0]


def test_record_type_is_the_histories_one() -> None:
    assert all(isinstance(r, HandRecord) for r in read("t.txt", text_of("quartered.txt")))


def _plain(r: HandRecord) -> object:
    return r  # plain data: records compare by value


@pytest.mark.parametrize("input_format", ["auto", "pokerstars"])
def test_split_hands_read_one_by_one_are_the_records_read_gives(input_format: str) -> None:
    # hilo check cuts each file into hands in the parent and reads each where it is checked (a worker).
    from hilo_cli.histories import HandText, read_text, split
    from hilo_cli.histories import read as read_any

    text = "\ufeff\n\n" + "\n\n".join(text_of(p.name) for p in sorted(DATA.glob("*.txt")))
    pieces = list(split("all.txt", text, input_format))
    assert pieces and all(isinstance(p, HandText) for p in pieces)
    whole = list(read_any("all.txt", text, input_format))
    assert len(whole) == len(pieces) == 54
    assert [_plain(read_text(p)) for p in pieces if isinstance(p, HandText)] == [
        _plain(r) for r in whole
    ]


def test_split_gives_the_error_records_read_gives() -> None:
    from hilo_cli.histories import HandText, read_text, split
    from hilo_cli.histories import read as read_any

    # Empty, not a history, an unknown format: one error for the file, nothing cut.
    for text, fmt in (("", "auto"), ("hello\n", "auto"), ("hello\n", "nonsense")):
        found = list(split("x", text, fmt))
        assert all(isinstance(r, HandRecord) for r in found) and len(found) == 1
        assert found == list(read_any("x", text, fmt))
    # PokerStars text read as PHH: cut by the PHH reader, each piece read to the record read gives.
    text = text_of("odd-cent.txt")
    pieces = list(split("x", text, "phh"))
    assert [read_text(p) if isinstance(p, HandText) else p for p in pieces] == list(
        read_any("x", text, "phh")
    )


def test_jobs_give_the_same_bytes_as_one_process(tmp_path: Path) -> None:
    # More hands than one worker's chunk (50), bad ones among them, so the order of chunks is tested.
    text = "\n\n".join(text_of(p.name) for p in sorted(DATA.glob("*.txt")))
    path = tmp_path / "many.txt"
    path.write_text("\n\n".join([text] * 4), encoding="utf-8")
    for fmt in ("text", "json", "csv"):
        one = CliRunner().invoke(main, ["check", str(path), "--format", fmt, "--jobs", "1"])
        two = CliRunner().invoke(main, ["check", str(path), "--format", fmt, "--jobs", "2"])
        assert (one.exit_code, one.stdout_bytes, one.stderr) == (
            two.exit_code,
            two.stdout_bytes,
            two.stderr,
        )
        assert one.exit_code == 2 and len(one.stderr.splitlines()) == 4 * 3
    rows = [
        json.loads(line)
        for line in CliRunner()
        .invoke(main, ["check", str(path), "--format", "json", "--jobs", "2"])
        .stdout.splitlines()
    ]
    assert [r["id"] for r in rows] == [
        r.id for r in read("many.txt", path.read_text(encoding="utf-8"))
    ]


def test_cards_shown_only_in_the_summary_speak() -> None:
    # Gus's show line is gone, but the summary shows his cards: they are his hand (RULES §7.1).
    text = text_of("odd-cent.txt").replace(
        "Gus: shows [Qd Qh 9c Tc] (HI: three of a kind, Queens)\n", ""
    )
    assert only(text)[0] == "ok"


def test_command_names_each_bad_hand_at_its_file_and_line() -> None:
    code, out, err = invoke(str(DATA / "bad-input.txt"))
    path = str(DATA / "bad-input.txt")
    assert code == 2 and out.count("OK: ") == 2
    assert [line.split(": ", 1)[0] for line in err.splitlines()] == [
        f"{path}:52",
        f"{path}:90",
        f"{path}:111",
    ]
    assert "action 13 'Gus: bets $5': pot limit: the most is a bet 90" in err


def test_command_reads_a_byte_order_mark_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    text = text_of("mixed-8-game.txt") + "\n\n" + text_of("tampered.txt")
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    code, out, _ = invoke(str(path))
    firsts = [
        line.split(": ")[1]
        for line in out.splitlines()
        if line.startswith(("OK", "NOT", "MISMATCH"))
    ]
    assert code == 1
    assert firsts == [
        f"{path}:1 hand 200000000010",
        f"{path}:24 hand 200000000011",
        f"{path}:62 hand 200000000012",
        f"{path}:89 hand 200000000013",
        f"{path}:119 hand 200000000020",
        f"{path}:162 hand 200000000021",
    ]


def test_a_hand_mucked_in_the_summary_only_is_dead() -> None:
    # No "Gus: mucks hand" line, but the summary says he mucked: Eve alone is live and takes the pot.
    text = text_of("odd-cent.txt").replace(
        "Gus: shows [Qd Qh 9c Tc] (HI: three of a kind, Queens)\n", ""
    )
    text = text.replace(
        "Gus collected $0.91 from pot\nEve collected $0.90 from pot", "Eve collected $1.81 from pot"
    )
    text = text.replace(
        "Seat 1: Gus (big blind) showed [Qd Qh 9c Tc] and won ($0.91) with HI: three of a kind, "
        "Queens",
        "Seat 1: Gus (big blind) mucked [Qd Qh 9c Tc]",
    )
    assert only(text.replace("won ($0.90)", "won ($1.81)"))[0] == "ok"


def test_omaha_high_has_no_low_half() -> None:
    # The odd-cent hand as pot-limit Omaha (high only): Gus's trip queens take the whole 181.
    text = text_of("odd-cent.txt").replace("Omaha Hi/Lo Pot Limit", "Omaha Pot Limit")
    text = text.replace(
        "Gus collected $0.91 from pot\nEve collected $0.90 from pot", "Gus collected $1.81 from pot"
    )
    text = text.replace("won ($0.91)", "won ($1.81)").replace(
        "Eve (button) showed [Ac 2c Js Jh] and won ($0.90) with",
        "Eve (button) showed [Ac 2c Js Jh] and lost with",
    )
    assert only(text)[0] == "ok"
    assert only(text.replace("Omaha Pot Limit", "Omaha Hi/Lo Pot Limit"))[0] == "mismatch"
