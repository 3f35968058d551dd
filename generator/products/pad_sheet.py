"""Where score pads go on a page: the grid that holds the most legible pads (the same in every
language's paper), and the dashed cut lines between them."""
from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm

from ..card_layout.project import Project

MARGIN = 10 * mm
GUTTER = 10 * mm          # between pads: the cut line runs in its middle
# (landscape, columns, rows) of pads on a sheet, the most pads first
ARRANGEMENTS = ((False, 2, 2), (True, 3, 1), (True, 2, 1), (False, 1, 2), (False, 1, 1))


def arrange(pad, page: tuple[float, float], shared: tuple[float, float] | None = None
            ) -> tuple[tuple[float, float], int, int]:
    """The page size and grid that hold the most legible pads (MIN_ROW, MIN_CELL, labels ≥ 7.5 pt),
    tried on `shared` (the space every language's paper has) so the grid is the same in all."""
    short, long = sorted(page)
    s_short, s_long = sorted(shared or page)
    for landscape, cols, rows in ARRANGEMENTS:
        width, height = (s_long, s_short) if landscape else (s_short, s_long)
        w = (width - 2 * MARGIN - (cols - 1) * GUTTER) / cols
        h = (height - MARGIN - pad.bottom() - (rows - 1) * GUTTER) / rows
        if pad.fits(w, h):
            return ((long, short) if landscape else (short, long)), cols, rows
    return (short, long), 1, 1


def shared_space(project: Project, page: tuple[float, float]) -> tuple[float, float] | None:
    """When `page` is one of the languages' papers (A4, Letter), the space they all have; else
    None (a paper asked for by name gets its own grid)."""
    papers = [project.sheets.papers[n] for n in
              {project.sheets.default_paper, *project.sheets.paper_by_language.values()}]
    sizes = [sorted((p.width * mm, p.height * mm)) for p in papers]
    short, long = sorted(page)
    if not any(abs(short - a) < 1 and abs(long - b) < 1 for a, b in sizes):
        return None
    return min(s[0] for s in sizes), min(s[1] for s in sizes)


def cut_lines(canvas, size, cols: int, rows: int, h: float) -> None:
    """Dashed lines in the middle of the gutters between pads (`h` high, from the top margin)."""
    canvas.saveState()
    canvas.setStrokeColor(colors.HexColor("#888888"))
    canvas.setLineWidth(0.4)
    canvas.setDash(3, 3)
    width, height = size
    for c in range(1, cols):
        x = MARGIN + c * (width - 2 * MARGIN + GUTTER) / cols - GUTTER / 2
        canvas.line(x, 4 * mm, x, height - 4 * mm)
    for r in range(1, rows):
        y = height - MARGIN - r * (h + GUTTER) + GUTTER / 2
        canvas.line(4 * mm, y, width - 4 * mm, y)
    canvas.restoreState()
