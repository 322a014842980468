"""What the page generator reads from: the corpus with its findings and English titles
(:class:`Context`), and one edition as it is printed (:class:`View`)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_ext.corpus.model import Corpus, Edition, Law, Table
from rules_ext.rulebook_site.names import law_title

DATA_DIR = Path(__file__).parent / "data"
#: English titles of the 1997 WBF laws that were checked against public copies (see the data file)
CHECKED_TITLES = frozenset([*range(1, 44), 50, 72, 73, 75, 80])


def english_titles(path: Path = DATA_DIR / "law-titles-1997.txt") -> dict[int, str]:
    """Law number -> English title (1997 WBF), only the checked ones."""
    titles = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "\t" not in line:
            continue
        number, title = line.split("\t", 1)
        if int(number) in CHECKED_TITLES:
            titles[int(number)] = title.strip()
    return titles


@dataclass(slots=True)
class Context:
    corpus: Corpus
    findings: Sequence[Any] = ()
    english: dict[int, str] = field(default_factory=english_titles)
    profile: str = "s2tw"


@dataclass(frozen=True, slots=True)
class View:
    """One edition as delivered: what its pages link to and the script it is printed in."""

    edition: Edition
    convert: Callable[[str], str]
    prefix: str  # docname folder: '1991'
    script: str  # 'simplified' or 'traditional'
    terms: list[str]
    term_target: Callable[[str], str]
    tables: dict[str, list[Table]]
    #: the editors' notes in the page's script (the delivered traditional copy: converted to it)
    editorial: Callable[[str], str] = lambda s: s

    def __post_init__(self) -> None:
        if self.script not in ("simplified", "traditional"):
            raise ValueError(f"unknown script {self.script!r}: expected simplified or traditional")

    def title(self, law: Law) -> str:
        return law_title(law, self.convert, traditional=self.script == "traditional")
