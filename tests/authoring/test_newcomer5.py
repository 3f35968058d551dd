"""What newcomer 5 (a Squib and nanDECK designer porting Squib's sample data, issue 52) still met:
a mistake said once, at the line that names it, with the hint a Squib or nanDECK habit needs."""
from __future__ import annotations

import re

import pytest

from tests.conftest import pnp

from .helpers import add_deck
from .test_newcomer_sheets import DECK, HERO, heroes, lines_of


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
    heroes(tmp_path, hero=HERO.replace(old, new, 1))
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    lines = [line for line in lines_of(result) if "spice-road.yaml" in line]
    assert len(lines) == 1 and re.match(expected, lines[0]), result.output


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
