"""What every PDF shares: print options, bilingual labels, styles, suit colours and the page template.

A document is built by :func:`build_document`: a ``BaseDocTemplate`` with one frame and an ``onPage``
callback that draws the header (event on the left, date on the right) and the footer (the document's
title and ``page x / y``). The total page count is a PDF form XObject that the canvas defines when it
is saved, so the document is laid out once. reportlab's invariant mode is passed to the document (not
set globally), so the same input gives the same bytes; the file is written through
:func:`rules_ext.fileio.atomic_output`, so a failure never leaves a half-written PDF.
"""
from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Protocol, TypeAlias, TypeVar

from reportlab.lib import colors
from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph

from rules_ext.core import Contract, Seat, Strain, Vulnerability
from rules_ext.errors import RulesError
from rules_ext.events.words import LABELS as SHARED_LABELS
from rules_ext.events.words import Lang, say, seat_mark
from rules_ext.fileio import atomic_output
from rules_ext.pdf.fonts import register_fonts

T = TypeVar("T")

#: what a table cell holds: plain text or a flowable (a paragraph, a diagram, a nested table)
Cell: TypeAlias = str | Flowable
#: a TableStyle command: its name, the first and last cell, then its values
StyleCommand: TypeAlias = tuple[str | float | tuple[int, int] | Color, ...]


class Progress(Protocol):
    """Wraps an iteration to show its progress (a tqdm bar, or ``iter`` for none)."""

    def __call__(self, items: Iterable[T], /) -> Iterable[T]: ...


class Paper(enum.Enum):
    """Paper size (portrait, in points)."""

    A4 = A4
    LETTER = LETTER

    @classmethod
    def parse(cls, text: str | Paper) -> Paper:
        if isinstance(text, Paper):
            return text
        try:
            return cls[str(text).strip().upper()]
        except KeyError as exc:
            raise RulesError(f"unknown paper size {text!r}: expected a4 or letter") from exc


@dataclass(frozen=True, slots=True)
class PrintOptions:
    """Paper and label language of one document."""

    paper: Paper = Paper.A4
    lang: Lang = Lang.BOTH

    def __post_init__(self) -> None:
        object.__setattr__(self, "paper", Paper.parse(self.paper))
        object.__setattr__(self, "lang", Lang.parse(self.lang))

    @classmethod
    def of(cls, paper: str | Paper = Paper.A4, lang: str | Lang = Lang.BOTH) -> PrintOptions:
        return cls(Paper.parse(paper), Lang.parse(lang))

    def label(self, key: str) -> str:
        """The label ``key`` in this document's language(s): ``牌号 Board``, ``牌号`` or ``Board``."""
        try:
            zh, en = LABELS[key]
        except KeyError as exc:
            raise KeyError(f"no label {key!r}") from exc
        return say(zh, en, self.lang)

    def labelled(self, key: str, value: object) -> str:
        """``value`` under the label ``key``, with the colon of the label's last language:
        ``最优定约：4♠ 北`` in Chinese alone, ``Par: 4♠ N`` and ``最优定约 Par: 4♠ N`` otherwise."""
        return f"{self.label(key)}{'：' if self.lang is Lang.ZH else ': '}{value}"

    def seat(self, seat: Seat) -> str:
        """A seat's name: ``北 North``, ``北`` or ``North``."""
        return self.label(seat.name)

    def seat_mark(self, seat: Seat) -> str:
        """A seat in a grid or on a compass: ``北`` in Chinese, else ``N``."""
        return seat_mark(seat, self.lang)

    def vulnerability(self, vulnerability: Vulnerability) -> str:
        """``双方无局 None``, ``南北有局 N-S`` ..."""
        return self.label(f"vul.{vulnerability.name}")


