"""A layout or aid text without Jinja syntax is not compiled (templates.PlainText): what it
renders must be exactly what Jinja renders, line breaks and budget included."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from datafile.characters import strings
from datafile.source import load_yaml
from generator.model.budget import BudgetError
from generator.card_layout.templates import PlainText, _check_printed, compiled, environment

ROOT = Path(__file__).resolve().parents[2]


def jinja(source: str):
    env = environment()
    return env.from_string(_check_printed(env.parse(source)))


def same(source: str) -> None:
    assert isinstance(compiled(source), PlainText)
    assert compiled(source).render({"card": {}}) == jinja(source).render({"card": {}}), repr(source)


EDGES = ["", "\n", "\n\n", "a\n", "a\n\n", "a\r\n", "a\r", "\r\n\r\n", "a\rb\r\nc\nd", " a \n ", "{", "}", "{ {",
         "%}", "#}", "}}", "{-", "{ %", "{ #", "# not a comment", "% not a statement", "\t\n", "ends with \r\n\n"]


@pytest.mark.parametrize("source", EDGES)
def test_edge_cases_render_as_jinja_renders_them(source):
    same(source)


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
@settings(max_examples=300, derandomize=True, database=None)
@given(st.text(alphabet="ab {}%#-\r\n\t·é", max_size=30).filter(lambda s: not any(d in s for d in ("{{", "{%", "{#"))))
def test_any_plain_text_renders_as_jinja_renders_it(source):
    same(source)


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
def test_every_plain_shipped_text_renders_as_jinja_renders_it():
    plain = {text for path in sorted([*(ROOT / "cards").rglob("*.yaml"), *(ROOT / "layouts").glob("*.yaml")])
             for _path, text in strings(load_yaml(path)) if not any(d in text for d in ("{{", "{%", "{#"))}
    for text in sorted(plain):     # each distinct text once: a repeated one renders alike
        same(text)
    assert len(plain) > 1000


def test_a_plain_text_over_the_output_budget_is_refused_as_jinja_refuses_it():
    source = "x" * 20_001
    for template in (compiled(source), jinja(source)):
        with pytest.raises(BudgetError):
            template.render({})
    same("x" * 20_000)
