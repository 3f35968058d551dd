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
