"""The games of a corrected event rewritten for the export: each corrected result's row (or game)
written as the correction makes it, the figures of a corrected board (matchpoints, percentages,
IMPs) made unknown (``?``), and a comment line naming each correction before the game that holds
it; :func:`check_exportable` refuses a correction PBN has no form for.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from rules_ext.events.corrections import AppliedCorrection, Correction, CorrectionKind
from rules_ext.events.model import TableResult
from rules_ext.events.pbn.context import tag_line
from rules_ext.events.pbn.lexer import Game, Tag
from rules_ext.events.pbn.tables import Column, TableError, parse_columns, replace_cell, tokenize_row

__all__ = ["check_exportable", "corrected_games"]

#: the ScoreTable columns and game tags of figures computed from a board's results
_FIGURE_COLUMNS = ("MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW", "IMP_NS", "IMP_EW")
_FIGURE_TAGS = frozenset({"ScoreIMP", "ScoreMP", "ScorePercentage"})
_PLAY_TAGS = frozenset({"Auction", "Play", "Note"})


def corrected_games(games: Iterable[Game], applied: Sequence[AppliedCorrection]) -> tuple[Game, ...]:
    """The games with each corrected result rewritten, the figures of corrected boards made unknown
    and a comment line naming each correction before the game that holds it."""
    out = list(games)
    boards = {a.correction.key.board for a in applied}
    located = [(a, _locate(out, a)) for a in applied]
    for a, (index, row) in located:
        game = out[index]
        if row is None:
            game = _corrected_game(game, a)
        else:
            game = _with_tag(game, "ScoreTable", lambda tag: _corrected_row(tag, row, a))  # noqa: B023
        out[index] = replace(game, preamble=(*game.preamble, f"; correction {a.correction.number}: {a}"))
    for i, game in enumerate(out):
        if _board_of(game) in boards:
            out[i] = _figures_unknown(game)
    return tuple(out)


def _board_of(game: Game) -> int | None:
    text = (game.get("Board") or "").strip()
    return int(text) if text.isascii() and text.isdigit() else None


def _locate(games: list[Game], a: AppliedCorrection) -> tuple[int, int | None]:
    """Where a result is written: (game index, offset of its ScoreTable row or None for a game)."""
    line = a.before.line
    for index, game in enumerate(games):
        table = game.tag("ScoreTable")
        if table is not None and line in table.section_lines:
            return index, table.section_lines.index(line)
        if table is None and line and tag_line(game, "Contract") == line and _board_of(game) == a.before.board:
            return index, None
    raise a.correction.fail("board", f"the result at {a.correction.key} is not in the event's games "
                                     f"(no line number): expected an event read from a file")


def _with_tag(game: Game, name: str, change: Any) -> Game:
    return replace(game, tags=tuple(change(tag) if tag.name == name else tag for tag in game.tags))


def _corrected_row(tag: Tag, offset: int, a: AppliedCorrection) -> Tag:
    """The ScoreTable tag with the row at ``offset`` written as the corrected result."""
    columns = parse_columns(tag.value)
    names = [column.name for column in columns]
    line = tag.section[offset]
    for name, value in _row_cells(a.after, a.correction, names).items():
        if name in names:
            line = _set_cell(line, columns, names.index(name), value)
    section = list(tag.section)
    section[offset] = line
    return replace(tag, section=tuple(section))


def _set_cell(line: str, columns: Sequence[Column], index: int, value: str) -> str:
    """The row line with cell ``index`` set to ``value``, padded to the cell's width as its column aligns."""
    cell = tokenize_row(line)[index]
    if not cell.quoted:
        size = cell.end - cell.start
        value = value.rjust(size) if columns[index].align == "R" else value.ljust(size)
    return replace_cell(line, index, value)


