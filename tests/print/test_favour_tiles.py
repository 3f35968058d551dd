"""Taverna's royal favour tiles as printed (print review 4): their text's lines at least 1.15
times its size apart (8.1 pt lines for 7.5 pt text let descenders touch the next line, worst in
de and ja), and no wine wedge at the corners of the cream panel (it had rounded corners at the
edge of the white frame). Measured on the full build's card sheets, fronts page."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from tests.pdfs import open_pdf
from tests.print.sheet_geometry import MM, render, trims

LANGS = ["fr", "en", "de", "ja"]
LEADING = 1.15
BODY_BELOW = 12.5     # mm from a tile's top: its body text (the title and the picture above)


def _favour_page(path) -> int:
    reader = PdfReader(str(path))
    return next(i for i, page in enumerate(reader.pages) if any("royal-favours" in t.form for t in trims(reader, page)))


@pytest.mark.parametrize("lang", LANGS)
def test_favour_text_lines_are_1_15_times_their_size_apart(built, lang):
    path = built("taverna") / "taverna" / lang / "cards.pdf"
    index = _favour_page(path)
    reader = PdfReader(str(path))
    tiles = [t for t in trims(reader, reader.pages[index]) if "royal-favours" in t.form]
    with open_pdf(path) as pdf:
        page = pdf.pages[index]
        height = float(page.height)
        checked = 0
        for t in tiles:
            top = height - t.y1
            body = [c for c in page.chars if c["text"].strip() and t.x0 <= c["x0"] <= t.x1
                    and top + BODY_BELOW * MM <= c["top"] <= height - t.y0 and c["size"] < 9]
            lines = sorted({round(-c["matrix"][5], 1) for c in body})      # baselines, downwards
            size = min((c["size"] for c in body), default=0)
            for a, b in zip(lines, lines[1:]):
                checked += 1
                assert b - a >= LEADING * size - 0.05, (
                    f"taverna/{lang} {t.form}: lines {b - a:.2f} pt apart for {size:.2f} pt text")
        assert checked > 20


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_favour_panels_show_no_wine_at_their_corners(built, lang):
    path = built("taverna") / "taverna" / lang / "cards.pdf"
    index = _favour_page(path)
    reader = PdfReader(str(path))
    dpi = 150
    image = render(path, dpi)[index]
    scale = dpi / 72
    height = float(reader.pages[index].mediabox.height)
    inset = 3.3 * MM      # just inside the 3 mm white frame
    for t in trims(reader, reader.pages[index]):
        if "royal-favours" not in t.form:
            continue
        for x, y in ((t.x0 + inset, t.y0 + inset), (t.x1 - inset, t.y0 + inset), (t.x0 + inset, t.y1 - inset),
                     (t.x1 - inset, t.y1 - inset)):
            pixel = image.getpixel((int(x * scale), int((height - y) * scale)))
            assert sum(pixel) > 600, f"taverna/{lang} {t.form}: {pixel} at the panel's corner ({x / MM:.1f} mm)"
