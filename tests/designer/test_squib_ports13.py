"""Squib habits newcomer 13 wrote porting boss-rush (issue 52): each is one line at its file and
line that says pnp's way forward (before, each was one line with none)."""
from __future__ import annotations

import pytest
from openpyxl import Workbook

from tests.designer.test_shapes_fonts import project
from tests.designer.test_squib_answers52 import _line, _problem


def _deck(tmp_path, extra: str) -> str:
    """The one problem of the shapes game whose deck file gains `extra` (top-level YAML lines)."""
    project(tmp_path, "      box: {kind: text, x: 5, y: 5, width: 50, height: 10, text: \"{{ card.name }}\"}\n")
    deck = tmp_path / "cards" / "shapes" / "cards.yaml"
    deck.write_text(deck.read_text() + extra)
    return _problem(tmp_path)


def _at_box(tmp_path, boxes: str) -> str:
    """The one problem of the shapes game whose layout has `boxes`, asserted at the `box:` line."""
    project(tmp_path, boxes)
    found = _problem(tmp_path)
    assert found.startswith(f"layouts/shapes.yaml:{_line(tmp_path, 'box: {')}: "), found
    return found


def _deck_line(tmp_path, text: str) -> int:
    rows = (tmp_path / "cards" / "shapes" / "cards.yaml").read_text().splitlines()
    return next(n for n, row in enumerate(rows, 1) if row.startswith(text))


# Squib habits in a layout: (the boxes, what the one problem at the `box:` line must hold); each
# was one line with no way forward before ("no field 'upcase'", "gradient: not a set of fields",
# "'scale' is not a length", "'*= 1.5' is not a length" with += as the only way shown)
LAYOUT_HABITS = {
    "ruby method": ("      box: {kind: text, x: 5, y: 5, width: 50, height: 10, text: \"{{ card.name.upcase }}\"}\n",
                    ("text: ", "no field 'upcase'", "`| upper`")),
    "gradient string": ("      box: {kind: rect, x: 0, y: 0, width: 63, height: 88, "
                        "gradient: \"(0,0)#fff (0,1125)#c33\"}\n",
                        ("box.gradient: ", 'gradient: {colors: ["#fff", "#c33"], angle: 270}')),
    "height scale": ("      box: {kind: image, x: 0, y: 0, width: 20, height: scale, text: icon.svg}\n",
                     ("box.height: ", "fit: contain")),
    "times equals": ("      line: {kind: rect, x: 0, y: 20, width: 63, height: 1, fill: ink}\n"
                     "      box: {extends: line, y: \"*= 1.5\"}\n",
                     ("box.y: ", "+= adds", "y: 30 (20 * 1.5)")),
    "times equals alone": ("      box: {kind: rect, x: 0, y: \"*= 2\", width: 63, height: 1, fill: ink}\n",
                           ("box.y: ", "+= adds", "the value itself")),
}


@pytest.mark.parametrize("habit", LAYOUT_HABITS)
def test_a_squib_habit_in_a_layout_gets_pnps_way_at_its_line(tmp_path, habit):
    boxes, said = LAYOUT_HABITS[habit]
    found = _at_box(tmp_path, boxes)
    assert all(words in found for words in said), found


def test_squibs_sheet_number_points_to_cards_from(tmp_path):
    """before: "sheet: not a set of fields"."""
    found = _deck(tmp_path, "sheet: 1\n")
    assert found.startswith(f"cards/shapes/cards.yaml:{_deck_line(tmp_path, 'sheet:')}: sheet: "), found
    assert "cards_from: FILE.xlsx#1" in found and "counted from 0" in found, found


def test_a_sheet_number_past_the_last_says_sheets_count_from_0_and_names_them(tmp_path):
    """before: "has no sheet '2' (expected one of: Player, Metal)"."""
    book = Workbook()
    book.active.title = "Player"
    book.create_sheet("Metal")
    project(tmp_path, "      box: {kind: text, x: 5, y: 5, width: 50, height: 10, text: \"{{ card.name }}\"}\n")
    book.save(tmp_path / "cards" / "shapes" / "boss.xlsx")
    deck = tmp_path / "cards" / "shapes" / "cards.yaml"
    deck.write_text(deck.read_text().split("cards:\n")[0] + "cards_from: boss.xlsx#2\n")
    found = _problem(tmp_path)
    assert found.startswith(f"cards/shapes/cards.yaml:{_deck_line(tmp_path, 'cards_from:')}: cards_from: "), found
    assert "counted from 0" in found and "Player (#0), Metal (#1)" in found, found


def test_a_web_address_in_cards_from_says_to_download_the_sheet(tmp_path):
    """before: "file 'export?format=csv' not found"."""
    found = _deck(tmp_path, "cards_from: \"https://docs.google.com/spreadsheets/d/1abc/export?format=csv\"\n")
    assert found.startswith(f"cards/shapes/cards.yaml:{_deck_line(tmp_path, 'cards_from:')}: cards_from: "), found
    assert "not URLs" in found and "CSV or XLSX" in found, found


def test_squibs_csv_file_in_a_deck_points_to_cards_from(tmp_path):
    """before: "unknown field 'csv'", no hint."""
    found = _deck(tmp_path, "csv: {file: data.csv}\n")
    assert found.startswith(f"cards/shapes/cards.yaml:{_deck_line(tmp_path, 'csv:')}: csv: "), found
    assert "cards_from: data.csv" in found, found
