"""The words only the pages say (the sheets' are :data:`rules_ext.pdf.layout.LABELS`), and the one
plain sentence that tells a player how the figures of a page are made.

:func:`basis_sentence` says it in Chinese for the ranking, a board, a card and a match: the method
(matchpoints, cross-IMPs, Butler, teams IMPs and VPs), the top and the average or what a result is
compared with, the VP scale, and the movement as the file gives it (in Chinese:
:func:`rules_ext.pdf.basis.movement_zh`). What a director checks (the conventions inferred, how many
of the file's figures agree) stays in :func:`rules_ext.pdf.basis.event_basis`, which the pages fold
under 核对.
"""
from __future__ import annotations

from collections import Counter

from rules_ext.core.vp_scales import scale_of
from rules_ext.events.model import Event, EventKind
from rules_ext.events.scoring.results_model import BoardResults, EventResults
from rules_ext.events.scoring.sessions import SeveralSessions
from rules_ext.pdf.basis import _movement, effective_trim
from rules_ext.pdf.figures import fmt_number

__all__ = ["PAGE_WORDS", "basis_sentence", "sessions_sentence"]

#: (Chinese, English) of what only the pages say; ``{name}`` is filled in by the page
PAGE_WORDS: dict[str, tuple[str, str]] = {
    "basis": ("计分依据", "Scoring basis"),
    "check": ("核对", "Check"),
    "corrections": ("裁判长的更正", "Corrections"),
    "pct_ns": ("南北百分比", "% NS"),
    "pct_own": ("本方百分比", "% own"),
    "running": ("累计", "Running total"),
    "pair_card": ("本对计分卡", "Pair's score card"),
    "player_card": ("个人计分卡", "Player's score card"),
    "team_card": ("本队各场比赛", "Team's matches"),
    "team_imps": ("本队国际分", "IMPs won"),
    "frequency": ("各结果的桌数", "Frequency"),
    "tables": ("桌数", "Tables"),
    "results": ("结果", "Results"),
    "as_played": ("各桌叫牌与打牌", "Auction and play at each table"),
    "trick": ("墩", "Trick"),
    "declarer_defence": ("庄家：防守", "Declarer : defence"),
    "claimed": ("其余 {n} 墩未打出（摊牌或记录至此）", "{n} tricks not played out (claimed, or the record ends)"),
    "step": ("逐墩观看", "Step through the play"),
    "step_first": ("开始", "Start"),
    "step_prev": ("上一墩", "Previous trick"),
    "step_next": ("下一墩", "Next trick"),
    "step_last": ("最后", "End"),
    "step_at": ("第 {n} 墩", "Trick {n}"),
    "alert_notes": ("叫品说明", "Explanations"),
    "find": ("查找", "Find"),
    "find_hint": ("对号、队名或姓名", "Number, team or name"),
    "found": ("找到 {n} 个", "{n} found"),
    "none_found": ("没有找到", "Nothing found"),
    "all": ("全部", "All"),
    "sort": ("按此列排序", "Sort by this column"),
    "me_set": ("这是我", "This is me"),
    "me_clear": ("不再标出", "Forget"),
    "me_is": ("已记住：这是我。各页都会标出我的成绩和对手。", "Remembered: every page marks my results and opponents."),
    "me_link": ("我的成绩", "My results"),
    "me_row": ("我", "Me"),
    "opponent_mark": ("对手", "Opponent"),
    "board_sum": ("各副合计", "Sum of the boards"),
    "ranking_total": ("排名所用总分", "Total as ranked"),
    "penalty": ("含罚分 {points}", "a penalty of {points} included"),
    "factored": ("缺打的牌按全场牌数折算", "boards missed factored up"),
    "adjusted_by": ("调整分", "Adjusted score"),
    "by_ruling": ("见裁决 {n}", "see ruling {n}"),
    "by_director": ("裁判长的更正", "director's correction"),
    "at_table_was": ("桌上原为", "at the table"),
    "mismatch": ("此裁决记录与本赛事的记录不符，未计入成绩。", "This ruling record does not fit the event; it scores nothing."),
    "scored_ruling": ("调整分已计入本副牌的成绩（计分单上该桌标为调整分）。",
                      "The adjusted score is in the board's figures (marked on the traveller)."),
    "in_file_ruling": ("比赛文件已按此调整分计分。", "The event file already scores it so."),
    "copy_of_law": ("所引条款的原文（《中国桥牌竞赛规则》{edition}），随成绩一同发布。",
                    "The provision the ruling cites, published with the results."),
    "cited_by": ("引用本条的裁决", "Rulings citing it"),
    "home_team": ("主队", "Home"),
    "visit_team": ("客队", "Visitors"),
    "home_ns": ("主队坐南北", "Home NS"),
    "visit_ns": ("客队坐南北", "Visitors NS"),
    "session": ("第{n}节", "Session {n}"),
    "sessions": ("各节", "Sessions"),
    "sessions_of": ("各节成绩", "Each session"),
    "session_here": ("这是第{n}节的成绩（共 {count} 节）。各节合计：", "Session {n} of {count}. All sessions: "),
    "overall_card": ("总成绩", "Overall"),
    "counts": ("计入", "Counts"),
    "counted": ("计入分", "Counted"),
    "session_total": ("本节总分", "Session total"),
    "not_played": ("未参加", "did not play"),
    "missed": ("{who} 未参加第{n}节：按所打各节排名。", "{who} did not play session {n}: ranked on the sessions played."),
    "renamed": ("{who} 在第{n}节名为 {names}：按编号视为同一参赛者。",
                "{who} is {names} in session {n}: ranked as one by its number."),
}


