"""A spreadsheet file's rows, for whatever reads them (a deck's cards, spreadsheet.py; a lookup
table, lookups.py): where the file is, its rows as the spreadsheet numbers them, and the rows
longer or shorter than the header. CSV is read with the standard library (csv_rows.py), XLSX
with openpyxl (xlsx_rows.py)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from datafile.errors import DataError, Problem, closest

from .columns import is_blank as _blank
from .csv_rows import csv_rows as _csv_rows
from .xlsx_rows import xlsx_rows as _xlsx_rows
from ..model.model import MAX_CARDS

SUFFIXES = (".csv", ".xlsx")


def sheet_path(deck_dir: Path, source: str) -> tuple[Path, str | None]:
    """`towers.csv` or `game.xlsx#Towers` -> (file inside the game folder, sheet name)."""
    name, _, sheet = source.partition("#")
    return deck_dir / name, sheet or None


def not_found(written: str, folder: Path, deck_file: str) -> tuple[str, str]:
    """(message, expected) for a spreadsheet the deck names as `written` (`data/heroes.csv#Sheet1`)
    that is not in `folder`: the name as written, and the file of that name beside the deck when
    there is one (Squib keeps its data in data/, pnp beside the deck file)."""
    name = written.partition("#")[0]
    if re.match(r"\s*[a-z]+://", written, re.I):   # Squib's data from a Google Sheets link
        url = written.strip()
        return (f"'{url[:40]}{'…' if len(url) > 40 else ''}' is a web address: pnp reads files beside the deck, "
                f"not URLs",
                f"the sheet downloaded as CSV or XLSX (File > Download) and saved beside {deck_file}, "
                f"named in cards_from:")
    found = sorted(p.name for p in folder.iterdir() if p.suffix.lower() in SUFFIXES)
    base = Path(name).name
    guess = base if base in found else closest(base, found)
    return (f"file '{name}' not found" + (f"; did you mean '{guess}'?" if guess and guess != name else ""),
            f"a .csv or .xlsx beside {deck_file} ({', '.join(found) or 'there is none'})")


def csv_sheet(written: str, tab: str | None) -> tuple[str, str] | None:
    """(message, expected) when a CSV file is named with a workbook's sheet (`heroes.csv#1`), which
    would be read as the file's one sheet without a word."""
    name = written.partition("#")[0]
    if tab is None or not name.lower().endswith(".csv"):
        return None
    return (f"'{written}': a CSV file has one sheet, and #{tab} names a sheet of a workbook (.xlsx)",
            f"{name} alone, or the workbook with its sheet")


def read_rows(path: Path, display: str, sheet: str | None = None,
              within: tuple[Path, ...] | None = None) -> list[tuple[int, list[Any]]]:
    """(row number, cells) for every row, the header first; DataError if unreadable. The file
    is read only from `within` (locate.search_path), as every file of a project."""
    if path.suffix.lower() not in SUFFIXES:
        raise DataError([Problem(display, 0, "cards_from", f"cannot read '{path.name}' as a spreadsheet",
                                 "a .csv or .xlsx file")])
    if not path.is_file():
        found = sorted(p.name for p in path.parent.glob("*") if p.suffix.lower() in SUFFIXES)
        guess = closest(path.name, found)
        raise DataError([Problem(display, 0, "cards_from", "file not found" + (f"; did you mean '{guess}'?"
                                                                               if guess else ""),
                                 f"a spreadsheet beside the deck file ({', '.join(found) or 'none there'})")])
    rows = _csv_rows(path, display, within) if path.suffix.lower() == ".csv" \
        else _xlsx_rows(path, display, sheet, within)
    if len(rows) > MAX_CARDS + 1:   # read no further: the header and a deck's entries
        raise DataError([Problem(display, MAX_CARDS + 2, "", f"more than {MAX_CARDS} card rows",
                                 f"at most {MAX_CARDS} cards in a deck (split them into several decks)")])
    return rows


def ragged_rows(rows: list[tuple[int, list[Any]]], display: str, csv_file: bool) -> list[Problem]:
    """Rows with a filled cell beyond the header's last column, or (CSV) fewer cells than it:
    one line each, naming the row and both counts."""
    header = rows[0][1]
    width = max((i + 1 for i, cell in enumerate(header) if not _blank(cell)), default=0)
    # a CSV row with more cells than the header, its extra ones empty: a comma outside quotes
    # shifted the row into its empty last column; unless every row is that long (a tool's
    # trailing separators), when nothing shifted
    lengths = {len(cells) for _, cells in rows[1:]}
    trailing = len(rows) > 2 and len(lengths) == 1
    problems = []
    for number, cells in rows[1:]:
        filled = max((i + 1 for i, cell in enumerate(cells) if not _blank(cell)), default=0)
        longer = csv_file and not trailing and len(cells) > max(len(header), width)
        if filled > width or longer or (csv_file and len(cells) < width):
            count = filled if filled > width else len(cells)
            problems.append(Problem(display, number, "", f"{count} cells in this row, {width} columns in the header",
                                    "one cell per column (a quote or a separator inside a cell: put the whole "
                                    "cell in double quotes)"))
    return problems
