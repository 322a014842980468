"""A provision's history (沿革), a law printed (print view and its PDF) and the corpus downloads,
on the real site (``real_site``: both scripts, with the sample PDFs in ``pdf/``), and the history
itself from the corpus."""
from __future__ import annotations

import hashlib
import html
import json
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from required_tools import require
from test_real_site import _indexed_pages, _search_index

from rules_ext.corpus import load_corpus
from rules_ext.corpus.catalogue import law_pdf_name
from rules_ext.rulebook_site.compare import Part, Row
from rules_ext.rulebook_site.history import History, change_phrase

HISTORY = re.compile(r'<div class="law-history[^"]*">\s*<p>(.*?)</p>', re.S)
LINK = re.compile(r'<a [^>]*href="([^"]+)"[^>]*>(.*?)</a>', re.S)
ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)
CELL = re.compile(r"<td>(.*?)</td>", re.S)


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def _histories(page: str) -> dict[str, str]:
    """Anchor of the provision -> the HTML of its 沿革 line (the line follows the provision's own
    text, so it belongs to the nearest provision opened before it)."""
    found = {}
    for match in HISTORY.finditer(page):
        opened = re.findall(r'<div class="law-provision[^"]*" id="([^"]+)"', page[:match.start()])
        law = re.search(r'<section id="(\d+)"', page)
        found[opened[-1] if opened else law.group(1) if law else ""] = match.group(1)
    return found


def _comparison(page: str) -> dict[str, tuple[str | None, str]]:
    """1999 anchor -> (the 1991 anchor it is paired with, None for none; the shown note), from a
    comparison page's rows."""
    rows = {}
    for row in ROW.findall(page):
        cells = CELL.findall(row)
        if len(cells) != 4:
            continue
        old = re.search(r'href="\.\./1991/law-\d+\.html#([^"]+)"', cells[0])
        new = re.search(r'href="\.\./1999/law-\d+\.html#([^"]+)"', cells[0])
        note = _text(cells[3]).strip()
        if new:
            # a row of one provision under the same label in both shows its label once
            paired = not note.startswith(("仅见于", "拆分", "并入"))
            rows[new.group(1)] = (old.group(1) if old else new.group(1) if paired else None, note)
    return rows


@pytest.mark.slow
def test_history_lines_link_the_other_editions_and_agree_with_the_comparison(real_site):
    out = real_site.outdir
    checked = 0
    for path in sorted((out / "1999").glob("law-*.html")):
        number = int(path.stem.removeprefix("law-"))
        compare = out / "compare" / f"law-{number}.html"
        pairs = _comparison(compare.read_text(encoding="utf-8")) if compare.is_file() else {}
        for anchor, line in _histories(path.read_text(encoding="utf-8")).items():
            text = _text(line)
            assert text.startswith("沿革：") and "本版" in text, (path.name, text)
            links = LINK.findall(line)
            # every link lands on a provision (or the comparison) that exists
            for href, _ in links:
                target, _, fragment = href.partition("#")
                page = (path.parent / target).resolve()
                assert page.is_file(), (path.name, href)
                if fragment:
                    assert f'id="{fragment}"' in page.read_text(encoding="utf-8"), (path.name, href)
            assert any(href == f"../compare/law-{number}.html" for href, _ in links) == compare.is_file()
            back = re.match(r"沿革：1991年版(第[^（→]+?)(?:（(.+?)）)? → 本版", text)
            if anchor not in pairs:
                continue
            old, note = pairs[anchor]
            if "1991年版无对应条文" in text.split("→")[0]:
                assert old is None and (note.startswith("仅见于") or note.startswith("拆分")), (anchor, note)
                continue
            assert back, (path.name, anchor, text)
            phrase = back.group(2) or ""
            link = next(href for href, shown in links if _text(shown).startswith("1991年版"))
            if phrase == "拆分":  # from a provision paired with another one
                assert note.startswith("拆分"), (anchor, note)
                continue
            percent = int(re.search(r"(\d+)%", note).group(1))
            if phrase.startswith("移位"):
                assert note.startswith("移位") and link.endswith(f"#{old}"), (anchor, note, link)
            else:
                assert old == anchor and link.endswith(f"#{anchor}"), (anchor, old, link)
            if "文字相同" in phrase:
                assert percent == 100, (anchor, note)
            elif "略有改动" in phrase:
                assert 90 <= percent <= 100, (anchor, note)
            elif "有改动" in phrase:
                assert percent <= 90, (anchor, note)
            checked += 1
    assert checked > 200, checked
    # 2008 traces its provisions through 1999 back to 1991; 1991 forward
    law1 = _histories((out / "2008" / "law-1.html").read_text(encoding="utf-8"))
    assert re.fullmatch(r"沿革：1991年版第1条（.+?） → 1999年版第1条（文字相同） → 本版 · 对照",
                        _text(next(iter(law1.values()))))
    law29 = _histories((out / "1991" / "law-29.html").read_text(encoding="utf-8"))
    assert _text(law29["29B"]).startswith("沿革：本版（移位，") and "1999年版第29条A款" in _text(law29["29B"])
    # no history where no other edition has the law; the 繁體 site's line converted
    assert "law-history" not in (out / "1991" / "law-60.html").read_text(encoding="utf-8")
    hant = _text(next(iter(_histories((out / "hant/1999/law-27.html").read_text(encoding="utf-8")).values())))
    assert "對照" in hant and "对照" not in hant and "改動" in hant


