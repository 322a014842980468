"""Corpus model -> Sphinx: the ``law`` domain, directives, generated pages, search, theme CSS.

How the pages reach Sphinx: at ``builder-inited`` the corpus is loaded (``rules_corpus_loader``),
pages are rendered from the Jinja2 templates in ``templates/site`` and written into the source tree
(``<edition>/``, ``compare/``, ``worked/``, ``assistant/``: git-ignored build products, rewritten
only when their text changes). See :mod:`rules_ext.rulebook_site.pages`, :mod:`rules_ext.rulebook_site.writer` and,
for the 裁决助手 pages, :mod:`rules_ext.rulebook_site.assistant`. The 繁體 site is the same project built
again with ``-D language=zh_TW`` (:mod:`rules_ext.rulebook_site.hant`).

Cross-references (decided here): a reference the corpus resolved in the page's edition is a link
to its provision's anchor; one resolved in another edition (a partial edition lacks the law) is a
link to that edition, in italics and marked 〔1999〕; one the corpus resolved to a provision the
model lacks (a lost section heading) links to the nearest ancestor that exists and is listed in the
build log. A reference the corpus could not resolve is shown as plain text with a "?" marker whose
hover text is the corpus's note. It is logged at *info* level when the corpus explains it (a note:
a misprint, a law the edition does not have) and is a *warning* (``type='rules'``,
``subtype='unresolved'``, with file and line) when it does not, so that ``-W`` stops on references
nobody has looked at, while the delivered texts, whose every unresolved reference is explained,
build with 0 warnings. Hand-written ``:law:`` references to a provision that does not exist are
warnings (``rules.ref``).

Configuration (conf.py):

``rules_corpus_loader``      ``'module:function'`` or a callable returning a Corpus; ``None`` for a
                             project with hand-written law pages only (no generated pages)
``rules_default_edition``    edition of an unqualified ``:law:`45C4b``` (default ``'1991'``)
``rules_traditional_profile`` OpenCC character profile of the 繁體 site (default ``'s2tw'``; DESIGN.md)
``rules_findings_loader``    ``'module:function'`` taking the Corpus and returning verification
                             findings shown on the law pages, or ``None``
``rules_templates_dir``      the project's templates folder (relative to conf.py; default: the
                             folders of ``templates_path``): a ``site/law.rst.jinja`` there replaces
                             the extension's, template by template; the others still come from the
                             extension's defaults (``rules_ext/rulebook_site/templates``)

Templates are looked up as Sphinx and autosummary look them up: the project's folder first, then the
extension's defaults (:func:`template_folders`). The extension's page layer for the theme
(``templates/theme``) is added *after* the project's ``templates_path``, so a project's
``page.html`` wins (extending ``"rules_ext/page.html"`` keeps the extension's layer, ``"!page.html"``
goes straight to the theme's).
"""
from __future__ import annotations

import importlib
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from docutils import nodes, utils
from sphinx.errors import ConfigError
from sphinx.util import logging

from rules_ext import __version__
from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import EDITION_ID, number_runs
from rules_ext.fileio import package_path
from rules_ext.rulebook_site import (  # noqa: F401 (_jieba first: imports jieba quietly)
    _jieba,
    directives,
    downloads,
    hant,
    interface,
    notfound,
    print_view,
    publish,
    reading,
    search,
)
from rules_ext.rulebook_site.domain import LawDomain, LawRole
from rules_ext.rulebook_site.lines import JoinChineseLines
from rules_ext.rulebook_site.search import BridgeSearchChinese
from rules_ext.rulebook_site.suits import RedSuits

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.util.typing import ExtensionMetadata

    from rules_ext.corpus.model import Corpus

logger = logging.getLogger(__name__)

PACKAGE_DIR = Path(__file__).parent
STATIC_DIR = PACKAGE_DIR / "static"
DEFAULT_TEMPLATES = package_path(__name__, "templates")


def _load_callable(value: Any, setting: str) -> Callable | None:
    if value is None or callable(value):
        return value
    if not isinstance(value, str) or ":" not in value:
        raise ConfigError(f"{setting} = {value!r}: expected 'module:function', a callable "
                          "or None, e.g. 'rules_ext.corpus:load_corpus'")
    module, _, name = value.partition(":")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"{setting} = {value!r}: cannot import it ({exc})") from exc


def template_folders(app: Sphinx) -> list[Path]:
    """Where the page templates are looked up, first match wins: the project's folder
    (``rules_templates_dir``, else each folder of ``templates_path``, relative to conf.py), then
    the extension's defaults."""
    config = app.config
    own = [config.rules_templates_dir] if config.rules_templates_dir else list(config.templates_path)
    folders = [Path(app.confdir, folder) for folder in own]
    return [f for f in folders if f.resolve() != DEFAULT_TEMPLATES.resolve()] + [DEFAULT_TEMPLATES]


