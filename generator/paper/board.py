"""Boards: a piece larger than the paper (a `component: board` deck), printed in parts across
sheets, one part per page. Neighbouring parts overlap by `board_overlap` mm; the seam runs down
the middle of the overlap. A part is cut on its outer board edges and on its left and top
seams, then laid over the parts to its left and above, whose overlap it covers: the
alignment crosses printed on every seam (on both parts) then lie on each other.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .labels import draw_labels
from .packing import Piece
from .sheets import Box, Mark, content, draw_marks, line_marks

CROSS = 3.0        # mm: half the arm of an alignment cross
CROSSES = 3        # crosses along each seam


@dataclass
class Tile:
    """One part of a board: column `col`, row `row` (from the top) of cols x rows."""
    piece: Piece
    col: int
    row: int
    cols: int
    rows: int
    kind: str = "board"

    @property
    def pieces(self) -> list[Piece]:
        return [self.piece]

    @property
    def number(self) -> int:
        return self.row * self.cols + self.col + 1


def tiles(piece: Piece, window: Box, overlap: float) -> list[Tile]:
    """The parts of a board for a printable window, in reading order."""
    size = piece.size

    def count(board: float, span: float) -> int:
        return 1 if board <= span else math.ceil((board - overlap) / (span - overlap))
    cols, rows = count(size.width, window.width), count(size.height, window.height)
    return [Tile(piece, c, r, cols, rows) for r in range(rows) for c in range(cols)]


def seams(span: float, overlap: float, parts: int) -> list[float]:
    """Board coordinates (mm, from the left or top) of the seams between parts."""
    return [i * (span - overlap) + overlap / 2 for i in range(1, parts)]


def draw_tile(canvas: Canvas, tile: Tile, window: Box, overlap: float, bleed: float, sheets, paper,
              labels: tuple[str, str] | None, font: str | None) -> None:
    size = tile.piece.size
    step_x, step_y = window.width - overlap, window.height - overlap
    # the board's part shown: board coordinates from its top-left corner
    bx0, by0 = tile.col * step_x, tile.row * step_y
    bx1, by1 = min(size.width, bx0 + window.width), min(size.height, by0 + window.height)
    # board (0, 0) = top-left corner; page y grows upwards
    origin_x, origin_top = window.x0 - bx0, window.y1 + by0

    def page(x: float, y: float) -> tuple[float, float]:
        return origin_x + x, origin_top - y
    first_col, last_col = tile.col == 0, tile.col == tile.cols - 1
    first_row, last_row = tile.row == 0, tile.row == tile.rows - 1
    # what is printed: the part, with the bleed past the board's own edges
    px0, py1 = page(bx0 - (bleed if first_col else 0), by0 - (bleed if first_row else 0))
    px1, py0 = page(bx1 + (bleed if last_col else 0), by1 + (bleed if last_row else 0))
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(px0 * mm, py0 * mm, (px1 - px0) * mm, (py1 - py0) * mm)
    canvas.clipPath(path, stroke=0, fill=0)
    left, top = page(0, 0)
    canvas.translate(left * mm, (top - size.height) * mm)
    canvas.doForm(tile.piece.front)
    canvas.restoreState()
    # cut lines: the board's own edges, and this part's left and top seams
    seam_x = seams(window.width, overlap, tile.cols)
    seam_y = seams(window.height, overlap, tile.rows)
    left_cut = 0 if first_col else seam_x[tile.col - 1]
    top_cut = 0 if first_row else seam_y[tile.row - 1]
    cx0, cy1 = page(left_cut, top_cut)
    cx1, cy0 = page(bx1, by1)
    xs = [cx0] + ([cx1] if last_col else [])
    ys = [cy1] + ([cy0] if last_row else [])
    printed = content(paper)
    room = Box(printed.x0 + sheets.margin, printed.y0 + sheets.margin, printed.x1 - sheets.margin,
               printed.y1 - sheets.margin)
    marks = line_marks(xs, ys, Box(px0 + (bleed if first_col else 0), py0 + (bleed if last_row else 0),
                                   px1 - (bleed if last_col else 0), py1 - (bleed if first_row else 0)),
                       room, bleed, sheets.marks)
    draw_marks(canvas, marks, sheets.marks.line_width)
    _crosses(canvas, [page(x, y) for x in seam_x for y in _along(by0, by1, size.height) if bx0 <= x <= bx1]
             + [page(x, y) for y in seam_y for x in _along(bx0, bx1, size.width) if by0 <= y <= by1])
    if labels and font:
        shown = Box(cx0, cy0, cx1, cy1)
        draw_labels(canvas, labels, paper, sheets.margin, marks, [_Shown(shown)], bleed, font)
    canvas.setTrimBox((cx0 * mm, cy0 * mm, cx1 * mm, cy1 * mm))
    canvas.setBleedBox((px0 * mm, py0 * mm, px1 * mm, py1 * mm))
    canvas.showPage()


@dataclass(frozen=True)
class _Shown:
    box: Box


def _along(start: float, end: float, length: float) -> list[float]:
    """Where the crosses go along a seam within [start, end] of the board (the same board
    positions on both parts, so they meet)."""
    return [p for p in (length * (i + 1) / (CROSSES + 1) for i in range(CROSSES)) if start + CROSS <= p <= end - CROSS]


def _crosses(canvas: Canvas, points: list[tuple[float, float]]) -> None:
    marks = [m for x, y in points
             for m in (Mark(x - CROSS, y, x + CROSS, y, True), Mark(x, y - CROSS, x, y + CROSS, True))]
    draw_marks(canvas, marks, 0.4)
    canvas.saveState()
    canvas.setLineWidth(0.4)
    for x, y in points:
        canvas.circle(x * mm, y * mm, CROSS * 0.55 * mm, stroke=1, fill=0)
    canvas.restoreState()
