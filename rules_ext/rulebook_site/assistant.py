"""The 裁决助手 (rulings assistant) on the site: the decision trees of :mod:`rules_ext.core.rulings` as
pages a director uses at the table, on a phone, offline.

``assistant/index`` lists every kind of irregularity with its laws, per edition (where an
edition's text lacks the laws, the 1991 questionnaire marked as another edition's rule);
``assistant/<kind>-<edition>`` is the questionnaire: the tree, the decisive sentence of every
provision it cites and the outcome's words embedded as JSON (``.. law-assistant::``), asked one
question at a time by ``static/assistant.js`` and shown whole as nested lists without JavaScript;
``assistant/compare-<kind>`` sets every way through both editions' trees side by side. The 繁體
build converts the JSON here, when it is written: it is data, not a text node.
"""
from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rules_ext.core.rulings import (
    ADJUSTED_WORDS,
    MUST_PASS_WORDS,
    PENALTY_CARD_WORDS,
    PENDING_LABEL,
    RECORD_FIELDS,
    RECORD_RESULT_FIELDS,
    Branch,
    NotInEdition,
    Outcome,
    Question,
    Ruling,
    RulingError,
    Tree,
    available,
    kinds,
    prose,
    tree,
)
from rules_ext.core.rulings import EDITIONS as RULING_EDITIONS
from rules_ext.core.rulings.loading import referrals, referred_trees
from rules_ext.core.rulings.model import CHOICE_PENDING_LABEL, combine
from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import ancestors, citation, law_number, sort_key
from rules_ext.corpus.model import Corpus
from rules_ext.corpus.quoting import Quote, quote
from rules_ext.errors import RulesError
from rules_ext.rulebook_site import hant, markup
from rules_ext.rulebook_site.directives import skip_node

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata
    from sphinx.writers.html5 import HTML5Translator

logger = logging.getLogger(__name__)

ASSISTANT = "assistant"
#: the reference edition whose rule is shown where an edition lacks a kind's laws
REFERENCE = "1991"
#: the words of the outcome's fields (the JavaScript reads them from the page's data)


class AssistantError(RulesError):
    """A tree that cites a phrase its provision does not have (the tests find these first)."""


def page_name(kind: str, edition: str) -> str:
    return f"{ASSISTANT}/{kind.replace('_', '-')}-{edition}"


def compare_name(kind: str) -> str:
    return f"{ASSISTANT}/compare-{kind.replace('_', '-')}"


def covered(corpus: Corpus) -> list[str]:
    """The kinds whose laws the corpus has in every edition whose tree they are (a project built
    from other texts has none: it gets no assistant)."""
    ids = {e.id for e in corpus.editions}
    out = []
    for kind in kinds():
        editions = [e for e in RULING_EDITIONS if available(kind, e)]
        if editions and all(e in ids and all(corpus.edition(e).law(n) is not None for n in tree(kind, e).laws)
                            for e in editions):
            out.append(kind)
    return out


# -- the data of one questionnaire ------------------------------------------------------------------
def cited(t: Tree) -> list[tuple[str, str]]:
    """Every (provision, phrase) the tree cites, questions first, in the order met."""
    pairs = [(c.law, c.keyword) for q in t.questions.values() for c in q.cites]
    pairs += [(c.law, c.keyword) for o in t.outcomes.values() for c in o.cites]
    return list(dict.fromkeys(pairs))


def questionnaire_data(corpus: Corpus, t: Tree) -> dict[str, Any]:
    """``Tree.to_dict()``, each cite with its decisive sentence (``quote``), the words of the
    fields and the fields of the ruling record (the one shape ``rule --record`` writes too);
    ``provisions`` maps each label to its citation and (filled when the page is written)
    its URL. The sentence sits next to its phrase, so that the 繁體 build converts both alike.
    ``referred``: the trees its referrals lead to (kind -> questions, outcomes, start, their
    texts), so that the questionnaire goes on into the referred law as the core's walk does."""
    source = t.reference_edition or t.edition
    provisions: dict[str, dict[str, Any]] = {}
    data = _tree_data(corpus, t, provisions)
    referred = {r.kind: {**_tree_data(corpus, r, provisions), "prose": prose_data(corpus, r)}
                for r in referred_trees(t, referrals(t.edition, t.reference_edition))[1:]}
    for order, label in enumerate(sorted(provisions, key=sort_key)):   # the rulebook's order of the laws
        provisions[label]["order"] = order
    data.update(source_edition=source, edition_name=EDITIONS.name(t.edition), referred=referred,
                source_name=EDITIONS.name(source), provisions=provisions,
                words={"pass": MUST_PASS_WORDS, "adjusted": ADJUSTED_WORDS, "penalty": PENALTY_CARD_WORDS,
                       "pending": PENDING_LABEL, "choice_pending": CHOICE_PENDING_LABEL},
                prose=prose_data(corpus, t),
                record_fields=list(RECORD_FIELDS), record_result_fields=list(RECORD_RESULT_FIELDS))
    return data


