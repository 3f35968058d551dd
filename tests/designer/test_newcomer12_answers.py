"""The newcomer porting a nanDECK project (issue 52, mistakes 19-67): each Squib or nanDECK habit
is one line at its file:line that says the way forward, not only what is wrong."""
from __future__ import annotations

import pytest

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project


def _lines(result, prefix: str) -> list[str]:
    assert result.exit_code != 0, result.output
    return [line for line in result.output.splitlines() if line.startswith(prefix)]


def _line_of(path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_a_box_range_is_answered_with_when(tmp_path):
    project(tmp_path, """\
      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: ink, range: "1-3"}
""")
    lines = _lines(pnp("validate", "shapes", root=tmp_path), "layouts/shapes.yaml:")
    line = _line_of(tmp_path / "layouts" / "shapes.yaml", "range:")
    assert len(lines) == 1 and lines[0].startswith(f"layouts/shapes.yaml:{line}:"), lines
    assert ".box.range" in lines[0] and "when:" in lines[0]


@pytest.mark.parametrize("name", ["cards.yaml", "game.yaml"])
def test_a_deck_paper_says_the_paper_is_chosen_when_building(tmp_path, name):
    game = project(tmp_path, "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: ink}\n")
    deck = game / name
    deck.write_text(deck.read_text() + "paper: letter\n")
    lines = _lines(pnp("validate", "shapes", root=tmp_path), f"cards/shapes/{name}:")
    assert len(lines) == 1 and lines[0].startswith(f"cards/shapes/{name}:{_line_of(deck, 'paper:')}:"), lines
    assert "paper" in lines[0] and "--paper" in lines[0]


def test_boxes_beside_regions_are_told_to_go_under_it(tmp_path):
    project(tmp_path, "      box: {kind: rect, x: 5, y: 5, width: 10, height: 10, fill: ink}\n")
    layout = tmp_path / "layouts" / "shapes.yaml"
    text = layout.read_text()
    back = text.index("  back:\n")
    layout.write_text(text[:back] + "  back:\n    background: accent\n"
                      "    title: {kind: text, x: 6, y: 36, width: 51, height: 16, text: \"{{ game.name }}\"}\n"
                      "    band: {kind: rect, x: 0, y: 30, width: 63, height: 20, fill: ink}\n"
                      + text[text.index("\n", text.index("text: \"{{ game.name }}\"", back)) + 1:])
    lines = _lines(pnp("validate", "shapes", root=tmp_path), "layouts/shapes.yaml:")
    assert len(lines) == 1 and lines[0].startswith(f"layouts/shapes.yaml:{_line_of(layout, 'title:')}:"), lines
    assert "back.title" in lines[0] and "under regions:" in lines[0] and "1 more" in lines[0]   # once for both


@pytest.mark.parametrize("field", ['text: "{{ card.Cost }}"', 'text: "{{ cost }}"', 'when: "cost"'])
def test_a_column_named_without_card_props_is_answered_with_it(tmp_path, field):
    project(tmp_path, f"""\
      box: {{kind: text, x: 5, y: 5, width: 50, height: 10, {field}}}
      other: {{kind: text, x: 5, y: 25, width: 50, height: 10, text: "{{{{ price }}}}"}}
""")
    lines = _lines(pnp("validate", "shapes", root=tmp_path), "layouts/shapes.yaml:")
    line = _line_of(tmp_path / "layouts" / "shapes.yaml", "box:")
    assert len(lines) == 2 and lines[0].startswith(f"layouts/shapes.yaml:{line}:"), lines
    assert f".box.{field.split(':')[0]}" in lines[0] and "did you mean card.props.cost?" in lines[0]
    assert "'price'" in lines[1] and "card.props" not in lines[1]    # no deck has a column price



def test_min_size_above_size_is_said_at_min_size_not_blamed_on_a_card(tmp_path):
    project(tmp_path, """\
      box: {kind: text, x: 5, y: 5, width: 20, height: 5, size: 10,
            min_size: 16, text: "{{ card.text }}"}
""")
    lines = _lines(pnp("validate", "shapes", root=tmp_path), "")
    line = _line_of(tmp_path / "layouts" / "shapes.yaml", "min_size: 16")
    assert lines[0].startswith(f"layouts/shapes.yaml:{line}:") and ".box.min_size" in lines[0], lines
    assert "min_size 16 is above size 10" in lines[0]
    assert not any("does not fit" in line for line in lines), lines


def test_a_font_string_size_beside_another_size_is_one_warning_at_the_box(tmp_path):
    project(tmp_path, """\
      box: {kind: text, x: 5, y: 5, width: 50, height: 10, font: "DejaVu Sans,12,B", size: 20,
            text: "{{ card.name }}"}
      same: {kind: text, x: 5, y: 25, width: 50, height: 10, font: "DejaVu Sans,12", size: 12, text: "{{ card.name }}"}
""")
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 0, result.output      # it prints: size: wins, as before
    line = _line_of(tmp_path / "layouts" / "shapes.yaml", "box:")
    said = [x for x in result.output.splitlines() if "12" in x and "20" in x]
    assert len(said) == 1 and f"layouts/shapes.yaml:{line}:" in said[0] and ".box.font" in said[0], result.output
    assert "size: 20 prints" in said[0] and "keep one" in said[0]


def test_a_column_named_alone_in_a_layout_another_extends_is_answered_too(tmp_path):
    game = project(tmp_path, '      box: {kind: text, x: 5, y: 5, width: 50, height: 10, text: "{{ Cost }}"}\n')
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  back:\n", "  own:\n    extends: card\n  back:\n", 1))
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("layout: shapes/card", "layout: shapes/own", 1))
    lines = _lines(pnp("validate", "shapes", root=tmp_path), "layouts/shapes.yaml:")
    assert any(".card.regions.box.text" in x and "did you mean card.props.cost?" in x for x in lines), lines
