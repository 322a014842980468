"""How an event is scored, as its file declares it: :func:`scoring_rules` reads the Scoring tag, or
the ``% <META name=ScoringType>`` line; a word we do not know there is an error naming it and its
line, never silently matchpoints. What the file leaves unsaid, its own figures may show: the
matchpoint scale (:func:`infer_scale`) and the convention for artificial scores on IMP boards
(:func:`infer_artificial`); the methods and conventions themselves: :mod:`rules_ext.events.scoring.results`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from rules_ext.errors import RulesError
from rules_ext.events.errors import PBNError
from rules_ext.events.model import Event, EventKind, TableResult
from rules_ext.events.scoring.extra_conventions import EXTRA_CONVENTIONS
from rules_ext.events.scoring.file_figures import printed_number

__all__ = [
    "ARTIFICIAL_IMPS",
    "BOARD_A_MATCH_WORDS",
    "CONVENTIONS",
    "DEFAULT_ARTIFICIAL",
    "METHODS",
    "SHORT_BOARDS",
    "Conventions",
    "ScoringRules",
    "artificial_rate",
    "infer_artificial",
    "infer_centred",
    "infer_centred_scale",
    "infer_datum_round",
    "infer_scale",
    "infer_short",
    "parse_convention",
    "scoring_rules",
    "with_settings",
]

METHODS = ("matchpoints", "cross-imps", "cross-imps-average", "butler", "imps", "board-a-match")
#: the words that name point-a-board (board-a-match) teams: PBN's BAM, USEBIO's PAB
BOARD_A_MATCH_WORDS = frozenset({"bam", "boardamatch", "pab", "pointaboard"})

#: the words of a Scoring tag / ScoringType, each with what it says
_MATCHPOINT_WORDS = frozenset({"mp", "mps", "matchpoint", "matchpoints", "neuberg", "percentage", "percent", "pct",
                               "topscore"})
#: words that name the kind of event, not its method
_NEUTRAL_WORDS = frozenset({"pairs", "pair", "individual", "session"})
_SCALE_WORDS = {"mp1": "2/1/0", "mp2": "1/0.5/0"}
_IMP_WORDS = frozenset({"imp", "imps"})
_CROSS_WORDS = frozenset({"cross", "crossimp", "crossimps", "ximp", "ximps"})
_AVERAGE_WORDS = frozenset({"average", "avg", "averaged", "mean"})
_SUM_WORDS = frozenset({"sum", "total", "totals"})
_UNSUPPORTED = {"patton": "Patton"}
#: IMPs that an artificial score 10 % above average is worth, per comparison on a cross-IMP board and
#: against a Butler datum, by convention (the doc of rules_ext.events.scoring.results says where each comes from)
ARTIFICIAL_IMPS = {"ruter": 1.5, "ebu": 2.0, "acbl": 3.0}
#: the rates the file's figures are tried against, each by the name a report gives it (1.0: Ruter
#: cross-IMPs of some versions, 1 IMP per comparison for an A+)
_RATES = {"1": 1.0, "ruter": 1.5, "ebu": 2.0, "acbl": 3.0}


def artificial_rate(name: str) -> float:
    """IMPs per 10 % off average of a convention: a name of :data:`ARTIFICIAL_IMPS` or a number ('1', '2.5').

    >>> artificial_rate("ruter"), artificial_rate("1")
    (1.5, 1.0)
    """
    if name in ARTIFICIAL_IMPS:
        return ARTIFICIAL_IMPS[name]
    try:
        rate = float(name)
    except ValueError:
        rate = -1.0
    if not 0 < rate <= 20:
        raise RulesError(f"unknown artificial-score convention {name!r}: expected one of "
                         f"{', '.join(ARTIFICIAL_IMPS)} or IMPs per 10 % off average, e.g. 1, 1.5, 2, 3")
    return rate
#: the convention each IMP method takes when neither the file's figures nor the caller choose one
DEFAULT_ARTIFICIAL = {"cross-imps": "ruter", "cross-imps-average": "ruter", "butler": "acbl"}


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """How a pairs or individual event is scored, as its file declares it.

    ``method`` is one of :data:`METHODS`; ``scale`` the matchpoint scale ('2/1/0', '1/0.5/0', or ''
    when the file does not say); ``trim``: Butler results dropped at each end for the datum (None:
    one, none below three results); ``mean``: a pair's Bye boards get its average per played board;
    ``artificial``: the convention of :data:`ARTIFICIAL_IMPS` for artificial scores on cross-IMP and
    Butler boards ('': the file's, else the method's default).
    """

    method: str
    scale: str = ""
    trim: int | None = None
    mean: bool = False
    artificial: str = ""

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise RulesError(f"unknown scoring method {self.method!r}: expected one of {', '.join(METHODS)}")
        if self.artificial:
            artificial_rate(self.artificial)
        if self.trim is not None and self.trim < 0:
            raise RulesError(f"a Butler datum cannot drop {self.trim} results at each end: expected 0, 1, 2, ...")


def _scoring_source(event: Event) -> tuple[str, str, int]:
    """The scoring text, where it was said ('[Scoring "..."]' or the META line) and its line."""
    for game in event.games:
        tag = game.tag("Scoring")
        if tag is not None and tag.value.strip() not in ("", "?", "-") and not tag.value.startswith("#"):
            return tag.value, f'[Scoring "{tag.value}"]', tag.line or game.line
        if tag is not None and tag.value.startswith("##"):
            return tag.value[2:], f'[Scoring "{tag.value}"]', tag.line or game.line
    for position, (name, content) in enumerate(event.meta):
        if name.lower() == "scoringtype":
            line = event.meta_lines[position] if position < len(event.meta_lines) else 0
            return content, f'% <META name=ScoringType content="{content}"> (file header)', line
    return event.scoring, "", 0


def scoring_rules(event: Event) -> ScoringRules:
    """The :class:`ScoringRules` the file declares; an unknown word is a :class:`PBNError` naming
    the tag (or META line) and its line. Teams are scored by IMPs between rooms, whatever they say.

    >>> from rules_ext.events import read_pbn
    >>> scoring_rules(read_pbn('[Board "1"][Scoring "IMP;Butler-2;Mean"]\\n'))
    ScoringRules(method='butler', scale='', trim=2, mean=True, artificial='')
    """
    text, where, line = _scoring_source(event)
    if event.kind is EventKind.TEAMS:  # by IMPs between the rooms, or board-a-match
        named = {w.replace("-", "").replace("_", "") for w in re.split(r"[\s;,/+]+", text.lower()) if w}
        return ScoringRules("board-a-match" if named & BOARD_A_MATCH_WORDS else "imps")
    words: list[str] = [w for w in re.split(r"[\s;,/+_-]+", text.lower()) if w]
    matchpoint = imp = cross = butler_named = average = mean = False
    scale, trim = "", None
    for position, word in enumerate(words):
        if word in BOARD_A_MATCH_WORDS:
            raise PBNError(f"{where}: board-a-match (point-a-board) scores teams matches, but this file's results are "
                           f"not in teams matches: expected HomeTeam/VisitTeam (PBN) or MATCH elements (USEBIO), or a "
                           f"pairs method: MP, MP1, MP2, cross-IMPs, Butler", source=event.source, line=line)
        if word in _UNSUPPORTED:
            raise PBNError(f"{where}: {_UNSUPPORTED[word]} scoring is not supported: expected matchpoints "
                           f"(MP1, MP2), cross-IMPs or Butler", source=event.source, line=line)
        if word in _SCALE_WORDS:
            matchpoint, scale = True, _SCALE_WORDS[word]
        elif word in _MATCHPOINT_WORDS:
            matchpoint = True
        elif word in _IMP_WORDS:
            imp = True
        elif word in _CROSS_WORDS:
            cross = True
        elif word == "butler":
            butler_named = True
        elif word.isdigit() and position and words[position - 1] == "butler":
            trim = int(word)
        elif word in _AVERAGE_WORDS:
            average, mean = True, mean or word == "mean"
        elif word in _SUM_WORDS or word in _NEUTRAL_WORDS:
            pass
        else:
            raise PBNError(f"{where}: unknown scoring method {word!r}: expected MP, MP1, MP2, Neuberg, IMP, Cross, "
                           f"Butler, Average or Mean", source=event.source, line=line)
    if butler_named:
        return ScoringRules("butler", trim=trim, mean=mean)
    if cross or (imp and not matchpoint):
        return ScoringRules("cross-imps-average" if average else "cross-imps")
    return ScoringRules("matchpoints", scale)


def infer_scale(event: Event) -> str | None:
    """The file's own matchpoint scale, if its MP columns show it (MP_NS + MP_EW = top)."""
    for board in event.boards:
        real = [r for r in board.results if r.scored]
        if len(real) < 2 or len(real) != len([r for r in board.results if not r.not_played]):
            continue
        for r in real:
            ns, ew = printed_number(r.their("MP_NS")), printed_number(r.their("MP_EW"))
            if ns is not None and ew is not None:
                if abs(ns + ew - (len(real) - 1)) < 0.01:
                    return "1/0.5/0"
                if abs(ns + ew - 2 * (len(real) - 1)) < 0.01:
                    return "2/1/0"
    return None


