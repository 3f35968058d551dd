"""Safe YAML loading that remembers where every value came from.

Validation errors must point at a file and a line, so mappings and lists are loaded as
dict/list subclasses carrying the line of each key or item. Only plain data is built
(yaml.SafeLoader): no Python object can be constructed from a card file.

Files are shared between people, so the loader also refuses what could exhaust the machine or
crash the parser, each with file and line (the limits are listed in docs/limits.md):
files over MAX_FILE_BYTES, bytes that are not UTF-8, control characters, nesting deeper than
MAX_DEPTH, anchors and aliases expanding to more than MAX_NODES values (an "alias bomb"),
numbers beyond MAX_NUMBER or not finite, texts over MAX_TEXT characters, and mapping keys that are not plain values.
"""
from __future__ import annotations

import math
from functools import lru_cache
import os
import re
import stat
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from .characters import character_problems
from .errors import DataError, Problem, field_path
from .yaml_slips import hash_comment, plain_syntax_error


MAX_FILE_BYTES = 2_000_000      # the largest shipped file is ~60 kB
MAX_DEPTH = 40                  # the deepest shipped file nests ~10 levels
MAX_NODES = 200_000             # values after expanding aliases (shipped: a few thousand)
MAX_NUMBER = 10 ** 15           # integers and floats, in absolute value
MAX_TEXT = 20_000               # characters in one value (the longest shipped text: ~1,300)


class LineDict(dict):
    """A dict that knows the line of itself and of each of its keys."""

    line: int = 0
    key_lines: dict


class LineList(list):
    """A list that knows the line of itself and of each of its items."""

    line: int = 0
    item_lines: list


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when the wheel has it: ~10x faster


class _LineLoader(SAFE_LOADER):
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.MappingNode) and node.flow_style and key_node.flow_style:
            # `text: {{ card.name }}` unquoted: YAML reads the braces as a mapping inside a mapping
            raise DataError([Problem(loader.name, key_node.start_mark.line + 1, "",
                                     "'{{ … }}' without quotes is read as a YAML mapping, not a template",
                                     "the template in quotes: text: \"{{ card.name }}\"")])
        if not isinstance(key_node, yaml.ScalarNode):
            raise DataError([Problem(loader.name, key_node.start_mark.line + 1, "",
                                     "a list or mapping used as a mapping key", "a plain key (a name)")])
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise DataError([Problem(loader.name, key_node.start_mark.line + 1, str(key),
                                     "duplicate key", "each key once per mapping")])
        if value_node.tag == "tag:yaml.org,2002:null" and value_node.value == "" and isinstance(key, str):
            said = hash_comment(key, loader.lines[key_node.end_mark.line][key_node.end_mark.column:])
            if said:   # `stroke: #F3EFE3`: the value became a comment
                raise DataError([Problem(loader.name, key_node.start_mark.line + 1, key, *said)])
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


def _number(kind: str):
    base = getattr(yaml.constructor.SafeConstructor, f"construct_yaml_{kind}")

    def construct(loader: _LineLoader, node: yaml.ScalarNode):
        digits = sum(ch.isalnum() for ch in node.value)
        value = base(loader, node) if digits <= 40 else math.inf
        if not (isinstance(value, int) or math.isfinite(value)) or abs(value) > MAX_NUMBER:
            raise DataError([Problem(loader.name, node.start_mark.line + 1, "",
                                     f"number {node.value[:20]}{'…' if len(node.value) > 20 else ''} is out of range",
                                     f"a finite number between -{MAX_NUMBER:.0e} and {MAX_NUMBER:.0e}")])
        return value
    return construct


def _string(loader: _LineLoader, node: yaml.ScalarNode) -> str:
    value = loader.construct_scalar(node)
    if len(value) > MAX_TEXT:
        raise DataError([Problem(loader.name, node.start_mark.line + 1, "", f"a text of {len(value)} characters",
                                 f"at most {MAX_TEXT} characters in one value")])
    return value


_LineLoader.add_constructor("tag:yaml.org,2002:str", _string)
_LineLoader.add_constructor("tag:yaml.org,2002:int", _number("int"))
_LineLoader.add_constructor("tag:yaml.org,2002:float", _number("float"))


