"""The rulebook model: editions, structure, laws, provisions, definitions, tables, references.

Every node records the 1-based source lines it was built from, so that every line of every file is
accounted for exactly once (a provision, a definition, a heading, a table or a junk range).
Nodes are built incrementally by the parser, so they are plain (mutable) dataclasses; ``to_dict``
gives the JSON contract of ``python -m rules_ext corpus --format json``.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rules_ext.corpus.labels import law_of
from rules_ext.errors import NotFoundError

#: provision kinds, from the law down (款 section, 项 item, 目 sub-item, 注 note)
KINDS = ("law", "intro", "section", "item", "subitem", "note", "penalty")

Lines = tuple[int, int]  # first, last (1-based, inclusive) in the edition's source file


#: how a reference's target resolved (see :func:`rules_ext.corpus.xrefs.resolve_target`)
RESOLUTION_KINDS = ("same", "elsewhere", "ancestor", "unproven", "unresolved")


@dataclass(frozen=True, slots=True)
class Resolution:
    """Where one target of a reference resolved: the edition and the label of an existing provision.

    ``kind`` is 'same' (the label in the reference's own edition), 'elsewhere' (the label in another
    edition), 'ancestor' (the nearest existing ancestor, e.g. ``23A`` -> ``23``), 'unproven' or
    'unresolved' (no edition has the law; ``edition`` and ``label`` are None).

    'unproven': the target exists only in another translation (1999 citing a law it does not
    deliver, found in 1991) and nothing shows that edition's provision is the same rule; ``label``
    is then the law only (``72B1`` -> ``1991:72``), and ``instead`` holds what the same place of
    that edition cites, when it cites something else (1991 30B2a cites 23B where 1999 cites 72B1).
    """

    target: str  # the label as printed-normalised, e.g. '23A'
    kind: str
    edition: str | None  # edition holding ``label``, e.g. '1999'
    label: str | None  # existing provision label the target links to, e.g. '23'
    note: str = ""
    #: an 'unproven' target: the labels the counterpart of the citing provision cites instead
    instead: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in RESOLUTION_KINDS:
            raise ValueError(f"bad resolution kind {self.kind!r} for target {self.target!r}: expected "
                             f"one of {', '.join(RESOLUTION_KINDS)}")
        if (self.kind == "unresolved") != (self.edition is None or self.label is None):
            raise ValueError(f"resolution of {self.target!r} as {self.kind!r} with edition "
                             f"{self.edition!r} and label {self.label!r}: expected both set unless "
                             "unresolved, e.g. Resolution('23A', 'ancestor', '1999', '23')")

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "kind": self.kind, "edition": self.edition,
                "label": self.label, "note": self.note, "instead": list(self.instead)}


@dataclass(slots=True)
class CrossReference:
    """One reference in the text, e.g. ``参阅26条B款`` -> targets ("26B",)."""

    text: str  # the matched text as printed
    line: int  # source line of the match
    targets: tuple[str, ...]  # normalised labels, e.g. ("47E2",), ("69", "70", "71")
    resolved: bool = False
    edition: str | None = None  # edition the targets resolved in (None: unresolved)
    note: str = ""  # why it resolved elsewhere / why it is unresolved
    #: per target, in the order of ``targets``: the edition and existing label it links to
    resolutions: tuple[Resolution, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "line": self.line,
            "targets": list(self.targets),
            "resolved": self.resolved,
            "edition": self.edition,
            "note": self.note,
            "resolutions": [r.to_dict() for r in self.resolutions],
        }


@dataclass(slots=True)
class Provision:
    """A law's section (款), item (项), sub-item (目), note (注), or its un-lettered opening."""

    label: str  # '45C4b', '69note', '16' (the law itself), '16intro' for an un-lettered opening
    kind: str  # one of KINDS
    marker: str = ""  # as printed: '（A）', 'A．', '1.', '（a）', '注'
    heading: str = ""  # the provision's own title, e.g. '洗牌' (corrected)
    text: str = ""  # corrected text (errata applied, suit symbols restored)
    original_text: str = ""  # the text as delivered (cleaned of line breaks only)
    lines: Lines = (0, 0)
    children: list[Provision] = field(default_factory=list)
    xrefs: list[CrossReference] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)  # errata ids applied here
    penalty: bool = False  # carries a （判罚） marker
    recovered: bool = False  # marker or heading recovered editorially (lost in the source)
    #: source line of each line of ``text`` (text lines are joined with newlines)
    text_lines: list[int] = field(default_factory=list)
    #: source line of the printed marker/heading (0: none printed, e.g. a recovered provision)
    marker_line: int = 0
    #: the closing paragraph, printed after the children and governing them all (1991 25B2b:
    #: "（1）（2）两项，…参阅23条A款。"), or the rest of a paragraph after a note printed inside it
    #: (1991 68intro: "…有关。（注：…）假如该行动确与后续牌墩有关时：")
    closing: str = ""
    closing_original: str = ""
    closing_lines: list[int] = field(default_factory=list)
    #: the marker and heading as delivered, where a correction changed them ('***a***' shown as
    #: '（a）'; 1991 93B's heading 没有申述… corrected to 设有); '' when printed as shown
    original_marker: str = ""
    original_heading: str = ""

    def own_lines(self) -> list[int]:
        """The source lines whose text went into this provision (not into its children)."""
        return sorted(set(self.text_lines) | set(self.closing_lines)
                      | ({self.marker_line} if self.marker_line else set()))

    def walk(self) -> Iterator[Provision]:
        yield self
        for child in self.children:
            yield from child.walk()

    def reading(self) -> Iterator[str]:
        """The provision as printed, paragraph by paragraph: its marker, heading and text, its
        children's, then its closing paragraph (which governs the children)."""
        yield " ".join(x for x in (self.marker, self.heading, self.text) if x).strip()
        for child in self.children:
            yield from child.reading()
        if self.closing:
            yield self.closing

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "kind": self.kind,
            "marker": self.marker,
            "heading": self.heading,
            "text": self.text,
            "original_text": self.original_text,
            "closing": self.closing,
            "closing_original": self.closing_original,
            "original_marker": self.original_marker or self.marker,
            "original_heading": self.original_heading or self.heading,
            "lines": list(self.lines),
            "penalty": self.penalty,
            "recovered": self.recovered,
            "corrections": list(self.corrections),
            "xrefs": [x.to_dict() for x in self.xrefs],
            "children": [c.to_dict() for c in self.children],
        }


