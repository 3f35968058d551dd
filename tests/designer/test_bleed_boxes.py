"""`bleed: true` on a box carries only its edges on the trim out to the bleed's edge (issue 52,
newcomer 6: a half-card band filled the whole face, a title box covered the card)."""
from __future__ import annotations

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import corners_mm, project
from tests.pdfs import open_pdf  # noqa: F401  (corners_mm reads the PDF)


def _build(tmp_path, bleed="3"):
    result = pnp("build", "shapes", "--only", "cards", "--bleed", bleed, "--duplex", "none",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    return tmp_path / "out" / "shapes" / "en" / "cards.pdf", result.output


def _extent(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def test_a_half_card_band_with_bleed_keeps_its_inner_edge(tmp_path):
    project(tmp_path, """\
      half: {kind: rect, bleed: true, x: 31.5, y: 0, width: 31.5, height: 88, fill: "#ff0000"}
      chip: {kind: rect, bleed: true, x: 10, y: 40, width: 10, height: 10, fill: "#00ff00"}
""")
    pdf, _ = _build(tmp_path)
    # before: the band was the whole face and its bleed, (-3, -3) to (66, 91)
    assert [_extent(c) for c in corners_mm(pdf, (1, 0, 0))] == [(31.5, -3, 66, 91)]
    assert [_extent(c) for c in corners_mm(pdf, (0, 1, 0))] == [(10, 40, 20, 50)]


def _frameless(tmp_path, regions):
    game = project(tmp_path, regions)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("\nlayout:", "\nframe: 0\nlayout:", 1))
    return game


def test_the_advice_to_give_bleed_is_what_bleed_does(tmp_path):
    """The build and check advised `bleed: true` for any box near the cut; following it filled the
    card. Now it is advised only where it carries the box's edges out, and then silences the line."""
    _frameless(tmp_path, """\
      half: {kind: rect, x: 31.5, y: -2, width: 33, height: 92, fill: "#ff0000"}
      title: {kind: text, x: -2, y: 10, width: 67, height: 10, text: "Title"}
""")
    _, out = _build(tmp_path)
    near = [line for line in out.splitlines() if "'half'" in line]
    assert len(near) == 1 and "`bleed: true`" in near[0] and "carry its edge" not in near[0], out
    check = pnp("check", "shapes", root=tmp_path)
    title = [line for line in check.output.splitlines() if "'title'" in line]
    assert title and not any("bleed: true" in line for line in title), check.output
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("half: {kind: rect,", "half: {kind: rect, bleed: true,"))
    pdf, out = _build(tmp_path)
    assert "'half'" not in out, out
    assert [_extent(c) for c in corners_mm(pdf, (1, 0, 0))] == [(31.5, -3, 66, 91)]


def test_a_box_short_of_the_cut_is_told_to_reach_it(tmp_path):
    _frameless(tmp_path, """\
      half: {kind: rect, bleed: true, x: 31.5, y: 1, width: 31.5, height: 88, fill: "#ff0000"}
""")
    _, out = _build(tmp_path)
    near = [line for line in out.splitlines() if "'half'" in line]
    assert len(near) == 1 and "carry its edge to the cut" in near[0], out
