"""What newcomer 6 (a Squib designer porting AttaCard, issue 52) found in spreadsheets: a `Count`
column taken as copies without a word; a cell a template cannot look up blamed on the layout
only; a repeated `id` column said once per row."""
from __future__ import annotations

import re

import pytest

from tests.conftest import pnp

from .test_newcomer_sheets import HEADER, HERO, ROWS, heroes, lines_of

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


LOOKUP = HERO.replace('fill: "{{ card.props.colour }}"', '''fill: "{{ {'burns twice': '#ff0000', 'sneaky': '#00ff00'}[card.props.flavor | lower] }}"''') \
    + '''      mood: {kind: text, x: 5, y: 70, width: 53, height: 8, text: "{{ {'Burns twice': 'hot', 'Sneaky': 'sly'}[card.props.flavor] }}"}
'''


@pytest.mark.parametrize("cell, shown", [("Sneeky", "'Sneeky'"), ("", "an empty cell")])
def test_a_cell_a_lookup_lacks_is_one_line_at_its_cell(tmp_path, cell, shown):
    """Two templates look the cell up; before: two lines at the layout, none naming heroes.csv."""
    heroes(tmp_path, ROWS.replace("Sneaky", cell), hero=LOOKUP)
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    lines = lines_of(result)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"cards/spice-road/heroes.csv:3: column E 'Flavor': {shown} "), lines
    assert re.search(r"at layouts/spice-road\.yaml:\d+", lines[0]), lines
    built = pnp("build", "spice-road", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    failed = [line for line in built.output.splitlines() if line.startswith("build failed: ")]
    assert built.exit_code == 1 and len(failed) == 1, built.output
    assert re.match(r"build failed: layouts/spice-road\.yaml:\d+: ", failed[0]), failed
    assert f"(it read {shown} from cards/spice-road/heroes.csv:3, column E 'Flavor')" in failed[0], failed


def test_a_lookup_that_fails_on_every_row_stays_the_layouts(tmp_path):
    heroes(tmp_path, hero=LOOKUP.replace("'burns twice'", "'burns_twice'").replace("'sneaky'", "'sneaky_'"))
    lines = lines_of(pnp("validate", "spice-road", root=tmp_path))
    assert len(lines) == 1 and lines[0].startswith("layouts/spice-road.yaml:"), lines


def test_an_id_column_that_repeats_is_one_line(tmp_path):
    """Squib's `Art` column renamed `id`, the same value on every row: was one line per row."""
    rows = "".join(f"Hero {n},1,{n},1,Brave,red,x\n" for n in range(1, 7)) + "Odd,1,1,1,Sly,red,y\nOdd2,1,1,1,Sly,red,y\n"
    heroes(tmp_path, rows, header=HEADER.replace("Colour\n", "Colour,id\n"))
    lines = lines_of(pnp("validate", "spice-road", root=tmp_path))
    assert lines == ["cards/spice-road/heroes.csv:3: column G 'id': 2 card ids repeat: 'x' in rows 2–7; "
                     "'y' in rows 8–9 (expected ids unique within a deck)"], lines


def test_a_sheet_given_by_its_index_as_squib_counts_it(tmp_path):
    """Squib's `sheet: 0`: `heroes.xlsx#1` is the second sheet (before: "no sheet '1'")."""
    import openpyxl
    game = heroes(tmp_path)
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active.append(["nothing here"])
    sheet = book.create_sheet("Helden")
    for line in (HEADER + ROWS).splitlines():
        sheet.append([int(c) if c.isdigit() else c for c in line.split(",")])
    book.save(game / "heroes.xlsx")
    deck = game / "heroes.yaml"
    deck.write_text(deck.read_text().replace("cards_from: heroes.csv", "cards_from: heroes.xlsx#1"))
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0 and "spice-road: ok (2 decks, 8 cards" in result.output, result.output


def test_a_missing_msgid_is_one_line_naming_the_catalogue(tmp_path):
    """Two boxes translate the same cell value; before: a line per box, naming `*.po`."""
    from .helpers import add_deck, new_game
    game = new_game(tmp_path, "spice-road", "--lang", "en,de")
    add_deck(game, "heroes", DECK_DE)
    (game / "heroes.csv").write_text("Name.en,Name.de,Left,Right\nMage,Magier,Aim,Evade\nWall,Mauer,Evade,Force\n",
                                     encoding="utf-8")
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("\n  back:\n", "\n" + SUITS + "  back:\n", 1),
                      encoding="utf-8")
    po = tmp_path / "locales" / "de" / "LC_MESSAGES" / "spice-road.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Aim"\nmsgstr "Zielen"\n\nmsgid "Force"\nmsgstr "Kraft"\n', encoding="utf-8")
    lines = lines_of(pnp("validate", "spice-road", root=tmp_path))
    assert len(lines) == 1, lines
    assert "no de translation for 'Evade' in locales/de/LC_MESSAGES/spice-road.po " in lines[0], lines


DECK_DE = """deck: heroes
name: {en: Heroes, de: Helden}
size: poker
layout: spice-road/hero
back: {layout: spice-road/back}
cards_from: heroes.csv
"""
SUITS = """  hero:
    background: paper
    regions:
      left: {kind: text, x: 5, y: 5, width: 25, height: 10, text: "{{ _(card.props.left) }}"}
      right: {kind: text, x: 33, y: 5, width: 25, height: 10, text: "{{ _(card.props.right) }}"}
"""

