"""A crawl of published event folders: every page opened from ``file://`` in a headless chromium
(tests/rulebook_site/browser_tools.py) at each width and colour scheme, and what a reader would
meet counted:

- broken links: an ``<a href>`` inside the folder whose file is not there, or whose ``#id`` is not
  on the page it names, and an id given twice on a page (read from the HTML, no browser needed);
- external requests: any resource the page loaded from outside ``file://`` (the browser's own
  record, ``performance.getEntriesByType``), and any ``src``/``<link href>`` written with a scheme;
- pages wider than the screen (``scrollWidth`` over the window's width);
- console errors (chromium's log at level SEVERE);
- page weight: the page's bytes with the stylesheet, script and icon it loads.

Run it on folders (``python tests/event_site/crawl.py DIR... [--widths 375,1280] [--dark]``) or call
:func:`crawl` from a test.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Page(HTMLParser):
    """The links, sources and ids of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.sources: list[str] = []
        self.ids: set[str] = set()
        self.twice: set[str] = set()

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if values.get("id"):
            (self.twice if values["id"] in self.ids else self.ids).add(values["id"])
        if tag == "a" and values.get("href"):
            self.links.append(values["href"])
        for key in ("src", "href"):
            if tag in ("link", "script", "img", "iframe", "source") and values.get(key):
                self.sources.append(values[key])


def read_page(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@dataclass
class Crawl:
    """What a crawl found: the pages, and each problem as (page, what)."""

    pages: int = 0
    loads: int = 0
    broken: list[tuple[str, str]] = field(default_factory=list)
    external: list[tuple[str, str]] = field(default_factory=list)
    wide: list[tuple[str, str]] = field(default_factory=list)
    console: list[tuple[str, str]] = field(default_factory=list)
    heaviest: tuple[int, str] = (0, "")
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"{self.pages} pages ({self.loads} loads), broken links {len(self.broken)}, external requests "
                f"{len(self.external)}, pages wider than the screen {len(self.wide)}, console errors "
                f"{len(self.console)}, largest page {self.heaviest[0] / 1024:.1f} KB ({self.heaviest[1]}), "
                f"{self.seconds:.0f} s")


def check_links(folders: list[Path], crawl: Crawl) -> list[Path]:
    """Every page of ``folders``; each internal link and ``#id`` checked, each page's weight taken."""
    pages = sorted(p for folder in folders for p in folder.rglob("*.html"))
    parsed = {p: read_page(p) for p in pages}
    for path, page in parsed.items():
        crawl.broken += [(str(path), f"id {i!r} twice") for i in sorted(page.twice)]
        for source in page.sources:
            if "://" in source or source.startswith("//"):
                crawl.external.append((str(path), source))
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//"):
                continue  # an address outside: a link the reader may follow, not a request of the page
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.is_file():
                crawl.broken.append((str(path), href))
            elif parts.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else read_page(target).ids
                if unquote(parts.fragment) not in ids:
                    crawl.broken.append((str(path), href))
        weight = path.stat().st_size + sum((path.parent / s).stat().st_size for s in set(page.sources)
                                           if "://" not in s and (path.parent / s).is_file())
        crawl.heaviest = max(crawl.heaviest, (weight, str(path)))
    crawl.pages += len(pages)
    return pages


#: what the browser says of an opened page: its width, and the resources it fetched
_LOOK = """
return [document.documentElement.scrollWidth,
        performance.getEntriesByType("resource").map(e => e.name).concat([location.href])];
"""


def crawl(folders: list[Path], widths: tuple[int, ...] = (375, 1280), dark: bool = False) -> Crawl:
    """Each page of ``folders`` opened at each of ``widths`` (and in the dark scheme too, with
    ``dark``); the links checked once."""
    from browser_tools import chromium

    started = time.perf_counter()
    found = Crawl()
    pages = check_links(folders, found)
    schemes = ("light", "dark") if dark else ("light",)
    for width in widths:
        for scheme in schemes:
            with chromium(width, 900) as driver:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                for path in pages:
                    driver.get(path.as_uri())
                    scroll, fetched = driver.execute_script(_LOOK)
                    found.loads += 1
                    if scroll > width:
                        found.wide.append((str(path), f"{scroll} px at {width} px ({scheme})"))
                    for url in fetched:
                        if not url.startswith("file://"):
                            found.external.append((str(path), url))
                    for entry in driver.get_log("browser"):
                        if entry.get("level") == "SEVERE":
                            found.console.append((str(path), re.sub(r"\s+", " ", entry.get("message", ""))[:200]))
    found.seconds = time.perf_counter() - started
    return found


def main(argv: list[str] | None = None) -> int:
    tests = Path(__file__).resolve().parents[1]
    sys.path[:0] = [str(tests), str(tests / "rulebook_site")]  # what pytest's pythonpath gives a test
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--widths", default="375,1280")
    parser.add_argument("--dark", action="store_true", help="each width in the dark colour scheme too")
    parser.add_argument("--list", type=int, default=10, help="problems listed of each kind")
    args = parser.parse_args(argv)
    found = crawl(args.folders, tuple(int(w) for w in args.widths.split(",")), args.dark)
    print(found.summary())
    for name in ("broken", "external", "wide", "console"):
        for page, what in getattr(found, name)[:args.list]:
            print(f"  {name}: {page}: {what}")
    return 0 if not (found.broken or found.external or found.wide or found.console) else 1


if __name__ == "__main__":
    sys.exit(main())