def infer_artificial(event: Event, method: str) -> str:
    """The artificial-score convention the file's own figures show (the IMPs printed for an
    artificial row that is not an average), '' when they show none."""
    for board in event.boards:
        n = sum(1 for r in board.results if r.compared or r.artificial is not None)
        for r in board.results:
            if r.artificial is None:
                continue
            for pct, column in ((r.artificial.pct_ns, "IMP_NS"), (r.artificial.pct_ew, "IMP_EW")):
                printed = printed_number(r.their(column))
                if printed is None or pct == 50:
                    continue
                per_10 = printed / ((pct - 50) / 10) / (max(n - 1, 1) if method == "cross-imps" else 1)
                for name, worth in _RATES.items():
                    if abs(per_10 - worth) < 0.01:
                        return name
    return ""


#: how a board played fewer times than the others is scored: Neuberg's formula (Law 78A, the
#: default), on its own top, not scaled (Compscore's board lines), or the missing comparisons as
#: ties, MP + (N − n) on 2/1/0 (ScoreBridge)
SHORT_BOARDS = ("neuberg", "own-top", "ties")


@dataclass(frozen=True, slots=True)
class Conventions:
    """How a scoring program prints and adds its figures, beyond the method: each a named setting
    (:data:`CONVENTIONS` says its name on the command line and in a corrections file).

    - ``centred``: matchpoints centred on the average, MP − top/2, so NS = −EW (Ruter can print them so);
    - ``short``: a board played fewer times (:data:`SHORT_BOARDS`) as its lines show it, and
      ``short_totals`` as the pairs' totals count it ('' = as its lines: Compscore prints the lines
      on the board's own top and adds them Neuberg-scaled);
    - ``factored``: a pair's total that misses boards is factored up to the session's boards
      (total × boards of the session / boards played: Compscore);
    - ``rounded_totals``: a total is the sum of the board figures as printed (rounded), not of the
      exact figures (Magic Contest, Ruter: a total then differs by 0.01–0.1 from the exact sum);
    - ``datum_round``: a Butler datum rounded to the nearest 10 (the usual) or 1;
    - ``pct_base``: a pair's percentage of the tops of the boards it played ("played", the usual)
      or of the session's (the most any pair had: "session", a board missed counts as 0 %);
    - ``artificial_top``: the real results of a matchpointed board with an artificial score
      Neuberg-scaled (the usual), or not, on the full top or their own
      (:mod:`rules_ext.events.scoring.artificial_top`: BriAn scores them unscaled on the full top).

    ``factored`` applies to IMP totals too (cross-IMPs, Butler: Pianola factors them so).
    """

    centred: bool = False
    short: str = "neuberg"
    short_totals: str = ""
    factored: bool = False
    rounded_totals: bool = False
    datum_round: int = 10
    pct_base: str = "played"
    artificial_top: str = "neuberg"

    def __post_init__(self) -> None:
        for value in (self.short, self.short_totals or "neuberg"):
            if value not in SHORT_BOARDS:
                raise RulesError(f"unknown way of scoring a board played fewer times {value!r}: expected one of "
                                 f"{', '.join(SHORT_BOARDS)}")
        if self.pct_base not in ("played", "session"):
            raise RulesError(f"percentages of {self.pct_base!r}: expected played or session")
        if self.datum_round not in (1, 10):
            raise RulesError(f"a Butler datum rounded to {self.datum_round}: expected 10 or 1")

    @property
    def totals_short(self) -> str:
        return self.short_totals or self.short


