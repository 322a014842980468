"""The words the text report (``results``) and the PDF sheets share, so that both say the same thing:
the label language (:class:`Lang`), the labels both print in Chinese and English (:data:`LABELS`;
the sheets add their own in :mod:`rules_ext.pdf.layout`), the scoring programs' conventions, the
comparison with the file's own figures and the carry-over of several sessions, each as (zh, en).
"""
from __future__ import annotations

import enum
import re

from rules_ext.core import Seat, Vulnerability
from rules_ext.errors import RulesError
from rules_ext.events.scoring.extra_conventions import EXTRA_VALUES_ZH, EXTRA_ZH

__all__ = ["ARTIFICIAL_ZH", "LABELS", "UNIT_LABELS", "WHO_LABELS", "Lang", "carry_over_note", "comparison_words",
           "convention_words", "say", "seat_mark", "session_label"]


class Lang(enum.Enum):
    """Which language the labels are printed in."""

    ZH = "zh"
    EN = "en"
    BOTH = "both"

    @classmethod
    def parse(cls, text: str | Lang) -> Lang:
        if isinstance(text, Lang):
            return text
        try:
            return cls(str(text).strip().lower())
        except ValueError as exc:
            raise RulesError(f"unknown language {text!r}: expected zh, en or both") from exc


def say(zh: str, en: str, lang: Lang) -> str:
    """``zh``, ``en``, or both side by side (one of them when they are the same)."""
    if lang is Lang.ZH:
        return zh
    if lang is Lang.EN:
        return en
    return f"{zh} {en}" if zh != en else zh


def seat_mark(seat: Seat, lang: Lang) -> str:
    """A seat in a grid, a column or on a compass: ``北`` in Chinese, else ``N``."""
    return seat.chinese if lang is Lang.ZH else seat.name


#: the labels the sheets and the text report print, as (Chinese, English)
LABELS: dict[str, tuple[str, str]] = {
    "board": ("牌号", "Board"),
    "boards": ("牌数", "Boards"),
    "matches": ("场数", "Matches"),
    "dealer": ("发牌人", "Dealer"),
    "vul": ("局况", "Vulnerable"),
    **{seat.name: (seat.chinese, english)
       for seat, english in zip(Seat, ("North", "East", "South", "West"), strict=True)},
    **{f"vul.{vul.name}": (vul.chinese, english)
       for vul, english in zip(Vulnerability, ("None", "N-S", "E-W", "All"), strict=True)},
    "round": ("轮次", "Round"),
    "ns_pair": ("南北", "NS"),
    "ew_pair": ("东西", "EW"),
    "contract": ("定约", "Contract"),
    "by": ("庄家", "By"),
    "tricks": ("墩数", "Tricks"),
    "score_ns": ("南北得分", "NS +"),
    "score_ew": ("东西得分", "EW +"),
    "mp": ("比赛分", "MP"),
    "mp_ns": ("南北比赛分", "MP NS"),
    "mp_ew": ("东西比赛分", "MP EW"),
    "pct": ("百分比", "%"),
    "pct_ns": ("南北百分比", "% NS"),
    "pct_ew": ("东西百分比", "% EW"),
    "imps": ("国际分", "IMPs"),
    "imp_ns": ("南北国际分", "IMP NS"),
    "imp_ew": ("东西国际分", "IMP EW"),
    "bp_ns": ("南北比分", "BP NS"),
    "bp_ew": ("东西比分", "BP EW"),
    "notes": ("备注", "Notes"),
    "rank": ("名次", "Rank"),
    "pair": ("对号", "Pair"),
    "player": ("牌手", "Player"),
    "names": ("姓名", "Names"),
    "team": ("队", "Team"),
    "teams": ("队式赛", "Teams"),
    "pairs": ("双人赛", "Pairs"),
    "individual": ("个人赛", "Individual"),
    "vp": ("胜利分", "VP"),
    "board_points": ("比分", "Board points"),
    "masterpoints": ("大师分", "Masterpoints"),
    "open": ("开室", "Open"),
    "closed": ("闭室", "Closed"),
    "ranking": ("排名", "Ranking"),
    "event": ("比赛", "Event"),
    "section": ("分区", "Section"),
    "pass": ("不叫", "Pass"),
    "overall": ("总排名", "Overall ranking"),
    "carried": ("带入分", "Carried"),
    "sessions_note": ("共 {n} 节，前几节成绩带入 {share}（{why_zh}）",
                      "{n} sessions; carry-over of the earlier sessions: {share} ({why})"),
    "home": ("主队", "Home"),
    "visit": ("客队", "Visit"),
    "match_sheets": ("各场比赛", "Match sheets"),
    "datum": ("基准分", "Datum NS"),
    "neuberg": ("按 Neuberg 公式折算", "Neuberg"),
    "room": ("房间", "Room"),
    "one_room_col": ("只有一室", "One room"),
    # the text report's headings and methods
    "left_out": ("未计入的牌（文件中有问题）", "Boards left out (problems in the file)"),
    "kept": ("保留文件原有得分的记录", "Kept from the file"),
    "penalties": ("罚分", "Penalties"),
    "unpaired": ("未配对的记录", "Records not paired"),
    "differences": ("与文件原有数字不同之处", "Differences from the file's own figures"),
    "corrections": ("已应用的更正", "Corrections applied"),
    "method.matchpoints": ("比赛分制", "matchpoints"),
    "method.cross-imps": ("交叉国际分（相加）", "cross-imps"),
    "method.cross-imps-average": ("交叉国际分（平均）", "cross-imps-average"),
    "method.butler": ("巴特勒国际分（与基准分比较）", "butler"),
    "method.imps": ("国际分（开室与闭室比较）", "imps"),
    "method.board-a-match": ("逐副计分", "board-a-match"),
}


