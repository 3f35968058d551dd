"""Lookup tables: a deck's column names a row of a second spreadsheet (`lookups: {Faction:
factions.csv}`), so one row per faction holds its colour and icon and a layout reads
`card.props.faction.colour`, as nanDECK's LINK of a second file and a Squib script's hash do.
A table is read by the rule of every spreadsheet of a project (sheet_rows.read_rows); its key is
its first column, or the one the deck names (`{file: factions.csv, key: Name}`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datafile.errors import DataError, Problem, closest

from ..model.model import PropertySpec
from .columns import cell_text, column_letter, is_blank
from .headers import property_key
from .language_columns import base_language, split
from .sheet_rows import csv_sheet, not_found, ragged_rows, read_rows, sheet_path


@dataclass
class Table:
    display: str              # the file as the user names it
    key_label: str            # `column A 'Name'`
    at: tuple[str, int] = ("", 0)   # the deck file's `lookups:` entry that names it
    rows: dict[str, dict[str, Any]] = field(default_factory=dict)   # a key -> its row's fields
    numbers: dict[str, int] = field(default_factory=dict)           # a key -> its row's number
    fields: dict[str, PropertySpec] = field(default_factory=dict)
    # a column of one text for every language: its field -> (label, header), for the
    # untranslated-words warning (face_checks/column_words.py)
    plain: dict[str, tuple[str, str]] = field(default_factory=dict)

    def row(self, value: Any) -> dict[str, Any] | None:
        return self.rows.get(cell_text(value))

    def unknown(self, value: Any) -> tuple[str, str]:
        """(message, expected) for a key the table lacks: the likely one, and the keys it has."""
        guess = closest(cell_text(value), list(self.rows))
        keys = ", ".join(list(self.rows)[:12]) + (", …" if len(self.rows) > 12 else "") or "none: it has no rows"
        return (f"'{cell_text(value)}' is no row of {self.display}" + (f"; did you mean '{guess}'?" if guess else ""),
                f"a value of its {self.key_label}: {keys}")


def misses(tables: dict[str, Table], missed: dict[tuple[str, str, str], list[int]], used: dict[str, set[str]],
           display: str) -> list[Problem]:
    """Keys the tables lack, one line per value however many rows hold it. A value close to a
    key that no card uses, written alike on several rows, is the table's slip (`Togther` in the
    table, `Together` on three rows): said at the table's row; else at the value's first row."""
    problems = []
    for (prop, label, value), numbers in missed.items():
        table = tables[prop]
        guess = closest(value, list(table.rows))
        rows = f"row{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}"
        if guess and guess not in used.get(prop, set()) and len(numbers) > 1:
            problems.append(Problem(table.display, table.numbers[guess], table.key_label,
                                    f"key '{guess}' is used by no card, while {label} of {display} holds '{value}' "
                                    f"({rows}); did you mean '{value}'?",
                                    f"the key as the sheet writes it, '{value}', or those cells changed to '{guess}'"))
        else:
            message, expected = table.unknown(value)
            problems.append(Problem(display, numbers[0], label, message
                                    + (f" (on {rows})" if len(numbers) > 1 else ""), expected))
    return problems


def _value(cell: Any) -> Any:
    if isinstance(cell, float) and cell.is_integer():
        return int(cell)
    if isinstance(cell, str):
        cell = cell.strip()
        return int(cell) if cell.lstrip("-").isdigit() and len(cell) < 10 else cell
    return cell


def _language_fields(header: list[str], languages: list[str], display: str,
                     problems: list[Problem]) -> tuple[dict[int, tuple[str, str | None]], set[str]]:
    """Each column's (field, language or None), and the fields given per language (`Name`,
    `Name.de`: a text, the plain column in the game's first language without its own)."""
    stems = {property_key(h) for h in header if h}
    field_of: dict[int, tuple[str, str | None]] = {}
    for i, h in enumerate(header):
        got = split(h, stems, languages) if h else None
        if isinstance(got, str):
            problems.append(Problem(display, 1, f"column {column_letter(i)} '{h}'", got, "a column per language "
                                    "of game.yaml, written as the column's header, a dot and the language (Name.de)"))
        elif got:
            field_of[i] = (property_key(got[0]), got[1])
        elif h and property_key(h):
            field_of[i] = (property_key(h), None)
    texts = {name for name, lang in field_of.values() if lang}
    for i, (name, lang) in list(field_of.items()):
        if name in texts and lang is None:
            given = {lg for n, lg in field_of.values() if n == name and lg}
            field_of[i] = (name, base_language(given, languages) or languages[0])
    for name in sorted(texts):   # a language with no column: once, at the header
        have = {lg for n, lg in field_of.values() if n == name}
        problems += [Problem(display, 1, "", f"no column for the {lang} text of '{name}'",
                             f"a column {name}.{lang} (each language of the game has its own)")
                     for lang in languages if lang not in have]
    return field_of, texts


