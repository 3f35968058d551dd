"""The cut paths of round and hexagonal pieces, cut one by one (rectangles follow their crop
marks, sheets.py): their outlines on a sheet, and whether a point keeps clear of one."""
from __future__ import annotations

import math

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..model.model import Size

from .sheets import Box


def hexagon(box: Box) -> list[tuple[float, float]]:
    """The corners (mm) of the flat-topped hexagon filling `box`."""
    q = box.width / 4
    cy = (box.y0 + box.y1) / 2
    return [(box.x0, cy), (box.x0 + q, box.y1), (box.x1 - q, box.y1), (box.x1, cy),
            (box.x1 - q, box.y0), (box.x0 + q, box.y0)]


def outline(path, size: Size, x: float, y: float) -> None:
    """Add a piece's own outline (points, from its trim's bottom-left corner) to a path."""
    w, h = size.width * mm, size.height * mm
    if size.shape == "round":
        path.ellipse(x, y, w, h)
    elif size.shape == "hex":
        corners = hexagon(Box(x / mm, y / mm, x / mm + size.width, y / mm + size.height))
        path.moveTo(corners[0][0] * mm, corners[0][1] * mm)
        for cx, cy in corners[1:]:
            path.lineTo(cx * mm, cy * mm)
        path.close()
    else:
        path.rect(x, y, w, h)


CUT_LINE = 0.6     # pt: the black cut line of a shaped piece
CUT_HALO = 1.6     # pt: the white line under it, so it shows (21:1) on any colour


def draw_cut_paths(canvas: Canvas, pieces: list[tuple[Box, Size]]) -> None:
    """A black cut line on a white halo around round and hexagonal pieces (rectangles follow
    their crop marks)."""
    shaped = [(box, size) for box, size in pieces if size.shape in ("round", "hex")]
    if not shaped:
        return
    canvas.saveState()
    for colour, width in (((1, 1, 1), CUT_HALO), ((0, 0, 0), CUT_LINE)):
        canvas.setStrokeColorRGB(*colour)
        canvas.setLineWidth(width)
        for box, size in shaped:
            path = canvas.beginPath()
            outline(path, size, box.x0 * mm, box.y0 * mm)
            canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def inside_shape(size: Size, x: float, y: float, inset: float) -> bool:
    """Is the point (mm from the piece's top-left) at least `inset` mm inside its outline?"""
    if size.shape == "round":
        r = min(size.width, size.height) / 2 - inset
        return math.hypot(x - size.width / 2, y - size.height / 2) <= r + 1e-6
    if size.shape == "hex":
        if not (inset - 1e-6 <= y <= size.height - inset + 1e-6):
            return False
        # distance to the slanted sides: they run from the mid-height corners to the quarter points
        cx, cy, half = size.width / 2, size.height / 2, size.width / 2
        dx, dy = abs(x - cx), abs(y - cy)
        # the slanted side: points where dx = half - (dy / cy) * (half / 2); normal at 30 degrees
        distance = (half - dx - dy * (half / 2) / cy) * math.cos(math.radians(30))
        return distance >= inset - 1e-6
    return inset - 1e-6 <= x <= size.width - inset + 1e-6 and inset - 1e-6 <= y <= size.height - inset + 1e-6
