"""Gradient fills (issue 52): `gradient: {colors: [...], angle: 270}` on a rect, circle or shape,
drawn as a PDF shading clipped to the box; the PDF stays byte-identical from build to build, and a
Squib gradient string is answered with the field that draws it."""
from __future__ import annotations

import subprocess

from PIL import Image

from tests.authoring.helpers import lines_of, new_game, refused_line
from tests.conftest import pnp

PANEL = "      panel: {kind: rect, x: 3.5, y: 3.5, width: 56, height: 81, fill: paper, radius: 2.5}"


def demo(tmp_path, panel: str) -> None:
    new_game(tmp_path, "demo")
    layout = tmp_path / "layouts" / "demo.yaml"
    text = layout.read_text(encoding="utf-8")
    assert PANEL in text
    layout.write_text(text.replace(PANEL, "      panel: " + panel), encoding="utf-8")


GRADIENT = ('{kind: rect, x: 3.5, y: 3.5, width: 56, height: 81, radius: 2.5, '
            'gradient: {colors: ["#ffffff", "#cc3333"], angle: 270}}')


def test_a_gradient_runs_from_its_first_colour_to_its_last(tmp_path):
    demo(tmp_path, GRADIENT)
    result = pnp("export", "png", "demo", "--card", "market", "--lang", "en", "--dpi", "100",
                 "--out", str(tmp_path / "png"), root=tmp_path)
    assert result.exit_code == 0, result.output
    image = Image.open(tmp_path / "png/demo/en/png/cards/market.png").convert("RGB")
    w, h = image.size
    top, bottom = image.getpixel((w // 2, int(h * 0.12))), image.getpixel((w // 2, int(h * 0.86)))
    assert min(top) > 225, top                        # near white under the title
    assert bottom[0] > 170 and bottom[1] < 110, bottom   # near #cc3333 at the foot


def test_a_gradient_card_sheet_is_the_same_bytes_twice_and_renders_cleanly(tmp_path):
    demo(tmp_path, GRADIENT.replace("angle: 270", "angle: 0"))
    made = []
    for n in (1, 2):
        out = tmp_path / f"out{n}"
        result = pnp("build", "demo", "--lang", "en", "--only", "cards", "--out", str(out), root=tmp_path)
        assert result.exit_code == 0, result.output
        made.append((out / "demo/en/cards.pdf").read_bytes())
    assert made[0] == made[1]
    assert b"/ShadingType 2" in made[0]
    render = subprocess.run(["pdftoppm", "-r", "10", "-png", str(tmp_path / "out1/demo/en/cards.pdf"),
                             str(tmp_path / "page")], capture_output=True, text=True)
    assert render.returncode == 0 and render.stderr == "", render.stderr   # every shading in its resources


def test_squibs_gradient_string_is_answered_with_the_gradient_field(tmp_path):
    demo(tmp_path, '{kind: rect, x: 3.5, y: 3.5, width: 56, height: 81, fill: "(0,0)#fff (0,1125)#c33"}')
    line = refused_line(tmp_path, "demo")
    assert line.startswith("layouts/demo.yaml:26: layouts.card.regions.panel.fill: Squib's gradient is not a "
                           "colour here; write gradient: {colors: ['#fff', '#c33'], angle: 270}"), line


def test_a_gradient_on_a_text_or_with_an_unknown_colour_is_one_line_each(tmp_path):
    demo(tmp_path, '{kind: text, x: 3.5, y: 3.5, width: 56, height: 81, text: "x", '
                   'gradient: {colors: [paper, "#cc3333"]}}')
    [line] = lines_of(pnp("validate", "demo", root=tmp_path))
    assert line.startswith("layouts/demo.yaml:26: layouts.card.regions.panel.gradient: a gradient on a text"), line
    demo(tmp_path / "b", GRADIENT.replace('"#ffffff"', "papr"))
    [line] = lines_of(pnp("validate", "demo", root=tmp_path / "b"))
    assert line.startswith("layouts/demo.yaml:26: layouts.card.regions.panel.gradient.colors[0]: ") \
        and "did you mean 'paper'?" in line, line


def test_a_slip_in_a_gradient_colour_template_is_found_by_validate(tmp_path):
    demo(tmp_path, GRADIENT.replace('"#ffffff"', '"{{ colors.papr }}"'))
    line = refused_line(tmp_path, "demo")
    assert line.startswith("layouts/demo.yaml:26: ") and "'papr'" in line, line
