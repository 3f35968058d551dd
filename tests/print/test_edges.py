"""Nothing against an edge (issue 50, item 5): every letter and every icon of every face of every
game, in every language, on the cards and the aid cards, keeps 2.5 mm inside its panel (where
its colour ends on the printed sheet) or, on no panel, inside the trim; a label under a coin is
centred under it. Read from the session's full build (tests/print/edge_checks.py)."""
from __future__ import annotations

import pytest

from tests.pdfs import open_pdf
from tests.print.edge_checks import nearest_edges
from tests.print.sheet_geometry import MM, trims
from pypdf import PdfReader

GAMES = ["san-gimignano", "tournay", "taverna"]
LANGS = ["fr", "en", "de", "ja"]
INSIDE_MM = 2.5


@pytest.mark.slow   # every glyph of 24 PDFs (about 40 000 on Tournay's cards): 4-15 s a game
@pytest.mark.parametrize("game", GAMES)
def test_every_letter_and_icon_keeps_clear_of_its_edge(built, game):
    out = built(game)
    worst, offenders = {}, []
    for lang in LANGS:
        for name in ("cards.pdf", "player-aid-card.pdf"):
            near = nearest_edges(out / game / lang / name)
            assert near, f"{game}/{lang}/{name}: no glyph read"
            closest = min(near, key=lambda n: n.mm)
            worst[f"{lang}/{name}"] = round(closest.mm, 2)
            offenders += [f"{lang}/{name} {n.form} {n.text!r} {n.mm:.2f} mm from {n.edge}"
                          for n in near if n.mm < INSIDE_MM - 0.005]
    assert not offenders, f"{len(offenders)} glyphs nearer than {INSIDE_MM} mm to their edge " \
                          f"(closest per file {worst}):\n" + "\n".join(sorted(set(offenders))[:15])


def _discs(page, face, height):
    """Circles at least 10 mm across drawn on a face (a coin, a badge): (x0, x1, bottom) in mm."""
    for shape in page.curves:
        if any(step[0] == "l" for step in shape.get("path") or []):
            continue                    # a rounded rectangle
        x0, x1 = (shape["x0"] - face.x0) / MM, (shape["x1"] - face.x0) / MM
        top, bottom = (shape["top"] - (height - face.y1)) / MM, (shape["bottom"] - (height - face.y1)) / MM
        on_face = 0 <= x0 and x1 <= (face.x1 - face.x0) / MM and 0 <= top and bottom <= (face.y1 - face.y0) / MM
        if on_face and x1 - x0 >= 10 and abs((x1 - x0) - (bottom - top)) < 0.2:
            yield x0, x1, bottom


@pytest.mark.slow      # ~1.3 s a language: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("lang", LANGS)
def test_a_label_under_a_coin_is_centred_under_it(built, lang):
    """Tournay's cost label ("discard 1") and points flag, Taverna's "sous": each line that
    starts within 3 mm below a disc and stays within 4 mm of its sides is centred on the disc."""
    checked, off = 0, []
    for game in ("tournay", "taverna"):
        pdf = built(game) / game / lang / "cards.pdf"
        reader, seen = PdfReader(pdf), set()
        with open_pdf(pdf) as doc:
            for page, pdf_page in zip(doc.pages, reader.pages):
                height = float(page.height)
                for face in trims(reader, pdf_page):
                    if face.form in seen:
                        continue
                    seen.add(face.form)
                    glyphs = [((c["x0"] - face.x0) / MM, (c["x1"] - face.x0) / MM,
                               round((c["top"] - (height - face.y1)) / MM, 1))
                              for c in page.chars if c["text"].strip()
                              and face.x0 <= (c["x0"] + c["x1"]) / 2 <= face.x1
                              and height - face.y1 <= (c["top"] + c["bottom"]) / 2 <= height - face.y0]
                    for x0, x1, bottom in _discs(page, face, height):
                        for top in sorted({g[2] for g in glyphs if bottom - 0.5 <= g[2] <= bottom + 3}):
                            line = [g for g in glyphs if g[2] == top]
                            left, right = min(g[0] for g in line), max(g[1] for g in line)
                            if left < x0 - 4 or right > x1 + 4:
                                continue            # a title across the card, not this disc's label
                            checked += 1
                            if abs((left + right) / 2 - (x0 + x1) / 2) > 0.3:
                                off.append(f"{face.form}: line at {left:.1f}–{right:.1f} mm under the disc "
                                           f"at {x0:.1f}–{x1:.1f} mm")
    assert checked >= 10, f"only {checked} labels under a disc found"
    assert not off, "\n".join(off[:10])
