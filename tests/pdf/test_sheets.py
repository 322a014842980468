"""Results sheets and travellers finished on real-sized events: no blank or header-only page, names
whole and without member ids, continuation titles, teams sheets with IMPs and VPs, one number format
per column, the figures that differ from the file's marked, and the label language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from long_events import LONG_EVENT, cross_imp_pairs, realbridge_teams
from pypdf import PdfReader

from rules_ext.cli import main
from rules_ext.events import compute_results, read_pbn
from rules_ext.fileio import package_path
from rules_ext.pdf.layout import MARGIN, RED_HEX, PrintOptions, header_lines
from rules_ext.pdf.sheets import Column, Titled, fit_label, free_text

FIXTURES = Path(__file__).parents[1] / "events" / "fixtures"
SAMPLES = package_path("rules_ext.events", "samples")
EVENTS = {
    "pairs": SAMPLES / "sample-pairs.pbn",
    "cross-imps": FIXTURES / "ruter-cross-imps.pbn",
    "individual": FIXTURES / "swedish-individual.pbn",
    "teams-rooms": SAMPLES / "sample-teams.pbn",
    "teams-realbridge": FIXTURES / "realbridge-teams.pbn",
}


@pytest.fixture(scope="module")
def long_events(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("long")
    paths = {"long-cross-imps": folder / "xi.pbn", "long-teams": folder / "teams.pbn"}
    paths["long-cross-imps"].write_text(cross_imp_pairs(), encoding="utf-8")
    paths["long-teams"].write_text(realbridge_teams(), encoding="utf-8")
    return paths


def body_of_pages(path: Path) -> list[str]:
    """Each page's text inside the body frame (the running header and footer left out)."""
    reader = PdfReader(path)
    out = []
    for page in reader.pages:
        height = float(page.mediabox.height)
        parts: list[str] = []

        def visit(text, cm, tm, font, size, parts=parts, height=height):
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            if MARGIN - 1 < y < height - MARGIN - 1 and text.strip():
                parts.append(text)

        page.extract_text(visitor_text=visit)
        out.append(" ".join(parts))
    return out


def sheets_of(event_path: Path, folder: Path, lang: str = "both") -> dict[str, Path]:
    """Every results sheet and traveller of an event, printed through the command line."""
    out = {}
    for kind, args in (("results", ["results"]), ("travellers", ["travellers"]),
                       ("blank", ["travellers", "--blank"])):
        path = folder / f"{event_path.stem}-{kind}-{lang}.pdf"
        assert main([*args, str(event_path), "-o", str(path), "--lang", lang]) == 0
        out[kind] = path
    return out


@pytest.mark.parametrize("name", [*EVENTS, "long-cross-imps", "long-teams"])
def test_no_page_is_blank_or_header_only(tmp_path, long_events, name):
    """Every page of every results sheet and traveller has a table row on it (a figure), not just
    the running header, a title or a table's header row."""
    event = EVENTS.get(name) or long_events[name]
    for kind, path in sheets_of(event, tmp_path).items():
        for number, body in enumerate(body_of_pages(path), start=1):
            assert body.strip(), f"{name} {kind}: page {number} is blank"
            assert re.search(r"\d", body), f"{name} {kind}: page {number} has no row: {body[:200]}"


def test_a_score_card_of_44_boards_is_kept_on_one_page(tmp_path, long_events):
    """44 rows are a little too long for a page: set closer, each card is one page (never started
    at the foot of a page and run onto the next)."""
    out = tmp_path / "r.pdf"
    assert main(["results", str(long_events["long-cross-imps"]), "-o", str(out)]) == 0
    pages = body_of_pages(out)
    assert not any("(cont.)" in body for body in pages[1:])
    assert len(pages) == 11  # the rankings, then one page for each of the 10 cards


def test_a_longer_score_card_starts_on_a_fresh_page_and_continues_under_its_own_title(tmp_path):
    event = tmp_path / "xi64.pbn"
    event.write_text(cross_imp_pairs(boards=64), encoding="utf-8")
    out = tmp_path / "r.pdf"
    assert main(["results", str(event), "-o", str(out)]) == 0
    pages = body_of_pages(out)
    assert any("个人计分卡：1（续） Score card: 1 (cont.)" in body for body in pages)
    for number, body in enumerate(pages[1:], start=2):  # after the rankings: a card, or its continuation
        assert body.lstrip().startswith("个人计分卡"), f"page {number}: {body[:80]}"
    continued = [i for i, body in enumerate(pages) if "(cont.)" in body]
    assert continued and all("(cont.)" not in pages[i - 1].lstrip()[:40] for i in continued)


def test_a_long_traveller_continues_under_its_board(tmp_path):
    out = tmp_path / "t.pdf"
    assert main(["travellers", str(EVENTS["pairs"]), "--blank", "--rows", "60", "-o", str(out),
                 "--lang", "both"]) == 0
    pages = body_of_pages(out)
    assert pages[1].lstrip().startswith("第1牌（续） Board 1 (cont.)")
    assert all(re.search(r"\d", body) for body in pages)


