"""The one-page aid's turn-flow band and legend (issue 50, item 8), measured on the built PDFs:
San Gimignano's "card → card" ran 1.8 mm from step ③, Tournay's two-phase row stopped at half
the band's width and its 45-entry legend filled 39-45 % of a column."""
from __future__ import annotations

import pytest

from generator.player_aids.page import HEAD_SHARE
from tests.pdfs import open_pdf

GAMES = ["san-gimignano", "tournay", "taverna"]
LANGS = ["fr", "en", "de", "ja"]
MM = 72 / 25.4
BAND = (0xF6 / 255, 0xEF / 255, 0xDF / 255)     # the turn flow's background (aids/page.py turn_flow)
FOOT = 12 * MM                                  # the page's bottom margin: only the colophon is there


def _band(page):
    return max((r for r in page.rects if r.get("non_stroking_color") and len(r["non_stroking_color"]) == 3
                and all(abs(a - b) < 0.01 for a, b in zip(r["non_stroking_color"], BAND))),
               key=lambda r: r["width"] * r["height"])


def step_groups(page) -> tuple[dict, list[list[tuple[float, float]]]]:
    """The band, and per row of steps the x extents of each step's group: its number (a disc) and
    its icon group, right of the rows' headings. A row with numbers starts a group at each disc; a
    row without, at each icon group (its glyphs touch: a gap of 2.5 mm starts the next)."""
    band = _band(page)
    left = band["x0"] + HEAD_SHARE * band["width"] - 1
    inside = lambda o: band["top"] <= o["top"] <= band["bottom"] and o["x0"] >= left  # noqa: E731
    objects = [("disc", c["x0"], c["x1"], c["top"]) for c in page.curves if inside(c)]
    # the icon groups: icons, and the figures and signs beside them, set larger than the names (9 pt)
    objects += [("glyph", c["x0"], c["x1"], c["top"]) for c in page.chars if inside(c) and c["text"].strip()
                and ("icons" in c["fontname"] or c["size"] > 9.01) and c["size"] > 8.9]
    rows: list[list] = []
    for o in sorted(objects, key=lambda o: o[3]):
        if rows and o[3] - rows[-1][-1][3] < 12:
            rows[-1].append(o)
        else:
            rows.append([o])
    out = []
    for row in rows:
        numbered = any(o[0] == "disc" for o in row)
        groups: list[list[float]] = []
        for kind, x0, x1, _top in sorted(row, key=lambda o: o[1]):
            starts = kind == "disc" if numbered else (not groups or x0 - groups[-1][1] > 2.5 * MM)
            if starts or not groups:
                groups.append([x0, x1])
            else:
                groups[-1][1] = max(groups[-1][1], x1)
        out.append([tuple(g) for g in groups])
    return band, out


@pytest.mark.parametrize("game", GAMES)
def test_turn_flow_steps_stand_4_mm_apart_and_rows_fill_the_band(built, game):
    for lang in LANGS:
        with open_pdf(built(game) / game / lang / "player-aid.pdf") as pdf:
            band, rows = step_groups(pdf.pages[0])
        assert rows, f"{game}/{lang}: no steps in the turn flow"
        for groups in rows:
            gaps = [(b[0] - a[1]) / MM for a, b in zip(groups, groups[1:])]
            assert len(groups) >= 2 and min(gaps) >= 4.0, f"{game}/{lang}: steps {[round(g, 2) for g in gaps]} mm apart"
            # the last step's group sits in the band's last quarter: a short row is spread, not left-aligned
            reach = (groups[-1][1] - band["x0"]) / band["width"]
            assert reach > 0.75, f"{game}/{lang}: a row of {len(groups)} steps ends at {reach:.0%} of the band"


def legend_share(page) -> float:
    """The legend's height (its heading to its last line) over its column's (the band to the foot)."""
    heads = [w for w in page.extract_words() if w["text"].lower() in ("legend", "legende", "légende", "symbolübersicht")
             or "アイコンの説明" in w["text"]]
    head = heads[-1]
    half = page.width / 2
    left, right = (0, half) if head["x0"] < half else (half, page.width)
    bottom = max(c["bottom"] for c in page.chars if c["top"] >= head["top"] - 1 and left <= c["x0"] < right
                 and c["bottom"] < page.height - FOOT)
    return (bottom - head["top"]) / (page.height - FOOT - _band(page)["bottom"])


@pytest.mark.parametrize("lang", LANGS)
def test_tournays_long_legend_takes_at_most_36_percent_of_its_column(built, lang):
    with open_pdf(built("tournay") / "tournay" / lang / "player-aid.pdf") as pdf:
        share = legend_share(pdf.pages[0])
    assert share <= 0.36, f"tournay/{lang}: the icon legend takes {share:.0%} of its column"


def head_lines(page) -> int:
    """The lines of text in the band's heading column (each row's heading, left of its steps)."""
    band = _band(page)
    right = band["x0"] + HEAD_SHARE * band["width"]
    tops = sorted(c["top"] for c in page.chars if c["text"].strip() and band["top"] <= c["top"] <= band["bottom"]
                  and c["x1"] <= right)
    return sum(1 for a, b in zip([None] + tops, tops) if a is None or b - a > 2)


@pytest.mark.parametrize("game", GAMES)
def test_each_turn_flow_heading_takes_one_line_in_german(built, game):
    """Issue 51, German editor: Tournay's „Dein Zug: ⏎ zwei Phasen“ took two lines in the band's
    heading column; every row's heading is one line (its steps name the phases)."""
    with open_pdf(built(game) / game / "de" / "player-aid.pdf") as pdf:
        page = pdf.pages[0]
        _band_, rows = step_groups(page)
        assert head_lines(page) == len(rows), f"{game}/de: {head_lines(page)} heading lines for {len(rows)} rows"
