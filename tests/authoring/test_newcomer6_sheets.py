"""What newcomer 6 (a Squib designer porting AttaCard, issue 52) found in spreadsheets: a `Count`
column taken as copies without a word; a cell a template cannot look up blamed on the layout
only; a repeated `id` column said once per row."""
from __future__ import annotations

from tests.conftest import pnp

from .test_newcomer_sheets import HERO, heroes, lines_of

COUNTED = "Name,Count,Cost,Attack Power,Flavor,Colour\n"


def test_a_count_column_taken_as_copies_is_said_once(tmp_path):
    game = heroes(tmp_path, header=COUNTED)
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if "'Count'" in line]
    # before: no line at all, and the deck had 5 cards from 2 rows
    assert len(notes) == 1 and notes[0].startswith("note: cards/spice-road/heroes.csv:1: column B 'Count' "), notes
    assert "5 cards from 2 rows" in notes[0] and "`quantity: none` in cards/spice-road/heroes.yaml" in notes[0]
    deck = game / "heroes.yaml"
    deck.write_text(deck.read_text() + "quantity: none\n")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0 and "'Count'" not in result.output, result.output


def test_a_layout_reading_the_count_is_told_it_was_taken_as_copies(tmp_path):
    heroes(tmp_path, header=COUNTED, hero=HERO.replace("card.props.flavor", "card.props.count"))
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    lines = lines_of(result)
    assert len(lines) == 1 and lines[0].startswith("layouts/spice-road.yaml:"), lines
    assert "column B 'Count' of cards/spice-road/heroes.csv" in lines[0] and "quantity: none" in lines[0], lines
