"""The printed editions (rules_ext.pdf.edition, `edition-pdf`): fonts, text, order, marks, errors."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from required_tools import require

from rules_ext.cli import main
from rules_ext.cli.samples import write_edition
from rules_ext.corpus.printed import block_cell


@pytest.fixture(scope="module")
def corpus():
    from rules_ext.corpus import load_corpus

    return load_corpus()


@pytest.fixture(scope="module")
def book_1991(tmp_path_factory, corpus) -> Path:
    out = tmp_path_factory.mktemp("edition") / "rules-1991.pdf"
    assert main(["edition-pdf", "--edition", "1991", "-o", str(out)]) == 0
    return out


def pdftotext(path: Path, *pages: int) -> str:
    first = ["-f", str(pages[0]), "-l", str(pages[-1])] if pages else []
    return subprocess.run([require("pdftotext"), *first, str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def test_fonts_are_embedded(book_1991):
    lines = subprocess.run([require("pdffonts"), str(book_1991)], check=True, capture_output=True,
                           text=True).stdout.splitlines()[2:]
    assert lines
    for line in lines:
        name, emb = line.split()[0], line.split()[-5]
        assert "WenQuanYiMicroHei" in name and emb == "yes", line


def test_text_tables_marks_and_order(book_1991, corpus):
    pages = len(PdfReader(book_1991).pages)
    assert 25 <= pages <= 80, pages  # 93 laws, definitions, the errata
    text = pdftotext(book_1991)
    flat = re.sub(r"\s+", "", text)
    for words in ("第77条复式桥牌记分表", "第1条", "第93条", "♠", "♥", "♦", "♣", "勘误表", "定义",
                  "40〔应为60〕", "〔而左敌家的叫牌可予取消，均不判罚。〕"):
        assert words in flat, words
    # the closing line of 25B2b after its items (1) and (2), before 25B2c; Law 68's after its note
    assert flat.index("用另一个叫牌替代") < flat.index("（1）（2）两项") < flat.index("引牌判罚前述")
    law = corpus.edition("1991").law
    start = flat.index(f"第68条{law(68).title}")  # type: ignore[union-attr]
    assert flat.index("（注：", start) < flat.index("假如该行动确与后续牌墩有关时：", start) \
        < flat.index(f"第69条{law(69).title}")  # type: ignore[union-attr]
    # the title page says what the edition covers; every later page has its running head and number
    first = re.sub(r"\s+", "", pdftotext(book_1991, 1))
    assert "中国桥牌竞赛规则（1991）" in first and "共93条" in first and "全文打印本" in first
    for page in (2, pages // 2, pages):
        head = re.sub(r"\s+", "", pdftotext(book_1991, page))
        assert "中国桥牌竞赛规则（1991）" in head and f"第{page}页" in head and f"共{pages}页" in head
    law77 = next(p for p in range(1, pages + 1) if "复式桥牌记分表" in pdftotext(book_1991, p))
    assert re.search(r"^第7\d条(—第7\d条)?$", pdftotext(book_1991, law77), re.M)  # its running head
    # the errata list: one row per erratum, its reason in Chinese
    errata = flat[flat.index("本版原文的每一处改动"):]
    assert "逐处勘误" in errata and "共27处" in errata and "错字" in errata


def test_traditional_copy_speaks_traditional(tmp_path, corpus):
    out = tmp_path / "trad.pdf"
    assert write_edition("1999-trad", out, corpus=corpus) == len(PdfReader(out).pages)
    flat = re.sub(r"\s+", "", pdftotext(out))
    for words in ("中國橋牌競賽規則", "第21條", "勘誤表", "第2頁", "共", "頁", "原文只存條名"):
        assert words in flat, words
    assert "勘误" not in flat and "页" not in flat


def test_law_77_renders(book_1991, tmp_path):
    # a page rendered for a person to look at (make pdf keeps them out of the site)
    page = next(p for p in range(1, 60) if "复式桥牌记分表" in pdftotext(book_1991, p))
    subprocess.run([require("pdftoppm"), "-r", "70", "-png", "-f", str(page), "-l", str(page), str(book_1991),
                    str(tmp_path / "law77")], check=True)
    (png,) = tmp_path.glob("law77*.png")
    assert png.stat().st_size > 20_000


def test_same_bytes_and_bad_edition(tmp_path, corpus, capsys):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_edition("2008", a, corpus=corpus)
    write_edition("2008", b, corpus=corpus)
    assert a.read_bytes() == b.read_bytes()
    out = tmp_path / "none.pdf"
    assert main(["edition-pdf", "--edition", "1987", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "1987" in err and "1991, 1999, 2008, 1999-trad" in err
    assert not out.exists() and sorted(tmp_path.iterdir()) == [a, b]  # nothing half-written


def test_a_table_never_wraps_a_number(book_1991):
    """Law 2's tables: each row's board numbers (``2 6 10 14``) and the header on one line (a cell
    set with room for a hung closing mark is measured with that room)."""
    text = subprocess.run([require("pdftotext"), "-layout", str(book_1991), "-"], check=True, capture_output=True,
                          text=True).stdout
    start = text.index("第2条 牌套")
    law2 = text[start:start + re.search(r"^\s*第3条 ", text[start:], re.M).start()]  # not a running head
    for row in ("北家     1 5 9 13", "东家     2 6 10 14", "西家     4 8 12 16", "双有    4 7 10 13"):
        assert re.search(r"\s+".join(map(re.escape, row.split())), law2), (row, law2)
    assert "牌套号码" in law2.replace(" ", "")
    assert not re.search(r"^\s*(14|15|16|13|码)\s*$", law2, re.M), law2


def test_law_77_tables_are_printed_in_blocks(book_1991, corpus):
    """1991 77A and 77B as the book printed them, block by block (``Table.blocks``, the blocks the
    site draws, read through the same ``block_cell``): each block under its printed heading, each
    printed row on one line with its own cells only (77B's rows printed with one value keep one:
    no ``50 50``), no figure wrapped onto a second line."""
    text = subprocess.run([require("pdftotext"), "-layout", str(book_1991), "-"], check=True, capture_output=True,
                          text=True).stdout
    law = corpus.edition("1991").law(77)
    start = text.index(f"第77条 {law.title}")
    end = start + re.search(r"^\s*第78条 ", text[start:], re.M).start()  # the law's heading, not a running head
    lines = text[start:end].splitlines()

    def shown(line: str) -> str:  # a line's cells as words: the editors' brackets and marks left out
        return " ".join(re.sub(r"〔应为\d+〕", "", line).replace("〔", "").replace("〕", "").split())

    blocked = [t for t in corpus.edition("1991").tables if t.label.startswith("77") and t.blocks]
    assert {t.label for t in blocked} == {"77A", "77B"}
    at = 0
    for table in blocked:
        for block in table.blocks:
            if block.title:  # the printed heading over its block
                at = next(i for i in range(at, len(lines)) if lines[i].strip() == block.title)
            for row in ([block.header] if block.header else []) + block.rows:
                words = " ".join(" ".join(block_cell(table, c)[0].split()) for c in row)
                first = " ".join(block_cell(table, row[0])[0].split())
                found = next(i for i in range(at, len(lines)) if shown(lines[i]).startswith(first))
                assert shown(lines[found]) == words, (block.title, lines[found], words)
                at = found + 1
    # the one-value rows of 77B's last block print their one value
    assert not any(re.search(r"\b(50|100|300|500)\s+\1\b", line) for line in lines if "完成" in line), lines


def _marked(erratum) -> tuple[str, str]:
    """(the key as the PDF prints it with the correction marked in place, its reason), from the
    errata file's words alone: the delivered characters (struck through) stand right before the
    corrected ones (underlined), what both share on either side once; an editorial insertion is
    printed in 〔〕."""
    original, corrected = erratum.original, erratum.corrected
    head = 0
    while head < min(len(original), len(corrected)) and original[head] == corrected[head]:
        head += 1
    tail = 0
    while tail < min(len(original), len(corrected)) - head and original[-1 - tail] == corrected[-1 - tail]:
        tail += 1
    old, new = original[head:len(original) - tail], corrected[head:len(corrected) - tail]
    if erratum.insertion:
        new = f"〔{new}〕"
    before, _, after = erratum.key.partition(original)
    shown = before + original[:head] + old + new + original[len(original) - tail:] + after
    return shown, erratum.explanation.rstrip("。")


def test_every_correction_is_marked_in_the_law_pdfs(sample_pdfs, corpus):
    """Each law with a correction, in its PDF (本条PDF): the delivered reading beside the
    corrected one where it stands, the reason on the same page (1991 62: 从专庄家手中; 93: 没设有)."""
    from rules_ext.corpus.catalogue import law_pdf_name
    from rules_ext.rulebook_site.script import to_traditional

    def flat(text: str) -> str:
        return re.sub(r"\s+", "", text)

    checked, lacking = [], []
    for edition in corpus.editions:
        words = to_traditional if edition.script == "traditional" else (lambda s: s)
        for law in edition.laws:
            ids = list(law.title_corrections) + [c for p in law.walk() for c in p.corrections]
            if not ids:
                continue
            pages = [flat(page) for page in pdftotext(sample_pdfs / law_pdf_name(edition.id, law.number)).split("\f")]
            for cid in dict.fromkeys(ids):
                x = corpus.erratum(cid)
                shown, reason = _marked(x) if hasattr(x, "key") else ("", x.explanation.rstrip("。"))
                if x.__class__.__name__ == "Rule" and x.change == "brackets":
                    shown = "***（"  # the struck *** before the bracket it stands for
                found = [page for page in pages if flat(shown) in page and flat(words(reason)) in page]
                if not found:
                    lacking.append(f"{edition.id}:{law.number} {cid}: {shown} / {reason}")
            checked.append(f"{edition.id}:{law.number}")
    print(f"\n{len(checked)} laws with corrections, {len(lacking)} whose PDF lacks one")
    assert lacking == []
    assert len(checked) >= 43
    # the places the issue names, as printed
    law62 = flat(pdftotext(sample_pdfs / law_pdf_name("1991", 62)))
    assert "从专庄家手中" in law62 and "错字：“专家”应为“庄家”" in law62
    law93 = flat(pdftotext(sample_pdfs / law_pdf_name("1991", 93)))
    assert "（B）没设有申述（仲裁）委员会如果没设有申述" in law93
    assert "仍须向委员会上申述" in law93


def test_the_edition_pdf_marks_its_corrections(tmp_path, corpus):
    """The printed 1999 edition: the preface's corrections in place (国内部〔分〕 is an omission:
    the corrected 分; 照些此, 谨些此), 1999 Law 25's correction beside its delivered reading on
    the same page as its reason."""
    out = tmp_path / "rules-1999.pdf"
    assert main(["edition-pdf", "--edition", "1999", "-o", str(out)]) == 0
    pages = [re.sub(r"\s+", "", page) for page in pdftotext(out).split("\f")]
    preface = next(page for page in pages if "前言" in page)
    assert "国内部分国家级裁判" in preface and "照些此执行" in preface and "谨些此说明" in preface
    assert "漏字：“分”" in preface
    law25 = next(page for page in pages if "所提人供的" in page)
    assert "错字：“提人”应为“提供”" in law25
