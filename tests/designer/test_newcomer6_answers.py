"""Squib habits newcomer 6 wrote (issue 52), each answered in one line with the fix that works."""
from __future__ import annotations

import re

import pytest

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project


def _problems(tmp_path) -> list[str]:
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1, result.output
    return [line for line in result.output.splitlines() if line.strip() and "problem(s) found" not in line]


@pytest.mark.parametrize("region, wanted", [
    # before: "unknown field 'angle'", no suggestion
    ("{kind: rect, x: 5, y: 5, width: 10, height: 10, fill: accent, angle: 3.14159}",
     r"layouts/shapes\.yaml:\d+: layouts\.card\.regions\.box\.angle: .*did you mean 'rotate'\?.*rotate: -180\b"),
])
def test_a_squib_field_of_a_box_is_one_line(tmp_path, region, wanted):
    project(tmp_path, f"      box: {region}\n")
    problems = _problems(tmp_path)
    assert len(problems) == 1 and re.match(wanted, problems[0]), problems


def test_a_bare_number_in_a_px_layout_off_the_card_asks_for_px(tmp_path):
    """Two boxes share the slip through `extends`: before, two lines, neither naming px."""
    project(tmp_path, """\
      first: {kind: rect, x: 10 px, y: 200, width: 100 px, height: 50 px, fill: accent}
      second: {extends: first, x: 300 px}
""")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  card:\n    background: paper\n", "  card:\n    dpi: 300\n    background: paper\n"))
    problems = _problems(tmp_path)
    assert len(problems) == 1 and "200 is mm" in problems[0] and "did you mean 200 px?" in problems[0], problems


@pytest.mark.parametrize("old, new, wanted", [
    # before: "'1125' is more than 1000 (expected at most 1000)"
    ("size: poker", "size: {width: 900, height: 1200}",
     r"cards/shapes/cards\.yaml:\d+: size: .*\{width: 900 px, height: 1200 px, dpi: 300\}.*\{width: 3 in, height: 4 in\}"),
    # issue 52: Squib's canvas holds the bleed; it suggested 2.75 x 3.75 in, the bleed as card
    ("size: poker", "size: {width: 825, height: 1125}",
     r"cards/shapes/cards\.yaml:\d+: size: .*a 2\.5 x 3\.5 in card with 0\.125 in \(37\.5 px\) of bleed around it: "
     r"write the card, size: \{width: 2\.5 in, height: 3\.5 in\}, and the bleed as canvas_bleed: 37\.5 px"),
    # before: "back: not a set of fields"
    ("back: {layout: shapes/back}", "back: shapes/back",
     r"cards/shapes/cards\.yaml:\d+: back: .*the back.s fields: back: \{layout: shapes/back\}"),
])
def test_a_squib_deck_field_is_one_line(tmp_path, old, new, wanted):
    game = project(tmp_path, "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: accent}\n")
    deck = game / "cards.yaml"
    assert old in deck.read_text()
    deck.write_text(deck.read_text().replace(old, new))
    problems = _problems(tmp_path)
    assert len(problems) == 1 and re.match(wanted, problems[0]), problems


def test_a_background_written_as_fields_is_told_to_be_a_colour(tmp_path):
    """before: "not a text (expected a text (put it in quotes))", which quoting does not fix."""
    project(tmp_path, "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: accent}\n")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("    background: paper\n", "    background: {color: paper}\n", 1))
    problems = _problems(tmp_path)
    assert len(problems) == 1 and re.match(r"layouts/shapes\.yaml:\d+: layouts\.card\.background: .*"
                                           r"write background: paper$", problems[0]), problems

