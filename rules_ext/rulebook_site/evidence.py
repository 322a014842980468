"""The corpus's evidence (English, machine-made) told in Chinese for the 考证 pages, and the short
notices a law page shows about a table the source damaged.

The corpus writes its evidence as English sentences of a few fixed forms (see
:mod:`rules_ext.corpus.numbering`, :mod:`rules_ext.corpus.markers`, :mod:`rules_ext.corpus.tables`);
each form has one Chinese rendering here. A sentence of no known form is returned as printed with
a marker, so that a new form shows up on the page and in the test of every sentence of the corpus
(``tests/rulebook_site/test_evidence.py``) instead of being dropped.

>>> in_chinese("similarity with 1999 Law 5: 0.66")
'与1999年版第5条的文字相似度为0.66'
>>> in_chinese("numbered 5 by order: the laws run without gaps from 4 to 93")
'按条序编为第5条：第4条至第93条连续无缺'
"""
from __future__ import annotations

import re
from collections.abc import Callable

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import LabelError, citation

#: what marks a sentence of no known form
UNTRANSLATED = "〔未译〕"


def _ed(edition: str) -> str:
    return EDITIONS.name(edition)


def _cite(label: str) -> str:
    """``第45条C款`` for ``45C`` (a label the grammar does not know is shown as it is)."""
    try:
        return citation(label)
    except LabelError:
        return label


_Render = Callable[[re.Match[str]], str]

