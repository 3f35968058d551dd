"""The shapes a layout region draws beyond rect, circle and line: a hexagon and a star inscribed in
the box, and a polygon through the corners the layout gives; and the box a turned region covers.

Corners are computed in the box's own frame (origin at its top-left corner, y downwards, as a
layout gives them) and drawn as one closed PDF path, so fill and stroke behave as for a rect.
"""
from __future__ import annotations

import math

from reportlab.lib.units import mm

CONTENT = ("text", "icon", "image")   # what a quarter turn lays out in the box, width and height exchanged
DEFAULT_STAR_POINTS = 5
DEFAULT_STAR_INNER = 0.5


def corners(kind: str, w: float, h: float, points=None, inner: float | None = None) -> list[tuple[float, float]]:
    """The corners of a `kind` shape in a w × h box (top-left origin, y down, the box's units).
    A polygon's `points` are in mm, like the box in the layout."""
    if kind == "hexagon":   # flat top; regular when w = h × 2/√3 (turn it 90° for a pointy top)
        return [(0, h / 2), (w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h), (w / 4, h)]
    if kind == "star":      # the first point straight up
        count = points if isinstance(points, int) else DEFAULT_STAR_POINTS
        ratio = inner or DEFAULT_STAR_INNER
        found = []
        for i in range(2 * count):
            angle = -math.pi / 2 + i * math.pi / count
            scale = 1 if i % 2 == 0 else ratio
            found.append((w / 2 + scale * w / 2 * math.cos(angle), h / 2 + scale * h / 2 * math.sin(angle)))
        return found
    if kind == "polygon":
        return [(px * mm, py * mm) for px, py in points]
    raise ValueError(kind)


def draw_shape(canvas, kind: str, x: float, y: float, w: float, h: float, points, inner,
               fill: bool, stroke: bool) -> None:
    """A hexagon, star or polygon in the box whose bottom-left corner is (x, y), in points."""
    path = canvas.beginPath()
    for i, (cx, cy) in enumerate(corners(kind, w, h, points, inner)):
        (path.lineTo if i else path.moveTo)(x + cx, y + h - cy)
    path.close()
    canvas.drawPath(path, stroke=int(stroke), fill=int(fill))


def footprint(x0: float, y0: float, x1: float, y1: float, angle: float) -> tuple[float, float, float, float]:
    """The box (x0, y0)–(x1, y1) turned by `angle` degrees about its centre: the box it covers."""
    if not angle % 180:
        return x0, y0, x1, y1
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    c, s = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
    half_w = ((x1 - x0) * c + (y1 - y0) * s) / 2
    half_h = ((x1 - x0) * s + (y1 - y0) * c) / 2
    return cx - half_w, cy - half_h, cx + half_w, cy + half_h


def turn(canvas, r, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """Turn the canvas by `rotate` degrees (counter-clockwise) about the box's centre; the box in
    the turned frame. At 90° and 270° a text, icon or image fills the box it was given, laid out
    with width and height exchanged (text running up or down the box); at other angles, and for
    shapes, the box itself turns."""
    canvas.translate(x + w / 2, y + h / 2)
    canvas.rotate(r.rotate)
    return turned(r, w, h)


def turned(r, w: float, h: float) -> tuple[float, float, float, float]:
    """The box of a turned region in the turned frame (turn)."""
    if r.kind in CONTENT and r.rotate % 180 == 90:
        w, h = h, w
    return -w / 2, -h / 2, w, h
