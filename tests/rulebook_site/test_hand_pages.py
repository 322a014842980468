"""Hand-written pages say what the rulebook says: a law named next to its link carries its title."""
import re
from pathlib import Path

from rules_ext.corpus import load_corpus

SOURCE = Path(__file__).resolve().parents[2] / "source"
#: ':law:`1991:62` 藏牌的改正' -- a law link followed by the law's name
NAMED_LAW = re.compile(r":law:`(?P<edition>[\w-]+):(?P<number>\d+)`\s*(?P<name>[^\s·。，、（(]+)")


def test_home_page_names_laws_by_their_titles():
    corpus = load_corpus()
    text = (SOURCE / "index.rst").read_text(encoding="utf-8")
    named = [m.groupdict() for m in NAMED_LAW.finditer(text)]
    assert len(named) >= 5, named
    wrong = []
    for n in named:
        law = next(law for law in corpus.edition(n["edition"]).laws if law.number == int(n["number"]))
        if n["name"] != law.title:
            wrong.append(f"{n['edition']}:{n['number']} is named {n['name']!r}, its title is {law.title!r}")
    assert wrong == []


def test_note_marker_closes_a_sentence_note_as_printed():
    from rules_ext.corpus.printed import note_marker
    assert note_marker("（注：") == ("（注：", "）")  # 1999 25note: （注：非违规方按实际结果计分）
    assert note_marker("***注：") == ("（注：", "）")  # the traditional copy's *** brackets
    assert note_marker("(注：") == ("(注：", ")")
    assert note_marker("（注）") == ("（注）", "")  # a note on a line of its own: nothing to close
    assert note_marker("（注）：") == ("（注）：", "")


def test_tables_sit_where_they_were_printed():
    from rules_ext.corpus.model import Provision, Table
    from rules_ext.corpus.printed import table_cuts
    # 1991 Law 2: 指定如下： (line 138), the tables (139-158), 上表 (159)
    p = Provision(label="2", kind="law", text="均指定如下：\n第17副起重复使用上表的规定。",
                  original_text="均指定如下：\n第17副起重复使用上表的规定。", text_lines=[138, 159])
    dealer = Table("law2-dealer", "2", "发牌人", ["发牌人"], [["北"]], (139, 148))
    vul = Table("law2-vul", "2", "局况", ["局况"], [["双无"]], (149, 158))
    assert table_cuts(p, [dealer, vul]) == [7, 7]  # both tables after 如下：, before 上表
    assert table_cuts(p, [Table("t", "2", "", [], [], (160, 170))]) == [len(p.text)]


def test_real_law_2_reads_around_its_tables():
    from rules_ext.corpus import load_corpus
    from rules_ext.rulebook_site import page_data

    corpus = load_corpus()
    edition = corpus.edition("1991")
    law2 = next(law for law in edition.laws if law.number == 2)
    tables = {}
    for t in edition.tables:
        tables.setdefault(t.label, []).append(t)
    data = page_data.provision_data(law2.provisions[0], edition, [], lambda t: t, lambda s: s, tables)
    assert data["text"].rstrip().endswith("指定如下：")
    assert data["tables"][0]["after"] == ""
    assert data["tables"][-1]["after"].startswith("第17副")
