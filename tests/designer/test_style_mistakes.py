"""A mistake in a box other boxes `extends` is one line at the style's own line, not one per box
that inherits it; a slip of an installed font family gets a "did you mean" (issue 52)."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.authoring.helpers import new_game
from tests.conftest import pnp

STYLE = ("      style: {kind: text, color: creem, size: 8%s}\n"
         "      a: {extends: style, x: 10, y: 10, width: 20, height: 5, text: A}\n"
         "      b: {extends: style, x: 10, y: 20, width: 20, height: 5, text: B}\n")


def _validate(root, style: str):
    new_game(root)
    layout = root / "layouts" / "spice-road.yaml"
    text = layout.read_text()
    layout.write_text(text.replace("    regions:\n      panel:", "    regions:\n" + style + "      panel:", 1))
    line = text.replace("    regions:\n      panel:", "    regions:\n@", 1).split("@")[0].count("\n") + 1
    result = pnp("validate", "spice-road", root=root)
    return result, [l for l in result.output.splitlines() if "problem(s)" not in l], line


def test_a_typo_in_a_style_is_said_once_at_its_line(tmp_path):
    result, problems, line = _validate(tmp_path, STYLE % "")
    assert result.exit_code == 1
    assert problems == [p for p in problems if p.startswith(f"layouts/spice-road.yaml:{line}: "
                                                            "layouts.card.regions.style.color: unknown colour 'creem'")]
    assert len(problems) == 1, result.output


def _installed(family: str) -> bool:
    return bool(shutil.which("fc-list")) and family in subprocess.run(
        ["fc-list", ":", "family"], capture_output=True, text=True).stdout


@pytest.mark.skipif(not _installed("DejaVu Sans Mono"), reason="needs the DejaVu fonts installed")
def test_a_slip_of_a_system_font_family_gets_a_guess(tmp_path):
    result, problems, line = _validate(tmp_path, (STYLE % ", font: DejaVu Sans Mon").replace("creem", "ink"))
    assert result.exit_code == 1 and len(problems) == 1, result.output
    assert problems[0].startswith(f"layouts/spice-road.yaml:{line}: layouts.card.regions.style.font: ")
    assert "did you mean 'DejaVu Sans Mono'?" in problems[0]


def test_lengths_in_pixels_without_a_dpi_are_one_line(tmp_path):
    """Four px lengths in a layout without `dpi:` were four lines; one at the layout (issue 52)."""
    new_game(tmp_path)
    layout = tmp_path / "layouts" / "spice-road.yaml"
    text = layout.read_text()
    old = "panel: {kind: rect, x: 3.5, y: 3.5, width: 56, height: 81,"
    layout.write_text(text.replace(old, "panel: {kind: rect, x: 40 px, y: 40 px, width: 660 px, height: 960 px,", 1))
    line = text.split("layouts:\n  card:\n")[0].count("\n") + 2
    result = pnp("validate", "spice-road", root=tmp_path)
    problems = [l for l in result.output.splitlines() if "problem(s)" not in l]
    assert result.exit_code == 1 and len(problems) == 1, result.output
    assert problems[0].startswith(f"layouts/spice-road.yaml:{line}: layouts.card.dpi: 4 lengths in pixels"), problems


@pytest.mark.skipif(not _installed("DejaVu Sans Mono"), reason="needs the DejaVu fonts installed")
def test_a_system_font_without_a_glyph_is_named_by_its_family(tmp_path):
    """It named the alias the font is registered under (`pnp-system-…`), a name the designer never wrote."""
    new_game(tmp_path)
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text().replace(
        "      title: {", '      sys: {kind: text, font: DejaVu Sans Mono, x: 10, y: 40, width: 40, height: 6, '
                         'size: 8, text: "{{ card.props.cost }} 中"}\n      title: {', 1))
    for args in (["validate"], ["build", "--lang", "en", "--only", "cards", "--out", str(tmp_path / "o")]):
        result = pnp(args[0], "spice-road", *args[1:], root=tmp_path)
        assert result.exit_code == 1 and "DejaVu Sans Mono" in result.output, result.output
        assert "pnp-system" not in result.output


def test_a_slip_of_a_filter_name_gets_a_guess(tmp_path):
    """Jinja said "No filter named 'uper'." and stopped there."""
    result, problems, line = _validate(tmp_path, "      a: {kind: text, x: 10, y: 10, width: 20, height: 5, "
                                                 "text: '{{ card.name | uper }}'}\n")
    assert result.exit_code == 1 and len(problems) == 1, result.output
    assert problems[0].startswith(f"layouts/spice-road.yaml:{line}: ") and \
        "no filter 'uper' (did you mean 'upper'?)" in problems[0], problems[0]


def test_a_background_template_slip_is_one_line_at_its_line_in_validate_build_and_check(tmp_path):
    """validate said ok, the build named no line, and `pnp check` said "internal error: UndefinedError"."""
    new_game(tmp_path)
    layout = tmp_path / "layouts" / "spice-road.yaml"
    text = layout.read_text()
    line = text[:text.index("    background: accent")].count("\n") + 1
    layout.write_text(text.replace("    background: accent", '    background: "{{ card.props.cots }}"', 1))
    found = {}
    for command in ("validate", "build", "check"):
        result = pnp(command, "spice-road", *(["--out", str(tmp_path / "out")] if command == "build" else []),
                     root=tmp_path)
        assert result.exit_code == 1 and "internal error" not in result.output, (command, result.output)
        found[command] = [l for l in result.output.splitlines() if f"layouts/spice-road.yaml:{line}: " in l]
        assert found[command] and "no field 'cots'" in found[command][0], (command, result.output)
    assert not list((tmp_path / "out").rglob("*.pdf"))
