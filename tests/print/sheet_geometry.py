"""What a printed sheet looks like where it is cut: every placed face's trim (from the PDF's
content stream and form boxes), and the colours 1 mm either side of every cut line (from a
raster of the page). Shared by the print tests and benchmarks/print_report.py."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

MM = 72 / 25.4
PLACED = re.compile(rb"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/FormXob\.(\S+) Do")


@dataclass(frozen=True)
class Trim:
    form: str
    x0: float        # points, PDF coordinates (y up)
    y0: float
    x1: float
    y1: float
    shape: str = "rect"


def trims(reader: PdfReader, page, shape_of=lambda form: "rect") -> list[Trim]:
    """Every face drawn on a page with its trim: the form's BBox is the trim grown by the bleed."""
    content = page.get_contents()
    data = content.get_data() if content is not None else b""
    out = []
    for x, y, name in PLACED.findall(data):
        name = name.decode()
        bx0, by0, bx1, by1 = (float(v) for v in page["/Resources"]["/XObject"][f"/FormXob.{name}"]["/BBox"])
        w, h = bx1 + bx0, by1 + by0
        out.append(Trim(name, float(x), float(y), float(x) + w, float(y) + h, shape_of(name)))
    return out


def _edge_samples(t: Trim, step: float = 4 * MM, corner: float = 3 * MM):
    """(point on the cut line, outward normal) along a trim's outline."""
    if t.shape == "round":
        cx, cy, r = (t.x0 + t.x1) / 2, (t.y0 + t.y1) / 2, (t.x1 - t.x0) / 2
        n = max(8, int(2 * math.pi * r / step))
        for i in range(n):
            a = 2 * math.pi * i / n
            yield 0, (cx + r * math.cos(a), cy + r * math.sin(a)), (math.cos(a), math.sin(a))
        return
    if t.shape == "hex":
        w, h = t.x1 - t.x0, t.y1 - t.y0
        cy, q = (t.y0 + t.y1) / 2, w / 4
        corners = [(t.x0, cy), (t.x0 + q, t.y1), (t.x1 - q, t.y1), (t.x1, cy), (t.x1 - q, t.y0), (t.x0 + q, t.y0)]
        for edge, ((ax, ay), (bx, by)) in enumerate(zip(corners, corners[1:] + corners[:1])):
            length = math.hypot(bx - ax, by - ay)
            normal = (-(by - ay) / length, (bx - ax) / length)   # corners run clockwise: outwards
            for point in _along((ax, ay), (bx, by), step, min(corner, length / 3)):
                yield edge, point, normal
        return
    for edge, (a, b, normal) in enumerate([((t.x0, t.y0), (t.x0, t.y1), (-1, 0)), ((t.x1, t.y0), (t.x1, t.y1), (1, 0)),
                                           ((t.x0, t.y0), (t.x1, t.y0), (0, -1)), ((t.x0, t.y1), (t.x1, t.y1), (0, 1))]):
        for point in _along(a, b, step, corner):
            yield edge, point, normal


def _along(a, b, step: float, corner: float):
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    count = max(1, int((length - 2 * corner) / step))
    for i in range(count + 1):
        f = (corner + (length - 2 * corner) * i / count) / length
        yield ax + (bx - ax) * f, ay + (by - ay) * f


def render(pdf: Path, dpi: int) -> list[Image.Image]:
    """Every page as an RGB image (PDFium: fast enough to look at every built sheet)."""
    import pypdfium2
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return [document[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(document))]
    finally:
        document.close()


def _close(a, b, tolerance: int) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


@dataclass(frozen=True)
class Mixed:
    page: int
    form: str
    edge: tuple            # (trim corner, side): one cut line of one placed face
    at_mm: tuple[float, float]
    inside: tuple
    outside: tuple


