"""The sample PDFs the site links to, rendered from the package's sample events and ruling record.

``render_samples(DIR)`` writes the files of :data:`SAMPLE_NAMES` (``make pdf`` runs ``samples -o
build/html/pdf``): the director's sheets of the sample pairs, teams and RealBridge-style round
events and of the example ruling record, the rulebook one PDF per edition (with the verification
findings marked in its tables) and every law on its own (``laws/rules-1999-law-27.pdf``, the law
page's 本条PDF, with the page's address and the build date at its foot). Glue of the print and the
rulebook, so here in the command line.
"""
from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rules_ext.corpus.catalogue import EDITIONS, LAW_PDF_FOLDER, law_pdf_name, pdf_name
from rules_ext.fileio import access_error, check_output_folder, install, package_path

if TYPE_CHECKING:  # reportlab is loaded only when the samples are rendered
    from rules_ext.pdf.layout import Progress

PAIRS_EVENT = package_path("rules_ext.events", "samples", "sample-pairs.pbn")
TEAMS_EVENT = package_path("rules_ext.events", "samples", "sample-teams.pbn")
TEAMS_ROUND_EVENT = package_path("rules_ext.events", "samples", "sample-teams-realbridge.pbn")
RULING_RECORD = package_path("rules_ext.pdf", "rulings", "example.toml")

#: the editions printed as a whole (one PDF each, ``rules-<edition>.pdf``)
EDITION_IDS = EDITIONS.ids
#: the file names the site links to
SAMPLE_NAMES = ("hand-records.pdf", "travellers-blank.pdf", "travellers.pdf", "results.pdf",
                "teams-results.pdf", "teams-travellers.pdf", "teams-round-results.pdf",
                "teams-round-travellers.pdf", "ruling-form.pdf", "ruling-form-blank.pdf", "pickup-slips.pdf",
                *(pdf_name(edition) for edition in EDITION_IDS))


def write_edition(edition_id: str, path: str | Path, *, paper: str = "a4", corpus=None,
                  findings=None) -> int:
    """Print one edition (:func:`rules_ext.pdf.edition.write_edition_pdf`) with the verification
    findings marked in its tables and, for a traditional-script edition, the editors' words in
    繁體; return its page count. An unknown edition is a ValueError naming the editions."""
    from rules_ext.corpus import load_corpus
    from rules_ext.pdf.edition import write_edition_pdf
    from rules_ext.rulebook_site.script import to_traditional
    from rules_ext.verify import verify_corpus

    corpus = corpus if corpus is not None else load_corpus()
    edition = corpus.edition(edition_id)
    findings = findings if findings is not None else verify_corpus(corpus)
    return write_edition_pdf(corpus, edition.id, path, misprints=findings, paper=paper,
                             convert=to_traditional if edition.script == "traditional" else None)


def law_pdf_names(corpus) -> list[str]:
    """The one-law PDFs, in the order of the editions and their laws (``laws/rules-1999-law-27.pdf``)."""
    return [law_pdf_name(edition.id, law.number) for edition in corpus.editions
            for law in sorted(edition.laws, key=lambda law: law.number)]


def render_samples(directory: str | Path, *, paper: str = "a4", lang: str = "both",
                   progress: Callable[[str], Progress] | None = None,
                   site_url: str | None = None) -> list[Path]:
    """Render every sample into ``directory`` (an existing folder, or a new one in an existing
    folder: :func:`rules_ext.fileio.check_output_folder`); return the paths written, in SAMPLE_NAMES
    order, then the one-law PDFs. The files are rendered aside and moved in together: a failure
    leaves none of them. ``site_url`` is the site's address, printed at the foot of each law."""
    from rules_ext.corpus import load_corpus

    def bar(name: str) -> Progress:
        return progress(name) if progress is not None else iter

    out = Path(directory)
    check_output_folder(out, SAMPLE_NAMES)  # a folder, or a new one in an existing folder
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        raise access_error("write", out, exc) from exc
    corpus = load_corpus()
    laws = law_pdf_names(corpus)
    check_output_folder(out / LAW_PDF_FOLDER, [name.rpartition("/")[2] for name in laws])
    with tempfile.TemporaryDirectory(prefix=".samples.", dir=out) as staging:  # all or nothing
        _render(Path(staging), paper, lang, bar, corpus, site_url)
        try:
            (out / LAW_PDF_FOLDER).mkdir(exist_ok=True)
        except OSError as exc:
            raise access_error("write", out / LAW_PDF_FOLDER, exc) from exc
        for name in (*SAMPLE_NAMES, *laws):  # each name looked at again: only a regular file is replaced
            install(Path(staging) / name, out / name)
    return [out / name for name in (*SAMPLE_NAMES, *laws)]


