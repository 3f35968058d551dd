"""A box filled with a linear gradient (`gradient: {colors: [...], angle: 270}` on a rect, circle
or shape): ReportLab's shading, clipped to the box's outline. The colours run along `angle`
(degrees counter-clockwise from left-to-right, as `rotate` turns; 270 top to bottom), spread
evenly, the first and last reaching the box's far corners."""
from __future__ import annotations

import math

from reportlab.lib.units import mm

from .shapes import corners

GRADIENT_KINDS = ("rect", "circle", "hexagon", "star", "polygon")


def _outline(canvas, r, x: float, y: float, w: float, h: float):
    path = canvas.beginPath()
    if r.kind == "rect":
        (path.roundRect(x, y, w, h, r.radius * mm) if r.radius else path.rect(x, y, w, h))
    elif r.kind == "circle":
        path.ellipse(x, y, w, h)
    else:
        for i, (cx, cy) in enumerate(corners(r.kind, w, h, r.points, r.inner)):
            (path.lineTo if i else path.moveTo)(x + cx, y + h - cy)
        path.close()
    return path


def shade(canvas, r, colours: list, x: float, y: float, w: float, h: float) -> None:
    """Fill the box whose bottom-left corner is (x, y), in points, with the gradient."""
    angle = math.radians(r.gradient.get("angle", 270))
    dx, dy = math.cos(angle), math.sin(angle)
    reach = (w * abs(dx) + h * abs(dy)) / 2   # the box's corners project onto the ends of the line
    cx, cy = x + w / 2, y + h / 2
    canvas.saveState()
    canvas.clipPath(_outline(canvas, r, x, y, w, h), stroke=0, fill=0)
    canvas.linearGradient(cx - reach * dx, cy - reach * dy, cx + reach * dx, cy + reach * dy, colours, extend=True)
    canvas.restoreState()
