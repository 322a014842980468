"""The 裁决助手 in the real chromium, on a phone-sized window: the insufficient-bid questionnaire
walked by clicking to an outcome, an outcome never reached with a question unanswered, the ruling
record copied and read back by the ruling form's reader, the printed ruling sheet one A4 page, the
繁體 page converted (the embedded data too). Screenshots go to the test artifacts folder (tests/artifacts.py) (the site is
built once for all the site tests: tests/rulebook_site/conftest.py)."""
from __future__ import annotations

import base64
import io
import json
import subprocess

import pytest
from required_tools import require
from test_browser import SCREENSHOTS, browser, server, shot  # noqa: F401  (fixtures)
from test_rule_command import GOOD

pytestmark = pytest.mark.slow

#: the 1999 questionnaire up to the outcome "the insufficient bid's information was damaging"
WALK_1999 = [("in_turn", "yes"), ("accepted", "no"), ("conventional", "natural"), ("lowest_conventional", "no"),
             ("correction", "lowest_same_strain"), ("damaging", "yes")]


def tap(driver, element) -> None:
    """A tap: the element scrolled to the middle of the window first (furo's sticky header)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
    element.click()


def question(driver) -> str:
    from selenium.webdriver.common.by import By
    return driver.find_element(By.CSS_SELECTOR, "form.law-assistant-question").get_attribute("data-question")


def answer(driver, qid: str, key: str) -> None:
    from selenium.webdriver.common.by import By
    assert question(driver) == qid
    tap(driver, driver.find_element(By.CSS_SELECTOR, f'label.law-assistant-answer[data-answer="{key}"]'))
    tap(driver, driver.find_element(By.CSS_SELECTOR, "button.law-assistant-next"))


@pytest.fixture()
def phone(browser):  # noqa: F811
    browser.set_window_size(375, 812)
    yield browser
    browser.set_window_size(1280, 1400)


def test_insufficient_bid_to_a_ruling_record(server, phone):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from rules_ext.pdf.ruling_record import parse_ruling

    driver = phone
    driver.get(f"{server}/assistant/insufficient-bid-1999.html")
    assert driver.find_element(By.CSS_SELECTOR, "article h1").text.startswith("不足叫牌（1999年版）")
    # with JavaScript the questionnaire replaces the whole tree (shown on request)
    assert not driver.find_element(By.CSS_SELECTOR, ".law-assistant-tree").is_displayed()
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 375

    # no step forward without an answer: the button is disabled, Enter in the form does nothing
    next_button = driver.find_element(By.CSS_SELECTOR, "button.law-assistant-next")
    assert not next_button.is_enabled()
    assert "请选择一个答案" in driver.find_element(By.CSS_SELECTOR, ".law-assistant-question .law-assistant-status").text
    driver.execute_script("arguments[0].requestSubmit()", driver.find_element(By.CSS_SELECTOR, "form.law-assistant-question"))
    assert question(driver) == "in_turn"
    # each step quotes and links its provision
    quote = driver.find_element(By.CSS_SELECTOR, ".law-assistant-question .law-assistant-quote")
    assert "越序" in quote.text
    assert quote.find_element(By.CSS_SELECTOR, "a").get_attribute("href").endswith("/1999/law-27.html#27C")

    for qid, key in WALK_1999[:3]:
        answer(driver, qid, key)
    # a judgement question is marked, with its help where the tree has one
    assert question(driver) == "lowest_conventional"
    assert driver.find_element(By.CSS_SELECTOR, ".law-assistant-question .law-assistant-judgement").text == "裁判长判断"
    # back: the previous question with its answer still chosen, then forward again by keyboard
    tap(driver, driver.find_element(By.CSS_SELECTOR, "button.law-assistant-back"))
    assert question(driver) == "conventional"
    chosen = driver.find_element(By.CSS_SELECTOR, 'label[data-answer="natural"] input')
    assert chosen.is_selected()
    chosen.send_keys(Keys.ENTER)   # Enter submits the answer, as a keyboard user does
    for qid, key in WALK_1999[3:-1]:
        answer(driver, qid, key)
    shot(driver, "assistant-phone-question")
    answer(driver, *WALK_1999[-1])

    outcome = driver.find_element(By.CSS_SELECTOR, ".law-assistant-outcome-view")
    assert outcome.get_attribute("data-outcome") == "o_lowest_damaging"
    fields = {f.get_attribute("data-field"): f.find_element(By.TAG_NAME, "dd").text
              for f in outcome.find_elements(By.CSS_SELECTOR, ".law-assistant-field")}
    assert fields["laws"] == "第27条B款、第27条B款1项a目、第27条B款1项b目"   # the correction's 27B decides too
    assert fields["adjusted_score"] == "应判给调整分"
    assert fields["partner_must_pass"] == fields["offender_must_pass"] == "不受限制"
    assert fields["penalty_card"] == fields["lead_restriction"] == fields["tricks_transferred"] == "无"
    quotes = [q.text for q in outcome.find_elements(By.CSS_SELECTOR, ".law-assistant-quote")]
    assert any("则应判给调整分" in q for q in quotes), quotes
    steps = driver.find_elements(By.CSS_SELECTOR, ".law-assistant-steps li")
    assert len(steps) == len(WALK_1999) and "足以损害" in steps[-1].text
    driver.execute_script("window.scrollTo(0, 0)")
    phone_shot = shot(driver, "assistant-phone-outcome")

    # the ruling record: refused without event and board, then copied and read back
    copy = driver.find_element(By.CSS_SELECTOR, "button.law-assistant-copy")
    tap(driver, copy)
    assert "赛事名称和牌号" in driver.find_element(By.CSS_SELECTOR, ".law-assistant-record .law-assistant-status").text
    driver.execute_script("window.copied = null; navigator.clipboard.writeText = "
                          "(t) => { window.copied = t; return Promise.resolve(); };")
    for name, value in (("event", "2026 秋季公开双人赛"), ("board", "7"), ("table", "3"), ("director", "陈静")):
        driver.find_element(By.CSS_SELECTOR, f'.law-assistant-record input[name="{name}"]').send_keys(value)
    tap(driver, copy)
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.copied"))
    record = driver.execute_script("return window.copied")
    assert record == driver.find_element(By.CSS_SELECTOR, "textarea.law-assistant-toml").get_attribute("value")
    parsed = parse_ruling(record, source="copied.toml")
    assert parsed.event == "2026 秋季公开双人赛" and parsed.board == 7
    assert parsed.table == "3" and parsed.director == "陈静"
    assert [str(c) for c in parsed.laws] == ["1999:27B", "1999:27B1a", "1999:27B1b"]
    assert "应判给调整分" in parsed.ruling and "足以损害" in parsed.facts
    assert "已复制" in driver.find_element(By.CSS_SELECTOR, ".law-assistant-record .law-assistant-status").text

    # the printed ruling sheet: one A4 page, the outcome, the steps and the quotes only
    import pypdf
    from selenium.webdriver.common.print_page_options import PrintOptions

    options = PrintOptions()
    options.page_width, options.page_height = 21.0, 29.7
    pdf = base64.b64decode(driver.print_page(options))
    printed = SCREENSHOTS / "assistant-ruling-sheet.pdf"
    printed.write_bytes(pdf)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for wanted in ("裁决表", "2026 秋季公开双人赛", "应判给调整分", "则应判给调整分", "足以损害", "裁判长签名"):
        assert wanted in text, wanted
    for unwanted in ("保存裁决记录", "下一步", "全部问题与结果", "繁體", "赛员叫出的叫品", "TOML"):
        assert unwanted not in text, unwanted
    subprocess.run([require("pdftoppm"), "-r", "60", "-png", "-singlefile", str(printed),
                    str(SCREENSHOTS / "assistant-ruling-sheet")], check=True)
    print(f"\nassistant: {phone_shot}, {printed}")

    # back to the last question: the judgement may wait (the third answer, 待定)
    tap(driver, driver.find_element(By.CSS_SELECTOR, "button.law-assistant-back"))
    assert question(driver) == "damaging"
    answer(driver, "damaging", "pending")
    outcome = driver.find_element(By.CSS_SELECTOR, ".law-assistant-outcome-view")
    assert outcome.get_attribute("data-outcome") == "damaging:pending"
    assert "尚待裁判长判定" in outcome.text
    branches = outcome.find_elements(By.CSS_SELECTOR, ".law-assistant-branch")
    assert [b.get_attribute("data-answer") for b in branches] == ["no", "yes"]
    assert "不适用" in branches[0].text and "应判给调整分" in branches[1].text
    shared = {f.get_attribute("data-field"): f.find_element(By.TAG_NAME, "dd").text
              for f in outcome.find_elements(By.CSS_SELECTOR, ":scope > .law-assistant-fields > .law-assistant-field")}
    assert shared["adjusted_score"] == "可以判给调整分", shared
    assert shared["laws"] == "第27条B款、第27条B款1项a目、第27条B款1项b目"
    driver.execute_script("window.scrollTo(0, 0)")
    shot(driver, "assistant-phone-pending")
    tap(driver, driver.find_element(By.CSS_SELECTOR, "button.law-assistant-copy"))
    WebDriverWait(driver, 10).until(lambda d: "pending" in (d.execute_script("return window.copied") or ""))
    parsed = parse_ruling(driver.execute_script("return window.copied"), source="copied.toml")
    assert parsed.adjusted_score == "may"
    assert parsed.pending == ("裁判长是否判定该不足叫牌传递的信息足以损害非违规方？（第27条B款1项b目）□ 未损害 □ 足以损害",)


def test_without_javascript_the_whole_tree(real_site):
    """The page without the script: every question and outcome as nested lists, each outcome in full."""
    html = (real_site.outdir / "assistant" / "insufficient-bid-1991.html").read_text(encoding="utf-8")
    tree = html[html.index('class="law-assistant-tree'):]
    for words in ("不足叫牌是否依序作出", "违规者改为什么叫品", "裁判长判断", "可以判给调整分", "视同为合法叫牌"):
        assert words in tree, words
    assert 'href="#outcome-o-lowest-damaging"' in tree and 'id="outcome-o-lowest-damaging"' in tree
    assert 'href="../1991/law-27.html#27B1b"' in tree


def test_traditional_page_converts_the_data(real_site):
    html = (real_site.outdir / "hant" / "assistant" / "insufficient-bid-1999.html").read_text(encoding="utf-8")
    start = html.index('class="law-assistant-data">') + len('class="law-assistant-data">')
    data = json.loads(html[start:html.index("</script>", start)])
    assert data["title"] == "不足叫牌"   # the same in both scripts
    assert data["questions"]["damaging"]["text"].startswith("裁判長")
    cite = data["outcomes"]["o_lowest_damaging"]["cites"][1]
    assert cite["law"] == "27B1b" and "應判給調整分" in cite["quote"] and cite["keyword"] in cite["quote"]
    assert data["provisions"]["27B1b"]["url"] == "../1999/law-27.html#27B1b"
    script = (real_site.outdir / "hant" / "_static" / "assistant.js").read_text(encoding="utf-8")
    assert "裁判長判斷" in script and "裁判长判断" not in script


#: the script that answers a questionnaire on the page from a case's answers (a choice the case does
#: not answer is left open, as the core leaves it: every option told); returns the question it stuck on
ANSWER_SCRIPT = (
    "var a = document.querySelector('.law-assistant').lawAssistant; a.restart();"
    "for (var i = 0, n = a.current(); n.question; n = a.current(), i++) {"
    "  var q = n.question, v = arguments[0][q.fact || q.id];"
    "  if (i > 60) return q.fact || q.id;"
    "  if (v === undefined && q.chooser) v = 'pending';"
    "  if (v === undefined) return q.fact || q.id;"
    "  a.pending = String(v); a.answer(); }"
    "return null;")


def sample_walks(full: bool):
    """The sample cases' walks: each case, and again with each of its judgements left to wait
    (待定); ``full``: every case, else the first case of each kind (``make test``; ``make test-full``
    walks them all)."""
    from importlib import resources

    from rules_ext.core.rulings import PENDING
    from rules_ext.core.rulings.case import load_case

    cases = sorted(p for p in resources.files("rules_ext.core.rulings").joinpath("cases").iterdir()
                   if p.name.endswith(".toml"))
    if not full:
        first: dict[str, object] = {}
        for path in cases:
            first.setdefault(path.name.split("-")[0], path)
        cases = list(first.values())
    walks = []
    for path in cases:
        case = load_case(str(path))
        walks.append((path.name, case.tree, dict(case.answers)))
        judged = {q.fact for q in case.tree.questions.values() if q.judgement}
        for step in case.rule().steps:
            if step.fact in judged:
                walks.append((f"{path.name} {step.fact}=待定", case.tree, {**case.answers, step.fact: PENDING}))
    return cases, walks


def check_copied_text(server, browser, full: bool) -> None:  # noqa: F811
    """Each walk answered on its questionnaire page: the "copy as text" button gives exactly what
    rules_ext.core.rulings.prose renders for it (no case facts: the page knows only the answers)."""
    from selenium.webdriver.common.by import By

    from rules_ext.cli.rulings import quotes_for
    from rules_ext.core.rulings import PENDING, PENDING_VALUES, RulingError
    from rules_ext.core.rulings.loading import referrals
    from rules_ext.core.rulings.prose import ruling_prose
    from rules_ext.corpus import load_corpus
    from rules_ext.corpus.catalogue import EDITIONS
    from rules_ext.corpus.labels import citation
    from rules_ext.rulebook_site.assistant import page_name

    corpus = load_corpus()
    cases, walks = sample_walks(full)

    def needs(r):   # a referral whose law asks what the case file does not say
        return bool(r.needs) or any(needs(b.ruling) for b in r.branches) or (r.referral is not None and needs(r.referral))

    told = branched = referred = 0
    page = None
    for name, t, answers in walks:
        try:
            ruling = t.walk(answers, referred=referrals(t.edition, t.reference_edition))
        except RulingError:   # a case of the judgement asks what the case file does not say
            continue
        if needs(ruling):
            continue
        want = ruling_prose(ruling, quotes_for(ruling, corpus), citation=citation, edition_name=EDITIONS.name)
        if page != page_name(ruling.kind, ruling.edition):
            page = page_name(ruling.kind, ruling.edition)
            browser.get(f"{server}/{page}.html")
        browser.execute_script("window.copied = null; navigator.clipboard.writeText = "
                               "(t) => { window.copied = t; return Promise.resolve(); };")
        stuck = browser.execute_script(ANSWER_SCRIPT, {k: PENDING if v in PENDING_VALUES else v for k, v in answers.items()})
        assert stuck is None, (name, stuck, answers.get(stuck))
        tap(browser, browser.find_element(By.CSS_SELECTOR, "button.law-assistant-copy-text"))
        copied = browser.execute_script("return window.copied")
        assert copied == want, name
        assert browser.find_element(By.CSS_SELECTOR, ".law-assistant-record .law-assistant-status").text == "已复制裁决（文字）。"
        told += 1
        branched += bool(ruling.branches)
        referred += ruling.referral is not None
    assert told >= len(cases), (told, len(cases))
    if full:
        assert branched >= 4 and referred >= 3, (told, branched, referred)


def test_the_copied_ruling_text_is_the_renderers_for_a_sample_case_of_each_kind(server, browser):  # noqa: F811
    check_copied_text(server, browser, full=False)


@pytest.mark.full
def test_the_copied_ruling_text_is_the_renderers_for_every_sample_case(server, browser):  # noqa: F811
    check_copied_text(server, browser, full=True)


# -- the same answers as `rule`, kind by kind, on the cases written from the text -------------------

def core_fields(ruling) -> dict:
    """The fields of the core's JSON for a walk (Ruling.to_dict), in the page's terms."""
    from rules_ext.corpus.labels import sort_key
    d = ruling.to_dict(sort_key)
    lead, card = d["lead_restriction"], d["penalty_card"]
    return {"laws": d["laws"], "adjusted_score": d["adjusted_score_possible"], "refer": (d["refer"] or {}).get("kind", ""),
            "offender_must_pass": d["offender_must_pass"], "partner_must_pass": d["partner_must_pass"],
            "lead_restriction": lead if lead == "pending" else sorted(lead["laws"]) if lead else [],
            "penalty_card": card if card == "pending" else card["kind"] if card else "",
            "tricks_transferred": d["tricks_transferred"],
            "options": [f"{x['by']}:{','.join(sorted(x['laws']))}" for x in d["options"]]}


def kind_cases():
    import tomllib
    from pathlib import Path
    folder = Path(__file__).parents[1] / "core" / "rulings_cases"
    for path in sorted(folder.glob("*.toml")):
        yield pytest.param(path.stem, tomllib.loads(path.read_text(encoding="utf-8"))["case"], id=path.stem)


@pytest.mark.parametrize(("kind", "cases"), list(kind_cases()))
def test_the_page_gives_the_fields_rule_gives_case_by_case(server, browser, kind, cases):  # noqa: F811
    """Every case written from the text (tests/core/rulings_cases) answered on its kind's page: the
    page's fields (the provisions, who must pass, the lead restriction, the penalty card, tricks,
    adjusted score, options, the referral) are the core's for the same answers, and the provisions
    shown are those. What only a case file tells (the calls after the irregularity that settle Law
    26, the cards named) the page does not know: its fields are the rule as the answers give it."""
    from selenium.webdriver.common.by import By

    from rules_ext.core.rulings import PENDING, PENDING_VALUES
    from rules_ext.core.rulings.case import case_from_data
    from rules_ext.core.rulings.loading import referrals
    from rules_ext.corpus.labels import citation
    from rules_ext.rulebook_site.assistant import page_name

    own = {"name", "text", "unclear", "expected", "story"}
    page = None
    for data in sorted(cases, key=lambda c: c["edition"]):
        case = case_from_data({"kind": kind, **{k: v for k, v in data.items() if k not in own}}, source=data["name"])
        t = case.tree
        answers = {k: PENDING if v in PENDING_VALUES else v for k, v in case.answers.items()}
        want = core_fields(t.walk(answers, referred=referrals(t.edition, t.reference_edition)))
        if page != page_name(kind, case.edition):
            page = page_name(kind, case.edition)
            browser.get(f"{server}/{page}.html")
        stuck = browser.execute_script(ANSWER_SCRIPT, answers)
        assert stuck is None, (data["name"], stuck)
        got = browser.execute_script("var a = document.querySelector('.law-assistant').lawAssistant;"
                                     "return a.fields(a.current());")
        assert got == want, (case.edition, data["name"], {k: (got.get(k), v) for k, v in want.items() if got.get(k) != v})
        shown = browser.find_element(By.CSS_SELECTOR, '.law-assistant-outcome-view [data-field="laws"] dd').text
        assert shown == "、".join(citation(x) for x in want["laws"]), data["name"]


def test_one_grammar_the_page_reads_the_spellings_as_the_core(server, browser):  # noqa: F811
    """The shared table of spellings (tests/grammar/spellings.toml; the core's side:
    tests/core/test_grammar.py): the page's readers of calls, contracts and deals give each the
    table's meaning, or refuse it."""
    import tomllib
    from pathlib import Path

    table = tomllib.loads((Path(__file__).parents[1] / "grammar" / "spellings.toml").read_text(encoding="utf-8"))
    browser.get(f"{server}/assistant/insufficient-bid-1991.html")
    got = browser.execute_script(
        "var g = window.lawAssistantGrammar, t = arguments[0], out = {};"
        "Object.keys(t).forEach(function (what) { out[what] = t[what].map(function (r) { return g[what](r.text) || ''; }); });"
        "return out;", table)
    wrong = [(what, row["text"], got[what][i], row["means"]) for what in table for i, row in enumerate(table[what])
             if got[what][i] != row["means"]]
    assert not wrong, wrong
    assert sum(len(rows) for rows in table.values()) >= 60


