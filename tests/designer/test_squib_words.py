"""What a Squib user writes that pnp now reads (issue 52, the last newcomer's leftovers): Squib's
cells (`2 c`), `middle` and lengths added and taken away (`middle - 0.5 in`), Pango font strings
(`font: "Serif Bold 12"`), and one line at file:line for each small Squib habit."""
from __future__ import annotations

import shutil

import pytest

from generator.loading.catalog import load_project
from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project

MM_PER_PX = 25.4 / 300


def _region(tmp_path, regions: str, layout_head: str = "", name: str = "box"):
    """The resolved `name` box of the card face `regions`, on its 63 x 88 mm poker card."""
    project(tmp_path, regions)
    if layout_head:
        layout = tmp_path / "layouts" / "shapes.yaml"
        layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                     "  card:\n    background: paper\n" + layout_head, 1))
    loaded = load_project(tmp_path, ["shapes"])
    layout = loaded.layouts.sized("shapes/card", 63, 88)
    return next(r for r in layout.regions if r.name == name)


def test_squib_cells_middle_and_sums_are_lengths(tmp_path):
    box = _region(tmp_path, """\
      box: {kind: rect, x: "middle - 1 in", y: "2 c + 0.5 in", width: 2 in, height: "3 cells", fill: ink}
""", "    dpi: 300\n")
    assert box.x == pytest.approx(31.5 - 25.4)                      # half the card, less an inch
    assert box.y == pytest.approx(75 * MM_PER_PX + 12.7)              # two cells of 37.5 px, and half an inch
    assert box.width == pytest.approx(50.8)
    assert box.height == pytest.approx(112.5 * MM_PER_PX)


def test_middle_is_half_of_squibs_canvas_with_its_bleed(tmp_path):
    # Squib's canvas of 825 x 1125 px holds the card and 37.5 px around it: its middle is the card's
    box = _region(tmp_path, """\
      box: {kind: rect, x: middle, y: "middle - 100 px", width: middle, height: 1 c, fill: ink}
""", "    dpi: 300\n    canvas_bleed: 37.5 px\n")
    assert box.x == pytest.approx(31.5)
    assert box.y == pytest.approx(44 - 100 * MM_PER_PX)
    assert box.width == pytest.approx(31.5 + 3.175)                    # half the canvas: half the card and a bleed


@pytest.mark.parametrize("value, said", [
    ("middle * 2", "is not a length"),           # no product: a line saying what is accepted
    ("middle - 3 px", "says no dpi"),
])
def test_a_bad_expression_is_one_line_at_its_field(tmp_path, value, said):
    project(tmp_path, f"""\
      box: {{kind: rect, x: "{value}", y: 5, width: 10, height: 10, fill: ink}}
""")
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.startswith("layouts/shapes.yaml:")]
    assert len(lines) == 1 and ".box.x" in lines[0] and said in lines[0], result.output
    line = int(lines[0].split(":")[1])
    assert "box:" in (tmp_path / "layouts" / "shapes.yaml").read_text().splitlines()[line - 1]
    if "not a length" in said:
        assert "middle - 0.5 in" in lines[0]


@pytest.mark.parametrize("font, family, bold, italic, size", [
    ("DejaVu Sans Bold 12", "DejaVu Sans", True, False, 12),
    ("title 7.5", "title", False, False, 7.5),
    ("DejaVu Serif Italic", "DejaVu Serif", False, True, 9),
])
def test_a_pango_font_string_is_read_as_family_face_and_size(tmp_path, font, family, bold, italic, size):
    box = _region(tmp_path, f"""\
      box: {{kind: text, x: 5, y: 5, width: 50, height: 10, font: "{font}", text: "{{{{ card.name }}}}"}}
""")
    assert (box.font, box.bold, box.italic, box.size) == (family, bold, italic, size)


def test_a_field_beside_the_font_string_wins(tmp_path):
    box = _region(tmp_path, """\
      box: {kind: text, x: 5, y: 5, width: 50, height: 10, font: "title Bold 12", size: 8, text: "{{ card.name }}"}
""")
    assert (box.font, box.bold, box.size) == ("title", True, 8)


def test_a_pango_family_pnp_lacks_is_the_missing_font_line(tmp_path):
    project(tmp_path, """\
      box: {kind: text, x: 5, y: 5, width: 50, height: 10, font: "Nosuchfamily Bold 12", text: "{{ card.name }}"}
""")
    result = pnp("validate", "shapes", root=tmp_path)
    lines = [line for line in result.output.splitlines() if line.startswith("layouts/shapes.yaml:")]
    assert result.exit_code != 0 and len(lines) == 1, result.output
    assert "unknown font 'Nosuchfamily'" in lines[0] and "cardo" in lines[0], result.output


