"""The ruling told in Chinese (rules_ext.core.rulings.prose): every sample case's ruling says each
field of its outcome, in the renderer's one wording, and the command prints exactly that text."""
from __future__ import annotations

from importlib import resources

import pytest

from rules_ext.cli import main
from rules_ext.cli.rulings import quotes_for, ruling_text
from rules_ext.core.rulings import (
    ADJUSTED_WORDS,
    DEPENDS_WORDS,
    MUST_PASS_WORDS,
    PENALTY_CARD_WORDS,
    PENDING,
    PENDING_LABEL,
    available,
    kinds,
    tree,
)
from rules_ext.core.rulings import EDITIONS as RULING_EDITIONS
from rules_ext.core.rulings.case import load_case
from rules_ext.core.rulings.prose import card_words, ruling_prose
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
    described = case.data.get("irregularity", {}).get("description")
    if case.offender is not None and (case.call is not None or case.cards):
        assert lines[head].startswith(f"违规：{case.offender.chinese}家") and lines[head].endswith("。")
    elif described:   # no call or card: the irregularity as the case describes it, never a bare seat
        assert lines[head] == f"违规：{described.rstrip('。')}。"
    else:
        assert not lines[head].startswith("违规：")
    facts = lines.index("事实：")
    for i, step in enumerate(ruling.steps, 1):   # the facts, in the order they were asked
        assert lines[facts + i] == f"  {i}. {step.question} —— {step.answer}{_laws(step.laws)}"
    assert f"裁定：{o.summary}" in lines
    quoted = lines.index("依据条文：")
    own = quotes[:len(o.cites)]
    shown = "\n".join(f"  {q.citation}：“{q.text}”".replace("\n", "\n    ") for q in own).split("\n")
    assert lines[quoted + 1:quoted + 1 + len(shown)] == shown
    assert len(quotes) == len(ruling.all_cites) and all(q.text for q in quotes)
    duties = lines[lines.index("各方须做的：") + 1:] if "各方须做的：" in lines else []
    for x in o.options:
        assert f"  {x.by}可以选择：{x.choice}{_laws(x.laws)}" in duties
    if o.offender_must_pass != "no" or o.partner_must_pass != "no":
        assert f"  违规者：{MUST_PASS_WORDS[o.offender_must_pass]}。" in duties
        assert f"  违规者的同伴：{MUST_PASS_WORDS[o.partner_must_pass]}。" in duties
    if o.lead_restriction:
        assert f"  引牌限制：{o.lead_restriction.text}{_laws(o.lead_restriction.laws)}" in duties
    elif ruling.lead_penalty is not None and ruling.lead_penalty.none:   # the calls exclude Law 26
        assert f"  引牌限制：无（{ruling.lead_penalty.text.rstrip('。')}{_laws(ruling.lead_penalty.laws)}）。" in duties
    for p in ruling.penalty_cards:   # the penalty-card model's cards, each with its duty
        assert (f"  罚张：{p.card}成为{PENALTY_CARD_WORDS[p.kind]}{_laws(p.laws)}；{p.duty}{_laws(p.duty_laws)}"
                in duties)
    if o.penalty_card and not ruling.penalty_cards:
        kind = PENALTY_CARD_WORDS[o.penalty_card.kind]
        named = card_words(o.penalty_card)
        assert named.startswith(o.penalty_card.card) and (o.penalty_card.card in named) is bool(o.penalty_card.card)
        assert f"  罚张（{kind}）：{named}{o.penalty_card.text}{_laws(o.penalty_card.laws)}" in duties
        assert bool(o.penalty_card.card) is (o.penalty_card.of_card and bool(case.cards))
    assert (f"  移墩：{o.tricks_transferred}墩。" in duties) is bool(o.tricks_transferred)
    assert (f"调整分：{ADJUSTED_WORDS[o.adjusted_score]}。" in lines) is not bool(o.refer)
    if ruling.referral is not None:   # the referred law's ruling on the same facts, its facts numbered on
        r = ruling.referral
        at = lines.index(f"按第{o.refer_law}条（{r.title}）裁定：")
        n = len(ruling.steps)
        for i, step in enumerate(r.steps, n + 1):
            assert lines[at + i - n] == f"    {i}. {step.question} —— {step.answer}{_laws(step.laws)}"
        assert f"  裁定：{r.outcome.summary}" in lines[at:]
        assert f"  调整分：{ADJUSTED_WORDS[r.outcome.adjusted_score]}。" in lines[at:]
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


# -- what the facts of a case add, a referral, a judgement not yet decided ------------------------

