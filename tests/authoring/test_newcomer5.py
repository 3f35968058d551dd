"""What newcomer 5 (a Squib and nanDECK designer porting Squib's sample data, issue 52) still met:
a mistake said once, at the line that names it, with the hint a Squib or nanDECK habit needs."""
from __future__ import annotations

import json
import re

import pytest

from tests.conftest import pnp

from .test_newcomer_sheets import DECK, HERO, assert_one_layout_line, heroes, lines_of


@pytest.mark.parametrize("old, new, expected", [
    # Squib's inheritance inside a box is `layout:`
    ("flavor: {kind: text,", "flavor: {layout: title, kind: text,",
     r"layouts/spice-road\.yaml:\d+: layouts\.hero\.regions\.flavor\.layout: unknown field 'layout'; "
     r"did you mean 'extends'\?"),
    # Squib's hint outlines a text box: no slip of `tint`
    ("bar: {kind: rect,", "bar: {kind: rect, hint: red,",
     r".*unknown field 'hint': Squib's hint outline is not drawn on cards; `pnp studio` outlines"),
    # nanDECK writes a colour without its #
    ('fill: "{{ card.props.colour }}"', "fill: FF0000",
     r"layouts/spice-road\.yaml:\d+: layouts\.hero\.regions\.bar\.fill: unknown colour 'FF0000'; "
     r"did you mean '#FF0000'\?"),
])
def test_a_squib_or_nandeck_layout_habit_gets_pnps_word(tmp_path, old, new, expected):
    assert_one_layout_line(tmp_path, HERO.replace(old, new, 1), expected)


