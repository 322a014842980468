"""Every sheet kind on every kind of event, printed from fixtures built here or in tests/events/fixtures
(invented events shaped like the real programs' files): each exits 0; no page holds only a title,
notes or a table's header row, and none has fewer than MIN_CHARS characters of content; a traveller,
a score card, a match sheet and a pickup slip are never split across pages (one longer than a page
starts on a fresh page and continues under its "(cont.)" title); individual score cards name the
partner and the opponents."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from long_events import big_pairs, cross_imp_pairs, individual, realbridge_teams, teams_field
from reportlab.platypus import BaseDocTemplate, Flowable, Table
from reportlab.platypus.doctemplate import ActionFlowable
from test_sheets import body_of_pages

import rules_ext.pdf.layout as layout
from rules_ext.cli import main
from rules_ext.fileio import package_path
from rules_ext.pdf.sheets import Titled

#: the fewest characters of content (the running header and footer left out) a page may have
MIN_CHARS = 60

FIXTURES = Path(__file__).parents[1] / "events" / "fixtures"
SAMPLES = package_path("rules_ext.events", "samples")
FILES = {
    "pairs-sample": SAMPLES / "sample-pairs.pbn",
    "teams-sample": SAMPLES / "sample-teams.pbn",
    "pairs-magic": FIXTURES / "magic-pairs.pbn",
    "butler-pbn": FIXTURES / "finnish-butler-mean.pbn",
    "cross-imps-pbn": FIXTURES / "ruter-cross-imps.pbn",
    "individual-pbn": FIXTURES / "swedish-individual.pbn",
    "teams-rooms": FIXTURES / "room-teams.pbn",
    "teams-realbridge": FIXTURES / "realbridge-teams.pbn",
    "pairs-usebio": FIXTURES / "compscore-mp-mitchell.xml",
    "butler-usebio": FIXTURES / "compscore-butler.xml",
    "cross-imps-usebio": FIXTURES / "compscore-ximp.xml",
    "howell-usebio": FIXTURES / "salliere-howell.xml",
    "teams-usebio": FIXTURES / "compscore-swiss-teams.xml",
}
GENERATED = {
    "pairs-40-tables": lambda: big_pairs(tables=40),
    "individual-16": individual,
    "cross-imps-44-boards": cross_imp_pairs,
    "cross-imps-64-boards": lambda: cross_imp_pairs(boards=64),
    "teams-8": realbridge_teams,
    "teams-8-64-boards": lambda: realbridge_teams(boards=64),
    "teams-30": lambda: teams_field(30),
}
SHEETS = {"results": ["results"], "travellers": ["travellers"], "blank": ["travellers", "--blank"],
          "pickup": ["pickup"]}


@dataclass
class Drawn:
    """What the layout put on each page: (flowable, its data rows or -1) in order."""

    pages: dict[int, list[tuple[Flowable, int]]] = field(default_factory=dict)

    def add(self, page: int, flowable: Flowable) -> None:
        if isinstance(flowable, ActionFlowable):  # the layout's own page actions
            return
        rows = flowable.rows() if isinstance(flowable, Titled) else (
            len(getattr(flowable, "_cellvalues", [])) if isinstance(flowable, Table) else -1)
        self.pages.setdefault(page, []).append((flowable, rows))


@pytest.fixture(scope="module")
def events(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("events")
    out = dict(FILES)
    for name, make in GENERATED.items():
        path = folder / f"{name}.pbn"
        path.write_text(make(), encoding="utf-8")
        out[name] = path
    return out


def print_sheet(monkeypatch, event: Path, kind: str, out: Path, lang: str = "both") -> Drawn:
    """Print one sheet through the command line, recording what each page holds."""
    drawn = Drawn()

    class Recording(BaseDocTemplate):
        def afterFlowable(self, flowable: Flowable) -> None:
            drawn.add(self.page, flowable)

    monkeypatch.setattr(layout, "BaseDocTemplate", Recording)
    args = [*SHEETS[kind], str(event), "-o", str(out), "--lang", lang]
    code = main(args)
    if code != 0 and kind == "pickup":
        # a file that does not say at which table each result was played (USEBIO, Magic Contest
        # pairs): slips from the movement's size, as the error message says
        code = main([*args, "--tables", "4", "--rounds", "3", "--boards-per-round", "3"])
    assert code == 0, f"{event.name} {kind}: exit {code}"
    return drawn


def check_pages(name: str, kind: str, drawn: Drawn, out: Path) -> None:
    bodies = body_of_pages(out)
    assert len(bodies) == len(drawn.pages), f"{name} {kind}: a page with nothing laid out on it"
    for number, body in enumerate(bodies, start=1):
        chars = len("".join(body.split()))
        assert chars >= MIN_CHARS, f"{name} {kind}: page {number} has {chars} characters: {body[:120]!r}"
        items = drawn.pages[number]
        assert any(rows > 0 for _, rows in items), \
            f"{name} {kind}: page {number} holds only a title, notes or a header row"
    blocks = [(page, i, f) for page, items in sorted(drawn.pages.items())
              for i, (f, _) in enumerate(items) if isinstance(f, Titled)]
    for (page, index, block), following in zip(blocks, [*blocks[1:], None], strict=True):
        if not block.keep:
            continue
        if not block.first:  # a continuation: at the top of a page, after the part that filled the last
            assert index == 0, f"{name} {kind}: a continuation in the middle of page {page}"
        elif following is not None and not following[2].first and following[2].keep:
            assert index == 0, f"{name} {kind}: a block longer than a page starts low on page {page}"
            assert following[0] == page + 1


def sheet_cases() -> list:
    """Every sheet kind on every generated event (long enough to break across pages) and each file in
    turn under one kind; the rest of the cross, the files' other kinds, under make test-full."""
    kinds = list(SHEETS)
    cases = [pytest.param(name, kind) for name in GENERATED for kind in kinds]
    for i, name in enumerate(FILES):
        cases += [pytest.param(name, kind, marks=() if j == i % len(kinds) else pytest.mark.full)
                  for j, kind in enumerate(kinds)]
    return cases


