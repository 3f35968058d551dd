"""What a Squib user writes that pnp now reads (issue 52, the last newcomer's leftovers): Squib's
cells (`2 c`), `middle` and lengths added and taken away (`middle - 0.5 in`), Pango font strings
(`font: "Serif Bold 12"`), and one line at file:line for each small Squib habit."""
from __future__ import annotations

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
