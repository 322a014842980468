"""The ruling told in Chinese (rules_ext.core.rulings.prose): every sample case's ruling says each
field of its outcome, in the renderer's one wording, and the command prints exactly that text."""
from __future__ import annotations

from importlib import resources

import pytest

from rules_ext.cli import main
from rules_ext.cli.rulings import quotes_for, ruling_text
from rules_ext.core.rulings import ADJUSTED_WORDS, MUST_PASS_WORDS, PENALTY_CARD_WORDS, tree
from rules_ext.core.rulings.case import load_case
from rules_ext.core.rulings.prose import ruling_prose
from rules_ext.corpus import load_corpus
from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import citation

CASES = resources.files("rules_ext.core.rulings").joinpath("cases")
NAMES = sorted(p.name for p in CASES.iterdir() if p.name.endswith(".toml"))


def _laws(labels) -> str:
    return "（" + "、".join(citation(x) for x in labels) + "）" if labels else ""


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.mark.parametrize("name", NAMES)
def test_every_sample_case_reads_out_each_field_of_its_outcome(name, corpus):
    case = load_case(str(CASES.joinpath(name)))
    ruling = case.rule()
    o = ruling.outcome
    quotes = quotes_for(ruling, corpus)
    lines = ruling_text(ruling, quotes, case).split("\n")
    assert lines[0] == f"{ruling.title}（{EDITIONS.name(ruling.edition)}）"
    head = 1
    if ruling.reference_edition:
        assert lines[head] == f"※ 以下为{EDITIONS.name(ruling.reference_edition)}的规则，仅供参考。"
        head += 1
    if case.offender is not None:
        assert lines[head].startswith(f"违规：{case.offender.chinese}家") and lines[head].endswith("。")
    facts = lines.index("事实：")
    for i, step in enumerate(ruling.steps, 1):   # the facts, in the order they were asked
        assert lines[facts + i] == f"  {i}. {step.question} —— {step.answer}{_laws(step.laws)}"
    assert f"裁定：{o.summary}" in lines
    quoted = lines.index("依据条文：")
    assert lines[quoted + 1:quoted + 1 + len(quotes)] == [f"  {q.citation}：“{q.text}”" for q in quotes]
    assert len(quotes) == len(o.cites) and all(q.text for q in quotes)
    duties = lines[lines.index("各方须做的：") + 1:] if "各方须做的：" in lines else []
    for x in o.options:
        assert f"  {x.by}可以选择：{x.choice}{_laws(x.laws)}" in duties
    if o.offender_must_pass != "no" or o.partner_must_pass != "no":
        assert f"  违规者：{MUST_PASS_WORDS[o.offender_must_pass]}。" in duties
        assert f"  违规者的同伴：{MUST_PASS_WORDS[o.partner_must_pass]}。" in duties
    if o.lead_restriction:
        assert f"  引牌限制：{o.lead_restriction.text}{_laws(o.lead_restriction.laws)}" in duties
    if o.penalty_card:
        kind = PENALTY_CARD_WORDS[o.penalty_card.kind]
        assert f"  罚张（{kind}）：{o.penalty_card.text}{_laws(o.penalty_card.laws)}" in duties
    assert (f"  移墩：{o.tricks_transferred}墩。" in duties) is bool(o.tricks_transferred)
    assert f"调整分：{ADJUSTED_WORDS[o.adjusted_score]}。" in lines
    assert lines[len(lines) - len(o.notes):] == [f"注：{n}" for n in o.notes] or not o.notes
    assert not any(word in "\n".join(lines) for word in ("None", "yes", "no_", "major", "minor", "must"))


@pytest.mark.parametrize("name", NAMES)
def test_the_command_prints_the_renderers_text(name, capsys):
    assert main(["rule", str(CASES.joinpath(name))]) == 0
    out = capsys.readouterr().out
    case = load_case(str(CASES.joinpath(name)))
    ruling = case.rule()
    assert out == ruling_text(ruling, quotes_for(ruling, load_corpus()), case) + "\n"


def test_a_revoke_reads_as_a_director_says_it(corpus):
    case = load_case(str(CASES.joinpath("revoke-1991-won-by-offender.toml")))
    ruling = case.rule()
    text = ruling_text(ruling, quotes_for(ruling, corpus), case)
    assert text.startswith("藏牌（1991年版）\n违规：东家打出♠5。\n事实：\n  1. ")
    assert "\n各方须做的：\n  移墩：2墩。\n调整分：" in text


def test_an_edition_without_the_law_says_the_rule_is_for_reference(corpus):
    t = tree("revoke", "1999", reference="1991")
    answers, _ = t.paths()[0]
    ruling = t.walk(answers)
    text = ruling_prose(ruling, quotes_for(ruling, corpus), citation=citation, edition_name=EDITIONS.name)
    assert text.split("\n")[:2] == [f"{ruling.title}（1999年版）", "※ 以下为1991年版的规则，仅供参考。"]
    assert "违规：" not in text   # no case, no offender named
