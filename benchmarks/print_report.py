"""Print-readiness figures of a build: pages per PDF, slot use of card sheets, and the smallest
glyph per product and language (with the share of glyphs under the 6.5 pt legibility floor).

    python benchmarks/print_report.py [OUTPUT_DIR]     # default: output/
"""
from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

import pdfplumber
from pypdf import PdfReader

FLOOR = 6.5


def placements(page) -> list[str]:
    """Names of the form XObjects drawn on a page (one per placed card face)."""
    content = page.get_contents()
    data = content.get_data() if content is not None else b""
    return [m.decode() for m in re.findall(rb"/(FormXob\.\S+) Do", data)]


def glyph_sizes(path: Path) -> list[float]:
    with pdfplumber.open(path) as pdf:
        return [round(c["size"], 2) for p in pdf.pages for c in p.chars if c["text"].strip()]


def main(out: Path) -> None:
    rows = defaultdict(dict)
    for pdf in sorted(out.glob("*/*/*.pdf")):
        game, lang, name = pdf.parts[-3], pdf.parts[-2], pdf.stem
        sizes = glyph_sizes(pdf)
        reader = PdfReader(pdf)
        pages = len(reader.pages)
        extra = ""
        if name == "cards":
            faces = [placements(p) for p in reader.pages]
            fronts = [f for f in faces if f and not all(n.endswith(".back") for n in f)]
            placed = sum(len(f) for f in fronts)
            extra = f"  front pages {len(fronts)}, slot use {placed}/{len(fronts) * 9} = {100 * placed / (len(fronts) * 9):.0f} %*"
        small = sum(s < FLOOR for s in sizes)
        rows[(game, name)][lang] = (pages, min(sizes) if sizes else 0, 100 * small / max(1, len(sizes)), extra)
    for (game, name), langs in sorted(rows.items()):
        for lang, (pages, smallest, share, extra) in sorted(langs.items()):
            print(f"{game:<14} {name:<16} {lang}  {pages:>3} pages  smallest {smallest:>5.2f} pt  "
                  f"below {FLOOR} pt {share:5.1f} %{extra}")
    print("* slot use counts 9 slots per fronts page (3x3 poker cards on A4/Letter; smaller pieces fit more)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("output"))
