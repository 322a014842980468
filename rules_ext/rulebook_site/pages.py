"""Corpus model -> generated reST pages, through the Jinja2 templates in ``templates/site``.

The pages are written into the source tree by :mod:`rules_ext.rulebook_site.writer` (only files whose text
changed); the edition comparison pages are made by :mod:`rules_ext.rulebook_site.compare`.

Page names (URLs derive from labels only):
``<edition>/index``, ``<edition>/law-<n>``, ``<edition>/glossary``, ``compare/index``,
``compare/law-<n>``, ``<edition>/all`` (the whole edition on one page). The 繁體 site is the same
pages built again (:mod:`rules_ext.rulebook_site.hant`).
"""
from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2

from rules_ext.corpus.catalogue import EDITIONS, law_pdf_name, pdf_name
from rules_ext.corpus.labels import citation
from rules_ext.corpus.model import Edition, Law, Table
from rules_ext.corpus.printed import coverage_notes
from rules_ext.errors import NotFoundError
from rules_ext.rulebook_site import markup
from rules_ext.rulebook_site.compare import Alignments, comparable, compare_pages
from rules_ext.rulebook_site.evidence_pages import EvidencePages
from rules_ext.rulebook_site.history import History
from rules_ext.rulebook_site.names import (
    COMPARE,
    WORKED,
    anchors,
    edition_name,
    heading,
    law_docname,
    nearest_anchor,
)
from rules_ext.rulebook_site.page_data import (
    changes_text,
    correction_spans,
    defined_terms,
    join_reasons,
    marked_in_place,
    orphan_tables,
    provision_data,
    reference_notices,
)
from rules_ext.rulebook_site.print_view import PRINT_ID
from rules_ext.rulebook_site.script import to_traditional
from rules_ext.rulebook_site.views import Context, View
from rules_ext.rulebook_site.words import WordBoundaries, user_dictionary

#: where a law page's English title comes from: the 1997 Laws, which the 1999 text (and the 2008
#: excerpt, worded as the 1999 one) follows; the 1991 text followed the 1987 Laws, whose titles were
#: not checked, so its pages say the title is the 1997 one
ENGLISH_SOURCE = {
    "1991": "英文条名（据1997年国际规则；本版对应1987年国际规则，条名措辞或有不同）",
    "": "英文条名（1997年国际规则）",
}


