"""Parsing a directory of delivered texts into a :class:`Corpus` with full line accounting."""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import recovery
from .assemble import assemble, junk_ranges
from .catalogue import EDITIONS
from .editions import (
    ARTICLE_TITLE,
    FileResult,
    Token,
    add_junk,
    head_name,
    parse_definition_blocks,
    split_front,
    tokenize_region,
)
from .errata import Erratum, Rule, load_errata, load_rules, rule_applies
from .junk import BLANK, PAGE_TITLE, classify_prefix, classify_trailer, is_baike_title
from .laws import LawDraft, finish_law
from .markers import recover_markers
from .model import Corpus, Definition, Edition, Provision
from .numbering import find_citations, recover_numbers
from .text import LAW_RE, SourceLine, TextFileError, read_lines

LAST_LAW = 93
_PAGE_TITLE_RE = re.compile(r"^\S{2,30}\d$")


@dataclass(slots=True)
class ParseResult:
    corpus: Corpus
    files: list[FileResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    errata: list[Erratum] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)


def parse_directory(texts_dir: Path) -> ParseResult:
    """Parse every ``*.txt`` of ``texts_dir`` (and its errata.toml); never raises on bad text.

    Problems (a file that is not UTF-8, structure that cannot be found) are returned with the
    file name and line numbers instead.
    """
    errata = load_errata(texts_dir / "errata.toml")
    rules = load_rules(texts_dir / "errata.toml")
    result = ParseResult(Corpus([]), errata=errata, rules=rules)
    files = sorted(texts_dir.glob("*.txt"))
    parsed: dict[str, tuple[Path, list[SourceLine]]] = {}
    for path in files:
        try:
            parsed[path.name] = (path, read_lines(path))
        except TextFileError as exc:
            result.problems.append(str(exc))
    editions: dict[str, Edition] = {}
    order = sorted(parsed, key=_file_order)
    for name in order:
        path, lines = parsed[name]
        fr = FileResult(name, total=len(lines))
        try:
            _parse_file(name, lines, errata, editions, fr)
        except TextFileError as exc:  # a file that is not a rule text; any other error is a bug
            fr.problems.append(f"{name}: cannot parse: {exc}")
        result.files.append(fr)
        result.problems.extend(fr.problems)
        for e in fr.editions:
            editions[e.id] = e
    result.problems.extend(parse_definition_blocks(result.files, editions))
    wanted = EDITIONS.ids
    result.corpus.editions = [editions[i] for i in wanted if i in editions] + \
        [e for i, e in editions.items() if i not in wanted]
    order_ids = [e.id for e in result.corpus.editions]
    for e in result.corpus.editions:
        # siblings: editions of the same wording first, then the others in order
        sibs = sorted((s for s in result.corpus.editions if s is not e),
                      key=lambda s: (s.id not in (e.same_wording_as, e.variant_of) and
                                     s.same_wording_as != e.id, order_ids.index(s.id)))
        convert = recovery.to_simplified if e.script == "traditional" else (lambda t: t)
        recover_markers(e, sibs, convert)
    recovery.align_traditional(result.corpus)
    recovery.title_recovered_laws(result.corpus)
    recovery.editorial_in_script(result.corpus)
    _apply_errata_to_definitions(result.corpus, errata)
    _apply_errata_to_front(result.corpus, errata)
    result.problems.extend(check_errata(result.corpus, errata))
    delivered_lines = {name: {ln.number: ln.original for ln in lines} for name, (_, lines) in parsed.items()}
    result.problems.extend(mark_rules(result.corpus, rules, delivered_lines))
    result.corpus.errata = [*errata, *rules]
    by_name = {fr.name: fr for fr in result.files}
    for e in result.corpus.editions:
        places = by_name[e.source].places
        for law in e.laws:
            mine: set[int] = set()
            for p in law.walk():
                for n in p.own_lines():
                    # a note printed as a sentence inside a paragraph shares its line with it
                    places[n] = f"{places[n]}, {p.label}" if n in mine else f"provision {e.id}:{p.label}"
                    mine.add(n)
        if not e.laws:
            result.problems.append(f"{e.source}: edition {e.id} has no laws")
        labels = [p.label for p in e.provisions()]
        dups = sorted({x for x in labels if labels.count(x) > 1})
        if dups:
            result.problems.append(f"{e.id}: duplicate provision labels {dups}")
    for fr in result.files:
        for n in range(1, fr.total + 1):
            if n not in fr.places:
                result.problems.append(f"{fr.name}:{n}: line not accounted for")
        result.corpus.places[fr.name] = fr.places
        result.corpus.line_counts[fr.name] = fr.total
    result.corpus.problems = result.problems
    return result


