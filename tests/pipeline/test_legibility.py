"""No glyph below the 6.5 pt legibility floor on any card sheet or aid card, in any language
(read from the PDFs with pdfplumber)."""
from __future__ import annotations

import pdfplumber
import pytest

FLOOR = 6.5


@pytest.mark.parametrize("game", ["san-gimignano", "tournay", "taverna"])
@pytest.mark.parametrize("product", ["cards", "player-aid-card"])
def test_no_glyph_below_the_floor(built, game, product):
    out = built(game) / game
    for lang in ["fr", "en", "de", "ja"]:
        with pdfplumber.open(out / lang / f"{product}.pdf") as pdf:
            small = {(round(c["size"], 2), c["text"]) for page in pdf.pages for c in page.chars
                     if c["text"].strip() and c["size"] < FLOOR - 0.01}
        assert not small, f"{game}/{lang}/{product}: glyphs below {FLOOR} pt: {sorted(small)[:10]}"