@dataclass(slots=True)
class Law:
    number: int
    title: str
    title_editorial: bool  # the title was not printed as a heading (recovered)
    chapter: str  # chapter heading, e.g. '第五章 竞叫'
    groups: tuple[str, ...]  # part (部分) / section (节) headings above the law, outermost first
    lines: Lines
    number_editorial: bool = False  # the number was recovered, not printed
    confidence: float = 1.0  # confidence in the recovered boundary/number
    evidence: list[str] = field(default_factory=list)  # why the boundary/number was chosen
    provisions: list[Provision] = field(default_factory=list)
    #: the title as delivered, where an erratum corrected it ('' when printed as shown)
    original_title: str = ""
    title_corrections: list[str] = field(default_factory=list)  # errata ids applied to the title

    @property
    def label(self) -> str:
        return str(self.number)

    def walk(self) -> Iterator[Provision]:
        for p in self.provisions:
            yield from p.walk()

    @property
    def xrefs(self) -> list[CrossReference]:
        return [x for p in self.walk() for x in p.xrefs]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "title": self.title,
            "original_title": self.original_title or self.title,
            "title_corrections": list(self.title_corrections),
            "title_editorial": self.title_editorial,
            "number_editorial": self.number_editorial,
            "chapter": self.chapter,
            "groups": list(self.groups),
            "lines": list(self.lines),
            "confidence": self.confidence,
            "evidence": list(self.evidence),
            "provisions": [p.to_dict() for p in self.provisions],
            "xrefs": [x.to_dict() for x in self.xrefs],
        }


@dataclass(slots=True)
class Definition:
    term: str  # Chinese term, e.g. '明手'
    english: str  # e.g. 'Dummy'
    text: str
    original_text: str
    lines: Lines
    recovered: bool = False  # heading lost in the source and recovered
    xrefs: list[CrossReference] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)  # errata ids applied here
    #: the evidence of a recovered heading (which definition of which edition, how similar)
    note: str = ""
    #: the English name as delivered, where an erratum corrected it ('AUTION'; '': as printed)
    original_english: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "term": self.term,
            "english": self.english,
            "original_english": self.original_english or self.english,
            "text": self.text,
            "original_text": self.original_text,
            "lines": list(self.lines),
            "recovered": self.recovered,
            "note": self.note,
            "corrections": list(self.corrections),
            "xrefs": [x.to_dict() for x in self.xrefs],
        }


