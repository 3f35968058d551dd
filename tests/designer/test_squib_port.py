"""examples/squib-intro (issue 52): Squib's tutorial deck ported with its spreadsheet unchanged
and its layout as a few boxes in Squib's pixels, sharing their style with `extends`."""
from __future__ import annotations

import hashlib
import shutil

from pypdf import PdfReader

from generator.loading.catalog import load_project
from tests.authoring.helpers import new_game
from tests.conftest import ROOT, pnp
from tests.pdfs import open_pdf
from tests.print.sheet_geometry import MM, trims

EXAMPLE = ROOT / "examples" / "squib-intro"
SQUIB_XLSX = "26eb5f33ba792d32b845fefe704100ffe371dd48972dacee9a221a0223c6aaf9"   # samples/intro/data.xlsx


def test_the_squib_deck_builds_from_its_own_spreadsheet(tmp_path):
    sheet = EXAMPLE / "cards" / "squib-intro" / "data.xlsx"
    assert hashlib.sha256(sheet.read_bytes()).hexdigest() == SQUIB_XLSX          # as Squib ships it
    assert (EXAMPLE / "LICENSE-squib.txt").read_text().startswith("Copyright (c) 2014 Andy Meneely")
    for folder in ("cards", "layouts"):
        shutil.copytree(EXAMPLE / folder, tmp_path / folder)
    layout = (EXAMPLE / "layouts" / "squib-intro.yaml").read_text()
    assert "extends:" in layout and " px" in layout
    result = pnp("build", "squib-intro", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    with open_pdf(tmp_path / "out" / "squib-intro" / "en" / "cards.pdf") as doc:
        text = " ".join(page.extract_text() for page in doc.pages)
        images = sum(len(page.images) + len(page.curves) for page in doc.pages[2:])
    for name, power in (("Ninja", "Use the power of another player"), ("Robot Golem", "Draw two cards")):
        assert name in text and power in text
    assert images > 8      # the class icons and the pictures, drawn as vectors
    # Squib's 825 x 1125 px canvas holds an eighth of an inch of bleed: the card is 2.5 x 3.5 in
    # (it printed 69.85 x 95.25 mm, the canvas taken for the card)
    reader = PdfReader(tmp_path / "out" / "squib-intro" / "en" / "cards.pdf")
    assert {(round((t.x1 - t.x0) / MM, 1), round((t.y1 - t.y0) / MM, 1)) for t in trims(reader, reader.pages[2])} == \
        {(63.5, 88.9)}


def test_a_canvas_with_its_bleed_puts_the_boxes_on_the_card(tmp_path):
    """`canvas_bleed: 0.125 in`: x and y start at the bleed's corner (37.5 px at 300 dpi), in the
    layout and in one that extends it; % stays a share of the card."""
    new_game(tmp_path)
    layout = tmp_path / "layouts" / "spice-road.yaml"
    text = layout.read_text().replace("  card:\n    background:", "  card:\n    dpi: 300\n    canvas_bleed: 0.125 in\n"
                                      "    background:", 1)
    text = text.replace("panel: {kind: rect, x: 3.5, y: 3.5,", "panel: {kind: rect, x: 37.5 px, y: 50 %,", 1)
    layout.write_text(text + "  other:\n    extends: card\n    regions:\n      panel: {x: 75 px}\n")
    layouts = load_project(tmp_path, ["spice-road"]).layouts
    panel = next(r for r in layouts["spice-road/card"].regions if r.name == "panel")
    assert (round(panel.x, 3), panel.percent) == (0.0, {"y": 0.5})
    other = next(r for r in layouts["spice-road/other"].regions if r.name == "panel")
    assert round(other.x, 3) == 3.175
