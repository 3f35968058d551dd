"""Squib and nanDECK habits newcomer 9 wrote porting cyclomancy (issue 52): each answered in one
line, at the field written, with the fix that works."""
from __future__ import annotations

import re

import pytest

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project


def _problems(tmp_path, game: str = "shapes") -> list[str]:
    result = pnp("validate", game, root=tmp_path)
    assert result.exit_code == 1, result.output
    return [line for line in result.output.splitlines() if line.strip() and "problem(s) found" not in line]


def _px_layout(tmp_path, regions: str) -> None:
    project(tmp_path, regions)
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                 "  card:\n    dpi: 300\n    background: paper\n"))


def test_a_bare_number_in_a_sum_below_zero_is_said_at_the_sum(tmp_path):
    """Before: two lines at `.x` (off the card; text does not fit in -110 mm), neither naming px."""
    _px_layout(tmp_path, "      box: {kind: text, x: 90 px, y: 100 px, width: deck - 180, height: 100 px, "
                         "text: Gust}\n")
    problems = _problems(tmp_path)
    assert len(problems) == 1, problems
    assert re.match(r"layouts/shapes\.yaml:\d+: layouts\.card\.regions\.box\.width: ", problems[0]), problems
    assert "180 is mm" in problems[0] and "180 px?" in problems[0], problems


def test_a_header_written_with_its_capitals_asks_for_the_lower_case_key(tmp_path):
    """Before: "did you mean 'Attack Power' …; if the header is the slip, the header renamed 'Attack_Power'"."""
    from tests.authoring.test_newcomer_sheets import HERO, heroes
    heroes(tmp_path, hero=HERO.replace("{{ card.props.flavor }}", "{{ card.props.Attack_Power }}"))
    layout = (tmp_path / "layouts" / "spice-road.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(layout, 1) if "Attack_Power" in text)
    problems = _problems(tmp_path, "spice-road")
    assert len(problems) == 1 and problems[0].startswith(f"layouts/spice-road.yaml:{line}: "), problems
    assert problems[0].endswith("(expected card.props.attack_power)") and "renamed" not in problems[0], problems


@pytest.mark.parametrize("region, wanted", [
    # before: "'1005' is more than 500 (expected at most 500)"
    ("{kind: rect, x: 90 px, y: 1005, width: 300 px, height: 40 px, fill: accent}",
     r"layouts/shapes\.yaml:\d+: layouts\.card\.regions\.box\.y: .*1005.*did you mean 1005 px\?"),
    # before: "too few items (expected at least 2)"
    ("{kind: rect, x: 5 px, y: 5 px, width: 40 px, height: 40 px, gradient: {colors: ['#ffffff']}}",
     r"layouts/shapes\.yaml:\d+: layouts\.card\.regions\.box\.gradient\.colors: .*two colours.*fill:"),
    # before: "'scale' is not one of the choices", no suggestion
    ("{kind: image, x: 5 px, y: 5 px, width: 40 px, height: 40 px, text: a.svg, fit: scale}",
     r"layouts/shapes\.yaml:\d+: layouts\.card\.regions\.box\.fit: .*did you mean 'contain'\?"),
])
def test_a_squib_value_in_a_px_layout_is_one_line(tmp_path, region, wanted):
    _px_layout(tmp_path, f"      box: {region}\n")
    problems = _problems(tmp_path)
    assert len(problems) == 1 and re.match(wanted, problems[0]), problems


def test_nandeck_linkmulti_asks_for_quantity(tmp_path):
    """Before: "unknown field 'linkmulti'" and the list, no suggestion."""
    game = project(tmp_path, "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: accent}\n")
    deck = game / "cards.yaml"
    deck.write_text("linkmulti: qty\n" + deck.read_text())
    problems = _problems(tmp_path)
    assert len(problems) == 1 and re.match(r"cards/shapes/cards\.yaml:1: linkmulti: .*did you mean 'quantity'\?",
                                           problems[0]), problems


@pytest.mark.parametrize("written, read", [
    ("Arial,12,B", ("Arial", {"size": 12.0, "bold": True})),         # before: the family 'Arial 12 B'
    ("Times New Roman, 9.5, BI", ("Times New Roman", {"size": 9.5, "bold": True, "italic": True})),
    ("Arial, Bold 10", ("Arial", {"size": 10.0, "bold": True})),      # Pango's comma form, as before
])
def test_a_nandeck_font_string_is_read_as_family_size_and_face(written, read):
    from generator.card_layout.layout_file import pango_font
    assert pango_font(written) == read


@pytest.mark.parametrize("slip, at", [(0, 0), (1, 1)])
def test_a_key_that_does_not_line_up_is_said_at_its_line(tmp_path, slip, at):
    """Before: "YAML syntax error: did not find expected key" at the line after the slip, no fix."""
    boxes = [f"      b{i}: {{kind: rect, x: {i}, y: 5, width: 10, height: 10, fill: accent}}\n" for i in range(3)]
    boxes[slip] = boxes[slip].replace("      b", "     b" if slip == 0 else "       b", 1)
    project(tmp_path, "".join(boxes))
    text = (tmp_path / "layouts" / "shapes.yaml").read_text().splitlines()
    line = next(i for i, t in enumerate(text, 1) if t.lstrip().startswith(f"b{at}:"))
    problems = [p for p in _problems(tmp_path) if p.startswith("layouts/shapes.yaml:")]
    assert len(problems) == 1 and problems[0].startswith(f"layouts/shapes.yaml:{line}: "), problems
    assert "line up" in problems[0] and "6 spaces" in problems[0], problems
