"""Card sheets as they are cut, on every sheet the full build writes (A4 for fr/de/ja, Letter for
en): one colour either side of every cut line, crop marks inside an office printer's printable
area and only for filled slots, a label on every sheet, the instructions sheet first."""
from __future__ import annotations

import itertools
import re

import pytest
from pypdf import PdfReader

from generator.loading.catalog import load_project
from tests.conftest import ROOT
from tests.print.conftest import pdf_text
from tests.print.sheet_geometry import MM, crop_marks, mixed_cut_lines, shapes_of, trims
from tests.pdfs import open_pdf

GAMES = ["san-gimignano", "tournay", "taverna"]
LANGS = ["fr", "en", "de", "ja"]
PRINTABLE = 4.0       # mm: no mark nearer the paper edge (layouts/sheets.yaml `margin`)


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT, GAMES)


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("game", GAMES)
def test_every_cut_line_has_one_colour_on_both_sides(built, project, game):
    """Sampled 1 mm inside and 1 mm outside every cut line of every placed face, fronts and
    backs: a cut or a duplex shift of that much never shows another card's colour."""
    for lang in LANGS:
        for name, shape_of in (("cards.pdf", shapes_of(project, game)), ("player-aid-card.pdf", lambda f: "rect")):
            faces, mixed = mixed_cut_lines(built(game) / game / lang / name, shape_of)
            assert faces > 0
            assert not mixed, f"{game}/{lang}/{name}: {len({(m.page, m.edge) for m in mixed})} cut lines " \
                              f"with two colours, first {mixed[0]}"


@pytest.mark.slow   # 2-4 s: the full run reads it (issue 49: `-m "not slow"` <= 90 s)
@pytest.mark.parametrize("game", GAMES)
def test_marks_are_printable_and_only_for_filled_slots(built, project, game):
    # cards.pdf after its instructions sheet; the card-sized aids (half-empty sheets before)
    shape = shapes_of(project, game)
    for lang, (name, first) in itertools.product(LANGS, [("cards.pdf", 2), ("player-aid-card.pdf", 0)]):
        path = built(game) / game / lang / name
        reader = PdfReader(path)
        with open_pdf(path) as pdf:
            for number, (page, plumbed) in enumerate(zip(reader.pages[first:], pdf.pages[first:]), first + 1):
                faces = trims(reader, page)
                if all(shape(t.form) != "rect" for t in faces):
                    continue          # round and hexagonal pieces: a cut line of their shape, no square marks
                width, height = float(plumbed.width) / MM, float(plumbed.height) / MM
                edges_x = [v / MM for t in faces for v in (t.x0, t.x1)]
                edges_y = [height - v / MM for t in faces for v in (t.y0, t.y1)]
                marks = crop_marks(plumbed, faces)
                assert marks, f"{path}: page {number} has no crop marks"
                for x0, y0, x1, y1 in marks:
                    assert min(x0, y0, width - x1, height - y1) >= PRINTABLE - 0.05, \
                        f"{path}: page {number}: a mark {min(x0, y0, width - x1, height - y1):.2f} mm from the edge"
                    along, edges = (x0, edges_x) if abs(x1 - x0) < 0.01 else (y0, edges_y)
                    on_a_cut = any(abs(along - e) < 0.05 for e in edges)
                    assert on_a_cut, f"{path}: page {number}: a mark at ({x0:.1f}, {y0:.1f}) on no piece's edge"


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_is_labelled(built, game):
    """Game, sheet n of N and side in the margin of every card page; the first sheet instructs."""
    names = {"fr": ("feuille", "sur"), "en": ("sheet", "of"), "de": ("Blatt", "von"), "ja": ("シート", "／")}
    for lang in LANGS:
        path = built(game) / game / lang / "cards.pdf"
        with open_pdf(path) as pdf:
            pages = pdf.pages
            sheets = None
            for number, page in enumerate(pages[2:], 3):
                x0, top, x1, bottom = (float(v) for v in page.trimbox)
                # outside the trims: above, below, or (turned, on Letter) beside them
                outside = page.filter(lambda o: o.get("object_type") != "char" or not (
                    x0 <= o["x0"] and o["x1"] <= x1 and top <= o["top"] and o["bottom"] <= bottom))
                margin = outside.extract_text() or ""
                margin += " " + "".join(c["text"] for c in outside.chars if not c.get("upright", True))
                word, of = names[lang]
                found = re.search(rf"{word}\s*(\d+)\s*{of}\s*(\d+)", margin)
                assert found, f"{path}: page {number} has no sheet label ({margin!r})"
                sheets = sheets or int(found.group(2))
                assert int(found.group(2)) == sheets
        text = pdf_text(path).split("\f")
        # Japanese sets the full-width sign and no space before a unit
        percent, square = ("100％", "50mm") if lang == "ja" else ("100 %", "50 mm")
        assert square in text[0] and percent in text[0], f"{path}: the first page should explain printing"
        # a player who downloaded the file has no pnp: no command, no flag (issue 50)
        assert not re.search(r"\bpnp\b(?!-studio)|(^|\s)--[a-z]", text[0] + text[1]), path   # the colophon names pnp-studio


@pytest.mark.parametrize("game", GAMES)
def test_japanese_print_notes_write_page_ranges_with_a_wave_dash(built, game):
    """「1〜30ページ」: Japanese writes a range with 〜 (the glossary's rule), the other languages
    with an en dash; a deck's count stays on the line of its name ("×9" never starts a line)."""
    path = built(game) / game / "ja" / "cards.pdf"
    head = "\n".join(pdf_text(path).split("\f")[:2])
    assert re.search(r"\d〜\d", head) and not re.search(r"\d–\d", head)
    assert not re.search(r"^×\d", head, re.M)
    assert re.search(r"\d–\d", "\n".join(pdf_text(built(game) / game / "de" / "cards.pdf").split("\f")[:2]))
