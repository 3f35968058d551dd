"""What a spreadsheet's header row means (spreadsheet.py reads the rows): each column a card
field, a quantity, a declared property (with or without `props.`) or a property of its own, as
a Squib or nanDECK spreadsheet names its columns."""
from __future__ import annotations

import difflib
import re
from typing import Any

from datafile.errors import DataError, Problem, closest

from ..model.language_codes import LANG
from ..model.model import PropertySpec
from .headers import property_key
from .language_columns import base_language, split

CARD_COLUMNS = ("id", "copies", "layout", "source", "name", "text")


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (as spreadsheets name columns)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


QUANTITY = ("copies", "qty", "quantity", "count")   # the column that says how many of a row to print
NO_QUANTITY = "none"   # a deck's `quantity: none`: no column is a quantity but `copies` (`Count` a property)


def _infer(cells: list[Any]) -> PropertySpec:
    """An undeclared column's type: whole numbers if every filled cell is one, else text."""
    filled = [c.strip() if isinstance(c, str) else c for c in cells if not is_blank(c)]
    whole = all((isinstance(c, (int, float)) and not isinstance(c, bool) and float(c).is_integer())
                or (isinstance(c, str) and re.fullmatch(r"-?\d{1,9}", c)) for c in filled)
    return PropertySpec(type="int" if filled and whole else "str")


def _typo(word: str, known: list[str]) -> str | None:
    """The known column a header is a slip of (`Tgas` for tags), stricter than a suggestion: a
    header like none of them is a property of its own (`Cost` is not `copies`)."""
    match = difflib.get_close_matches(word, known, n=1, cutoff=0.75)
    return match[0] if match else None


