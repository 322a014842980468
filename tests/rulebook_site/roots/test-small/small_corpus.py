"""A tiny invented corpus for the site's test roots: two editions and a traditional copy."""
from rules_ext.corpus.model import Corpus, CrossReference, Definition, Edition, FrontMatter, Law, Provision, Table


def _p(label, kind, text, marker="", heading="", children=(), xrefs=(), **kw):
    return Provision(label=label, kind=kind, marker=marker, heading=heading, text=text,
                     original_text=kw.pop("original_text", text), lines=(1, 1),
                     children=list(children), xrefs=list(xrefs), **kw)


def load():
    law50 = Law(50, "罚张的处理", True, "第六章 打牌", ("第三部分 罚张",), (10, 12),
                number_editorial=True, confidence=0.9, evidence=["参阅50条 cites it"],
                provisions=[_p("50A", "section", "防家的牌张成为罚张，明手不受影响。", "（A）", "罚张"),
                            _p("50B", "section", "大罚张必须打出。", "（B）", "大罚张", children=[
                                _p("50B1", "item", "首引时适用。", "1.", children=[
                                    _p("50B1a", "subitem", "(a) 不是列表 *星号* `反引号` _下划线_", "（a）")])])])
    law62 = Law(62, "藏牌的纠正", False, "第六章 打牌", ("第四部分 藏牌",), (13, 15), provisions=[
        _p("62A", "section", "发生藏牌时必须纠正。详50条处理。", "（A）", "藏牌的纠正", xrefs=[
            CrossReference("详50条", 13, ("50",), True, "1991")]),
        _p("62B", "section", "参阅99条与第2条B款的规定，另见第7条。", "（B）", "", xrefs=[
            CrossReference("参阅99条", 14, ("99",), False, None, "第99条不存在：原文笔误"),
            CrossReference("第2条B款", 14, ("2B",), True, "1991"),
            CrossReference("第7条", 14, ("7",), True, "1999", "1991 has no Law 7 in this corpus")],
            corrections=["e1"], original_text="参阅99条与第2条B款的规定，另见第7条！")])
    law1 = Law(1, "牌", False, "第二章 基本要求", (), (1, 3), provisions=[
        _p("1", "law", "一副牌有52张，黑桃♠最大。", "", "")])
    law2 = Law(2, "牌套", False, "第二章 基本要求", (), (4, 9), provisions=[
        _p("2A", "section", "牌套编号。", "（A）", "编号"),
        _p("2B", "section", "发牌人与局况见下表。", "（B）", "局况")])
    e1991 = Edition("1991", "中国桥牌竞赛规则 1991", "a.txt", laws=[law1, law2, law50, law62],
                    front=[FrontMatter("preamble", "本规则要领", ["规则适用于复式桥牌。"], (1, 1))],
                    definitions=[Definition("明手", "Dummy", "庄家的同伴，其牌摊在桌上。", "", (1, 1)),
                                 Definition("罚张", "Penalty Card", "防家过早暴露的牌张，参阅50条。", "", (2, 2),
                                            xrefs=[CrossReference("参阅50条", 2, ("50",), True, "1991")]),
                                 # in no dictionary: only the defined terms keep it whole
                                 Definition("越序亮牌", "Card Exposed Out of Turn", "在轮到之前亮出的牌。", "",
                                            (3, 3))],
                    tables=[Table("law2-vulnerability", "2B", "局况表", ["牌套", "局况"],
                                  [["1", "双无"], ["2", "南北有局"]], (5, 6), ["header recovered"])])
    law1b = Law(1, "牌——牌张大小及花色等级", True, "准备事项", (), (1, 1), provisions=[
        _p("1", "law", "一副牌有52张，黑桃♠最大，信息。", "", "", recovered=True)])
    law2b = Law(2, "牌套", False, "准备事项", (), (2, 3), provisions=[
        _p("2A", "section", "牌套的编号。", "A．", "编号"),
        _p("2C", "section", "新增的款。", "C．", "新款")])
    law7b = Law(7, "牌套和牌张的控制", False, "第三章 比赛的准备与进行", (), (4, 4), provisions=[
        _p("7A", "section", "牌套放在桌子中央。", "A．", "牌套的放置")])
    e1999 = Edition("1999", "中国桥牌竞赛规则 1999", "b.txt", laws=[law1b, law2b, law7b],
                    definitions=[Definition("明手", "DUMMY", "庄家的同伴。", "", (1, 1))])
    law1t = Law(1, "牌——牌張大小及花色等級", True, "準備事項", (), (1, 1), provisions=[
        _p("1", "law", "一副牌有52張，明手。", "", "")])
    trad = Edition("1999-trad", "關於中國橋牌比賽的規則", "c.txt", script="traditional",
                   variant_of="1999", partial=True, laws=[law1t])
    return Corpus([e1991, e1999, trad])


def findings(corpus):
    """One invented verification finding for the table of Law 2."""
    from rules_ext.verify import Finding

    return [Finding("1991", "2B", "law2-vulnerability", "2", "局况", "南北有局", "东西有局", "invented")]
