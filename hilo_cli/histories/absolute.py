"""Absolute Poker / Cereus hand histories (a closed network's archives): the plug-in (``READER``).

Absolute writes a hand as::

    Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)
    Table: Name (Real Money) Seat #1 is the dealer        (board games)
    Seat 1 - PLAYER1 ($0.17 in chips)
    PLAYER1 - Ante $0.01          PLAYER7 - Bring-In $0.01          Ann - Posts big blind $0.50
    *** 3rd STREET ***            (*** POCKET CARDS ***, *** FLOP *** [..], *** TURN *** [..] [Kd])
    PLAYER1 - Pocket [H H Js]     (every card so far; ``H`` a card nobody sees)
    PLAYER3 - Bets $0.04          Bob - Raises $1 to $1.50          Bob - All-In $3
    Bob - returned ($1) : not called
    *** SHOW DOWN ***
    PLAYER7 - Shows [5s 8d 3s Qc 6c Qs 9s] (One pair, queens)
    PLAYER3 Collects $0.19 from main pot                  (side pot-1: a side pot)
    *** SUMMARY ***
    Total Pot($0.43) | Rake ($0.04)                       (Total before rake)
    Seat 3: PLAYER3 won Total ($0.19) HI:with One pair, aces [...] LO:($0.19) [...]

"Normal" is fixed limit; a bet is what it adds, a raise "X to Y". The collect lines name the pot, not
the half; the summary names each player's halves (``HI:($x)``, ``LO:($x)``), so a player's collect from
one pot is split into the halves the summary gives (per half); where a player collects from several pots,
the halves cannot be told apart per pot and the hand is checked per pot. The summary prints no pot of its
own beside the Total: with side pots the rake per pot is derived (RULES §13), the printed Total and Rake
held against the collect lines.
"""

from __future__ import annotations

from hilo_cli.histories.absolute_lines import GAME_NAMES, LINES, STRUCTURES, HandReader
from hilo_cli.histories.base import Reader
from hilo_cli.histories.plugin import group_id, header_starts, record_reader

# A hand starts at its header (``Stage #``, the hand's number, ``:``).
detect, starts_hand = header_starts(r"Stage #[A-Z]?\d+: ")


read_record = record_reader(HandReader, group_id(LINES.header), GAME_NAMES, STRUCTURES)
"""One hand's record from its lines: a hand to replay, one that is not checkable, or an error."""


READER = Reader("absolute", "Absolute Poker", (".txt",), detect, starts_hand, read_record)