def test_names_are_whole_and_without_member_ids(tmp_path, long_events):
    for name in ("long-cross-imps", "long-teams", "teams-realbridge"):
        event = EVENTS.get(name) or long_events[name]
        for kind, path in sheets_of(event, tmp_path).items():
            text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
            assert not re.search(r"#\d{3,}", text), f"{name} {kind}: a member id is printed"
            if kind == "results" and name == "long-cross-imps":
                for word in ("Wolkenstein-Trauttmansdorff", "Oberhollenzer", "Maximiliane"):
                    assert word in text, f"{word} broken"
            if name == "long-teams" and kind != "blank":
                assert "Großstadtbrücke" in text and "Morgenröte" in text


def test_phantom_and_sit_out_rows_are_named(tmp_path, long_events):
    out = tmp_path / "t.pdf"
    assert main(["travellers", str(long_events["long-cross-imps"]), "-o", str(out), "--lang", "en"]) == 0
    text = PdfReader(out).pages[0].extract_text()
    assert "Phantom 10" in text and "Sit-out" in text
    blank = tmp_path / "b.pdf"
    assert main(["travellers", str(long_events["long-cross-imps"]), "--blank", "-o", str(blank),
                 "--lang", "en"]) == 0
    first = PdfReader(blank).pages[0].extract_text()
    assert "Table" in first and "Round" not in first  # a round plays each board at five tables
    rows = [line.strip() for line in first.split("\n")]
    assert "Phantom 10" in rows and rows.count("5") >= 5  # rows 1..5: one per table, not 22


def test_teams_sheets_have_match_travellers_match_sheets_and_vp_table(tmp_path, long_events):
    sheets = sheets_of(long_events["long-teams"], tmp_path, "en")
    results = " ".join(" ".join(t.split()) for t in (p.extract_text() for p in PdfReader(sheets["results"]).pages))
    for label in ("VP cross-table", "Match: Nordlicht v Seepferdchen (Table 1)", "IMPs total", "VP",
                  "Open room (home team NS)", "Closed room (visitors NS)", "not played"):
        assert label in results, label
    event = read_pbn(long_events["long-teams"])
    computed = compute_results(event)
    for match in computed.matches:
        if match.boards:
            assert f"{match.vp_home:.2f}" in results and f"{match.vp_visit:.2f}" in results
    travellers = [" ".join(p.extract_text().split()) for p in PdfReader(sheets["travellers"]).pages]
    assert all("IMPs won" in page for page in travellers)
    assert sum(page.count("Board ") for page in travellers) >= 16
    assert "not played" in travellers[0]


def _cell_text(cell) -> str:
    text = cell.text if hasattr(cell, "text") else str(cell)
    return re.sub(r"<[^>]+>", "", text).replace("†", "").strip()


@pytest.mark.parametrize("name", ["pairs", "cross-imps", "individual"])
def test_one_number_format_per_column(name):
    """Matchpoints, IMPs and percentages each have one number of decimals in every row and total
    of the document (no 37.76 / 2 / 23.1 in one column)."""
    from rules_ext.pdf.results import results_story
    from rules_ext.pdf.traveller import filled_travellers_story

    event = read_pbn(EVENTS[name])
    results = compute_results(event)
    options = PrintOptions.of("a4", "en")
    method = {"matchpoints": "matchpoints"}.get(results.method, "cross-imps")
    story = results_story(event, results, options) + filled_travellers_story(results.boards, options,
                                                                             method=method, event=event)
    decimals: dict[str, set[int]] = {}
    for block in story:
        if not isinstance(block, Titled):
            continue
        rows = block.table._cellvalues
        header = [" ".join(_cell_text(c).split()) for c in rows[0]]
        for index, label in enumerate(header):
            kind = next((k for k in ("MP", "IMP", "%") if k in label), None)
            if kind is None or "Boards" in label:
                continue
            for row in rows[1:]:
                text = _cell_text(row[index])
                if re.fullmatch(r"-?\d+(\.\d+)?", text):
                    decimals.setdefault(kind, set()).add(len(text.partition(".")[2]))
    assert decimals and all(len(found) == 1 for found in decimals.values()), decimals


def test_column_formats():
    assert [Column.of([2, 1.5, 2.25])(v) for v in (2, 1.5, 2.25)] == ["2.00", "1.50", "2.25"]
    assert Column.of([3, 4, -0.0])(-0.0) == "0" and Column.of([1.0, 2.5], 1)(2) == "2.0"


def differing_event(tmp_path: Path) -> Path:
    """The Ruter cross-IMP file with its first row's IMPs changed from 16.0 to 17.0."""
    text = (FIXTURES / "ruter-cross-imps.pbn").read_text(encoding="latin-1")
    changed = text.replace('  1  1  8 4S    N 10 "420" -  16.0 -16.0', '  1  1  8 4S    N 10 "420" -  17.0 -17.0', 1)
    assert changed != text
    path = tmp_path / "differs.pbn"
    path.write_text(changed, encoding="latin-1")
    return path


