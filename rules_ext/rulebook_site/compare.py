"""Edition comparison pages: the two texts of each law (1991 and 1999) side by side, provision by
provision (``compare/index``, ``compare/law-<n>``).

Provisions are paired by their wording, never by their labels: the editions are different
translations and letter their sections differently (1991 29B is 1999 29A). :func:`align` compares
every provision of a law with every one of the other edition's and pairs them best first; a pair
whose labels differ is shown as moved, a leftover that repeats most of a paired one as split from
it (or merged into it), the rest as only in one edition. A closing paragraph (printed after its
children and governing them, 1991 25B2b) is compared where it was printed, in a row of its own.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import citation
from rules_ext.corpus.model import Corpus, Edition, Law, Provision
from rules_ext.errors import NotFoundError
from rules_ext.rulebook_site import markup
from rules_ext.rulebook_site.names import COMPARE, edition_name, law_title

#: similarity (0–1) from which two provisions are the same provision
PAIR = 0.5
#: similarity from which two provisions left over under the same label are one provision reworded
REWORDED = 0.25
#: a pair with the same label wins over another within this much similarity
SAME_LABEL_BONUS = 0.05
#: share of a left-over provision's text found in a paired one for it to be a split (or merge)
SPLIT = 0.6


#: how a closing paragraph is named after its provision's label (1991 25B2b末段)
CLOSING_NAME = "末段"


@dataclass(frozen=True, slots=True)
class Part:
    """What one row shows of one edition: a provision (its heading and text), or the closing
    paragraph of one."""

    provision: Provision
    closing: bool = False

    @property
    def label(self) -> str:
        return self.provision.label

    @property
    def name(self) -> str:
        """The label as shown (``25B2b``, ``25B2b末段``)."""
        return self.label + (CLOSING_NAME if self.closing else "")

    @property
    def text(self) -> str:
        p = self.provision
        if self.closing:
            return p.closing.strip()
        # markers are left out: the label column says which provision it is, and the editions
        # letter differently (（A） / A．), which is not a difference of wording
        return f"{p.heading}{(' ' if p.heading and p.text else '')}{p.text}".strip()


def parts(law: Law) -> list[Part]:
    """The law's provisions as printed: each provision, its children, then its closing
    paragraph."""
    def of(provision: Provision) -> list[Part]:
        out = [Part(provision)]
        for child in provision.children:
            out += of(child)
        if provision.closing:
            out.append(Part(provision, closing=True))
        return out

    return [part for p in law.provisions for part in of(p)]


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a comparison: an old provision (or closing paragraph), a new one, or both."""

    old: Part | None
    new: Part | None
    ratio: float  # similarity of the two texts (0 when one side is missing)
    relation: str  # 'same', 'moved', 'split', 'merged', 'old-only', 'new-only'
    partner: str = ""  # for 'split' / 'merged': the label of the provision it came from / went to


def normalised(text: str) -> str:
    """The wording only: no spaces, punctuation or brackets (the editions punctuate differently)."""
    return re.sub(r"[\s\W_]+", "", text)


def similarity(a: str, b: str) -> float:
    """How alike two texts' wording is (0–1: difflib's ratio of the normalised texts)."""
    return similarities([a], [b])[0, 0]


def similarities(olds: Sequence[str], news: Sequence[str]) -> dict[tuple[int, int], float]:
    """:func:`similarity` of every old text with every new one, keyed ``(i, j)``: each text
    normalised once, each new one analysed once for all the old ones (the same ratios)."""
    normal_old = [normalised(text) for text in olds]
    matcher = difflib.SequenceMatcher(None, "", "", autojunk=False)
    scores: dict[tuple[int, int], float] = {}
    for j, b in enumerate(map(normalised, news)):
        matcher.set_seq2(b)  # difflib analyses the second text: once for all the old ones
        for i, a in enumerate(normal_old):
            if not a or not b:
                scores[i, j] = 1.0 if a == b else 0.0
            else:
                matcher.set_seq1(a)
                scores[i, j] = matcher.ratio()
    return scores


