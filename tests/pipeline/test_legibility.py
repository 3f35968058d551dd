"""Readable faces, read from the PDFs with pdfplumber in every language: no text on a card below
7.5 pt, and text below 8 pt neither italic nor grey (rules text is never small, pale and slanted);
no glyph on an aid card below the 6.5 pt floor."""
from __future__ import annotations

import pytest

from tests.pdfs import open_pdf

CARD_FLOOR, PLAIN_BELOW = 7.5, 8.0
AID_FLOOR = 6.5
GAMES = ["san-gimignano", "tournay", "taverna"]


def luminance(color) -> float:
    if not color:
        return 0.0
    if len(color) == 1:
        return float(color[0])
    r, g, b = (float(v) for v in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def card_chars(pdf):
    """The glyphs set on the cards (inside a page's trim), not the sheet labels in the margin."""
    for page in pdf.pages[2:]:
        x0, top, x1, bottom = (float(v) for v in page.trimbox)
        yield from (c for c in page.chars if c["text"].strip() and top <= c["top"] and c["bottom"] <= bottom
                    and x0 <= c["x0"] and c["x1"] <= x1)     # labels also run up the side margins (Letter)


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("game", GAMES)
def test_card_text_is_large_upright_and_dark(built, game):
    for lang in ["fr", "en", "de", "ja"]:
        with open_pdf(built(game) / game / lang / "cards.pdf") as pdf:
            chars = list(card_chars(pdf))
        assert chars
        small = {(round(c["size"], 2), c["text"]) for c in chars if c["size"] < CARD_FLOOR - 0.01}
        assert not small, f"{game}/{lang}: card text below {CARD_FLOOR} pt: {sorted(small)[:10]}"
        # below 8 pt: upright, and dark (or light on a dark band), never a pale grey
        pale = {(round(c["size"], 2), c["fontname"].split("+")[-1], c["text"]) for c in chars
                if c["size"] < PLAIN_BELOW - 0.01 and "pnp-icons" not in c["fontname"]   # icons keep their colours
                and ("Italic" in c["fontname"]
                                                        or 0.35 < luminance(c["non_stroking_color"]) < 0.85)}
        assert not pale, f"{game}/{lang}: small italic or grey text: {sorted(pale)[:10]}"


@pytest.mark.parametrize("game", GAMES)
def test_no_aid_card_glyph_below_the_floor(built, game):
    for lang in ["fr", "en", "de", "ja"]:
        with open_pdf(built(game) / game / lang / "player-aid-card.pdf") as pdf:
            small = {(round(c["size"], 2), c["text"]) for page in pdf.pages for c in page.chars
                     if c["text"].strip() and c["size"] < AID_FLOOR - 0.01}
        assert not small, f"{game}/{lang}: aid card glyphs below {AID_FLOOR} pt: {sorted(small)[:10]}"
