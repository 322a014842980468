"""The ``check`` report: line accounting, junk, recovered boundaries and definitions, errata,
unresolved references."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .model import RESOLUTION_KINDS, Corpus


@dataclass(frozen=True, slots=True)
class FileAccount:
    name: str
    total: int
    accounted: int
    by_kind: tuple[tuple[str, int], ...]  # ('provision', 1005), ('junk', 160) ...

    def __post_init__(self) -> None:
        if not 0 <= self.accounted <= self.total:
            raise ValueError(f"accounted lines {self.accounted!r} outside 0..{self.total}")


@dataclass(frozen=True, slots=True)
class Report:
    files: tuple[FileAccount, ...]
    junk: tuple[tuple[str, int, int, str], ...]  # (edition, first, last, reason)
    recovered: tuple[tuple[str, int, int, int, float, tuple[str, ...]], ...]
    errata: tuple[tuple[str, str, str], ...]  # (edition, erratum id, where)
    references: tuple[tuple[str, int, int], ...]  # (edition, found, resolved)
    unresolved: tuple[tuple[str, str, int, str, str], ...]  # (edition, label, line, text, note)
    problems: tuple[str, ...] = field(default=())
    #: (edition, number of definitions, recovered ones as (term, english, first, last, evidence))
    definitions: tuple[tuple[str, int, tuple[tuple[str, str, int, int, str], ...]], ...] = field(default=())
    #: (edition, ((resolution kind, number of targets), ...)): how each target resolved
    targets: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = field(default=())

    @property
    def unaccounted(self) -> int:
        return sum(f.total - f.accounted for f in self.files)

    @property
    def unexplained(self) -> list[tuple[str, str, int, str, str]]:
        return [u for u in self.unresolved if not u[4]]

    @property
    def ok(self) -> bool:
        return self.unaccounted == 0 and not self.unexplained and not self.problems

    def render(self) -> str:
        out = ["== lines accounted for"]
        for f in self.files:
            places = ", ".join(f"{k} {n}" for k, n in f.by_kind)
            pct = 100 * f.accounted / f.total if f.total else 100.0
            out.append(f"{f.name}: {f.accounted}/{f.total} ({pct:.1f} %) — {places}")
        out.append("== junk ranges")
        for ed, a, b, reason in self.junk:
            out.append(f"{ed} lines {a}–{b}: {reason}")
        out.append("== recovered law boundaries and numbers")
        for ed, number, a, b, conf, ev in self.recovered:
            out.append(f"{ed} Law {number} lines {a}–{b} confidence {conf:.2f}")
            out.extend(f"    {e}" for e in ev)
        out.append("== definitions")
        for ed, count, recovered in self.definitions:
            out.append(f"{ed}: {count} definitions, {len(recovered)} with a recovered heading")
            out.extend(f"    {term} ({english}) lines {a}–{b}: {note}"
                       for term, english, a, b, note in recovered)
        out.append("== errata applied")
        for ed, eid, where in self.errata:
            out.append(f"{ed} {eid} at {where}")
        out.append("== cross-references")
        kinds = dict(self.targets)
        for ed, found, resolved in self.references:
            pct = 100 * resolved / found if found else 100.0
            by_kind = kinds.get(ed, ())
            per_target = (f"; {sum(n for _, n in by_kind)} targets: "
                          + ", ".join(f"{k} {n}" for k, n in by_kind)) if by_kind else ""
            out.append(f"{ed}: {found} found, {resolved} resolved ({pct:.1f} %){per_target}")
        out.append("== unresolved references")
        for ed, label, line, text, note in self.unresolved:
            out.append(f"{ed}:{label} line {line}: {text!r} — {note or 'UNEXPLAINED'}")
        out.append("== problems")
        out.extend(self.problems or ["none"])
        out.append(f"== result: {'OK' if self.ok else 'FAILED'} ({self.unaccounted} lines "
                   f"unaccounted, {len(self.unexplained)} unexplained unresolved references, "
                   f"{len(self.problems)} problems)")
        return "\n".join(out)


def check_report(corpus: Corpus) -> Report:
    files = []
    for name, total in corpus.line_counts.items():
        places = corpus.places.get(name, {})
        kinds = Counter(("junk" if v.startswith("junk") else v.split(" ")[0])
                        for n, v in places.items() if 1 <= n <= total)
        files.append(FileAccount(name, total, sum(1 for n in places if 1 <= n <= total),
                                 tuple(sorted(kinds.items()))))
    junk = tuple(sorted(((e.id, j.lines[0], j.lines[1], j.reason) for e in corpus.editions
                         for j in e.junk if j.reason != "blank line"), key=lambda j: (j[0], j[1])))
    blanks: Counter[str] = Counter()
    spans: dict[str, tuple[int, int]] = {}
    for e in corpus.editions:
        for j in e.junk:
            if j.reason == "blank line":
                blanks[e.id] += j.lines[1] - j.lines[0] + 1
                a, b = spans.get(e.id, j.lines)
                spans[e.id] = (min(a, j.lines[0]), max(b, j.lines[1]))
    junk += tuple((ed, spans[ed][0], spans[ed][1], f"blank lines ({n} between these lines)")
                  for ed, n in blanks.items())
    recovered = tuple((e.id, law.number, law.lines[0], law.lines[1], law.confidence,
                       tuple(law.evidence))
                      for e in corpus.editions for law in e.laws
                      if law.number_editorial or law.title_editorial or
                      any(p.recovered for p in law.walk()))
    errata: list[tuple[str, str, str]] = []
    for e in corpus.editions:
        for p in e.provisions():
            errata.extend((e.id, c, p.label) for c in p.corrections)
        for d in e.definitions:
            errata.extend((e.id, c, f"definition {d.term}") for c in d.corrections)
        for f in e.front:
            errata.extend((e.id, c, f"{f.kind} {f.title}") for c in f.corrections)
    refs = []
    unresolved = []
    targets = []
    for e in corpus.editions:
        found = resolved = 0
        by_kind: Counter[str] = Counter()
        nodes = [(p.label, p.xrefs) for p in e.provisions()] + \
                [(f"definition {d.term}", d.xrefs) for d in e.definitions]
        for label, xrefs in nodes:
            for x in xrefs:
                found += 1
                by_kind.update(r.kind for r in x.resolutions)
                if x.resolved:
                    resolved += 1
                else:
                    unresolved.append((e.id, label, x.line, x.text, x.note))
        refs.append((e.id, found, resolved))
        targets.append((e.id, tuple((k, by_kind[k]) for k in RESOLUTION_KINDS)))
    definitions = tuple(
        (e.id, len(e.definitions), tuple((d.term, d.english, d.lines[0], d.lines[1], d.note)
                                         for d in e.definitions if d.recovered))
        for e in corpus.editions if e.definitions)
    return Report(tuple(files), junk, recovered, tuple(errata), tuple(refs), tuple(unresolved),
                  tuple(corpus.problems), definitions, tuple(targets))
