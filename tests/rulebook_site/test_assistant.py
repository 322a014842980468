"""The 裁决助手 pages (rules_ext.rulebook_site.assistant): generated for every kind and edition from the
rulings trees, with every cited provision's decisive sentence embedded, in Chinese only."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from visible_words import ALLOWED

from rules_ext.core.rulings import EDITIONS, RulingError, available, kinds, loading, tree
from rules_ext.corpus import load_corpus
from rules_ext.rulebook_site import DEFAULT_TEMPLATES
from rules_ext.rulebook_site.assistant import assistant_pages as make_pages
from rules_ext.rulebook_site.assistant import (
    compare_name,
    comparison,
    covered,
    joint_paths,
    page_name,
)
from rules_ext.rulebook_site.pages import Context, Generator

#: the JSON keys whose values a reader sees
SHOWN = {"text", "label", "summary", "help", "choice", "by", "notes", "citation", "title", "edition_name",
         "source_name", "quote"}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.fixture(scope="module")
def generator(corpus):
    return Generator(Context(corpus), [DEFAULT_TEMPLATES])


@pytest.fixture(scope="module")
def pages(corpus, generator):
    return make_pages(corpus, generator.render)


def embedded(page: str) -> dict:
    """The questionnaire's JSON, the content of the page's ``.. law-assistant::``."""
    match = re.search(r"^( +)\.\. law-assistant::\n\n\1   (\{.*\})$", page, re.M)
    assert match, "no .. law-assistant:: with JSON content"
    return json.loads(match.group(2))


def shown_strings(value, key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            if key == "words":   # field -> value -> word
                yield from shown_strings(v, "text")
            else:
                yield from shown_strings(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from shown_strings(v, key)
    elif isinstance(value, str) and key in SHOWN:
        yield value


def visible_text(page: str) -> str:
    """The reST a reader sees: without the embedded JSON, directives and their options, role names,
    link targets and literals."""
    text = page.split(".. rules-reading-order::")[0]   # the reading order (page names) ends the index
    text = re.sub(r"^( +)\.\. law-assistant::\n\n\1   \{.*\}$", "", text, flags=re.M)
    text = re.sub(r"^\s*\.\. [\w:-]+::.*$", "", text, flags=re.M)
    text = re.sub(r"^\s*:[\w-]+:.*$", "", text, flags=re.M)
    text = re.sub(r":[\w:-]+:`([^`<]*)(<[^>]*>)?`", r"\1", text)
    text = re.sub(r"`([^`<]*)<[^>]*>`__", r"\1", text)
    return re.sub(r"``[^`]*``", "", text)


def test_every_kind_and_edition_has_a_page(corpus, pages):
    assert covered(corpus) == list(kinds())
    expected = {"assistant/index"} | {page_name(k, e) for k in kinds() for e in EDITIONS}
    expected |= {compare_name(k) for k in kinds() if all(available(k, e) for e in EDITIONS)}
    assert set(pages) == expected
    index = pages["assistant/index"]
    for kind in kinds():
        assert tree(kind, next(e for e in EDITIONS if available(kind, e))).title in index
        for edition in EDITIONS:
            assert f"</{page_name(kind, edition)}>" in index


def test_quotes_resolved_for_every_cite(pages):
    for kind in kinds():
        for edition in EDITIONS:
            data = embedded(pages[page_name(kind, edition)])
            source = data["source_edition"]
            assert source == (edition if available(kind, edition) else "1991")
            cites = [c for node in (*data["questions"].values(), *data["outcomes"].values()) for c in node["cites"]]
            assert cites
            for c in cites:
                sentence = c["quote"]
                assert c["keyword"] in sentence, (kind, edition, c)
                assert data["provisions"][c["law"]]["ref"] == f"{source}:{c['law']}"
            # every outcome's options and restrictions name provisions the page can link
            for o in data["outcomes"].values():
                named = [law for x in o["options"] for law in x["laws"]]
                named += [law for r in (o["lead_restriction"], o["penalty_card"]) if r for law in r["laws"]]
                assert set(named) <= set(data["provisions"]), (kind, o["id"])


def test_insufficient_bid_differs_where_the_texts_do(pages):
    """1991 may, 1999 must adjust after a damaging insufficient bid; 1999 asks about a conventional
    lowest sufficient bid, 1991 does not."""
    d1991 = embedded(pages[page_name("insufficient_bid", "1991")])
    d1999 = embedded(pages[page_name("insufficient_bid", "1999")])
    assert d1991["outcomes"]["o_lowest_damaging"]["adjusted_score"] == "may"
    assert d1999["outcomes"]["o_lowest_damaging"]["adjusted_score"] == "must"
    assert "lowest_conventional" in d1999["questions"] and "lowest_conventional" not in d1991["questions"]
    assert "则应判给调整分" in d1999["outcomes"]["o_lowest_damaging"]["cites"][1]["quote"]
    compare = pages[compare_name("insufficient_bid")]
    assert ":law-assistant-differs:`调整分：可以判给调整分`" in compare
    assert ":law-assistant-differs:`调整分：应判给调整分`" in compare
    assert "两版结果不同" in compare


def end(t, answers) -> str | None:
    """The outcome the answers lead to; None where they give an answer the edition does not offer."""
    try:
        return t.walk(answers).outcome.id
    except RulingError:
        return None


def test_the_comparison_walks_every_way_through_both_trees():
    for kind in kinds():
        if not all(available(kind, e) for e in EDITIONS):
            continue
        old, new = (tree(kind, e) for e in EDITIONS)
        ways = joint_paths(old, new)
        reached = {(end(old, a), end(new, a)) for a in ways}
        assert {o.id for _, o in old.paths()} <= {a for a, _ in reached}
        assert {o.id for _, o in new.paths()} <= {b for _, b in reached}
        rows = comparison(kind)["rows"]
        assert len(rows) == len(ways)
        assert [bool(r["differ"]) for r in rows] == sorted((bool(r["differ"]) for r in rows), reverse=True)


def test_no_english_visible(pages):
    for name, page in pages.items():
        # the words the whole site allows (file formats: the tools' section names TOML and PBN)
        words = [w for w in re.findall(r"[A-Za-z]{3,}", visible_text(page)) if w not in ALLOWED]
        assert not words, (name, words[:5])
        if name.endswith(("-1991", "-1999")):
            for text in shown_strings(embedded(page)):
                assert not re.search(r"[A-Za-z]{3,}", text), (name, text)


def test_an_edition_without_the_law_offers_the_1991_rule_as_reference(corpus, generator, monkeypatch):
    """A kind the 1999 text lacks (its laws come after Law 40): the 1999 page is the 1991
    questionnaire, marked 仅供参考, 非1999年版规则, and the index says the 1999 text lacks it."""
    raw = dict(loading._raw("insufficient_bid"), editions=["1991"])
    real = loading._raw
    monkeypatch.setattr(loading, "_raw", lambda kind: raw if kind == "insufficient_bid" else real(kind))
    loading._resolved.cache_clear()
    try:
        pages = make_pages(corpus, generator.render)
    finally:
        loading._resolved.cache_clear()
    page = pages[page_name("insufficient_bid", "1999")]
    assert "仅供参考，非1999年版规则" in page
    data = embedded(page)
    assert data["reference_edition"] == "1991" and data["source_edition"] == "1991"
    assert all(p["ref"].startswith("1991:") for p in data["provisions"].values())
    index = pages["assistant/index"]
    assert "1999年版规则文本未收录第27条" in index
    assert "1991年版问卷 </assistant/insufficient-bid-1999>" in index
    assert compare_name("insufficient_bid") not in pages