#: every printed label, as (Chinese, English): the shared ones (rules_ext.events.words) and the sheets' own
LABELS: dict[str, tuple[str, str]] = {
    **SHARED_LABELS,
    "hcp": ("大牌点", "HCP"),
    "dd": ("双明手赢墩", "Double-dummy tricks"),
    "par": ("最优定约", "Par"),
    "commentary": ("评述", "Commentary"),
    "hand_records": ("牌例记录", "Hand records"),
    "travellers": ("计分单", "Travellers"),
    "traveller": ("计分单", "Traveller"),
    "lead": ("首攻", "Lead"),
    "score": ("得分", "Score"),
    "ns_score": ("南北得分", "NS score"),
    "imp_home": ("主队国际分", "IMPs home"),
    "results": ("成绩", "Results"),
    "total": ("总分", "Total"),
    "max": ("满分", "Top"),
    "match": ("场次", "Match"),
    "bp_table": ("比分对照表", "Board-points cross-table"),
    "imp_total": ("国际分合计", "IMPs total"),
    "score_card": ("个人计分卡", "Personal score card"),
    "opponents": ("对手", "Opponents"),
    "partner": ("同伴", "Partner"),
    "page": ("页", "Page"),
    "session": ("节次", "Session"),
    "date": ("日期", "Date"),
    "table": ("桌号", "Table"),
    "section_table": ("分区-桌号", "Section-Table"),
    "director": ("裁判长", "Director"),
    "players": ("牌手", "Players"),
    "auction": ("叫牌过程", "Auction"),
    "play": ("打牌", "Play"),
    "facts": ("事实", "Facts"),
    "laws": ("适用条款", "Laws applied"),
    "ruling": ("裁决", "Ruling"),
    "pending": ("待定的判断", "Judgements not yet decided"),
    "pending_how": ("判定时间：＿＿＿＿　　裁判长签名：＿＿＿＿＿＿", "decided at ____, director's signature ______"),
    "choices": ("各方的选择", "Choices made by the sides"),
    "choice_how": ("所选：＿＿＿＿　　选择人签名：＿＿＿＿＿＿", "chosen ____, signed by the player ______"),
    "ruling_form": ("裁判裁决记录", "Director's ruling form"),
    "adjustment": ("调整分", "Score adjustment"),
    "weight": ("权重", "Weight"),
    "dd_tricks": ("双明手墩数", "DD tricks"),
    "weighted": ("加权得分", "Weighted score"),
    "weighted_how": ("每个结果分别计比赛分（或IMP）后按权重相加，不平均分数",
                     "score each result in matchpoints (or IMPs), then weight them; do not average the points"),
    "appeal": ("申诉", "Appeal"),
    "appellant": ("申诉方", "Appellant"),
    "reasons": ("申诉理由", "Reasons"),
    "committee": ("委员会", "Committee"),
    "decision": ("委员会裁决", "Committee decision"),
    "deposit": ("保证金", "Deposit"),
    "deposit_returned": ("退还", "Returned"),
    "deposit_kept": ("没收", "Forfeited"),
    "signature": ("签名", "Signature"),
    "called_by": ("召请方", "Called by"),
    "time": ("时间", "Time"),
    "edition": ("版本", "Edition"),
    "blank_hint": ("（填写）", "(fill in)"),
    "nobody": ("无", "none"),
    "adjusted_may": ("可以判给调整分", "an adjusted score may be awarded"),
    "adjusted_must": ("应判给调整分", "an adjusted score must be awarded"),
    "artificial_fill": ("人为调整分 南北 ____% / 东西 ____%", "artificial: NS ____% / EW ____%"),
    # results sheets and travellers (printa)
    "sit_out": ("轮空", "Sit-out"),
    "phantom": ("虚拟对", "Phantom"),
    "not_played": ("未打", "not played"),
    "one_room": ("只有一室的记录：计入原文件的国际分", "one room only: the file's own IMPs counted"),
    "one_room_uncounted": ("只有一室的记录：不计分", "one room only: not counted"),
    "open_room": ("开室（主队坐南北）", "Open room (home team NS)"),
    "closed_room": ("闭室（客队坐南北）", "Closed room (visitors NS)"),
    "vp_table": ("胜利分对照表", "VP cross-table"),
    "match_travellers": ("队式赛计分单", "Match travellers"),
    "imps_won": ("国际分", "IMPs won"),
    "versus": ("对", "v"),
    "side": ("方向", "Side"),
    "number": ("编号", "No."),
    "opponent_no": ("对手", "Opp."),
    "vp_rounds": ("逐轮胜利分", "VPs round by round"),
    # hand records, the ruling form and pickup slips
    "makeable": ("可成定约", "Makeable"),
    "at_the_tables": ("各桌结果", "At the tables"),
    "table_result": ("桌上结果", "Result at the table"),
    "statements": ("牌手陈述", "Players' statements"),
    "consulted": ("咨询", "Consulted"),
    "polled": ("调查", "Polled"),
    "ruling_time": ("裁决时间", "Time of ruling"),
    "appeal_deadline": ("申诉期限", "Appeal deadline"),
    "chair": ("主席", "Chair"),
    "chair_signature": ("主席签名", "Chair's signature"),
    "director_signature": ("裁判长签名", "Director's signature"),
    "pickup_slips": ("桌面记分条", "Pickup slip"),
    "signature_ns": ("南北签名", "NS signature"),
    "signature_ew": ("东西签名", "EW signature"),
    # the papers of a movement: guide cards, score cards, curtain cards, board labels
    "guide_cards": ("桌卡", "Table guide cards"),
    "guide_card": ("桌卡", "Guide card"),
    "score_cards": ("计分卡", "Score cards"),
    "curtain_cards": ("牌套卡", "Curtain cards"),
    "board_labels": ("牌套标签", "Board labels"),
    "movement": ("移动方式", "Movement"),
    "next_ns": ("南北下轮去", "NS go to"),
    "next_ew": ("东西下轮去", "EW go to"),
    "boards_to": ("牌传到", "Boards go to"),
    "stay": ("不动", "stay"),
    "relay": ("休息台", "relay"),
    "director_table": ("裁判台", "director"),
    "end": ("结束", "end"),
    "sits_out": ("轮空", "sits out"),
    "direction": ("方向", "Direction"),
    "result_plus": ("得分+", "Score +"),
    "result_minus": ("得分−", "Score −"),
    "switched": ("方向互换", "arrow switch"),
    "hand_of": ("牌", "Hand"),
    "boards_set": ("牌组", "Boards"),
    "pairs_count": ("对数", "Pairs"),
    "tables_count": ("桌数", "Tables"),
    "rounds_count": ("轮数", "Rounds"),
    "per_round": ("每轮副数", "Boards a round"),
    "balance": ("均衡度", "Balance"),
}