#: the insufficient-bid case of WALK_1999 (test_rule_command's) with every field a ruling record takes
#: (the deal given from East, as a director may copy it; the record writes it from North)
FULL_CASE = """event = "2026 秋季公开双人赛"
table = "3"
director = "陈静"
called_by = "E"
deal = "E:K2.AQJ84.Q97.T65 AQ3.K32.KJ2.AK87 J9876.T9.A84.J92 T54.765.T653.Q43"
contract = "2H"
declarer = "S"
tricks = 8
""" + GOOD


def test_the_copied_record_has_the_shape_of_rule_record(server, browser, tmp_path):  # noqa: F811
    """For the same case the page's copied record and ``rule --record`` are one shape: the same
    fields (core.rulings.RECORD_FIELDS, then [result]) in the same order with the same values, read
    from what a director types (不叫 1♠ 1♥, 2♥); so the ruling forms printed from them are the same."""
    import tomllib

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from rules_ext.cli import main
    from rules_ext.core.rulings import RECORD_FIELDS, RECORD_RESULT_FIELDS

    case = tmp_path / "case.toml"
    case.write_text(FULL_CASE, encoding="utf-8")
    cli_record = tmp_path / "cli.toml"
    assert main(["rule", str(case), "--record", str(cli_record), "--format", "json"]) == 0
    cli = tomllib.loads(cli_record.read_text(encoding="utf-8"))
    assert list(cli) == [*(f for f in RECORD_FIELDS if f != "pending"), "result"] and list(cli["result"]) == list(RECORD_RESULT_FIELDS)

    driver = browser
    driver.get(f"{server}/assistant/insufficient-bid-1999.html")
    for qid, key in WALK_1999:
        answer(driver, qid, key)
    driver.execute_script("window.copied = null; navigator.clipboard.writeText = "
                          "(t) => { window.copied = t; return Promise.resolve(); };")

    def field(name):
        return driver.find_element(By.CSS_SELECTOR, f'.law-assistant-record [name="{name}"]')

    copy = driver.find_element(By.CSS_SELECTOR, "button.law-assistant-copy")
    status = driver.find_element(By.CSS_SELECTOR, ".law-assistant-record .law-assistant-status")
    typed = {"event": "2026 秋季公开双人赛", "board": "1", "table": "3", "director": "陈静",
             "auction": "不叫 1♠ 1♥", "deal": "E:K2.AQJ84.Q97.T65 AQ3.K32.KJ2.AK87 J9876.T9.A84.J92 T54.765.T653.Q43",
             "contract": "2♥", "tricks": "8"}
    for name, value in typed.items():
        field(name).send_keys(value)
    Select(field("called_by")).select_by_value("E")
    # what cannot be read is refused in one line, nothing copied
    field("contract").send_keys("加倍加倍")
    tap(driver, copy)
    assert "桌上定约无法识别" in status.text and driver.execute_script("return window.copied") is None
    field("contract").clear()
    field("contract").send_keys("2♥")
    Select(field("declarer")).select_by_value("S")
    tap(driver, copy)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.copied"))
    driver.execute_script("arguments[0].scrollIntoView({block: 'start', behavior: 'instant'})",
                          driver.find_element(By.CSS_SELECTOR, ".law-assistant-record"))
    shot(driver, "assistant-record-form")
    web_text = driver.execute_script("return window.copied")
    web = tomllib.loads(web_text)
    assert list(web) == list(cli) and list(web["result"]) == list(cli["result"])
    assert web == cli

    # the ruling form from either record: the same PDF
    web_record = tmp_path / "web.toml"
    web_record.write_text(web_text, encoding="utf-8")
    forms = []
    for record in (cli_record, web_record):
        out = tmp_path / f"{record.stem}.pdf"
        assert main(["ruling", str(record), "-o", str(out)]) == 0
        forms.append(out.read_bytes())
    assert forms[0] == forms[1]