class Columns:
    """What each header means: (field path, column label) per column index. A header is a card
    field (`id`, `name`, `text.en`, case aside), a quantity (`qty`, `copies`, `quantity`, `count`
    or the deck's `quantity:`), a declared property with or without `props.`, or, when it is
    like none of these, a property of its own (text, or whole numbers when every cell is one)."""

    def __init__(self, rows: list[tuple[int, list[Any]]], properties: dict[str, PropertySpec], display: str,
                 languages: list[str] = (), quantity: str | None = None, name: str | None = None):
        header = rows[0][1]
        self.paths: dict[int, tuple[str, ...]] = {}
        self.labels: dict[int, str] = {}
        problems = []
        declared = dict(properties)
        by_key = {property_key(k): k for k in declared}
        asked = quantity.strip().lower() if quantity else None
        quantities = set() if asked == NO_QUANTITY else {*QUANTITY, *([asked] if asked else [])}
        # a Squib `Count` or `qty` read as copies though the deck never said so: a note says it (checks/quantity)
        self.taken_quantity: tuple[str, str] | None = None
        self.blank_copies: list[int] = []   # rows whose quantity cell is empty: 1 copy (Squib's: none)
        # a plain header like a known column (`Text1`, `Nmae`): a property of its own, as Squib reads
        # it; a note names the column it resembles if no layout reads it (checks/quantity.near_notes)
        self.near: list[tuple[str, str, str]] = []   # (label, its property key, the known column)
        own_name = name.strip().lower() if name else None   # the deck's `name_column:` (Squib's `Action`)
        known = [*CARD_COLUMNS, *quantities, *(f"{t}.{lang}" for t in ("name", "text") for lang in languages), *declared]
        seen: dict[str, int] = {}   # a header (case and spaces aside) -> its first column
        # the headers a translation's column may follow (`Text` for `Text.de`)
        stems = {"name", "text", *(property_key(k) for k in declared), *([property_key(own_name)] if own_name else []),
                 *(property_key(str(c)) for c in header if not is_blank(c))}
        translated: dict[int, tuple[str, ...]] = {}   # a translation's column -> the field it translates
        text_keys: dict[str, str] = {}   # undeclared properties given per language -> a column's label
        for index, cell in enumerate(header):
            if is_blank(cell):
                continue
            name = str(cell).strip()
            label = f"column {column_letter(index)} '{name}'"
            same = seen.setdefault(property_key(name) or name.lower(), index)
            if same != index:   # `Cost,Cost`: the second is no unknown column, it repeats the first
                problems.append(Problem(display, 1, "", f"{label} repeats column {column_letter(same)}",
                                        "each header once: rename or remove one of them"))
                continue
            language = split(name, stems, list(languages))
            if isinstance(language, str):
                problems.append(Problem(display, 1, label, language, "a column per language of game.yaml, "
                                        "written as the column's header, a dot and the language (Text.de)"))
                continue
            if language:
                base = self._translates(language[0], declared, by_key, own_name, display, label, problems, text_keys)
                if base is None:
                    continue
                translated[index] = base
                parts = base + (language[1],)
            else:
                parts = self._own_name(name, own_name) or self._meaning(name, declared, by_key, quantities)
            if parts is None and not name.lower().startswith("props.") \
                    and property_key(name) and property_key(name) not in properties:
                key = property_key(name)
                if _typo(name.lower(), known):
                    self.near.append((label, key, _typo(name.lower(), known)))
                properties[key] = _infer([cells[index] if index < len(cells) else None for _, cells in rows[1:]])
                properties[key]._column = (display, label)   # a layout's slip of it is said at this header
                parts = ("props", key)
            if parts is None:
                plain = name[6:] if name.lower().startswith("props.") else name
                guess = _typo(plain.lower(), known) or closest(plain.lower(), known)
                problems.append(Problem(display, 1, label, "unknown column" + (f"; did you mean '{guess}'?"
                                                                                 if guess else ""),
                                        "id, copies (or qty), name[.<lang>], text[.<lang>], layout, source or "
                                        "a property the deck declares, with or without props."))
                continue
            if parts in self.paths.values():
                problems.append(Problem(display, 1, label, "the same column twice", "each column once"))
                continue
            self.paths[index], self.labels[index] = parts, label
            if parts == ("copies",) and name.lower() not in ("copies", asked):
                self.taken_quantity = (label, property_key(name))
        self._plain_in_first_language(languages, translated, properties, text_keys, display, problems)
        if problems:
            raise DataError(problems)

    @staticmethod
    def _translates(stem: str, declared: dict[str, PropertySpec], by_key: dict[str, str], own: str | None,
                    display: str, label: str, problems: list[Problem], text_keys: dict[str, str]) -> tuple[str, ...] | None:
        """The field a translation's column gives (`Text.de`: text; `Flavor.de`: props.flavor)."""
        lower = stem.lower()
        if own is not None and lower == own:
            return ("name",)
        if lower in ("name", "text"):
            return (lower,)
        plain = stem[6:] if lower.startswith("props.") else stem
        key = plain if plain in declared else by_key.get(property_key(plain))
        if key is None:   # a property of its own, translated: a text
            text_keys.setdefault(property_key(plain), label)
            return ("props", property_key(plain))
        if declared[key].type != "text":
            problems.append(Problem(display, 1, label, f"property '{key}' is declared {declared[key].type}, which has "
                                    "one value for every language", f"type: text for '{key}', to give it per language"))
            return None
        return ("props", key)

    def _plain_in_first_language(self, languages, translated, properties, text_keys, display, problems) -> None:
        """A plain column beside its translations holds the game's first language without a column."""
        given: dict[tuple[str, ...], set[str]] = {}
        for index, base in translated.items():
            if index in self.paths:   # else refused already (the same column twice)
                given.setdefault(base, set()).add(self.paths[index][-1])
        for index, parts in list(self.paths.items()):
            if index in translated or parts not in given:
                continue
            lang = base_language(given[parts], list(languages))
            if lang is None:
                problems.append(Problem(display, 1, self.labels[index], "every language of the game has a column "
                                        "of its own beside this one", "one column per language: remove this one"))
            else:
                self.paths[index] = parts + (lang,)
        for key, label in text_keys.items():
            column = getattr(properties.get(key), "_column", None) or (display, label)
            properties[key] = PropertySpec(type="text")
            properties[key]._column = column

    @staticmethod
    def _own_name(header: str, own: str | None) -> tuple[str, ...] | None:
        """The deck's name column (`Action`, or `Action.de` per language), as `name` is."""
        head, dot, lang = header.lower().partition(".")
        if own is None or head != own:
            return None
        if not dot:
            return ("name",)
        return ("name", header.partition(".")[2]) if LANG.match(header.partition(".")[2]) else None

    @staticmethod
    def _meaning(name: str, declared: dict[str, PropertySpec], by_key: dict[str, str],
                 quantities: set[str]) -> tuple[str, ...] | None:
        """The field path a header names, or None."""
        lower = name.lower()
        if lower in quantities:
            return ("copies",)
        parts = tuple(name.split("."))
        head = parts[0].lower()
        if len(parts) == 1 and head in CARD_COLUMNS:
            return (head,)
        if len(parts) == 2 and head in ("name", "text") and LANG.match(parts[1]):
            return (head, parts[1])
        if head == "props":
            parts = parts[1:]
        if not parts:
            return None
        key = parts[0] if parts[0] in declared else by_key.get(property_key(parts[0]))
        if key is None:
            return None
        if len(parts) == 1:
            return ("props", key)
        if len(parts) == 2 and declared[key].type == "text" and LANG.match(parts[1]):
            return ("props", key, parts[1])
        return None

    def label_for(self, loc: tuple) -> str:
        """The column a validation error's field path (('props', 'rank'), ('name',)) points to:
        the column of that field (`props.tags` for ('props', 'tags', 0)), or of one of its languages
        (`name.en` for ('name',)); the field path itself when no column holds it (never another
        column that merely shares its `props.` start)."""
        for index, parts in sorted(self.paths.items(), key=lambda item: -len(item[1])):
            if tuple(loc[:len(parts)]) == parts or (len(loc) < len(parts) and parts[:len(loc)] == tuple(loc)):
                return self.labels[index]
        return ".".join(map(str, loc))

    def has(self, loc: tuple) -> bool:
        return self.label_for(loc).startswith("column ")


