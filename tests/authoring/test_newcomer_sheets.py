"""What newcomer 4 (a Squib and nanDECK designer, issue 52) found in spreadsheets as designers
have them: a value of a cell the face cannot draw is named at its cell by validate and build
alike; a header's problem is one line at the header, with advice that fits."""
from __future__ import annotations

import re

import pytest

from tests.conftest import pnp

from .helpers import add_deck, add_layouts, lines_of, new_game, refused_line

DECK = """deck: heroes
name: {en: Heroes}
size: poker
layout: spice-road/hero
back: {layout: spice-road/back}
cards_from: heroes.csv
"""
HEADER = "Name,Qty,Cost,Attack Power,Flavor,Colour\n"
ROWS = "Fire Mage,2,3,4,Burns twice,#ff00aa\nGoblin,3,1,1,Sneaky,red\n"
HERO = """  hero:
    background: paper
    regions:
      title: {kind: text, x: 5, y: 5, width: 53, height: 10, font: title, text: "{{ card.name }}"}
      flavor: {kind: text, x: 5, y: 60, width: 53, height: 8, italic: true, text: "{{ card.props.flavor }}"}
      bar: {kind: rect, x: 0, y: 80, width: 63, height: 8, fill: "{{ card.props.colour }}"}
"""


def heroes(tmp_path, rows: str = ROWS, header: str = HEADER, hero: str = HERO):
    """A `pnp new` game with a Squib-style spreadsheet deck (heroes.csv) and its layout."""
    game = new_game(tmp_path)
    add_deck(game, "heroes", DECK)
    (game / "heroes.csv").write_text(header + rows, encoding="utf-8")
    add_layouts(tmp_path, hero)
    return game


def validate_and_build(tmp_path) -> tuple[list[str], list[str]]:
    checked = pnp("validate", "spice-road", root=tmp_path)
    built = pnp("build", "spice-road", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert checked.exit_code == 1 and built.exit_code == 1, (checked.output, built.output)
    return lines_of(checked), [line.removeprefix("build failed: ") for line in lines_of(built)]


def test_a_cell_that_is_no_colour_is_named_at_its_cell_by_validate_and_build(tmp_path):
    heroes(tmp_path, ROWS.replace(",red\n", ",blu\n"))
    checked, built = validate_and_build(tmp_path)
    at = "cards/spice-road/heroes.csv:3: column F 'Colour': 'blu' is not a colour; did you mean 'blue'?"
    assert len(checked) == 1 and checked[0].startswith(at), checked
    assert len(built) == 1 and built[0].startswith(at), built


def test_a_glyph_a_cell_holds_is_named_at_its_cell_by_validate_and_build(tmp_path):
    heroes(tmp_path, ROWS.replace("Sneaky", "Sneaky ☯"))
    checked, built = validate_and_build(tmp_path)
    at = re.compile(r"cards/spice-road/heroes\.csv:3: column E 'Flavor': .*has no glyph for '☯'")
    assert len(checked) == 1 and at.match(checked[0]), checked
    assert len(built) == 1 and at.match(built[0]), built


def test_a_deck_name_lacking_a_language_for_a_sheet_without_names_is_one_line_at_its_name(tmp_path):
    game = new_game(tmp_path, "spice-road", "--lang", "en,fr")
    add_deck(game, "heroes", DECK.replace("layout: spice-road/hero", "layout: spice-road/card"))
    (game / "heroes.csv").write_text("Cost,Power\n" + "".join(f"{n},{n}\n" for n in range(1, 9)), encoding="utf-8")
    assert refused_line(tmp_path) == ("cards/spice-road/heroes.yaml:2: name: no 'fr' text (expected a text for each of "
                                      "en, fr)")


def test_a_layout_slip_of_a_header_is_said_at_the_layout_suggesting_the_header(tmp_path):
    heroes(tmp_path, hero=HERO.replace("{{ card.props.flavor }}", "ATK {{ card.props.atack_power }}"))
    layout = (tmp_path / "layouts" / "spice-road.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(layout, 1) if "atack_power" in text)
    for verb in ("validate", "build"):
        result = pnp(verb, "spice-road", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path) \
            if verb == "build" else pnp(verb, "spice-road", root=tmp_path)
        assert result.exit_code == 1
        assert lines_of(result) == [
            f"layouts/spice-road.yaml:{line}: spice-road/hero regions.flavor.text: unknown property "
            f"'card.props.atack_power'; did you mean 'Attack Power' (card.props.attack_power, column D "
            f"'Attack Power' of cards/spice-road/heroes.csv)? (expected card.props.attack_power, as the header "
            f"gives it; if the header is the slip, the header renamed 'atack_power')"], result.output


def test_a_repeated_header_is_one_line_naming_the_column_it_repeats(tmp_path):
    heroes(tmp_path, "Fire Mage,2,3,3,4,Burns twice,red\n", "Name,Qty,Cost,Cost,Attack Power,Flavor,Colour\n")
    assert refused_line(tmp_path) == ("cards/spice-road/heroes.csv:1: column D 'Cost' repeats column C (expected each "
                                      "header once: rename or remove one of them)")


@pytest.mark.parametrize("old, new, expected", [
    ("fill: \"{{ card.props.colour }}\"", "fill_color: \"{{ card.props.colour }}\"",
     r"layouts/spice-road\.yaml:\d+: layouts\.hero\.regions\.bar\.fill_color: unknown field 'fill_color'; "
     r"did you mean 'fill'\?"),
    ("font: title,", "font: title, font_size: 12,", r".*unknown field 'font_size'; did you mean 'size'\?"),
    ("font: title,", "FONT: title,", r".*unknown field 'FONT'; did you mean 'font'\?"),
    ('text: "{{ card.name }}"', "text: {{ card.name }}",
     r"layouts/spice-road\.yaml:\d+: '\{\{ … \}\}' without quotes is read as a YAML mapping, not a template "
     r"\(expected the template in quotes"),
])
def test_a_squib_or_nandeck_habit_is_one_line_with_pnps_word(tmp_path, old, new, expected):
    assert_one_layout_line(tmp_path, HERO.replace(old, new, 1), expected)


def assert_one_layout_line(tmp_path, hero: str, expected: str) -> None:
    """The hero layout `hero` fails validate with exactly one line about the layout file, matching `expected`."""
    heroes(tmp_path, hero=hero)
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    lines = [line for line in lines_of(result) if "spice-road.yaml" in line]   # a layout file that does not
    assert len(lines) == 1 and re.match(expected, lines[0]), result.output     # load: its icons are unknown too


def test_a_deck_width_and_height_are_one_line_pointing_to_size(tmp_path):
    game = heroes(tmp_path)
    deck = game / "heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker\n", "width: 825\nheight: 1125\n"),
                    encoding="utf-8")
    assert refused_line(tmp_path) == ("cards/spice-road/heroes.yaml:3: width: unknown field 'width'; a size is one field "
                                      "here (expected size: {width: 63, height: 88} (in mm, or with a unit: 2.5 in) or a "
                                      "size name such as poker)")