def test_the_case_tells_several_cards_the_play_so_far_and_the_settled_lead_penalty(corpus):
    def text(name):
        case = load_case(str(CASES.joinpath(name)))
        ruling = case.rule()
        return ruling_text(ruling, quotes_for(ruling, corpus), case).split("\n")

    assert text("exposed_card_auction-1991-two-cards.toml")[1] == "违规：东家暴露♠K ♦7（此前叫牌：1♥）。"
    played = text("revoke-1991-after-play.toml")
    assert played[1] == "违规：西家打出♣A。"
    assert played[2].startswith("此前出牌：♠J ♠2 ♠5 ♠Q ／ ♣3 ♣2 ♣K ♣4 ／ ") and played[2].endswith(" ／ ♦2。")
    changed = text("change_of_call-1991-later-named-suit.toml")
    assert changed[1:3] == ["违规：西家叫1NT后改为2♣（此前叫牌：1♦ 不叫 1♠）。", "此后叫牌：不叫 2♠ 不叫 3♠ 4♣ 4♠ 不叫 不叫 不叫。"]
    restriction = next(i for i, line in enumerate(changed) if line.startswith("  引牌限制："))
    # the calls after it settle Law 26: no lead restriction, and why (26A1), on the restriction's line
    assert changed[restriction] == "  引牌限制：无（违规者此后叫出了有关联的花色♣：不受引牌判罚（第26条A款1项））。"


def test_a_referral_names_the_law_and_imposes_nothing_itself(corpus):
    ruling = tree("insufficient_bid", "1991").walk({"in_turn": "no"})
    lines = ruling_prose(ruling, quotes_for(ruling, corpus), citation=citation, edition_name=EDITIONS.name).split("\n")
    assert "转至：见第31条（越序叫牌），违规者及其同伴是否须不叫、是否判给调整分，均按该条裁定。" in lines
    assert not any(line.startswith(("调整分：", "  违规者：")) for line in lines)


def _pending_walks():
    """Every judgement of every tree answered 待定 on every path that asks it (the other facts
    answered as some path answers them)."""
    for kind in kinds():
        for edition in RULING_EDITIONS:
            if not available(kind, edition):
                continue
            t = tree(kind, edition)
            judged = {q.fact for q in t.questions.values() if q.judgement}
            paths = t.paths()
            defaults: dict[str, object] = {}
            for answers, _ in paths:
                for fact, value in answers.items():
                    defaults.setdefault(fact, value)
            for answers, _ in paths:
                for step in t.walk(answers).steps:
                    if step.fact in judged:
                        yield t.walk({**defaults, **answers, step.fact: PENDING})


DEPENDS_LINES = {"offender_must_pass": "  违规者：", "partner_must_pass": "  违规者的同伴：", "lead_restriction": "  引牌限制：",
                 "penalty_card": "  罚张：", "tricks_transferred": "  移墩："}


def test_a_judgement_not_yet_decided_reads_out_what_depends_on_it_and_each_case(corpus):
    depends = set()
    rulings = list(_pending_walks())
    assert len(rulings) > 50
    for ruling in rulings:
        o = ruling.outcome
        lines = ruling_prose(ruling, quotes_for(ruling, corpus), citation=citation, edition_name=EDITIONS.name).split("\n")
        q = ruling.open
        assert q is not None and len(ruling.branches) == len(q.answers) >= 2
        assert f"  {len(ruling.steps)}. {q.text} —— {PENDING_LABEL}{_laws(q.laws)}" in lines
        cases = [lines.index(f"若{b.label}：") for b in ruling.branches]
        assert lines[cases[0] - 1] == f"待定：{q.text}{_laws(q.laws)}"
        assert not q.chooser
        shared = lines[:cases[0]]
        for field in o.depends:
            if field in DEPENDS_LINES:
                assert f"{DEPENDS_LINES[field]}{DEPENDS_WORDS}。" in shared, field
                depends.add(field)
        for b, start, end in zip(ruling.branches, cases, [*cases[1:], len(lines)], strict=True):
            part = lines[start + 1:end]
            assert all(line.startswith("  ") for line in part)
            assert f"  裁定：{b.ruling.outcome.summary}" in part
            assert (f"  调整分：{ADJUSTED_WORDS[b.ruling.outcome.adjusted_score]}。" in part) is not bool(b.ruling.outcome.refer)
            assert not any(f"  注：{n}" in part for n in o.notes)   # a note all cases share is said once
    assert depends == set(DEPENDS_LINES) - {"tricks_transferred"}
