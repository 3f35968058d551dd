"""End-of-game state files (YAML or JSON): loading with line numbers, schema validation,
and the rule checks that refuse impossible states, all reported as file:line: field problems."""
from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

from datafile.errors import DataError, Problem
from datafile.source import line_of, load_yaml
from datafile.validate import validate

M = TypeVar("M", bound=BaseModel)


class StateModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


def load_state(model: type[M], path: Path, display: str | None = None) -> tuple[M, Any, str]:
    """Read a state file (JSON is read as YAML, which keeps the line numbers) and validate it."""
    name = display or str(path)
    raw = load_yaml(path, name)
    return validate(model, raw, name), raw, name


def from_data(model: type[M], data: Any, name: str = "<answers>") -> tuple[M, Any, str]:
    return validate(model, data, name), data, name


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
