"""player-aid.pdf: a one-page reference (A4 or Letter) in two columns — setup, the turn, every
action, the end, the scoring, and the icon legend — set at the largest size that fits."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from datafile.errors import BuildError

from ...data.aids import Section, legend, sections
from ...data.catalog import GameData, Project
from ...data.i18n import Translator
from ...data.model import Size
from ...paper.face import FaceRenderer
from ...paper.imposition import new_canvas
from ...typeset.fonts import FontBook
from ...typeset.icons import build_icon_font
from ...typeset.kinsoku import KinsokuParagraph
from ...typeset.text import TextBox, check_glyphs, style_for, to_markup
from .shared import _aid, _context, _warn_missing

MARGIN = 12.0        # mm
HEADER = 22.0        # mm
GAP = 7.0            # mm between columns
COLUMNS = 2
BASE_SIZE, MIN_SIZE, STEP = 10.0, 6.0, 0.25


def aid_reference_pages(project: Project, game: GameData, options) -> int:
    return 1


def write_aid_reference(project: Project, game: GameData, lang: str, path: Path, options,
                        progress: Callable[[int], None] = lambda n: None) -> int:

    aid = _aid(project, game, lang)
    parts = sections(project, game, aid)
    entries = legend(project, game, lang)
    fonts = FontBook(project.root, project.fonts)
    typo = fonts.typography(lang)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    labels = Translator(project.root, lang, options.allow_missing)
    paper = project.sheets.papers[options.paper]
    layout = project.layouts["aids/reference"]
    ctx = _context(project, game, lang, layout, labels, {})
    canvas = new_canvas(path, options, project, f"{game.game.name.get(lang)} — {labels('Player aid')}", lang, fonts)

    # header: a layout drawn like a card face, as wide as the text block
    width = paper.width - 2 * MARGIN
    renderer = FaceRenderer(fonts, lang, icons)
    canvas.saveState()
    canvas.translate(MARGIN * mm, (paper.height - MARGIN - HEADER) * mm)
    renderer.draw(canvas, layout, Size(width=width, height=HEADER, radius=0), ctx, 0, "player aid (header)")
    canvas.restoreState()
    legend_heading = labels("Icon legend")
    accent = ctx["aid"]["accent"]

    column = (width - (COLUMNS - 1) * GAP) / COLUMNS * mm
    height = (paper.height - 2 * MARGIN - HEADER - 5) * mm
    flow = _Flow(fonts, typo, icons, lang, accent)
    size = BASE_SIZE
    while size >= MIN_SIZE - 1e-6:
        blocks = flow.blocks(parts, entries, legend_heading, size, column)
        placed = _pack(blocks, column, height)
        if placed is not None:
            break
        size -= STEP
    else:
        raise BuildError(f"player aid {game.id}/{lang}: the reference does not fit on one "
                         f"{options.paper} page even at {MIN_SIZE} pt; shorten cards/{game.id}/aid/{lang}.yaml")
    top = (paper.height - MARGIN - HEADER - 5) * mm
    for col, y, flowable, h in placed:
        x = MARGIN * mm + col * (column + GAP * mm)
        flowable.drawOn(canvas, x, top - y - h)
    if COLUMNS > 1:
        canvas.setStrokeColor(accent)
        canvas.setLineWidth(0.3)
        for c in range(1, COLUMNS):
            x = MARGIN * mm + c * column + (c - 0.5) * GAP * mm
            canvas.line(x, top, x, MARGIN * mm)
    canvas.showPage()
    canvas.save()
    progress(1)
    _warn_missing(labels, game, lang, "player-aid.pdf")
    return 1


class _Flow:
    """Paragraph flowables for the reference at one body size (headings, bullets, legend)."""

    def __init__(self, fonts, typo, icons, lang, accent):
        self.fonts, self.typo, self.icons, self.lang, self.accent = fonts, typo, icons, lang, accent

    def _para(self, source: str, size: float, width: float, bold=False, color="#2b2118", bullet=False,
              align="left", space_before=0.0):
        family = self.typo.roles["title" if bold else "body"]
        face = self.fonts.face(family, bold)
        faces = [face] + ([self.fonts.face(family, True)] if "**" in source else [])
        missing = check_glyphs(source + ("•" if bullet else ""), faces)
        if missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            raise BuildError(f"font {face.name} has no glyph for {shown} (in: {source[:60]}…)")
        box = TextBox(width, 10000, size, size, 1.22, align, color)
        style = style_for(face, self.typo, box, size)
        style.spaceBefore = space_before
        if bullet:
            style.leftIndent = size * 0.95
            style.bulletIndent = size * 0.1
            style.bulletFontName = face.name
            style.bulletFontSize = size
            style.bulletColor = self.accent
        cls = KinsokuParagraph if self.typo.cjk else Paragraph
        return cls(to_markup(source, self.lang, self.icons), style, bulletText="•" if bullet else None)

    def blocks(self, parts: list[Section], entries, legend_heading: str, size: float, width: float):
        """Groups that must stay together: a heading with its intro and first bullet, then each bullet."""
        out = []
        for s in parts:
            head = [self._para(s.heading, size * 1.25, width, bold=True, color=self.accent)]
            if s.intro:
                head.append(self._para(s.intro, size, width, space_before=size * 0.15))
            rest = [self._para(t, size, width, bullet=True, space_before=size * 0.2) for t in s.items]
            out.append(("section", head + rest[:1]))
            out.extend(("item", [p]) for p in rest[1:])
        if entries:
            head = self._para(legend_heading, size * 1.25, width, bold=True, color=self.accent)
            cells = [self._para(f":{n}: {label}", size, width / 2 - 4) for n, label in entries]
            rows = [cells[i:i + 2] + [Spacer(1, 1)] * (2 - len(cells[i:i + 2])) for i in range(0, len(cells), 2)]
            table = Table(rows, colWidths=[width / 2] * 2, hAlign="LEFT")
            body = self.fonts.face(self.typo.roles["body"]).name  # else the table sets Helvetica
            table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), body, size), ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                                       ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                                       ("VALIGN", (0, 0), (-1, -1), "TOP")]))
            out.append(("section", [head, table]))
        return [(kind, items, size) for kind, items in out]


def _pack(blocks, width: float, height: float):
    """Place blocks top-down in COLUMNS columns; None if they do not fit."""
    placed, col, y = [], 0, 0.0
    for kind, items, size in blocks:
        sized = [(f, f.getSpaceBefore(), f.wrap(width, height)[1]) for f in items]

        def total(at_top: bool) -> float:
            gap = 0.0 if at_top else (size * 0.8 if kind == "section" else 0.0)
            return gap + sum(sb + h for _f, sb, h in sized) - (sized[0][1] if at_top else 0.0)

        if y + total(y == 0) > height:
            col, y = col + 1, 0.0
            if col >= COLUMNS or total(True) > height:
                return None
        at_top = y == 0
        y += 0.0 if at_top else (size * 0.8 if kind == "section" else 0.0)
        for i, (f, sb, h) in enumerate(sized):
            y += 0.0 if (at_top and i == 0) else sb
            placed.append((col, y, f, h))
            y += h
    return placed
