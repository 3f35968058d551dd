"""Safe YAML loading that remembers where every value came from.

Validation errors must point at a file and a line, so mappings and lists are loaded as
dict/list subclasses carrying the line of each key or item. Only plain data is built
(yaml.SafeLoader): no Python object can be constructed from a card file.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DataError, Problem


class LineDict(dict):
    """A dict that knows the line of itself and of each of its keys."""

    line: int = 0
    key_lines: dict


class LineList(list):
    """A list that knows the line of itself and of each of its items."""

    line: int = 0
    item_lines: list


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml when available: ~10x faster
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise DataError([Problem(loader.name, key_node.start_mark.line + 1, str(key),
                                     "duplicate key", "each key once per mapping")])
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path, display: str | None = None) -> Any:
    """Load one YAML file; syntax errors become a DataError with the file and line."""
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError([Problem(name, 0, "", f"cannot read file ({exc.strerror})", "a readable UTF-8 file")])
    loader = _LineLoader(text)
    loader.name = name
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise DataError([Problem(name, line, "", f"YAML syntax error: {exc.problem}", "valid YAML")])
    finally:
        loader.dispose()


def line_of(data: Any, loc: tuple) -> int:
    """The line of the deepest node of `data` that `loc` (a pydantic error path) reaches."""
    line = getattr(data, "line", 0)
    node = data
    for part in loc:
        if isinstance(node, LineDict) and part in node:
            line = node.key_lines.get(part, line)
            node = node[part]
        elif isinstance(node, LineList) and isinstance(part, int) and 0 <= part < len(node):
            line = node.item_lines[part]
            node = node[part]
        else:
            break
    return line
