"""Equal totals placed as the file places them, or as the director sets (``tied-places``).

Equal totals share a place (``31=``, ``31=``) unless the file breaks the tie or the director says
they are placed in order (the convention ``tied-places = "in-order"``):

- the file's own places (a TotalScoreTable's ``Rank``, USEBIO's ``PLACE``) give equal totals
  different places (31 and 32) and no ``RankTie`` cell marks them tied (Ruter writes ``25`` with
  ``RankTie`` ``26`` for a place shared by two pairs): the file's order, its places;
- a ``Tiebreak`` column (Magic Contest: ``"2"`` against ``"0"``) orders the equals that the file's
  places leave equal or do not give: the higher figure first;
- when neither says anything about a tie, the equals keep the ranking's own order (by id), placed
  one after the other.

:func:`place_ties` applies this to rankings; :func:`file_order` reads what the file says.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules_ext.events.model import Event
from rules_ext.events.scoring.file_figures import printed_number
from rules_ext.events.scoring.results_model import RankEntry, Ranking

__all__ = ["FilePlace", "file_order", "place_ties"]


@dataclass(frozen=True, slots=True)
class FilePlace:
    """What the file's totals say of one pair's (team's, player's) place: ``rank`` (its printed
    place, None when it prints none), ``tied`` (a ``RankTie`` cell or a ``31=`` says the place is
    shared), ``tiebreak`` (the ``Tiebreak`` figure, None when the file gives none)."""

    rank: int | None
    tied: bool
    tiebreak: float | None


def file_order(event: Event) -> dict[str, FilePlace]:
    """Each participant's :class:`FilePlace` from the file's totals table (empty without one)."""
    table = event.totals
    if table is None:
        return {}
    out: dict[str, FilePlace] = {}
    for row in table.records():
        ident = row.get("PairId") or row.get("TeamId") or row.get("PlayerId") or ""
        if row.get("TeamName") and not row.get("TeamId"):
            ident = row["TeamName"]
        if not ident:
            continue
        text = row.get("Rank", "").strip()
        digits = text.rstrip("=")
        rank = int(digits) if digits.isascii() and digits.isdigit() else None
        tie = row.get("RankTie", "").strip()
        out[ident] = FilePlace(rank, text.endswith("=") or tie not in ("", "-", "?"),
                               printed_number(row.get("Tiebreak")))
        if row.get("TeamName") and row.get("TeamId"):
            out.setdefault(row["TeamName"], out[ident])
    return out


def place_ties(rankings: list[Ranking], order: dict[str, FilePlace], *, in_order: bool) -> list[Ranking]:
    """The rankings with each group of equal totals placed as the module doc says: in the file's
    order where the file breaks the tie, and, when ``in_order`` (the director's ``tied-places``, or
    the file's convention inferred), one after the other in any case. Equals the file marks as
    sharing their place keep sharing it."""
    return [_placed(ranking, order, in_order) for ranking in rankings]


def _placed(ranking: Ranking, order: dict[str, FilePlace], in_order: bool) -> Ranking:
    entries = list(ranking.entries)
    out: list[RankEntry] = []
    i = 0
    while i < len(entries):
        j = i
        while j + 1 < len(entries) and entries[j + 1].position == entries[i].position and entries[i].rank.endswith("="):
            j += 1
        group = entries[i:j + 1]
        i = j + 1
        if len(group) == 1:
            out.extend(group)
            continue
        places = [order.get(e.id) for e in group]
        if any(p is not None and p.tied for p in places):
            out.extend(group)  # the file says they share the place
            continue
        ranks = {p.rank for p in places if p is not None and p.rank is not None}
        tiebreaks = {p.tiebreak for p in places if p is not None and p.tiebreak is not None}
        if not (in_order or len(ranks) > 1 or len(tiebreaks) > 1):
            out.extend(group)
            continue

        def key(item: tuple[int, RankEntry]) -> tuple[float, float, int]:
            place = order.get(item[1].id)
            rank = place.rank if place is not None and place.rank is not None else 10**9
            tiebreak = -place.tiebreak if place is not None and place.tiebreak is not None else 0.0
            return rank, tiebreak, item[0]

        first = group[0].position
        for offset, (_, entry) in enumerate(sorted(enumerate(group), key=key)):
            out.append(replace(entry, rank=str(first + offset), position=first + offset))
    return replace(ranking, entries=tuple(out))
