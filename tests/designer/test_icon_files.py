"""Icon files as designers have them (issue 52): basic shapes taken as paths, a file that is not
SVG said in one line, and a layout file with a YAML syntax error said once, without the "unknown
icon" lines its unread icons would add."""
from __future__ import annotations

import pytest

from tests.authoring.helpers import lines_of, new_game
from tests.conftest import pnp
from tests.designer.test_shapes_fonts import add_icons


@pytest.mark.parametrize("broken", ["syntax", "icons"])
def test_a_layout_yaml_syntax_error_is_the_one_problem_said(tmp_path, broken):
    """The cards of `pnp new` use :coin:, defined in the broken file: before, two false
    "unknown icon ':coin:'" lines followed the syntax error (or an `icons:` that is no mapping)."""
    new_game(tmp_path, "demo")
    layout = tmp_path / "layouts" / "demo.yaml"
    text = layout.read_text()
    assert "      title: {kind: text," in text and "\nicons:\n" in text
    if broken == "syntax":
        layout.write_text(text.replace("      title: {kind: text,", "      title: {kind: text: x,", 1))
    else:
        layout.write_text(text[:text.index("\nicons:\n")] + "\nicons: coin\n" + text[text.index("\nlayouts:\n"):])
    result = pnp("validate", "demo", root=tmp_path)
    assert result.exit_code == 1
    found = lines_of(result)
    assert len(found) == 1, result.output
    assert found[0].startswith("layouts/demo.yaml:"), found


# as icon sites and hand-made files write them: basic shapes, no <path>; a rounded rect on the
# left, a circle on the right, in a 100-unit box
SHAPES = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect x="10" y="20" width="30" height="60" rx="10"/>
<circle cx="75" cy="50" r="15"/></svg>"""


def test_an_icon_file_of_a_rect_and_a_circle_prints_their_shapes(tmp_path):
    """Before, the file was refused (`<rect> at line 2: an icon file's shapes are <path>s`)."""
    from tests.designer.test_shapes_fonts import project
    from tests.designer.test_squib_drawing import pixels
    from tests.designer.test_shapes_fonts import build
    project(tmp_path, """\
      icon: {kind: icon, x: 10, y: 10, width: 40, height: 40, text: blocks, color: "#000000"}
""")
    (add_icons(tmp_path, "  blocks: {file: art/blocks.svg, label: {en: b}}\n") / "blocks.svg").write_text(SHAPES)
    at = pixels(build(tmp_path))
    dark = lambda x, y: sum(at(x, y)) < 200
    # 40 mm for 100 units, from (10, 10) mm: a unit is 0.4 mm
    mm = lambda u, v: (10 + u * 0.4, 10 + v * 0.4)
    assert dark(*mm(25, 50)) and dark(*mm(75, 50))               # the rect's middle, the circle's centre
    assert dark(*mm(12, 50)) and dark(*mm(38, 50)) and dark(*mm(25, 22)) and dark(*mm(25, 78))   # the rect's sides
    assert not dark(*mm(8, 50)) and not dark(*mm(42, 50)) and not dark(*mm(25, 18))          # just outside them
    assert not dark(*mm(11, 21)) and not dark(*mm(39, 79))        # its corners rounded (rx 10)
    assert dark(*mm(62, 50)) and dark(*mm(88, 50)) and not dark(*mm(58, 50)) and not dark(*mm(92, 50))
    assert not dark(*mm(63, 38)) and not dark(*mm(87, 62))        # a circle, not its square
    assert not dark(*mm(50, 50))                                  # nothing between them


def test_an_icon_file_that_is_not_svg_is_one_line_in_pnps_words(tmp_path):
    """Before: lxml's own words (`Start tag expected, '<' not found, line 1, column 1`)."""
    from PIL import Image
    new_game(tmp_path, "shapes")
    art = add_icons(tmp_path, "  photo: {file: art/photo.svg, label: {en: photo}}\n"
                              "  notes: {file: art/notes.svg, label: {en: notes}}\n")
    Image.new("RGB", (8, 8)).save(art / "photo.svg", format="PNG")
    (art / "notes.svg").write_text("my icon ideas\n")
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    found = lines_of(result)
    assert len(found) == 2, result.output
    assert found[0].startswith("layouts/shapes.yaml:9: icons.photo.file: cards/shapes/art/photo.svg: a PNG image")
    assert found[1].startswith("layouts/shapes.yaml:10: icons.notes.file: cards/shapes/art/notes.svg: not an SVG")
    for line in found:
        assert "Start tag" not in line and "column" not in line and "SVG" in line


def bounds(path: str) -> list[tuple]:
    """The bounds of each subpath of `path`."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.svgLib.path import parse_path
    found = []
    for piece in path.split("M")[1:]:
        pen = BoundsPen(None)
        parse_path("M" + piece, pen)
        found.append(tuple(round(v, 2) for v in pen.bounds))
    return found


def test_each_basic_shape_is_its_outline_moved_by_its_groups():
    from generator.card_layout.icon_paths import file_path
    path, _box = file_path(b"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<g transform="translate(10,0)"><ellipse cx="20" cy="50" rx="10" ry="5"/>
<polygon points="40,10 60,10 50,30" transform="scale(2)"/></g>
<polyline points="0,90 10,90 10,100"/><rect x="60" y="60" width="20" height="10" ry="99"/></svg>""")
    assert bounds(path) == [(20, 45, 40, 55), (90, 20, 130, 60), (0, 90, 10, 100), (60, 60, 80, 70)]
    assert "C" in path.split("M")[4]   # the rect's corners rounded, its radius at most half its height


def test_outlines_an_svg_leaves_unfilled_are_refused_not_filled():
    """Feather's and Lucide's icons set fill="none" once, on the <svg>: their outlines printed as
    filled blobs, the group's fill being ignored."""
    from generator.card_layout.icon_paths import file_path
    with pytest.raises(ValueError, match="fills no shape"):
        file_path(b"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000">
<path d="M2 2h20v20H2z"/></svg>""")


def test_an_icon_file_with_white_on_colours_is_refused_at_its_file_line(tmp_path):
    """A yellow square under a red triangle with a white dot printed as one black square: an icon
    prints in one colour, so its white details vanish. Now one line at the icon's `file:`, naming
    the white and the fixes (holes, or an image box)."""
    from tests.designer.test_shapes_fonts import project
    project(tmp_path, """\
      icon: {kind: icon, x: 10, y: 10, width: 40, height: 40, text: blocks, color: "#000000"}
""")
    art = add_icons(tmp_path, "  blocks: {file: art/blocks.svg, label: {en: b}}\n")
    (art / "blocks.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n'
        '<rect width="100" height="100" fill="#ffcc00"/>\n<path d="M10 10 L90 10 L50 90 Z" style="fill:red"/>\n'
        '<g fill="#fff"><circle cx="50" cy="40" r="10"/></g></svg>')
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    found = lines_of(result)
    assert len(found) == 1 and found[0].startswith("layouts/shapes.yaml:"), found
    assert "icons.blocks.file" in found[0] and "#ffffff" in found[0] and "image" in found[0]
    # one colour spelt three ways is one colour
    (art / "blocks.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n<rect width="10" height="10" fill="black"/>\n'
        '<path d="M10 10 L90 10 L50 90 Z" style="fill:#000"/>\n<circle cx="50" cy="40" r="10"/></svg>')
    assert pnp("validate", "shapes", root=tmp_path).exit_code == 0
