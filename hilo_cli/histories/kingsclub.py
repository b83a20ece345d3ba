"""KingsClub hand histories (private club software): the plug-in (``READER``) and its lines.

KingsClub writes a hand as::

    #39969218: Limit Omaha Hi-Lo - 40/80
    2021-01-02 15:39:12
    Table '8 Game Mix' Seat 6 is the button
    Seat 1: Player0 (600)
    Hero: posts the small blind 20
    *** HOLE CARDS ***
    Dealt to Player0: [X X X X]             (X: a card not shown)
    Hero raises to 80                       (calls, bets and raises: the player's street total)
    *** TURN *** [4s Td 6c] [Th]
    *** BOARD 1 - RIVER *** [2h 7h Td Ks] [4d]     (run twice: each run's board, RULES §12)
    *** BOARD 2 - RIVER *** [- - - Qd] [Jd]        ("-": the card both runs share)
    Hero shows [4d Kd Ac 5s]
    *** SUMMARY ***
    Seat 1: Player0 (599.50) -0.50          (the stack after the hand, and what it won or lost)
    Rake 1
    Player0 wins (279.50) from pot          (one total per player; stud: "wins pot (659)")

Amounts carry no currency sign (cents: ``279.50``). A stud hand's first cards come before any street
line, and each ``*** Nth STREET ***`` line deals the next card. The award lines give one total per
player, so that is what is checked. The site prints its rake but no total pot: the rake is derived from
the actions and the payout (RULES §13), and a printed rake, or a summary stack, that does not agree with
what was put in and paid is a finding about the site. An uncalled bet comes back without a line; the award
lines are taken to count only the pots.
"""

from __future__ import annotations

from hilo_cli.histories.amounts import NUMBER
from hilo_cli.histories.base import Reader
from hilo_cli.histories.kingsclub_lines import GAME_NAMES, LINES, HandReader
from hilo_cli.histories.plugin import group_id, header_starts, record_reader
from hilo_cli.histories.seats import STRUCTURES

# A hand starts at its header (``#N: LIMIT GAME - x/y``).
detect, starts_hand = header_starts(
    rf"#\d+: (?:Pot Limit|No Limit|Limit) .+ - {NUMBER}/{NUMBER}[ \t]*$"
)


read_record = record_reader(HandReader, group_id(LINES.header), GAME_NAMES, STRUCTURES)
"""One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""


READER = Reader("kingsclub", "KingsClub", (".txt",), detect, starts_hand, read_record)
