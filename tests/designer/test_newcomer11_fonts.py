"""Squib's favourite font, as Squib projects write it (issue 52, newcomer 11: t/64-66): `Times
New Roman`, `Times New Roman 10` and Pango's family list `Times New Roman,serif 10`. Before:
"unknown font 'Times New'; did you mean 'Times New Roman'?" ("Roman" read as a face word)."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from generator.card_layout.layout_file import pango_font
from generator.reading.locate import system_font
from tests.conftest import pnp
from tests.designer.test_shapes_fonts import build, project
from tests.designer.test_squib_words import _region

BOX = "      box: {kind: text, x: 5, y: 5, width: 50, height: 10, font: \"%s\", text: \"{{ card.name }}\"}\n"
needs_liberation = pytest.mark.skipif(not shutil.which("fc-match") or not system_font("Times New Roman"),
                                      reason="fontconfig and a metric twin of Times New Roman (Liberation Serif)")


@pytest.mark.parametrize("written, read", [
    ("Times New Roman", None),                                           # a plain family, kept whole
    ("Times New Roman 10", ("Times New Roman", {"size": 10.0})),
    ("Times New Roman Bold 10", ("Times New Roman", {"size": 10.0, "bold": True})),
    ("Times New Roman Roman 10", ("Times New Roman", {"size": 10.0})),   # its face word after the whole name
    ("Arial,12,B", ("Arial", {"size": 12.0, "bold": True})),              # nanDECK's, as before
])
def test_a_family_ending_in_a_face_word_is_taken_whole(written, read):
    assert pango_font(written) == read


@needs_liberation
@pytest.mark.parametrize("written", ["Times New Roman", "Times New Roman 10", "Times New Roman,serif 10"])
def test_times_new_roman_validates_and_prints_in_its_twin(tmp_path, written):
    project(tmp_path, BOX % written)
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if line.startswith("note: layouts/shapes.yaml:")]
    assert len(notes) == 1 and "'Times New Roman'" in notes[0] and "Liberation Serif" in notes[0], result.output


@needs_liberation
def test_a_pango_family_list_takes_the_first_this_system_prints(tmp_path):
    box = _region(tmp_path, BOX % "Nosuchfamily, Times New Roman,serif 10")
    assert (box.font, box.size) == ("Times New Roman", 10)


@needs_liberation
def test_times_new_roman_is_embedded_as_liberation_serif(tmp_path):
    project(tmp_path, BOX % "Times New Roman,serif 10")
    fonts = subprocess.run(["pdffonts", str(build(tmp_path))], capture_output=True, text=True, check=True).stdout
    assert "LiberationSerif" in fonts, fonts


def test_no_did_you_mean_names_the_family_written(monkeypatch):
    """A family fontconfig lists only as a file pnp cannot embed (a .ttc): before, "unknown font
    'X'; did you mean 'X'?"."""
    from generator.card_layout import region_checks
    monkeypatch.setattr(region_checks, "system_font", lambda family: None)
    monkeypatch.setattr(region_checks, "system_families", lambda: ("Baskerville Old", "DejaVu Sans"))
    (problem,) = region_checks._font_problems({"font": "Baskerville Old"}, {"title", "body"}, "layouts/a.yaml", 3,
                                              "layouts.card.regions.box")
    assert "did you mean" not in problem.message and "cannot embed" in problem.message
    assert "fonts/" in problem.expected