def validate_config(app: Sphinx, config: Config) -> None:
    """config-inited: check every ``rules_*`` value once, and add the extension's static files."""
    from rules_ext.rulebook_site.script import PROFILES

    if config.rules_traditional_profile not in PROFILES:
        raise ConfigError(f"rules_traditional_profile = {config.rules_traditional_profile!r}: "
                          f"expected one of {', '.join(PROFILES)}")
    edition = config.rules_default_edition
    if not isinstance(edition, str) or not re.fullmatch(EDITION_ID, edition):
        raise ConfigError(f"rules_default_edition = {edition!r}: expected e.g. '1991'")
    for setting in ("rules_corpus_loader", "rules_findings_loader"):
        _load_callable(config[setting], setting)
    if config.rules_templates_dir and not Path(app.confdir, config.rules_templates_dir).is_dir():
        raise ConfigError(f"rules_templates_dir = {config.rules_templates_dir!r}: no such folder "
                          f"(relative to {app.confdir}); its templates are looked up as "
                          "site/<name>.rst.jinja, the extension's own where it has none")
    config.html_static_path = [*config.html_static_path, str(STATIC_DIR)]
    search_language = config.html_search_language or config.language or ""
    if config.rules_corpus_loader is not None and search_language.startswith("zh"):
        # the Chinese search keeps the rulebook's words whole (a dictionary in conf.py wins)
        config.html_search_options = {"dict": str(search_dictionary(app)),
                                      **config.html_search_options}


def search_dictionary(app: Sphinx) -> Path:
    """The jieba user dictionary the generator writes for the search language (a build
    product, next to the environment)."""
    return Path(app.doctreedir, "rules-search-dict.txt")


def corpus_download(app: Sphinx) -> Path:
    """The corpus as JSON (``python -m rules_ext corpus``), written for the site's download link
    (``:download:`</_generated/rules-corpus.json>```)."""
    return Path(app.srcdir, downloads.FOLDER, downloads.WHOLE)


def generate(app: Sphinx) -> None:
    """builder-inited: corpus -> generated reST pages in the source tree."""
    from rules_ext.corpus import adopt_default_result, load_corpus
    from rules_ext.rulebook_site import home as site_home
    from rules_ext.rulebook_site import pages as site_pages
    from rules_ext.rulebook_site import writer
    from rules_ext.rulebook_site.background import Background
    from rules_ext.rulebook_site.script import compare_delivered
    from rules_ext.rulebook_site.words import main_tokenizer

    config = app.config
    loader = _load_callable(config.rules_corpus_loader, "rules_corpus_loader")
    if loader is None:
        return
    started = time.perf_counter()
    stamp_path = Path(app.doctreedir, "rules-pages.stamp")
    stamp = writer.inputs_stamp(
        [loader, _load_callable(config.rules_findings_loader, "rules_findings_loader")],
        [Path(app.srcdir, "examples"), *template_folders(app)],
        repr([config.rules_traditional_profile, config.rules_default_edition]))
    cached = writer.stamp_matches(stamp_path, stamp, Path(app.srcdir))
    # the downloads are written together (the per-edition files beside the whole corpus)
    if cached is not None and search_dictionary(app).is_file() and corpus_download(app).is_file():
        logger.info("rules: generated pages are up to date (inputs unchanged), corpus not loaded")
        for message in cached:
            logger.info("%s", message)
        return
    folders = template_folders(app)
    # a second process parses the delivered texts while this one loads jieba's dictionary (neither
    # needs the other), then makes the assistant's pages and the downloads (they need neither jieba
    # nor the law pages) while this one renders the editions' pages
    delivered = loader is load_corpus
    loaded = None if delivered else loader()
    beside = Background.parts(lambda: _made_beside(loaded, folders), "the corpus, the assistant's pages and the downloads")
    tokenizer = main_tokenizer()
    if delivered:
        adopt_default_result(beside.next_part())
    corpus = load_corpus() if delivered else cast("Corpus", loaded)
    findings = _findings(corpus, config)
    context = site_pages.Context(corpus, findings=findings, profile=config.rules_traditional_profile)
    generator = site_pages.Generator(context, folders, tokenizer)
    pages = generator.pages()
    assistant, download_texts = beside.next_part()
    beside.join()
    pages.update(assistant)
    pages.update(generator.examples_page(Path(app.srcdir)))
    if site_home.wants_home(Path(app.srcdir), config.root_doc, config.source_suffix):
        pages[config.root_doc] = site_home.home_page(generator, pages)
    roots = writer.generated_roots(pages)
    written, removed = writer.write_pages(Path(app.srcdir), pages, roots)
    removed += _remove_old_roots(Path(app.srcdir), roots)
    corpus_download(app).parent.mkdir(parents=True, exist_ok=True)
    for name, text in download_texts.items():
        writer.write_if_changed(corpus_download(app).with_name(name), text)
    writer.write_if_changed(search_dictionary(app),
                            hant.dictionary_text(generator.user_dictionary, config))
    counts = {e.id: sum(1 for name in pages if name.startswith(f"{e.id}/"))
              for e in corpus.editions}
    ancestors = sorted(set(generator.ancestor_links))
    messages = [
        f"rules: {len(pages)} generated pages ("
        + ", ".join(f"{k}: {v}" for k, v in counts.items())
        + f"; {sum(1 for n in pages if n.startswith('compare/'))} comparison)",
        f"rules: generated in {time.perf_counter() - started:.2f} s; {written} files written, "
        f"{removed} removed"]
    if ancestors:
        messages.append(
            f"rules: {len(ancestors)} references resolved by the corpus to a provision the model "
            "lacks link to its nearest ancestor: "
            + ", ".join(f"{ed}:{label}->{used}" for ed, label, used in ancestors))
    ids = {e.id for e in corpus.editions}
    for copy in EDITIONS.variants():
        base = copy.variant_of
        if copy.script != "traditional" or base is None or not {copy.id, base} <= ids:
            continue
        comparison = compare_delivered(corpus, config.rules_traditional_profile, simplified=base,
                                       delivered=copy.id)
        if not comparison.laws:
            continue  # no law in both texts: nothing to compare
        messages.append(
            f"rules: 繁體 check, {base} converted (OpenCC {config.rules_traditional_profile}, reviewed words) "
            f"vs delivered {copy.id}, Laws {','.join(number_runs(comparison.laws))}: "
            f"{comparison.characters} characters, {len(comparison.corrected)} differences after the "
            f"corrections; {len(comparison.delivered)} places differ from the delivered text, "
            f"{len(comparison.unmarked)} without a marked correction")
        # each difference that no marked correction explains, named (tests hold the real texts to none)
        for difference in dict.fromkeys(comparison.corrected + comparison.unmarked):
            messages.append(f"rules: the 繁體 conversion differs from the delivered {copy.id} at "
                            f"{difference.place}: {difference.converted} / {difference.delivered}")
    for message in messages:
        logger.info("%s", message)
    for place in hant.unchanged_by_conversion(corpus, config.rules_traditional_profile):
        logger.warning("rules: the 繁體 conversion would change the delivered text at %s", place,
                       type="rules", subtype="traditional")
    writer.write_stamp(stamp_path, stamp, pages, messages)