def test_an_image_path_from_a_cell_is_named_at_its_cell_by_validate_and_build(tmp_path):
    game = heroes(tmp_path, "Fire Mage,2,3,4,Burns,red,art/mage.png\nGoblin,3,1,1,Sneaky,red,art\\mage.png\n",
                  HEADER.replace("Colour", "Colour,Art"),
                  HERO + '      art: {kind: image, x: 0, y: 20, width: 63, height: 30, text: "{{ card.props.art }}"}\n')
    (game / "art").mkdir()
    from PIL import Image
    Image.new("RGB", (800, 400), "red").save(game / "art" / "mage.png")
    checked, built = validate_and_build(tmp_path)
    at = "cards/spice-road/heroes.csv:3: column G 'Art': image 'art\\mage.png' not found: write its path with / " \
         "('art/mage.png'), not \\"
    assert len(checked) == 1 and checked[0].startswith(at), checked
    assert len(built) == 1 and built[0].startswith(at), built


def test_a_language_column_a_sheet_lacks_is_one_line_at_the_header(tmp_path):
    game = new_game(tmp_path, "spice-road", "--lang", "en,fr")
    add_deck(game, "heroes", DECK.replace("layout: spice-road/hero", "layout: spice-road/card")
             .replace("{en: Heroes}", "{en: Heroes, fr: Héros}"))
    (game / "heroes.csv").write_text("Name.en,Cost\n" + "".join(f"Hero {n},{n}\n" for n in range(1, 6)),
                                     encoding="utf-8")
    assert refused_line(tmp_path) == ("cards/spice-road/heroes.csv:1: no column name.fr beside column A 'Name.en' "
                                      "(expected a column name.fr (each language of the game has its own))")


@pytest.mark.parametrize("old, new, expected", [
    ("deck: heroes\n", "deck heroes\n", "cards/spice-road/heroes.yaml:1: 'deck heroes' has no ':' after its key "
                                        "(expected key: value, e.g. deck: heroes)"),
    ("size: poker\n", "size: poker\n  layout: x\n", "cards/spice-road/heroes.yaml:4: this line is indented under "
                                                    "'size: poker', whose value is given already (expected the "
                                                    "indentation of 'size:' (0 spaces))"),
    ("back: {layout: spice-road/back}", "back: {layout: :back}",
     "cards/spice-road/heroes.yaml:5: layout: ':back' is a Ruby symbol (Squib's way of naming a colour or a value) "
     "(expected back without the ':' (in quotes if it holds one))"),
    ("name: {en: Heroes}", 'name: {en: "The ["Best"] Heroes"}',
     "cards/spice-road/heroes.yaml:2: a '\"' inside a value in double quotes ends the value there (expected single "
     "quotes for a quote inside it; a header such as 'Attack Power' is read as card.props.attack_power)"),
])
def test_a_yaml_slip_is_one_line_at_its_line_saying_the_fix(tmp_path, old, new, expected):
    game = heroes(tmp_path)
    deck = game / "heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    assert refused_line(tmp_path) == (expected)


def test_a_cell_too_long_for_its_box_is_one_line_at_its_cell_by_validate_and_build(tmp_path):
    game = new_game(tmp_path, "spice-road", "--lang", "en,fr")
    add_deck(game, "heroes", DECK.replace("{en: Heroes}", "{en: Heroes, fr: Héros}"))
    (game / "heroes.csv").write_text("Name.en,Name.fr,Flavor,Colour\nMage,Mage," + "Burns twice then again. " * 12
                                     + ",red\n", encoding="utf-8")
    add_layouts(tmp_path, HERO)
    checked, built = validate_and_build(tmp_path)
    at = "cards/spice-road/heroes.csv:2: column C 'Flavor': text does not fit in 53.0x8.0 mm"
    assert len(checked) == 1 and checked[0].startswith(at), checked      # once, not once per language
    assert len(built) == 1 and built[0].startswith(at), built
