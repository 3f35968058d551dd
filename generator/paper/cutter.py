"""Sheet geometry for home cutting machines (layouts/cutters/*.yaml): where a machine's
registration marks go, and where pieces of one size sit between them.

Coordinates here are mm from the paper's top-left corner, y downwards: as a cutter's software
measures its marks ("10 mm from the left and the top") and as the SVG cut file is drawn. The PDF
drawing turns them over (y up) in one place, exporters/cutter.py.

Unlike the normal card sheets (sheets.py), there are no crop marks and no shared cut lines:
every piece keeps its own bleed all round, since the machine cuts each outline on its own.
"""
from __future__ import annotations

from dataclasses import dataclass

from datafile.errors import BuildError

from ..model.cutters import Cutter, Marks, MarkShape
from ..model.model import Size


@dataclass(frozen=True)
class Rect:
    """mm, y downwards."""
    x0: float
    y0: float
    x1: float
    y1: float

    def grown(self, d: float) -> "Rect":
        return Rect(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def overlaps(self, other: "Rect") -> bool:
        return self.x0 < other.x1 - 1e-9 and other.x0 < self.x1 - 1e-9 and \
            self.y0 < other.y1 - 1e-9 and other.y0 < self.y1 - 1e-9


@dataclass(frozen=True)
class Stroke:
    """One part of a mark: a filled rectangle (mm, y downwards)."""
    rect: Rect


@dataclass(frozen=True)
class CutLayout:
    page: tuple[float, float]      # mm
    size: Size
    bleed: float
    slots: tuple[Rect, ...]        # trims, in the order pieces fill them
    marks: tuple[Stroke, ...]
    landscape: bool

    @property
    def per_sheet(self) -> int:
        return len(self.slots)


def frame(marks: Marks, page: tuple[float, float]) -> Rect:
    """The rectangle through the marks' outer corners."""
    return Rect(marks.inset, marks.inset, page[0] - marks.inset, page[1] - marks.inset)


def mark_strokes(marks: Marks, page: tuple[float, float]) -> list[tuple[MarkShape, list[Stroke]]]:
    """Each mark as filled rectangles: a square inside its frame corner, or an L whose arm
    centre lines meet at the frame corner and run `size` mm along the frame's sides."""
    f, half = frame(marks, page), marks.line_width / 2
    found = []
    for shape in marks.shapes:
        right, bottom = shape.at.endswith("right"), shape.at.startswith("bottom")
        x, y = (f.x1 if right else f.x0), (f.y1 if bottom else f.y0)
        dx, dy = (-1 if right else 1), (-1 if bottom else 1)     # into the frame
        s = shape.size
        if shape.kind == "square":
            strokes = [Stroke(_box(x, y, x + dx * s, y + dy * s))]
        else:
            strokes = [Stroke(_box(x - dx * half, y - half * dy, x + dx * s, y + half * dy)),   # along x
                       Stroke(_box(x - half * dx, y - dy * half, x + half * dx, y + dy * s))]   # along y
        found.append((shape, strokes))
    return found


def _box(ax: float, ay: float, bx: float, by: float) -> Rect:
    return Rect(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


def keep_out(marks: Marks, page: tuple[float, float]) -> list[Rect]:
    """Where no art may go: every stroke of every mark and its clearance (the inside of an L
    stays free for pieces)."""
    return [s.rect.grown(marks.clearance) for _, strokes in mark_strokes(marks, page) for s in strokes]


ALIGN = ("centre", "top-left", "top-right", "bottom-left", "bottom-right")


def layout(cutter: Cutter, size: Size, paper: tuple[float, float] | None) -> CutLayout:
    """The most pieces of `size` a sheet holds for this machine: portrait or landscape, the grid
    centred or pushed into a corner (away from a square mark that reaches further in); ties go
    to portrait, then to the centred grid."""
    best = None
    pages = [tuple(cutter.image)] if cutter.image else [paper]
    for page in pages:
        for landscape in (False, True):
            w, h = (max(page), min(page)) if landscape else (min(page), max(page))
            for align in ALIGN:
                found = _place(cutter, size, (w, h), align, landscape)
                if best is None or found.per_sheet > best.per_sheet:
                    best = found
    if best is None or best.per_sheet == 0:
        where = "the print area" if cutter.image else "the sheet, inside its registration marks"
        raise BuildError(f"a {size.width:g}x{size.height:g} mm piece does not fit {where} of {cutter.name}")
    return best


def _place(cutter: Cutter, size: Size, page: tuple[float, float], align: str, landscape: bool) -> CutLayout:
    b = cutter.bleed
    if cutter.marks:
        m = cutter.marks
        area = frame(m, page).grown(-(m.line_width / 2 + m.clearance))
        blocked = keep_out(m, page)
        strokes = tuple(s for _, group in mark_strokes(m, page) for s in group)
    else:
        area, blocked, strokes = Rect(0, 0, page[0], page[1]), [], ()
    pw, ph = size.width + 2 * b, size.height + 2 * b           # each piece with its own bleed
    cols = int((area.x1 - area.x0 + 1e-9) // pw)
    rows = int((area.y1 - area.y0 + 1e-9) // ph)
    spare_x, spare_y = area.x1 - area.x0 - cols * pw, area.y1 - area.y0 - rows * ph
    fx = {"centre": 0.5}.get(align, 1.0 if align.endswith("right") else 0.0)
    fy = {"centre": 0.5}.get(align, 1.0 if align.startswith("bottom") else 0.0)
    x0, y0 = area.x0 + spare_x * fx + b, area.y0 + spare_y * fy + b
    slots = []
    for r in range(rows):
        for c in range(cols):
            trim = Rect(x0 + c * pw, y0 + r * ph, x0 + c * pw + size.width, y0 + r * ph + size.height)
            if not any(trim.grown(b).overlaps(k) for k in blocked):
                slots.append(trim)
    return CutLayout(page, size, b, tuple(slots), strokes, landscape)