def test_figures_that_differ_from_the_file_are_marked(tmp_path):
    event_path = differing_event(tmp_path)
    ours, theirs = tmp_path / "ours.pdf", tmp_path / "theirs.pdf"
    assert main(["travellers", str(event_path), "-o", str(ours), "--lang", "en"]) == 0
    assert main(["travellers", str(event_path), "-o", str(theirs), "--lang", "en", "--figures", "file"]) == 0
    text_ours = " ".join(PdfReader(ours).pages[0].extract_text().split())
    text_theirs = " ".join(PdfReader(theirs).pages[0].extract_text().split())
    assert "figures differ from the file's own" in text_ours and "marked †" in text_ours
    assert "16.0†" in text_ours.replace(" †", "†") and "17.0" not in text_ours
    assert "17.0†" in text_theirs.replace(" †", "†") and "prints the file's own figures" in text_theirs
    results = tmp_path / "r.pdf"
    assert main(["results", str(event_path), "-o", str(results), "--lang", "en"]) == 0
    first = " ".join(PdfReader(results).pages[0].extract_text().split())
    count = len(compute_results(read_pbn(event_path)).differences)
    assert f"{count} figures differ from the file's own" in first


def test_chinese_sheets_are_entirely_chinese(tmp_path):
    """``--lang zh``: 南北/东西, 无将, 庄家 ... and no English label; ``en`` has no Chinese at all."""
    english = re.compile(r"(?<![A-Za-z])(NS|EW|NT|Board|Total|Pass|By|Contract|Tricks|North|South|East|West|"
                         r"Round|Table|Rank|Score|Opponents|Side|Match|Team)(?![A-Za-z])")
    for name in ("cross-imps", "teams-rooms"):
        for kind, path in sheets_of(EVENTS[name], tmp_path, "zh").items():
            text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
            for plain in ("Cross-IMP pairs", "Friendship Match", "Tigers", "Great Wall", "Hangzhou"):  # names from the file
                text = text.replace(plain, "")
            assert not english.search(text), (name, kind, english.search(text))
            if kind != "blank":
                assert "南北" in text or "主队" in text
        for kind, path in sheets_of(EVENTS["cross-imps"], tmp_path, "en").items():
            text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
            assert not re.search(r"[\u4e00-\u9fff]", text), (kind, text[:200])
    zh = tmp_path / "zh.pdf"
    assert main(["travellers", str(EVENTS["teams-rooms"]), "-o", str(zh), "--lang", "zh"]) == 0
    assert "3无将" in "".join(PdfReader(zh).pages[0].extract_text().split()) or "无将" in \
        "".join(p.extract_text() for p in PdfReader(zh).pages)


def test_bilingual_labels_wrap_as_units():
    from rules_ext.pdf.layout import Styles

    styles = Styles(9)
    label = fit_label("南北比赛分 MP NS", 45, styles)
    assert label.text == "南北比赛分<br/>MP&nbsp;NS"
    assert fit_label("总分 Total", 200, styles).text == "总分 Total"


def test_free_text_suits_are_red():
    assert free_text("4♥ by N, ♠A") == f'4<font color="{RED_HEX}">♥</font> by N, ♠A'


def test_a_long_event_name_stays_inside_the_header(tmp_path, long_events):
    from rules_ext.pdf.fonts import register_fonts

    font = register_fonts()
    size, lines = header_lines(LONG_EVENT, 400, font)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    assert 1 <= len(lines) <= 2 and all(stringWidth(line, font, size) <= 400 for line in lines)
    assert " ".join(lines).replace("…", "") in LONG_EVENT or LONG_EVENT.startswith(lines[0])
    out = tmp_path / "r.pdf"
    assert main(["results", str(long_events["long-cross-imps"]), "-o", str(out)]) == 0
    first = PdfReader(out).pages[0].extract_text()
    assert "2026.03.14" in first and "Stockholms" in first


def test_the_realbridge_sample_is_the_tests_fixture():
    assert (SAMPLES / "sample-teams-realbridge.pbn").read_bytes() == \
        (FIXTURES / "realbridge-teams.pbn").read_bytes(), "copy tests/events/fixtures/realbridge-teams.pbn"


def test_a_score_that_differs_is_marked_from_each_side():
    from rules_ext.events.model import TableResult
    from rules_ext.events.scoring.results_model import Difference
    from rules_ext.pdf.sheets import Marks

    r = TableResult(board=1, ns="1", ew="8")
    d = Difference(1, "1-8", "Score_NS", "460", "450")
    options = PrintOptions.of("a4", "en")
    assert Marks([d], options).score(1, r, "EW", -450) == "-450<super>†</super>"
    assert Marks([d], options, "file").score(1, r, "EW", -450) == "-460<super>†</super>"
    assert Marks([d], options, "file").score(2, r, "NS", 100) == "+100"
    with pytest.raises(ValueError, match="expected ours or file"):
        Marks([d], options, "theirs")
