"""An event published as a folder of static pages beside the rulebook: read, corrected and scored as
``results`` does it; the double-dummy grids of the hand record; the ruling records with their laws
linked to the rulebook site; the PDFs of the sheets and the corrected event as PBN and USEBIO; the
繁體 pages converted as the site converts them. The ruling records are checked against the event
(:mod:`rules_ext.event_site.rulings`: a record of another board, table, round, pair or deal is refused,
or published with a warning) and their adjusted scores scored. Everything is made in a staging folder
inside the output folder and moved in only when whole: a failure leaves the folder as it was.

The rulebook the rulings cite is linked at an address (``rulebook``: a site's URL, or a path from the
host's root); without one, the cited provisions are copied into the folder (``laws/``), so that
nothing points outside it. An event of several sessions (:func:`publish_sessions`): each session's
pages in a folder of its own, the overall ranking above them (:mod:`rules_ext.event_site.sessions`)."""
from __future__ import annotations

import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules_ext.errors import RulesError
from rules_ext.events.corrections.apply import corrected
from rules_ext.events.errors import PBNErrors
from rules_ext.events.files import read_event_file
from rules_ext.fileio import MAX_INPUT_SIZE, access_error, check_output, install, read_input

if TYPE_CHECKING:  # reportlab is loaded when the PDFs are made
    from rules_ext.event_site.sessions import SessionPlace
    from rules_ext.pdf.layout import Progress

#: the languages of the pages' words (the sheets' ``--lang``)
LANGS = ("zh", "en", "both")
#: which scripts are published: 简体 at the top, 繁體 in ``hant/``
SCRIPTS = ("hans", "hant", "both")
#: what is done with a ruling record that does not belong to the event: refused, or published with a warning
MISMATCHED = ("refuse", "warn")


def rulebook_address(text: str, out: Path) -> str:
    """``--rulebook``: the rulebook site's address the laws link to, ending in ``/``: a URL
    (``https://…``, ``file://…``), a path from the host's root (``/rules/``), or a relative path from
    the output folder ``out`` to the site's folder that holds it (``make events`` publishes into
    ``build/html/events/NAME`` with ``../../``: uploaded together, the link holds). Any other relative
    path points outside the folder once it is uploaded, and is refused."""
    value = text.strip()
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://\S+$", value) or (value.startswith("/") and not value.startswith("//")):
        return value.rstrip("/") + "/"
    site = (out / value).resolve()
    if value and (site / "index.html").is_file() and site in out.resolve().parents:
        return value.rstrip("/") + "/"
    raise RulesError(f"--rulebook {text!r}: not an address: expected the rulebook site's URL, e.g. "
                     "https://rules.example.org/, a path from the host's root, e.g. /rules/, or the way from the "
                     "output folder up to the site's folder that holds it, e.g. ../../ (without --rulebook the "
                     "provisions the rulings cite are copied into the folder)")


def read_rulings(folder: Path | None, max_size: int):
    """The ruling records of ``folder`` in file-name order, each read as ``ruling`` reads one."""
    from rules_ext.pdf.ruling_record import load_ruling

    if folder is None:
        return []
    if not folder.is_dir():
        raise RulesError(f"--rulings {folder}: not a folder: expected a folder of ruling records (*.toml)")
    records = []
    for path in sorted(folder.glob("*.toml")):
        read_input(path, max_size)  # a regular file under the size limit
        records.append(load_ruling(path))
    if not records:
        raise RulesError(f"--rulings {folder}: no *.toml ruling record in it: expected e.g. board-14.toml")
    return records


@dataclass(frozen=True, slots=True)
class Placement:
    """Where the pages of one script go in the output folder and what they link to: ``folder``
    (inside the output folder: '' or ``hant/``), ``up`` (from that folder back to the output
    folder, where the downloads are), ``other`` (the same page in the other script, from the pages'
    root; '' for none), ``rulebook`` (the rulebook site's address for this script, absolute or
    relative to the output folder, ending in ``/``; '' for none: the provisions the rulings cite are
    copied into the pages' ``laws/``)."""

    script: str
    folder: str = ""
    up: str = ""
    other: str = ""
    rulebook: str = ""
    site: tuple[str, str] | None = None  # the site the pages are part of: (address from the output folder, name)