def _apply_errata_to_definitions(corpus: Corpus, errata: list[Erratum]) -> None:
    for e in corpus.editions:
        for d in e.definitions:
            for x in errata:
                if e.id not in x.editions:
                    continue
                if x.key in d.text:
                    d.text = d.text.replace(x.key, x.replacement, 1)
                    d.corrections.append(x.id)
                elif x.key in d.english:
                    # the English name corrected; the delivered form kept, as for the text
                    d.original_english = d.original_english or d.english
                    d.english = d.english.replace(x.key, x.replacement, 1)
                    d.corrections.append(x.id)


def _apply_errata_to_front(corpus: Corpus, errata: list[Erratum]) -> None:
    """Errata in the preamble, preface and abstract (the delivered form stays in original_paragraphs)."""
    for e in corpus.editions:
        for f in e.front:
            for x in errata:
                if e.id not in x.editions:
                    continue
                for i, para in enumerate(f.paragraphs):
                    if x.key in para:
                        f.paragraphs[i] = para.replace(x.key, x.replacement, 1)
                        f.corrections.append(x.id)


def check_errata(corpus: Corpus, errata: list[Erratum]) -> list[str]:
    """Each erratum must have been applied exactly once in each edition it lists."""
    counts: dict[tuple[str, str], int] = {}
    for e in corpus.editions:
        nodes = list(e.provisions()) + list(e.definitions) + list(e.front)
        corrections = [c for node in nodes for c in node.corrections]
        corrections += [c for law in e.laws for c in law.title_corrections]
        for c in corrections:
            counts[(e.id, c)] = counts.get((e.id, c), 0) + 1
    problems = []
    present = {e.id for e in corpus.editions}
    for x in errata:
        for ed in x.editions:
            if ed not in present:
                problems.append(f"erratum {x.id}: edition {ed!r} not in the corpus")
                continue
            n = counts.get((ed, x.id), 0)
            if n != 1:
                where = "not found" if n == 0 else f"found {n} times"
                problems.append(f"erratum {x.id}: key {x.key!r} {where} in edition {ed}")
    return problems


def mark_rules(corpus: Corpus, rules: list[Rule],
               delivered_lines: dict[str, dict[int, str]] | None = None) -> list[str]:
    """List each rule's id among the corrections of every provision and definition it changed;
    a rule that changed nothing in an edition it names is a problem. ``delivered_lines`` (file ->
    line number -> line as delivered) lets a marker printed ``***b***`` count as changed too."""
    problems = []
    for rule in rules:
        for e in corpus.editions:
            if e.id not in rule.editions:
                continue
            nodes: list[Provision | Definition] = [*e.provisions(), *e.definitions]
            # a note's marker is shown with brackets too (***注： as （注：): it counts as delivered text
            source = (delivered_lines or {}).get(e.source, {})
            hits = [n for n in nodes
                    if rule_applies(rule, _delivered_form(n, source), n.text + getattr(n, "heading", ""))]
            for node in hits:
                if rule.id not in node.corrections:
                    node.corrections.append(rule.id)
            if not hits:
                problems.append(f"rule {rule.id}: changes nothing in edition {e.id}")
    return problems


