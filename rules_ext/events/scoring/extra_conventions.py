"""The conventions of sections, VP scales, point-a-board teams and artificial scores on a
matchpointed board: their names, what each sets and the values it takes (joined to
:data:`rules_ext.events.scoring.conventions.CONVENTIONS`), and how a sheet says them in Chinese,
so that a director can set each by name and every sheet states the ones used.

What each value does, in a director's words: the 使用说明's 成绩的计算 (source/manual/scoring.rst);
the ``artificial-top`` values: :func:`rules_ext.events.scoring.artificial_top.board_figures`.
"""
from __future__ import annotations

from rules_ext.core.vp_scales import SCALES

__all__ = ["ARTIFICIAL_TOPS", "EXTRA_CONVENTIONS", "EXTRA_VALUES_ZH", "EXTRA_ZH"]

#: how the real results of a matchpointed board with an artificial score are scored
#: (:func:`rules_ext.events.scoring.artificial_top.board_figures` says what each does)
ARTIFICIAL_TOPS = ("neuberg", "full-top", "own-top")

#: name -> (what it sets, its values); ``sections``: a session of several sections scored ``across`` the field
#: (each board matchpointed or IMPed over every table that played it, in every section) or each section
#: ``separate``; ``ranking``: the field ranked as one (``field``) or each section on its own (``sections``);
#: ``winners``: ``one`` list, or ``two`` (North-South and East-West apart, when pairs keep their direction: a
#: Mitchell's two winners); ``vp-scale``: the scale a teams match's IMPs are converted on
#: (:mod:`rules_ext.core.vp_scales`); ``board-points``: a point-a-board (board-a-match) teams board won, tied,
#: lost: ``1/0.5/0`` or the British ``2/1/0``; ``artificial-top``: the real results of a matchpointed board
#: with an artificial score: ``neuberg`` (the default), ``full-top`` (BriAn) or ``own-top``.
EXTRA_CONVENTIONS: dict[str, tuple[str, str]] = {
    "sections": ("a session's sections scored across the field or each on its own", "across|separate"),
    "ranking": ("the field ranked as one, or each section on its own", "field|sections"),
    "winners": ("one ranking, or North-South and East-West apart (pairs that keep their direction)", "one|two"),
    "vp-scale": ("the VP scale a teams match's IMPs are converted on", "|".join(SCALES)),
    "board-points": ("point-a-board teams: a board won, tied, lost", "1/0.5/0|2/1/0"),
    "artificial-top": ("the real results of a matchpointed board with an artificial score: Neuberg, unscaled on "
                       "the full top, or on their own top", "|".join(ARTIFICIAL_TOPS)),
}

#: the conventions above as a Chinese sheet names them
EXTRA_ZH = {
    "sections": "各分区的计分", "ranking": "排名范围", "winners": "排名方式", "vp-scale": "胜利分表",
    "board-points": "每副牌比分（胜/平/负）", "artificial-top": "有人为分的牌上真实结果的计分",
}
#: their values in Chinese
EXTRA_VALUES_ZH = {
    "across": "全场统一比较（跨分区）", "separate": "各分区分别比较", "field": "全场统一排名", "sections": "各分区分别排名",
    "one": "一个排名", "two": "南北、东西分别排名", "full-top": "不按 Neuberg 折算，满分计入人为分",
    "own-top": "按真实结果自身的满分", **{name: scale.title_zh for name, scale in SCALES.items()},
    "1/0.5/0": "1/0.5/0", "2/1/0": "2/1/0",
}
