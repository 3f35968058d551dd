"""The spreadsheet cell a face's failing value came from: a colour column's `blu` used as
`fill:`, a `☯` in a text column, an image path in an `Art` column. validate (checks/faces.py,
the glyph check) and the build (paper/face.py) name that cell, as every other spreadsheet
problem is named: the file, the row (the header being row 1) and the column's letter and header.
"""
from __future__ import annotations

from typing import Any, Callable


def _value(card: Any, parts: tuple, lang: str | None) -> Any:
    """A card's value at a column's field path (`('props', 'colour')`, `('name', 'de')`), in
    `lang` when it is a text of several languages; None when it has none."""
    value = card
    for part in parts:
        value = getattr(value, "root", value)
        if isinstance(value, dict):
            value = value.get(part)
        else:
            value = getattr(value, part, None)
        if value is None:
            return None
    value = getattr(value, "root", value)
    if isinstance(value, dict) and lang is not None:
        value = value.get(lang)
    return value


def cell_with(card: Any, lang: str | None, wanted: Callable[[str], bool]) -> tuple[str, int, str] | None:
    """(file, row, column label) of the first cell of `card`'s spreadsheet row whose text
    `wanted` picks; None for a card not read from a spreadsheet, or no such cell."""
    sheet = getattr(card, "_sheet", None) if card is not None else None
    if not sheet:
        return None
    display, row, columns = sheet
    for index, parts in sorted(columns.paths.items()):
        value = _value(card, parts, lang)
        if value is not None and not isinstance(value, (dict, list, bool)) and str(value).strip() \
                and wanted(str(value).strip()):
            return display, row, columns.labels[index]
    return None


def holding(card: Any, lang: str | None, value: str) -> tuple[str, int, str] | None:
    """The cell whose whole text is `value` (a colour, an image path), else one holding it."""
    value = value.strip()
    if not value:
        return None
    return cell_with(card, lang, lambda cell: cell == value) or cell_with(card, lang, lambda cell: value in cell)


def with_characters(card: Any, lang: str | None, characters: list[str]) -> tuple[str, int, str] | None:
    """The cell that holds one of `characters` (a glyph the font lacks)."""
    return cell_with(card, lang, lambda cell: any(c in cell for c in characters))


def failing_cell(card: Any, lang: str, exc: Exception) -> tuple[str, int, str] | None:
    """The cell of `card` a face's failure came from: the characters a font lacks
    (`exc.characters`), or the value it could not draw (`exc.value`: a colour, an image path, a
    text too long); None for a card not read from a spreadsheet, or a failure of the layout's own."""
    if card is None:
        return None
    characters, value = getattr(exc, "characters", None), getattr(exc, "value", None)
    return with_characters(card, lang, characters) if characters \
        else holding(card, lang, value) if isinstance(value, str) else None


def at_cell(cell: tuple[str, int, str]) -> str:
    """`heroes.csv:4: column G 'Colour'`, as a problem names a cell."""
    return f"{cell[0]}:{cell[1]}: {cell[2]}"
