"""How much ink a card back lays down, measured on a built cards PDF (issue 50, item 9).

Total ink is the print reviewer's naive figure: C + M + Y from the rendered RGB (C = 1 - R, ...),
in percent (a solid black is 300 %, white paper 0 %), averaged over the inked pixels of a face's
trim (any channel below WHITE: the white frame and bare paper are left out, as the reviewer did,
so a design cannot pass by leaving paper bare), and over the whole trim (what the sheet takes).
A back is every placed face whose form is a deck's back (`<game>.<deck>.back`, or
`<game>.<deck>.<card>.back` for a back per card: generator/products/cards.py).
Shared by tests/print/test_back_ink.py and benchmarks/back_ink.py."""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import numpy as np
from pypdf import PdfReader

from tests.print.sheet_geometry import render, trims

WHITE = 250        # a channel below this is ink
LIMIT = 120.0      # % C+M+Y on average over a default back (a light field, the deck's colour as a frame)
DPI = 50           # enough for a mean over a 63 x 88 mm face


def is_back(form: str) -> bool:
    return form.endswith(".back")     # card ids are slugs: no card's own form ends so


def total_ink(pixels: np.ndarray, inked_only: bool = True) -> float:
    """Mean C+M+Y (%) of an RGB array (0-255), over its inked pixels (or all of them)."""
    cmy = (255 - pixels.reshape(-1, 3).astype(np.float64)).sum(axis=-1) / 255 * 100
    if inked_only:
        cmy = cmy[pixels.reshape(-1, 3).min(axis=-1) < WHITE]
    return float(cmy.mean()) if cmy.size else 0.0


def back_ink(pdf: Path, dpi: int = DPI, inked_only: bool = True) -> dict[str, float]:
    """{back form (`game.deck[.card].back`): mean total ink % over its trim's inked pixels (or its
    whole trim), averaged over every place it is printed}."""
    reader = PdfReader(pdf)
    images = render(pdf, dpi)
    scale = dpi / 72
    seen: dict[str, list[float]] = defaultdict(list)
    for page, image in zip(reader.pages, images):
        faces = [t for t in trims(reader, page) if is_back(t.form)]
        if not faces:
            continue
        pixels = np.asarray(image)
        height = float(page.mediabox[3])
        for t in faces:
            # 0.5 mm inside the trim: what is left once the card is cut, whatever the cut's wander
            inset = 0.5 * 72 / 25.4
            left, right = round((t.x0 + inset) * scale), round((t.x1 - inset) * scale)
            top, bottom = round((height - t.y1 + inset) * scale), round((height - t.y0 - inset) * scale)
            seen[t.form].append(total_ink(pixels[top:bottom, left:right], inked_only))
    return {form: round(sum(v) / len(v), 1) for form, v in sorted(seen.items())}
