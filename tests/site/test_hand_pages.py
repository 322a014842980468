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
    from rules_ext.site.pages import note_marker
    assert note_marker("（注：") == ("（注：", "）")  # 1999 25note: （注：非违规方按实际结果计分）
    assert note_marker("***注：") == ("（注：", "）")  # the traditional copy's *** brackets
    assert note_marker("(注：") == ("(注：", ")")
    assert note_marker("（注）") == ("（注）", "")  # a note on a line of its own: nothing to close
    assert note_marker("（注）：") == ("（注）：", "")
