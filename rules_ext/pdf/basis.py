"""The scoring basis a sheet states, so that a player can check every figure on it: the method and
scale, the top (matchpoints) or what each result is IMPed against (cross-IMPs, Butler datum,
teams rooms), the artificial-score convention, the movement and sections as the file gives them,
how many of the file's own figures were compared with ours and how many differ.

- :func:`event_basis`: the lines under a results sheet's or a traveller set's title.
- :func:`board_basis`: the line under each traveller's board title (the top, the Butler datum and
  the results it is the mean of, the number of results each cross-IMP result is compared with,
  the figures on this board that differ from the file's).
- :func:`convention_line`: the one place where the scoring programs' conventions the results were
  computed under are printed, each with the reason it was chosen (``EventResults.conventions``).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from rules_ext.core.vp_scales import scale_of
from rules_ext.errors import RulesError
from rules_ext.events.model import Event, EventKind
from rules_ext.events.scoring.conventions import artificial_rate, scoring_rules
from rules_ext.events.scoring.results_model import BoardResults, EventResults
from rules_ext.events.words import ARTIFICIAL_ZH, comparison_words, convention_words, say
from rules_ext.pdf.layout import Lang, PrintOptions
from rules_ext.pdf.sheets import DAGGER, fixed

__all__ = ["blank_basis", "board_basis", "butler_trim", "convention_line", "datum_text", "effective_trim",
           "event_basis", "movement_zh", "vp_scale_title", "vp_scale_words"]


def _say(zh: str, en: str, options: PrintOptions) -> str:
    return say(zh, en, options.lang)


def _method(results: EventResults, event: Event | None) -> tuple[str, str]:
    """(zh, en) of the method and its scale (a Butler datum: the results dropped as the boards drop them)."""
    return _method_words(results.method, results.scale, results.kind, event, results.vp_scale, results.conventions,
                         effective_trim(results, butler_trim(event)) if results.method == "butler" else None)


def effective_trim(results: EventResults, trim: int) -> int:
    """The Butler results dropped at each end as the boards drop them: ``trim``, or fewer where
    every board has too few results for it (a 4-table field dropping 2 of 3 drops 1)."""
    dropped = {min(trim, (sum(1 for ln in b.lines if ln.score_ns is not None) - 1) // 2)
               for b in results.boards if any(ln.score_ns is not None for ln in b.lines)}
    return dropped.pop() if len(dropped) == 1 else trim


def _method_words(method: str, scale: str, kind: EventKind, event: Event | None, vp_scale: str = "",
                  conventions: tuple[tuple[str, str, str], ...] = (), trim: int | None = None) -> tuple[str, str]:
    if method == "matchpoints":
        scale = scale or "2/1/0"
        return (f"比赛分制（每胜一个结果得 {scale.split('/')[0]}，平 {scale.split('/')[1]}；结果不全或有人为分的牌按 "
                f"Neuberg 公式折算）",
                f"Matchpoints, {scale} (per result beaten / tied; Neuberg on a board with fewer results or an "
                f"artificial score)")
    if method in ("cross-imps", "cross-imps-average"):
        average = method == "cross-imps-average"
        return (f"交叉 IMP（每个结果与本牌其他每个结果比较，{'取平均' if average else '相加'}）",
                f"Cross-IMPs (each result IMPed against every other result of the board, "
                f"{'averaged' if average else 'summed'})")
    if method == "butler":
        trim = butler_trim(event) if trim is None else trim
        return (f"Butler IMP（每个结果与本牌基准分比较；基准分：去掉最高、最低各 {trim} 个后的平均，取整到 10）",
                f"Butler IMPs (each result against the board's datum: the mean of the scores after dropping the "
                f"{trim} highest and lowest, rounded to 10)")
    if method == "board-a-match":
        points = next((value for name, value, _ in (conventions or ()) if name == "board-points"), "1/0.5/0")
        won, tied = points.split("/")[:2]
        return (f"队式赛逐副计分（Board-a-match：每副牌比较两室的净得分，胜 {won}，平 {tied}，负 0，不计差额）",
                f"Board-a-match teams (each board won, tied or lost by the two rooms' net score, whatever the "
                f"margin: {won} / {tied} / 0)")
    if kind is EventKind.TEAMS:
        scale_zh, scale_en = vp_scale_words(vp_scale or "wbf2013")
        return (f"队式赛 IMP（每场比赛开室与闭室比较；胜利分按{scale_zh}）",
                f"Teams IMPs (each match's Open room against its Closed room; VPs on the {scale_en})")
    return method, method


def vp_scale_words(name: str) -> tuple[str, str]:
    """(zh, en) of a VP scale as a sheet names it, with where it is published."""
    scale = scale_of(name)
    return f" {scale.title_zh}（{scale.source}）", f"{scale.title_en} ({scale.source})"


def vp_scale_title(results: EventResults, options: PrintOptions) -> str:
    """The VP scale of a teams event's matches as a VP table's title names it ('' when not teams)."""
    if not results.vp_scale:
        return ""
    scale = scale_of(results.vp_scale)
    return _say(scale.title_zh, scale.title_en, options)


def _tops(results: EventResults) -> str:
    tops = Counter(b.top for b in results.boards if b.top is not None)
    if not tops:
        return ""
    common, _ = tops.most_common(1)[0]
    return f"{common:g}" if len(tops) == 1 else f"{common:g}*"


#: what the file states of its movement and field (PBN META, USEBIO), in the order printed
_FIELD = (("TableCount", "桌", "tables"), ("PairCount", "对", "pairs"), ("PlayerCount", "人", "players"),
          ("PhantomCount", "虚拟", "phantom"), ("RoundCount", "轮", "rounds"), ("BoardCount", "副牌", "boards"))


def _movement(event: Event | None, results: EventResults | None) -> tuple[str, str]:
    """(zh, en) of the movement as the file gives it (the results add how they rank and match)."""
    if event is None:
        return "", ""
    meta = dict(event.meta)
    zh: list[str] = []
    en: list[str] = []
    for key, z, e in _FIELD:
        value = meta.get(key, "").strip()
        if value and value != "0":
            zh.append(f"{value} {z}")
            en.append(f"{value} {e}")
    movement = meta.get("Movement", "").strip()
    if movement:
        zh.insert(0, movement_zh(movement))
        en.insert(0, movement)
    sections = sorted({row.get("Section", "").strip() for row in event.totals.records()} - {""}) \
        if event.totals is not None else []
    if sections:
        zh.append(f"分区 {', '.join(sections)}")
        en.append(f"section{'s' if len(sections) > 1 else ''} {', '.join(sections)}")
    if results is not None and any(r.group for r in results.rankings):
        zh.append("南北、东西分别排名")
        en.append("NS and EW ranked apart")
    if results is not None and results.kind is EventKind.TEAMS and results.matches:
        zh.append(f"{len(results.matches)} 场比赛")
        en.append(f"{len(results.matches)} matches")
    if event.kind is not EventKind.TEAMS and not meta.get("BoardCount"):
        boards = len(results.boards) if results is not None else len(event.boards)
        zh.append(f"{boards} 副牌")
        en.append(f"{boards} boards")
    return "，".join(zh), ", ".join(en)


#: the movement words of a file (PBN's Movement) in Chinese, each a pattern and its Chinese
_MOVEMENT_ZH = (
    (re.compile(r"\bmitchell\b", re.I), "米切尔制"), (re.compile(r"\bhowell\b", re.I), "豪威尔制"),
    (re.compile(r"\bswiss\b", re.I), "瑞士制"), (re.compile(r"\bround[- ]robin\b", re.I), "循环赛"),
    (re.compile(r"\barrow[- ]switch(?:ed)?\b", re.I), "换向"),
    (re.compile(r"\bskip after round (\d+)\b", re.I), r"第 \1 轮后跳过一桌"),
    (re.compile(r"\b(\d+) tables?\b", re.I), r"\1 桌"), (re.compile(r"\b(\d+) rounds?\b", re.I), r"\1 轮"),
    (re.compile(r"\b(\d+) boards?\b", re.I), r"\1 副牌"), (re.compile(r"\b(\d+) pairs?\b", re.I), r"\1 对"),
    (re.compile(r"\b(\d+) sections?\b", re.I), r"\1 个分区"), (re.compile(r"\s*,\s*"), "，"),
)


def movement_zh(text: str) -> str:
    """A movement as a file writes it, in Chinese where its words are known (a word that is not
    stays as written).

    >>> movement_zh("Mitchell, 10 tables, 9 rounds, skip after round 5")
    '米切尔制，10 桌，9 轮，第 5 轮后跳过一桌'
    """
    for pattern, chinese in _MOVEMENT_ZH:
        text = pattern.sub(chinese, text)
    return text


def blank_basis(event: Event, options: PrintOptions) -> list[str]:
    """What a blank traveller says of the scoring before any result is in: the method as the
    file declares it and the movement as it gives it (a method the file names in words we do not
    know is left unsaid here: the results refuse it, naming the line)."""
    try:
        rules = scoring_rules(event)
    except RulesError:
        lines = []
    else:
        zh, en = _method_words(rules.method, rules.scale, event.kind, event)
        lines = [_say(f"计分：{zh}。", f"Scoring: {en}.", options)]
    movement_zh, movement_en = _movement(event, None)
    if movement_en:
        lines.append(_say(f"赛制（按文件）：{movement_zh}。", f"As the file gives it: {movement_en}.", options))
    return lines


def convention_line(results: EventResults, options: PrintOptions) -> str:
    """The scoring programs' conventions the results were computed under, each with why (set by
    the director or inferred from the file's figures: ``results.conventions``); '' when none."""
    if not results.conventions:
        return ""
    zh, en = convention_words(results.conventions)
    return _say(f"{zh}。", f"{en}.", options)