def _check_shape(node: yaml.Node, name: str) -> None:
    """Depth and size of the document with aliases expanded, counted without expanding them
    (each node's expanded size is computed once), so an alias bomb is refused in linear time."""
    sizes: dict[int, int] = {}
    stack = [(node, 1, False)]
    while stack:
        current, depth, done = stack.pop()
        if depth > MAX_DEPTH:
            raise DataError([Problem(name, current.start_mark.line + 1, "", f"values nested more than {MAX_DEPTH} "
                                     "levels deep", f"at most {MAX_DEPTH} levels")])
        children = ([c for pair in current.value for c in pair] if isinstance(current, yaml.MappingNode)
                    else current.value if isinstance(current, yaml.SequenceNode) else [])
        if done:
            sizes[id(current)] = 1 + sum(sizes.get(id(c), 1) for c in children)
            if sizes[id(current)] > MAX_NODES:
                raise DataError([Problem(name, current.start_mark.line + 1, "",
                                         f"more than {MAX_NODES} values once its aliases (*name) are expanded",
                                         "a file that does not repeat anchors exponentially")])
        elif id(current) not in sizes:
            sizes[id(current)] = 0           # in progress: an alias back to it is a loop
            stack.append((current, depth, True))
            stack.extend((c, depth + 1, False) for c in children if id(c) not in sizes)
        elif sizes[id(current)] == 0:
            raise DataError([Problem(name, current.start_mark.line + 1, "", "an alias refers to a value "
                                     "containing itself", "no recursive aliases")])


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff]")


def _decode(data: bytes, name: str, expected: str = "a UTF-8 text file") -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DataError([Problem(name, line, "", f"byte 0x{data[exc.start]:02x} is not UTF-8 text",
                                 expected)]) from None
    if text.startswith("\ufeff"):
        text = text[1:]   # a byte-order mark some editors write
    bad = _CONTROL.search(text)
    if bad:
        raise DataError([Problem(name, _line_at(text, bad.start()), "",
                                 f"control character U+{ord(bad.group()):04X} in the file",
                                 "printable text (write a line break as a new line)")])
    return text


_SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")


@lru_cache(maxsize=1)
def system_devices() -> set[int]:
    """The file systems of /proc, /sys and /dev: procfs and sysfs report their files as regular
    (a size of 0 that reads on forever, /proc/self/environ holds the environment)."""
    devices = set()
    for folder in _SYSTEM_FOLDERS:
        try:
            devices.add(os.stat(folder).st_dev)
        except OSError:
            pass
    return devices


@lru_cache(maxsize=1)
def system_folders() -> tuple[str, ...]:
    """/proc, /sys and /dev resolved once a process (each read resolved them again: a lstat per
    component, three folders, about 2,000 reads a validate)."""
    return tuple(os.path.realpath(folder) for folder in _SYSTEM_FOLDERS)


def _refuse(name: str, message: str, expected: str) -> DataError:
    return DataError([Problem(name, 0, "", message, expected)])


def open_checked(path: Path, name: str, limit: int = MAX_FILE_BYTES, within: tuple[Path, ...] | None = None,
                 expected: str = "a regular file of the project") -> BinaryIO:
    """`path` opened for reading (unbuffered) by the one rule for a file a user supplies: DataError
    (file, one line) unless it is a regular file, reached without leaving the folders `within`
    (the project and the installed package: a link is followed, then its target checked), not
    on /proc, /sys or /dev, and at most `limit` bytes. The resolved path is opened with
    O_NOFOLLOW (no link swapped in meanwhile) and O_NONBLOCK (a pipe swapped in does not wait
    for a writer), then checked by what was opened (fstat), not by its name."""
    real = os.path.realpath(path)
    if within is not None and not any(_inside(real, os.path.realpath(folder)) for folder in within):
        raise _refuse(name, "a link leading outside the project folder", expected)
    if any(_inside(real, base) for base in system_folders()):
        raise _refuse(name, "a link to a system file (/proc, /sys or /dev)", expected)
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise _refuse(name, f"cannot read file ({exc.strerror})", expected) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_dev in system_devices():
            raise _refuse(name, "not a regular file (a device, pipe, socket or system file)", expected)
        if st.st_size > limit:
            raise _refuse(name, f"file larger than {_size(limit)}", f"at most {_size(limit)}")
    except OSError as exc:
        os.close(fd)
        raise _refuse(name, f"cannot read file ({exc.strerror})", expected) from None
    except DataError:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb", buffering=0)