_YES = {"yes": True, "true": True, "1": True, "on": True, "no": False, "false": False, "0": False, "off": False}

#: the conventions a director may set (``results --convention NAME=VALUE``, ``[conventions]`` of a
#: corrections file): name -> (what it sets, the values it takes)
CONVENTIONS = {
    "centred": ("matchpoints centred on the average (MP - top/2, NS = -EW)", "yes|no"),
    "short": ("a board played fewer times, as its lines show it", "|".join(SHORT_BOARDS)),
    "short-totals": ("a board played fewer times, as the totals count it", "|".join(SHORT_BOARDS)),
    "factored": ("a pair's total factored up to the session's boards when it missed some", "yes|no"),
    "rounded-totals": ("totals are sums of the board figures as printed (rounded)", "yes|no"),
    "datum-round": ("a Butler datum rounded to 10 or 1", "10|1"),
    "artificial-imps": ("IMPs an artificial score is worth per 10 % off average (per comparison on a "
                        "cross-IMP board)", "ruter|ebu|acbl|1|1.5|2|3"),
    "trim": ("Butler: results dropped at each end for the datum", "0|1|2|..."),
    "pct-base": ("a percentage of the tops of the boards played, or of the session's boards", "played|session"),
    "tied-places": ("equal totals share a place (3=) or are placed in order (the file's tie-break)",
                    "shared|in-order"),
    **EXTRA_CONVENTIONS,
}
_FIELDS = {"centred": "centred", "short": "short", "short-totals": "short_totals", "factored": "factored",
           "rounded-totals": "rounded_totals", "datum-round": "datum_round", "pct-base": "pct_base",
           "artificial-top": "artificial_top"}