def _top(value: float | None) -> str:
    return fmt_number(value, 2) if value is not None else ""


def basis_sentence(event: Event, results: EventResults, where: str, board: BoardResults | None = None, *,
                   trim: int = 1) -> str:
    """How the figures of a page are made, in one plain Chinese sentence: ``where`` is ``event``
    (the ranking), ``board`` (with ``board``: its own top or datum), ``participant`` or ``match``."""
    conventions = {name: value for name, value, _ in results.conventions}
    method = results.method
    if method == "matchpoints":
        win, tie = ((results.scale or "2/1/0").split("/") + ["1"])[:2]
        each = f"每胜一桌得 {win} 分、平一桌得 {tie} 分"
        if where == "board" and board is not None and board.top is not None:
            played = sum(1 for ln in board.lines if ln.result.compared or ln.result.artificial is not None)
            text = (f"本副牌打了 {played} 次，每个结果与其他各桌比较，{each}，满分 {_top(board.top)} 分、"
                    f"平均 {_top(board.top / 2)} 分")
            if board.neuberg:
                text += "（结果不全或有人为调整分，按 Neuberg 公式折算）"
        else:
            tops = Counter(b.top for b in results.boards if b.top is not None)
            top = tops.most_common(1)[0][0] if tops else None
            text = f"按比赛分计分：每副牌与打这副牌的其他各桌比较，{each}"
            if top is not None:
                text += (f"，满分 {_top(top)} 分、平均 {_top(top / 2)} 分" if len(tops) == 1
                         else f"，满分多为 {_top(top)} 分（各副牌不同，见各计分单）")
            if where == "participant":
                text += "；总分是各副比赛分之和，百分比是总分占所打各副满分之和的比例"
        if conventions.get("centred") == "yes":
            text += "；比赛分减去平均分记，平均为 0 分"
    elif method in ("cross-imps", "cross-imps-average"):
        how = "取平均" if method == "cross-imps-average" else "相加"
        if where == "board" and board is not None:
            n = sum(1 for ln in board.lines if ln.result.compared or ln.result.artificial is not None)
            text = f"本副牌的每个结果与其他 {max(n - 1, 0)} 个结果逐一比较得国际分（IMP），再{how}"
        else:
            text = f"按交叉国际分计分：每副牌的每个结果与其他各桌的结果逐一比较得国际分（IMP），再{how}，平均为 0 分"
    elif method == "butler":
        rounding = conventions.get("datum-round", "10")
        if where == "board" and board is not None and board.datum is not None:
            scores = [ln.score_ns for ln in board.lines if ln.score_ns is not None]
            dropped = min(trim, (len(scores) - 1) // 2)
            datum = f"南北 {board.datum:+d}" if board.datum else "0"
            text = (f"本副牌的基准分是 {datum}（{len(scores)} 个结果去掉最高、最低各 {dropped} 个后的平均），"
                    "每个结果与基准分比较得国际分（IMP）")
        else:
            dropped = effective_trim(results, trim)
            text = (f"按 Butler 国际分计分：每副牌去掉最高、最低各 {dropped} 个结果，其余的平均分取整到 "
                    f"{rounding} 分作基准分，每个结果与基准分比较得国际分（IMP），平均为 0 分")
    elif results.kind is EventKind.TEAMS:
        if where == "board":
            text = "每场比赛中两队在两室打同一副牌，比较两室的得分得国际分（IMP）"
        else:
            scale = scale_of(results.vp_scale or "wbf2013")
            text = (f"队式赛：每副牌比较两室的得分得国际分（IMP），一场的国际分差按 {scale.title_zh}换算为胜利分"
                    f"（两队共 {scale.total} 分）")
    else:
        text = method
    if where == "event":
        movement, _ = _movement(event, results)
        if movement:
            text += f"；{movement}"
    return text + "。"


#: what a ranking's unit is called in a sentence
_UNIT_ZH = {"MP": "比赛分", "IMP": "国际分（IMP）", "VP": "胜利分"}


def sessions_sentence(several: SeveralSessions) -> str:
    """How an event of several sessions is ranked overall, in one plain Chinese sentence: how many
    sessions, what the earlier ones carry (and who set it), and what the ranking is by."""
    carry = several.carry_over
    n = len(several.sessions)
    if carry.share == 1:
        carried = "每节成绩全部计入"
    elif carry.share == 0:
        carried = "只计最后一节，前几节成绩不带入"
    else:
        carried = f"前几节成绩按 {fmt_number(carry.share * 100, 2)}% 带入，最后一节全部计入"
    who = "裁判长设定" if carry.why.startswith("set") else "默认"
    unit = _UNIT_ZH.get(several.unit, several.unit)
    if several.unit == "MP":
        how = (f"名次按总百分比：各节的百分比按该节所打满分（乘以计入比例）加权平均；总分是带入分加最后一节的{unit}")
    else:
        how = f"名次按总分：带入分加最后一节的{unit}"
    return f"本赛事共 {n} 节，{carried}（{who}）。{how}。"
