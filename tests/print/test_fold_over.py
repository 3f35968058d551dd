"""The fold-over version (cards-fold-over.pdf, for printers without duplex; issue 50, full sheets):
its sheets as few as the paper allows, poker cards 2 x 2 beside their 2 x 2 backs on a landscape
sheet (a portrait one held 3 and 3), every back at the mirror of its front across the fold, crop
marks a ruler finds on the white margin, on their cut lines and clear of the fold line."""
from __future__ import annotations

from dataclasses import replace

import pytest
from pypdf import PdfReader

from generator.loading.catalog import load_project
from generator.paper.sheet_options import SheetOptions
from generator.paper.packing import size_key
from generator.products.cards import _counted_pieces, _pack
from tests.conftest import ROOT, pnp
from tests.pdfs import open_pdf
from tests.print.cut_checks import cut_tolerances, marks_found
from tests.print.sheet_geometry import MM, shapes_of, trims

GAMES = ["san-gimignano", "tournay", "taverna"]
FOLD_OVER = SheetOptions(fold="auto")          # as planning/product_list.py builds it
# the fewest sheets that hold them: poker cards 4 a sheet; Taverna's 15 favour tiles take 2 either way
SHEETS = {"san-gimignano": 14, "tournay": 32, "taverna": 7}


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT, GAMES)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_fold_over_sheets_are_as_few_as_the_paper_allows_and_full(project, game, paper):
    """Before: San Gimignano 19 sheets, Tournay 42, three poker cards a portrait sheet; packing
    only, under 1 s a game."""
    data, options = project.games[game], replace(FOLD_OVER, paper=paper)
    layout, sheets = _pack(project, data, options, _counted_pieces(project, data, "en", options))
    assert len(sheets) == SHEETS[game], f"{game} on {paper}: {len(sheets)} sheets"
    poker = [s for s in sheets if s.kind == "fold" and (s.blocks[0].size.width, s.blocks[0].size.height) == (63, 88)]
    if game != "taverna":       # its 3 reference cards and 2 spells take 2 sheets either way
        assert layout.turned and len(poker[0].pieces) == 4, f"{game} on {paper}: {len(poker[0].pieces)} a sheet"
    groups: dict[tuple, list] = {}
    for sheet in sheets:
        groups.setdefault((sheet.kind, tuple(size_key(b.size) for b in sheet.blocks)), []).append(sheet)
    for (kind, _sizes), members in groups.items():
        for number, sheet in enumerate(members[:-1], 1):
            for block in sheet.blocks:
                empty = block.frame.cols.count * block.used_rows - len(block.slots)
                assert empty == 0, f"{game} on {paper}: {kind} sheet {number} of {len(members)}: {empty} empty"


@pytest.fixture(scope="module")
def folded(tmp_path_factory):
    """San Gimignano's fold-over file on A4 (fr) and Letter (en); about 6 s."""
    out = tmp_path_factory.mktemp("fold-over")
    result = pnp("build", "san-gimignano", "--lang", "fr", "--lang", "en", "--only", "cards-fold-over",
                 "--jobs", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out / "san-gimignano"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_back_lies_behind_its_front_once_folded(folded, lang):
    reader = PdfReader(folded / lang / "cards-fold-over.pdf")
    pairs = 0
    for number, page in enumerate(reader.pages[2:], 3):
        width, height = (float(v) for v in page.mediabox[2:])
        assert width > height, f"p. {number}: not a landscape sheet"
        fold = width / 2
        faces = trims(reader, page)
        fronts = [t for t in faces if not t.form.endswith(".back")]
        backs = [t for t in faces if t.form.endswith(".back")]
        assert len(fronts) == len(backs)
        for front in fronts:
            assert front.x1 < fold, f"p. {number}: {front.form} crosses the fold"
            # folded along x = fold, the back's trim lies where the front's does, within 0.1 mm
            behind = [b for b in backs if abs((2 * fold - b.x1) - front.x0) <= 0.1 * MM
                      and abs(b.y0 - front.y0) <= 0.1 * MM and b.form.split(".")[1] == front.form.split(".")[1]]
            assert behind, f"p. {number}: no back behind {front.form}"
            pairs += 1
        assert b"[3 2] 0 d" in page.get_contents().get_data(), f"p. {number}: no dashed fold line"
    assert pairs == 55


def test_fold_over_marks_are_found_and_on_their_cut_lines(folded):
    """Letter (en), whose margins are the tighter (A4 has 11.5 mm of blank at each side); ~5 s."""
    pdf = folded / "en" / "cards-fold-over.pdf"
    marks = marks_found(pdf, first_page=3)
    assert marks and min(m.width for m in marks) >= 0.5
    assert min(m.length for m in marks) >= 3.0 - 0.01
    assert min(m.from_edge for m in marks) >= 4.0 - 0.01
    reader = PdfReader(pdf)
    with open_pdf(pdf) as doc:
        for number, (page, plumbed) in enumerate(zip(reader.pages[2:], doc.pages[2:]), 3):
            faces, h = trims(reader, page), float(plumbed.height)
            xs = {round(v, 1) for t in faces for v in (t.x0, t.x1)}
            ys = {round(h - v, 1) for t in faces for v in (t.y0, t.y1)}
            fold = float(plumbed.width) / 2
            for line in plumbed.lines:
                if tuple(line.get("stroking_color") or (0,)) not in ((0,), (0, 0, 0)):
                    continue          # the fold line is grey and dashed
                down = line["x1"] - line["x0"] < 0.1
                if down:
                    assert round(line["x0"], 1) in xs, f"p. {number}: a mark off every cut line at x {line['x0']:.1f}"
                    assert abs(line["x0"] - fold) > 1 * MM, f"p. {number}: a mark on the fold line"
                else:
                    assert round(line["top"], 1) in ys, f"p. {number}: a mark off every cut line"
                    # the lane's marks stop short of the fold line: it alone runs through the middle
                    assert line["x1"] <= fold - 0.9 * MM or line["x0"] >= fold + 0.9 * MM, \
                        f"p. {number}: a mark meets the fold line ({line['x0'] / MM:.1f}-{line['x1'] / MM:.1f} mm)"


@pytest.mark.slow
def test_every_fold_over_cut_is_clean(project, folded):
    """Letter, the tighter paper: a shared white frame across every cut (pixels of every page; ~10 s)."""
    pdf = folded / "en" / "cards-fold-over.pdf"
    worst = min(cut_tolerances(pdf, shapes_of(project, "san-gimignano"), first_page=3), key=lambda c: c.clean)
    assert worst.clean >= 2.5, worst


# builds and reads whole projects or PDFs: the full run reads them (-m "not slow" <= 90 s)
pytestmark = pytest.mark.slow
