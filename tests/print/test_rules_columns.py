"""rules.pdf's columns are full (issue 50): a figure that does not fit waits for the next column
while the text after it fills this one, and a column that ends early is set flush bottom."""
from __future__ import annotations

import pytest

from generator.products.rules_pdf import BOTTOM, GAP, MARGIN
from tests.conftest import build_into, shared_build
from tests.pdfs import open_pdf

GAMES = ["san-gimignano", "tournay", "taverna"]
LANGS = ["fr", "en", "de", "ja"]
MOST_BLANK = 0.12      # "about 10 %" of a column's height below its last line, every page but the last


@pytest.fixture(scope="session")
def english_a4(tmp_path_factory):
    return shared_build(tmp_path_factory, "rules-en-a4", build_into("--only", "rules", "--lang", "en", "--paper", "a4"))


def column_blanks(pdf) -> list[list[float | None]]:
    """Per page, the blank share of each column (None: an empty column): from the lowest line,
    rule or drawing of the column to the column's foot, over the column's height (its top is
    where the rule between the columns starts: below the title block on page 1)."""
    out = []
    with open_pdf(pdf) as doc:
        for page in doc.pages:
            width, height = float(page.width), float(page.height)
            column = (width - 2 * MARGIN - GAP) / 2
            middle = MARGIN + column + GAP / 2
            rule = [line["top"] for line in page.lines if abs(line["x0"] - middle) < 1 and abs(line["x1"] - middle) < 1]
            top, foot = (min(rule) if rule else 0.0), height - BOTTOM
            shapes = page.chars + page.rects + page.lines + page.curves + page.images
            blanks = []
            for i in range(2):
                left = MARGIN + i * (column + GAP)
                inside = [o["bottom"] for o in shapes if o["x0"] >= left - 1 and o["x1"] <= left + column + 1
                          and o["top"] >= top - 1 and o["bottom"] < foot + 2]
                blanks.append((foot - max(inside)) / (foot - top) if inside else None)
            out.append(blanks)
    return out


def assert_columns_full(pdf, name: str) -> None:
    pages = column_blanks(pdf)
    assert len(pages) > 1
    for number, blanks in enumerate(pages[:-1], 1):
        for side, blank in zip(("left", "right"), blanks):
            assert blank is not None and blank <= MOST_BLANK, \
                f"{name} p. {number}: the {side} column is {'empty' if blank is None else f'{blank:.0%} blank'}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_no_column_before_the_last_page_is_more_than_a_tenth_blank(full_build, game, lang):
    assert_columns_full(full_build / game / lang / "rules.pdf", f"{game}/{lang}")


@pytest.mark.slow      # its own build of the three English rules on A4: about 20 s on a busy machine
@pytest.mark.parametrize("game", GAMES)
def test_english_on_a4_fills_its_columns_too(english_a4, game):
    assert_columns_full(english_a4 / game / "en" / "rules.pdf", f"{game}/en on A4")


def assert_print_box(pdf, game: str, lang: str) -> None:
    """Page 1's print-and-assemble box is a table: each printed deck's count stands in its own
    cell (not "Tower cards ×45" in a run-on list), beside the size of its pieces."""
    import re

    from generator.loading.catalog import load_project
    from tests.conftest import ROOT
    project = load_project(ROOT, [game])
    data = project.games[game]
    with open_pdf(pdf) as doc:
        text = doc.pages[0].extract_text()
    box = text[:text.index(CONTENTS[lang])]
    assert not re.search(r"(?<![\d\s])\s?×\d", box), f"{game}/{lang}: counts in a run-on list"
    # a size stays whole on its line: "40 × 40" above "mm", "直径" above "25mm" (editor's pass)
    assert not re.search(r"(?<![\d\u00a0 ])mm\b|(?<!\d)[\u00a0 ]mm\b|(?:⌀|直径)\s*$", box, re.M), \
        f"{game}/{lang}: a size split from its unit"
    numbers = re.findall(r"(?<![\d.,×])\d+(?![\d.,×])", box.replace("\u00a0", " "))
    for deck in data.decks:
        if deck.physical_count:
            assert str(deck.physical_count) in numbers, f"{game}/{lang}: no count cell for {deck.deck}"
            size = project.size_of(deck)
            shown = f"{size.width:g}" if size.shape == "round" else f"{size.width:g} × {size.height:g}"
            assert shown in box.replace("\u00a0", " ").replace("×", " × ").replace("  ", " "), \
                f"{game}/{lang}: no size for {deck.deck}"


CONTENTS = {"fr": "Sommaire", "en": "Contents", "de": "Inhalt", "ja": "目次"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_print_box_is_a_table_of_pieces_counts_and_sizes(full_build, game, lang):
    assert_print_box(full_build / game / lang / "rules.pdf", game, lang)


def test_a_columns_copy_leaves_its_placed_blocks_behind():
    """ReportLab deep-copies the current frame at every KeepTogether it measures; the Column's
    blocks placed so far went along, and a full build's rules cost 78 CPU-s instead of 6."""
    import copy
    from reportlab.platypus import Paragraph
    from generator.products.rules_columns import Column
    column = Column(0, 0, 100, 100)
    block = Paragraph("a block")
    column.placed.append((block, 0, 0, 0))
    clone = copy.deepcopy(column)
    assert clone.placed == [] and column.placed == [(block, 0, 0, 0)]
    assert (clone._x1, clone._y1, clone._width, clone._height) == (column._x1, column._y1, 100, 100)


# builds and reads whole projects or PDFs: the full run reads them (-m "not slow" <= 90 s)
pytestmark = pytest.mark.slow
