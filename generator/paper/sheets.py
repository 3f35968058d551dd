"""Sheet geometry: how pieces of one size sit on a paper (a Frame: columns and rows, and the
gap between neighbours on each axis), and the crop marks and cut guides of a page.

Where the paper has room, neighbours are `gutter` mm apart (at least `min_gutter`) and each keeps
half the gap as its own bleed: a cut or a duplex shift of up to that much never shows another
piece's colour. Where it has not (three rows of poker cards on Letter), pieces touch along that
axis, and the packer lets only pieces with the same edge colours touch (packing.py).

Every mark stays `margin` mm inside the paper (office printers cannot print at the edge). Where
the paper leaves no room outside the bleed, a mark lies over the outer bleed, which is cut away,
drawn on a white halo so that it shows on any colour.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from datafile.errors import BuildError

from ..model.model import Size

from ..model.sheets_file import Marks, Paper, SheetsFile

MIN_TRIM_GAP = 0.5    # mm: a mark never comes closer than this to the trim it points at
MIN_MARK = 3.0        # mm: the shortest crop mark a ruler finds
# mm: the shortest they may be at the edges touching rows (or columns) fill (Squib's nine 63.5 x
# 88.9 mm cards on Letter): a deck's own grid says so in one warning, the paper's own grid quietly
SHORT_MARK = 1.5
LABEL_BAND = 3.2      # mm a sheet's label takes (labels.py, 7.5 pt and its descenders)
LABEL_CLEAR = 3.0     # mm between a label and the nearest trim: as far as a cut may stray (the frame)


@dataclass(frozen=True)
class Axis:
    count: int
    gutter: float           # mm between neighbours; 0: they touch

    @property
    def tight(self) -> bool:
        return self.count > 1 and self.gutter == 0

    def span(self, item: float, n: int | None = None) -> float:
        n = self.count if n is None else n
        return n * item + max(n - 1, 0) * self.gutter


@dataclass(frozen=True)
class Box:
    """A rectangle in mm, y upwards (PDF page coordinates)."""
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


@dataclass(frozen=True)
class Frame:
    """Pieces of one size on one paper: where their trims may lie (`area`) and how many fit."""
    paper: Paper
    area: Box
    size: Size
    cols: Axis
    rows: Axis
    bleed: float        # mm
    sheets: SheetsFile
    paper_name: str
    grid: tuple | None = None    # a deck's own grid (columns, rows, gap): its pieces share no sheet with others
    white: float = 0.0           # mm of white frame inside a rectangle's cut (sheets.yaml's, or its deck's)
    shortest: float = MIN_MARK   # mm: its crop marks' least length (shorter where its grid fills the paper)

    @property
    def framed(self) -> bool:
        """Rectangles with a white frame: they touch, share their cuts and need no bleed."""
        return framed(self.white, self.size)

    @property
    def per_page(self) -> int:
        return self.cols.count * self.rows.count

    def rows_in(self, height: float) -> int:
        """Rows of this size that fit in `height` mm."""
        g, slack = self.rows.gutter, 2 * (MIN_MARK - self.shortest)    # shorter marks leave more room
        return min(self.rows.count, int((height + slack + g + 1e-9) // (self.size.height + g)))


def content(paper: Paper) -> Box:
    """The part of the paper printed on: all of it, or the centred content width/height."""
    w = min(paper.width, paper.content_width or paper.width)
    h = min(paper.height, paper.content_height or paper.height)
    x, y = (paper.width - w) / 2, (paper.height - h) / 2
    return Box(x, y, x + w, y + h)


def framed(white: float, size: Size) -> bool:
    return white > 0 and size.shape == "rect"


def reserve(sheets: SheetsFile) -> float:
    """mm from the printed content's edge to the nearest trim: the blank margin and the shortest
    crop mark."""
    return sheets.margin + sheets.marks.offset + MIN_MARK


def trim_area(sheets: SheetsFile, paper: Paper) -> Box:
    """Where trims may lie: inside the margin and the shortest crop marks (three poker rows on
    Letter fill what is left exactly; their labels then go to the side margins, labels.py)."""
    c, r = content(paper), reserve(sheets)
    return Box(c.x0 + r, c.y0 + r, c.x1 - r, c.y1 - r)


def label_room(sheets: SheetsFile) -> float:
    """mm from the top edge a sheet keeps above its pieces when the paper has room: the label."""
    return max(reserve(sheets), sheets.margin + LABEL_BAND + LABEL_CLEAR)


GAPPED_SHARE = 0.8    # keep gutters while they cost at most this share of the pieces per row/column


def axis(space: float, item: float, least: float, most: float) -> Axis:
    """As many items as fit in `space`: `least` to `most` mm apart unless that loses more than a
    fifth of them (three poker rows on Letter become two), else touching. A sheets.yaml whose
    `gutter` is below `min_gutter` asks for touching pieces everywhere."""
    touching = int((space + 1e-9) // item)
    if touching <= 1:
        return Axis(max(touching, 0), 0.0)
    apart = int((space + least + 1e-9) // (item + least)) if 0 < least <= most else 0
    if apart >= 2 and apart >= GAPPED_SHARE * touching:
        return Axis(apart, min(most, (space - apart * item) / (apart - 1)))
    return Axis(touching, 0.0)


def make_frame(sheets: SheetsFile, paper_name: str, size: Size, bleed: float, area: Box | None = None,
               what: str = "card", grid: tuple | None = None, white: float | None = None,
               fuller: bool = False) -> Frame:
    """Pieces of `size` on the paper: as many as fit, or a deck's `grid` (columns, rows, gap;
    None in it: as many as fit, the paper's gap); `white` mm of frame (None: sheets.yaml's);
    `fuller`: without a grid, a touching row (column) more at shorter marks where one fits (_fuller)."""
    paper = sheets.papers[paper_name]
    area = area or trim_area(sheets, paper)
    white = sheets.frame if white is None else white
    # framed pieces touch; round and hexagonal ones, cut one by one, keep `gutter` (3 mm of bleed
    # each and 1 mm of paper between, imposition.SCISSORS)
    least = 0.0 if framed(white, size) else sheets.gutter if size.shape != "rect" else sheets.min_gutter
    shortest = MIN_MARK
    if grid is not None:
        cols, rows, shortest = _grid_axes(sheets, paper_name, size, area, grid, what, white)
    else:
        cols = axis(area.width, size.width, least, sheets.gutter)
        rows = axis(area.height, size.height, least, sheets.gutter)
        if fuller and size.shape == "rect":
            cols, rows, shortest = _fuller(area, size, cols, rows)
    if framed(white, size):
        bleed = 0.0
    if cols.count < 1 or rows.count < 1:
        raise BuildError(_no_room(sheets, paper_name, size, what))
    return Frame(paper, area, size, cols, rows, bleed, sheets, paper_name, grid, white, shortest)


def _fuller(area: Box, size: Size, cols: Axis, rows: Axis) -> tuple[Axis, Axis, float]:
    """The rule of a deck's grid (_grid_axes), unasked: one more column (row) of touching
    rectangles where they fill the paper but for the marks' length, the marks at those edges as
    short as SHORT_MARK (Squib's nine 63.5 x 88.9 mm cards on Letter, not six). No warning: a
    designer who asked for nothing has nothing to undo (`sheet: {rows: 2}` keeps the marks whole)."""
    axes, over = [cols, rows], 0.0
    for i, (space, item) in enumerate(((area.width, size.width), (area.height, size.height))):
        more = int((space + 1e-9) // item) + 1
        if more > max(axes[i].count, 1) and 0 < more * item - space <= 2 * (MIN_MARK - SHORT_MARK) + 1e-9:
            axes[i], over = Axis(more, 0.0), max(over, more * item - space)
    return axes[0], axes[1], round(MIN_MARK - over / 2, 3) if over else MIN_MARK


def _no_room(sheets: SheetsFile, paper_name: str, size: Size, what: str) -> str:
    return (f"a {size.width:g}x{size.height:g} mm {what} does not fit on {paper_name} paper "
            f"inside its {sheets.margin:g} mm margin and crop marks")


class GridError(BuildError):
    """A deck's sheet grid the paper does not hold; `field` is the grid's field at fault."""

    def __init__(self, message: str, field: str, fix: str = "a grid the paper holds"):
        super().__init__(message)
        self.field, self.fix = field, fix


def _grid_axes(sheets: SheetsFile, paper_name: str, size: Size, area: Box, grid: tuple, what: str, white: float,
               elsewhere: bool = True):
    """A deck's own grid: its columns and rows `gap` mm apart, or a GridError saying what fits.
    Unframed pieces keep half the gap as their own bleed: unframed rectangles touch (0, sharing
    their cuts as they do without a grid) or keep `min_gutter` at least, never a sliver between;
    round and hexagonal pieces, cut one by one, keep `gutter` (their slanted and curved sides
    keep less of a bleed than their box). A gap left out is as the paper fits it: unframed
    rectangles keep `gutter` where the asked columns (rows) have room for it, else touch, as
    without a grid (Squib's nine full-bleed cards on Letter). `elsewhere`: its fix weighs the
    other paper (_grid_fix)."""
    columns, rows, gap = grid
    unframed = not framed(white, size)
    if gap is None and unframed and size.shape == "rect":
        gaps = (_room_gap(sheets, area.width, size.width, columns), _room_gap(sheets, area.height, size.height, rows))
    else:
        gap = (sheets.gutter if unframed else 0.0) if gap is None else gap
        gaps = (gap, gap)
    if size.shape != "rect" and gap < sheets.gutter - 1e-9:
        shape = "round" if size.shape == "round" else "hexagonal"
        raise GridError(f"a gap of {gap:g} mm between {shape} pieces leaves each too little of its own "
                        f"bleed; at least {sheets.gutter:g} mm", "gap")
    if unframed and size.shape == "rect" and 0 < gaps[0] < sheets.min_gutter - 1e-9:
        raise GridError(f"a gap of {gap:g} mm leaves each {what} {gap / 2:g} mm of its own bleed; "
                        f"0 (they touch, sharing their cuts) or at least {sheets.min_gutter:g} mm", "gap")
    gx, gy = gaps

    def fit(space: float, item: float, g: float) -> int:
        return int((space + g + 1e-9) // (item + g))
    fit_cols, fit_rows = fit(area.width, size.width, gx), fit(area.height, size.height, gy)
    if fit_cols < 1 or fit_rows < 1:
        raise BuildError(_no_room(sheets, paper_name, size, what))
    want_cols, want_rows = columns or fit_cols, rows or fit_rows
    # touching rows (or columns) the designer asked for that fill the paper but for the marks'
    # length: taken, with marks at those edges as short as SHORT_MARK (a warning says so)
    over = max(want_cols * size.width - area.width if want_cols > fit_cols and gx == 0 else 0.0,
               want_rows * size.height - area.height if want_rows > fit_rows and gy == 0 else 0.0)
    short = (want_cols <= fit_cols or gx == 0) and (want_rows <= fit_rows or gy == 0)
    if short and size.shape == "rect" and 0 < over <= 2 * (MIN_MARK - SHORT_MARK) + 1e-9:
        return Axis(want_cols, gx), Axis(want_rows, gy), round(MIN_MARK - over / 2, 3)
    if want_cols > fit_cols or want_rows > fit_rows:
        raise GridError(_too_many(sheets, paper_name, size, what, (fit_cols, fit_rows), (want_cols, want_rows),
                                  (gx, gy), area, unframed and gap is None),
                        "columns" if want_cols > fit_cols else "rows",
                        _grid_fix(sheets, paper_name, size, grid, what, white, (fit_cols, fit_rows), gx or gy)
                        if elsewhere else "")
    return Axis(want_cols, gx), Axis(want_rows, gy), MIN_MARK


def _grid_fix(sheets: SheetsFile, paper_name: str, size: Size, grid: tuple, what: str, white: float,
              fits: tuple, gapped: bool) -> str:
    """The fixes of a grid too large that work: the other paper only when it holds the grid (a
    suggestion that fails there too sends the designer back and forth), else the largest grid
    each paper holds."""
    smaller = ", a smaller gap" if gapped else ""
    here = f"at most {min(fits[0], grid[0] or fits[0])} x {min(fits[1], grid[1] or fits[1])} on {paper_name} paper"
    other = next((name for name in ("a4", "letter") if name != paper_name and name in sheets.papers), None)
    if other is None:
        return f"fewer columns or rows ({here}){smaller}"
    area = trim_area(sheets, sheets.papers[other])
    try:
        _grid_axes(sheets, other, size, area, grid, what, white, elsewhere=False)
        return f"fewer columns or rows ({here}){smaller}, or {other} paper (--paper {other}), which holds them"
    except BuildError:
        pass
    try:
        cols, rows, _short = _grid_axes(sheets, other, size, area, (None, None, grid[2]), what, white, elsewhere=False)
        there = f", {cols.count} x {rows.count} on {other} paper"
    except BuildError:
        there = f", none on {other} paper"
    return f"fewer columns or rows ({here}{there}){smaller}"


def _room_gap(sheets: SheetsFile, space: float, item: float, count: int | None) -> float:
    """An unframed rectangle's gap left out, on one axis: `gutter` where `count` have room for it
    (or as many as fit), else the widest from `min_gutter` that holds them, else 0 (they touch)."""
    if not count or count * item + (count - 1) * sheets.gutter <= space + 1e-9:
        return sheets.gutter
    spare = (space - count * item) / (count - 1)
    return math.floor(spare * 10) / 10 if spare >= sheets.min_gutter else 0.0


def _too_many(sheets: SheetsFile, paper_name: str, size: Size, what: str, fits: tuple, wants: tuple,
              gaps: tuple, area: Box, defaulted: bool) -> str:
    """The one line of a grid the paper does not hold: what it holds, then across and down apart."""
    gx, gy = gaps
    ways = [f"{g:g} mm apart {way}" if g else f"touching {way}" for g, way in ((gx, "across"), (gy, "down"))]
    apart = f"{gx:g} mm apart" if gx == gy else " and ".join(ways)
    if defaulted and (gx or gy):
        apart += " (the gap each one's bleed needs without a white frame; gap: 0 lets them touch)"
    apart = "" if not (gx or gy) else f" {apart}" if gx == gy else f", {apart}"
    needs = []
    for axis_name, want, fit, item, g, space, way in (
            ("columns", wants[0], fits[0], size.width, gx, area.width, "across"),
            ("rows", wants[1], fits[1], size.height, gy, area.height, "down")):
        if want > fit:
            needs.append(f"{want} {axis_name} need {round(want * item + (want - 1) * g, 1):g} mm {way}, "
                         f"it has {round(space, 1):g} mm")
    return (f"{paper_name} paper holds {min(fits[0], wants[0])} x {min(fits[1], wants[1])} {what}s of "
            f"{size.width:g} x {size.height:g} mm{apart}, not {wants[0]} x {wants[1]}: {'; '.join(needs)}, "
            f"inside its {sheets.margin:g} mm margin and crop marks")


def make_grid(sheets: SheetsFile, paper_name: str, size: Size, bleed: float) -> Frame:
    """The frame of one piece size on a whole page (for products imposing a single size)."""
    return make_frame(sheets, paper_name, size, bleed)


# ---------------------------------------------------------------- marks


@dataclass(frozen=True)
class Mark:
    x0: float
    y0: float
    x1: float
    y1: float
    halo: bool           # lies over a bleed: drawn on a white line so it shows on any colour


def _mark_span(room: float, bleed: float, marks: Marks, shortest: float = MIN_MARK) -> tuple[float, float, bool] | None:
    """(near, far, over the bleed) distances from the trim for a mark with `room` mm before the
    paper margin or the middle of a lane; None when there is no room at all."""
    near, far = bleed + marks.offset, bleed + marks.offset + marks.length
    if far <= room + 1e-9:
        return near, far, False
    if room - near >= shortest - 1e-9:        # shorter, still on white paper
        return near, room, False
    far = room
    near = max(MIN_TRIM_GAP, far - marks.length)
    if far - near < shortest - 1e-9:
        return None
    return near, far, near < bleed + marks.offset - 1e-9


def crop_marks(pieces: list[Box], room: Box, bleed: float, marks: Marks, shortest: float = MIN_MARK) -> list[Mark]:
    """Marks on every cut line of a block of pieces: each piece edge extended beyond the block.
    `room` is how far marks may reach on each side (the paper margin or the middle of a lane)."""
    if not pieces:
        return []
    xs = {v for p in pieces for v in (p.x0, p.x1)}
    ys = {v for p in pieces for v in (p.y0, p.y1)}
    outline = Box(min(p.x0 for p in pieces), min(p.y0 for p in pieces), max(p.x1 for p in pieces),
                  max(p.y1 for p in pieces))
    return line_marks(xs, ys, outline, room, bleed, marks, shortest)


def line_marks(xs, ys, outline: Box, room: Box, bleed: float, marks: Marks, shortest: float = MIN_MARK) -> list[Mark]:
    """Marks for the vertical cut lines `xs` above and below `outline`, and for the horizontal
    ones `ys` left and right of it."""
    x0, y0, x1, y1 = outline.x0, outline.y0, outline.x1, outline.y1
    out: list[Mark] = []
    top, bottom = _mark_span(room.y1 - y1, bleed, marks, shortest), _mark_span(y0 - room.y0, bleed, marks, shortest)
    left, right = _mark_span(x0 - room.x0, bleed, marks, shortest), _mark_span(room.x1 - x1, bleed, marks, shortest)
    for x in sorted({round(v, 4) for v in xs}):
        if top:
            out.append(Mark(x, y1 + top[0], x, y1 + top[1], top[2]))
        if bottom:
            out.append(Mark(x, y0 - bottom[1], x, y0 - bottom[0], bottom[2]))
    for y in sorted({round(v, 4) for v in ys}):
        if left:
            out.append(Mark(x0 - left[1], y, x0 - left[0], y, left[2]))
        if right:
            out.append(Mark(x1 + right[0], y, x1 + right[1], y, right[2]))
    return out


def draw_marks(canvas: Canvas, marks: list[Mark], line_width: float) -> None:
    canvas.saveState()
    canvas.setLineCap(0)
    haloed = [m for m in marks if m.halo]
    if haloed:
        canvas.setStrokeColorRGB(1, 1, 1)
        canvas.setLineWidth(line_width + 1.2)
        for m in haloed:
            canvas.line(m.x0 * mm, m.y0 * mm, m.x1 * mm, m.y1 * mm)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(line_width)
    for m in marks:
        canvas.line(m.x0 * mm, m.y0 * mm, m.x1 * mm, m.y1 * mm)
    canvas.restoreState()
