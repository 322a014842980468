"""``publish EVENT.pbn|EVENT.xml -o DIR [--corrections FIX.toml] [--rulings DIR] [--lang zh|en|both]
[--script hans|hant|both] [--rulebook URL] [--templates DIR] [--dd-cache DIR] [--no-pdf]``: the event
as a folder of static pages beside the rulebook (see :mod:`rules_ext.web.pages`).

The glue of four parts: the event read, corrected and scored as ``results`` does it (bad input is
refused the same way, every problem one ``file:line: problem`` line); the double-dummy grid and par
of each board as the hand record has them (the file's, else solved, through the cache); the ruling
records of ``--rulings`` (every ``*.toml`` there, read as ``ruling`` reads one, the cited laws quoted
from the rulebook) with each law linked to its provision on the rulebook site (the site's own
address of a provision, :func:`rules_ext.site.names.provision_page`, under ``--rulebook``: by default
the site this project builds, ``build/html`` of the current folder, as a path relative to ``DIR``);
the PDFs of the same sheets (results, travellers, hand record, each ruling's form) and the corrected
event exported as PBN and USEBIO; the 繁體 pages converted as the site converts them
(:func:`rules_ext.site.script.to_traditional`) into ``DIR/hant/``.

Everything is made in a staging folder inside ``DIR`` and moved in only when whole, each file only
over a regular file or a new name (:func:`rules_ext.fileio.install`): a failure leaves ``DIR`` as it
was. ``DIR`` is an existing folder or a new name in an existing one.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules_ext.cli.common import add_input_options, progress_bar, read_event_file
from rules_ext.cli.events import _corrected
from rules_ext.cli.printing import add_dd_cache_option, use_dd_cache
from rules_ext.errors import RulesError
from rules_ext.fileio import MAX_INPUT_SIZE, access_error, check_output, check_output_folder, install, read_input
from rules_ext.pbn.errors import PBNErrors

if TYPE_CHECKING:  # reportlab is loaded when the PDFs are made
    from rules_ext.pdf.layout import Progress

#: the languages of the pages' words (the sheets' ``--lang``)
LANGS = ("zh", "en", "both")
#: which scripts are published: 简体 at the top, 繁體 in ``hant/``
SCRIPTS = ("hans", "hant", "both")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "publish", help="publish an event as static pages linked to the rulebook (HTML folder)",
        description="The ranking, one page per board (deal, double dummy, par, traveller), per pair, "
                    "player or team, per match, the rulings with their laws linked to the rulebook site, "
                    "the PDFs and the corrected event: a self-contained folder of pages.")
    p.add_argument("event", type=Path, help="the PBN file (or USEBIO results XML)")
    p.add_argument("-o", "--output", type=Path, required=True,
                   help="the folder to write into: an existing folder or a new name in an existing folder")
    p.add_argument("--corrections", type=Path, metavar="FIX.toml",
                   help="apply the director's corrections (rules_ext/pbn/corrections.md) before scoring")
    p.add_argument("--rulings", type=Path, metavar="DIR",
                   help="a folder of ruling records (*.toml, rules_ext/pdf/rulings/format.md): the session's rulings")
    p.add_argument("--lang", choices=LANGS, default="zh",
                   help="language of the pages' and PDFs' words (default zh; both: the English as a gloss)")
    p.add_argument("--script", choices=SCRIPTS, default="both",
                   help="简体 pages, 繁體 pages, or both (default: 繁體 in DIR/hant/)")
    p.add_argument("--rulebook", metavar="URL",
                   help="the rulebook site's address the laws link to (default: this project's build/html, "
                        "as a path relative to the output folder)")
    p.add_argument("--templates", type=Path, metavar="DIR",
                   help="a templates folder whose events/*.html.jinja replace the package's")
    p.add_argument("--no-pdf", action="store_true", help="leave out the PDFs of the sheets")
    p.add_argument("--encoding", help="read the file in this encoding instead of detecting it")
    add_dd_cache_option(p)
    add_input_options(p)
    p.set_defaults(handler=run_publish)


def _rulebook_base(args: argparse.Namespace, out: Path) -> str:
    if args.rulebook:
        return args.rulebook.rstrip("/") + "/"
    return Path(os.path.relpath(Path.cwd() / "build" / "html", out.resolve())).as_posix() + "/"


def _read_rulings(folder: Path | None, max_size: int):
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
    relative to the output folder, ending in ``/``)."""

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