class Alignments:
    """Each law of two editions aligned once (:func:`align`), for all that show it: the
    comparison pages and the 沿革 lines of the law pages (:mod:`rules_ext.rulebook_site.history`)."""

    def __init__(self) -> None:
        self._rows: dict[tuple[str, str, int], list[Row]] = {}

    def law(self, old: Edition, new: Edition, number: int) -> list[Row] | None:
        """The rows of law ``number`` from ``old`` to ``new`` (None when either lacks the law)."""
        key = (old.id, new.id, number)
        if key not in self._rows:
            old_law, new_law = old.law(number), new.law(number)
            if old_law is None or new_law is None:
                return None
            self._rows[key] = align(parts(old_law), parts(new_law))
        return self._rows[key]


def containment(part: str, whole: str) -> float:
    """The share of ``part``'s wording found, in order, in ``whole``."""
    part, whole = normalised(part), normalised(whole)
    if not part:
        return 0.0
    matcher = difflib.SequenceMatcher(None, part, whole, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()) / len(part)


def align(old: Sequence[Part], new: Sequence[Part]) -> list[Row]:
    """Pair the provisions of one law in two editions by wording; rows in the new edition's order,
    each provision only in the old edition placed after the row of its predecessor."""
    texts_old = [full_text(p) for p in old]
    texts_new = [full_text(p) for p in new]
    scores = similarities(texts_old, texts_new)
    ranked = sorted(scores, key=lambda ij: (
        -(scores[ij] + (SAME_LABEL_BONUS if old[ij[0]].name == new[ij[1]].name else 0)), ij))
    pair_of_old: dict[int, int] = {}
    pair_of_new: dict[int, int] = {}
    for i, j in ranked:
        if scores[i, j] < PAIR:
            break
        if i in pair_of_old or j in pair_of_new:
            continue
        pair_of_old[i], pair_of_new[j] = j, i
    # left over on both sides under the same label: the same provision reworded
    for i, p in enumerate(old):
        same = next((j for j, q in enumerate(new) if q.name == p.name), None)
        if same is not None and i not in pair_of_old and same not in pair_of_new \
                and scores[i, same] >= REWORDED:
            pair_of_old[i], pair_of_new[same] = same, i
    # a left-over provision that repeats most of a paired one: split from it / merged into it
    split_from: dict[int, int] = {}  # new j -> old i
    merged_into: dict[int, int] = {}  # old i -> new j
    for j in range(len(new)):
        if j not in pair_of_new:
            best = max(pair_of_old, key=lambda i: containment(texts_new[j], texts_old[i]),
                       default=None)
            if best is not None and containment(texts_new[j], texts_old[best]) >= SPLIT \
                    and scores[best, j] >= PAIR * 0.8:
                split_from[j] = best
    for i in range(len(old)):
        if i not in pair_of_old:
            best = max(pair_of_new, key=lambda j: containment(texts_old[i], texts_new[j]),
                       default=None)
            if best is not None and containment(texts_old[i], texts_new[best]) >= SPLIT \
                    and scores[i, best] >= PAIR * 0.8:
                merged_into[i] = best

    rows: list[Row] = []
    shown_old: set[int] = set()

    def old_before(limit: int) -> None:
        """The old-only provisions (and their merges) that come before old provision ``limit``."""
        for i in range(limit):
            if i not in shown_old and i not in pair_of_old:
                shown_old.add(i)
                if i in merged_into:
                    j = merged_into[i]
                    rows.append(Row(old[i], None, scores[i, j], "merged", new[j].name))
                else:
                    rows.append(Row(old[i], None, 0.0, "old-only"))

    for j, p in enumerate(new):
        if j in pair_of_new:
            i = pair_of_new[j]
            old_before(i)
            shown_old.add(i)
            relation = "same" if old[i].name == p.name else "moved"
            rows.append(Row(old[i], p, scores[i, j], relation))
        elif j in split_from:
            i = split_from[j]
            rows.append(Row(None, p, scores[i, j], "split", old[i].name))
        else:
            rows.append(Row(None, p, 0.0, "new-only"))
    old_before(len(old))
    return rows


def aligned_similarity(rows: Sequence[Row]) -> float:
    """The similarity of a whole law: the paired provisions' similarities weighted by their
    length; a provision in one edition only counts as nothing in common."""
    total = common = 0.0
    for row in rows:
        size = len(normalised(full_text(row.old))) + len(normalised(full_text(row.new)))
        total += size
        if row.old is not None and row.new is not None:
            common += row.ratio * size
    return common / total if total else 1.0


