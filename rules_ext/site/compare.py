"""Edition comparison pages: the 1991 and 1999 texts of each law side by side, provision by
provision (``compare/index``, ``compare/law-<n>``).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from rules_ext.corpus.model import Corpus, Provision
from rules_ext.site import markup
from rules_ext.site.names import COMPARE, law_title


def label_key(label: str) -> tuple:
    """Natural order of labels: 16 < 16intro < 16A < 16A1 < 16A1a < 16B < 69note."""
    key = []
    for token in re.findall(r"\d+|[A-Za-z]+", label):
        if token.isdigit():
            key.append((1, int(token), ""))
        elif token == "intro":
            key.append((0, 0, ""))
        elif token == "note":
            key.append((3, 0, ""))
        else:
            key.append((2, 0, token))
    return tuple(key)


def comparable(corpus: Corpus, number: int) -> bool:
    """Whether law ``number`` has a comparison page (it is in both the 1991 and 1999 texts)."""
    try:
        a, b = corpus.edition("1991"), corpus.edition("1999")
    except KeyError:
        return False
    return a.law(number) is not None and b.law(number) is not None


def compare_pages(corpus: Corpus, render: Callable[..., str]) -> dict[str, str]:
    """docname -> reST of the comparison pages, rendered by ``render(template, **data)``."""
    try:
        old, new = corpus.edition("1991"), corpus.edition("1999")
    except KeyError:
        return {}
    pages, index = {}, []
    for law in sorted(old.laws, key=lambda x: x.number):
        other = new.law(law.number)
        if other is None:
            continue
        a = {p.label: p for p in law.walk()}
        b = {p.label: p for p in other.walk()}
        rows = []
        for label in sorted(set(a) | set(b), key=label_key):
            left_text = _full_text(a.get(label))
            right_text = _full_text(b.get(label))
            left, right, ratio = markup.diff_pair(left_text, right_text)
            owner = "1991" if label in a else "1999"
            rows.append({"label": markup.role("law:ref", label, f"{owner}:{label}")
                         .removeprefix("\\ ").removesuffix("\\ "),
                         "left": left if left_text else "—",
                         "right": right if right_text else "—",
                         "ratio": f"{ratio:.0%}"})
        whole = markup.diff_pair("".join(_full_text(p) for p in law.walk()),
                                 "".join(_full_text(p) for p in other.walk()))[2]
        pages[f"{COMPARE}/law-{law.number}"] = render(
            "site/compare_law.rst.jinja", number=law.number,
            title=markup.escape(f"第{law.number}条 1991年版与1999年版对照"),
            old_title=markup.escape("1991年版 " + law_title(law)),
            new_title=markup.escape("1999年版 " + law_title(other)),
            rows=rows, ratio=f"{whole:.0%}")
        index.append({"number": law.number, "doc": f"/{COMPARE}/law-{law.number}",
                      "old": markup.escape(law_title(law)),
                      "new": markup.escape(law_title(other)), "ratio": f"{whole:.0%}"})
    if index:
        pages[f"{COMPARE}/index"] = render("site/compare_index.rst.jinja", laws=index)
    return pages


def _full_text(p: Provision | None) -> str:
    if p is None:
        return ""
    # markers are left out: the label column says which provision it is, and the editions letter
    # differently (（A） / A．), which is not a difference of wording
    return f"{p.heading}{(' ' if p.heading and p.text else '')}{p.text}".strip()
