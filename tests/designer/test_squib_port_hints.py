"""A ported Squib project's words that got a "did you mean" pointing the wrong way (issue 52, the
newcomer's t/36, t/45, t/48): save_sheet's grid words in a deck, Squib's `svg`/`png` commands as a
kind, `file:` on a box, `height: :scale`; and `pnp check` quiet on Squib's art covering its canvas."""
from __future__ import annotations

import json

import pytest

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project

RECT = "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: ink}\n"


def _lines(tmp_path, prefix: str) -> list[str]:
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code != 0, result.output
    return [line for line in result.output.splitlines() if line.startswith(prefix)]


def _deck_with(tmp_path, extra: str):
    deck = project(tmp_path, RECT) / "cards.yaml"
    deck.write_text(deck.read_text().replace("properties:\n", extra + "properties:\n", 1))
    return deck


@pytest.mark.parametrize("extra, key, said", [
    ("rows: 3\n", "rows", "sheet: {rows: 3}"),            # before: did you mean 'props'?
    ("columns: 4\nrows: 2\ngap: 0\n", "columns", "sheet: {columns: 4, rows: 2, gap: 0}"),
    ("margin: 10\n", "margin", "sheets.yaml"),
    ("trim: 37.5\n", "trim", "canvas_bleed: 37.5 px"),
])
def test_squibs_sheet_words_in_a_deck_point_to_its_sheet(tmp_path, extra, key, said):
    deck = _deck_with(tmp_path, extra)
    lines = _lines(tmp_path, "cards/shapes/cards.yaml:")
    assert len(lines) == 1, lines                          # the grid's words said once, at the first
    number = int(lines[0].split(":")[1])
    assert deck.read_text().splitlines()[number - 1].startswith(key + ":")
    assert f"'{key}'" in lines[0] and said in lines[0] and "props" not in lines[0]


BOX = "      art: {x: 0, y: 0, width: 63, height: 88, %s}\n"


@pytest.mark.parametrize("fields, field, said", [
    ("kind: svg, text: art/a.svg", "art.kind", "did you mean 'image'"),   # before: not one of the choices
    ("kind: png, text: art/a.png", "art.kind", "did you mean 'image'"),
    ("kind: image, file: art/a.svg", "art.file", "text: art/a.svg"),      # before: did you mean 'text'?
    ("kind: ellipse, fill: ink", "art.kind", "did you mean 'circle'"),
])
def test_squibs_commands_and_file_on_a_box_name_pnps_image_box(tmp_path, fields, field, said):
    project(tmp_path, RECT + BOX % fields)
    lines = _lines(tmp_path, "layouts/shapes.yaml:")
    assert len(lines) == 1 and f".{field}:" in lines[0] and said in lines[0], lines
    if "file" in field:
        assert "kind: image" in lines[0]


ART = "      art: {kind: image, x: 5, y: 5, width: 20, text: art/a.svg, %s}\n"


@pytest.mark.parametrize("art, field", [
    ("      art:\n        kind: image\n        width: 20\n        height: :scale\n", ".art.height:"),
    (ART % "height: :scale", "height:"),      # inside { }, where YAML itself refuses the colon
])
def test_height_scale_says_fit_contain(tmp_path, art, field):
    # before: "':scale' is not a length"; in { }: "expected scale without the ':'"
    project(tmp_path, RECT + art)
    lines = _lines(tmp_path, "layouts/shapes.yaml:")
    assert len(lines) == 1 and field in lines[0] and "fit: contain" in lines[0], lines
    game = project(tmp_path / "fixed", RECT + ART % "height: 20, fit: contain")     # the advice validates
    (game / "art").mkdir()
    (game / "art" / "a.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect width="10" height="20"/></svg>')
    result = pnp("validate", "shapes", root=tmp_path / "fixed")
    assert result.exit_code == 0, result.output


def test_rubys_colon_before_a_length_word_is_named(tmp_path):
    # before: "':middle' is not a length" (in a box written one field a line, where YAML keeps the colon)
    project(tmp_path, RECT + "      art:\n        kind: rect\n        x: :middle\n        y: 5\n"
                             "        width: 10\n        height: 10\n")
    lines = _lines(tmp_path, "layouts/shapes.yaml:")
    assert len(lines) == 1 and ".art.x:" in lines[0] and "middle, without the colon" in lines[0], lines


def test_art_covering_squibs_canvas_is_no_bleed_finding_a_band_still_is(tmp_path):
    # Squib's master art: the whole 825 x 1125 px canvas, the card and its bleed; before: "enters the
    # bleed ... give it `bleed: true`", which would squeeze it to the build's bleed. A band from the
    # canvas's edge stays within the canvas (cut on purpose, issue 52); one past the canvas does not
    game = project(tmp_path, """\
      master: {kind: image, x: 0 px, y: 0 px, width: deck, height: deck, text: art/master.svg}
      edge: {kind: rect, x: 0 px, y: 100 px, width: 400 px, height: 50 px, fill: ink}
      band: {kind: rect, x: 0 px, y: 300 px, width: 900 px, height: 50 px, fill: ink}
""")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                 "  card:\n    background: paper\n    dpi: 300\n"
                                                 "    canvas_bleed: 37.5 px\n", 1))
    (game / "art").mkdir()
    (game / "art" / "master.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 825 1125"><rect width="825" height="1125" '
        'fill="#c33"/></svg>')
    result = pnp("check", "shapes", "--json", root=tmp_path)
    assert result.exit_code == 0, result.output
    bleed = [f["box"] for f in json.loads(result.output)["findings"] if f["code"] == "bleed"]
    assert bleed == ["band"], bleed
