"""Imposition: drawn faces (PDF form XObjects) placed on sheets, each fronts page followed by
its mirrored backs page, with crop marks and page boxes; and the deterministic canvas every
sheet product draws on."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..data.project import Project
from ..typeset.fonts import FontBook
from .canvas import CompactCanvas
from .sheets import Duplex, Grid, draw_cut_guides, place

Progress = Callable[[int], None]


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    bleed: float = 3.0
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    allow_missing: bool = False
    deck_per_sheet: bool = False      # start every deck on a new sheet (default: sheets filled across decks)


def new_canvas(path: Path, options: SheetOptions, project: Project, title: str, lang: str,
               fonts: FontBook) -> CompactCanvas:
    """A deterministic canvas (ReportLab invariant mode) whose default font is embedded too."""
    paper = project.sheets.papers[options.paper]
    initial = fonts.face(fonts.typography(lang).roles["body"]).name
    canvas = CompactCanvas(str(path), pagesize=(paper.width * mm, paper.height * mm), invariant=1,
                    pageCompression=1, lang=lang, initialFontName=initial)
    canvas.setTitle(title)
    canvas.setCreator("pnp-studio")
    canvas.setAuthor("pnp-studio")
    canvas.setSubject(f"language: {lang}")
    return canvas


Piece = tuple[str, str | None]   # (front form, back form or None): one physical card


def sheet_count(pieces: int, grid: Grid, options: SheetOptions) -> int:
    """Pages `impose` writes for this many pieces: a backs page after every fronts page in duplex."""
    fronts = -(-pieces // grid.per_page)
    return fronts * (1 if options.duplex == "none" else 2)


def impose(canvas: Canvas, grid: Grid, pieces: list[Piece], options: SheetOptions,
           progress: Progress = lambda n: None) -> int:
    """Place drawn faces on sheets; return the page count.

    In duplex every fronts page is followed by its backs page, even when no piece on it has a
    back (the page is then left blank): page 2k is always the backs of page 2k-1, slot for slot,
    mirrored for the flip edge, so a duplex print never shifts one deck onto another's backs.
    """
    pages = 0
    dx, dy = options.back_offset
    for start in range(0, len(pieces), grid.per_page):
        chunk = pieces[start:start + grid.per_page]
        for index, (front, _back) in enumerate(chunk):
            place(canvas, grid, front, *grid.slot(index))
        _finish_page(canvas, grid, len(chunk))
        pages += 1
        progress(1)
        if options.duplex == "none":
            continue
        backs = [(index, back) for index, (_front, back) in enumerate(chunk) if back]
        for index, back in backs:
            place(canvas, grid, back, *grid.slot(index, back=True, duplex=options.duplex), dx, dy)
        _finish_page(canvas, grid, len(chunk), dx, dy, circles=False, marks=bool(backs))
        pages += 1
        progress(1)
    return pages


def draw_form(canvas: Canvas, name: str, size, bleed: float, draw) -> None:
    """Draw one face once, as a form XObject covering the card and its bleed."""
    b = bleed * mm
    canvas.beginForm(name, -b, -b, size.width * mm + b, size.height * mm + b)
    draw(canvas)
    canvas.endForm()


def _finish_page(canvas: Canvas, grid: Grid, used: int, dx: float = 0, dy: float = 0,
                 circles: bool = True, marks: bool = True) -> None:
    if marks:
        draw_cut_guides(canvas, grid, used, dx, dy, circles)
    canvas.setTrimBox(grid.trim_box(dx, dy))
    canvas.setBleedBox(grid.bleed_box(dx, dy))
    canvas.showPage()