@dataclass(frozen=True, slots=True)
class Listed:
    """What a listing of events shows of one: its title, date, kind (``pairs``, ``teams``,
    ``individual``) and boards."""

    title: str
    date: str
    kind: str
    boards: int


@dataclass(frozen=True, slots=True)
class Published(Listed):
    """What was published: the event as listed, and the pages, files and bytes written."""

    pages: int
    files: int
    size: int


def placements(scripts: str, rulebook: str = "") -> tuple[Placement, ...]:
    """The command's ``--script``: one script at the top, or both (繁體 in ``hant/``); ``rulebook``
    the site's address ('' for the provisions copied into the folder)."""
    hant = rulebook + "hant/" if rulebook else ""
    if scripts != "both":
        return (Placement(scripts, rulebook=hant if scripts == "hant" else rulebook),)
    return (Placement("hans", other="hant/", rulebook=rulebook),
            Placement("hant", "hant/", "../", "../", hant))


def publish_event(path: Path, out: Path, where: Sequence[Placement], *, corrections: Path | None = None,
                  rulings: Path | None = None, lang: str = "zh", templates: Path | None = None,
                  pdf: bool = True, encoding: str | None = None, max_size: int = MAX_INPUT_SIZE,
                  progress: Progress | None = None, mismatched: str = "refuse", figures: str = "ours") -> Published:
    """The event of ``path`` published into ``out`` (an existing folder or a new name in an existing
    one), its pages in each placement's script: read, corrected and scored as ``results`` does it
    (a file with problems is a :class:`PBNErrors` of them all), everything made in a staging folder
    and moved in only when whole. The command's work, and the site's (:mod:`rules_ext.event_site.sphinx_ext`,
    which does the two steps, :func:`prepare_event` and :meth:`PreparedEvent.publish`, apart)."""
    return prepare_event(path, corrections=corrections, rulings=rulings, lang=lang, templates=templates,
                         pdf=pdf, encoding=encoding, max_size=max_size, progress=progress,
                         mismatched=mismatched, figures=figures).publish(out, where)


