"""Imposition: where cards go on a sheet, fronts and their duplex backs, crop marks and page boxes.

Cards of a sheet are placed in a centred grid; the grid's outline is the page's TrimBox and
that outline grown by the bleed is its BleedBox. Crop marks sit outside the BleedBox, on
every cut line. Backs are mirrored so they land behind their fronts when printed duplex.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from datafile.errors import BuildError

from ..data.model import Paper, SheetsFile, Size

Duplex = Literal["long", "short", "none"]


@dataclass(frozen=True)
class Grid:
    paper: Paper
    size: Size
    cols: int
    rows: int
    bleed: float     # mm
    gutter: float    # mm
    marks_length: float
    marks_offset: float
    marks_width: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def trim_width(self) -> float:
        return self.cols * self.size.width + (self.cols - 1) * self.gutter

    @property
    def trim_height(self) -> float:
        return self.rows * self.size.height + (self.rows - 1) * self.gutter

    @property
    def left(self) -> float:
        return (self.paper.width - self.trim_width) / 2

    @property
    def bottom(self) -> float:
        return (self.paper.height - self.trim_height) / 2

    def trim_box(self, dx: float = 0, dy: float = 0) -> tuple[float, float, float, float]:
        return ((self.left + dx) * mm, (self.bottom + dy) * mm,
                (self.left + self.trim_width + dx) * mm, (self.bottom + self.trim_height + dy) * mm)

    def bleed_box(self, dx: float = 0, dy: float = 0) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.trim_box(dx, dy)
        b = self.bleed * mm
        return x0 - b, y0 - b, x1 + b, y1 + b

    def slot(self, index: int, back: bool = False, duplex: Duplex = "long") -> tuple[int, int]:
        """(column, row-from-top) of the index-th card; backs mirror for the flip edge."""
        col, row = index % self.cols, index // self.cols
        if back and duplex == "long":
            col = self.cols - 1 - col
        elif back and duplex == "short":
            row = self.rows - 1 - row
        return col, row

    def origin(self, col: int, row: int, dx: float = 0, dy: float = 0) -> tuple[float, float]:
        """Bottom-left corner of a slot's trim box, in points."""
        x = self.left + col * (self.size.width + self.gutter) + dx
        top = self.bottom + self.trim_height + dy
        y = top - (row + 1) * self.size.height - row * self.gutter
        return x * mm, y * mm

    def clip(self, col: int, row: int) -> tuple[float, float, float, float]:
        """How far (mm) a slot's art may reach past each trim edge: left, bottom, right, top.

        Outer edges get the full bleed; between cards, half the gutter at most, so a card's
        bleed never covers its neighbour.
        """
        inner = min(self.bleed, self.gutter / 2)
        return (self.bleed if col == 0 else inner, self.bleed if row == self.rows - 1 else inner,
                self.bleed if col == self.cols - 1 else inner, self.bleed if row == 0 else inner)


def make_grid(sheets: SheetsFile, paper_name: str, size: Size, bleed: float) -> Grid:
    paper = sheets.papers[paper_name]
    reserve = bleed + sheets.marks.offset + sheets.marks.length + sheets.margin

    def fits(space: float, item: float) -> int:
        return int((space - 2 * reserve + sheets.gutter + 1e-9) // (item + sheets.gutter))

    cols, rows = fits(paper.width, size.width), fits(paper.height, size.height)
    if cols < 1 or rows < 1:
        raise BuildError(f"a {size.width}x{size.height} mm card with {bleed} mm bleed does not fit on "
                         f"{paper_name} paper with crop marks")
    return Grid(paper, size, cols, rows, bleed, sheets.gutter, sheets.marks.length, sheets.marks.offset,
                sheets.marks.line_width)


def place(canvas: Canvas, grid: Grid, form: str, col: int, row: int, dx: float = 0, dy: float = 0) -> None:
    """Draw a rendered face (a form XObject) in a slot, clipped to its trim plus allowed bleed."""
    x, y = grid.origin(col, row, dx, dy)
    left, bottom, right, top = (v * mm for v in grid.clip(col, row))
    w, h = grid.size.width * mm, grid.size.height * mm
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(x - left, y - bottom, w + left + right, h + bottom + top)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(x, y)
    canvas.doForm(form)
    canvas.restoreState()


def draw_cut_guides(canvas: Canvas, grid: Grid, used: int, dx: float = 0, dy: float = 0,
                    circles: bool = True) -> None:
    """Crop marks outside the bleed on every cut line; cut circles on round pieces."""
    canvas.saveState()
    canvas.setLineWidth(grid.marks_width)
    canvas.setStrokeColorRGB(0, 0, 0)
    x0, y0, x1, y1 = grid.bleed_box(dx, dy)
    start, length = grid.marks_offset * mm, grid.marks_length * mm
    xs, ys = set(), set()
    for col in range(grid.cols):
        left = (grid.left + dx + col * (grid.size.width + grid.gutter)) * mm
        xs.update({round(left, 3), round(left + grid.size.width * mm, 3)})
    for row in range(grid.rows):
        x, y = grid.origin(0, row, dx, dy)
        ys.update({round(y, 3), round(y + grid.size.height * mm, 3)})
    for x in sorted(xs):
        canvas.line(x, y1 + start, x, y1 + start + length)
        canvas.line(x, y0 - start, x, y0 - start - length)
    for y in sorted(ys):
        canvas.line(x0 - start, y, x0 - start - length, y)
        canvas.line(x1 + start, y, x1 + start + length, y)
    if circles and grid.size.shape == "round":
        canvas.setStrokeColorRGB(0.35, 0.35, 0.35)
        for index in range(used):
            col, row = index % grid.cols, index // grid.cols
            x, y = grid.origin(col, row, dx, dy)
            canvas.ellipse(x, y, x + grid.size.width * mm, y + grid.size.height * mm, stroke=1, fill=0)
    canvas.restoreState()