def placements(scripts: str, rulebook: str) -> tuple[Placement, ...]:
    """The command's ``--script``: one script at the top, or both (繁體 in ``hant/``)."""
    if scripts != "both":
        return (Placement(scripts, rulebook=rulebook + ("hant/" if scripts == "hant" else "")),)
    return (Placement("hans", other="hant/", rulebook=rulebook),
            Placement("hant", "hant/", "../", "../", rulebook + "hant/"))


def run_publish(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    out: Path = args.output
    check_output_folder(out, [])  # a folder, or a new one in an existing folder: refused before any work
    use_dd_cache(args.dd_cache)
    try:
        done = publish_event(args.event, out, placements(args.script, _rulebook_base(args, out)),
                             corrections=args.corrections, rulings=args.rulings, lang=args.lang,
                             templates=args.templates, pdf=not args.no_pdf, encoding=args.encoding,
                             max_size=args.max_size, progress=progress_bar("double dummy"))
    except PBNErrors as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    print(f"{out}: {done.pages} pages, {done.files} files, {done.size / 1024:.0f} KB in "
          f"{time.perf_counter() - started:.1f} s", file=sys.stdout)
    return 0


def publish_event(path: Path, out: Path, where: Sequence[Placement], *, corrections: Path | None = None,
                  rulings: Path | None = None, lang: str = "zh", templates: Path | None = None,
                  pdf: bool = True, encoding: str | None = None, max_size: int = MAX_INPUT_SIZE,
                  progress: Progress | None = None) -> Published:
    """The event of ``path`` published into ``out`` (an existing folder or a new name in an existing
    one), its pages in each placement's script: read, corrected and scored as ``results`` does it
    (a file with problems is a :class:`PBNErrors` of them all), everything made in a staging folder
    and moved in only when whole. The command's work, and the site's (:mod:`rules_ext.cli.site_events`,
    which does the two steps, :func:`prepare_event` and :meth:`PreparedEvent.publish`, apart)."""
    return prepare_event(path, corrections=corrections, rulings=rulings, lang=lang, templates=templates,
                         pdf=pdf, encoding=encoding, max_size=max_size, progress=progress).publish(out, where)


@dataclass(frozen=True)
class PreparedEvent:
    """An event read, corrected and scored (:func:`prepare_event`: the event file and the
    corrections are refused by then); what is left (:meth:`publish`) reads the ruling records, quotes
    their laws, takes the double-dummy grids and writes the pages and files."""

    path: Path
    event: Any
    results: Any
    applied: tuple
    rulings: Path | None
    max_size: int
    progress: Any
    lang: str
    templates: Path | None
    pdf: bool

    @property
    def listed(self) -> Listed:
        return Listed(title=self.event.name or self.path.stem, date=self.event.date or "",
                      kind=self.results.kind.value, boards=len(self.results.boards))

    def publish(self, out: Path, where: Sequence[Placement]) -> Published:
        """The pages of each placement, the PDFs and exports made in a staging folder inside ``out``
        and moved in only when whole."""
        from rules_ext.corpus import load_corpus
        from rules_ext.corpus.labels import law_number
        from rules_ext.pdf.handrecord import event_sheets
        from rules_ext.pdf.ruling_record import quote_laws
        from rules_ext.site.names import provision_page
        from rules_ext.web.pages import Publication, event_pages

        records = _read_rulings(self.rulings, self.max_size)
        dealt = any(b.deal is not None for b in self.event.boards)
        sheets = event_sheets(self.event, results=False, progress=self.progress or iter) if dealt else []
        dd = {s.number: s.dd for s in sheets}
        corpus = load_corpus() if records else None
        quotes = {}
        for record in records:
            for quoted in quote_laws(record.laws, corpus, source=record.source):
                quotes[quoted.citation] = (quoted.title, quoted.paragraphs)

        def law_url(base: str):
            def url(cited) -> str:
                edition = corpus.edition(cited.edition) if corpus is not None else None
                if edition is None or edition.law(law_number(cited.label)) is None:
                    return ""
                return base + provision_page(edition, cited.label)
            return url

        try:
            out.mkdir(exist_ok=True)
        except OSError as exc:
            raise access_error("write", out, exc) from exc
        with tempfile.TemporaryDirectory(prefix=".publish.", dir=out) as staging_name:  # all or nothing
            staging = Path(staging_name)
            downloads, ruling_pdfs = _files(staging, self.event, self.results, records, self.applied,
                                            self.lang, self.pdf, dealt)
            notes = [str(a) for a in self.applied]
            folders = (self.templates,) if self.templates is not None else ()
            pages: dict[str, str] = {}
            for place in where:
                convert = _traditional if place.script == "hant" else (lambda s: s)
                pub = Publication(self.event, self.results, dd, records, notes, downloads, ruling_pdfs,
                                  law_url(place.rulebook), quotes, self.lang, place.script, place.other,
                                  convert, place.up, place.site)
                pages.update({place.folder + name: text for name, text in event_pages(pub, folders).items()})
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
        return Published(**asdict(self.listed), pages=sum(1 for rel in written if rel.suffix == ".html"),
                         files=len(written), size=sum((out / rel).stat().st_size for rel in written))


def prepare_event(path: Path, *, corrections: Path | None = None, rulings: Path | None = None, lang: str = "zh",
                  templates: Path | None = None, pdf: bool = True, encoding: str | None = None,
                  max_size: int = MAX_INPUT_SIZE, progress: Progress | None = None) -> PreparedEvent:
    """The event of ``path`` read, corrected and scored: the event file and its corrections are
    refused here (a file with problems is a :class:`PBNErrors` of them all), nothing is written.
    ``rulings``, ``progress`` and the rest are for :meth:`PreparedEvent.publish`."""
    if templates is not None and not (templates / "events").is_dir():
        raise RulesError(f"--templates {templates}: no events/ folder in it: expected the folder holding "
                         "events/*.html.jinja")
    event = read_event_file(path, encoding=encoding, max_size=max_size)
    if event.problems:
        raise PBNErrors(event.problems)
    if not event.boards:
        raise RulesError(f"{event.source}: no board to publish: expected games with [Board \"1\"] and results")

    from rules_ext.pbn.corrections_export import check_exportable
    from rules_ext.pbn.results import compute_results

    event, applied, whole = _corrected(event, corrections)
    if not event.version.startswith("USEBIO"):
        check_exportable(applied)  # the corrected event is exported as PBN
    results = compute_results(event, conventions=dict(whole.conventions), penalties=whole.penalties)
    return PreparedEvent(path, event, results, applied, rulings, max_size, progress, lang, templates, pdf)


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
    from rules_ext.site.script import to_traditional

    return to_traditional(text)


def _files(staging: Path, event, results, records, applied, lang: str, pdf: bool, dealt: bool):
    """The PDFs and exports written into ``staging``; their downloads, and each ruling's form."""
    from rules_ext.pbn.usebio_writer import write_usebio
    from rules_ext.pbn.writer import encode_pbn, write_pbn
    from rules_ext.web.pages import Download

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
                          notes=[f"Correction {a.correction.number}: {a}" for a in applied])
        downloads.append(Download("pdf/results.pdf", "results.pdf"))
        write_travellers(event, staging / "pdf" / "travellers.pdf", results=results, lang=lang)
        downloads.append(Download("pdf/travellers.pdf", "travellers.pdf"))
        if dealt:
            write_hand_record(event, staging / "pdf" / "handrecord.pdf", lang=lang, warn=lambda _: None)
            downloads.append(Download("pdf/handrecord.pdf", "handrecord.pdf"))
        for i, record in enumerate(records, start=1):
            write_ruling_form(record, staging / "pdf" / f"ruling-{i}.pdf", lang=lang, dd=double_dummy(record))
            ruling_pdfs[i] = f"pdf/ruling-{i}.pdf"
    if not event.version.startswith("USEBIO"):  # exportable: checked by prepare_event
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
