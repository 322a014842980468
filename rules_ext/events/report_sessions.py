"""An event of several sessions as JSON-ready data and as text: the overall ranking (each session's
total beside it, the carry-over), then each session as ``results`` shows one alone
(:mod:`rules_ext.events.report`)."""
from __future__ import annotations

from typing import Any

from rules_ext.events.report import _num, _table, results_as_dict, results_as_text
from rules_ext.events.scoring.sessions import SeveralSessions

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


def sessions_as_text(event: SeveralSessions) -> str:
    """The overall ranking, then each session's travellers and ranking."""
    first = event.sessions[0].event
    out = [f"{first.name or 'Event'} — {len(event.sessions)} sessions, carry-over {event.carry_over.name} "
           f"({event.carry_over.why})"]
    out += [f"  Session {s.number}: {s.name} ({s.event.source}; {s.results.kind.value}, {s.results.method})"
            for s in event.sessions]
    out.append("")
    for ranking in event.overall:
        out.append("Overall ranking" + (f" {ranking.group}" if ranking.group else ""))
        mp = ranking.unit == "MP"
        head = ["Rank", "Id", "Names", *(f"S{s.number}" for s in event.sessions), "Carried", ranking.unit,
                *(["%"] if mp else []), "Boards" if ranking.unit != "VP" else "Matches"]
        rows = [head]
        for e in ranking.entries:
            rows.append([e.rank, e.id, e.names, *(_num(t, 2) if t is not None else "-" for t in e.sessions),
                         _num(e.carried, 2), _num(e.total, 2), *([_num(e.pct, 2)] if mp else []), str(e.boards)])
        out.extend("  " + line for line in _table(rows, {0} | set(range(3, len(head)))))
        out.append("")
    if event.notes:
        out.append(f"Notes ({len(event.notes)})")
        out.extend(f"  {note}" for note in event.notes)
        out.append("")
    for s in event.sessions:
        out += [f"=== Session {s.number}: {s.event.source}", results_as_text(s.event, s.results)]
    return "\n".join(out)
