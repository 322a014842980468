"""A session of several sections: scored across the field or each section on its own, and ranked
over the field, by section, with one winner or two (North-South and East-West), as the director
says or else as the file's own figures show, so that a club's two sections are scored the way its
program scored them.

Where a result's section comes from: :func:`section_names`; how the sections are scored:
:func:`scored_by_section`; how the field is ranked: :func:`ranking_groups`.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from rules_ext.errors import RulesError
from rules_ext.events.model import Board, Event, EventKind, plain_results
from rules_ext.events.pbn.tables import Table
from rules_ext.events.scoring.results_model import EventResults, Penalty

__all__ = ["pair_sections", "ranking_groups", "scored_by_section", "section_names"]

#: scores an event under the director's settings (compute_results with the caller's other options)
Score = Callable[[Event, dict[str, object], Sequence[Penalty]], EventResults]


def section_names(event: Event, plain: Sequence[bool] | None = None) -> tuple[str, ...]:
    """The sections of a pairs or individual event in the file's order; () for one section or none
    (``plain``: each board's results all plain ScoreTable rows, which name no section, when known).
    A result's section comes from a PBN ScoreTable's ``Section`` column (or a game's Section tag), a
    USEBIO file's ``SESSION/SECTION SECTION_ID`` (:mod:`rules_ext.events.usebio.reader`; when every
    section numbers its pairs from 1 the section names them: ``A1NS``, ``B1NS``). A board keeps the
    results of every section that played it."""
    if event.kind is EventKind.TEAMS:
        return ()
    seen: dict[str, None] = {}
    for board, is_plain in zip(event.boards, plain or map(plain_results, (b.results for b in event.boards))):
        if is_plain:
            continue
        for r in board.results:
            if r.section:
                seen.setdefault(r.section)
    return tuple(seen) if len(seen) > 1 else ()


def pair_sections(boards: Sequence[Board], plain: Sequence[bool]) -> dict[str, str]:
    """The section each pair (player) played in, from the results ({} when the results name none;
    ``plain``: each board's results all plain ScoreTable rows, which name no section)."""
    found: dict[str, str] = {}
    for board, is_plain in zip(boards, plain):
        if is_plain:
            continue
        for r in board.results:
            if r.section:
                for ident in (r.ns, r.ew, *r.players):
                    found.setdefault(ident, r.section)
    return found


def _declared_winners(event: Event) -> str:
    """'one' or 'two' as a USEBIO file's WINNER_TYPE declares them, '' when it does not."""
    value = dict(event.meta).get("WinnerType", "").strip()
    return {"1": "one", "2": "two"}.get(value, "")


def _file_places(event: Event) -> dict[str, int]:
    table = event.totals
    if table is None:
        return {}
    out = {}
    for row in table.records():
        ident = row.get("PairId") or row.get("PlayerId") or ""
        rank = row.get("Rank", "").strip().rstrip("=")
        if ident and rank.isascii() and rank.isdigit():
            out[ident] = int(rank)
    return out


def ranking_groups(event: Event, sides: dict[str, set[str]], sections: dict[str, str], individual: bool,
                   settings: dict[str, object], reasons: list[tuple[str, str, str]]
                   ) -> list[tuple[str, str, list[str]]]:
    """The rankings of the field: ``(section, direction, ids)`` each (``direction`` 'NS', 'EW' or
    ''; ``section`` '' over the field), as the director set (``ranking``, ``winners``), the file
    declares or its places show; ``sides``: the directions each id sat, ``sections``: each id's
    section. What was inferred is added to ``reasons``.

    The field is ranked as one list or each section on its own, with one winner or two (North-South
    and East-West apart, for pairs that keep their direction: a Mitchell). A USEBIO file's
    ``WINNER_TYPE`` declares the winners (1: one, 2: two); the file's own places show the rest (each
    section with its own first place: ranked by section); else pairs that keep their direction are
    ranked North-South and East-West apart, across the field."""
    ids = list(sides)
    fixed = all(len(d) == 1 for d in sides.values())
    both = fixed and {"NS", "EW"} <= {next(iter(d)) for d in sides.values() if d}
    winners = str(settings.get("winners") or _declared_winners(event) or "")
    if not winners and both and (one := _places_in_one_list(event, sides)):
        winners = "one"
        reasons.append(("winners", "one", one))
    winners = winners or ("two" if both else "one")
    if winners == "two" and not both:
        if "winners" in settings:
            raise RulesError("two winners (winners=two) rank North-South and East-West apart, but pairs here change "
                             "direction: expected winners=one")
        winners = "one"
    names = list(dict.fromkeys(sections[i] for i in ids if i in sections))
    by_section = False
    if len(names) > 1:
        if "ranking" in settings:
            by_section = settings["ranking"] == "sections"
        else:
            by_section, why = _places_by_section(event, sections, sides if winners == "two" else None)
            if why:
                reasons.append(("ranking", "sections" if by_section else "field", why))
    directions = ("NS", "EW") if winners == "two" else ("",)
    groups = []
    for section in (names if by_section else [""]):
        for direction in directions:
            members = [i for i in ids if (not section or sections.get(i) == section)
                       and (not direction or sides[i] == {direction})]
            if members:
                groups.append((section, direction, members))
    if individual and not by_section:
        return [("", "", ids)]
    return groups


def _places_in_one_list(event: Event, sides: dict[str, set[str]]) -> str:
    """Why the file's places rank pairs that keep their direction in one list (a single first
    place, the places running on over both directions); '' when they do not show it."""
    places = {i: p for i, p in _file_places(event).items() if i in sides}
    if len(places) < 2:
        return ""
    directions = {next(iter(sides[i])) for i in places if len(sides[i]) == 1}
    firsts = [i for i, p in places.items() if p == 1]
    if len(directions) < 2 or len(firsts) != 1 or max(places.values()) <= len(places) // 2 + 1:
        return ""
    return f"inferred from the file's places: one list of {len(places)} over both directions"


def _places_by_section(event: Event, sections: dict[str, str], sides: dict[str, set[str]] | None
                       ) -> tuple[bool, str]:
    """Whether the file's own places rank each section on its own (each has its own first place,
    per direction when ``sides`` are given), with why ('' when the file gives no places)."""
    places = {i: p for i, p in _file_places(event).items() if i in sections}
    if not places:
        return False, ""

    def side(ident: str) -> str:
        return "".join(sorted(sides.get(ident, set()))) if sides is not None else ""

    lists = {(sections[i], side(i)) for i in places}  # each section's list (per direction)
    firsts = {(sections[i], side(i)) for i, place in places.items() if place == 1}
    apart = " per direction" if sides is not None else ""
    count = len({s for s, _ in lists})
    if len(firsts) > len({d for _, d in lists}):
        return True, f"inferred from the file's places: {len(firsts)}/{len(lists)} section lists{apart} with a first place"
    return False, f"inferred from the file's places: one first place{apart} over the {count} sections"


# ------------------------------------------------------------------------ scoring by section

def _section_event(event: Event, section: str) -> Event:
    """The part of ``event`` one section played: its results of each board, its pairs, its rows of
    the file's totals."""
    boards = []
    for board in event.boards:
        results = tuple(r for r in board.results if r.section == section)
        if results:
            boards.append(replace(board, results=results))
    ids = {i for b in boards for r in b.results for i in (r.ns, r.ew, *r.players)}
    totals = event.totals
    if totals is not None:
        kept = [(row, line) for row, record, line in zip(totals.rows, totals.records(), totals.lines)
                if (record.get("Section", "").strip() or None) in (section, None)
                and (record.get("PairId") or record.get("PlayerId") or "") in ids]
        totals = Table(totals.name, totals.columns, tuple(r for r, _ in kept), tuple(line for _, line in kept))
    return replace(event, boards=tuple(boards), participants=tuple(p for p in event.participants if p.id in ids),
                   totals=totals)


def _merged(parts: list[tuple[str, EventResults]]) -> EventResults:
    """The results of each section scored on its own as one: each board and ranking named by its
    section, the comparisons added up."""
    first = parts[0][1]
    boards = sorted((replace(b, section=name) for name, r in parts for b in r.boards),
                    key=lambda b: b.board.number)
    rankings = tuple(replace(ranking, section=name) for name, r in parts for ranking in r.rankings)
    conventions: dict[tuple[str, str], list[str]] = {}
    for name, r in parts:
        for convention, value, why in r.conventions:
            conventions.setdefault((convention, value), []).append(f"{name}: {why}" if why else "")
    not_compared: dict[str, int] = {}
    for _, r in parts:
        for item, n in r.not_compared:
            not_compared[item] = not_compared.get(item, 0) + n
    return replace(first, boards=tuple(boards), rankings=rankings,
                   differences=tuple(d for _, r in parts for d in r.differences),
                   compared=sum(r.compared for _, r in parts), rounding=sum(r.rounding for _, r in parts),
                   artificial=next((r.artificial for _, r in parts if r.artificial), ""),
                   not_compared=tuple(sorted(not_compared.items())),
                   conventions=tuple((c, v, "; ".join(w for w in whys if w)) for (c, v), whys in conventions.items()),
                   penalties=tuple(p for _, r in parts for p in r.penalties))


def _separately(event: Event, names: tuple[str, ...], score: Score, settings: dict[str, object],
                penalties: Sequence[Penalty]) -> EventResults:
    parts = []
    placed: set[int] = set()
    for name in names:
        part = _section_event(event, name)
        ids = {i for b in part.boards for r in b.results for i in (r.ns, r.ew, *r.players)}
        mine = [p for p in penalties if p.pair in ids]
        placed.update(id(p) for p in mine)
        parts.append((name, score(part, settings, mine)))
    lost = [p for p in penalties if id(p) not in placed]
    if lost:
        raise RulesError(f"{lost[0].source}: penalty for pair {lost[0].pair}, who is in no section of the event: "
                         f"expected a pair of sections {', '.join(names)}")
    return _merged(parts)


def scored_by_section(event: Event, names: tuple[str, ...], score: Score, settings: dict[str, object],
                      penalties: Sequence[Penalty] = ()) -> EventResults:
    """``event``, of the sections ``names``, scored across the field or each section on its own;
    ``score`` scores an event, section or whole.

    Across the field (``sections=across``): each board matchpointed (or IMPed) over every result of
    every section, as English clubs score two sections playing the same boards. Each section on its
    own (``sections=separate``): each section's results of a board compared among themselves, on the
    section's own top, as if each were a session of its own (each section's travellers, rankings and
    comparisons apart). Neither said by the director, the file's own figures choose: the event is
    scored both ways and the way more of its figures agree with is taken (across the field on a
    tie), with the counts that show it (``inferred from the file's figures: 612/612 agree across the
    field, 401/612 section by section``); a file without figures to compare is scored across the
    field."""
    how = settings.get("sections")
    if how == "separate":
        results = _separately(event, names, score, settings, penalties)
        why = "set by the director"
    elif how == "across":
        results, why = score(event, settings, penalties), "set by the director"
    else:
        across = score(event, settings, penalties)
        apart = _separately(event, names, score, settings, penalties)
        if not across.compared and not apart.compared:
            results, how, why = across, "across", ""
        else:
            how = "separate" if apart.agreeing > across.agreeing else "across"
            results, other = (apart, across) if how == "separate" else (across, apart)
            ways = ("section by section", "across the field") if how == "separate" else \
                ("across the field", "section by section")
            why = (f"inferred from the file's figures: {results.agreeing}/{results.compared} agree {ways[0]}, "
                   f"{other.agreeing}/{other.compared} {ways[1]}")
    conventions = tuple(c for c in results.conventions if c[0] != "sections")
    if why:
        conventions = (("sections", str(how), why), *conventions)
    return replace(results, conventions=conventions, sections=names)
