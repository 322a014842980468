"""Rebuild the flattened tables of Laws 2, 77 and 78 as real tables.

The scrape flattened every table to one cell (or one row) per line. :func:`extract_tables` finds a
law's table lines from the text (header words, number cells, section captions — never line
numbers) and rebuilds rows and columns. Values are kept exactly as printed, even where they look
wrong (the 1991 doubled trick-score row ``40 40 40 40``): checking them is the verify step's job.
Cells are the printed strings, letter-spacing included (``北 家``: compare with whitespace removed);
what had to be reconstructed is said in ``Table.notes``; a section caption is not consumed (it
stays the heading of the provision ``Table.label``). The tables' ids and shapes:
:class:`~rules_ext.corpus.model.Table`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .model import PrintedCell, Table, TableBlock

__all__ = ["extract_tables"]

_CJK = "\u4e00-\u9fff"
_SECTION_MARKER = re.compile(r"^\s*[（(]([A-Z])[）)]")

# ----------------------------------------------------------------------------------------------- Law 2
_LAW2_TOKENS = re.compile(
    r"(?P<boards_head>牌\s*套\s*号\s*码)|(?P<dealer_head>发\s*牌\s*人)|(?P<vul_head>局\s*况)"
    r"|(?P<seat>[北东南西]\s*家)|(?P<vul>双\s*无|南\s*北|东\s*西|双\s*有)|(?P<boards>\d+(?:[ \t]+\d+)*)"
)


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    text: str
    line: int


def _law2_tokens(number: int, text: str) -> list[_Token] | None:
    """Tokens of a Law 2 table line, or None if the line holds anything else."""
    tokens: list[_Token] = []
    pos = 0
    stripped = text.strip()
    while pos < len(stripped):
        if stripped[pos].isspace():
            pos += 1
            continue
        m = _LAW2_TOKENS.match(stripped, pos)
        if not m:
            return None
        assert m.lastgroup is not None
        tokens.append(_Token(m.lastgroup, m.group(0), number))
        pos = m.end()
    return tokens or None


def _law2(edition_id: str, lines: list[tuple[int, str]]) -> list[Table]:
    run: list[_Token] = []
    cells_per_line: list[int] = []
    for number, text in lines:
        tokens = _law2_tokens(number, text)
        if tokens is None:
            if run:
                break
            continue
        run.extend(tokens)
        cells_per_line.append(len(tokens))
    heads = [t for t in run if t.kind.endswith("_head")]
    if not any(t.kind == "boards_head" for t in heads):
        return []
    dealer_head = next((t for t in heads if t.kind == "dealer_head"), None)
    vul_head = next((t for t in heads if t.kind == "vul_head"), None)
    boards_heads = [t for t in heads if t.kind == "boards_head"]
    dealer_rows: list[tuple[_Token | None, _Token]] = []
    vul_rows: list[tuple[_Token, _Token]] = []
    pending: _Token | None = None
    for token in run:
        if token.kind in ("seat", "vul"):
            pending = token
        elif token.kind == "boards":
            if pending is not None and pending.kind == "vul":
                vul_rows.append((pending, token))
            else:
                dealer_rows.append((pending, token))
            pending = None
    dealer_lines = [t.line for t in (dealer_head, boards_heads[0]) if t] + [
        t.line for row in dealer_rows for t in row if t]
    second_boards = boards_heads[1] if len(boards_heads) > 1 else None
    vul_lines = [t.line for t in (vul_head, second_boards) if t] + [t.line for row in vul_rows for t in row]
    if not (dealer_rows or vul_rows):
        layout_note = ""
    elif max(cells_per_line) == 1:
        layout_note = ("flattened in the source, one cell per line; the dealer and vulnerability half-tables "
                       "were interleaved row by row")
    else:
        layout_note = "each source line holds a row of both half-tables (dealer, vulnerability) side by side"
    tables: list[Table] = []
    dealer_notes = [layout_note] if layout_note else []
    if dealer_head is None:
        dealer_notes.append("the header cell 发牌人 is lost in the source; left empty")
    if any(seat is None for seat, _ in dealer_rows):
        dealer_notes.append("the dealer column is lost in the source: the dealer cells are left empty, not "
                            "invented (the board groups are those of the 1991 table, which prints them)")
    if not dealer_rows:
        dealer_notes.append("the table body is lost in the source: only the header 牌 套 号 码 survives")
    tables.append(Table(
        id="law2-dealer", label="2", caption="发牌人",
        header=[dealer_head.text if dealer_head else "", boards_heads[0].text],
        rows=[[seat.text if seat else "", boards.text] for seat, boards in dealer_rows],
        lines=(min(dealer_lines), max(dealer_lines)),
        notes=dealer_notes,
    ))
    if vul_head is None and second_boards is None and not vul_rows:
        return tables
    vul_notes = [layout_note] if layout_note else []
    if vul_head is None:
        vul_notes.append("the header cell 局 况 is lost in the source; left empty")
    if not vul_rows:
        vul_notes.append("the table body is lost in the source: only the header 牌 套 号 码 survives")
    tables.append(Table(
        id="law2-vulnerability", label="2", caption="局况",
        header=[vul_head.text if vul_head else "", second_boards.text if second_boards else ""],
        rows=[[vul.text, boards.text] for vul, boards in vul_rows],
        lines=(min(vul_lines), max(vul_lines)),
        notes=vul_notes,
    ))
    return tables


# ---------------------------------------------------------------------------------------------- Law 77
_VALUE = re.compile(r"^(?:\d+|同墩分)$")
_VUL_HEAD = re.compile(r"^(?P<pre>.*?)(?P<vul>无局时|有局时)$")


@dataclass(slots=True)
class _Run:
    """Text cells followed by the value cells that belong to the last text (a printed row)."""

    texts: list[str]
    values: list[str]

    @property
    def label(self) -> str:
        return self.texts[-1]


def _runs(cells: list[str]) -> list[_Run]:
    runs: list[_Run] = []
    for cell in cells:
        if _VALUE.match(cell):
            if not runs:
                return []
            runs[-1].values.append(cell)
        elif runs and not runs[-1].values:
            runs[-1].texts.append(cell)
        else:
            runs.append(_Run([cell], []))
    return runs


def _caption_word(caption_line: str) -> str:
    """'（B）奖分：得分记在庄家一方。' -> '奖分'."""
    text = _SECTION_MARKER.sub("", caption_line).strip()
    return re.split(r"[：:，,。]", text, maxsplit=1)[0]


def _trick_score(runs: list[_Run]) -> tuple[str, list[str], list[list[str]], list[str], list[TableBlock]] | None:
    suit = [r for r in runs if len(r.values) == 4]
    nt = [r for r in runs if len(r.values) == 3]
    if not suit or len(nt) != 2 or len(suit) + len(nt) != len(runs) or runs[0] is not suit[0]:
        return None
    preamble = suit[0].texts[:-1]
    nt_head = nt[0].texts[:-1]  # [title, column label x3]
    if len(preamble) < 1 or len(nt_head) != 1 + len(suit):
        return None
    caption = preamble[0]
    nt_title = nt_head[0]
    header = [" ".join(preamble[1:]), "♣", "♦", "♥", "♠",
              f"{nt_title} {nt[0].label}", f"{nt_title} {nt[1].label}"]
    rows = [[r.label, *r.values, nt[0].values[k], nt[1].values[k]] for k, r in enumerate(suit)]
    notes = [
        "the suit column headers after 若将牌为 are lost in the source; recovered as ♣ ♦ ♥ ♠ (the order "
        "of the international table, consistent with the printed undoubled row)",
        "the no-trump block was printed transposed (columns " + " / ".join(nt_head[1:])
        + ", one row per trick); its columns are folded into the rows of the suit block, in the same order",
        "values as printed, including the doubled suit row " + " ".join(suit[1].values) if len(suit) > 1
        else "values as printed",
    ]
    suit_columns = len(header) - len(nt)
    blocks = [  # as printed: the suit block, then the no-trump block with its rows and columns swapped
        TableBlock("", [(-1, c) for c in range(suit_columns)],
                   [[(r, c) for c in range(suit_columns)] for r in range(len(suit))]),
        TableBlock("", [nt_title, *nt_head[1:]],
                   [[run.label, *[(r, suit_columns + k) for r in range(len(suit))]] for k, run in enumerate(nt)]),
    ]
    return caption, header, rows, notes, blocks


def _premiums(runs: list[_Run]) -> tuple[list[str], list[list[str]], list[str], list[TableBlock]] | None:
    rows: list[list[str]] = []
    notes: list[str] = []
    blocks: list[TableBlock] = []
    group = ""
    columns: list[str] = []
    single = False
    for run in runs:
        if not run.values or len(run.values) > 2:
            return None
        if len(run.texts) > 1:  # a new block: title, stub header, column headers, then the first row
            group = run.texts[0]
            columns = [t for t in run.texts[1:-1] if (m := _VUL_HEAD.match(t)) and not m["pre"]]
            stub = [t for t in run.texts[1:-1] if t not in columns]
            if stub:
                notes.append(f"block {group}: stub header as printed: {' '.join(stub)}")
            head: list[PrintedCell] = ["".join(stub), *columns] if stub or columns else []
            blocks.append(TableBlock(group, head, []))
        if not blocks:
            return None
        i = len(rows)
        if len(run.values) == 2:
            rows.append([group, run.label, *run.values])
            blocks[-1].rows.append([(i, 1), (i, 2), (i, 3)])
        else:
            vul = "有局" in run.label
            nonvul = "无局" in run.label
            value = run.values[0]
            rows.append([group, run.label, value if nonvul or not vul else "", value if vul or not nonvul else ""])
            blocks[-1].rows.append([(i, 1), (i, 3 if vul and not nonvul else 2)])  # the one value printed
            single = True
    if single:
        notes.append("rows printed with one value are placed in the column their label names (有局时/无局时), "
                     "or in both columns when the label names neither")
    return ["", "", "无局时", "有局时"], rows, notes, blocks


def _undertricks(runs: list[_Run]) -> tuple[str, list[str], list[list[str]], list[str]] | None:
    if not runs or len(runs[0].texts) < 4:
        return None
    width = len(runs[0].values)
    caption, *heads = runs[0].texts[:-1]
    vul_matches = [(i, m) for i, t in enumerate(heads) if (m := _VUL_HEAD.match(t))]
    if not vul_matches or not width:
        return None
    (first_index, first), (last_index, _) = vul_matches[0], vul_matches[-1]
    stub = "".join(heads[:first_index]) + first["pre"]
    vul_heads = [m["vul"] for _, m in vul_matches]
    doubling = heads[last_index + 1:]
    if len(doubling) != width or width % len(vul_heads):
        return None
    per = width // len(vul_heads)
    header = [stub] + [f"{vul_heads[k // per]} {d}" for k, d in enumerate(doubling)]
    rows: list[list[str]] = []
    notes: list[str] = []
    for run in runs:
        texts = run.texts if run is not runs[0] else [run.label]
        values = list(run.values)
        if len(values) == width - 1:
            m = re.match(r"^(?P<label>.*?)(?P<value>\d+)$", texts[-1])
            if not m:
                return None
            texts = texts[:-1] + [m["label"]]
            values.insert(0, m["value"])
            notes.append(f"the first value of row {''.join(texts)!r} was fused into its label in the source "
                         f"({run.texts[-1]!r}); split off as {m['value']!r}")
        if len(values) != width:
            return None
        rows.append(["".join(texts), *values])
    return caption, header, rows, notes


def _law77(lines: list[tuple[int, str]]) -> list[Table]:
    tables: list[Table] = []
    builders = {"A": "trick-score", "B": "premiums", "C": "undertricks"}
    i = 0
    while i < len(lines):
        marker = _SECTION_MARKER.match(lines[i][1])
        if not marker or marker.group(1) not in builders:
            i += 1
            continue
        letter = marker.group(1)
        caption_line = lines[i][1]
        block: list[tuple[int, str]] = []
        j = i + 1
        while j < len(lines):
            text = lines[j][1].strip()
            if not text or text.endswith("。") or _SECTION_MARKER.match(text):
                break
            block.append((lines[j][0], text))
            j += 1
        i = j
        runs = _runs([text for _, text in block])
        if not block or not runs:
            continue
        span = (block[0][0], block[-1][0])
        kind = builders[letter]
        if kind == "trick-score":
            built = _trick_score(runs)
            if built:
                caption, header, rows, notes, blocks = built
                tables.append(Table("law77A-trick-score", "77A", caption, header, rows, span, notes, blocks))
        elif kind == "premiums":
            built_b = _premiums(runs)
            if built_b:
                header, rows, notes, blocks = built_b
                tables.append(Table("law77B-premiums", "77B", _caption_word(caption_line), header, rows,
                                    span, notes, blocks))
        else:
            built_c = _undertricks(runs)
            if built_c:
                caption, header, rows, notes = built_c
                tables.append(Table("law77C-undertricks", "77C", caption, header, rows, span, notes))
    return tables


# ---------------------------------------------------------------------------------------------- Law 78
_IMP_RANGE = re.compile(r"^\d+\s*[—\-－～~]+\s*\d+$|^\d+\s*（含）\s*以上$")
_IMP_VALUE = re.compile(r"^\d+$")


def _section_of(lines: list[tuple[int, str]], start: int, end: int) -> str:
    """The section letter a table between lines[start:end] belongs to, from the markers around it.

    The last marker before the table names the section, unless the first marker after it skips a
    letter (A … table … C): then the table is in the skipped section, whose heading was lost.
    """
    before = [m.group(1) for _, t in lines[:start] if (m := _SECTION_MARKER.match(t))]
    after = [m.group(1) for _, t in lines[end:] if (m := _SECTION_MARKER.match(t))]
    if before and after and ord(after[0]) - ord(before[-1]) == 2:
        return chr(ord(before[-1]) + 1)
    return before[-1] if before else ""


def _law78(lines: list[tuple[int, str]], law_number: int) -> list[Table]:
    texts = [t.strip() for _, t in lines]
    for start, text in enumerate(texts):
        if text != "分差":
            continue
        j = start
        head: list[str] = []
        while j < len(texts) and texts[j] in ("分差", "IMP"):
            head.append(texts[j])
            j += 1
        columns = head.count("分差")
        if columns == 0 or head != ["分差", "IMP"] * columns:
            continue
        pairs: list[tuple[str, str]] = []
        while j + 1 < len(texts) and _IMP_RANGE.match(texts[j]) and _IMP_VALUE.match(texts[j + 1]):
            pairs.append((texts[j], texts[j + 1]))
            j += 2
        if not pairs:
            continue
        rows = [list(pairs[k]) for c in range(columns) for k in range(c, len(pairs), columns)]
        notes = []
        if rows and rows[0][1] != "0":
            notes.append(f"the printed scale starts at {rows[0][0]} = {rows[0][1]} IMP; no row is printed for "
                         "smaller differences")
        if columns > 1:
            notes.append(f"printed as {columns} column pairs whose cells were interleaved in the source; "
                         "rebuilt in scale order (left column first)")
        section = _section_of(lines, start, j)
        caption = _caption_word(lines[start - 1][1]) if start else ""
        return [Table(f"law{law_number}{section}-imp", f"{law_number}{section}", caption,
                      ["分差", "IMP"], rows, (lines[start][0], lines[j - 1][0]), notes)]
    return []


def extract_tables(edition_id: str, law_number: int, lines: list[tuple[int, str]]) -> list[Table]:
    """Rebuild the tables printed in one law.

    ``lines`` are all (1-based source line, text) pairs of the law. Returns the law's tables (their
    ids and shapes: :class:`~rules_ext.corpus.model.Table`); an empty list for a law without one.
    Never raises on odd input.
    """
    if law_number == 2:
        return _law2(edition_id, lines)
    if law_number == 77:
        return _law77(lines)
    if law_number == 78:
        return _law78(lines, law_number)
    return []

