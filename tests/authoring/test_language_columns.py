"""A spreadsheet translated without .po files (issue 52): one column per language, `Text` and
`Text.de`, as nanDECK and Squib designers keep them. The plain column is the game's first
language; an empty translation is refused at its cell; a slip of the suffix is one line."""
from __future__ import annotations


from generator.loading.catalog import load_project
from tests.conftest import pnp

from .helpers import add_deck, cards_text, lines_of, new_game, refused_line

DECK = """deck: heroes
name: {en: Heroes, de: Helden}
size: poker
layout: spice-road/card
back: {layout: spice-road/back}
cards_from: heroes.csv
"""
HEADER = "Name,Name.de,Cost,Text,Text.de,Flavor,Flavor.de\n"
ROW = "Market,Markt,1,Gain 2 :coin:.,Erhalte 2 :coin:.,Busy,Belebt\n"


def heroes(tmp_path, header: str = HEADER, row: str = ROW):
    game = new_game(tmp_path, "spice-road", "--lang", "en,de")
    add_deck(game, "heroes", DECK)
    (game / "heroes.csv").write_text(header + row, encoding="utf-8")
    return game


def test_each_language_is_read_from_its_own_column(tmp_path):
    heroes(tmp_path)
    card = load_project(tmp_path, ["spice-road"]).games["spice-road"].deck("heroes").cards[0]
    assert (card.name.get("en"), card.name.get("de")) == ("Market", "Markt")
    assert (card.text.get("en"), card.text.get("de")) == ("Gain 2 :coin:.", "Erhalte 2 :coin:.")
    assert (card.props["flavor"].get("en"), card.props["flavor"].get("de")) == ("Busy", "Belebt")
    text = cards_text(tmp_path, "de")
    assert "Markt" in text and "Erhalte 2" in text and "Gain 2" not in text


def test_an_empty_translation_is_refused_at_its_cell(tmp_path):
    heroes(tmp_path, row=ROW.replace(",Belebt", ","))
    assert refused_line(tmp_path) == ("cards/spice-road/heroes.csv:2: column G 'Flavor.de': empty cell: no 'de' text "
                                      "(expected the de text, as this row has one in en)")


def test_a_slip_of_the_language_suffix_is_one_line_with_the_column_meant(tmp_path):
    heroes(tmp_path, HEADER.replace("Flavor.de", "Flavor.dee"))
    line = refused_line(tmp_path)
    assert line.startswith("cards/spice-road/heroes.csv:1: column G 'Flavor.dee': 'dee' is not a language code; "
                           "did you mean 'Flavor.de'?"), line


def test_another_spelling_of_a_translation_column_is_answered_with_the_dot(tmp_path):
    heroes(tmp_path, HEADER.replace("Flavor.de", "Flavor (de)"))
    line = refused_line(tmp_path)
    assert line.startswith("cards/spice-road/heroes.csv:1: column G 'Flavor (de)': did you mean 'Flavor.de'?"), line


def test_a_language_without_its_column_beside_translations_is_one_line_at_the_header(tmp_path):
    game = heroes(tmp_path)
    game_file = game / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace("languages: [en, de]", "languages: [en, de, fr]"),
                         encoding="utf-8")
    rows = "Name,Cost,Text,Text.de\nMarket,1,Gain 2,Erhalte 2\n"
    (game / "heroes.csv").write_text(rows, encoding="utf-8")
    problems = [line for line in lines_of(pnp("validate", "spice-road", root=tmp_path)) if "heroes.csv" in line]
    assert any(line.startswith("cards/spice-road/heroes.csv:1: no column text.fr beside column C 'Text'")
               for line in problems), problems
