"""Card sheets as a knife and a ruler find them (issue 50): every cut keeps the colour just inside
it for 2.5 mm past it (a shared white frame, or a round piece's own bleed), crop marks a ruler
finds, and no empty slot but on the last sheet of a print group, on A4 and on Letter."""
from __future__ import annotations

from dataclasses import replace

import pytest

from generator.loading.catalog import load_project
from generator.reading.i18n import Translator
from generator.paper.imposition import Layout
from generator.paper.sheet_options import SheetOptions
from generator.paper.packing import size_key
from generator.products.cards import _pieces
from tests.conftest import ROOT
from tests.print.cut_checks import cut_tolerances, marks_found
from tests.print.sheet_geometry import shapes_of

GAMES = ["san-gimignano", "tournay", "taverna"]


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT, GAMES)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_hole_but_on_the_last_sheet_of_a_group(project, game, paper):
    data = project.games[game]
    options = replace(SheetOptions(), paper=paper)
    labels = Translator(project.root, "en", allow_missing=True)
    pieces = [p for deck in data.decks for p in _pieces(project, data, deck, "en", labels, options)]
    sheets = [s for s in Layout(project.sheets, options).pack(pieces) if s.kind != "board"]
    groups: dict[tuple, list] = {}
    for sheet in sheets:
        groups.setdefault((sheet.kind, tuple(size_key(b.size) for b in sheet.blocks)), []).append(sheet)
    for (kind, sizes), members in groups.items():
        for number, sheet in enumerate(members[:-1], 1):
            for block in sheet.blocks:
                empty = block.frame.cols.count * block.used_rows - len(block.slots)
                assert empty == 0, f"{game} on {paper}: {kind} sheet {number} of {len(members)} " \
                                   f"({block.size.width:g}x{block.size.height:g} mm) has {empty} empty slot(s)"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_cut_is_clean_and_every_mark_findable(built, project, game):
    """Every cut of every sheet, A4 (fr) and Letter (en); about 4 s a game."""
    for lang in ("fr", "en"):
        pdf = built(game) / game / lang / "cards.pdf"
        shape = shapes_of(project, game)
        cuts = cut_tolerances(pdf, shape, first_page=3)
        rect = [c for c in cuts if shape(c.form) == "rect"]
        worst = min(rect, key=lambda c: c.clean)
        assert worst.clean >= 2.5, f"{pdf}: {worst}"
        shaped = [c for c in cuts if shape(c.form) != "rect"]
        if shaped:      # their own bleed, measured past a black cut line on a white halo
            worst = min(shaped, key=lambda c: c.clean)
            assert worst.clean >= 2.0, f"{pdf}: {worst}"
        marks = marks_found(pdf, first_page=3)
        assert marks
        assert min(m.width for m in marks) >= 0.5
        assert min(m.length for m in marks) >= 3.0 - 0.01
        assert min(m.from_edge for m in marks) >= 4.0 - 0.01
