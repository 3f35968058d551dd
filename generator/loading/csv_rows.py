"""A CSV file's rows, read as RFC 4180 says and as Excel, LibreOffice and Google Sheets write it
(a quote inside a quoted cell is doubled); only the separator varies with the locale (comma,
semicolon or tab). A quote these rules do not allow would print wrongly, so it is refused on one
line naming its row and column."""
from __future__ import annotations

import csv
import itertools
import re
from pathlib import Path
from typing import Any

from datafile.errors import DataError, Problem
from datafile.source import read_text

from .columns import column_letter, is_blank as _blank
from ..model.model import MAX_CARDS


def csv_rows(path: Path, display: str, within: tuple[Path, ...] | None) -> list[tuple[int, list[Any]]]:
    # the limits of every data file (size, UTF-8, a byte-order mark dropped, no control characters)
    text = read_text(path, display, "a CSV saved as UTF-8 (\"CSV UTF-8\" in Excel / LibreOffice)", within)
    # RFC 4180, as Excel, LibreOffice and Google Sheets write it (a quote inside a quoted cell is
    # doubled); only the separator varies with the locale
    delimiter = _delimiter(text)
    dialect = type("Dialect", (csv.excel,), {"delimiter": delimiter})
    rows = list(itertools.islice(enumerate(csv.reader(text.splitlines(), dialect), start=1), MAX_CARDS + 2))
    if '"' in text:
        _refuse_stray_quotes(text, delimiter, rows, display)
    return rows


_QUOTED = re.compile(r'"(?:[^"]|"")*"')


def _delimiter(text: str) -> str:
    """Comma, semicolon or tab: the one the header holds and most of the first rows hold as often
    (outside quoted cells); a comma when none does (a one-column sheet)."""
    lines = [_QUOTED.sub("", line) for line in text.splitlines()[:20] if line.strip()]
    if not lines:
        return ","

    def score(mark: str) -> tuple[int, int]:
        width = lines[0].count(mark)
        return (sum(line.count(mark) == width for line in lines), width) if width else (0, 0)
    best = max(",;\t", key=score)
    return best if score(best)[0] else ","


def _refuse_stray_quotes(text: str, delimiter: str, rows: list[tuple[int, list[Any]]], display: str) -> None:
    """A quote the CSV rules do not allow (not doubled inside a quoted cell, inside a cell that
    does not start with one, or never closed) would print wrongly: one line per row, naming its
    column. A row of the wrong width is left to ragged_rows, which says so."""
    header = rows[0][1] if rows else []
    widths = {number: len(cells) for number, cells in rows}
    unquoted = re.compile(f'[^"{re.escape(delimiter)}\n]*')
    body = "\n".join(text.splitlines())
    problems: list[Problem] = []
    pos, record, column = 0, 1, 0
    while pos < len(body) and record <= MAX_CARDS + 2:
        fault = ""
        if body[pos] == '"':
            match = _QUOTED.match(body, pos)
            if match is None:
                fault = "unclosed"
            else:
                pos = match.end()
                if pos < len(body) and body[pos] not in (delimiter, "\n"):
                    fault = "undoubled"
        else:
            pos = unquoted.match(body, pos).end()
            if pos < len(body) and body[pos] == '"':
                fault = "stray"
        if fault:
            if fault == "unclosed" or widths.get(record) == len(header):
                problems.append(_quote_problem(display, record, column, header, fault))
            if fault == "unclosed":
                break
            pos = body.find("\n", pos)   # the rest of the line is not trusted
            pos = len(body) if pos < 0 else pos
        if pos < len(body) and body[pos] == delimiter:
            column += 1
        elif pos < len(body):
            record, column = record + 1, 0
        pos += 1
    if problems:
        raise DataError(problems)


def _quote_problem(display: str, record: int, column: int, header: list[Any], fault: str) -> Problem:
    name = header[column] if record > 1 and column < len(header) else None
    label = f"column {column_letter(column)}" + (f" '{str(name).strip()[:40]}'" if not _blank(name) else "")
    message, fix = {
        "undoubled": ("a quote inside a quoted cell is not doubled",
                      'each quote inside a quoted cell written twice, as Excel saves it: "Say ""hi"" now."'),
        "stray": ("a quote inside a cell that does not start with one",
                  'the whole cell in double quotes, each quote inside it written twice: "5"" tall"'),
        "unclosed": ("a quoted cell is never closed", 'a closing " at the end of the cell'),
    }[fault]
    return Problem(display, record, label, message, fix)
