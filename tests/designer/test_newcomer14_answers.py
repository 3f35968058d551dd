"""Newcomer 14's answers that pointed the wrong way (issue 52): Squib's `blend:` got "did you mean
'bleed'?", `angle: 90` a rotate: that rotate: refuses, `=` in a when: no way forward, and a CSV named
with a workbook's sheet (`heroes.csv#1`) was read without a word."""
from __future__ import annotations

import pytest

from tests.authoring.helpers import edit_layout, lines_of, new_game, sheet_game
from tests.conftest import pnp

TITLE = "      title: {kind: text,"


@pytest.mark.parametrize("field, words", [
    ("blend: overlay", ["title.blend: ", "no transparency or blend modes"]),
    ("alpha: 0.15", ["title.alpha: ", "no transparency"]),
    ("angle: 90", ["title.angle: ", "rotate: -90"]),
    ('when: "card.copies = 2"', ["title.when: ", "== to compare"]),
], ids=["blend", "alpha", "angle-degrees", "single-equals"])
def test_a_squib_habit_on_a_box_is_answered_with_a_fix_that_works(tmp_path, field, words):
    new_game(tmp_path)
    line = edit_layout(tmp_path, TITLE, f"{TITLE} {field},")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    found = lines_of(result)
    assert len(found) == 1 and found[0].startswith(f"layouts/spice-road.yaml:{line}: "), found
    assert all(w in found[0] for w in words) and "bleed" not in found[0].split(": ", 2)[-1][:40], found


def test_the_angle_fix_is_a_rotate_that_rotate_takes(tmp_path):
    """angle: 90 said rotate: -5157, which rotate: refuses (less than -360). (The title, turned, no
    longer fits its box: that is the layout's, said as such.)"""
    new_game(tmp_path)
    edit_layout(tmp_path, TITLE, f"{TITLE} rotate: -90,")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert not [line for line in lines_of(result) if "rotate" in line.split(" (expected")[0]], result.output


@pytest.mark.parametrize("written, words", [
    # newcomer 14: read as the file's one sheet without a word
    ("heroes.csv#1", ["one sheet", "heroes.csv alone"]),
    # newcomer 13 (Squib keeps its data in data/): "file 'heroes.csv' not found; did you mean 'heroes.csv'?"
    ("data/heroes.csv", ["'data/heroes.csv' not found; did you mean 'heroes.csv'?"]),
], ids=["csv-sheet", "data-folder"])
def test_a_spreadsheet_named_as_squib_does_is_one_line_at_cards_from(tmp_path, written, words):
    game = sheet_game(tmp_path, "Name,Effect\nArcher,Draw one.\n",
                      '      effect: {kind: text, x: 5, y: 40, width: 53, height: 20, text: "{{ card.props.effect }}"}\n')
    deck = game / "heroes.yaml"
    deck.write_text(deck.read_text().replace("cards_from: heroes.csv", f"cards_from: {written}"))
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    found = lines_of(result)
    assert len(found) == 1 and found[0].startswith("cards/spice-road/heroes.yaml:5: cards_from: "), found
    assert all(w in found[0] for w in words), found