def parse_convention(text: str) -> tuple[str, str | bool | int]:
    """``NAME=VALUE`` read and checked: ``(name, value)``, the value as the setting takes it.

    >>> parse_convention("centred=yes"), parse_convention("short=own-top")
    (('centred', True), ('short', 'own-top'))
    """
    name, sep, raw = text.partition("=")
    name, raw = name.strip().lower().replace("_", "-"), raw.strip().lower()
    if name == "centered":
        name = "centred"
    if not sep or name not in CONVENTIONS:
        raise RulesError(f"cannot read convention {text!r}: expected NAME=VALUE, NAME one of {', '.join(CONVENTIONS)}")
    values = CONVENTIONS[name][1]
    if values == "yes|no":
        if raw not in _YES:
            raise RulesError(f"convention {name}={raw!r}: expected yes or no")
        return name, _YES[raw]
    if name in ("datum-round", "trim"):
        if not raw.isdigit():
            raise RulesError(f"convention {name}={raw!r}: expected {values}")
        number = int(raw)
        Conventions(datum_round=number) if name == "datum-round" else ScoringRules("butler", trim=number)
        return name, number
    if name == "artificial-imps":
        artificial_rate(raw)
        return name, raw
    if name in ("tied-places", "pct-base") or name in EXTRA_CONVENTIONS:
        if raw not in values.split("|"):
            raise RulesError(f"convention {name}={raw!r}: expected {values.replace('|', ' or ')}")
        return name, raw
    if raw not in SHORT_BOARDS:
        raise RulesError(f"convention {name}={raw!r}: expected one of {', '.join(SHORT_BOARDS)}")
    return name, raw


def with_settings(conventions: Conventions, settings: dict[str, object]) -> Conventions:
    """``conventions`` with the settings of :func:`parse_convention` that are its own fields."""
    own: dict[str, Any] = {_FIELDS[name]: value for name, value in settings.items() if name in _FIELDS}
    return replace(conventions, **own) if own else conventions


def _mp_pair(r: TableResult) -> tuple[float, float] | None:
    """The NS and EW matchpoints a row prints (a pair's columns, or North's and East's)."""
    ns = printed_number(r.their("MP_NS") or r.their("MP_North"))
    ew = printed_number(r.their("MP_EW") or r.their("MP_East"))
    return None if ns is None or ew is None else (ns, ew)


