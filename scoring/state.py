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
        raise DataError([Problem(name, line_of(raw, ("game",)), "game",
                                 Text("these are the scores of '{given}', not of '{expected}'", given=given[:60],
                                      expected=expected),
                                 Text("the scores of a game of {expected}", expected=expected))])


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


# pydantic's messages for the mistakes a state file shows most, as translatable templates
_SCHEMA = [(re.compile(p), t) for p, t in (
    (r"^Input should be a valid integer$", "a whole number is expected"),
    (r"^Input should be a valid boolean$", "yes or no is expected"),
    (r"^Input should be a valid string$", "a name or a word is expected"),
    (r"^Input should be a valid list$", "several entries are expected"),
    (r"^Input should be a valid dictionary$", "named entries are expected"),
    (r"^Field required$", "Field required"),
    (r"^Input should be less than or equal to (?P<limit>-?\d+)$", "Input should be at most {limit}"),
    (r"^Input should be greater than or equal to (?P<limit>-?\d+)$", "Input should be at least {limit}"),
    (r"^List should have at most (?P<limit>\d+) items? after validation, not (?P<count>\d+)$",
     "at most {limit} items, not {count}"),
    (r"^unknown field '(?P<name>[^']*)'$", "unknown field '{name}'"),
    # a name left empty (the score page's name box): said as players say it, not as pydantic does
    (r"^String should have at least 1 character$", "must not be empty"),
    (r"^String should have at least (?P<limit>\d+) characters$", "at least {limit} characters"),
    (r"^String should have at most (?P<limit>\d+) characters?$", "at most {limit} characters"),
    (r"^Input should be a valid dictionary or instance of \w+$", "named entries are expected"),
    # any other of pydantic's sentences: never its English (nor a class name) on another language's page
    (r"^(Input|String|List|Dictionary|Tuple|Set|Object|Value) should ", "not a value this field takes"),
)]


def _schema_text(message: str):
    from .result import Text
    for pattern, template in _SCHEMA:
        match = pattern.match(message)
        if match:
            return Text(template, **match.groupdict())
    return message


def localise(problem: Problem, translate, lang: str) -> str:
    """A problem as one line in `lang`: its message and expectation are Texts (scoring/result.py)
    when the calculator wrote them; anything else (schema messages) stays in English."""
    from .result import Text, render
    where = f"{problem.file}:{problem.line}" if problem.line else problem.file
    field = f" {problem.field}:" if problem.field else ""
    message = render(_schema_text(problem.message), translate, lang)
    if problem.expected:
        message += " " + Text("(expected {expected})", expected=problem.expected).render(translate, lang)
    return f"{where}:{field} {message}"


class Checks:
    """Collects every rule problem of a state, each with the line of the offending field."""

    def __init__(self, raw: Any, file: str):
        self.raw, self.file = raw, file
        self.problems: list[Problem] = []

    def fail(self, loc: tuple, message: str, expected: str = "") -> None:
        from datafile.errors import field_path
        self.problems.append(Problem(self.file, line_of(self.raw, loc), field_path(loc), message, expected))

    def raise_if_any(self) -> None:
        if self.problems:
            raise DataError(self.problems)
