"""A deck's `size:` takes lengths with their units, as a layout's boxes do (issue 52), and a
mistake in it is one line (it was three, the first "not a text")."""
from __future__ import annotations

import pytest

from generator.loading.catalog import load_project
from tests.conftest import pnp

from .helpers import new_game


def _sized(root, size: str):
    game = new_game(root)
    deck = game / "cards.yaml"
    text = deck.read_text()
    line = next(l for l in text.splitlines() if l.startswith("size:"))
    deck.write_text(text.replace(line, f"size: {size}"))
    return pnp("validate", "spice-road", root=root)


def test_a_size_in_inches_and_in_pixels(tmp_path):
    assert _sized(tmp_path, "{width: 2.75 in, height: 1125 px, dpi: 300}").exit_code == 0
    size = load_project(tmp_path, ["spice-road"]).games["spice-road"].deck("cards").size
    assert (size.width, size.height) == (69.85, 95.25)


@pytest.mark.parametrize("size, expected", [
    ("{width: 2.75 inch, height: 3.75 in}", "size: width '2.75 inch' is not a length"),
    ("{width: 825 px, height: 1125 px}", "size: width '825 px' in pixels, but the size says no dpi"),
    ("{width: 2.75 in, height: 3.75 in, shap: round}", "size: unknown field 'shap'; did you mean 'shape'?"),
])
def test_a_mistake_in_a_size_is_one_line(tmp_path, size, expected):
    result = _sized(tmp_path, size)
    assert result.exit_code == 1
    problems = [l for l in result.output.splitlines() if "problem(s)" not in l]
    assert len(problems) == 1 and problems[0].startswith("cards/spice-road/cards.yaml:") and expected in problems[0], \
        result.output
    assert "not a text" not in result.output