def infer_centred(event: Event) -> tuple[bool, str] | None:
    """Whether the file's matchpoints are centred on the average (NS + EW = 0 on a row), with the
    count that shows it; None when it prints no MP for both sides."""
    centred = plain = 0
    for board in event.boards:
        results = board.results
        if not results or (_mp_pair(results[0]) is None and _mp_pair(results[-1]) is None):
            continue  # a board's rows share its table's columns: no MP column here (a file scored otherwise)
        for r in results:
            pair = _mp_pair(r)
            if pair is None or not r.scored:
                continue
            if abs(pair[0] + pair[1]) < 0.011:
                centred += pair[0] != 0 or pair[1] != 0
            else:
                plain += 1
    if not centred + plain:
        return None
    if centred > plain:
        return True, f"inferred from {centred}/{centred + plain} rows, NS = -EW"
    return False, f"inferred from {plain}/{centred + plain} rows, NS + EW = top"


def infer_centred_scale(event: Event) -> str | None:
    """The scale of centred matchpoints: the best result of a board gets top/2 (n − 1 on 2/1/0)."""
    votes = {"2/1/0": 0, "1/0.5/0": 0}
    for board in event.boards:
        real = [r for r in board.results if r.scored]
        if len(real) < 3 or len(real) != len([r for r in board.results if not r.not_played]):
            continue
        best = max((p[0] for r in real if (p := _mp_pair(r)) is not None), default=None)
        if best is not None:
            for scale, half in (("2/1/0", len(real) - 1), ("1/0.5/0", (len(real) - 1) / 2)):
                votes[scale] += abs(best - half) < 0.011
    return max(votes, key=votes.__getitem__) if any(votes.values()) else None


def _decimals(text: str) -> int:
    t = text.strip().lstrip("^").replace(",", ".")
    return len(t.split(".")[1]) if "." in t else 0


def infer_short(event: Event, scale: str, centred: bool,
                counts: list[tuple[int, int]] | None = None) -> tuple[str, str] | None:
    """How the file's lines score a board played fewer times (:data:`SHORT_BOARDS`), with the count
    of such boards each fits; None when no board was played fewer times (with figures to show it).
    ``counts``: each board's results compared and artificial, when the caller has them."""
    from rules_ext.core import matchpoints, neuberg, top
    if counts is None:
        counts = [(len([r for r in b.results if r.compared]), sum(r.artificial is not None for r in b.results))
                  for b in event.boards]
    most = max((c + a for c, a in counts), default=0)
    fits = dict.fromkeys(SHORT_BOARDS, 0)
    looked = 0
    tie = 1.0 if scale == "2/1/0" else 0.5
    for board, (n, artificial) in zip(event.boards, counts):
        if artificial or not 1 < n < most:
            continue
        real = [r for r in board.results if r.scored]
        if len(real) != n:
            continue
        printed = [(_mp_pair(r), r.their("MP_NS") or r.their("MP_North") or "") for r in real]
        if any(p is None for p, _ in printed):
            continue
        looked += 1
        mps = matchpoints([r.score_ns for r in real if r.score_ns is not None], scale)
        full, own = top(most, scale), top(n, scale)
        candidates = {"neuberg": ([neuberg(mp, n, most, scale) for mp in mps], full),
                      "own-top": (mps, own), "ties": ([mp + (most - n) * tie for mp in mps], full)}
        for name, (figures, board_top) in candidates.items():
            shift = board_top / 2 if centred else 0.0
            if all(p is not None and abs(p[0] - (f - shift)) <= 0.5 * 10 ** -_decimals(text) + 1e-9
                   for (p, text), f in zip(printed, figures)):
                fits[name] += 1
    if not looked:
        return None
    best = max(SHORT_BOARDS, key=lambda name: (fits[name], name == "neuberg"))
    if not fits[best]:
        return None
    return best, f"inferred from {fits[best]}/{looked} boards played fewer times"


def infer_datum_round(event: Event) -> tuple[int, str] | None:
    """A Butler datum rounded to 10 or to 1, as the file's own data show (None: none printed)."""
    data = [printed_number(b.their("Datum")) for b in event.boards]
    data += [printed_number(r.their("ButlerDatum")) for b in event.boards for r in b.results[:1]]
    known = [d for d in data if d is not None]
    if not known:
        return None
    odd = sum(1 for d in known if d % 10)
    return (1, f"inferred from {odd}/{len(known)} data not a multiple of 10") if odd * 2 > len(known) else \
        (10, f"inferred from {len(known) - odd}/{len(known)} data, multiples of 10")
