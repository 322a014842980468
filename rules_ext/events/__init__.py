"""PBN 2.1: a lossless reader (import format), a strict writer (export format) and session results.

Public API
----------
``read_pbn(path_or_text, *, source=None, encoding=None, strict=False) -> Event``
    Read a PBN file (a ``pathlib.Path``, bytes, or the text itself; a ``str`` that names an
    existing file is read as a file). The encoding is detected (UTF-8 with or without BOM,
    ISO 8859-1, GB18030/GBK) unless given, and reported in ``event.encoding``. Problems (an
    unclosed quote, a bad deal, a contract of 8S, a short ScoreTable row, ...) are collected in
    ``event.problems`` as ``PBNError`` (``str()`` = ``file:line: problem``) and the rest of the file
    is still read; with ``strict=True`` they are raised together as ``PBNErrors``.
``write_pbn(event, *, newline="\\r\\n", encoding="utf-8") -> str``
    The export format: ``% PBN 2.1`` / ``% EXPORT`` header, the 15 mandatory tags in order, the
    others alphabetically (each Note right after its Auction or Play), one tag per line, one empty
    line between games. ``read_pbn(write_pbn(e)) == e``; for a file already in export format,
    ``write_pbn(read_pbn(f))`` gives the same text (same bytes when encoded as the file was).
``compute_results(event, *, scale=None, method=None) -> EventResults``
    Scores (where the file lacks them), matchpoints with Neuberg, percentages, IMPs, VPs,
    cross-IMPs, Butler, rankings with ties, and every difference from the file's own figures.
``apply_corrections(event, read_corrections(path)) -> (Event, applied)`` (``rules_ext.events.corrections.apply``)
    A director's corrections from a TOML file (format: ``corrections.md`` beside this module):
    corrected results, artificial (A+/A=/A- per side) and weighted scores, removed results; the
    event comes back corrected, games included, to be scored or exported.

The objects (frozen dataclasses; see each class for its fields)
---------------------------------------------------------------
``Event``: ``games`` (``Game``: ``tags`` of ``Tag(name, value, section)``), ``header``, ``name``,
``site``, ``date``, ``scoring``, ``kind`` (``EventKind.PAIRS | TEAMS | INDIVIDUAL``), ``boards``,
``participants``, ``totals`` (the file's TotalScoreTable as a ``Table``), ``meta``, and outside
``==``: ``source``, ``encoding``, ``newline``, ``version``, ``problems``.

``Board``: ``number``, ``dealer`` (core ``Seat``), ``vulnerability`` (core ``Vulnerability``),
``deal`` (core ``Deal`` or None), ``results`` (``TableResult``), ``optimum_score``,
``par_contract``, ``double_dummy`` ((Seat, Strain, tricks) triples; ``board.dd_tricks(seat, strain)``).

``TableResult``: ``board``, ``ns``, ``ew`` (pair ids / team names / player ids as in the file),
``contract`` (core ``Contract``; ``contract.symbol`` gives ``4♠X``), ``declarer`` (``Seat``),
``tricks``, ``score_ns``, ``score_computed``, ``artificial`` (``Artificial``: marker, pct_ns,
pct_ew), ``not_played``, ``table``, ``round``, ``room``, ``lead``, ``names_ns``, ``names_ew``,
``players`` (names without member ids), ``member_ids`` (``Markus Knob#39415``: ``39415``), ``home``,
``visit`` (teams), ``theirs`` (the file's own figures), ``scored`` (property); for one game per table
also ``auction`` (calls, checked by the core's Auction), ``auction_first``, ``auction_notes``,
``notes``, ``play`` (cards per trick from ``play_first``).

``EventResults``: ``kind``, ``method``, ``scale``, ``boards`` (``BoardResults``: ``board``,
``lines``, ``top``, ``neuberg``, ``datum``; each line a ``ScoredResult``: ``result``, ``score_ns``,
``mp_ns``, ``mp_ew``, ``pct_ns``, ``pct_ew``, ``imp_ns``, ``imp_ew``), ``rankings`` (``Ranking``:
``group`` 'NS'/'EW'/'', ``unit`` 'MP'/'IMP'/'VP', ``entries`` of ``RankEntry``: ``rank`` ('3='),
``position``, ``id``, ``names``, ``total``, ``pct``, ``boards``, ``imps``), ``matches``
(``MatchResult``: ``home``, ``visit``, ``imps_home``, ``imps_visit``, ``boards``, ``vp_home``,
``vp_visit``, ``table``), ``differences`` (``Difference``: ``board``, ``participant``, ``item``,
``theirs``, ``ours``, ``line``).

The PDF layer prints results with ``write_results_pdf(event, results, path)`` from these objects.
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

