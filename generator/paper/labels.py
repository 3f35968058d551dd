"""The small label in a sheet's margin (what it is, which sheet, which side; and on the other
edge the decks it holds): set in the widest stretch of the top and bottom margins that no crop
mark crosses, just inside the blank margin, shrunk or shortened to fit. Where the paper leaves
no room outside the bleed, the label sits on a white band over the bleed, which is cut away."""
from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..data.model import Paper
from .sheets import LABEL_BAND as BAND
from .sheets import LABEL_CLEAR as CLEAR
from .sheets import Box, Mark, content

SIZES = (6.0, 5.5, 5.0, 4.5)     # pt, largest first
MARK_CLEAR = 1.0                 # mm kept free on either side of a crop mark


def _stretches(lo: float, hi: float, blocked: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out, start = [], lo
    for a, b in sorted(blocked):
        if a > start:
            out.append((start, min(a, hi)))
        start = max(start, b)
    if start < hi:
        out.append((start, hi))
    return [(a, b) for a, b in out if b > a]


def _fit(text: str, font: str, width: float) -> tuple[str, float]:
    for size in SIZES:
        if stringWidth(text, font, size) <= width:
            return text, size
    size = SIZES[-1]
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return (text.rstrip(" ,·") + "…") if text else "", size


def draw_labels(canvas: Canvas, lines: tuple[str, str], paper: Paper, margin: float, marks: list[Mark],
                placed, bleed: float, font: str) -> None:
    printed = content(paper)
    bands = [(printed.y1 - margin - BAND, printed.y1 - margin), (printed.y0 + margin, printed.y0 + margin + BAND)]
    usable = [all(p.box.y1 + CLEAR <= y0 or p.box.y0 - CLEAR >= y1 for p in placed) for y0, y1 in bands]
    if not all(usable):      # one band has no room: both lines go in the other
        lines = (" · ".join(t for t in lines if t), "") if usable[0] else ("", " · ".join(t for t in lines if t))
    for text, (y0, y1), ok in zip(lines, bands, usable):
        if not text or not ok:
            continue
        blocked = [(min(m.x0, m.x1) - MARK_CLEAR, max(m.x0, m.x1) + MARK_CLEAR) for m in marks
                   if min(m.y0, m.y1) <= y1 and max(m.y0, m.y1) >= y0]
        stretches = _stretches(printed.x0 + margin, printed.x1 - margin, blocked)
        if not stretches:
            continue
        middle = (printed.x0 + printed.x1) / 2
        a, b = max(stretches, key=lambda s: (round(s[1] - s[0], 1), -abs((s[0] + s[1]) / 2 - middle)))
        shown, size = _fit(text, font, (b - a) * mm)
        if not shown:
            continue
        width = stringWidth(shown, font, size) / mm
        x = (a + b) / 2 - width / 2
        over_bleed = any(p.box.x0 - bleed < x + width and p.box.x1 + bleed > x and
                         p.box.y0 - bleed < y1 and p.box.y1 + bleed > y0 for p in placed)
        canvas.saveState()
        if over_bleed:
            canvas.setFillColorRGB(1, 1, 1)
            canvas.rect((x - 0.5) * mm, y0 * mm, (width + 1) * mm, (y1 - y0) * mm, stroke=0, fill=1)
        canvas.setFillColorRGB(0.25, 0.25, 0.25)
        canvas.setFont(font, size)
        canvas.drawString(x * mm, (y0 + 0.6) * mm, shown)     # room for descenders below
        canvas.restoreState()


def label_box(paper: Paper, margin: float, top: bool) -> Box:
    """Where a sheet's label may lie (for tests)."""
    printed = content(paper)
    if top:
        return Box(printed.x0 + margin, printed.y1 - margin - BAND, printed.x1 - margin, printed.y1 - margin)
    return Box(printed.x0 + margin, printed.y0 + margin, printed.x1 - margin, printed.y0 + margin + BAND)
