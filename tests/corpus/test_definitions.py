"""Definition lists of 1991, 1999 and 2008: counts, recovered headings, fused and duplicated entries."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.corpus import DEFAULT_TEXTS as TEXTS
from rules_ext.corpus.definitions import (
    display_english,
    parse_definition_lists,
    parse_definitions,
)
from rules_ext.corpus.model import Definition, Junk


def numbered(name: str) -> list[tuple[int, str]]:
    return list(enumerate((TEXTS / name).read_text(encoding="utf-8").splitlines(), 1))


def block(lines: list[tuple[int, str]], after: str, before: str) -> list[tuple[int, str]]:
    """The lines after the first line equal to ``after`` and before the next line starting ``before``."""
    start = next(i for i, (_, t) in enumerate(lines) if t.strip() == after) + 1
    end = next(i for i in range(start, len(lines)) if lines[i][1].startswith(before))
    return lines[start:end]


@pytest.fixture(scope="module")
def blocks() -> dict[str, list[tuple[int, str]]]:
    f000 = numbered("000_dc6495ac30005e06.txt")
    f003 = numbered("003_c880adfac0e140a9.txt")
    return {
        "1991": block(f000, "桥牌术语定义", "第二章"),
        "1999": block(f003, "中国桥牌竞赛规则定义", "中国桥牌竞赛规则规则1999版"),
        "2008": block(f003, "第一章定义", "第二章准备事项"),
    }


@pytest.fixture(scope="module")
def parsed(blocks) -> dict[str, tuple[list[Definition], list[Junk]]]:
    return parse_definition_lists(blocks)


def by_term(definitions: list[Definition]) -> dict[str, Definition]:
    return {d.term: d for d in definitions}


def test_counts_per_edition(parsed) -> None:
    assert {e: len(d) for e, (d, _) in parsed.items()} == {"1991": 56, "1999": 54, "2008": 54}
    # the same 54 concepts in 1999 and 2008, in the same order
    assert [d.term for d in parsed["1999"][0]] == [d.term for d in parsed["2008"][0]]


def test_1991_list_is_alphabetical_and_complete(parsed) -> None:
    definitions, junk = parsed["1991"]
    assert junk == []
    names = [d.english for d in definitions]
    assert names[0] == "Adjusted Score" and names[-1] == "Vulnerability"
    assert names == sorted(names, key=str.lower)
    assert not any(d.recovered for d in definitions)
    contract = by_term(definitions)["定约"]
    assert contract.original_text.splitlines()[-1] == "无论未加倍、加倍和再加倍都一样。"  # unnumbered continuation
    assert len(by_term(definitions)["打牌"].original_text.splitlines()) == 4


def test_every_line_is_accounted_for(blocks, parsed) -> None:
    for edition, lines in blocks.items():
        definitions, junk = parsed[edition]
        owners: dict[int, list[str]] = {}
        for d in definitions:
            for n in range(d.lines[0], d.lines[1] + 1):
                owners.setdefault(n, []).append(d.term)
        for j in junk:
            for n in range(j.lines[0], j.lines[1] + 1):
                owners.setdefault(n, []).append("junk")
        assert sorted(owners) == [n for n, _ in lines], edition
        shared = {n: o for n, o in owners.items() if len(o) > 1}
        # only the fused SUIT + REDEAL line lies in two definitions
        assert list(shared.values()) == ([] if edition == "1991" else [["花色", "重发"]]), edition


@pytest.mark.parametrize(
    ("edition", "terms"),
    [("1999", {"提醒", "重发"}), ("2008", {"队", "局", "轮", "牌", "上家", "提醒", "下家", "重发"})],
)
def test_recovered_headings(parsed, edition: str, terms: set[str]) -> None:
    definitions, _ = parsed[edition]
    assert {d.term for d in definitions if d.recovered} == terms


def test_recovered_entries_carry_evidence_names_and_text(parsed) -> None:
    d1999 = by_term(parsed["1999"][0])
    d2008 = by_term(parsed["2008"][0])
    assert d1999["提醒"].english == "Alert"  # as printed in the 1991 evidence
    assert d1999["提醒"].text.startswith("对本方的叫牌和打牌认为有必要解释时")
    assert (d2008["上家"].english, d2008["上家"].text) == ("RHO", "位于右方的对手。")
    assert (d2008["下家"].english, d2008["下家"].text) == ("LHO", "位于左方的对手。")
    assert d2008["轮"].english == "Round"
    assert d2008["牌"].original_text == "所用的52张牌。"


@pytest.mark.parametrize("edition", ["1999", "2008"])
def test_suit_fused_with_redeal_is_split_and_symbols_restored(parsed, edition: str) -> None:
    d = by_term(parsed[edition][0])
    suit, redeal = d["花色"], d["重发"]
    assert suit.text.endswith("四种花色是：黑桃♠、红心♥、方块♦、梅花♣。")
    assert "因原先发牌有误" not in suit.text
    assert redeal.text == redeal.original_text == "因原先发牌有误再重新发一次牌加以替代。"
    assert redeal.recovered and redeal.english == "Redeal"
    assert redeal.lines == (suit.lines[1], suit.lines[1])
    garble = {"1999": "黑桃&、红心&、方块¨、梅花§", "2008": "黑桃?、红心(C)、方块¨、梅花§"}[edition]
    assert garble in suit.original_text


@pytest.mark.parametrize("edition", ["1999", "2008"])
def test_contamination_and_duplicate_are_junk(parsed, blocks, edition: str) -> None:
    _, junk = parsed[edition]
    text_of = dict(blocks[edition])
    assert len(junk) == 2
    intrusion, duplicate = junk
    assert text_of[intrusion.lines[0]] == "Premium Point 奖分"
    assert intrusion.lines[1] == intrusion.lines[0] + 1 and "contamination" in intrusion.reason
    assert duplicate.lines == (intrusion.lines[1] + 1,) * 2
    assert "duplicated fragment" in duplicate.reason and "宕墩" in duplicate.reason
    # the proper PREMIUM POINTS entry is kept
    assert by_term(parsed[edition][0])["奖分"].english == "PREMIUM POINTS"


def test_fused_heading_and_names_as_printed(parsed) -> None:
    d1999 = by_term(parsed["1999"][0])
    assert d1999["比赛分"].text.startswith("把一个参赛者的成绩") and d1999["比赛分"].lines == (116, 116)
    assert d1999["竞叫"].english == "AUTION"  # typo kept as printed; errata correct it
    assert d1999["超墩"].text == "庄家所得的超过定约数目的牌墩。"  # stray 。 after the heading dropped
    assert d1999["国际比赛分"].english == "INTERNATIONAL MATCH POINT－IMP"


def test_without_evidence_nothing_is_recovered(blocks) -> None:
    definitions, junk = parse_definitions("2008", blocks["2008"])
    assert not any(d.recovered for d in definitions)
    assert len(definitions) == 46  # the headed entries only; orphans stay with their predecessor
    assert len(junk) == 2


def test_display_english() -> None:
    assert display_english("MATCH POINT") == "Match Point"
    assert display_english("RHO") == "RHO"
    assert display_english("Rectification") == "Rectification"


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(list("比赛分（MATCH）Premium 奖分1、.。定约&?¨§黑桃红心方块梅花 \n")),
                        max_size=30), max_size=12))
def test_arbitrary_lines_never_crash_and_are_accounted(texts: list[str]) -> None:
    lines = [(n, t.replace("\n", " ")) for n, t in enumerate(texts, 1)]
    definitions, junk = parse_definitions("1999", lines)
    covered = {n for d in definitions for n in range(d.lines[0], d.lines[1] + 1)}
    covered |= {n for j in junk for n in range(j.lines[0], j.lines[1] + 1)}
    assert covered == {n for n, _ in lines}


@pytest.mark.parametrize(
    ("edition", "terms"),
    [("1999", {"提醒", "重发"}), ("2008", {"队", "局", "轮", "牌", "上家", "提醒", "下家", "重发"})],
)
def test_corpus_recovers_lost_headings_with_evidence(corpus, edition: str, terms: set[str]) -> None:
    """The parsed corpus hands every definition list the others as evidence."""
    e = corpus.edition(edition)
    assert len(e.definitions) == 54
    recovered = {d.term: d for d in e.definitions if d.recovered}
    assert set(recovered) == terms
    assert all(d.note == "" for d in e.definitions if not d.recovered)
    for d in recovered.values():
        assert d.note.startswith("heading lost") and d.to_dict()["note"] == d.note
        if d.term != "重发":  # the fused line is shared with 花色
            assert corpus.places[e.source][d.lines[0]] == f"definition {edition}:{d.term}"
    evidence = "1991" if edition == "1999" else "1999"
    assert f"the {evidence} definition 提醒 (Alert, " in recovered["提醒"].note
    assert "fused to 花色 (SUIT)" in recovered["重发"].note


def test_corpus_1991_list_needs_no_recovery(corpus) -> None:
    definitions = corpus.edition("1991").definitions
    assert len(definitions) == 56 and not any(d.recovered or d.note for d in definitions)


def test_recovery_note_names_the_evidence_edition(blocks, parsed) -> None:
    by_edition = {"1991": parsed["1991"][0]}
    definitions, _ = parse_definitions("1999", blocks["1999"], reference=by_edition)
    alert = by_term(definitions)["提醒"]
    assert alert.recovered and "the 1991 definition 提醒 (Alert, lines " in alert.note
    definitions, _ = parse_definitions("1999", blocks["1999"], reference=parsed["1991"][0])
    assert "the reference definition 提醒" in by_term(definitions)["提醒"].note
