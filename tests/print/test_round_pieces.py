"""Round tokens on Taverna's sheets (issue 50): each keeps 3 mm of its own bleed towards every
neighbour (they are cut one by one; sheets.yaml `gutter`: 6 mm between two), and its bleed stays
inside the paper's printable margin, on A4 and Letter, in every version of the cards."""
from __future__ import annotations

import itertools
import math

import pytest
from pypdf import PdfReader

from generator.loading.catalog import load_project
from tests.conftest import ROOT
from tests.print.sheet_geometry import MM, shapes_of, trims

LANGS = ["fr", "en", "de", "ja"]
OWN_BLEED = 3.0       # mm: half the gutter between round pieces
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
                assert gap >= 2 * OWN_BLEED - 0.01, f"{lang}/{name} p. {number}: two tokens {gap:.2f} mm apart"
        assert seen, f"{lang}/{name}: no round token found"
