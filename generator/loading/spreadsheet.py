"""Cards from a spreadsheet: a deck may say `cards_from: towers.csv` (or .xlsx, or
`game.xlsx#Towers` for one sheet of a workbook) and keep one card per row, as most designers
keep their data.

The first row names the columns (columns.py: card fields, a quantity, properties with or
without `props.`; a list property's items separated by `;`). Empty rows are skipped, an empty
cell leaves its field out; a row without an id gets one made from its name. Every problem names the file, the row (as the spreadsheet numbers
it, the header being row 1) and the column (letter and header). CSV is read with the standard
library (csv_rows.py: UTF-8, with or without Excel's BOM, comma / semicolon / tab separated, RFC 4180 quotes); XLSX with
openpyxl, the well-kept reader of Excel files (xlsx_rows.py: values, not formulas).
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from datafile.errors import DataError, Problem, closest
from datafile.characters import odd_character
from datafile.validate import MISSING, problems_from

from .columns import NO_QUANTITY, Columns as _Columns, cell_text, column_letter, is_blank as _blank, rows_where
from .lookups import looked_up, misses
from .pango_cells import pnp_markup, unread as unread_tag
from .sheet_rows import ragged_rows, read_rows
from .xlsx_rows import Unsaved
from ..model.model import Card, PropertySpec
from ..model.properties import validate_props

def _odd_cells(rows: list[tuple[int, list[Any]]], display: str) -> list[Problem]:
    """Cells holding a character that cannot be printed (a control, private-use, unassigned
    code point or bidirectional override: datafile/characters.py), as every text of the YAML files."""
    problems = []
    header = rows[0][1]
    for number, cells in rows:
        for index, value in enumerate(cells):
            odd = odd_character(value) if isinstance(value, str) else None
            if odd:
                name = header[index] if number != rows[0][0] and index < len(header) else None
                label = f"column {column_letter(index)}" + (f" '{str(name).strip()[:40]}'" if not _blank(name)
                                                            and not odd_character(str(name)) else "")
                problems.append(Problem(display, number, label,
                                        f"{odd[1]} U+{ord(odd[0]):04X} cannot be printed", "printable characters"))
    return problems


def _convert(value: Any, spec: PropertySpec | None) -> Any:
    """A cell as the property's type expects it (spreadsheets give numbers as float or text)."""
    if isinstance(value, str):
        value = value.strip()
    if spec is None:
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value
    if spec.type == "int":
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and value.lstrip("-").isdigit():
            return int(value)
    if spec.type == "bool" and isinstance(value, str):
        lowered = value.lower()
        if lowered in ("true", "yes", "1", "x"):
            return True
        if lowered in ("false", "no", "0"):
            return False
    if spec.type in ("str", "enum", "text") and not isinstance(value, str):
        return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    if spec.type == "list" and isinstance(value, str):
        return [_convert(item, spec.items) for item in value.split(";") if item.strip()]
    return value


