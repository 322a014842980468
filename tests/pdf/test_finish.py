"""The finish of every PDF: Chinese line breaking with the kinsoku rule both ways
(no opening mark at a line end, no closing mark at a line start) in every paragraph of every sheet
and of the rulebook; a minimum type size of 7 pt; one scale per hand-record page; dealer and
vulnerability on one line; no orphan page; table columns that never wrap a number."""
from __future__ import annotations

import math
import random

import pytest
from pypdf import PdfReader

from rules_ext.cli import main
from rules_ext.pdf import figures
from rules_ext.pdf.figures import CANNOT_END, CANNOT_START, KinsokuParagraph, cjk_style, text_markup
from rules_ext.pdf.layout import Styles

TEXT = ("叫牌或打牌得来的信息非违规方在敌方违规后，或违规方改正后，从取消的叫牌或打牌中（包括"
        "被取消的叫品）得来的信息，可以使用。罚前述（b）（1）或（b）（2）中的违规方，“达到”应为"
        "“到达”（裁判长到达）。《桥牌竞赛规则》〔补〕第45条E款（五张牌的牌墩）或58条B款（同时"
        "出两张牌）。Law 12C1(c) applies（见第12条）。")


def line_texts(paragraph) -> list[str]:
    return ["".join(getattr(f, "text", "") for f in line.words) for line in paragraph.blPara.lines]


def kinsoku_faults(lines: list[str]) -> list[str]:
    """Lines that break the rule: an opening mark at the end of any line but the last, a closing
    mark at the start of any line but the first."""
    bad = [t for t in lines[:-1] if t.rstrip()[-1:] in CANNOT_END]
    return bad + [t for t in lines[1:] if t[:1] in CANNOT_START]


@pytest.mark.parametrize("markup", [TEXT, text_markup(TEXT), text_markup("♥" + TEXT)])
def test_kinsoku_both_ways_at_every_width(markup):
    style = cjk_style(Styles(10).body)
    for width in range(30, 400):
        paragraph = KinsokuParagraph(markup, style)
        paragraph.wrap(width, 1e6)
        lines = line_texts(paragraph)
        assert "".join(lines).replace(" ", "") == figures.plain(markup).replace(" ", "")
        assert not kinsoku_faults(lines), (width, lines)
        # no line is wider than the width but for the closing marks hung in the margin
        for line in paragraph.blPara.lines:
            hung = sum(figures.stringWidth(f.text[len(f.text.rstrip(CANNOT_START)):], f.fontName, f.fontSize)
                       for f in line.words[-1:])
            assert line.currentWidth - hung <= width + 1e-6 or len(line.words) == 1, (width, line_texts(paragraph))


def test_english_words_are_not_broken():
    style = cjk_style(Styles(10).body)
    words = "the director shall award an adjusted score when the irregularity damaged the side"
    for width in range(90, 300, 7):
        paragraph = KinsokuParagraph(words, style)
        paragraph.wrap(width, 1e6)
        assert all(w in words.split() for line in line_texts(paragraph) for w in line.split()), width


def test_random_text_keeps_every_character():
    rng = random.Random(24)
    alphabet = "牌叫约定裁判长（）“”《》，。、；：AB 12"
    style = cjk_style(Styles(9).small)
    for _ in range(200):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 80)))
        paragraph = KinsokuParagraph(text, style)
        paragraph.wrap(rng.randint(20, 200), 1e6)
        lines = line_texts(paragraph)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@pytest.fixture
def broken_lines(monkeypatch):
    """Every paragraph broken while a PDF is written, as its lines."""
    seen: list[list[str]] = []
    original = KinsokuParagraph.breakLinesCJK

    def recording(self, max_widths):
        result = original(self, max_widths)
        if getattr(result, "kind", 0) == 1:
            seen.append(["".join(getattr(f, "text", "") for f in line.words) for line in result.lines])
        return result

    monkeypatch.setattr(KinsokuParagraph, "breakLinesCJK", recording)
    return seen


