"""Characters a text may not hold: control characters (an escape sequence would drive the
terminal that prints a name), private-use code points (the icon font uses them internally, so
one typed in a text would print an icon or a blank), unassigned code points and bidirectional
overrides (they reorder what a reader sees). Checked in every string of every YAML file once it
is decoded (so "\\e[2J" written as an escape is caught as surely as the raw byte), and in every
spreadsheet cell; `pnp validate` names the card, the language and the code point."""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any, Iterator

ALLOWED_CONTROLS = "\n\t\r"
BIDI_OVERRIDES = {*range(0x202A, 0x202F), *range(0x2066, 0x206A)}
KINDS = {"Cc": "a control character", "Co": "a private-use character", "Cn": "an unassigned code point",
         "Cs": "a lone surrogate",
         # no font has a glyph for these: a line break is written as a new line in the YAML
         "Zl": "a line separator", "Zp": "a paragraph separator"}


def odd_character(text: str) -> tuple[str, str] | None:
    """The first character of `text` that cannot be printed, and why; None when all can."""
    # the same texts are checked again and again (each load, the cross-checks): remembered
    return _odd_remembered(text) if len(text) <= 1000 else _odd_character(text)


def _odd_character(text: str) -> tuple[str, str] | None:
    for ch in text:
        if ch in ALLOWED_CONTROLS or (" " <= ch <= "~"):
            continue
        kind = KINDS.get(unicodedata.category(ch))
        if kind is None and ord(ch) in BIDI_OVERRIDES:
            kind = "a bidirectional override"
        if kind:
            return ch, kind
    return None


def strings(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """Every string inside loaded YAML data (keys too), with its path."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str):
                yield path, k
            yield from strings(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from strings(v, path + (i,))


def _any_odd(value: Any) -> bool:
    """Whether a string inside `value` (keys too) holds a character that cannot be printed: the
    walk of `strings` without making a path for each string (most files have none)."""
    if isinstance(value, str):
        return odd_character(value) is not None
    if isinstance(value, dict):
        return any(isinstance(k, str) and odd_character(k) is not None or _any_odd(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_any_odd(v) for v in value)
    return False


def character_problems(raw: Any, file: str, card_list: str | None = "cards") -> list[tuple[tuple, str]]:
    """(path, message) for each string of `raw` holding a character that cannot be printed; the
    message names the card (an item of `card_list`), the language (a two-letter key) and the
    code point."""
    if not _any_odd(raw):
        return []
    found = []
    for path, text in strings(raw):
        odd = odd_character(text)
        if odd is None:
            continue
        ch, kind = odd
        where = []
        if card_list and len(path) > 1 and path[0] == card_list and isinstance(path[1], int):
            card = raw[card_list][path[1]]
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                where.append(f"card '{card['id']}'")
        lang = next((p for p in reversed(path) if isinstance(p, str) and len(p) == 2 and p.isalpha()), None)
        if lang:
            where.append(f"language {lang}")
        found.append((path, f"{', '.join(where) + ': ' if where else ''}{kind} U+{ord(ch):04X} cannot be printed"))
    return found


_odd_remembered = lru_cache(maxsize=1 << 15)(_odd_character)