def read_cards(path: Path, display: str, properties: dict[str, PropertySpec], languages: list[str],
               sheet: str | None = None, taken: set[str] = frozenset(),
               within: tuple[Path, ...] | None = None, quantity: str | None = None,
               name_column: str | None = None, deck_name: Any = None,
               quantity_at: tuple[str, int] | None = None, where: dict | None = None,
               where_at: tuple[str, int] | None = None, lookups: dict | None = None) -> list[Card]:
    """The cards of a spreadsheet, each row validated as a card of the deck; DataError listing
    every problem with file, row and column. Plain columns that name no declared property are
    added to `properties` (the deck's), so the layout checks know them."""
    rows = [(n, cells) for n, cells in read_rows(path, display, sheet, within) if not all(_blank(c) for c in cells)]
    if not rows:
        raise DataError([Problem(display, 0, "", "the spreadsheet is empty", "a header row, then one row per card")])
    odd = _odd_cells(rows, display)
    if odd:
        raise DataError(odd)
    columns = _Columns(rows, properties, display, languages, quantity, name_column)
    unread = _unread_quantity(rows[0][1], quantity, display, quantity_at)
    if unread:   # every row would silently print once
        raise DataError(unread)
    tables = looked_up(columns, lookups or {}, properties, display)   # a property key -> its table (lookups.py)
    ragged = ragged_rows(rows, display, path.suffix.lower() == ".csv")
    if ragged:   # a stray quote or separator shifts every later cell: nothing of such a row is trusted
        raise DataError(ragged)
    if where:    # the rows of this deck only (one sheet split into decks, each with its back)
        rows = rows_where(rows, where, display, where_at or (display, 1))
    # a required field no column holds: one problem on the header, not one per row
    # a sheet without names (Squib's need none): each card is named after the deck and its place
    unnamed = not columns.has(("name",)) and not name_column
    absent = [loc for loc in [*([] if unnamed else [("name",)]),
                              *(("props", key) for key, spec in properties.items() if spec.required)]
              if not columns.has(loc)]
    problems: list[Problem] = [Problem(display, 1, "", f"no column '{name_column if loc == ('name',) else '.'.join(loc)}'",
                                       f"a column {name_column or 'name'}[.<lang>] (the deck's name_column:)"
                                       if loc == ("name",) else f"a column {'.'.join(loc)}: every card needs it")
                          for loc in absent]
    cards: list[Card] = []
    seen = dict.fromkeys(taken, 0)
    repeats: dict[str, list[int]] = {}   # an id -> the rows holding it (0: the deck file)
    made: set[str] = set()
    id_column = next((i for i, parts in columns.paths.items() if parts == ("id",)), None)
    written = {str(cells[id_column]).strip() for _, cells in rows[1:]
               if id_column is not None and id_column < len(cells) and not _blank(cells[id_column])}
    unsaved: list[tuple[int, str, str]] = []   # formula cells without their result: (row, column, formula)
    missed: dict[tuple[str, str, str], list[int]] = {}   # (property, column, a key no table row has) -> rows
    used: dict[str, set[str]] = {}   # a lookup property -> the table keys its cells name
    for number, cells in rows[1:]:
        raw: dict[str, Any] = {}
        tags: list[tuple[str, int, str, str]] = []   # a cell's tag pnp does not read: (file, row, column, tag)
        unknown = list(absent)   # fields said already: not "empty" as well
        for index, parts in columns.paths.items():
            value = cells[index] if index < len(cells) else None
            if isinstance(value, Unsaved):
                unknown.append(parts)
                unsaved.append((number, columns.labels[index], value))
                continue
            if _blank(value):
                if parts == ("copies",):     # 1 copy, as a deck file's card without copies: said once
                    columns.blank_copies.append(number)
                continue
            if isinstance(value, str) and not (parts[0] == "props" and parts[1] in tables):   # a key as written
                if tag := unread_tag(value):    # printed as written: said once per column if a box prints it
                    tags.append((display, number, columns.labels[index], tag))
                value = pnp_markup(value)   # Squib's `<b>Gain</b>`, nanDECK's `<li>`: pnp's **Gain**, "• "
            spec = properties.get(parts[1]) if parts[0] == "props" else None
            if parts[0] == "props" and parts[1] in tables:   # a key: the table's row is the value
                key, value = cell_text(value), tables[parts[1]].row(value)
                if value is None:   # said once per value, after the rows (lookups.misses)
                    missed.setdefault((parts[1], columns.labels[index], key), []).append(number)
                    unknown.append(parts)
                    continue
                used.setdefault(parts[1], set()).add(key)
            elif parts[0] == "copies":
                value = _convert(value, PropertySpec(type="int"))
            elif parts[0] in ("name", "text") or (spec and spec.type == "text"):
                value = _convert(value, PropertySpec(type="str"))
            else:
                value = _convert(value, spec)
            node = raw
            for part in parts[:-1]:
                node = node.setdefault(part, {})
            node[parts[-1]] = value
        if raw.get("copies") == 0:   # a quantity of 0: the row is kept in the file, not printed
            continue
        if isinstance(raw.get("copies"), int) and raw["copies"] < 0:     # 0 is a quantity here too
            problems.append(Problem(display, number, columns.label_for(("copies",)), f"'{raw['copies']}' is less than 0",
                                    "0 (the row is not printed) or more"))
            continue
        if unnamed:
            raw["name"] = _numbered(deck_name, len(cards) + 1)
        if "id" not in raw:   # made from the name (else the row), stable while the rows keep their order
            raw["id"] = _made_id(None if unnamed else raw.get("name"), languages, number, set(seen) | written)
            made.add(raw["id"])
        # named after the deck: a language its name lacks is one line at the deck's `name:` (the deck check)
        problems += _missing_texts({k: v for k, v in raw.items() if not (unnamed and k == "name")}, columns,
                                   languages, display, number, set(tables))
        try:
            card = Card.model_validate(raw)
            card.props = validate_props(properties, card.props, display, None, ("props",))
        except ValidationError as exc:
            problems += [_at_row(p, number, columns) for p in problems_from(exc, None, display, Card)
                         if not _said(p, unknown)]
            continue
        except DataError as exc:
            problems += [_at_row(p, number, columns) for p in exc.problems if not _said(p, unknown)]
            continue
        if card.id in seen:   # said once for the column, after the rows (a copied id repeats on every row)
            repeats.setdefault(card.id, [seen[card.id]]).append(number)
        seen.setdefault(card.id, number)
        card._sheet = (display, number, columns)   # later checks (icons) name the row and column
        card._unread = tags                        # face_checks/silent_boxes.py
        card._made_id = card.id in made   # loading/games.py qualifies it if another deck has it
        card._named_after_deck = unnamed   # a language its name lacks is the deck name's (said there, once)
        cards.append(card)
    problems += misses(tables, missed, used, display)
    if repeats:
        problems.append(_repeated_ids(repeats, display, columns.label_for(("id",))))
    if unsaved:   # a workbook written by a script: one line for the file, not one per formula cell
        (number, label, formula), more = unsaved[0], len(unsaved) - 1
        problems.insert(0, Problem(display, number, label, f"formula {formula[:40]} has no saved value" + (
            f", nor {'has' if more == 1 else 'have'} {more} more formula {'cell' if more == 1 else 'cells'} (the "
            "file was written by a program that does not work them out)" if more else ""), "values: open the file in Excel or LibreOffice and save it, which stores "
            "each formula's result"))
    if problems:
        raise DataError(list(dict.fromkeys(problems)))   # a header's problem, found on each row: once
    return cards


