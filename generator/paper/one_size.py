"""Pieces of one size and one kind, each with its back (the aid cards): packed and drawn as the
card sheets are (imposition.py), on the frame the caller chose."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from .imposition import Layout, Progress, draw_sheets, page_count
from .sheet_options import SheetOptions
from .packing import Piece, Sheet
from .sheets import Frame



def _as_pieces(frame: Frame, pieces: list[tuple[str, str | None]]) -> list[Piece]:
    # copies of one face look alike at their edges; different faces are assumed to differ
    return [Piece(front, back, frame.size, front, back) for front, back in pieces]


def _layout_of(frame: Frame, options: SheetOptions) -> Layout:
    return Layout(frame.sheets, replace(options, paper=frame.paper_name, fold="none"))


def sheet_count(pieces: int, frame: Frame, options: SheetOptions) -> int:
    """Pages `impose` writes for this many pieces of one face, each with a back."""
    back = "back" if options.duplex != "none" else None
    return page_count(_layout_of(frame, options).pack(_as_pieces(frame, [("front", back)] * pieces)))


def impose(canvas: Canvas, frame: Frame, pieces: list[tuple[str, str | None]], options: SheetOptions,
           progress: Progress = lambda n: None, labeller: Callable[[int, str, list[Sheet]], tuple[str, str]] | None = None,
           label_font: str | None = None) -> int:
    """Pack and draw (front, back) faces of one size; return the page count. `labeller(index,
    side, sheets)` gives each sheet's margin labels."""
    layout = _layout_of(frame, options)
    sheets = layout.pack(_as_pieces(frame, pieces))
    label = (lambda i, side, _sheet: labeller(i, side, sheets)) if labeller else None
    return draw_sheets(canvas, layout, sheets, label, label_font, progress=progress)
