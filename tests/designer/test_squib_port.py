"""examples/squib-intro (issue 52): Squib's tutorial deck ported with its spreadsheet unchanged
and its layout as a few boxes in Squib's pixels, sharing their style with `extends`."""
from __future__ import annotations

import hashlib
import shutil

from tests.conftest import ROOT, pnp
from tests.pdfs import open_pdf

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