# -- the generator --------------------------------------------------------------------------------
class Generator(EvidencePages):
    def __init__(self, context: Context, template_folders: Sequence[Path], tokenizer: Any = None):
        """``template_folders``: where ``site/<name>.rst.jinja`` is looked up, first match wins
        (the project's folder, then the extension's defaults); ``tokenizer``: jieba with its main
        dictionary loaded already (:func:`rules_ext.rulebook_site.words.main_tokenizer`), else loaded when a
        page first needs it."""
        self.ctx = context
        self._tokenizer = tokenizer
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader([str(folder) for folder in template_folders]),
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
            autoescape=False,  # the output is reST, escaped by rules_ext.rulebook_site.markup
        )
        self.env.filters["heading"] = heading
        #: the jieba user dictionary of the search (bridge terms and defined terms)
        self.user_dictionary = user_dictionary(context.corpus)
        self._anchors: dict[str, set[str]] = {}
        #: each provision's counterparts in the other editions (the 沿革 lines)
        #: each law of two editions aligned once, for the 沿革 lines and the comparison pages
        self.alignments = Alignments()
        self.history = History(context.corpus, self.alignments)
        #: references the corpus resolved below any provision of the model: (edition, label, used)
        self.ancestor_links: list[tuple[str, str, str]] = []

    @functools.cached_property
    def word_boundaries(self) -> WordBoundaries:
        """jieba with the user dictionary, loaded when a page first needs it (0.5 s: the pages
        that need none can be rendered meanwhile)."""
        return WordBoundaries(self.user_dictionary, self._tokenizer)

    def anchor(self, edition_id: str, label: str) -> str:
        """The label of the page anchor a resolved reference links to: the label itself, or, when
        the model has no such provision (a lost section heading), its nearest existing ancestor."""
        if edition_id not in self._anchors:
            try:
                edition = self.ctx.corpus.edition(edition_id)
            except NotFoundError:
                return label
            self._anchors[edition_id] = anchors(edition)
        known = self._anchors[edition_id]
        if label in known:
            return label
        found = nearest_anchor(label, known)
        if found is None:
            return label
        self.ancestor_links.append((edition_id, label, found))
        return found

    def render(self, template: str, **data) -> str:
        return self.env.get_template(template).render(**data)

    def editions(self) -> list[Edition]:
        return list(self.ctx.corpus.editions)

    def pages(self) -> dict[str, str]:
        # the 繁體 site is a second build of these pages (rules_ext.rulebook_site.hant)
        pages: dict[str, str] = {}
        for edition in self.editions():
            pages.update(self.edition_pages(edition))
        pages.update(compare_pages(self.ctx.corpus, self.render, self.alignments))
        return pages

    # -- per edition ----------------------------------------------------------------------------
    def view(self, edition: Edition) -> View:
        """How one edition is shown (the 繁體 site converts the pages: rules_ext.rulebook_site.hant)."""
        profile = self.ctx.profile
        terms, term_target = defined_terms(self.ctx.corpus, edition, profile)
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
        others = [other for other in self.editions()
                  if other.id != edition.id and other.law(law.number) is not None]
        switches = [link(convert(edition_name(other)), "/" + law_docname(other, law.number))
                    for other in others]
        if comparable(self.ctx.corpus, law.number) \
                and edition.id in EDITIONS.comparison:
            switches.append(link("/".join(EDITIONS.comparison) + " 对照", f"/{COMPARE}/law-{law.number}"))
        # the print view (rules_ext.rulebook_site.print_view) and the law's PDF (``samples`` writes it)
        switches.append(f"`{convert('打印本条')} <#{PRINT_ID}>`__")
        switches.append(f"`{convert('本条PDF')} <../pdf/{law_pdf_name(edition.id, law.number)}>`__")
        editorial = []
        if law.number_editorial:
            editorial.append("条号由编者恢复（原文未印条号）。")
        if law.title_editorial:
            editorial.append("条名由编者拟定（原文未印条名）。")
        if law.title_corrections:  # the title's correction is marked in it; its reason here
            editorial.append("条名勘误：" + join_reasons([self.errata[c].explanation for c in law.title_corrections
                                                       if c in self.errata]))
        lost = self.lost_notices(edition, law, view.editorial)
        misprints = self._misprints(edition.id, law.number)
        orphans = orphan_tables(law, view.tables, convert, misprints)
        provisions = [provision_data(p, edition, view.terms, view.term_target, convert,
                                     view.tables, self.anchor, {}, self.word_boundaries,
                                     self.errata, misprints, view.editorial)
                      for p in law.provisions]
        self.history.annotate(edition.id, provisions)
        return self.render(
            "site/law.rst.jinja",
            edition=edition.id,
            edition_name=markup.option_value(convert(edition_name(edition))),
            script=view.script,
            number=law.number,
            title=self._law_title(view, law),
            title_plain=markup.option_value(convert(law.title)),
            english=markup.escape(self.ctx.english.get(law.number, "")),
            english_source=markup.escape(convert(ENGLISH_SOURCE.get(edition.id, ENGLISH_SOURCE[""]))),
            place=" › ".join(place),
            prevnext=" · ".join(prevnext),
            switches=" · ".join(switches),
            editorial=(markup.escape(view.editorial("".join(editorial))) if editorial else "")
            + (" " if editorial and lost else "") + " ".join(lost),
            kaozheng=f"/{view.prefix}/kaozheng" if self._has_evidence(edition, law) else "",
            errata_page=f"/{view.prefix}/errata" if any(p.corrections for p in law.walk()) or misprints else "",
            provisions=provisions + orphans,
            counterparts=json.dumps(self._counterparts(edition, law, others), ensure_ascii=False,
                                    separators=(",", ":"), sort_keys=True),
        )

    def _counterparts(self, edition: Edition, law: Law, others: Sequence[Edition]) -> dict[str, dict[str, str]]:
        """For each other edition the law's page switches to: this law's provisions (by label) and
        the provision of that edition holding the same rule (the comparison's alignment, by wording,
        as the 沿革 line has it; the same label in a script variant of the same text), so that the
        switch keeps the reader's provision (``rules.js``)."""
        def base(e: Edition) -> str:
            return e.variant_of or e.id

        out: dict[str, dict[str, str]] = {}
        labels = [p.label for p in law.walk()]
        for other in others:
            counterpart = other.law(law.number)
            own = {p.label for p in counterpart.walk()} if counterpart is not None else set()
            found: dict[str, str] = {}
            for label in labels:
                if base(other) == base(edition):
                    target = label
                else:
                    older, newer = self.history.changes(base(edition), label)
                    target = next((c.label for c in older + newer if c.edition == base(other) and c.label), "")
                if target in own:
                    found[label] = target
            out[other.id] = found
        return out

    @staticmethod
    def _law_title(view: View, law: Law) -> str:
        """The law's title as reST: a corrected title with its correction marked in place, as a
        provision's heading is (1999-trad 22: 程式 struck, 程序 inserted)."""
        shown = view.title(law)
        if not law.original_title or not shown.endswith(view.convert(law.title)):
            return markup.escape_marked(shown)
        prefix = shown[:len(shown) - len(view.convert(law.title))]
        return markup.escape(prefix.rstrip()) + " " + marked_in_place(law.original_title, law.title, view.convert)

    def edition_index(self, view: View, laws: list[Law]) -> str:
        edition, convert = view.edition, view.convert
        switches = [markup.doc_link(sw["name"], sw["doc"])
                    for sw in [self._switch(edition, None)] if sw]
        if edition.definitions:
            switches.append(markup.doc_link(convert("定义"), f"/{view.prefix}/glossary"))
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
            front=[self._front(f, view) for f in edition.front if f.kind != "abstract"],
            tree=self._tree(laws, view),
            laws=[f"{view.prefix}/law-{law.number}" for law in laws],
            has_glossary=bool(edition.definitions),
            switches=" · ".join(switches),
        )

    def _front(self, f, view: View) -> dict[str, Any]:
        """A preamble or preface for the edition's index: a corrected paragraph with its corrections
        marked in place (1999: 国内部〔分〕, 照些 -> 照此, 谨些 -> 谨此) and their reasons below."""
        convert = view.convert
        paragraphs = []
        for original, text in zip(f.original_paragraphs, f.paragraphs):
            if not text.strip():
                continue
            paragraphs.append(marked_in_place(original, text, convert) if original != text
                              else markup.escape(convert(text)))
        reasons = [self.errata[c].explanation for c in f.corrections if c in self.errata]
        return {"title": markup.escape(convert(f.title)), "paragraphs": paragraphs,
                "reasons": markup.escape(view.editorial(join_reasons(reasons))) if reasons else ""}

    # -- the errata and 考证 pages of an edition ---------------------------------------------------
    def _term(self, d, view: View, index: int) -> dict[str, Any]:
        convert = view.convert
        others = [t for t in view.terms if t != d.term]
        spans = markup.find_spans(d.text, d.xrefs, others, view.edition.id, view.term_target,
                                  self.anchor, self.word_boundaries)
        original = ""
        changes: list[tuple[str, str]] = []
        if d.corrections and d.original_text and d.original_text != d.text:
            spans, changes, whole = correction_spans(d.original_text, d.text, spans, convert)
            if whole:
                original = markup.option_value(convert(d.original_text))
        reasons = [self.errata[c].explanation for c in d.corrections if c in self.errata]
        slug = re.sub(r"[^a-z0-9]+", "-", d.english.lower()).strip("-")
        # an English name an erratum corrected: marked in place too (AUTION -> AU<ins>C</ins>TION)
        # (one line already: not option_value, which would close up a space put in, '\  \ ')
        english_changes = (marked_in_place(d.original_english, d.english, convert)
                           if d.original_english and d.original_english != d.english else "")
        return {"term": markup.option_value(convert(d.term)), "key": d.term, "english": d.english,
                "english_changes": english_changes,
                "anchor": f"term-{slug}" if slug else f"term-{index}",
                "recovered": d.recovered,
                "original": original,
                "changes": markup.option_value(convert(changes_text(changes)))
                if changes and not original else "",
                "reasons": markup.option_value(view.editorial(join_reasons(reasons))) if reasons else "",
                "text": markup.render(d.text, spans, convert) if d.text.strip() else "\\ ",
                "notices": [markup.escape(convert(n)) for n in reference_notices(d.xrefs)]}

    def _switch(self, edition: Edition, number: int | None) -> dict[str, str]:
        """Link from a copy delivered in traditional script to the edition it copies, by that
        edition's name (the switch to the same page in the other script is on every page, made
        by rules_ext.rulebook_site.hant; a law page links the other editions of its law already)."""
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
        """``worked/index``: every worked example in ``<srcdir>/examples``, with the law it
        illustrates (docinfo field ``:illustrates:``, a link) and its one-line summary (``:summary:``),
        so the home page's toctree never globs an empty folder; the pages' own index
        (``examples/index.rst``), where there is one, stays their parent in the navigation."""
        found = []
        for path in sorted((srcdir / "examples").glob("*.rst")):
            if path.stem == "index":
                continue
            head = path.read_text(encoding="utf-8")[:2000]
            fields = dict(re.findall(r"^:(illustrates|summary):[ \t]*(.*\S)", head, re.M))
            target = fields.get("illustrates", "")
            law = ""
            if target:
                law = markup.role("law", citation(target.rpartition(":")[2]), target)
            found.append({"doc": f"/examples/{path.stem}", "law": law,
                          "summary": markup.escape(fields.get("summary", ""))})
        index = (srcdir / "examples" / "index.rst").is_file()
        return {f"{WORKED}/index": self.render("site/examples.rst.jinja", examples=found,
                                               toctree=["/examples/index"] if index else [e["doc"] for e in found])}
