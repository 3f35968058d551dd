"""End-of-game state files (YAML or JSON): loading with line numbers, schema validation,
and the rule checks that refuse impossible states, all reported as file:line: field problems."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

from datafile.errors import DataError, Problem
from datafile.source import line_of, load_yaml
from datafile.validate import validate

M = TypeVar("M", bound=BaseModel)


class StateModel(BaseModel):
    # strict: a count is an integer, not `true`, "7" or 7.0 (a typo must not score)
    model_config = ConfigDict(extra="forbid", strict=True)


def _same_game(model: type[M], raw: Any, name: str) -> None:
    """A state of another game is one problem, not one per field that differs."""
    expected = model.model_fields["game"].default if "game" in model.model_fields else None
    given = raw.get("game") if isinstance(raw, dict) else None
    if expected and isinstance(given, str) and given != expected:
        from .result import Text
        raise DataError([Problem(name, line_of(raw, ("game",)), "game", _another_game(given[:60], expected),
                                 Text("the scores of a game of {expected}", expected=expected))])


def _another_game(given: str, expected: str) -> str:
    from .result import Text
    return Text("these are the scores of '{given}', not of '{expected}'", given=given, expected=expected)


def field_range(model: type[BaseModel], name: str) -> tuple[Any, int | None, int | None]:
    """(default, lowest, highest) of a state model's field, from its own metadata: ge/le for a
    number, min_length/max_length for a list (how many). The terminal questions ask within
    these, as the browser form does (generator/site/calculator.py), so an answer they take is
    one the model takes."""
    info = model.model_fields[name]
    low = high = None
    for meta in info.metadata:
        for key in ("ge", "min_length"):
            if getattr(meta, key, None) is not None:
                low = getattr(meta, key)
        for key in ("le", "max_length"):
            if getattr(meta, key, None) is not None:
                high = getattr(meta, key)
    default = None if info.is_required() else info.get_default(call_default_factory=True)
    if isinstance(default, list):       # a list: how many items, never fewer than none
        default, low = len(default), low or 0
    return default, low, high


def load_state(model: type[M], path: Path, display: str | None = None) -> tuple[M, Any, str]:
    """Read a state file (JSON is read as YAML, which keeps the line numbers) and validate it."""
    name = display or str(path)
    raw = load_yaml(path, name)
    _same_game(model, raw, name)
    return validate(model, raw, name), raw, name


def from_data(model: type[M], data: Any, name: str = "<answers>") -> tuple[M, Any, str]:
    _same_game(model, data, name)
    return validate(model, data, name), data, name


# the validation messages a state file shows most (datafile/validate.py words pydantic's), as
# translatable templates; their expectation is in the template, so none is added
_UNKNOWN = "'{name}' is not asked in this game's tally"     # keeps its "did you mean" expectation
_SCHEMA = [(re.compile(p), t) for p, t in (
    (r"^'.*' is not a whole number$", "write a number here, such as 0 or 3"),
    (r"^'.*' is not true or false$", "answer yes or no here"),
    (r"^not a text$", "a name or a word is expected"),
    (r"^not a list$", "several entries are expected"),
    (r"^not a set of fields$", "this part is not as a saved tally writes it"),
    (r"^missing$", "this answer is missing"),
    (r"^'.*' is more than (?P<limit>-?\d+)$", "at most {limit}"),
    (r"^'.*' is less than (?P<limit>-?\d+)$", "at least {limit}"),
    (r"^at most (?P<limit>\d+) items, not (?P<count>\d+)$", "at most {limit} items, not {count}"),
    (r"^unknown field '(?P<name>[^']*)'$", _UNKNOWN),
    (r"^unknown field '(?P<name>[^']*)'; did you mean '(?P<guess>[^']*)'\?$",
     "'{name}' is not asked in this game's tally; did you mean '{guess}'?"),
    # a name left empty (the score page's name box): said as players say it, not as pydantic does
    (r"^empty$", "must not be empty"),
    # any other of pydantic's refusals: never its English on another language's page
    (r"^('.*' is )?not accepted$", "this answer does not fit here"),
)]
# expectations that come with a schema message and are not in its template
_EXPECTED = [(re.compile(p), t) for p, t in (
    (r"^one of: (?P<choices>.*)$", "one of: {choices}"),
    (r"^a UTF-8 text file$", "a tally saved by the calculator"),
)]


def _translatable(text: str, table):
    """`text` as the first template of `table` whose pattern it matches, else as it is."""
    from .result import Text
    for pattern, template in table:
        match = pattern.match(text)
        if match:
            return Text(template, **match.groupdict())
    return text


def _schema_text(message: str):
    return _translatable(message, _SCHEMA)


def _expected_text(expected: str):
    return _translatable(expected, _EXPECTED)


def _translated(value, translate, lang: str) -> bool:
    from .result import Text
    return lang == "en" or (isinstance(value, Text) and translate(value.template) != value.template)


def localised_parts(message, expected, translate, lang: str) -> str:
    """A message and its expectation in `lang`, or both in English when either has no
    translation: one line never mixes two languages ("(erwartet: a UTF-8 text file)")."""
    from .result import Text, render
    schema = _schema_text(message) if not isinstance(message, Text) else message
    if schema is not message and not isinstance(expected, Text) and not schema.template.startswith(_UNKNOWN):
        expected = ""             # the template says what is expected
    expected = _expected_text(expected) if expected and not isinstance(expected, Text) else expected
    if not all(_translated(v, translate, lang) for v in (schema, expected) if v):
        translate, lang = (lambda msgid, *_a, **_k: msgid), "en"
    line = render(schema, translate, lang)
    if expected:
        line += " " + Text("(expected {expected})", expected=expected).render(translate, lang)
    return line


def localise(problem: Problem, translate, lang: str) -> str:
    """A problem as one line in `lang`: its message and expectation are Texts (scoring/result.py)
    when the calculator wrote them, or schema messages with a translation; a line with anything
    else is English throughout."""
    where = f"{problem.file}:{problem.line}" if problem.line else problem.file
    field = f" {problem.field}:" if problem.field else ""
    return f"{where}:{field} {localised_parts(problem.message, problem.expected, translate, lang)}"


class Checks:
    """Collects every rule problem of a state, each with the line of the offending field."""

    def __init__(self, raw: Any, file: str):
        self.raw, self.file = raw, file
        self.problems: list[Problem] = []

    def fail(self, loc: tuple, message: str, expected: str = "") -> None:
        from datafile.errors import field_path
        self.problems.append(Problem(self.file, line_of(self.raw, loc), field_path(loc), message, expected))

    def same_game(self, given: str, expected: str) -> None:
        """A state of another game, made in code (load_state and from_data refuse one before validating it)."""
        if given != expected:
            self.fail(("game",), _another_game(given, expected))

    def raise_if_any(self) -> None:
        if self.problems:
            raise DataError(self.problems)