def compared(corpus: Corpus) -> tuple[Edition, Edition] | None:
    """The older and the newer edition of the comparison pages, or None when one is missing."""
    try:
        return corpus.edition(EDITIONS.comparison[0]), corpus.edition(EDITIONS.comparison[1])
    except NotFoundError:
        return None


def comparable(corpus: Corpus, number: int) -> bool:
    """Whether law ``number`` has a comparison page (it is in both compared editions)."""
    pair = compared(corpus)
    return pair is not None and all(e.law(number) is not None for e in pair)


def _label_link(edition: Edition, part: Part) -> str:
    """The part's label linked to its provision (a closing paragraph: ``25B2b末段``, to 25B2b)."""
    # a label with a word in it (13intro, 68note) shown as the rules cite it: 第13条引言
    shown = citation(part.label) if re.search(r"[a-z]{2}", part.label) else part.label
    link = markup.role("law:ref", shown, f"{edition.id}:{part.label}") \
        .removeprefix("\\ ").removesuffix("\\ ")
    return f"{link}\\ {CLOSING_NAME}" if part.closing else link


def row_data(row: Row, old: Edition, new: Edition) -> dict[str, str]:
    """The template data of one row: both cells (label and diffed text), the relation shown."""
    left_text, right_text = full_text(row.old), full_text(row.new)
    # a provision in one edition only is all deleted / all inserted
    left, right, _ = markup.diff_pair(left_text, right_text)
    old_name, new_name = edition_name(old), edition_name(new)
    notes = {
        "same": f"{row.ratio:.0%}",
        "moved": f"移位 {row.ratio:.0%}",
        "split": f"拆分自 {old.id} {row.partner}" if row.partner else "拆分",
        "merged": f"并入 {new.id} {row.partner}" if row.partner else "并入",
        "old-only": f"仅见于{old_name}",
        "new-only": f"仅见于{new_name}",
    }
    label_old = _label_link(old, row.old) if row.old is not None else "—"
    label_new = _label_link(new, row.new) if row.new is not None else "—"
    if row.relation == "moved":
        label = f"{old.id} {label_old} :compare-moved:`↔` {new.id} {label_new}"
    elif row.old is not None and row.new is not None:
        label = label_new
    else:
        label = label_old if row.old is not None else label_new
    return {"label": label, "left": left if left_text else "—", "right": right if right_text else "—",
            "relation": row.relation, "note": notes[row.relation],
            "ratio": f"{row.ratio:.0%}"}


def compare_pages(corpus: Corpus, render: Callable[..., str],
                  alignments: Alignments | None = None) -> dict[str, str]:
    """docname -> reST of the comparison pages, rendered by ``render(template, **data)`` (the laws
    aligned by ``alignments``, shared with the 沿革 lines, or by a new one)."""
    pair = compared(corpus)
    if pair is None:
        return {}
    old, new = pair
    alignments = alignments or Alignments()
    names = {"old": {"id": old.id, "name": edition_name(old)},
             "new": {"id": new.id, "name": edition_name(new)}}
    pages, index = {}, []
    for law in sorted(old.laws, key=lambda x: x.number):
        other = new.law(law.number)
        if other is None:
            continue
        rows = alignments.law(old, new, law.number) or []
        whole = aligned_similarity(rows)
        moved = [r for r in rows if r.relation == "moved"]
        pages[f"{COMPARE}/law-{law.number}"] = render(
            "site/compare_law.rst.jinja", number=law.number, **names,
            title=markup.escape(citation(law.label, f"{edition_name(old)}与{edition_name(new)}对照")),
            old_title=markup.escape(f"{edition_name(old)} {law_title(law)}"),
            new_title=markup.escape(f"{edition_name(new)} {law_title(other)}"),
            rows=[row_data(r, old, new) for r in rows], ratio=f"{whole:.0%}",
            moved=[f"{old.id} {r.old.name} ↔ {new.id} {r.new.name}"  # type: ignore[union-attr]
                   for r in moved])
        index.append({"number": law.number, "doc": f"/{COMPARE}/law-{law.number}",
                      "old": markup.escape(law_title(law)),
                      "new": markup.escape(law_title(other)), "ratio": f"{whole:.0%}",
                      "moved": len(moved)})
    if index:
        pages[f"{COMPARE}/index"] = render("site/compare_index.rst.jinja", laws=index, **names)
    return pages


def full_text(part: Part | None) -> str:
    return "" if part is None else part.text
