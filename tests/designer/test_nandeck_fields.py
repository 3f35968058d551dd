"""nanDECK's field `[rule]` in a layout's text printed "[rule]" on every card, validate saying ok
(issue 52, newcomer 12's #20): one line at the box's text line, with pnp's words."""
from __future__ import annotations

from tests.authoring.helpers import sheet_game
from tests.conftest import pnp


def test_a_nandeck_field_of_a_column_is_refused_at_the_text_line(tmp_path):
    sheet_game(tmp_path, "Name,Rule\nArcher,Draw two.\nSmith,Lose one.\n",
               '      note: {kind: text, x: 5, y: 5, width: 53, height: 10, text: "[Note] [red|{{ card.name }}]"}\n'
               "      rule: {kind: text, x: 5, y: 40, width: 53, height: 20,\n"
               '             text: "[RULE]"}\n')
    line = next(n for n, row in enumerate((tmp_path / "layouts" / "spice-road.yaml").read_text().splitlines(), 1)
                if '"[RULE]"' in row)
    for command in (("validate", "spice-road"), ("build", "spice-road", "--lang", "en", "--only", "cards")):
        result = pnp(*command, root=tmp_path)
        said = [row for row in result.output.splitlines() if row.startswith("layouts/")]
        assert result.exit_code == 1 and "Traceback" not in result.output, result.output
        assert len(said) == 1 and said[0].startswith(f"layouts/spice-road.yaml:{line}: "), result.output
        assert "{{ card.props.rule }}" in said[0], said      # `[Note]` (no such column) and a span: quiet
    assert not (tmp_path / "output").exists()