@pytest.mark.parametrize("site", ["", "hant"], ids=["简体", "繁體"])
def test_history_lines_and_print_heads_stay_out_of_the_search(real_site, site):
    """A 沿革 line names the other editions' provisions (… → 本版 → 2008年版第27条B款1项) and a
    printed law's head its citation and build date: neither is in Sphinx's index nor in the
    snippet text (the line is ``no-search``, the head is added to the page after both are
    taken), so a query naming another edition or its law does not find a page by its history."""
    out = real_site.outdir / site
    index = _search_index(out)
    naming = []
    for edition in ("1991", "1999"):
        for path in sorted((out / edition).glob("law-*.html")):
            page = path.read_text(encoding="utf-8")
            lines = re.findall(r'<div class="(law-history[^"]*)">', page)
            assert all("no-search" in classes.split() for classes in lines), path
            if any("2008年版" in _text(line) for line in _histories(page).values()):
                naming.append(f"{edition}/{path.stem}")
            assert 'class="law-print-head"' in page, path
    assert len(naming) >= 16, naming  # Laws 1-8 of 1991 and 1999: the 2008 excerpt has them
    for word in ("2008", "沿革", "生成"):  # 2008年版, 沿革：, 生成日期 (the print head)
        assert not _indexed_pages(index, word) & set(naming), word
    for docname in naming:
        text = " ".join(t for _, t in json.loads(
            (out / "_search" / f"{docname}.json").read_text(encoding="utf-8"))["blocks"])
        assert "沿革" not in text and "2008年版" not in text and "生成日期" not in text, docname


def test_history_follows_the_comparisons_alignment():
    corpus = load_corpus()
    history = History(corpus)
    older, newer = history.changes("1999", "29A")
    assert [(c.edition, c.label) for c in older] == [("1991", "29B")] and newer == []
    assert older[0].phrase.startswith("移位")
    older, newer = history.changes("1999", "1")
    assert [(c.edition, c.label, c.phrase) for c in newer] == [("2008", "1", "文字相同")]
    assert history.line_markup("1991", "60A") == ""  # 1999 has no Law 60
    provision = corpus.edition("1999").law(1).provisions[0]
    same = Row(Part(provision), Part(provision), 1.0, "same")
    assert change_phrase(same) == "文字相同"
    assert change_phrase(Row(Part(provision), None, 0.0, "old-only")) == ""