def _row_cells(r: TableResult, c: Correction, columns: list[str]) -> dict[str, str]:
    """The cells of a ScoreTable row that say the corrected result (others are kept)."""
    dash = dict.fromkeys(("Contract", "Declarer", "Result", "Score_NS", "Score_EW", "Score"), "-")
    if r.not_played:
        return dash
    if r.artificial is not None:
        return {**dash, "Contract": r.artificial.marker}
    if r.weighted is not None:  # PBN has no form for it: the result is unknown, the comment says it
        return dict.fromkeys(("Contract", "Declarer", "Result", "Score_NS", "Score_EW", "Score"), "?")
    assert r.contract is not None and r.score_ns is not None
    contract = str(r.contract)
    if "Declarer" not in columns and r.declarer is not None:
        contract += r.declarer.name
    if "Result" not in columns and r.tricks is not None:
        raise c.fail("tricks", "the file's ScoreTable has no Result column to hold the tricks: expected a "
                               "ScoreTable with a Result column")
    if c.lead and "Lead" not in columns:
        raise c.fail("lead", "the file's ScoreTable has no Lead column: expected a ScoreTable with a Lead column")
    cells = {**dash, "Contract": contract, "Declarer": r.declarer.name if r.declarer else "-",
             "Result": "-" if r.tricks is None else str(r.tricks), "Lead": r.lead or "-"}
    if "Score_NS" in columns and "Score_EW" in columns:
        cells["Score_NS" if r.score_ns >= 0 else "Score_EW"] = str(abs(r.score_ns))
    elif "Score_EW" in columns and "Score_NS" not in columns:
        cells["Score_EW"] = str(-r.score_ns)
    else:
        cells["Score_NS"] = cells["Score"] = str(r.score_ns)
    return cells


def _corrected_game(game: Game, a: AppliedCorrection) -> Game:
    """A game played at one table, with its Contract, Declarer, Result and Score as corrected."""
    r, c = a.after, a.correction
    if c.lead:
        raise c.fail("lead", "a game has no lead tag (its lead is the first card of its Play): expected "
                             "lead only for a ScoreTable result")
    values: dict[str, str | None] = {"Contract": "-", "Declarer": "", "Result": "", "Score": None}
    if r.artificial is not None:
        values["Contract"] = r.artificial.marker
    elif r.weighted is not None:  # PBN has no form for it: the result is unknown, the comment says it
        values["Contract"] = "?"
    elif not r.not_played:
        assert r.contract is not None and r.score_ns is not None
        values = {"Contract": str(r.contract), "Declarer": r.declarer.name if r.declarer else "",
                  "Result": "" if r.tricks is None else str(r.tricks),
                  "Score": f"NS {r.score_ns}" if r.score_ns >= 0 else f"EW {-r.score_ns}"}
    drop_play = not r.auction and (a.before.auction or a.before.play)
    tags: list[Tag] = []
    for tag in game.tags:
        if tag.name in values:
            value = values.pop(tag.name)
            if value is not None:
                tags.append(replace(tag, value=value))
        elif not (drop_play and tag.name in _PLAY_TAGS):
            tags.append(tag)
    tags.extend(Tag(name, value) for name, value in values.items() if value is not None)
    return replace(game, tags=tuple(tags))


def _figures_unknown(game: Game) -> Game:
    """A game of a corrected board without its figures: ScoreTable MP/percentage/IMP cells '?' and
    no ScoreIMP/ScoreMP/ScorePercentage tags (they described the board before the correction)."""
    tags: list[Tag] = []
    for tag in game.tags:
        if tag.name in _FIGURE_TAGS:
            continue
        if tag.name == "ScoreTable":
            tag = _unknown_cells(tag)
        tags.append(tag)
    return replace(game, tags=tuple(tags))


def _unknown_cells(tag: Tag) -> Tag:
    try:
        columns = parse_columns(tag.value)
    except TableError:
        return tag
    figures = [i for i, column in enumerate(columns) if column.name in _FIGURE_COLUMNS]
    section = []
    for line in tag.section:
        try:
            cells = tokenize_row(line)
        except TableError:
            cells = []
        if len(cells) == len(columns):
            for i in figures:
                line = _set_cell(line, columns, i, "?")
        section.append(line)
    return replace(tag, section=tuple(section))


def check_exportable(applied: Iterable[AppliedCorrection]) -> None:
    """Raise CorrectionError for a correction PBN cannot write: a weighted score (1999 Law 12C3) has
    no PBN form (the corrected games hold the result as unknown, with a comment giving it)."""
    for a in applied:
        if a.correction.kind is CorrectionKind.ASSIGNED:
            raise a.correction.fail("mp_ns", "the export writes no figure of a result: expected mp_ns/mp_ew in "
                                             "results --corrections only")
        if a.correction.kind is CorrectionKind.WEIGHTED:
            raise a.correction.fail("weighted", "PBN has no form for a weighted score (1999 Law 12C3): "
                                                "expected it in results --corrections only, or an artificial "
                                                "score (ns = \"A+\", ew = \"A-\") for the export")
