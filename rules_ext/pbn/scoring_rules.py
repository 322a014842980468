"""How an event is scored, as its file declares it: :func:`scoring_rules` reads the Scoring tag, or
the ``% <META name=ScoringType>`` line; a word we do not know there is an error naming it and its
line, never silently matchpoints. What the file leaves unsaid, its own figures may show: the
matchpoint scale (:func:`infer_scale`) and the convention for artificial scores on IMP boards
(:func:`infer_artificial`); the methods and conventions themselves: :mod:`rules_ext.pbn.results`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules_ext.errors import RulesError
from rules_ext.pbn.errors import PBNError
from rules_ext.pbn.file_figures import printed_number
from rules_ext.pbn.model import Event, EventKind

__all__ = ["ARTIFICIAL_IMPS", "DEFAULT_ARTIFICIAL", "METHODS", "ScoringRules", "infer_artificial", "infer_scale",
           "scoring_rules"]

METHODS = ("matchpoints", "cross-imps", "cross-imps-average", "butler", "imps")

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
_UNSUPPORTED = {"bam": "board-a-match", "boardamatch": "board-a-match", "patton": "Patton"}
#: IMPs that an artificial score 10 % above average is worth, per comparison on a cross-IMP board and
#: against a Butler datum, by convention (the doc of rules_ext.pbn.results says where each comes from)
ARTIFICIAL_IMPS = {"ruter": 1.5, "ebu": 2.0, "acbl": 3.0}
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
        if self.artificial and self.artificial not in ARTIFICIAL_IMPS:
            raise RulesError(f"unknown artificial-score convention {self.artificial!r}: expected one of "
                             f"{', '.join(ARTIFICIAL_IMPS)}")
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

    >>> from rules_ext.pbn import read_pbn
    >>> scoring_rules(read_pbn('[Board "1"][Scoring "IMP;Butler-2;Mean"]\\n'))
    ScoringRules(method='butler', scale='', trim=2, mean=True, artificial='')
    """
    if event.kind is EventKind.TEAMS:
        return ScoringRules("imps")
    text, where, line = _scoring_source(event)
    words: list[str] = [w for w in re.split(r"[\s;,/+_-]+", text.lower()) if w]
    matchpoint = imp = cross = butler_named = average = mean = False
    scale, trim = "", None
    for position, word in enumerate(words):
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
                for name, worth in ARTIFICIAL_IMPS.items():
                    if abs(per_10 - worth) < 0.01:
                        return name
    return ""
