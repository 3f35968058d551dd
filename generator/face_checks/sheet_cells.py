"""The spreadsheet cell a face's failing value came from: a colour column's `blu` used as
`fill:`, a `☯` in a text column, an image path in an `Art` column. validate (face_checks/faces.py,
the glyph check) and the build (card_face/face.py) name that cell, as every other spreadsheet
problem is named: the file, the row (the header being row 1) and the column's letter and header.
"""
from __future__ import annotations

import re
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


def read_cell(card: Any, lang: str | None, source: str | None, expression: bool,
              message: str) -> tuple[str, int, str, str] | None:
    """(file, row, column label, its text) of the cell of `card`'s row a failing template reads
    whose value the failure names (`Aimm` in "no field 'aimm-ink'", case aside), else an empty
    one it reads; None when the template reads no such cell (the layout's own mistake)."""
    sheet = getattr(card, "_sheet", None) if card is not None else None
    if not sheet or not source:
        return None
    from ..card_layout.templates import used_paths   # the templates module is heavy; only failures need it
    try:
        read = {path[2] for path, _ in used_paths(source, expression) if path[:2] == ("card", "props") and len(path) > 2}
    except Exception:  # noqa: BLE001 - a template that does not parse is the layout's problem, said there
        return None
    display, row, columns = sheet
    named = [q.lower() for q in re.findall(r"'([^']*)'", message)]
    cells = [(columns.labels[index], _value(card, parts, lang)) for index, parts in sorted(columns.paths.items())
             if parts[0] == "props" and len(parts) > 1 and parts[1] in read]
    for label, value in cells:
        text = "" if value is None or isinstance(value, (dict, list)) else str(value).strip()
        if text and any(text.lower() in name for name in named):
            return display, row, label, text
    for label, value in cells:
        if value is None or (isinstance(value, str) and not value.strip()):
            return display, row, label, ""
    return None


def read_note(card: Any, lang: str | None, source: str | None, message: str, expression: bool = False) -> str:
    """` (it read 'Aimm' from cards.csv:5, column B 'AttrL')`: the cell a failing template read,
    for the build's line, which stops at the first face it cannot draw; '' when it read none."""
    cell = read_cell(card, lang, source, expression, message)
    if cell is None:
        return ""
    shown = f"'{cell[3]}'" if cell[3] else "an empty cell"
    return f" (it read {shown} from {cell[0]}:{cell[1]}, {cell[2]})"