@pytest.mark.parametrize("edition", ["1991", "1999", "2008", "1999-trad"])
def test_rulebook_lines_keep_the_kinsoku_rule(tmp_path, broken_lines, edition):
    """Every line broken, and every line of the PDF as a reader's viewer reads it (pdftotext: each
    table cell's lines on their own, the errata table's misprint cells included), keeps the rule:
    no line starts with closing punctuation, none ends with opening punctuation."""
    import subprocess

    from required_tools import require

    out = tmp_path / f"rules-{edition}.pdf"
    assert main(["edition-pdf", "--edition", edition, "-o", str(out)]) == 0
    assert len(broken_lines) > 100 or edition == "1999-trad"
    faults = [f for lines in broken_lines for f in kinsoku_faults(lines)]
    assert not faults, faults[:5]
    text = subprocess.run([require("pdftotext"), "-enc", "UTF-8", str(out), "-"], check=True,
                          capture_output=True, text=True).stdout
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert "勘误表" in text or "勘誤表" in text
    read = [line for line in lines if line[0] in CANNOT_START or line[-1] in CANNOT_END]
    assert not read, read[:5]


def test_a_misprinted_mark_is_shown_with_the_text_around_it():
    """The errata table prints a punctuation misprint with the delivered characters around it, so
    that neither cell opens with closing punctuation nor ends with opening punctuation."""
    from rules_ext.pdf.edition import misprint_context

    text = "首引牌张即可翻明，，然后"
    assert misprint_context(text, "翻明，，", "，，", "，") == ("翻明", "")
    assert misprint_context("如果[牌张无法找到", "如果[牌张无法找到", "如果[", "如果") == ("", "牌张")
    assert misprint_context("可接续作出任何合法叫牌，。", "可接续作出任何合法叫牌，。", "，。",
                            "，但（判罚）违规者同伴必须永远不叫。") == ("叫牌", "")
    assert misprint_context("应视同未发生违规，，竞叫继续", "，，", "，，", "，") == ("违规", "")
    assert misprint_context("指定人暂代", "指定人", "指定人", "指定他人") == ("", "")  # words: as they are
    assert misprint_context("”，，", "，，", "，，", "，") == ("”", "")  # as far as the text goes


def font_sizes(path) -> list[list[float]]:
    """Per page, the size of every piece of text as printed (font size × text and graphics scale)."""
    out = []
    for page in PdfReader(path).pages:
        sizes: list[float] = []

        def visit(text, cm, tm, font, size, sizes=sizes):
            if text.strip():
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                sizes.append(size * math.sqrt(abs(a * d - b * c)))

        page.extract_text(visitor_text=visit)
        out.append(sizes)
    return out


@pytest.mark.parametrize("edition", ["1991"])
def test_rulebook_type_is_at_least_7pt(tmp_path, edition):
    out = tmp_path / "rules.pdf"
    assert main(["edition-pdf", "--edition", edition, "-o", str(out)]) == 0
    assert min(min(s) for s in font_sizes(out) if s) >= 7 - 1e-6



@pytest.mark.parametrize("per_page", [4, 8])
def test_hand_record_type_is_at_least_7pt_and_one_scale_a_page(tmp_path, per_page):
    from rules_ext.events import read_pbn
    from rules_ext.pdf.handrecord import MIN_PT, event_sheets, hand_record_story
    from rules_ext.pdf.layout import PrintOptions

    sample = __import__("rules_ext.fileio", fromlist=["package_path"]).package_path(
        "rules_ext.events", "samples", "sample-pairs.pbn")
    event = read_pbn(sample)
    out = tmp_path / "h.pdf"
    assert main(["handrecord", str(sample), "-o", str(out), "--per-page", str(per_page)]) == 0
    sizes = font_sizes(out)
    assert min(min(s) for s in sizes if s) >= MIN_PT - 0.01
    story = hand_record_story(event_sheets(event), PrintOptions.of("a4", "both"), per_page=per_page,
                              warn=lambda _: None)
    for page in story:
        cells = [c for row in getattr(page, "_cellvalues", []) for c in row if hasattr(c, "scale")]
        assert len({round(c.scale, 6) for c in cells}) <= 1


