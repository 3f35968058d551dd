"""The last one-liners a Squib user porting Squib's samples missed (issue 52): Squib's words as
Ruby writes them (`:middle`), a font family's typo, a lookup table's untranslated column, a deck
option that does nothing, an unknown language."""
from __future__ import annotations

import pytest

from datafile.errors import closest
from generator.reading.locate import system_substitute
from tests.conftest import pnp

from .helpers import add_deck, add_layouts, new_game, refused_line

# Squib's words with Ruby's leading colon, in block style: YAML reads each as a string ':middle'
SYMBOLS = """  symbols:
    regions:
      title:
        kind: text
        x: 5
        y: 5
        width: 53
        height: 10
        align: :center
        valign: :middle
        color: :accent
        text: "{{ card.name }}"
      band: {kind: rect, x: 0, y: 80, width: 63, height: 8, fill: ":red", stroke: ":black"}
      art:
        kind: image
        x: 5
        y: 20
        width: 53
        height: 30
        fit: :contain
        clip: :box
        text: art.png
        when: "false"
"""


def test_squib_words_with_their_ruby_colon_are_read_as_squib_means_them(tmp_path):
    new_game(tmp_path)
    add_layouts(tmp_path, SYMBOLS)
    checked = pnp("validate", "spice-road", root=tmp_path)
    assert checked.exit_code == 0, checked.output


def test_a_ruby_symbol_yaml_cannot_read_is_one_line_naming_its_field(tmp_path):
    new_game(tmp_path)
    layout = tmp_path / "layouts" / "spice-road.yaml"
    text = layout.read_text(encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "valign: middle" in t)
    layout.write_text(text.replace("valign: middle", "valign: :middle", 1), encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1, result.output
    assert f"layouts/spice-road.yaml:{line}: valign: ':middle' is a Ruby symbol" in result.output, result.output


@pytest.mark.skipif(not system_substitute("Arial"), reason="fontconfig prints no metric twin for Arial here")
@pytest.mark.parametrize("written", ["Ariel", "Ariel Bold 12"])
def test_a_font_family_typo_is_answered_with_the_family_it_meant(tmp_path, written):
    new_game(tmp_path)
    layout = tmp_path / "layouts" / "spice-road.yaml"
    text = layout.read_text(encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "font: body" in t)
    layout.write_text(text.replace("font: body", f'font: "{written}"', 1), encoding="utf-8")
    assert refused_line(tmp_path).startswith(f"layouts/spice-road.yaml:{line}: layouts.card.regions.body.font: "
                                             "unknown font 'Ariel'; did you mean 'Arial'?")


@pytest.mark.parametrize("word, meant", [("aer", "air"), ("wtaer", "water"), ("fier", "fire"), ("eart", "earth")])
def test_a_near_miss_by_one_edit_wins_over_a_longer_shared_run(word, meant):
    assert closest(word, ["earth", "water", "fire", "air"]) == meant


def test_language_free_on_a_deck_without_a_spreadsheet_is_one_line_at_it(tmp_path):
    game = new_game(tmp_path)
    deck = game / "cards.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("\nsize: ", "\nlanguage_free: [Cost]\nsize: ", 1), encoding="utf-8")
    line = text.split("\nsize: ")[0].count("\n") + 2
    assert refused_line(tmp_path).startswith(f"cards/spice-road/cards.yaml:{line}: language_free: ")


@pytest.mark.parametrize("command", ["validate", "build", "check"])
def test_an_unknown_language_on_the_command_line_is_one_line_naming_the_games(tmp_path, command):
    new_game(tmp_path, "spice-road", "--lang", "en,fr")
    out = ("--out", str(tmp_path / "out")) if command == "build" else ()
    result = pnp(command, "spice-road", "--lang", "xx", *out, root=tmp_path)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0] == f"pnp {command}: --lang: spice-road has no xx text (it has en, fr)"
    assert not (tmp_path / "out").exists()


LOOKUP_DECK = """deck: heroes
name: {en: Heroes, de: Helden}
size: poker
layout: spice-road/hero
back: {layout: spice-road/back}
cards_from: heroes.csv
lookups: {Faction: factions.csv}
"""
LOOKUP_HERO = """  hero:
    regions:
      title: {kind: text, x: 5, y: 5, width: 53, height: 10, text: "{{ card.name }}"}
      faction: {kind: text, x: 5, y: 60, width: 53, height: 10, text: "{{ card.props.faction.title }}"}
"""


def test_a_lookup_tables_plain_column_printed_in_another_language_warns_at_its_header(tmp_path):
    game = new_game(tmp_path, "spice-road", "--lang", "en,de")
    add_deck(game, "heroes", LOOKUP_DECK)
    (game / "heroes.csv").write_text("Name,Name.de,Faction\nArcher,Bogner,elves\nSmith,Schmied,elves\n",
                                     encoding="utf-8")
    (game / "factions.csv").write_text("Faction,Title\nelves,Forest folk\n", encoding="utf-8")
    add_layouts(tmp_path, LOOKUP_HERO)
    checked = pnp("validate", "spice-road", root=tmp_path)
    warned = [line for line in checked.output.splitlines() if "factions.csv" in line]
    assert checked.exit_code == 0 and len(warned) == 1, checked.output
    assert warned[0].startswith("warning: cards/spice-road/factions.csv:1: column B 'Title': its words print as "
                                "written on the de cards"), warned
    deck = game / "heroes.yaml"   # words alike in every language: said so in the deck, no warning
    deck.write_text(LOOKUP_DECK + "language_free: [Title]\n", encoding="utf-8")
    checked = pnp("validate", "spice-road", root=tmp_path)
    assert checked.exit_code == 0 and "factions.csv" not in checked.output, checked.output
