"""An event file checked against its movement: every result is where the movement puts it, and every
board the movement has played has its result, so that a result typed at the wrong table, or one
never entered, is found before the results are published (:func:`check_against_movement`).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules_ext.core.movements import Movement, Seating
from rules_ext.events.model import Event, TableResult


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the event file and its movement disagree on: where (``line``, 0 for a missing
    result), in Chinese and English."""

    source: str
    line: int
    zh: str
    en: str
    missing: bool = False

    def text(self, lang: str = "zh") -> str:
        where = self.source if self.missing else f"{self.source}:{self.line}"
        return f"{where}: {self.en if lang == 'en' else self.zh}"


def _seat_key(s: Seating) -> tuple[str, str, str]:
    return (str(s.round), s.section, str(s.table))


def check_against_movement(event: Event, movement: Movement) -> list[Finding]:
    """Every disagreement between ``event``'s results and ``movement`` (empty: they agree).

    A result that says its table and round is checked against that table and round: the pairs (a
    pair in the wrong seat, the two pairs the wrong way round, a pair that is not there), the board
    (one not in the set the movement gives that table). A result that says neither is placed by its
    pairs: the round in which they meet on that board. Then every board of every table of every
    round that the movement plays and that no result covers is missing. Each finding is one line:
    ``file:line: ...`` (the result's line), or ``file: ...`` for a missing result, in Chinese
    (``zh``) and English (``en``).

    >>> from rules_ext.core.movements import mitchell
    >>> from rules_ext.events.model import Board, Event, TableResult
    >>> m = mitchell(3, boards_per_round=1)
    >>> ok = [TableResult(b, str(s.ns), str(s.ew), table=str(s.table), round=str(s.round))
    ...       for s, n in m.plays() for b in m.boards_of(n)]
    >>> event = Event((), boards=tuple(Board(b, None, None, results=tuple(r for r in ok if r.board == b)) for b in (1, 2, 3)))
    >>> check_against_movement(event, m)
    []
    >>> wrong = [r if r.board != 2 or r.round != "1" else TableResult(2, "5", "2", table="2", round="1") for r in ok[1:]]
    >>> event = Event((), boards=tuple(Board(b, None, None, results=tuple(r for r in wrong if r.board == b)) for b in (1, 2, 3)))
    >>> [f.text('en') for f in check_against_movement(event, m)]  # doctest: +NORMALIZE_WHITESPACE
    ['<text>:0: board 2, round 1, table 2: the pairs are the wrong way round (NS 5, EW 2; the movement: NS 2, EW 5)',
     '<text>: board 1, round 1, table 1: no result (NS 1 against EW 4)']
    """
    src = event.source
    by_place: dict[tuple[str, str, str], list[Seating]] = {}
    for s in movement.seatings:
        by_place.setdefault(_seat_key(s), []).append(s)
    by_pairs: dict[tuple[frozenset[str], int], Seating] = {}
    for s, number in movement.plays():
        for board in movement.boards_of(number):
            by_pairs[(frozenset((str(s.ns), str(s.ew))), board)] = s
    covered: dict[tuple[int, tuple[str, int, str], int], TableResult] = {}
    findings: list[Finding] = []
    known = set(movement.boards)

    def found(r: TableResult, zh: str, en: str) -> None:
        findings.append(Finding(src, r.line, zh, en))

    for b in event.boards:
        for r in b.results:
            if r.penalty:
                continue
            board = r.board
            where_zh = f"第{board}副"
            where_en = f"board {board}"
            if board not in known:
                found(r, f"{where_zh}：移动方式里没有这副牌（共{len(known)}副）",
                      f"{where_en}: the movement has no such board (boards {_boards(movement)})")
                continue
            if r.table and r.round:
                places = by_place.get((r.round, r.section, r.table), [])
                if r.room:
                    places = [s for s in places if s.room == r.room.lower()]
                where_zh += f"，第{r.round}轮第{r.section}{r.table}桌"
                where_en += f", round {r.round}, table {r.section}{r.table}"
                if not places:
                    found(r, f"{where_zh}：移动方式里没有这一桌这一轮", f"{where_en}: the movement has no such table in that round")
                    continue
                s = _matching(places, r) or places[0]
            else:
                s_found = by_pairs.get((frozenset((r.ns, r.ew)), board))
                if s_found is None:
                    found(r, f"{where_zh}：按移动方式第{r.ns}对与第{r.ew}对不打这副牌",
                          f"{where_en}: in the movement pairs {r.ns} and {r.ew} do not play this board against each other")
                    continue
                s = s_found
                where_zh += f"，第{s.round}轮第{s.section}{s.table}桌"
                where_en += f", round {s.round}, table {s.section}{s.table}"
            if movement.sits_out(s):
                if not r.not_played:
                    found(r, f"{where_zh}：这一轮这一桌轮空，不应有成绩", f"{where_en}: this table sits out that round: "
                          "expected no result")
                continue
            boards = movement.boards_of(s.set)
            if board not in boards:
                found(r, f"{where_zh}：这一桌这一轮打第{movement.set_text(s.set)}副，不打第{board}副",
                      f"{where_en}: that table plays boards {movement.set_text(s.set)} that round, not board {board}")
                continue
            ns, ew = str(s.ns), str(s.ew)
            if (r.ns, r.ew) == (ew, ns):
                found(r, f"{where_zh}：两对方向坐反了（南北{r.ns}、东西{r.ew}；移动方式：南北{ns}、东西{ew}）",
                      f"{where_en}: the pairs are the wrong way round (NS {r.ns}, EW {r.ew}; the movement: NS {ns}, EW {ew})")
            elif (r.ns, r.ew) != (ns, ew):
                wrong = [(side_zh, side_en, got, want) for side_zh, side_en, got, want in
                         (("南北", "NS", r.ns, ns), ("东西", "EW", r.ew, ew)) if got != want]
                zh = "；".join(f"{side}坐的是第{got}对，应是第{want}对" for side, _, got, want in wrong)
                en = "; ".join(f"{side} is pair {got}, the movement seats pair {want}" for _, side, got, want in wrong)
                found(r, f"{where_zh}：{zh}", f"{where_en}: {en}")
            key = (board, s.place, s.round)
            if key in covered:
                other = covered[key]
                found(r, f"{where_zh}：这副牌在这一桌这一轮有两个成绩（另一个在第{other.line}行）",
                      f"{where_en}: a second result for this board at this table and round (the other at line {other.line})")
            covered[key] = r
    for s, number in movement.plays():
        for board in movement.boards_of(number):
            if (board, s.place, s.round) not in covered:
                room = {"open": "开室", "closed": "闭室"}.get(s.room, "")
                room_en = f" {s.room} room" if s.room else ""
                findings.append(Finding(src, 0, f"第{board}副，第{s.round}轮第{s.section}{s.table}桌{room}：没有成绩"
                                        f"（南北{s.ns}对东西{s.ew}）",
                                        f"board {board}, round {s.round}, table {s.section}{s.table}{room_en}: no result "
                                        f"(NS {s.ns} against EW {s.ew})", missing=True))
    return findings


def _matching(places: list[Seating], r: TableResult) -> Seating | None:
    for s in places:
        if {str(s.ns), str(s.ew)} == {r.ns, r.ew}:
            return s
    return None


def _boards(movement: Movement) -> str:
    from rules_ext.core.movements import board_range

    return board_range(movement.boards)