#: the label of a ranking's total, by its unit (``Ranking.unit``)
UNIT_LABELS = {"MP": "mp", "IMP": "imps", "VP": "vp", "BP": "board_points"}
#: the label of whom a ranking's ids number, by the kind of event (``EventKind.value``)
WHO_LABELS = {"pairs": "pair", "teams": "team", "individual": "player"}


def session_label(number: int, lang: Lang) -> str:
    """A session as a column or a heading names it: ``第1节``, ``S1``, ``第1节 S1``."""
    return say(f"第{number}节", f"S{number}", lang)


def carry_over_note(sessions: int, name: str, why: str) -> tuple[str, str]:
    """(zh, en) of how much the earlier sessions of several count (``CarryOver``'s name and why)."""
    why_zh = "裁判设定" if why.startswith("set") else "默认：每节全部计入"
    share = {"none": "0%", "full": "100%"}.get(name, name)
    zh, en = LABELS["sessions_note"]
    return (zh.format(n=sessions, share=share, why_zh=why_zh), en.format(n=sessions, share=share, why=why))


#: whose rule an artificial score's IMPs follow, in Chinese (a number: the director's)
ARTIFICIAL_ZH = {"ruter": "Ruter 计分程序的惯例", "ebu": "英格兰桥牌联合会（EBU）的规定",
                 "acbl": "美国桥牌联合会（ACBL）的规定"}

#: the conventions (rules_ext.events.scoring.conventions.CONVENTIONS) and their values, in Chinese
_CONVENTION_ZH = {
    "centred": "比赛分以平均分为零（南北 = −东西）", "short": "打的次数较少的牌", "short-totals": "总分中打的次数较少的牌",
    "factored": "缺打牌的总分按全场牌数折算", "rounded-totals": "总分为各牌舍入后的分数之和", "datum-round": "Butler 基准分舍入到",
    "artificial-imps": "人为分每偏离平均 10% 计 IMP", "trim": "Butler 基准分两端各去掉的结果数",
    "pct-base": "百分比的基数", "tied-places": "总分相同时的名次", **EXTRA_ZH,
}
_VALUE_ZH = {
    "yes": "是", "no": "否", "neuberg": LABELS["neuberg"][0], "own-top": "按本牌满分计", "ties": "缺少的比较作平计",
    "played": "所打各牌的满分", "session": "全场各牌的满分", "shared": "并列（如 3=）", "in-order": "按文件的次序",
    **ARTIFICIAL_ZH, **EXTRA_VALUES_ZH,
}
_FRACTION = re.compile(r"\d+/\d+")


def _convention_zh(name: str, value: str, why: str) -> str:
    if why == "set by the director":
        source = "裁判长设定"
    else:
        fraction = _FRACTION.search(why)
        source = "据文件数字推断" + (f"（{fraction.group(0)} 相符）" if fraction else "")
    return f"{_CONVENTION_ZH.get(name, name)}：{_VALUE_ZH.get(value, value)}，{source}"


def convention_words(conventions: tuple[tuple[str, str, str], ...]) -> tuple[str, str]:
    """(zh, en) of the conventions the results were computed under (``EventResults.conventions``):
    ``计分惯例：…`` and ``Conventions: …``, each with why (no full stop); ('', '') when none."""
    if not conventions:
        return "", ""
    zh = "；".join(_convention_zh(name, value, why) for name, value, why in conventions)
    en = "; ".join(f"{name} {value}" + (f" ({why})" if why else "") for name, value, why in conventions)
    return f"计分惯例：{zh}", f"Conventions: {en}"


def comparison_words(compared: int, agreeing: int, rounding: int, differ: int, mark: str = "") -> tuple[str, str]:
    """(zh, en) of how many of the file's own figures agree with ours (no full stop); ``mark``: how
    the figures that differ are marked ('' when they are not)."""
    zh = f"已与文件原有的 {compared} 个数字核对：{agreeing} 个一致"
    en = f"Checked against the file's own {compared} figures: {agreeing} agree"
    if rounding:
        zh += f"，{rounding} 个只差舍入"
        en += f", {rounding} differ only in rounding"
    if differ:
        zh += f"，{differ} 个不同" + (f"（标 {mark}）" if mark else "")
        en += f", {differ} differ" + (f" (marked {mark})" if mark else "")
    return zh, en
