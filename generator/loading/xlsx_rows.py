"""An .xlsx workbook's rows, read with openpyxl (values, and each formula's saved result), after
the archive is bounded: each part's unzipped size, their number and sum, and no DTD (how an XML
part declares entities) before any parser sees it."""
from __future__ import annotations

import io
import itertools
import zipfile
from pathlib import Path
from typing import Any

from datafile.errors import DataError, Problem, closest
from datafile.source import read_bytes

from ..model.model import MAX_CARDS
from ..reading.locate import MAX_SHEET_BYTES

# an .xlsx is a zip: each part is bounded once unzipped, before openpyxl reads it (a shared-strings
# table of 1 GB zips to 1 MB), and so is their number and sum
MAX_PART_BYTES = 8_000_000
MAX_PARTS_BYTES = 32_000_000
MAX_PARTS = 1_000


class Unsaved(str):
    """A formula cell whose result was never saved (a file written by a script, not by Excel or
    LibreOffice, which store each formula's last result): its value is unknown, not empty."""


def _bounded_zip(data: bytes, display: str) -> None:
    """Refuse a workbook whose parts would unzip beyond MAX_PART_BYTES each (openpyxl reads the
    shared strings whole) or MAX_PARTS_BYTES in all. The sizes are the archive's own; zipfile
    never inflates a part beyond its stated size (a lie fails its CRC instead)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        return    # not a zip: openpyxl says so below
    big = max(parts, key=lambda p: p.file_size, default=None)
    if len(parts) > MAX_PARTS or sum(p.file_size for p in parts) > MAX_PARTS_BYTES \
            or (big is not None and big.file_size > MAX_PART_BYTES):
        shown = f"'{big.filename[:60]}' unzips to {big.file_size / 1e6:.0f} MB" if big else f"{len(parts)} parts"
        raise DataError([Problem(display, 0, "", f"a workbook too large once unzipped ({shown})",
                                 f"at most {MAX_PART_BYTES // 1_000_000} MB per part, {MAX_PARTS_BYTES // 1_000_000} MB "
                                 f"in all (a deck's cards take a few kB)")])
    # Excel and LibreOffice never write a DTD; one is how an XML part declares entities (an
    # external one that reads a file, or a "billion laughs" bomb): refused before any parser sees it
    for part in parts:
        try:
            content = archive.read(part) if part.filename.lower().endswith((".xml", ".rels")) else b""
        except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError):
            return    # a damaged part: openpyxl says so below
        if any(mark in content.upper() for mark in _DTD):
            raise DataError([Problem(display, 0, "", f"a workbook part with a DTD ('{part.filename[:60]}'), which "
                                     f"a spreadsheet program never writes", "an .xlsx file saved by Excel or LibreOffice")])


_DTD = [b"<!DOCTYPE", "<!DOCTYPE".encode("utf-16-le"), "<!DOCTYPE".encode("utf-16-be")]


def xlsx_rows(path: Path, display: str, sheet: str | None,
               within: tuple[Path, ...] | None) -> list[tuple[int, list[Any]]]:
    data = read_bytes(path, display, MAX_SHEET_BYTES, within, "an .xlsx file saved by Excel or LibreOffice")
    _bounded_zip(data, display)
    # formulas first: only a sheet that has some is read a second time, for their saved results
    rows = _xlsx_read(data, display, sheet, formulas=True)
    if not any(isinstance(cell, str) and cell.startswith("=") for _, cells in rows for cell in cells):
        return rows
    results = dict(_xlsx_read(data, display, sheet, formulas=False))
    merged = []
    for number, cells in rows:
        saved = results.get(number, [])
        merged.append((number, [(saved[i] if i < len(saved) and saved[i] is not None else Unsaved(cell))
                                if isinstance(cell, str) and cell.startswith("=") else cell
                                for i, cell in enumerate(cells)]))
    return merged


def _xlsx_read(data: bytes, display: str, sheet: str | None, formulas: bool) -> list[tuple[int, list[Any]]]:
    from openpyxl import load_workbook   # only decks that use XLSX pay for it

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=not formulas)
    except Exception:  # openpyxl raises several kinds for a damaged or foreign file
        raise DataError([Problem(display, 0, "", "cannot open as an Excel workbook (damaged, or another kind of file)",
                                 "an .xlsx file saved by Excel or LibreOffice")]) from None
    if sheet is not None and sheet.strip().isdigit() and sheet not in book.sheetnames \
            and int(sheet) < len(book.sheetnames):   # Squib's `sheet: 0`: counted from 0
        sheet = book.sheetnames[int(sheet)]
    try:
        if sheet is not None and sheet not in book.sheetnames:
            guess = closest(sheet, book.sheetnames) or next((n for n in book.sheetnames if n.strip().lower()
                                                             == sheet.strip().lower()), None)
            # field cards_from, no line: the deck file's `cards_from:` line is where it is fixed (games.py)
            counted = "; sheets are counted from 0, as Squib does" if sheet.strip().isdigit() else ""
            raise DataError([Problem(display, 0, "cards_from", f"{display} has no sheet '{sheet}'{counted}"
                                     + (f"; did you mean '{guess}'?" if guess else ""),
                                     "one of: " + ", ".join(f"{n} (#{i})" if counted else n
                                                            for i, n in enumerate(book.sheetnames)))])
        ws = book[sheet] if sheet else book.worksheets[0]
        rows = ws.iter_rows(values_only=True)   # a worksheet of a million rows is never read whole
        try:   # the sheet's XML is parsed here, lazily
            return [(number, list(row)) for number, row in itertools.islice(enumerate(rows, start=1), MAX_CARDS + 2)]
        except Exception:  # noqa: BLE001 - openpyxl and the XML parser raise several kinds for a damaged sheet
            raise DataError([Problem(display, 0, "", "cannot read the sheet (damaged, or not saved by a spreadsheet "
                                     "program)", "an .xlsx file saved by Excel or LibreOffice")]) from None
    finally:
        book.close()
