"""Movements as checked data: who sits where in each round, which boards each table plays, where
everyone goes next; the checks every movement passes before it is used, so that no paper on the
tables is printed from a movement that cannot be played; how balanced it is; the movements that
fit a field. How they move and how they are checked, in a director's words: the 使用说明's
赛前的准备 (source/manual/session.rst).

>>> m = mitchell(9, boards_per_round=3)
>>> m.checked() is m, m.rounds, len(m.boards)
(True, 9, 27)
"""
from rules_ext.core.movements.balance import Balance, Field, balance
from rules_ext.core.movements.files import movement_text, parse_movement, read_movement
from rules_ext.core.movements.library import available, howell
from rules_ext.core.movements.model import (
    CLOSED,
    OPEN,
    Kind,
    Movement,
    MovementError,
    Problem,
    Rest,
    Seating,
    board_range,
)
from rules_ext.core.movements.pairs import arrow_switched, board_sets, mitchell, two_section_mitchell
from rules_ext.core.movements.propose import Proposal, propose
from rules_ext.core.movements.teams import round_robin, swiss_draw, swiss_movement, teams_match

__all__ = [
    "CLOSED", "OPEN", "Balance", "Field", "Kind", "Movement", "MovementError", "Problem", "Proposal", "Rest",
    "Seating", "arrow_switched", "available", "balance", "board_range", "board_sets", "howell", "mitchell",
    "movement_text", "parse_movement", "propose", "read_movement", "round_robin", "swiss_draw", "swiss_movement",
    "teams_match", "two_section_mitchell",
]
