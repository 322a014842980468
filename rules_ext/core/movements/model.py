"""A movement as data: who sits where in each round, which boards each table plays, where the boards
rest between rounds; and the checks every movement passes before it is used, so that whatever
built or read a movement, no one prints the papers of one that cannot be played.

A :class:`Movement` is a table of rounds × tables of :class:`Seating` (sets at rest on a
:class:`Rest` stand); :meth:`Movement.problems` says what it checks, each problem a
:class:`Problem` (in Chinese and in English); :meth:`Movement.checked` raises
:class:`MovementError` listing them all.
"""
from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from rules_ext.errors import RulesError


class MovementError(RulesError):
    """A movement that cannot be used: its problems, one line each (``str()`` joins them)."""

    def __init__(self, problems: Sequence[str] | str) -> None:
        self.problems = (problems,) if isinstance(problems, str) else tuple(problems)
        super().__init__("\n".join(self.problems))


class Kind(enum.Enum):
    """What kind of movement: how the pairs (or teams) and the boards move."""

    MITCHELL = "mitchell"
    HOWELL = "howell"
    TWO_SECTION = "two-section"
    TEAMS = "teams"
    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"

    @property
    def chinese(self) -> str:
        return {"MITCHELL": "米切尔", "HOWELL": "豪厄尔", "TWO_SECTION": "两区米切尔", "TEAMS": "队式赛",
                "ROUND_ROBIN": "循环赛", "SWISS": "瑞士制"}[self.name]

    @property
    def teams(self) -> bool:
        return self in (Kind.TEAMS, Kind.ROUND_ROBIN, Kind.SWISS)


#: the rooms of a teams match: the home team sits North-South in the open room, the visitors in the closed
OPEN, CLOSED = "open", "closed"


