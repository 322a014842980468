"""Every line of every file is accounted for exactly once; junk never mixes with rule text."""
import re

from rules_ext.corpus import check_report
from rules_ext.corpus.model import Junk


def junk_lines(edition):
    return {n for j in edition.junk for n in range(j.lines[0], j.lines[1] + 1)}


def test_every_line_accounted(corpus):
    assert set(corpus.line_counts) == {"000_dc6495ac30005e06.txt", "003_c880adfac0e140a9.txt",
                                       "004_dc38c7daa3bc30f4.txt"}
    for name, total in corpus.line_counts.items():
        assert sorted(corpus.places[name]) == list(range(1, total + 1)), name
    assert corpus.problems == []


def test_no_line_in_two_places(corpus):
    for name in corpus.line_counts:
        editions = [e for e in corpus.editions if e.source == name]
        seen = {}
        for e in editions:
            # a note printed as a sentence inside a paragraph (1991 68note) shares its one line with
            # that paragraph, and only with it
            split = [p for p in e.provisions() if p.kind == "note" and not p.marker_line]
            for note in split:
                (n,) = note.own_lines()
                holders = [p.label for p in e.provisions() if p is not note and n in p.own_lines()]
                assert len(holders) == 1, (note.label, holders)
            nodes = [(p.label, p.own_lines()) for p in e.provisions() if p not in split]
            # a definition whose lost heading was recovered from the tail of the previous one's
            # line (SUIT + REDEAL) shares that line with it, and only with it
            fused = [d for d in e.definitions if d.recovered and "fused to" in d.note]
            for d in fused:
                before = e.definitions[e.definitions.index(d) - 1]
                assert d.lines == (before.lines[1],) * 2 and f"fused to {before.term} " in d.note
            nodes += [(f"def {d.term}", range(d.lines[0], d.lines[1] + 1))
                      for d in e.definitions if d not in fused]
            nodes += [(f"junk {j.reason}", range(j.lines[0], j.lines[1] + 1)) for j in e.junk]
            # tables rebuilt from the same flattened lines (dealer + vulnerability of Law 2)
            # may share them with each other, never with anything else
            table_lines = {n for t in e.tables for n in range(t.lines[0], t.lines[1] + 1)}
            nodes.append(("a table", sorted(table_lines)))
            for what, lines in nodes:
                for n in lines:
                    assert n not in seen, f"{name}:{n} in {seen.get(n)} and {what}"
                    seen[n] = what


def test_junk_never_inside_a_provision(corpus):
    for e in corpus.editions:
        junk = junk_lines(e)
        for p in e.provisions():
            assert not junk & set(p.own_lines()), (e.id, p.label)


def test_no_rule_line_is_junk(corpus):
    from rules_ext.corpus import DEFAULT_TEXTS
    for e in corpus.editions:
        lines = (DEFAULT_TEXTS / e.source).read_text(encoding="utf-8").splitlines()
        for n in junk_lines(e):
            text = lines[n - 1]
            assert not re.search(r"第\s*\d+\s*[条條][：:]", text), (e.id, n, text)
            assert not re.match(r"^\s*[（(][A-H][）)]", text), (e.id, n, text)


def test_junk_reasons(corpus):
    reasons = {j.reason.split(" (")[0].split(":")[0] for e in corpus.editions for j in e.junk}
    for expected in ("forum thread", "forum chrome", "ad/SEO spam", "Baike page chrome",
                     "Baike reference footnote", "page title of a serialised posting",
                     "blank line", "duplicated fragment"):
        assert expected in reasons
    e99 = corpus.edition("1999")
    first = min(e99.junk, key=lambda j: j.lines)
    assert first.lines[0] == 1 and first.reason.startswith("forum thread")


def test_check_report_ok(corpus):
    report = check_report(corpus)
    assert report.ok and report.unaccounted == 0
    text = report.render()
    assert "100.0 %" in text and "result: OK" in text
    assert all(f.accounted == f.total for f in report.files)
    assert sum(found for _, found, _ in report.references) > 300


def test_junk_model_rejects_nothing_silently():
    j = Junk((3, 5), "blank line")
    assert j.to_dict() == {"lines": [3, 5], "reason": "blank line"}


def test_prefix_state_machine():
    from rules_ext.corpus.junk import classify_prefix
    from rules_ext.corpus.text import SourceLine
    texts = ["10:29:10 &&", "| 只看此人", "共 31764 次点击，76 个回复& 1", "跳转论坛至：",
             "了解打桥牌的好处", "桥牌比赛软件", "…中国桥牌竞赛规则_百度百科", "清除历史记录关闭"]
    junk = classify_prefix([SourceLine(i + 1, t, t) for i, t in enumerate(texts)])
    assert [(j.lines, j.reason.split(" (")[0]) for j in junk] == [
        ((1, 2), "forum thread"), ((3, 4), "forum chrome"), ((5, 6), "ad/SEO spam"),
        ((7, 8), "Baike page chrome")]
