"""A faithful Squib port (issue 52): boxes across Squib's whole 825 px canvas, whose bleed is
0.125 in (3.175 mm) where the build bleeds 3 mm, are drawn for the cut: validate and `pnp check`
stay quiet on them and on a box marked `bleed: true`; a box past the canvas is still said."""
from __future__ import annotations

import json

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project

SQUIB = """\
      band: {kind: text, x: 0 px, y: 0 px, width: 825 px, height: 300 px, size: 9, align: center, valign: middle,
             text: "{{ card.name }}"}
      rule: {kind: line, x: 0 px, y: 562.5 px, width: 825 px, height: 0 px, stroke: ink, stroke_width: 4 px}
      low: {kind: text, x: 25 px, y: 750 px, width: 775 px, height: 375 px, size: 9, align: center, valign: middle,
            text: "{{ card.name }}"}
"""


def _squib(tmp_path, regions: str):
    game = project(tmp_path, regions)
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace(
        "  card:\n    background: paper\n", "  card:\n    background: paper\n    dpi: 300\n    canvas_bleed: 37.5 px\n", 1))
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("size: poker", "size: {width: 2.5 in, height: 3.5 in}", 1))
    return layout


def _validate_warnings(tmp_path) -> list[str]:
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if line.startswith("warning:")]


def _check_geometry(tmp_path) -> list[str]:
    result = pnp("check", "shapes", "--json", root=tmp_path)
    assert result.exit_code == 0, result.output
    return [f["box"] for f in json.loads(result.output)["findings"] if f["code"] in ("bleed", "safe-zone")]


def test_boxes_within_squibs_canvas_are_quiet_in_validate_and_check(tmp_path):
    # before: validate warned "past the card and its 3 mm bleed" for all three; check "enters the bleed"
    _squib(tmp_path, SQUIB)
    assert _validate_warnings(tmp_path) == []
    assert _check_geometry(tmp_path) == []


def test_a_box_past_the_canvas_is_still_said_at_its_line(tmp_path):
    layout = _squib(tmp_path, SQUIB.replace("width: 825 px, height: 300 px", "width: 900 px, height: 300 px"))
    warnings = _validate_warnings(tmp_path)
    assert len(warnings) == 1 and ".band.width:" in warnings[0], warnings
    number = int(warnings[0].split(":")[2])
    assert "band:" in layout.read_text().splitlines()[number - 1]
    assert _check_geometry(tmp_path) == ["band"]


def test_a_text_that_prints_past_the_trim_is_still_said_by_check(tmp_path):
    # left-aligned at 25 px on the canvas, its first letter starts 1 mm inside the bleed: cut
    _squib(tmp_path, SQUIB.replace("size: 9, align: center, valign: middle,\n            text",
                                              "size: 9, align: left, valign: middle,\n            text"))
    assert _validate_warnings(tmp_path) == []     # validate reads boxes, not the letters set in them
    assert _check_geometry(tmp_path) == ["low"]


def test_check_agrees_with_validate_on_a_text_box_marked_bleed(tmp_path):
    # before: validate was silent after `bleed: true`, check still said "enters the bleed ... move it inside"
    project(tmp_path, '      band: {kind: text, bleed: true, x: -2, y: 0, width: 67, height: 20, size: 9,'
                      ' text: "{{ card.name }}"}\n')
    assert _validate_warnings(tmp_path) == []
    assert _check_geometry(tmp_path) == []


def _frameless_build(tmp_path, regions: str) -> list[str]:
    _squib(tmp_path, regions)
    deck = tmp_path / "cards" / "shapes" / "cards.yaml"
    deck.write_text(deck.read_text().replace("layout: shapes/card", "layout: shapes/card\nframe: 0", 1))
    result = pnp("build", "shapes", "--only", "cards", "--duplex", "none", "--out", str(tmp_path / "out"),
                 root=tmp_path)
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if "ends within" in line]


def test_frameless_line_across_squibs_canvas_is_no_stray_cut_warning(tmp_path):
    # before: "frame: 0 prints the face to its cut, but box 'rule' ... ends within 2.5 mm of it"
    assert _frameless_build(tmp_path, SQUIB) == []


def test_frameless_line_ending_near_the_cut_is_still_said(tmp_path):
    lines = _frameless_build(tmp_path, SQUIB.replace("x: 0 px, y: 562.5 px, width: 825 px",
                                                     "x: 37.5 px, y: 562.5 px, width: 740 px"))
    assert len(lines) == 1 and "box 'rule'" in lines[0], lines