def _delivered_form(n: Provision | Definition, source: dict[int, str]) -> str:
    """A node's delivered text, heading and marker, with the start of its marker's printed line
    (the traditional copy prints ``***b***`` where the model keeps the marker ``（b）``)."""
    marker = getattr(n, "marker", "")
    printed = source.get(getattr(n, "marker_line", 0), "")[:len(marker) + 8]
    return n.original_text + getattr(n, "heading", "") + marker + printed


def _file_order(name: str) -> tuple[int, str]:
    # the 1999 text must be parsed before the 1991 text (alignment) and the traditional copy
    return ({"003": 0, "000": 1, "004": 2}.get(name[:3], 3), name)


def _parse_file(name: str, lines: list[SourceLine], errata: list[Erratum],
                known: dict[str, Edition], fr: FileResult) -> None:
    if not lines:
        return
    baike = next((i for i, ln in enumerate(lines) if is_baike_title(ln.text)), None)
    if baike is not None:
        _parse_baike(name, lines, baike, errata, known, fr)
    elif any(ln.text == ARTICLE_TITLE for ln in lines[:3]):
        _parse_book(name, lines, errata, known, fr)
    else:
        _parse_posting(name, lines, errata, known, fr)


def _trailer_start(lines: list[SourceLine]) -> int:
    end = len(lines)
    while end > 0 and classify_trailer(lines[end - 1]) is not None:
        end -= 1
    return end


def _trailer_junk(trailer: list[SourceLine]) -> list[tuple[int, str]]:
    """The lines after :func:`_trailer_start` with the reason each is junk (every one has one)."""
    return [(ln.number, reason) for ln in trailer if (reason := classify_trailer(ln)) is not None]


def _parse_baike(name, lines, baike, errata, known, fr) -> None:
    """003: forum/spam junk, the Baike article with two editions, footnote junk."""
    start = next((i for i in range(baike, len(lines)) if lines[i].text == ARTICLE_TITLE), None)
    if start is None:
        raise TextFileError(f"{name}: no article title {ARTICLE_TITLE!r} after the Baike page title")
    prefix_junk = classify_prefix(lines[:start])
    end = _trailer_start(lines)
    heads = [i for i in range(start, end)
             if (h := head_name(lines[i].text)) and re.match(r"^(?:规则)+\d{4}版$", h)]
    bounds = [start] + heads[1:] + [end]
    editions = []
    for a, b in itertools.pairwise(bounds):
        head = next((i for i in heads if a <= i < b), None)
        printed = re.search(r"(\d{4})版", lines[head].text) if head is not None else None
        year = printed[1] if printed else "unknown"
        editions.append((year, lines[a:b]))
    # the later excerpt first: its intact headings help recover the earlier edition's Laws 1-4
    parsed_editions: dict[str, Edition] = {}
    ids = [y for y, _ in editions]
    for year, block in reversed(editions):
        e = Edition(id=year, title=EDITIONS.title(year), source=name)
        if year != ids[0]:
            e.same_wording_as, e.partial = ids[0], True
        _parse_edition(e, block, errata, {**known, **parsed_editions}, fr)
        parsed_editions[year] = e
    out = [parsed_editions[y] for y in ids]
    if out:
        add_junk(out[0].junk, fr.places, prefix_junk)
        add_junk(out[-1].junk, fr.places, junk_ranges(_trailer_junk(lines[end:])))
    fr.editions.extend(out)


def _parse_book(name, lines, errata, known, fr) -> None:
    """000: a printed book of one edition (title block, preamble, definitions, laws)."""
    year = next((ln.text for ln in lines[:4] if re.fullmatch(r"\d{4}", ln.text)), "unknown")
    e = Edition(id=year, title=EDITIONS.title(year), source=name)
    end = _trailer_start(lines)
    _parse_edition(e, lines[:end], errata, known, fr)
    add_junk(e.junk, fr.places, junk_ranges(_trailer_junk(lines[end:])))
    fr.editions.append(e)


