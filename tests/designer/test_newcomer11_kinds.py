"""A template that computes with a cell of the wrong kind is said in pnp's words, with the fix
(issue 52, newcomer 11: t/60). Before: "a value of the wrong kind: can only concatenate str (not
"int") to str", Python's own phrase."""
from __future__ import annotations

import re

import pytest

from generator.card_layout.templates import compiled, template_error
from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project

# what Python says; none of it may reach a designer
PYTHON = re.compile(r"concatenate|unsupported operand|not supported between|instances of|'str'|'int'|\"int\"|"
                    r"\"str\"|NoneType|interpreted as|sequence|len\(\)|TypeError|object|positional|do_")


@pytest.mark.parametrize("text, cell", [
    ("{{ card.props.ops + 1 }}", ""),
    ("{{ 1 + card.props.ops }}", ""),
])
def test_a_cell_computed_with_is_said_at_its_cell_with_the_fix(tmp_path, text, cell):
    game = project(tmp_path, f"""\
      title: {{kind: text, x: 5, y: 5, width: 50, height: 10, text: "{{{{ card.name }}}}"}}
      ops: {{kind: text, x: 5, y: 20, width: 50, height: 10, text: "{text}"}}
""")
    (game / "cards.csv").write_text(f"name,cost,ops\nMine,2,3\nFarm,1,{cell}\n")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("cards:\n", "cards_from: cards.csv\ncards:\n", 1))
    result = pnp("validate", "shapes", root=tmp_path)
    lines = [line for line in result.output.splitlines() if line.startswith("cards/shapes/cards.csv:")]
    assert result.exit_code != 0 and len(lines) == 1, result.output
    assert lines[0].startswith("cards/shapes/cards.csv:3:") and "'ops'" in lines[0], lines[0]
    assert not PYTHON.search(lines[0]), lines[0]
    assert "| int" in lines[0] and "an empty cell reads as empty text" in lines[0] and "a number" in lines[0], lines[0]


@pytest.mark.parametrize("source", [
    "{{ v + 1 }}", "{{ 1 + v }}", "{{ v - 1 }}", "{{ v / 2 }}", "{{ v // 2 }}", "{{ 2 ** v }}", "{{ v * 'x' }}",
    "{{ v < 1 }}", "{{ 1 >= v }}", "{{ -v }}", "{{ range(v) | list }}", "{{ 3 | length }}", "{{ none + 1 }}",
    "{{ [1] + 1 }}", "{{ {} < {} }}", "{{ v() }}", "{% for a in 3 %}{% endfor %}", "{{ v | replace() }}",
    "{{ v | int(1, 2, 3, 4) }}",
])
def test_no_python_phrase_in_any_kind_mistake(source):
    with pytest.raises(TypeError) as raised:
        compiled(source).render({"v": ""})
    said = template_error(raised.value)
    assert said.startswith("the template ") and not PYTHON.search(said), said