#: printed colour of the red suits: dark enough to stay readable in black and white
RED_HEX = "#c0001a"
RED = colors.HexColor(RED_HEX)
GRID = colors.HexColor("#606060")
SHADE = colors.HexColor("#e8e8e8")



def is_red(strain: Strain) -> bool:
    """Hearts and diamonds are printed in red."""
    return strain in (Strain.H, Strain.D)


def suit_markup(strain: Strain) -> str:
    """Paragraph markup of one strain symbol, red for hearts and diamonds."""
    if is_red(strain):
        return f'<font color="{RED_HEX}">{strain.symbol}</font>'
    return strain.symbol


def contract_markup(contract: Contract) -> str:
    """Paragraph markup of a contract, the suit symbol in colour: ``4HX`` -> ``4<red>♥</red>X``."""
    if contract.strain is None:
        return escape(str(contract))
    return f"{contract.level}{suit_markup(contract.strain)}{contract.doubling.suffix}"


def card_markup(card: str) -> str:
    """Paragraph markup of a card as a record writes it, suit then rank (``HA``, ``ST``):
    ``♥A``, ``♠10``; text that does not start with a suit letter as given."""
    text = card.strip()
    if len(text) >= 2 and text[0].upper() in "SHDC":
        return f"{suit_markup(Strain.parse(text[0]))}{escape(text[1:].upper().replace('T', '10'))}"
    return escape(text)


class Styles:
    """Paragraph styles of one document, all in the embedded font."""

    def __init__(self, base_size: float = 9.5) -> None:
        font = register_fonts()
        self.font = font
        self.body = ParagraphStyle("body", fontName=font, fontSize=base_size, leading=base_size * 1.3)
        self.small = ParagraphStyle("small", parent=self.body, fontSize=base_size - 1.5,
                                    leading=(base_size - 1.5) * 1.25)
        self.cell = ParagraphStyle("cell", parent=self.body, fontSize=base_size - 0.5,
                                   leading=(base_size - 0.5) * 1.2)
        self.cell_center = ParagraphStyle("cell_center", parent=self.cell, alignment=TA_CENTER)
        self.title = ParagraphStyle("title", parent=self.body, fontSize=base_size + 6,
                                    leading=(base_size + 6) * 1.25, spaceAfter=4)
        self.heading = ParagraphStyle("heading", parent=self.body, fontSize=base_size + 2.5,
                                      leading=(base_size + 2.5) * 1.25, spaceBefore=6, spaceAfter=3)
        self.quote = ParagraphStyle("quote", parent=self.body, fontSize=base_size - 0.5,
                                    leading=(base_size - 0.5) * 1.35, leftIndent=10,
                                    textColor=colors.HexColor("#202020"))

    def para(self, markup: str, style: str = "body") -> Paragraph:
        return Paragraph(markup, getattr(self, style))

    def text(self, text: str, style: str = "body") -> Paragraph:
        """A paragraph of plain text (escaped; line breaks kept)."""
        return Paragraph(escape(text).replace("\n", "<br/>"), getattr(self, style))


@dataclass(frozen=True, slots=True)
class PageHeader:
    """What the header and footer of every page show."""

    title: str  # document kind, e.g. '牌例记录 Hand records'
    event: str = ""
    date: str = ""


MARGIN = 14 * mm
_HEADER_GAP = 9 * mm
_TOTAL_FORM = "rules_ext_page_total"


