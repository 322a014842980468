"""Results as JSON-ready data and as text for a terminal (travellers and rankings)."""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from rules_ext.core.vp_scales import scale_of
from rules_ext.events.model import Event, TableResult
from rules_ext.events.scoring.awards import masterpoints
from rules_ext.events.scoring.conventions import artificial_rate
from rules_ext.events.scoring.results_model import EventResults, Ranking, ScoredResult


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


def _artificial_note(results: EventResults) -> str:
    """', artificial scores: ebu (2 IMPs per 10 %...)' when an IMP-scored pairs board has artificial scores."""
    if not results.artificial or not any(ln.result.artificial for b in results.boards for ln in b.lines):
        return ""
    unit = "per comparison" if results.method.startswith("cross") else "against the datum"
    return (f", artificial scores: {results.artificial} ({artificial_rate(results.artificial):g} IMPs per 10 % "
            f"off average, {unit})")


def _not_compared(results: EventResults) -> str:
    """'; not compared: 40 (ScoreIMP NS 20, ScoreIMP EW 20), no figure of ours for them' when some
    of the file's figures had none of ours to be compared with."""
    if not results.not_compared:
        return ""
    count = sum(n for _, n in results.not_compared)
    items = ", ".join(f"{item} {n}" for item, n in results.not_compared)
    return f"; not compared: {count} ({items}), no figure of ours for them"


def results_as_text(event: Event, results: EventResults) -> str:
    """Travellers, matches and rankings for a terminal, suits as ♠♥♦♣."""
    out = [f"{event.name or 'Event'}" + (f" — {event.site}" if event.site else "") +
           (f" — {event.date}" if event.date else ""),
           f"{results.kind.value}, {results.method}" + (f" {results.scale}" if results.scale else "") +
           _artificial_note(results), ""]
    if results.conventions:
        out[-1:] = ["Conventions: " + "; ".join(f"{name} {value} ({why})" for name, value, why in results.conventions),
                    ""]
    if event.left_out:
        out[-1:] = [event.left_out_note, ""]
    imps_apply = results.method != "matchpoints"
    for b in results.boards:
        board = b.board
        head = f"Board {board.number}" + (f"  Section {b.section}" if b.section else "")
        if board.dealer:
            head += f"  Dealer {board.dealer.name}"
        if board.vulnerability:
            head += f"  Vul {board.vulnerability.value}"
        if b.neuberg:
            head += "  (Neuberg)"
        if b.datum is not None:
            head += f"  datum {b.datum}"
        out.append(head)
        rows = [["NS", "EW", "Contract", "By", "Tricks", "NS+", "EW+"] +
                (["BP NS", "BP EW"] if results.method == "board-a-match" else
                 ["IMP NS", "IMP EW"] if imps_apply else ["MP NS", "MP EW", "% NS", "% EW"])]
        if any(line.result.room for line in b.lines):
            rows[0].insert(0, "Room")
        for line in b.lines:
            r = line.result
            score = line.score_ns
            row = [r.ns, r.ew, contract_text(r, symbols=True), r.declarer.name if r.declarer else "",
                   "" if r.tricks is None else str(r.tricks),
                   str(score) if score is not None and score > 0 else "",
                   str(-score) if score is not None and score < 0 else ("0" if score == 0 else "")]
            if imps_apply:
                row += [_num(line.imp_ns), _num(line.imp_ew)]
            else:
                row += [_num(line.mp_ns), _num(line.mp_ew), _num(line.pct_ns, 2), _num(line.pct_ew, 2)]
            if rows[0][0] == "Room":
                row.insert(0, r.room)
            rows.append(row)
        out.extend("  " + line for line in _table(rows, set(range(4, len(rows[0])))))
        out.append("")
    if results.matches and results.method == "board-a-match":  # board points: the match's only figures
        out.append("Matches (board-a-match: board points)")
        rounds = any(m.round for m in results.matches)
        rows = [["Round"] * rounds + ["Home", "Visit", "Points", "", "Boards"]]
        for m in results.matches:
            rows.append([m.round] * rounds + [m.home, m.visit, f"{m.vp_home:g}", f"{m.vp_visit:g}", str(m.boards)])
        out.extend("  " + line for line in _table(rows, {i + rounds for i in (2, 3, 4)}))
        out.append("")
    elif results.matches:
        out.append("Matches" + (f" (VPs: {scale_of(results.vp_scale).title_en})" if results.vp_scale else ""))
        vp_text = vp_format(results.vp_scale)
        rounds = any(m.round for m in results.matches)
        one_room = any(m.one_room for m in results.matches)
        rows = [["Round"] * rounds + ["Home", "Visit", "IMPs", "", "Boards", "VP", ""] + ["One room"] * one_room]
        for m in results.matches:
            rows.append([m.round] * rounds + [m.home, m.visit, _num(m.imps_home, 0), _num(m.imps_visit, 0),
                                              str(m.boards), vp_text(m.vp_home), vp_text(m.vp_visit)]
                        + [str(m.one_room or "")] * one_room)
        out.extend("  " + line for line in _table(rows, {i + rounds for i in (2, 3, 4, 5, 6, 7)}))
        out.append("")
    awards = masterpoints(event)
    whole = bool(results.vp_scale) and scale_of(results.vp_scale).whole
    for ranking in results.rankings:
        out.append(ranking_title(ranking))
        awarded = any(e.id in awards for e in ranking.entries)
        second = ranking.unit != "BP"  # % or the IMPs; board points have neither
        rows = [["Rank", "Id", "Names", ranking.unit] + ["%" if ranking.unit == "MP" else "IMPs"] * second
                + ["Matches" if ranking.unit in ("VP", "BP") else "Boards"] + ["Masterpoints"] * awarded]
        for e in ranking.entries:
            places = 0 if ranking.unit == "VP" and whole and float(e.total).is_integer() else 2
            rows.append([e.rank, e.id, e.names, _num(e.total, places)]
                        + [_num(e.pct, 2) if ranking.unit == "MP" else _num(e.imps, 0)] * second + [str(e.boards)]
                        + [str(awards.get(e.id, ""))] * awarded)
        out.extend("  " + line for line in _table(rows, {0, 3, 4, 5} if second else {0, 3, 4}))
        out.append("")
    if event.warnings:
        out.append(f"Kept from the file ({len(event.warnings)}), marked ‡")
        out.extend(f"  {w}" for w in event.warnings)
        out.append("")
    if results.penalties:
        out.append(f"Penalties ({len(results.penalties)})")
        out.extend(f"  {p}" for p in results.penalties)
        out.append("")
    if results.compared or results.not_compared:
        out.append(f"The file's own figures: {results.compared} compared, {results.agreeing} agreeing, "
                   f"rounding: {results.rounding}, differences: {len(results.differences)}" + _not_compared(results))
    if results.unpaired:
        out.append(f"Records not paired ({len(results.unpaired)}): each says whether its board is counted")
        out.extend(f"  {note}" for note in results.unpaired)
        out.append("")
    if results.differences:
        out.append(f"Differences from the file's own figures ({len(results.differences)})")
        out.extend(f"  {d}" for d in results.differences)
        out.append("")
    return "\n".join(out)