def _one_layout_line(tmp_path, regions: str, head: str = "") -> str:
    project(tmp_path, regions)
    if head:
        layout = tmp_path / "layouts" / "shapes.yaml"
        layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                     "  card:\n    background: paper\n" + head, 1))
    result = pnp("validate", "shapes", root=tmp_path)
    lines = [line for line in result.output.splitlines() if line.startswith("layouts/shapes.yaml:")]
    assert result.exit_code != 0 and len(lines) == 1, result.output
    return lines[0]


BOX = "      box: {kind: text, x: 5, y: 5, width: 50, height: 10, text: \"{{ card.name }}\", %s}\n"


def test_squibs_ellipsize_says_what_pnp_does_instead(tmp_path):
    line = _one_layout_line(tmp_path, BOX % "ellipsize: true")
    assert ".box.ellipsize" in line and "shrinks its text" in line and "min_size" in line


def test_a_colour_yaml_read_as_a_number_is_given_in_quotes(tmp_path):
    line = _one_layout_line(tmp_path, BOX.replace("kind: text", "kind: rect").replace(', text: "{{ card.name }}"', "")
                            % "stroke: 000000")
    assert ".box.stroke" in line and '"#000000"' in line


def test_squibs_canvas_bleed_in_pixels_and_cell_px_are_answered(tmp_path):
    line = _one_layout_line(tmp_path, BOX % "size: 9", "    canvas_bleed: 37.5\n")
    assert ".canvas_bleed" in line and "37.5 px" in line and "dpi: 300" in line
    line = _one_layout_line(tmp_path / "2", BOX % "size: 9", "    cell_px: 50\n")
    assert ".cell_px" in line and "37.5 px" in line


def test_valign_center_is_the_middle(tmp_path):
    assert _region(tmp_path, BOX % "valign: center").valign == "middle"


def test_when_on_an_empty_cell_draws_nothing(tmp_path):
    # before: "a value of the wrong kind: '>' not supported between instances of 'str' and 'int'", twice
    game = project(tmp_path, """\
      title: {kind: text, x: 5, y: 5, width: 50, height: 10, text: "{{ card.name }}"}
      bonus: {kind: text, x: 5, y: 20, width: 50, height: 10, when: "card.props.bonus > 2", text: "Bonus{{ card.props.bonus }}"}
""")
    (game / "cards.csv").write_text("name,cost,bonus\nMine,2,3\nFarm,1,\n")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("cards:\n", "cards_from: cards.csv\ncards:\n", 1))
    result = pnp("build", "shapes", "--only", "cards", "--lang", "en", "--duplex", "none",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    import subprocess
    text = subprocess.run(["pdftotext", str(tmp_path / "out" / "shapes" / "en" / "cards.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "Mine" in text and "Farm" in text and text.count("Bonus") == 1 and "Bonus3" in text


@pytest.mark.skipif(not shutil.which("fc-match"), reason="fontconfig chooses what Serif is")
def test_pangos_generic_serif_prints_in_the_systems_choice_with_a_note(tmp_path):
    project(tmp_path, BOX % 'font: "Serif Bold 12"')
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if line.startswith("note: layouts/shapes.yaml:")]
    assert len(notes) == 1 and "'Serif'" in notes[0], result.output


def test_a_sum_added_to_with_plus_equals(tmp_path):
    box = _region(tmp_path, """\
      base: {kind: rect, x: "middle - 10 mm", y: 5, width: 10, height: 10, fill: ink}
      box: {extends: base, x: += 4 mm}
""")
    assert box.x == pytest.approx(31.5 - 10 + 4)


def test_squibs_deck_is_the_whole_canvas(tmp_path):
    box = _region(tmp_path, """\
      box: {kind: rect, x: "deck - 1 in", y: "deck - 2 c", width: 1 in, height: 1 c, fill: ink}
""", "    dpi: 300\n    canvas_bleed: 0.125 in\n")
    assert box.x == pytest.approx(63 + 3.175 - 25.4)       # from the canvas's right edge, in the bleed
    assert box.y == pytest.approx(88 + 3.175 - 2 * 3.175)


def test_a_layout_that_extends_one_places_its_box_where_it_says(tmp_path):
    # before: the extended box's share of the card stayed, and `x: 5` was drawn at 50 %
    project(tmp_path, """\
      box: {kind: rect, x: 50 %, y: 50 %, width: 10, height: 10, fill: ink}
""")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text() + "  card2:\n    extends: card\n    regions:\n      box: {x: 5}\n")
    box = next(r for r in load_project(tmp_path, ["shapes"]).layouts.sized("shapes/card2", 63, 88).regions
               if r.name == "box")
    assert (box.x, box.y) == (pytest.approx(5), pytest.approx(44))