def _parse_posting(name, lines, errata, known, fr) -> None:
    """004: a serialised posting of part of an edition, in traditional script."""
    copy = EDITIONS.script_variant("traditional")
    e = Edition(id=copy.id, title=copy.title, source=name, script=copy.script,
                variant_of=copy.variant_of, partial=True)
    junk: list[tuple[int, str]] = []
    body: list[SourceLine] = []
    for ln in lines:
        if not ln.text:
            junk.append((ln.number, BLANK))
        elif not body and _PAGE_TITLE_RE.match(ln.text) and not LAW_RE.match(ln.text):
            junk.append((ln.number, PAGE_TITLE))
        else:
            body.append(ln)
    add_junk(e.junk, fr.places, junk_ranges(junk))
    _parse_laws(e, body, errata, known, fr)
    fr.editions.append(e)


def _parse_edition(e: Edition, lines: list[SourceLine], errata, known, fr) -> None:
    region = split_front(e, lines, fr.places, fr.definition_blocks)
    _parse_laws(e, region, errata, known, fr)


def _parse_laws(e: Edition, region: list[SourceLine], errata, known, fr) -> None:
    tokens = tokenize_region(region)
    laws_tokens = [t for t in tokens if t.kind == "law"]
    drafts: list[LawDraft]
    if laws_tokens and laws_tokens[-1].number < LAST_LAW and _unheaded_tail(tokens):
        drafts = _number_unheaded(e, tokens, known, fr)
    else:
        r = assemble(tokens)
        e.headings.extend(r.headings)
        add_junk(e.junk, fr.places, junk_ranges(r.junk))
        drafts = r.drafts
        if r.before:
            drafts = recovery.recover_leading_laws(e, r, known, fr.problems) + drafts
    for d in drafts:
        law, tables = finish_law(e.id, d, errata, fr.places, fr.problems)
        e.laws.append(law)
        e.tables.extend(tables)
    for h in e.headings:
        for n in range(h.lines[0], h.lines[1] + 1):
            fr.places.setdefault(n, f"heading {e.id}:{h.kind}")


def _unheaded_tail(tokens: list[Token]) -> bool:
    """After the last law heading, the section lettering restarts at （A） again (lost headings)."""
    from .text import marker_of
    seen_law = False
    restarts = 0
    for t in tokens:
        if t.kind == "law":
            seen_law, restarts = True, 0
        elif seen_law and t.kind == "line":
            m = marker_of(t.line.text)
            if m is not None and m.kind == "section" and m.key == "A":
                restarts += 1
    return restarts > 3


def _number_unheaded(e: Edition, tokens: list[Token], known, fr) -> list[LawDraft]:
    """Headed laws as printed; the laws after the last printed heading by :mod:`numbering`."""
    last = max((i for i, t in enumerate(tokens) if t.kind == "law"), default=None)
    if last is None:
        fr.problems.append(f"{e.id}: no law heading at all; laws not numbered")
        for t in tokens:
            fr.places.setdefault(t.line.number, f"unnumbered text {e.id}")
        return []
    r = assemble(tokens[:last])
    e.headings.extend(r.headings)
    add_junk(e.junk, fr.places, junk_ranges(r.junk + [(t.line.number, t.reason)
                                                       for t in tokens[last:] if t.kind == "junk"]))
    # the reference for alignment: the known simplified-script edition with the most laws
    candidates = [k for k in known.values() if k.script == "simplified" and k.laws]
    ref = max(candidates, key=lambda k: len(k.laws), default=None)
    reference = {}
    if ref is not None:
        for law in ref.laws:
            reference[law.number] = "".join((p.heading or "") + p.original_text for p in law.walk())
    body_lines = [t.line for t in tokens if t.kind == "line"]
    # citations anywhere in the edition's text (definitions included) are evidence
    citations = find_citations(body_lines + fr.definition_blocks.get(e.id, []))
    before = (r.drafts[-1].chapter, r.drafts[-1].groups) if r.drafts else ("", ())
    res = recover_numbers(tokens[last:], tokens[last].number, LAST_LAW, reference, citations, before,
                          ref.id if ref is not None else "reference")
    fr.problems.extend(f"{e.id}: {p}" for p in res.problems)
    e.headings.extend(res.headings)
    return r.drafts + res.drafts
