"""Squib's embed (issue 52): a layout's `embed: {"(C)": coin}` draws every `(C)` of its text
boxes as the inline icon, as `:coin:` written there would be; an unknown icon is one line at its
entry. Before, each box needed a `replace('(C)', ':coin:')` per key (6 to 8 in a Squib port)."""
from __future__ import annotations

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import build, project

BOX = '      note: {kind: text, x: 5, y: 5, width: 50, height: 20, text: "Pay TEXT now"}\n'


def _embedding(tmp_path, text: str, embed: str = ""):
    project(tmp_path, BOX.replace("TEXT", text))
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                 "  card:\n    background: paper\n" + embed, 1))
    return layout


def test_an_embedded_key_prints_as_the_inline_icon(tmp_path):
    """Byte for byte the card of `:coin:` written in the box; two builds, about 3 s."""
    _embedding(tmp_path / "icon", ":coin: and :coin:")
    _embedding(tmp_path / "key", "(C) and (C)", '    embed: {"(C)": coin}\n')
    written, embedded = build(tmp_path / "icon"), build(tmp_path / "key")
    assert written.read_bytes() == embedded.read_bytes()


def _refused(root) -> list[str]:
    """`pnp validate`'s lines for a project it refuses (exit 1), the count line left out."""
    result = pnp("validate", "shapes", root=root)
    assert result.exit_code == 1, result.output
    return [row for row in result.output.splitlines() if row.strip() and "problem(s) found" not in row]


def test_an_unknown_icon_in_embed_is_one_line_at_its_entry(tmp_path):
    layout = _embedding(tmp_path, "(C)", '    embed: {"(C)": coinn}\n')
    line = next(n for n, row in enumerate(layout.read_text().splitlines(), 1) if "embed:" in row)
    lines = _refused(tmp_path)
    assert len(lines) == 1 and lines[0].startswith(
        f"layouts/shapes.yaml:{line}: layouts.card.embed.(C): unknown icon 'coinn'; did you mean 'coin'?"), lines


BOXES = ('      keys: {kind: text, x: 5, y: 5, width: 50, height: 20, text: "(C) and (X)", embed: {"(C)": coin}}\n'
         '      plain: {kind: text, x: 5, y: 30, width: 50, height: 20, text: "(C) and (X)"}\n')


def test_a_box_of_its_own_embeds_its_keys_in_that_box_only(tmp_path):
    """Squib's embed is per text call: cyclomancy's letter keys are icons in one box, letters in
    the others; the layout's keys still apply in every box."""
    from tests.pdfs import open_pdf
    from tests.designer.test_shapes_fonts import CARDS
    project(tmp_path, BOXES)
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                 '  card:\n    background: paper\n    embed: {"(X)": coin}\n', 1))
    with open_pdf(build(tmp_path)) as doc:
        text = doc.pages[CARDS].extract_text()
    assert text.count("(C)") == 1 and text.count("(X)") == 0, text


def test_an_unknown_icon_in_a_box_embed_is_one_line_at_its_entry(tmp_path):
    project(tmp_path, BOXES.replace('"(C)": coin}', '\n               "(C)": coinn}'))
    layout = tmp_path / "layouts" / "shapes.yaml"
    line = next(n for n, row in enumerate(layout.read_text().splitlines(), 1) if "coinn" in row)
    lines = _refused(tmp_path)
    assert len(lines) == 1 and lines[0].startswith(
        f"layouts/shapes.yaml:{line}: layouts.card.regions.keys.embed.(C): unknown icon 'coinn'; did you mean 'coin'?"), lines


def _validated(tmp_path, regions: str):
    project(tmp_path, regions)
    layout = (tmp_path / "layouts" / "shapes.yaml").read_text().splitlines()
    result = pnp("validate", "shapes", root=tmp_path)
    lines = [row for row in result.output.splitlines() if row.strip() and "problem(s) found" not in row]
    return result.exit_code, lines, lambda word: next(n for n, row in enumerate(layout, 1) if word in row)


def test_fill_written_on_a_text_box_is_one_line_naming_color(tmp_path):
    """Newcomer 9 wrote `fill: white` for a white number on black art (Squib's fill_color): it was
    accepted and printed black. A text box inheriting a shape's fill through extends is no mistake."""
    code, lines, line = _validated(tmp_path / "fill", '      num: {kind: text, x: 5, y: 5, width: 50, height: 20,\n'
                                   '            text: "3", fill: whtie}\n')
    assert code == 1 and len(lines) == 1, lines
    assert lines[0].startswith(f"layouts/shapes.yaml:{line('fill:')}: layouts.card.regions.num.fill: a text's colour "
                               "is 'color'"), lines
    code, lines, line = _validated(tmp_path / "fill_color", '      num: {kind: text, x: 5, y: 5, width: 50, height: 20,\n'
                                   '            text: "3", fill_color: "#ffffff"}\n')
    assert code == 1 and len(lines) == 1, lines
    assert lines[0].startswith(f"layouts/shapes.yaml:{line('fill_color')}: layouts.card.regions.num.fill_color: "
                               "unknown field 'fill_color': a text's colour is 'color'"), lines
    code, lines, _ = _validated(tmp_path / "inherited", '      band: {kind: rect, x: 5, y: 5, width: 50, height: 20, fill: "#000000"}\n'
                                '      num: {extends: band, kind: text, text: "3", color: "#ffffff"}\n')
    assert code == 0, lines


def test_embed_on_a_shape_is_one_line_at_the_box(tmp_path):
    code, lines, line = _validated(tmp_path, '      band: {kind: rect, x: 5, y: 5, width: 50, height: 20, fill: "#000000",\n'
                                   '             embed: {"(C)": coin}}\n')
    assert code == 1 and len(lines) == 1, lines
    assert lines[0].startswith(f"layouts/shapes.yaml:{line('band:')}: layouts.card.regions.band: embed on a rect"), lines
