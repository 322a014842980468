"""The VP scale a teams event's matches are converted on (the scales themselves:
:mod:`rules_ext.core.vp_scales`).

Set by the director (``vp-scale=acbl-20``), else the one the file's own match VPs show: every
scale that has a table for each match's length is tried on our IMP margins, and the one that
reproduces most of the file's VPs (inside their printed precision) is taken, with the count that
shows it (``inferred from 6/6 matches``). When the file prints no match VPs, or none fits, the
matches stay on the WBF 2013 continuous scale (the default, said as such on every sheet).
"""
from __future__ import annotations

from dataclasses import replace

from rules_ext.core.vp_scales import SCALES, scale_of
from rules_ext.events.model import Event
from rules_ext.events.scoring.file_figures import printed_number
from rules_ext.events.scoring.results_model import MatchResult

__all__ = ["DEFAULT_SCALE", "choose_vp_scale", "on_scale"]

DEFAULT_SCALE = "wbf2013"


def on_scale(matches: list[MatchResult], name: str) -> list[MatchResult]:
    """The matches with their VPs on the scale ``name`` (a match not played keeps none)."""
    scale = scale_of(name)
    out = []
    for m in matches:
        if m.boards:
            home, visit = scale.vp(m.imps_home - m.imps_visit, m.boards)
            m = replace(m, vp_home=home, vp_visit=visit)
        out.append(m)
    return out


def _file_vps(event: Event, matches: list[MatchResult]) -> list[tuple[MatchResult, float, float, float]]:
    """Each match the file prints VPs for, with its VPs (home, visit) and half their printed precision."""
    table = event.match_totals
    if table is None:
        return []
    found = []
    for row in table.records():
        home, visit, round_ = row.get("Home", ""), row.get("Visit", ""), row.get("Round", "")
        same = [m for m in matches if (m.home, m.visit) == (home, visit) and m.boards]
        match = next((m for m in same if m.round == round_), same[0] if same else None)
        theirs = printed_number(row.get("VP_Home")), printed_number(row.get("VP_Visit"))
        if match is None or theirs[0] is None or theirs[1] is None:
            continue
        text = row.get("VP_Home", "").strip().replace(",", ".")
        half = 0.5 * 10 ** -(len(text.split(".")[1]) if "." in text else 0) + 1e-9
        found.append((match, theirs[0], theirs[1], half))
    return found


def choose_vp_scale(event: Event, matches: list[MatchResult], settings: dict[str, object]
                    ) -> tuple[str, str]:
    """The scale to convert ``matches`` on, and why ('set by the director', 'inferred from 5/6
    matches'; '' for the default, neither set nor shown).

    A scale fits a match when its VPs are the file's inside their printed precision; of scales that
    fit as many, the one giving the printed figures exactly is taken (a file printing 12 for a match
    the continuous scale makes 11.67 is on a whole-number scale), and a scale that fits as well as
    the one taken is named beside it."""
    if "vp-scale" in settings:
        return str(settings["vp-scale"]), "set by the director"
    printed = _file_vps(event, matches)
    if not printed:
        return DEFAULT_SCALE, ""
    lengths = {m.boards for m in matches if m.boards}
    fits: dict[str, tuple[int, int]] = {}
    for name, scale in SCALES.items():
        if not all(scale.covers(n) for n in lengths):
            continue
        near = exact = 0
        for m, home, visit, half in printed:
            gaps = [abs(ours - theirs) for ours, theirs in zip(scale.vp(m.imps_home - m.imps_visit, m.boards),
                                                                (home, visit))]
            near += all(gap <= half for gap in gaps)
            exact += all(gap < 1e-9 for gap in gaps)
        fits[name] = (near, exact)
    best = max(fits, key=lambda name: (fits[name], name == DEFAULT_SCALE))
    default = fits.get(DEFAULT_SCALE, (0, 0))
    if not fits[best][0] or fits[best] <= default:
        return DEFAULT_SCALE, f"inferred from {default[0]}/{len(printed)} matches" if default[0] else ""
    alike = [name for name in fits if name != best and fits[name] == fits[best]]
    return best, (f"inferred from {fits[best][0]}/{len(printed)} matches"
                  + (f"; {', '.join(alike)} gives the same" if alike else ""))
