"""How figures are printed on every sheet: matchpoints, IMPs, VPs, weights and percentages."""
from __future__ import annotations


def fmt_number(value: float | None, places: int = 2) -> str:
    """``12.0`` -> ``12``, ``7.5`` -> ``7.5``, ``6.333`` -> ``6.33``; None -> ''."""
    if value is None:
        return ""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def fmt_pct(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"
