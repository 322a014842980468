"""Events published with the rulebook site: one ``make html`` publishes rules and events together.

A Sphinx extension of its own (``extensions = [..., "rules_ext.event_site.sphinx_ext"]``): it is
glue of two parts, the site and the published event (:func:`rules_ext.event_site.publish.publish_event`),
and the site layer itself never loads the event part. At ``builder-inited`` each event of
``rules_events_dir`` (``NAME.pbn`` or ``.xml``, ``NAME-fix.toml``, ``NAME-rulings/*.toml``) is read,
corrected and scored (:func:`~rules_ext.event_site.publish.prepare_event`: a bad file, or a ruling
record of another event, is refused in one line), then published by a background process
(:mod:`rules_ext.rulebook_site.background`, on the other core while Sphinx reads and writes) into
``<outdir>/events/NAME/`` in the build's script. An event whose inputs (files, code, templates) are
unchanged is not published again: a digest in the doctrees folder, which also records the folder
written, removed when the event leaves. ``.. rules-events::`` lists what was published; its page
waits for the background work. For those who build a site: the 使用说明's 建站与引用.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import time
import weakref
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

from rules_ext.corpus.printed import chinese_date
from rules_ext.errors import RulesError
from rules_ext.event_site.publish import Listed, Placement, PreparedEvent, publish_event
from rules_ext.events.dd.cache import use_dd_cache
from rules_ext.rulebook_site.background import Background

logger = logging.getLogger(__name__)

#: where the events land in the built site
FOLDER = "events"
#: what an event's name may be (its folder's name in the site)
NAME = re.compile(r"[A-Za-z0-9_-]+")
#: the kinds of event as the listing names them
KINDS = {"pairs": "双人赛", "teams": "团体赛", "individual": "个人赛"}
#: what the listing says when no event is published
NONE_PUBLISHED = "本站尚未发布赛事成绩。"
#: the English part of a bilingual name (``杭州…双人赛 Thursday Pairs``), marked as English
_ENGLISH_TAIL = re.compile(r"^(.*[^\x00-\x7f])\s+([A-Za-z][\x00-\x7f]*)$")


class EventsConfigError(RulesError):
    """``rules_events_dir`` or a file in it that cannot be published."""


@dataclass(frozen=True, slots=True)
class EventFiles:
    """One event of the folder: its file, its corrections and rulings when it has them."""

    name: str
    event: Path
    corrections: Path | None
    rulings: Path | None

    def inputs(self) -> list[Path]:
        files = [self.event] + ([self.corrections] if self.corrections else [])
        if self.rulings is not None:
            files += sorted(p for p in self.rulings.glob("*.toml"))
        return files


def events_folder(app: Sphinx) -> Path | None:
    value = app.config.rules_events_dir
    if not value:
        return None
    folder = Path(app.confdir, value)
    if not folder.is_dir():
        raise EventsConfigError(f"rules_events_dir = {value!r}: no such folder (relative to {app.confdir}); "
                                "expected a folder of NAME.pbn or NAME.xml events")
    return folder


def find_events(folder: Path) -> list[EventFiles]:
    """The events of ``folder`` by name; a name that cannot be a folder of the site is refused."""
    found: list[EventFiles] = []
    for path in sorted([*folder.glob("*.pbn"), *folder.glob("*.xml")]):
        name = path.stem
        if not NAME.fullmatch(name):
            raise EventsConfigError(f"{path}: the name {name!r} cannot be the event's folder in the site: "
                                    "expected letters, digits, - and _ only")
        if any(e.name == name for e in found):
            raise EventsConfigError(f"{path}: a second event named {name!r} (a .pbn and a .xml): expected one")
        fix = folder / f"{name}-fix.toml"
        rulings = folder / f"{name}-rulings"
        found.append(EventFiles(name, path, fix if fix.is_file() else None, rulings if rulings.is_dir() else None))
    return found


def _digest(files: EventFiles, settings: str) -> str:
    """The inputs of one publication: the files' bytes, the code and templates it is made with,
    the settings."""
    from rules_ext.rulebook_site.writer import inputs_stamp

    digest = hashlib.sha256(inputs_stamp([publish_event], [], settings).encode())
    for path in files.inputs():
        digest.update(f"{path.name}\0".encode() + path.read_bytes())
    return digest.hexdigest()


def publish_events(app: Sphinx) -> None:
    """builder-inited: each event of ``rules_events_dir`` read, corrected and scored (unless its pages
    are there from inputs unchanged), the list the directive shows written for it, and the pages and
    PDFs made by a background process (:func:`start_publishing`) while Sphinx reads and writes the
    rulebook's pages. Bad input is an error of the build in one line (``file:line: problem``, no
    traceback; ``-W`` fails the build): that event is not published (nothing of it is written) nor
    listed."""
    from rules_ext.event_site.publish import prepare_event
    from rules_ext.rulebook_site.hant import is_traditional

    if app.builder.format != "html":
        return
    try:
        folder = events_folder(app)
        found = find_events(folder) if folder is not None else []
    except RulesError as exc:
        logger.error("%s", exc, type="rules", subtype="events")
        found, read = [], False
    else:
        read = True
    if found:
        use_dd_cache(None)  # solved deals kept across builds, as by the commands ($RULES_EXT_DD_CACHE, ~/.cache)
    hant = is_traditional(app.config)
    state = Path(app.doctreedir, "rules-events")
    state.mkdir(parents=True, exist_ok=True)
    if read:  # a folder that did not read says nothing of which events left it
        remove_stale_events(app, state, {files.name for files in found})
    listing: dict[str, dict[str, Any]] = {}
    jobs: list[_Job] = []
    for files in found:
        out = Path(app.outdir, FOLDER, files.name)
        other = (f"../../../{FOLDER}/{files.name}/" if hant else f"../../hant/{FOLDER}/{files.name}/")
        site = ("../../" + app.builder.get_target_uri(app.config.root_doc), app.config.html_title or app.config.project)
        place = Placement("hant" if hant else "hans", other=other, rulebook="../../", site=site)
        stamp_file = state / f"{files.name}.json"
        stamp = _digest(files, repr([place, f"{FOLDER}/{files.name}"]))  # the build's own folder, wherever it is
        try:
            kept = json.loads(stamp_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            kept = {}
        if kept.get("stamp") == stamp and (out / "index.html").is_file():
            logger.info("rules: event %s up to date (inputs unchanged), not published again", files.name)
            listing[files.name] = {key: kept["published"][key] for key in _LISTED}
            continue
        started = time.perf_counter()
        try:
            prepared = prepare_event(files.event, corrections=files.corrections, rulings=files.rulings)
        except RulesError as exc:
            logger.error("%s", exc, type="rules", subtype="events")
            continue
        listing[files.name] = asdict(prepared.listed)
        out.parent.mkdir(parents=True, exist_ok=True)
        jobs.append(_Job(files.name, prepared, out, place, stamp_file, stamp, time.perf_counter() - started))
    # the listing as the pages show it: rewritten only when it changes, so the pages holding the
    # directive (which depend on it) are read again only then
    from rules_ext.rulebook_site.writer import write_if_changed

    write_if_changed(listing_file(app), json.dumps(listing, ensure_ascii=False, sort_keys=True))
    if jobs:
        _PUBLISHING[app] = start_publishing(jobs)


#: what the listing keeps of a published event (:class:`rules_ext.event_site.publish.Listed`)
_LISTED = [f.name for f in fields(Listed)]


@dataclass(frozen=True)
class _Job:
    """One event to publish: prepared in the build's process, written by the background one."""

    name: str
    prepared: PreparedEvent
    out: Path
    place: Placement
    stamp_file: Path
    stamp: str
    seconds: float  # preparing it took


