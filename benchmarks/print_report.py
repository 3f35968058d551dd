"""Print-readiness figures of a build, per game, product and language: pages, blank pages, the
smallest glyph set on a card (inside the cut, not the sheet labels), the cut lines with two
colours within 1 mm of the cut (the test's sampler, tests/print/sheet_geometry.py), slot use,
and the ink coverage (mean share of non-white pixels at 100 dpi).

    python benchmarks/print_report.py [OUTPUT_DIR] [--compare OTHER_DIR] [--products cards,...]

With --compare, each row shows OTHER_DIR's figure, then this one's (before → after).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pdfplumber
from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.print.sheet_geometry import mixed_cut_lines, render, trims  # noqa: E402

WHITE = 250        # a channel below this is ink
DPI = 100


def ink_coverage(pdf: Path) -> tuple[float, int]:
    """(mean share of non-white pixels over the pages, pages with no ink at all)."""
    shares = []
    for image in render(pdf, DPI):
        gray = image.convert("L")
        histogram = gray.histogram()
        total = sum(histogram)
        shares.append(sum(histogram[:WHITE]) / total)
    return sum(shares) / max(1, len(shares)), sum(1 for s in shares if s < 1e-4)


def smallest_card_glyph(pdf: Path) -> float:
    """The smallest glyph inside the placed faces (the cards, not the labels in the margin)."""
    reader = PdfReader(pdf)
    smallest = 99.0
    with pdfplumber.open(pdf) as doc:
        for page, plumbed in zip(reader.pages, doc.pages):
            height = float(plumbed.height)
            boxes = [(t.x0, height - t.y1, t.x1, height - t.y0) for t in trims(reader, page)]
            for c in plumbed.chars:
                if c["text"].strip() and any(b[0] <= c["x0"] <= b[2] and b[1] <= c["top"] <= b[3] for b in boxes):
                    smallest = min(smallest, round(c["size"], 2))
    return smallest


def figures(pdf: Path, shapes) -> dict:
    reader = PdfReader(pdf)
    coverage, blank = ink_coverage(pdf)
    row = {"pages": len(reader.pages), "blank": blank, "ink": round(100 * coverage, 1)}
    if pdf.stem in ("cards", "player-aid-card"):
        faces, mixed = mixed_cut_lines(pdf, shapes)
        row["mixed cut lines"] = len({(m.page, m.edge) for m in mixed})
        row["smallest pt"] = smallest_card_glyph(pdf)
        row["faces"] = faces
    return row


def shapes_for(root: Path, game: str):
    try:
        from generator.loading.catalog import load_project
        from tests.print.sheet_geometry import shapes_of
        return shapes_of(load_project(root, [game]), game)
    except Exception:      # a game this checkout does not have: every face a rectangle
        return lambda form: "rect"


def report(out: Path, products: list[str] | None) -> dict:
    root = Path(__file__).resolve().parent.parent
    rows = {}
    for pdf in sorted(out.glob("*/*/*.pdf")):
        game, lang, name = pdf.parts[-3], pdf.parts[-2], pdf.stem
        if products and name not in products:
            continue
        rows[(game, name, lang)] = figures(pdf, shapes_for(root, game))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default="output", type=Path)
    parser.add_argument("--compare", type=Path)
    parser.add_argument("--products", default=None)
    args = parser.parse_args()
    products = args.products.split(",") if args.products else None
    after = report(args.out, products)
    before = report(args.compare, products) if args.compare else {}
    keys = ["pages", "blank", "smallest pt", "mixed cut lines", "ink"]
    print("| game | file | lang | " + " | ".join(keys) + " |")
    print("|---|---|---|" + "---|" * len(keys))
    for (game, name, lang), row in sorted(after.items()):
        old = before.get((game, name, lang), {})
        cells = [(f"{old[k]} → {row[k]}" if k in old else f"{row[k]}") if k in row else "" for k in keys]
        print(f"| {game} | {name}.pdf | {lang} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
