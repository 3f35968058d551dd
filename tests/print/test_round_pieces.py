"""Round tokens on Taverna's sheets (issue 50): each keeps 3 mm of its own bleed towards every
neighbour (they are cut one by one; sheets.yaml `gutter`: 7 mm between two), with 1 mm of bare
paper between two bleeds for the scissors, its bleed inside the paper's printable margin, on A4
and Letter, in every version of the cards; a part-filled row is centred on the sheet."""
from __future__ import annotations

import itertools
import math

import pytest
from pypdf import PdfReader

from generator.loading.catalog import load_project
from tests.conftest import ROOT
from tests.print.sheet_geometry import MM, render, shapes_of, trims

LANGS = ["fr", "en", "de", "ja"]
OWN_BLEED = 3.0       # mm: each round piece's own bleed
SCISSORS = 1.0        # mm of bare paper between two bleeds
MARGIN = 4.0          # mm: layouts/sheets.yaml `margin`


@pytest.mark.parametrize("name", ["cards.pdf", "cards-fold-over.pdf", "cards-ink-saver.pdf"])
def test_round_tokens_keep_their_bleed(built, name):
    shape = shapes_of(load_project(ROOT, ["taverna"]), "taverna")
    for lang in LANGS:
        reader = PdfReader(built("taverna") / "taverna" / lang / name)
        width = float(reader.pages[0].mediabox.width)
        height = float(reader.pages[0].mediabox.height)
        seen = 0
        for number, page in enumerate(reader.pages, 1):
            rounds = [t for t in trims(reader, page, shape) if t.shape == "round"]
            seen += len(rounds)
            for t in rounds:
                edge = min(t.x0, t.y0, width - t.x1, height - t.y1) / MM - OWN_BLEED
                assert edge >= MARGIN - 0.01, f"{lang}/{name} p. {number}: a token's bleed {edge:.2f} mm from the edge"
            for a, b in itertools.combinations(rounds, 2):
                gap = (math.dist(((a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2), ((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2))
                       - (a.x1 - a.x0) / 2 - (b.x1 - b.x0) / 2) / MM
                assert gap >= 2 * OWN_BLEED + SCISSORS - 0.01, f"{lang}/{name} p. {number}: two tokens {gap:.2f} mm apart"
        assert seen, f"{lang}/{name}: no round token found"


def _rows(rounds):
    rows: dict[tuple, list] = {}
    for t in rounds:
        rows.setdefault((round((t.y0 + t.y1) / 2 / MM, 1), round((t.x1 - t.x0) / MM, 1)), []).append(t)
    return rows


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_token_rows_are_centred_with_paper_between_bleeds(built, lang):
    """Print review (issue 50): the King and Queen row sat left (26-102 mm under a 12-198 mm grid),
    as did the last privilege row, and two neighbours' bleeds touched. Every row of tokens is
    centred on the sheet, and halfway between two neighbours the paper is bare (white)."""
    path = built("taverna") / "taverna" / lang / "cards.pdf"
    shape = shapes_of(load_project(ROOT, ["taverna"]), "taverna")
    reader = PdfReader(path)
    dpi = 150
    images = render(path, dpi)
    rows_seen = pairs = 0
    for number, (page, image) in enumerate(zip(reader.pages, images), 1):
        rounds = [t for t in trims(reader, page, shape) if t.shape == "round"]
        if not rounds:
            continue
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        for (y, diameter), row in _rows(rounds).items():
            middle = (min(t.x0 for t in row) + max(t.x1 for t in row)) / 2
            rows_seen += 1
            assert abs(middle - width / 2) <= 0.3 * MM, (
                f"{lang} p. {number}: a row of {len(row)} tokens of {diameter} mm spans "
                f"{min(t.x0 for t in row) / MM:.1f}-{max(t.x1 for t in row) / MM:.1f} mm, not centred")
        for a, b in itertools.combinations(rounds, 2):
            ca, cb = ((a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2), ((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2)
            ra, rb = (a.x1 - a.x0) / 2, (b.x1 - b.x0) / 2
            distance = math.dist(ca, cb)
            if distance > ra + rb + 10 * MM:
                continue            # not neighbours
            # the point halfway between the two bleeds, on the line between the centres
            along = (ra + OWN_BLEED * MM + (distance - ra - rb - 2 * OWN_BLEED * MM) / 2) / distance
            x, y = ca[0] + (cb[0] - ca[0]) * along, ca[1] + (cb[1] - ca[1]) * along
            pixel = image.getpixel((int(x * dpi / 72), int((height - y) * dpi / 72)))
            pairs += 1
            assert min(pixel[:3]) >= 245, f"{lang} p. {number}: {pixel} between two tokens' bleeds at " \
                                          f"({x / MM:.1f}, {(height - y) / MM:.1f}) mm"
    assert rows_seen >= 6 and pairs >= 40
