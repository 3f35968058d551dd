"""pdfplumber for the tests, with each page's parsed objects kept for the test run.

Many tests read the same PDFs of the session's builds (chars, rects, lines), and pdfminer's
parse is most of their time. `open_pdf` is `pdfplumber.open`, except that a page parsed once in
the run is loaded back from a pickle in the run's shared folder (all xdist workers see it)
instead of being parsed again. The key is the file's path, size, mtime and inode, so a PDF a
test writes again is parsed again. Each test gets its own copy of the objects: a test that
changes them changes nothing for the next.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import pdfplumber
import pdfplumber.page

CACHE: Path | None = None     # set for the run by tests/conftest.py (None: no cache, plain pdfplumber)


def file_key(path: Path) -> str:
    """The file as it is now: its path, size, mtime and inode (a PDF written again is another)."""
    stat = path.stat()
    return hashlib.sha1(f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{stat.st_ino}".encode()).hexdigest()


@contextmanager
def open_pdf(path: Path | str) -> Iterator[pdfplumber.PDF]:
    path = Path(path)
    doc = pdfplumber.open(path)
    try:
        if CACHE is not None:
            key = file_key(path)
            for page in doc.pages:
                page.parse_objects = _kept_or_parsed(page, CACHE / f"{key}-{page.page_number}.pickle")
        yield doc
    finally:
        doc.close()


def _kept_or_parsed(page: pdfplumber.page.Page, kept: Path) -> Callable[[], dict]:
    """The page's parse, done only when a test reads the page (pdfplumber's `objects` calls it
    once): loaded back if the run has it, else parsed and kept for the next reader. A test that
    reads one page of a long PDF loads that page only."""
    def parse_objects() -> dict:
        if kept.exists():
            return pickle.loads(kept.read_bytes())
        objects = pdfplumber.page.Page.parse_objects(page)
        _keep(kept, objects)              # before the test can change them
        return objects
    return parse_objects


def _keep(file: Path, objects) -> None:
    """Written whole or not at all (another worker may read it at the same moment)."""
    try:
        data = pickle.dumps(objects, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an object pickle cannot hold: that page is parsed each time
        return
    handle, temporary = tempfile.mkstemp(dir=file.parent, suffix=".part")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.replace(temporary, file)


def page_texts(path: Path | str) -> list[str]:
    """pdfplumber's extract_text() of each page ('' for a page without text), made once per file
    in the run: several tests read the same rules.pdf or cards.pdf as text, and the layout
    analysis behind extract_text costs more than the parse open_pdf keeps."""
    path = Path(path)
    kept = CACHE / f"{file_key(path)}-text.pickle" if CACHE is not None else None
    if kept is not None and kept.exists():
        return list(pickle.loads(kept.read_bytes()))
    with open_pdf(path) as doc:
        texts = [page.extract_text() or "" for page in doc.pages]
    if kept is not None:
        _keep(kept, tuple(texts))
    return texts


def poppler_text(path: Path | str, layout: bool = False) -> str:
    """pdftotext's text of the file, made once per file version in the run: the print tests read
    each PDF of the session's build as text in several files (leaks, typography, names, notation)."""
    path = Path(path)
    kept = CACHE / f"{file_key(path)}-pdftotext{'-layout' if layout else ''}.pickle" if CACHE is not None else None
    if kept is not None and kept.exists():
        return pickle.loads(kept.read_bytes())
    args = ["pdftotext", "-enc", "UTF-8"] + (["-layout"] if layout else []) + [str(path), "-"]
    text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    if kept is not None:
        _keep(kept, text)
    return text