def test_a_referral_goes_on_into_the_referred_laws_questions(server, phone):  # noqa: F811
    """27C: an insufficient bid out of rotation is ruled by Law 31: the questionnaire goes on with
    Law 31's questions on the same page, and the ruling shows Law 31's, its facts numbered on."""
    from selenium.webdriver.common.by import By

    driver = phone
    driver.get(f"{server}/assistant/insufficient-bid-1991.html")
    answer(driver, "in_turn", "no")
    answer(driver, "turn", "partner")          # Law 31's questions, on the insufficient bid's page
    answer(driver, "call_type_partner", "bid")
    answer(driver, "acc_bid_partner", "no")
    view = driver.find_element(By.CSS_SELECTOR, '.law-assistant-outcome-view[data-outcome="out_of_rotation"]')
    part = view.find_element(By.CSS_SELECTOR, '.law-assistant-referral[data-refer="call_out_of_rotation"]')
    assert part.find_element(By.CSS_SELECTOR, "h3").text == "按第31条（越序叫牌）裁定："
    assert part.find_element(By.CSS_SELECTOR, '[data-outcome="o_31B"]').is_displayed()
    partner = part.find_element(By.CSS_SELECTOR, '[data-field="partner_must_pass"] dd').text
    assert partner == "此后轮到叫牌时必须永远不叫"
    laws = view.find_element(By.CSS_SELECTOR, '[data-field="laws"] dd').text
    assert "第27条C款" in laws and "第31条B款" in laws
    driver.execute_script("arguments[0].scrollIntoView({block: 'start', behavior: 'instant'})", part)
    shot(driver, "assistant-referral")