def read_bytes(path: Path, name: str, limit: int = MAX_FILE_BYTES, within: tuple[Path, ...] | None = None,
               expected: str = "a regular file of the project") -> bytes:
    """The one way a file a user supplies is read (data, layouts, catalogues, fonts, art, site
    templates and assets): open_checked's rule, and at most `limit` bytes read even if the file
    grows meanwhile."""
    with open_checked(path, name, limit, within, expected) as handle:
        chunks, left = [], limit + 1
        try:
            while left > 0:
                chunk = os.read(handle.fileno(), min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        except OSError as exc:
            raise _refuse(name, f"cannot read file ({exc.strerror})", expected) from None
    data = b"".join(chunks)
    if len(data) > limit:     # grew while it was read
        raise _refuse(name, f"file larger than {_size(limit)}", f"at most {_size(limit)}")
    return data


def _inside(path: str, base: str) -> bool:
    """Whether the resolved `path` is the resolved folder `base` or lies in it."""
    return path == base or path.startswith(base.rstrip(os.sep) + os.sep)


def _size(limit: int) -> str:
    return f"{limit // 1_000_000} MB" if limit > MAX_FILE_BYTES else f"{limit // 1000} kB"


def read_text(path: Path, name: str, expected: str = "a UTF-8 text file",
              within: tuple[Path, ...] | None = None) -> str:
    """A data file's text (read_bytes: a regular file within `within`, at most MAX_FILE_BYTES),
    refused (DataError with file and line) when not UTF-8 or holding control characters (YAML
    files, gettext catalogues and CSV alike). `expected` is what a file that is not UTF-8 should
    have been."""
    return _decode(read_bytes(path, name, MAX_FILE_BYTES, within, expected), name, expected)


def load_yaml(path: Path, display: str | None = None, within: tuple[Path, ...] | None = None) -> Any:
    """Load one YAML file (read_text: `within` the folders it may be read from); syntax errors
    and characters that cannot be printed become a DataError with the file and line."""
    name = display or str(path)
    return load_yaml_text(read_text(path, name, within=within), name)


# Parsed and checked files by content: a process that loads the project again (`pnp validate`
# after an edit, --watch, serve, studio, the fuzz tests' forked children) parses again only the
# files that changed. Each call gets its own copy (callers may change what they are given).
MAX_MEMO_CHARACTERS = 20_000_000   # of the texts kept (their trees take some times more); oldest out first
_parsed: dict[tuple[str, str], tuple[Any, list[Problem] | None]] = {}
_kept = [0]


def load_yaml_text(text: str, name: str) -> Any:
    """`text` parsed (the file `name`, for messages), its shape and characters checked:
    LineDict/LineList trees knowing their lines; DataError with file and line."""
    key = (name, text)
    entry = _parsed.get(key)
    if entry is None:
        try:
            entry = (_load_yaml_text(text, name), None)
        except DataError as exc:
            entry = (None, list(exc.problems))
        _parsed[key] = entry
        _kept[0] += len(text)
        while _kept[0] > MAX_MEMO_CHARACTERS and len(_parsed) > 1:
            oldest = next(iter(_parsed))
            if _parsed.pop(oldest, None) is not None:   # another thread may have taken it out first
                _kept[0] -= len(oldest[1])
    data, problems = entry
    if problems is not None:
        raise DataError(list(problems))
    return _copy(data)


_CONTAINERS = (LineDict, LineList, list, dict, set, tuple)   # tuple, set: !!pairs, !!set


def _copy(value: Any) -> Any:
    """A fresh tree of the containers a load builds (the values within are immutable)."""
    kind = type(value)
    if kind is LineDict:
        out = LineDict({k: _copy(v) if type(v) in _CONTAINERS else v for k, v in value.items()})
        out.line, out.key_lines = value.line, dict(value.key_lines)
        return out
    if kind is LineList:
        out = LineList([_copy(v) if type(v) in _CONTAINERS else v for v in value])
        out.line, out.item_lines = value.line, list(value.item_lines)
        return out
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind in (list, set, tuple):
        return kind(_copy(v) for v in value)
    return value


def _load_yaml_text(text: str, name: str) -> Any:
    loader = _LineLoader(text)
    loader.name = name
    loader.lines = text.splitlines()
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_shape(node, name)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        message, expected = plain_syntax_error(exc.problem or "", text, mark, exc.context_mark, MAX_DEPTH)
        if message.startswith("this '") and exc.context_mark:     # said where the unclosed { or [ opens
            line = exc.context_mark.line + 1
        elif "the lines below it at its level" in message:        # the first key alone, said at it
            line = exc.context_mark.line + 1
        elif message.endswith("has no ':' after its key"):       # the parser stops on the line after it
            line -= 1
        raise DataError([Problem(name, line, "", message, expected)]) from None
    except yaml.YAMLError as exc:   # reader errors carry a position, not a mark
        line = _line_at(text, getattr(exc, "position", 0) or 0)
        raise DataError([Problem(name, line, "", f"YAML error: {str(exc).splitlines()[0]}", "valid YAML")]) from None
    except RecursionError:
        raise DataError([Problem(name, 0, "", "values nested too deeply", f"at most {MAX_DEPTH} levels")]) from None
    finally:
        loader.dispose()
    # after decoding: "\e[2J" or "\u202e" written as YAML escapes are refused as surely as the raw bytes
    odd = character_problems(data, name)
    if odd:
        raise DataError([Problem(name, line_of(data, path), field_path(path), message, "printable characters")
                         for path, message in odd])
    return data


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
