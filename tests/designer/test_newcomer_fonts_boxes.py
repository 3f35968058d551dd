"""What newcomer 4 (a Squib and nanDECK designer, issue 52) found in fonts and layout boxes: a
system family's bold and italic faces, a box's fields its kind does not use, a CFF font said once."""
from __future__ import annotations

import re
import subprocess

import pytest

from tests.conftest import pnp

from .test_shapes_fonts import build, project


def problems_of(result) -> list[str]:
    return [line for line in result.output.splitlines() if "problem(s)" not in line and line.strip()]


def test_a_system_family_in_bold_and_italic_embeds_those_faces(tmp_path):
    from generator.reading.locate import system_style
    if system_style("DejaVu Sans", True, False) is None or system_style("DejaVu Serif", False, True) is None:
        pytest.skip("no fontconfig, or no DejaVu Sans Bold / DejaVu Serif Italic here")
    project(tmp_path, """\
      title: {kind: text, x: 5, y: 10, width: 53, height: 10, font: DejaVu Sans, bold: true, text: "Tower"}
      body: {kind: text, x: 5, y: 30, width: 53, height: 10, font: DejaVu Serif, italic: true, text: "Keep"}
""")
    fonts = subprocess.run(["pdffonts", str(build(tmp_path))], capture_output=True, text=True, check=True).stdout
    assert "DejaVuSans-Bold" in fonts and "DejaVuSerif-Italic" in fonts, fonts


def test_a_system_family_in_its_regular_face_embeds_the_regular_file(tmp_path):
    """Newcomer 5: `font: DejaVu Sans` with no style printed every word in DejaVuSans-BoldOblique
    once the family's bold and italic faces were mapped (ReportLab read the regular name as the last
    style registered)."""
    from generator.reading.locate import system_style
    if system_style("DejaVu Sans", True, True) is None:
        pytest.skip("no fontconfig, or no DejaVu Sans Bold Oblique here")
    project(tmp_path, """\
      body: {kind: text, x: 5, y: 30, width: 53, height: 10, font: DejaVu Sans, text: "Keep"}
""")
    fonts = subprocess.run(["pdffonts", str(build(tmp_path))], capture_output=True, text=True, check=True).stdout
    names = {line.split()[0].split("+")[-1] for line in fonts.splitlines()[2:]}
    assert "DejaVuSans" in names and not any(n.startswith("DejaVuSans-Bold") for n in names), fonts


def test_a_system_family_without_a_bold_face_is_one_line(tmp_path):
    from generator.reading.locate import system_font, system_style
    family = "DejaVu Math TeX Gyre"
    if system_font(family) is None or system_style(family, True, False) is not None:
        pytest.skip(f"no fontconfig, or no {family} with a regular face only here")
    project(tmp_path, f"""\
      title: {{kind: text, x: 5, y: 10, width: 53, height: 10, font: {family}, bold: true, text: "Tower"}}
""")
    for verb in ("validate", "build"):
        result = pnp(verb, "shapes", "--out", str(tmp_path / "out"), root=tmp_path) if verb == "build" \
            else pnp(verb, "shapes", root=tmp_path)
        assert result.exit_code == 1
        lines = [line for line in problems_of(result) if "shapes.yaml" in line]
        assert len(lines) == 1 and re.match(rf"layouts/shapes\.yaml:\d+: .*'{family}' has no bold face", lines[0]), \
            result.output


@pytest.mark.parametrize("regions, expected", [
    ("""\
      flavor: {kind: rect, x: 5, y: 10, width: 53, height: 10, font: body, italic: true, size: 9, text: "Calm"}
""", r"flavor: text, font, italic, size on a rect, which draws no text \(expected kind: text"),
    # the port: `kind: rect` taken from the band listed last; the word's text went undrawn on every card
    ("""\
      word: {font: body, size: 12}
      band1: {kind: rect, fill: accent}
      word1: {extends: [word, band1], x: 5, y: 10, width: 53, height: 10, text: "Tower"}
""", r"word1: text on a rect, which draws no text: its kind 'rect' came from 'band1' through extends "
     r"\(expected the style box last in extends"),
    # the port's own: the word style is a text, the band's rect, listed later, wins
    ("""\
      word: {kind: text, font: body, size: 12}
      band: {kind: rect, fill: accent}
      band1: {extends: band, x: 5, y: 10, width: 53, height: 10}
      word1: {extends: [word, band1], text: "Tower"}
""", r"word1: text on a rect, which draws no text: its kind 'rect' came from 'band' through extends"),
])
def test_a_field_the_kind_does_not_use_is_one_line_at_the_box(tmp_path, regions, expected):
    project(tmp_path, regions)
    layout = (tmp_path / "layouts" / "shapes.yaml").read_text().splitlines()
    box = regions.splitlines()[-1].split(":")[0].strip()
    line = next(i for i, text in enumerate(layout, 1) if text.strip().startswith(f"{box}:"))
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    lines = problems_of(result)
    assert len(lines) == 1 and re.match(rf"layouts/shapes\.yaml:{line}: layouts\.card\.regions\.{expected}",
                                        lines[0]), result.output

    path = tmp_path / "layouts" / "shapes.yaml"     # the fix it names
    path.write_text(path.read_text().replace('text: "Tower"}', 'kind: text, text: "Tower"}')
                    .replace('font: body, italic: true, size: 9, text: "Calm"', "fill: accent"))
    assert pnp("validate", "shapes", root=tmp_path).exit_code == 0


def test_a_cff_font_in_a_style_is_one_line_for_all_the_boxes_that_extend_it(tmp_path):
    game = project(tmp_path, """\
      word: {font: fonts/grundschrift.otf, size: 12}
""" + "".join(f"""\
      word{n}: {{extends: word, kind: text, x: 5, y: {10 * n}, width: 53, height: 8, text: "W{n}"}}
""" for n in range(1, 7)))
    (game / "fonts").mkdir()
    (game / "fonts" / "grundschrift.otf").write_bytes(b"OTTO" + b"\0" * 100)    # a CFF .otf is converted: a damaged one
    layout = (tmp_path / "layouts" / "shapes.yaml").read_text().splitlines()
    line = next(i for i, text in enumerate(layout, 1) if text.strip().startswith("word:"))
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    lines = problems_of(result)
    assert len(lines) == 1 and lines[0].startswith(f"layouts/shapes.yaml:{line}: ") \
        and "damaged OpenType font" in lines[0], \
        result.output
