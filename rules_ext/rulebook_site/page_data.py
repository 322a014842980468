"""The template data of a law page's pieces: a provision with its children (text marked up with
references, defined terms, editorial insertions and the reasons of corrections), a table (misprinted
cells marked 40〔应为60〕, a lost body told), the tables whose provision the text lost, and the
notices about references to another translation's law. Used by :mod:`rules_ext.rulebook_site.pages`.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import citation, law_of
from rules_ext.corpus.model import Corpus, CrossReference, Edition, Law, PrintedCell, Provision, Table
from rules_ext.corpus.printed import (
    block_cell,
    changes_in_place,
    inserted_ranges,
    join_reasons,
    lost_table_notice,
    misprint_reasons,
    misprinted_cells,
    note_marker,
    recovered_header_cells,
    table_cuts,
)
from rules_ext.rulebook_site import markup
from rules_ext.rulebook_site.script import to_traditional

__all__ = ["defined_terms", "insertion_spans", "orphan_tables", "provision_data", "reference_notices", "table_data",
           "table_notices"]


def defined_terms(corpus: Corpus, edition: Edition, profile: str) -> tuple[list[str], Callable[[str], str]]:
    """The defined terms to link on this edition's pages and the glossary each one points to."""
    if edition.definitions:
        terms = [d.term for d in edition.definitions]
        return terms, lambda term: f"{edition.id}:{term}"
    base = edition.variant_of or edition.same_wording_as
    if base is None:
        return [], lambda term: term
    source = corpus.edition(base)
    if edition.script == "traditional":
        mapping = {to_traditional(d.term, profile): d.term for d in source.definitions}
        return list(mapping), lambda term: f"{base}:{mapping[term]}"
    return [d.term for d in source.definitions], lambda term: f"{base}:{term}"


def reference_notices(xrefs: Sequence[CrossReference]) -> list[str]:
    """Short Chinese notes for the references linked to another translation's law only (the
    corpus could not show that edition's provision is the same rule: 'unproven')."""
    notes: list[str] = []
    for xref in xrefs:
        for res in xref.resolutions:
            if res.kind != "unproven" or res.edition is None or res.label is None:
                continue
            other, law = EDITIONS.name(res.edition), citation(res.label)
            cited = citation(res.target)
            if res.target == res.label:
                note = (f"编注：本版未收录{cited}。此处链接到{other}{law}；两版依据的国际规则版本不同，"
                        f"{other}的该条未必与本版所指相同。")
            elif res.instead:
                instead = "、".join(citation(t) for t in res.instead)
                note = (f"编注：本版未收录{cited}。{other}在同一处引用的是{instead}，可见两版的"
                        f"{cited}并非同一条款；此处只链接到{other}{law}，不链接该款。")
            else:
                note = (f"编注：本版未收录{cited}。{other}的{cited}未能证明与本版所指条款相同"
                        f"（两版依据的国际规则版本不同），此处只链接到{other}{law}。")
            if note not in notes:
                notes.append(note)
    return notes


