"""The corpus and check commands (the JSON the site offers for download)."""
import json
import shutil

from rules_ext.cli import main
from rules_ext.corpus import DEFAULT_TEXTS


def test_corpus_json_contract(capsys):
    assert main(["corpus", "--edition", "2008", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (e,) = data["editions"]
    assert {"id", "title", "source", "laws", "definitions", "tables", "junk"} <= set(e)
    assert e["id"] == "2008" and e["source"].startswith("003_")
    law = e["laws"][0]
    assert {"number", "title", "title_editorial", "chapter", "lines", "confidence", "provisions",
            "xrefs"} <= set(law)
    assert law["number"] == 1 and law["lines"] == [770, 771]
    prov = law["provisions"][0]
    assert {"label", "text", "original_text", "children"} <= set(prov)
    assert "♠" in prov["text"] and "(?）" in prov["original_text"]
    for j in e["junk"]:
        assert set(j) == {"lines", "reason"} and j["lines"][0] <= j["lines"][1]
    xref = next(x for law in e["laws"] for x in law["xrefs"])
    assert {"text", "line", "targets", "resolved", "edition"} <= set(xref)
    assert 655 <= xref["line"] <= 838


def test_corpus_text_outline(capsys):
    assert main(["corpus", "--edition", "1991", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "*Law 50 罚张的处理" in out and "lines 700–717" in out


def test_unknown_edition_is_one_line_error(capsys):
    assert main(["corpus", "--edition", "1987"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error:") and "1987" in err and err.count("\n") == 1


def test_check_passes_on_the_delivered_texts(capsys):
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "000_dc6495ac30005e06.txt: 1340/1340 (100.0 %)" in out
    assert "1991 Law 50 lines 700–717" in out and "result: OK" in out


def test_check_fails_on_an_unknown_erratum(tmp_path, capsys):
    for f in DEFAULT_TEXTS.glob("*.txt"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "errata.toml").write_text(
        '[[erratum]]\nid = "ghost"\neditions = ["1991"]\nkey = "不存在的文字"\n'
        'original = "不存在"\ncorrected = "存在"\nreason = "test"\nexplanation = "测试"\n', encoding="utf-8")
    assert main(["check", "--texts", str(tmp_path)]) == 1
    assert "erratum ghost" in capsys.readouterr().out


def test_check_fails_with_line_numbers_on_garbage(tmp_path, capsys):
    (tmp_path / "000_x.txt").write_text("中国桥牌竞赛规则\n1991\n随便什么\n", encoding="utf-8")
    status = main(["check", "--texts", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 1 and "000_x.txt" in out
