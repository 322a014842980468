"""The ``law`` domain: every provision of every edition is an object with a permalink anchor.

Objects are keyed by ``(edition, script, label)``: ``('1991', 'simplified', '45C4b')`` lives on
``1991/law-45`` at ``#45C4b``. Traditional-script views register under ``script='traditional'`` so a
reference on a 繁體 page stays on 繁體 pages; only simplified objects (and the delivered 1999-trad
text) go to ``objects.inv``. Per-document data is removed in ``clear_doc`` and merged in
``merge_domaindata``, so ``-j 2`` builds give the same result as serial ones.
"""
from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from typing import TYPE_CHECKING, Any, NamedTuple

from docutils import nodes
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import LabelError, citation, law_number, parse_target

if TYPE_CHECKING:
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger(__name__)

SIMPLIFIED = "simplified"
TRADITIONAL = "traditional"


def own_script(edition: str) -> str:
    """The script an edition's text is delivered in (simplified for an edition not in the table)."""
    info = EDITIONS.get(edition)
    return info.script if info is not None else SIMPLIFIED


def link_title(edition: str, entry: Any) -> str:
    """A link's hover title in Chinese: ``1999年版 第24条引言`` (a law: its name as shown)."""
    shown = entry.dispname
    if entry.objtype != "law":
        with suppress(LabelError):
            shown = citation(shown)
    return f"{EDITIONS.name(edition)} {shown}"


class ObjectEntry(NamedTuple):
    docname: str
    anchor: str
    dispname: str  # '第45条 打出的牌' for a law, the label for a provision (index, link title)
    objtype: str  # law, section, item, subitem, note, provision


class TermEntry(NamedTuple):
    docname: str
    anchor: str
    english: str
    hover: str  # the definition, shown on hover where the term is used


class LawRole(XRefRole):
    """``:law:`45C4b``` anywhere (and ``:law:ref:`` inside the domain): a link to a provision."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        self.refdomain, self.reftype = "law", "ref"
        self.classes = ["xref", "law", "law-ref"]
        return self.create_xref_node()

    def process_link(self, env: BuildEnvironment, refnode: nodes.Element, has_explicit_title: bool, title: str,
                     target: str) -> tuple[str, str]:
        refnode["law:edition"] = env.ref_context.get("law:edition")
        refnode["law:script"] = env.ref_context.get("law:script", SIMPLIFIED)
        if not has_explicit_title:
            with suppress(LabelError):  # a target the domain cannot read is shown as written
                title = parse_target(title, EDITIONS.default)[1]  # '1991:27B2' shows '27B2'
        return title, target


class TermRole(XRefRole):
    """``:law:term:`明手 <1991:明手>```: a defined term, linked to the glossary with hover text."""

    def process_link(self, env: BuildEnvironment, refnode: nodes.Element, has_explicit_title: bool, title: str,
                     target: str) -> tuple[str, str]:
        refnode["law:edition"] = env.ref_context.get("law:edition")
        refnode["law:script"] = env.ref_context.get("law:script", SIMPLIFIED)
        return title, target


def unresolved_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``:law:unresolved:`参阅99条 <why>```: a reference the corpus could not resolve.

    Shown as plain text with a marker. Explained ones (a note after the text) are logged at info
    level; unexplained ones are warnings (type ``rules``, subtype ``unresolved``) with a location.
    """
    from sphinx.util.nodes import split_explicit_title

    has_note, shown, note = split_explicit_title(nodes.unescape(text))
    env = inliner.document.settings.env
    location = (env.docname, lineno)
    if has_note and note.strip():
        logger.info("unresolved reference %r (%s)", shown, note, location=location)
    else:
        logger.warning("unresolved reference %r", shown, location=location,
                       type="rules", subtype="unresolved")
    explanation = note.strip() if has_note and note.strip() else "未能解析的引用 (unresolved)"
    marker = nodes.abbreviation("?", "?", explanation=explanation,
                                classes=["law-unresolved-marker"])
    return [nodes.inline(shown, shown, classes=["law-unresolved"]), marker], []


