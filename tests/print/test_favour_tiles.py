"""Taverna's royal favour tiles as printed (print review 4): their text's lines at least 1.15
times its size apart (8.1 pt lines for 7.5 pt text let descenders touch the next line, worst in
de and ja); their wine frame printed inside the white frame the sheet clips every face to, and
the rule under each picture row spanning it (issue 50). Measured on the full build's card
sheets, fronts page."""
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


def _favour_tiles(built, lang: str):
    """(Taverna's cards.pdf in `lang`, the index of its favours' page, the favour tiles' trims there)."""
    path = built("taverna") / "taverna" / lang / "cards.pdf"
    index = _favour_page(path)
    reader = PdfReader(str(path))
    return path, index, [t for t in trims(reader, reader.pages[index]) if "royal-favours" in t.form]


@pytest.mark.parametrize("lang", LANGS)
def test_favour_text_lines_are_1_15_times_their_size_apart(built, lang):
    path, index, tiles = _favour_tiles(built, lang)
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


def _wine(pixel) -> bool:
    r, g, b = pixel[:3]
    return r > g + 40 and r > b + 20 and sum(pixel[:3]) < 450


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_favour_fronts_print_their_wine_frame(built, lang):
    """Issue 50, print review: the wine border lay 2.9 mm inside the trim, under the 3 mm white
    frame every face is clipped to, so the fronts printed plain cream. Just inside the clip
    (3.25 mm) every side and corner is wine; 1 mm further in, the cream panel."""
    path = built("taverna") / "taverna" / lang / "cards.pdf"
    index = _favour_page(path)
    reader = PdfReader(str(path))
    dpi = 150
    image = render(path, dpi)[index]
    scale = dpi / 72
    height = float(reader.pages[index].mediabox.height)
    tiles = [t for t in trims(reader, reader.pages[index]) if "royal-favours" in t.form]
    assert len(tiles) >= 10
    for t in tiles:
        cx, cy = (t.x0 + t.x1) / 2, (t.y0 + t.y1) / 2
        for inset, want in ((3.25 * MM, True), (4.5 * MM, False)):
            points = [(t.x0 + inset, cy), (t.x1 - inset, cy), (cx, t.y0 + inset), (cx, t.y1 - inset)]
            if want:
                points += [(t.x0 + inset, t.y0 + inset), (t.x1 - inset, t.y1 - inset)]
            for x, y in points:
                pixel = image.getpixel((int(x * scale), int((height - y) * scale)))
                assert _wine(pixel) == want, (
                    f"taverna/{lang} {t.form}: {pixel} {inset / MM:.2f} mm inside the trim at "
                    f"({(x - t.x0) / MM:.1f}, {(t.y1 - y) / MM:.1f}) mm")


@pytest.mark.parametrize("lang", LANGS)
def test_favour_rule_spans_its_picture_row_with_a_gap_above(built, lang):
    """Issue 50, print review: Popularité's 16 mm rule was shorter than its "+1 and four people"
    row, began under the "1" and touched the icons' feet. On every favour the rule is centred
    under its row, reaches 1.5 mm past both ends, and lies 0.5 mm or more below the row's
    baseline (where the icons stand)."""
    path, index, tiles = _favour_tiles(built, lang)
    with open_pdf(path) as pdf:
        page = pdf.pages[index]
        height = float(page.height)
        checked = set()
        for t in tiles:
            top = height - t.y1
            row = [c for c in page.chars if c["text"].strip() and t.x0 <= c["x0"] <= t.x1
                   and top <= c["top"] <= height - t.y0 and c["size"] >= 9]       # the picture (10 pt)
            rules = [ln for ln in page.lines if t.x0 <= ln["x0"] <= t.x1 and top <= ln["top"] <= height - t.y0]
            assert row and len(rules) == 1, f"taverna/{lang} {t.form}: {len(row)} picture glyphs, {len(rules)} rules"
            rule = rules[0]
            x0, x1 = min(c["x0"] for c in row), max(c["x1"] for c in row)
            baseline = height - min(c["matrix"][5] for c in row)
            where = f"taverna/{lang} {t.form}: row {(x0 - t.x0) / MM:.1f}-{(x1 - t.x0) / MM:.1f} mm, " \
                    f"rule {(rule['x0'] - t.x0) / MM:.1f}-{(rule['x1'] - t.x0) / MM:.1f} mm"
            assert rule["x0"] <= x0 - 1.5 * MM and rule["x1"] >= x1 + 1.5 * MM, where
            assert abs((rule["x0"] + rule["x1"]) / 2 - (x0 + x1) / 2) <= 0.3 * MM, where
            assert rule["top"] - baseline >= 0.5 * MM, f"{where}: {(rule['top'] - baseline) / MM:.2f} mm below the feet"
            checked.add(t.form)
        assert len(checked) == 10