@dataclass(frozen=True, slots=True)
class Seating:
    """One table in one round: ``round``, ``table`` (its section when there are several, its room in
    a teams match), ``ns`` and ``ew`` the pairs (or teams) sitting North-South and East-West there
    (None: nobody, the other side sits out), ``set`` the board set played (None: no boards, a
    sit-out); ``section`` ('' when there is one), ``room`` (``open``/``closed`` in a teams match, else '');
    ``switched``: an arrow-switch round, the pair that usually sits East-West sits North-South."""

    round: int
    table: int
    ns: int | None
    ew: int | None
    set: int | None
    section: str = ""
    room: str = ""
    switched: bool = False

    def __post_init__(self) -> None:
        for name in ("round", "table"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise MovementError(f"{name} {value!r} is not a positive whole number: expected e.g. 1")
        for name in ("ns", "ew", "set"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise MovementError(f"{self.where_en}: {name} {value!r} is not a positive whole number "
                                    "(or none): expected e.g. 3")
        if self.room not in ("", OPEN, CLOSED):
            raise MovementError(f"{self.where_en}: room {self.room!r}: expected open, closed or none")

    @property
    def place(self) -> tuple[str, int, str]:
        """The table as a key: section, number, room."""
        return (self.section, self.table, self.room)

    @property
    def table_name(self) -> str:
        """``3``, ``A3``, ``3 open``."""
        return f"{self.section}{self.table}" + (f" {self.room}" if self.room else "")

    @property
    def table_chinese(self) -> str:
        """``第3桌``, ``A区第3桌``, ``第3桌开室``."""
        room = {OPEN: "开室", CLOSED: "闭室"}.get(self.room, "")
        return (f"{self.section}区" if self.section else "") + f"第{self.table}桌{room}"

    @property
    def where_en(self) -> str:
        return f"round {self.round}, table {self.table_name}"

    @property
    def where_zh(self) -> str:
        return f"第{self.round}轮{self.table_chinese}"

    def seat_of(self, who: int) -> str:
        """'NS' or 'EW' where ``who`` sits here, '' when not here."""
        return "NS" if who == self.ns else "EW" if who == self.ew else ""


@dataclass(frozen=True, slots=True)
class Rest:
    """A board set that no table plays in a round: it rests on a stand. ``after``: the stand is
    between table ``after`` and the next (a relay or bye stand), 0 when it waits at the director's
    table."""

    round: int
    set: int
    after: int = 0
    section: str = ""


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong with a movement at one place, in Chinese and in English."""

    zh: str
    en: str
    round: int = 0
    place: tuple[str, int, str] = ("", 0, "")

    def text(self, lang: str = "zh") -> str:
        return self.en if lang == "en" else self.zh


@dataclass(frozen=True, slots=True)
class Movement:
    """A movement: its name (Chinese and English), its :class:`Kind`, the board sets (numbered from 1:
    ``sets[i]`` holds the board numbers of set ``i + 1``), the seatings
    (:class:`Seating`, in any order), the sets at rest (:class:`Rest`); ``phantom``: the number of
    a pair (or team) that does not exist, so that its opponents sit out; ``duplicated``: every table
    has its own copy of the boards it plays (teams events, sections playing the same boards), so a
    set at several tables in one round is not shared; ``winners``: 2 when the North-South and
    East-West pairs are ranked apart (a Mitchell), else 1; ``boards_per_round``; ``note``: what the
    director should know (Chinese, English).

    >>> m = Movement("示例", "Example", "mitchell", sets=((1, 2), (3, 4), (5, 6)),
    ...              seatings=(Seating(1, 1, 1, 3, 1), Seating(1, 2, 2, 4, 2),
    ...                        Seating(2, 1, 1, 4, 3), Seating(2, 2, 2, 3, 3)))
    >>> m.rounds, m.tables, m.participants, m.boards
    (2, 2, (1, 2, 3, 4), (1, 2, 3, 4, 5, 6))
    >>> m.problems()
    ()
    """

    name: str
    name_en: str
    kind: Kind | str
    sets: tuple[tuple[int, ...], ...]
    seatings: tuple[Seating, ...]
    rests: tuple[Rest, ...] = ()
    phantom: int | None = None
    duplicated: bool = False
    winners: int = 1
    note: tuple[str, str] = ("", "")
    names: tuple[tuple[int, str], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", Kind(self.kind) if not isinstance(self.kind, Kind) else self.kind)
        object.__setattr__(self, "sets", tuple(tuple(s) for s in self.sets))
        object.__setattr__(self, "seatings", tuple(sorted(self.seatings, key=_seating_order)))
        object.__setattr__(self, "rests", tuple(self.rests))
        if not self.sets or any(not s for s in self.sets):
            raise MovementError(f"{self.name_en}: every board set needs at least one board: expected e.g. "
                                "sets ((1, 2, 3), (4, 5, 6))")
        if self.winners not in (1, 2):
            raise MovementError(f"{self.name_en}: winners {self.winners!r}: expected 1 or 2")

    # -- what it is made of -------------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return max((s.round for s in self.seatings), default=0)

    @property
    def tables(self) -> int:
        """The number of tables (all sections; both rooms of a teams match count once each)."""
        return len({s.place for s in self.seatings})

    @property
    def sections(self) -> tuple[str, ...]:
        return tuple(sorted({s.section for s in self.seatings}))

    @property
    def participants(self) -> tuple[int, ...]:
        """Every pair (or team) number that sits somewhere, the phantom left out."""
        found = {x for s in self.seatings for x in (s.ns, s.ew) if x is not None}
        if self.phantom is not None:
            found.discard(self.phantom)
        return tuple(sorted(found))

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted(b for s in self.sets for b in s))

    @property
    def boards_per_round(self) -> int:
        """The boards a table plays in a round (the largest set)."""
        return max(len(s) for s in self.sets)

    @property
    def teams(self) -> bool:
        return self.kind.teams  # type: ignore[union-attr]

    def boards_of(self, number: int | None) -> tuple[int, ...]:
        """The boards of set ``number`` (none for None)."""
        if number is None:
            return ()
        return self.sets[number - 1]

    def set_text(self, number: int | None) -> str:
        """``1-3``, ``7``, ``4,6``: the boards of a set as a director writes them."""
        return board_range(self.boards_of(number))

    def set_of_board(self, board: int) -> int | None:
        for i, boards in enumerate(self.sets, start=1):
            if board in boards:
                return i
        return None

    def round(self, number: int) -> tuple[Seating, ...]:
        return tuple(s for s in self.seatings if s.round == number)

    def at(self, round_: int, table: int, section: str = "", room: str = "") -> Seating | None:
        for s in self.seatings:
            if s.round == round_ and s.place == (section, table, room):
                return s
        return None

    def of(self, who: int) -> tuple[Seating, ...]:
        """Where ``who`` sits in each round it plays, round by round."""
        return tuple(s for s in self.seatings if who in (s.ns, s.ew))

    def name_of(self, who: int | None) -> str:
        return dict(self.names).get(who, "") if who is not None else ""

    def rests_in(self, round_: int) -> tuple[Rest, ...]:
        return tuple(r for r in self.rests if r.round == round_)

    def sits_out(self, seating: Seating) -> bool:
        """A table where one side is nobody (the phantom, or no pair): no boards are played."""
        return seating.ns is None or seating.ew is None or self.phantom in (seating.ns, seating.ew)

    def plays(self) -> Iterator[tuple[Seating, int]]:
        """Every (seating, set) where boards are played: sit-outs left out."""
        for s in self.seatings:
            if s.set is not None and not self.sits_out(s):
                yield s, s.set

    def times_played(self) -> dict[int, int]:
        """How many times each set is played (a teams match counts its two rooms)."""
        counts = dict.fromkeys(range(1, len(self.sets) + 1), 0)
        for _, number in self.plays():
            if number in counts:
                counts[number] += 1
        return counts

    def boards_played(self) -> dict[int, int]:
        """How many boards each pair (or team, per room) plays."""
        counts = dict.fromkeys(self.participants, 0)
        for s, number in self.plays():
            for who in (s.ns, s.ew):
                if who in counts and number <= len(self.sets):
                    counts[who] += len(self.sets[number - 1])
        return counts

    # -- where everyone goes next ------------------------------------------------------------------
    def next_place(self, seating: Seating, who: int) -> Seating | None:
        """Where ``who`` (sitting at ``seating``) sits next round (None after the last round, or
        when it sits out next round)."""
        for s in self.round(seating.round + 1):
            if who in (s.ns, s.ew):
                return s
        return None

    def boards_next(self, seating: Seating) -> Seating | Rest | None:
        """Where the boards played at ``seating`` go for the next round: a table, a stand, or None
        (the last round, or the boards are not used again)."""
        if seating.set is None:
            return None
        nxt = seating.round + 1
        here = [s for s in self.round(nxt) if s.set == seating.set and s.section == seating.section]
        if here:
            # a set shared by two tables goes to the one the boards are nearest to: prefer the same table
            here.sort(key=lambda s: (s.table != seating.table - 1, s.table))
            return here[0]
        for rest in self.rests_in(nxt):
            if rest.set == seating.set and rest.section == seating.section:
                return rest
        return None

    # -- the check -----------------------------------------------------------------------------------
    def problems(self) -> tuple[Problem, ...]:
        """Everything that makes the movement unplayable, one :class:`Problem` each (none: it can be
        used): every board set is played at most once by each pair (or team), no table gets the same
        boards twice, a pair sits at one table a round and never against itself, a set shared by
        several tables in one round has a board for each of them (unless the boards are duplicated),
        a teams match plays the same boards in both rooms with the teams' seats swapped. Each problem
        names its round and table.

        >>> bad = Movement("示例", "Example", "mitchell", sets=((1, 2), (3, 4)),
        ...                seatings=(Seating(1, 1, 1, 3, 1), Seating(2, 1, 1, 4, 1)))
        >>> print(bad.problems()[0].en)
        round 2, table 1: pair 1 plays board set 1 (boards 1-2) again (already in round 1)
        """
        return tuple(_problems(self))

    def checked(self) -> Movement:
        """The movement itself when it has no problems, else :class:`MovementError` naming them all."""
        found = self.problems()
        if found:
            raise MovementError([f"{self.name_en}: {p.en}" for p in found])
        return self


def _seating_order(s: Seating) -> tuple[int, str, int, int]:
    return (s.round, s.section, s.table, 0 if s.room != CLOSED else 1)


def board_range(boards: Sequence[int]) -> str:
    """Board numbers as a director writes them: ``1-3``, ``7``, ``4,6``, ``1-3,7``.

    >>> board_range((1, 2, 3)), board_range((7,)), board_range((4, 6)), board_range(())
    ('1-3', '7', '4,6', '')
    """
    parts: list[str] = []
    run: list[int] = []
    for b in sorted(boards):
        if run and b == run[-1] + 1:
            run.append(b)
            continue
        if run:
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [b]
    if run:
        parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ",".join(parts)


def _who(movement: Movement, who: int) -> tuple[str, str]:
    word = ("队", "team") if movement.teams else ("对", "pair")
    return f"第{who}{word[0]}", f"{word[1]} {who}"


def _problems(m: Movement) -> Iterable[Problem]:
    seen_boards: dict[int, int] = {}
    for i, boards in enumerate(m.sets, start=1):
        for b in boards:
            if isinstance(b, bool) or not isinstance(b, int) or b < 1:
                yield Problem(f"第{i}组牌的牌号 {b!r} 不是正整数", f"board set {i}: board {b!r} is not a positive number")
            elif b in seen_boards:
                yield Problem(f"第{b}副牌同时在第{seen_boards[b]}组和第{i}组", f"board {b} is in set {seen_boards[b]} "
                              f"and in set {i}")
            else:
                seen_boards[b] = i
    if not m.seatings:
        yield Problem("没有任何一桌的安排", "no seatings: expected at least one table in one round")
        return
    places: dict[tuple[int, tuple[str, int, str]], Seating] = {}
    per_round: dict[tuple[int, int], list[Seating]] = {}
    played_sets: dict[tuple[int, int], Seating] = {}  # (who, set) -> where it played it first
    table_sets: dict[tuple[tuple[str, int, str], int], Seating] = {}
    sharing: dict[tuple[int, str, int], list[Seating]] = {}
    for s in m.seatings:
        zh_where, en_where = s.where_zh, s.where_en
        key = (s.round, s.place)
        if key in places:
            yield Problem(f"{zh_where}安排了两次", f"{en_where}: seated twice", s.round, s.place)
            continue
        places[key] = s
        if s.set is not None and not 1 <= s.set <= len(m.sets):
            yield Problem(f"{zh_where}：没有第{s.set}组牌（共{len(m.sets)}组）",
                          f"{en_where}: there is no board set {s.set} (sets 1-{len(m.sets)})", s.round, s.place)
            continue
        if s.ns is not None and s.ns == s.ew:
            zh, en = _who(m, s.ns)
            yield Problem(f"{zh_where}：{zh}同时坐南北和东西", f"{en_where}: {en} sits both NS and EW", s.round, s.place)
        for who in (s.ns, s.ew):
            if who is not None:
                per_round.setdefault((s.round, who), []).append(s)
        if m.sits_out(s) or s.set is None:
            continue
        for who in (s.ns, s.ew):
            assert who is not None
            first = played_sets.get((who, s.set))
            if first is not None and not _same_match(first, s):
                zh, en = _who(m, who)
                yield Problem(f"{zh_where}：{zh}再次打第{s.set}组牌（{m.set_text(s.set)}号，第{first.round}轮已打过）",
                              f"{en_where}: {en} plays board set {s.set} (boards {m.set_text(s.set)}) again "
                              f"(already in round {first.round})", s.round, s.place)
            elif first is None:
                played_sets[(who, s.set)] = s
        table_key = ((s.section, s.table, ""), s.set)
        earlier = table_sets.get(table_key)
        if earlier is not None and earlier.round != s.round:
            yield Problem(f"{zh_where}：第{s.set}组牌第二次来到这一桌（第{earlier.round}轮已来过）",
                          f"{en_where}: board set {s.set} comes to this table a second time "
                          f"(already in round {earlier.round})", s.round, s.place)
        else:
            table_sets[table_key] = s
        if not m.duplicated and not s.room:
            sharing.setdefault((s.round, s.section, s.set), []).append(s)
    for (round_, who), where in sorted(per_round.items()):
        if who == m.phantom:
            continue
        zh, en = _who(m, who)
        if m.teams:
            rooms = {(s.section, s.table) for s in where}
            if len(where) > 2 or (len(rooms) > 1 and not all(s.room for s in where)):
                yield Problem(f"第{round_}轮：{zh}同时在{len(where)}张桌", f"round {round_}: {en} is at "
                              f"{len(where)} tables at once", round_, where[0].place)
        elif len(where) > 1:
            tables = "、".join(s.table_chinese for s in where)
            yield Problem(f"第{round_}轮：{zh}同时在{tables}", f"round {round_}: {en} is at tables "
                          f"{', '.join(s.table_name for s in where)} at once", round_, where[0].place)
    yield from _teams_rooms(m, places)
    for (round_, _, number), where in sorted(sharing.items()):
        if len(where) > 1 and len(m.sets[number - 1]) < len(where):
            tables = "、".join(s.table_chinese for s in where)
            yield Problem(f"第{round_}轮：{tables}同打第{number}组牌，但这组只有{len(m.sets[number - 1])}副",
                          f"round {round_}: tables {', '.join(s.table_name for s in where)} share board set {number} "
                          f"but it holds {len(m.sets[number - 1])} board(s)", round_, where[0].place)


def _same_match(a: Seating, b: Seating) -> bool:
    """The two rooms of one teams match (the same boards played by each team once in each room)."""
    return a.round == b.round and a.section == b.section and a.table == b.table and {a.room, b.room} == {OPEN, CLOSED}


def _teams_rooms(m: Movement, places: dict[tuple[int, tuple[str, int, str]], Seating]) -> Iterable[Problem]:
    """A teams match: its open and closed rooms play the same set, the home team North-South in the
    open room and East-West in the closed room."""
    for (round_, (section, table, room)), s in sorted(places.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        if room != OPEN:
            continue
        closed = places.get((round_, (section, table, CLOSED)))
        if closed is None:
            yield Problem(f"{s.where_zh}：没有对应的闭室", f"{s.where_en}: the match has no closed room", round_, s.place)
            continue
        if closed.set != s.set:
            yield Problem(f"{s.where_zh}：开室打第{s.set}组牌，闭室打第{closed.set}组牌",
                          f"{s.where_en}: the open room plays set {s.set}, the closed room set {closed.set}",
                          round_, s.place)
        if (closed.ns, closed.ew) != (s.ew, s.ns):
            yield Problem(f"{s.where_zh}：闭室的两队没有交换方向",
                          f"{s.where_en}: the closed room does not seat the teams the other way round", round_, s.place)
