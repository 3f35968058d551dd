"""Where a sheet's pieces sit on the paper and what keeps clear of the edge (print review 4):
every grid of rectangles is centred top to bottom, or sits where a fuller sheet of the same grid
in the file has its centred one (a part-filled last sheet is cut like the full ones); sheet
labels keep clear of the crop marks; no text of any printable comes within 6 mm of the paper's
edge, where many printers clip. Measured on the session's full build (pypdf, pdfplumber, poppler)."""
from __future__ import annotations

import re
import subprocess

import pytest
from pypdf import PdfReader

from tests.pdfs import open_pdf
from tests.print.sheet_geometry import MM, trims

GAMES = ["san-gimignano", "tournay", "taverna"]
LANGS = ["fr", "en", "de", "ja"]
SHEETS = ["cards.pdf", "cards-fold-over.pdf", "cards-ink-saver.pdf"]
EDGE = 6.0            # mm from the paper's edge kept free of text
MARK_CLEAR = 1.5      # mm between a sheet's label and the nearest crop mark


def _grids(path) -> list[tuple[tuple, float, float]]:
    """Per page of rectangles: (its columns' left edges, blank above, blank below), mm."""
    reader = PdfReader(str(path))
    out = []
    for page in reader.pages:
        faces = trims(reader, page)
        if not faces:
            out.append(None)
            continue
        height = float(page.mediabox.height)
        columns = tuple(sorted({round(t.x0 / MM, 1) for t in faces}))
        out.append((columns, (height - max(t.y1 for t in faces)) / MM, min(t.y0 for t in faces) / MM))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_grid_is_centred_or_where_its_full_sheets_are(built, game):
    """Taverna's A4 client tiles sat 13.5 mm from the top with 103 mm blank below (their label
    split round a mark); Letter grids sat 7.9 mm from the top and 7.5 mm from the bottom."""
    for lang in LANGS:
        for name in SHEETS:
            pages = _grids(built(game) / game / lang / name)
            centred = [p for p in pages if p and abs(p[1] - p[2]) <= 0.05]
            for number, page in enumerate(pages, 1):
                if not page or page in centred:
                    continue
                columns, above, below = page
                assert any(set(columns) <= set(c[0]) and abs(c[1] - above) <= 0.05 for c in centred), (
                    f"{game}/{lang}/{name} p. {number}: {above:.1f} mm blank above its grid, {below:.1f} mm "
                    f"below, and no centred sheet of that grid in the file")


def _marks(page) -> list[dict]:
    return [m for m in page.lines if m["linewidth"] >= 0.5 and max(m["x1"] - m["x0"], m["bottom"] - m["top"]) < 12 * MM
            and tuple(m.get("stroking_color") or (0,)) in ((0,), (0, 0, 0))]


@pytest.mark.slow   # 15-25 s each: every character of 10 files (pdfplumber)
@pytest.mark.parametrize("name", ["cards.pdf", "cards-fold-over.pdf"])
def test_sheet_labels_keep_clear_of_the_crop_marks(built, name):
    """Taverna's A4 tile sheet split its label round a mark, 1.0 mm from it; Letter's fold-over
    labels sat 0.7 mm from the corner marks."""
    for game, lang in [("taverna", lang) for lang in LANGS] + [(game, "en") for game in GAMES[:2]]:
        path = built(game) / game / lang / name
        reader = PdfReader(str(path))
        with open_pdf(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                height = float(page.height)
                faces = trims(reader, reader.pages[number - 1])
                marks = _marks(page)
                if not faces or not marks:
                    continue
                outside = [c for c in page.chars if c["text"].strip() and not any(
                    t.x0 <= c["x0"] and c["x1"] <= t.x1 and t.y0 <= height - c["bottom"] and height - c["top"] <= t.y1
                    for t in faces)]
                for c in outside:
                    for m in marks:
                        dx = max(m["x0"] - c["x1"], c["x0"] - m["x1"], 0)
                        dy = max(m["top"] - c["bottom"], c["top"] - m["bottom"], 0)
                        assert (dx * dx + dy * dy) ** 0.5 / MM >= MARK_CLEAR, (
                            f"{game}/{lang}/{name} p. {number}: {c['text']!r} of the label "
                            f"{(dx * dx + dy * dy) ** 0.5 / MM:.2f} mm from a crop mark")


WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


@pytest.mark.slow   # about 5 s of CPU: poppler over every PDF of the three games
def test_no_text_within_6_mm_of_the_paper_edge(built):
    """Letter fold-over labels sat 4.0 mm from the edge, San Gimignano's last Letter sheet's
    4.4 mm, the score pads' colophons 4.7 mm (poppler's word boxes, every PDF of every game)."""
    problems = []
    for game in GAMES:
        for path in sorted((built(game) / game).glob("*/*.pdf")):
            xml = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True,
                                 check=True).stdout
            for number, page in enumerate(xml.split("<page ")[1:], 1):
                width, height = (float(v) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"', page).groups())
                for x0, y0, x1, y1, word in WORD.findall(page):
                    edge = min(float(x0), float(y0), width - float(x1), height - float(y1)) / MM
                    if edge < EDGE - 0.05 and word.strip():     # poppler's box: the font's, past the glyph's
                        problems.append(f"{path.parent.name}/{path.name} p. {number} {word!r} {edge:.2f} mm")
    assert not problems, f"{len(problems)} words near the edge, first: {problems[:5]}"
