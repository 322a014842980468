"""Directives of the ``law`` domain, used by the generated pages and by hand-written ones.

``.. law:edition:: 1991``           the edition (and ``:script:``) of the page's references
``.. law:law:: 45``                 the law object (anchor ``#45``), title in ``:title:``
``.. law:provision:: 45C4b``        a section / item / sub-item / note with its permalink
``.. law:term:: 明手``               a glossary entry (anchor, English term, hover text)
``.. law:examples::``               the worked examples illustrating this law (filled at write time)
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar, cast

from docutils import nodes, utils
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_id
from sphinx.util.typing import OptionSpec

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import Label, LabelError, ancestors, citation, law_number
from rules_ext.corpus.model import KINDS
from rules_ext.corpus.printed import BOOK_TITLE, changes_in_place
from rules_ext.rulebook_site.domain import SIMPLIFIED, TRADITIONAL, LawDomain, LawRole, ObjectEntry, TermEntry

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment
    from sphinx.util.docutils import SphinxTranslator
    from sphinx.util.typing import ExtensionMetadata
    from sphinx.writers.html5 import HTML5Translator

logger = logging.getLogger(__name__)

OBJTYPES = {"law": "law", "section": "section", "item": "item", "subitem": "subitem",
            "note": "note"}


def script_option(value: str) -> str:
    """``:script:``: ``simplified`` or ``traditional``."""
    return directives.choice(value, (SIMPLIFIED, TRADITIONAL))


def kind_option(value: str) -> str:
    """``:kind:``: a provision kind of the model (section, item, ...)."""
    return directives.choice(value, KINDS)


def edition_option(value: str) -> str:
    """``:edition:``: an edition of the catalogue (``1991``); docutils reports any other value
    with the line, naming the editions."""
    return directives.choice(value, EDITIONS.ids)


class deleted(nodes.Inline, nodes.TextElement):
    """Characters of the delivered text that a correction removed: ``<del>`` in HTML. Shown, but
    not the text: a title, a search snippet or a citation taken from the page (``astext``) reads
    the corrected wording."""

    def astext(self) -> str:
        return ""


class inserted(nodes.Inline, nodes.TextElement):
    """Characters a correction put in their place: ``<ins>`` in HTML."""


#: the hover text of a correction marked in place (a node attribute: the 繁體 build converts it)
CHANGE_TITLES = {"law-del": "勘误：原文所印，已删去", "law-ins": "勘误：编者改正的文字"}


def visit_change_html(self: HTML5Translator, node: nodes.Element) -> None:
    tag = "del" if isinstance(node, deleted) else "ins"
    self.body.append(self.starttag(node, tag, "", title=node.get("title", "")))


def depart_change_html(self: HTML5Translator, node: nodes.Element) -> None:
    self.body.append("</del>" if isinstance(node, deleted) else "</ins>")


def visit_change_other(self: SphinxTranslator, node: nodes.Element) -> None:
    pass


def diff_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``:diff-del:`…``` / ``:diff-ins:`…```: the text one edition has and the other lacks, in a
    comparison; English words in it (a spelling the other edition changed) marked as English."""
    return [marked_inline(utils.unescape(text), [name])], []