#: (form, Chinese rendering), tried in order; the whole sentence must match
_FORMS: list[tuple[str, _Render]] = [
    (r"citation of (\S+) \(line (\d+)\) fits this block \(context overlap ([\d.]+)\)",
     lambda m: f"原文第{m[2]}行引用的{_cite(m[1])}与此段内容相符（上下文重合度{m[3]}）"),
    (r"citation of (\S+) \(line (\d+)\) does not fit this block \(context overlap ([\d.]+)\)",
     lambda m: f"原文第{m[2]}行引用的{_cite(m[1])}与此段内容不符（上下文重合度{m[3]}）"),
    (r"numbered (\d+) by order: the laws run without gaps from (\d+) to (\d+)",
     lambda m: f"按条序编为第{m[1]}条：第{m[2]}条至第{m[3]}条连续无缺"),
    (r"confidence from the margin of the best segmentation over the best one that starts Law (\d+) "
     r"elsewhere \(score ([\d.]+) against ([\d.]+)\): ([\d.]+)",
     lambda m: f"置信度：最佳分段得分{m[2]}，第{m[1]}条另起于别处的最佳分段得分{m[3]}，相差{m[4]}"),
    (r"title: editorial Chinese rendering of the subject of international Law (\d+) \((.+)\)",
     lambda m: f"条名：编者按国际规则第{m[1]}条（{m[2]}）的主题拟定中文条名"),
    (r"subject of international Law (\d+) \((.+)\): terms (.+) of (.+) in its opening and headings",
     lambda m: f"与国际规则第{m[1]}条（{m[2]}）主题相符：其主题词{m[4]}中，见于本条开头与标题的有"
               f"{'（无）' if m[3] == 'none' else m[3]}"),
    (r"boundary: section lettering restarts at (.+)", lambda m: f"分界：款的字母编号从{m[1]}重新开始"),
    (r"boundary: first line after a heading", lambda m: "分界：标题后的第一行"),
    (r"boundary: item numbering restarts at 1 \(optional boundary chosen by the evidence\)",
     lambda m: "分界：项号从1重新开始（此处可分可不分，据上述依据选定）"),
    (r"boundary: paragraph after a paragraph; directly before (.+) \(optional boundary chosen by "
     r"the evidence\)", lambda m: f"分界：段落之后、紧接{m[1]}之前（此处可分可不分，据上述依据选定）"),
    (r"boundary: paragraph after a paragraph \(optional boundary chosen by the evidence\)",
     lambda m: "分界：段落之间（此处可分可不分，据上述依据选定）"),
    (r"boundary: paragraph after a marked heading, last before a structural heading \(optional "
     r"boundary chosen by the evidence\)",
     lambda m: "分界：有编号的标题之后、章节标题之前的末段（此处可分可不分，据上述依据选定）"),
    (r"similarity with (\S+) Law (\d+): ([\d.]+)", lambda m: f"与{_ed(m[1])}第{m[2]}条的文字相似度为{m[3]}"),
    (r"title as the text itself cites Law (\d+) \(line (\d+)\)",
     lambda m: f"条名照本版原文第{m[2]}行引用第{m[1]}条时所称"),
    (r"title from (\S+) Law (\d+) \(text similarity ([\d.]+)\)",
     lambda m: f"条名取自{_ed(m[1])}第{m[2]}条（文字相似度{m[3]}）"),
    (r"aligned with (\S+) Law (\d+): (\d+)/(\d+) provisions match the \S+ provision of the same label "
     r"\(mean similarity ([\d.]+)\)",
     lambda m: f"与{_ed(m[1])}第{m[2]}条逐款对齐：{m[4]}款中有{m[3]}款与同一编号的条款相符（平均相似度{m[5]}）"),
    (r"worded as (\S+) Law (\d+): similarity ([\d.]+), same provisions",
     lambda m: f"措辞与{_ed(m[1])}第{m[2]}条相同：相似度{m[3]}，条款相同"),
    (r"heading lost; the opening matches (\S+) Law (\d+) \(similarity ([\d.]+)\); numbered and titled "
     r"after it", lambda m: f"原文缺标题；开头与{_ed(m[1])}第{m[2]}条相符（相似度{m[3]}），条号与条名依该条"),
    (r"(\w+): the note printed as a sentence inside the paragraph of line (\d+) is a provision of its "
     r"own, as the notes printed on their own lines are",
     lambda m: f"{m[1]}：原文第{m[2]}行段落中以句子形式印出的注，与单独成行的注一样，作为独立条款"),
    (r"(\w+): the note printed as a sentence inside the paragraph of line (\d+) is a provision of its "
     r"own, kept where it was printed",
     lambda m: f"{m[1]}：原文第{m[2]}行段落中以句子形式印出的注，作为独立条款，仍置于原印位置"),
    (r"(\w+): the paragraph of line (\d+) names (\S+) together and closes \w+, after its children",
     lambda m: f"{m[1]}：原文第{m[2]}行的段落合指{m[3]}各项，是{m[1]}的结语，置于各项之后"),
    (r"recovered (\w+): (.+)", lambda m: f"恢复{m[1]}：{_recovered(m[2])}"),
    (r"(\w+) \((.+)\) has a heading but no text: its body was lost in the source",
     lambda m: f"{m[1]}（{m[2]}）只有标题而无条文：条文在原文中已缺失"),
    (r"title printed fused to the body: '(.+)'", lambda m: f"条名与正文连印：“{m[1]}”"),
    (r"the copy starts inside a law: its opening lines match (\S+) Law (\d+) \(similarity ([\d.]+)\)",
     lambda m: f"本抄本始于一条之中：开头几行与{_ed(m[1])}第{m[2]}条相符（相似度{m[3]}）"),
    (r"(\S+) is (\w+): the copy starts inside section (\w) of the sibling edition \(similarity ([\d.]+)\)",
     lambda m: f"{m[1]}即{m[2]}：本抄本始于另一版本的{m[3]}款之中（相似度{m[4]}）"),
    (r"editorial text in the traditional script \(OpenCC s2tw\): title '(.+)' -> '(.+)'",
     lambda m: f"编者所拟文字转为繁体：条名“{m[1]}”作“{m[2]}”"),
    # definitions
    (r"heading lost: the unheaded line (\d+) is not a numbered continuation and matches the (\S+) "
     r"definition (\S+) \((.+), lines (\d+)-(\d+)\), similarity ([\d.]+); term and English name as "
     r"printed there",
     lambda m: f"原文缺词条标题：第{m[1]}行无标题，且不是上一条的续行，与{_ed(m[2])}的定义“{m[3]}”"
               f"（{m[4]}，第{m[5]}–{m[6]}行）相符，相似度{m[7]}；词条与英文名照该处所印"),
    (r"heading lost and body fused to (\S+) \((.+)\) on line (\d+): its last sentence matches the "
     r"(\S+) definition (\S+) \((.+), lines (\d+)-(\d+)\), similarity ([\d.]+); term and English name "
     r"as printed there",
     lambda m: f"原文缺词条标题，正文并入第{m[3]}行的“{m[1]}”（{m[2]}）：其末句与{_ed(m[4])}的定义"
               f"“{m[5]}”（{m[6]}，第{m[7]}–{m[8]}行）相符，相似度{m[9]}；词条与英文名照该处所印"),
    (r"heading lost: the unheaded line (\d+) is not a numbered continuation and matches the (\S+) "
     r"definition (\S+) \((.+), line (\d+)\), similarity ([\d.]+); term and English name from it "
     r"\(its own heading was recovered: see its note\)",
     lambda m: f"原文缺词条标题：第{m[1]}行无标题，且不是上一条的续行，与{_ed(m[2])}的定义“{m[3]}”"
               f"（{m[4]}，第{m[5]}行）相符，相似度{m[6]}；词条与英文名取自该处（该处标题亦为编者恢复，见其说明）"),
    (r"heading lost and body fused to (\S+) \((.+)\) on line (\d+): its last sentence matches the "
     r"(\S+) definition (\S+) \((.+), line (\d+)\), similarity ([\d.]+); term and English name "
     r"from it \(its own heading was recovered: see its note\)",
     lambda m: f"原文缺词条标题，正文并入第{m[3]}行的“{m[1]}”（{m[2]}）：其末句与{_ed(m[4])}的定义"
               f"“{m[5]}”（{m[6]}，第{m[7]}行）相符，相似度{m[8]}；词条与英文名取自该处（该处标题亦为编者恢复，见其说明）"),
    # tables
    (r"the suit column headers after (\S+) are lost in the source; recovered as (.+) \(the order of "
     r"the international table, consistent with the printed undoubled row\)",
     lambda m: f"“{m[1]}”之后的花色栏目标题原文缺失，由编者按国际记分表的顺序补作{m[2]}"
               "（与所印未加倍一行相符）"),
    (r"the no-trump block was printed transposed .*", lambda m: "无将部分原文横竖颠倒印出（每墩一行、"
     "未加倍/加倍/再加倍各一栏），今按花色部分的行序并入同一表"),
    (r"values as printed, including the doubled suit row (.+)",
     lambda m: f"数值均照原文，包括加倍时花色一行所印的{m[1]}"),
    (r"block (\S+): stub header as printed: (.+)", lambda m: f"“{m[1]}”一组的栏目标题原文作“{m[2]}”"),
    (r"rows printed with one value are placed in the column their label names .*",
     lambda m: "只印一个数值的行，按行名所指（有局时/无局时）归入该栏；行名未指明的，两栏都填"),
    (r"the first value of row '(.+)' was fused into its label in the source \('(.+)'\); split off "
     r"as '(.+)'", lambda m: f"“{m[1]}”一行的第一个数值在原文中与行名连印（“{m[2]}”），今分出为“{m[3]}”"),
    (r"the printed scale starts at (.+) = (\d+) IMP; no row is printed for smaller differences",
     lambda m: f"所印换算表从{m[1]}＝{m[2]} IMP开始，未印更小分差的一行"),
    (r"printed as (\d+) column pairs whose cells were interleaved in the source; rebuilt in scale "
     r"order \(left column first\)", lambda m: f"原表分{m[1]}栏并排印出，各格在原文中交错；今按分差顺序重排（先左栏）"),
    (r"flattened in the source, one cell per line; the dealer and vulnerability half-tables were "
     r"interleaved row by row", lambda m: "原文一格一行，发牌人与局况两半表逐行交错；今分为两表"),
    (r"each source line holds a row of both half-tables \(dealer, vulnerability\) side by side",
     lambda m: "原文每行并排印着发牌人与局况两半表的各一行"),
    (r"the header cell (.+) is lost in the source; left empty", lambda m: f"表头“{m[1]}”原文缺失，留空"),
    (r"the dealer column is lost in the source: .*",
     lambda m: "发牌人一栏原文缺失：各格留空，不作推补（牌号分组与1991年版所印相同）"),
    (r"the table body is lost in the source: only the header (.+) survives",
     lambda m: f"表身原文缺失，只存表头“{m[1]}”"),
]
_COMPILED = [(re.compile(form), render) for form, render in _FORMS]