@pytest.mark.slow
def test_a_law_prints_with_its_citation_address_and_date(real_site):
    out = real_site.outdir
    css = (out / "_static" / "rules.css").read_text(encoding="utf-8")
    print_css = css[css.index(".law-print-head { display: none; }"):]
    assert "@media print" in print_css and ".law-print-head { display: block;" in print_css
    assert re.search(r"@media print \{\s*\.sidebar-drawer, \.toc-drawer", css)  # no sidebar on paper
    page = (out / "1999" / "law-27.html").read_text(encoding="utf-8")
    head = re.search(r'<div class="law-print-head" id="print">(.*?)</div>', page, re.S).group(1)
    assert "《中国桥牌竞赛规则》（1999年版）第27条 不足叫牌" in head
    assert '<code class="law-print-url">1999/law-27.html</code>' in head
    assert re.search(r"生成日期：\d{4}年\d{1,2}月\d{1,2}日", head)
    margins = re.search(r'<style media="print" class="law-print-page">(.*?)</style>', page, re.S).group(1)
    assert '@top-left { content: "《中国桥牌竞赛规则》（1999年版）第27条 不足叫牌"; }' in margins
    assert '@bottom-left { content: "1999/law-27.html"; }' in margins and "counter(page)" in margins
    assert '<a class="reference external" href="#print">打印本条</a>' in page
    hant = (out / "hant" / "1999" / "law-27.html").read_text(encoding="utf-8")
    assert "《中國橋牌競賽規則》（1999年版）第27條 不足叫牌" in hant and "打印本條" in hant


@pytest.mark.slow
def test_each_law_page_links_its_pdf(real_site):
    out = real_site.outdir
    corpus = load_corpus()
    checked = 0
    for edition in corpus.editions:
        for law in edition.laws:
            name = law_pdf_name(edition.id, law.number)
            for page in (out / edition.id / f"law-{law.number}.html",
                         out / "hant" / edition.id / f"law-{law.number}.html"):
                hrefs = re.findall(r'href="([^"]+\.pdf)">本[条條]PDF</a>', page.read_text(encoding="utf-8"))
                assert len(hrefs) == 1, page
                assert (page.parent / hrefs[0]).resolve() == (out / "pdf" / name).resolve(), hrefs
            checked += 1
    assert checked == sum(len(e.laws) for e in corpus.editions) > 150
    for edition, number, cite in [("1999", 27, "《中国桥牌竞赛规则》（1999年版）第27条 不足叫牌"),
                                  ("1999-trad", 27, "《中國橋牌競賽規則》（1999年版 繁體原文）第27條"),
                                  ("1991", 77, "《中国桥牌竞赛规则》（1991年版）第77条")]:
        path = out / "pdf" / law_pdf_name(edition, number)
        reader = PdfReader(path)
        assert reader.metadata.title.startswith(cite)
        text = "\n".join(p.extract_text() for p in reader.pages)
        assert cite.split("）")[1].split()[0] in text and f"{edition}/law-{number}.html" in text
        assert re.search(r"生成日期：\d{4}年\d{1,2}月\d{1,2}日", text)
        fonts = subprocess.run([require("pdffonts"), str(path)], check=True, capture_output=True,
                               text=True).stdout.splitlines()[2:]
        assert fonts and all(line.split()[-5] == "yes" for line in fonts), (path, fonts)


@pytest.mark.slow
def test_corpus_downloads_state_their_checksum_version_date_and_licence(real_site):
    corpus = load_corpus()
    for site in (real_site.outdir, real_site.outdir / "hant"):
        page = (site / "editions.html").read_text(encoding="utf-8")
        table = re.search(r'<table class="[^"]*law-downloads.*?</table>', page, re.S).group(0)
        rows = [r for r in ROW.findall(table) if "<td" in r]
        assert len(rows) == 1 + len(corpus.editions)
        for row in rows:
            href = re.search(r'href="([^"]+\.json)"', row).group(1)
            data = (site / href).read_bytes()
            shown = re.search(r'<code class="[^"]*law-sha256[^"]*">(?:<span class="pre">)?([0-9a-f]{64})', row).group(1)
            assert shown == hashlib.sha256(data).hexdigest(), href
            about = json.loads(data).get("about")
            if about is None:  # the whole corpus: the JSON contract, as `corpus` prints it
                assert Path(href).name == "rules-corpus.json"
                continue
            edition = corpus.edition(about["edition"])
            assert json.loads(data)["editions"] == json.loads(json.dumps([edition.to_dict()]))
            year, month, day = (int(x) for x in about["date"].split("-"))
            assert about["version"] in _text(row) and f"{year}年{month}月{day}日" in _text(row)
            assert about["licence"].startswith("规则原文由中国桥牌协会制定")
        assert "许可：" in page or "許可：" in page