@pytest.mark.parametrize("added, expected", [
    ("explode: qty\n", "cards/spice-road/heroes.yaml:7: explode: unknown field 'explode'; did you mean 'quantity'?"),
    ("cards: 4\n", "cards/spice-road/heroes.yaml:7: cards: not a list (expected a list of cards; 4 copies of one "
                   "card: cards: [{id: …, copies: 4}], or a spreadsheet's quantity column (qty) with cards_from:)"),
])
def test_a_squib_deck_habit_gets_pnps_word(tmp_path, added, expected):
    game = heroes(tmp_path)
    (game / "heroes.yaml").write_text(DECK + added, encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert len(lines_of(result)) == 1 and lines_of(result)[0].startswith(expected), result.output


def test_an_empty_language_of_a_name_is_one_line_saying_it_is_empty(tmp_path):
    game = heroes(tmp_path)
    (game / "heroes.yaml").write_text(DECK.replace("name: {en: Heroes}", "name: {en: Heroes, fr: }"),
                                      encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert lines_of(result) == ["cards/spice-road/heroes.yaml:2: name.fr: empty (expected the text after 'fr:', "
                                "such as fr: \"…\")"], result.output


def test_a_sheet_name_slip_is_said_at_the_cards_from_line_with_the_likely_sheet(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    game = heroes(tmp_path)
    book = openpyxl.Workbook()
    book.active.title = "Base"
    book.active.append(["Name", "Qty"])
    book.active.append(["Fire Mage", 2])
    book.create_sheet("Expansion")
    book.save(game / "heroes.xlsx")
    (game / "heroes.yaml").write_text(DECK.replace("heroes.csv", "heroes.xlsx#Bsae"), encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert lines_of(result) == ["cards/spice-road/heroes.yaml:6: cards_from: cards/spice-road/heroes.xlsx has no "
                                "sheet 'Bsae'; did you mean 'Base'? (expected one of: Base, Expansion)"], result.output


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'
EXTENDED = HERO + """      art: {kind: image, x: 5, y: 20, width: 20, height: 20, text: art/robot-golem.svg}
  hero-x:
    extends: hero
    regions:
      title: {color: "#aa0000"}
"""


HEADER_ROWS = "Name,Qty,Cost,Attack Power,Flavor,Colour\nLich,1,5,5,Cold,#112233\n"


def _two_layouts(tmp_path, old: str, new: str):
    """Heroes drawn by spice-road/hero, villains by spice-road/hero-x, which extends it."""
    game = heroes(tmp_path, hero=EXTENDED.replace(old, new, 1))
    (game / "art").mkdir()
    (game / "art" / "robot-golem.svg").write_text(SVG, encoding="utf-8")
    (game / "villains.csv").write_text(HEADER_ROWS, encoding="utf-8")
    (game / "villains.yaml").write_text(DECK.replace("heroes", "villains").replace("/hero\n", "/hero-x\n"),
                                        encoding="utf-8")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("decks: [cards, heroes]", "decks: [cards, heroes, villains]"),
                                    encoding="utf-8")
    return game




@pytest.mark.parametrize("old, new, expected", [
    ("art/robot-golem.svg", "art/robot-golm.svg",
     r"layouts/spice-road\.yaml:\d+: spice-road/hero regions\.art\.text: image 'art/robot-golm\.svg' not found in "
     r"spice-road/; did you mean 'art/robot-golem\.svg'\?"),
    ("card.props.flavor }}\"}\n      bar", "card.props.flavr }}\"}\n      bar",
     r"layouts/spice-road\.yaml:\d+: spice-road/hero regions\.flavor\.text: unknown property 'card\.props\.flavr'"),
    ("font: title, text", "font: fonts/Title.ttf, text",
     r"layouts/spice-road\.yaml:\d+: spice-road/hero regions\.title\.font: font file 'fonts/Title\.ttf' not found"),
])
def test_a_mistake_in_a_box_other_layouts_extend_is_one_line(tmp_path, old, new, expected):
    _two_layouts(tmp_path, old, new)
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert len(lines_of(result)) == 1 and re.match(expected, lines_of(result)[0]), result.output


def test_a_check_finding_names_the_line_of_its_box(tmp_path):
    # a box 1 mm from the edge leaves the safe zone: the warning names the box's line, as validate would
    heroes(tmp_path, hero=HERO.replace("title: {kind: text, x: 5, y: 5,", "title: {kind: text, x: 1, y: 5,"))
    layout = (tmp_path / "layouts" / "spice-road.yaml").read_text(encoding="utf-8").splitlines()
    title = next(n for n, line in enumerate(layout, 1) if "title: {kind: text, x: 1," in line)
    result = pnp("check", "spice-road", root=tmp_path)
    safe = [line for line in result.output.splitlines() if "safe zone" in line and "'title'" in line]
    assert safe and all(line.startswith(f"warning layouts/spice-road.yaml:{title}: spice-road/heroes front")
                        for line in safe), result.output
    findings = json.loads(pnp("check", "spice-road", "--json", root=tmp_path).output)["findings"]
    assert {(f["file"], f["line"]) for f in findings if f["code"] == "safe-zone" and f["box"] == "title"
            and f["deck"] == "heroes"} == {("layouts/spice-road.yaml", title)}
    assert findings and all(f["file"] for f in findings), [f for f in findings if not f["file"]]


def _second_sheet(tmp_path, header: str, row: str = "Lich,1,5,5,#112233\n"):
    """A second spreadsheet deck, villains, drawn by the heroes' layout, with its own header."""
    game = heroes(tmp_path)
    (game / "villains.csv").write_text(header + row, encoding="utf-8")
    (game / "villains.yaml").write_text(DECK.replace("heroes", "villains"), encoding="utf-8")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("decks: [cards, heroes]", "decks: [cards, heroes, villains]"),
                                    encoding="utf-8")
    return game


def test_a_column_one_sheet_lacks_prints_nothing_there(tmp_path):
    # the villains' sheet has no Flavor: its cards leave the flavour box empty, as an empty cell would
    _second_sheet(tmp_path, "Name,Qty,Cost,Attack Power,Colour\n")
    assert pnp("validate", "spice-road", root=tmp_path).exit_code == 0
    built = pnp("build", "spice-road", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert built.exit_code == 0, built.output
    from pypdf import PdfReader
    words = "".join(page.extract_text() for page in PdfReader(tmp_path / "out" / "spice-road" / "en" / "cards.pdf").pages)
    assert "Lich" in words and "Sneaky" in words


def test_a_column_one_sheet_lacks_is_required_where_the_deck_says_so(tmp_path):
    game = _second_sheet(tmp_path, "Name,Qty,Cost,Attack Power,Colour\n")
    deck = game / "villains.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "properties: {flavor: {type: str, required: true}}\n",
                    encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert len(lines_of(result)) == 1 and lines_of(result)[0].startswith("cards/spice-road/villains.csv:1:"), \
        result.output


def test_a_header_slip_of_a_column_another_sheet_has_is_still_refused(tmp_path):
    _second_sheet(tmp_path, "Name,Qty,Cost,Attack Power,Flavr,Colour\n", "Lich,1,5,5,Cold,#112233\n")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert any(line.startswith("cards/spice-road/villains.csv:1: column E 'Flavr'") for line in lines_of(result)), \
        result.output


def _bilingual(tmp_path, body: str):
    """`pnp new spice-road --lang en,de` whose card layout's body box reads `body`."""
    from .helpers import new_game
    new_game(tmp_path, "spice-road", "--lang", "en,de")
    layout = tmp_path / "layouts" / "spice-road.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text.replace('text: "{{ card.text }}"}', f'text: "{body}"}}', 1), encoding="utf-8")
    lines = layout.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if body in line)


def test_layout_words_written_as_they_are_are_one_warning_each_and_counted_untranslated(tmp_path):
    line = _bilingual(tmp_path, "[accent|Level {{ card.props.cost }}] of the game")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    warned = [w for w in result.output.splitlines() if "prints as written" in w]
    assert len(warned) == 1 and warned[0].startswith(
        f"warning: layouts/spice-road.yaml:{line}: spice-road/card regions.body.text: 'Level … of the game' prints "
        "as written on the de cards too (expected {{ _('Level') }}"), result.output
    status = pnp("i18n", "status", "spice-road", "--check", root=tmp_path)
    assert status.exit_code == 1
    de = next(row for row in status.output.splitlines() if row.startswith("spice-road") and " de " in row)
    assert "100 %" not in de and f"layouts/spice-road.yaml:{line}" in status.output, status.output


@pytest.mark.parametrize("body", ["× {{ card.copies }} +2 5k", "Spice Road {{ card.name }}",
                                  "{{ 'Squib' }} {{ _('Rules') }}"])
def test_numbers_symbols_names_and_translated_words_are_no_untranslated_literal(tmp_path, body):
    # `Spice Road` is the game's name in both languages; _('Rules') is pnp's own, translated
    _bilingual(tmp_path, body)
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0 and "prints as written" not in result.output, result.output
    status = pnp("i18n", "status", "spice-road", "--check", root=tmp_path)
    assert status.exit_code == 0, status.output

