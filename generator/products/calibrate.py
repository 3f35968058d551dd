"""`pnp calibrate`: a two-page duplex test. The front carries two scales through the page
centre; the back carries a cross at the same place. Printed duplex and held to the light,
the number under the back cross is the --back-offset to pass (the labels already include
the mirroring of the chosen flip edge)."""
from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..data.model import Paper

SPAN = 10  # mm either side of the centre


def write_calibration(path: Path, paper: Paper, paper_name: str, duplex: str,
                      offset: tuple[float, float], font: str, bold: str) -> None:
    """`font`/`bold`: registered (embedded) font names; the reader's fonts are never used."""
    W, H = paper.width * mm, paper.height * mm
    canvas = Canvas(str(path), pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=font)
    canvas.setTitle(f"Duplex calibration ({paper_name}, {duplex}-edge)")
    canvas.setCreator("pnp-studio")
    # value to pass for a cross seen t mm right of / above the centre on the front
    sign_x, sign_y = (1, -1) if duplex == "long" else (-1, 1)
    points = [(W / 2, H / 2), (W * 0.2, H * 0.2), (W * 0.8, H * 0.8)]
    canvas.setFont(bold, 12)
    canvas.drawCentredString(W / 2, H - 20 * mm, f"FRONT — duplex calibration ({paper_name}, {duplex}-edge flip)")
    canvas.setFont(font, 9)
    canvas.drawCentredString(W / 2, H - 27 * mm, "Hold to the light: the number under the back's cross is the "
                                                 "--back-offset X,Y to use.")
    for cx, cy in points:
        _scales(canvas, cx, cy, sign_x, sign_y, font)
    canvas.showPage()
    dx, dy = offset[0] * mm, offset[1] * mm
    canvas.setFont(bold, 12)
    canvas.drawCentredString(W / 2, 20 * mm, "BACK")
    for cx, cy in points:
        bx = W - cx if duplex == "long" else cx
        by = cy if duplex == "long" else H - cy
        canvas.setLineWidth(0.6)
        canvas.setStrokeColorRGB(0.8, 0, 0)
        canvas.line(bx + dx - 15 * mm, by + dy, bx + dx + 15 * mm, by + dy)
        canvas.line(bx + dx, by + dy - 15 * mm, bx + dx, by + dy + 15 * mm)
    canvas.showPage()
    canvas.save()


def _scales(canvas: Canvas, cx: float, cy: float, sign_x: int, sign_y: int, font: str) -> None:
    canvas.setLineWidth(0.3)
    for tenth in range(-SPAN * 2, SPAN * 2 + 1):
        t = tenth / 2
        major = tenth % 2 == 0
        length = (3 if major else 1.5) * mm
        canvas.line(cx + t * mm, cy - length, cx + t * mm, cy + length)
        canvas.line(cx - length, cy + t * mm, cx + length, cy + t * mm)
        if major and t and int(t) % 2 == 0:
            canvas.setFont(font, 5)
            canvas.drawCentredString(cx + t * mm, cy - 6 * mm, f"{sign_x * t:+g}")
            canvas.drawString(cx + 4 * mm, cy + t * mm - 1.5, f"{sign_y * t:+g}")
