"""Restoring the suit symbols ♠♥♦♣ where the text proves they were garbled or lost.

The proof is the suit sentence itself: the four suit names 黑桃, 红心, 方块, 梅花 each followed
directly by a garbled token (``&``, ``¨``, ``§``, ``?``, the ASCII ``(C)`` that stood for ©), or by
an empty bracket pair split over a line break (the 1991 Law 1 sentence).  Nothing else is touched:
``&`` and ``?`` in junk, and a real ``（C）`` section marker, never reach a suit sentence.
"""
from __future__ import annotations

import re

SUITS = {"黑桃": "♠", "红心": "♥", "方块": "♦", "梅花": "♣"}
_NAMES = "黑桃|红心|紅心|方块|方塊|梅花"
_GARBLE = r"(?:&|¨|§|\?|\(C\))"
#: a suit name, an optional opening bracket, a garbled token
_GARBLED_RE = re.compile(rf"({_NAMES})([（(]?){_GARBLE}")
#: a suit name followed by an empty bracket pair broken over a line: '黑桃（\n）'
_LOST_RE = re.compile(rf"({_NAMES})（\n）")


def _symbol(name: str) -> str:
    return {"黑桃": "♠", "红心": "♥", "紅心": "♥", "方块": "♦", "方塊": "♦", "梅花": "♣"}[name]


def restore_suits(text: str) -> tuple[str, int]:
    """Text with the proven suit symbols restored, and how many were restored.

    A sentence qualifies only when all four suits are present with the same kind of damage, so a
    lone ``&`` or ``?`` is never taken for a suit.
    """
    garbled = _GARBLED_RE.findall(text)
    if {g[0] for g in garbled} >= {"黑桃", "方块", "梅花"} and len(garbled) >= 4:
        text, n = _GARBLED_RE.subn(lambda m: m[1] + m[2] + _symbol(m[1]), text)
        return text, n
    lost = _LOST_RE.findall(text)
    if len(lost) >= 4:
        text, n = _LOST_RE.subn(lambda m: f"{m[1]}（{_symbol(m[1])}）", text)
        return text, n
    return text, 0
