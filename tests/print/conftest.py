"""Text as a reader sees it, for the print tests (which read the session's `full_build`)."""
from __future__ import annotations

import html
import re
from pathlib import Path

from tests.pdfs import open_pdf, poppler_text


def pdf_text(pdf: Path, layout: bool = False) -> str:
    return poppler_text(pdf, layout)


def html_text(page: Path) -> str:
    """What a reader sees of a page: no scripts, styles or tags, entities decoded."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", page.read_text(encoding="utf-8"), flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def glyph_sizes(pdf: Path) -> list[float]:
    """Rendered size (pt) of every visible glyph, text matrix included (pdfplumber)."""
    with open_pdf(pdf) as doc:
        return [round(c["size"], 2) for page in doc.pages for c in page.chars if c["text"].strip()]
