"""Results as JSON-ready data and as text for a terminal (travellers and rankings), the text in the
label language asked (:class:`Words`: zh, en, both)."""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from rules_ext.core import Seat
from rules_ext.core.vp_scales import scale_of
from rules_ext.events.model import Event, TableResult
from rules_ext.events.scoring.awards import masterpoints
from rules_ext.events.scoring.conventions import artificial_rate
from rules_ext.events.scoring.results_model import EventResults, Ranking, ScoredResult
from rules_ext.events.words import (
    ARTIFICIAL_ZH,
    LABELS,
    UNIT_LABELS,
    WHO_LABELS,
    Lang,
    comparison_words,
    convention_words,
    seat_mark,
)


def _r(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


def contract_text(r: TableResult, symbols: bool = False) -> str:
    """'4SX' (or '4♠X' with symbols), 'Pass', the artificial marker, '-' when not played, '?'."""
    if r.artificial is not None:
        return r.artificial.marker
    if r.damaged:  # the cell as the file wrote it: the file's score kept
        return f"{r.damaged}‡"
    if r.weighted is not None:  # 1999 12C3: e.g. "60% 620 + 40% 170"
        return " + ".join(f"{float(w) * 100:g}% {score}" for w, score in r.weighted.outcomes)
    if r.not_played:
        return "Pen" if r.penalty else "-"
    if r.contract is None:
        return "?"
    return r.contract.symbol if symbols else str(r.contract)


def line_as_dict(line: ScoredResult, with_imps: bool) -> dict[str, Any]:
    r = line.result
    data: dict[str, Any] = {
        "ns": r.ns, "ew": r.ew,
        "contract": None if r.contract is None and r.artificial is None and r.weighted is None else contract_text(r),
        "declarer": r.declarer.name if r.declarer else None,
        "tricks": r.tricks, "score_ns": line.score_ns,
        "mp_ns": _r(line.mp_ns), "mp_ew": _r(line.mp_ew), "pct_ns": _r(line.pct_ns, 2),
        "pct_ew": _r(line.pct_ew, 2),
    }
    if with_imps:
        data["imp_ns"], data["imp_ew"] = _r(line.imp_ns), _r(line.imp_ew)
    for key, value in (("table", r.table), ("round", r.round), ("room", r.room), ("names_ns", r.names_ns),
                       ("names_ew", r.names_ew)):
        if value:
            data[key] = value
    if any(r.member_ids):
        data["member_ids"] = dict(zip("NESW", r.member_ids))
    if r.penalty:
        data["penalty"] = True
    if r.damaged:
        data["damaged"] = r.damaged  # a cell that cannot be read: the file's score and figures kept
    if r.artificial is not None:
        data["artificial"] = {"marker": r.artificial.marker, "pct_ns": r.artificial.pct_ns,
                              "pct_ew": r.artificial.pct_ew}
        if ">" in r.artificial.marker and line.pct_ns is not None and line.pct_ew is not None:
            data["artificial"].update(pct_ns=_r(line.pct_ns, 2), pct_ew=_r(line.pct_ew, 2))  # 800>a: as its row shows
    if r.weighted is not None:
        data["weighted"] = [{"weight": str(w), "score_ns": score} for w, score in r.weighted.outcomes]
    if r.not_played:
        data["not_played"] = True
    if r.score_computed:
        data["score_computed"] = True
    return data


def results_as_dict(event: Event, results: EventResults) -> dict[str, Any]:
    """The ``results --format json`` document."""
    with_imps = results.method != "matchpoints"
    awards = masterpoints(event)
    return {
        "event": event.name, "site": event.site, "date": event.date, "scoring": event.scoring,
        "kind": results.kind.value, "method": results.method, "scale": results.scale,
        "artificial_imps": results.artificial or None,
        "conventions": {name: {"value": value, "why": why} for name, value, why in results.conventions},
        "encoding": event.encoding,
        **({"sections": list(results.sections)} if results.sections else {}),
        "boards": [{
            "board": b.board.number, **({"section": b.section} if b.section else {}),
            "dealer": b.board.dealer.name if b.board.dealer else None,
            "vulnerable": b.board.vulnerability.value if b.board.vulnerability else None,
            "top": b.top, "neuberg": b.neuberg, **({"datum": b.datum} if b.datum is not None else {}),
            "results": [line_as_dict(line, with_imps) for line in b.lines],
        } for b in results.boards],
        "ranking": [{
            "group": ranking.group, **({"section": ranking.section} if ranking.section else {}),
            "rank": e.rank, "id": e.id, "names": e.names, "unit": ranking.unit,
            "total": e.total, "pct": _r(e.pct, 2), "boards": e.boards,
            **({"imps": e.imps} if e.imps is not None else {}),
            **({"masterpoints": {"awarded": awards[e.id].points, "type": awards[e.id].kind}}
               if e.id in awards else {}),
        } for ranking in results.rankings for e in ranking.entries],
        **({"vp_scale": vp_scale_dict(results.vp_scale)} if results.vp_scale else {}),
        "matches": [{"home": m.home, "visit": m.visit, "imps_home": m.imps_home, "imps_visit": m.imps_visit,
                     "boards": m.boards, "vp_home": m.vp_home, "vp_visit": m.vp_visit, "table": m.table,
                     **({"round": m.round} if m.round else {}),
                     **({"one_room": m.one_room} if m.one_room else {}),
                     **({"points_home": m.vp_home, "points_visit": m.vp_visit}
                        if results.method == "board-a-match" else {}),
                     **({"not_played": True} if not m.boards else {})}
                    for m in results.matches],
        "comparison": {"compared": results.compared, "agreeing": results.agreeing, "rounding": results.rounding,
                       "differences": len(results.differences),
                       **({"not_compared": dict(results.not_compared)} if results.not_compared else {})},
        **({"unpaired": list(results.unpaired)} if results.unpaired else {}),
        "rounding": results.rounding,
        "differences": [{"board": d.board, "participant": d.participant, "item": d.item, "theirs": d.theirs,
                         "ours": d.ours, "line": d.line} for d in results.differences],
        "penalties": [{"pair": p.pair, "points": p.points, "board": p.board, "source": p.source,
                       "reason": p.reason, "line": p.line} for p in results.penalties],
        "problems": [str(p) for p in event.problems],
        **({"warnings": [str(w) for w in event.warnings]} if event.warnings else {}),
        "boards_left_out": list(event.left_out),
    }


def ranking_title(ranking: Ranking) -> str:
    """'Ranking', 'Ranking NS', 'Ranking section A', 'Ranking section A NS'."""
    return " ".join(part for part in ("Ranking", f"section {ranking.section}" if ranking.section else "",
                                      ranking.group) if part)


def vp_scale_dict(name: str) -> dict[str, Any]:
    """A VP scale as the JSON document names it: its name, title and where it is published."""
    scale = scale_of(name)
    return {"name": scale.name, "title": scale.title_en, "source": scale.source, "total": scale.total,
            "whole_numbers": scale.whole}


def vp_format(name: str) -> Callable[[float], str]:
    """How a VP figure of the scale ``name`` is printed: whole numbers as such, else 2 decimals."""
    whole = bool(name) and scale_of(name).whole
    return (lambda value: f"{value:.0f}") if whole else (lambda value: f"{value:.2f}")


def width(text: str) -> int:
    """Terminal columns of a text: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, size: int, right: bool = False) -> str:
    gap = " " * max(0, size - width(text))
    return gap + text if right else text + gap


def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    sizes = [max(width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(pad(cell, sizes[i], i in right) for i, cell in enumerate(row)).rstrip() for row in rows]


def _num(value: float | None, digits: int = 1) -> str:
    if value is None:
        return ""
    return f"{value:.{digits}f}"


class Words:
    """The text report's words in one language (``--lang``): the Chinese of the shared labels
    (:data:`rules_ext.events.words.LABELS`) and the terminal's own short English."""

    def __init__(self, lang: str | Lang = Lang.EN) -> None:
        self.lang = Lang.parse(lang)

    @property
    def zh_only(self) -> bool:
        return self.lang is Lang.ZH

    def heading(self, zh: str, en: str, gloss: str | None = None) -> str:
        """A heading: Chinese, English, or Chinese with the English beside in brackets (``gloss``
        when given: the English of what is not the same in both, a name or a file said once)."""
        if self.lang is Lang.BOTH:
            return f"{zh}  ({en if gloss is None else gloss})"
        return zh if self.lang is Lang.ZH else en

    def lines(self, zh: str, en: str) -> list[str]:
        """A sentence: in both languages the Chinese line, then the English."""
        return [zh] if self.lang is Lang.ZH else [en] if self.lang is Lang.EN else [zh, en]

    def header(self, columns: Sequence[tuple[str | None, str]]) -> list[list[str]]:
        """A table's header row(s), each column as (the label whose Chinese it is, the English): in
        both languages a Chinese row above an English one, so the columns stay narrow."""
        return self.header_words([(LABELS[key][0] if key else "", english) for key, english in columns])

    def header_words(self, columns: Sequence[tuple[str, str]]) -> list[list[str]]:
        """A table's header row(s), each column as (Chinese, English)."""
        zh = [chinese for chinese, _ in columns]
        en = [english for _, english in columns]
        return [zh] if self.lang is Lang.ZH else [en] if self.lang is Lang.EN else [zh, en]

    def zh(self, key: str) -> str:
        return LABELS[key][0]

    def seat(self, seat: Seat) -> str:
        return seat_mark(seat, self.lang)

    def cell(self, key: str, english: str) -> str:
        """A cell's word (a room, Pass): Chinese in Chinese alone, else as the file writes it."""
        return LABELS[key][0] if self.lang is Lang.ZH else english


def _artificial_note(results: EventResults) -> tuple[str, str]:
    """(zh, en) of ', artificial scores: ebu (2 IMPs per 10 %...)' when an IMP-scored pairs board has
    artificial scores."""
    if not results.artificial or not any(ln.result.artificial for b in results.boards for ln in b.lines):
        return "", ""
    cross = results.method.startswith("cross")
    unit = "per comparison" if cross else "against the datum"
    rate = f"{artificial_rate(results.artificial):g}"
    return (f"；人为分：每偏离平均 10% 计 {rate} 国际分（{'每次比较' if cross else '与基准分比较'}；"
            f"{ARTIFICIAL_ZH.get(results.artificial, '裁判长设定')}）",
            f", artificial scores: {results.artificial} ({rate} IMPs per 10 % off average, {unit})")


def _not_compared(results: EventResults) -> tuple[str, str]:
    """(zh, en) of '; not compared: 40 (ScoreIMP NS 20, ScoreIMP EW 20), no figure of ours for them'
    when some of the file's figures had none of ours to be compared with."""
    if not results.not_compared:
        return "", ""
    count = sum(n for _, n in results.not_compared)
    items = ", ".join(f"{item} {n}" for item, n in results.not_compared)
    return (f"；未核对 {count} 个（{items}），我们没有与之相应的数字",
            f"; not compared: {count} ({items}), no figure of ours for them")


def method_words(results: EventResults) -> tuple[str, str]:
    """(zh, en) of the kind of event and its method: '双人赛，比赛分制 2/1/0', 'pairs, matchpoints 2/1/0'."""
    scale = f" {results.scale}" if results.scale else ""
    kind, method = results.kind.value, results.method
    method_zh = LABELS[f"method.{method}"][0] if f"method.{method}" in LABELS else method
    return f"{LABELS[kind][0]}，{method_zh}{scale}", f"{kind}, {method}{scale}"


def _group(group: str, words: Words) -> str:
    return words.zh({"NS": "ns_pair", "EW": "ew_pair"}[group]) if group in ("NS", "EW") else group


def _ranking_title_zh(ranking: Ranking, words: Words) -> str:
    return " ".join(part for part in (words.zh("ranking"), f"{words.zh('section')} {ranking.section}"
                                      if ranking.section else "", _group(ranking.group, words)) if part)


def results_as_text(event: Event, results: EventResults, lang: str | Lang = Lang.EN) -> str:
    """Travellers, matches and rankings for a terminal, suits as ♠♥♦♣, in ``lang`` (zh, en, both)."""
    words = Words(lang)
    title_en = f"{event.name or 'Event'}" + (f" — {event.site}" if event.site else "") + \
        (f" — {event.date}" if event.date else "")
    title_zh = f"{event.name or words.zh('event')}" + (f" — {event.site}" if event.site else "") + \
        (f" — {event.date}" if event.date else "")
    method_zh, method_en = method_words(results)
    artificial_zh, artificial_en = _artificial_note(results)
    out = [title_zh if words.zh_only else title_en, *words.lines(method_zh + artificial_zh, method_en + artificial_en),
           ""]
    if results.conventions:
        out[-1:] = [*words.lines(*convention_words(results.conventions)), ""]
    if event.left_out:
        out[-1:] = [*words.lines(f"{words.zh('left_out')}：{', '.join(map(str, event.left_out))}",
                                 event.left_out_note), ""]
    imps_apply = results.method != "matchpoints"
    for b in results.boards:
        board = b.board
        zh = [f"{words.zh('board')} {board.number}"] + ([f"{words.zh('section')} {b.section}"] if b.section else [])
        en = [f"Board {board.number}"] + ([f"Section {b.section}"] if b.section else [])
        if board.dealer:
            zh.append(f"{words.zh('dealer')} {board.dealer.chinese}")
            en.append(f"Dealer {board.dealer.name}")
        if board.vulnerability:
            zh.append(f"{words.zh('vul')} {board.vulnerability.chinese}")
            en.append(f"Vul {board.vulnerability.value}")
        if b.neuberg:
            zh.append(f"（{words.zh('neuberg')}）")
            en.append("(Neuberg)")
        if b.datum is not None:
            zh.append(f"{words.zh('datum')} {b.datum}")
            en.append(f"datum {b.datum}")
        out.append(words.heading("  ".join(zh), "  ".join(en)))
        rooms = any(line.result.room for line in b.lines)
        columns: list[tuple[str, str]] = [("room", "Room")] * rooms + [
            ("ns_pair", "NS"), ("ew_pair", "EW"), ("contract", "Contract"), ("by", "By"), ("tricks", "Tricks"),
            ("score_ns", "NS+"), ("score_ew", "EW+")]
        columns.extend([("bp_ns", "BP NS"), ("bp_ew", "BP EW")] if results.method == "board-a-match" else
                       [("imp_ns", "IMP NS"), ("imp_ew", "IMP EW")] if imps_apply else
                       [("mp_ns", "MP NS"), ("mp_ew", "MP EW"), ("pct_ns", "% NS"), ("pct_ew", "% EW")])
        rows = words.header(columns)
        for line in b.lines:
            r = line.result
            score = line.score_ns
            contract = contract_text(r, symbols=True)
            if contract in ("Pass", "Pen"):
                contract = words.cell("pass" if contract == "Pass" else "penalties", contract)
            row = [r.ns, r.ew, contract, words.seat(r.declarer) if r.declarer else "",
                   "" if r.tricks is None else str(r.tricks),
                   str(score) if score is not None and score > 0 else "",
                   str(-score) if score is not None and score < 0 else ("0" if score == 0 else "")]
            if imps_apply:
                row += [_num(line.imp_ns), _num(line.imp_ew)]
            else:
                row += [_num(line.mp_ns), _num(line.mp_ew), _num(line.pct_ns, 2), _num(line.pct_ew, 2)]
            if rooms:
                row.insert(0, words.cell(r.room.lower(), r.room) if r.room in ("Open", "Closed") else r.room)
            rows.append(row)
        out.extend("  " + line for line in _table(rows, set(range(4, len(columns)))))
        out.append("")
    rounds = any(m.round for m in results.matches)
    if results.matches and results.method == "board-a-match":  # board points: the match's only figures
        out.append(words.heading(f"{words.zh('match_sheets')}（{words.zh('method.board-a-match')}："
                                 f"{words.zh('board_points')}）", "Matches (board-a-match: board points)"))
        rows = words.header([("round", "Round")] * rounds + [("home", "Home"), ("visit", "Visit"),
                                                             ("board_points", "Points"), (None, ""), ("boards", "Boards")])
        for m in results.matches:
            rows.append([m.round] * rounds + [m.home, m.visit, f"{m.vp_home:g}", f"{m.vp_visit:g}", str(m.boards)])
        out.extend("  " + line for line in _table(rows, {i + rounds for i in (2, 3, 4)}))
        out.append("")
    elif results.matches:
        scale = scale_of(results.vp_scale) if results.vp_scale else None
        out.append(words.heading(words.zh("match_sheets") + (f"（{words.zh('vp')}：{scale.title_zh}）" if scale else ""),
                                 "Matches" + (f" (VPs: {scale.title_en})" if scale else "")))
        vp_text = vp_format(results.vp_scale)
        one_room = any(m.one_room for m in results.matches)
        rows = words.header([("round", "Round")] * rounds + [
            ("home", "Home"), ("visit", "Visit"), ("imps", "IMPs"), (None, ""), ("boards", "Boards"), ("vp", "VP"),
            (None, "")] + [("one_room_col", "One room")] * one_room)
        for m in results.matches:
            rows.append([m.round] * rounds + [m.home, m.visit, _num(m.imps_home, 0), _num(m.imps_visit, 0),
                                              str(m.boards), vp_text(m.vp_home), vp_text(m.vp_visit)]
                        + [str(m.one_room or "")] * one_room)
        out.extend("  " + line for line in _table(rows, {i + rounds for i in (2, 3, 4, 5, 6, 7)}))
        out.append("")
    awards = masterpoints(event)
    whole = bool(results.vp_scale) and scale_of(results.vp_scale).whole
    for ranking in results.rankings:
        out.append(words.heading(_ranking_title_zh(ranking, words), ranking_title(ranking)))
        awarded = any(e.id in awards for e in ranking.entries)
        second = ranking.unit != "BP"  # % or the IMPs; board points have neither
        rows = words.header(
            [("rank", "Rank"), (WHO_LABELS[results.kind.value], "Id"), ("names", "Names"),
             (UNIT_LABELS.get(ranking.unit), ranking.unit)]
            + [("pct", "%") if ranking.unit == "MP" else ("imps", "IMPs")] * second
            + [("matches", "Matches") if ranking.unit in ("VP", "BP") else ("boards", "Boards")]
            + [("masterpoints", "Masterpoints")] * awarded)
        for e in ranking.entries:
            places = 0 if ranking.unit == "VP" and whole and float(e.total).is_integer() else 2
            rows.append([e.rank, e.id, e.names, _num(e.total, places)]
                        + [_num(e.pct, 2) if ranking.unit == "MP" else _num(e.imps, 0)] * second + [str(e.boards)]
                        + [str(awards.get(e.id, ""))] * awarded)
        out.extend("  " + line for line in _table(rows, {0, 3, 4, 5} if second else {0, 3, 4}))
        out.append("")
    if event.warnings:
        out.append(words.heading(f"{words.zh('kept')}（{len(event.warnings)}，标 ‡）",
                                 f"Kept from the file ({len(event.warnings)}), marked ‡"))
        out.extend(f"  {w}" for w in event.warnings)
        out.append("")
    if results.penalties:
        out.append(words.heading(f"{words.zh('penalties')}（{len(results.penalties)}）",
                                 f"Penalties ({len(results.penalties)})"))
        out.extend(f"  {p}" for p in results.penalties)
        out.append("")
    if results.compared or results.not_compared:
        checked, _ = comparison_words(results.compared, results.agreeing, results.rounding, len(results.differences))
        not_zh, not_en = _not_compared(results)
        out.extend(words.lines(checked + not_zh,
                               f"The file's own figures: {results.compared} compared, {results.agreeing} agreeing, "
                               f"rounding: {results.rounding}, differences: {len(results.differences)}" + not_en))
    if results.unpaired:
        out.append(words.heading(f"{words.zh('unpaired')}（{len(results.unpaired)}）：各自写明该牌是否计分",
                                 f"Records not paired ({len(results.unpaired)}): each says whether its board is counted"))
        out.extend(f"  {note}" for note in results.unpaired)
        out.append("")
    if results.differences:
        out.append(words.heading(f"{words.zh('differences')}（{len(results.differences)}）",
                                 f"Differences from the file's own figures ({len(results.differences)})"))
        out.extend(f"  {d}" for d in results.differences)
        out.append("")
    return "\n".join(out)
