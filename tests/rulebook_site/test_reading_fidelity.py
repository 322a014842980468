"""The real site read as a reader reads it: the heading outline of a law page and of the
whole edition on one page (the provisions' ``aria-level`` under the law's heading on either page),
every correction of a definition marked in place on the glossary (the struck original, the
inserted correction, the note linked to the errata page), the errata notes without a doubled full
stop, and 1999 21B1's garble 理发 listed and marked."""
from __future__ import annotations

import html as htmllib
import itertools
import re
from html.parser import HTMLParser

import pytest

from rules_ext.corpus import load_corpus
from rules_ext.corpus.printed import corrected_places

pytestmark = pytest.mark.slow


class _Outline(HTMLParser):
    """The heading levels of a page in order: ``<h1>``–``<h6>`` and ``role="heading"`` with
    ``aria-level``, inside the article."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.levels: list[int] = []
        self.inside = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "article":
            self.inside += 1
        if not self.inside:
            return
        if re.fullmatch(r"h[1-6]", tag):
            self.levels.append(int(tag[1]))
        elif values.get("role") == "heading":
            self.levels.append(int(values.get("aria-level") or 0))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.inside -= 1


def outline(page: str) -> list[int]:
    parser = _Outline()
    parser.feed(page)
    return parser.levels


def assert_no_skipped_level(levels: list[int], where: str) -> None:
    """An outline a screen reader can walk: one h1 first, and never a level deeper than one below
    the heading before it."""
    assert levels[:1] == [1] and levels.count(1) == 1, (where, levels[:5])
    skips = [(i, a, b) for i, (a, b) in enumerate(itertools.pairwise(levels)) if b > a + 1]
    assert not skips, (where, skips[:5])


def test_whole_edition_headings_sit_under_each_law(real_site):
    """On a law page the law is the h1 and its 款, 项, 目 are levels 2, 3, 4; on the whole edition
    the law is an h2, so they are 3, 4, 5: the same provisions, one level deeper, in the same order."""
    out = real_site.outdir
    edition = load_corpus().edition("1991")
    laws = sorted(law.number for law in edition.laws)
    own: list[int] = []
    for number in laws:
        levels = outline((out / "1991" / f"law-{number}.html").read_text(encoding="utf-8"))
        assert_no_skipped_level(levels, f"1991/law-{number}")
        own += levels[1:]
    whole = outline((out / "1991" / "all.html").read_text(encoding="utf-8"))
    assert_no_skipped_level(whole, "1991/all")
    assert whole.count(2) >= len(laws)  # each law's title an h2
    provisions = [level for level in whole[1:] if level > 2]
    assert provisions == [level + 1 for level in own if level > 1]
    assert {3, 4, 5} <= set(provisions), sorted(set(provisions))  # 款, 项, 目
    # the 繁體 whole edition alike
    hant = outline((out / "hant" / "1991" / "all.html").read_text(encoding="utf-8"))
    assert hant == whole


def _entry(page: str, term: str) -> str:
    """The HTML of one glossary entry, found by its printed term."""
    at = page.index(f'<strong class="law-term-name">{term}</strong>')
    start = page.rindex('<div class="law-glossary-entry', 0, at)
    end = page.find('<div class="law-glossary-entry', at)
    return page[start:end if end > 0 else len(page)]


def _shown(fragment: str, *, dropped: str) -> str:
    """A fragment's visible characters with the ``<del>`` or ``<ins>`` contents dropped (the
    corrected or the delivered reading), whitespace left out."""
    fragment = re.sub(rf"<{dropped}\b[^>]*>.*?</{dropped}>", "", fragment, flags=re.S)
    fragment = re.sub(r'<span class="law-edition-mark">.*?</span>', "", fragment)  # a link's 〔1991〕
    fragment = re.sub(r'<span class="law-insert">〔(.*?)〕</span>', r"\1", fragment)  # 〔〕: the editors'
    fragment = re.sub(r"<[^>]+>", "", fragment)
    return re.sub(r"\s+", "", htmllib.unescape(fragment))


@pytest.mark.parametrize("edition_id", ["1991", "1999", "2008"])
def test_glossary_marks_every_correction_in_place(real_site, edition_id):
    """Every erratum whose place is a definition (the errata page's rows on the glossary) shows on
    the glossary as on a law page: the delivered characters struck (``<del>``), the correction
    inserted (``<ins>``, or 〔…〕 for the editors' words), in the text or in the English name,
    and the note below with its reason, linked to the errata page."""
    corpus = load_corpus()
    edition = corpus.edition(edition_id)
    errata = {x.id: x for x in corpus.errata}
    page = (real_site.outdir / edition_id / "glossary.html").read_text(encoding="utf-8")
    places = [p for p in corrected_places(edition) if p.kind == "definition"]
    assert places
    for place in places:
        entry = _entry(page, place.key)
        body, _, note = entry.partition('<p class="law-erratum">')
        assert "<del " in body or "<ins " in body or "law-original" in note, place.key
        assert 'href="errata.html"' in note, place.key
        corrected = _shown(body, dropped="del")
        delivered = _shown(body, dropped="ins") + _shown(note, dropped="ins")
        for cid in place.corrections:
            x = errata[cid]
            if hasattr(x, "key"):  # a keyed erratum: the delivered and the corrected wording both read
                assert re.sub(r"\s+", "", x.replacement) in corrected, (place.key, cid, corrected)
                assert re.sub(r"\s+", "", x.key) in delivered, (place.key, cid, delivered)
            # its reason in the note (the reasons of one place joined into one sentence)
            assert _shown(x.explanation, dropped="del").rstrip("。") in _shown(note, dropped="del"), (place.key, cid)
    # the errata page's rows of these places link to their glossary entries
    listing = (real_site.outdir / edition_id / "errata.html").read_text(encoding="utf-8")
    assert len(re.findall(r'href="glossary.html#term-[^"]+"', listing)) >= len(places)


def test_errata_notes_have_no_doubled_stop_and_1999_21B1_garble_is_listed(real_site):
    """No erratum note (under a provision or a definition) and no reason on an errata page ends a
    sentence twice (``。。``); 1999 21B1's garble 理发 is on the errata page and struck on the law's
    page, where the editors' 〔更改〕 stands, on both sites."""
    notes = 0
    for path, page in real_site.pages.items():
        for note in re.findall(r'<p class="law-erratum">(.*?)</p>', page.html, flags=re.S):
            notes += 1
            assert "。。" not in re.sub(r"<del\b.*?</del>", "", note), (path, note)
        if path.name == "errata.html":
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page.html, flags=re.S):
                reason = re.findall(r"<td>(.*?)</td>", row, flags=re.S)[-1:]
                assert all("。。" not in r for r in reason), (path, reason)
    assert notes > 100
    for site, garble in (("", "理发"), ("hant/", "理髮")):
        listing = (real_site.outdir / f"{site}1999" / "errata.html").read_text(encoding="utf-8")
        row = next(r for r in re.findall(r"<tr[^>]*>(.*?)</tr>", listing, flags=re.S) if 'href="law-21.html#21B1"' in r)
        assert f"<td><p>{garble}</p></td>" in row and "〔更改〕" in row, row
        law = (real_site.outdir / f"{site}1999" / "law-21.html").read_text(encoding="utf-8")
        b1 = law[law.index('id="21B1"'):law.index('id="21B2"')]
        assert re.search(rf'<del class="law-del"[^>]*>{garble}</del><span class="law-insert">〔更改〕</span>', b1), b1