#: the parts of a 'recovered …' sentence
_RECOVERED = [
    (re.compile(r"item numbering restarts at 1 right after the sub-item (\w+); the restarted items "
                r"belong to the next, lost, sub-item; heading from the opening words of the sibling "
                r"edition's (\w+)"),
     lambda m: f"紧接{m[1]}之后项号又从1开始，这些项属于下一个已缺失的目；标题取自另一版本{m[2]}的开头用语"),
    (re.compile(r"lettering jumps from (\w) to (\w); the last paragraph of (\w+) is the lost section; "
                r"heading from the paragraph's own opening phrase"),
     lambda m: f"款的字母编号由{m[1]}跳到{m[2]}；{m[3]}的末段即缺失的一款；标题取自该段的开头用语"),
    (re.compile(r"lettering starts at (\w); one opening paragraph per missing letter; heading from "
                r"the sibling edition's (\w+) \(similarity ([\d.]+)\)"),
     lambda m: f"款的字母编号从{m[1]}开始，缺失的每一款各对应一个开头段落；标题取自另一版本的{m[2]}（相似度{m[3]}）"),
    (re.compile(r"lettering jumps from (\w) to (\w); the last paragraph of (\w+) is the lost section; "
                r"heading from the sibling edition's (\w+) \(similarity ([\d.]+)\)"),
     lambda m: f"款的字母编号由{m[1]}跳到{m[2]}；{m[3]}的末段即缺失的一款；标题取自另一版本的{m[4]}（相似度{m[5]}）"),
    (re.compile(r"(\w+) has item 2 but no item 1; the heading-like line '(.+)' before item 2 is item "
                r"1's heading \(its marker was lost\)"),
     lambda m: f"{m[1]}有第2项而无第1项；第2项之前像标题的一行“{m[2]}”即第1项的标题（编号已缺失）"),
    (re.compile(r"the last paragraph of (\w+) matches (\w+) of the sibling edition \(similarity "
                r"([\d.]+)\), which this law lacks; heading from the sibling edition's (\w+) "
                r"\(similarity ([\d.]+)\)"),
     lambda m: f"{m[1]}的末段与另一版本的{m[2]}相符（相似度{m[3]}），而本条缺{m[2]}；标题取自另一版本的{m[4]}"),
    (re.compile(r"lettering starts at (\w) and item numbering restarts at 1 before it; heading from "
                r"the sibling edition's (\w+)"),
     lambda m: f"款的字母编号从{m[1]}开始，其前项号又从1开始；标题取自另一版本的{m[2]}"),
    (re.compile(r"the items under (\w+) have the headings of the items of (\w+) in the sibling "
                r"edition \((\d+)/(\d+) match\), and this law has no (\w+); heading from the sibling "
                r"edition"),
     lambda m: f"{m[1]}之下各项的标题与另一版本{m[2]}各项的标题相同（{m[4]}项中{m[3]}项相符），而本条没有{m[5]}；标题取自另一版本"),
]