#: one cell of a printed block: printed words, or (row, column) of the rebuilt table (row -1: its header)
PrintedCell = str | tuple[int, int]


@dataclass(slots=True)
class TableBlock:
    """One block of a table as the book printed it, told in the rebuilt table's cells.

    The rebuilt table joins what the book printed as separate blocks (1991 77A: the no-trump block
    printed transposed; 77B: three blocks, each under its side heading with its own column heads);
    a reader's view that shows the table as printed draws its blocks instead. ``title`` is the
    block's printed heading ('满贯奖分', '' for none); ``header`` and each row of ``rows`` are the
    printed cells, left to right (an empty ``header``: none was printed).
    """

    title: str
    header: list[PrintedCell]
    rows: list[list[PrintedCell]]

    def to_dict(self) -> dict[str, Any]:
        def cell(c: PrintedCell) -> Any:
            return c if isinstance(c, str) else list(c)
        return {"title": self.title, "header": [cell(c) for c in self.header],
                "rows": [[cell(c) for c in row] for row in self.rows]}


@dataclass(slots=True)
class Table:
    """A table rebuilt from its flattened scrape; values exactly as printed (strings, letter-spacing
    included). ``header`` has one cell per column and every row as many cells; ``lines`` is the
    range of source lines the table consumed (the two Law 2 half-tables were printed side by side, so
    in the 1991 and 2008 layouts their rows interleave and their ranges overlap). The ids:

    ``law2-dealer``, ``law2-vulnerability`` (label ``2``)
        ``[dealer, boards]`` / ``[vulnerability, boards]``: as printed (``北 家``, ``双 无``), boards
        space separated (``1 5 9 13``). 2008 lost the dealer column (its cells ``''``, a note); 1999
        lost both bodies (no rows, a note).
    ``law77A-trick-score``
        ``[doubling, club, diamond, heart, spade, nt_first, nt_subsequent]``, header ``[stub, '♣',
        '♦', '♥', '♠', …]``, rows ``未加倍时``, ``加倍时``, ``再加倍时``: the score per odd trick bid and
        made. The suit headers lost in print are recovered, the no-trump block printed transposed is
        folded into the same rows (notes).
    ``law77B-premiums``
        ``[group, item, not_vulnerable, vulnerable]``, header ``['', '', '无局时', '有局时']``: group the
        printed block title (``满贯奖分``), item the row label; a value may be ``同墩分``. A row printed
        with one value goes to the column its label names, the other cell ``''``, or to both (note).
    ``law77C-undertricks``
        ``[label, nv_undoubled, nv_doubled, nv_redoubled, v_undoubled, v_doubled, v_redoubled]``, the
        header joining the two printed levels (``无局时 未加倍``); the last row (``从第四个宕墩开始…另加``)
        holds additional points, its first value split off its label (note).
    ``law78B-imp``
        ``[difference, imp]``, header ``['分差', 'IMP']``: difference as printed (``20—40``,
        ``4000（含）以上``), imp an integer string; the left column pair's rows first, then the right's.

    ``blocks`` says how a table joining several printed blocks was printed (1991 77A, 77B), so that a
    reader's view can show it so; the other tables have none."""

    id: str  # e.g. 'law2-dealer', 'law77A-trick-score', 'law78B-imp'
    label: str  # provision the table belongs to, e.g. '2', '77A', '78B'
    caption: str
    header: list[str]
    rows: list[list[str]]
    lines: Lines
    notes: list[str] = field(default_factory=list)  # reconstruction notes (lost headers, fused cells)
    #: the blocks as printed, where the rebuilt table joins several (empty: printed as rebuilt)
    blocks: list[TableBlock] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.label,
            "caption": self.caption,
            "header": list(self.header),
            "rows": [list(r) for r in self.rows],
            "lines": list(self.lines),
            "notes": list(self.notes),
            "blocks": [b.to_dict() for b in self.blocks],
        }