def cell_text(value: Any) -> str:
    """A cell as a `where:` value or a lookup key is compared with it: 4.0 from a spreadsheet is
    '4'; spaces around it do not count."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return "" if is_blank(value) else str(value).strip()


def rows_where(rows: list[tuple[int, list[Any]]], where: dict, display: str,
               at: tuple[str, int]) -> list[tuple[int, list[Any]]]:
    """The header and the rows whose cells hold one of the values a deck's `where:` names per
    column (`realm: Sea`, `realm: [Sea, Bay]`), as a nanDECK or Squib designer splits one sheet
    into decks; an unknown column, or a value no row holds, is one problem at `where:` (DataError)."""
    header = [cell_text(c) for c in rows[0][1]]
    plain = {h.lower().removeprefix("props."): i for i, h in enumerate(header) if h}
    kept = rows[1:]
    for column, wanted in where.items():
        index = plain.get(str(column).strip().lower().removeprefix("props."))
        if index is None:
            guess = closest(str(column).lower(), list(plain))
            raise DataError([Problem(*at, f"where.{column}", f"no column '{column}' in {display}"
                                     + (f"; did you mean '{header[plain[guess]]}'?" if guess else ""),
                                     f"one of its columns: {', '.join(h for h in header if h)[:200]}")])
        values = {cell_text(v) for v in (wanted if isinstance(wanted, list) else [wanted])}
        found = [(n, cells) for n, cells in kept if index < len(cells) and cell_text(cells[index]) in values]
        if not found:
            held = sorted({cell_text(cells[index]) for _, cells in kept if index < len(cells)} - {""})
            raise DataError([Problem(*at, f"where.{column}", f"no row of {display} has {column} "
                                     f"{' or '.join(map(repr, sorted(values)))}",
                                     f"a value its rows hold: {', '.join(held)[:200] or 'none'}")])
        kept = found
    return [rows[0], *kept]
