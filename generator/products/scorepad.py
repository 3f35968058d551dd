"""score-pad.pdf: a printable score sheet per game and language — the calculator's categories
(scoring/) as rows, one column per player, a totals row. One A4/Letter page."""
from __future__ import annotations

from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle

from datafile.errors import BuildError
from scoring.api import GAMES, categories, facts_from_game

from ..data.catalog import GameData, Project
from ..data.i18n import Translator
from ..paper.imposition import SheetOptions, new_canvas
from ..typeset.fonts import FontBook, missing_glyphs

MARGIN = 15 * mm


def pad_categories(game: GameData):
    """The rows of the pad: the calculator's own categories (none known: totals only)."""
    if game.id not in GAMES:
        return []
    return categories(game.id, **facts_from_game(game))


def count_pad_pages(project: Project, game: GameData, options: SheetOptions) -> int:
    return 1


def write_scorepad(project: Project, game: GameData, lang: str, path: Path, options: SheetOptions,
                   progress: Callable[[int], None] = lambda n: None) -> int:
    fonts = FontBook(project.root, project.fonts)
    typo = fonts.typography(lang)
    _ = Translator(project.root, lang, options.allow_missing)
    name = game.game.name.get(lang)
    title = f"{name} — {_('Score pad')}"
    canvas = new_canvas(path, options, project, title, lang, fonts)
    body = fonts.face(typo.roles["body"])
    fonts.face(typo.roles["body"], bold=True)
    head = fonts.face(typo.roles["title"], bold=True)
    wrap = "CJK" if typo.cjk else None
    style = ParagraphStyle("pad", fontName=body.name, fontSize=10.5, leading=13, wordWrap=wrap)
    bold = ParagraphStyle("pad-bold", parent=style, fontName=f"pnp-{typo.roles['body']}-bold")
    big = ParagraphStyle("pad-title", fontName=head.name, fontSize=20, leading=24, wordWrap=wrap)
    small = ParagraphStyle("pad-note", parent=style, fontSize=9, leading=11.5)

    rows = [c.title(_, lang) for c in pad_categories(game)]
    texts = [title, _("Player"), _("Total"), _("Date"),
             _("Write each player's name at the top of a column, the points of each row in its box, "
               "then add them up."), *rows]
    for text in texts:
        for face in (body, head):
            lost = missing_glyphs(text, face)
            if lost:
                raise BuildError(f"{game.id}/{lang} score pad: the font {face.name} has no glyph for "
                                 f"{', '.join(lost)} in '{text}'")

    width, height = canvas._pagesize
    players = game.game.players.max
    label_width = 62 * mm
    cell = (width - 2 * MARGIN - label_width) / players
    y = height - MARGIN
    for paragraph, gap in ((Paragraph(escape(title), big), 3 * mm),
                           (Paragraph(escape(texts[4]), small), 4 * mm),
                           (Paragraph(escape(_("Date")) + " : ______________" if lang == "fr" else
                                      escape(_("Date")) + (": " if lang != "ja" else "：") + "______________",
                                      style), 5 * mm)):
        _w, h = paragraph.wrap(width - 2 * MARGIN, height)
        paragraph.drawOn(canvas, MARGIN, y - h)
        y -= h + gap

    data = [[Paragraph(escape(_("Player")), bold)] + [""] * players]
    data += [[Paragraph(escape(row), style)] + [""] * players for row in rows]
    data += [[Paragraph(escape(_("Total")), bold)] + [""] * players]
    room = y - MARGIN
    row_height = min(14 * mm, room / (len(data) + 0.1))   # the header row is 1.1 rows high
    table = Table(data, colWidths=[label_width] + [cell] * players,
                  rowHeights=[row_height * 1.1] + [row_height] * (len(data) - 1))
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), body.name, 10.5),   # empty cells too: no unembedded Helvetica
        ("GRID", (0, 0), (-1, -1), 0.6, colors.HexColor("#444444")),
        ("BOX", (0, 0), (-1, -1), 1.4, colors.black),
        ("LINEABOVE", (0, -1), (-1, -1), 1.4, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 1.4, colors.black),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#EEE6D6")),
        ("BACKGROUND", (0, -1), (-1, -1), colors.HexColor("#EEE6D6")),
        ("ROWBACKGROUNDS", (0, 1), (-1, -2), [colors.white, colors.HexColor("#F7F4EE")]),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5 * mm),
    ]))
    _w, h = table.wrap(width - 2 * MARGIN, room)
    if h > room + 0.5:
        raise BuildError(f"{game.id}/{lang} score pad: {len(rows)} rows do not fit on one page")
    table.drawOn(canvas, MARGIN, y - h)
    canvas.showPage()
    canvas.save()
    progress(1)
    return 1
