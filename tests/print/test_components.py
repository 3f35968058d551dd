"""Fold-over sheets, boards in parts and hexagonal tiles, checked on the PDFs: where each face
lands (content stream and form boxes) and what the paper shows (PDFium raster)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.loading.catalog import load_project
from tests.conftest import ROOT, pnp
from tests.pipeline.helpers import project_copy
from tests.print.sheet_geometry import MM, PLACED, mixed_cut_lines, render, shapes_of, trims

EXAMPLE = ROOT / "examples" / "board-and-hex"


def fold_pairs(path: Path, edge: str) -> int:
    """Every front on a fold page has its deck's back at its mirror across the fold line, and
    no face crosses the fold; returns the pairs checked."""
    reader = PdfReader(path)
    checked = 0
    for page in reader.pages[2:]:
        faces = trims(reader, page)
        backs = [t for t in faces if t.form.endswith(".back")]
        fronts = [t for t in faces if not t.form.endswith(".back")]
        if not backs:
            continue
        width, height = (float(v) for v in page.mediabox[2:])
        # `edge` names the fold by the paper's edges; a turned (landscape) page has it the other way
        down = (edge == "long") == (height > width)
        fold = width / 2 if down else height / 2
        for front in fronts:
            deck = front.form.split(".")[1]
            if down:
                assert front.x1 <= fold - 1, f"{path}: a front crosses the fold"
                mirror = (round(width - front.x1, 1), round(front.y0, 1))
            else:
                assert front.y0 >= fold + 1, f"{path}: a front crosses the fold"
                mirror = (round(front.x0, 1), round(height - front.y1, 1))
            assert any((round(b.x0, 1), round(b.y0, 1)) == mirror and b.form.split(".")[1] == deck for b in backs), \
                f"{path}: no back of {front.form} at the mirror of its front across the fold"
            checked += 1
        # the fold line: a dashed line at the middle of the page
        data = page.get_contents().get_data()
        assert b"[3 2] 0 d" in data, f"{path}: no dashed fold line"
    return checked


@pytest.mark.parametrize("edge", ["long", "short"])
def test_fold_over_sheets_meet_at_the_fold(tmp_path, edge):
    out = tmp_path / edge
    result = pnp("build", "san-gimignano", "taverna", "--lang", "fr", "--only", "cards", "--fold", edge,
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    assert fold_pairs(out / "san-gimignano" / "fr" / "cards.pdf", edge) == 55
    assert fold_pairs(out / "taverna" / "fr" / "cards.pdf", edge) == 20   # 15 royal favours, 2 spells, 3 reference cards
    # the same cut safety as duplex sheets, and the instructions say how to fold
    project = load_project(ROOT, ["san-gimignano", "taverna"])
    for game in ("san-gimignano", "taverna"):   # each outline from its deck's size: a square favour is 'guild-token'
        faces, mixed = mixed_cut_lines(out / game / "fr" / "cards.pdf", shapes_of(project, game))
        assert faces and not mixed, mixed[:3]
    text = PdfReader(out / "san-gimignano" / "fr" / "cards.pdf").pages[0].extract_text()
    assert "Pliez" in text


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """examples/board-and-hex assembled into a project with the bundled layouts and locales."""
    root = tmp_path_factory.mktemp("demo") / "project"
    (root / "cards").mkdir(parents=True)
    shutil.copytree(EXAMPLE / "cards" / "board-demo", root / "cards" / "board-demo")
    shutil.copytree(ROOT / "layouts", root / "layouts", ignore=shutil.ignore_patterns("fonts"))
    (root / "layouts" / "fonts").symlink_to(ROOT / "layouts" / "fonts")
    shutil.copy(EXAMPLE / "layouts" / "board-demo.yaml", root / "layouts" / "board-demo.yaml")
    shutil.copytree(ROOT / "locales", root / "locales")
    out = root / "out"
    result = pnp("build", "board-demo", "--only", "cards", "--paper", "a4", "--out", str(out), root=root)
    assert result.exit_code == 0, result.output
    return out / "board-demo"


def board_parts(path: Path):
    """(page number, translation of the board form, clip rectangle) for every board part."""
    import re
    reader = PdfReader(path)
    parts = []
    for number, page in enumerate(reader.pages, 1):
        data = page.get_contents().get_data()
        for clip, x, y, name in re.findall(rb"(-?[\d.]+ -?[\d.]+ -?[\d.]+ -?[\d.]+) re W\*? n\s+1 0 0 1 (-?[\d.]+) "
                                           rb"(-?[\d.]+) cm\s*/FormXob\.(\S+) Do", data):
            if name.startswith(b"board-demo.board."):
                cx, cy, cw, ch = (float(v) for v in clip.split())
                parts.append((number, float(x), float(y), (cx, cy, cx + cw, cy + ch)))
    return parts


def test_board_parts_overlap_and_line_up(demo):
    """380 x 500 mm on A4: 2 x 2 parts. Neighbours show the same strip of the board (10 mm of
    overlap), pixel for pixel, so the crosses printed there lie on each other."""
    path = demo / "en" / "cards.pdf"
    parts = board_parts(path)
    assert len(parts) == 4
    images = render(path, 100)
    scale = 100 / 72

    def board_to_page(part, bx, by):      # board mm (from its bottom-left corner) -> page pixels
        number, x, y, _clip = part
        height = images[number - 1].height
        return round((x + bx * MM) * scale), round(height - (y + by * MM) * scale)

    def visible(part, bx, by):
        _n, x, y, (x0, y0, x1, y1) = part
        px, py = x + bx * MM, y + by * MM
        return x0 + 2 <= px <= x1 - 2 and y0 + 2 <= py <= y1 - 2

    shared, differ = 0, 0
    for a in parts:
        for b in parts:
            if a is b:
                continue
            for bx in range(0, 380, 4):
                for by in range(0, 500, 4):
                    if visible(a, bx, by) and visible(b, bx, by):
                        shared += 1
                        pa = images[a[0] - 1].getpixel(board_to_page(a, bx, by))
                        pb = images[b[0] - 1].getpixel(board_to_page(b, bx, by))
                        differ += max(abs(u - v) for u, v in zip(pa, pb)) > 40
    assert shared > 100, "the parts should overlap"
    assert differ <= shared * 0.01, f"{differ} of {shared} shared board points differ between parts"
    # every point of the board is printed on some part
    covered = sum(any(visible(p, bx, by) for p in parts) for bx in range(3, 378, 5) for by in range(3, 498, 5))
    assert covered == len(range(3, 378, 5)) * len(range(3, 498, 5))


def test_hex_tiles_cut_clean_and_mirror(demo):
    path = demo / "fr" / "cards.pdf"
    faces, mixed = mixed_cut_lines(path, lambda form: "hex" if ".terrain." in form else "rect")
    assert faces >= 28 and not mixed, mixed[:3]
    reader = PdfReader(path)
    fronts = [t for t in trims(reader, reader.pages[2])]
    assert len(fronts) == 14 and all(t.form.startswith("board-demo.terrain.") for t in fronts)
    hexagon = fronts[0]
    assert round((hexagon.x1 - hexagon.x0) / MM, 2) == 50 and round((hexagon.y1 - hexagon.y0) / MM, 2) == 43.3
    # the hexagonal cut line, black on a white halo, is drawn on the fronts, not on their backs
    halo = re.compile(rb"1 1 1 RG\s+1\.6 w")          # the halo under a cut line (crop marks have none)
    assert halo.search(reader.pages[2].get_contents().get_data())
    backs = reader.pages[3].get_contents().get_data()
    assert not halo.search(backs) and all(name.endswith(b".back") for _x, _y, name in PLACED.findall(backs))


def test_check_reports_a_board_piece_outside_the_safe_zone(tmp_path):
    root = project_copy(tmp_path)
    layout = root / "layouts" / "san-gimignano.yaml"
    text = layout.read_text(encoding="utf-8")
    text = text.replace("  tower-back:\n    background: sky\n    regions:\n",
                        "  tower-back:\n    background: sky\n    regions:\n      frame: {kind: rect, x: 4, y: 4, "
                        "width: 55, height: 80, stroke: '#c98f2a', stroke_width: 0.8}\n")
    text = text.replace("rank-badge: {kind: circle, x: 4.5, y: 4.5", "rank-badge: {kind: circle, x: 2, y: 4.5")
    layout.write_text(text, encoding="utf-8")
    result = pnp("check", "san-gimignano", "--lang", "en", "--json", root=root)
    import json
    report = json.loads(result.output)
    codes = {(f["code"], f["box"]) for f in report["findings"] if f["level"] == "warning"}
    assert ("back-frame", "frame") in codes and ("safe-zone", "rank-badge") in codes
