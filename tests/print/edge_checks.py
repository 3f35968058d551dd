"""How close each printed glyph (a text's letters, an icon) comes to an edge on a card face, read
from a built PDF: the face's trim, and the outline of every panel drawn on it.

A panel is a filled rectangle (rounded or not) inside the trim, at least PANEL_MM each way and
smaller than the face: a parchment panel on a coloured card, a coloured band or box. Discs and
coin circles are not panels (a number sits on its disc), nor are thinner fills (a table row's
shading, a chart's bars, rules). A panel is cut where the sheet clips the face (a framed card's
white frame is bare paper), so its edge is where its colour ends on the printed sheet. A glyph
is measured to the sides of the smallest panel its centre is on, or to the trim when it is on
none. A glyph's box is pdfplumber's: its advance by the font's ascent to descent, a little
more than its ink (an icon's box is its region's). Each face form is measured once (its first
placement in the file)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

from tests.pdfs import open_pdf
from tests.print.sheet_geometry import MM, trims

# a face placed inside its clip (a framed card: its trim less the white frame)
CLIPPED = re.compile(rb"n ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re W\* n\s*1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/FormXob\.(\S+) Do")


PANEL_MM = 8


@dataclass(frozen=True)
class Near:
    form: str          # the face (<game>.<deck>.<card>)
    text: str          # the glyph
    mm: float          # its distance to the nearest edge (negative: across it)
    edge: str          # 'trim' or the panel's box in mm on the face (x, y, w, h)


def _inside(box, rect) -> float:
    """How far box keeps inside rect's sides (negative: across one); boxes are (x0, y0, x1, y1)."""
    return min(box[0] - rect[0], box[1] - rect[1], rect[2] - box[2], rect[3] - box[3])


def _contains(rect, x, y) -> bool:
    return rect[0] <= x <= rect[2] and rect[1] <= y <= rect[3]


def _is_panel(shape) -> bool:
    if not shape.get("fill"):
        return False
    if shape["object_type"] == "rect":
        return True
    # a rounded rectangle has straight sides; a circle or an ellipse is curves only
    return any(step[0] == "l" for step in shape.get("path") or [])


def nearest_edges(pdf: Path) -> list[Near]:
    """Per glyph of every face form in `pdf`, how far it keeps inside its panel (or the trim)."""
    reader = PdfReader(pdf)
    seen: set[str] = set()
    out: list[Near] = []
    with open_pdf(pdf) as doc:
        for page, pdf_page in zip(doc.pages, reader.pages):
            faces = [t for t in trims(reader, pdf_page) if t.form not in seen]
            if not faces:
                continue
            content = pdf_page.get_contents().get_data()
            clips = {(name.decode(), round(float(x), 2), round(float(y), 2)): [float(v) for v in (cx, cy, cw, ch)]
                     for cx, cy, cw, ch, x, y, name in CLIPPED.findall(content)}
            height = float(page.height)
            shapes = [s for s in page.rects + page.curves if _is_panel(s)]
            for t in faces:
                seen.add(t.form)
                left, top = t.x0, height - t.y1        # the face's corner, y down

                def on_face(x0, y0, x1, y1):
                    return ((x0 - left) / MM, (y0 - top) / MM, (x1 - left) / MM, (y1 - top) / MM)
                trim = on_face(t.x0, height - t.y1, t.x1, height - t.y0)
                w, h = trim[2], trim[3]
                clip = clips.get((t.form, round(t.x0, 2), round(t.y0, 2)))
                shown = on_face(clip[0], height - clip[1] - clip[3], clip[0] + clip[2], height - clip[1]) \
                    if clip else trim
                panels = []
                for s in shapes:
                    box = on_face(s["x0"], s["top"], s["x1"], s["bottom"])
                    inside = box[0] >= -0.1 and box[1] >= -0.1 and box[2] <= w + 0.1 and box[3] <= h + 0.1
                    big = min(box[2] - box[0], box[3] - box[1]) >= PANEL_MM
                    if inside and big and (box[2] - box[0]) * (box[3] - box[1]) < 0.95 * w * h:
                        panels.append((max(box[0], shown[0]), max(box[1], shown[1]),
                                       min(box[2], shown[2]), min(box[3], shown[3])))
                for c in page.chars:
                    if not c["text"].strip():
                        continue
                    box = on_face(c["x0"], c["top"], c["x1"], c["bottom"])
                    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                    if not (0 <= cx <= w and 0 <= cy <= h):
                        continue
                    under = [p for p in panels if _contains(p, cx, cy)]
                    edge = min(under, key=lambda p: (p[2] - p[0]) * (p[3] - p[1])) if under else trim
                    name = "trim" if edge is trim else "panel " + ", ".join(
                        f"{v:.1f}" for v in (edge[0], edge[1], edge[2] - edge[0], edge[3] - edge[1]))
                    out.append(Near(t.form, c["text"], _inside(box, edge), name))
    return out