def _recovered(rest: str) -> str:
    for form, render in _RECOVERED:
        m = form.fullmatch(rest)
        if m:
            return render(m)
    return f"{UNTRANSLATED}{rest}"


def in_chinese(sentence: str) -> str:
    """One evidence sentence of the corpus in Chinese (unknown forms marked 〔未译〕)."""
    for form, render in _COMPILED:
        m = form.fullmatch(sentence.strip())
        if m:
            return render(m)
    return f"{UNTRANSLATED}{sentence}"


#: table notes worth a short notice on the law page (what the reader sees was reconstructed); the
#: page shows a table's printed blocks as printed (corpus ``Table.blocks``: 1991 77A's no-trump block
#: transposed), so the notes on how the blocks were joined are told on the 考证 page only
_NOTICE_FORMS = [
    (re.compile(r"the suit column headers after .* are lost in the source; recovered as (.+?) \(.*"),
     lambda m: f"编注：花色栏目标题原文缺失，由编者补作{m[1]}。"),
    (re.compile(r"the header cell (.+) is lost in the source; left empty"),
     lambda m: f"编注：表头“{m[1]}”原文缺失，留空。"),
    (re.compile(r"the dealer column is lost in the source.*"),
     lambda m: "编注：发牌人一栏原文缺失，留空，不作推补。"),
    (re.compile(r"the first value of row '(.+)' was fused into its label.*split off as '(.+)'"),
     lambda m: f"编注：“{m[1]}”一行的第一个数值原文与行名连印，今分出为{m[2]}。"),
]


def table_notice(note: str) -> str:
    """The short Chinese notice a law page shows for one reconstruction note of a table ('' for
    a note about the layout only, which the 考证 page tells)."""
    for form, render in _NOTICE_FORMS:
        m = form.fullmatch(note)
        if m:
            return render(m)
    return ""
