"""The generated pages: at ``builder-inited`` the corpus is loaded (``rules_corpus_loader``), its
pages rendered from the templates in ``templates/site`` and written into the source tree
(``<edition>/``, ``compare/``, ``worked/``, ``assistant/``: git-ignored build products, rewritten only
when their text changes), with the corpus downloads and the search dictionary. Inputs unchanged since
the last build (a stamp of them), nothing is loaded."""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, cast

from sphinx.util import logging

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import number_runs
from rules_ext.rulebook_site import downloads, hant
from rules_ext.rulebook_site.config import corpus_download, load_callable, search_dictionary, template_folders

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

    from rules_ext.corpus.model import Corpus

logger = logging.getLogger(__name__)


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
    loader = load_callable(config.rules_corpus_loader, "rules_corpus_loader")
    if loader is None:
        return
    started = time.perf_counter()
    stamp_path = Path(app.doctreedir, "rules-pages.stamp")
    stamp = writer.inputs_stamp(
        [loader, load_callable(config.rules_findings_loader, "rules_findings_loader")],
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
    loader = load_callable(config.rules_findings_loader, "rules_findings_loader")
    if loader is None:
        return []
    findings = list(loader(corpus))
    logger.info("rules: %d verification findings shown on the law pages", len(findings))
    return findings


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("builder-inited", generate)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
