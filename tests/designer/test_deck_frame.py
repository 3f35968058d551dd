"""A deck's own white frame (issue 52): `frame: 0` prints a Squib card's coloured border to its
cut, the cut still clean (a cut straying 2.5 mm shows the same colour); a frame that gives that
up is one build warning naming the deck; a bad value is one line at its line."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from tests.authoring.helpers import new_game
from tests.conftest import pnp
from tests.print.cut_checks import cut_tolerances
from tests.print.sheet_geometry import MM, render, trims

ACCENT = (0x2d, 0x6a, 0x8a)    # the `pnp new` card's background: its border around the panel


def _framed(root, value: str) -> int:
    deck = new_game(root) / "cards.yaml"
    text = deck.read_text()
    deck.write_text(text.replace("\nsize: poker", f"\nframe: {value}\nsize: poker", 1))
    return text.split("\nsize: poker")[0].count("\n") + 2


def _build(root, *args):
    result = pnp("build", "spice-road", "--only", "cards", "--lang", "en", "--out", str(root / "out"), *args,
                 root=root)
    assert result.exit_code == 0, result.output
    return root / "out" / "spice-road" / "en" / "cards.pdf", [w for w in result.output.splitlines()
                                                              if w.startswith("warning:")]


def _just_inside(pdf) -> list[tuple]:
    """The colour 1 mm inside the left cut of every card on the first card sheet."""
    reader, image = PdfReader(pdf), render(pdf, 100)[2]
    height, scale = float(reader.pages[2].mediabox[3]), 100 / 72
    return [image.getpixel((round((t.x0 + 1 * MM) * scale), round((height - (t.y0 + t.y1) / 2) * scale)))
            for t in trims(reader, reader.pages[2])]


def test_frame_0_prints_the_border_to_a_clean_cut(tmp_path):
    """~3 s: a build and a raster of its sheets."""
    _framed(tmp_path, "0")
    pdf, warnings = _build(tmp_path)
    assert warnings == []
    inside = _just_inside(pdf)
    assert inside and all(max(abs(a - b) for a, b in zip(c, ACCENT)) < 12 for c in inside), inside  # was white
    cuts = cut_tolerances(pdf, first_page=3)
    assert cuts and min(c.clean for c in cuts) >= 2.5
    told = " ".join(page.extract_text() for page in PdfReader(pdf).pages[:2])
    assert "share one cut" in told and "white frame" not in told     # no frame to promise the player


@pytest.mark.parametrize("value, args", [("1 mm", ()), ("0", ("--bleed", "1"))])
def test_a_frame_that_gives_up_the_clean_cut_is_one_warning_naming_the_deck(tmp_path, value, args):
    line = _framed(tmp_path, value)
    pdf, warnings = _build(tmp_path, *args)
    assert len(warnings) == 1 and f"cards/spice-road/cards.yaml:{line}: deck 'cards' frame" in warnings[0], warnings
    assert min(c.clean for c in cut_tolerances(pdf, first_page=3)) < 2.5     # and it is so


def test_a_box_drawn_to_the_cut_of_a_frameless_deck_is_one_warning(tmp_path):
    line = _framed(tmp_path, "0")
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text().replace("panel: {kind: rect, x: 3.5,", "panel: {kind: rect, x: 1,", 1))
    result = pnp("build", "spice-road", "--only", "cards", "--lang", "en", "--out", str(tmp_path / "out"),
                 root=tmp_path)
    warnings = [w for w in result.output.splitlines() if w.startswith("warning:")]
    assert len(warnings) == 1 and f"cards.yaml:{line}: deck 'cards' frame" in warnings[0] \
        and "box 'panel' (layouts/spice-road.yaml:" in warnings[0], result.output


@pytest.mark.parametrize("value", ["-1", "thick", "21", "2 px", "true"])
def test_a_bad_frame_is_one_line_at_its_line(tmp_path, value):
    line = _framed(tmp_path, value)
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert result.output.startswith(f"cards/spice-road/cards.yaml:{line}: frame: "), result.output
    assert len(result.output.strip().splitlines()) == 2      # the problem, then the count


def test_a_frame_in_inches_is_taken(tmp_path):
    _framed(tmp_path, "0.125 in")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("frame, told", [(None, True), ("0", False)])
def test_squibs_cut_rectangle_under_the_white_frame_is_one_warning_at_its_box(tmp_path, frame, told):
    """Issue 52: Squib's `cut` outline on the trim line lay under the 3 mm white frame of every
    card, without a word; validate now says so at the box, with the fix (none with frame: 0)."""
    if frame is None:
        new_game(tmp_path)
    else:
        _framed(tmp_path, frame)
    layout = tmp_path / "layouts" / "spice-road.yaml"
    text = layout.read_text().replace("    regions:\n", "    regions:\n      cut: {kind: rect, x: 0, y: 0, width: 63, "
                                      "height: 88, stroke: ink, stroke_width: 0.2}\n", 1)
    layout.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "cut: {kind: rect" in row)
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    found = [w for w in result.output.splitlines() if "outlines the card's cut" in w]
    if told:
        assert len(found) == 1 and found[0].startswith(f"warning: layouts/spice-road.yaml:{line}: box 'cut' "), found
        assert "frame: 0 in cards/spice-road/cards.yaml" in found[0]
    else:
        assert found == [], found
