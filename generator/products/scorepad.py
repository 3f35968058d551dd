"""score-pad.pdf: a printable score sheet per game and language — the calculator's categories
(scoring/) as rows, one column per player, a totals row. One A4/Letter page holding as many
pads as stay legible (boxes a pen fits in, labels ≥ 7 pt), with cut lines between them."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle

from datafile.errors import BuildError
from scoring.api import GAMES, categories, facts_from_game

from ..data.project import GameData, Project
from ..data.i18n import Translator
from ..paper.imposition import SheetOptions, new_canvas
from ..typeset.fonts import FontBook, missing_glyphs
from ..typeset.kinsoku import KinsokuParagraph
from ..typeset.text import typeset

MARGIN = 10 * mm


def pad_categories(game: GameData):
    """The rows of the pad: the calculator's own categories (none known: totals only)."""
    if game.id not in GAMES:
        return []
    return categories(game.id, **facts_from_game(game))


def count_pad_pages(project: Project, game: GameData, options: SheetOptions) -> int:
    return 1


# Legibility limits for a pad that is written on by hand: boxes a pen fits in, labels ≥ 7 pt.
MIN_ROW = 7 * mm
MIN_CELL = 15 * mm
MIN_LABEL = 38 * mm
GUTTER = 10 * mm          # between pads: the cut line runs in its middle
LABEL_SIZES = (10, 9.5, 9, 8.5, 8, 7.5, 7)
# (landscape, columns, rows) of pads on a sheet, the most pads first
ARRANGEMENTS = ((False, 2, 2), (True, 3, 1), (True, 2, 1), (False, 1, 2), (False, 1, 1))


@dataclass
class _Pad:
    """What one pad shows, measured once; `draw` puts it in a w x h box."""
    title: str
    note: str
    date: str
    rows: list[str]
    players: int
    styles: dict
    body: str
    para: type = Paragraph     # KinsokuParagraph for Japanese

    def header(self, width: float) -> list[tuple[Paragraph, float]]:
        return [(self.para(escape(self.title), self.styles["title"]), 1.5 * mm),
                (self.para(escape(self.note), self.styles["note"]), 1.5 * mm),
                (self.para(escape(self.date), self.styles["label"]), 2 * mm)]

    def header_height(self, width: float) -> float:
        return sum(p.wrap(width, 1000)[1] + gap for p, gap in self.header(width))

    def label_width(self, width: float) -> float:
        return max(MIN_LABEL, min(62 * mm, width - self.players * 20 * mm))   # roomy boxes first

    def fits(self, width: float, height: float) -> bool:
        label = self.label_width(width)
        cell = (width - label) / self.players
        row = (height - self.header_height(width)) / (len(self.rows) + 2.1)
        return cell >= MIN_CELL and row >= MIN_ROW and self.label_size(label, row) is not None

    def label_size(self, label: float, row: float) -> float | None:
        """The largest label size at which every row label fits its box (at most 2 lines)."""
        for size in LABEL_SIZES:
            style = ParagraphStyle("l", parent=self.styles["label"], fontSize=size, leading=size * 1.15)
            if all(self.para(escape(r), style).wrap(label - 4 * mm, 1000)[1] <= min(row - 2, size * 2.4)
                   for r in self.rows + [self.styles["player"], self.styles["total"]]):
                return size
        return None

    def draw(self, canvas, x: float, y: float, width: float, height: float) -> None:
        top = y + height
        for paragraph, gap in self.header(width):
            _w, h = paragraph.wrap(width, height)
            paragraph.drawOn(canvas, x, top - h)
            top -= h + gap
        label = self.label_width(width)
        cell = (width - label) / self.players
        row = (top - y) / (len(self.rows) + 2.1)     # the header row is 1.1 rows high
        row = min(row, 12 * mm)
        size = self.label_size(label, row)
        style = ParagraphStyle("pad-row", parent=self.styles["label"], fontSize=size, leading=size * 1.15)
        bold = ParagraphStyle("pad-bold", parent=style, fontName=self.styles["bold"])
        data = [[self.para(escape(self.styles["player"]), bold)] + [""] * self.players]
        data += [[self.para(escape(r), style)] + [""] * self.players for r in self.rows]
        data += [[self.para(escape(self.styles["total"]), bold)] + [""] * self.players]
        table = Table(data, colWidths=[label] + [cell] * self.players,
                      rowHeights=[row * 1.1] + [row] * (len(data) - 1))
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), self.body, size),   # empty cells too: no unembedded Helvetica
            ("GRID", (0, 0), (-1, -1), 0.6, colors.HexColor("#444444")),
            ("BOX", (0, 0), (-1, -1), 1.4, colors.black),
            ("LINEABOVE", (0, -1), (-1, -1), 1.4, colors.black),
            ("LINEBELOW", (0, 0), (-1, 0), 1.4, colors.black),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#EEE6D6")),
            ("BACKGROUND", (0, -1), (-1, -1), colors.HexColor("#EEE6D6")),
            ("ROWBACKGROUNDS", (0, 1), (-1, -2), [colors.white, colors.HexColor("#F7F4EE")]),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 2 * mm),
            ("TOPPADDING", (0, 0), (-1, -1), 0.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ]))
        _w, h = table.wrap(width, top - y)
        table.drawOn(canvas, x, top - h)


