"""Movements as checked data: who sits where in each round, which boards each table plays, where
everyone goes next; the checks every movement passes before it is used; how balanced it is; the
movements that fit a field.

- :mod:`.model`: :class:`Movement` (rounds × tables of :class:`Seating`: NS, EW, board set; sets at
  rest on a :class:`Rest` stand), :meth:`Movement.problems` / :meth:`Movement.checked`.
- :mod:`.balance`: :func:`balance` (John Manning's competition between every two pairs, its mean and
  standard deviation as Ross Moore tabulates them, the fields of a two-winner movement).
- :mod:`.pairs`: :func:`mitchell` (the skip or share and relay for an even number of tables, arrow
  switches, a phantom pair), :func:`two_section_mitchell`, :func:`arrow_switched`.
- :mod:`.library`: :func:`howell` (complete Howells of 3-7 tables and the ¾ Howells of 5-10 tables,
  from ``library/howells.toml``, found by :mod:`.howell_search`).
- :mod:`.teams`: :func:`teams_match` (two rooms), :func:`round_robin`, :func:`swiss_draw` and
  :func:`swiss_movement`.
- :mod:`.propose`: :func:`propose` (the movements that fit a number of pairs and boards, with reasons).
- :mod:`.files`: :func:`movement_text` / :func:`read_movement` (the movement file, ``format.md``).

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