def provision_data(p: Provision, edition: Edition, terms, term_target, convert,
                   tables: dict[str, list[Table]],
                   anchor: Callable[[str, str], str] = markup.same_label,
                   findings: dict[str, list[dict[str, str]]] | None = None,
                   boundaries: Callable[[str], set[int]] | None = None,
                   errata: dict[str, Any] | None = None,
                   misprints: Sequence[Any] = (),
                   editorial: Callable[[str], str] | None = None) -> dict[str, Any]:
    """The template data of a provision and its children; with ``boundaries``, a defined term
    is linked only where it is a whole word. ``errata`` (id -> erratum or rule) give the Chinese
    reasons of the corrections and the editorial insertions; ``misprints`` (verification
    findings) mark the table cells that were printed wrong; ``editorial`` converts the editors'
    notes to the page's script (the delivered traditional copy's own text is never converted)."""
    note = editorial or convert
    spans = markup.find_spans(p.text, p.xrefs, terms, edition.id, term_target, anchor,
                              boundaries)
    spans = insertion_spans(p.text, p.corrections, errata or {}, spans)
    original = ""
    changes: list[tuple[str, str]] = []
    if p.corrections and p.original_text and p.original_text != p.text:
        spans, changes, whole = correction_spans(p.original_text, p.text, spans, convert)
        if whole:  # too many changes to read in place: the delivered wording is shown as well
            original = markup.option_value(convert(p.original_text))
    reasons = [errata[c].explanation for c in p.corrections if errata and c in errata]
    marker, closing = note_marker(p.marker) if p.kind == "note" else (p.marker, "")
    # the marker as delivered, where the shown one differs (the traditional copy's ***a*** for （a）,
    # ***注： for （注：, whose closing *** the text lost)
    marker_original = p.original_marker or (p.marker if marker != p.marker else "")
    closing_original = "***" if closing and marker_original.startswith("***") else ""
    own_tables = sorted(tables.get(p.label, []), key=lambda t: t.lines[0])
    # the text is cut where each table was printed, so that 如下： / 上表 read around the table
    cuts = table_cuts(p, own_tables)
    pieces = [_render_piece(p.text, spans, a, b, convert)
              for a, b in zip([0] + cuts, cuts + [len(p.text)])]
    text = pieces[0]
    if text and closing:
        shown = (markup.role("law-del", closing_original) + markup.role("law-ins", convert(closing))
                 if closing_original else closing)
        text += ("\\ " if text.endswith("`") and not closing_original else "") + shown
        text = text.removesuffix("\\ ")
    # the closing paragraph, printed after the children (its references are the last of p.xrefs)
    closing_par = ""
    if p.closing:
        closing_spans = markup.find_spans(p.closing, p.xrefs, terms, edition.id, term_target, anchor,
                                          boundaries)
        closing_par = markup.render(p.closing, closing_spans, convert)
    return {
        "label": p.label,
        "kind": p.kind,
        "marker": markup.option_value(convert(marker)),
        "heading": markup.option_value(convert(p.heading)),
        "marker_original": markup.option_value(convert(marker_original)),
        "heading_original": markup.option_value(convert(p.original_heading)),
        "recovered": p.recovered,
        "penalty": p.penalty,
        "original": original,
        "corrections": " ".join(p.corrections),
        "changes": markup.option_value(convert(changes_text(changes))) if changes and not original else "",
        "reasons": markup.option_value(note(join_reasons(reasons))) if reasons else "",
        "text": text,
        "tables": [dict(table_data(t, convert, misprints), after=after)
                   for t, after in zip(own_tables, pieces[1:])],
        "findings": (findings or {}).pop(p.label, []),
        "notices": [markup.escape(note(n)) for n in reference_notices(p.xrefs)],
        "closing": closing_par,
        "children": [provision_data(c, edition, terms, term_target, convert, tables, anchor,
                                    findings, boundaries, errata, misprints, editorial)
                     for c in p.children],
    }


def _render_piece(text: str, spans: Sequence[markup.Span], start: int, end: int, convert) -> str:
    piece = text[start:end].strip("\n")
    if not piece.strip():
        return ""
    shift = start + (len(text[start:end]) - len(text[start:end].lstrip("\n")))
    own = [markup.Span(sp.start - shift, sp.end - shift, sp.markup) for sp in spans
           if start <= sp.start and sp.end <= end]
    return markup.render(piece, own, convert)


def insertion_spans(text: str, corrections: Sequence[str], errata: dict[str, Any],
                    spans: list[markup.Span]) -> list[markup.Span]:
    """``spans`` plus one for each editorial insertion among ``corrections`` (text that no
    delivered copy has), shown as 〔…〕 apart from the printed text; spans inside it are dropped."""
    found = [markup.Span(a, b, _insertion_role) for a, b in inserted_ranges(text, corrections, errata)]
    if not found:
        return spans
    kept = [sp for sp in spans if not any(f.start < sp.end and sp.start < f.end for f in found)]
    return sorted(kept + found, key=lambda sp: sp.start)