def _rows(numbers: list[int]) -> str:
    """`the deck file, rows 2–57, 60`: row numbers as runs (0 is the deck file's own card)."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers) - {0}):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    shown = [f"{a}" if a == b else f"{a}–{b}" for a, b in runs[:8]] + (["…"] if len(runs) > 8 else [])
    rows = ("row " if len(runs) == 1 and runs[0][0] == runs[0][1] else "rows ") + ", ".join(shown)
    return ("the deck file and " if 0 in numbers else "") + rows


def _repeated_ids(repeats: dict[str, list[int]], display: str, label: str) -> Problem:
    """Every id that repeats in a deck's spreadsheet, on one line at the first repeat's row."""
    first = min(numbers[1] for numbers in repeats.values())
    said = [f"'{card_id}' in {_rows(numbers)}" for card_id, numbers in list(repeats.items())[:5]]
    more = f" and {len(repeats) - 5} more" if len(repeats) > 5 else ""
    message = (f"card id {said[0].replace(' in ', ' repeats in ', 1)}" if len(repeats) == 1
               else f"{len(repeats)} card ids repeat: {'; '.join(said)}{more}")
    return Problem(display, first, label, message, "ids unique within a deck")


def _unread_quantity(header: list[Any], quantity: str | None, display: str,
                    at: tuple[str, int] | None) -> list[Problem]:
    """The deck's `quantity:` naming a column the header lacks: one problem at that line."""
    names = [str(c).strip() for c in header if not _blank(c)]
    if not quantity or quantity.strip().lower() in (NO_QUANTITY, *(n.lower() for n in names)):
        return []
    lower = {n.lower(): n for n in names}
    guess = lower.get(closest(quantity.strip().lower(), lower) or "")
    file, line = at or (display, 1)
    return [Problem(file, line, "quantity", f"no column '{quantity}' in {display}"
                    + (f"; did you mean '{guess}'?" if guess else ""),
                    f"one of its columns: {', '.join(names)}")]


def _numbered(deck_name: Any, n: int) -> Any:
    """`Player 3`: the name of the third card of a sheet without names, in each language."""
    root = getattr(deck_name, "root", deck_name) or "Card"
    return {lang: f"{text} {n}" for lang, text in root.items()} if isinstance(root, dict) else f"{root} {n}"


def _made_id(name: Any, languages: list[str], number: int, used: set[str]) -> str:
    """`Fire Mage` -> `fire-mage`; `fire-mage-2` for the second of that name in the deck."""
    if isinstance(name, dict):
        name = next((name[lang] for lang in [*languages, *name] if lang in name), "")
    ascii_name = unicodedata.normalize("NFKD", str(name or "")).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:40].strip("-") or f"row-{number}"
    made, n = base, 1
    while made in used:
        n += 1
        made = f"{base}-{n}"
    return made


def _said(problem: Problem, absent: list[tuple]) -> bool:
    """A row's missing field whose column is missing altogether (said once, on the header) or
    whose cell was said to be unknown (a formula without its result)."""
    return problem.message == MISSING and problem.field in {".".join(loc) for loc in absent}


def _at_row(problem: Problem, number: int, columns: _Columns) -> Problem:
    loc = tuple(int(p) if p.isdigit() else p for p in problem.field.replace("[", ".").replace("]", "").split("."))
    label = columns.label_for(loc)
    if problem.message == MISSING and label.startswith("column "):
        return Problem(problem.file, number, label, "empty cell", "a value: this field is required")
    return Problem(problem.file, number, label, problem.message, problem.expected)


def _missing_texts(raw: dict, columns: _Columns, languages: list[str], display: str, number: int,
                   rows_of_tables: set[str] = frozenset()) -> list[Problem]:
    """A text given per language must have every language of the game (one column each)."""
    problems = []
    texts = [(("name",), raw.get("name")), (("text",), raw.get("text"))]
    texts += [(("props", k), v) for k, v in (raw.get("props") or {}).items()
              if isinstance(v, dict) and k not in rows_of_tables]
    for loc, value in texts:
        if isinstance(value, dict):
            for lang in languages:
                if lang in value:
                    continue
                if not columns.has(loc + (lang,)):   # no such column: one line at the header, not one per row
                    problems.append(Problem(display, 1, "", f"no column {'.'.join(loc)}.{lang} beside "
                                            f"{columns.label_for(loc)}", f"a column {'.'.join(loc)}.{lang} "
                                            f"(each language of the game has its own)"))
                else:   # a translation left empty: refused, as a YAML text lacking a language is
                    problems.append(Problem(display, number, columns.label_for(loc + (lang,)),
                                            f"empty cell: no '{lang}' text",
                                            f"the {lang} text, as this row has one in {', '.join(value)}"))
    return problems
