"""Icon files as designers have them (issue 52): basic shapes taken as paths, a file that is not
SVG said in one line, and a layout file with a YAML syntax error said once, without the "unknown
icon" lines its unread icons would add."""
from __future__ import annotations

from tests.authoring.helpers import lines_of, new_game
from tests.conftest import pnp


def test_a_layout_yaml_syntax_error_is_the_one_problem_said(tmp_path):
    """The cards of `pnp new` use :coin:, defined in the broken file: before, two false
    "unknown icon ':coin:'" lines followed the syntax error."""
    new_game(tmp_path, "demo")
    layout = tmp_path / "layouts" / "demo.yaml"
    text = layout.read_text()
    assert "      title: {kind: text," in text
    layout.write_text(text.replace("      title: {kind: text,", "      title: {kind: text: x,", 1))
    result = pnp("validate", "demo", root=tmp_path)
    assert result.exit_code == 1
    found = lines_of(result)
    assert len(found) == 1, result.output
    assert found[0].startswith("layouts/demo.yaml:"), found