def correction_spans(original: str, text: str, spans: list[markup.Span],
                     convert: Callable[[str], str]
                     ) -> tuple[list[markup.Span], list[tuple[str, str]], bool]:
    """The corrections of ``text`` (delivered as ``original``) marked where they are
    (:func:`rules_ext.corpus.printed.changes_in_place`, as the printed edition marks them): the
    struck original characters (``:law-del:``, ``<del>``) before the corrected ones (``:law-ins:``,
    ``<ins>``). Spans that overlap a change are dropped (a term is not linked across a
    correction); an editorial insertion 〔…〕 stays as it is. Returns the spans, the changes
    (original, corrected) and whether the text changed too much to be read in place."""
    inserted = [(sp.start, sp.end) for sp in spans if sp.markup is _insertion_role]
    marks, whole = changes_in_place(original, text, inserted)
    changes = [(m.original, text[m.start:m.end]) for m in marks]
    found = [markup.Span(m.start, m.end, _change_role(convert(m.original))) for m in marks]
    if whole or not found:
        return spans, changes, whole
    kept = [sp for sp in spans if sp.markup is _insertion_role
            or not any(f.start < sp.end and sp.start < max(f.end, f.start + 1) for f in found)]
    return sorted(kept + found, key=lambda sp: (sp.start, sp.end)), changes, False


def marked_in_place(original: str, text: str, convert: Callable[[str], str]) -> str:
    """``text`` (delivered as ``original``) as reST with its corrections marked where they are, as
    :func:`correction_spans` marks a provision's (a glossary entry's English name: ``AUTION`` ->
    ``AUCTION`` with the ``C`` inserted); struck whole and replaced when it changed too much to be
    read in place."""
    spans, _, whole = correction_spans(original, text, [], convert)
    if whole:
        return _change_role(convert(original))(convert(text))
    return markup.render(text, spans, convert)


def _change_role(old: str) -> Callable[[str], str]:
    def role(new: str) -> str:
        shown_old = old if old.strip() else "␣" * len(old) if old else ""
        # spaces a correction put in stay a space (OPENNINGLEAD -> OPENING LEAD)
        return ((markup.role("law-del", shown_old) if shown_old else "")
                + (markup.role("law-ins", new) if new.strip() else " " if new and not new.strip(" ") else ""))
    return role


def changes_text(changes: Sequence[tuple[str, str]]) -> str:
    """``原文“专家”改为“庄家”`` for the first few changes of a provision."""
    def quoted(s: str) -> str:
        return f"“{s}”" if s.strip() else "空白"
    parts = []
    for old, new in changes[:3]:
        if not old:
            parts.append(f"补入{quoted(new)}")
        elif not new:
            parts.append(f"删去{quoted(old)}")
        else:
            parts.append(f"{quoted(old)}改为{quoted(new)}")
    more = f"等{len(changes)}处" if len(changes) > 3 else ""
    return "原文" + "，".join(parts) + more


def _insertion_role(shown: str) -> str:
    return markup.role("law-insert", f"〔{shown}〕")


def table_data(table: Table, convert, misprints: Sequence[Any] = ()) -> dict[str, Any]:
    """A table for the template; a cell printed wrong (a verification finding of this table)
    shows the printed value with the correct one, ``40〔应为60〕``, and the reason below."""
    width = max([len(table.header)] + [len(r) for r in table.rows] or [1])
    own = [f for f in misprints if getattr(f, "table", None) == table.id]
    wrong = misprinted_cells(table, own)

    def cells(row, marks=None):
        out = []
        for i, c in enumerate(row):
            shown = markup.escape(convert(c)) if c.strip() else "\\ "
            mark = (marks or {}).get(i)
            if mark is not None:
                shown = f"{shown}\\ {_misprint_role(f'〔应为{mark.computed}〕')}"
            out.append(shown)
        return out + ["\\ "] * (width - len(row))

    def marks_of(i: int) -> dict[int, Any]:
        return {column: f for (row, column), f in wrong.items() if row == i}

    # header cells the editors recovered (1991 77A: the suit symbols) read as insertions, 〔♣〕
    recovered = recovered_header_cells(table)
    header = cells(table.header) if table.header else None
    if header:
        header = [_insertion_role(c).removeprefix("\\ ").removesuffix("\\ ") if c in recovered else h
                  for c, h in zip(table.header + [""] * len(header), header)]
    # a table whose body the source lost is not drawn as an empty grid: a notice says what is left
    lost = ""
    if not table.rows:
        lost = markup.escape(convert(lost_table_notice(table)))
    body = [cells(r, marks_of(i)) for i, r in enumerate(table.rows)]
    # the headings as plain words, for the cells' labels on a phone (〔♣〕 where recovered)
    heads = [convert(f"〔{c}〕" if c in recovered else c) for c in table.header]

    def printed(cell: PrintedCell) -> tuple[str, str]:  # (reST, plain) of a printed block's cell
        text, at = block_cell(table, cell)
        if at is None:
            return (markup.escape(convert(text)) if text.strip() else "\\ "), convert(text)
        row, column = at
        if row < 0:
            return (header or [])[column], heads[column]
        return body[row][column], convert(text)

    blocks = []
    for block in table.blocks:
        head = [printed(c) for c in block.header]
        blocks.append(_with_labels(markup.escape(convert(block.title)) if block.title else "",
                                   [h for h, _ in head], [p for _, p in head],
                                   [[printed(c)[0] for c in row] for row in block.rows]))
    return {"id": table.id, "caption": markup.escape(convert(table.caption or table.id)),
            "lost": lost,
            "blocks": blocks,
            **_with_labels("", header or [], heads, _grouped(body, _row_groups(table))),
            "groups": _row_groups(table),
            "notes": [] if lost else [markup.escape(convert(n)) for n in table_notices(table)],
            "misprints": [markup.escape(convert(r)) for r in misprint_reasons(own)]}