def _made_beside(corpus, folders: list[Path]):
    """What :func:`generate` has a second process make: without a corpus, the delivered texts'
    parse first (``load_result``, which the build's process adopts); then the assistant's pages and
    the corpus downloads."""
    from rules_ext.corpus import load_result
    from rules_ext.rulebook_site import pages as site_pages
    from rules_ext.rulebook_site.assistant import assistant_pages

    if corpus is None:
        result = load_result()
        yield result
        corpus = result.corpus
    render = site_pages.Generator(site_pages.Context(corpus), folders).render
    yield assistant_pages(corpus, render), downloads.download_texts(corpus)


def _remove_old_roots(srcdir: Path, roots: set[str]) -> int:
    """Generated folders the pages no longer use (``zh-hant/`` of the one-build 繁體 views): their
    pages are removed, so that Sphinx does not publish them again."""
    from rules_ext.rulebook_site.writer import MARKER

    removed = 0
    for marker in srcdir.glob(f"*/{MARKER}"):
        folder = marker.parent
        if folder.name in roots:
            continue
        for path in sorted(folder.rglob("*.rst")):
            path.unlink()
            removed += 1
        marker.unlink()
        for sub in sorted((p for p in folder.rglob("*") if p.is_dir()), reverse=True):
            if not any(sub.iterdir()):
                sub.rmdir()
        if not any(folder.iterdir()):
            folder.rmdir()
    return removed


def _findings(corpus, config) -> list:
    loader = _load_callable(config.rules_findings_loader, "rules_findings_loader")
    if loader is None:
        return []
    findings = list(loader(corpus))
    logger.info("rules: %d verification findings shown on the law pages", len(findings))
    return findings


