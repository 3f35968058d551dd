"""A deck's sheet grid set in data (issue 52, item 6): so many columns and rows, a gap between
them; the deck's cards get sheets of their own, cut cleanly with a mark at every card edge,
their backs behind them; a grid the paper does not hold is one line at its field."""
from __future__ import annotations

import re
import shutil

import pytest
from pypdf import PdfReader

from tests.authoring.helpers import add_deck, new_game
from tests.conftest import ROOT, pnp
from tests.pdfs import open_pdf
from tests.print.cut_checks import cut_tolerances
from tests.print.sheet_geometry import MM, crop_marks, trims

INSTRUCTIONS = 2        # cards.pdf opens with its instructions sheet


def gridded(root, grid: str, copies: int = 8):
    """A `pnp new` game whose deck (market x copies, harbour x1) has the sheet grid `grid`."""
    game = new_game(root, "grid")
    deck = game / "cards.yaml"
    text = deck.read_text().replace("copies: 2 ", f"copies: {copies} ")
    deck.write_text(text.replace("back: {layout: grid/back}\n", "back: {layout: grid/back}\n" + grid, 1))
    return game


def build(root, *args):
    result = pnp("build", "grid", "--only", "cards", "--lang", "en", "--out", str(root / "out"), *args, root=root)
    assert result.exit_code == 0, result.output
    return root / "out" / "grid" / "en" / "cards.pdf"


def test_a_grid_in_data_gives_its_sheets_cut_cleanly_with_backs_behind(tmp_path):
    """2 x 2, 6 mm apart: 9 cards on 3 duplex sheets of at most 4; about 2 s."""
    gridded(tmp_path, "sheet: {columns: 2, rows: 2, gap: 6 mm}\n")
    pdf = build(tmp_path)
    reader = PdfReader(pdf)
    assert len(reader.pages) == INSTRUCTIONS + 3 * 2
    width = float(reader.pages[INSTRUCTIONS].mediabox[2])
    fronts = [trims(reader, reader.pages[i]) for i in range(INSTRUCTIONS, len(reader.pages), 2)]
    backs = [trims(reader, reader.pages[i]) for i in range(INSTRUCTIONS + 1, len(reader.pages), 2)]
    assert [len(page) for page in fronts] == [4, 4, 1]
    xs = sorted({round(t.x0, 2) for t in fronts[0]})
    ys = sorted({round(t.y0, 2) for t in fronts[0]})
    assert [round((b - a) / MM, 1) for a, b in (xs, ys)] == [63 + 6, 88 + 6]     # card and gap, both axes
    # the last sheet's card where it is on a full sheet (top left)
    assert (fronts[2][0].x0, fronts[2][0].y1) == (min(t.x0 for t in fronts[0]), max(t.y1 for t in fronts[0]))
    for front, back in zip(fronts, backs):     # flipped on the long edge: each back behind its front
        assert sorted((round(width - t.x1, 2), round(t.y0, 2)) for t in back) == \
            sorted((round(t.x0, 2), round(t.y0, 2)) for t in front)
    # every cut keeps the colour inside it 2.5 mm past it (the white frame, then white paper)
    assert min(c.clean for c in cut_tolerances(pdf, first_page=INSTRUCTIONS + 1)) >= 2.5
    with open_pdf(pdf) as doc:            # a mark on each card's own cut lines, both sides of a gap
        page = doc.pages[INSTRUCTIONS]
        marks = crop_marks(page, fronts[0])
        height = float(page.height)
        for t in fronts[0]:
            for x in (t.x0 / MM, t.x1 / MM):
                assert any(abs(m[0] - x) < 0.1 and abs(m[2] - x) < 0.1 for m in marks), x
            for y in ((height - t.y1) / MM, (height - t.y0) / MM):
                assert any(abs(m[1] - y) < 0.1 and abs(m[3] - y) < 0.1 for m in marks), y


def test_a_deck_with_its_own_grid_shares_no_sheet(tmp_path):
    """The game's grid for its decks, a deck's own grid over it; a deck of another grid (or of
    none) never shares a sheet with it."""
    game = gridded(tmp_path, "sheet: {columns: 1, rows: 1}\n", copies=1)
    game_file = game / "game.yaml"
    game_file.write_text(game_file.read_text().replace("decks: [cards]", "sheet: {columns: 3, rows: 2, gap: 0}\n"
                                                       "decks: [cards]"))
    other = (game / "cards.yaml").read_text().replace("deck: cards", "deck: more").replace(
        "sheet: {columns: 1, rows: 1}\n", "").replace("id: market", "id: plaza").replace("id: harbour", "id: quay")
    add_deck(game, "more", other.replace("copies: 1 ", "copies: 6 "))
    reader = PdfReader(build(tmp_path, "--duplex", "none"))
    decks = [sorted({t.form.split(".")[1] for t in trims(reader, page)}) for page in reader.pages[INSTRUCTIONS:]]
    counts = [len(trims(reader, page)) for page in reader.pages[INSTRUCTIONS:]]
    assert list(zip(decks, counts)) == [(["cards"], 1), (["cards"], 1), (["more"], 6), (["more"], 1)]