def arrange(pad: _Pad, page: tuple[float, float]) -> tuple[tuple[float, float], int, int]:
    """The page size and grid that hold the most legible pads (MIN_ROW, MIN_CELL, labels ≥ 7 pt)."""
    short, long = sorted(page)
    for landscape, cols, rows in ARRANGEMENTS:
        width, height = (long, short) if landscape else (short, long)
        w = (width - 2 * MARGIN - (cols - 1) * GUTTER) / cols
        h = (height - 2 * MARGIN - (rows - 1) * GUTTER) / rows
        if pad.fits(w, h):
            return (width, height), cols, rows
    return (short, long), 1, 1


def _cut_lines(canvas, size, cols: int, rows: int) -> None:
    canvas.saveState()
    canvas.setStrokeColor(colors.HexColor("#888888"))
    canvas.setLineWidth(0.4)
    canvas.setDash(3, 3)
    width, height = size
    for c in range(1, cols):
        x = MARGIN + c * (width - 2 * MARGIN + GUTTER) / cols - GUTTER / 2
        canvas.line(x, 4 * mm, x, height - 4 * mm)
    for r in range(1, rows):
        y = MARGIN + r * (height - 2 * MARGIN + GUTTER) / rows - GUTTER / 2
        canvas.line(4 * mm, y, width - 4 * mm, y)
    canvas.restoreState()


def write_scorepad(project: Project, game: GameData, lang: str, path: Path, options: SheetOptions,
                   progress: Callable[[int], None] = lambda n: None) -> int:
    fonts = FontBook(project.root, project.fonts)
    typo = fonts.typography(lang)
    _ = Translator(project.root, lang, options.allow_missing)
    name = game.game.name.get(lang)
    title = typeset(_("{game} — {title}", game=name, title=_("Score pad")), lang)
    canvas = new_canvas(path, options, project, title, lang, fonts)
    body = fonts.face(typo.roles["body"])
    bold_face = fonts.face(typo.roles["body"], bold=True)
    head = fonts.face(typo.roles["title"], bold=True)
    wrap = "CJK" if typo.cjk else None
    label = ParagraphStyle("pad", fontName=body.name, fontSize=9, leading=11, wordWrap=wrap)
    styles = {"label": label,
              "title": ParagraphStyle("pad-title", fontName=head.name, fontSize=14, leading=17, wordWrap=wrap),
              "note": ParagraphStyle("pad-note", parent=label, fontSize=7.5, leading=9),
              "bold": bold_face.name,
              "player": typeset(_("Player"), lang), "total": typeset(_("Total"), lang)}

    rows = [typeset(c.title(_, lang), lang) for c in pad_categories(game)]
    note = typeset(_("Write each player's name at the top of a column, the points of each row in its box, "
                     "then add them up."), lang)
    date = typeset(_("Date") + {"fr": "\u00a0: ", "ja": "："}.get(lang, ": "), lang) + "______________"
    texts = [title, styles["player"], styles["total"], date, note, *rows]
    for text in texts:
        for face in (body, head):
            lost = missing_glyphs(text, face)
            if lost:
                raise BuildError(f"{game.id}/{lang} score pad: the font {face.name} has no glyph for "
                                 f"{', '.join(lost)} in '{text}'")
    pad = _Pad(title, note, date, rows, game.game.players.max, styles, body.name,
               KinsokuParagraph if typo.cjk else Paragraph)
    size, cols, nrows = arrange(pad, canvas._pagesize)
    canvas.setPageSize(size)
    width, height = size
    w = (width - 2 * MARGIN - (cols - 1) * GUTTER) / cols
    h = (height - 2 * MARGIN - (nrows - 1) * GUTTER) / nrows
    if not pad.fits(w, h):
        raise BuildError(f"{game.id}/{lang} score pad: {len(rows)} rows for {pad.players} players do not fit "
                         f"legibly on one page")
    for r in range(nrows):
        for c in range(cols):
            pad.draw(canvas, MARGIN + c * (w + GUTTER), height - MARGIN - (r + 1) * h - r * GUTTER, w, h)
    _cut_lines(canvas, size, cols, nrows)
    canvas.showPage()
    canvas.save()
    progress(1)
    return 1