def event_basis(event: Event | None, results: EventResults, options: PrintOptions) -> list[str]:
    """The lines that state a sheet's scoring basis (plain text, one per line)."""
    zh, en = _method(results, event)
    top = _tops(results)
    if top:
        star = top.endswith("*")
        zh += f"；满分 {top.rstrip('*')}" + ("（各牌不同时见各计分单）" if star else "")
        en += f"; top {top.rstrip('*')}" + (" (each traveller gives its board's)" if star else "")
    if results.artificial:
        per = f"{artificial_rate(results.artificial):g}"
        zh += f"；人为分每偏离平均 10% 计 {per} IMP（{ARTIFICIAL_ZH.get(results.artificial, '裁判长设定')}）"
        en += f"; an artificial score is {per} IMPs per 10 % off average ({results.artificial})"
    lines = [_say(f"计分：{zh}。", f"Scoring: {en}.", options)]
    movement_zh, movement_en = _movement(event, results)
    if movement_en:
        lines.append(_say(f"赛制（按文件）：{movement_zh}。", f"As the file gives it: {movement_en}.", options))
    convention = convention_line(results, options)
    if convention:
        lines.append(convention)
    if results.compared:
        zh_cmp, en_cmp = comparison_words(results.compared, results.agreeing, results.rounding,
                                          len(results.differences), DAGGER)
        lines.append(_say(zh_cmp + "。", en_cmp + ".", options))
    return lines