@dataclass
class _Publishing:
    """This build's events being published (:func:`start_publishing`), and, once finished, the
    names of those refused (:func:`finish_publishing`)."""

    jobs: list[_Job]
    work: Background[list[tuple[str, str, Any, float]]]
    failed: set[str] | None = None


#: each build's publishing, until it is finished (a test may run several builds in a process; a build
#: that stops before build-finished leaves nothing behind once its application is gone)
_PUBLISHING: weakref.WeakKeyDictionary[Sphinx, _Publishing] = weakref.WeakKeyDictionary()


def _publish_jobs(jobs: list[_Job]) -> list[tuple[str, str, Any, float]]:
    """Each job published in turn: (name, ``"ok"``, the :class:`Published` as a dict, seconds) or
    (name, ``"error"``, the refusal's one line, seconds)."""
    reports: list[tuple[str, str, Any, float]] = []
    for job in jobs:
        started = time.perf_counter()
        try:
            done = job.prepared.publish(job.out, [job.place])
        except RulesError as exc:
            reports.append((job.name, "error", str(exc), time.perf_counter() - started))
        else:
            reports.append((job.name, "ok", asdict(done), time.perf_counter() - started))
    return reports


def start_publishing(jobs: list[_Job]) -> _Publishing:
    """The jobs' pages and files made by a process of their own (:class:`rules_ext.rulebook_site.background.
    Background`: the prepared events are shared, not copied), on another core while this one reads
    and writes the rulebook."""
    return _Publishing(jobs, Background(lambda: _publish_jobs(jobs), "publishing the events"))


