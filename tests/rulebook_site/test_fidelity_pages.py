"""The generated reST of the real texts (no Sphinx build): what a Chinese reader sees on
law pages, the errata and 考证 pages, and the notices of pages whose source lost text."""
from __future__ import annotations

import re

import pytest

from rules_ext.corpus import load_corpus
from rules_ext.rulebook_site import pages
from rules_ext.rulebook_site.evidence import UNTRANSLATED, in_chinese
from rules_ext.verify import verify_corpus


@pytest.fixture(scope="module")
def site() -> dict[str, str]:
    corpus = load_corpus()
    generator = pages.Generator(pages.Context(corpus, findings=verify_corpus(corpus)),
                                [pages.Path(pages.__file__).parent / "templates"])
    out: dict[str, str] = {}
    for edition in corpus.editions:
        out.update(generator.edition_pages(edition))
    return out


def test_a_misprint_is_marked_in_its_cell_with_the_reason(site):
    law77 = site["1991/law-77"]
    assert law77.count(r"\40\ :law-misprint:`〔应为60〕`") == 2
    assert "〔应为60〕：原表加倍时♥、♠两格印作40；按计分规则核算应为60" in law77
    assert "verification findings" not in law77
    # the suit headers the source lost are the editors' reconstruction: set apart, 〔♣〕
    assert "- :law-insert:`〔♣〕`" in law77 and "编注：花色栏目标题原文缺失，由编者补作♣ ♦ ♥ ♠。" in law77


def test_law_pages_carry_no_machine_detail(site):
    # erratum ids like 1991-zhuangjia or 1999-trad-lundao; not the edition 1999-trad of a link
    machine = re.compile(r"置信度|confidence|similarity|\.txt|lost in the source|evidence|"
                         r"(?<![/\w])(?:1991|1999|2008)-(?!trad(?![\w-]))[a-z][\w-]*")
    target = re.compile(r"<[^<>\s]+>`")   # a link's target (an address, a PDF's name) is not shown
    found = {name: m.group(0) for name, text in site.items() if "/law-" in name
             for m in [machine.search(target.sub("`", text))] if m}
    assert found == {}


def test_every_evidence_sentence_is_told_in_chinese():
    corpus = load_corpus()
    sentences = [s for e in corpus.editions for law in e.laws for s in law.evidence]
    sentences += [d.note for e in corpus.editions for d in e.definitions if d.note]
    sentences += [n for e in corpus.editions for t in e.tables for n in t.notes]
    assert len(sentences) > 600
    assert [s for s in sentences if UNTRANSLATED in in_chinese(s)] == []


def test_unproven_references_link_the_law_with_a_chinese_note(site):
    law30 = site["1999/law-30"]
    assert ":law:ref:`第72条B款1 <1991:72>`" in law30 and "<1991:72B1>" not in law30
    assert "1991年版在同一处引用的是第23条B款，可见两版的第72条B款1项并非同一条款" in law30


def test_errata_page_lists_every_change_with_its_reason(site):
    corpus = load_corpus()
    for edition in corpus.editions:
        page = site[f"{edition.id}/errata"]
        count = int(re.search(r"共(\d+)[处處]", page).group(1))
        listed = sum(len(ids) for e in [edition] for node in
                     [*e.provisions(), *e.definitions, *e.front] for ids in [node.corrections])
        listed += sum(len(law.title_corrections) for law in edition.laws)  # 1999-trad 22's title
        misprints = len({(f.table, f.row, f.printed) for f in verify_corpus(corpus) if f.edition == edition.id})
        assert count == listed + misprints, edition.id
    assert "〔而左敌家的叫牌可予取消，均不判罚。〕" in site["1991/errata"]
    assert "繁體本把所有括號都印作" in site["1999-trad/errata"]


def test_insertion_and_recovered_heading_are_set_apart(site):
    assert ":law-insert:`〔而左敌家的叫牌可予取消，均不判罚。〕`" in site["1991/law-25"]
    law9 = site["1991/law-9"]
    assert re.search(r"law:provision:: 9A2b\n(?:\s+:.*\n)*?\s+:recovered:", law9)


def test_pages_whose_source_lost_text_say_so(site):
    # on the delivered traditional copy, the editors' notes are in its script
    assert "原文在此只存第40條的條名，條文已缺失，可參閱 :doc:`1999年版 </1999/law-40>` 、 " \
           ":doc:`1991年版 </1991/law-40>`\\ （另一譯本，內容未必相同）" in site["1999-trad/law-40"]
    assert "“发牌人”表原文只存表头，表身已缺失，可参阅 :doc:`2008年版 </2008/law-2>` 、 :doc:`1991年版 </1991/law-2>`" \
        in site["1999/law-2"]
    assert "第82条C款原文只存标题，条文已缺失，本站其他版本亦未收录" in site["1991/law-82"]
    # a table without rows is a notice where it was printed, not an empty grid
    law2 = site["1999/law-2"]
    assert "list-table" not in law2 and "编注：此处原印“发牌人”表，原文只存表头“牌 套 号 码”，表身已缺失。" in law2


def test_index_leaves_out_the_garbled_abstract(site):
    assert "由于1999年审定通过" not in site["1999/index"]
    assert "由于1999年审定通过" in site["1999/kaozheng"]


def test_law77_tables_are_shown_in_their_printed_blocks(site):
    """77A's no-trump block as printed (transposed, its own column heads), 77B under
    its printed side headings, each one-value row with its one value (never 50 50)."""
    law77 = site["1991/law-77"]
    b = law77[law77.index(":heading: 奖分"):law77.index(":heading: 宕墩罚分")]
    for title, side in (("满贯奖分", "满贯打成时"), ("超额赢墩奖分", "每一个超额赢墩（超过定约需要的赢墩）")):
        assert re.search(rf"\.\. list-table:: {title}\n(?:\s+:.*\n)+\s*\n*\s+\* - {re.escape(side)}\n"
                         r"\s+- 无局时\n\s+- 有局时\n", b), title
    last = b[b.index(".. list-table:: 完成定约时的成局、不成局奖分"):]
    assert re.search(r"\* - 完成任何不成局定约\n\s+- \\50\n\s+\* - 完成加倍的但未再加倍的定约时另加\n\s+- \\50\n", last)
    assert not re.search(r"^\s+- (无局时|有局时)$", last, re.M)  # no column heads were printed
    a = law77[law77.index(":heading: 墩分"):law77.index(":heading: 奖分")]
    assert re.search(r"\* - 无将定约\n\s+- 未加倍时\n\s+- 加倍时\n\s+- 再加倍\n"
                     r"\s+\* - 叫到和打成的第一个额外墩\n\s+- .*\\40\n", a)
    assert "今并入同一表" not in law77  # shown as printed: nothing was joined on the page
    # a wide block is read row by row on a phone: each value cell names its column
    assert r"- \ :law-cell-label:`未加倍时`\ \40" in a and r":law-cell-label:`无局时 再加倍`\ \400" in law77