def _tree_data(corpus: Corpus, t: Tree, provisions: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """``Tree.to_dict()`` with each cite's decisive sentence, each provision entered in
    ``provisions``, and a referral's kind named (``refer``, the reader's words; ``refer_kind``)."""
    source = t.reference_edition or t.edition
    data = t.to_dict()
    for node in (*data["questions"].values(), *data["outcomes"].values()):
        for cite in node["cites"]:
            found = quote(corpus, source, cite["law"], cite["keyword"])
            if found is None:
                raise AssistantError(f"trees/{t.kind}.toml: the {source} text of {cite['law']} "
                                     f"has no {cite['keyword']!r}")
            cite["quote"] = found.text
            provisions[cite["law"]] = {"citation": found.citation, "ref": f"{source}:{cite['law']}", "url": ""}
    for outcome in data["outcomes"].values():
        if outcome["refer"]:
            outcome["refer_kind"] = outcome["refer"]
            outcome["refer"] = prose.refer_title(outcome["refer"])
    return data


def prose_data(corpus: Corpus, t: Tree) -> dict[str, Any]:
    """The ruling as text (:mod:`rules_ext.core.rulings.prose`), in the pieces the copy button
    joins: the head, the facts' heading and templates (the answers given are the page's), and the
    text of every result the tree can reach (:func:`results`), keyed by :func:`result_key`: an
    outcome by its id; a judgement not yet decided by its cases' keys, and each of its cases,
    told under it, by ``KEY>CASE`` (``assistant.js`` builds the same keys from its walk). Each
    text is a list of numbers into ``lines``: the results share most of their lines (the quotes,
    the duties), so that each is in the page once."""
    source = t.reference_edition or t.edition
    texts: dict[str, list[int]] = {}
    keys: dict[str, str] = {}
    lines: dict[str, int] = {}

    def tell(r: Ruling, key: str, quotes: list[Quote] | None, shared: tuple[str, ...]) -> None:
        told = prose.own_lines(r, quotes, citation, shared_notes=shared)
        short = key_hash(key)
        if texts.get(short) is not None and keys[short] != key:
            raise AssistantError(f"trees/{t.kind}.toml: two results share the key {short}: {keys[short]} and {key}")
        keys[short] = key
        texts[short] = [lines.setdefault(line, len(lines)) for line in told]
        for b in r.branches:
            tell(b.ruling, f"{key}>{result_key(b.ruling)}", None, r.outcome.notes)

    for r in results(t):
        found = [quote(corpus, source, c.law, c.keyword) for c in r.cites]   # questionnaire_data checked them
        tell(r, result_key(r), [q for q in found if q is not None], ())
    return {"head": "\n".join(prose.head(t, EDITIONS.name)), "facts": prose.FACTS, "step": prose.STEP,
            "laws": prose.LAWS, "separator": prose.SEPARATOR, "branch": prose.BRANCH,
            "choice_branch": prose.CHOICE_BRANCH, "indent": prose.INDENT, "basis": prose.BASIS,
            "referral": prose.REFERRAL,
            "lines": list(lines), "outcomes": texts}


def key_hash(key: str) -> str:
    """A result's key as the page stores it: two 32-bit FNV-1a hashes of its UTF-16 code units, in
    hex (``assistant.js`` computes the same), so that the long keys of nested judgements and choices
    are not written into the page (a collision is refused when the page is made)."""
    units = key.encode("utf-16-le")
    out = []
    for seed in (0x811C9DC5, 0x01000193):
        h = seed
        for i in range(0, len(units), 2):
            h ^= units[i] | (units[i + 1] << 8)
            h = (h * 0x01000193) & 0xFFFFFFFF
        out.append(f"{h:08x}")
    return "".join(out)


def result_key(r: Ruling) -> str:
    """A result as the copy button finds its text: the outcome's id, or of a judgement not yet
    decided ``QUESTION:pending(CASE,CASE)``."""
    return r.outcome.id + (f"({','.join(result_key(b.ruling) for b in r.branches)})" if r.branches else "")


def results(t: Tree, node_id: str = "") -> list[Ruling]:
    """Every result (without its steps) the answers can reach from ``node_id`` (the start): each
    outcome, and for each judgement each combination of its cases' results (the core's walk gives
    the same: ``combine``)."""
    node = t.node(node_id or t.start)
    if isinstance(node, Outcome):
        return [Ruling(t.kind, t.title, t.edition, node, (), t.reference_edition)]
    found = {result_key(r): r for a in node.answers for r in results(t, a.next)}
    if node.waits:
        for cases in itertools.product(*(results(t, a.next) for a in node.answers)):
            branches = tuple(Branch(a.key, a.label, r) for a, r in zip(node.answers, cases, strict=True))
            r = Ruling(t.kind, t.title, t.edition, combine(node, branches), (), t.reference_edition,
                       open=node, branches=branches)
            found[result_key(r)] = r
    return list(found.values())


# -- the page without JavaScript: the whole tree as nested lists -------------------------------------
def _laws_inline(labels: Iterable[str], source: str) -> str:
    return " ".join(markup.role("law", citation(label), f"{source}:{label}") for label in labels)


def _outcome_anchor(oid: str) -> str:
    return f"outcome-{oid.replace('_', '-').lower()}"


def tree_lines(t: Tree) -> list[str]:
    """The questions and answers from the start, unrolled, as a reST bullet list; an answer that
    ends the questions links to its outcome, listed in full after the tree."""
    source = t.reference_edition or t.edition
    lines: list[str] = []

    def question(q: Question, depth: int, path: tuple[str, ...]) -> None:
        pad = "  " * depth
        head = markup.escape(q.text)
        if q.judgement:
            head += " " + markup.role("law-assistant-judgement", "〔裁判长判断〕")
        if q.chooser:
            head += " " + markup.role("law-assistant-judgement", f"〔由{q.chooser}选择〕")
        if q.cites:
            head += " （" + _laws_inline(q.laws, source) + "）"
        lines.extend([f"{pad}- {head}", ""])
        if q.help:
            lines.extend([f"{pad}  {markup.escape('说明：' + q.help)}", ""])
        for answer in q.answers:
            shown = markup.escape(f"{answer.label}" if not q.number else f"{answer.label}（{q.minimum}–{q.maximum}）")
            node = t.node(answer.next)
            if isinstance(node, Outcome):
                lines.extend([f"{pad}  - {shown} → `{markup.escape('结果：' + node.summary)}"
                              f" <#{_outcome_anchor(node.id)}>`__", ""])
            else:
                lines.extend([f"{pad}  - {shown} →", ""])
                question(node, depth + 2, (*path, q.id))

    start = t.node(t.start)
    if isinstance(start, Outcome):
        lines.extend([f"- `{markup.escape('结果：' + start.summary)} <#{_outcome_anchor(start.id)}>`__", ""])
    else:
        question(start, 0, ())
    return lines


def outcome_data(corpus: Corpus, t: Tree, o: Outcome) -> dict[str, Any]:
    """One outcome's fields as reST, as the questionnaire shows them."""
    source = t.reference_edition or t.edition
    ways = [answers for answers, end in t.paths() if end.id == o.id]
    ruling = t.walk(ways[0])
    quotes = []
    for c in o.cites:
        found = quote(corpus, source, c.law, c.keyword)
        assert found is not None  # questionnaire_data checked every cite
        quotes.append(markup.role("law", found.citation, f"{source}:{c.law}") + " "
                      + markup.escape(f"“{found.text}”"))

    def restriction(r) -> str:
        return markup.escape(r.text) + (" （" + _laws_inline(r.laws, source) + "）" if r.laws else "")

    fields = [("适用条文", _laws_inline(ruling.ordered_laws(sort_key), source))]
    for x in o.options:
        fields.append(("可供选择", markup.escape(f"{x.by}：{x.choice}")
                       + (" （" + _laws_inline(x.laws, source) + "）" if x.laws else "")))
    if o.refer:
        fields.append(("转至", markup.escape(prose.refer_words(o))))
    else:
        fields.append(("违规者", markup.escape(MUST_PASS_WORDS[o.offender_must_pass])))
        fields.append(("违规者的同伴", markup.escape(MUST_PASS_WORDS[o.partner_must_pass])))
    if o.lead_restriction:
        fields.append(("引牌限制", restriction(o.lead_restriction)))
    if o.penalty_card:
        fields.append((f"罚张（{PENALTY_CARD_WORDS[o.penalty_card.kind]}）", restriction(o.penalty_card)))
    if o.tricks_transferred:
        fields.append(("移墩", markup.escape(f"{o.tricks_transferred}墩")))
    if not o.refer:
        fields.append(("调整分", markup.escape(ADJUSTED_WORDS[o.adjusted_score])))
    return {"anchor": _outcome_anchor(o.id), "summary": markup.escape(o.summary),
            "fields": [(markup.escape(k), v) for k, v in fields], "quotes": quotes,
            "notes": [markup.escape(n) for n in o.notes]}


# -- the comparison of the editions ----------------------------------------------------------------
def joint_paths(a: Tree, b: Tree) -> list[dict[str, object]]:
    """Answer sets that lead the trees to an outcome: each way through one tree, completed with
    every answer to the questions only the other asks on its way (a way the other tree cannot
    follow, an answer it does not offer, is kept: :func:`comparison` shows that side as missing)."""
    rows: dict[str, dict[str, object]] = {}

    def steps(t: Tree, answers: Mapping[str, object]) -> list[tuple[str, str]]:
        try:
            return [(s.fact, str(s.value)) for s in t.walk(answers).steps]
        except RulingError:
            return []

    def complete(t: Tree, answers: dict[str, object]) -> None:
        node = t.node(t.start)
        while isinstance(node, Question):
            if node.id not in answers:
                for answer in node.answers:
                    value: object = int(answer.key.lstrip(".")) if node.number else answer.key
                    complete(t, {**answers, node.id: value})
                return
            try:
                node = t.node(node.answer(answers[node.id]).next)
            except RulingError:
                break
        rows.setdefault(json.dumps([steps(a, answers), steps(b, answers)]), answers)

    for first, second in ((a, b), (b, a)):
        for answers, _ in first.paths():
            complete(second, answers)
    return list(rows.values())


def _fields(t: Tree, answers: Mapping[str, object]) -> dict[str, str]:
    """The compared fields of the outcome the answers lead to, as plain Chinese text."""
    r = t.walk(answers)
    o = r.outcome
    out = {"适用条文": "、".join(citation(x) for x in r.ordered_laws(sort_key)), "裁定": o.summary,
           "可供选择": "；".join(f"{x.by}：{x.choice}" for x in o.options) or "—",
           "违规者": MUST_PASS_WORDS[o.offender_must_pass], "违规者的同伴": MUST_PASS_WORDS[o.partner_must_pass],
           "引牌限制": o.lead_restriction.text if o.lead_restriction else "—",
           "罚张": f"{PENALTY_CARD_WORDS[o.penalty_card.kind]}：{o.penalty_card.text}" if o.penalty_card else "—",
           "移墩": f"{o.tricks_transferred}墩" if o.tricks_transferred else "—",
           "调整分": ADJUSTED_WORDS[o.adjusted_score]}
    return out


def comparison(kind: str) -> dict[str, Any]:
    """The rows of a kind's comparison: the steps and the outcome's fields under each edition, and
    which fields differ."""
    old, new = (tree(kind, e) for e in RULING_EDITIONS)
    rows = []
    for answers in joint_paths(old, new):
        sides: list[dict[str, Any] | None] = []
        for t in (old, new):
            try:
                r = t.walk(answers)
            except RulingError:  # an answer this edition does not offer
                sides.append(None)
                continue
            sides.append({"steps": [f"{s.question}——{s.answer}" for s in r.steps], "fields": _fields(t, answers),
                          "laws": list(r.laws), "facts": [(s.fact, str(s.value)) for s in r.steps]})
        left, right = sides
        differ = (["情形"] if left is None or right is None else
                  [k for k in left["fields"] if left["fields"][k] != right["fields"][k]])
        rows.append({"sides": sides, "differ": differ})
        for side, other in ((left, right), (right, left)):
            if side is not None:   # the steps the other edition does not take (a question only one asks)
                side["own"] = [f not in (other["facts"] if other else []) for f in side["facts"]]
    rows.sort(key=lambda r: (not r["differ"],))
    return {"old": old, "new": new, "rows": rows}


def _compare_cell(side: dict[str, Any] | None, differ: list[str], edition: str) -> list[str]:
    """One edition's side of a row; it opens with the edition's name, shown where the columns are
    stacked (a phone)."""
    name = markup.role("law-assistant-edition", EDITIONS.name(edition))
    if side is None:
        return [name, "", markup.role("law-assistant-differs", "本版没有这一情形（其中某个答案本版不设）")]
    lines = [name, "", markup.escape("经过："), ""]
    lines += [f"{i}. " + (markup.role("law-assistant-differs", s) if own else markup.escape(s))
              for i, (s, own) in enumerate(zip(side["steps"], side["own"]), 1)] + [""]
    for key, value in side["fields"].items():
        shown = markup.escape(f"{key}：{value}")
        if key in differ:
            shown = markup.role("law-assistant-differs", f"{key}：{value}")
        lines += [f"- {shown}"]
    return lines


# -- the pages -------------------------------------------------------------------------------------
def assistant_pages(corpus: Corpus, render: Callable[..., str]) -> dict[str, str]:
    """Every page of the assistant (none when the corpus has none of the trees' laws)."""
    found = covered(corpus)
    if not found:
        return {}
    pages: dict[str, str] = {}
    entries = []
    for kind in found:
        base = next(tree(kind, e) for e in RULING_EDITIONS if available(kind, e))
        both = all(available(kind, e) for e in RULING_EDITIONS)
        cells = []
        for edition in RULING_EDITIONS:
            t = tree(kind, edition, reference=REFERENCE)
            pages[page_name(kind, edition)] = kind_page(corpus, render, t, both)
            judged = sum(1 for q in t.questions.values() if q.judgement)
            labels = sorted({law for law, _ in cited(t)}, key=sort_key)
            cells.append({"doc": f"/{page_name(kind, edition)}", "reference": t.reference_edition,
                          "missing": markup.escape(_missing(t)),
                          "laws": _laws_inline(labels, t.reference_edition or t.edition),
                          "judged": judged})
        if both:
            pages[compare_name(kind)] = compare_page(render, kind)
        entries.append({"title": markup.escape(base.title), "summary": markup.escape(base.summary),
                        "laws": "、".join(markup.role("law", f"第{n}条", f"{base.edition}:{n}") for n in base.laws),
                        "cells": cells, "compare": f"/{compare_name(kind)}" if both else ""})
    pages[f"{ASSISTANT}/index"] = render(
        "site/assistant_index.rst.jinja", kinds=entries,
        editions=[EDITIONS.name(e) for e in RULING_EDITIONS], reference=EDITIONS.name(REFERENCE),
        pages=sorted(name.removeprefix(f"{ASSISTANT}/") for name in pages))
    return pages


def _missing(t: Tree) -> str:
    """What the edition lacks, as the tree says it (its first note, up to the reference notice)."""
    if not t.reference_edition:
        return ""
    try:
        tree(t.kind, t.edition)
    except NotInEdition as exc:
        return str(exc).split(":")[0]
    return ""


def kind_page(corpus: Corpus, render: Callable[..., str], t: Tree, both: bool) -> str:
    others = [e for e in RULING_EDITIONS if e != t.edition]
    data = questionnaire_data(corpus, t)
    return render(
        "site/assistant_kind.rst.jinja",
        title=markup.escape(f"{t.title}（{EDITIONS.name(t.edition)}）"),
        summary=markup.escape(t.summary), kind=t.kind, edition=t.edition,
        reference=markup.escape(f"仅供参考，非{EDITIONS.name(t.edition)}规则") if t.reference_edition else "",
        notes=[markup.escape(n) for n in t.notes],
        others=[{"name": EDITIONS.name(e), "doc": f"/{page_name(t.kind, e)}",
                 "reference": not available(t.kind, e)} for e in others],
        compare=f"/{compare_name(t.kind)}" if both else "",
        laws="、".join(markup.role("law", f"第{n}条", f"{t.reference_edition or t.edition}:{n}") for n in t.laws),
        data=json.dumps(data, ensure_ascii=False, sort_keys=True),
        tree=tree_lines(t),
        outcomes=[outcome_data(corpus, t, o) for o in t.outcomes.values()])


def compare_page(render: Callable[..., str], kind: str) -> str:
    c = comparison(kind)
    old, new = c["old"], c["new"]
    rows = [{"left": _compare_cell(r["sides"][0], r["differ"], old.edition),
             "right": _compare_cell(r["sides"][1], r["differ"], new.edition),
             "differ": "、".join(r["differ"]) or "相同"} for r in c["rows"]]
    return render(
        "site/assistant_compare.rst.jinja",
        title=markup.escape(f"{old.title}：{EDITIONS.name(old.edition)}与{EDITIONS.name(new.edition)}对照"),
        old={"name": EDITIONS.name(old.edition), "doc": f"/{page_name(kind, old.edition)}"},
        new={"name": EDITIONS.name(new.edition), "doc": f"/{page_name(kind, new.edition)}"},
        rows=rows, count=len(rows), differing=sum(1 for r in c["rows"] if r["differ"]))


# -- the questionnaire's data in the page ------------------------------------------------------------
class assistant_data(nodes.General, nodes.Element):
    """The JSON of one questionnaire (its text, ``node["json"]``: one string in the doctree, not
    thousands of objects the build keeps until the page is written); written as
    ``<script type="application/json">`` in HTML."""


class AssistantDirective(SphinxDirective):
    """``.. law-assistant::`` with the questionnaire's JSON as its content."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        text = "\n".join(self.content)
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            raise self.error(f"law-assistant: the content is not JSON: {exc}") from None
        return [assistant_data(json=text)]


def provision_url(builder, docname: str, ref: str) -> str:
    """The link from ``docname`` to provision ``edition:label`` (its nearest ancestor that has an
    anchor, as the law pages link lost headings), or '' when the site has neither."""
    domain = builder.env.get_domain("law")
    edition, _, label = ref.partition(":")
    for candidate in (label, *ancestors(label), str(law_number(label))):
        entry = domain.find(edition, candidate)
        if entry is not None:
            return builder.get_relative_uri(docname, entry.docname) + "#" + entry.anchor
    return ""


def visit_assistant_html(self: HTML5Translator, node: assistant_data) -> None:
    docname = self.builder.current_docname
    data = json.loads(node["json"])
    for ref in data["provisions"].values():
        ref["url"] = provision_url(self.builder, docname, ref["ref"])
        if not ref["url"]:
            logger.warning("law-assistant: no page has provision %s", ref["ref"], location=node,
                           type="rules", subtype="assistant")
    if hant.is_traditional(self.builder.config):
        data = hant.convert_value(data, hant.converter(self.builder.config))
    text = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    self.body.append(f'<script type="application/json" class="law-assistant-data">{text}</script>\n'
                     '<div class="law-assistant-app" aria-live="polite"></div>\n')
    raise nodes.SkipNode


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: nodes.document | None) -> None:
    """The questionnaire's script, on its pages only; the style on every page of the assistant."""
    has_data = doctree is not None and any(True for _ in doctree.findall(assistant_data))
    if has_data or pagename.startswith(f"{ASSISTANT}/"):
        app.add_css_file("assistant.css")
    if has_data:
        app.add_js_file("assistant.js", defer="defer")


def setup(app: Sphinx) -> ExtensionMetadata:
    skip = (skip_node, None)
    app.add_node(assistant_data, html=(visit_assistant_html, None), latex=skip, text=skip, man=skip,
                 texinfo=skip)
    app.add_directive("law-assistant", AssistantDirective)
    app.connect("html-page-context", page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
