"""A box wholly off the card is refused by validate at its line; a text reaching into the white
frame of cards.pdf, which covers it, is one warning line of the build (issue 52: both printed
wrong silently, the second said only by `pnp check`)."""
from __future__ import annotations

import pytest

from tests.authoring.helpers import edit_layout, new_game
from tests.conftest import pnp



def test_a_box_off_the_card_is_refused_at_its_line(tmp_path):
    new_game(tmp_path)
    line = edit_layout(tmp_path, "art: {kind: icon, x: 21.5,", "art: {kind: icon, x: 76.2,")
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
    line = edit_layout(tmp_path, "rule: {kind: line, x: 16, y: 46,", f"rule: {{kind: line, {where},")
    result = pnp(command, "spice-road", root=tmp_path)
    assert result.exit_code == 1, result.output
    assert f"layouts/spice-road.yaml:{line}: layouts.card.regions.rule.{field}: " in result.output, result.output
    assert len(result.output.strip().splitlines()) == 2     # the problem, then the count


def test_a_text_in_the_white_frame_is_one_warning_of_the_build(tmp_path):
    new_game(tmp_path)
    line = edit_layout(tmp_path, "body: {kind: text, x: 7, y: 50,", "body: {kind: text, x: 1.5, y: 50,")
    result = pnp("build", "spice-road", "--only", "cards", "--lang", "en", "--out", str(tmp_path / "out"),
                 root=tmp_path)
    assert result.exit_code == 0, result.output
    warnings = [w for w in result.output.splitlines() if w.startswith("warning:")]
    assert len(warnings) == 1 and f"layouts/spice-road.yaml:{line}: box 'body'" in warnings[0], result.output


@pytest.mark.parametrize("align, valign, warned", [("left", "middle", False), ("center", "top", False),
                                                   ("right", "middle", True)])
def test_the_frame_warning_looks_where_the_text_lands(tmp_path, align, valign, warned):
    """The title box widened into the right frame (x 18 + 44.5 mm on a 63 mm card) and the body
    box lengthened into the bottom one: a short name set left or centred prints clear of the frame,
    and said nothing; set right, it prints in it (issue 52: the box's edges alone warned)."""
    new_game(tmp_path)
    line = edit_layout(tmp_path, "title: {kind: text, x: 18, y: 6, width: 39, height: 9,",
                 "title: {kind: text, x: 18, y: 6, width: 44.5, height: 9,")
    layout = tmp_path / "layouts" / "spice-road.yaml"
    text = layout.read_text()
    title = text.split("title: {kind: text, x: 18,")[1].split("}")[0]
    layout.write_text(text.replace(title, title.replace("align: center, valign: middle",
                                                        f"align: {align}, valign: {valign}"), 1)
                      .replace("body: {kind: text, x: 7, y: 50, width: 49, height: 26,",
                               "body: {kind: text, x: 7, y: 50, width: 49, height: 37,", 1)
                      .replace("align: center, valign: middle, color: ink, text: \"{{ card.text }}\"",
                               "align: center, valign: top, color: ink, text: \"{{ card.text }}\"", 1)
                      .replace("when: \"card.copies > 1\"", "when: \"false\"", 1))
    result = pnp("build", "spice-road", "--only", "cards", "--lang", "en", "--out", str(tmp_path / "out"),
                 root=tmp_path)
    assert result.exit_code == 0, result.output
    warnings = [w for w in result.output.splitlines() if w.startswith("warning:")]
    assert warnings == ([w for w in warnings if f"layouts/spice-road.yaml:{line}: box 'title'" in w] if warned
                        else []), result.output
    assert bool(warnings) == warned
