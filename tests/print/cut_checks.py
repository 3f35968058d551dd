"""What a ruler and a knife find on a built card sheet: how far past every cut the colour just
inside it carries on (a shared white frame or real bleed: the cut's tolerance), and the crop
marks' length, thickness and distance from the paper edge. Shared by tests/print/test_cuts.py
and benchmarks/cut_report.py."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

from tests.pdfs import open_pdf
from tests.print.sheet_geometry import MM, _close, _edge_samples, render, trims

DPI = 100
REACH = 3.0          # mm: how far past a cut the colour is followed
STEP = 0.25          # mm
START = 0.75         # mm from the cut: clear of a shaped piece's cut line and its halo


@dataclass(frozen=True)
class Cut:
    page: int
    form: str
    at_mm: tuple[float, float]
    clean: float     # mm past the cut with the colour found START mm inside it (REACH: at least that)


def cut_tolerances(pdf: Path, shape_of=lambda form: "rect", first_page: int = 1) -> list[Cut]:
    """One Cut per sample along every placed face's outline, pages from `first_page`."""
    reader = PdfReader(pdf)
    images = render(pdf, DPI)
    scale = DPI / 72
    out = []
    for number, (page, image) in enumerate(zip(reader.pages, images), 1):
        if number < first_page:
            continue
        height = float(page.mediabox[3])

        def pixel(x, y):
            p = (round(x * scale), round((height - y) * scale))
            ok = 0 <= p[0] < image.width and 0 <= p[1] < image.height
            return image.getpixel(p) if ok else None
        for t in trims(reader, page, shape_of):
            for _edge, (x, y), (nx, ny) in _edge_samples(t):
                inside = pixel(x - nx * START * MM, y - ny * START * MM)
                clean, d = 0.0, START
                while d <= REACH + 1e-9:
                    outside = pixel(x + nx * d * MM, y + ny * d * MM)
                    if outside is None or not _close(inside, outside, 40):
                        break
                    clean, d = d, d + STEP
                out.append(Cut(number, t.form, (round(x / MM, 1), round(y / MM, 1)), clean))
    return out


@dataclass(frozen=True)
class MarkFound:
    page: int
    length: float        # mm
    width: float         # pt
    from_edge: float     # mm, to the nearest paper edge


def marks_found(pdf: Path, first_page: int = 1) -> list[MarkFound]:
    """Black straight lines outside every placed face (pdfplumber): the crop marks."""
    reader = PdfReader(pdf)
    out = []
    with open_pdf(pdf) as doc:
        for number, (page, plumbed) in enumerate(zip(reader.pages, doc.pages), 1):
            if number < first_page:
                continue
            faces = trims(reader, page)
            h = float(plumbed.height)
            boxes = [(t.x0, h - t.y1, t.x1, h - t.y0) for t in faces]
            w_mm, h_mm = float(plumbed.width) / MM, h / MM
            for line in plumbed.lines:
                x0, x1, top, bottom = line["x0"], line["x1"], line["top"], line["bottom"]
                if any(b[0] - 0.1 <= x0 and x1 <= b[2] + 0.1 and b[1] - 0.1 <= top and bottom <= b[3] + 0.1
                       for b in boxes):
                    continue
                if tuple(line.get("stroking_color") or (0,)) not in ((0,), (0, 0, 0), (0.0,), (0.0, 0.0, 0.0)):
                    continue
                a, b = (x0 / MM, top / MM), (x1 / MM, bottom / MM)
                length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
                edge = min(a[0], a[1], w_mm - b[0], h_mm - b[1])
                out.append(MarkFound(number, length, float(line["linewidth"]), edge))
    return out
