"""The pages of an edition about its text rather than its rules: the errata (every change made to
the delivered text, with its reason), 考证 (the evidence for what the editors recovered), and the
notices on a law page of what the source lost. A part of the page generator
(:class:`rules_ext.rulebook_site.pages.Generator`), which renders them.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rules_ext.corpus.labels import citation, law_of
from rules_ext.corpus.model import Edition, Law
from rules_ext.corpus.printed import RULE_TITLES, corrected_places, misprint_reasons
from rules_ext.rulebook_site import markup
from rules_ext.rulebook_site.names import edition_name
from rules_ext.rulebook_site.views import Context, View

__all__ = ["EvidencePages"]


def cited_labels(text: str) -> str:
    """Labels with a word in them as the rules cite them: ``68note`` -> 第68条注."""
    return re.sub(r"(?<![0-9A-Za-z])\d+(?:intro|note\d*)(?![0-9A-Za-z])", lambda m: citation(m[0]), text)


class EvidencePages:
    """The errata and 考证 pages and the lost-text notices of the :class:`~rules_ext.rulebook_site.pages.Generator`
    (which gives ``ctx``, ``render`` and ``editions``)."""

    ctx: Context
    render: Callable[..., str]
    editions: Callable[[], list[Edition]]

    def _corrected_nodes(self, edition: Edition) -> list[tuple[str, str, list[str]]]:
        """(where as reST, sort key, correction ids) of every corrected node, in text order."""
        out = []
        for place in corrected_places(edition):
            if place.kind in ("provision", "title"):
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
                    keyed.append([where, markup.escape_marked(text(x.original)) or "\\ ",
                                  markup.escape_marked(text(corrected)) or "\\ ",
                                  markup.escape_marked(ed(x.explanation))])
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
        from rules_ext.rulebook_site.evidence import in_chinese
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
            lines += [markup.escape_marked(ed(cited_labels(in_chinese(e)))) for e in law.evidence]
            for t in edition.tables:
                if law_of(t.label) == law.number:
                    lines += [esc(f"“{t.caption}”表：{in_chinese(n)}") for n in t.notes]
            entries.append({"title": markup.escape(view.title(law)),
                            "lines": [markup.role("law:ref", ed("本条原文"), f"{edition.id}:{law.number}")
                                      + " " + esc(f"（原文第{law.lines[0]}–{law.lines[1]}行）")] + lines})
        definitions = [markup.role("law:term", ed(d.term), f"{edition.id}:{d.term}") + " "
                       + markup.escape_marked(ed(f"（{d.english}）：{in_chinese(d.note)}"))
                       for d in edition.definitions if d.recovered and d.note]
        front = [esc(f"百科词条摘要文字错乱（原文作“{''.join(f.original_paragraphs)}”），不予刊出。")
                 for f in edition.front if f.kind == "abstract"]
        intro = [esc(f"本页列出{edition_name(edition)}中由编者恢复或重建之处的依据：条号、条名、分界、"
                     "缺失的标题与表格。条文页上只作简短的编注。"),
                 esc("来源文件：") + f"``{edition.source}``。"]
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
