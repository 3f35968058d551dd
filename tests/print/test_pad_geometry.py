"""Score pads a pencil can use (issue 50, item 7), measured on every built pad in every language:
rows ≥ 9 mm, columns ≥ 24 mm, every label's glyphs clear of its row's rules, framed result boxes
on every row, the same orientation in every language, a winner line."""
from __future__ import annotations

import pytest

from tests.pdfs import open_pdf
from tests.print.test_leaks import GAMES, LANGS

MM = 72 / 25.4
HEADS = {"en": ("Player", "Total"), "fr": ("Joueur", "Total"), "de": ("Spieler", "Summe"), "ja": ("プレイヤー", "合計")}
WINNER = {"en": "Winner", "fr": "Vainqueur", "de": "Sieger", "ja": "勝者"}


@pytest.fixture(scope="module")
def pads(full_build):
    return full_build                # the session's build, every pad among it


def _rules(page):
    """The table's rules (the dashed cut lines are thinner): horizontal (y, x0, x1) and vertical
    (x, top, bottom)."""
    lines = [l for l in page.lines if l["linewidth"] >= 0.5]
    across = [(l["top"], l["x0"], l["x1"]) for l in lines if abs(l["top"] - l["bottom"]) < 0.1]
    down = [(l["x0"], l["top"], l["bottom"]) for l in lines if abs(l["x0"] - l["x1"]) < 0.1]
    return across, down


def _spans(positions, crossing):
    """Gaps between neighbouring rules that a perpendicular rule runs across: a pad's rows or
    columns (the gutter between two pads has none)."""
    ps = sorted({round(p, 1) for p in positions})
    return [(a, b) for a, b in zip(ps, ps[1:])
            if any(lo <= a + 0.5 and hi >= b - 0.5 for lo, hi in crossing)]


def measure(pdf):
    with open_pdf(pdf) as doc:
        page = doc.pages[0]
        across, down = _rules(page)
        rows = _spans([y for y, _a, _b in across], [(t, b) for _x, t, b in down])
        cols = _spans([x for x, _t, _b in down], [(a, b) for _y, a, b in across])
        boxes = [r for r in page.rects if r["stroke"] and not r["fill"] and r["height"] < 20 * MM]
        return {"landscape": page.width > page.height, "rows": rows, "cols": cols, "across": across,
                "chars": [c for c in page.chars if c["text"].strip()], "boxes": boxes, "text": page.extract_text()}


@pytest.mark.parametrize("game", GAMES)
def test_pads_a_pencil_can_use(pads, game):
    orientations = set()
    for lang in LANGS:
        m = measure(pads / game / lang / "score-pad.pdf")
        where = f"{game}/{lang}"
        orientations.add(m["landscape"])
        heights = [b - a for a, b in m["rows"]]
        widths = [b - a for a, b in m["cols"]]
        assert len(heights) > 3 and min(heights) >= 9 * MM - 0.2, (where, min(heights) / MM)
        assert len(widths) > 2 and min(widths) >= 24 * MM - 0.2, (where, min(widths) / MM)
        # every glyph inside the table stays ≥ 0.5 mm from the rules above and below it
        for c in m["chars"]:
            rules = [y for y, x0, x1 in m["across"] if x0 - 0.5 <= c["x0"] and c["x1"] <= x1 + 0.5]
            if not rules or not min(rules) < c["top"] < max(rules):
                continue
            near = min(min(abs(c["top"] - y), abs(c["bottom"] - y)) for y in rules)
            crossed = any(c["top"] < y < c["bottom"] for y in rules)
            assert not crossed and near >= 0.5 * MM, (where, c["text"], round(near / MM, 2))
        # framed result boxes, each inside one row and roomy enough for a number
        assert m["boxes"], (where, "no result box")
        for box in m["boxes"]:
            assert box["width"] >= 10 * MM and box["height"] >= 6 * MM, (where, box["width"] / MM)
            assert any(a <= box["top"] and box["bottom"] <= b for a, b in m["rows"]), where
        # one result box per player on every row but the header and the total (issue 50 item 7)
        per_row = set()
        for a, b in m["rows"]:
            inside = [x for x in m["boxes"] if a <= x["top"] and x["bottom"] <= b]
            if inside:
                per_row.add(len(inside))
                continue
            text = "".join(c["text"] for c in m["chars"] if a <= c["top"] and c["bottom"] <= b)
            assert any(w in text for w in HEADS[lang]), (where, "a row without a result box", text[:40])
        assert len(per_row) == 1, (where, "rows with different numbers of result boxes", per_row)
        assert WINNER[lang] in m["text"], where
    assert len(orientations) == 1, f"{game}: the pad turns with the language"


COLOPHON_CLEAR = 2.0     # mm between the last note line under a pad and the colophon below it


@pytest.mark.parametrize("game", GAMES)
def test_colophon_keeps_clear_of_the_pads_last_line(pads, game):
    """Print review (issue 50): on Tournay's Letter pad the colophon began 0.9 mm under the tie-break
    line. Under the lowest table, the colophon's lines (7.5 pt at most) start 2 mm or more below
    the last note line (winner, tie-break: larger) on every pad, paper and language."""
    for lang in LANGS:
        with open_pdf(pads / game / lang / "score-pad.pdf") as doc:
            page = doc.pages[0]
            across, _down = _rules(page)
            table_bottom = max(y for y, _x0, _x1 in across)
            below = [c for c in page.chars if c["text"].strip() and c["top"] > table_bottom]
            colophon = [c for c in below if c["size"] <= 7.55]
            notes = [c for c in below if c["size"] > 7.55]
            assert colophon and notes, f"{game}/{lang}: {len(colophon)} colophon, {len(notes)} note glyphs"
            gap = (min(c["top"] for c in colophon) - max(c["bottom"] for c in notes)) / MM
            assert gap >= COLOPHON_CLEAR, f"{game}/{lang}: the colophon {gap:.2f} mm under the last note line"