#: a table this wide or wider is read row by row on a phone (rules.css: each row stacked, each cell
#: with its column's heading)
STACKED_COLUMNS = 4


def _with_labels(title: str, header: list[str], heads: list[str], rows: list[list[str]]) -> dict[str, Any]:
    """A table (or a printed block of one) for the template. On a phone a wide table is read row by
    row, so each cell after the first carries its column's heading (``heads``, plain words) as a
    ``law-cell-label``, which only a phone shows."""
    width = max([len(header)] + [len(r) for r in rows])
    stacked = width >= STACKED_COLUMNS and bool(header)
    if stacked:
        rows = [[markup.role("law-cell-label", heads[k]) + cell
                 if 0 < k < len(heads) and heads[k].strip() and cell != "\\ " else cell
                 for k, cell in enumerate(row)] for row in rows]
    return {"title": title, "header": header or None, "rows": rows, "stacked": stacked}


def _grouped(rows: list[list[str]], groups: bool) -> list[list[str]]:
    """Rows of a grouped table with the group's name shown on its first row only."""
    if not groups:
        return rows
    out = []
    for i, row in enumerate(rows):
        same = i and rows[i - 1][:1] == row[:1]
        out.append((["\\ "] + row[1:]) if same else row)
    return out


def _misprint_role(shown: str) -> str:
    return markup.role("law-misprint", shown).removeprefix("\\ ")


def _row_groups(table: Table) -> bool:
    """Whether the first column names groups of consecutive rows (1991 77B: 满贯奖分 × 2, …)."""
    firsts = [r[0] for r in table.rows if r]
    return len(firsts) > len(set(firsts)) and len(table.header) >= 3


def table_notices(table: Table) -> list[str]:
    """Short Chinese notices for readers about what the source lost in a table; the full
    reconstruction notes are on the edition's 考证 page."""
    from rules_ext.rulebook_site.evidence import table_notice
    return [n for n in (table_notice(note) for note in table.notes) if n]


def orphan_tables(law: Law, tables: dict[str, list[Table]], convert,
                   misprints: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """Tables whose provision the text lost (e.g. a lost section heading): each is shown
    after the law's provisions under its own label, so references to it still land."""
    labels = {p.label for p in law.walk()}
    found = []
    for label, group in tables.items():
        if label in labels or law_of(label) != law.number:
            continue
        found.append({"label": label, "kind": "section", "marker": "",
                      "heading": markup.option_value(convert(group[0].caption or label)),
                      "recovered": True, "penalty": False, "original": "", "marker_original": "", "heading_original": "",
                      "corrections": "", "reasons": "", "text": "", "notices": [],
                      "closing": "",
                      "findings": [],
                      "tables": [table_data(t, convert, misprints) for t in group],
                      "children": []})
    return found
