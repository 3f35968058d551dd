"""A deck `size:` written as Squib's canvas with its bleed (825 x 1125 px at 300 dpi: a 2.5 x 3.5 in
card and 1/8 in around it) printed the bleed as card, silently (issue 52): it is one warning
line at the `size:` line, naming the trim size and `canvas_bleed:`; a layout that says its
canvas_bleed, or a size that is no card with a bleed, says nothing."""
from __future__ import annotations

import pytest

from tests.authoring.helpers import new_game, one_warning, warnings_of
from tests.conftest import pnp


def _sized(root, size: str) -> int:
    deck = new_game(root) / "cards.yaml"
    text = deck.read_text()
    old = text.split("\nsize: ")[1].split("\n")[0]
    deck.write_text(text.replace(f"\nsize: {old}", f"\nsize: {size}", 1))
    return text.split("\nsize: ")[0].count("\n") + 2



@pytest.mark.parametrize("size, trim", [("{width: 825 px, height: 1125 px, dpi: 300}", "2.5 in"),
                                        ("{width: 69.85, height: 95.25}", "2.5 in"),
                                        ("{width: 69, height: 94}", "poker")])
@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_size_with_its_bleed_is_one_warning_at_the_size_line(tmp_path, size, trim, command):
    line = _sized(tmp_path, size)
    warning = one_warning(tmp_path, command)
    assert warning.startswith(f"warning: cards/spice-road/cards.yaml:{line}: size: "), warning
    assert trim in warning and "canvas_bleed:" in warning


@pytest.mark.parametrize("size", ["poker", "{width: 2.5 in, height: 3.5 in}", "{width: 70, height: 95}"])
def test_a_card_size_says_nothing(tmp_path, size):
    _sized(tmp_path, size)
    assert warnings_of(pnp("validate", "spice-road", root=tmp_path)) == []


def test_a_layout_with_its_canvas_bleed_says_nothing(tmp_path):
    _sized(tmp_path, "{width: 825 px, height: 1125 px, dpi: 300}")
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text().replace("layouts:\n  card:\n", "layouts:\n  card:\n    canvas_bleed: 3.175 mm\n", 1))
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0 and warnings_of(result) == [], result.output


def test_check_says_it_too(tmp_path):
    line = _sized(tmp_path, "{width: 69.85, height: 95.25}")
    result = pnp("check", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    said = [row for row in result.output.splitlines() if f"cards/spice-road/cards.yaml:{line}: size: " in row]
    assert len(said) == 1, result.output