def mixed_cut_lines(pdf: Path, shape_of=lambda form: "rect", dpi: int = 72, distance_mm: float = 1.0,
                    tolerance: int = 40) -> tuple[int, list[Mixed]]:
    """(faces sampled, the samples whose colours 1 mm inside and outside a cut line differ); the
    cut lines concerned are the distinct (page, edge) of those samples."""
    reader = PdfReader(pdf)
    images = render(pdf, dpi)
    scale = dpi / 72
    checked, mixed = 0, []
    for number, (page, image) in enumerate(zip(reader.pages, images), 1):
        height = float(page.mediabox[3])
        for t in trims(reader, page, shape_of):
            checked += 1
            for edge, (x, y), (nx, ny) in _edge_samples(t):
                d = distance_mm * MM
                a = (round((x - nx * d) * scale), round((height - (y - ny * d)) * scale))
                b = (round((x + nx * d) * scale), round((height - (y + ny * d)) * scale))
                if not all(0 <= v[0] < image.width and 0 <= v[1] < image.height for v in (a, b)):
                    continue       # a board's edge on another part of it, off this page
                inside, outside = image.getpixel(a), image.getpixel(b)
                if not _close(inside, outside, tolerance):
                    mixed.append(Mixed(number, t.form, (round(t.x0), round(t.y0), edge),
                                       (round(x / MM, 1), round(y / MM, 1)), inside, outside))
    return checked, mixed


def shapes_of(project, game_id: str):
    """form name -> shape, for the cards PDF of a game (faces are named <game>.<deck>.<card>)."""
    game = project.games[game_id]
    by_deck = {deck.deck: project.size_of(deck).shape for deck in game.decks}
    return lambda form: by_deck.get(form.split(".")[1], "rect") if form.startswith(game_id + ".") else "rect"


def crop_marks(page, faces) -> list[tuple[float, float, float, float]]:
    """Straight black lines outside every face: the crop marks (pdfplumber, mm, y from the top)."""
    height = float(page.height)
    boxes = [(t.x0, height - t.y1, t.x1, height - t.y0) for t in faces]
    out = []
    for line in page.lines:
        x0, x1, top, bottom = line["x0"], line["x1"], line["top"], line["bottom"]
        inside = any(b[0] - 0.1 <= x0 and x1 <= b[2] + 0.1 and b[1] - 0.1 <= top and bottom <= b[3] + 0.1
                     for b in boxes)
        if not inside and tuple(line.get("stroking_color") or (0,)) in ((0,), (0, 0, 0), (0.0,), (0.0, 0.0, 0.0)):
            out.append((x0 / MM, top / MM, x1 / MM, bottom / MM))
    return out


def words_behind(pdf: Path, names, first: int) -> list[tuple[str, list[str]]]:
    """(a word of `names` on a fronts page, the words on its back): from page `first`, each sheet
    a fronts page then its backs page, printed long-edge duplex (a cell's back is the cell
    mirrored left to right)."""
    from tests.pdfs import open_pdf
    reader, found = PdfReader(pdf), []
    with open_pdf(pdf) as doc:
        for front in range(first, len(doc.pages), 2):
            width, height = float(doc.pages[front].width), float(doc.pages[front].height)
            back_words = doc.pages[front + 1].extract_words()
            back_cells, front_cells = trims(reader, reader.pages[front + 1]), trims(reader, reader.pages[front])
            for word in doc.pages[front].extract_words():
                if word["text"] not in names:
                    continue
                x, y = (word["x0"] + word["x1"]) / 2, height - (word["top"] + word["bottom"]) / 2
                cell = next(t for t in front_cells if t.x0 <= x <= t.x1 and t.y0 <= y <= t.y1)
                mirror = next(t for t in back_cells if abs(t.x0 - (width - cell.x1)) < 1 and abs(t.y0 - cell.y0) < 1)
                found.append((word["text"], [w["text"] for w in back_words if mirror.x0 <= (w["x0"] + w["x1"]) / 2
                                             <= mirror.x1 and mirror.y0 <= height - (w["top"] + w["bottom"]) / 2
                                             <= mirror.y1]))
    return found
