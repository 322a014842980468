"""Event files and their results: PBN 2.1 and USEBIO read and written, the event model, an event
scored as its program scored it, a director's corrections and the double-dummy adapter.

The names most callers need — the PBN reader and writer, ``compute_results`` and the model's types
— are importable from here (``__all__``); each one's own docstring says its arguments and fields.
"""
from rules_ext.events.errors import PBNError, PBNErrors
from rules_ext.events.model import Artificial, Board, Event, EventKind, Participant, TableResult
from rules_ext.events.pbn.lexer import Game, Tag
from rules_ext.events.pbn.reader import read_pbn
from rules_ext.events.pbn.tables import Column, Table
from rules_ext.events.pbn.writer import write_pbn
from rules_ext.events.scoring.results import compute_results
from rules_ext.events.scoring.results_model import (
    BoardResults,
    Difference,
    EventResults,
    MatchResult,
    RankEntry,
    Ranking,
    ScoredResult,
)

__all__ = [
    "Artificial", "Board", "BoardResults", "Column", "Difference", "Event", "EventKind", "EventResults",
    "Game", "MatchResult", "PBNError", "PBNErrors", "Participant", "RankEntry", "Ranking", "ScoredResult",
    "Table", "TableResult", "Tag", "compute_results", "read_pbn", "write_pbn",
]