def english_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``:en:`Law 27 — Insufficient Bid```: English words marked as English (``lang="en"``, from
    docutils' ``language-en`` class), for the few a Chinese reader gains from (official titles,
    terms the rulebook prints, names)."""
    return [nodes.inline(rawtext, utils.unescape(text), classes=["language-en"])], []


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value("rules_corpus_loader", "rules_ext.corpus:load_corpus", "env",
                         types=(Any,))
    app.add_config_value("rules_default_edition", EDITIONS.default, "env", types=(str,))
    app.add_config_value("rules_traditional_profile", "s2tw", "env", types=(str,))
    app.add_config_value("rules_findings_loader", None, "env", types=(Any,))
    app.add_config_value("rules_templates_dir", None, "env", types=(str, type(None)))
    app.add_search_language(BridgeSearchChinese)
    app.connect("html-page-context", search.search_page_data)
    app.add_domain(LawDomain)
    app.setup_extension("rules_ext.rulebook_site.quote")
    app.setup_extension("rules_ext.rulebook_site.assistant")
    app.setup_extension("rules_ext.rulebook_site.navigation")
    app.add_directive_to_domain("law", "edition", directives.EditionDirective)
    app.add_directive_to_domain("law", "law", directives.LawDirective)
    app.add_directive_to_domain("law", "provision", directives.ProvisionDirective)
    app.add_directive_to_domain("law", "term", directives.TermDirective)
    app.add_directive_to_domain("law", "examples", directives.ExamplesDirective)
    app.add_role("law", LawRole(innernodeclass=nodes.inline))
    app.add_role("en", english_role)
    change = (directives.visit_change_other, None)
    for kind in (directives.deleted, directives.inserted):
        app.add_node(kind, html=(directives.visit_change_html, directives.depart_change_html),
                     latex=change, text=change, man=change, texinfo=change)
    app.add_role("diff-del", directives.diff_role)
    app.add_role("diff-ins", directives.diff_role)
    app.add_role("law-del", directives.change_role)
    app.add_role("law-ins", directives.change_role)
    app.add_directive_to_domain("law", "evidence", directives.EvidenceDirective)
    app.add_node(directives.examples_placeholder)
    other = (directives.visit_collapsible_other, directives.depart_collapsible_other)
    app.add_node(directives.collapsible,
                 html=(directives.visit_collapsible_html, directives.depart_collapsible_html),
                 latex=other, text=other, man=other, texinfo=other)
    skip = (directives.skip_node, None)
    app.add_node(directives.permalink, html=(directives.visit_permalink_html, None),
                 latex=skip, text=skip, man=skip, texinfo=skip)
    app.add_node(directives.provision_heading,
                 html=(directives.visit_provision_heading_html, directives.depart_provision_heading_html),
                 latex=change, text=change, man=change, texinfo=change)
    app.add_css_file("rules.css")
    app.add_js_file("rules.js")
    app.add_css_file("rules-fidelity.css")
    app.add_css_file("rules-reading.css")
    app.add_js_file("script-switch.js", defer="defer")
    app.add_post_transform(RedSuits)
    app.add_post_transform(JoinChineseLines)
    app.connect("config-inited", validate_config)
    app.connect("config-inited", publish.default_favicon)
    app.connect("config-inited", hant.config_inited)
    app.connect("config-inited", interface.install)
    app.connect("env-updated", search.leave_out_of_index)
    # before Sphinx's title and toctree collectors (priority 500), after the extension's handlers
    app.connect("doctree-read", hant.doctree_read, priority=400)
    # after the collectors: a title's struck original is shown on its page only
    app.connect("doctree-read", directives.titles_without_struck, priority=900)
    app.connect("doctree-resolved", publish.unique_wrapper_ids)
    # the 繁體 conversion after the handlers that fill pages (500), before the search text is taken
    app.connect("doctree-resolved", hant.doctree_resolved, priority=550)
    app.connect("doctree-resolved", search.write_page_text, priority=600)
    app.connect("html-page-context", hant.page_context)
    app.connect("html-page-context", interface.page_context)
    app.connect("config-inited", notfound.config_inited)
    app.connect("html-page-context", notfound.page_context)
    app.connect("html-page-context", print_view.page_context)
    app.connect("html-page-context", publish.page_stylesheets)
    app.connect("build-finished", search.write_search_data)
    app.connect("build-finished", publish.write_sitemap)
    app.connect("build-finished", hant.build_finished)
    app.connect("builder-inited", generate)
    app.connect("doctree-resolved", directives.fill_examples)
    app.add_directive("rules-whole-edition", reading.WholeEditionDirective)
    app.setup_extension("rules_ext.rulebook_site.reading")   # the worked-result directive
    app.add_directive("rules-corpus-downloads", downloads.CorpusDownloads)
    app.add_post_transform(reading.WholeEditionPages)
    app.connect("doctree-resolved", reading.inline_whole_edition)
    app.connect("doctree-resolved", reading.fold_worked_code)
    app.connect("env-get-updated", directives.examples_outdated)
    return {"version": __version__, "env_version": 4, "parallel_read_safe": True,
            "parallel_write_safe": True}