def butler_trim(event: Event | None) -> int:
    """The Butler results dropped at each end for a datum, as the file's scoring says (1 unsaid)."""
    rules = scoring_rules(event) if event is not None else None
    return 1 if rules is None or rules.trim is None or rules.method != "butler" else rules.trim


def board_basis(board: BoardResults, results: EventResults, options: PrintOptions, *, differ: int = 0,
                mp_format: Callable[[float | None], str] | None = None, trim: int = 1) -> str:
    """The line under a traveller's title: what this board's figures rest on ('' for nothing)."""
    method = results.method
    scored = [ln for ln in board.lines if ln.score_ns is not None or ln.result.artificial is not None]
    parts: list[tuple[str, str]] = []
    first = ""  # what reads the same in every language: the top
    if method == "matchpoints" and board.top is not None:
        top = mp_format(board.top) if mp_format is not None else f"{board.top:g}"
        if options.lang is Lang.ZH:  # Chinese punctuation; the scale is the event's, said on its first page
            first = f"{options.label('max')}：{top}" + (f"（{options.label('neuberg')}）" if board.neuberg else "")
        else:
            first = options.labelled('max', top) + (" (Neuberg)" if board.neuberg else "") + \
                f"; {results.scale or '2/1/0'}"
    elif method == "butler" and board.datum is not None:
        played = [ln.score_ns for ln in board.lines if ln.score_ns is not None]
        datum = f"{board.datum:+d}" if board.datum else "0"
        dropped = min(trim, (len(played) - 1) // 2)
        parts.append((f"Butler：基准分 南北 {datum}（{len(played)} 个结果去掉最高、最低各 {dropped} 个后的平均）",
                      f"Butler: datum NS {datum} (mean of {len(played)} scores after dropping the {dropped} "
                      f"highest and lowest)"))
    elif method in ("cross-imps", "cross-imps-average") and len(scored) > 1:
        how = ("平均", "averaged") if method == "cross-imps-average" else ("相加", "summed")
        parts.append((f"交叉 IMP：每个结果与其他 {len(scored) - 1} 个比较，{how[0]}",
                      f"Cross-IMPs: each result against the other {len(scored) - 1}, {how[1]}"))
    elif results.kind is EventKind.TEAMS:
        parts.append(("IMP：开室与闭室比较", "IMPs: Open room against Closed room"))
    if results.artificial and method != "matchpoints" and any(ln.result.artificial for ln in board.lines):
        per = f"{artificial_rate(results.artificial):g}"
        parts.append((f"人为分每 10% 计 {per} IMP", f"artificial score {per} IMPs per 10 %"))
    if differ:
        parts.append((f"{differ} 个数字与文件不同（{DAGGER}）", f"{differ} figures differ from the file's ({DAGGER})"))
    if not parts:
        return first
    said = _say("；".join(z for z, _ in parts), "; ".join(e for _, e in parts), options)
    return (f"{first}{'；' if options.lang is Lang.ZH else '; '}{said}") if first else said


def datum_text(datum: int | None) -> str:
    """A Butler datum as a traveller's column prints it (North-South's view): ``+120``, ``-50``, ``0``."""
    return "" if datum is None else fixed(datum, 0) if datum <= 0 else f"+{datum}"
