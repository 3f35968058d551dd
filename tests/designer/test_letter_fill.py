"""Squib's default card (2.5 x 3.5 in, full bleed) fills a Letter page without asking (issue 52):
nine cards, not six, the marks above and below them shorter but still on white paper."""
from __future__ import annotations

from pypdf import PdfReader

from tests.authoring.helpers import new_game, warnings_of
from tests.conftest import pnp
from tests.pdfs import open_pdf
from tests.print.sheet_geometry import MM, trims

CARDS = 2          # cards.pdf opens with its instructions sheet (two pages)


def test_squibs_poker_deck_gives_nine_cards_a_letter_page_with_no_grid_asked(tmp_path):
    """Three rows need 266.7 mm where full-length marks leave 264.4: taken, marks at least
    1.5 mm, no warning (nothing was asked), backs behind their fronts. About 2 s."""
    game = new_game(tmp_path, "nine")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("size: poker", "size: {width: 2.5 in, height: 3.5 in}\nframe: 0", 1)
                    .replace("copies: 2", "copies: 9"))
    result = pnp("build", "nine", "--lang", "en", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    assert not warnings_of(result), result.output
    pdf = tmp_path / "out" / "nine" / "en" / "cards.pdf"
    reader = PdfReader(pdf)
    fronts, backs = trims(reader, reader.pages[CARDS]), trims(reader, reader.pages[CARDS + 1])
    assert len(fronts) == 9 and {(round(t.x1 / MM - t.x0 / MM, 1), round(t.y1 / MM - t.y0 / MM, 1))
                                 for t in fronts} == {(63.5, 88.9)}
    width = float(reader.pages[CARDS].mediabox[2])
    # flipped on the long edge: each back exactly behind its front
    assert sorted((round(width - t.x1, 2), round(t.y0, 2)) for t in backs) == \
        sorted((round(t.x0, 2), round(t.y0, 2)) for t in fronts)
    top, bottom = max(t.y1 for t in fronts), min(t.y0 for t in fronts)
    with open_pdf(pdf) as doc:
        page = doc.pages[CARDS]
        height = float(page.height)
        upright = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.1]
        above = [ln for ln in upright if height - ln["bottom"] > top]
        below = [ln for ln in upright if height - ln["top"] < bottom]
    for marks in (above, below):      # one mark on each of the four vertical cut lines (drawn on a halo: twice)
        xs = {round(ln["x0"] / MM, 1) for ln in marks}
        assert xs == {round(x / MM, 1) for t in fronts for x in (t.x0, t.x1)}, xs
        assert all(abs(ln["bottom"] - ln["top"]) >= 1.5 * MM - 0.01 for ln in marks)
        assert all(4 * MM - 0.01 <= ln["top"] and ln["bottom"] <= height - 4 * MM + 0.01 for ln in marks)