def law_address(site_url: str | None, edition_id: str, number: int) -> str:
    """A law page's address as its PDF prints it: on the site at ``site_url``, else ``本站`` and its
    place in the site."""
    from rules_ext.corpus.printed import law_page, page_address

    return page_address(site_url, law_page(edition_id, number)) if site_url \
        else f"本站 {law_page(edition_id, number)}"


def _render(out: Path, paper: str, lang: str, bar: Callable[[str], Callable], corpus,
            site_url: str | None = None) -> None:
    """Write every sample into ``out``."""
    from rules_ext.events import compute_results
    from rules_ext.events.files import read_event
    from rules_ext.pdf.handrecord import write_hand_record
    from rules_ext.pdf.pickup import slips_of_event, write_pickup_slips
    from rules_ext.pdf.results import write_results_pdf
    from rules_ext.pdf.ruling import write_ruling_form
    from rules_ext.pdf.ruling_record import load_ruling
    from rules_ext.pdf.traveller import write_travellers

    paths = {name: out / name for name in SAMPLE_NAMES}
    pairs = read_event(PAIRS_EVENT)
    pairs_results = compute_results(pairs)
    write_hand_record(pairs, paths["hand-records.pdf"], per_page=2, paper=paper, lang=lang,
                      progress=bar("double dummy"))
    write_travellers(pairs, paths["travellers-blank.pdf"], blank=True, paper=paper, lang=lang,
                     progress=bar("blank travellers"))
    write_travellers(pairs, paths["travellers.pdf"], results=pairs_results, paper=paper, lang=lang,
                     progress=bar("travellers"))
    write_results_pdf(pairs, pairs_results, paths["results.pdf"], paper=paper, lang=lang,
                      progress=bar("score cards"))
    for event_path, prefix in ((TEAMS_EVENT, "teams"), (TEAMS_ROUND_EVENT, "teams-round")):
        teams = read_event(event_path)
        teams_results = compute_results(teams)
        write_results_pdf(teams, teams_results, paths[f"{prefix}-results.pdf"], paper=paper, lang=lang)
        write_travellers(teams, paths[f"{prefix}-travellers.pdf"], results=teams_results, paper=paper,
                         lang=lang)
    write_ruling_form(load_ruling(RULING_RECORD), paths["ruling-form.pdf"], paper=paper, lang=lang)
    write_ruling_form(None, paths["ruling-form-blank.pdf"], paper=paper, lang=lang)
    write_pickup_slips(slips_of_event(pairs), paths["pickup-slips.pdf"], event=pairs.name, date=pairs.date,
                       paper=paper, lang=lang, progress=bar("pickup slips"))
    from rules_ext.corpus.printed import build_date
    from rules_ext.pdf.edition import write_law_pdf
    from rules_ext.rulebook_site.script import to_traditional
    from rules_ext.verify import verify_corpus

    findings = verify_corpus(corpus)
    for edition in bar("editions")(EDITION_IDS):
        write_edition(edition, paths[pdf_name(edition)], paper=paper, corpus=corpus, findings=findings)
    (out / LAW_PDF_FOLDER).mkdir()
    date = build_date()
    for edition in bar("laws")(list(corpus.editions)):
        convert = to_traditional if edition.script == "traditional" else None
        for law in edition.laws:
            write_law_pdf(corpus, edition.id, law.number, out / law_pdf_name(edition.id, law.number),
                          address=law_address(site_url, edition.id, law.number), date=date,
                          misprints=findings, convert=convert, paper=paper)
