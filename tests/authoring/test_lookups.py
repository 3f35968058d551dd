"""Lookup tables (issue 52): a deck's column names a row of a second spreadsheet (`lookups:
{Faction: factions.csv}`) and a layout reads `card.props.faction.colour`; a key the table lacks,
a column the sheet lacks, a table that cannot be read: one line each."""
from __future__ import annotations

import pdfplumber

from generator.loading.catalog import load_project
from tests.conftest import pnp

from .helpers import add_deck, add_layouts, new_game, refused_line

DECK = """deck: heroes
name: {en: Heroes}
size: poker
layout: spice-road/hero
back: {layout: spice-road/back}
cards_from: heroes.csv
lookups: {Faction: factions.csv}
"""
CARDS = "Name,Cost,Faction\nArcher,2,elves\nSmith,3,dwarves\n"
FACTIONS = "Faction,Colour,Icon\nelves,#2e7d32,coin\ndwarves,#8d4a1f,card\n"
HERO = """  hero:
    regions:
      band: {kind: rect, x: 0, y: 0, width: 63, height: 20, fill: "{{ card.props.faction.colour }}"}
      mark: {kind: icon, x: 25, y: 40, width: 12, height: 12, text: "{{ card.props.faction.icon }}"}
      title: {kind: text, x: 5, y: 60, width: 53, height: 10, text: "{{ card.name }}"}
"""


def heroes(tmp_path, cards: str = CARDS, factions: bytes = FACTIONS.encode(), deck: str = DECK):
    game = new_game(tmp_path)
    add_deck(game, "heroes", deck)
    (game / "heroes.csv").write_text(cards, encoding="utf-8")
    (game / "factions.csv").write_bytes(factions)
    add_layouts(tmp_path, HERO)
    return game


def test_a_card_reads_its_row_of_the_table(tmp_path):
    heroes(tmp_path)
    cards = load_project(tmp_path, ["spice-road"]).games["spice-road"].deck("heroes").cards
    assert [(c.props["faction"].faction, c.props["faction"].colour) for c in cards] == \
        [("elves", "#2e7d32"), ("dwarves", "#8d4a1f")]
    out = tmp_path / "out"
    built = pnp("build", "spice-road", "--only", "cards", "--out", str(out), root=tmp_path)
    assert built.exit_code == 0, built.output
    with pdfplumber.open(out / "spice-road/en/cards.pdf") as pdf:
        fills = {tuple(round(c, 2) for c in rect["non_stroking_color"] or ())
                 for page in pdf.pages for rect in page.rects}
    assert (0.18, 0.49, 0.2) in fills and (0.55, 0.29, 0.12) in fills, fills


def test_a_key_the_table_lacks_is_one_line_at_its_cell(tmp_path):
    heroes(tmp_path, CARDS.replace("dwarves", "dwarfs"))
    assert refused_line(tmp_path) == ("cards/spice-road/heroes.csv:3: column C 'Faction': 'dwarfs' is no row of "
                                      "cards/spice-road/factions.csv; did you mean 'dwarves'? (expected a value of its "
                                      "column A 'Faction': elves, dwarves)")


def test_a_column_the_sheet_lacks_is_one_line_at_the_lookup(tmp_path):
    heroes(tmp_path, deck=DECK.replace("{Faction:", "{Fraction:"))
    line = refused_line(tmp_path)
    assert line.startswith("cards/spice-road/heroes.yaml:7: lookups.Fraction: no column 'Fraction' in "
                           "cards/spice-road/heroes.csv; did you mean 'Faction'?"), line


def test_a_named_key_column_and_a_table_read_by_the_project_rule(tmp_path):
    heroes(tmp_path, CARDS.replace("elves", "#2e7d32").replace("dwarves", "#8d4a1f"),
           deck=DECK.replace("{Faction: factions.csv}", "{Faction: {file: factions.csv, key: Colour}}"))
    assert pnp("validate", "spice-road", root=tmp_path).exit_code == 0
    (tmp_path / "cards/spice-road/factions.csv").write_bytes(b"Faction,Colour\n\xe9lves,#2e7d32\n")   # Latin-1
    line = refused_line(tmp_path)
    assert line.startswith("cards/spice-road/factions.csv:2: byte 0xe9 is not UTF-8 text"), line


def test_a_table_translated_in_its_columns_gives_each_language_its_text(tmp_path):
    game = new_game(tmp_path, "spice-road", "--lang", "en,de")
    add_deck(game, "heroes", DECK.replace("{en: Heroes}", "{en: Heroes, de: Helden}")
             .replace("layout: spice-road/hero", "layout: spice-road/card"))
    (game / "heroes.csv").write_text("Name,Name.de,Cost,Faction\nArcher,Bogner,2,elves\n", encoding="utf-8")
    (game / "factions.csv").write_text("Faction,Title,Title.de\nelves,Elves,Elfen\n", encoding="utf-8")
    [card] = load_project(tmp_path, ["spice-road"]).games["spice-road"].deck("heroes").cards
    assert (card.props["faction"].title.get("en"), card.props["faction"].title.get("de")) == ("Elves", "Elfen")
    (game / "factions.csv").write_text("Faction,Title,Title.de\nelves,Elves,\n", encoding="utf-8")
    assert refused_line(tmp_path) == ("cards/spice-road/factions.csv:2: column C 'Title.de': empty cell: no 'de' text "
                                      "(expected the de text, as this row has one in en)")


def test_lookups_on_a_deck_without_a_spreadsheet_is_one_line(tmp_path):
    game = new_game(tmp_path)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "lookups: {Faction: factions.csv}\n", encoding="utf-8")
    (game / "factions.csv").write_text(FACTIONS, encoding="utf-8")
    line = refused_line(tmp_path)
    assert line.startswith("cards/spice-road/cards.yaml:") and "lookups: 'lookups' reads a spreadsheet's columns, " \
        "and the deck has no cards_from" in line, line