def _one_line(root, *command) -> str:
    result = pnp(*command, root=root)
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines()
             if line.strip() and not re.match(r"\d+ problem\(s\)|Nothing was written|skipped \d", line)]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def _line_of(path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize("where, grid, field, expected", [
    ("deck", "sheet:\n  columns: 4\n  rows: 3\n  gap: 0\n", "columns",
     r"letter paper holds 3 x 3 cards of 63 x 88 mm, not 4 x 3: 4 columns need 252 mm across, it has 195 mm, "),
    ("deck", "sheet:\n  rows: 3\n  gap: 0.25 in\n", "rows",
     r"holds 2 x 2 cards of 63 x 88 mm 6\.35 mm apart, not 2 x 3: 3 rows need 276\.7 mm down, it has 264\.4 mm, "),
    ("game", "sheet:\n  columns: 5\n", "columns", r"holds 3 x 3 cards .*, not 5 x 3: 5 columns need 315 mm across"),
    ("deck", "sheet:\n  gap: 12 px\n", "gap", r"'12 px' in pixels, but the sheet says no dpi"),
])
def test_a_grid_the_paper_does_not_hold_is_one_line(tmp_path, where, grid, field, expected):
    game = gridded(tmp_path, grid if where == "deck" else "")
    path = game / ("cards.yaml" if where == "deck" else "game.yaml")
    if where == "game":
        path.write_text(path.read_text().replace("decks: [cards]", grid + "decks: [cards]"))
    line = _line_of(path, f"  {field}:" if f"  {field}:" in grid else "sheet:")
    found = _one_line(tmp_path, "validate", "grid")
    assert found.startswith(f"cards/grid/{path.name}:{line}: sheet.{field}: "), found
    assert re.search(expected, found), found
    if field != "gap":            # the build says it at the same line, and writes nothing
        built = _one_line(tmp_path, "build", "grid", "--out", str(tmp_path / "out"))
        assert f"cards/grid/{path.name}:{line}: sheet.{field}: " in built
        assert not list((tmp_path / "out").rglob("*.pdf"))


def test_a_frameless_grid_refused_says_across_and_down_apart_and_the_fix(tmp_path):
    """Issue 52: 'need 204.5 mm across, letter paper has 195 mm and 280.7 mm down, letter paper
    has …' ran across and down together; each is now its own clause, and the fix follows."""
    game = gridded(tmp_path, "frame: 0\nsheet: {columns: 3, rows: 3, gap: 7}\n")
    found = _one_line(tmp_path, "validate", "grid", "--paper", "letter")
    line = _line_of(game / "cards.yaml", "sheet:")
    assert found.startswith(f"cards/grid/cards.yaml:{line}: sheet.columns: letter paper holds 2 x 2 "), found
    assert "3 columns need 203 mm across, it has 195 mm; 3 rows need 278 mm down, it has 264.4 mm, " in found
    # A4 is 195 mm across too: it is no fix (issue 52, newcomer 12's Letter <-> A4 ping-pong)
    assert found.endswith("(expected fewer columns or rows (at most 2 x 2 on letter paper, 2 x 3 on a4 paper), "
                          "a smaller gap)"), found


def test_a_frameless_grid_without_a_gap_touches_where_the_paper_has_no_room_for_one(tmp_path):
    """Issue 52: `frame: 0` and 3 x 3 on Letter, no gap asked for: the cards were kept 7 mm apart
    and the grid refused; they now touch and share their cuts, as frameless cards of one border
    do without a grid (a gap where the paper has room). About 2 s."""
    gridded(tmp_path, "frame: 0\nsheet: {columns: 3, rows: 3}\n")
    result = pnp("validate", "grid", "--paper", "letter", root=tmp_path)
    assert result.exit_code == 0, result.output
    reader = PdfReader(build(tmp_path, "--paper", "letter", "--duplex", "none"))
    fronts = [t for t in trims(reader, reader.pages[INSTRUCTIONS]) if not t.form.endswith(".back")]
    assert len(fronts) == 9
    xs = sorted({round(t.x0 / MM, 2) for t in fronts})
    assert all(abs(b - a - 63) < 0.05 for a, b in zip(xs, xs[1:])) and len(xs) == 3, xs   # touching: pitch = card


def test_hexagonal_tiles_in_a_grid_keep_their_own_bleed(tmp_path):
    """Round and hexagonal pieces, cut one by one: a gap under sheets.yaml's `gutter` is one line
    (at 0 they had no bleed at all, their cuts 0 mm clean); at 7 mm their cuts are as clean as
    without a grid. About 2 s."""
    shutil.copytree(ROOT / "examples" / "board-and-hex", tmp_path, dirs_exist_ok=True)
    tiles = tmp_path / "cards" / "board-demo" / "terrain.yaml"
    text = tiles.read_text()
    tiles.write_text(text.replace("size: hex-50\n", "size: hex-50\nsheet: {columns: 3, rows: 3, gap: 0}\n", 1))
    assert re.search(r"terrain\.yaml:5: sheet\.gap: a gap of 0 mm between hexagonal pieces .* at least 7 mm",
                     _one_line(tmp_path, "validate", "board-demo"))
    tiles.write_text(text.replace("size: hex-50\n", "size: hex-50\nsheet: {columns: 3, rows: 3, gap: 7}\n", 1))
    result = pnp("build", "board-demo", "--only", "cards", "--lang", "en", "--duplex", "none",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "board-demo" / "en" / "cards.pdf"
    reader = PdfReader(pdf)
    placed = [trims(reader, page) for page in reader.pages[INSTRUCTIONS:]]
    tiles_per_page = [len([t for t in page if ".terrain." in t.form]) for page in placed]
    assert [n for n in tiles_per_page if n] == [9, 5]           # 14 tiles, 3 x 3 a sheet
    cuts = cut_tolerances(pdf, lambda form: "hex" if ".terrain." in form else "rect", first_page=INSTRUCTIONS + 1)
    assert min(c.clean for c in cuts if ".terrain." in c.form) >= 2.0


def test_only_the_length_pattern_is_worded_as_a_length():
    """One rule says what a length is (datafile/lengths.py): another field whose pattern merely
    names px and % is not told it is not a length."""
    from typing import Annotated

    from pydantic import BaseModel, Field

    from datafile.errors import DataError
    from datafile.validate import validate

    class Form(BaseModel):
        unit: Annotated[str, Field(pattern=r"^(px|%)$")]
    with pytest.raises(DataError) as refused:
        validate(Form, {"unit": "em"}, "form.yaml")
    assert "is not a length" not in str(refused.value)


def test_a_card_larger_than_the_paper_is_one_line_at_its_size_in_validate_and_build(tmp_path):
    """The build said 'build failed: a 300x88 mm card does not fit…' with no file or line."""
    game = gridded(tmp_path, "")
    deck = game / "cards.yaml"
    deck.write_text(re.sub(r"(?m)^size: .*$", "size: {width: 300, height: 88}", deck.read_text()))
    line = _line_of(deck, "size: {width: 300")
    for command in (("validate", "grid"), ("build", "grid", "--out", str(tmp_path / "out"))):
        found = _one_line(tmp_path, *command)
        assert f"cards/grid/cards.yaml:{line}: size: " in found, found
    assert not list((tmp_path / "out").rglob("*.pdf"))


def test_a_gap_that_is_not_a_length_is_not_offered_a_percentage(tmp_path):
    """A sheet has no card to take a % of: its hint names the sheet's units only."""
    gridded(tmp_path, "sheet: {gap: 12 furlongs}\n")
    found = _one_line(tmp_path, "validate", "grid")
    assert "sheet.gap: '12 furlongs' is not a length" in found and "%" not in found, found


def test_a_grid_validate_accepts_builds_its_fold_over_version(tmp_path):
    """Issue 52: 2 x 2 an eighth of an inch apart fits letter, but not beside the fold; validate
    said ok and the default build failed on cards-fold-over.pdf. The fold-over sheets keep the
    gap and as many columns and rows as half the page holds: 1 x 2 here, 9 cards on 5 fold pages; ~2 s."""
    gridded(tmp_path, "sheet: {columns: 2, rows: 2, gap: 0.125 in}\n")
    assert pnp("validate", "grid", root=tmp_path).exit_code == 0
    result = pnp("build", "grid", "--only", "cards-fold-over", "--lang", "en", "--paper", "letter",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "out" / "grid" / "en" / "cards-fold-over.pdf")
    fronts = [[t for t in trims(reader, page) if not t.form.endswith(".back")]
              for page in reader.pages[INSTRUCTIONS:]]
    assert [len(page) for page in fronts] == [2, 2, 2, 2, 1]
    a, b = fronts[0]        # side by side above a fold across the page, or one above the other beside it
    pitch = abs(a.x0 - b.x0) / MM + abs(a.y0 - b.y0) / MM
    assert abs(pitch - (63 + 3.175)) < 0.05 or abs(pitch - (88 + 3.175)) < 0.05, pitch   # the grid's gap kept