def finish_publishing(app: Sphinx) -> set[str]:
    """The publishing of this build's events waited for and reported: each event published (its
    record written, so that the next build need not publish it again) or refused in one line. The
    names of the refused events; nothing happens the second time."""
    publishing = _PUBLISHING.get(app)
    if publishing is None:
        return set()
    if publishing.failed is not None:
        return publishing.failed
    publishing.failed = set()
    jobs = {job.name: job for job in publishing.jobs}
    for name, outcome, value, seconds in publishing.work.result():
        job = jobs[name]
        if outcome == "error":
            logger.error("%s", value, type="rules", subtype="events")
            publishing.failed.add(name)
            continue
        logger.info("rules: event %s published: %d pages, %d files, %.0f KB in %.1f s", name,
                    value["pages"], value["files"], value["size"] / 1024, job.seconds + seconds)
        job.stamp_file.write_text(json.dumps({"stamp": job.stamp, "published": value, "folder": f"{FOLDER}/{name}"},
                                             ensure_ascii=False), encoding="utf-8")
    if publishing.failed:  # listed, since it was prepared: the next build reads the listing's pages again
        from rules_ext.rulebook_site.writer import write_if_changed

        path = listing_file(app)
        listing = json.loads(path.read_text(encoding="utf-8"))
        write_if_changed(path, json.dumps({k: v for k, v in listing.items() if k not in publishing.failed},
                                          ensure_ascii=False, sort_keys=True))
    return publishing.failed


def events_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved: a page listing the events waits for their publishing, and lists only the
    events that were published."""
    if app not in _PUBLISHING or listing_file(app) not in app.env.dependencies.get(docname, ()):
        return  # nothing being published, or not a page of the directive (which notes the listing)
    items = [node for node in doctree.findall(nodes.list_item) if "rules_event" in node]
    if not items:
        return
    failed = finish_publishing(app)
    for item in items:
        if item["rules_event"] in failed:
            listing = item.parent
            listing.remove(item)
            if not listing.children:
                listing.replace_self(nodes.paragraph("", NONE_PUBLISHED))


def build_finished(app: Sphinx, exception: Exception | None) -> None:
    """build-finished: the events' publishing waited for (and reported) before the build ends."""
    try:
        finish_publishing(app)
    finally:
        _PUBLISHING.pop(app, None)


def remove_stale_events(app: Sphinx, state: Path, names: set[str]) -> None:
    """The pages of events no longer in the folder removed from the build's output: only the folders
    this extension recorded writing (each event's record in ``state`` names its folder, relative to
    the build's output folder), and only when that folder is this build's ``events/NAME/``;
    anything else in ``events/`` is left alone."""
    for record in sorted(state.glob("*.json")):
        name = record.stem
        if record == listing_file(app) or name in names or not NAME.fullmatch(name):
            continue
        try:
            written = json.loads(record.read_text(encoding="utf-8")).get("folder")
        except (OSError, ValueError, AttributeError):
            continue
        out = Path(app.outdir, FOLDER, name)
        if written not in (f"{FOLDER}/{name}", str(out)):  # (an older record names the folder whole)
            continue
        if out.is_dir() and not out.is_symlink():
            shutil.rmtree(out)
            logger.info("rules: event %s no longer in the events folder, its pages removed", name)
        record.unlink()


def listing_file(app: Sphinx) -> Path:
    return Path(app.doctreedir, "rules-events", "listing.json")


def _title(text: str) -> list[nodes.Node]:
    """An event's name, its English part (``Thursday Pairs``) marked as English."""
    if text.isascii():
        return [nodes.inline("", text, classes=["language-en"])]
    m = _ENGLISH_TAIL.match(text)
    if m is None:
        return [nodes.Text(text)]
    return [nodes.Text(m[1] + " "), nodes.inline("", m[2], classes=["language-en"])]


class EventsDirective(SphinxDirective):
    """``.. rules-events::``: the events of ``rules_events_dir`` as published with this build,
    latest first: name (linked to its ranking), date, kind and number of boards."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        path = listing_file(self.env.app)
        self.env.note_dependency(str(path))
        try:
            listing = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            listing = {}
        if not listing:
            return [nodes.paragraph("", NONE_PUBLISHED)]
        up = "../" * self.env.docname.count("/")
        items = nodes.bullet_list(classes=["rules-events"])
        for name, e in sorted(listing.items(), key=lambda kv: (kv[1]["date"], kv[0]), reverse=True):
            link = nodes.reference("", "", *_title(e["title"]), refuri=f"{up}{FOLDER}/{name}/index.html",
                                   internal=False)
            facts = " · ".join(filter(None, [chinese_date(e["date"]), KINDS.get(e["kind"], ""), f"{e['boards']}副牌"]))
            items += nodes.list_item("", nodes.paragraph("", "", link, nodes.Text(f" — {facts}")), rules_event=name)
        return [items]


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value("rules_events_dir", None, "env", types=(str, type(None)))
    app.add_directive("rules-events", EventsDirective)
    app.connect("builder-inited", publish_events)
    app.connect("doctree-resolved", events_resolved)
    app.connect("build-finished", build_finished, priority=100)  # before anything reads the output folder
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