@dataclass(slots=True)
class Junk:
    lines: Lines
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"lines": list(self.lines), "reason": self.reason}


@dataclass(slots=True)
class Heading:
    """A structural heading (chapter 章, part 部分, section 节, title block, preface ...)."""

    kind: str  # 'title', 'chapter', 'part', 'group', 'front'
    text: str
    lines: Lines

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "lines": list(self.lines)}


@dataclass(slots=True)
class FrontMatter:
    """Preamble (规则要领), preface (前言) and the like: a titled block of paragraphs."""

    kind: str  # 'preamble', 'preface', 'abstract'
    title: str
    paragraphs: list[str]  # corrected (errata applied)
    lines: Lines
    #: the paragraphs as delivered (outer blanks stripped); a copy of ``paragraphs`` if not given
    original_paragraphs: list[str] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)  # errata ids applied here

    def __post_init__(self) -> None:
        if not self.original_paragraphs:
            self.original_paragraphs = list(self.paragraphs)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "title": self.title, "paragraphs": list(self.paragraphs),
                "original_paragraphs": list(self.original_paragraphs),
                "corrections": list(self.corrections), "lines": list(self.lines)}


@dataclass(slots=True)
class Edition:
    id: str  # '1991', '1999', '2008', '1999-trad'
    title: str
    source: str  # file name in the texts folder
    script: str = "simplified"  # or 'traditional'
    variant_of: str | None = None  # '1999' for the traditional-script copy
    same_wording_as: str | None = None  # '1999' for the excerpt headed 2008
    partial: bool = False
    front: list[FrontMatter] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)
    laws: list[Law] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    junk: list[Junk] = field(default_factory=list)

    def law(self, number: int) -> Law | None:
        return next((law for law in self.laws if law.number == number), None)

    def provisions(self) -> Iterator[Provision]:
        for law in self.laws:
            yield from law.walk()

    def labels(self) -> set[str]:
        return {p.label for p in self.provisions()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "source": self.source,
            "script": self.script,
            "variant_of": self.variant_of,
            "same_wording_as": self.same_wording_as,
            "partial": self.partial,
            "front": [f.to_dict() for f in self.front],
            "headings": [h.to_dict() for h in self.headings],
            "laws": [law.to_dict() for law in self.laws],
            "definitions": [d.to_dict() for d in self.definitions],
            "tables": [t.to_dict() for t in self.tables],
            "junk": [j.to_dict() for j in self.junk],
        }


@dataclass(slots=True)
class Corpus:
    editions: list[Edition]
    #: file name -> {1-based line -> its place ('provision 1991:16A', 'junk: <reason>', ...)}
    places: dict[str, dict[int, str]] = field(default_factory=dict)
    #: file name -> number of lines in the file
    line_counts: dict[str, int] = field(default_factory=dict)
    #: problems found while parsing (unaccounted lines, errata keys not found, ...)
    problems: list[str] = field(default_factory=list)
    #: the errata and rules of errata.toml (rules_ext.corpus.errata.Erratum / Rule), by which the
    #: ``corrections`` ids of the nodes are explained
    errata: list[Any] = field(default_factory=list)

    def erratum(self, erratum_id: str) -> Any | None:
        """The erratum or rule with this id, or None."""
        return next((x for x in self.errata if x.id == erratum_id), None)

    def edition(self, edition_id: str) -> Edition:
        for e in self.editions:
            if e.id == edition_id:
                return e
        known = ", ".join(e.id for e in self.editions)
        raise NotFoundError(f"no edition {edition_id!r}: expected one of {known}")

    def find(self, edition_id: str, label: str) -> Provision | None:
        """The provision ``label`` ('45C4b', '69note', '33') of an edition, or None.

        A bare law number finds the law's only provision when the law has no sections.
        """
        try:
            edition = self.edition(edition_id)
        except NotFoundError:
            return None
        number = law_of(label)
        law = edition.law(number) if number is not None else None
        # a label is looked up in its own law first (the site quotes ~2,000 provisions a build)
        found = next((p for p in law.walk() if p.label == label), None) if law is not None else None
        return found or next((p for p in edition.provisions() if p.label == label), None)

    def to_dict(self) -> dict[str, Any]:
        return {"editions": [e.to_dict() for e in self.editions]}
