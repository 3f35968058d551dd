"""Errors a user can act on: file, line, field path, what was wrong and what was expected."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Iterable


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    field: str
    message: str
    expected: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        field = f" {self.field}:" if self.field else ""
        expected = f" (expected {self.expected})" if self.expected else ""
        return _one_line(f"{where}:{field} {self.message}{expected}")


def _one_line(text: str) -> str:
    """A problem is one line, whatever the data or a library put in it (line breaks, controls)."""
    return terminal_safe(" ".join(text.split("\n")).replace("\r", " ").replace("\t", " "))


# what a terminal would act on or reorder: C0 and C1 controls, DEL, bidirectional overrides and
# isolates; and the line and paragraph separators, which split a line for Python, JavaScript and editors
_TERMINAL = re.compile("[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    """`text` with every character a terminal would act on (an escape sequence that clears the
    screen or sets the window title, a bell, a bidirectional override) shown as an escape:
    names from the data are printed, never obeyed."""
    return _TERMINAL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                         else f"\\u{ord(m.group()):04x}", text)


class DataError(Exception):
    """One or more problems in the input data; nothing was built."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class BuildError(Exception):
    """The data is valid but cannot be rendered as asked (overflow, missing glyph, ...)."""


# what a message adds about where it was met (a card, the boxes sharing a font): not the mistake
_CONTEXT = re.compile(r" \((?:for |the font of boxes ).*?\)")


def once_per_place(problems: Iterable[Problem]) -> list[Problem]:
    """One problem per mistake: the same message at the same file and line (a box every layout
    extending its layout inherits, met once per layout) is said once, the first time."""
    seen, out = set(), []
    for p in problems:
        # the mistake is what comes before its advice (which may name each deck's own sheet), in
        # the field it is about (the layout before it differs: `crook` or `crook-x`)
        key = (p.file, p.line, p.field.rsplit(".", 1)[-1], _CONTEXT.sub("", p.message).split(";")[0]) \
            if p.line else p
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def field_path(loc: Iterable[Any]) -> str:
    """('cards', 3, 'copies') -> 'cards[3].copies'"""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice `word` most likely misspells: a near-miss by one edit ('aer': 'air') before a
    choice that shares more letters with it ('water'), among those difflib finds alike."""
    choices = list(choices)
    alike = difflib.get_close_matches(word, choices, n=len(choices) or 1, cutoff=0.6)
    return next((c for c in alike if _one_edit(word, c)), alike[0] if alike else None)


def _one_edit(a: str, b: str) -> bool:
    """One letter added, dropped, changed, or two neighbours swapped, turns `a` into `b`."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    start = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    if len(a) == len(b):
        swapped = a[start:start + 2] == b[start:start + 2][::-1] and a[start + 2:] == b[start + 2:]
        return a[start + 1:] == b[start + 1:] or swapped
    return (a[start + 1:] == b[start:]) if len(a) > len(b) else (a[start:] == b[start + 1:])


class Collector:
    """Runs checks and gathers their problems instead of stopping at the first."""

    def __init__(self):
        self.problems: list[Problem] = []

    def run(self, fn, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None

    def add(self, *args):
        self.problems.append(Problem(*args))