def read_table(path: Path, display: str, sheet: str | None, key: str | None,
               within: tuple[Path, ...] | None, at: tuple[str, int], languages: list[str] = ()) -> Table:
    """A lookup table: every row under its header, by its key column; DataError naming file and row."""
    rows = [(n, cells) for n, cells in read_rows(path, display, sheet, within) if not all(is_blank(c) for c in cells)]
    if not rows:
        raise DataError([Problem(display, 0, "", "the lookup table is empty", "a header row, then one row per key")])
    ragged = ragged_rows(rows, display, path.suffix.lower() == ".csv")
    if ragged:   # a stray separator shifts the row's cells: nothing of it is trusted, as in a deck's sheet
        raise DataError(ragged)
    header = [str(c).strip() if not is_blank(c) else "" for c in rows[0][1]]
    names = {property_key(h): i for i, h in enumerate(header) if h}
    if key is None:
        index = 0
    elif property_key(key) in names:
        index = names[property_key(key)]
    else:
        guess = closest(key.lower(), [h.lower() for h in header if h])
        raise DataError([Problem(*at, "key", f"no column '{key}' in {display}"
                                 + (f"; did you mean '{header[[h.lower() for h in header].index(guess)]}'?"
                                    if guess else ""), f"one of its columns: {', '.join(h for h in header if h)}")])
    table = Table(display, f"column {column_letter(index)} '{header[index]}'")
    problems, seen = [], {}
    field_of, texts = _language_fields(header, languages, display, problems)
    for number, cells in rows[1:]:
        value = cell_text(cells[index] if index < len(cells) else None)
        if not value:
            problems.append(Problem(display, number, table.key_label, "empty key cell", "the key this row is found by"))
        elif value in seen:
            problems.append(Problem(display, number, table.key_label, f"key '{value}' repeats row {seen[value]}",
                                    "each key once"))
        else:
            seen[value] = table.numbers[value] = number
            row = table.rows[value] = {}
            for i, (name, lang) in field_of.items():
                if i < len(cells) and not is_blank(cells[i]):
                    if lang:
                        row.setdefault(name, {})[lang] = str(_value(cells[i]))
                    else:
                        row[name] = _value(cells[i])
            for name in texts:   # a translation left empty beside a filled one: as a spreadsheet card's
                given = row.get(name, {})
                problems += [Problem(display, number, next(f"column {column_letter(i)} '{header[i]}'"
                                                           for i, f in field_of.items() if f == (name, lang)),
                                     f"empty cell: no '{lang}' text", f"the {lang} text, as this row has one in "
                                     f"{', '.join(given)}") for lang in languages
                             if given and lang not in given and (name, lang) in field_of.values()]
    if problems:
        raise DataError(problems)
    for name in texts:
        table.fields[name] = PropertySpec(type="text")
        for row in table.rows.values():
            row.setdefault(name, "")
    for name in {name for name, _ in field_of.values()} - texts:
        filled = [row.get(name) for row in table.rows.values()]
        whole = all(isinstance(v, int) and not isinstance(v, bool) for v in filled)
        table.fields[name] = PropertySpec(type="int" if whole else "str")
        if not whole:
            index = next(i for i, f in field_of.items() if f == (name, None))
            table.plain[name] = (f"column {column_letter(index)} '{header[index]}'", header[index])
        for row in table.rows.values():   # an empty cell prints nothing, as a card's does
            row.setdefault(name, "")
            row[name] = row[name] if whole else str(row[name])
    table.at = at
    return table


def deck_tables(root: Path, path: Path, raw: Any, deck: Any, languages: list[str] = ()) -> dict[str, Table]:
    """The lookup tables a deck names, each beside the deck file, read as its `cards_from:` is."""
    from datafile.source import line_of
    from ..reading.locate import relative, search_path
    tables, problems = {}, []
    for column, ref in (deck.lookups or {}).items():
        file, key = (ref, None) if isinstance(ref, str) else (ref.file, ref.key)
        at = (relative(root, path), line_of(raw, ("lookups", column)))
        sheet, tab = sheet_path(path.parent, file)
        if not sheet.resolve().is_relative_to(path.parent.resolve()):
            problems.append(Problem(*at, f"lookups.{column}", f"'{file}' is outside the game folder",
                                    "a file beside the deck file"))
            continue
        if not sheet.is_file():
            problems.append(Problem(*at, f"lookups.{column}", *not_found(file, path.parent, path.name)))
            continue
        if csv_sheet(file, tab):
            problems.append(Problem(*at, f"lookups.{column}", *csv_sheet(file, tab)))
            continue
        try:
            tables[column] = read_table(sheet, relative(root, sheet), tab, key, search_path(root), at, list(languages))
        except DataError as exc:   # what the entry itself says wrong (a sheet name): at its line
            problems += [Problem(*at, f"lookups.{column}" + (".key" if p.field == "key" else ""), p.message,
                                 p.expected) if not p.line or p.field == "key" else p for p in exc.problems]
    if problems:
        raise DataError(problems)
    return tables


def looked_up(columns: Any, tables: dict[str, Table], properties: dict[str, PropertySpec],
              display: str) -> dict[str, Table]:
    """The property each lookup's column gives, now an object of its table's fields; a column
    the spreadsheet lacks is one line at the deck's `lookups:` entry."""
    by_key, problems = {}, []
    given = {parts[1]: columns.labels[i] for i, parts in columns.paths.items() if parts[0] == "props" and len(parts) == 2}
    for column, table in tables.items():
        key = property_key(column)
        if key not in given:
            guess = closest(key, list(given))
            problems.append(Problem(*table.at, f"lookups.{column}", f"no column '{column}' in {display}"
                                    + (f"; did you mean '{given[guess].split(chr(39))[1]}'?" if guess else ""),
                                    "a column of the deck's spreadsheet whose cells are keys of the table"))
            continue
        properties[key] = PropertySpec(type="object", fields=table.fields)
        by_key[key] = table
    if problems:
        raise DataError(problems)
    return by_key
