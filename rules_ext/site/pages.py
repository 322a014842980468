"""Corpus model -> generated reST pages, through the Jinja2 templates in ``templates/site``.

The pages are written into the source tree by :mod:`rules_ext.site.writer` (only files whose text
changed); the edition comparison pages are made by :mod:`rules_ext.site.compare`.

Page names (URLs derive from labels only):
``<edition>/index``, ``<edition>/law-<n>``, ``<edition>/glossary``, ``compare/index``,
``compare/law-<n>``, ``<edition>/all`` (the whole edition on one page). The 繁體 site is the same
pages built again (:mod:`rules_ext.site.hant`).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from rules_ext.corpus.catalogue import EDITIONS, pdf_name
from rules_ext.corpus.labels import ancestors, citation, law_of
from rules_ext.corpus.model import Corpus, CrossReference, Edition, Law, Provision, Table
from rules_ext.corpus.printed import (
    RULE_TITLES,
    corrected_places,
    coverage_notes,
    inserted_ranges,
    lost_table_notice,
    misprint_reasons,
    misprinted_cells,
    note_marker,
    recovered_header_cells,
    table_cuts,
)
from rules_ext.site import markup
from rules_ext.site.compare import comparable, compare_pages
from rules_ext.site.names import (
    COMPARE,
    WORKED,
    edition_name,
    heading,
    law_docname,
    law_title,
)
from rules_ext.site.script import to_traditional
from rules_ext.site.words import WordBoundaries, user_dictionary

DATA_DIR = Path(__file__).parent / "data"
#: English titles of the 1997 WBF laws that were checked against public copies (see the data file)
CHECKED_TITLES = frozenset([*range(1, 44), 50, 72, 73, 75, 80])


def english_titles(path: Path = DATA_DIR / "law-titles-1997.txt") -> dict[int, str]:
    """Law number -> English title (1997 WBF), only the checked ones."""
    titles = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "\t" not in line:
            continue
        number, title = line.split("\t", 1)
        if int(number) in CHECKED_TITLES:
            titles[int(number)] = title.strip()
    return titles




@dataclass(slots=True)
class Context:
    corpus: Corpus
    findings: Sequence[Any] = ()
    english: dict[int, str] = field(default_factory=english_titles)
    profile: str = "s2twp"


# -- one law --------------------------------------------------------------------------------------
def _terms(corpus: Corpus, edition: Edition, profile: str) -> tuple[list[str], Callable[[str], str]]:
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
    if p.corrections and p.original_text and p.original_text != p.text:
        original = markup.option_value(convert(p.original_text))
    reasons = [errata[c].explanation for c in p.corrections if errata and c in errata]
    marker, closing = note_marker(p.marker) if p.kind == "note" else (p.marker, "")
    own_tables = sorted(tables.get(p.label, []), key=lambda t: t.lines[0])
    # the text is cut where each table was printed, so that 如下： / 上表 read around the table
    cuts = table_cuts(p, own_tables)
    pieces = [_render_piece(p.text, spans, a, b, convert)
              for a, b in zip([0] + cuts, cuts + [len(p.text)])]
    text = pieces[0]
    if text and closing:
        text += ("\\ " if text.endswith("`") else "") + closing
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
        "recovered": p.recovered,
        "penalty": p.penalty,
        "original": original,
        "corrections": " ".join(p.corrections),
        "reasons": markup.option_value(note("；".join(r.rstrip("。") for r in reasons) + "。"))
        if reasons else "",
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
    return {"id": table.id, "caption": markup.escape(convert(table.caption or table.id)),
            "lost": lost,
            "header": header,
            "rows": _grouped([cells(r, marks_of(i)) for i, r in enumerate(table.rows)], _row_groups(table)),
            "groups": _row_groups(table),
            "notes": [] if lost else [markup.escape(convert(n)) for n in table_notices(table)],
            "misprints": [markup.escape(convert(r)) for r in misprint_reasons(own)]}


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
    from rules_ext.site.evidence import table_notice
    return [n for n in (table_notice(note) for note in table.notes) if n]



@dataclass(frozen=True, slots=True)
class View:
    """One edition as delivered: what its pages link to and the script it is printed in."""

    edition: Edition
    convert: Callable[[str], str]
    prefix: str  # docname folder: '1991'
    script: str  # 'simplified' or 'traditional'
    terms: list[str]
    term_target: Callable[[str], str]
    tables: dict[str, list[Table]]
    #: the editors' notes in the page's script (the delivered traditional copy: converted to it)
    editorial: Callable[[str], str] = lambda s: s

    def __post_init__(self) -> None:
        if self.script not in ("simplified", "traditional"):
            raise ValueError(f"unknown script {self.script!r}: expected simplified or traditional")

    def title(self, law: Law) -> str:
        return law_title(law, self.convert, traditional=self.script == "traditional")


# -- the generator --------------------------------------------------------------------------------
class Generator:
    def __init__(self, context: Context, templates_dir: Path):
        self.ctx = context
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(templates_dir)),
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
            autoescape=False,  # the output is reST, escaped by rules_ext.site.markup
        )
        self.env.filters["heading"] = heading
        #: the jieba user dictionary of the search (bridge terms and defined terms)
        self.user_dictionary = user_dictionary(context.corpus)
        self.word_boundaries = WordBoundaries(self.user_dictionary)
        self._anchors: dict[str, set[str]] = {}
        #: references the corpus resolved below any provision of the model: (edition, label, used)
        self.ancestor_links: list[tuple[str, str, str]] = []

    def anchor(self, edition_id: str, label: str) -> str:
        """The label of the page anchor a resolved reference links to: the label itself, or, when
        the model has no such provision (a lost section heading), its nearest existing ancestor."""
        if edition_id not in self._anchors:
            try:
                edition = self.ctx.corpus.edition(edition_id)
            except KeyError:
                return label
            known = edition.labels() | {t.label for t in edition.tables}
            known |= {str(law.number) for law in edition.laws}
            self._anchors[edition_id] = known
        known = self._anchors[edition_id]
        if label in known:
            return label
        found = next((a for a in ancestors(label) if a in known), None)
        if found is None:
            return label
        self.ancestor_links.append((edition_id, label, found))
        return found

    def render(self, template: str, **data) -> str:
        return self.env.get_template(template).render(**data)

    def editions(self) -> list[Edition]:
        return list(self.ctx.corpus.editions)

    def pages(self) -> dict[str, str]:
        # the 繁體 site is a second build of these pages (rules_ext.site.hant)
        pages: dict[str, str] = {}
        for edition in self.editions():
            pages.update(self.edition_pages(edition))
        pages.update(compare_pages(self.ctx.corpus, self.render))
        return pages

    # -- per edition ----------------------------------------------------------------------------
    def view(self, edition: Edition) -> View:
        """How one edition is shown (the 繁體 site converts the pages: rules_ext.site.hant)."""
        profile = self.ctx.profile
        terms, term_target = _terms(self.ctx.corpus, edition, profile)
        tables: dict[str, list[Table]] = {}
        for table in edition.tables:
            tables.setdefault(table.label, []).append(table)
        return View(
            edition=edition,
            convert=lambda s: s,
            prefix=edition.id,
            script="traditional" if edition.script == "traditional" else "simplified",
            terms=terms, term_target=term_target, tables=tables,
            editorial=(lambda s: to_traditional(s, profile)) if edition.script == "traditional" else (lambda s: s))

    def edition_pages(self, edition: Edition) -> dict[str, str]:
        view = self.view(edition)
        laws = sorted(edition.laws, key=lambda law: law.number)
        pages = {}
        for i, law in enumerate(laws):
            prev_law = laws[i - 1] if i else None
            next_law = laws[i + 1] if i + 1 < len(laws) else None
            pages[f"{view.prefix}/law-{law.number}"] = self.law_page(view, law, prev_law, next_law)
        pages[f"{view.prefix}/index"] = self.edition_index(view, laws)
        pages[f"{view.prefix}/errata"] = self.errata_page(view)
        pages[f"{view.prefix}/kaozheng"] = self.kaozheng_page(view, laws)
        pages[f"{view.prefix}/all"] = self.render(
            "site/whole_edition.rst.jinja", edition=edition.id,
            title=markup.escape(view.convert(edition.title or edition_name(edition))),
            edition_name=view.convert(edition_name(edition)),
            laws=[f"{view.prefix}/law-{law.number}" for law in laws])
        if edition.definitions:
            pages[f"{view.prefix}/glossary"] = self.render(
                "site/glossary.rst.jinja",
                edition=edition.id, edition_name=view.convert(edition_name(edition)),
                script=view.script,
                terms=[self._term(d, view, i) for i, d in enumerate(edition.definitions)])
        return pages

    def law_page(self, view: View, law: Law, prev_law: Law | None, next_law: Law | None) -> str:
        edition, convert, link = view.edition, view.convert, markup.doc_link
        place = [link(convert(edition_name(edition)), f"/{view.prefix}/index")]
        place += [markup.escape(convert(t)) for t in [law.chapter, *law.groups] if t]
        prevnext = []
        if prev_law:
            prevnext.append("← " + link(view.title(prev_law), f"/{view.prefix}/law-{prev_law.number}"))
        if next_law:
            prevnext.append(link(view.title(next_law), f"/{view.prefix}/law-{next_law.number}") + " →")
        switches = [
            link(convert(edition_name(other)),
                 "/" + law_docname(other, law.number))
            for other in self.editions()
            if other.id != edition.id and other.law(law.number) is not None
            ]
        if comparable(self.ctx.corpus, law.number) \
                and edition.id in EDITIONS.comparison:
            switches.append(link("/".join(EDITIONS.comparison) + " 对照", f"/{COMPARE}/law-{law.number}"))
        editorial = []
        if law.number_editorial:
            editorial.append("条号由编者恢复（原文未印条号）。")
        if law.title_editorial:
            editorial.append("条名由编者拟定（原文未印条名）。")
        lost = self.lost_notices(edition, law, view.editorial)
        misprints = self._misprints(edition.id, law.number)
        orphans = self._orphan_tables(law, view.tables, convert, misprints)
        provisions = [provision_data(p, edition, view.terms, view.term_target, convert,
                                     view.tables, self.anchor, {}, self.word_boundaries,
                                     self.errata, misprints, view.editorial)
                      for p in law.provisions]
        return self.render(
            "site/law.rst.jinja",
            edition=edition.id,
            edition_name=markup.option_value(convert(edition_name(edition))),
            script=view.script,
            number=law.number,
            title=markup.escape(view.title(law)),
            title_plain=markup.option_value(convert(law.title)),
            english=self.ctx.english.get(law.number, ""),
            place=" › ".join(place),
            prevnext=" · ".join(prevnext),
            switches=" · ".join(switches),
            editorial=(markup.escape(view.editorial("".join(editorial))) if editorial else "")
            + (" " if editorial and lost else "") + " ".join(lost),
            kaozheng=f"/{view.prefix}/kaozheng" if self._has_evidence(edition, law) else "",
            errata_page=f"/{view.prefix}/errata" if any(p.corrections for p in law.walk()) or misprints else "",
            provisions=provisions + orphans,
        )

    def edition_index(self, view: View, laws: list[Law]) -> str:
        edition, convert = view.edition, view.convert
        switches = [markup.doc_link(sw["name"], sw["doc"])
                    for sw in [self._switch(edition, None)] if sw]
        if edition.definitions:
            switches.append(markup.doc_link(convert("定义 (glossary)"), f"/{view.prefix}/glossary"))
        switches.append(markup.doc_link(convert("勘误表"), f"/{view.prefix}/errata"))
        switches.append(markup.doc_link(convert("考证"), f"/{view.prefix}/kaozheng"))
        switches.append(markup.doc_link(convert("全文（一页阅读、打印）"), f"/{view.prefix}/all"))
        # the printed edition (``make pdf`` / ``samples`` write it into the site's pdf/ folder)
        switches.append(f"`{convert('打印本（PDF）')} <../pdf/{pdf_name(edition.id)}>`__")
        return self.render(
            "site/edition.rst.jinja",
            edition=edition.id, edition_name=convert(edition_name(edition)), prefix=view.prefix,
            script=view.script,
            title=markup.escape(convert(edition.title or edition_name(edition))),
            about=self._about(edition, view.editorial),
            # the encyclopedia's abstract is garbled: not published (the 考证 page says so)
            front=[{"title": markup.escape(convert(f.title)),
                    "paragraphs": [markup.escape(convert(p)) for p in f.paragraphs if p.strip()]}
                   for f in edition.front if f.kind != "abstract"],
            tree=self._tree(laws, view),
            laws=[f"{view.prefix}/law-{law.number}" for law in laws],
            has_glossary=bool(edition.definitions),
            switches=" · ".join(switches),
        )

    # -- the errata and 考证 pages of an edition ---------------------------------------------------
    def _corrected_nodes(self, edition: Edition) -> list[tuple[str, str, list[str]]]:
        """(where as reST, sort key, correction ids) of every corrected node, in text order."""
        out = []
        for place in corrected_places(edition):
            if place.kind == "provision":
                shown = place.where(traditional=edition.script == "traditional")
                where = markup.role("law:ref", shown, f"{edition.id}:{place.key}")
            elif place.kind == "definition":
                where = markup.role("law:term", place.where(), f"{edition.id}:{place.key}")
            else:
                where = markup.escape(place.where())
            out.append((where, place.key, list(place.corrections)))
        return out

    def errata_page(self, view: View) -> str:
        """Every change made to the delivered text of one edition, with its reason in Chinese:
        the keyed errata (one row each), the rules applied wherever a pattern occurs, and the
        table cells marked as misprinted."""
        edition, text, ed = view.edition, view.convert, view.editorial
        errata = self.errata
        keyed: list[list[str]] = []
        ruled: dict[str, tuple[Any, list[str]]] = {}
        for where, _, ids in self._corrected_nodes(edition):
            for cid in ids:
                x = errata.get(cid)
                if x is None:
                    continue
                if hasattr(x, "key"):
                    corrected = x.corrected
                    if getattr(x, "insertion", False) and x.inserted:
                        corrected = corrected.replace(x.inserted, f"〔{x.inserted}〕", 1)
                    keyed.append([where, markup.escape(text(x.original)) or "\\ ",
                                  markup.escape(text(corrected)) or "\\ ",
                                  markup.escape(ed(x.explanation))])
                else:
                    ruled.setdefault(cid, (x, []))[1].append(where)
        rules = [{"title": markup.escape(ed(RULE_TITLES.get(x.change, "统一改动"))),
                  "explanation": markup.escape(ed(x.explanation)),
                  "places": markup.escape(ed(f"见于{len(places)}处：")) + " " + "、 ".join(places)}
                 for x, places in ruled.values()]
        misprints = []
        for law in sorted(edition.laws, key=lambda x: x.number):
            found = self._misprints(edition.id, law.number)
            for reason in misprint_reasons(found):
                label = found[0].label
                misprints.append(markup.role("law:ref", citation(label), f"{edition.id}:{label}")
                                 + " " + markup.escape(ed(reason)))
        count = len(keyed) + sum(len(places) for _, places in ruled.values()) + len(misprints)
        intro = (f"{edition_name(edition)}原文的每一处改动都列在这里，并说明理由。条文页上显示改正后的文字，"
                 f"并在该款之下注明原文所印。以〔〕标出的文字为编者补入，任何原本都没有。共{count}处。")
        return self.render(
            "site/errata.rst.jinja", edition=edition.id, script=view.script,
            title=markup.escape(ed(f"勘误表 · {edition_name(edition)}")),
            intro=markup.escape(ed(intro)),
            keyed_caption=markup.escape(ed("逐处勘误")),
            columns=[markup.escape(ed(c)) for c in ("位置", "原文", "改为", "理由")],
            keyed=keyed, rules=rules,
            misprints_title=markup.escape(ed("表格误印（保留原印数值，只加注）")),
            misprints=misprints)

    def kaozheng_page(self, view: View, laws: list[Law]) -> str:
        """考证: the evidence for what the editors recovered in one edition (law numbers, titles,
        boundaries, lost headings, tables, definitions), in Chinese."""
        from rules_ext.site.evidence import in_chinese
        edition, ed = view.edition, view.editorial

        def esc(text: str) -> str:
            return markup.escape(ed(text))

        entries = []
        for law in laws:
            if not self._has_evidence(edition, law):
                continue
            lines = []
            if law.number_editorial:
                lines.append(esc(f"条号由编者恢复，原文未印；置信度{law.confidence:.2f}（0至1）。"))
            if law.title_editorial:
                lines.append(esc("条名由编者拟定，原文未印。"))
            lines += [esc(in_chinese(e)) for e in law.evidence]
            for t in edition.tables:
                if law_of(t.label) == law.number:
                    lines += [esc(f"“{t.caption}”表：{in_chinese(n)}") for n in t.notes]
            entries.append({"title": markup.escape(view.title(law)),
                            "lines": [markup.role("law:ref", ed("本条原文"), f"{edition.id}:{law.number}")
                                      + " " + esc(f"（原文第{law.lines[0]}–{law.lines[1]}行）")] + lines})
        definitions = [markup.role("law:term", ed(d.term), f"{edition.id}:{d.term}") + " "
                       + esc(f"（{d.english}）：{in_chinese(d.note)}")
                       for d in edition.definitions if d.recovered and d.note]
        front = [esc(f"百科词条摘要文字错乱（原文作“{''.join(f.original_paragraphs)}”），不予刊出。")
                 for f in edition.front if f.kind == "abstract"]
        intro = [esc(f"本页列出{edition_name(edition)}中由编者恢复或重建之处的依据：条号、条名、分界、"
                     "缺失的标题与表格。条文页上只作简短的编注。"),
                 esc(f"来源文件：{edition.source}。")]
        return self.render(
            "site/kaozheng.rst.jinja", edition=edition.id, script=view.script,
            title=esc(f"考证 · {edition_name(edition)}"), intro=intro, laws=entries,
            definitions=definitions,
            definitions_title=esc("定义：恢复的词条标题"), front=front, front_title=esc("未刊出的文字"))

    @property
    def errata(self) -> dict[str, Any]:
        """Erratum (or rule) id -> the erratum, for the Chinese reasons shown with corrections."""
        return {x.id: x for x in self.ctx.corpus.errata}

    def _misprints(self, edition_id: str, number: int) -> list[Any]:
        """The verification findings (table cells printed wrong) of one law."""
        return [f for f in self.ctx.findings
                if getattr(f, "edition", None) == edition_id
                and law_of(str(getattr(f, "label", ""))) == number]

    @staticmethod
    def _has_evidence(edition: Edition, law: Law) -> bool:
        return bool(law.number_editorial or law.title_editorial or law.evidence
                    or any(t.notes for t in edition.tables if law_of(t.label) == law.number))

    def lost_notices(self, edition: Edition, law: Law, convert=lambda s: s) -> list[str]:
        """Chinese notices (reST) of what the source lost in a law: an empty page, a provision
        whose body is lost, a table without rows; each links the other edition that has it, or
        says that none does."""
        twins = {edition.variant_of, edition.same_wording_as} - {None}
        others = sorted((o for o in self.editions() if o.id != edition.id and o.script == "simplified"),
                        key=lambda o: o.id not in twins and edition.id not in (o.same_wording_as,
                                                                                o.variant_of))
        def link(other: Edition) -> str:
            return markup.doc_link(convert(edition_name(other)), f"/{other.id}/law-{law.number}")

        def named(other: Edition) -> str:
            same = other.id in twins or edition.id in (other.same_wording_as, other.variant_of)
            return link(other) + ("" if same else "\\ " + markup.escape(convert("（另一译本，内容未必相同）")))

        def having(test) -> str:
            found = [o for o in others if o.law(law.number) is not None and test(o)]
            return (f"{markup.escape(convert('，可参阅'))} {' 、 '.join(named(o) for o in found)} " if found
                    else markup.escape(convert("，本站其他版本亦未收录")))

        notes = []
        if not any(p.text.strip() or p.children for p in law.provisions):
            notes.append(markup.escape(convert(f"原文在此只存第{law.number}条的条名，条文已缺失"))
                         + having(lambda o: any(p.text.strip() for p in o.law(law.number).walk()))
                         + "。")
        tabled = {t.label for t in edition.tables}
        for p in law.walk():
            if p.kind != "law" and p.heading and not p.text.strip() and not p.children \
                    and p.label not in tabled:
                label = p.label
                notes.append(markup.escape(convert(f"{citation(label)}原文只存标题，条文已缺失"))
                             + having(lambda o, lab=label: any(q.label == lab and q.text.strip()
                                                               for q in o.law(law.number).walk()))
                             + "。")
        for t in edition.tables:
            if law_of(t.label) == law.number and not t.rows:
                tid = t.id
                notes.append(markup.escape(convert(f"“{t.caption}”表原文只存表头，表身已缺失"))
                             + having(lambda o, tid=tid: any(x.id == tid and x.rows for x in o.tables))
                             + "。")
        return notes

    @staticmethod
    def _orphan_tables(law: Law, tables: dict[str, list[Table]], convert,
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
                          "recovered": True, "penalty": False, "original": "",
                          "corrections": "", "reasons": "", "text": "", "notices": [],
                          "closing": "",
                          "findings": [],
                          "tables": [table_data(t, convert, misprints) for t in group],
                          "children": []})
        return found

    def _term(self, d, view: View, index: int) -> dict[str, Any]:
        convert = view.convert
        others = [t for t in view.terms if t != d.term]
        spans = markup.find_spans(d.text, d.xrefs, others, view.edition.id, view.term_target,
                                  self.anchor, self.word_boundaries)
        slug = re.sub(r"[^a-z0-9]+", "-", d.english.lower()).strip("-")
        return {"term": markup.option_value(convert(d.term)), "key": d.term, "english": d.english,
                "anchor": f"term-{slug}" if slug else f"term-{index}",
                "recovered": d.recovered,
                "text": markup.render(d.text, spans, convert) if d.text.strip() else "\\ ",
                "notices": [markup.escape(convert(n)) for n in reference_notices(d.xrefs)]}

    def _switch(self, edition: Edition, number: int | None) -> dict[str, str]:
        """Link from a copy delivered in traditional script to the edition it copies, by that
        edition's name (the switch to the same page in the other script is on every page, made
        by rules_ext.site.hant; a law page links the other editions of its law already)."""
        page = f"law-{number}" if number is not None else "index"
        if edition.script == "traditional":
            base = edition.variant_of
            if base and (number is None or self.ctx.corpus.edition(base).law(number)):
                return {"name": edition_name(self.ctx.corpus.edition(base)),
                        "doc": f"/{base}/{page}"}
        return {}

    def _about(self, edition: Edition, convert) -> list[str]:
        """What the edition is and what it covers, in Chinese (the source file and the evidence
        are on its 考证 page)."""
        notes = coverage_notes(edition)
        notes[-1] += "原文的改动见勘误表，编者恢复之处的依据见考证。"
        return [markup.escape(convert(n)) for n in notes]

    def _tree(self, laws: list[Law], view: View) -> list[dict[str, Any]]:
        """Chapter -> group(s) -> laws, in text order, as nested nodes for the template."""
        root: dict[str, Any] = {"title": "", "children": [], "laws": []}
        for law in laws:
            node = root
            path = ([law.chapter] if law.chapter else []) + list(law.groups)
            for title in path:
                found = next((c for c in node["children"] if c["key"] == title), None)
                if found is None or node["children"][-1] is not found:
                    found = {"key": title, "title": markup.escape(view.convert(title)),
                             "children": [], "law": None}
                    node["children"].append(found)
                node = found
            entry = {"doc": f"/{view.prefix}/law-{law.number}",
                     "title": markup.escape(view.title(law))}
            node["children"].append({"key": None, "law": entry})
        return root["children"]

    def examples_page(self, srcdir: Path) -> dict[str, str]:
        """``worked/index``: the worked examples in ``<srcdir>/examples`` with the law each one
        illustrates (docinfo field ``:illustrates:``), so the home page's toctree never globs
        an empty folder."""
        found = []
        if (srcdir / "examples" / "index.rst").is_file():
            return {f"{WORKED}/index": self.render(
                "site/examples.rst.jinja", examples=[{"doc": "/examples/index", "illustrates": ""}])}
        for path in sorted((srcdir / "examples").glob("*.rst")):
            head = path.read_text(encoding="utf-8")[:2000]
            match = re.search(r"^:illustrates:\s*(\S+)", head, re.M)
            found.append({"doc": f"/examples/{path.stem}",
                          "illustrates": match.group(1) if match else ""})
        return {f"{WORKED}/index": self.render("site/examples.rst.jinja", examples=found)}
