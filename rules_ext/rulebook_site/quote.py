"""``.. law-quote:: 22B``: a provision quoted from the corpus, with its edition and citation.

The worked examples quote the provisions they rely on from the parsed corpus instead of
paraphrasing them, so a quote is always the text the site publishes (errata applied).
``:edition:`` is required; ``:keyword:`` is the phrase the example relies on and must occur in the
provision, so a quote of the wrong label or edition fails the build (type ``rules``, subtype
``quote``). ``.. law-quote:: 定义:庄家`` quotes a definition. The quote links to its provision where
the law domain is loaded; the directive also works alone (the examples' doctest run uses it). How
to write one: the 使用说明's 建站与引用 (source/manual/sphinx.rst).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import LabelError, citation, law_number
from rules_ext.rulebook_site.directives import edition_option

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

logger = logging.getLogger(__name__)
TERM = "定义:"


def _corpus(config: Any):
    """The corpus the site is built from (its ``rules_corpus_loader``), else the delivered texts."""
    from rules_ext.corpus import load_corpus
    from rules_ext.rulebook_site.config import load_callable
    loader = load_callable(getattr(config, "rules_corpus_loader", None), "rules_corpus_loader")
    return (loader or load_corpus)()


class QuoteDirective(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = {"edition": edition_option, "keyword": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        label = self.arguments[0].strip()
        edition = self.options.get("edition", "").strip()
        keyword = self.options.get("keyword", "").strip()
        problem = self._check(label, edition, keyword)
        if problem:
            logger.warning("law-quote %s: %s", label, problem, location=self.get_location(),
                           type="rules", subtype="quote")
            return []
        text, name = self._text(label, edition)
        if keyword not in text:
            logger.warning("law-quote %s: the keyword %r is not in %s's text of %s", label, keyword,
                           edition, label, location=self.get_location(), type="rules", subtype="quote")
            return []
        block = nodes.block_quote(classes=["law-quote"])
        head = nodes.paragraph(classes=["law-quote-source"])
        if label.startswith(TERM):
            ref = addnodes.pending_xref("", refdomain="law", reftype="term",
                                        reftarget=f"{edition}:{label[len(TERM):]}", refexplicit=True, refwarn=False)
        else:
            ref = addnodes.pending_xref("", refdomain="law", reftype="ref", reftarget=f"{edition}:{label}",
                                        refexplicit=True, refwarn=False)
        ref["law:edition"], ref["law:script"] = edition, "simplified"
        ref += nodes.inline(name, name)
        head += ref
        block += head
        for line in text.split("\n"):
            block += nodes.paragraph(line, line, classes=["law-quote-text"])
        self.set_source_info(block)
        return [block]

    def _text(self, label: str, edition: str) -> tuple[str, str]:
        """The quoted words and the citation shown above them."""
        corpus = _corpus(self.config)
        if label.startswith(TERM):
            term = label[len(TERM):]
            found = next(d for d in corpus.edition(edition).definitions if d.term == term)
            return found.text, f"{EDITIONS.name(edition)} 定义“{term}”"
        name = f"{EDITIONS.name(edition)} {citation(label)}"
        law = corpus.edition(edition).law(law_number(label))
        provision = corpus.find(edition, label)
        if label.isdigit() or provision is None:
            assert law is not None
            return "\n".join(p.text for p in law.walk()), name
        return provision.text, name

    def _check(self, label: str, edition: str, keyword: str) -> str:
        if not edition:  # a value is checked by the option's converter
            return f":edition: is required: expected one of {', '.join(EDITIONS.ids)}"
        if not keyword:
            return ":keyword: is required (the phrase of the provision the example relies on)"
        if label.startswith(TERM):
            term = label[len(TERM):]
            if not any(d.term == term for d in _corpus(self.config).edition(edition).definitions):
                return f"the {edition} text defines no term {term!r}"
            return ""
        try:
            number = law_number(label)
        except LabelError as exc:
            return str(exc)
        corpus = _corpus(self.config)
        if corpus.edition(edition).law(number) is None:
            return f"the {edition} text has no Law {number}"
        if not label.isdigit() and corpus.find(edition, label) is None:
            return f"the {edition} text has no provision {label}"
        return ""


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_directive("law-quote", QuoteDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