class LawIndex(Index):
    """条文索引: every law of every edition, grouped by edition."""

    name = "index"
    localname = "条文索引"
    shortname = "条文索引"

    def generate(self, docnames: Iterable[str] | None = None):
        wanted = set(docnames) if docnames is not None else None
        groups: dict[str, list[IndexEntry]] = {}
        laws = {(edition, law_number(label)): entry
                 for (edition, script, label), entry in self.domain.data["objects"].items()
                 if script == SIMPLIFIED and entry.objtype == "law"}
        for (edition, _number), entry in sorted(laws.items()):
            if wanted is not None and entry.docname not in wanted:
                continue
            groups.setdefault(edition, []).append(
                IndexEntry(entry.dispname, 0, entry.docname, entry.anchor, edition, "", "")
            )
        return sorted(groups.items()), True


class LawDomain(Domain):
    name = "law"
    label = "Bridge law"
    object_types = {
        "law": ObjType("law", "ref", "law"),
        "section": ObjType("section", "ref", "law"),
        "item": ObjType("item", "ref", "law"),
        "subitem": ObjType("sub-item", "ref", "law"),
        "note": ObjType("note", "ref", "law"),
        "provision": ObjType("provision", "ref", "law"),
        "term": ObjType("term", "term"),
    }
    roles = {
        "ref": LawRole(innernodeclass=nodes.inline),
        "law": LawRole(innernodeclass=nodes.inline),
        "term": TermRole(innernodeclass=nodes.inline),
        "unresolved": unresolved_role,
    }
    indices = [LawIndex]
    initial_data = {
        "objects": {},  # (edition, script, label) -> ObjectEntry
        "terms": {},  # (edition, script, term) -> TermEntry
        "examples": {},  # docname -> 'EDITION:LABEL' or 'LABEL' it illustrates
        # docname -> what it illustrated before this build cleared it (re-read or removed): with
        # "examples", which law pages must be written again (see laws_with_new_examples)
        "examples_before": {},
        # docname -> the ("objects" or "terms", key) it noted: a page's entries cleared without
        # looking through every page's (clear_doc runs for each page read)
        "noted": {},
    }
    data_version = 3

    # -- registration -------------------------------------------------------------------------
    def note_object(self, edition: str, script: str, label: str, entry: ObjectEntry,
                    location: Any = None) -> None:
        key = (edition, script, label)
        other = self.data["objects"].get(key)
        if other is not None and other.docname != entry.docname:
            logger.warning("duplicate law object %s:%s (%s), also in %s", edition, label, script,
                           other.docname, location=location, type="rules", subtype="duplicate")
        self.data["objects"][key] = entry
        self.data["noted"].setdefault(entry.docname, set()).add(("objects", key))

    def note_term(self, edition: str, script: str, term: str, entry: TermEntry,
                  location: Any = None) -> None:
        key = (edition, script, term)
        other = self.data["terms"].get(key)
        if other is not None and other.docname != entry.docname:
            logger.warning("duplicate term %s in edition %s, also in %s", term, edition,
                           other.docname, location=location, type="rules", subtype="duplicate")
        self.data["terms"][key] = entry
        self.data["noted"].setdefault(entry.docname, set()).add(("terms", key))

    def process_doc(self, env, docname: str, document: nodes.document) -> None:
        """A page whose docinfo says ``:illustrates: 62`` is a worked example of that law."""
        self.data["examples_before"].setdefault(docname, None)  # a new page illustrated nothing
        docinfo = next(document.findall(nodes.docinfo), None)
        for field in docinfo.findall(nodes.field) if docinfo is not None else ():
            name, body = field.children[:2]
            if name.astext() == "illustrates" and body.astext().strip():
                self.data["examples"][docname] = body.astext().strip()

    def clear_doc(self, docname: str) -> None:
        for store, key in self.data["noted"].pop(docname, ()):
            entry = self.data[store].get(key)
            if entry is not None and entry.docname == docname:  # not noted again by another page
                del self.data[store][key]
        if docname not in self.data["examples_before"]:
            self.data["examples_before"][docname] = self.data["examples"].get(docname)
        self.data["examples"].pop(docname, None)

    def merge_domaindata(self, docnames, otherdata: dict[str, Any]) -> None:
        for store in ("objects", "terms"):
            for key, entry in otherdata[store].items():
                if entry.docname in docnames:
                    self.data[store][key] = entry
        for docname, noted in otherdata["noted"].items():
            if docname in docnames:
                self.data["noted"].setdefault(docname, set()).update(noted)
        for store in ("examples", "examples_before"):
            for docname, target in otherdata[store].items():
                if docname in docnames:
                    self.data[store].setdefault(docname, target)

    def laws_with_new_examples(self) -> set[int]:
        """The laws whose list of worked examples changed since the last build: those that a
        page read in this build illustrates now or illustrated before, or a removed page
        illustrated. Forgets them, for the next build."""
        before, now = self.data["examples_before"], self.data["examples"]
        numbers = set()
        for docname, old in before.items():
            new = now.get(docname)
            if old == new:
                continue
            for target in filter(None, (old, new)):
                with suppress(LabelError):  # a target that names no law changes no law page
                    numbers.add(law_number(parse_target(target, self.env.config.rules_default_edition)[1]))
        before.clear()
        return numbers

    # -- lookup ---------------------------------------------------------------------------------
    def find(self, edition: str, label: str, script: str = SIMPLIFIED) -> ObjectEntry | None:
        objects = self.data["objects"]
        return objects.get((edition, script, label)) or objects.get((edition, SIMPLIFIED, label))

    def examples_for(self, edition: str, number: int) -> list[str]:
        """Docnames of worked examples illustrating this law (``62``, ``62C`` or ``1991:62``)."""
        found = []
        for docname, target in sorted(self.data["examples"].items()):
            try:
                ex_edition, label = parse_target(target, edition)
            except LabelError:
                continue
            if ex_edition == edition and law_number(label) == number:
                found.append(docname)
        return found

    def _default_edition(self, node: nodes.Element) -> str:
        return node.get("law:edition") or self.env.config.rules_default_edition

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        script = node.get("law:script") or SIMPLIFIED
        if typ == "term":
            edition, _, term = target.rpartition(":")
            edition = edition or self._default_edition(node)
            entry = (self.data["terms"].get((edition, script, term))
                     or self.data["terms"].get((edition, SIMPLIFIED, term)))
            if entry is None:
                logger.warning("undefined term %r in edition %s", term, edition, location=node,
                               type="rules", subtype="term")
                return None
            ref = make_refnode(builder, fromdocname, entry.docname, entry.anchor, contnode,
                               entry.hover)
            ref["classes"].append("law-term")
            return ref
        try:
            edition, label = parse_target(target, self._default_edition(node))
        except LabelError as exc:
            logger.warning("%s", exc, location=node, type="rules", subtype="ref")
            return None
        entry = self.find(edition, label, script)
        if entry is None:
            logger.warning("no provision %s in edition %s (reference %r)", label, edition, target,
                           location=node, type="rules", subtype="ref")
            return None
        ref = make_refnode(builder, fromdocname, entry.docname, entry.anchor, contnode,
                           link_title(edition, entry))
        page_edition = node.get("law:edition")
        if page_edition and edition != page_edition:
            ref["classes"].append("law-other-edition")
            if EDITIONS.name(edition) not in contnode.astext():  # the link's text names it already
                ref += nodes.inline(f"〔{edition}〕", f"〔{edition}〕", classes=["law-edition-mark"])
        return ref

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        try:
            edition, label = parse_target(target, self._default_edition(node))
        except LabelError:
            return []
        entry = self.find(edition, label)
        if entry is None:
            return []
        return [("law:ref", make_refnode(builder, fromdocname, entry.docname, entry.anchor,
                                         contnode, entry.dispname))]

    def get_objects(self):
        """The objects of each edition's own text (the inventory, the search index's objects:
        a label typed in the search box finds them): the simplified editions' and the delivered
        traditional copy's (1999-trad, a faithful copy a reader may want, named among the other
        editions after a label jump), not the 繁體 views of simplified editions."""
        for (edition, script, label), entry in self.data["objects"].items():
            if script == own_script(edition):
                yield (f"{edition}:{label}", entry.dispname, entry.objtype, entry.docname,
                       entry.anchor, 1)
        for (edition, script, term), entry in self.data["terms"].items():
            if script == own_script(edition):
                yield (f"{edition}:{term}", term, "term", entry.docname, entry.anchor, 1)