@pytest.mark.parametrize(("name", "kind"), sheet_cases())
def test_every_sheet_kind_on_every_kind_of_event(monkeypatch, tmp_path, events, name, kind):
    out = tmp_path / f"{name}-{kind}.pdf"
    drawn = print_sheet(monkeypatch, events[name], kind, out)
    check_pages(name, kind, drawn, out)


@pytest.mark.parametrize("name", ["pairs-40-tables", "cross-imps-64-boards", "individual-16", "teams-30"])
def test_results_in_chinese_never_open_with_a_title_only_page(monkeypatch, tmp_path, events, name):
    """The Chinese title and scoring basis go with the ranking (a Magic Contest file of 44 pairs
    printed the title alone on page 1)."""
    out = tmp_path / "r.pdf"
    drawn = print_sheet(monkeypatch, events[name], "results", out, "zh")
    check_pages(name, "results zh", drawn, out)
    assert any(isinstance(f, Titled) and rows > 0 for f, rows in drawn.pages[1])


def test_a_40_table_blank_traveller_is_one_page(monkeypatch, tmp_path, events):
    out = tmp_path / "b.pdf"
    drawn = print_sheet(monkeypatch, events["pairs-40-tables"], "blank", out)
    assert len(drawn.pages) == 3  # three boards
    for items in drawn.pages.values():
        (block, rows), = [(f, r) for f, r in items if isinstance(f, Titled)]
        assert block.first and rows == 40


def test_a_long_pickup_slip_starts_on_a_fresh_page_and_continues(monkeypatch, tmp_path, events):
    """A file without rounds: each table's slip lists all 64 boards, longer than a page."""
    out = tmp_path / "p.pdf"
    drawn = print_sheet(monkeypatch, events["teams-8-64-boards"], "pickup", out, "en")
    check_pages("teams-8-64-boards", "pickup", drawn, out)
    bodies = body_of_pages(out)
    # each room's slip of the match at table 1 (RealBridge style: no Room tag, the rooms told apart
    # by who sits North-South) continues under its own title
    for room in ("Open", "Closed"):
        assert any(f"Table 1 {room} (cont.)" in body for body in bodies), room
    for items in drawn.pages.values():  # a slip, or its continuation, from the top of each page
        assert isinstance(items[0][0], Titled)


def test_individual_score_cards_name_partner_and_opponents(monkeypatch, tmp_path, events):
    out = tmp_path / "r.pdf"
    print_sheet(monkeypatch, events["individual-16"], "results", out, "en")
    text = " ".join(body_of_pages(out))
    assert "Partner" in text and "Opponents" in text
    assert "11 Ida Roth" in text  # a partner by number and name