class _CountingCanvas(Canvas):
    """A canvas that defines the 'total pages' form, used by every footer, when it is saved: the
    number as ``total_format`` words it, drawn from the form's origin (or ending there when
    ``total_right``)."""

    total_format = "{}"
    total_right = False

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.pages_shown = 0

    def showPage(self) -> None:
        self.pages_shown += 1
        super().showPage()

    def save(self) -> None:
        text = self.total_format.format(self.pages_shown)
        if self.total_right:  # the form's box (its clip) extends to the left of its origin
            self.beginForm(_TOTAL_FORM, lowerx=-200, lowery=-10, upperx=0, uppery=20)
        else:
            self.beginForm(_TOTAL_FORM)
        self.setFont(register_fonts(), 8)
        (self.drawRightString if self.total_right else self.drawString)(0, 0, text)
        self.endForm()
        super().save()


_HEADER_SIZE = 8.5
_HEADER_MIN = 6.5


_BREAKABLE = re.compile(r"\s+|[\u2e80-\u9fff\uff00-\uffef]|[^\s\u2e80-\u9fff\uff00-\uffef]+")


def header_lines(text: str, room: float, font: str) -> tuple[float, list[str]]:
    """The running header's event name set to fit ``room`` points: smaller (down to 6.5 pt), then on
    two lines broken between words (or between Chinese characters); what a third line would hold is
    cut and marked with an ellipsis. Never wider than ``room``."""
    size = _HEADER_SIZE
    while size > _HEADER_MIN and stringWidth(text, font, size) > room:
        size -= 0.5
    if stringWidth(text, font, size) <= room:
        return size, [text] if text else []
    lines = [""]
    for token in _BREAKABLE.findall(text):
        if stringWidth(lines[-1] + token, font, size) <= room or not lines[-1].strip():
            lines[-1] += token
        elif token.strip():
            lines.append(token)
    lines = [line.strip() for line in lines]
    if len(lines) > 2 or stringWidth(lines[-1], font, size) > room:
        second = " ".join(lines[1:])
        while second and stringWidth(second + "…", font, size) > room:
            second = second[:-1]
        lines = [lines[0], second.rstrip() + "…"]
    return size, lines


def _draw_page(header: PageHeader, options: PrintOptions) -> Callable[[Canvas, BaseDocTemplate], None]:
    font = register_fonts()
    page_label = options.label("page")

    def on_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = doc.pagesize
        canvas.saveState()
        top = height - MARGIN + 2 * mm
        canvas.setFont(font, _HEADER_SIZE)
        canvas.drawRightString(width - MARGIN, top, header.date)
        room = width - 2 * MARGIN - canvas.stringWidth(header.date, font, _HEADER_SIZE) - 4 * mm
        size, lines = header_lines(header.event, room, font)
        canvas.setFont(font, size)
        for i, line in enumerate(lines):
            canvas.drawString(MARGIN, top + (len(lines) - 1 - i) * size * 1.15, line)
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, top - 2 * mm, width - MARGIN, top - 2 * mm)
        bottom = MARGIN - 6 * mm
        canvas.line(MARGIN, bottom + 4 * mm, width - MARGIN, bottom + 4 * mm)
        canvas.setFont(font, 8)
        canvas.drawString(MARGIN, bottom, header.title)
        text = f"{page_label} {canvas.getPageNumber()} / "
        x = width - MARGIN - canvas.stringWidth(text + "000", font, 8)
        canvas.drawString(x, bottom, text)
        canvas.translate(x + canvas.stringWidth(text, font, 8), bottom)
        canvas.doForm(_TOTAL_FORM)
        canvas.restoreState()

    return on_page


def frame_size(options: PrintOptions) -> tuple[float, float]:
    """Width and height available to the flowables of a page."""
    width, height = options.paper.value
    return width - 2 * MARGIN, height - 2 * MARGIN - _HEADER_GAP


def build_document(path: str | Path, story: Sequence[Flowable], header: PageHeader,
                   options: PrintOptions, *, author: str = "rules_ext") -> int:
    """Lay out ``story`` and write the PDF to ``path`` atomically; return the number of pages."""
    register_fonts()
    width, height = options.paper.value
    with atomic_output(path) as tmp:
        doc = BaseDocTemplate(
            str(tmp), pagesize=(width, height), leftMargin=MARGIN, rightMargin=MARGIN,
            topMargin=MARGIN + _HEADER_GAP / 2, bottomMargin=MARGIN + _HEADER_GAP / 2,
            title=" · ".join(x for x in (header.title, header.event) if x), author=author,
            creator="rules_ext (reportlab)", invariant=1, initialFontName=register_fonts(),
        )
        frame_w, frame_h = frame_size(options)
        frame = Frame(MARGIN, MARGIN + _HEADER_GAP / 2, frame_w, frame_h, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame],
                                           onPage=_draw_page(header, options))])
        doc.build(list(story), canvasmaker=_CountingCanvas)
        pages = doc.page
    return pages