@dataclass(frozen=True)
class PreparedEvent:
    """An event read, corrected and scored (:func:`prepare_event`: the event file, the corrections
    and the ruling records are refused by then, the rulings' adjusted scores scored); what is left
    (:meth:`publish`) quotes the rulings' laws, takes the double-dummy grids and writes the pages
    and files. ``applied``: every correction applied, the corrections file's then the rulings';
    ``by_ruling``: the number of the ruling (from 1) each of the rulings' corrections comes from."""

    path: Path
    event: Any
    results: Any
    applied: tuple
    rulings: tuple  # CheckedRuling, in the records' order
    by_ruling: dict[int, int]  # correction number -> ruling number
    max_size: int
    progress: Any
    lang: str
    templates: Path | None
    pdf: bool
    figures: str = "ours"  # where ours and the file's differ: the figures the sheets and pages show

    @property
    def listed(self) -> Listed:
        return Listed(title=self.event.name or self.path.stem, date=self.event.date or "",
                      kind=self.results.kind.value, boards=len(self.results.boards))

    def publish(self, out: Path, where: Sequence[Placement]) -> Published:
        """The pages of each placement, the PDFs and exports made in a staging folder inside ``out``
        and moved in only when whole."""
        return _publish_whole(out, self.listed, lambda staging: self.stage(staging, where)[0])

    def stage(self, staging: Path, where: Sequence[Placement], session: SessionPlace | None = None
              ) -> tuple[dict[str, str], dict[str, Any]]:
        """The PDFs and exports written into ``staging`` (a session's into its folder), and the pages
        of each placement as ``{path: HTML}`` (from ``staging``), with the publication of each
        script; ``session``: one session of several, its pages in its folder below the overall ones."""
        from rules_ext.corpus import load_corpus
        from rules_ext.corpus.labels import law_number
        from rules_ext.event_site.pages import Download, Publication, event_pages
        from rules_ext.event_site.sessions import folder_of
        from rules_ext.pdf.handrecord import event_sheets
        from rules_ext.pdf.ruling_record import quote_laws
        from rules_ext.rulebook_site.names import provision_page

        records = [checked.record for checked in self.rulings]
        dealt = any(b.deal is not None for b in self.event.boards)
        sheets = event_sheets(self.event, results=False, progress=self.progress or iter) if dealt else []
        dd = {s.number: s.dd for s in sheets}
        corpus = load_corpus() if records else None
        quotes = {}
        for record in records:
            for quoted in quote_laws(record.laws, corpus, source=record.source):
                quotes[quoted.citation] = (quoted.title, quoted.paragraphs)

        def law_url(base: str):
            if not base:
                return None  # the provisions copied into the pages' laws/

            def url(cited) -> str:
                edition = corpus.edition(cited.edition) if corpus is not None else None
                if edition is None or edition.law(law_number(cited.label)) is None:
                    return ""
                return base + provision_page(edition, cited.label)
            return url

        folder = folder_of(session.number) if session is not None else ""
        (staging / folder).mkdir(parents=True, exist_ok=True)
        downloads, ruling_pdfs = _files(staging / folder, self.event, self.results, records, self.applied,
                                        self.lang, self.pdf, dealt, self.figures)
        downloads = [Download(folder + d.path, d.label) for d in downloads]
        ruling_pdfs = {i: folder + path for i, path in ruling_pdfs.items()}
        below = "../" if session is not None else ""  # a session's pages: one folder below the overall ones
        templates = (self.templates,) if self.templates is not None else ()
        pages: dict[str, str] = {}
        pubs: dict[str, Any] = {}
        for place in where:
            convert = _traditional if place.script == "hant" else (lambda s: s)
            pub = Publication(self.event, self.results, dd, records, downloads=downloads,
                              ruling_pdfs=ruling_pdfs, law_url=law_url(place.rulebook), law_quotes=quotes,
                              lang=self.lang, script=place.script,
                              other_script=below + place.other + folder if place.other else "", convert=convert,
                              up=below + place.up, site=place.site, applied=self.applied, checked=self.rulings,
                              by_ruling=self.by_ruling, figures=self.figures, assets=below, session=session)
            pubs[place.script] = pub
            pages.update({place.folder + folder + name: text for name, text in event_pages(pub, templates).items()})
        return pages, pubs


def _publish_whole(out: Path, listed: Listed, stage: Callable[[Path], dict[str, str]]) -> Published:
    """What ``stage`` makes in a staging folder inside ``out`` (its files, and the pages it returns
    as ``{path: HTML}``), moved in only when whole."""
    created = not out.exists()
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        raise access_error("write", out, exc) from exc
    with tempfile.TemporaryDirectory(prefix=".publish.", dir=out) as staging_name:  # all or nothing
        staging = Path(staging_name)
        try:
            pages = stage(staging)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            if created:  # refused while staging (a ruling's law not found): no folder left behind
                shutil.rmtree(out, ignore_errors=True)
            raise
        for name, text in pages.items():
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        written = sorted(p.relative_to(staging) for p in staging.rglob("*") if p.is_file())
        for rel in written:  # each name looked at before anything is moved in
            _check_target(out, rel)
        for rel in written:
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            install(staging / rel, out / rel)
    return Published(**asdict(listed), pages=sum(1 for rel in written if rel.suffix == ".html"),
                     files=len(written), size=sum((out / rel).stat().st_size for rel in written))


