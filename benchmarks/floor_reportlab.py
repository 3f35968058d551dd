"""The floor: bare ReportLab drawing the same San Gimignano card fronts and backs as
`pnp build san-gimignano --lang en --only cards` — card frame, title, rank, effect
paragraph, same fonts, 3x3 on A4 with a backs page — with no data loading, validation,
templates or layouts. Whatever the pipeline costs above this is its overhead.

    python benchmarks/floor_reportlab.py OUT.pdf [--scale N]
"""
from __future__ import annotations

import sys
from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

FONTS = Path(__file__).resolve().parent.parent / "layouts" / "fonts"
TOWERS = [(5, "Guard", "When a 9 or a 10 targets you, even your own, play this card to cancel it, then slide it "
                       "face down under the draw pile. The tower still stands."),
          (6, "Contract", "Your uniform towers of 6 cannot be destroyed by a 10 (Conspiracy)."),
          (7, "Blessing", "At game end, every floor of your uniform towers of 7 scores 2 extra points."),
          (8, "Income", "When you build a uniform tower of 8, draw as many cards (pile or market) as it has floors."),
          (9, "Trade", "When you build a uniform tower of 9, take that many cards at random from your opponent's "
                       "hand (one per floor), then give back that number minus one."),
          (10, "Conspiracy", "When you build a uniform tower of 10, destroy the tallest tower no taller than it "
                             "(yours included). Its cards go face up on the pile, lowest rank on top.")]
NOBLES = [("Buona Pietra", 3), ("Via Francigena", 2), ("Monumento", 1), ("Giostra", 1),
          ("Cappella di Santa Fina", 1), ("Palazzo Comunale", 1), ("Mura", 1)]
W, H, BLEED = 63 * mm, 88 * mm, 3 * mm


def cards(scale: int):
    for _ in range(scale):
        for rank, title, text in TOWERS:
            yield from [(str(rank), title, text, "#4f7a34")] * rank
    for _ in range(scale):
        for name, copies in NOBLES:
            yield from [("", name, "Draw from the tower pile and/or the noble pile until your hand reaches its limit.",
                         "#7a2e3b")] * copies


def draw_card(c: Canvas, x: float, y: float, rank: str, title: str, text: str, colour: str) -> None:
    c.setFillColor(colour)
    c.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColor("#f6eedb")
    c.roundRect(x + 3.5 * mm, y + 3.5 * mm, 56 * mm, 81 * mm, 2.5 * mm, stroke=0, fill=1)
    if rank:
        c.setFillColor(colour)
        c.circle(x + 11 * mm, y + H - 11 * mm, 6.5 * mm, stroke=0, fill=1)
        c.setFillColor("#ffffff")
        c.setFont("Cardo-Bold", 20)
        c.drawCentredString(x + 11 * mm, y + H - 13.5 * mm, rank)
    c.setFillColor(colour)
    c.setFont("Cardo-Bold", 14)
    c.drawCentredString(x + W / 2, y + H - 48 * mm, title)
    style = ParagraphStyle("b", fontName="Cardo", fontSize=8.5, leading=10.2, alignment=TA_CENTER)
    p = Paragraph(text, style)
    _, h = p.wrap(50 * mm, 14.5 * mm)
    p.drawOn(c, x + 6.5 * mm, y + H - 55.5 * mm - h)


def main(out: str, scale: int = 1) -> None:
    pdfmetrics.registerFont(TTFont("Cardo", str(FONTS / "Cardo-Regular.ttf")))
    pdfmetrics.registerFont(TTFont("Cardo-Bold", str(FONTS / "Cardo-Bold.ttf")))
    c = Canvas(out, pagesize=(210 * mm, 297 * mm), invariant=1, initialFontName="Cardo")
    items = list(cards(scale))
    x0, y0 = (210 * mm - 3 * W) / 2, (297 * mm - 3 * H) / 2
    for start in range(0, len(items), 9):
        chunk = items[start:start + 9]
        for side in ("front", "back"):
            for i, card in enumerate(chunk):
                col, row = i % 3, i // 3
                if side == "back":
                    col = 2 - col
                x, y = x0 + col * W, y0 + (2 - row) * H
                if side == "front":
                    draw_card(c, x, y, *card)
                else:
                    c.setFillColor("#f7dc8c")
                    c.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
                    c.setFillColor("#5a3d14")
                    c.setFont("Cardo-Bold", 11)
                    c.drawCentredString(x + W / 2, y + 12 * mm, "Le Torri di San Gimignano")
            c.showPage()
    c.save()


if __name__ == "__main__":
    args = sys.argv[1:]
    scale = int(args[args.index("--scale") + 1]) if "--scale" in args else 1
    main(args[0], scale)
