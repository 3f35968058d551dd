"""Imposition: drawn faces (PDF form XObjects) placed on sheets, each fronts page followed by
its mirrored backs page, with crop marks and page boxes; and the deterministic canvas every
sheet product draws on."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..data.catalog import Project
from ..typeset.fonts import FontBook
from .sheets import Duplex, Grid, draw_cut_guides, place

Progress = Callable[[int], None]


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    bleed: float = 3.0
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    allow_missing: bool = False


def new_canvas(path: Path, options: SheetOptions, project: Project, title: str, lang: str,
               fonts: FontBook) -> Canvas:
    """A deterministic canvas (ReportLab invariant mode) whose default font is embedded too."""
    paper = project.sheets.papers[options.paper]
    initial = fonts.face(fonts.typography(lang).roles["body"]).name
    canvas = Canvas(str(path), pagesize=(paper.width * mm, paper.height * mm), invariant=1,
                    pageCompression=1, lang=lang, initialFontName=initial)
    canvas.setTitle(title)
    canvas.setCreator("pnp-studio")
    canvas.setAuthor("pnp-studio")
    canvas.setSubject(f"language: {lang}")
    return canvas


def impose(canvas: Canvas, grid: Grid, physical: list[str], back_form: str | None,
           options: SheetOptions, progress: Progress = lambda n: None) -> int:
    """Place drawn faces (form names, one per physical piece) on sheets, each fronts page
    followed by its mirrored backs page when there is a back; return the page count."""
    pages = 0
    dx, dy = options.back_offset
    for start in range(0, len(physical), grid.per_page):
        chunk = physical[start:start + grid.per_page]
        for index, form in enumerate(chunk):
            place(canvas, grid, form, *grid.slot(index))
        _finish_page(canvas, grid, len(chunk))
        pages += 1
        progress(1)
        if back_form:
            for index in range(len(chunk)):
                place(canvas, grid, back_form, *grid.slot(index, back=True, duplex=options.duplex), dx, dy)
            _finish_page(canvas, grid, len(chunk), dx, dy, circles=False)
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
                 circles: bool = True) -> None:
    draw_cut_guides(canvas, grid, used, dx, dy, circles)
    canvas.setTrimBox(grid.trim_box(dx, dy))
    canvas.setBleedBox(grid.bleed_box(dx, dy))
    canvas.showPage()
