"""What the tests of the closed sites' XML readers (Merge, Boss Media, Microgaming: issue 18) share: the
same hands written with their seats and hole cards in another order (cards speak: the verdict must not
move), and the "billion laughs" file every XML reader must refuse without expanding anything
(``refuses_billion_laughs``)."""

from __future__ import annotations

import random
import re

from archive_sites import verdicts


def reorder_xml(
    text: str,
    rng: random.Random,
    seat: re.Pattern[str],
    trigger: re.Pattern[str],
    card: re.Pattern[str],
) -> str:
    """``text`` with each run of seat lines (``seat``) shuffled, and the cards of each line ``trigger``
    finds (a deal to a player, a show) shuffled among themselves: ``card`` finds each card's value (group
    1), on the trigger line itself (a comma list) or on the card lines right after it."""
    out: list[str] = []
    seats: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if seat.search(line):
            seats.append(line)
            i += 1
            continue
        if seats:
            rng.shuffle(seats)
            out += seats
            seats = []
        if not trigger.search(line):
            out.append(line)
            i += 1
            continue
        group = [line]
        i += 1
        while i < len(lines) and card.search(lines[i]) and not trigger.search(lines[i]):
            group.append(lines[i])
            i += 1
        out += _shuffle_cards(group, rng, card)
    return "\n".join(out + seats)


def _shuffle_cards(group: list[str], rng: random.Random, card: re.Pattern[str]) -> list[str]:
    values = [m.group(1) for line in group for m in card.finditer(line)]
    if len(values) == 1 and "," in values[0]:  # one list of cards, "Ks,Qs,Jd,Td"
        items = values[0].split(",")
        rng.shuffle(items)
        values = [",".join(items)]
    rng.shuffle(values)
    left = iter(values)
    return [
        card.sub(lambda m: m.group(0).replace(m.group(1), next(left), 1), line) for line in group
    ]


def billion_laughs() -> str:
    """The declarations of the "billion laughs" (``&lol9;`` is 10^9 ``lol``s): a file must be refused before
    any of it is expanded."""
    levels = [' <!ENTITY lol "lol">']
    for n in range(1, 10):
        inner = "&lol" + (str(n - 1) if n > 1 else "") + ";"
        levels.append(f' <!ENTITY lol{n} "{inner * 10}">')
    return '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n' + "\n".join(levels) + "\n]>\n"


def refuses_billion_laughs(site: str, laughing: str, good: str, declaring: str) -> None:
    """``site``'s reader refuses the billion laughs without expanding them. Read after its declarations,
    ``laughing`` (a hand that names ``&lol9;``) and ``good`` (a hand): the declarations are one error, the
    hand naming the entity another (the parser was never told of it), and ``good`` is read; ``declaring``,
    a hand with a declaration inside it, is refused for it."""
    found = verdicts(site, billion_laughs() + laughing + good)
    assert [s for _, s, _ in found] == ["error", "error", "ok"]
    assert "declares a document type or entities" in found[0][2]
    assert "undefined entity" in found[1][2]  # the entity was never declared to the parser
    assert "declares a document type or entities" in verdicts(site, declaring)[0][2]