#: deals with long suits (a 9-card heart suit in West, 7 clubs in East; 8 spades in North), the kind
#: that widened the 8-a-page board beyond its share before each hand's column took its own width
LONG_SUITS = ("N:9876.A72.Q8742.8 AT3.5.96.JT96543 KQJ5..AKT53.AK72 42.KQJT98643.J.Q",
              "N:AT987632.93.Q.T2 5.A865.862.J8754 4.QJ4.KJT9543.A3 KQJ.KT72.A7.KQ96")


@pytest.mark.parametrize(("lang", "paper"), [("zh", "a4"), ("both", "letter"),  # the other two: make test-full
                                           pytest.param("zh", "letter", marks=pytest.mark.full),
                                           pytest.param("both", "a4", marks=pytest.mark.full)])
def test_eight_boards_a_page_at_7pt_or_larger(tmp_path, paper, lang):
    """``--per-page 8`` prints 8 boards a page, never fewer, with no type under 7 pt: the compact
    form, its board, dealer and vulnerability on one line; one scale a page. Rendered to PNG in the
    artifacts folder (pdf-png/hand-records-8-*.png) for a person to look at."""
    import re
    import subprocess

    from artifacts import artifacts_folder
    from required_tools import require

    from rules_ext.core import Deal
    from rules_ext.events import read_pbn
    from rules_ext.events.dd import solve
    from rules_ext.pdf.handrecord import MIN_PT, BoardSheet, event_sheets, hand_record_story, write_hand_record_sheets
    from rules_ext.pdf.layout import PageHeader, PrintOptions

    sample = __import__("rules_ext.fileio", fromlist=["package_path"]).package_path(
        "rules_ext.events", "samples", "sample-pairs.pbn")
    sheets = event_sheets(read_pbn(sample))
    deals = [Deal.from_pbn(text) for text in LONG_SUITS]
    extra = [BoardSheet(len(sheets) + i + 1, deal, sheets[i].dealer, sheets[i].vulnerability, dd,
                        results=sheets[i].results)
             for i, (deal, dd) in enumerate(zip(deals, solve(deals, [(s.dealer, s.vulnerability) for s in sheets[:2]])))]
    sheets += extra
    options = PrintOptions.of(paper, lang)
    warned: list[str] = []
    out = tmp_path / "h8.pdf"
    pages = write_hand_record_sheets(sheets, out, PageHeader("牌例记录"), options, per_page=8, warn=warned.append)
    assert warned == [] and pages == math.ceil(len(sheets) / 8)
    sizes = font_sizes(out)
    assert min(min(s) for s in sizes if s) >= MIN_PT - 0.01
    text = subprocess.run([require("pdftotext"), "-enc", "UTF-8", str(out), "-"], check=True,
                          capture_output=True, text=True).stdout.split("\f")[:-1]
    dealer = r"[北东南西]发牌" + (r" Dealer [NESW]" if lang == "both" else "")
    for number, page in enumerate(text):
        heads = [int(m.group(1)) for m in re.finditer(rf"Board (\d+)\s*{dealer} · \S+", page)] if lang == "both" \
            else [int(m.group(1)) for m in re.finditer(rf"牌号 (\d+)\s*{dealer} · \S+", page)]
        assert heads == list(range(8 * number + 1, min(len(sheets), 8 * number + 8) + 1)), page
    story = hand_record_story(sheets, options, per_page=8, warn=warned.append)
    for page in story:
        cells = [c for row in getattr(page, "_cellvalues", []) for c in row if hasattr(c, "scale")]
        assert len({round(c.scale, 6) for c in cells}) <= 1
        assert all(c.scale * 9.5 >= MIN_PT - 1e-6 for c in cells)
    target = artifacts_folder("pdf-png")
    for page in range(1, pages + 1):
        png = target / f"hand-records-8-{paper}-{lang}-{page}"
        subprocess.run([require("pdftoppm"), "-r", "60", "-png", "-f", str(page), "-l", str(page), "-singlefile",
                        str(out), str(png)], check=True)
        assert png.with_suffix(".png").stat().st_size > 5000
