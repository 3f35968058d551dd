"""The fold-over sheets' page: the paper turned a quarter when that holds more pieces per sheet
(poker cards: 2 x 2 fronts beside 2 x 2 backs on a landscape sheet, not 3 beside 3 upright), and
the dashed fold line across the middle of the page, told apart from the solid crop marks."""
from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..model.sheets_file import Paper, SheetsFile
from .sheets import Mark, content

# the same fold (--fold names it by the paper's edges) on the turned page: the other axis of the page
ACROSS = {"long": "short", "short": "long", "none": "none"}
CLEAR = 1.0     # mm between the fold line and the crop marks of its lane: the dashed line stands alone


def turned(sheets: SheetsFile, name: str) -> tuple[SheetsFile, str]:
    """`sheets` with paper `name` also turned a quarter, and the turned paper's name. Its
    printed part turns with it: a Letter file kept inside A4's 210 mm across keeps inside it
    down, so it still prints at 100 % on A4."""
    paper = sheets.papers[name]
    turned_name = f"{name} landscape"
    turned_paper = Paper(width=paper.height, height=paper.width, content_width=paper.content_height,
                         content_height=paper.content_width)
    papers = type(sheets.papers)({**dict(sheets.papers), turned_name: turned_paper})
    return sheets.model_copy(update={"papers": papers}), turned_name


def fold_mark(paper: Paper, fold: str) -> Mark:
    """The fold line as a mark, for the labels to keep clear of."""
    printed = content(paper)
    if fold == "long":
        return Mark(paper.width / 2, printed.y0, paper.width / 2, printed.y1, False)
    return Mark(printed.x0, paper.height / 2, printed.x1, paper.height / 2, False)


def draw_fold_line(canvas: Canvas, paper: Paper, margin: float, fold: str) -> None:
    """A dashed grey fold line across the printed part of the page, in the lane between the halves
    (crop marks are solid black)."""
    printed = content(paper)
    canvas.saveState()
    canvas.setStrokeColorRGB(0.25, 0.25, 0.25)
    canvas.setLineWidth(0.6)
    canvas.setDash(3, 2)
    if fold == "long":
        x = paper.width / 2 * mm
        canvas.line(x, (printed.y0 + margin) * mm, x, (printed.y1 - margin) * mm)
    else:
        y = paper.height / 2 * mm
        canvas.line((printed.x0 + margin) * mm, y, (printed.x1 - margin) * mm, y)
    canvas.restoreState()
