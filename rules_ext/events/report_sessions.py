"""An event of several sessions as JSON-ready data and as text: the overall ranking (each session's
total beside it, the carry-over), then each session as ``results`` shows one alone
(:mod:`rules_ext.events.report`)."""
from __future__ import annotations

from typing import Any

from rules_ext.events.report import (
    Words,
    _group,
    _num,
    _table,
    method_words,
    results_as_dict,
    results_as_text,
)
from rules_ext.events.scoring.sessions import SeveralSessions
from rules_ext.events.words import UNIT_LABELS, WHO_LABELS, Lang, carry_over_note, session_label

__all__ = ["sessions_as_dict", "sessions_as_text"]


def sessions_as_dict(event: SeveralSessions, corrections: list[list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """The ``results S1 S2 … --format json`` document: ``carry_over``, ``overall`` (one entry per
    participant and ranking group), ``notes`` and ``sessions`` (each the one-file document, with its
    ``number`` and ``source``)."""
    return {
        "kind": event.kind.value, "unit": event.unit,
        "carry_over": {"name": event.carry_over.name, "share": event.carry_over.share, "why": event.carry_over.why},
        "overall": [{"group": ranking.group, "rank": e.rank, "id": e.id, "names": e.names, "unit": ranking.unit,
                     "sessions": list(e.sessions), "weights": list(e.weights), "carried": e.carried,
                     "total": e.total, "pct": None if e.pct is None else round(e.pct, 2), "boards": e.boards}
                    for ranking in event.overall for e in ranking.entries],
        "notes": list(event.notes),
        "sessions": [{"number": s.number, "source": s.event.source, **results_as_dict(s.event, s.results),
                      "corrections": (corrections or [[] for _ in event.sessions])[s.number - 1]}
                     for s in event.sessions],
    }


def sessions_as_text(event: SeveralSessions, lang: str | Lang = Lang.EN) -> str:
    """The overall ranking, then each session's travellers and ranking, in ``lang`` (zh, en, both)."""
    words = Words(lang)
    first = event.sessions[0].event
    carry = event.carry_over
    carry_zh, _ = carry_over_note(len(event.sessions), carry.name, carry.why)
    out = [words.heading(f"{first.name or words.zh('event')} — {carry_zh}",
                         f"{first.name or 'Event'} — {len(event.sessions)} sessions, carry-over {carry.name} "
                         f"({carry.why})", f"{len(event.sessions)} sessions, carry-over {carry.name} ({carry.why})")]
    for s in event.sessions:
        method_zh, _ = method_words(s.results)
        out += words.lines(f"  {session_label(s.number, Lang.ZH)}：{s.name}（{s.event.source}；{method_zh}）",
                           f"  Session {s.number}: {s.name} ({s.event.source}; {s.results.kind.value}, "
                           f"{s.results.method})")
    out.append("")
    for ranking in event.overall:
        out.append(words.heading(words.zh("overall") + (f" {_group(ranking.group, words)}" if ranking.group else ""),
                                 "Overall ranking" + (f" {ranking.group}" if ranking.group else "")))
        mp = ranking.unit == "MP"
        columns = [("rank", "Rank"), (WHO_LABELS[event.kind.value], "Id"), ("names", "Names")]
        after = [("carried", "Carried"), (UNIT_LABELS.get(ranking.unit, "mp"), ranking.unit), *([("pct", "%")] if mp else []),
                 ("boards", "Boards") if ranking.unit != "VP" else ("matches", "Matches")]
        head = words.header_words([*((words.zh(key), en) for key, en in columns),
                                   *((session_label(s.number, Lang.ZH), f"S{s.number}") for s in event.sessions),
                                   *((words.zh(key), en) for key, en in after)])
        rows = head
        for e in ranking.entries:
            rows.append([e.rank, e.id, e.names, *(_num(t, 2) if t is not None else "-" for t in e.sessions),
                         _num(e.carried, 2), _num(e.total, 2), *([_num(e.pct, 2)] if mp else []), str(e.boards)])
        out.extend("  " + line for line in _table(rows, {0} | set(range(3, len(head[0])))))
        out.append("")
    if event.notes:
        out.append(words.heading(f"{words.zh('notes')}（{len(event.notes)}）", f"Notes ({len(event.notes)})"))
        out.extend(f"  {note}" for note in event.notes)
        out.append("")
    for s in event.sessions:
        out += [words.heading(f"=== {session_label(s.number, Lang.ZH)}：{s.event.source}",
                              f"=== Session {s.number}: {s.event.source}", f"Session {s.number}"), results_as_text(s.event, s.results, lang)]
    return "\n".join(out)