def publish_sessions(paths: Sequence[Path], out: Path, where: Sequence[Placement], *, carry_over: str | None = None,
                     lang: str = "zh", templates: Path | None = None, pdf: bool = True, encoding: str | None = None,
                     max_size: int = MAX_INPUT_SIZE, progress: Progress | None = None,
                     figures: str = "ours") -> Published:
    """The sessions of one event (``paths`` in order, PBN and USEBIO mixed), each read and scored on
    its own as ``results S1 S2 …`` does it, published into ``out``: each session's pages in
    ``session-N/``, the overall ranking (``carry_over``: none, full or a percentage, as ``results
    --carry-over`` reads it) and each participant's results across the sessions at the top, the
    overall results PDF in ``pdf/``. Every file is read and scored before anything is written."""
    from rules_ext.event_site.pages import assets
    from rules_ext.event_site.sessions import overall_pages, session_places
    from rules_ext.events.scoring.sessions import CarryOver, combine_sessions

    carry = CarryOver.parse(carry_over) if carry_over is not None else None
    prepared = [prepare_event(path, lang=lang, templates=templates, pdf=pdf, encoding=encoding, max_size=max_size,
                              progress=progress, figures=figures) for path in paths]
    several = combine_sessions([(p.event, p.results) for p in prepared], carry)
    places = session_places(several)
    first = prepared[0]
    listed = Listed(title=first.listed.title, date=first.listed.date, kind=several.kind.value,
                    boards=sum(p.listed.boards for p in prepared))

    def stage(staging: Path) -> dict[str, str]:
        pages: dict[str, str] = {}
        firsts: dict[str, Any] = {}
        for session, spot in zip(prepared, places[1:]):
            made, pubs = session.stage(staging, where, spot)
            pages.update(made)
            firsts = firsts or pubs
        downloads = []
        if pdf:
            from rules_ext.pdf.sessions import write_sessions_pdf

            (staging / "pdf").mkdir(exist_ok=True)
            write_sessions_pdf(several, staging / "pdf" / "results.pdf", lang=lang, figures=figures)
            downloads.append(("pdf/results.pdf", "results.pdf"))
        folders = (templates,) if templates is not None else ()
        for place in where:
            pub = replace(firsts[place.script], up=place.up, other_script=place.other, assets="")
            made = overall_pages(several, pub, places[0], downloads=[(place.up + href, key) for href, key in downloads],
                                 template_folders=folders)
            pages.update({place.folder + name: text for name, text in {**made, **assets()}.items()})
        return pages

    return _publish_whole(out, listed, stage)


def prepare_event(path: Path, *, corrections: Path | None = None, rulings: Path | None = None, lang: str = "zh",
                  templates: Path | None = None, pdf: bool = True, encoding: str | None = None,
                  max_size: int = MAX_INPUT_SIZE, progress: Progress | None = None,
                  mismatched: str = "refuse", figures: str = "ours") -> PreparedEvent:
    """The event of ``path`` read, corrected and scored: the event file, its corrections and the
    ruling records of ``rulings`` are refused here (a file with problems is a :class:`PBNErrors` of
    them all; a record of another board, table, round, pair or deal a
    :class:`~rules_ext.event_site.rulings.RulingMismatch`, unless ``mismatched`` is ``"warn"``: then
    it is published with a warning and scores nothing), the rulings' adjusted scores applied after
    the corrections; nothing is written. ``progress`` and the rest are for :meth:`PreparedEvent.publish`."""
    from rules_ext.event_site.rulings import check_rulings, ruling_corrections

    if templates is not None and not (templates / "events").is_dir():
        raise RulesError(f"--templates {templates}: no events/ folder in it: expected the folder holding "
                         "events/*.html.jinja")
    if mismatched not in MISMATCHED:
        raise RulesError(f"--mismatched-rulings {mismatched!r}: expected one of {', '.join(MISMATCHED)}")
    event = read_event_file(path, encoding=encoding, max_size=max_size)
    if event.problems:
        raise PBNErrors(event.problems)
    if not event.boards:
        raise RulesError(f"{event.source}: no board to publish: expected games with [Board \"1\"] and results")

    from rules_ext.events.corrections.apply import apply_corrections
    from rules_ext.events.corrections.export import check_exportable
    from rules_ext.events.scoring.results import compute_results

    checked = check_rulings(event, read_rulings(rulings, max_size), allow_mismatch=mismatched == "warn")
    fixed, applied, whole = corrected(event, corrections)
    if not event.version.startswith("USEBIO"):
        check_exportable(applied)  # the corrected event is exported as PBN
    by_ruling: dict[int, int] = {}
    adjusted = ruling_corrections(checked, applied, first=len(applied) + 1)
    if adjusted:
        fixed, more = apply_corrections(fixed, [c for _, c in adjusted])
        applied = applied + more
        by_ruling = {c.number: number for number, c in adjusted}
    results = compute_results(fixed, conventions=dict(whole.conventions), penalties=whole.penalties)
    return PreparedEvent(path, fixed, results, applied, checked, by_ruling, max_size, progress, lang, templates, pdf,
                         figures)