def change_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``:law-del:`专家``` / ``:law-ins:`庄家```: a correction marked where it is."""
    kind = deleted if name == "law-del" else inserted
    return [kind(rawtext, utils.unescape(text), classes=[name], title=CHANGE_TITLES[name])], []


class examples_placeholder(nodes.General, nodes.Element):
    """Replaced at doctree-resolved by links to the worked examples of the law."""


class collapsible(nodes.General, nodes.Element):
    """``<details>`` in HTML (closed, with a summary line); a plain block in other builders."""


def visit_collapsible_html(self: HTML5Translator, node: collapsible) -> None:
    self.body.append(f'<details class="{" ".join(node["classes"])}"><summary>'
                     f'{self.encode(node["summary"])}</summary>')


def depart_collapsible_html(self: HTML5Translator, node: collapsible) -> None:
    self.body.append("</details>")


def visit_collapsible_other(self: SphinxTranslator, node: collapsible) -> None:
    pass


class permalink(nodes.Inline, nodes.Element):
    """The copy-link of a provision or glossary entry: in HTML a focusable link to its own anchor
    that rules.js turns into "copy the citation and URL" (``data-cite``); nothing in other
    builders (print, text) and nothing in the search text."""


#: the rulebook's title as a citation names it, per script
BOOK = {SIMPLIFIED: BOOK_TITLE[False], TRADITIONAL: BOOK_TITLE[True]}


#: the copy-link's tooltip (converted with the citation in the 繁體 build)
PERMALINK_TITLE = "复制引用和链接"


def visit_permalink_html(self: HTML5Translator, node: permalink) -> None:
    from rules_ext.rulebook_site import hant

    cite, title = node["cite"], PERMALINK_TITLE
    if hant.is_traditional(self.config):
        convert = hant.converter(self.config)
        cite, title = convert(cite), convert(title)
    cite = self.attval(cite)
    self.body.append(
        f'<a class="law-permalink" href="#{self.attval(node["anchor"])}" data-cite="{cite}" '
        f'title="{title}" aria-label="{title}：{cite}">¶</a>')
    raise nodes.SkipNode


class provision_heading(nodes.Inline, nodes.TextElement):
    """The marker (and heading) of a 款, 项 or 目: in HTML a heading for screen readers
    (``role="heading"``, ``aria-level`` by its depth under the law's h1), so that they can jump from
    provision to provision; it stays inline, where it was printed. A marker without a heading is
    named by its citation (``第16条C款2项``, ``name``), not by ``2.`` alone."""


#: the provision kinds whose marker is a heading (a note or an intro is not)
HEADING_KINDS = ("section", "item", "subitem")


def visit_provision_heading_html(self: HTML5Translator, node: provision_heading) -> None:
    from rules_ext.rulebook_site import hant

    attributes = {"role": "heading", "aria-level": node["level"]}
    if node.get("name"):
        name = node["name"]
        attributes["aria-label"] = hant.converter(self.config)(name) if hant.is_traditional(self.config) else name
    self.body.append(self.starttag(node, "span", "", **attributes))


def depart_provision_heading_html(self: HTML5Translator, node: provision_heading) -> None:
    self.body.append("</span>")


def skip_node(self: SphinxTranslator, node: nodes.Element) -> None:
    raise nodes.SkipNode


def cite_text(edition: str, label: str, script: str) -> str:
    """``《中国桥牌竞赛规则》1991年版 第45条C款4项b目``: what the copy-link copies (before the URL)."""
    traditional = script == TRADITIONAL or (EDITIONS.get(edition) is not None
                                            and EDITIONS[edition].script == TRADITIONAL)
    book = BOOK[TRADITIONAL if traditional else SIMPLIFIED]
    try:
        where = citation(label, traditional=traditional)
    except LabelError:
        where = label
    return f"{book}{EDITIONS.name(edition)} {where}"


def depart_collapsible_other(self: SphinxTranslator, node: collapsible) -> None:
    pass


class EvidenceDirective(SphinxDirective):
    """``.. law:evidence:: 依据``: why an editorial number or title was chosen (collapsed)."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        node = collapsible(summary=self.arguments[0].strip(), classes=["law-evidence"])
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def _is_law(label: str) -> bool:
    """Whether ``label`` names a whole law (``45``) rather than a provision of one (``45C``)."""
    try:
        return Label.parse(label).parent is None
    except LabelError:
        return False


class LawDirectiveBase(SphinxDirective):
    def law_number_argument(self) -> int:
        """The argument as a law number: ``45``."""
        number = self.arguments[0].strip()
        if not _is_law(number):
            raise self.error(f"{self.name}: law number {number!r} is not a number: expected e.g. 45")
        return int(number)

    def label_argument(self) -> str:
        """The argument as a provision label, which starts with its law's number: ``45C4b``."""
        label = self.arguments[0].strip()
        try:
            law_number(label)
        except LabelError:
            raise self.error(f"{self.name}: {label!r} is not a provision label: expected e.g. "
                             "45C4b") from None
        return label

    def edition(self) -> str:
        edition = self.options.get("edition") or self.env.ref_context.get("law:edition")
        if not edition:
            raise self.error(f"{self.name}: no edition; put '.. law:edition:: 1991' first or "
                             "give ':edition: 1991'")
        return edition

    def script(self) -> str:
        return self.options.get("script") or self.env.ref_context.get("law:script", SIMPLIFIED)

    @property
    def domain(self) -> LawDomain:
        return cast(LawDomain, self.env.get_domain("law"))


class EditionDirective(SphinxDirective):
    """Sets the edition and script that references and objects on this page belong to."""

    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = {"script": script_option}

    def run(self) -> list[nodes.Node]:
        try:
            self.env.ref_context["law:edition"] = edition_option(self.arguments[0])
        except ValueError as exc:
            raise self.error(f"{self.name}: {exc}") from None
        self.env.ref_context["law:script"] = self.options.get("script", SIMPLIFIED)
        return []


class LawDirective(LawDirectiveBase):
    """The law itself: an anchor ``#45`` and an index entry."""

    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = {"edition": edition_option, "script": script_option,
                   "title": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        label = str(self.law_number_argument())
        edition = self.edition()
        title = self.options.get("title", "")
        document = self.state.document
        section = self.state.parent
        result: list[nodes.Node] = []
        if isinstance(section, nodes.section) and label not in document.ids:
            # the heading's own anchor is the law number (#45), not docutils' #id1
            for old in section["ids"]:
                if document.ids.get(old) is section:
                    del document.ids[old]
            section["ids"] = [label]
            document.ids[label] = section
        else:
            target = nodes.target("", "", ids=[label])
            document.note_explicit_target(target)
            result.append(target)
        dispname = citation(label, title)
        script = self.script()
        if script == SIMPLIFIED:
            entry = f"{citation(label)}; {EDITIONS.name(edition)} {title}".strip()
            result.insert(0, _index_entry(entry, label))
        self.domain.note_object(edition, script, label,
                                ObjectEntry(self.env.docname, label, dispname, "law"),
                                location=self.get_location())
        return result


class ProvisionDirective(LawDirectiveBase):
    """A provision: a block with its marker, heading, permalink and text; children nest inside."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[OptionSpec] = {
        "edition": edition_option,
        "script": script_option,
        "kind": kind_option,
        "marker": directives.unchanged,
        "heading": directives.unchanged,
        "marker-original": directives.unchanged,
        "heading-original": directives.unchanged,
        "recovered": directives.flag,
        "penalty": directives.flag,
        "original": directives.unchanged,
        "corrections": directives.unchanged,
        "reasons": directives.unchanged,
        "changes": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        label = self.label_argument()
        kind = self.options.get("kind", "section")
        edition = self.edition()
        # a provision labelled like its law ('16': an un-lettered law text) shares the law's
        # anchor and object, made by the law:law directive
        whole_law = _is_law(label)
        container = nodes.container(classes=["law-provision", f"law-{kind}"],
                                    ids=[] if whole_law else [label])
        self.set_source_info(container)
        head = nodes.paragraph(classes=["law-head"])
        marker = self.options.get("marker", "")
        heading = self.options.get("heading", "")
        if marker:
            head += self._mark(marker, "law-marker", self.options.get("marker-original"))
        if heading:
            strong = nodes.strong(heading, "", classes=["law-heading"])
            if self.options.get("heading-original"):
                strong += changed_inline(self.options["heading-original"], heading)
            else:
                strong += marked_inline(heading, []).children[:]  # its English words marked lang="en"
            head += strong
            if "recovered" in self.options:
                # a heading the source lost, recovered editorially: never shown as printed
                head += nodes.abbreviation("〔编〕", "〔编〕", classes=["law-editorial-mark"],
                                           explanation="标题由编者恢复，原文未印")
        printed = heading + " ".join(self.content)
        if "penalty" in self.options and kind != "penalty" and not any(
                word in printed for word in ("判罚", "判罰")):
            head += nodes.inline("（判罚）", "（判罚）", classes=["law-penalty"])
        head += permalink(anchor=label, cite=cite_text(edition, label, self.script()))
        body = nodes.container(classes=["law-text"])
        self.state.nested_parse(self.content, self.content_offset, body)
        if not heading and body.children and isinstance(body.children[0], nodes.paragraph):
            # no heading: the marker starts the text line, as printed
            first = body.children[0]
            for child in reversed([c for c in head.children
                                   if not isinstance(c, permalink)]):
                first.insert(0, child)
            first.append(head.children[-1])
        else:
            container += head
        if kind in HEADING_KINDS and (marker or heading):
            self._as_heading(head, label, named=not heading)
        original = self.options.get("original")
        reasons = self.options.get("reasons", "")
        changes = self.options.get("changes", "")
        children = list(body.children)
        if original or reasons or changes:
            # right under the provision's own text, before its sub-provisions and closing
            at = next((i for i, n in enumerate(children)
                       if isinstance(n, nodes.Element) and "law-provision" in n["classes"]),
                      len(children))
            children.insert(at, erratum_note(original or "", changes, reasons, edition))
        container += children
        if not whole_law:
            self.domain.note_object(edition, self.script(), label,
                                    ObjectEntry(self.env.docname, label, label,
                                                OBJTYPES.get(kind, "provision")),
                                    location=self.get_location())
        return [container]

    @staticmethod
    def _as_heading(head: nodes.Element, label: str, named: bool) -> None:
        """The marker and heading in ``head`` (wherever they went) wrapped in a provision_heading."""
        parts = [c for c in head.children if not isinstance(c, permalink)]
        parent = parts[0].parent if parts else None
        if parent is None:
            return
        at = parent.index(parts[0])
        for part in parts:
            parent.remove(part)
        try:
            name = citation(label) if named else ""
        except LabelError:
            name = ""
        wrapper = provision_heading("", "", *parts, level=str(1 + len(ancestors(label))), name=name)
        parent.insert(at, wrapper)

    def _mark(self, text: str, cls: str, original: str | None = None) -> nodes.Node:
        if "recovered" in self.options:
            return nodes.abbreviation(text, text, explanation="编者恢复",
                                      classes=[cls, "law-recovered"])
        if original:
            node = nodes.inline(text, "", classes=[cls])
            node += changed_inline(original, text)
            return node
        return marked_inline(text, [cls])


_LATIN = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{2,}(?:[ '’-]+[A-Za-z]+)*)(?![A-Za-z0-9])")


def marked_inline(text: str, classes: list[str]) -> nodes.inline:
    """``text`` in an inline node, its English words marked as English (``lang="en"``)."""
    node = nodes.inline(text, "", classes=classes)
    for i, piece in enumerate(_LATIN.split(text)):
        if i % 2:
            node += nodes.inline(piece, piece, classes=["language-en"])
        elif piece:
            node += nodes.Text(piece)
    return node


def titles_without_struck(app, doctree: nodes.document) -> None:
    """doctree-read, after Sphinx's collectors: the title a page is named by elsewhere (``<title>``,
    the sidebar, links, prev/next) is the corrected one; the struck delivered characters are shown
    in the page's own heading only (1999-trad 22: 程序, not 程式序)."""
    env = app.env
    docname = env.docname
    for found in (env.titles.get(docname), env.longtitles.get(docname), env.tocs.get(docname)):
        if found is not None:
            for node in list(found.findall(deleted)):
                node.parent.remove(node)


def changed_inline(original: str, text: str) -> list[nodes.Node]:
    """``text`` (delivered as ``original``: a marker, a heading) with its corrections marked where
    they are, as the body's are: the struck delivered characters (``<del>``) before the corrected
    ones (``<ins>``)."""
    out: list[nodes.Node] = []
    at = 0
    for change in changes_in_place(original, text)[0]:  # as the body's and the printed edition's
        if change.start > at:
            out += marked_inline(text[at:change.start], []).children[:]
        if change.original:
            out.append(deleted(change.original, change.original, classes=["law-del"],
                               title=CHANGE_TITLES["law-del"]))
        if change.end > change.start:
            shown = text[change.start:change.end]
            out.append(inserted(shown, shown, classes=["law-ins"], title=CHANGE_TITLES["law-ins"]))
        at = change.end
    if at < len(text):
        out += marked_inline(text[at:], []).children[:]
    return out


def erratum_note(original: str, changes: str, reasons: str, edition: str) -> nodes.Node:
    """The note under a corrected provision or glossary entry: what was changed (marked in the
    text with ``<del>``/``<ins>``; the delivered wording in full when it changed too much to be
    marked in place) and, in Chinese, why, linked to the edition's errata page (no erratum ids:
    machine detail, listed there and in the JSON)."""
    para = nodes.paragraph(classes=["law-erratum"])
    label = "勘误："
    para += nodes.inline(label, label, classes=["law-erratum-label"])
    sentences = []
    if original:
        para += nodes.inline("原文作 ", "原文作 ")
        para += nodes.inline(original, original, classes=["law-original"])
        sentences.append("")
    elif changes:
        sentences.append(changes.rstrip("。"))
    if reasons:
        sentences.append(reasons.rstrip("。"))
    text = "。".join(sentences).lstrip("。")
    if text:
        text = ("。" if original and not original.endswith("。") else "") + text + "。"
        para += marked_inline(text, ["law-erratum-reason"])
    link = addnodes.pending_xref("", nodes.inline("见勘误表", "见勘误表"), refdomain="std",
                                 reftype="doc", reftarget=f"/{edition}/errata",
                                 refexplicit=True, refwarn=False)
    para += nodes.Text("（")
    para += link
    para += nodes.Text("）")
    return para


class TermDirective(LawDirectiveBase):
    """A glossary entry: ``.. law:term:: 明手`` with ``:english: Dummy``, ``:anchor: term-dummy``
    and, on 繁體 pages, ``:key:`` (the simplified term that references use). A corrected entry
    has the note's ``:original:`` / ``:changes:`` / ``:reasons:``, and ``:english-changes:`` when
    its English name was corrected: the name as reST with the change marked in place
    (``:law-del:`` / ``:law-ins:``)."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[OptionSpec] = {"edition": edition_option, "script": script_option,
                   "english": directives.unchanged, "anchor": directives.unchanged,
                   "recovered": directives.flag, "key": directives.unchanged,
                   "original": directives.unchanged, "changes": directives.unchanged,
                   "reasons": directives.unchanged, "english-changes": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        term = self.arguments[0].strip()
        edition = self.edition()
        english = self.options.get("english", "")
        # without ``:anchor:``, an id made from the English term, else a serial number that
        # counts within this document only (as Sphinx's glossary does): the same in serial,
        # parallel and incremental builds
        anchor = self.options.get("anchor") or make_id(self.env, self.state.document, "term",
                                                       english or term)
        item = nodes.container(classes=["law-glossary-entry"], ids=[anchor])
        self.state.document.note_explicit_target(item)
        head = nodes.paragraph(classes=["law-term-head"])
        head += nodes.strong(term, term, classes=["law-term-name"])
        if english:
            name = nodes.inline(" ", " ", classes=["law-term-english", "language-en"])
            if self.options.get("english-changes"):  # corrected: the changes marked in place (reST)
                marked, problems = self.state.inline_text(self.options["english-changes"], self.lineno)
                name += [*marked, *problems]
            else:
                name += nodes.Text(english)
            head += name
        if "recovered" in self.options:
            head += nodes.abbreviation(" 〔编〕", " 〔编〕", classes=["law-recovered"],
                                       explanation="标题由编者恢复")
        glossary = "詞彙表" if self.script() == TRADITIONAL else "词汇表"
        head += permalink(anchor=anchor,
                          cite=f"{cite_text(edition, '', self.script()).strip()} {glossary} {term}")
        item += head
        body = nodes.container(classes=["law-term-text"])
        self.state.nested_parse(self.content, self.content_offset, body)
        item += body.children
        if any(self.options.get(k) for k in ("original", "changes", "reasons")):
            item += erratum_note(self.options.get("original", ""), self.options.get("changes", ""),
                                 self.options.get("reasons", ""), edition)
        # the hover shows the definition as a reader sees it: role markup reduced to its text
        # (the definition only: an editorial note after it, a nested block, is not hovered)
        own = []
        for line in self.content:
            if line.lstrip().startswith(".. "):
                break
            own.append(line)
        hover = _plain(" ".join(own).strip())
        # ``:key:`` is the simplified term on a 繁體 glossary, so references keep one key
        if self.script() == SIMPLIFIED:
            where = f"{EDITIONS.name(edition)} 词汇表"
            item.insert(0, _index_entry(f"{term}; {where}", anchor))
        self.domain.note_term(edition, self.script(), self.options.get("key") or term,
                              TermEntry(self.env.docname, anchor, english, hover),
                              location=self.get_location())
        return [item]


def _index_entry(entry: str, anchor: str) -> addnodes.index:
    """An entry of the general index (genindex) pointing at ``anchor``."""
    return addnodes.index(entries=[("single", entry, anchor, "", None)])


#: said after a hover text that shows a correction
CORRECTED_HOVER = "（〔〕内为勘误改正的文字）"


def _plain(text: str, limit: int = 160) -> str:
    """Hover text: role markup reduced to its shown text, shortened. A corrected definition reads
    as corrected, each correction marked: the struck delivered characters left out, the corrected
    ones in 〔〕 (1999 调整分: 〔由〕裁判裁定的得分, delivered 以裁判第裁定), and a word saying so."""
    text = re.sub(r"(\\ )?:law-del:`[^`]*`(\\ )?", "", text)  # a correction's struck original
    corrected = ":law-ins:" in text
    text = re.sub(r":law-ins:`([^`]*)`", r"〔\1〕", text)
    text = re.sub(r":[\w:-]+:`([^`<]*?)(?:\s*<[^`]*>)?`", r"\1", text)
    text = text.replace("\\ ", "").replace("\\", "")
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    return shown + CORRECTED_HOVER if corrected else shown


class ExamplesDirective(LawDirectiveBase):
    """Where the worked examples of this law are listed (``source/examples``, ``:illustrates:``)."""

    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = {"edition": edition_option}

    def run(self) -> list[nodes.Node]:
        node = examples_placeholder()
        node["edition"] = self.edition()
        node["number"] = self.law_number_argument()
        return [node]


def fill_examples(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved: replace each placeholder by a link box to the examples (or nothing)."""
    domain = cast(LawDomain, app.env.get_domain("law"))
    for node in list(doctree.findall(examples_placeholder)):
        found = domain.examples_for(node["edition"], node["number"])
        if not found:
            node.parent.remove(node)
            continue
        box = nodes.container(classes=["law-examples"])
        title = "实例："
        para = nodes.paragraph()
        para += nodes.strong(title, title)
        for i, example in enumerate(found):
            if i:
                para += nodes.Text("，")
            uri = app.builder.get_relative_uri(docname, example)
            text = app.env.titles[example].astext() if example in app.env.titles else example
            para += nodes.reference(text, text, refuri=uri, internal=True)
        box += para
        node.replace_self(box)


def examples_outdated(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """env-get-updated: write again the law pages whose list of worked examples changed."""
    domain = cast(LawDomain, env.get_domain("law"))
    numbers = domain.laws_with_new_examples()
    if not numbers:
        return []
    return sorted({entry.docname for entry in domain.data["objects"].values()
                   if entry.objtype == "law" and law_number(entry.anchor) in numbers})


def english_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``:en:`Law 27 — Insufficient Bid```: English words marked as English (``lang="en"``, from
    docutils' ``language-en`` class), for the few a Chinese reader gains from (official titles,
    terms the rulebook prints, names)."""
    return [nodes.inline(rawtext, utils.unescape(text), classes=["language-en"])], []


def setup(app: Sphinx) -> ExtensionMetadata:
    """The ``law`` domain with its directives and roles, the nodes they make, and ``:en:``."""
    app.add_domain(LawDomain)
    for name, directive in (("edition", EditionDirective), ("law", LawDirective),
                            ("provision", ProvisionDirective), ("term", TermDirective),
                            ("examples", ExamplesDirective), ("evidence", EvidenceDirective)):
        app.add_directive_to_domain("law", name, directive)
    app.add_role("law", LawRole(innernodeclass=nodes.inline))
    app.add_role("en", english_role)
    for name in ("diff-del", "diff-ins"):
        app.add_role(name, diff_role)
    for name in ("law-del", "law-ins"):
        app.add_role(name, change_role)
    change = (visit_change_other, None)
    other = (visit_collapsible_other, depart_collapsible_other)
    skip = (skip_node, None)
    for node, html, rest in ((deleted, (visit_change_html, depart_change_html), change),
                             (inserted, (visit_change_html, depart_change_html), change),
                             (collapsible, (visit_collapsible_html, depart_collapsible_html), other),
                             (permalink, (visit_permalink_html, None), skip),
                             (provision_heading, (visit_provision_heading_html, depart_provision_heading_html),
                              change)):
        app.add_node(node, html=html, latex=rest, text=rest, man=rest, texinfo=rest)
    app.add_node(examples_placeholder)
    app.connect("doctree-resolved", fill_examples)
    app.connect("env-get-updated", examples_outdated)
    # after Sphinx's title and toctree collectors (500): a title's struck original on its page only
    app.connect("doctree-read", titles_without_struck, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
