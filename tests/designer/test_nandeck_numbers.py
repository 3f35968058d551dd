"""nanDECK's numbers read as pnp's (issue 52, newcomer 12): `quantity: 2` (LINKMULTI), a grid no
paper holds, a size in cm read as mm, a box in % read as mm, and a real 3 x 5 in card taken for
a card with its bleed. Each is one line at the line that says it, with the fix that works."""
from __future__ import annotations

import pytest

from tests.authoring.helpers import edit_layout, new_game, one_warning, warnings_of
from tests.conftest import pnp


def _deck(root, old_key: str, new: str) -> int:
    """Replace the deck file's `old_key:` line (or add `new` after `size:`); its line number."""
    deck = root / "cards" / "spice-road" / "cards.yaml"
    text = deck.read_text()
    lines = text.split("\n")
    at = next(i for i, row in enumerate(lines) if row.startswith(f"{old_key}:"))
    if new.startswith(f"{old_key}:"):
        lines[at] = new
    else:
        lines.insert(at + 1, new)
        at += 1
    deck.write_text("\n".join(lines))
    return at + 1




def test_a_count_as_quantity_names_the_column_and_the_copies_column(tmp_path):
    new_game(tmp_path)
    line = _deck(tmp_path, "size", "quantity: 2")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1, result.output
    rows = result.output.strip().splitlines()
    assert len(rows) == 2, result.output
    assert rows[0].startswith(f"cards/spice-road/cards.yaml:{line}: quantity: "), rows
    assert "column" in rows[0] and "copies" in rows[0] and "quotes" not in rows[0], rows


@pytest.mark.parametrize("size", ["{width: 3 in, height: 5 in}", "{width: 76.2, height: 127}"])
def test_a_3_by_5_in_index_card_is_a_card_not_a_tarot_card_with_its_bleed(tmp_path, size):
    new_game(tmp_path)
    _deck(tmp_path, "size", f"size: {size}")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0 and warnings_of(result) == [], result.output


def test_canvas_bleed_0_says_a_size_that_looks_like_a_card_with_bleed_is_meant(tmp_path):
    new_game(tmp_path)
    _deck(tmp_path, "size", "size: {width: 69.85, height: 95.25}")
    warned = warnings_of(pnp("validate", "spice-road", root=tmp_path))
    assert len(warned) == 1 and "canvas_bleed: 0" in warned[0], warned
    edit_layout(tmp_path, "layouts:\n  card:\n", "layouts:\n  card:\n    canvas_bleed: 0\n")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0 and warnings_of(result) == [], result.output


@pytest.mark.parametrize("paper, other", [("letter", "a4"), ("a4", "letter")])
def test_a_grid_no_paper_holds_suggests_no_other_paper(tmp_path, paper, other):
    """3 x 3 cards of 3 x 5 in: Letter suggested A4 and A4 suggested Letter; neither holds them."""
    new_game(tmp_path)
    _deck(tmp_path, "size", "size: {width: 3 in, height: 5 in}")
    line = _deck(tmp_path, "size", "sheet: {columns: 3, rows: 3}")
    result = pnp("validate", "spice-road", "--paper", paper, root=tmp_path)
    assert result.exit_code == 1, result.output
    row = result.output.strip().splitlines()[0]
    assert row.startswith(f"cards/spice-road/cards.yaml:{line}: sheet.columns: "), row
    assert f"--paper {other}" not in row and f"2 x 2 on {other} paper" in row, row


def test_a_grid_the_other_paper_holds_suggests_it(tmp_path):
    new_game(tmp_path)
    _deck(tmp_path, "size", "size: {width: 63, height: 92}")
    _deck(tmp_path, "size", "sheet: {rows: 3}")
    result = pnp("validate", "spice-road", "--paper", "letter", root=tmp_path)
    assert result.exit_code == 1 and "--paper a4" in result.output, result.output
    assert pnp("validate", "spice-road", "--paper", "a4", root=tmp_path).exit_code == 0


@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_size_in_cm_written_as_mm_is_one_line_at_size_before_any_fit_line(tmp_path, command):
    """nanDECK's CARDSIZE=7.62,12.7 is cm; read as mm it gave 5 'does not fit in 7.6x2.5 mm' lines."""
    new_game(tmp_path)
    line = _deck(tmp_path, "size", "size: {width: 7.62, height: 12.7}")
    extra = ("--lang", "en", "--out", str(tmp_path / "out")) if command == "build" else ()
    result = pnp(command, "spice-road", *extra, root=tmp_path)
    assert result.exit_code == 1, result.output
    rows = [r for r in result.output.strip().splitlines() if not r.startswith("note:")]
    assert len(rows) == 2 and "does not fit" not in result.output, result.output
    assert f"cards/spice-road/cards.yaml:{line}: size: " in rows[0] and "7.62 cm" in rows[0], rows


def test_a_small_card_written_with_its_unit_is_meant(tmp_path):
    new_game(tmp_path)
    _deck(tmp_path, "size", "size: {width: 7.62 mm, height: 12.7 mm}")
    assert "7.62 cm" not in pnp("validate", "spice-road", root=tmp_path).output


@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_box_past_the_card_and_its_bleed_is_one_warning_with_the_share_it_meant(tmp_path, command):
    """nanDECK's `width: 100` (meant %) read as 100 mm on a 63 mm card: silent but for pnp check."""
    new_game(tmp_path)
    line = edit_layout(tmp_path, "panel: {kind: rect, x: 3.5, y: 3.5, width: 56,", "panel: {kind: rect, x: 0, y: 3.5, width: 100,")
    warned = one_warning(tmp_path, command)
    assert warned.startswith(f"warning: layouts/spice-road.yaml:{line}: layouts.card.regions.panel.width: "), warned
    assert "100%" in warned, warned


@pytest.mark.parametrize("box", ["x: 1, y: 3.5, width: 64,",            # inside the bleed: says nothing
                                 "x: 0, y: 3.5, width: 100, bleed: true,",  # meant to reach the cut
                                 "x: 0, y: 3.5, width: 100%,"])
def test_a_box_within_the_bleed_or_meant_past_it_says_nothing(tmp_path, box):
    new_game(tmp_path)
    edit_layout(tmp_path, "panel: {kind: rect, x: 3.5, y: 3.5, width: 56,", f"panel: {{kind: rect, {box}")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0 and warnings_of(result) == [], result.output
