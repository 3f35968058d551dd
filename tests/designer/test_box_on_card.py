"""A box wholly off the card is refused by validate at its line; a text reaching into the white
frame of cards.pdf, which covers it, is one warning line of the build (issue 52: both printed
wrong silently, the second said only by `pnp check`)."""
from __future__ import annotations

import pytest

from tests.authoring.helpers import new_game
from tests.conftest import pnp


def _edit(root, old: str, new: str) -> int:
    layout = root / "layouts" / "spice-road.yaml"
    text = layout.read_text()
    assert old in text
    layout.write_text(text.replace(old, new, 1))
    return text.split(old)[0].count("\n") + 1


def test_a_box_off_the_card_is_refused_at_its_line(tmp_path):
    new_game(tmp_path)
    line = _edit(tmp_path, "art: {kind: icon, x: 21.5,", "art: {kind: icon, x: 76.2,")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert f"layouts/spice-road.yaml:{line}: layouts.card.regions.art.x: " in result.output, result.output
    assert len(result.output.strip().splitlines()) == 2     # the problem, then the count


@pytest.mark.parametrize("command", ["validate", "check"])
@pytest.mark.parametrize("where, field", [("x: 16, y: -2", "y"), ("x: -40, y: 46", "x")])
def test_a_line_of_no_extent_above_or_left_of_the_card_is_off_it(tmp_path, command, where, field):
    """A rule at y -2 mm with height 0 lies wholly off the card (it was accepted: only the
    extent of a box that has one was tested), refused by validate and check alike at its line."""
    new_game(tmp_path)
    line = _edit(tmp_path, "rule: {kind: line, x: 16, y: 46,", f"rule: {{kind: line, {where},")
    result = pnp(command, "spice-road", root=tmp_path)
    assert result.exit_code == 1, result.output
    assert f"layouts/spice-road.yaml:{line}: layouts.card.regions.rule.{field}: " in result.output, result.output
    assert len(result.output.strip().splitlines()) == 2     # the problem, then the count


def test_a_text_in_the_white_frame_is_one_warning_of_the_build(tmp_path):
    new_game(tmp_path)
    line = _edit(tmp_path, "body: {kind: text, x: 7, y: 50,", "body: {kind: text, x: 1.5, y: 50,")
    result = pnp("build", "spice-road", "--only", "cards", "--lang", "en", "--out", str(tmp_path / "out"),
                 root=tmp_path)
    assert result.exit_code == 0, result.output
    warnings = [w for w in result.output.splitlines() if w.startswith("warning:")]
    assert len(warnings) == 1 and f"layouts/spice-road.yaml:{line} box 'body'" in warnings[0], result.output
