"""The corpus offered for download: the whole model (``rules-corpus.json``, what ``python -m
rules_ext corpus`` prints) and one file per edition (``rules-corpus-1999.json``: what ``corpus
--edition 1999`` prints, headed by ``about``: the edition, the data's version and date, the
licence and where the texts come from). The generator writes them into ``_generated/`` of the
source folder; ``.. rules-corpus-downloads::`` (on the editions page) lists them with their size,
SHA-256 checksum (of the file as downloaded), version, date and the licence, read from the files
themselves so the page never disagrees with them.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from rules_ext import __version__
from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.model import Corpus, Edition
from rules_ext.corpus.printed import build_day, chinese_date

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

#: where the downloads are, in the source folder (``:download:`` links copy them to _downloads/)
FOLDER = "_generated"
WHOLE = "rules-corpus.json"
#: the licence of the data, stated in each file and on the page
LICENCE = ("规则原文由中国桥牌协会制定，著作权属原著作权人；本站所据为公开网页上的转载（出处见各版的考证页）。"
           "本项目未对原文及本数据声明开放许可，转用前请自行确认授权；引用请注明出处、版本与日期。")
#: the JSON's own note on its shape
SHAPE = "editions: the corpus model (rules_ext.corpus.model, to_dict), as `python -m rules_ext corpus --edition ID` prints it"


def edition_file(edition_id: str) -> str:
    """``rules-corpus-1999.json``."""
    return f"rules-corpus-{edition_id}.json"


def edition_data(edition: Edition, date: str) -> dict[str, Any]:
    """One edition's download: ``about`` (edition, version, date, licence, source) and the model."""
    return {"about": {"title": edition.title, "edition": edition.id,
                      "name": EDITIONS.name(edition.id), "version": __version__, "date": date,
                      "licence": LICENCE, "source": edition.source, "format": SHAPE},
            "editions": [edition.to_dict()]}


def download_texts(corpus: Corpus) -> dict[str, str]:
    """File name -> text of every download (the whole corpus first)."""
    date = build_day().isoformat()
    texts = {WHOLE: json.dumps(corpus.to_dict(), ensure_ascii=False, indent=1) + "\n"}
    for edition in corpus.editions:
        texts[edition_file(edition.id)] = json.dumps(edition_data(edition, date), ensure_ascii=False,
                                                     indent=1) + "\n"
    return texts


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _size(n: int) -> nodes.inline:
    """``667 KB`` (the unit marked as English, as the site marks every Latin word)."""
    figure, unit = (f"{n / 1024 / 1024:.1f}", "MB") if n >= 1024 * 1024 else (f"{max(1, round(n / 1024))}", "KB")
    return nodes.inline("", "", nodes.Text(f"{figure} "), nodes.inline(unit, unit, classes=["language-en"]))


class CorpusDownloads(SphinxDirective):
    """``.. rules-corpus-downloads::``: a table of the downloads (one row per file) and the
    licence."""

    def run(self) -> list[nodes.Node]:
        folder = Path(self.env.srcdir, FOLDER)
        rows = []
        names = [WHOLE] + [edition_file(e) for e in EDITIONS.ids]
        for name in names:
            path = folder / name
            if not path.is_file():
                continue
            self.env.note_dependency(str(path))
            about = json.loads(path.read_text(encoding="utf-8")).get("about", {})
            rows.append((name, about, path.stat().st_size, sha256(path)))
        if not rows:
            return []
        table = nodes.table(classes=["law-downloads"])
        group = nodes.tgroup(cols=5)
        table += group
        for width in (16, 26, 10, 12, 36):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        checksum = nodes.entry()
        checksum += nodes.paragraph("", "", nodes.Text("校验值（"),
                                    nodes.inline("SHA-256", "SHA-256", classes=["language-en"]),
                                    nodes.Text("）"))
        head += self._row(["内容", "文件", "大小", "版本与日期"], extra=checksum)
        body = nodes.tbody()
        group += body
        for name, about, size, digest in rows:
            what = about.get("name") or "全部版本"
            link = addnodes.download_reference("", "", reftarget=f"/{FOLDER}/{name}",
                                               refdoc=self.env.docname, refexplicit=True)
            link += nodes.literal(name, name)
            when = f"版本 {about['version']}，{chinese_date(about['date'])}" if about else f"版本 {__version__}"
            digest_cell = nodes.entry()
            digest_cell += nodes.paragraph("", "", nodes.literal(digest, digest, classes=["law-sha256"]))
            row = self._row([what, link, _size(size), when], extra=digest_cell)
            body += row
        licence = nodes.paragraph("", "", nodes.strong("许可：", "许可："), nodes.Text(LICENCE))
        return [table, licence]

    @staticmethod
    def _row(cells: list[Any], extra: nodes.entry) -> nodes.row:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph("", "", cell if isinstance(cell, nodes.Node) else nodes.Text(cell))
            row += entry
        row += extra
        return row


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_directive("rules-corpus-downloads", CorpusDownloads)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
