"""PDF checks: extracted text (pypdf), embedded fonts, same bytes on re-run, bad input, PNG renderings."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from artifacts import artifacts_folder
from pypdf import PdfReader
from required_tools import require

from rules_ext.cli import main
from rules_ext.core import Contract, Deal, Seat, Strain, Vulnerability
from rules_ext.events import compute_results, read_pbn
from rules_ext.events.dd import DoubleDummy, Par, ParContract, solve
from rules_ext.fileio import package_path
from rules_ext.pdf.diagram import holdings_of
from rules_ext.pdf.figures import par_markup
from rules_ext.pdf.handrecord import write_hand_record
from rules_ext.pdf.layout import RED_HEX, PrintOptions, card_markup, contract_markup
from rules_ext.pdf.results import write_results_pdf
from rules_ext.pdf.ruling import write_ruling_form
from rules_ext.pdf.ruling_record import RulingRecordError, load_ruling, parse_ruling
from rules_ext.pdf.traveller import write_travellers

DATA = Path(__file__).parent / "data"
PAIRS = DATA / "mini-pairs.pbn"
TEAMS = DATA / "mini-teams.pbn"
EXAMPLE = package_path("rules_ext.pdf", "rulings", "example.toml")
SOLID = "N:AKQ2.AK2.AK2.AK2 JT98.QJT.QJT.QJT 7654.987.987.987 3.6543.6543.6543"


def text_of(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def fonts(path: Path) -> dict[str, bool]:
    """Every font the pages use, and whether its descriptor carries an embedded /FontFile2."""
    found: dict[str, bool] = {}
    for page in PdfReader(path).pages:
        resources = [page["/Resources"].get_object()]
        xobjects = resources[0].get("/XObject", {})
        resources += [x.get_object().get("/Resources", {}) for x in xobjects.values()]
        for res in resources:
            for ref in res.get_object().get("/Font", {}).values() if res else ():
                font = ref.get_object()
                descendants = font.get("/DescendantFonts")
                for f in [d.get_object() for d in descendants] if descendants else [font]:
                    desc = f.get("/FontDescriptor")
                    found[str(f["/BaseFont"])] = desc is not None and "/FontFile2" in desc.get_object()
    return found


def assert_fonts_embedded(path: Path) -> None:
    used = fonts(path)
    assert used, f"{path}: no fonts found"
    assert all(used.values()), f"{path}: fonts not embedded: {used}"
    assert all("WenQuanYiMicroHei" in name for name in used), used


@pytest.fixture(scope="module")
def pairs():
    event = read_pbn(PAIRS)
    assert not event.problems
    return event, compute_results(event)


@pytest.fixture(scope="module")
def corpus():
    from rules_ext.corpus import load_corpus

    return load_corpus()


# -- hand records ---------------------------------------------------------------------------

@pytest.mark.parametrize("per_page, pages", [(1, 4), (2, 2), (4, 1)])
def test_hand_record_pages_and_text(tmp_path, pairs, per_page, pages):
    event, _ = pairs
    out = tmp_path / "h.pdf"
    assert write_hand_record(event, out, per_page=per_page) == pages
    assert len(PdfReader(out).pages) == pages
    text = text_of(out)
    for board in range(1, 5):
        assert f"Board {board}" in text
    # the dealer on one line in the diagram's corner: 北发牌 Dealer N (board 1's dealer is North)
    for label in ("北发牌 Dealer N", "最优定约 Par", "NT", "双方无局 None", "南北有局 N-S"):
        assert label in text
    assert "♠" in text and "♥" in text and "♦" in text and "♣" in text
    assert_fonts_embedded(out)


def test_hand_record_same_bytes(tmp_path, pairs):
    event, _ = pairs
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_hand_record(event, a, per_page=4)
    write_hand_record(event, b, per_page=4)
    assert a.read_bytes() == b.read_bytes()


def test_double_dummy_of_a_solid_deal():
    """The solver's answer in core terms: tricks by Seat and Strain, par contracts as Contracts
    with the seats that declare them (3NT by N and by S merged into one entry)."""
    (dd,) = solve([Deal.from_pbn(SOLID)], [(Seat.N, Vulnerability.NONE)])
    assert dd.get(Seat.N, Strain.NT) == 9 and dd.get(Seat.S, Strain.NT) == 9
    assert dd.get(Seat.E, Strain.S) == 4 and dd.get(Seat.W, Strain.C) == 5
    assert dd.par == Par(400, (ParContract(Contract.parse("3NT"), (Seat.N, Seat.S)),))
    assert [str(c) for c in dd.par.contracts] == ["3NT NS"]
    assert dd.to_tag() == "99888998884455544555"  # N S E W rows of NT S H D C, as PBN writes them


def test_file_figures():
    assert Par.from_tags("EW 420", "").score == -420 and Par.from_tags("NS 100", "").score == 100
    assert [str(c) for c in Par.from_tags("", "NS 4S").contracts] == ["4S NS"]
    assert [str(c) for c in Par.from_tags("", "3N EW; 4SX N").contracts] == ["3NT EW", "4SX N"]
    assert [str(c) for c in Par.from_tags("", "5HX EW -2, Pass").contracts] == ["5HX EW -2", "Pass"]
    assert Par.from_tags("", "SN 4S").contracts[0].declarers == (Seat.N, Seat.S)
    with pytest.raises(ValueError, match="cannot read par contract 'NS 4S 5H'"):
        Par.from_tags("NS 420", "NS 4S 5H")
    with pytest.raises(ValueError, match="expected 4 rows of 5"):
        DoubleDummy(((13,) * 5,) * 3)


def test_par_line():
    """One notation for the par in every language: contract, declarers, over/undertricks = side
    and score; a par known only by its score is the score alone (never "Par: ; NS +90")."""
    red = f'<font color="{RED_HEX}">♥</font>'
    en, zh, both = (PrintOptions.of("a4", lang) for lang in ("en", "zh", "both"))
    par = Par(500, (ParContract(Contract.parse("5HX"), (Seat.E, Seat.W), -2),))
    assert par_markup(par, en) == f"5{red}X EW -2 = NS +500"
    assert par_markup(par, zh) == f"5{red}X 东西 -2 = 南北 +500"
    assert par_markup(par, both) == f"5{red}X 东西 -2 = 南北 +500 · 5{red}X EW -2 = NS +500"
    four = Par(450, (ParContract(Contract.parse("4S"), (Seat.N,), 1),))
    assert par_markup(four, zh) == "4♠ 北 +1 = 南北 +450" and par_markup(four, en) == "4♠ N +1 = NS +450"
    assert par_markup(Par(-630, (ParContract(Contract.parse("3NT"), (Seat.E, Seat.W), 1),)), zh) \
        == "3无将 东西 +1 = 东西 +630"
    assert par_markup(Par.from_tags("NS +90", ""), zh) == "南北 +90"
    assert par_markup(Par.from_tags("NS +90", ""), en) == "NS +90"
    assert par_markup(Par(0, (ParContract(Contract.passed_out()),)), en) == "Pass = 0"
    assert par_markup(Par(None, (ParContract(Contract.parse("4S"), (Seat.N, Seat.S)),)), en) == "4♠ NS"
    assert par_markup(Par(None), en) == "" and par_markup(None, en) == ""


def test_unknown_hand_is_left_blank():
    holdings = holdings_of(Deal.from_pbn("N:AKQ2.AK2.AK2.AK2 - - -"))
    assert holdings.hand(Seat.N) == ("AKQ2", "AK2", "AK2", "AK2") and holdings.hcp(Seat.N) == 30
    assert holdings.hand(Seat.E) is None and holdings.hcp(Seat.W) is None


def test_labels_follow_language(tmp_path, pairs):
    event, _ = pairs
    zh, en = tmp_path / "zh.pdf", tmp_path / "en.pdf"
    write_hand_record(event, zh, per_page=4, lang="zh", dd=False)
    write_hand_record(event, en, per_page=4, lang="en", dd=False)
    assert "牌号 1" in text_of(zh) and "Board" not in text_of(zh)
    assert "Board 1" in text_of(en) and "牌号" not in text_of(en)


def test_letter_paper(tmp_path, pairs):
    event, _ = pairs
    out = tmp_path / "l.pdf"
    write_hand_record(event, out, per_page=4, paper="letter", dd=False)
    box = PdfReader(out).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_every_page_header_has_event_date_and_page_x_of_y(tmp_path, pairs):
    event, _ = pairs
    out = tmp_path / "h.pdf"
    assert write_hand_record(event, out, per_page=1, dd=False) == 4
    pages = [page.extract_text() for page in PdfReader(out).pages]
    for number, text in enumerate(pages, start=1):
        assert "测试双人赛 Test Pairs" in text and "2026.11.21" in text
        assert f"页 Page {number} / {len(pages)}" in " ".join(text.split())


def test_red_suits_are_printed_in_red(tmp_path, pairs):
    """Hearts and diamonds are filled with the dark red (#c0001a), spades and clubs in black."""
    event, _ = pairs
    out = tmp_path / "h.pdf"
    write_hand_record(event, out, per_page=4, dd=False)
    stream = PdfReader(out).pages[0].get_contents().get_data().decode("latin-1")
    assert ".752941 0 .101961 rg" in stream, "no fill in the red of the red suits (0xc0/255, 0, 0x1a/255)"
    assert contract_markup(Contract.parse("4HX")) == f'4<font color="{RED_HEX}">♥</font>X'
    assert RED_HEX in contract_markup(Contract.parse("1D"))
    assert RED_HEX not in contract_markup(Contract.parse("4SX"))
    assert RED_HEX not in contract_markup(Contract.parse("3NT"))


# -- travellers -----------------------------------------------------------------------------

def test_blank_travellers(tmp_path, pairs):
    event, _ = pairs
    out = tmp_path / "tb.pdf"
    write_travellers(event, out, blank=True, rows=7)
    text = text_of(out)
    for board in range(1, 5):
        assert f"Board {board}" in text
    for label in ("轮次", "Round", "定约", "Contract", "首攻", "Lead", "墩数", "Tricks", "NS +", "EW +",
                  "备注 Notes"):
        assert label in text
    lines = [line.strip() for line in text.split("\n")]
    assert lines.count("7") == 4 and "8" not in lines  # seven numbered rows on each of 4 travellers


def test_filled_travellers(tmp_path, pairs):
    event, results = pairs
    out = tmp_path / "t.pdf"
    write_travellers(event, out, results=results, diagram=True)
    text = text_of(out)
    assert "3NT" in text and "2♥X" in text and "6NT" in text
    assert "430" in text and "570" in text and "1440" in text  # NS plus scores
    assert "420" in text  # an EW plus score (4♥ by E, board 1)
    assert "Top: 4" in text and "100.00" in text and "50.00" in text  # percentages: two decimals each


# -- results sheets -------------------------------------------------------------------------

def test_pairs_results(tmp_path, pairs):
    event, results = pairs
    out = tmp_path / "r.pdf"
    write_results_pdf(event, results, out, paper="a4", lang="both")
    text = text_of(out)
    for name in ("张伟 - 李娜", "Zoë Dupré - José Núñez", "Ingrid Øster", "Marek Dvořák - 刘洋"):
        assert name in text
    assert "排名 Ranking — 南北 NS" in text and "排名 Ranking — 东西 EW" in text
    assert "68.75" in text and "31.25" in text
    assert "个人计分卡 Personal score card: 1 — 张伟 - 李娜" in text
    assert "+1440" in text and "-1440" in text  # the same result from both sides' cards


def test_teams_results(tmp_path):
    event = read_pbn(TEAMS)
    results = compute_results(event)
    out = tmp_path / "teams.pdf"
    write_results_pdf(event, results, out)
    text = text_of(out)
    assert "长城 Great Wall" in text and "Øresund" in text
    assert "19.95" in text and "0.05" in text and "21" in text  # VPs and the IMP margin
    assert "6NT" in text and "990" in text and "-430" in text
    assert "场数 Matches" in " ".join(text.split())  # a VP ranking counts matches, not boards


# -- ruling forms ---------------------------------------------------------------------------

def test_ruling_record_derives_board_and_adjusted_score():
    record = load_ruling(EXAMPLE)
    dealer, vul = record.conditions
    assert (dealer.name, vul.name) == ("E", "NONE")  # board 14 (Law 2)
    assert [s for _, s in record.adjusted_scores()] == [100]  # 3♥ by East, 7 tricks: down two, NS +100


def test_ruling_form(tmp_path, corpus):
    out = tmp_path / "rf.pdf"
    write_ruling_form(load_ruling(EXAMPLE), out, corpus=corpus)
    text = " ".join(text_of(out).split())  # cells wrap: compare with the line breaks as spaces
    for expected in ("裁判裁决记录 Director's ruling form", "1999:16A", "1999:12C2", "明显的迟疑",
                     "Zoë Dupré", "王芳 Wang Fang", "José Núñez", "东 East", "双方无局 None",
                     "+100", "申诉 Appeal", "Ingrid Øster",
                     "没收 Forfeited", "3♥", "1♠"):
        assert expected in text, expected
    # one assigned result: no weights, no weighted-score formula; the form fits on two pages
    assert "MP/IMP" not in text and "加权得分 Weighted score" not in text and "100%" not in text
    assert len(PdfReader(str(out)).pages) == 2
    again = tmp_path / "rf2.pdf"
    write_ruling_form(load_ruling(EXAMPLE), again, corpus=corpus)
    assert out.read_bytes() == again.read_bytes()
    assert_fonts_embedded(out)


def test_weighted_ruling_form(tmp_path, corpus):
    # 1999 Law 12C3: the results are matchpointed (IMPed) and then weighted; an average of the
    # points (60% of +50 and 40% of -170 = -38) scores differently and must not be printed
    from dataclasses import replace

    from rules_ext.core import Contract
    from rules_ext.pdf.ruling_record import WeightedResult

    record = load_ruling(EXAMPLE)
    weighted = replace(record.adjustment, note="1999:12C3",
                       results=(WeightedResult(Contract.parse("3HE"), 8, 60), WeightedResult(Contract.parse("3HE"), 10, 40)))
    out = tmp_path / "weighted.pdf"
    write_ruling_form(replace(record, adjustment=weighted), out, corpus=corpus)
    text = " ".join(text_of(out).split())
    for expected in ("NS = 60% × MP/IMP(+50) + 40% × MP/IMP(-170)", "do not average the points", "60%", "40%"):
        assert expected in text, expected
    assert "-38" not in text and "−38" not in text


def test_blank_ruling_form(tmp_path):
    out = tmp_path / "blank.pdf"
    write_ruling_form(None, out)
    text = text_of(out)
    for label in ("比赛 Event", "牌号 Board", "叫牌过程 Auction", "事实 Facts", "适用条款 Laws applied",
                  "裁决 Ruling", "调整分 Score adjustment", "申诉 Appeal", "保证金 Deposit"):
        assert label in text, label


BAD_RECORDS = [
    ("event = 'E'\nboard = 3\n[adjustment]\nresult = [{contract = '4S', declarer = 'S', tricks = 14}]\n",
     r"bad\.toml:4: adjustment\.result\[1\]\.tricks: 14 tricks is impossible"),
    ("event = 'E'\nboard = 0\n", r"bad\.toml:2: board: 0 is not a board number"),
    ("event = 'E'\nboard = 3\nlaws = ['27B2']\n", r"bad\.toml:3: laws\[1\]: cannot read law citation '27B2'"),
    ("event = 'E'\nboard = 3\nauction = ['1S', '9Z']\n", r"bad\.toml:3: auction\[2\]: .*cannot read call '9Z'"),
    ("event = 'E'\nboard = 3\n[adjustment]\nresult = [{contract = '4S', declarer = 'S', tricks = 10, "
     "weight = 60}, {contract = '4S', declarer = 'S', tricks = 9, weight = 30}]\n",
     r"weights 60 \+ 30 do not add up to 100"),
    ("event = 'E'\nboard = \n", r"bad\.toml:2: not valid TOML"),
    ("event = 'E'\nboard = 3\ndeal = 'N:AKQ.. - - -'\n", r"bad\.toml:3: deal: cannot read deal"),
]


@pytest.mark.parametrize("text, message", BAD_RECORDS)
def test_bad_ruling_record_is_one_line_and_no_file(tmp_path, capsys, text, message):
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(RulingRecordError, match=message):
        parse_ruling(text, source="bad.toml")
    out = tmp_path / "form.pdf"
    assert main(["ruling", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and str(bad) in err
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]


def test_unknown_law_label_is_reported(tmp_path, corpus):
    record = parse_ruling("event = 'E'\nboard = 1\nlaws = ['1991:99Z9']\n", source="r.toml")
    out = tmp_path / "f.pdf"
    with pytest.raises(RulingRecordError, match=r"r\.toml: laws: 1991:99Z9: no provision '99Z9'"):
        write_ruling_form(record, out, corpus=corpus)
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_bad_event_is_one_line_and_no_file(tmp_path, capsys):
    text = PAIRS.read_text(encoding="utf-8").replace("[Deal \"N:", "[Deal \"N:A", 1)
    bad = tmp_path / "bad.pbn"
    bad.write_text(text, encoding="utf-8")
    for command in (["handrecord"], ["travellers", "--blank"], ["travellers"]):
        out = tmp_path / "x.pdf"
        assert main(command[:1] + [str(bad), "-o", str(out)] + command[1:]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "bad.pbn:" in err, err
        assert not out.exists()
    assert list(tmp_path.iterdir()) == [bad]


def test_cli_commands(tmp_path, capsys):
    outs = {
        "h.pdf": ["handrecord", str(PAIRS), "--per-page", "4", "--no-dd"],
        "tb.pdf": ["travellers", str(PAIRS), "--blank", "--rows", "5", "--lang", "en"],
        "blank.pdf": ["ruling", "--blank", "--paper", "letter"],
    }
    for name, args in outs.items():
        assert main(args + ["-o", str(tmp_path / name)]) == 0, capsys.readouterr().err
        assert PdfReader(tmp_path / name).pages
    assert main(["ruling", "-o", str(tmp_path / "none.pdf")]) == 1
    assert "either a ruling record or --blank" in capsys.readouterr().err


def test_contract_and_card_markup():
    assert contract_markup(Contract.parse("4SX")) == "4♠X" and contract_markup(Contract.parse("3NT")) == "3NT"
    assert contract_markup(Contract.passed_out()) == "Pass"
    assert card_markup("ST") == "♠10" and card_markup(" h4 ") == f'<font color="{RED_HEX}">♥</font>4'
    assert card_markup("?") == "?"
    with pytest.raises(ValueError, match="unknown paper size 'a5'"):
        PrintOptions.of("a5")


# -- renderings to look at ------------------------------------------------------------------

def test_png_renderings(tmp_path, pairs, corpus):
    """Render one page of each kind with pdftoppm into the test artifacts folder's pdf-png/ (outside
    the checkout: tests/artifacts.py) for a person to look at."""
    pdftoppm = require("pdftoppm")
    event, results = pairs
    teams = read_pbn(TEAMS)
    target = artifacts_folder("pdf-png")
    pdfs = {
        "hand-records": lambda p: write_hand_record(event, p, per_page=4),
        "travellers-blank": lambda p: write_travellers(event, p, blank=True),
        "travellers": lambda p: write_travellers(event, p, results=results, diagram=True),
        "results": lambda p: write_results_pdf(event, results, p),
        "ruling-form-blank": lambda p: write_ruling_form(None, p),
        "ruling-form": lambda p: write_ruling_form(load_ruling(EXAMPLE), p, corpus=corpus),
        "teams-results": lambda p: write_results_pdf(teams, compute_results(teams), p),
    }
    for name, write in pdfs.items():
        pdf = tmp_path / f"{name}.pdf"
        write(pdf)
        subprocess.run([pdftoppm, "-r", "50", "-png", "-f", "1", "-l", "1", "-singlefile",
                        str(pdf), str(target / name)], check=True)
        png = target / f"{name}.png"
        assert png.stat().st_size > 5000, f"{png} looks empty"


# -- samples and the file's own double-dummy figures ------------------------------------------

def test_file_double_dummy_agrees_with_dds():
    """The sample event carries DoubleDummyTricks/OptimumScore: our reading of them (declarers
    N S E W × NT S H D C) must equal what DDS computes for the same deals."""
    from rules_ext.cli.samples import PAIRS_EVENT
    from rules_ext.pdf.handrecord import _file_dd

    event = read_pbn(PAIRS_EVENT)
    boards = [b for b in event.boards if b.deal is not None][:3]
    from_file = [_file_dd(b) for b in boards]
    assert all(dd is not None for dd in from_file)
    solved = solve([b.deal for b in boards], [(b.dealer, b.vulnerability) for b in boards])
    for board, mine, theirs in zip(boards, solved, from_file):
        assert mine.tricks == theirs.tricks, board.number
        assert mine.par.score == theirs.par.score, board.number


def test_samples(sample_pdfs):
    from rules_ext.cli.samples import SAMPLE_NAMES, law_pdf_names
    from rules_ext.corpus import load_corpus
    from rules_ext.corpus.catalogue import LAW_PDF_FOLDER

    tmp_path = sample_pdfs  # `samples -o DIR`, run once per test run (tests/conftest.py)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*SAMPLE_NAMES, LAW_PDF_FOLDER])
    # one PDF per law of every edition (tests/rulebook_site/test_history_print.py reads them)
    assert sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / LAW_PDF_FOLDER).iterdir()) \
        == sorted(law_pdf_names(load_corpus()))
    expected = {
        "hand-records.pdf": ["Board 1", "Board 18", "最优定约 Par"],
        "travellers-blank.pdf": ["Board 1", "轮次"],
        "travellers.pdf": ["Board 1", "满分 Top"],
        "results.pdf": ["排名 Ranking — 南北 NS", "叶舟 - 杜文", "个人计分卡"],
        "teams-results.pdf": ["场次 Match", "猛虎", "长城"],
        "teams-travellers.pdf": ["开室（主队坐南北） Open room (home team NS)", "国际分 IMPs won"],
        "teams-round-results.pdf": ["胜利分对照表 VP cross-table", "未打 not played"],
        "teams-round-travellers.pdf": ["Nordlicht", "未打 not played"],
        "ruling-form.pdf": ["1999:16A", "1999:12C2", "双明手墩数 DD tricks"],
        "ruling-form-blank.pdf": ["申诉 Appeal"],
    }
    for name, needles in expected.items():
        text = " ".join(text_of(tmp_path / name).split())
        for needle in needles:
            assert needle in text, (name, needle)
        assert_fonts_embedded(tmp_path / name)


def test_individual_results(tmp_path):
    event = read_pbn(DATA / "mini-individual.pbn")
    results = compute_results(event)
    assert not event.problems and not results.differences
    out = tmp_path / "ind.pdf"
    write_results_pdf(event, results, out, lang="en")
    text = " ".join(text_of(out).split())
    assert "Player" in text and "1=" in text
    for name in ("张伟", "Zoë Dupré", "Ingrid Øster", "Marek Dvořák"):
        assert "Personal score card: " in text and name in text
    # player 6 sat EW on board 1 (6NT by N made: -990 for EW) and NS on board 2 (+50)
    card = text.split("Personal score card: 6")[1].split("Personal score card")[0]
    assert "-990" in card and "+50" in card and "1 (NS)" not in card


def test_hand_record_commentary(tmp_path, capsys):
    notes = tmp_path / "notes.toml"
    notes.write_text('[commentary]\n2 = "西家首攻♠K。West leads the ♠K; 4♥ makes."\n', encoding="utf-8")
    out = tmp_path / "h.pdf"
    assert main(["handrecord", str(PAIRS), "-o", str(out), "--commentary", str(notes), "--no-dd"]) == 0
    text = " ".join(text_of(out).split())
    assert "评述 Commentary" in text and "西家首攻♠K。West leads the ♠K; 4♥ makes." in text
    notes.write_text('[commentary]\nfirst = "?"\n', encoding="utf-8")
    assert main(["handrecord", str(PAIRS), "-o", str(tmp_path / "x.pdf"), "--commentary", str(notes)]) == 1
    assert "commentary.first: expected a board number" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("kind", ["travellers", "travellers-blank", "results", "ruling-blank"])
def test_same_bytes_in_process(tmp_path, pairs, kind):
    event, results = pairs
    write = {
        "travellers": lambda p: write_travellers(event, p, results=results, diagram=True),
        "travellers-blank": lambda p: write_travellers(event, p, blank=True),
        "results": lambda p: write_results_pdf(event, results, p),
        "ruling-blank": lambda p: write_ruling_form(None, p),
    }[kind]
    write(tmp_path / "a.pdf")
    write(tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_same_bytes_across_processes(tmp_path):
    """Stays two real processes: what it checks is that nothing of one process (hash seeds, font
    registration, caches, time) gets into the PDF; in process the second run would share the first's."""
    import sys

    outputs = []
    for name in ("one.pdf", "two.pdf"):
        out = tmp_path / name
        subprocess.run([sys.executable, "-m", "rules_ext", "handrecord", str(PAIRS), "-o", str(out),
                        "--per-page", "4"], check=True, capture_output=True)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]


def test_partial_deal_is_printed_without_dd(tmp_path):
    text = PAIRS.read_text(encoding="utf-8")
    start = text.index('[Deal "') + len('[Deal "')
    end = text.index('"', start)
    first, hands = text[start:end].split(":")
    partial = first + ":" + " ".join([hands.split()[0], "-", "-", "-"])
    source = tmp_path / "partial.pbn"
    source.write_text(text[:start] + partial + text[end:], encoding="utf-8")
    event = read_pbn(source)
    assert not event.problems
    out = tmp_path / "h.pdf"
    assert write_hand_record(event, out, per_page=4) == 1
    text_out = text_of(out)
    assert text_out.count("最优定约 Par") == 3  # boards 2-4 solved; board 1 has one known hand
    assert "Board 1" in text_out


@pytest.mark.parametrize("blank", [True, False])
def test_travellers_are_not_split_across_pages(tmp_path, blank):
    from rules_ext.cli.samples import PAIRS_EVENT

    event = read_pbn(PAIRS_EVENT)
    out = tmp_path / "t.pdf"
    write_travellers(event, out, blank=blank, diagram=not blank)
    seen: list[str] = []
    for number, page in enumerate(PdfReader(out).pages):
        lines = [line for line in page.extract_text().split("\n") if line.strip()]
        first = lines.index(next(x for x in lines if x.startswith("牌号 Board")))
        # only the page header and footer (event, date, title, page x /, y) come before the first
        # traveller (on the first page, the scoring basis, of blank ones too): no rows of a table
        # torn from the page before
        if number == 0:
            assert lines[5].startswith("计分"), lines[:first]
        else:
            assert first == 5, lines[:first]
        body = lines[first:]
        seen += [line.split()[2] for line in body if line.startswith("牌号 Board")]
    assert seen == [str(b.number) for b in event.boards]


def test_filled_travellers_print_the_lead_with_a_suit_symbol(tmp_path):
    """A lead is printed as a director writes it (♠J, ♥10), not in PBN's letters (SJ, HT)."""
    from rules_ext.cli.samples import PAIRS_EVENT

    event = read_pbn(PAIRS_EVENT)
    out = tmp_path / "t.pdf"
    write_travellers(event, out, results=compute_results(event))
    first_page = PdfReader(out).pages[0].extract_text()
    assert "♠J" in first_page and "♦Q" in first_page  # board 1: SJ at table 1, DQ at table 6
    assert not re.search(r"(?<![A-Za-z])[SHDC][2-9TJQKA](?![A-Za-z])", first_page), first_page


def test_team_names_on_a_traveller_fit_their_cells():
    """Match travellers show the home and visiting teams' names: a long one wraps inside its cell
    instead of running over the next column."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    from rules_ext.pdf.sheets import Titled
    from rules_ext.pdf.traveller import filled_travellers_story

    event = read_pbn(package_path("rules_ext.events", "samples", "sample-teams.pbn"))
    results = compute_results(event)
    story = filled_travellers_story(results.boards, PrintOptions.of("a4", "both"), method="imps")
    tables = [f.table for f in story if isinstance(f, Titled)]
    assert len(tables) == len(results.boards)
    wrapped = 0
    for table in tables:
        for row in table._cellvalues[2:]:
            for column in (1, 2):
                cell = row[column]
                if isinstance(cell, Paragraph):
                    wrapped += 1
                    assert cell.wrap(table._colWidths[column] - 6, 1e6)[0] <= table._colWidths[column]
                else:
                    assert stringWidth(str(cell), table._cellStyles[1][column].fontname,
                                       table._cellStyles[1][column].fontsize) <= table._colWidths[column] - 6, cell
    names = [str(row[1]) for table in tables for row in table._cellvalues[2:]]
    assert "长城" in names or wrapped  # whole on one line, or wrapped inside its cell


@pytest.mark.parametrize("lang", ["both", "zh", "en"])
def test_blank_ruling_form_labels_fit_their_rows(lang):
    """The blank form's heading grid has fixed row heights (room to write); a label that wraps to
    two lines ("召请方 Called by", "局况 Vulnerable") must still fit inside its row."""
    from reportlab.platypus import Paragraph, Table

    from rules_ext.pdf.ruling import ruling_story

    story = ruling_story(None, PrintOptions.of("a4", lang))
    grid = next(f for f in story if isinstance(f, Table))
    for row, height in zip(grid._cellvalues, grid._argH):
        for column, cell in enumerate(row):
            if isinstance(cell, Paragraph):
                _, tall = cell.wrap(grid._colWidths[column] - 12, 1e6)
                assert tall + 5 <= height, (cell.text, tall, height)


def test_unreadable_par_contract_is_one_warning_line_naming_the_board(tmp_path, capsys):
    """The file's par is read into core Contracts: a ParContract tag that cannot be read is never
    a guess printed on the sheet, nor a reason not to print: that board prints without par and
    one warning line names it and the accepted forms (exit 0)."""
    from rules_ext.cli.samples import PAIRS_EVENT

    text = PAIRS_EVENT.read_text(encoding="utf-8")
    start = text.index('[ParContract "') + len('[ParContract "')
    bad = tmp_path / "bad.pbn"
    bad.write_text(text[:start] + "NS 4S 5H" + text[text.index('"', start):], encoding="utf-8")
    out = tmp_path / "h.pdf"
    assert main(["handrecord", str(bad), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "board 1 printed without par: cannot read par contract 'NS 4S 5H'" in err, err
    assert "expected e.g. NS 4S" in err and out.exists()