def _check_target(out: Path, rel: Path) -> None:
    """``out/rel`` may be written: each folder on the way a folder (never a symbolic link or a
    file), or not there yet; the file itself a regular file or a new name."""
    folder = out
    for part in rel.parts[:-1]:
        folder = folder / part
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            raise RulesError(f"{folder}: not a folder (a symbolic link or a file): expected a folder or "
                             f"nothing there, as the published pages need {rel}")
        if not folder.exists():
            return
    check_output(out / rel)


def _traditional(text: str) -> str:
    from rules_ext.rulebook_site.script import to_traditional

    return to_traditional(text)


def _files(staging: Path, event, results, records, applied, lang: str, pdf: bool, dealt: bool, figures: str = "ours"):
    """The PDFs and exports written into ``staging``; their downloads, and each ruling's form."""
    from rules_ext.event_site.pages import Download
    from rules_ext.events.pbn.writer import encode_pbn, write_pbn
    from rules_ext.events.usebio.writer import write_usebio

    downloads: list[Download] = []
    ruling_pdfs: dict[int, str] = {}
    (staging / "pdf").mkdir()
    (staging / "export").mkdir()
    if pdf:
        from rules_ext.pdf.handrecord import write_hand_record
        from rules_ext.pdf.results import write_results_pdf
        from rules_ext.pdf.ruling import double_dummy, write_ruling_form
        from rules_ext.pdf.traveller import write_travellers

        write_results_pdf(event, results, staging / "pdf" / "results.pdf", lang=lang,
                          notes=[f"Correction {a.correction.number}: {a}" for a in applied], figures=figures)
        downloads.append(Download("pdf/results.pdf", "results.pdf"))
        write_travellers(event, staging / "pdf" / "travellers.pdf", results=results, lang=lang)
        downloads.append(Download("pdf/travellers.pdf", "travellers.pdf"))
        if dealt:
            write_hand_record(event, staging / "pdf" / "handrecord.pdf", lang=lang, warn=lambda _: None)
            downloads.append(Download("pdf/handrecord.pdf", "handrecord.pdf"))
        for i, record in enumerate(records, start=1):
            write_ruling_form(record, staging / "pdf" / f"ruling-{i}.pdf", lang=lang, dd=double_dummy(record))
            ruling_pdfs[i] = f"pdf/ruling-{i}.pdf"
    from rules_ext.events.corrections import CorrectionKind

    # only a ruling can bring a weighted score this far: the corrections file's are refused by prepare_event
    weighted = any(a.correction.kind is CorrectionKind.WEIGHTED for a in applied)
    if weighted and not event.version.startswith("USEBIO"):
        print(f"{event.source}: warning: no PBN export: a ruling's weighted score has no PBN form", file=sys.stderr)
    elif not event.version.startswith("USEBIO"):
        text = write_pbn(event, newline="\r\n", encoding="utf-8")
        (staging / "export" / "event.pbn").write_bytes(encode_pbn(text, "utf-8", source="event.pbn"))
        downloads.append(Download("export/event.pbn", "event.pbn"))
    try:
        xml = write_usebio(event, results, figures="ours" if applied else "file")
    except RulesError as exc:
        print(f"{event.source}: warning: no USEBIO export: {exc}", file=sys.stderr)
    else:
        (staging / "export" / "event.xml").write_bytes(xml)
        downloads.append(Download("export/event.xml", "event.xml"))
    return downloads, ruling_pdfs
