"""Squib habits newcomer 8 wrote porting space-octopus (issue 52), each answered in one line at
its file and line with the fix: an unknown inline icon, a line's ends, an image's mask, a
misspelt colour, a box off the card written in px."""
from __future__ import annotations

import re

import pytest

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project


def _problem(tmp_path) -> str:
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.strip() and "problem(s) found" not in line]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def _line(tmp_path, text: str) -> int:
    layout = (tmp_path / "layouts" / "shapes.yaml").read_text().splitlines()
    return next(n for n, row in enumerate(layout, 1) if text in row)


@pytest.mark.parametrize("region, wanted", [
    # before: "cards/shapes: the cards use icon 'coinn', which no layout file defines", no line
    ('{kind: text, x: 5, y: 5, width: 50, height: 10, text: "{{ card.name }} :coinn:"}',
     r"regions\.box\.text: unknown icon ':coinn:'; did you mean ':coin:'\?"),
    # before: "unknown field 'x1'; did you mean 'x'?" and the same for x2
    ("{kind: line, x1: 5, y1: 10, x2: 55, y2: 10, stroke: ink}",
     r"regions\.box\.x1: unknown field 'x1': a line in pnp is a box.*\(expected x: 5, y: 10, width: 50, height: 0 "),
    # before: "unknown field 'mask'", no suggestion
    ("{kind: image, x: 5, y: 5, width: 10, height: 10, text: icon.svg, mask: accent}",
     r"regions\.box\.mask: unknown field 'mask'; did you mean 'fill'\?.*\(expected fill: 'accent' "),
    # before: "unknown colour 'whitte'", no suggestion
    ("{kind: rect, x: 5, y: 5, width: 10, height: 10, fill: whitte}",
     r"regions\.box\.fill: unknown colour 'whitte'; did you mean 'white'\?"),
])
def test_a_squib_habit_is_one_line_at_its_box_with_the_fix(tmp_path, region, wanted):
    project(tmp_path, f"      box: {region}\n")
    found = _problem(tmp_path)
    assert found.startswith(f"layouts/shapes.yaml:{_line(tmp_path, 'box: {')}: "), found
    assert re.search(wanted, found), found


def test_a_box_off_the_card_in_px_is_said_in_px(tmp_path):
    """before: '(x 76.2 to 84.6667 mm, y 3.175 to 7.40833 mm)' for a box written in px."""
    project(tmp_path, "      box: {kind: rect, x: 900 px, y: 37.5 px, width: 100 px, height: 50 px, fill: ink}\n")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                 "  card:\n    dpi: 300\n    canvas_bleed: 37.5 px\n"
                                                 "    background: paper\n", 1))
    found = _problem(tmp_path)
    assert found.startswith(f"layouts/shapes.yaml:{_line(tmp_path, 'box: {')}: "), found
    assert "(x 900 to 1000 px, y 37.5 to 87.5 px; the card is x 37.5 to 781.6 px" in found, found
    assert " mm" not in found, found


def test_an_unknown_inline_icon_from_a_spreadsheet_is_said_at_its_cell(tmp_path):
    """The icon a face prints came from a cell, not from the layout: said at the cell."""
    from tests.authoring.helpers import add_deck, new_game
    game = new_game(tmp_path)
    add_deck(game, "heroes", "deck: heroes\nname: {en: Heroes}\nsize: poker\nlayout: spice-road/hero\n"
                             "cards_from: heroes.csv\n")
    (game / "heroes.csv").write_text("Name,Cost\nArcher,2 :coinn:\nSmith,3\n")
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text().replace("\n  back:\n", '\n  hero:\n    regions:\n      title: {kind: text, '
                                                 'x: 5, y: 60, width: 53, height: 10, text: "{{ card.props.cost }}"}'
                                                 "\n  back:\n", 1))
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert result.output.startswith("cards/spice-road/heroes.csv:2: column B 'Cost': unknown icon ':coinn:'; "
                                    "did you mean ':coin:'?"), result.output
