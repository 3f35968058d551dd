"""Squib habits newcomer 13 met porting boss-rush (issue 52) that printed wrong cards without a word."""
from __future__ import annotations

import re

import pytest

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project


def _validate(tmp_path, code: int = 1) -> list[str]:
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == code, result.output
    return [line for line in result.output.splitlines() if line.strip() and "problem(s) found" not in line]


def test_an_unquoted_hash_colour_is_not_a_silent_comment(tmp_path):
    """before: `stroke: #F3EFE3` was a YAML comment, the stroke null: validate ok, the line vanished."""
    project(tmp_path, "      box:\n        kind: rect\n        x: 5\n        y: 5\n        width: 10\n"
                      "        height: 10\n        stroke: #F3EFE3\n")
    problems = _validate(tmp_path)
    assert len(problems) == 1 and re.match(r'layouts/shapes\.yaml:\d+: stroke: is empty: .*comment.*'
                                           r'stroke: "#F3EFE3"$', problems[0]), problems
    number = int(problems[0].split(":")[1])
    assert "stroke: #F3EFE3" in (tmp_path / "layouts" / "shapes.yaml").read_text().splitlines()[number - 1]


def test_an_unquoted_hash_in_a_deck_is_said_too(tmp_path):
    """Every YAML file pnp reads: a deck's field given `#390016` unquoted."""
    game = project(tmp_path, "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: accent}\n")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("copies: 1", "copies: 1\n    note: #390016", 1))
    problems = _validate(tmp_path)
    assert len(problems) == 1 and re.match(r'cards/shapes/cards\.yaml:\d+: note: .*quote.*note: "#390016"$',
                                           problems[0]), problems


def test_an_unquoted_hash_inside_braces_is_said_at_its_line(tmp_path):
    """before: "this '{' is not closed before line N": the comment took the closing brace too."""
    project(tmp_path, "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: #F3EFE3}\n")
    problems = _validate(tmp_path)
    assert len(problems) == 1 and re.match(r'layouts/shapes\.yaml:\d+: .*comment.*fill: "#F3EFE3"$',
                                           problems[0]), problems
    number = int(problems[0].split(":")[1])
    assert "fill: #F3EFE3" in (tmp_path / "layouts" / "shapes.yaml").read_text().splitlines()[number - 1]


@pytest.mark.parametrize("comment", ["# the card's boxes", "#add more later"])
def test_a_plain_comment_after_an_empty_key_stays_a_comment(tmp_path, comment):
    project(tmp_path, "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: accent}\n")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("    regions:\n", f"    regions: {comment}\n", 1))
    _validate(tmp_path, 0)


def test_the_background_fix_quotes_its_hash_colour(tmp_path):
    """before: "write background: #390016", which written so is a comment and no background."""
    project(tmp_path, "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: accent}\n")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("    background: paper\n",
                                                 "    background: {color: \"#390016\"}\n", 1))
    problems = _validate(tmp_path)
    assert len(problems) == 1 and re.match(r"layouts/shapes\.yaml:\d+: layouts\.card\.background: .*"
                                           r'write background: "#390016"$', problems[0]), problems


def _px_layout(tmp_path, regions: str):
    project(tmp_path, regions)
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                 "  card:\n    dpi: 300\n    background: paper\n", 1))
    return layout


@pytest.mark.parametrize("region, field, n", [
    # m09: Squib's 4 px line, printed 4 mm thick without a word
    ("{kind: line, x: 10 px, y: 300 px, width: 500 px, height: 0 px, stroke: accent, stroke_width: 4}",
     "stroke_width", "4"),
    # m71: 25 mm pill corners
    ("{kind: rect, x: 10 px, y: 10 px, width: 500 px, height: 600 px, fill: accent, radius: 25}", "radius", "25"),
    # m08: the box moved to mid-card, said only as "runs past the card"
    ("{kind: rect, x: 25, y: 10 px, width: 500 px, height: 600 px, fill: accent}", "x", "25"),
    # a dash of 3 mm strokes where 3 px were meant
    ("{kind: line, x: 10 px, y: 300 px, width: 500 px, height: 0 px, stroke: accent, stroke_width: 4 px, "
     "dash: [3, 3]}", "dash", "3"),
])
def test_a_bare_number_in_a_px_layout_asks_for_px(tmp_path, region, field, n):
    layout = _px_layout(tmp_path, f"      box: {region}\n")
    warned = [line for line in _validate(tmp_path, 0) if f" {n} is mm" in line]
    assert len(warned) == 1 and re.match(rf"warning: layouts/shapes\.yaml:(\d+): layouts\.card\.regions\.box\.{field}: "
                                         rf".*did you mean {n} px\? \(write {n} mm to keep mm\)$", warned[0]), warned
    number = int(warned[0].split(":")[2])
    assert f"{field}: {n}" in layout.read_text().splitlines()[number - 1].replace("[", "")


def test_a_px_layout_with_its_units_written_is_quiet(tmp_path):
    _px_layout(tmp_path, "      box: {kind: rect, x: 10 px, y: 10 px, width: 500 px, height: 600 px, fill: accent, "
                         "radius: 2 mm, stroke: accent, stroke_width: 0}\n")
    assert not [line for line in _validate(tmp_path, 0) if "is mm" in line]
