"""Edition comparison pages: the two texts of each law that the editions table compares (1991 and
1999) side by side, provision by provision (``compare/index``, ``compare/law-<n>``).
"""
from __future__ import annotations

from collections.abc import Callable

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import citation, sort_key
from rules_ext.corpus.model import Corpus, Edition, Provision
from rules_ext.site import markup
from rules_ext.site.names import COMPARE, edition_name, law_title


def compared(corpus: Corpus) -> tuple[Edition, Edition] | None:
    """The older and the newer edition of the comparison pages, or None when one is missing."""
    try:
        return corpus.edition(EDITIONS.comparison[0]), corpus.edition(EDITIONS.comparison[1])
    except KeyError:
        return None


def comparable(corpus: Corpus, number: int) -> bool:
    """Whether law ``number`` has a comparison page (it is in both compared editions)."""
    pair = compared(corpus)
    return pair is not None and all(e.law(number) is not None for e in pair)


def compare_pages(corpus: Corpus, render: Callable[..., str]) -> dict[str, str]:
    """docname -> reST of the comparison pages, rendered by ``render(template, **data)``."""
    pair = compared(corpus)
    if pair is None:
        return {}
    old, new = pair
    names = {"old": {"id": old.id, "name": edition_name(old)},
             "new": {"id": new.id, "name": edition_name(new)}}
    pages, index = {}, []
    for law in sorted(old.laws, key=lambda x: x.number):
        other = new.law(law.number)
        if other is None:
            continue
        a = {p.label: p for p in law.walk()}
        b = {p.label: p for p in other.walk()}
        rows = []
        for label in sorted(set(a) | set(b), key=sort_key):
            left_text = _full_text(a.get(label))
            right_text = _full_text(b.get(label))
            left, right, ratio = markup.diff_pair(left_text, right_text)
            owner = old.id if label in a else new.id
            rows.append({"label": markup.role("law:ref", label, f"{owner}:{label}")
                         .removeprefix("\\ ").removesuffix("\\ "),
                         "left": left if left_text else "—",
                         "right": right if right_text else "—",
                         "ratio": f"{ratio:.0%}"})
        whole = markup.diff_pair("".join(_full_text(p) for p in law.walk()),
                                 "".join(_full_text(p) for p in other.walk()))[2]
        pages[f"{COMPARE}/law-{law.number}"] = render(
            "site/compare_law.rst.jinja", number=law.number, **names,
            title=markup.escape(citation(law.label, f"{edition_name(old)}与{edition_name(new)}对照")),
            old_title=markup.escape(f"{edition_name(old)} {law_title(law)}"),
            new_title=markup.escape(f"{edition_name(new)} {law_title(other)}"),
            rows=rows, ratio=f"{whole:.0%}")
        index.append({"number": law.number, "doc": f"/{COMPARE}/law-{law.number}",
                      "old": markup.escape(law_title(law)),
                      "new": markup.escape(law_title(other)), "ratio": f"{whole:.0%}"})
    if index:
        pages[f"{COMPARE}/index"] = render("site/compare_index.rst.jinja", laws=index, **names)
    return pages


def _full_text(p: Provision | None) -> str:
    if p is None:
        return ""
    # markers are left out: the label column says which provision it is, and the editions letter
    # differently (（A） / A．), which is not a difference of wording
    return f"{p.heading}{(' ' if p.heading and p.text else '')}{p.text}".strip()
